package sim

import (
	"path/filepath"
	"testing"
)

func TestScriptsLoad(t *testing.T) {
	files, err := filepath.Glob("../../testdata/sim/*.yaml")
	if err != nil || len(files) < 3 {
		t.Fatalf("want the scripts of testdata/sim, got %v (%v)", files, err)
	}
	for _, f := range files {
		if _, err := Load(f); err != nil {
			t.Errorf("%s:\n%v", f, err)
		}
	}
}
