//go:build unix

package main

import (
	"os"
	"os/exec"
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
