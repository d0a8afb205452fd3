package compiler

import (
	"testing"

	"flow/internal/flowgen"
	"flow/plan"
)

// library is the benchmark's input: flowgen's 1,000 files of about 40
// steps, and their total size.
func library() ([]Source, int) {
	var files []Source
	size := 0
	for _, f := range flowgen.Library(1000, 40, 1) {
		files = append(files, Source{Name: f.Name, Src: f.Source})
		size += len(f.Source)
	}
	return files, size
}

// BenchmarkCompile measures the whole compile of a 1,000-file library:
// parse, imports, checks, expressions, plan and lint.
func BenchmarkCompile(b *testing.B) {
	files, size := library()
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		_, diags := CompileLibrary(files, WithLint())
		if diags.HasErrors() {
			b.Fatal(diags[:min(len(diags), 5)])
		}
	}
}

// BenchmarkLint measures `flow lint` over the same library: everything
// BenchmarkCompile does but building expression programs.
func BenchmarkLint(b *testing.B) {
	files, size := library()
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if diags := Lint(files); diags.HasErrors() {
			b.Fatal(diags[:min(len(diags), 5)])
		}
	}
}

// TestGeneratedLibraryCompiles: flowgen's flows are valid, so the benchmark
// measures the path a real library takes (no early exit on errors).
func TestGeneratedLibraryCompiles(t *testing.T) {
	var files []Source
	for _, f := range flowgen.Library(30, 40, 7) {
		files = append(files, Source{Name: f.Name, Src: f.Source})
	}
	lib, diags := CompileLibrary(files, WithLint())
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	steps := 0
	for _, p := range lib.Programs {
		for _, f := range p.Flows {
			f.Walk(func(*plan.Step) { steps++ })
		}
	}
	if steps < 30*30 {
		t.Errorf("only %d steps in 30 generated files", steps)
	}
}
