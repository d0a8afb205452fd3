package compiler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"flow/grammar"
	"flow/internal/flowgen"
)

// workers sets how many goroutines each parallel stage uses.
func workers(n int) Option { return func(c *config) { c.workers = n } }

// faultyLibrary is flowgen's library with errors and warnings planted in
// two files of three: names, types, syntax, calls, recursion, imports
// between the files, duplicates, most lint rules and suppressions.
func faultyLibrary() []Source {
	var files []Source
	for _, f := range flowgen.Faulty(96, 40, 5) {
		files = append(files, Source{Name: f.Name, Src: f.Source})
	}
	return files
}

// TestParallelCheckingIsDeterministic compiles and lints a library full of
// diagnostics on one goroutine and on several, and wants the same bytes:
// every diagnostic in the same order with the same text, related notes and
// hints, and the same plans. Scheduling must never show in the output.
func TestParallelCheckingIsDeterministic(t *testing.T) {
	files := faultyLibrary()
	serial := Lint(files, WithMaxErrors(0), workers(1))
	codes := map[string]bool{}
	for _, d := range serial {
		codes[d.Code] = true
	}
	if !serial.HasErrors() || len(codes) < 20 {
		t.Fatalf("the faulty library gives %d diagnostics of %d codes; the test needs many of each kind", len(serial), len(codes))
	}
	if !hasSeverity(serial, grammar.Warning) {
		t.Fatal("the faulty library gives no warnings")
	}
	// Before sorting: the same diagnostics in the same order, so that
	// even entries the sort keeps as they come (one code at one place)
	// cannot trade places.
	rawDiags := func(n int) []byte {
		cfg := newConfig([]Option{WithLint(), workers(n)})
		cfg.programs = false
		s := parseSession(files, cfg)
		s.runStages()
		return diagBytes(t, s.diags)
	}
	wantRaw := rawDiags(1)
	for _, n := range []int{2, 5} {
		if got := rawDiags(n); !bytes.Equal(got, wantRaw) {
			t.Errorf("the stages on %d goroutines report in another order than on one:\n%s", n, firstDifference(got, wantRaw))
		}
	}

	want := diagBytes(t, serial)
	for _, n := range []int{2, 3, 8} {
		if got := diagBytes(t, Lint(files, WithMaxErrors(0), workers(n))); !bytes.Equal(got, want) {
			t.Errorf("lint on %d goroutines differs from lint on one:\n%s", n, firstDifference(got, want))
		}
	}

	lib, diags := CompileLibrary(files, WithLint(), workers(1))
	wantDiags, wantPlans := diagBytes(t, diags), planBytes(t, lib)
	for _, n := range []int{2, 8} {
		lib, diags := CompileLibrary(files, WithLint(), workers(n))
		if got := diagBytes(t, diags); !bytes.Equal(got, wantDiags) {
			t.Errorf("compile on %d goroutines: diagnostics differ:\n%s", n, firstDifference(got, wantDiags))
		}
		if got := planBytes(t, lib); !bytes.Equal(got, wantPlans) {
			t.Errorf("compile on %d goroutines: plans differ:\n%s", n, firstDifference(got, wantPlans))
		}
	}
}

func hasSeverity(diags grammar.Diagnostics, s grammar.Severity) bool {
	for _, d := range diags {
		if d.Severity == s {
			return true
		}
	}
	return false
}

func diagBytes(t *testing.T, diags grammar.Diagnostics) []byte {
	t.Helper()
	b, err := json.MarshalIndent(diags, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func planBytes(t *testing.T, lib *Library) []byte {
	t.Helper()
	b, err := json.MarshalIndent(lib.Programs, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// firstDifference shows the first line where got and want part.
func firstDifference(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(g) && i < len(w); i++ {
		if !bytes.Equal(g[i], w[i]) {
			return fmt.Sprintf("line %d:\n got: %s\nwant: %s", i+1, g[i], w[i])
		}
	}
	return "one is a prefix of the other"
}
