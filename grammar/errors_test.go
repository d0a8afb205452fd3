package grammar

import (
	"fmt"
	"strings"
	"testing"
)

// TestErrors checks each syntax code at its exact position, with the
// message a flow author reads.
func TestErrors(t *testing.T) {
	in := func(body string) string { return "flow f \"d\" {\n" + body + "\n}\n" }
	tests := []struct {
		name    string
		src     string
		code    string
		pos     string // line:col of the diagnostic's start
		summary string // substring of the summary
		hint    string // substring of the hint, if any
	}{
		{"do without string", in(`  do search for flights`), CodeSyntax, "2:6", "expected a string after `do`, found `search`", "do \"what to achieve\""},
		{"brace not first", in(`  do "x" }`), CodeSyntax, "2:10", "`}` must start a line", "line of its own"},
		{"brace not last", "flow f \"d\" { do \"y\"\n}\n", CodeSyntax, "1:14", "`{` must end its line", "next line"},
		{"unknown step", in(`  pik "the results" by "price" into x`), CodeSyntax, "2:3", "unknown step `pik`", "did you mean `pick`?"},
		{"assignment without set", in(`  total = 3`), CodeSyntax, "2:3", "unknown step `total`", "set total = …"},
		{"flow not closed", "flow f \"d\" {\n  do \"x\"\n", CodeSyntax, "2:9", "flow is not closed", "`}`"},
		{"flow not closed before next", "flow f \"d\" {\n  do \"x\"\nflow g \"e\" {\n}\n", CodeSyntax, "2:9", "not closed before the next `flow`", ""},
		{"no description", "flow f {\n}\n", CodeSyntax, "1:8", "expected a string after `f`, found `{`", "flow NAME \"description\""},
		{"step outside a flow", "do \"x\"\n", CodeSyntax, "1:1", "`do` outside a flow", "inside `flow NAME"},
		{"garbage before flows", "hello\n", CodeSyntax, "1:1", "expected `import` or `flow`", ""},
		{"import after flow", "flow f \"d\" {\n}\nimport \"std/web\"\n", CodeSyntax, "3:1", "`import` after the first flow", "imports come first"},
		{"step after flow", "flow f \"d\" {\n}\ndo \"x\"\n", CodeSyntax, "3:1", "`do` after the end of the flow", "steps go inside a flow"},
		{"step inside enter block", in("  enter {\n    \"a\" = b\n    do \"x\"\n  }"), CodeSyntax, "4:5", "expected `\"FIELD\" = VALUE` or `}`, found `do`", "only pairs"},
		{"not a step", in(`  "text"`), CodeSyntax, "2:3", "expected a step or `}`, found a string", "a step starts with"},
		{"else without if", in("  do \"x\"\n  } else {"), CodeSyntax, "3:5", "`else` without `if`", "} else {"},
		{"import alias missing", "import \"std/web\" as\n", CodeSyntax, "1:20", "expected a name after `as`", "import \"PATH\" [as NAME]"},
		{"else on its own line", in("  if \"x\" {\n    do \"y\"\n  }\n  else {\n    do \"z\"\n  }"), CodeSyntax, "5:3", "`else` must follow `}` on the same line", "} else {"},
		{"else after else", in("  if \"x\" {\n    do \"y\"\n  } else {\n    do \"z\"\n  } else {\n    do \"w\"\n  }"), CodeSyntax, "6:5", "`else` after the final `else`", ""},
		{"unknown type", in(`  fact a: txt`), CodeSyntax, "2:11", "unknown type `txt`", "did you mean `text`?"},
		{"unknown read type", in(`  read "x" into y as mony`), CodeSyntax, "2:22", "unknown type `mony`", "did you mean `money`?"},
		{"payment mode", in(`  payment stpo`), CodeSyntax, "2:11", "unknown payment mode `stpo`", "did you mean `stop`?"},
		{"budget kind", in(`  budget actoins 5`), CodeSyntax, "2:10", "unknown budget `actoins`", "did you mean `actions`?"},
		{"budget time needs duration", in(`  budget time 5`), CodeSyntax, "2:15", "`time` takes a duration", ""},
		{"budget count needs number", in(`  budget actions 5m`), CodeSyntax, "2:18", "`actions` takes a number", ""},
		{"empty interpolation", in(`  do "a ${} b"`), CodeSyntax, "2:9", "empty interpolation", `\${`},
		{"block brace inline", in(`  if x > 1 { do "a" }`), CodeSyntax, "2:22", "expected `{` at the end of the line", ""},
		{"check without expression", in(`  check`), CodeSyntax, "2:8", "expected an expression after `check`", "check EXPR"},
		{"into without name", in(`  read "x" into`), CodeSyntax, "2:16", "expected a name after `into`", "read \"WHAT\" into NAME"},
		{"missing equals", in(`  enter "x" origin`), CodeSyntax, "2:13", "expected `=` after a string, found `origin`", ""},
		{"call without parens", in(`  web.login`), CodeSyntax, "2:12", "expected `(`", ""},
		{"empty enter block", in("  enter {\n  }"), CodeSyntax, "2:3", "empty `enter` block", ""},
		{"text after statement", in(`  do "x" "y"`), CodeSyntax, "2:10", "expected the end of the line after a string, found a string", ""},
		{"text after opening triple quote", in(`  do """ x`), CodeSyntax, "2:10", "nothing may follow an opening", ""},

		{"unterminated string", in(`  do "search for`), CodeUnterminatedString, "2:6", "string is not closed", "\"\"\""},
		{"unterminated interpolation", in(`  do "a ${b"`), CodeUnterminatedString, "2:9", "`${` is not closed", ""},
		{"unterminated expression string", in(`  check x == "abc`), CodeUnterminatedString, "2:14", "is not closed", ""},

		{"invalid escape", in(`  do "C:\temp\x"`), CodeInvalidEscape, "2:14", `invalid escape "\\x"`, `\\`},
		{"backslash at end", in(`  do "abc\`), CodeInvalidEscape, "2:10", "backslash at the end of the line", ""},

		{"invalid utf8 in string", in("  do \"caf\xe9\""), CodeInvalidUTF8, "2:10", "invalid UTF-8", "UTF-8"},
		{"invalid utf8 in comment", in("  do \"x\" # caf\xe9"), CodeInvalidUTF8, "2:15", "invalid UTF-8 in a comment", ""},
		{"invalid utf8 outside", in("  \xff"), CodeInvalidUTF8, "2:3", "invalid UTF-8 byte 0xff", ""},

		{"unterminated text", in("  do \"\"\"\n    text"), CodeUnterminatedText, "2:6", "multi-line string is not closed", "only \"\"\""},
		{"text less indented", in("  do \"\"\"\n  a\n    \"\"\""), CodeUnterminatedText, "3:1", "indented less than its closing", ""},

		{"bad duration", in(`  wait_for "x" within 5min`), CodeBadNumber, "2:23", `"5min" is neither a number nor a duration`, "500ms"},
		{"exponent", in(`  enter "x" = 1e5`), CodeBadNumber, "2:15", "neither a number nor a duration", ""},

		{"unclosed paren", in(`  check len(x > 2`), CodeUnbalanced, "2:12", "`(` is never closed", ""},
		{"stray closer", in(`  check x)`), CodeUnbalanced, "2:10", "`)` closes no bracket", ""},
		{"mismatched closer", in(`  check (a]`), CodeUnbalanced, "2:11", "`]` does not close `(`", ""},
		{"unclosed across lines", in("  set x = f(a,\n    b\n  do \"y\""), CodeUnbalanced, "2:12", "`(` is never closed", ""},

		{"deep blocks", in(strings.Repeat("  if \"x\" {\n", 45) + strings.Repeat("  }\n", 45)), CodeTooDeep, "41:10", "blocks nested more than 40 deep", ""},
		{"deep expression", in("  check " + strings.Repeat("(", 150) + strings.Repeat(")", 150)), CodeTooDeep, "2:109", "brackets nested more than 100 deep", ""},
		{"deep interpolation", in("  do \"${" + strings.Repeat("[", 150) + "\""), CodeTooDeep, "2:109", "brackets nested more than 100 deep", ""},
		{"nested list", in("  fact a: list = " + strings.Repeat("[", 150)), CodeSyntax, "2:19", "found `[`", ""},

		{"non-ascii name", in(`  enter "name" = café`), CodeInvalidChar, "2:21", `unexpected character 'é'`, "ASCII"},
		{"control character", in("  do \"x\"\x01"), CodeInvalidChar, "2:9", "control character 0x01", ""},
		{"semicolon", in(`  do "x"; do "y"`), CodeInvalidChar, "2:9", "unexpected character ';'", "own line"},
		{"single quotes", in(`  do 'x'`), CodeInvalidChar, "2:6", "unexpected character", "double quotes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse("t.flow", []byte(tt.src))
			if len(diags) != 1 {
				t.Fatalf("want one diagnostic, got %d:\n%v", len(diags), diags)
			}
			d := diags[0]
			got := fmt.Sprintf("%s %s", d.Code, d.Range.Start)
			if want := tt.code + " " + tt.pos; got != want {
				t.Errorf("got %s (%s), want %s", got, d.Summary, want)
			}
			if d.Severity != Error || d.Range.Filename != "t.flow" {
				t.Errorf("severity %v, file %q", d.Severity, d.Range.Filename)
			}
			if !strings.Contains(d.Summary, tt.summary) {
				t.Errorf("summary %q does not contain %q", d.Summary, tt.summary)
			}
			if d.Hint == "" || !strings.Contains(d.Hint, tt.hint) {
				t.Errorf("hint %q does not contain %q", d.Hint, tt.hint)
			}
			if d.Range.End.Offset < d.Range.Start.Offset || d.Range.End.Offset > len(tt.src) {
				t.Errorf("bad range %v-%v", d.Range.Start, d.Range.End)
			}
		})
	}
}

// TestErrorPerFlow checks that the first error of each flow is reported
// and that the parser recovers at the next flow line.
func TestErrorPerFlow(t *testing.T) {
	src := `import "std/web"

flow a "first" {
  do "ok"
  do oops
  do also wrong
}

flow b "second" {
  enter "x" = "y
  do "z
}

flow c "third" {
  do "fine"
  verify "still fine"
}
`
	f, diags := Parse("multi.flow", []byte(src))
	var got []string
	for _, d := range diags {
		got = append(got, fmt.Sprintf("%s %s", d.Code, d.Range.Start))
	}
	want := []string{"E001 5:6", "E002 10:15"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Fatalf("diagnostics %v, want %v\n%v", got, want, diags)
	}
	if len(f.Imports) != 1 {
		t.Errorf("imports: %d, want 1", len(f.Imports))
	}
	var names []string
	for _, fl := range f.Flows {
		names = append(names, fl.Name.Name)
	}
	if strings.Join(names, " ") != "a b c" {
		t.Fatalf("flows %v, want a b c (partial trees kept)", names)
	}
	// The partial first flow keeps the statement before the error.
	if a := f.Flows[0]; a.Body == nil || len(a.Body.Stmts) != 1 {
		t.Errorf("flow a: want the one statement before the error, got %#v", a.Body)
	}
	if c := f.Flows[2]; c.Body == nil || len(c.Body.Stmts) != 2 {
		t.Errorf("flow c: want its 2 statements")
	}
	checkRanges(t, src, f)
}

// TestErrorInsideBlock checks an error deep in nested blocks is reported at
// its place and the statements before the block survive.
func TestErrorInsideBlock(t *testing.T) {
	src := "flow f \"d\" {\n  do \"a\"\n  if \"x\" {\n    for y in ys {\n      read \"q\" into\n    }\n  }\n}\n"
	f, diags := Parse("b.flow", []byte(src))
	if len(diags) != 1 || diags[0].Range.Start.String() != "5:20" {
		t.Fatalf("got %v", diags)
	}
	if n := len(f.Flows[0].Body.Stmts); n != 1 {
		t.Errorf("kept %d statements, want 1", n)
	}
}
