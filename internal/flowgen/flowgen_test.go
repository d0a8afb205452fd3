package flowgen_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"flow/compiler"
	"flow/grammar"
	"flow/internal/flowgen"
)

// TestLibraryIsLintClean compiles generated files with the real compiler
// and its lint rules: not one diagnostic, not even a warning.
func TestLibraryIsLintClean(t *testing.T) {
	files := flowgen.Library(40, 40, 1)
	var srcs []compiler.Source
	for _, f := range files {
		srcs = append(srcs, compiler.Source{Name: f.Name, Src: f.Source})
	}
	diags := compiler.Lint(srcs)
	for i, d := range diags {
		if i == 10 {
			t.Errorf("… %d more", len(diags)-10)
			break
		}
		t.Errorf("%v (hint: %s)", d, d.Hint)
	}
	if t.Failed() {
		t.Logf("first file:\n%s", files[0].Source)
	}
}

// TestLibraryShape checks size, determinism and coverage: every step kind,
// every fact type, interpolation, blocks, a call and comments in each file.
func TestLibraryShape(t *testing.T) {
	a := flowgen.Library(12, 40, 42)
	b := flowgen.Library(12, 40, 42)
	c := flowgen.Library(12, 40, 43)
	if len(a) != 12 {
		t.Fatalf("%d files, want 12", len(a))
	}
	same, differ := true, false
	for i := range a {
		same = same && a[i].Name == b[i].Name && bytes.Equal(a[i].Source, b[i].Source)
		differ = differ || !bytes.Equal(a[i].Source, c[i].Source)
	}
	if !same {
		t.Error("the same seed gave different files")
	}
	if !differ {
		t.Error("another seed gave the same files")
	}
	kinds := []string{"BrowseStmt", "OpenStmt", "DoStmt", "PressStmt", "EnterStmt", "ChooseStmt", "ReadStmt",
		"ExtractStmt", "PickStmt", "VerifyStmt", "WaitForStmt", "CheckStmt", "SetStmt", "IfStmt", "RepeatStmt",
		"ForStmt", "CallStmt"}
	types := []string{"text", "number", "bool", "date", "money", "email", "url", "list"}
	for _, f := range a {
		file, diags := grammar.Parse(f.Name, f.Source)
		if len(diags) > 0 {
			t.Fatalf("%s: %v", f.Name, diags)
		}
		if len(file.Flows) != 2 || len(file.Comments) == 0 {
			t.Errorf("%s: %d flows, %d comments; want 2 flows and comments", f.Name, len(file.Flows), len(file.Comments))
		}
		seen := map[string]bool{}
		steps := 0
		for _, fl := range file.Flows {
			grammar.Stmts(fl.Body, func(s grammar.Stmt, _ int) {
				name := strings.TrimPrefix(fmt.Sprintf("%T", s), "*grammar.")
				seen[name] = true
				if fd, ok := s.(*grammar.FactDecl); ok {
					seen[fd.Type.Name] = true
				}
				if !grammar.IsDecl(s) {
					steps++
				}
			})
		}
		for _, k := range append(kinds, types...) {
			if !seen[k] {
				t.Errorf("%s: no %s", f.Name, k)
			}
		}
		if steps < 36 || steps > 46 {
			t.Errorf("%s: %d steps, want about 40", f.Name, steps)
		}
		if !bytes.Contains(f.Source, []byte("${")) {
			t.Errorf("%s: no interpolation", f.Name)
		}
		last := file.Flows[0].Body.Stmts[len(file.Flows[0].Body.Stmts)-1]
		switch last.(type) {
		case *grammar.StopBeforeStmt, *grammar.VerifyStmt:
		default:
			t.Errorf("%s: the entry flow ends with %T", f.Name, last)
		}
	}
}

// TestLibrarySizes checks that the step count follows the argument.
func TestLibrarySizes(t *testing.T) {
	for _, steps := range []int{40, 100, 180} {
		f := flowgen.Library(1, steps, 3)[0]
		file, _ := grammar.Parse(f.Name, f.Source)
		n := 0
		for _, fl := range file.Flows {
			grammar.Stmts(fl.Body, func(s grammar.Stmt, _ int) {
				if !grammar.IsDecl(s) {
					n++
				}
			})
		}
		if n < steps-4 || n > steps+6 {
			t.Errorf("asked for %d steps, got %d", steps, n)
		}
	}
}

// TestFaultyLibrary: the faulty library is the clean one with problems
// planted in two files of three, the same every time, and each planted
// file gives diagnostics.
func TestFaultyLibrary(t *testing.T) {
	const n = 48
	clean, a, b := flowgen.Library(n, 40, 5), flowgen.Faulty(n, 40, 5), flowgen.Faulty(n, 40, 5)
	var srcs []compiler.Source
	for i := range a {
		if !bytes.Equal(a[i].Source, b[i].Source) || a[i].Name != b[i].Name {
			t.Fatalf("%s differs between two calls", a[i].Name)
		}
		if planted := !bytes.Equal(a[i].Source, clean[i].Source); planted != (i%3 != 2) {
			t.Errorf("%s: planted %v, want %v", a[i].Name, planted, i%3 != 2)
		}
		srcs = append(srcs, compiler.Source{Name: a[i].Name, Src: a[i].Source})
	}
	found := map[string]int{}
	for _, d := range compiler.Lint(srcs, compiler.WithMaxErrors(0)) {
		found[d.Range.Filename]++
	}
	for i, f := range a {
		if i%3 != 2 && found[f.Name] == 0 {
			t.Errorf("%s has a planted problem but no diagnostic", f.Name)
		}
	}
}
