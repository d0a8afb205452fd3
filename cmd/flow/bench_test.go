package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flow/cmd/flow/cli"
	"flow/internal/cputime"
	"flow/internal/flowgen"
)

// BenchmarkLint1000 measures `flow lint` end to end over a library of 1000
// generated files of about 40 steps each: walking the folder, reading,
// parsing, compiling, linting and printing (to io.Discard), through the
// real Main in-process. `go run ./bench/lint` times the same run against
// `gofmt -l` on as many bytes of Go.
func BenchmarkLint1000(b *testing.B) {
	dir := b.TempDir()
	var bytes int64
	for _, f := range flowgen.Library(1000, 40, 1) {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, f.Source, 0o644); err != nil {
			b.Fatal(err)
		}
		bytes += int64(len(f.Source))
	}
	args := []string{"flow", "lint", "--strict", dir}
	var errb strings.Builder
	if code := cli.Main(args, strings.NewReader(""), io.Discard, &errb); code != cli.ExitOK {
		b.Fatalf("the generated library does not lint clean (exit %d):\n%s", code, errb.String())
	}
	b.SetBytes(bytes)
	b.ResetTimer()
	// The machine may be shared: CPU time per op (user and system, all
	// threads, the garbage collector's included) says what lint costs
	// when wall time says how busy the machine was.
	before := cputime.Used()
	for b.Loop() {
		if code := cli.Main(args, strings.NewReader(""), io.Discard, io.Discard); code != cli.ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(cputime.Used()-before)/float64(b.N), "cpu-ns/op")
}
