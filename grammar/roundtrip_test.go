package grammar

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// moduleRoot finds the directory holding go.mod, walking up from the
// package directory the test runs in.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
}

// TestRoundTripRepository parses, prints and parses again every .flow file
// of the repository (flows/, stdlib/, testdata, docs…), so every flow anyone
// adds is held to the printer's promises: it parses, formatting is
// idempotent, the formatted text parses to the same tree and no comment is
// lost. Files under a testdata directory named "invalid" or whose name
// starts with "bad_" are meant not to parse and are skipped.
func TestRoundTripRepository(t *testing.T) {
	root := moduleRoot(t)
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "invalid":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".flow") && !strings.HasPrefix(d.Name(), "bad_") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no .flow files found under the module root")
	}
	for _, path := range files {
		rel, _ := filepath.Rel(root, path)
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, diags := Parse(rel, src)
			if diags.HasErrors() {
				t.Fatalf("does not parse:\n%v", diags)
			}
			checkRanges(t, string(src), f)
			assertRoundTrip(t, rel, src)
		})
	}
	t.Logf("%d .flow files round-tripped", len(files))
}
