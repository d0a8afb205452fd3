package grammar

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestGolden runs every testdata/parse/*.txtar archive. Each holds an
// input.flow that must parse without errors; its tree (positions left out)
// must equal the archive's "tree" file, its formatted text the "format.flow"
// file, and every node range must satisfy checkRanges. UPDATE_GOLDEN=1
// rewrites the tree and format files from the current output.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/parse/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	update := os.Getenv("UPDATE_GOLDEN") != ""
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]int{}
			for i, f := range ar.Files {
				sections[f.Name] = i
			}
			in, ok := sections["input.flow"]
			if !ok {
				t.Fatal("no input.flow")
			}
			src := ar.Files[in].Data
			f, diags := Parse("input.flow", src)
			if len(diags) > 0 {
				t.Fatalf("unexpected diagnostics:\n%v", diags)
			}
			checkRanges(t, string(src), f)
			tree := []byte(dump(f, true))
			formatted := Format(f)

			if update {
				set := func(name string, data []byte) {
					if i, ok := sections[name]; ok {
						ar.Files[i].Data = data
						return
					}
					ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
					sections[name] = len(ar.Files) - 1
				}
				set("tree", tree)
				set("format.flow", formatted)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for name, got := range map[string][]byte{"tree": tree, "format.flow": formatted} {
				i, ok := sections[name]
				if !ok {
					t.Errorf("no %s section (run with UPDATE_GOLDEN=1)", name)
					continue
				}
				if want := ar.Files[i].Data; !bytes.Equal(got, want) {
					t.Errorf("%s differs from the golden file\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
				}
			}
			assertRoundTrip(t, "input.flow", src)
		})
	}
}

// assertRoundTrip checks that formatting src is idempotent, that the
// formatted text parses to the same tree (positions and the indentation of
// multi-line strings aside), and that no comment is lost.
func assertRoundTrip(t *testing.T, name string, src []byte) {
	t.Helper()
	f, diags := Parse(name, src)
	if diags.HasErrors() {
		t.Fatalf("%s does not parse:\n%v", name, diags)
	}
	once := Format(f)
	g, diags := Parse(name, once)
	if diags.HasErrors() {
		t.Fatalf("%s: the formatted text does not parse:\n%v\n%s", name, diags, once)
	}
	if a, b := dump([]any{f.Imports, f.Flows}, false), dump([]any{g.Imports, g.Flows}, false); a != b {
		t.Errorf("%s: the formatted text parses to another tree\n--- formatted ---\n%s\n--- before ---\n%s\n--- after ---\n%s", name, once, a, b)
	}
	var before, after []string
	for _, c := range f.Comments {
		before = append(before, c.Text)
	}
	for _, c := range g.Comments {
		after = append(after, c.Text)
	}
	if strings.Join(before, "\n") != strings.Join(after, "\n") {
		t.Errorf("%s: comments changed\nbefore: %q\nafter:  %q", name, before, after)
	}
	if twice := Format(g); !bytes.Equal(once, twice) {
		t.Errorf("%s: formatting is not idempotent\n--- once ---\n%s\n--- twice ---\n%s", name, once, twice)
	}
}
