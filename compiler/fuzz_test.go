package compiler

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// FuzzCompile feeds arbitrary text to the whole compiler, lint included:
// it must never panic, and every diagnostic must carry a code and a
// position in a named file.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob("testdata/src/*.flow")
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	lib := fstest.MapFS{"lib/helpers.flow": {Data: mustRead(f, "testdata/src/lib/helpers.flow")}}
	f.Fuzz(func(t *testing.T, src []byte) {
		prog, diags := Compile("fuzz.flow", src, WithLint(), WithFS(lib))
		for _, d := range diags {
			if d.Code == "" || d.Range.Filename == "" || d.Range.Start.Line < 1 {
				t.Fatalf("bad diagnostic %#v", d)
			}
		}
		if prog == nil {
			t.Fatal("no program")
		}
	})
}

func mustRead(t testing.TB, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
