package cdpclient

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Browser is a Chromium launched with a DevTools port of its own.
type Browser struct {
	cmd     *exec.Cmd
	profile string
	exited  chan struct{}
	// URL is its DevTools address, http://127.0.0.1:PORT, for [Connect]
	// (and for flow's --browser-url).
	URL string
}

// Launch starts the Chromium at execPath with args (the caller's switches:
// headless, window size, …), a fresh profile, a DevTools port on
// 127.0.0.1 chosen by the browser, and one tab on about:blank, in a
// process group of its own so that closing it ends its helpers too. It
// returns once the port is open.
func Launch(execPath string, args ...string) (*Browser, error) {
	profile, err := os.MkdirTemp("", "cdpclient-chromium-")
	if err != nil {
		return nil, err
	}
	all := append(slices.Clone(args), "--remote-debugging-port=0",
		"--remote-debugging-address=127.0.0.1", "--user-data-dir="+profile, "about:blank")
	cmd := exec.Command(execPath, all...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	b := &Browser{cmd: cmd, profile: profile, exited: make(chan struct{})}
	go func() { cmd.Wait(); close(b.exited) }()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		data, err := os.ReadFile(filepath.Join(profile, "DevToolsActivePort"))
		if port, _, ok := strings.Cut(string(data), "\n"); err == nil && ok && port != "" {
			b.URL = "http://127.0.0.1:" + port
			return b, nil
		}
		select {
		case <-b.exited:
			b.Close()
			return nil, fmt.Errorf("chromium %s exited before opening its DevTools port", execPath)
		case <-time.After(50 * time.Millisecond):
		}
	}
	b.Close()
	return nil, fmt.Errorf("chromium %s did not open its DevTools port within 30s", execPath)
}

// Close kills the browser's process group, waits for it and removes the
// profile.
func (b *Browser) Close() {
	syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
	<-b.exited
	for i := 0; i < 50 && os.RemoveAll(b.profile) != nil; i++ {
		time.Sleep(100 * time.Millisecond)
	}
}
