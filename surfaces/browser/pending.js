// pending.js runs in the page's own (main) world of every document of the
// tab, before the page's scripts. It counts the work the page has
// scheduled but not yet done, so that a settle waits for it: a debounced
// search, a list that closes 150 ms after a blur, a result shown after a
// pause, a render put off to the next animation frame or the next task.
// Without it, such work is seen only if it lands inside a quiet window.
//
// setTimeout, clearTimeout, requestAnimationFrame and
// cancelAnimationFrame become proxies of the originals: they behave the
// same, and stringify as native code. Nothing is added to the page but
// one non-enumerable, frozen object under a name new for every surface
// (KEY, set from Go), whose methods the settle calls, and a listener for
// an event of that name:
//
//   arm()          marks the start of an act; so does the event, with the
//                  detail "arm", which an act that begins with a call to
//                  sight.js dispatches from flow's own world in that call
//                  (the detail crosses between the worlds as a copy, and
//                  the page hears nothing, as it does not know the name);
//   pending(h)     first lets the tasks the page has queued run (a
//                  message of its own goes round after the page's), then
//                  returns [wait, opened]: wait is how many ms to wait
//                  before asking again: until the last timer that was set
//                  since the mark (or since the document began, after a
//                  navigation) and is due within h ms of the mark fires
//                  (at least 1 while one has not run), or a few ms while
//                  a frame callback requested since the mark has not run;
//                  0 when nothing is waiting. opened is how many ms ago
//                  the page last opened a window, within h ms and since
//                  the mark; -1 when it did not.
//
// It also watches for the document leaving: a click on a link, a form
// sent or a script that sets location starts a navigation that the
// browser reports only once its request goes out. Until then the old
// document looks quiet; pending answers a short wait instead, for up to
// h ms (a navigation that turned into a download leaves the page as it
// was).
//
// And it watches for windows the page opens (window.open, a link or a
// form aimed at a new window): the browser decides the new window's
// request in a target of its own, a moment after the act, and the settle
// waits until the surface has seen that decision.
//
// Timers set later than h ms after the mark, or due after it, are not
// waited for: a page that polls, or hides a notice after five seconds,
// must not hold every settle. Nor are animations: frames count for three
// in a row at most.
(() => {
  const KEY = "__KEY__";
  if (Object.prototype.hasOwnProperty.call(window, KEY)) return;
  const now = () => performance.now();
  let mark = 0; // a new document counts from its start
  const nativeSet = window.setTimeout;
  // track replaces the page's schedule and cancel functions (setTimeout
  // and clearTimeout, requestAnimationFrame and cancelAnimationFrame)
  // with proxies that keep, in into, the record note(args) makes of each
  // callback until it runs or is cancelled. run(rec, call) runs the
  // callback's call.
  const track = (schedule, cancel, into, note, run) => {
    window[schedule] = new Proxy(window[schedule], {
      apply(target, self, args) {
        const cb = args[0];
        if (typeof cb !== "function") return Reflect.apply(target, self, args);
        const rec = note(args);
        let id;
        args[0] = function () {
          into.delete(id);
          return run(rec, () => cb.apply(this, arguments));
        };
        id = Reflect.apply(target, self, args);
        into.set(id, rec);
        return id;
      },
    });
    window[cancel] = new Proxy(window[cancel], {
      apply(target, self, args) {
        into.delete(args[0]);
        return Reflect.apply(target, self, args);
      },
    });
  };
  const due = new Map(); // timer id → {set, at}
  track("setTimeout", "clearTimeout", due, (args) => {
    const set = now();
    return { set, at: set + Math.max(0, Number(args[1]) || 0) };
  }, (rec, call) => call());
  // Animation frames: a press whose render waits for the next frame, or
  // the one after, changes nothing before then. A frame callback
  // requested since the mark counts until it runs, and so do those it
  // requests in turn: for three frames, and for as long as the callback
  // that requested the next one changed the page (an animation that
  // slides a panel open ends where the act's effect shows). An animation
  // that runs on for good without changing the page (a canvas, one that
  // ran before the act) holds nothing; one that changes the page for good
  // never lets it be quiet anyway. A frame not run within frameLost ms is
  // lost (a page that draws no frames, as a hidden one): it stops
  // counting.
  const frameLost = 100, frameChain = 3;
  const frames = new Map(); // request id → {set, gen, parent, moved}
  let running = null; // the record of the frame callback running now
  // Whether a frame callback changed the page is read from an observer of
  // flow's own, emptied before the callback and read after it.
  const moves = new MutationObserver(() => {});
  moves.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const counts = (f) => f.set >= mark && (f.gen < frameChain || f.parent?.moved === true);
  track("requestAnimationFrame", "cancelAnimationFrame", frames, () => {
    // A chain that began before the mark is no act's: its frames count
    // only while they change the page.
    const gen = running ? (running.set >= mark ? running.gen + 1 : frameChain) : 0;
    return { set: now(), gen, parent: running, moved: false };
  }, (rec, call) => {
    rec.parent = null; // read only while rec waited: a chain keeps no history
    const outer = running;
    running = rec;
    moves.takeRecords();
    try { return call(); } finally {
      rec.moved = moves.takeRecords().length > 0;
      running = outer;
    }
  });
  // A message posted within the page (a framework's scheduler posts one
  // to run its render as the next task) is delivered before one posted
  // after it: pending first lets its own message go round. A page whose
  // tasks are held (frozen in the background) is not waited on for long.
  const NativeChannel = window.MessageChannel;
  const turn = () => new Promise((resolve) => {
    const c = new NativeChannel();
    c.port1.onmessage = () => { c.port1.close(); resolve(); };
    c.port2.postMessage(0);
    nativeSet(resolve, 50);
  });
  // The last sign that the document is leaving: a navigate event to
  // another document, or a form sent (whose navigation the browser starts
  // a task later). Whether the page cancelled it, or took the navigation
  // over within the page, is read when asked, after every listener ran.
  let leaving = null;
  const stays = (l) => l.ev.defaultPrevented || window.navigation?.currentEntry?.key !== l.entry;
  const left = (ev) => { leaving = { ev, at: now(), entry: window.navigation?.currentEntry?.key }; };
  try {
    navigation.addEventListener("navigate", (e) => { if (!e.destination.sameDocument) left(e); });
  } catch (e) { /* no Navigation API: forms and timers alone */ }
  // The last window the page opened: when, and the event that opened it
  // (read when asked: a listener after this one may have cancelled it). A
  // window with no address to load (about:blank, a script) is no request.
  let opened = null;
  const opens = (url, ev) => {
    const u = String(url ?? "").trim().toLowerCase();
    if (u === "" || u === "about:blank" || u.startsWith("javascript:")) return;
    opened = { at: now(), ev };
  };
  // A target names a new window unless it names this document, its
  // parents, or a frame of it ("content" for <iframe name="content">).
  const Anchor = window.HTMLAnchorElement;
  const elsewhere = (target) => {
    const t = String(target).toLowerCase();
    if (["", "_self", "_parent", "_top"].includes(t)) return false;
    return t === "_blank" || ![...document.getElementsByName(target)].some((f) => f.tagName === "IFRAME" || f.tagName === "FRAME");
  };
  window.open = new Proxy(window.open, {
    apply(target, self, args) {
      if (elsewhere(args[1] == null || args[1] === "" ? "_blank" : args[1])) opens(args[0], null);
      return Reflect.apply(target, self, args);
    },
  });
  window.addEventListener("click", (e) => {
    const a = e.composedPath().find((n) => n instanceof Anchor && n.hasAttribute("href"));
    if (a && elsewhere(a.getAttribute("target") || "")) opens(a.href, e);
  });
  // Attributes, not properties: a field named "method", "target" or "action"
  // shadows the form's property of that name.
  window.addEventListener("submit", (e) => {
    const form = e.target;
    const target = e.submitter?.getAttribute("formtarget") || form.getAttribute("target") || "_self";
    const method = e.submitter?.getAttribute("formmethod") || form.getAttribute("method") || "";
    if (method.toLowerCase() === "dialog") return;
    if (target.toLowerCase() === "_self") left(e);
    else if (elsewhere(target)) opens(e.submitter?.getAttribute("formaction") || form.getAttribute("action") || document.URL, e);
  }, true);
  // The mark's event is read with the originals of the page's functions:
  // its scripts may have replaced them by the time an act comes.
  const detailOf = Object.getOwnPropertyDescriptor(window.CustomEvent.prototype, "detail").get;
  window.addEventListener(KEY, (e) => { if (detailOf.call(e) === "arm") mark = now(); });
  const api = {
    arm() { mark = now(); return true; },
    async pending(horizon) {
      await turn();
      const t = now();
      if (leaving && t - leaving.at < horizon && !stays(leaving)) return [10, -1];
      let last = -1;
      for (const [id, d] of due) {
        // A timer whose callback never ran (the page threw it away by
        // other means) stops counting once well past due.
        if (d.at < t - 1000) { due.delete(id); continue; }
        if (d.set >= mark && d.at <= mark + horizon && d.at > last) last = d.at;
      }
      // A frame comes every 16 ms or so: look again in a few.
      for (const [id, f] of frames) {
        if (t - f.set > frameLost) { frames.delete(id); continue; }
        if (counts(f) && f.set <= mark + horizon) last = Math.max(last, t + 4);
      }
      // A timer past due whose callback has not run yet (timers fire a
      // little late) still waits: 1 ms.
      const wait = last < 0 ? 0 : Math.max(1, last - t);
      const o = opened && opened.at >= mark && t - opened.at < horizon && !opened.ev?.defaultPrevented ? t - opened.at : -1;
      return [wait, o];
    },
  };
  Object.defineProperty(window, KEY, { value: Object.freeze(api), enumerable: false });
})();
