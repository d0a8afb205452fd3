package cputime

import (
	"runtime"
	"testing"
	"time"
)

// Work on the CPU shows as CPU time; on a system that does not measure it,
// Used stays 0.
func TestUsedGrowsWithWork(t *testing.T) {
	before := Used()
	x := 0
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
		x++
	}
	after := Used()
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		if after != 0 {
			t.Errorf("Used = %v where it is not measured", after)
		}
		return
	}
	if after-before < 20*time.Millisecond {
		t.Errorf("50 ms of busy work counted %v of CPU time (%d loops)", after-before, x)
	}
}
