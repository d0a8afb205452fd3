package grammar

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// addSeeds adds every input.flow of testdata/parse and a few broken inputs.
func addSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/parse/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			if strings.HasSuffix(af.Name, ".flow") {
				f.Add(af.Data)
			}
		}
	}
	for _, s := range []string{
		"", "flow", "flow a \"x\" {", "}", "flow a \"x\" {\n  do \"${\"\n}\n",
		"flow a \"x\" {\n  check (a, \"b\"\n}\n", "flow a \"x\" {\n  do \"\"\"\n  x\n",
		"flow a \"x\" {\n  if not \"a\" max 3 {\n  }\n}\n", "import \"a\" as\nflow",
		"flow a \"x\" {\n  enter {\n    \"a\" = 1\n  } else {\n}\n", "\xff\xfe", "flow a \"\\q\" {\n}\n",
	} {
		f.Add([]byte(s))
	}
}

// checkDiagnostics checks that every diagnostic is a real, positioned one.
func checkDiagnostics(t *testing.T, src []byte, diags Diagnostics) {
	t.Helper()
	for _, d := range diags {
		if strings.HasPrefix(d.Summary, "internal parser error") {
			t.Fatalf("parser panicked: %s", d.Summary)
		}
		r := d.Range
		if !r.Start.IsValid() || r.Start.Column < 1 || r.Start.Offset < 0 || r.Start.Offset > len(src) ||
			r.End.Offset < r.Start.Offset || r.End.Offset > len(src) {
			t.Fatalf("diagnostic with a bad range %v-%v (file of %d bytes): %v", r.Start, r.End, len(src), d)
		}
		if want := newLines(string(src)).pos(r.Start.Offset); want != r.Start {
			t.Fatalf("diagnostic at %v, but offset %d is %v: %v", r.Start, r.Start.Offset, want, d)
		}
		if (d.Code < "E001" || d.Code > "E009") && !(d.Code == "E000" && d.Severity == Info) || d.Summary == "" || d.Hint == "" {
			t.Fatalf("diagnostic without a syntax code, summary or hint: %#v", d)
		}
	}
}

// FuzzParse: any input gives a tree and positioned diagnostics, never a
// panic; a file without errors has consistent ranges and formats to text
// that parses to the same tree.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := Parse("fuzz.flow", src)
		if file == nil {
			t.Fatal("nil tree")
		}
		checkDiagnostics(t, src, diags)
		if diags.HasErrors() {
			// A partial tree must still be walkable.
			Walk(file, func(Node) bool { return true })
			return
		}
		checkRanges(t, string(src), file)
		assertRoundTrip(t, "fuzz.flow", src)
	})
}

// FuzzFormat: formatting is idempotent and keeps the tree and the comments,
// and formatting a formatted file changes nothing.
func FuzzFormat(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		out, diags := FormatSource("fuzz.flow", src)
		checkDiagnostics(t, src, diags)
		if diags.HasErrors() {
			if out != nil {
				t.Fatal("a file with errors was formatted")
			}
			return
		}
		again, diags := FormatSource("fuzz.flow", out)
		if diags.HasErrors() {
			t.Fatalf("formatted text does not parse: %v\n%s", diags, out)
		}
		if !bytes.Equal(out, again) {
			t.Fatalf("not idempotent:\n--- once ---\n%s\n--- twice ---\n%s", out, again)
		}
		assertRoundTrip(t, "fuzz.flow", src)
	})
}
