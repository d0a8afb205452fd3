package grammar

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"flow/internal/flowgen"
)

// BenchmarkParse parses a generated library of 1,000 files of about 40
// steps each; MB/s is over the total source size.
func BenchmarkParse(b *testing.B) {
	files := flowgen.Library(1000, 40, 1)
	size := 0
	for _, f := range files {
		size += len(f.Source)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			if _, diags := Parse(f.Name, f.Source); len(diags) > 0 {
				b.Fatal(diags)
			}
		}
	}
}

// BenchmarkParseColdShapes is BenchmarkParse with the set of known
// statement shapes emptied before every file, so each file pays for
// checking its shapes with participle: the speed of parsing one file in a
// fresh process, the worst case.
func BenchmarkParseColdShapes(b *testing.B) {
	files := flowgen.Library(1000, 40, 1)
	size := 0
	for _, f := range files {
		size += len(f.Source)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			shapes.mu.Lock()
			clear(shapes.m)
			shapes.mu.Unlock()
			if _, diags := Parse(f.Name, f.Source); len(diags) > 0 {
				b.Fatal(diags)
			}
		}
	}
}

// BenchmarkGoParser is the yardstick for BenchmarkParse: go/parser over
// real Go files of the standard library, file by file, adding files until
// they hold as many bytes as the flow library.
func BenchmarkGoParser(b *testing.B) {
	want := 0
	for _, f := range flowgen.Library(1000, 40, 1) {
		want += len(f.Source)
	}
	type goFile struct {
		name string
		src  []byte
	}
	var files []goFile
	size := 0
	root := filepath.Join(runtime.GOROOT(), "src")
	errStop := fs.ErrExist
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || size >= want {
			return errStop
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		files = append(files, goFile{path, src})
		size += len(src)
		return nil
	})
	if err != nil && err != errStop {
		b.Fatal(err)
	}
	if size < want {
		b.Fatalf("only %d bytes of Go found, want %d", size, want)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		fset := token.NewFileSet()
		for _, f := range files {
			if _, err := parser.ParseFile(fset, f.name, f.src, parser.ParseComments); err != nil {
				b.Fatal(err)
			}
		}
	}
}
