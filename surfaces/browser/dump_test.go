package browser

import (
	"os"
	"testing"
)

// TestDump prints a test page as `flow inspect` would (DUMP=/testdata/…).
// It is a development aid and skips without DUMP.
func TestDump(t *testing.T) {
	p := os.Getenv("DUMP")
	if p == "" {
		t.Skip("set DUMP to print a page")
	}
	s := newSurface(t)
	t.Log("\n" + open(t, s, p).String())
}
