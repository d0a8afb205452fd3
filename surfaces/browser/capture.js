// capture.js runs after sight.js in flow's isolated world of every document
// (and same-origin iframe) of a tab while a recording runs (capture.go). It
// watches what a person does and reports each act through the binding
// __flowRecord, which exists only in this world, as one JSON message:
//   {t: "ev", kind, target, context, overlay, hold, id, value, secret, url, title}
//   {t: "closed", id, closed}   -- whether the overlay of click id went away
//   {t: "shown", url, title, heading, status} -- the top document's main
//     heading and status lines, whenever they (or its address) change
// Listeners are capture-phase on window and, in every new document, added
// before the page's scripts run, so a page that stops propagation cannot
// hide an act from them (in the document open when recording starts, a
// page listener added earlier on window runs first).
// A password field's value is never read (observe skips it too); the
// message of a secret field (password, card number, security code,
// one-time code) says secret and carries no value.
(() => {
  const F = window.__flow;
  if (!F || F.capture) return;
  const BINDING = "__flowRecord";
  const L = F.lib;
  const idPrefix = Math.random().toString(36).slice(2, 8) + ".";
  let seq = 0;

  // live is false once the recording ended (the binding was removed): the
  // listeners then do nothing, not even name elements.
  const live = () => typeof globalThis[BINDING] === "function";
  const send = (msg) => {
    delete msg.overlayEl;
    try { if (live()) globalThis[BINDING](JSON.stringify(msg)); } catch (e) { /* recording ended */ }
  };

  // topWin is the outermost window of the same origin: its sight.js
  // observes this document too (as an iframe), so names, paths and nth
  // agree with what Observe reports for the tab.
  function topWin() {
    let w = window;
    try { while (w.parent !== w && w.parent.__flow) w = w.parent; } catch (e) { /* another origin above */ }
    return w;
  }

  // parentOf steps to the parent element across shadow roots and out of a
  // same-origin iframe into its owner element.
  function parentOf(n) {
    const p = n.parentNode;
    if (!p) return null;
    if (p.nodeType === 11) return p.host || null;
    if (p.nodeType === 9) {
      try { return p.defaultView && p.defaultView.frameElement; } catch (e) { return null; }
    }
    return p;
  }

  const elementOf = (n) => (n && n.nodeType === 1 ? n : n && n.parentElement) || null;
  const pathTarget = (e) => elementOf(e.composedPath ? e.composedPath()[0] : e.target);

  const NO_TEXT = new Set(["checkbox", "radio", "button", "submit", "reset", "image", "file"]);
  const inputType = (el) => (el.type || "text").toLowerCase();
  const BUTTON_TYPES = new Set(["button", "submit", "reset", "image"]);
  // reportsChange: a field whose edit is reported (input, select, check),
  // so a click on it is not.
  const reportsChange = (el) => (el.tagName === "INPUT" && !BUTTON_TYPES.has(inputType(el))) ||
    el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable;

  // editRoot returns the field that takes typed text at n: an input that
  // takes text, a textarea, or the root of a contenteditable region.
  function editRoot(n) {
    const el = elementOf(n);
    if (!el) return null;
    if (el.tagName === "INPUT") return NO_TEXT.has(inputType(el)) ? null : el;
    if (el.tagName === "TEXTAREA") return el;
    if (!el.isContentEditable) return null;
    let r = el;
    while (r.parentElement && r.parentElement.isContentEditable) r = r.parentElement;
    return r;
  }

  // isSecret: the value of these fields never leaves the page.
  const SECRET_AC = /(^|\s)(current-password|new-password|one-time-code|cc-number|cc-csc)(\s|$)/i;
  function isSecret(el) {
    if (el.tagName !== "INPUT" && el.tagName !== "TEXTAREA") return false;
    return inputType(el) === "password" || SECRET_AC.test(el.getAttribute("autocomplete") || "");
  }

  // describe names the control holding node as Observe would, or null
  // when no listed control holds it. With fallback, an element observe
  // does not list (a hidden field) is named by its own role and name.
  function describe(node, fallback) {
    const el = elementOf(node);
    if (!el) return null;
    let c = null;
    try { c = topWin().__flow.candidateOf(el); } catch (e) { c = null; }
    if (!c) {
      if (!fallback || !el.isConnected) return null;
      const role = L.roleOf(el, el.tagName) || (el.tagName === "A" ? "link" : "generic");
      const [name, label, placeholder] = L.nameOf(el, el.tagName, role);
      c = { role, name, label, placeholder, el };
      if (el.tagName === "INPUT") c.inputType = inputType(el);
      const ac = el.getAttribute("autocomplete");
      if (ac) c.autocomplete = ac;
    }
    const out = Object.assign({}, c);
    delete out.el; delete out.ref; delete out.value; delete out.pi;
    return { c: out, el: c.el };
  }

  // contextOf is the text of the card, list item, row or article the
  // control sits in. The recorder tells equal controls apart by the named
  // group of the candidate's path (sight's name, which a replay reads);
  // this text is its fallback where the path names no group, and gives
  // the heading a recorded control is stored in the cache with.
  function contextOf(el, name) {
    for (let n = parentOf(el); n && n.nodeType === 1; n = parentOf(n)) {
      const tag = n.tagName;
      if (tag === "BODY" || tag === "HTML") break;
      const role = (n.getAttribute("role") || "").trim();
      const cls = n.getAttribute("class") || "";
      const card = L.CARD_CLASS.test(cls) && !/(^|\s)(btn|button)/i.test(cls);
      if (tag === "LI" || tag === "TR" || tag === "ARTICLE" || role === "listitem" || role === "row" || role === "article" || card) {
        const lines = linesOf(n);
        if (lines.join(" ") === name) return "";
        // The card's heading leads, on a line of its own: it names the
        // card best ("Music family plan", not its first words of text).
        const h = L.headingIn(n);
        if (h && h !== name) lines.unshift(h);
        return L.cap(lines.filter((l, i) => i === 0 || l !== h).join("\n"), 150);
      }
    }
    return "";
  }

  // linesOf reads a card's text as it is laid out: one line per block
  // ("Iberia · IB 6543", "15:35", …), inline elements running on, text
  // hidden from assistive technology (a logo's letters) left out.
  function linesOf(root) {
    const lines = [];
    let cur = "";
    const flush = () => { const t = L.collapse(cur); if (t) lines.push(t); cur = ""; };
    const walk = (node) => {
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) { cur += c.textContent; continue; }
        if (c.nodeType !== 1 || c.tagName === "SCRIPT" || c.tagName === "STYLE" || c.getAttribute("aria-hidden") === "true") continue;
        const display = getComputedStyle(c).display;
        if (display === "none") continue;
        if (display.startsWith("inline")) { walk(c); continue; }
        flush(); walk(c); flush();
      }
    };
    walk(root);
    flush();
    return lines;
  }

  // overlayOf finds the dialog or pop-up the control sits in: a dialog
  // element, role dialog/alertdialog, aria-modal, or a fixed or sticky box
  // that reads as a cookie banner or pop-up. It returns [element, label].
  const POPUP_WORDS = /cookie|consent|gdpr|banner|pop-?up|modal|newsletter|subscribe|overlay|lightbox/i;
  function overlayOf(el) {
    for (let n = el; n && n.nodeType === 1; n = parentOf(n)) {
      const tag = n.tagName;
      if (tag === "BODY" || tag === "HTML") continue;
      const role = (n.getAttribute("role") || "").trim();
      const aria = L.collapse(n.getAttribute("aria-label")) || L.byIds(n, "aria-labelledby");
      if (tag === "DIALOG" || role === "dialog" || role === "alertdialog" || n.getAttribute("aria-modal") === "true") {
        return [n, aria || L.headingIn(n) || "dialog"];
      }
      if (tag === "HEADER" || tag === "NAV" || role === "navigation" || role === "banner") continue;
      const pos = getComputedStyle(n).position;
      if (pos !== "fixed" && pos !== "sticky") continue;
      const words = [n.id, n.getAttribute("class") || "", aria].join(" ");
      const text = L.textOf(n);
      if (!POPUP_WORDS.test(words) && !/cookie|consent/i.test(text)) continue;
      let label = aria || L.headingIn(n);
      if (!label) {
        const all = words + " " + text;
        label = /cookie|consent|gdpr/i.test(all) ? "cookies" : /newsletter|subscribe/i.test(all) ? "newsletter" : "pop-up";
      }
      return [n, label];
    }
    return null;
  }

  // gone: the overlay was removed or is no longer drawn.
  function gone(n) {
    if (!n.isConnected) return true;
    if (n.tagName === "DIALOG" && !n.open) return true;
    if (n.checkVisibility) return !n.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    return n.getClientRects().length === 0;
  }

  // watching holds the overlays of reported clicks until each is known to
  // be closed (gone within closeWindow ms) or to stay.
  const closeWindow = 1000;
  const watching = new Map(); // id -> overlay element
  function watch(id, overlay) {
    watching.set(id, overlay);
    const start = performance.now();
    const tick = () => {
      if (!watching.has(id)) return;
      const closed = gone(overlay);
      if (closed || performance.now() - start >= closeWindow) {
        watching.delete(id);
        send({ t: "closed", id, closed });
        return;
      }
      setTimeout(tick, 80);
    };
    setTimeout(tick, 40);
  }

  // base starts the message of an event on the control d (or none): the
  // page, and the card and overlay the control sits in.
  function base(kind, d) {
    const w = topWin();
    const msg = { t: "ev", kind, url: w.location.href, title: w.document.title };
    if (!d) return msg;
    msg.target = d.c;
    if (d.el) {
      const ctx = contextOf(d.el, d.c.name);
      if (ctx) msg.context = ctx;
      const ov = overlayOf(d.el);
      if (ov) { msg.overlay = ov[1]; msg.overlayEl = ov[0]; }
    }
    return msg;
  }

  // holdClose asks the recorder to hold the event until the overlay is
  // known to have closed or stayed.
  function holdClose(msg) {
    if (!msg.overlayEl) return;
    msg.hold = true;
    msg.id = idPrefix + (++seq);
    watch(msg.id, msg.overlayEl);
  }

  // openDialog is the modal dialog in front when the focus is outside
  // any: the last one shown in the document.
  function openDialog() {
    const all = document.querySelectorAll("dialog:modal,[role=alertdialog],[aria-modal=true]");
    for (let i = all.length - 1; i >= 0; i--) if (!gone(all[i])) return all[i];
    return null;
  }

  // dirty holds the fields typed into since their last report; a field
  // that was ever a secret during the edit stays one (a "show password"
  // toggle turns it into a text field).
  const dirty = new Map(); // field -> {secret}

  function commit(el) {
    const rec = dirty.get(el);
    if (!rec) return;
    dirty.delete(el);
    const d = describe(el, true);
    if (!d) return;
    const msg = base("input", d);
    if (rec.secret || isSecret(el)) {
      msg.secret = true;
    } else {
      msg.value = el.tagName === "INPUT" || el.tagName === "TEXTAREA" ? el.value : L.collapse(el.innerText || el.textContent);
    }
    send(msg);
  }
  function commitAll(except) {
    for (const el of Array.from(dirty.keys())) if (el !== except) commit(el);
  }

  const on = (type, fn) => window.addEventListener(type, (e) => { if (live()) fn(e); }, true);

  on("input", (e) => {
    const el = editRoot(pathTarget(e));
    if (!el) return;
    const rec = dirty.get(el) || { secret: false };
    rec.secret = rec.secret || isSecret(el);
    dirty.set(el, rec);
  });

  on("change", (e) => {
    const el = pathTarget(e);
    if (!el) return;
    if (el.tagName === "INPUT" && (inputType(el) === "checkbox" || inputType(el) === "radio")) {
      commitAll();
      const d = describe(el, true);
      if (d) send(base(el.checked ? "check" : "uncheck", d));
      return;
    }
    if (el.tagName === "SELECT") {
      commitAll();
      const d = describe(el, true);
      if (!d) return;
      const msg = base("select", d);
      msg.value = L.collapse(Array.from(el.selectedOptions).map((o) => L.collapse(o.label || o.text)).join(", "));
      send(msg);
      return;
    }
    const f = editRoot(el);
    if (f) commit(f);
  });

  on("focusout", (e) => {
    const f = editRoot(pathTarget(e));
    if (f) commit(f);
  });

  // A press elsewhere ends the edit of the field being typed into, before
  // the click it starts is reported.
  on("pointerdown", (e) => {
    if (!e.isTrusted) return;
    commitAll(editRoot(pathTarget(e)));
  });

  on("click", (e) => {
    // Only pointer clicks: the click a key press or an implicit form
    // submission simulates has no pointer (its key is reported instead).
    if (!e.isTrusted || (e.detail === 0 && !e.pointerType)) return;
    const node = pathTarget(e);
    if (!node) return;
    // Fields report what was typed, chosen or checked instead of the
    // click; a label's click reaches its field.
    const lab = node.closest && node.closest("label");
    if (lab && lab.control && reportsChange(lab.control)) return;
    const d = describe(node);
    if (!d || reportsChange(d.el)) return;
    commitAll();
    const msg = base("click", d);
    holdClose(msg);
    send(msg);
  });

  const KEYS = new Set(["Enter", "Escape", "Tab"]);
  on("keydown", (e) => {
    if (!e.isTrusted || e.repeat || !KEYS.has(e.key) || e.isComposing) return;
    const node = pathTarget(e);
    const field = editRoot(node);
    // Enter in a multi-line field is part of the text.
    if (e.key === "Enter" && field && field.tagName !== "INPUT") return;
    commitAll();
    let key = e.key;
    if (e.shiftKey && key === "Tab") key = "Shift+Tab";
    const tag = node && node.tagName;
    const d = tag && tag !== "BODY" && tag !== "HTML" ? describe(node) : null;
    const msg = base("key", d);
    msg.value = key;
    if (!msg.overlayEl && key === "Escape") {
      // Escape closes the dialog in front, wherever the focus is.
      const dlg = openDialog();
      const ov = dlg && overlayOf(dlg);
      if (ov) { msg.overlay = ov[1]; msg.overlayEl = ov[0]; }
    }
    holdClose(msg);
    send(msg);
  });

  on("submit", (e) => {
    commitAll();
    const form = e.target;
    let node = e.submitter || null;
    if (!node && form && form.ownerDocument) {
      const a = form.ownerDocument.activeElement;
      if (a && form.contains(a)) node = a;
    }
    send(base("submit", node ? describe(node) : null));
  });

  // The document is about to go away. beforeunload runs while it is still
  // the tab's document (pagehide can run after the next one committed,
  // when nobody listens to this one any more); its listener never asks the
  // person to stay.
  on("beforeunload", () => commitAll());
  // The document goes away: report what was typed, and that no watched
  // overlay closed in it.
  on("pagehide", () => {
    commitAll();
    for (const id of Array.from(watching.keys())) {
      watching.delete(id);
      send({ t: "closed", id, closed: false });
    }
  });

  // What the page shows as the outcome of what was done: its main heading
  // and its status lines (role status or alert, live regions, toasts).
  // The top document reports them whenever they or its address change, a
  // moment after the DOM moved, so the recorder knows what the last
  // screen showed even when the browser is closed without warning.
  const STATUS_SEL = "[role=status],[role=alert],[aria-live=polite],[aria-live=assertive],output";
  const TOAST_SEL = "[class*=toast],[class*=snackbar],[class*=flash],[class*=notice],[class*=notification]";
  const TOAST_CLASS = /(^|[\s_-])(toast|snackbar|flash|notice|notification)([\s_-]|$)/i;
  const IN_DIALOG = "dialog,[role=dialog],[role=alertdialog],[aria-modal=true]";
  const maxStatus = 8, maxStatusLen = 160;

  // drawn: the element is rendered where a person sees it: not hidden,
  // transparent or aria-hidden, and bigger than the 1px box of text kept
  // for screen readers only.
  function drawn(el) {
    if (el.closest("[hidden],[aria-hidden=true]")) return false;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  }

  // mainHeading is the page's visible h1, the one in main first; a
  // dialog's heading is not the page's.
  function mainHeading() {
    let best = "";
    for (const h of document.querySelectorAll("h1,[role=heading][aria-level='1']")) {
      if (h.closest(IN_DIALOG) || !drawn(h)) continue;
      const text = L.cap(L.textOf(h), 120);
      if (!text) continue;
      if (h.closest("main,[role=main]")) return text;
      if (!best) best = text;
    }
    return best;
  }

  // statusLines are the texts of the visible status regions, in reading
  // order, an outer region only once; a long live region (a list of
  // results) is no status line.
  function statusLines() {
    const els = Array.from(document.querySelectorAll(STATUS_SEL));
    for (const el of document.querySelectorAll(TOAST_SEL)) {
      if (TOAST_CLASS.test(el.getAttribute("class") || "")) els.push(el);
    }
    els.sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const out = [], taken = [];
    for (const el of els) {
      if (out.length >= maxStatus) break;
      if (taken.some((t) => t === el || t.contains(el)) || !drawn(el)) continue;
      const text = L.textOf(el);
      if (!text || text.length > maxStatusLen) continue;
      taken.push(el);
      if (!out.includes(text)) out.push(text);
    }
    return out;
  }

  let lastShown = "", shownTimer = 0;
  function reportShown() {
    shownTimer = 0;
    if (!live()) return;
    const msg = { t: "shown", url: location.href, title: document.title, heading: mainHeading(), status: statusLines() };
    const key = JSON.stringify([msg.url, msg.heading, msg.status]);
    if (key === lastShown) return;
    lastShown = key;
    send(msg);
  }
  // The observer lets go of the document once the recording ended.
  const observer = new MutationObserver(() => shownSoon());
  function shownSoon() {
    if (!live()) { observer.disconnect(); return; }
    if (!shownTimer) shownTimer = setTimeout(reportShown, 200);
  }
  if (window === window.top) {
    observer.observe(document, {
      subtree: true, childList: true, characterData: true,
      attributes: true, attributeFilter: ["hidden", "class", "style", "open", "aria-hidden"],
    });
    on("load", shownSoon);
    on("popstate", shownSoon);
    on("hashchange", shownSoon);
    document.addEventListener("DOMContentLoaded", shownSoon);
    shownSoon();
  }

  F.capture = true;
})();
