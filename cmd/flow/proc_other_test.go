//go:build !unix

package main

import "os/exec"

// canInterrupt: this system has no portable way to send oneself Ctrl+C.
const canInterrupt = false

func interruptSelf() error { return nil }

func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }

func closeBrowser(string) bool { return false }
