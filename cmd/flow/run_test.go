package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"flow/cmd/flow/cli"
	"flow/flows"
	"flow/surfaces"
	"flow/surfaces/browser"
)

// Test card values for the runs below, distinct from the demo's, so a leak
// of either is told apart.
const (
	testCard = "5555555555554444"
	testCVV  = "739"
)

// startChromium starts one headless Chromium with a DevTools port for the
// runs of a test, which attach to it with --browser-url --new-page, and
// returns its http://127.0.0.1:PORT address. It is killed when the test
// ends.
func startChromium(t *testing.T) string {
	t.Helper()
	addr, _ := launchChromium(t)
	return addr
}

// serve starts a fixture site for one test.
func serve(t *testing.T, name string) (string, *flows.EventLog) {
	t.Helper()
	url, log, stop, err := flows.Serve(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return url, log
}

// flowRun runs the real command line in-process.
func flowRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = cli.Main(append([]string{"flow"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// readTrace checks that the trace is JSON lines with increasing sequence
// numbers and run_ended last, and returns its events.
func readTrace(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var events []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for n := 1; sc.Scan(); n++ {
		var e map[string]any
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("trace line %d is not JSON: %v: %s", n, err, sc.Bytes())
		}
		if seq, _ := e["seq"].(float64); int(seq) != n {
			t.Errorf("trace line %d has seq %v", n, e["seq"])
		}
		events = append(events, e)
	}
	if len(events) == 0 {
		t.Fatal("empty trace")
	}
	if last := events[len(events)-1]; last["kind"] != "run_ended" {
		t.Errorf("last event is %v, want run_ended", last["kind"])
	}
	for _, e := range events[:len(events)-1] {
		if e["kind"] == "run_ended" {
			t.Errorf("run_ended before the end: %v", e)
		}
	}
	return events
}

// secretFreeDir returns a new temporary directory whose path holds no
// test secret. A temporary name ends in random digits, which can spell
// the three-digit CVV ("TestRunReport2473987275" holds "739"), and flow
// masks a secret's value wherever it shows, a path in a trace included:
// the run's artefacts would then name a folder that is not there (the
// report could not find the flow's source). A test that sets the secrets
// keeps its files here.
func secretFreeDir(t *testing.T) string {
	t.Helper()
	for range 20 {
		dir, err := os.MkdirTemp("", "flowtest")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(dir, testCVV) && !strings.Contains(dir, testCard) {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
		os.RemoveAll(dir)
	}
	t.Fatal("no temporary folder without the test secrets in its path in 20 tries")
	return ""
}

// noSecret fails when a secret value shows in any artefact of a run. The
// three-digit CVV is searched as a token of its own, since times and
// sequence numbers hold digits too.
func noSecret(t *testing.T, artefacts map[string]string) {
	t.Helper()
	cvv := regexp.MustCompile(`(^|[^0-9.:])` + testCVV + `($|[^0-9])`)
	// Durations of the run ("739.885ms", "act 739ms") are numbers the
	// runtime leaves unmasked and may spell the CVV by chance: they are
	// taken out before the search.
	durations := regexp.MustCompile(`\d+(\.\d+)?(ns|µs|us|ms|s|m|h)\b|\d+(\.\d+)?(µs|ms)`)
	for name, text := range artefacts {
		text = durations.ReplaceAllString(text, "<duration>")
		if strings.Contains(text, testCard) {
			t.Errorf("the card number is in %s", name)
		}
		if loc := cvv.FindStringIndex(text); loc != nil {
			t.Errorf("the CVV is in %s: …%s…", name, text[max(0, loc[0]-40):min(len(text), loc[1]+40)])
		}
	}
}

// TestRun runs `flow run` end to end against the fixture sites in one
// shared headless Chromium, on the local decider.
func TestRun(t *testing.T) {
	chromium := startChromium(t)

	// First, while the browser's first tab is its only one: a person has
	// the booking site open, and a flow with no browse continues there.
	t.Run("attached_no_browse", func(t *testing.T) {
		site, _ := serve(t, "booking")
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		tab, err := browser.Attach(ctx, chromium, browser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tab.Act(ctx, surfaces.Navigate(site)); err != nil {
			t.Fatal(err)
		}
		tab.Close() // detaches; the page stays open
		code, stdout, stderr := flowRun("run", "testdata/run/here.flow", "--fact", "origin=Lisbon", "--browser-url", chromium)
		t.Logf("flow run (attached):\n%s", stdout)
		if code != 0 {
			t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		if !regexp.MustCompile(`(?m)^1 +call +web.dismiss_cookies\(\)`).MatchString(stdout) ||
			!regexp.MustCompile(`(?m)^4 +wait_for +flight results are listed +done`).MatchString(stdout) ||
			!strings.Contains(stdout, "search_here completed (exit 0)") {
			t.Errorf("the run did not search on the open page:\n%s", stdout)
		}
	})

	t.Run("interrupted", func(t *testing.T) {
		if !canInterrupt {
			t.Skip("this system cannot send its own process Ctrl+C (SIGINT)")
		}
		site, _ := serve(t, "booking")
		trace := filepath.Join(t.TempDir(), "t.jsonl")
		type ran struct {
			code           int
			stdout, stderr string
		}
		done := make(chan ran, 1)
		go func() {
			code, stdout, stderr := flowRun("run", "testdata/run/slow.flow", "--fact", "site="+site,
				"--browser-url", chromium, "--new-page", "--trace", trace, "--json")
			done <- ran{code, stdout, stderr}
		}()
		// Interrupt once the wait has begun, as Ctrl+C would.
		deadline := time.Now().Add(60 * time.Second)
		for {
			b, _ := os.ReadFile(trace)
			if bytes.Contains(b, []byte(`"kind":"step_started","path":"2"`)) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the wait_for step never started; trace:\n%s", b)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := interruptSelf(); err != nil {
			t.Fatal(err)
		}
		var r ran
		select {
		case r = <-done:
		case <-time.After(60 * time.Second):
			t.Fatal("the run went on after SIGINT")
		}
		if r.code != 1 {
			t.Fatalf("exit %d, want 1 (failed: cancelled)\nstderr:\n%s", r.code, r.stderr)
		}
		var res struct {
			Outcome string
			Failure struct{ Path, Reason string }
		}
		if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
			t.Fatalf("--json: %v\n%s", err, r.stdout)
		}
		if res.Outcome != "failed" || res.Failure.Path != "2" || !strings.Contains(res.Failure.Reason, "cancelled") {
			t.Errorf("result %+v, want failed at step 2, cancelled", res)
		}
		events := readTrace(t, trace)
		if last := events[len(events)-1]; last["outcome"] != "failed" || !strings.Contains(fmt.Sprint(last["error"]), "cancelled") {
			t.Errorf("run_ended %v", last)
		}
	})

	t.Run("stopped_before", func(t *testing.T) {
		site, log := serve(t, "booking")
		dir := secretFreeDir(t)
		facts := filepath.Join(dir, "booking.facts.yaml")
		src := filepath.Join(dir, "booking.flow")
		copyFromFS(t, "booking.facts.yaml", facts)
		copyFromFS(t, "booking.flow", src)
		trace := filepath.Join(dir, "run.jsonl")
		t.Setenv("FLOW_SECRET_CARD_NUMBER", testCard)
		t.Setenv("FLOW_SECRET_CVV", testCVV)

		code, stdout, stderr := flowRun("run", src, "--facts", facts, "--fact", "site="+site,
			"--browser-url", chromium, "--new-page", "--trace", trace, "--json")
		if code != 0 {
			t.Fatalf("exit %d, want 0\nstderr:\n%s", code, stderr)
		}
		var res struct {
			Flow     string `json:"flow"`
			Outcome  string `json:"outcome"`
			ExitCode int    `json:"exit_code"`
			Stop     *struct {
				Path, Control string
				Pressed       bool
			} `json:"stop"`
			Steps []struct {
				Path, Kind, Outcome string
			} `json:"steps"`
			Variables map[string]any `json:"variables"`
			Actions   int            `json:"actions"`
			Decisions int            `json:"decisions"`
			Trace     string         `json:"trace"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("--json output is not one JSON object: %v\n%s", err, stdout)
		}
		if res.Outcome != "stopped_before" || res.ExitCode != 0 || res.Flow != "book_cheapest_flight" {
			t.Errorf("result %s / exit %d / flow %s", res.Outcome, res.ExitCode, res.Flow)
		}
		if res.Stop == nil || res.Stop.Control != `button "Pay €331.86"` || res.Stop.Pressed {
			t.Errorf("stop target %+v, want the unpressed Pay €331.86 button", res.Stop)
		}
		if res.Variables["total"] != "331.86 EUR" {
			t.Errorf("total %v, want 331.86 EUR", res.Variables["total"])
		}
		if res.Variables["card_number"] != "${card_number}" {
			t.Errorf("card_number variable %v, want ${card_number}", res.Variables["card_number"])
		}
		typed := false
		for _, s := range res.Steps {
			if s.Kind == "enter" && s.Outcome == "done" && s.Path == "16" {
				typed = true
			}
		}
		if !typed {
			t.Errorf("the card step 16 did not run to done: %+v", res.Steps)
		}
		if res.Trace != trace || res.Actions == 0 || res.Decisions == 0 {
			t.Errorf("trace %q actions %d decisions %d", res.Trace, res.Actions, res.Decisions)
		}
		for _, typ := range log.Types() {
			if typ == "paid" {
				t.Error("the site recorded a payment")
			}
		}
		// With --json the summary goes to stderr.
		for _, want := range []string{
			"book_cheapest_flight stopped_before (exit 0)",
			`stopped before button "Pay €331.86" at step 18 (` + src + ":",
			"trace: " + trace,
			"(decider local)",
		} {
			if !strings.Contains(stderr, want) {
				t.Errorf("summary lacks %q:\n%s", want, stderr)
			}
		}
		if !regexp.MustCompile(`\d+ steps, \d+ decisions, \d+ actions in \d`).MatchString(stderr) {
			t.Errorf("summary lacks the counts:\n%s", stderr)
		}
		if !regexp.MustCompile(`(?m)^16 +enter +name on card = Ada Lovelace; card number = \$\{card_number\}`).MatchString(stderr) {
			t.Errorf("progress lacks the masked card step:\n%s", stderr)
		}
		events := readTrace(t, trace)
		if last := events[len(events)-1]; last["outcome"] != "stopped_before" {
			t.Errorf("run_ended outcome %v", last["outcome"])
		}
		traceText, _ := os.ReadFile(trace)
		noSecret(t, map[string]string{"stdout": stdout, "stderr": stderr, "trace": string(traceText)})
	})

	// The same run with --approve presses Pay: completed, and the site
	// records the payment with the card's last four digits only.
	t.Run("approved", func(t *testing.T) {
		site, log := serve(t, "booking")
		dir := secretFreeDir(t)
		src, facts := filepath.Join(dir, "booking.flow"), filepath.Join(dir, "booking.facts.yaml")
		copyFromFS(t, "booking.flow", src)
		copyFromFS(t, "booking.facts.yaml", facts)
		t.Setenv("FLOW_SECRET_CARD_NUMBER", testCard)
		t.Setenv("FLOW_SECRET_CVV", testCVV)
		code, stdout, stderr := flowRun("run", src, "--facts", facts, "--fact", "site="+site,
			"--browser-url", chromium, "--new-page", "--approve", "--quiet")
		if code != 0 {
			t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		if !strings.Contains(stdout, "book_cheapest_flight completed (exit 0)") ||
			!strings.Contains(stdout, `pressed, with approval, button "Pay €331.86" at step 18`) {
			t.Errorf("summary:\n%s", stdout)
		}
		if got := log.Types(); !slices.Contains(got, "paid") {
			t.Errorf("site events %v, want paid", got)
		}
		noSecret(t, map[string]string{"stdout": stdout, "stderr": stderr})
	})

	t.Run("completed", func(t *testing.T) {
		site, _ := serve(t, "booking")
		trace := filepath.Join(t.TempDir(), "t.jsonl")
		code, stdout, stderr := flowRun("run", "testdata/run/search.flow", "--fact", "site="+site, "--fact", "origin=Lisbon",
			"--browser-url", chromium, "--new-page", "--trace", trace)
		if code != 0 {
			t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		t.Logf("flow run:\n%s", stdout)
		// Not a terminal: one plain line per step, no redrawing.
		if strings.Contains(stdout, "\r") || strings.Contains(stdout, "\x1b[") {
			t.Errorf("plain output holds terminal controls:\n%q", stdout)
		}
		for _, re := range []string{
			`(?m)^1 +browse +` + regexp.QuoteMeta(site) + ` +done +\d`,
			`(?m)^  2\.1 +if `,
			`(?m)^6 +pick +the flight results by lowest price +done +\d`,
			`(?m)^search_flights completed \(exit 0\)$`,
			`(?m)^  trace: ` + regexp.QuoteMeta(trace) + `$`,
		} {
			if !regexp.MustCompile(re).MatchString(stdout) {
				t.Errorf("output lacks %s:\n%s", re, stdout)
			}
		}
		if n := strings.Count(stdout, "\n6 "); n != 1 {
			t.Errorf("step 6 printed %d times", n)
		}
		events := readTrace(t, trace)
		if last := events[len(events)-1]; last["outcome"] != "completed" {
			t.Errorf("run_ended outcome %v", last["outcome"])
		}
	})

	// --timeout ends a run as the runtime's time budget does: exit 4.
	t.Run("timeout", func(t *testing.T) {
		site, _ := serve(t, "booking")
		code, stdout, stderr := flowRun("run", "testdata/run/slow.flow", "--fact", "site="+site,
			"--browser-url", chromium, "--new-page", "--timeout", "2s")
		if code != 4 {
			t.Fatalf("exit %d, want 4\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		for _, want := range []string{"wait_forever budget_exhausted (exit 4)", "--timeout 2s ran out", "hint: "} {
			if !strings.Contains(stdout, want) {
				t.Errorf("summary lacks %q:\n%s", want, stdout)
			}
		}
	})

	t.Run("failed", func(t *testing.T) {
		site, _ := serve(t, "booking")
		code, stdout, stderr := flowRun("run", "testdata/run/missing.flow", "--fact", "site="+site,
			"--browser-url", chromium, "--new-page", "--quiet")
		t.Logf("flow run --quiet:\n%s", stdout)
		if code != 1 {
			t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		if strings.Contains(stdout, "browse ") {
			t.Errorf("--quiet printed progress:\n%s", stdout)
		}
		for _, want := range []string{
			"look_for_unicorns failed (exit 1)",
			"  at step 2, testdata/run/missing.flow:7:3\n",
			"  reason: ",
		} {
			if !strings.Contains(stdout, want) {
				t.Errorf("summary lacks %q:\n%s", want, stdout)
			}
		}
	})
}

// copyFromFS copies a file of the bundled examples to dst.
func copyFromFS(t *testing.T, name, dst string) {
	t.Helper()
	b, err := fs.ReadFile(flows.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDemo runs `flow demo` as a user does: its own headless Chromium, the
// bundled site, the local decider. It must end stopped_before, exit 0,
// with the cheapest flight and its total, and nothing paid.
func TestDemo(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "demo.jsonl")
	code, stdout, stderr := flowRun("demo", "--trace", trace)
	if code != 0 {
		t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"book_cheapest_flight stopped_before (exit 0)",
		`stopped before button "Pay €331.86" at step 18 (flows/booking.flow:`,
		"IB 6543",
		"  total: 331.86 EUR\n",
		"  trace: " + trace + "\n",
		"nothing was paid",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("demo output lacks %q:\n%s", want, stdout)
		}
	}
	events := readTrace(t, trace)
	if last := events[len(events)-1]; last["outcome"] != "stopped_before" {
		t.Errorf("run_ended outcome %v", last["outcome"])
	}
	traceText, _ := os.ReadFile(trace)
	for name, text := range map[string]string{"stdout": stdout, "stderr": stderr, "trace": string(traceText)} {
		if strings.Contains(text, "4242424242424242") {
			t.Errorf("the demo's test card number is in %s", name)
		}
	}
}

// BenchmarkDemo measures `flow demo` whole: serving the site, starting
// Chromium, the run on the local decider, and closing everything.
// go test ./cmd/flow -run '^$' -bench Demo -benchtime 3x
func BenchmarkDemo(b *testing.B) {
	trace := filepath.Join(b.TempDir(), "demo.jsonl")
	for b.Loop() {
		if code, stdout, stderr := flowRun("demo", "--quiet", "--trace", trace); code != 0 {
			b.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
		}
	}
}
