//go:build unix

package suite

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"flow/runtime"
	"flow/surfaces/browser"
)

// remoteChromium starts a headless Chromium with a DevTools port in its own
// process group, as a browser farm would run one, and returns its
// http://127.0.0.1:PORT address and a func that kills it (and its
// renderers) at once. The test's cleanup kills it too. The address is
// taken from the line Chromium prints once its DevTools listen, however
// long a loaded machine makes it take.
func remoteChromium(t *testing.T) (string, func()) {
	t.Helper()
	path, err := browser.FindChromium()
	if err != nil {
		t.Fatalf("no Chromium: %v", err)
	}
	cmd := exec.Command(path, append(browser.Flags(false), "--remote-debugging-port=0",
		"--remote-debugging-address=127.0.0.1", "--user-data-dir="+t.TempDir(), "about:blank")...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan string, 1)
	read := make(chan struct{})
	go func() {
		// Read stderr to its end, so that Chromium never blocks on it.
		defer close(read)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if ws, ok := strings.CutPrefix(sc.Text(), "DevTools listening on "); ok {
				select {
				case listening <- ws:
				default:
				}
			}
		}
	}()
	waited := make(chan struct{})
	go func() { <-read; cmd.Wait(); close(waited) }()
	kill := func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-waited
	}
	t.Cleanup(kill)
	select {
	case ws := <-listening:
		u, err := url.Parse(ws)
		if err != nil || u.Host == "" {
			t.Fatalf("Chromium listens at %q", ws)
		}
		return "http://" + u.Host, kill
	case <-waited:
		t.Fatal("Chromium ended before its DevTools listened")
	}
	return "", nil
}

// pageOn reports whether the browser at endpoint has a tab open on a page
// under prefix, by its DevTools target list.
func pageOn(endpoint, prefix string) (bool, error) {
	resp, err := http.Get(endpoint + "/json/list")
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	var targets []struct{ Type, URL string }
	if err := json.NewDecoder(resp.Body).Decode(&targets); err != nil {
		return false, err
	}
	for _, tg := range targets {
		if tg.Type == "page" && strings.HasPrefix(tg.URL, prefix) {
			return true, nil
		}
	}
	return false, nil
}

// Three "remote" browsers; one is killed while a long case runs on it.
// Only that case fails, saying the browser went away; the later cases go
// to the two left, and pass. Nothing waits for time: the browser is killed
// from the case's own step_started event of its long wait, once its tab is
// known to be on that browser, and the pool finds out by itself.
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
	// to the browser running the fewest, and they all hold theirs). The
	// one on the first browser kills it as its wait (step 2) starts: the
	// runtime calls its sinks before it goes on, so the wait begins on a
	// dead browser.
	var (
		mu     sync.Mutex
		victim string // the case on the killed browser
	)
	hook := func(c *Case, attempt int, o *runtime.Options) func(*runtime.Result) {
		if !strings.HasPrefix(c.Name, "a_wait") {
			return nil
		}
		site, _ := o.Facts[siteFact].(string)
		o.Sinks = append(o.Sinks, runtime.SinkFunc(func(e runtime.Event) {
			if e.Kind != runtime.EventStepStarted || e.Path != "2" {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if victim != "" {
				return
			}
			on, err := pageOn(urls[0], site)
			if err != nil {
				t.Errorf("%s: the first browser's targets: %v", c.Name, err)
				return
			}
			if on {
				kills[0]()
				victim = c.Name
			}
		}))
		return nil
	}
	rep := Run(ctx, cases, Options{Workers: 3, Pool: pool, Sites: fixtures{}, Attempt: hook})

	if victim == "" {
		for _, r := range rep.Results {
			t.Logf("%s: %s on %s: %s", r.Case, r.Status, r.Browser, r.Reason)
		}
		t.Fatal("no long case reached its wait on the first browser")
	}
	gone := "the browser at " + urls[0] + " went away"
	var died *Result
	for _, r := range rep.Results {
		switch {
		case r.Case == victim:
			died = r
			if r.Status != Fail || !strings.Contains(r.Reason, gone) {
				t.Errorf("%s ran on the killed browser and ended %s: %s", r.Case, r.Status, r.Reason)
			}
		case r.Status != Pass:
			t.Errorf("%s: %s on %s: %s", r.Case, r.Status, r.Browser, r.Reason)
		case r.Browser == urls[0]:
			t.Errorf("%s passed on the browser that went away", r.Case)
		}
	}
	if died.Browser != urls[0] {
		t.Errorf("%s failed for %s but ran on %s", died.Case, gone, died.Browser)
	}
	// It ended when its browser went, not at the end of its 8s wait.
	if died.Run == nil || died.Run.Failure == nil || died.Run.Failure.Path != "2" {
		t.Fatalf("%s did not fail at its wait: %+v", died.Case, died.Run)
	}
	for _, s := range died.Run.Steps {
		if s.Path == "2" && time.Duration(s.Duration) >= 8*time.Second {
			t.Errorf("%s waited %s on the dead browser, its whole wait", died.Case, time.Duration(s.Duration))
		}
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
