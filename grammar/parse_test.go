package grammar

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func mustParse(t *testing.T, src string) *File {
	t.Helper()
	f, diags := Parse("t.flow", []byte(src))
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics:\n%v", diags)
	}
	checkRanges(t, src, f)
	return f
}

// at returns the position of the n-th (0-based) occurrence of sub in src.
func at(t *testing.T, src, sub string, n int) Pos {
	t.Helper()
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(src[off+1:], sub)
		if j < 0 {
			t.Fatalf("%q occurs fewer than %d times", sub, n+1)
		}
		off += 1 + j
	}
	return posOf(src, off)
}

// TestRanges pins the ranges of statements, expressions and interpolations
// to exact line:column positions.
func TestRanges(t *testing.T) {
	src := "flow r \"ranges\" {\n" +
		"  check len(flights) >= 10, \"enough\"  # c\n" +
		"  verify \"${format(day, '02 Jan')} for ${n}\"\n" +
		"  if not \"empty\" {\n" +
		"    set x = [1,\n" +
		"      2]\n" +
		"  } else if a > 1 {\n" +
		"  }\n" +
		"  do \"\"\"\n" +
		"    at ${site}\n" +
		"    \"\"\"\n" +
		"}\n"
	f := mustParse(t, src)
	body := f.Flows[0].Body.Stmts

	chk := body[0].(*CheckStmt)
	if got, want := chk.Expr.Start, at(t, src, "len(", 0); got != want {
		t.Errorf("check expr starts at %v, want %v", got, want)
	}
	if got, want := chk.Expr.End, at(t, src, ", \"enough\"", 0); got != want {
		t.Errorf("check expr ends at %v, want %v", got, want)
	}
	if chk.End != at(t, src, "  # c", 0) {
		t.Errorf("check statement ends at %v", chk.End)
	}

	v := body[1].(*VerifyStmt)
	var interps []*Expr
	for _, p := range v.Text.Parts {
		if p.Interp != nil {
			interps = append(interps, p.Interp)
		}
	}
	if len(interps) != 2 || interps[0].Src != "format(day, '02 Jan')" || interps[1].Src != "n" {
		t.Fatalf("interpolations %+v", interps)
	}
	if got, want := interps[0].Start, at(t, src, "format", 0); got != want {
		t.Errorf("interpolation starts at %v, want %v", got, want)
	}
	if got, want := interps[1].Range.Start.String(), "3:42"; got != want {
		t.Errorf("second interpolation at %s, want %s", got, want)
	}

	ifs := body[2].(*IfStmt)
	if c := ifs.Branches[0].Cond; !c.Not || c.Screen == nil || c.Start != at(t, src, "not", 0) {
		t.Errorf("screen condition %+v", c)
	}
	set := ifs.Branches[0].Body.Stmts[0].(*SetStmt)
	if set.Expr.Src != "[1,\n      2]" || set.Expr.End.String() != "6:9" {
		t.Errorf("multi-line expression %q ends at %v", set.Expr.Src, set.Expr.End)
	}
	if c := ifs.Branches[1].Cond; c.Expr == nil || c.Expr.Src != "a > 1" || c.Expr.Start.String() != "7:13" {
		t.Errorf("else-if condition %+v", c.Expr)
	}
	if ifs.End.String() != "8:4" || ifs.Branches[1].Start.String() != "7:10" {
		t.Errorf("if ends at %v, else-if branch starts at %v", ifs.End, ifs.Branches[1].Start)
	}

	do := body[3].(*DoStmt)
	if !do.Text.Multiline || do.Text.Parts[0].Text != "at " || do.Text.Parts[1].Interp.Src != "site" {
		t.Fatalf("multi-line string %+v", do.Text.Parts)
	}
	if got := do.Text.Parts[1].Interp.Start.String(); got != "10:10" {
		t.Errorf("interpolation in a multi-line string at %s, want 10:10", got)
	}
	if do.End.String() != "11:8" {
		t.Errorf("multi-line string ends at %v, want 11:8", do.End)
	}
}

// TestLiterals checks the values of numbers, durations, bools and lists.
func TestLiterals(t *testing.T) {
	f := mustParse(t, "flow l \"l\" {\n  fact a: number = 3.25\n  fact b: number = -4\n  fact c: bool = false\n"+
		"  fact d: list = [\"x\", 2, true]\n  fact e: list = []\n  budget time 1h, actions 7\n"+
		"  wait_for \"x\" within 500ms\n  wait_for \"y\" within 1.5m\n}\n")
	st := f.Flows[0].Body.Stmts
	if v := st[0].(*FactDecl).Default.Num.Value; v != 3.25 {
		t.Errorf("3.25 read as %v", v)
	}
	if v := st[1].(*FactDecl).Default.Num.Value; v != -4 {
		t.Errorf("-4 read as %v", v)
	}
	if b := st[2].(*FactDecl).Default.Bool; b == nil || b.Value {
		t.Errorf("false read as %+v", b)
	}
	d := st[3].(*FactDecl).Default
	if !d.IsList || len(d.List) != 3 || d.List[0].Str == nil || d.List[1].Num.Value != 2 || !d.List[2].Bool.Value {
		t.Errorf("list read as %s", dump(d, true))
	}
	if e := st[4].(*FactDecl).Default; !e.IsList || len(e.List) != 0 {
		t.Errorf("empty list read as %+v", e)
	}
	b := st[5].(*BudgetDecl)
	if b.Items[0].Duration.Value != time.Hour || b.Items[1].Count.Value != 7 {
		t.Errorf("budget %s", dump(b, true))
	}
	if w := st[6].(*WaitForStmt).Within.Value; w != 500*time.Millisecond {
		t.Errorf("500ms read as %v", w)
	}
	if w := st[7].(*WaitForStmt).Within.Value; w != 90*time.Second {
		t.Errorf("1.5m read as %v", w)
	}
}

// TestConditions checks which conditions are screen conditions.
func TestConditions(t *testing.T) {
	tests := []struct {
		cond   string
		screen string // decoded screen text, "" for a data expression
		not    bool
		expr   string
	}{
		{`"a banner is visible"`, "a banner is visible", false, ""},
		{`not "the cart is empty"`, "the cart is empty", true, ""},
		{`not   "spaced"`, "spaced", true, ""},
		{`"${n} rows"`, "${n} rows", false, ""},
		{`"a" and "b"`, "", false, `"a" and "b"`},
		{`not "a" or "b"`, "", false, `not "a" or "b"`},
		{`"x" == name`, "", false, `"x" == name`},
		{`travellers > 1`, "", false, "travellers > 1"},
		{`not done`, "", false, "not done"},
		{`nothing`, "", false, "nothing"},
		{`x in {"a": 1}`, "", false, `x in {"a": 1}`},
	}
	for _, tt := range tests {
		t.Run(tt.cond, func(t *testing.T) {
			src := fmt.Sprintf("flow c \"c\" {\n  if %s {\n  }\n  repeat until %s max 2 {\n  }\n}\n", tt.cond, tt.cond)
			f := mustParse(t, src)
			ifc := f.Flows[0].Body.Stmts[0].(*IfStmt).Branches[0].Cond
			rep := f.Flows[0].Body.Stmts[1].(*RepeatStmt)
			for _, c := range []*Cond{ifc, rep.Until} {
				if tt.expr != "" {
					if c.Expr == nil || c.Expr.Src != tt.expr || c.Screen != nil {
						t.Errorf("want data expression %q, got %s", tt.expr, dump(c, true))
					}
					continue
				}
				if c.Screen == nil || c.Expr != nil || c.Not != tt.not {
					t.Fatalf("want screen condition, got %s", dump(c, true))
				}
				var text strings.Builder
				for _, p := range c.Screen.Parts {
					if p.Interp != nil {
						text.WriteString("${" + p.Interp.Src + "}")
					} else {
						text.WriteString(p.Text)
					}
				}
				if text.String() != tt.screen {
					t.Errorf("screen text %q, want %q", text.String(), tt.screen)
				}
			}
			if rep.Max == nil || rep.Max.Value != 2 {
				t.Errorf("max lost: %s", dump(rep, true))
			}
		})
	}
}

// TestMultilineText checks the decoding of """ strings.
func TestMultilineText(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"indent removed", "    a\n      b\n    ", "a\n  b"},
		{"blank lines kept", "    a\n\n    b\n    ", "a\n\nb"},
		{"closing at column 1", "a\n b\n", "a\n b"},
		{"escapes", "    say \\\"hi\\\" \\$x\n    ", "say \"hi\" $x"},
		{"crlf", "    a\r\n    b\r\n    ", "a\nb"},
		{"tabs", "\ta\n\t", "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "flow m \"m\" {\n  do \"\"\"\n" + tt.body + "\"\"\"\n}\n"
			f := mustParse(t, src)
			s := f.Flows[0].Body.Stmts[0].(*DoStmt).Text
			got, ok := s.Value()
			if !ok || got != tt.want || !s.Multiline {
				t.Errorf("text %q, want %q", got, tt.want)
			}
		})
	}
}

// TestEdgeInputs feeds inputs that must not break the parser.
func TestEdgeInputs(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		flows int
		errs  bool
	}{
		{"empty", "", 0, false},
		{"only comments", "# a\n# b\n", 0, false},
		{"byte order mark", "\uFEFFflow a \"x\" {\n}\n", 1, false},
		{"no final newline", "flow a \"x\" {\n  do \"y\"\n}", 1, false},
		{"crlf", "flow a \"x\" {\r\n  do \"y\"\r\n}\r\n", 1, false},
		{"empty flow", "flow a \"x\" {\n}\n", 1, false},
		{"nul bytes", "flow a \"x\" {\n\x00\x00\n}\n", 1, true},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 0, true},
		{"lone brace", "}", 0, true},
		{"unclosed everything", "flow a \"x\" {\n  if \"y\" {\n    enter {\n      \"a\" = (", 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := Parse("e.flow", []byte(tt.src))
			if len(f.Flows) != tt.flows || diags.HasErrors() != tt.errs {
				t.Errorf("flows %d errors %v, want %d %v\n%v", len(f.Flows), diags.HasErrors(), tt.flows, tt.errs, diags)
			}
			for _, d := range diags {
				if !d.Range.Start.IsValid() || d.Range.Start.Offset > len(tt.src) {
					t.Errorf("invalid position %v", d.Range.Start)
				}
			}
		})
	}
}

// TestLargeFile parses a 10 MB file of repeated flows, and one 10 MB line.
func TestLargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	var b strings.Builder
	for i := 0; b.Len() < 10<<20; i++ {
		fmt.Fprintf(&b, "flow f%d \"flow %d\" {\n  do \"step\"\n  verify \"done ${x}\"\n}\n\n", i, i)
	}
	f, diags := Parse("big.flow", []byte(b.String()))
	if len(diags) > 0 || len(f.Flows) < 100000 {
		t.Errorf("%d flows, %v", len(f.Flows), diags)
	}
	line := "flow f \"x\" {\n  do \"" + strings.Repeat("a", 10<<20) + "\n}\n"
	_, diags = Parse("line.flow", []byte(line))
	if len(diags) != 1 || diags[0].Code != CodeUnterminatedString {
		t.Errorf("unterminated 10 MB string: %v", diags)
	}
}

// TestWalk checks Walk's order and pruning and Inspect's closing calls.
func TestWalk(t *testing.T) {
	f := mustParse(t, "flow w \"w\" {\n  if \"x\" {\n    do \"${a} b\"\n  } else {\n    check c > 1\n  }\n  web.go(p = \"q\")\n}\n")
	var kinds []string
	Walk(f, func(n Node) bool {
		kinds = append(kinds, strings.TrimPrefix(fmt.Sprintf("%T", n), "*grammar."))
		return true
	})
	want := "File Flow Ident StringLit Block IfStmt IfBranch Cond StringLit Block DoStmt StringLit Expr Block CheckStmt Expr CallStmt Ident Ident Arg Ident Value StringLit"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("walk order\n got %s\nwant %s", got, want)
	}
	n := 0
	Walk(f, func(n2 Node) bool {
		n++
		_, isIf := n2.(*IfStmt)
		return !isIf // prune below the if
	})
	if n != 13 {
		t.Errorf("pruned walk visited %d nodes, want 13", n)
	}
	depth, maxDepth := 0, 0
	Inspect(f, func(n Node) bool {
		if n == nil {
			depth--
			return false
		}
		depth++
		maxDepth = max(maxDepth, depth)
		return true
	})
	if depth != 0 || maxDepth != 9 {
		t.Errorf("inspect depth %d (max %d), want 0 (max 9)", depth, maxDepth)
	}
	var nested []string
	Stmts(f.Flows[0].Body, func(s Stmt, d int) {
		nested = append(nested, fmt.Sprintf("%T@%d", s, d))
	})
	if got := strings.Join(nested, " "); got != "*grammar.IfStmt@0 *grammar.DoStmt@1 *grammar.CheckStmt@1 *grammar.CallStmt@0" {
		t.Errorf("Stmts: %s", got)
	}
}

// TestConcurrentParse parses from several goroutines at once: the parsers,
// the shape set and the buffer pool are shared. Run with -race.
func TestConcurrentParse(t *testing.T) {
	srcs := []string{
		"flow a \"a\" {\n  do \"x\"\n  enter \"f\" = v\n  if \"y\" {\n    verify \"z\"\n  }\n}\n",
		"flow b \"b\" {\n  read \"t\" into total as money\n  check total.amount > 1, \"ok\"\n}\n",
		"flow c \"c\" {\n  do oops\n}\n",
	}
	want := make([]string, len(srcs))
	for i, s := range srcs {
		f, d := Parse("c.flow", []byte(s))
		want[i] = dump(f, true) + d.Error()
	}
	done := make(chan string)
	for g := 0; g < 8; g++ {
		go func() {
			for n := 0; n < 50; n++ {
				i := (g + n) % len(srcs)
				f, d := Parse("c.flow", []byte(srcs[i]))
				if got := dump(f, true) + d.Error(); got != want[i] {
					done <- got
					return
				}
			}
			done <- ""
		}()
	}
	for g := 0; g < 8; g++ {
		if got := <-done; got != "" {
			t.Errorf("a concurrent parse differs:\n%s", got)
		}
	}
}

// TestGarbageLines feeds 10 MB of lines that are each an error: only the
// first is reported, and the parse stays cheap.
func TestGarbageLines(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	for _, line := range []string{"@\n", "{\n", "do \"x\n", "\xff\n"} {
		src := "flow f \"x\" {\n" + strings.Repeat(line, (10<<20)/len(line))
		_, diags := Parse("g.flow", []byte(src))
		if len(diags) != 1 {
			t.Errorf("%q: %d diagnostics, want 1", line, len(diags))
		}
	}
}

// TestErrorCap checks that a file of broken flows stops after 100 errors.
func TestErrorCap(t *testing.T) {
	src := strings.Repeat("flow\n", 1000)
	_, diags := Parse("cap.flow", []byte(src))
	if len(diags) != 101 {
		t.Fatalf("%d diagnostics, want 100 errors and a note", len(diags))
	}
	last := diags[len(diags)-1]
	if last.Severity != Info || last.Code != "E000" || !strings.Contains(last.Summary, "900 more flows not checked") {
		t.Errorf("last diagnostic: %v", last)
	}
}
