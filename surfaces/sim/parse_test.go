package sim

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flow/surfaces"
)

// Each case is a broken script and the errors it must give, in order,
// each naming file:line:col.
var badScripts = []struct {
	name, src string
	want      []string
}{
	{"syntax", "screens:\n  a: {url: [}\n", []string{
		"bad.yaml:2: YAML syntax: did not find expected node content"}},
	{"syntax in a flow list", "a: 1\nb: 2\nc: 3\nd: {x: [}\n", []string{
		"bad.yaml:4: YAML syntax: did not find expected node content"}},
	{"syntax in a block", "a: 1\nb: 2\nc: 3\nd:\n  - x\n y: 2\n", []string{
		"bad.yaml:6: YAML syntax: did not find expected key"}},
	// yaml.v3 names the line where the scalar the tab breaks began.
	{"syntax tab", "a: 1\nb: 2\n\tc: 3\n", []string{
		"bad.yaml:2: YAML syntax: found a tab character that violates indentation"}},
	{"syntax mapping value", "a: 1\nb: 2\nc: 3\nd: x: y\n", []string{
		"bad.yaml:4: YAML syntax: mapping values are not allowed in this context"}},
	{"empty", "", []string{"bad.yaml: empty script: want start and screens"}},
	{"top-level typo", "start: a\nscreen:\n  a: {}\n", []string{
		`bad.yaml:2:1: script: unknown key "screen" (did you mean "screens"?); want one of allow, screens, start, vars`}},
	{"no screens", "start: a\n", []string{"bad.yaml:1:1: the script has no screens"}},
	{"start unknown", "start: serch\nscreens:\n  search: {}\n", []string{
		`bad.yaml:1:8: start: no screen "serch" (did you mean "search"?)`}},
	{"screen not a mapping", "screens:\n  a: [1]\n", []string{
		"bad.yaml:2:6: screen a: want a mapping of candidates, context, layers, on, title, url, got a list"}},
	{"candidate problems", `screens:
  a:
    candidates:
      - {ref: q, role: textbox, nmae: Search}
      - {ref: q, role: button}
      - {role: button, name: Go, disabled: maybe}
`, []string{
		`bad.yaml:4:33: screen a: candidate q: unknown key "nmae" (did you mean "name"?); want one of `,
		"bad.yaml:6:44: screen a: candidate: disabled: want true or false, got the value \"maybe\"",
	}},
	{"duplicate ref and missing role", `screens:
  a:
    candidates:
      - {ref: q, role: textbox}
      - {ref: q, role: button}
      - {ref: r}
`, []string{
		`bad.yaml:5:15: ref "q" is used twice on screen a`,
		"bad.yaml:6:9: candidate r needs a role (button, link, textbox, checkbox, combobox, …)",
	}},
	{"rule problems", `screens:
  a:
    candidates:
      - {ref: go, role: button, name: Go}
      - {ref: sort, role: combobox, options: [Name, Price]}
    layers:
      menu: {kind: popover}
    on:
      - {op: klick, ref: go}
      - {op: click, ref: og, goto: b}
      - {op: click, ref: go, open: manu, reveal: [nothing]}
      - {op: select, ref: sort, value: Date}
      - {op: press, key: Ctrl+Hyper+x}
      - {op: fill, ref: go}
      - {op: navigate}
  b: {}
`, []string{
		`bad.yaml:9:14: unknown op "klick" (did you mean "click"?); want one of click, fill, select, check, uncheck, press, scroll, hover`,
		`bad.yaml:10:26: no candidate "og" on screen a (did you mean "go"?)`,
		`bad.yaml:11:36: no layer "manu" on screen a (did you mean "menu"?)`,
		`bad.yaml:11:51: no candidate or line "nothing" on screen a`,
		`bad.yaml:12:40: "Date" is not an option of sort`,
		`bad.yaml:13:26: key combination "Ctrl+Hyper+x": unknown modifier "Hyper" (want Control, Shift, Alt or Meta)`,
		`bad.yaml:14:25: go is a button, which takes no typed text`,
		`bad.yaml:15:14: op navigate cannot have rules: navigation goes by URL and history`,
	}},
	{"templates and vars", `vars: {cart: "0"}
screens:
  a:
    url: http://shop.test/
    title: "Cart {{crat}}"
    candidates:
      - {ref: x, role: button, name: "{{value}}"}
    context:
      - "Total {{ cart"
`, []string{
		`bad.yaml:5:12: unknown variable "crat" (did you mean "cart"?): declare it under vars`,
		`bad.yaml:7:38: {{value}} is only known in a rule's effects`,
		`bad.yaml:9:9: template "Total {{ cart": a {{ is not closed by }}`,
	}},
	{"urls, layers and allow", `allow: ["shop.*.test"]
screens:
  a:
    url: /relative
    candidates:
      - {ref: x, role: link, href: "nowhere"}
    layers:
      cookies: {kind: modal, covers: [x]}
`, []string{
		`bad.yaml:1:1: allowed origin "shop.*.test": a wildcard may only start the host, as in *.example.com`,
		`bad.yaml:4:10: url "/relative": want an absolute URL such as http://shop.test/`,
		`bad.yaml:6:36: href "nowhere": want an absolute URL`,
		`bad.yaml:8:23: layer kind "modal": want dialog or popover`,
	}},
	{"variables", `vars: {value: x, "bad name": y}
screens: {a: {}}
`, []string{
		`bad.yaml:1:8: "value" is the operation's value in rules; name the variable otherwise`,
		`bad.yaml:1:18: "bad name" is not a variable name (letters, digits, _ . -)`,
	}},
	{"bounds", `screens:
  a:
    candidates:
      - {ref: x, role: button, bounds: [1, 2, wide, 4]}
      - {ref: y, role: button, bounds: 3}
`, []string{
		`bad.yaml:4:47: screen a: candidate x: bounds: want a number, got the value "wide"`,
		`bad.yaml:5:40: screen a: candidate y: bounds: want [x, y, w, h], got the value "3"`,
	}},
	{"duplicate keys", "screens:\n  a: {}\n  a: {}\nstart: a\nstart: a\n", []string{
		`bad.yaml:3:3: screens: "a" is defined twice`,
		"bad.yaml:5:1: script: start is given twice",
	}},
}

func TestParseErrors(t *testing.T) {
	for _, tc := range badScripts {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("bad.yaml", []byte(tc.src))
			var errs ScriptErrors
			if !errors.As(err, &errs) {
				t.Fatalf("want ScriptErrors, got %T %v", err, err)
			}
			got := strings.Split(err.Error(), "\n")
			if len(got) != len(tc.want) {
				t.Fatalf("got %d errors:\n%s\nwant %d:\n%s", len(got), err, len(tc.want), strings.Join(tc.want, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("error %d:\n got %s\nwant %s", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestLoadNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.yaml")
	if err := os.WriteFile(path, []byte("screens:\n  a:\n    on:\n      - {op: click, ref: nope}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.HasPrefix(err.Error(), path+":4:26: no candidate \"nope\"") {
		t.Errorf("got %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

func TestAnchorsAndScalarForms(t *testing.T) {
	src := `screens:
  a:
    candidates:
      - &btn {ref: one, role: button, name: One}
      - {ref: sel, role: combobox, value: b, options: [a, {label: b, value: B}]}
    context: [Plain line, {text: Heading, role: heading}]
    on:
      - {op: click, ref: one, reveal: two, event: x}
  b:
    candidates:
      - *btn
    context:
      - {ref: two, text: hidden, hidden: true}
`
	_, err := Parse("ok.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), `ok.yaml:8:39: no candidate or line "two" on screen a`) {
		t.Fatalf("a ref of another screen must not resolve: %v", err)
	}
	src = strings.Replace(src, "reveal: two, ", "", 1)
	sc, err := Parse("ok.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := sc.Screens[1].Candidates[0]; got.Ref != "one" || got.Name != "One" {
		t.Errorf("alias: %+v", got)
	}
	if got := sc.Screens[0].Candidates[1].Options; len(got) != 2 || got[1].Value != "B" {
		t.Errorf("options: %+v", got)
	}
	if got := sc.Screens[0].Context; got[0].Text != "Plain line" || got[1].Role != "heading" {
		t.Errorf("context: %+v %+v", got[0], got[1])
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/sim/*.yaml")
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, tc := range badScripts {
		f.Add([]byte(tc.src))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse("fuzz.yaml", data)
		if err != nil {
			var errs ScriptErrors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error not a list of script errors: %T %v", err, err)
			}
			return
		}
		// A script that parses runs.
		s, err := New(sc)
		if err != nil {
			t.Fatalf("Parse accepted what New rejects: %v", err)
		}
		ctx := t.Context()
		sc0, err := s.Observe(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// Acting on whatever the script shows never panics and never
		// fails untyped for lack of a ref.
		for _, c := range sc0.Candidates {
			for _, op := range []surfaces.Operation{
				surfaces.Fill(c.Ref, "x"), surfaces.Select(c.Ref, "x"), surfaces.Check(c.Ref),
				surfaces.Press(c.Ref, "Enter"), surfaces.Hover(c.Ref), surfaces.Click(c.Ref),
			} {
				s.Act(ctx, op)
			}
			if _, err := s.Observe(ctx); err != nil {
				t.Fatal(err)
			}
		}
		s.Act(ctx, surfaces.Scroll("", "down"))
		s.Act(ctx, surfaces.Press("", "Escape"))
		s.Act(ctx, surfaces.Back())
		if _, err := s.Observe(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

// TestDocExample keeps the example of doc.go true: it must parse and run.
func TestDocExample(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var yaml []string
	in := false
	for _, line := range strings.Split(string(src), "\n") {
		switch {
		case strings.HasPrefix(line, "// # File format"):
			in = true
		case in && strings.HasPrefix(line, "//\t"):
			yaml = append(yaml, strings.TrimPrefix(line, "//\t"))
		case in && len(yaml) > 0:
			in = false
		}
	}
	if len(yaml) < 10 {
		t.Fatalf("no example found in doc.go")
	}
	sc, err := Parse("doc.go example", []byte(strings.Join(yaml, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	if got := observe(t, s); got.Layer != "dialog" || len(got.Find("button", "Accept all")) != 1 {
		t.Errorf("example screen:\n%s", got)
	}
	act(t, s, surfaces.Click(ref(t, s, "accept")))
	act(t, s, surfaces.Fill(ref(t, s, "q"), "lamp"))
	act(t, s, surfaces.Press("", "Enter"))
	if got := observe(t, s); got.URL != "http://shop.test/search?q=lamp" || got.Title != "“lamp”" {
		t.Errorf("example results:\n%s", got)
	}
}

func TestErrorsAreCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("screens:\n  a:\n    on:\n")
	for range 40 {
		b.WriteString("      - {op: click, ref: nope}\n")
	}
	_, err := Parse("many.yaml", []byte(b.String()))
	lines := strings.Split(fmt.Sprint(err), "\n")
	if len(lines) != maxErrors+1 || lines[maxErrors] != "many.yaml: … and 10 more errors" || !strings.HasPrefix(lines[0], "many.yaml:4:26:") {
		t.Errorf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
}
