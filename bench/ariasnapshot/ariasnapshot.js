// Times Playwright's ariaSnapshot on a generated 2,000-control page that
// flow's BenchmarkObserve2000 (bench2000.html, the default) or
// BenchmarkObserveCards (cards2000.html) observes, and counts the controls
// it names.
//
//   node ariasnapshot.js [--page FILE] [--runs N] [--chromium PATH]
//
// It launches the same Chromium binary with the same switches as flow's
// surfaces/browser (FLAGS below is checked against browser.Flags by a Go
// test), loads the page from a file URL, and prints one JSON line:
//   {"tool":"ariaSnapshot","runs":N,"median_ms":…,"named":…,"page":…}
'use strict';
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

// The switches of browser.Flags(false) in surfaces/browser/browser.go.
const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--no-default-browser-check', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-extensions',
  '--disable-default-apps', '--disable-breakpad', '--disable-dev-shm-usage',
  '--disable-features=Translate,BackForwardCache,MediaRouter,OptimizationHints,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  '--disable-back-forward-cache', '--disable-popup-blocking',
  '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows', '--disable-hang-monitor',
  '--disable-client-side-phishing-detection', '--password-store=basic',
  '--use-mock-keychain', '--metrics-recording-only', '--force-color-profile=srgb',
  '--headless', '--hide-scrollbars', '--mute-audio',
];

// Roles of controls; a snapshot line "- button \"Save\"" names one.
const CONTROL_ROLES = new Set(['button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio',
  'switch', 'tab', 'slider', 'spinbutton', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'listbox', 'treeitem']); // not 'option': a native select's options are part of the select

function arg(name, def) {
  const i = process.argv.indexOf('--' + name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : def;
}

function findChromium() {
  for (const p of ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/google-chrome']) {
    if (fs.existsSync(p)) return p;
  }
  throw new Error('no Chromium found: pass --chromium PATH');
}

function countNamed(snapshot) {
  let named = 0;
  for (const line of snapshot.split('\n')) {
    const m = /^\s*- ([a-z]+) "((?:[^"\\]|\\.)+)"/.exec(line);
    if (m && CONTROL_ROLES.has(m[1])) named++;
  }
  return named;
}

async function main() {
  const page = path.resolve(arg('page', path.join(__dirname, '../../surfaces/browser/testdata/bench2000.html')));
  const runs = Number(arg('runs', '15'));
  const browser = await chromium.launch({
    executablePath: arg('chromium', findChromium()),
    headless: true,
    args: FLAGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    await tab.goto('file://' + page, { waitUntil: 'load' });
    const body = tab.locator('body');
    let snapshot = await body.ariaSnapshot(); // warm-up, as the Go benchmark observes once first
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      snapshot = await body.ariaSnapshot();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(JSON.stringify({ tool: 'ariaSnapshot', runs, median_ms: Number(median.toFixed(2)), named: countNamed(snapshot), page }));
  } finally {
    await browser.close();
  }
}

main().catch((e) => { console.error(e.message || e); process.exit(1); });
