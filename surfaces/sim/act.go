package sim

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"flow/surfaces"
)

// Act performs one operation the way the browser surface would, then
// applies the first rule of the screen that matches it. Failures are the
// typed errors of package surfaces; the Outcome is filled either way.
func (s *Sim) Act(ctx context.Context, op surfaces.Operation) (surfaces.Outcome, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(ctx); err != nil {
		return surfaces.Outcome{}, err
	}
	a := &action{s: s, op: op}
	logged := op
	if logged.Value != "" && (op.Secret || a.intoPassword()) {
		logged.Value, logged.Secret = surfaces.Mask, true
	}
	i := s.record(Event{Kind: EventAct, Screen: s.doc.ix.page.Name, Op: &logged})
	err := op.Validate()
	if err == nil {
		err = a.do()
	}
	a.out.URL = s.doc.url
	if err == nil && len(a.out.Blocked) > 0 {
		err = &surfaces.BlockedError{URL: a.out.Blocked[0]}
	}
	s.events[i].Target = a.target
	if err != nil {
		s.events[i].Err = err.Error()
	}
	return a.out, err
}

// action is one Act in progress.
type action struct {
	s      *Sim
	op     surfaces.Operation
	out    surfaces.Outcome
	target string // script ref of the element acted on
}

// intoPassword reports whether the operation types into a password field,
// whose value is masked in events even when the caller did not say secret.
func (a *action) intoPassword() bool {
	id, ok := a.s.doc.ids[a.op.Ref]
	if !ok {
		return false
	}
	e := a.s.doc.ix.elems[id]
	return e != nil && e.Type == "password"
}

// secret reports whether the operation's value must not be shown.
func (a *action) secret() bool { return a.op.Secret || a.intoPassword() }

func (a *action) notActionable(reason string) error {
	return &surfaces.NotActionableError{Ref: a.op.Ref, Op: a.op.Op, Reason: reason}
}

// resolve turns the operation's surface ref into the script's element,
// failing as the browser does for refs that no longer name it.
func (a *action) resolve() (string, *Element, *elemState, error) {
	s, d, ref := a.s, a.s.doc, a.op.Ref
	id, ok := d.ids[ref]
	if !ok {
		if _, old := s.issued[ref]; old {
			return "", nil, nil, &surfaces.StaleRefError{Ref: ref, Reason: "page navigated"}
		}
		return "", nil, nil, &surfaces.StaleRefError{Ref: ref, Reason: "unknown ref"}
	}
	e := d.ix.elems[id]
	if e == nil {
		return "", nil, nil, a.notActionable("a line of text, not a control")
	}
	a.target = id
	if !d.visible(id) {
		return "", nil, nil, &surfaces.StaleRefError{Ref: ref, Reason: "element removed"}
	}
	if d.seen[ref] != s.identity(e) {
		return "", nil, nil, &surfaces.StaleRefError{Ref: ref, Reason: "element changed"}
	}
	return id, e, d.elems[id], nil
}

func (a *action) do() error {
	switch a.op.Op {
	case surfaces.OpClick, surfaces.OpDoubleClick:
		// The simulator has no double-click of its own: a script's
		// click rules answer both.
		id, e, st, err := a.resolve()
		if err != nil {
			return err
		}
		if err := a.reachable(id, st, true); err != nil {
			return err
		}
		return a.press(id, e, surfaces.OpClick)

	case surfaces.OpHover:
		id, _, st, err := a.resolve()
		if err != nil {
			return err
		}
		if err := a.reachable(id, st, false); err != nil {
			return err
		}
		st.offscreen = false
		_, err = a.rules(surfaces.OpHover, id, "")
		return err

	case surfaces.OpFill:
		return a.fill()
	case surfaces.OpSelect:
		return a.choose()
	case surfaces.OpCheck, surfaces.OpUncheck:
		return a.check()
	case surfaces.OpPress:
		return a.key()
	case surfaces.OpScroll:
		return a.scroll()

	case surfaces.OpNavigate:
		u, err := url.Parse(a.op.Value)
		if err != nil || !u.IsAbs() {
			return fmt.Errorf("navigate to %s: not an absolute URL", a.op.Value)
		}
		return a.navigate(a.op.Value)

	case surfaces.OpBack:
		return a.back()
	}
	return fmt.Errorf("%w: %s", surfaces.ErrUnsupported, a.op.Op)
}

// reachable fails for a disabled (when it matters) or covered element, and
// otherwise scrolls it into view, as the browser's point does.
func (a *action) reachable(id string, st *elemState, needEnabled bool) error {
	if needEnabled && st.disabled {
		return a.notActionable("disabled")
	}
	if by := a.s.doc.coveredBy(id); by != "" {
		return &surfaces.CoveredError{Ref: a.op.Ref, By: by}
	}
	st.offscreen = false
	return nil
}

// press is what a click does to an element, whether it came from a
// click, a check, or a key: the element's own behaviour (toggle, radio,
// tab), the first rule that matches the change (check or uncheck) or one
// of ops, then the element's link.
func (a *action) press(id string, e *Element, ops ...surfaces.Op) error {
	d := a.s.doc
	st := d.elems[id]
	st.offscreen = false
	d.focus = id
	was := st.checked
	switch {
	case slices.Contains([]string{"checkbox", "switch", "menuitemcheckbox"}, e.Role):
		st.checked = !st.checked
	case slices.Contains([]string{"radio", "menuitemradio"}, e.Role):
		st.checked = true
		a.clearGroup(id, e, func(o *elemState) { o.checked = false })
	case e.Group != "":
		st.selected = true
		a.clearGroup(id, e, func(o *elemState) { o.selected = false })
	}
	if st.checked != was {
		// The page sees a change of state however it came about, so a
		// click that checks runs the check rules first.
		changed := map[bool]surfaces.Op{true: surfaces.OpCheck, false: surfaces.OpUncheck}[st.checked]
		if !slices.Contains(ops, changed) {
			ops = append([]surfaces.Op{changed}, ops...)
		}
	}
	for _, op := range ops {
		r, err := a.rules(op, id, "")
		if err != nil {
			return err
		}
		if r != nil {
			if r.Goto != "" || r.Back {
				return nil // the rule's navigation replaces the element's link
			}
			break
		}
	}
	switch {
	case e.Goto != "":
		return a.gotoPage(a.s.pages[e.Goto])
	case e.Href != "":
		return a.navigate(e.Href)
	}
	return nil
}

func (a *action) clearGroup(id string, e *Element, f func(*elemState)) {
	if e.Group == "" {
		return
	}
	for ref, other := range a.s.doc.ix.elems {
		if ref != id && other.Group == e.Group {
			f(a.s.doc.elems[ref])
		}
	}
}

func (a *action) fill() error {
	id, e, st, err := a.resolve()
	if err != nil {
		return err
	}
	switch {
	case st.disabled:
		return a.notActionable("disabled")
	case e.Readonly:
		return a.notActionable("read-only")
	case len(st.options) > 0:
		return a.notActionable("a select: use select")
	case !e.editable():
		return a.notActionable("not a text field")
	}
	st.value, st.secret = a.op.Value, a.op.Secret
	st.offscreen = false
	a.s.doc.focus = id
	a.out.ReadbackOK = true
	if !a.secret() {
		a.out.Readback = st.value
	}
	_, err = a.rules(surfaces.OpFill, id, a.op.Value)
	return err
}

func (a *action) choose() error {
	id, _, st, err := a.resolve()
	if err != nil {
		return err
	}
	if len(st.options) == 0 {
		return a.notActionable("not a native select")
	}
	if st.disabled {
		return a.notActionable("disabled")
	}
	shown := a.op.Value
	if a.secret() {
		shown = surfaces.Mask
	}
	i := optionIndex(st.options, a.op.Value)
	if i < 0 {
		var have []string
		for _, o := range st.options[:min(len(st.options), 12)] {
			have = append(have, quote(o.Label))
		}
		return a.notActionable(fmt.Sprintf("no option %q (have %s)", shown, strings.Join(have, ", ")))
	}
	if st.options[i].Disabled {
		return a.notActionable(fmt.Sprintf("option %q is disabled", shown))
	}
	for j := range st.options {
		st.options[j].Selected = j == i
	}
	st.value, st.secret = st.options[i].Label, false
	a.s.doc.focus = id
	a.out.Readback, a.out.ReadbackOK = st.value, true
	_, err = a.rules(surfaces.OpSelect, id, st.value)
	return err
}

var checkReadback = map[bool]string{true: "checked", false: "unchecked"}

func (a *action) check() error {
	id, e, st, err := a.resolve()
	if err != nil {
		return err
	}
	if !slices.Contains(checkRoles, e.Role) {
		return a.notActionable("not a checkbox, radio or switch")
	}
	want := a.op.Op == surfaces.OpCheck
	if st.checked != want {
		if err := a.reachable(id, st, true); err != nil {
			return err
		}
		if !want && strings.HasSuffix(e.Role, "radio") {
			a.out.Readback = checkReadback[st.checked]
			return a.notActionable("the click did not change its checked state")
		}
		if err := a.press(id, e, surfaces.OpClick); err != nil {
			return err
		}
	}
	a.out.Readback, a.out.ReadbackOK = checkReadback[st.checked], st.checked == want
	return nil
}

// key presses a key combination: a matching press rule replaces the key's
// default; otherwise Enter in a field clicks its form's default button,
// Enter on a button or link and Space on a button or checkbox click it,
// and Escape closes the top layer when it allows that.
func (a *action) key() error {
	keys, err := normalizeKeys(a.op.Value)
	if err != nil {
		return err
	}
	d := a.s.doc
	id := d.focus
	if a.op.Ref != "" {
		if id, _, _, err = a.resolve(); err != nil {
			return err
		}
		d.focus = id
	}
	if id != "" && !d.visible(id) {
		id, d.focus = "", "" // focus went with its element
	}
	a.target = id
	if r, err := a.rules(surfaces.OpPress, id, keys); r != nil || err != nil {
		return err
	}
	if keys == "Escape" {
		if n := len(d.layers); n > 0 && d.ix.layers[d.layers[n-1]].Escape {
			d.layers = d.layers[:n-1]
		}
		return nil
	}
	if id == "" {
		return nil
	}
	e, st := d.ix.elems[id], d.elems[id]
	switch {
	case keys == "Enter" && e.editable():
		sub := a.defaultButton(e)
		if sub == "" {
			return nil
		}
		if d.elems[sub].disabled {
			a.out.Note = "Enter: the form's default button is disabled"
			return nil
		}
		a.out.Note = "Enter clicked the form's default button " + quote(a.s.expand(d.ix.elems[sub].Name, nil))
		return a.press(sub, d.ix.elems[sub], surfaces.OpClick)
	case keys == "Enter" && slices.Contains([]string{"button", "link", "menuitem", "tab", "option"}, e.Role),
		keys == " " && (e.Role == "button" || slices.Contains(checkRoles, e.Role)):
		if st.disabled {
			return nil
		}
		return a.press(id, e, surfaces.OpClick)
	}
	return nil
}

// defaultButton finds the shown submit button of a field's form.
func (a *action) defaultButton(field *Element) string {
	d := a.s.doc
	find := func(es []*Element) string {
		for _, e := range es {
			if e.Submit && e.Form == field.Form && d.visible(e.Ref) {
				return e.Ref
			}
		}
		return ""
	}
	if l := d.ix.elemLayer[field.Ref]; l != nil {
		return find(l.Candidates)
	}
	return find(d.ix.page.Candidates)
}

func (a *action) scroll() error {
	dir := a.op.Value
	if dir == "" {
		dir = "down"
	}
	if a.op.Ref != "" {
		id, _, st, err := a.resolve()
		if err != nil {
			return err
		}
		st.offscreen = false
		_, err = a.rules(surfaces.OpScroll, id, dir)
		return err
	}
	if dir == "down" || dir == "bottom" {
		for ref, st := range a.s.doc.elems {
			if a.s.doc.visible(ref) {
				st.offscreen = false
			}
		}
	}
	_, err := a.rules(surfaces.OpScroll, "", dir)
	return err
}

// rules applies the first rule of the screen that matches the operation
// op on the element id with value, and returns it (nil when none did).
func (a *action) rules(op surfaces.Op, id, value string) (*Rule, error) {
	d := a.s.doc
	for _, r := range d.ix.page.On {
		if r.Op != op || r.Ref != "" && r.Ref != id || !a.valueMatches(r, id, value) || !a.when(r) {
			continue
		}
		return r, a.apply(r, value)
	}
	return nil, nil
}

func (a *action) valueMatches(r *Rule, id, value string) bool {
	if r.Value == "" {
		return true
	}
	switch r.Op {
	case surfaces.OpPress:
		want, err := normalizeKeys(r.Value)
		return err == nil && want == value
	case surfaces.OpSelect:
		e := a.s.doc.ix.elems[id]
		i := optionIndex(e.Options, r.Value)
		return i >= 0 && e.Options[i].Label == value
	}
	return strings.EqualFold(collapse(r.Value), collapse(value))
}

// when reports whether the fields a rule names hold the values it wants.
func (a *action) when(r *Rule) bool {
	d := a.s.doc
	for ref, want := range r.When {
		e, st := d.ix.elems[ref], d.elems[ref]
		have := st.value
		if slices.Contains(checkRoles, e.Role) {
			have = checkReadback[st.checked]
		}
		if !strings.EqualFold(collapse(have), collapse(a.s.expand(want, nil))) {
			return false
		}
	}
	return true
}

// apply runs a rule's effects in their documented order.
func (a *action) apply(r *Rule, value string) error {
	s, d := a.s, a.s.doc
	if a.secret() {
		value = surfaces.Mask // a secret never reaches a variable or a field
	}
	for _, k := range sortedKeys(r.Set) {
		s.vars[k] = s.expand(r.Set[k], &value)
	}
	for _, k := range sortedKeys(r.Values) {
		st, v := d.elems[k], s.expand(r.Values[k], &value)
		st.secret = false
		if len(st.options) == 0 {
			st.value = v
			continue
		}
		if i := optionIndex(st.options, v); i >= 0 {
			for j := range st.options {
				st.options[j].Selected = j == i
			}
			st.value = st.options[i].Label
		}
	}
	setHidden := func(refs []string, hidden bool) {
		for _, ref := range refs {
			if st := d.elems[ref]; st != nil {
				st.hidden = hidden
				if hidden && d.focus == ref {
					d.focus = ""
				}
			}
			if _, ok := d.ix.texts[ref]; ok {
				d.textHidden[ref] = hidden
			}
		}
	}
	setHidden(r.Reveal, false)
	setHidden(r.Hide, true)
	for _, ref := range r.Enable {
		d.elems[ref].disabled = false
	}
	for _, ref := range r.Disable {
		d.elems[ref].disabled = true
	}
	if r.Open != "" && !d.layerOpen(r.Open) {
		d.layers = append(d.layers, r.Open)
	}
	if r.Close != "" {
		d.layers = slices.DeleteFunc(d.layers, func(id string) bool { return id == r.Close })
		if l := d.ix.elemLayer[d.focus]; l != nil && l.ID == r.Close {
			d.focus = ""
		}
	}
	if r.Event != "" {
		s.record(Event{Kind: EventNamed, Screen: d.ix.page.Name, Name: r.Event})
	}
	if r.Request != "" {
		a.out.Requests = append(a.out.Requests, s.expand(r.Request, &value))
	}
	if r.Dialog != nil {
		a.out.Dialogs = append(a.out.Dialogs, surfaces.Dialog{
			Type: r.Dialog.Type, Message: s.expand(r.Dialog.Message, &value), Accepted: r.Dialog.Type != "prompt",
		})
	}
	switch {
	case r.Goto != "":
		return a.gotoPage(s.pages[r.Goto])
	case r.Back:
		return a.back()
	}
	return nil
}

// gotoPage goes to a screen at its own URL.
func (a *action) gotoPage(ix *pageIndex) error {
	u := a.s.pageURL(ix.page)
	if u != "" && !a.allowed(u) {
		return nil
	}
	a.visit(ix, u)
	return nil
}

// navigate loads a URL: blocked outside the allow-list, else the screen
// with that URL, or a not-found page.
func (a *action) navigate(u string) error {
	if !a.allowed(u) {
		return nil
	}
	ix := a.s.pageAt(u)
	if ix == nil {
		ix = indexPage(&Page{
			Name: notFoundPage, Title: "Not found",
			Context: []*Text{{Text: "404 page not found", Role: "heading"}},
		})
		a.out.Note = "no screen has the URL " + u + ": showing a not-found page"
	}
	a.visit(ix, u)
	return nil
}

// allowed checks a URL against the allow-list, recording a block as the
// browser's request interception does.
func (a *action) allowed(u string) bool {
	if a.s.rules.Allows(u) {
		return true
	}
	a.out.Blocked = append(a.out.Blocked, u)
	a.s.record(Event{Kind: EventBlocked, Screen: a.s.doc.ix.page.Name, Name: u})
	return false
}

func (a *action) visit(ix *pageIndex, u string) {
	s := a.s
	s.history = append(s.history, s.doc)
	s.doc = s.newDocument(ix, u)
	a.out.Navigated = true
	s.record(Event{Kind: EventNavigate, Screen: ix.page.Name, Name: u})
}

func (a *action) back() error {
	s := a.s
	n := len(s.history)
	if n == 0 {
		return &surfaces.NotActionableError{Op: surfaces.OpBack, Reason: "no earlier page in the history"}
	}
	s.doc = s.reopen(s.history[n-1])
	s.history = s.history[:n-1]
	a.out.Navigated = true
	s.record(Event{Kind: EventNavigate, Screen: s.doc.ix.page.Name, Name: s.doc.url})
	return nil
}

// pageAt finds the screen whose URL is u: exactly (fragment and a lone
// trailing slash aside), else ignoring the query.
func (s *Sim) pageAt(u string) *pageIndex {
	norm := func(raw string, query bool) string {
		p, err := url.Parse(raw)
		if err != nil {
			return raw
		}
		p.Fragment = ""
		if !query {
			p.RawQuery = ""
		}
		if p.Path == "" {
			p.Path = "/"
		}
		return p.String()
	}
	for _, query := range []bool{true, false} {
		want := norm(u, query)
		for _, ix := range s.order {
			if ix.page.URL != "" && norm(s.pageURL(ix.page), query) == want {
				return ix
			}
		}
	}
	return nil
}
