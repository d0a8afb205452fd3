package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"flow/surfaces/browser"
)

// chromium is a headless Chromium the harness launched for itself.
type chromium struct {
	cmd     *exec.Cmd
	profile string
	exited  chan struct{}
	// URL is its DevTools address, http://127.0.0.1:PORT.
	URL string
}

// launchChromium starts a headless Chromium with flow's own switches, a
// fresh profile and a DevTools port chosen by the browser, in a process group
// of its own so that closing it ends its helpers too.
func launchChromium(execPath string) (*chromium, error) {
	if execPath == "" {
		p, err := browser.FindChromium()
		if err != nil {
			return nil, err
		}
		execPath = p
	}
	profile, err := os.MkdirTemp("", "miniwob-chromium-")
	if err != nil {
		return nil, err
	}
	args := append(browser.Flags(false), "--remote-debugging-port=0",
		"--remote-debugging-address=127.0.0.1", "--user-data-dir="+profile, "about:blank")
	cmd := exec.Command(execPath, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	c := &chromium{cmd: cmd, profile: profile, exited: make(chan struct{})}
	go func() { cmd.Wait(); close(c.exited) }()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(filepath.Join(profile, "DevToolsActivePort"))
		if port, _, ok := strings.Cut(string(b), "\n"); err == nil && ok && port != "" {
			c.URL = "http://127.0.0.1:" + port
			return c, nil
		}
		select {
		case <-c.exited:
			c.Close()
			return nil, fmt.Errorf("chromium %s exited before opening its DevTools port", execPath)
		case <-time.After(50 * time.Millisecond):
		}
	}
	c.Close()
	return nil, fmt.Errorf("chromium %s did not open its DevTools port within 30s", execPath)
}

// Close kills the browser's process group, waits for it and removes the
// profile.
func (c *chromium) Close() {
	syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
	<-c.exited
	for i := 0; i < 50 && os.RemoveAll(c.profile) != nil; i++ {
		time.Sleep(100 * time.Millisecond)
	}
}
