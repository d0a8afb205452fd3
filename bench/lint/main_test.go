package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func goroot(t *testing.T) string {
	t.Helper()
	b, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(b))
}

// TestGoFilesChoice: the Go bytes are the shortest run of non-test files,
// in walk order, that reaches the size asked for, the same every time.
func TestGoFilesChoice(t *testing.T) {
	src := filepath.Join(goroot(t), "src")
	const want = 300_000
	files, size, err := goFiles(src, want)
	if err != nil {
		t.Fatal(err)
	}
	again, _, _ := goFiles(src, want)
	if !slices.Equal(files, again) {
		t.Error("two choices of the same size differ")
	}
	if size < want {
		t.Errorf("%d bytes, want at least %d", size, want)
	}
	last, err := os.Stat(filepath.Join(src, files[len(files)-1]))
	if err != nil {
		t.Fatal(err)
	}
	if size-last.Size() >= want {
		t.Errorf("the files before the last already hold %d bytes: the choice is longer than needed", size-last.Size())
	}
	for _, f := range files {
		parts := strings.Split(filepath.ToSlash(f), "/")
		if !strings.HasSuffix(f, ".go") || strings.HasSuffix(f, "_test.go") || slices.Contains(parts, "testdata") || slices.Contains(parts, "vendor") {
			t.Errorf("%s should not be chosen", f)
		}
	}
}

// TestCompare runs the whole comparison on a small library and reads its
// report: both commands ran, on about the same bytes, and a ratio came out.
func TestCompare(t *testing.T) {
	goroot(t)
	var out, errb strings.Builder
	if code := run([]string{"-runs", "1", "-files", "16"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	report := out.String()
	for _, re := range []string{
		`flow lint --strict\s+16 files\s+\d+ bytes`,
		`gofmt -l\s+\d+ files\s+\d+ bytes`,
		`(?m)^flow lint\s+[\d.]+ms`,
		`(?m)^gofmt -l\s+[\d.]+ms`,
		`wall time per byte: \d+\.\d\d× \(medians\)`,
	} {
		if !regexp.MustCompile(re).MatchString(report) {
			t.Errorf("the report lacks %s:\n%s", re, report)
		}
	}
}
