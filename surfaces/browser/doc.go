// Package browser is the Chromium surface: the only package of flow that
// imports chromedp.
//
// Input: [Options] say how to get a browser — [Launch] starts a headless
// (or headed) Chromium with a temporary or named persistent profile,
// [Attach] connects to a running one by http://host:port or ws:// URL —
// and which origins documents may load from. One [Browser] ([Start])
// serves many [Surface] values, each in its own browser context, so
// parallel runs share one process; on an attached browser a surface takes
// the active page, or a new tab, isolated in a context of its own when
// asked ([SurfaceOptions.Isolated], as `flow test` does).
//
// Output: a [Surface] implements surfaces.Surface. Observe runs sight.js
// (embedded) in flow's isolated world of the page and returns a
// surfaces.Screen: every interactive element (native controls, ARIA
// widgets, elements with click handlers, a pointer cursor or a tab stop)
// with role, accessible name, value, states, ancestor path and bounds,
// through open shadow roots and same-origin iframes, and cross-site
// iframes through their own targets; plus the visible text as context
// lines. The page sends its walk in parts through a Runtime binding of
// flow's world as it goes, so Go reads each part while the page walks on.
// Act performs one operation with real input events (a trusted
// click at the element's centre after a hit test, Input.insertText for
// typing) and settles (network idle, DOM quiet, no loading indicator, the
// short timers and frame callbacks the act set have run, a document the
// act left for has come, and a scroll its wheel or key started has ended;
// capped).
//
// Recording: [Surface.Record] (surfaces.Recorder) loads capture.js
// (embedded) after sight.js into flow's isolated world of every document
// and same-origin iframe of the tab — now, and through
// Page.addScriptToEvaluateOnNewDocument after every navigation — and
// receives its reports through a Runtime binding that exists only in that
// world. Capture-phase listeners, added before the page's scripts in each
// new document, report pointer clicks on controls (named by sight.js's
// candidateOf exactly as Observe names them, with the text of their card,
// list item or row, and the dialog or cookie banner they sit in), one
// input per edit of a field with its final value, select, check and
// uncheck, submit, and the keys Enter, Escape and Tab; the tab's own
// events give the navigations, typed or not by their history entry's
// transition. Events go out in the order they happened: a click in an
// overlay is held until the page says whether the overlay closed (about a
// second), a navigation until its document's title is known.
// Cross-site iframes (their own processes and targets) are not recorded.
//
// Invariants:
//   - The page's own world holds one flow script, pending.js: proxies of
//     setTimeout, clearTimeout, requestAnimationFrame and
//     cancelAnimationFrame that count the short timers and the frame
//     callbacks an act set, and of window.open that notes the windows it
//     opens (they stringify as native code), listeners that note a link
//     or a form leaving the document or aimed at a new window, a mutation
//     observer of its own (it counts a frame callback's changes and drops
//     them) and one non-enumerable property named afresh per surface. It
//     keeps none of the page's content and can only lengthen a settle.
//   - Refs live only in the isolated world (a WeakMap per document, keyed
//     by a token new for every document): the page can neither see nor
//     forge them, the DOM is not touched, and a ref whose element is gone,
//     replaced, or now has another role or name fails as stale.
//   - Document navigations of the surface's tab and of every popup it
//     opens are decided by browser-wide request interception (Fetch at the
//     browser target) before any byte leaves: one outside the allowed
//     origins fails with net::ERR_BLOCKED_BY_CLIENT and is reported;
//     popups are closed (an allowed one is followed in the tab). The
//     settle after an act that opened a window waits until the window's
//     request is decided; a window that loads nothing stays open, and the
//     tab is brought back in front of it (a tab behind another answers
//     input only after seconds).
//   - alert, confirm, prompt and beforeunload dialogs are answered at once
//     from a goroutine and reported, never left blocking the tab.
//   - Password values never leave the page; a secret fill reports only
//     whether the read-back matched; screenshots paint secrets over before
//     capturing and remove the overlay after. While recording, capture.js
//     never reads a password field's value (nor sends that of a card
//     number, security code or one-time code): its input event says
//     secret and has no value.
//   - A video ([Surface.StartVideo], screencast frames into ffmpeg) never
//     shows a secret: a field is veiled through its own style before a
//     secret is typed into it, any text of that page that comes to show
//     the secret is veiled while recording, and the first frames are
//     dropped until the veil is on screen.
//   - Closing a launched browser waits until its process is gone and
//     deletes a temporary profile; an attached browser is only
//     disconnected, and a page a person handed over stays open.
package browser
