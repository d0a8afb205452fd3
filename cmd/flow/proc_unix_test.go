//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// canInterrupt: this system lets a process send itself SIGINT.
const canInterrupt = true

// interruptSelf sends this process SIGINT, as Ctrl+C in a terminal does.
func interruptSelf() error { return syscall.Kill(os.Getpid(), syscall.SIGINT) }

// ownGroup makes cmd the leader of a process group of its own, so that
// [killGroup] ends its children too (Chromium's renderers and helpers).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills cmd and every process of its group.
func killGroup(cmd *exec.Cmd) { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// closeBrowser ends the Chromium whose profile is under dir as closing its
// last window does: SIGTERM to the browser process (not its helpers),
// which shuts down cleanly. It reports whether it found one.
func closeBrowser(dir string) bool {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		args := strings.Split(string(b), "\x00")
		main, mine := true, false
		for _, a := range args {
			if strings.HasPrefix(a, "--type=") {
				main = false
			}
			if strings.HasPrefix(a, "--user-data-dir="+dir) {
				mine = true
			}
		}
		if main && mine {
			pid, err := strconv.Atoi(filepath.Base(filepath.Dir(p)))
			if err == nil && syscall.Kill(pid, syscall.SIGTERM) == nil {
				return true
			}
		}
	}
	return false
}
