package sim

import (
	"bytes"
	"errors"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"flow/surfaces"
)

// LoadScript reads, parses and checks the script file at path.
func LoadScript(path string) (*Script, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses and checks a script; name is the file name used in
// messages. Errors are [ScriptErrors], each naming file:line:col.
func Parse(name string, data []byte) (*Script, error) {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		return nil, ScriptErrors{syntaxError(name, err)}
	}
	d := &decoder{file: name}
	sc := d.script(&root)
	if err := d.errs.err(); err != nil {
		return nil, err
	}
	if err := sc.Check(); err != nil {
		return nil, err
	}
	return sc, nil
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError turns a yaml.v3 parse error into a positioned one. yaml.v3
// reports the line of a syntax error but not its column.
func syntaxError(file string, err error) *ScriptError {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		if isParserProblem(m[2]) {
			// yaml.v3 reports the scanner's lines from 1 but the parser's
			// from 0.
			line++
		}
		return &ScriptError{Pos: Pos{File: file, Line: line}, Msg: "YAML syntax: " + m[2]}
	}
	if errors.Is(err, io.EOF) {
		return &ScriptError{Pos: Pos{File: file}, Msg: "empty script: want start and screens"}
	}
	return &ScriptError{Pos: Pos{File: file}, Msg: strings.TrimPrefix(msg, "yaml: ")}
}

// parserProblems are the messages of yaml.v3's parser (as opposed to its
// scanner), whose line numbers count from 0.
var parserProblems = []string{
	"did not find expected <stream-start>", "did not find expected <document start>",
	"did not find expected node content", "did not find expected '-' indicator",
	"did not find expected key", "did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"found undefined tag handle", "found duplicate %YAML directive", "found incompatible YAML document",
	"found duplicate %TAG directive",
}

func isParserProblem(msg string) bool { return slices.Contains(parserProblems, msg) }

// decoder walks yaml.v3 nodes by hand, so every value keeps its position
// and unknown keys are reported with a suggestion.
type decoder struct {
	file string
	errs ScriptErrors
}

func (d *decoder) pos(n *yaml.Node) Pos { return Pos{File: d.file, Line: n.Line, Col: n.Column} }

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.errs = append(d.errs, &ScriptError{Pos: d.pos(n), Msg: sprintf(format, args...)})
}

// fields walks a mapping node, calling the handler of each key; an
// unknown or repeated key is an error.
func (d *decoder) fields(n *yaml.Node, what string, handlers map[string]func(key, val *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s: want a mapping of %s, got %s", what, keyList(handlers), kindName(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if seen[k.Value] {
			d.errorf(k, "%s: %s is given twice", what, k.Value)
			continue
		}
		seen[k.Value] = true
		h, ok := handlers[k.Value]
		if !ok {
			names := make([]string, 0, len(handlers))
			for name := range handlers {
				names = append(names, name)
			}
			d.errorf(k, "%s: unknown key %q%s; want one of %s", what, k.Value, didYouMean(k.Value, names), keyList(handlers))
			continue
		}
		h(k, v)
	}
}

func keyList(handlers map[string]func(key, val *yaml.Node)) string {
	names := make([]string, 0, len(handlers))
	for name := range handlers {
		names = append(names, name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return "the value " + strconv.Quote(n.Value)
	case yaml.AliasNode:
		return "an alias"
	}
	return "a document"
}

// resolve follows aliases, so anchors may be used to share parts.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func (d *decoder) str(n *yaml.Node, what string) string {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.errorf(n, "%s: want text, got %s", what, kindName(n))
		return ""
	}
	return n.Value
}

func (d *decoder) boolean(n *yaml.Node, what string) bool {
	n = resolve(n)
	var b bool
	if n.Kind != yaml.ScalarNode || n.Decode(&b) != nil {
		d.errorf(n, "%s: want true or false, got %s", what, kindName(n))
	}
	return b
}

func (d *decoder) number(n *yaml.Node, what string) float64 {
	n = resolve(n)
	var f float64
	if n.Kind != yaml.ScalarNode || n.Decode(&f) != nil {
		d.errorf(n, "%s: want a number, got %s", what, kindName(n))
	}
	return f
}

// strs reads one text or a list of texts; w marks each entry's position
// under key/entry.
func (d *decoder) strs(n *yaml.Node, what string, w *where, key string) []string {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		if w != nil {
			w.mark(key+"/"+n.Value, d.pos(n))
		}
		return []string{n.Value}
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s: want text or a list of texts, got %s", what, kindName(n))
		return nil
	}
	var out []string
	for _, item := range n.Content {
		s := d.str(item, what)
		if w != nil {
			w.mark(key+"/"+s, d.pos(item))
		}
		out = append(out, s)
	}
	return out
}

// strMap reads a mapping of texts; w marks each key's position under
// key/name.
func (d *decoder) strMap(n *yaml.Node, what string, w *where, key string) map[string]string {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s: want a mapping of names to texts, got %s", what, kindName(n))
		return nil
	}
	out := map[string]string{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		if _, dup := out[k.Value]; dup {
			d.errorf(k, "%s: %s is given twice", what, k.Value)
			continue
		}
		if v.Kind != yaml.ScalarNode {
			d.errorf(v, "%s: %s: want text, got %s", what, k.Value, kindName(v))
			continue
		}
		out[k.Value] = v.Value // null reads as ""
		if w != nil {
			w.mark(key+"/"+k.Value, d.pos(k))
		}
	}
	return out
}

// entries walks an ordered mapping (screens, layers), calling f with each
// key and value.
func (d *decoder) entries(n *yaml.Node, what string, f func(key, val *yaml.Node)) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s: want a mapping of names, got %s", what, kindName(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if seen[k.Value] {
			d.errorf(k, "%s: %q is defined twice", what, k.Value)
			continue
		}
		seen[k.Value] = true
		f(k, resolve(n.Content[i+1]))
	}
}

func (d *decoder) list(n *yaml.Node, what string, f func(item *yaml.Node)) {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s: want a list, got %s", what, kindName(n))
		return
	}
	for _, item := range n.Content {
		f(resolve(item))
	}
}

func (d *decoder) script(root *yaml.Node) *Script {
	sc := &Script{Name: d.file}
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	sc.Pos = d.pos(n)
	d.fields(n, "script", map[string]func(k, v *yaml.Node){
		"start": func(k, v *yaml.Node) { sc.Start = d.str(v, "start"); sc.mark("start", d.pos(v)) },
		"allow": func(k, v *yaml.Node) { sc.Allow = d.strs(v, "allow", &sc.where, "allow") },
		"vars":  func(k, v *yaml.Node) { sc.Vars = d.strMap(v, "vars", &sc.where, "vars") },
		"screens": func(k, v *yaml.Node) {
			d.entries(v, "screens", func(k, v *yaml.Node) {
				sc.Screens = append(sc.Screens, d.page(k, v))
			})
		},
	})
	return sc
}

func (d *decoder) page(k, n *yaml.Node) *Page {
	p := &Page{Name: k.Value}
	p.Pos = d.pos(k)
	what := "screen " + k.Value
	d.fields(n, what, map[string]func(k, v *yaml.Node){
		"url":   func(k, v *yaml.Node) { p.URL = d.str(v, what+": url"); p.mark("url", d.pos(v)) },
		"title": func(k, v *yaml.Node) { p.Title = d.str(v, what+": title"); p.mark("title", d.pos(v)) },
		"candidates": func(k, v *yaml.Node) {
			d.list(v, what+": candidates", func(item *yaml.Node) { p.Candidates = append(p.Candidates, d.element(item, what)) })
		},
		"context": func(k, v *yaml.Node) {
			d.list(v, what+": context", func(item *yaml.Node) { p.Context = append(p.Context, d.text(item, what)) })
		},
		"layers": func(k, v *yaml.Node) {
			d.entries(v, what+": layers", func(k, v *yaml.Node) { p.Layers = append(p.Layers, d.layer(k, v, what)) })
		},
		"on": func(k, v *yaml.Node) {
			d.list(v, what+": on", func(item *yaml.Node) { p.On = append(p.On, d.rule(item, what)) })
		},
	})
	return p
}

func (d *decoder) element(n *yaml.Node, screen string) *Element {
	e := &Element{}
	e.Pos = d.pos(n)
	what := screen + ": candidate"
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == "ref" && n.Content[i+1].Kind == yaml.ScalarNode {
				what += " " + n.Content[i+1].Value
			}
		}
	}
	text := func(dst *string, field string) func(k, v *yaml.Node) {
		return func(k, v *yaml.Node) { *dst = d.str(v, what+": "+field); e.mark(field, d.pos(v)) }
	}
	flag := func(dst *bool, field string) func(k, v *yaml.Node) {
		return func(k, v *yaml.Node) { *dst = d.boolean(v, what+": "+field) }
	}
	d.fields(n, what, map[string]func(k, v *yaml.Node){
		"ref": text(&e.Ref, "ref"), "role": text(&e.Role, "role"), "name": text(&e.Name, "name"),
		"description": text(&e.Description, "description"), "value": text(&e.Value, "value"),
		"label": text(&e.Label, "label"), "placeholder": text(&e.Placeholder, "placeholder"),
		"type": text(&e.Type, "type"), "autocomplete": text(&e.Autocomplete, "autocomplete"),
		"href": text(&e.Href, "href"), "goto": text(&e.Goto, "goto"), "group": text(&e.Group, "group"),
		"form": text(&e.Form, "form"), "controls": text(&e.Controls, "controls"),
		"path":     func(k, v *yaml.Node) { e.Path = d.strs(v, what+": path", nil, "") },
		"editable": flag(&e.Editable, "editable"), "checked": flag(&e.Checked, "checked"),
		"selected": flag(&e.Selected, "selected"), "expanded": flag(&e.Expanded, "expanded"),
		"disabled": flag(&e.Disabled, "disabled"), "readonly": flag(&e.Readonly, "readonly"),
		"required": flag(&e.Required, "required"), "offscreen": flag(&e.Offscreen, "offscreen"),
		"focused": flag(&e.Focused, "focused"), "hidden": flag(&e.Hidden, "hidden"),
		"submit": flag(&e.Submit, "submit"),
		"options": func(k, v *yaml.Node) {
			d.list(v, what+": options", func(item *yaml.Node) {
				e.Options = append(e.Options, d.option(item, what))
				e.mark("option/"+e.Options[len(e.Options)-1].Label, d.pos(item))
			})
		},
		"bounds": func(k, v *yaml.Node) {
			v = resolve(v)
			if v.Kind != yaml.SequenceNode || len(v.Content) != 4 {
				d.errorf(v, "%s: bounds: want [x, y, w, h], got %s", what, kindName(v))
				return
			}
			b := surfaces.Bounds{}
			for i, dst := range []*float64{&b.X, &b.Y, &b.W, &b.H} {
				*dst = d.number(v.Content[i], what+": bounds")
			}
			e.Bounds = &b
		},
	})
	return e
}

func (d *decoder) option(n *yaml.Node, what string) surfaces.Option {
	if n.Kind == yaml.ScalarNode {
		return surfaces.Option{Label: d.str(n, what+": option")}
	}
	var o surfaces.Option
	d.fields(n, what+": option", map[string]func(k, v *yaml.Node){
		"label":    func(k, v *yaml.Node) { o.Label = d.str(v, what+": option label") },
		"value":    func(k, v *yaml.Node) { o.Value = d.str(v, what+": option value") },
		"selected": func(k, v *yaml.Node) { o.Selected = d.boolean(v, what+": option selected") },
		"disabled": func(k, v *yaml.Node) { o.Disabled = d.boolean(v, what+": option disabled") },
	})
	return o
}

func (d *decoder) text(n *yaml.Node, screen string) *Text {
	t := &Text{}
	t.Pos = d.pos(n)
	what := screen + ": context line"
	if n.Kind == yaml.ScalarNode {
		t.Text = d.str(n, what)
		return t
	}
	d.fields(n, what, map[string]func(k, v *yaml.Node){
		"ref":    func(k, v *yaml.Node) { t.Ref = d.str(v, what+": ref") },
		"text":   func(k, v *yaml.Node) { t.Text = d.str(v, what+": text") },
		"role":   func(k, v *yaml.Node) { t.Role = d.str(v, what+": role") },
		"path":   func(k, v *yaml.Node) { t.Path = d.strs(v, what+": path", nil, "") },
		"hidden": func(k, v *yaml.Node) { t.Hidden = d.boolean(v, what+": hidden") },
	})
	return t
}

func (d *decoder) layer(k, n *yaml.Node, screen string) *Layer {
	l := &Layer{ID: k.Value, Kind: surfaces.LayerDialog}
	l.Pos = d.pos(k)
	what := screen + ": layer " + k.Value
	d.fields(n, what, map[string]func(k, v *yaml.Node){
		"kind":   func(k, v *yaml.Node) { l.Kind = surfaces.Layer(d.str(v, what+": kind")); l.mark("kind", d.pos(v)) },
		"name":   func(k, v *yaml.Node) { l.Name = d.str(v, what+": name") },
		"open":   func(k, v *yaml.Node) { l.Open = d.boolean(v, what+": open") },
		"escape": func(k, v *yaml.Node) { l.Escape = d.boolean(v, what+": escape") },
		"covers": func(k, v *yaml.Node) { l.Covers = d.strs(v, what+": covers", &l.where, "covers") },
		"candidates": func(k, v *yaml.Node) {
			d.list(v, what+": candidates", func(item *yaml.Node) { l.Candidates = append(l.Candidates, d.element(item, what)) })
		},
		"context": func(k, v *yaml.Node) {
			d.list(v, what+": context", func(item *yaml.Node) { l.Context = append(l.Context, d.text(item, what)) })
		},
	})
	return l
}

func (d *decoder) rule(n *yaml.Node, screen string) *Rule {
	r := &Rule{}
	r.Pos = d.pos(n)
	what := screen + ": rule"
	text := func(dst *string, field string) func(k, v *yaml.Node) {
		return func(k, v *yaml.Node) { *dst = d.str(v, what+": "+field); r.mark(field, d.pos(v)) }
	}
	refs := func(dst *[]string, field string) func(k, v *yaml.Node) {
		return func(k, v *yaml.Node) { *dst = d.strs(v, what+": "+field, &r.where, field) }
	}
	var op string
	value := func(field string) func(k, v *yaml.Node) {
		return func(k, v *yaml.Node) {
			if r.Value != "" {
				d.errorf(k, "%s: give value or key, not both", what)
			}
			r.Value = d.str(v, what+": "+field)
			r.mark("value", d.pos(v))
		}
	}
	d.fields(n, what, map[string]func(k, v *yaml.Node){
		"op": text(&op, "op"), "ref": text(&r.Ref, "ref"),
		"value": value("value"), "key": value("key"),
		"when":   func(k, v *yaml.Node) { r.When = d.strMap(v, what+": when", &r.where, "when") },
		"set":    func(k, v *yaml.Node) { r.Set = d.strMap(v, what+": set", &r.where, "set") },
		"values": func(k, v *yaml.Node) { r.Values = d.strMap(v, what+": values", &r.where, "values") },
		"reveal": refs(&r.Reveal, "reveal"), "hide": refs(&r.Hide, "hide"),
		"enable": refs(&r.Enable, "enable"), "disable": refs(&r.Disable, "disable"),
		"open": text(&r.Open, "open"), "close": text(&r.Close, "close"),
		"event": text(&r.Event, "event"), "goto": text(&r.Goto, "goto"),
		"request": text(&r.Request, "request"),
		"back":    func(k, v *yaml.Node) { r.Back = d.boolean(v, what+": back") },
		"dialog": func(k, v *yaml.Node) {
			dl := &surfaces.Dialog{}
			r.mark("dialog", d.pos(v))
			d.fields(resolve(v), what+": dialog", map[string]func(k, v *yaml.Node){
				"type":    func(k, v *yaml.Node) { dl.Type = d.str(v, what+": dialog type") },
				"message": func(k, v *yaml.Node) { dl.Message = d.str(v, what+": dialog message") },
			})
			r.Dialog = dl
		},
	})
	r.Op = surfaces.Op(op)
	return r
}
