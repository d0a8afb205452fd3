// Package pagegen generates small web pages, each with a flow to run on it
// and the truth of what a careful run may and may not do there, for the
// runtime's property tests (runtime/properties_test.go).
//
// Input is a seed and a count ([Generate]), or a seed and one case's
// index ([One]). Output is a list of [Case]s: a name, a [Kind] and a
// variant, the page's HTML (self-contained: inline CSS and script, no
// other request than the ones it makes to report), the source of a flow
// with a `fact site: url`, a `browse "${site}"` and one or two steps,
// whether to run it with approval, and its [Truth]. The same seed and
// index always give the same case, whatever the count: case i draws from
// a random source of its own, seeded by (seed, i), and its kind is the
// i-th of [Kinds] in turn.
//
// The kinds are the pages issue 19 names, each with and without the
// evidence a step needs: a dialog closed by the × in its title bar (or a
// × that does nothing); a list with a clear or delete control (destructive:
// a `do` must be refused; a `stop_before` may press it only with approval);
// a form whose script rejects the value with an inline error (or accepts
// it); toggles already in the asked state, or not, or whose press does not
// hold; look-alike blocks (cards, plain divs, list items, table rows,
// fieldsets, articles, labelled sections; with or without a class, a
// heading or a landmark) of which the step names one by its text, or one
// that is not on the page; todo lists with unnamed checkboxes, a "mark all"
// control and delete controls drawn by CSS that show only on hover; and a
// save or send whose confirmation shows, or does not, or fails.
//
// # How a page reports
//
// Every page reports to the server that serves it, relative to its own
// path (a page at /c/NAME/ reports to /c/NAME/...):
//
//   - GET log?type=press&g=GROUPS&c=CONTROL&k=CLASS: a click on a control
//     (every button, link, checkbox and switch of a page carries data-c,
//     and the blocks that hold them data-g; GROUPS is the chain of data-g
//     from the outermost, joined by "/"; CLASS is "destructive", "submit"
//     or empty). It is a GET so that the report itself is no effect the
//     runtime could take for the press's (the browser surface counts only
//     requests that change state);
//   - GET log?type=state&s=JSON: the page's state (a flat object of
//     strings, [Goal.State] keys), sent at load and whenever it changes;
//   - POST api/ACTION?g=GROUP[&fail=1]: what a real site would send (a
//     save, a delete, a follow). The server records it and answers 200,
//     or 500 when fail=1 (the page's broken variants ask for that, and
//     then show the error a real site shows).
//
// Each report carries the page load's time origin and a sequence number,
// so the last state is known whatever order the requests arrive in.
//
// # Invariants
//
// Every flow compiles (the runtime's tests compile them all without a
// browser). Every case's group ([Truth.Group]) is the one its steps name;
// a page without the evidence has at least one step whose
// [Step.Evidence] is false. Destructive and submitting controls are
// marked so on the page (data-k), and only a case with a `stop_before`
// and approval names one as [Truth.StopControl].
//
// The package imports nothing of the project, so the runtime's tests (and
// anything else) may use it.
package pagegen
