package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"flow/surfaces/browser"
)

// faultResult is the part of `flow run --json` the fault tests read.
type faultResult struct {
	Outcome  string `json:"outcome"`
	ExitCode int    `json:"exit_code"`
	Steps    []struct {
		Path, Kind, Outcome, Note string
	} `json:"steps"`
	Failure *struct {
		Path, File, Reason, Hint string
		Line                     int
	} `json:"failure"`
	Stop *struct {
		Path, Control string
		Pressed       bool
	} `json:"stop"`
}

// faultRun is one finished `flow run --json --trace` of a fault test.
type faultRun struct {
	code           int
	stdout, stderr string
	res            faultResult
	events         []map[string]any
	trace          string
}

// runFault runs `flow run FLOW --json --trace T ARGS…` and checks what
// every run must leave, whatever went wrong: one JSON object on stdout
// whose exit code is the process's, and a complete trace ending with
// run_ended that carries the same outcome.
func runFault(t *testing.T, flowFile string, args ...string) faultRun {
	t.Helper()
	trace := filepath.Join(t.TempDir(), "run.jsonl")
	code, stdout, stderr := flowRun(append([]string{"run", flowFile, "--json", "--trace", trace}, args...)...)
	return finishFault(t, trace, code, stdout, stderr)
}

// finishFault checks the artefacts of a run that has ended (see runFault).
func finishFault(t *testing.T, trace string, code int, stdout, stderr string) faultRun {
	t.Helper()
	r := faultRun{code: code, stdout: stdout, stderr: stderr, trace: trace}
	if err := json.Unmarshal([]byte(stdout), &r.res); err != nil {
		t.Fatalf("--json output is not one JSON object: %v\nstdout:\n%s\nstderr:\n%s", err, stdout, stderr)
	}
	if r.res.ExitCode != code {
		t.Errorf("--json says exit %d, the process exits %d", r.res.ExitCode, code)
	}
	r.events = readTrace(t, trace)
	if last := r.events[len(r.events)-1]; last["outcome"] != r.res.Outcome {
		t.Errorf("run_ended outcome %v, --json outcome %s", last["outcome"], r.res.Outcome)
	}
	return r
}

// wantFailure checks a run ended with the outcome and exit code, its
// failure at step path of flowFile, and the failure printed in the
// summary with its step path, file:line, reason and hint.
func (r faultRun) wantFailure(t *testing.T, outcome string, code int, path, flowFile string) {
	t.Helper()
	r.wantEnded(t, outcome, code, path, flowFile)
	if r.res.Failure.Hint == "" || !strings.Contains(r.stderr, "\n  hint: "+firstLine(r.res.Failure.Hint)) {
		t.Errorf("no hint, or not in the summary: %+v\n%s", *r.res.Failure, r.stderr)
	}
}

// wantEnded is wantFailure without the hint.
func (r faultRun) wantEnded(t *testing.T, outcome string, code int, path, flowFile string) {
	t.Helper()
	if r.code != code || r.res.Outcome != outcome {
		t.Fatalf("%s (exit %d), want %s (exit %d)\nstdout:\n%s\nstderr:\n%s", r.res.Outcome, r.code, outcome, code, r.stdout, r.stderr)
	}
	f := r.res.Failure
	if f == nil {
		t.Fatalf("no failure in the result:\n%s", r.stdout)
	}
	if f.Path != path || f.File != flowFile || f.Line == 0 || f.Reason == "" {
		t.Errorf("failure %+v, want step %s of %s with a line and a reason", *f, path, flowFile)
	}
	for _, want := range []string{
		fmt.Sprintf("\n  at step %s, %s:%d:", path, flowFile, f.Line),
		"\n  reason: " + firstLine(f.Reason),
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stderr)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// clickLog records what a test page reports through POST /click.
type clickLog struct {
	mu     sync.Mutex
	clicks []string
}

func (l *clickLog) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clicks = append(l.clicks, s)
}

func (l *clickLog) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.clicks)
}

// servePage serves page at / for one test, records POST /click bodies, and
// answers /hang never: the request stays open until the test ends.
func servePage(t *testing.T, status int, page string) (string, *clickLog) {
	t.Helper()
	log := &clickLog{}
	quit := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		io.WriteString(w, page)
	})
	mux.HandleFunc("POST /click", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		log.add(string(b))
	})
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-quit:
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(quit) }) // runs first: frees /hang for Close
	return srv.URL + "/", log
}

// launchChromium starts a headless Chromium of the test's own, in a
// process group of its own, and returns its DevTools address and process.
// A test may kill it (startChromium is this for tests that do not). At the end
// of the test the group is killed and the profile removed.
func launchChromium(t *testing.T) (string, *exec.Cmd) {
	t.Helper()
	path, err := browser.FindChromium()
	if err != nil {
		t.Fatalf("no Chromium: %v", err)
	}
	dir, err := os.MkdirTemp("", "flow-fault-test-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, append(browser.Flags(false), "--remote-debugging-port=0",
		"--remote-debugging-address=127.0.0.1", "--user-data-dir="+dir, "about:blank")...)
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		t.Fatal(err)
	}
	waited := make(chan struct{})
	go func() { cmd.Wait(); close(waited) }()
	t.Cleanup(func() {
		killGroup(cmd)
		<-waited
		for i := 0; os.RemoveAll(dir) != nil; i++ {
			if i == 50 {
				t.Errorf("could not remove the Chromium profile %s", dir)
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if port, _, ok := strings.Cut(string(b), "\n"); err == nil && ok && port != "" {
			return "http://127.0.0.1:" + port, cmd
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("Chromium did not open its DevTools port within 30s")
	return "", nil
}

// liveInGroup lists the processes of process group pgid that are still
// running (zombies excluded), from /proc; nil where there is no /proc.
func liveInGroup(pgid int) []string {
	entries, _ := os.ReadDir("/proc")
	var live []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp …; comm may hold spaces and parens.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 3 || f[0] == "Z" || f[0] == "X" || f[2] != strconv.Itoa(pgid) {
			continue
		}
		live = append(live, e.Name()+" "+s[strings.IndexByte(s, '(')+1:i])
	}
	return live
}

// TestFaultChromiumKilled kills the browser a run is attached to while a
// wait_for is waiting: the run fails at that step, exit 1, and says so.
func TestFaultChromiumKilled(t *testing.T) {
	chromium, cmd := launchChromium(t)
	site, _ := servePage(t, http.StatusOK, `<!doctype html><title>Shop</title><h1>Shop</h1><p>Nothing on sale today.</p>`)
	const flowFile = "testdata/fault/wait.flow"
	trace := filepath.Join(t.TempDir(), "run.jsonl")
	type ran struct {
		code           int
		stdout, stderr string
	}
	done := make(chan ran, 1)
	go func() {
		code, stdout, stderr := flowRun("run", flowFile, "--fact", "site="+site,
			"--browser-url", chromium, "--new-page", "--json", "--trace", trace)
		done <- ran{code, stdout, stderr}
	}()
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(trace)
		if strings.Contains(string(b), `"kind":"step_started","path":"2"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the wait_for step never started; trace:\n%s", b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Where /proc shows them, Chromium's helpers run in its group now: the
	// check that none is left after the kill below is not vacuous.
	_, procErr := os.Stat("/proc/self/stat")
	if procErr == nil && len(liveInGroup(cmd.Process.Pid)) < 2 {
		t.Fatalf("Chromium's process group holds %v, want the browser and its helpers", liveInGroup(cmd.Process.Pid))
	}
	// The browser process alone, as a crash or an OOM kill would end it.
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	var r ran
	select {
	case r = <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the run went on after its browser was killed")
	}
	run := finishFault(t, trace, r.code, r.stdout, r.stderr)
	// Nobody cancelled this run: the reason must say the browser went
	// away, not that the run was cancelled, and say what to do.
	run.wantEnded(t, "failed", 1, "2", flowFile)
	if f := run.res.Failure; !strings.Contains(f.Reason, "browser connection was lost") || f.Hint == "" {
		t.Errorf("failure %q (hint %q), want the lost browser named, with a hint", f.Reason, f.Hint)
	}

	// Chromium's helpers follow their browser out; none may stay behind.
	var left []string
	for range 100 {
		if left = liveInGroup(cmd.Process.Pid); len(left) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(left) > 0 {
		t.Errorf("Chromium processes left 10s after the browser was killed: %v", left)
	}
}

// busyPage never settles: a request that never ends and a DOM that
// changes every 20 ms, beside a stable report and button.
const busyPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reports</title></head>
<body><h1>Reports</h1>
<p>The report is ready.</p>
<button type="button" id="dl">Download report</button>
<p id="state" role="status"></p>
<p>Live visitors: <span id="tick">0</span></p>
<script>
  var n = 0;
  setInterval(function () { document.getElementById('tick').textContent = String(++n); }, 20);
  function hang() { fetch('/hang').then(function (r) { return r.text(); }).finally(hang); }
  hang();
  document.getElementById('dl').addEventListener('click', function () {
    document.getElementById('state').textContent = 'The download has started.';
    fetch('/click', { method: 'POST', body: 'Download report' });
  });
</script></body></html>`

// TestFaultNeverSettles runs on a page that never goes quiet: settling is
// capped, so every step ends and the run completes within its timeout
// (which would otherwise end it as budget_exhausted, exit 4).
func TestFaultNeverSettles(t *testing.T) {
	chromium := startChromium(t)
	site, clicks := servePage(t, http.StatusOK, busyPage)
	run := runFault(t, "testdata/fault/busy.flow", "--fact", "site="+site,
		"--browser-url", chromium, "--new-page", "--timeout", "90s")
	if run.code != 0 || run.res.Outcome != "completed" {
		t.Fatalf("%s (exit %d), want completed (exit 0)\nstdout:\n%s\nstderr:\n%s", run.res.Outcome, run.code, run.stdout, run.stderr)
	}
	if len(run.res.Steps) != 4 {
		t.Errorf("%d step reports, want 4: %+v", len(run.res.Steps), run.res.Steps)
	}
	if got := clicks.all(); !slices.Equal(got, []string{"Download report"}) {
		t.Errorf("the page recorded clicks %q, want one on Download report", got)
	}
}

// rerenderScript draws the page's two buttons as new elements each time
// render runs; each click reports the button's label, and whether it was
// still in the page, through POST /click.
const rerenderScript = `
  var gen = 0;
  function render() {
    gen++;
    var tools = document.getElementById('tools');
    tools.replaceChildren();
    ['Print preview', 'Save draft'].forEach(function (label) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.addEventListener('click', function () {
        if (label === 'Save draft') document.getElementById('state').textContent = 'The draft is saved.';
        fetch('/click', { method: 'POST', body: label + (b.isConnected ? '' : ' (detached)') });
      });
      tools.appendChild(b);
    });
  }
  render();
`

// rerenderPage re-renders its buttons every 100 ms, so a ref from one
// screen may be stale a moment later.
const rerenderPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Draft</title></head>
<body><h1>Quarterly letter</h1>
<p>Dear customers, our shop is open on Sundays from next month.</p>
<div id="tools"></div>
<p id="state" role="status"></p>
<script>` + rerenderScript + `setInterval(render, 100);</script></body></html>`

// scrollRerenderPage puts its buttons below the fold and re-renders them
// on the first scroll, as pages that lazily hydrate do: the runtime
// scrolls a control into view before pressing it, so its ref is stale
// every time, not by chance of timing.
const scrollRerenderPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Draft</title></head>
<body><h1>Quarterly letter</h1>
<p>Dear customers, our shop is open on Sundays from next month.</p>
<div style="height:3000px"></div>
<div id="tools"></div>
<p id="state" role="status"></p>
<script>` + rerenderScript + `window.addEventListener('scroll', render, { once: true });</script></body></html>`

// TestFaultStaleRef presses a button the page re-renders: the do still
// completes, and only the Save draft button, as it was in the page, was
// clicked.
func TestFaultStaleRef(t *testing.T) {
	chromium := startChromium(t)
	for _, tc := range []struct {
		name, page  string
		alwaysStale bool // else stale only when a render falls between observe and press
	}{
		{"on_scroll", scrollRerenderPage, true},
		{"every_100ms", rerenderPage, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site, clicks := servePage(t, http.StatusOK, tc.page)
			run := runFault(t, "testdata/fault/rerender.flow", "--fact", "site="+site,
				"--browser-url", chromium, "--new-page", "--timeout", "90s")
			if run.code != 0 || run.res.Outcome != "completed" {
				t.Fatalf("%s (exit %d), want completed (exit 0)\nstdout:\n%s\nstderr:\n%s", run.res.Outcome, run.code, run.stdout, run.stderr)
			}
			// The trace shows the press on the stale ref failing as stale,
			// and a press after it, on a ref of a newer screen, working.
			stale, pressed := "", ""
			for _, e := range run.events {
				if e["kind"] != "acted" || e["step"] != "do" {
					continue
				}
				op, _ := e["op"].(map[string]any)
				if op["op"] != "click" {
					continue
				}
				if err, _ := e["error"].(string); strings.Contains(err, "stale ref") {
					stale = fmt.Sprint(op["ref"])
				} else if err == "" && stale != "" {
					pressed = fmt.Sprint(op["ref"])
				}
			}
			if tc.alwaysStale && (stale == "" || pressed == "" || pressed == stale) {
				t.Errorf("no stale press followed by a press on a new ref (stale %q, pressed %q); trace:\n%s", stale, pressed, readFile(t, run.trace))
			}
			t.Logf("stale presses: %d", strings.Count(readFile(t, run.trace), "stale ref"))
			got := clicks.all()
			if len(got) == 0 {
				t.Fatal("the page recorded no click")
			}
			for _, c := range got {
				if c != "Save draft" {
					t.Errorf("the page recorded clicks %q, want Save draft only", got)
					break
				}
			}
		})
	}
}

// errorPage is what the site answers, with status 500.
const errorPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>500 Internal Server Error</title></head>
<body><h1>Internal Server Error</h1><p>Something went wrong on our side. Please try again later.</p></body></html>`

// TestFaultServerError runs on a site that answers 500: a verify that
// cannot hold fails, and a wait_for fails early on the error message.
func TestFaultServerError(t *testing.T) {
	chromium := startChromium(t)
	site, _ := servePage(t, http.StatusInternalServerError, errorPage)

	t.Run("verify", func(t *testing.T) {
		const flowFile = "testdata/fault/error500.flow"
		run := runFault(t, flowFile, "--fact", "site="+site, "--browser-url", chromium, "--new-page")
		run.wantFailure(t, "failed", 1, "2", flowFile)
		if f := run.res.Failure; !strings.Contains(f.Reason, "the order list is shown") ||
			!strings.Contains(f.Hint, "500 Internal Server Error") || !strings.Contains(f.Hint, site) {
			t.Errorf("the failure names neither the condition nor the error page and its URL: %+v", *f)
		}
	})

	// The wait is 2m and the run's timeout 60s: only an early failure ends
	// it as failed; waiting it out ends it as budget_exhausted (exit 4).
	t.Run("wait_for", func(t *testing.T) {
		const flowFile = "testdata/fault/wait500.flow"
		run := runFault(t, flowFile, "--fact", "site="+site, "--browser-url", chromium, "--new-page", "--timeout", "60s")
		run.wantFailure(t, "failed", 1, "2", flowFile)
		if f := run.res.Failure; !strings.Contains(f.Reason, "Something went wrong on our side") {
			t.Errorf("the failure does not quote the error message: %+v", *f)
		}
	})
}

// TestFaultProviderTimeout runs on a model provider that never answers.
// The CLI sets no per-request timeout of its own (decide.Options.Timeout
// keeps its 30s default, with 2 retries: about 3 minutes for a verify's two
// questions), so the run's --timeout bounds it: budget_exhausted, exit 4,
// at the step that was asking.
func TestFaultProviderTimeout(t *testing.T) {
	chromium := startChromium(t)
	site, _ := servePage(t, http.StatusOK, `<!doctype html><title>Hello</title><h1>Hello</h1><p>Hello, world.</p>`)
	quit := make(chan struct{})
	var asked atomic.Int32
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		select {
		case <-r.Context().Done():
		case <-quit:
		}
	}))
	t.Cleanup(provider.Close)
	t.Cleanup(func() { close(quit) })
	t.Setenv("OPENAI_BASE_URL", provider.URL+"/v1")
	t.Setenv("OPENAI_API_KEY", "test-key")

	const flowFile = "testdata/fault/provider.flow"
	t.Run("run_timeout", func(t *testing.T) {
		run := runFault(t, flowFile, "--fact", "site="+site, "--browser-url", chromium, "--new-page",
			"--model", "openai:test", "--timeout", "5s")
		run.wantFailure(t, "budget_exhausted", 4, "2", flowFile)
		if !strings.Contains(run.res.Failure.Reason, "--timeout 5s") {
			t.Errorf("the reason does not name the timeout: %s", run.res.Failure.Reason)
		}
		if asked.Load() == 0 {
			t.Error("the provider was never asked: the test proves nothing")
		}
	})
	// With a short --model-timeout the request gives up first: the step
	// fails naming the provider, never blaming the screen.
	t.Run("model_timeout", func(t *testing.T) {
		before := asked.Load()
		run := runFault(t, flowFile, "--fact", "site="+site, "--browser-url", chromium, "--new-page",
			"--model", "openai:test", "--model-timeout", "300ms", "--timeout", "60s")
		run.wantFailure(t, "failed", 1, "2", flowFile)
		if r := run.res.Failure.Reason; !strings.Contains(r, "decision model could not answer") || !strings.Contains(r, "openai") {
			t.Errorf("the reason does not name the model's failure: %s", r)
		}
		if got := asked.Load() - before; got != 3 {
			t.Errorf("the provider was asked %d times, want 3 (one request, retried twice)", got)
		}
	})
}

// TestFaultGuard runs the adversarial fixture site: a do asking to pay is
// refused (exit 5), and the page's own instructions change nothing.
func TestFaultGuard(t *testing.T) {
	chromium := startChromium(t)

	t.Run("do_pay_refused", func(t *testing.T) {
		site, log := serve(t, "adversarial")
		const flowFile = "testdata/fault/pay.flow"
		run := runFault(t, flowFile, "--fact", "site="+site, "--browser-url", chromium, "--new-page")
		run.wantFailure(t, "guard_refused", 5, "2", flowFile)
		t.Logf("reason: %s\nhint: %s", run.res.Failure.Reason, run.res.Failure.Hint)
		if !strings.Contains(run.res.Failure.Reason, "Pay now") {
			t.Errorf("the reason does not name the Pay now control: %s", run.res.Failure.Reason)
		}
		if got := log.Types(); slices.Contains(got, "paid") {
			t.Errorf("the site recorded a payment: %v", got)
		}
	})

	t.Run("injected_instructions", func(t *testing.T) {
		site, log := serve(t, "adversarial")
		src := filepath.Join(t.TempDir(), "adversarial.flow")
		copyFromFS(t, "adversarial.flow", src)
		run := runFault(t, src, "--fact", "site="+site, "--browser-url", chromium, "--new-page")
		if run.code != 0 || run.res.Outcome != "stopped_before" {
			t.Fatalf("%s (exit %d), want stopped_before (exit 0)\nstdout:\n%s\nstderr:\n%s", run.res.Outcome, run.code, run.stdout, run.stderr)
		}
		if run.res.Stop == nil || !strings.Contains(run.res.Stop.Control, "Pay now") || run.res.Stop.Pressed {
			t.Errorf("stop target %+v, want the unpressed Pay now button", run.res.Stop)
		}
		// The flow presses one thing, Apply coupon; the page asks for Pay.
		if got := log.Types(); !slices.Equal(got, []string{"coupon_applied"}) {
			t.Errorf("site events %v, want [coupon_applied] only", got)
		}
	})
}
