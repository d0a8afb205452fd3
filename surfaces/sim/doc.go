// Package sim is a scripted in-memory [surfaces.Surface], so the runtime
// and its decision model can be tested fast and deterministically before a
// browser is involved.
//
// Input: a [Script] — screens, their candidates and text, the dialogs and
// popovers they can show, and rules that say what operations do — read
// from a small YAML file ([Load], [LoadScript], [Parse]) or built as Go
// values ([New]). Output: a [Sim] that answers Observe with
// [surfaces.Screen] values and Act with [surfaces.Outcome] values and the
// typed errors of package surfaces, and records every operation, named
// event and navigation ([Sim.Events], [Sim.Named], [Sim.Trail]) for tests
// to assert on.
//
// # File format
//
//	start: search                 # first screen; default: the first listed
//	allow: [shop.test]            # allowed origins, as for the browser; empty: all
//	vars: {query: "", cart: "0"}  # variables that templates show and rules set
//	screens:
//	  search:                     # the screen's name: what goto names
//	    url: http://shop.test/    # template; a navigate to it lands here
//	    title: Shop               # template
//	    candidates:               # actionable elements, in reading order
//	      - {ref: q, role: searchbox, name: Search products}
//	      - {ref: go, role: button, name: Search, submit: true}
//	      - {ref: cart, role: link, name: "Cart ({{cart}})", goto: cart}
//	      - {ref: out, role: link, name: Partner, href: "http://partner.test/"}
//	    context:                  # visible text: a string, or a mapping
//	      - Welcome to the shop
//	      - {ref: empty, text: Type something, role: alert, hidden: true}
//	    layers:                   # dialogs and popovers, by name
//	      cookies:
//	        kind: dialog          # dialog (modal, the default) or popover
//	        name: Cookies         # shown in paths: dialog "Cookies"
//	        open: true            # open when the screen loads
//	        escape: false         # whether Escape closes it
//	        covers: []            # popovers: refs beneath that they cover
//	        candidates: [{ref: accept, role: button, name: Accept all}]
//	        context: [We use cookies.]
//	    on:                       # rules; the first that matches applies
//	      - {op: fill, ref: q, set: {query: "{{value}}"}}
//	      - {op: click, ref: go, when: {q: ""}, reveal: [empty]}
//	      - {op: click, ref: go, goto: results, event: searched}
//	      - {op: click, ref: accept, close: cookies}
//	  results: {url: "http://shop.test/search?q={{query}}", title: "“{{query}}”"}
//	  cart: {url: "http://shop.test/cart", title: "Cart ({{cart}})"}
//
// A candidate has ref and role (required) and any of: name, description,
// value (templates), label, placeholder, type (the input type; "password"
// never shows a value), autocomplete, path (ancestor labels), options (a
// list of labels or {label, value, selected, disabled}: a native select,
// whose value names the selected option), bounds ([x, y, w, h]; default:
// stacked down the page); the flags checked, selected, expanded, disabled,
// readonly, required, offscreen, focused, hidden, editable, submit; and
// href (a URL a click navigates to), goto (a screen a click goes to),
// group (radios and tabs that exclude each other), form (the form a field
// and its submit button share; default: the screen's one form) and
// controls (a layer whose being open makes the candidate expanded).
//
// A rule matches on op (click, fill, select, check, uncheck, press, scroll
// or hover), ref (required but for press and scroll), value (the typed
// text, the option, the scroll direction; key for press: "Enter",
// "Control+a") and when (refs to the values they must hold: a field's
// text, a select's option label, "checked" or "unchecked"), all compared
// without regard to case. An empty value matches any value: to react to a
// field being emptied, use when: {ref: ""}. Its effects apply in this order: set
// (variables), values (field texts), reveal, hide, enable, disable, open,
// close, event (a named event), dialog ({type: alert|confirm|prompt,
// message}: a JavaScript dialog, reported in the Outcome), and goto (a
// screen) or back. In set, values and dialog, {{value}} is the
// operation's value.
//
// Templates are texts with {{name}} holes filled from the variables; a
// variable is declared under vars or by a rule's set. In a url the values
// are escaped: path escaping before the "?", query escaping after.
//
// # What operations do
//
// Each operation first does what the browser would, then the first
// matching rule applies:
//   - fill stores the text in an editable field (textbox, searchbox,
//     spinbutton, combobox without options, text-like type, or editable:
//     true) and focuses it; select picks an option by label, value or label
//     prefix, as the browser's selectOption does; check and uncheck click
//     a checkbox, radio or switch only when its state must change, and
//     that change runs the check or uncheck rules before click rules;
//   - click toggles checkboxes, checks radios (unchecking their group),
//     selects grouped tabs, runs the rules, then follows the candidate's
//     goto or href unless a rule navigated;
//   - press runs a matching press rule, else: Enter in a field clicks the
//     form's submit button (if enabled), Enter on a button or link and
//     Space on a button or checkbox click it, Escape closes the top layer
//     when it allows that;
//   - scroll down or to the bottom clears every offscreen state, scroll
//     with a ref clears that one's; hover reaches the element and runs the
//     rules; navigate goes to the screen whose URL matches (fragment and
//     then query ignored), or to a not-found screen ("404"); back returns
//     to the previous history entry as it was left, without focus.
//
// # Invariants
//
//   - Refs are the surface's own ("e3", "t2"), issued on first sight and
//     kept while the screen is shown; every visit of a screen (goto, link,
//     navigate, back) issues new ones. A ref unknown or from an earlier
//     visit, of an element hidden since, or whose role or name changed
//     since it was observed fails with [surfaces.ErrStaleRef]; the sim
//     never acts on something else. [Sim.Ref] gives the current ref of a
//     script ref, for tests.
//   - A disabled element fails click, fill, select and check with
//     [surfaces.ErrNotActionable]; an element under an open dialog, or
//     under a popover that covers it, fails click, hover and check with a
//     [surfaces.CoveredError] naming the layer. Fill and select are not
//     stopped by covering, as in the browser.
//   - Every navigation (goto, href, navigate) checks the allow-list with
//     the browser surface's rules; a blocked one stays put, lists the URL
//     in Outcome.Blocked and fails with a [surfaces.BlockedError].
//   - Secrets are stored and compared (a when can check a password) but
//     never shown: a password field has no value, a field filled with
//     [surfaces.FillSecret] shows [surfaces.Mask], {{value}} of a secret is
//     the mask, and events keep the operation masked.
//   - Screens get their fingerprint from [surfaces.Fingerprint], so diffs
//     and fingerprints behave as for the browser.
//   - Script errors are [ScriptErrors], every problem at once, each naming
//     file:line:col (yaml.v3 gives only the line of a YAML syntax error) or,
//     for scripts built in Go, a path such as screens.search.on[2].goto.
package sim
