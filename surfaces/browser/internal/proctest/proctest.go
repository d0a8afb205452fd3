package proctest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

const envName = "FLOW_PROCTEST_MARK"

// Mark sets the marker to id, a value unique to this test binary (a
// temporary directory's path serves).
func Mark(id string) { os.Setenv(envName, id) }

// Leftovers returns "pid: command line" for each live marked process,
// waiting up to wait for processes that are still exiting. Zombies are not
// running and are skipped.
func Leftovers(id string, wait time.Duration) []string {
	self := fmt.Sprintf("/proc/%d", os.Getpid())
	deadline := time.Now().Add(wait)
	for {
		var left []string
		procs, _ := filepath.Glob("/proc/[0-9]*")
		for _, dir := range procs {
			if dir == self {
				continue
			}
			env, err := os.ReadFile(filepath.Join(dir, "environ"))
			if err != nil || !strings.Contains(string(env), envName+"="+id+"\x00") {
				continue
			}
			stat, _ := os.ReadFile(filepath.Join(dir, "stat"))
			if i := strings.LastIndexByte(string(stat), ')'); i > 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
				continue
			}
			cmd, _ := os.ReadFile(filepath.Join(dir, "cmdline"))
			line := strings.ReplaceAll(string(cmd), "\x00", " ")
			left = append(left, filepath.Base(dir)+": "+line[:min(len(line), 120)])
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(100 * time.Millisecond)
	}
}
