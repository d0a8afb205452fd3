//go:build unix

package suite

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"flow/surfaces/browser"
)

// remoteChromium starts a headless Chromium with a DevTools port in its own
// process group, as a browser farm would run one, and returns its
// http://127.0.0.1:PORT address and a func that kills it (and its
// renderers) at once. The test's cleanup kills it too.
func remoteChromium(t *testing.T) (string, func()) {
	t.Helper()
	path, err := browser.FindChromium()
	if err != nil {
		t.Fatalf("no Chromium: %v", err)
	}
	dir := t.TempDir()
	cmd := exec.Command(path, append(browser.Flags(false), "--remote-debugging-port=0",
		"--remote-debugging-address=127.0.0.1", "--user-data-dir="+dir, "about:blank")...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan struct{})
	go func() { cmd.Wait(); close(waited) }()
	kill := func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-waited
	}
	t.Cleanup(kill)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if port, _, ok := strings.Cut(string(b), "\n"); err == nil && ok && port != "" {
			return "http://127.0.0.1:" + port, kill
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("Chromium did not open its DevTools port within 30s")
	return "", nil
}

// Three "remote" browsers; one is killed while each runs a long case. Only
// its case fails, saying the browser went away; the later cases go to the
// two left, and pass.
func TestPoolSurvivesABrowserThatGoesAway(t *testing.T) {
	var urls []string
	var kills []func()
	for range 3 {
		u, kill := remoteChromium(t)
		urls, kills = append(urls, u), append(kills, kill)
	}
	cases := loadLibrary(t, map[string]string{
		"wait.flow":    waitFlow,
		"starred.flow": starredFlow,
		"pool.test.yaml": `cases:
  - {name: a_wait_1, flow: wait.flow, site: mail, expect: failed, step: "2"}
  - {name: a_wait_2, flow: wait.flow, site: mail, expect: failed, step: "2"}
  - {name: a_wait_3, flow: wait.flow, site: mail, expect: failed, step: "2"}
  - {name: b_starred_1, flow: starred.flow, site: mail}
  - {name: b_starred_2, flow: starred.flow, site: mail}
  - {name: b_starred_3, flow: starred.flow, site: mail}
  - {name: b_starred_4, flow: starred.flow, site: mail}
`,
	})
	ctx := context.Background()
	pool, err := OpenPool(ctx, urls, browser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	// The three long cases start first, one on each browser (a case goes
	// to the browser running the fewest); once they run, the first
	// browser dies.
	rec := &recorder{want: 3, ready: make(chan struct{})}
	go func() {
		<-rec.ready
		time.Sleep(1500 * time.Millisecond)
		kills[0]()
	}()
	rep := Run(ctx, cases, Options{Workers: 3, Pool: pool, Sites: fixtures{}, Observer: rec})

	gone := "the browser at " + urls[0] + " went away"
	var died *Result
	var slowest time.Duration
	for _, r := range rep.Results {
		switch {
		case r.Status == Fail && strings.Contains(r.Reason, gone) && strings.HasPrefix(r.Case, "a_wait"):
			if died != nil {
				t.Errorf("two cases failed with the dead browser: %s and %s", died.Case, r.Case)
			}
			died = r
		case r.Status != Pass:
			t.Errorf("%s: %s on %s: %s", r.Case, r.Status, r.Browser, r.Reason)
		case r.Browser == urls[0]:
			t.Errorf("%s passed on the browser that went away", r.Case)
		case strings.HasPrefix(r.Case, "a_wait"):
			slowest = max(slowest, time.Duration(r.Duration))
		}
	}
	if died == nil {
		t.Fatalf("no case failed with %q", gone)
	}
	if died.Browser != urls[0] {
		t.Errorf("%s failed for %s but ran on %s", died.Case, gone, died.Browser)
	}
	// The watcher ended it when its browser went, not at its 8s wait.
	if time.Duration(died.Duration) >= slowest {
		t.Errorf("the case on the dead browser took %s, the others %s", time.Duration(died.Duration), slowest)
	}
	t.Logf("%s: %s after %s", died.Case, died.Reason, time.Duration(died.Duration))
}

// With no browser left, every case fails with the reason.
func TestPoolWithNoBrowserLeft(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	cases := loadLibrary(t, map[string]string{"starred.flow": starredFlow, "s.test.yaml": "cases:\n  - {name: one, flow: starred.flow, site: mail}\n  - {name: two, flow: starred.flow, site: mail}\n"})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pool, err := OpenPool(ctx, []string{dead}, browser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	rep := Run(ctx, cases, Options{Workers: 2, Pool: pool, Sites: fixtures{}})
	for _, r := range rep.Results {
		if r.Status != Fail || !strings.Contains(r.Reason, "no browser is left: cannot attach to "+dead) {
			t.Errorf("%s: %s: %s", r.Case, r.Status, r.Reason)
		}
	}
	if _, err := OpenPool(ctx, []string{"localhost:9222"}, browser.Options{}); err == nil || !strings.Contains(err.Error(), "ws://host:port/devtools/browser/") {
		t.Errorf("a URL without a scheme: %v", err)
	}
}
