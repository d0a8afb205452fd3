package sim

import (
	"net/url"
	"slices"
	"strings"

	"flow/surfaces"
)

// pageIndex finds a screen's elements, lines and layers by ref.
type pageIndex struct {
	page      *Page
	elems     map[string]*Element
	elemLayer map[string]*Layer // nil: on the page itself
	texts     map[string]*Text  // lines that have a ref
	textLayer map[string]*Layer
	layers    map[string]*Layer
}

func indexPage(p *Page) *pageIndex {
	ix := &pageIndex{
		page: p, elems: map[string]*Element{}, elemLayer: map[string]*Layer{},
		texts: map[string]*Text{}, textLayer: map[string]*Layer{}, layers: map[string]*Layer{},
	}
	add := func(l *Layer, es []*Element, ts []*Text) {
		for _, e := range es {
			if _, dup := ix.elems[e.Ref]; !dup {
				ix.elems[e.Ref], ix.elemLayer[e.Ref] = e, l
			}
		}
		for _, t := range ts {
			if _, dup := ix.texts[t.Ref]; t.Ref != "" && !dup {
				ix.texts[t.Ref], ix.textLayer[t.Ref] = t, l
			}
		}
	}
	add(nil, p.Candidates, p.Context)
	for _, l := range p.Layers {
		if _, dup := ix.layers[l.ID]; !dup {
			ix.layers[l.ID] = l
		}
		add(l, l.Candidates, l.Context)
	}
	return ix
}

// refs lists the element refs, and with texts the line refs too, for
// suggestions.
func (ix *pageIndex) refs(texts bool) []string {
	var out []string
	for r := range ix.elems {
		out = append(out, r)
	}
	if texts {
		for r := range ix.texts {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out
}

// Check validates the script: names resolve, refs are unique per screen
// and exist where rules use them, operations and keys are well formed,
// templates use declared variables. It reports every problem it finds as
// [ScriptErrors], positioned for parsed scripts and by path for scripts
// built in Go.
func (sc *Script) Check() error {
	c := &checker{sc: sc, pages: map[string]*pageIndex{}, vars: map[string]bool{valueVar: false}}
	c.run()
	return c.errs.err()
}

type checker struct {
	sc    *Script
	pages map[string]*pageIndex
	vars  map[string]bool // declared variable names (value: only in rules)
	errs  ScriptErrors
}

func (c *checker) errorf(w *where, key, path, format string, args ...any) {
	p := w.posOf(key)
	if p.File == "" {
		p.File = c.sc.Name
	}
	e := &ScriptError{Pos: p, Msg: sprintf(format, args...)}
	if !p.IsValid() {
		e.Path = path
	}
	c.errs = append(c.errs, e)
}

func (c *checker) pageNames() []string {
	var out []string
	for _, p := range c.sc.Screens {
		out = append(out, p.Name)
	}
	return out
}

// nils reports nil entries of a script built in Go, which the rest of
// the checks (and the sim) could not look into.
func (c *checker) nils() bool {
	found := false
	nilAt := func(path string) {
		c.errs = append(c.errs, &ScriptError{Pos: Pos{File: c.sc.Name}, Path: path, Msg: "nil entry"})
		found = true
	}
	for i, p := range c.sc.Screens {
		if p == nil {
			nilAt(sprintf("screens[%d]", i))
			continue
		}
		elems := func(path string, es []*Element) {
			for j, e := range es {
				if e == nil {
					nilAt(sprintf("%s[%d]", path, j))
				}
			}
		}
		texts := func(path string, ts []*Text) {
			for j, x := range ts {
				if x == nil {
					nilAt(sprintf("%s[%d]", path, j))
				}
			}
		}
		elems("screens."+p.Name+".candidates", p.Candidates)
		texts("screens."+p.Name+".context", p.Context)
		for j, l := range p.Layers {
			if l == nil {
				nilAt(sprintf("screens.%s.layers[%d]", p.Name, j))
				continue
			}
			elems("screens."+p.Name+".layers."+l.ID+".candidates", l.Candidates)
			texts("screens."+p.Name+".layers."+l.ID+".context", l.Context)
		}
		for j, r := range p.On {
			if r == nil {
				nilAt(sprintf("screens.%s.on[%d]", p.Name, j))
			}
		}
	}
	return found
}

func (c *checker) run() {
	sc := c.sc
	if c.nils() {
		return
	}
	if len(sc.Screens) == 0 {
		c.errorf(&sc.where, "screens", "screens", "the script has no screens")
		return
	}
	for _, p := range sc.Screens {
		if p.Name == "" {
			c.errorf(&p.where, "", "screens", "a screen has no name")
		}
		if _, dup := c.pages[p.Name]; dup {
			c.errorf(&p.where, "", "screens."+p.Name, "screen %q is defined twice", p.Name)
			continue
		}
		c.pages[p.Name] = indexPage(p)
	}
	if sc.Start != "" && c.pages[sc.Start] == nil {
		c.errorf(&sc.where, "start", "start", "start: no screen %q%s", sc.Start, didYouMean(sc.Start, c.pageNames()))
	}
	if _, err := surfaces.ParseOrigins(sc.Allow); err != nil {
		c.errorf(&sc.where, "allow", "allow", "%v", err)
	}
	for name := range sc.Vars {
		c.varName(&sc.where, "vars/"+name, "vars."+name, name)
		c.vars[name] = true
	}
	// Variables set by rules exist too, from the start (empty until set).
	for _, p := range sc.Screens {
		for i, r := range p.On {
			for name := range r.Set {
				c.varName(&r.where, "set/"+name, sprintf("screens.%s.on[%d].set", p.Name, i), name)
				c.vars[name] = true
			}
		}
	}
	for _, p := range sc.Screens {
		if ix := c.pages[p.Name]; ix != nil && ix.page == p {
			c.page(ix)
		}
	}
}

func (c *checker) varName(w *where, key, path, name string) {
	if name == valueVar {
		c.errorf(w, key, path, "%q is the operation's value in rules; name the variable otherwise", valueVar)
	} else if !varName.MatchString(name) {
		c.errorf(w, key, path, "%q is not a variable name (letters, digits, _ . -)", name)
	}
}

// template checks the holes of a template; inRule allows {{value}}.
func (c *checker) template(w *where, key, path, s string, inRule bool) {
	names, err := templateVars(s)
	if err != nil {
		c.errorf(w, key, path, "%v", err)
		return
	}
	for _, n := range names {
		if n == valueVar {
			if !inRule {
				c.errorf(w, key, path, "{{value}} is only known in a rule's effects")
			}
			continue
		}
		if !c.vars[n] {
			var known []string
			for k, ok := range c.vars {
				if ok {
					known = append(known, k)
				}
			}
			c.errorf(w, key, path, "unknown variable %q%s: declare it under vars", n, didYouMean(n, known))
		}
	}
}

func (c *checker) page(ix *pageIndex) {
	p := ix.page
	path := "screens." + p.Name
	if p.URL != "" {
		c.template(&p.where, "url", path+".url", p.URL, false)
		if u, err := url.Parse(expand(p.URL, func(string) string { return "x" })); err != nil || !u.IsAbs() {
			c.errorf(&p.where, "url", path+".url", "url %q: want an absolute URL such as http://shop.test/", p.URL)
		}
	}
	c.template(&p.where, "title", path+".title", p.Title, false)

	seen := map[string]bool{}
	ref := func(w *where, path, r string) {
		if r == "" {
			return
		}
		if seen[r] {
			c.errorf(w, "ref", path, "ref %q is used twice on screen %s", r, p.Name)
		}
		seen[r] = true
	}
	checkElems := func(path string, es []*Element) {
		for i, e := range es {
			ep := sprintf("%s[%d]", path, i)
			if e.Ref == "" {
				c.errorf(&e.where, "", ep, "a candidate needs a ref")
			}
			ref(&e.where, ep, e.Ref)
			c.element(ix, e, ep)
		}
	}
	checkTexts := func(path string, ts []*Text) {
		for i, t := range ts {
			tp := sprintf("%s[%d]", path, i)
			ref(&t.where, tp, t.Ref)
			if strings.TrimSpace(t.Text) == "" {
				c.errorf(&t.where, "", tp, "a context line needs text")
			}
			c.template(&t.where, "", tp, t.Text, false)
		}
	}
	checkElems(path+".candidates", p.Candidates)
	checkTexts(path+".context", p.Context)
	layerSeen := map[string]bool{}
	for _, l := range p.Layers {
		lp := path + ".layers." + l.ID
		if layerSeen[l.ID] {
			c.errorf(&l.where, "", lp, "layer %q is defined twice", l.ID)
		}
		layerSeen[l.ID] = true
		if l.Kind != surfaces.LayerDialog && l.Kind != surfaces.LayerPopover {
			c.errorf(&l.where, "kind", lp+".kind", "layer kind %q: want dialog or popover", l.Kind)
		}
		if l.Kind == surfaces.LayerDialog && len(l.Covers) > 0 {
			c.errorf(&l.where, "covers", lp+".covers", "a dialog covers everything beneath it; covers is for popovers")
		}
		checkElems(lp+".candidates", l.Candidates)
		checkTexts(lp+".context", l.Context)
	}
	for _, l := range p.Layers {
		for _, r := range l.Covers {
			c.elemRef(ix, &l.where, "covers/"+r, path+".layers."+l.ID+".covers", r)
		}
	}
	for i, r := range p.On {
		c.rule(ix, r, sprintf("%s.on[%d]", path, i))
	}
}

var textRoles = []string{"textbox", "searchbox", "spinbutton"}

var textTypes = []string{"", "text", "search", "email", "password", "tel", "url", "number", "date", "time", "datetime-local", "month", "week"}

// editable reports whether the element takes typed text.
func (e *Element) editable() bool {
	if e.Editable {
		return true
	}
	if len(e.Options) > 0 {
		return false
	}
	if slices.Contains(textRoles, e.Role) || e.Role == "combobox" {
		return true
	}
	return e.Type != "" && slices.Contains(textTypes, e.Type)
}

var checkRoles = []string{"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"}

func (c *checker) element(ix *pageIndex, e *Element, path string) {
	if e.Role == "" {
		c.errorf(&e.where, "", path, "candidate %s needs a role (button, link, textbox, checkbox, combobox, …)", e.Ref)
	}
	c.template(&e.where, "name", path+".name", e.Name, false)
	c.template(&e.where, "description", path+".description", e.Description, false)
	c.template(&e.where, "value", path+".value", e.Value, false)
	if e.Goto != "" && c.pages[e.Goto] == nil {
		c.errorf(&e.where, "goto", path+".goto", "goto: no screen %q%s", e.Goto, didYouMean(e.Goto, c.pageNames()))
	}
	if e.Goto != "" && e.Href != "" {
		c.errorf(&e.where, "href", path+".href", "give href or goto, not both")
	}
	if e.Href != "" {
		if u, err := url.Parse(e.Href); err != nil || !u.IsAbs() {
			c.errorf(&e.where, "href", path+".href", "href %q: want an absolute URL", e.Href)
		}
	}
	if e.Controls != "" && ix.layers[e.Controls] == nil {
		c.errorf(&e.where, "controls", path+".controls", "controls: no layer %q on screen %s", e.Controls, ix.page.Name)
	}
	if e.Checked && !slices.Contains(checkRoles, e.Role) {
		c.errorf(&e.where, "", path, "candidate %s is checked but its role %q is not a checkbox, radio or switch", e.Ref, e.Role)
	}
	if len(e.Options) > 0 && e.Value != "" && optionIndex(e.Options, e.Value) < 0 {
		c.errorf(&e.where, "value", path+".value", "value %q is not one of the options", e.Value)
	}
	for _, o := range e.Options {
		if o.Label == "" {
			c.errorf(&e.where, "", path+".options", "an option needs a label")
		}
	}
}

// optionIndex finds an option as the browser's selectOption does: exact
// label (case-insensitive, spaces collapsed), then value, then a label
// starting with the text.
func optionIndex(opts []surfaces.Option, want string) int {
	w := strings.ToLower(collapse(want))
	for i, o := range opts {
		if strings.ToLower(collapse(o.Label)) == w {
			return i
		}
	}
	for i, o := range opts {
		if strings.ToLower(o.Value) == w {
			return i
		}
	}
	for i, o := range opts {
		if w != "" && strings.HasPrefix(strings.ToLower(collapse(o.Label)), w) {
			return i
		}
	}
	return -1
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func (c *checker) elemRef(ix *pageIndex, w *where, key, path, r string) *Element {
	e := ix.elems[r]
	if e == nil {
		c.errorf(w, key, path, "no candidate %q on screen %s%s", r, ix.page.Name, didYouMean(r, ix.refs(false)))
	}
	return e
}

func (c *checker) anyRef(ix *pageIndex, w *where, key, path, r string) {
	if ix.elems[r] == nil && ix.texts[r] == nil {
		c.errorf(w, key, path, "no candidate or line %q on screen %s%s", r, ix.page.Name, didYouMean(r, ix.refs(true)))
	}
}

func (c *checker) layerRef(ix *pageIndex, w *where, key, path, id string) {
	if ix.layers[id] == nil {
		var names []string
		for n := range ix.layers {
			names = append(names, n)
		}
		c.errorf(w, key, path, "no layer %q on screen %s%s", id, ix.page.Name, didYouMean(id, names))
	}
}

var ruleOps = []surfaces.Op{surfaces.OpClick, surfaces.OpFill, surfaces.OpSelect, surfaces.OpCheck, surfaces.OpUncheck, surfaces.OpPress, surfaces.OpScroll, surfaces.OpHover}

func (c *checker) rule(ix *pageIndex, r *Rule, path string) {
	w := &r.where
	switch {
	case r.Op == "":
		c.errorf(w, "", path, "a rule needs an op (click, fill, select, check, uncheck, press, scroll or hover)")
	case r.Op == surfaces.OpNavigate || r.Op == surfaces.OpBack:
		c.errorf(w, "op", path+".op", "op %s cannot have rules: navigation goes by URL and history", r.Op)
	case !slices.Contains(ruleOps, r.Op):
		var names []string
		for _, o := range ruleOps {
			names = append(names, string(o))
		}
		c.errorf(w, "op", path+".op", "unknown op %q%s; want one of %s", r.Op, didYouMean(string(r.Op), names), strings.Join(names, ", "))
	}
	var target *Element
	if r.Ref != "" {
		target = c.elemRef(ix, w, "ref", path+".ref", r.Ref)
	} else if slices.Contains(ruleOps, r.Op) && r.Op != surfaces.OpPress && r.Op != surfaces.OpScroll {
		c.errorf(w, "", path, "a %s rule needs the ref it reacts to", r.Op)
	}
	switch r.Op {
	case surfaces.OpPress:
		if r.Value == "" {
			c.errorf(w, "", path, "a press rule needs the key it reacts to (key: Enter)")
		} else if _, err := normalizeKeys(r.Value); err != nil {
			c.errorf(w, "value", path+".key", "%v", err)
		}
	case surfaces.OpScroll:
		if !slices.Contains([]string{"", "down", "up", "top", "bottom"}, r.Value) {
			c.errorf(w, "value", path+".value", "scroll direction %q: want down, up, top or bottom", r.Value)
		}
	case surfaces.OpSelect:
		if target != nil && r.Value != "" && optionIndex(target.Options, r.Value) < 0 {
			c.errorf(w, "value", path+".value", "%q is not an option of %s", r.Value, r.Ref)
		}
	case surfaces.OpFill, surfaces.OpCheck, surfaces.OpUncheck:
		if target != nil && r.Op != surfaces.OpFill && !slices.Contains(checkRoles, target.Role) {
			c.errorf(w, "ref", path+".ref", "%s is a %s, not a checkbox, radio or switch", r.Ref, target.Role)
		}
		if target != nil && r.Op == surfaces.OpFill && !target.editable() {
			c.errorf(w, "ref", path+".ref", "%s is a %s, which takes no typed text", r.Ref, target.Role)
		}
	}
	for _, k := range sortedKeys(r.When) {
		c.elemRef(ix, w, "when/"+k, path+".when", k)
		c.template(w, "when/"+k, path+".when."+k, r.When[k], false)
	}
	for _, k := range sortedKeys(r.Set) {
		c.template(w, "set/"+k, path+".set."+k, r.Set[k], true)
	}
	for _, k := range sortedKeys(r.Values) {
		if e := c.elemRef(ix, w, "values/"+k, path+".values", k); e != nil && !e.editable() && len(e.Options) == 0 {
			c.errorf(w, "values/"+k, path+".values", "%s is a %s, which holds no value", k, e.Role)
		}
		c.template(w, "values/"+k, path+".values."+k, r.Values[k], true)
	}
	for field, refs := range map[string][]string{"reveal": r.Reveal, "hide": r.Hide} {
		for _, x := range refs {
			c.anyRef(ix, w, field+"/"+x, path+"."+field, x)
		}
	}
	for field, refs := range map[string][]string{"enable": r.Enable, "disable": r.Disable} {
		for _, x := range refs {
			c.elemRef(ix, w, field+"/"+x, path+"."+field, x)
		}
	}
	if r.Open != "" {
		c.layerRef(ix, w, "open", path+".open", r.Open)
	}
	if r.Close != "" {
		c.layerRef(ix, w, "close", path+".close", r.Close)
	}
	if r.Goto != "" && c.pages[r.Goto] == nil {
		c.errorf(w, "goto", path+".goto", "goto: no screen %q%s", r.Goto, didYouMean(r.Goto, c.pageNames()))
	}
	if r.Goto != "" && r.Back {
		c.errorf(w, "goto", path, "give goto or back, not both")
	}
	if r.Dialog != nil {
		c.template(w, "dialog", path+".dialog.message", r.Dialog.Message, true)
	}
	if r.Dialog != nil && !slices.Contains([]string{"alert", "confirm", "prompt", "beforeunload"}, r.Dialog.Type) {
		c.errorf(w, "dialog", path+".dialog", "dialog type %q: want alert, confirm, prompt or beforeunload", r.Dialog.Type)
	}
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
