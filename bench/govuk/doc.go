// Command govuk measures how flow's sight (surfaces/browser, sight.js)
// agrees with Chromium's own accessibility tree on GOV.UK Frontend's
// rendered component examples: real, accessible UI that nobody tuned flow
// for.
//
// Usage:
//
//	bench/govuk/fetch.sh                # once: npm pack govuk-frontend into a cache
//	go run ./bench/govuk parity [-dir DIR] [-component NAME] [-v] [-chromium PATH]
//
// Input: the unpacked npm package govuk-frontend (MIT; fetch.sh pins the
// version and prints the directory; nothing of it is committed), whose
// dist/govuk/components/*/fixtures.json hold every example as rendered
// HTML. Every fixture is measured, whatever its "hidden" (not listed in the
// project's review app) and "screenshot" fields say; the report counts
// them.
//
// Each fixture is served from an httptest server as a page of its own: the
// package's style sheet, the class that says its script runs, the fixture,
// and a module script calling initAll. One headless Chromium is launched
// with flow's own switches and a DevTools port; flow's [browser.Surface]
// attaches to its one tab, and a DevTools session of this command attaches
// to the same tab beside it. For each fixture flow navigates (and settles
// as after any act), observes, and then, with nothing changed, the command
// reads Accessibility.getFullAXTree.
//
// Output: a markdown table per component — flow's candidates, Chromium's
// controls (nodes not ignored that are focusable or have an interactive
// role; a native select's options are the select's value and do not
// count), how many of them flow has with a fitting role and the same name
// (trimmed, spaces collapsed, case aside), how many flow leaves out or
// names otherwise for a reason the README argues (justified: a region a
// script focuses, out of the tab order; an <a> without href that tabindex
// makes a focus stop; a name that differs only in spaces next to
// punctuation), the other misses by class (a: no candidate, b: another
// name, c: another role), leaks (a candidate whose element Chromium
// ignores or leaves out as hidden) and extras (a candidate of an element
// Chromium shows as no control) — and the totals; with -v every justified
// node, miss, leak and extra with flow's closest candidate.
//
// Invariants:
//   - A candidate is tied to Chromium's node through the element drawn at
//     exactly the candidate's bounds (for a checkbox or radio hidden
//     behind its label, the label's), found in an isolated world of the
//     command's own: flow's refs stay in flow's world and the page is not
//     changed.
//   - The page title names the fixture, and both trees must carry it, so a
//     tree of another document is never compared.
//   - The command speaks DevTools through internal/cdpclient, as
//     bench/miniwob does: chromedp belongs to surfaces/browser alone (the
//     import policy in deps_test.go).
//   - The browser runs in a process group of its own and is killed, and
//     its profile removed, when the command ends or is interrupted.
package main
