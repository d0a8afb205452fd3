// Package surfaces is the contract between the runtime and whatever it
// drives: a browser tab today, a simulated screen in tests, a desktop
// application later.
//
// Input: a [Surface] is observed and acted on. [Surface.Observe] returns a
// [Screen], a snapshot of what is rendered: the actionable [Candidate]
// elements (role, accessible name, value, [State] flags, ancestor path,
// bounds) and the visible non-interactive text as [ContextLine] values.
// [Surface.Act] performs one [Operation] from a closed set ([OpClick],
// [OpFill], [OpSelect], [OpCheck], [OpUncheck], [OpPress], [OpScroll],
// [OpHover], [OpNavigate], [OpBack]) and returns an [Outcome]: what was read
// back, the dialogs the page raised and the navigations that were blocked.
//
// Output: screens are plain data that marshal to JSON and render as text
// with [WriteText] (what `flow inspect` prints). [Screen.Fingerprint] leaves
// refs and bounds out, so two looks at an unchanged page are equal, and
// [Diff] names what appeared and what went ("appeared: button \"Save\";
// gone: dialog \"Cookies\"").
//
// Invariants:
//   - A ref is scoped to the screen that issued it and to the document it was
//     read from. Acting on a ref whose element is gone, re-rendered, or now
//     carries another role or name fails with [ErrStaleRef] (observe
//     again); a surface never acts on something else instead.
//   - Failures are typed: [ErrStaleRef], [ErrNotActionable], [ErrCovered]
//     (a [CoveredError] names what covers the target), [ErrNavigationBlocked]
//     (a [BlockedError] names the URL), [ErrNoSurface]. Test with errors.Is
//     and errors.As.
//   - A secret never leaves a surface: password fields expose no value, an
//     [Operation] marked Secret prints masked, and a fill of a secret
//     reports only whether the read-back matched.
//   - [Workspace] routes between surfaces by [Kind] so callers do not change
//     when a desktop surface is added.
//   - A surface that enforces allowed origins implements [Allower]; the
//     runtime sets the list, the surface blocks and reports the rest.
//
// The package imports nothing of the project and no browser library; the
// chromedp implementation lives in surfaces/browser.
package surfaces
