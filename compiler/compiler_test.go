package compiler

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"flow/grammar"
	"flow/plan"
	"flow/stdlib"
)

// codes returns the codes of diags, in order.
func codes(diags grammar.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Code)
	}
	return out
}

func findDiag(diags grammar.Diagnostics, code, file string) *grammar.Diagnostic {
	for _, d := range diags {
		if d.Code == code && (file == "" || d.Range.Filename == file) {
			return d
		}
	}
	return nil
}

// TestLintAcrossLibrary: whether a flow is an entry flow, and whether its
// settings are ignored, depends on the other linted files.
func TestLintAcrossLibrary(t *testing.T) {
	entry := Source{Name: "lib/entry.flow", Src: []byte(`import "./login.flow" as auth

flow entry "Sign in and check the account" {
  browse "https://shop.example.com/"
  auth.login()
  verify "the account page is shown"
}
`)}
	login := Source{Name: "lib/login.flow", Src: []byte(`flow login "Sign in" {
  budget actions 10
  do "open the account page"
}
`)}
	alone := Lint([]Source{login})
	if got := codes(alone); strings.Join(got, ",") != "L008" {
		t.Errorf("login alone: got %v, want [L008] (an entry flow that ends without verify)", got)
	}
	both := Lint([]Source{entry, login})
	if findDiag(both, "L008", "") != nil {
		t.Errorf("login is called by entry: no L008 expected, got %v", both)
	}
	d := findDiag(both, "L010", "lib/login.flow")
	if d == nil || !strings.Contains(d.Summary, "called by entry") || d.Range.Start.Line != 2 {
		t.Errorf("want L010 at lib/login.flow:2 naming the caller, got %v", both)
	}
	// The imported file is the given file: loaded once, one program each.
	lib, diags := CompileLibrary([]Source{entry, login})
	if diags.HasErrors() || len(lib.Programs) != 2 || lib.Programs[1].Flows[0].Name != "login" {
		t.Fatalf("library: %v %+v", diags, lib)
	}
	if got := lib.Programs[0].Files; strings.Join(got, ",") != "lib/entry.flow,lib/login.flow" {
		t.Errorf("entry files = %v", got)
	}
}

// TestNoLintOnPartialTree: a syntax error cuts the flow short, so the use of
// a fact and the closing stop_before are missing from the tree; lint must
// not report them as an unused fact and an entry flow without an end.
func TestNoLintOnPartialTree(t *testing.T) {
	src := Source{Name: "cut.flow", Src: []byte(`flow shop "Buy things" {
  fact q: text
  browse "https://shop.example.com/"
  if "a cookie banner is visible" {
    do "accept cookies"
  }
  else {
    enter "search" = q
  }
  stop_before "placing the order"
}
`)}
	got := codes(Lint([]Source{src}))
	if strings.Join(got, ",") != "E001" {
		t.Errorf("got %v, want only the syntax error E001", got)
	}
}

// TestImportCycleAcrossFiles: a cycle through two files is reported at the
// import that closes it; the flows still compile.
func TestImportCycleAcrossFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"a.flow": {Data: []byte("import \"./b.flow\"\n\nflow a \"A\" {\n  b.b()\n  verify \"done\"\n}\n")},
		"b.flow": {Data: []byte("import \"./a.flow\"\n\nflow b \"B\" {\n  verify \"done\"\n}\n")},
	}
	_, diags := CompileFile("a.flow", WithFS(fsys))
	d := findDiag(diags, ImportCycle, "b.flow")
	if d == nil || d.Range.Start.Line != 1 || !strings.Contains(d.Summary, "b.flow imports a.flow") {
		t.Fatalf("want E013 at b.flow:1, got %v", diags)
	}
	if len(diags) != 1 {
		t.Errorf("want only the cycle, got %v", diags)
	}
}

// TestRelativeImportsFromSubdirectory: paths resolve from the importing
// file, through ../ too.
func TestRelativeImportsFromSubdirectory(t *testing.T) {
	fsys := fstest.MapFS{
		"flows/main.flow":         {Data: []byte("import \"../shared/util.flow\"\n\nflow main \"Main\" {\n  util.confirm()\n}\n")},
		"shared/util.flow":        {Data: []byte("import \"./deeper/leaf.flow\"\n\nflow confirm \"Confirm\" {\n  leaf.done()\n}\n")},
		"shared/deeper/leaf.flow": {Data: []byte("flow done \"Done\" {\n  verify \"done\"\n}\n")},
	}
	prog, diags := CompileFile("flows/main.flow", WithFS(fsys))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	steps := prog.Flows[0].Steps
	if steps[0].Call.Flow != "util.confirm" || steps[0].Body[0].Call.Flow != "leaf.done" || steps[0].Body[0].Body[0].Path != "1.1.1" {
		b, _ := json.Marshal(steps)
		t.Errorf("expansion: %s", b)
	}
	if steps[0].Body[0].Body[0].Range.File != "shared/deeper/leaf.flow" {
		t.Errorf("expanded step keeps its own file: %v", steps[0].Body[0].Body[0].Range)
	}
}

// TestExprErrorPositions: an expression's error is placed where it is in
// the flow file, on multi-line expressions too, never only in expr's snippet.
func TestExprErrorPositions(t *testing.T) {
	src := "flow f \"Positions\" {\n" +
		"  fact city: text\n" +
		"  fact n: number = 1\n" +
		"  check n > 0 && cty == \"x\"\n" + // line 4: unknown name at col 18
		"  check len([\n" +
		"    n,\n" +
		"    nn]) > 0\n" + // line 7: unknown name at col 5
		"  verify \"é ${upper(n)} ${city}\"\n" + // line 8: type error inside ${…}
		"}\n"
	_, diags := Compile("p.flow", []byte(src))
	want := []string{"4:18 E016", "7:5 E016", "8:"}
	if len(diags) != len(want) {
		t.Fatalf("got %v", diags)
	}
	for i, d := range diags {
		got := fmt.Sprintf("%d:%d %s", d.Range.Start.Line, d.Range.Start.Column, d.Code)
		if !strings.HasPrefix(got, want[i]) {
			t.Errorf("diagnostic %d at %s, want %s (%v)", i, got, want[i], d)
		}
	}
	typeErr := diags[2]
	if typeErr.Code != ExprType || typeErr.Range.Start.Column < 16 || typeErr.Range.Start.Column > 24 {
		t.Errorf("type error should point inside ${upper(n)} (cols 16–24), got %v", typeErr)
	}
	if strings.Contains(typeErr.Summary, "\n") || strings.Contains(typeErr.Summary, "^") {
		t.Errorf("summary carries expr's snippet: %q", typeErr.Summary)
	}
	if d := diags[0]; d.Hint != "did you mean city?" {
		t.Errorf("hint = %q, want did you mean city?", d.Hint)
	}
}

// TestScopes walks the scoping rules of the contract on one flow.
func TestScopes(t *testing.T) {
	src := `flow f "Scopes" {
  fact rows_wanted: number = 3
  extract "the rows" into rows
  repeat until len(rows) >= rows_wanted max 3 {
    extract "the rows" into rows
    read "the page number" into page as number
  }
  if len(rows) > 0 {
    set first = rows[0]
    verify "the first row is ${first}"
  } else {
    set first = 1
    check first > 0
  }
  for row in rows {
    read "the price of ${row}" into price as money
  }
  check page > 1
  verify "done"
}
`
	prog, diags := Compile("s.flow", []byte(src))
	// The definitions inside the blocks do not survive them: page is out
	// of scope after the repeat; first is defined twice with different
	// types, legally, because each branch is its own scope.
	if got := strings.Join(codes(diags), ","); got != OutOfScope {
		t.Fatalf("got %v", diags)
	}
	st := prog.Flows[0].Steps
	if !st[1].Body[0].Assign || st[1].Body[1].Assign {
		t.Errorf("extract into a visible variable assigns; read into a new one defines")
	}
	if st[3].Var != "row" || st[3].Expr.Type != plan.TypeList {
		t.Errorf("for step: %+v", st[3])
	}
}

// TestUnknownTypeFromTree: an unknown type name is reported by the
// compiler for trees the parser did not check (built by a tool).
func TestUnknownTypeFromTree(t *testing.T) {
	file, diags := grammar.Parse("t.flow", []byte("flow f \"T\" {\n  fact n: number\n  enter \"n\" = n\n  verify \"done\"\n}\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	file.Flows[0].Body.Stmts[0].(*grammar.FactDecl).Type.Name = "integer"
	s := newSession(newConfig(nil))
	u := &unit{path: "t.flow", file: file, imports: map[string]*importInfo{}, flows: map[string]*flowInfo{}}
	s.units[u.path], s.order, s.roots = u, []*unit{u}, []*unit{u}
	_, diags = s.run()
	if d := findDiag(diags, UnknownType, "t.flow"); d == nil || d.Range.Start.Line != 2 || d.Summary != "unknown type integer" || !strings.Contains(d.Hint, "the types are text, number") {
		t.Errorf("want E024 at t.flow:2, got %v", diags)
	}
}

func TestRelinkRunsLoadedPlan(t *testing.T) {
	src, err := os.ReadFile("testdata/src/clean_booking.flow")
	if err != nil {
		t.Fatal(err)
	}
	prog, diags := Compile("booking.flow", src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	data, _ := json.Marshal(prog)
	loaded, err := plan.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	var check *plan.Step
	loaded.Flows[0].Walk(func(s *plan.Step) {
		if s.Kind == plan.KindCheck {
			check = s
		}
	})
	if _, err := check.Expr.Eval(map[string]any{}); err == nil || !strings.Contains(err.Error(), "not linked") {
		t.Fatalf("an unlinked expression must refuse to run, got %v", err)
	}
	if err := Relink(loaded); err != nil {
		t.Fatal(err)
	}
	for _, amount := range []float64{1999, 2000} {
		v, err := check.Expr.Eval(map[string]any{"total": stdlib.Money{Amount: amount, Currency: "EUR"}})
		if err != nil || v != (amount < 2000) {
			t.Errorf("check with %v: %v, %v", amount, v, err)
		}
	}
	verify := loaded.Flows[0].Steps[len(loaded.Flows[0].Steps)-2]
	text, err := verify.Text.Render(map[string]any{"travellers": 2.0})
	if err != nil || text != "the summary shows 2 traveller" {
		t.Errorf("verify text = %q, %v", text, err)
	}
	// A plan edited into nonsense fails to relink, naming the place.
	check.Expr.Src = "total.amount <"
	if err := Relink(loaded); err == nil || !strings.Contains(err.Error(), "booking.flow:") {
		t.Errorf("relinking a broken expression: %v", err)
	}
}

func TestPlanHoldsNoSecretValues(t *testing.T) {
	src, _ := os.ReadFile("testdata/src/clean_booking.flow")
	prog, _ := Compile("booking.flow", src)
	data, _ := json.Marshal(prog)
	var card *plan.Value
	prog.Flows[0].Walk(func(s *plan.Step) {
		for _, p := range s.Pairs {
			if p.Value.Ref == "card_number" {
				card = p.Value
			}
		}
	})
	if card == nil || !card.Secret || card.Text != nil {
		t.Fatalf("the card number is a secret slot: %+v", card)
	}
	if !strings.Contains(string(data), `"ref":"card_number","secret":true`) {
		t.Errorf("secret slot not in JSON")
	}
}

func TestSelectFlow(t *testing.T) {
	prog, _ := Compile("two.flow", []byte("flow one \"First\" {\n  verify \"a\"\n}\n\nflow two \"Second\" {\n  verify \"b\"\n}\n"))
	if _, err := SelectFlow(prog, ""); err == nil || !strings.Contains(err.Error(), `one ("First"), two ("Second")`) || !strings.Contains(err.Error(), "--flow") {
		t.Errorf("no name among two flows: %v", err)
	}
	if f, err := SelectFlow(prog, "two"); err != nil || f.Name != "two" {
		t.Errorf("select two: %v %v", f, err)
	}
	if _, err := SelectFlow(prog, "tow"); err == nil || !strings.Contains(err.Error(), "did you mean two?") {
		t.Errorf("select tow: %v", err)
	}
	single, _ := Compile("one.flow", []byte("flow only \"Only\" {\n  verify \"a\"\n}\n"))
	if f, err := SelectFlow(single, ""); err != nil || f.Name != "only" {
		t.Errorf("the only flow: %v %v", f, err)
	}
}

func TestDiagnosticsCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("flow f \"Many errors\" {\n")
	for i := 0; i < 80; i++ {
		fmt.Fprintf(&b, "  verify \"${missing%d}\"\n", i)
	}
	b.WriteString("}\n")
	_, diags := Compile("many.flow", []byte(b.String()))
	if len(diags) != DefaultMaxErrors+1 || diags[DefaultMaxErrors].Summary != "30 more diagnostics not shown" {
		t.Errorf("got %d diagnostics, last %v", len(diags), diags[len(diags)-1])
	}
	for i := 1; i < DefaultMaxErrors; i++ {
		if diags[i].Range.Start.Offset < diags[i-1].Range.Start.Offset {
			t.Fatalf("not sorted at %d", i)
		}
	}
}

// TestCatalogue: every code has help text with an example, Explain finds
// error codes and lint rules, and every code and rule has a testdata file
// (a few are only reachable from Go tests, named here).
func TestCatalogue(t *testing.T) {
	testedElsewhere := map[string]string{
		UnknownType:   "TestUnknownTypeFromTree (the parser rejects unknown types first)",
		BadFactsFile:  "facts_test.go",
		UnknownFact:   "facts_test.go",
		FactType:      "facts_test.go",
		MissingFact:   "facts_test.go",
		BadFactFlag:   "facts_test.go",
		MissingSecret: "facts_test.go",
	}
	files, _ := filepath.Glob("testdata/src/*.flow")
	has := func(code string) bool {
		for _, f := range files {
			if strings.HasPrefix(filepath.Base(f), strings.ToLower(code)+"_") {
				return true
			}
		}
		return false
	}
	seen := map[string]bool{}
	// The parser's syntax codes are tested in package grammar; here they
	// only have to be in the catalogue.
	for i := 1; i <= 9; i++ {
		code := fmt.Sprintf("E%03d", i)
		if doc, ok := Explain(code); !ok || len(doc) < 60 {
			t.Errorf("syntax code %s is not explained: %q", code, doc)
		}
	}
	for _, c := range codesOf("compiler/codes.go", codesSource) {
		if seen[c.Code] {
			t.Errorf("code %s listed twice", c.Code)
		}
		seen[c.Code] = true
		if !strings.Contains(c.Doc, "Example:") || len(c.Doc) < 60 {
			t.Errorf("%s %s: doc without an example: %q", c.Code, c.Name, c.Doc)
		}
		if _, ok := testedElsewhere[c.Code]; !ok && !has(c.Code) {
			t.Errorf("%s %s has no testdata/src/%s_*.flow", c.Code, c.Name, strings.ToLower(c.Code))
		}
	}
	if len(Codes()) < 35 {
		t.Errorf("only %d codes", len(Codes()))
	}
	for _, r := range Rules() {
		if r.Severity != grammar.Warning || r.Doc == "" || r.Name == "" {
			t.Errorf("rule %s: %+v", r.Code, r)
		}
		if !has(r.Code) && r.Code != UnusedSuppression {
			t.Errorf("rule %s has no testdata", r.Code)
		}
	}
	if text, ok := Explain("e016"); !ok || !strings.HasPrefix(text, "E016 UnknownName") || !strings.Contains(text, "orgin") {
		t.Errorf("Explain(e016) = %q", text)
	}
	if text, ok := Explain("L004"); !ok || !strings.Contains(text, "stop_before") {
		t.Errorf("Explain(L004) = %q", text)
	}
	if _, ok := Explain("E999"); ok {
		t.Error("E999 explained")
	}
}

func TestStageNames(t *testing.T) {
	if got := strings.Join(StageNames(), ","); got != "resolve_imports,declare,check_flows,check_calls,build_plan,lint" {
		t.Errorf("stages = %s", got)
	}
}

// TestStdFilesLintedFromRepository: the standard library's own files, linted
// as part of the repository, are std/ for the entry-flow rule.
func TestStdFilesLintedFromRepository(t *testing.T) {
	src, ok := stdlib.Source("web")
	if !ok {
		t.Fatal("no std/web")
	}
	diags := Lint([]Source{{Name: "stdlib/std/web.flow", Src: src}})
	if d := findDiag(diags, "L008", ""); d != nil {
		t.Errorf("std/web linted from the repository: %v", d)
	}
	if diags.HasErrors() {
		t.Errorf("std/web has errors: %v", diags)
	}
	// The same text under another name is an ordinary file.
	diags = Lint([]Source{{Name: "mine/web.flow", Src: src}})
	if findDiag(diags, "L008", "") == nil {
		t.Errorf("a copy outside std/ is linted as an entry flow: %v", diags)
	}
}

// TestConcurrentCompiles: sessions share only read-only state (the parse
// configuration, the expression functions), so compiles may run in
// parallel; run with -race.
func TestConcurrentCompiles(t *testing.T) {
	src, err := os.ReadFile("testdata/src/clean_library.flow")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan grammar.Diagnostics)
	for i := 0; i < 4; i++ {
		go func() {
			_, diags := Compile("testdata/src/clean_library.flow", src, WithLint())
			done <- diags
		}()
	}
	for i := 0; i < 4; i++ {
		if diags := <-done; len(diags) > 0 {
			t.Error(diags)
		}
	}
}
