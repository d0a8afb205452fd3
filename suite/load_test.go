package suite

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"flow/runtime"
)

// writeTree writes files (slash paths → text) under a new temporary
// folder and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// chdir makes dir the working folder for the test, so case names are the
// short relative paths a user sees.
func chdir(t *testing.T, dir string) {
	t.Helper()
	old, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(old) })
}

const simpleFlow = `flow %s "A flow" {
  fact site: url "Address" = "http://localhost:8080/"
  fact who: text "Someone"

  browse "${site}"
  verify "${who} is shown"
}
`

func flowSrc(name string) string { return strings.ReplaceAll(simpleFlow, "%s", name) }

func byName(cases []*Case) map[string]*Case {
	m := map[string]*Case{}
	for _, c := range cases {
		m[c.Name] = c
	}
	return m
}

func TestLoadFindsCasesFactsCaseFilesAndExpectFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"lib/a.flow":           flowSrc("a"),
		"lib/a.facts.yaml":     "who: Ada\n",
		"lib/sub/b.flow":       flowSrc("b"),
		"lib/sub/b.facts.yaml": "who: Grace\n",
		// c is named by a case file only: no case of its own.
		"lib/c.flow": flowSrc("c"),
		"lib/c.test.yaml": `cases:
  - name: c_with_ada
    flow: c.flow
    site: shop
    fact:
      who: Ada
    expect: failed
    step: "2"
  - flow: c.flow
    flow_name: c
    fact: {who: Charles}
    expect: [completed, stopped_before]
    stop_target: Pay
`,
		// d has an expect file: one case, read from it.
		"lib/d.flow":        flowSrc("d"),
		"lib/d.facts.yaml":  "who: Mary\n",
		"lib/d.expect.yaml": "flow: d\nsite: mail\noutcome: stopped_before\nstop_target: Send\nevents: [draft_saved]\nvariables:\n  total: \"1.00 EUR\"\n",
		// uses imports helper: helper is a library, not a case.
		"lib/uses.flow":   "import \"./helper.flow\" as h\n\nflow uses \"Uses\" {\n  fact site: url \"Address\" = \"http://localhost:8080/\"\n\n  browse \"${site}\"\n  h.look()\n}\n",
		"lib/helper.flow": "flow look \"Look\" {\n  verify \"the page is shown\"\n}\n",
		// Skipped folders.
		"lib/_drafts/x.flow":   "not a flow",
		"lib/testdata/y.flow":  "not a flow",
		"lib/.hidden/z.flow":   "not a flow",
		"lib/notes/readme.txt": "ignored",
	})
	chdir(t, dir)
	cases, diags := Load([]string{"lib"}, LoadOptions{Sites: []string{"mail", "shop"}})
	if diags.HasErrors() {
		t.Fatalf("diagnostics:\n%v", diags)
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
	}
	want := []string{"c_with_ada", "lib/a", "lib/c:c", "lib/d", "lib/sub/b", "lib/uses"}
	if !slices.Equal(names, want) {
		t.Fatalf("cases %v, want %v", names, want)
	}
	m := byName(cases)
	if c := m["lib/a"]; c.FactsFile != "lib/a.facts.yaml" || c.facts["who"] != "Ada" || len(c.Expect.Outcomes) != 0 {
		t.Errorf("lib/a: facts file %q, facts %v, expect %v", c.FactsFile, c.facts, c.Expect)
	}
	if c := m["c_with_ada"]; c.Site != "shop" || c.facts["who"] != "Ada" || !slices.Equal(c.Expect.Outcomes, []runtime.Outcome{runtime.Failed}) || c.Expect.Step != "2" {
		t.Errorf("c_with_ada: %+v", c)
	}
	if c := m["c_with_ada"]; c.Declared != "lib/c.test.yaml:2:5" {
		t.Errorf("c_with_ada declared at %q", c.Declared)
	}
	if c := m["lib/c:c"]; c.facts["who"] != "Charles" || len(c.Expect.Outcomes) != 2 || c.Expect.StopTarget != "Pay" {
		t.Errorf("lib/c:c: %+v", c)
	}
	if c := m["lib/d"]; c.Site != "mail" || c.FactsFile != "lib/d.facts.yaml" || c.Expect.StopTarget != "Send" ||
		c.Expect.Variables["total"] != "1.00 EUR" || !slices.Equal(c.Expect.Outcomes, []runtime.Outcome{runtime.StoppedBefore}) {
		t.Errorf("lib/d: %+v", c)
	}
	if c := m["lib/uses"]; c.Flow == nil || c.Flow.Name != "uses" {
		t.Errorf("lib/uses: %+v", c)
	}
	// Each case has its own compiled flow: two cases of one file may run
	// at once.
	if m["c_with_ada"].Flow == m["lib/c:c"].Flow {
		t.Error("two cases share one compiled flow")
	}
}

func TestLoadListsEveryErrorBeforeAnythingRuns(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"bad/syntax.flow":   "flow broken {\n",
		"bad/types.flow":    "flow t \"T\" {\n  fact site: url \"A\" = \"http://localhost:8080/\"\n\n  browse \"${site}\"\n  verify \"${nope} is shown\"\n}\n",
		"bad/needs.flow":    flowSrc("needs"), // `who` has no value anywhere
		"bad/ok.flow":       flowSrc("ok"),
		"bad/ok.facts.yaml": "who: Ada\nwhom: typo\n",
		"bad/cases.test.yaml": `cases:
  - flow: ok.flow
    stie: shop
    expect: finished
  - flow: ok.flow
    name: dup
  - flow: ok.flow
    name: dup
    expect: completed
  - flow: missing.flow
  - flow: ok.flow
    name: unknown_site
    site: bank
  - flow: ok.flow
    name: secret_env
    secrets: {token: CI_TOKEN}
`,
		"bad/broken.test.yaml": "cases:\n\t- flow: ok.flow\n",
	})
	chdir(t, dir)
	cases, diags := Load([]string{"bad"}, LoadOptions{Sites: []string{"shop"}, Getenv: func(string) string { return "" }})
	if cases != nil {
		t.Errorf("Load returned %d cases with errors", len(cases))
	}
	text := diags.Error()
	for _, want := range []string{
		"bad/syntax.flow:",          // a syntax error
		"bad/types.flow:5:",         // an unknown name
		"missing required fact who", // a fact with no value
		"bad/ok.facts.yaml:2:1",     // an unknown fact, placed
		"bad/cases.test.yaml:3:5: error T002: unknown key stie", // a typo in a case file
		"unknown outcome finished",                              // an unknown outcome
		"case dup is declared twice",                            // a repeated name
		"cannot read flow file bad/missing.flow",                // a missing flow
		"no fixture site bank",                                  // an unknown site
		"token is not a secret of flow ok",                      // a secret the flow does not have
		"bad/broken.test.yaml:2:",                               // YAML broken, with its line
	} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, text)
		}
	}
	seen := map[string]bool{}
	for _, d := range diags {
		if seen[d.Error()] {
			t.Errorf("listed twice: %s", d)
		}
		seen[d.Error()] = true
	}
	// Hints say what to do.
	for _, d := range diags {
		if strings.Contains(d.Summary, "unknown key stie") && d.Hint != "did you mean site?" {
			t.Errorf("hint for stie: %q", d.Hint)
		}
		if strings.Contains(d.Summary, "unknown outcome finished") && !strings.Contains(d.Hint, "completed") {
			t.Errorf("hint for finished: %q", d.Hint)
		}
	}
}

// A case's list fact may be a YAML list, its items kept whole (commas
// too), or one line as --fact takes it; a list for a fact of another type
// is an error at its line.
func TestLoadListFactsOfACase(t *testing.T) {
	src := "flow l \"L\" {\n  fact site: url \"A\" = \"http://localhost:8080/\"\n  fact cities: list\n  fact note: text = \"-\"\n\n  browse \"${site}\"\n  verify \"${note} is shown\"\n}\n"
	dir := writeTree(t, map[string]string{
		"l/l.flow": src,
		"l/l.test.yaml": `cases:
  - {flow: l.flow, name: yaml_list, fact: {cities: ["Lisbon, PT", Oslo, 'say "hi"', ""]}}
  - {flow: l.flow, name: one_line, fact: {cities: '"Lisbon, PT",Oslo', note: "hello, world"}}
`,
		"bad/l.flow":      src,
		"bad/l.test.yaml": "cases:\n  - {flow: l.flow, fact: {cities: [a], note: [b, c]}}\n",
	})
	chdir(t, dir)
	cases, diags := Load([]string{"l"}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	m := byName(cases)
	if got, want := m["yaml_list"].facts["cities"], []string{"Lisbon, PT", "Oslo", `say "hi"`, ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("yaml_list: cities %q, want %q", got, want)
	}
	if got, want := m["one_line"].facts["cities"], []string{"Lisbon, PT", "Oslo"}; !reflect.DeepEqual(got, want) || m["one_line"].facts["note"] != "hello, world" {
		t.Errorf("one_line: cities %q, note %q", got, m["one_line"].facts["note"])
	}
	_, diags = Load([]string{"bad"}, LoadOptions{})
	if !strings.Contains(diags.Error(), "bad/l.test.yaml:2:46: error T003: fact note is of type text, not a list") {
		t.Errorf("a list for a text fact: %v", diags)
	}
}

func TestLoadSecretsFromTheEnvironmentByName(t *testing.T) {
	src := "flow s \"S\" {\n  fact site: url \"A\" = \"http://localhost:8080/\"\n  secret token \"A token\"\n\n  browse \"${site}\"\n  enter \"token\" = token\n  verify \"the token is accepted\"\n}\n"
	dir := writeTree(t, map[string]string{
		"s/s.flow":      src,
		"s/s.test.yaml": "cases:\n  - flow: s.flow\n    name: named\n    secrets: {token: CI_TOKEN}\n  - flow: s.flow\n    name: default\n",
	})
	chdir(t, dir)
	env := map[string]string{"CI_TOKEN": "from-ci", "FLOW_SECRET_TOKEN": "from-flow-secret"}
	cases, diags := Load([]string{"s"}, LoadOptions{Getenv: func(k string) string { return env[k] }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	m := byName(cases)
	if m["named"].secrets["token"] != "from-ci" || m["default"].secrets["token"] != "from-flow-secret" {
		t.Errorf("secrets: named %v, default %v", m["named"].secrets, m["default"].secrets)
	}
	delete(env, "CI_TOKEN")
	_, diags = Load([]string{"s"}, LoadOptions{Getenv: func(k string) string { return env[k] }})
	if !strings.Contains(diags.Error(), "secret token: CI_TOKEN is not set") {
		t.Errorf("missing CI_TOKEN: %v", diags)
	}
	for _, d := range diags {
		if strings.Contains(d.Error(), "from-flow-secret") || strings.Contains(d.Hint, "from-flow-secret") {
			t.Errorf("a diagnostic holds a secret's value: %v", d)
		}
	}
}

func TestLoadRejectsPathsThatAreNotFlowsOrCaseFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{"x/readme.md": "hi", "empty/.keep": ""})
	chdir(t, dir)
	_, diags := Load([]string{"x/readme.md", "nowhere"}, LoadOptions{})
	text := diags.Error()
	for _, want := range []string{"x/readme.md", "not a .flow or .test.yaml file", "nowhere", "no such file"} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, text)
		}
	}
	if _, diags := Load([]string{"empty"}, LoadOptions{}); !strings.Contains(diags.Error(), "no .flow files in empty") {
		t.Errorf("an empty folder: %v", diags)
	}
}
