// veil.js hides secrets from a video of the tab (screencast.go). It runs
// in flow's isolated world beside sight.js, so the page can neither see
// nor call it, and it defines window.__flowVeil once per document.
//
// A veiled element is painted as a black box by its own rendering: its
// text drawn as discs in black on black (inline styles marked important),
// so no frame can show the text at another place than the box, whatever
// scrolls or moves. The field a secret is typed into is veiled before the
// first character reaches it (field), so no frame ever holds the secret;
// after that, any element of the document whose text or field value comes
// to hold a secret value is veiled in the same task the change happened
// in (a MutationObserver and an input listener run before the next
// paint), and a page script that rewrites a veiled element's style gets
// the veil back the same way.
(() => {
  if (window.__flowVeil) return;
  const PAINT = [
    ["-webkit-text-security", "disc"],
    ["color", "#000"],
    ["-webkit-text-fill-color", "#000"],
    ["caret-color", "#000"],
    ["background-color", "#000"],
    ["background-image", "none"],
    ["text-shadow", "none"],
  ];
  // NUDGE is the one property fresh changes: a shadow inside a black box,
  // as black as the box, which the page cannot see but makes a new frame.
  const NUDGE = "box-shadow";
  const veiled = new Map(); // element → its own values of the painted properties
  let values = [];

  // paint veils el; it writes only what differs, so the observer that
  // keeps the veil does not wake itself.
  function paint(el) {
    if (!veiled.has(el)) {
      veiled.set(el, [...PAINT.map(([k]) => k), NUDGE].map((k) => [k, el.style.getPropertyValue(k), el.style.getPropertyPriority(k)]));
      watch(el.ownerDocument);
    }
    for (const [k, v] of PAINT) {
      if (el.style.getPropertyValue(k) !== v || el.style.getPropertyPriority(k) !== "important") el.style.setProperty(k, v, "important");
    }
  }

  // squash keeps letters and digits: a page may group what was typed
  // ("4242 4242 …"), and the value is still the secret.
  const squash = (s) => String(s).toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  // holds reports whether text shows a secret: a long one (6 or more
  // letters and digits) anywhere in its letters and digits, a short one
  // (a security code) as a word of its own, so "12/30" does not hide as
  // if it held the code 123.
  function holds(text) {
    if (!text || !values.length) return false;
    const t = squash(text);
    let words = null;
    return values.some((v) => {
      if (v.length >= 6) return t.includes(v);
      if (!words) words = new Set(String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u));
      return words.has(v) || t === v;
    });
  }
  const isField = (el) => el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable;

  // scan veils every field and text holder under root that shows a
  // secret, through open shadow roots and same-origin iframes.
  function scan(root) {
    if (!values.length || !root) return;
    if (root.nodeType === 3) { if (holds(root.textContent) && root.parentElement) paint(root.parentElement); return; }
    if (root.nodeType !== 1 && root.nodeType !== 9 && root.nodeType !== 11) return;
    if (root.nodeType === 1 && isField(root) && holds(root.value !== undefined ? root.value : root.textContent)) paint(root);
    const doc = root.ownerDocument || root;
    for (const el of root.querySelectorAll("input,textarea,[contenteditable]")) {
      if (holds(el.value !== undefined ? el.value : el.textContent)) paint(el);
    }
    const tw = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = tw.nextNode(); n; n = tw.nextNode()) {
      if (holds(n.textContent) && n.parentElement) paint(n.parentElement);
    }
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) scan(el.shadowRoot);
      if (el.tagName === "IFRAME") { try { const d = el.contentDocument; if (d && d.documentElement) { watch(d); scan(d.documentElement); } } catch (e) { /* cross-site */ } }
    }
  }

  const watched = new WeakSet();
  const mo = new MutationObserver((recs) => {
    for (const r of recs) {
      if (r.type === "attributes") { if (veiled.has(r.target)) paint(r.target); continue; }
      if (r.type === "characterData") { scan(r.target); continue; }
      for (const n of r.addedNodes) scan(n);
    }
  });
  // watch observes a document for secrets shown and veils undone.
  function watch(doc) {
    if (!doc || watched.has(doc)) return;
    watched.add(doc);
    mo.observe(doc, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["style"] });
    doc.addEventListener("input", (e) => { const el = e.composedPath()[0]; if (el && el.nodeType === 1) scan(el); }, true);
  }

  // deepFocus is the element that has focus, inside open shadow roots and
  // same-origin iframes.
  function deepFocus() {
    let a = document.activeElement;
    for (;;) {
      if (a && a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement; continue; }
      if (a && a.tagName === "IFRAME") {
        try { const d = a.contentDocument; if (d && d.activeElement && d.activeElement !== d.body) { a = d.activeElement; continue; } } catch (e) { /* cross-site */ }
      }
      return a;
    }
  }

  // field veils the field of ref (a sight.js ref), before a secret is
  // typed into it: the fill focuses the same element and types there. It
  // returns false when focus did not land in a text field.
  function field(ref, vals) {
    update(vals);
    window.__flow.focusRef(ref);
    const el = deepFocus();
    if (!el || !isField(el)) return false;
    paint(el);
    return true;
  }

  // update takes the run's secret values and veils what shows them now.
  function update(vals) {
    values = Array.from(new Set((vals || []).map(squash).filter((v) => v.length >= 3)));
    watch(document);
    if (document.documentElement) scan(document.documentElement);
    return veiled.size;
  }

  // fresh resolves, once the veil is on screen, with the page's clock: a
  // frame the browser draws after that time shows the veil (two animation
  // frames have passed since it was painted; a second at most, when the
  // tab draws no frames). It then changes the veiled boxes' paint,
  // invisibly, so such a frame comes even when nothing else moves.
  let nudged = false;
  function fresh() {
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const t = Date.now();
        nudged = !nudged;
        for (const el of veiled.keys()) el.style.setProperty(NUDGE, "inset 0 0 0 " + (nudged ? 2 : 1) + "px #000", "important");
        resolve(t);
      };
      requestAnimationFrame(() => requestAnimationFrame(finish));
      setTimeout(finish, 1000);
    });
  }

  // lift gives every veiled element its own style back and stops
  // watching, when the video ends: a page a person goes on using (an
  // attached browser) is left as it was.
  function lift() {
    mo.disconnect();
    for (const [el, own] of veiled) {
      for (const [k, v, prio] of own) { if (v) el.style.setProperty(k, v, prio); else el.style.removeProperty(k); }
      if (el.getAttribute("style") === "") el.removeAttribute("style");
    }
    veiled.clear();
    values = [];
    delete window.__flowVeil;
    return true;
  }

  window.__flowVeil = { field, update, fresh, lift };
})();
