package compiler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"flow/plan"
)

// TestGoldenPlans compiles the input.flow of each testdata/golden/*.txtar
// (other files of the archive serve its imports) and compares the plan's
// JSON with the archive's plan.json. UPDATE_GOLDEN=1 rewrites plan.json.
func TestGoldenPlans(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			ar, err := txtar.ParseFile(name)
			if err != nil {
				t.Fatal(err)
			}
			srcs := map[string][]byte{}
			for _, f := range ar.Files {
				srcs[f.Name] = f.Data
			}
			read := func(name string) ([]byte, error) {
				if b, ok := srcs[name]; ok {
					return b, nil
				}
				return nil, fmt.Errorf("no file %s in the archive", name)
			}
			prog, diags := CompileFile("input.flow", WithReadFile(read))
			if diags.HasErrors() {
				t.Fatalf("compile: %v", diags)
			}
			got, err := json.MarshalIndent(prog, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			if os.Getenv("UPDATE_GOLDEN") != "" {
				replaced := false
				for i := range ar.Files {
					if ar.Files[i].Name == "plan.json" {
						ar.Files[i].Data, replaced = got, true
					}
				}
				if !replaced {
					ar.Files = append(ar.Files, txtar.File{Name: "plan.json", Data: got})
				}
				if err := os.WriteFile(name, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, ok := srcs["plan.json"]
			if !ok {
				t.Fatal("no plan.json in the archive: run with UPDATE_GOLDEN=1")
			}
			if !bytes.Equal(got, want) {
				t.Errorf("plan differs from plan.json (UPDATE_GOLDEN=1 rewrites it):\n%s", firstDiff(string(want), string(got)))
			}
			// The golden JSON loads back, relinks and marshals to itself.
			loaded, err := loadAndRelink(want)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := json.MarshalIndent(loaded, "", "  ")
			if !bytes.Equal(append(again, '\n'), want) {
				t.Errorf("plan.json does not round-trip through plan.Load")
			}
		})
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	wl, gl := bytes.Split([]byte(want), []byte("\n")), bytes.Split([]byte(got), []byte("\n"))
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g []byte
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if !bytes.Equal(w, g) {
			return fmt.Sprintf("line %d:\nwant: %s\n got: %s", i+1, w, g)
		}
	}
	return ""
}

func loadAndRelink(data []byte) (*plan.Program, error) {
	p, err := plan.Load(data)
	if err != nil {
		return nil, err
	}
	return p, Relink(p)
}
