package grammar

import (
	"strings"
	"testing"
)

// TestFormatBuiltTree formats a tree built by a program, as the recorder
// builds one: no positions, no Raw texts, no comments.
func TestFormatBuiltTree(t *testing.T) {
	str := func(s string) *StringLit { return &StringLit{Parts: []StrPart{{Text: s}}} }
	id := func(s string) *Ident { return &Ident{Name: s} }
	f := &File{Flows: []*Flow{{
		Name:        id("recorded"),
		Description: str(`Recorded "as is"`),
		Body: &Block{Stmts: []Stmt{
			&FactDecl{Name: id("site"), Type: &TypeRef{Name: "url"}, Default: &Literal{Str: str("http://localhost:8080/")}},
			&SecretDecl{Name: id("password")},
			&BrowseStmt{URL: &StringLit{Parts: []StrPart{{Interp: &Expr{Src: "site"}}, {Text: "/login"}}}},
			&EnterStmt{Pairs: []*Pair{{Field: str("password"), Value: &Value{Name: id("password")}}}},
			&EnterStmt{Pairs: []*Pair{
				{Field: str("a"), Value: &Value{Num: &NumberLit{Raw: "2", Value: 2}}},
				{Field: str("b"), Value: &Value{Bool: &BoolLit{Value: true}}},
			}},
			&DoStmt{Text: str("press \\ and ${not} \n twice\t$")},
			&IfStmt{Branches: []*IfBranch{{Cond: &Cond{Not: true, Screen: str("done")}, Body: &Block{Stmts: []Stmt{
				&CheckStmt{Expr: &Expr{Src: "1 < 2"}, Message: str("math")},
			}}}}},
			&StopBeforeStmt{Text: str("sending")},
		}},
	}}}
	out := string(Format(f))
	want := `flow recorded "Recorded \"as is\"" {
  fact site: url = "http://localhost:8080/"
  secret password
  browse "${site}/login"
  enter "password" = password
  enter {
    "a" = 2
    "b" = true
  }
  do "press \\ and \${not} \n twice\t$"
  if not "done" {
    check 1 < 2, "math"
  }
  stop_before "sending"
}
`
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	g, diags := Parse("built.flow", []byte(out))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	do := g.Flows[0].Body.Stmts[5].(*DoStmt)
	if v, _ := do.Text.Value(); v != "press \\ and ${not} \n twice\t$" {
		t.Errorf("text after the round trip: %q", v)
	}
}

// TestQuote checks that Quote's output parses back to the same text.
func TestQuote(t *testing.T) {
	for _, text := range []string{"", "plain", `"quoted"`, `back\slash`, "line\nbreak", "${x}", "$", "a$", "$${", "tab\there", "bell\a"} {
		src := "flow q \"q\" {\n  do " + Quote([]StrPart{{Text: text}}) + "\n}\n"
		f, diags := Parse("q.flow", []byte(src))
		if len(diags) > 0 {
			t.Errorf("%q: %v", text, diags)
			continue
		}
		got, _ := f.Flows[0].Body.Stmts[0].(*DoStmt).Text.Value()
		if want := strings.ReplaceAll(text, "\a", ""); got != want {
			t.Errorf("Quote(%q) parses back as %q", text, got)
		}
	}
}
