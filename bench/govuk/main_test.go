package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionMatchesFetch: the command's default directory names the
// version fetch.sh fetches.
func TestVersionMatchesFetch(t *testing.T) {
	b, err := os.ReadFile("fetch.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\nversion="+version+"\n") {
		t.Errorf("fetch.sh does not pin version=%s", version)
	}
	t.Setenv("GOVUK_FRONTEND_DIR", "")
	t.Setenv("XDG_CACHE_HOME", "/cache")
	if got, want := defaultDir(), filepath.Join("/cache", "flow", "govuk-frontend-"+version); got != want {
		t.Errorf("defaultDir() = %s, want %s", got, want)
	}
}

func TestRunUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"other"}, {"parity", "extra"}, {"parity", "-nope"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("run(%q) = %d, want 2", args, code)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"parity", "-dir", t.TempDir()}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "fetch.sh") {
		t.Errorf("no package: exit %d, %q", code, errb.String())
	}
}
