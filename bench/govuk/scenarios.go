package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"gopkg.in/yaml.v3"
)

// scenario is one task: a directory scenarios/NAME holding the author's
// task.flow, its facts.yaml (secrets.yaml when it types a secret) and
// scenario.yaml, what the run must come to.
type scenario struct {
	Name string `yaml:"-"`
	Dir  string `yaml:"-"`
	// Journey is the service the task runs on; Start the page it starts
	// on (a path under the journey, default its first page).
	Journey    string   `yaml:"journey"`
	Start      string   `yaml:"start"`
	Components []string `yaml:"components"`
	// Approve runs the flow with --approve: its stop_before presses.
	Approve bool `yaml:"approve"`
	// Expect is completed, stopped (in front of the send, as written) or
	// rejected (the server refused an answer: the run must fail quoting
	// the page's error).
	Expect string `yaml:"expect"`
	// Answers are page → answer → value: the last accepted submit of each
	// page must hold them.
	Answers map[string]map[string]string `yaml:"answers"`
	// Sent says whether the journey's final send must (or must not) be in
	// the log.
	Sent *bool `yaml:"sent"`
	// Views are pages (path under the journey, with its query) the run
	// must have opened.
	Views []string `yaml:"views"`
	// Variables are values the run must end with (text, compared as
	// words); Reference names a variable that must hold the reference the
	// confirmation showed.
	Variables map[string]string `yaml:"variables"`
	Reference string            `yaml:"reference"`
	// Error is the message of a rejected answer, on Page.
	Error string `yaml:"error"`
	Page  string `yaml:"page"`
	// ClientError is the component's own message, shown in the browser
	// before anything is posted (a character count over its limit): a
	// run that fails quoting it, with the page never accepted, refused
	// for the same reason.
	ClientError string `yaml:"client_error"`
}

// loadScenarios reads every scenarios/*/scenario.yaml under root; only,
// when not empty, names the ones to load.
func loadScenarios(root string, only []string) ([]*scenario, error) {
	files, err := filepath.Glob(filepath.Join(root, "*", "scenario.yaml"))
	if err != nil {
		return nil, err
	}
	want := map[string]bool{} // the names asked for and not yet found
	for _, o := range only {
		want[o] = true
	}
	var out []*scenario
	for _, f := range files {
		dir := filepath.Dir(f)
		name := filepath.Base(dir)
		if len(only) > 0 && !slices.Contains(only, name) {
			continue
		}
		delete(want, name)
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		s := &scenario{Name: name, Dir: dir}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		dec.KnownFields(true)
		if err := dec.Decode(s); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if err := s.check(); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, s)
	}
	if len(want) > 0 {
		var missing []string
		for n := range want {
			missing = append(missing, n)
		}
		sort.Strings(missing)
		return nil, fmt.Errorf("no scenario %s under %s", strings.Join(missing, ", "), root)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no */scenario.yaml under %s", root)
	}
	sort.Slice(out, func(i, k int) bool { return out[i].Name < out[k].Name })
	return out, nil
}

func (s *scenario) check() error {
	switch s.Expect {
	case "completed", "stopped":
	case "rejected":
		if s.Error == "" || s.Page == "" {
			return errors.New("a rejected scenario names the error and its page")
		}
	default:
		return fmt.Errorf("expect %q: want completed, stopped or rejected", s.Expect)
	}
	if s.Journey == "" {
		return errors.New("no journey")
	}
	for _, f := range []string{"task.flow", "facts.yaml"} {
		if _, err := os.Stat(filepath.Join(s.Dir, f)); err != nil {
			return err
		}
	}
	return nil
}

// expected is the scenario's expectation in a line.
func (s *scenario) expected() string {
	switch s.Expect {
	case "rejected":
		return fmt.Sprintf("rejected on %s: %q", s.Page, s.Error)
	}
	var parts []string
	pages := make([]string, 0, len(s.Answers))
	for p := range s.Answers {
		pages = append(pages, p)
	}
	sort.Strings(pages)
	for _, p := range pages {
		parts = append(parts, p+" "+mapString(s.Answers[p]))
	}
	if s.Sent != nil {
		if *s.Sent {
			parts = append(parts, "sent")
		} else {
			parts = append(parts, "not sent")
		}
	}
	if len(s.Views) > 0 {
		parts = append(parts, "views "+strings.Join(s.Views, ", "))
	}
	if len(s.Variables) > 0 {
		parts = append(parts, "vars "+mapString(s.Variables))
	}
	if s.Reference != "" {
		parts = append(parts, s.Reference+" = reference")
	}
	return s.Expect + ": " + strings.Join(parts, "; ")
}

// runResult is what one scenario's run came to.
type runResult struct {
	Scenario *scenario
	Outcome  string
	Exit     int
	Failure  string // the run's failure: step, reason, hint
	Vars     map[string]any
	Log      []logEntry
	Ref      string
	Pass     bool
	Reason   string // why it failed the scenario
	Duration time.Duration
	Output   json.RawMessage
}

// flowResult is the part of `flow run --json` the judge reads.
type flowResult struct {
	Outcome   string         `json:"outcome"`
	ExitCode  int            `json:"exit_code"`
	Variables map[string]any `json:"variables"`
	Steps     []struct {
		Path string `json:"path"`
		Kind string `json:"kind"`
	} `json:"steps"`
	Stop *struct {
		Path    string `json:"path"`
		Control string `json:"control"`
		Pressed bool   `json:"pressed"`
	} `json:"stop"`
	Failure *struct {
		Path   string `json:"path"`
		Reason string `json:"reason"`
		Hint   string `json:"hint"`
	} `json:"failure"`
}

// judge compares the run and the log with the scenario's expectation.
func judge(s *scenario, r *runResult) {
	fail := func(format string, a ...any) {
		r.Pass, r.Reason = false, fmt.Sprintf(format, a...)
	}
	r.Pass = true
	sent := false
	for _, e := range r.Log {
		if e.Kind == "send" && e.Accepted {
			sent = true
		}
	}
	if s.Expect == "rejected" {
		var rejected *logEntry
		for i := range r.Log {
			e := &r.Log[i]
			if e.Page == s.Page && !e.Accepted && e.Kind != "view" && containsFold(strings.Join(e.Errors, "\n"), s.Error) {
				rejected = e
			}
		}
		accepted := false
		for _, e := range r.Log {
			if e.Page == s.Page && e.Accepted && e.Kind != "view" {
				accepted = true
			}
		}
		client := s.ClientError != "" && !accepted && r.Exit != 0 && wordsIn(s.ClientError, r.Failure)
		switch {
		case client && !sent && r.Outcome != "completed" && r.Outcome != "stopped_before":
			// The component refused it in the browser; the run quoted it.
		case rejected == nil:
			fail("the server never rejected %s with %q (log: %s); run %s (exit %d): %s", s.Page, s.Error, lastSubmits(r.Log), r.Outcome, r.Exit, r.Failure)
		case r.Exit == 0 || r.Outcome == "completed" || r.Outcome == "stopped_before":
			fail("the page said %q but the run ended %s (exit %d)", s.Error, r.Outcome, r.Exit)
		case sent:
			fail("the run sent the journey after the error")
		case !wordsIn(s.Error, r.Failure):
			fail("the run failed without quoting the error %q: %s", s.Error, r.Failure)
		}
		return
	}
	want := "completed"
	if s.Expect == "stopped" {
		want = "stopped_before"
	}
	if r.Outcome != want || r.Exit != 0 {
		reason := fmt.Sprintf("run %s (exit %d), want %s", r.Outcome, r.Exit, want)
		if r.Failure != "" {
			reason += ": " + r.Failure
		}
		if rej := lastRejected(r.Log); rej != "" {
			reason += " [server rejected: " + rej + "]"
		}
		fail("%s", reason)
		return
	}
	pages := make([]string, 0, len(s.Answers))
	for p := range s.Answers {
		pages = append(pages, p)
	}
	sort.Strings(pages)
	for _, p := range pages {
		var last *logEntry
		for i := range r.Log {
			if e := &r.Log[i]; e.Page == p && e.Accepted && e.Kind != "view" {
				last = e
			}
		}
		if last == nil {
			fail("no accepted submit of %s in the log (log: %s)", p, lastSubmits(r.Log))
			return
		}
		keys := make([]string, 0, len(s.Answers[p]))
		for k := range s.Answers[p] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !sameAnswer(last.Answers[k], s.Answers[p][k]) {
				fail("%s: %s = %q, want %q", p, k, last.Answers[k], s.Answers[p][k])
				return
			}
		}
	}
	if s.Sent != nil && *s.Sent != sent {
		if sent {
			fail("the journey was sent, and the flow should have stopped before")
		} else {
			fail("the journey was not sent")
		}
		return
	}
	for _, v := range s.Views {
		seen := false
		for _, e := range r.Log {
			if e.Kind == "view" && e.Page == v {
				seen = true
			}
		}
		if !seen {
			fail("never opened %s", v)
			return
		}
	}
	for k, v := range s.Variables {
		got := fmt.Sprint(r.Vars[k])
		if r.Vars[k] == nil || !wordsIn(v, got) {
			fail("variable %s = %q, want %q", k, got, v)
			return
		}
	}
	if s.Reference != "" {
		got := fmt.Sprint(r.Vars[s.Reference])
		if r.Ref == "" || !strings.Contains(got, r.Ref) {
			fail("variable %s = %q, want the reference %q", s.Reference, got, r.Ref)
		}
	}
}

func containsFold(s, sub string) bool { return strings.Contains(words(s), words(sub)) }

var wordRE = regexp.MustCompile(`[\p{L}\p{N}]+`)

// words lowers a text to its words, one space apart (quotes and punctuation
// aside: ‘None of these’ and "None of these" are one).
func words(s string) string {
	return strings.Join(wordRE.FindAllString(strings.ToLower(s), -1), " ")
}

// wordsIn says whether every word of want appears in text.
func wordsIn(want, text string) bool {
	have := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(text), -1) {
		have[w] = true
	}
	for _, w := range wordRE.FindAllString(strings.ToLower(want), -1) {
		if !have[w] {
			return false
		}
	}
	return true
}

// sameAnswer compares answers as words, case and spacing aside.
func sameAnswer(got, want string) bool { return words(got) == words(want) }

func lastSubmits(log []logEntry) string {
	var out []string
	for _, e := range log {
		if e.Kind != "view" {
			out = append(out, e.String())
		}
	}
	if len(out) == 0 {
		return "no submits"
	}
	if len(out) > 4 {
		out = out[len(out)-4:]
	}
	return strings.Join(out, " | ")
}

func lastRejected(log []logEntry) string {
	for i := len(log) - 1; i >= 0; i-- {
		if e := log[i]; e.Kind != "view" && !e.Accepted {
			return e.Page + ": " + strings.Join(e.Errors, "; ")
		}
	}
	return ""
}

// harness runs scenarios one at a time against one browser.
type harness struct {
	svc        *service
	site       string // the server's base URL
	browserURL string
	flowBin    string
	traceDir   string
	timeout    time.Duration
}

// runScenario runs one scenario's flow as a subprocess and judges it.
func (h *harness) runScenario(ctx context.Context, s *scenario) *runResult {
	start := time.Now()
	r := &runResult{Scenario: s, Outcome: "harness", Exit: -1}
	defer func() { r.Duration = time.Since(start) }()
	if h.svc.journeys[s.Journey] == nil {
		r.Reason = fmt.Sprintf("harness: no journey %q (%s)", s.Journey, strings.Join(h.svc.broken[s.Journey], "; "))
		return r
	}
	site := h.site + "/s/" + s.Name + "/" + s.Journey + "/" + s.Start
	args := []string{"run", filepath.Join(s.Dir, "task.flow"), "--browser-url", h.browserURL, "--new-page",
		"--facts", filepath.Join(s.Dir, "facts.yaml"), "--fact", "site=" + site,
		"--json", "--cache", "off", "--timeout", h.timeout.String(), "--color", "never"}
	if _, err := os.Stat(filepath.Join(s.Dir, "secrets.yaml")); err == nil {
		args = append(args, "--secrets", filepath.Join(s.Dir, "secrets.yaml"))
	}
	if s.Approve {
		args = append(args, "--approve")
	}
	if h.traceDir != "" {
		args = append(args, "--trace", filepath.Join(h.traceDir, s.Name+".jsonl"))
	}
	runCtx, cancel := context.WithTimeout(ctx, h.timeout+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(runCtx, h.flowBin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r.Exit = 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.Exit = ee.ExitCode()
	} else if err != nil {
		r.Reason = "harness: " + err.Error()
		return r
	}
	out := bytes.TrimSpace(stdout.Bytes())
	var fr flowResult
	if !json.Valid(out) || json.Unmarshal(out, &fr) != nil {
		r.Outcome = "no result"
		r.Failure = firstLine(stderr.String())
	} else {
		r.Output = json.RawMessage(out)
		r.Outcome, r.Vars = fr.Outcome, fr.Variables
		if fr.Failure != nil {
			kind := ""
			for _, st := range fr.Steps {
				if st.Path == fr.Failure.Path {
					kind = st.Kind
				}
			}
			r.Failure = strings.TrimSpace("step "+fr.Failure.Path+" "+kind) + ": " + fr.Failure.Reason
			if fr.Failure.Hint != "" {
				r.Failure += " (hint: " + fr.Failure.Hint + ")"
			}
		}
	}
	r.Log = h.svc.Log(s.Name)
	r.Ref = h.svc.Reference(s.Name, s.Journey)
	judge(s, r)
	return r
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

const scenariosUsage = `usage: go run ./bench/govuk scenarios [-dir DIR] [-flow FLOW-BINARY] [-only NAME[,NAME]] [-v]

Runs the task scenarios (bench/govuk/scenarios/*): each flow, on pages composed
from GOV.UK Frontend's fixtures and served with server-side validation, judged
by the server's log and the run's exit code (see README.md).
`

// runScenarios is the scenarios command; it returns the exit code: 0
// measured, 1 a harness error, 2 wrong usage.
func runScenarios(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("scenarios", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, scenariosUsage); fs.PrintDefaults() }
	dir := fs.String("dir", defaultDir(), "the unpacked govuk-frontend package (fetch.sh prints it)")
	flowBin := fs.String("flow", "", "the flow binary (default: built from this tree into a temporary directory)")
	only := fs.String("only", "", "run only these scenarios (comma-separated names)")
	verbose := fs.Bool("v", false, "print each run's log and failure in full")
	root := fs.String("scenarios", scenariosRoot(), "the scenarios directory")
	chromiumPath := fs.String("chromium", "", "the Chromium binary (default: as flow finds it)")
	traceDir := fs.String("traces", "", "write each run's trace to DIR/NAME.jsonl (default: a temporary directory)")
	timeout := fs.Duration("timeout", 2*time.Minute, "the time one run may take")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "scenarios: unexpected arguments %q\n", fs.Args())
		fs.Usage()
		return 2
	}
	var names []string
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	scs, err := loadScenarios(*root, names)
	if err != nil {
		fmt.Fprintln(stderr, "scenarios:", err)
		return 2
	}
	fx, err := loadFixtures(*dir, "")
	if err != nil {
		fmt.Fprintln(stderr, "scenarios:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	tmp, err := os.MkdirTemp("", "govuk-scenarios-")
	if err != nil {
		fmt.Fprintln(stderr, "scenarios:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	if *flowBin == "" {
		*flowBin = filepath.Join(tmp, "flow")
		build := exec.CommandContext(ctx, "go", "build", "-o", *flowBin, "./cmd/flow")
		build.Dir = filepath.Join(*root, "..", "..", "..")
		if out, err := build.CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "scenarios: build flow: %v\n%s", err, out)
			return 1
		}
	}
	if *traceDir == "" {
		// Kept after the command: the traces say why a run failed.
		if *traceDir, err = os.MkdirTemp("", "govuk-scenario-traces-"); err != nil {
			fmt.Fprintln(stderr, "scenarios:", err)
			return 1
		}
	}
	if err := os.MkdirAll(*traceDir, 0o755); err != nil {
		fmt.Fprintln(stderr, "scenarios:", err)
		return 1
	}
	// Every flow must compile: a compile error is the author's typo, not
	// a first-contact failure.
	for _, s := range scs {
		out, err := exec.CommandContext(ctx, *flowBin, "validate", filepath.Join(s.Dir, "task.flow")).CombinedOutput()
		if err != nil {
			fmt.Fprintf(stderr, "scenarios: %s: flow validate: %v\n%s", s.Name, err, out)
			return 1
		}
		// And its facts (and secrets) must fit its declarations.
		plan := []string{"plan", filepath.Join(s.Dir, "task.flow"), "--facts", filepath.Join(s.Dir, "facts.yaml"), "--fact", "site=http://127.0.0.1/"}
		if _, err := os.Stat(filepath.Join(s.Dir, "secrets.yaml")); err == nil {
			plan = append(plan, "--secrets", filepath.Join(s.Dir, "secrets.yaml"))
		}
		if out, err := exec.CommandContext(ctx, *flowBin, plan...).CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "scenarios: %s: flow plan: %v\n%s", s.Name, err, out)
			return 1
		}
	}
	svc := newService(*dir, fx)
	if bad := svc.broken["*"]; len(bad) > 0 {
		fmt.Fprintln(stderr, "scenarios: the package lacks the pages' furniture:", strings.Join(bad, "; "))
		return 1
	}
	srv := httptest.NewServer(svc.Handler())
	defer srv.Close()
	c, err := launchChromium(*chromiumPath, 1280, 800)
	if err != nil {
		fmt.Fprintln(stderr, "scenarios:", err)
		return 1
	}
	defer c.Close()
	h := &harness{svc: svc, site: srv.URL, browserURL: c.URL, flowBin: *flowBin, traceDir: *traceDir, timeout: *timeout}
	start := time.Now()
	var results []*runResult
	for i, s := range scs {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "scenarios: interrupted")
			return 1
		}
		r := h.runScenario(ctx, s)
		results = append(results, r)
		verdict := "PASS"
		if !r.Pass {
			verdict = "FAIL"
		}
		fmt.Fprintf(stderr, "scenarios: %d/%d %s %s %s (exit %d) %.1fs\n", i+1, len(scs), verdict, s.Name, r.Outcome, r.Exit, r.Duration.Seconds())
		if *verbose {
			for _, e := range r.Log {
				fmt.Fprintln(stderr, "    log:", e.String())
			}
			if r.Failure != "" {
				fmt.Fprintln(stderr, "    run:", r.Failure)
			}
		}
	}
	writeScenarioReport(stdout, results, time.Since(start), *traceDir)
	for _, r := range results {
		if strings.HasPrefix(r.Reason, "harness:") {
			return 1
		}
	}
	return 0
}

// scenariosRoot is bench/govuk/scenarios, found from the working
// directory (the module's root or bench/govuk).
func scenariosRoot() string {
	for _, d := range []string{"bench/govuk/scenarios", "scenarios"} {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			abs, _ := filepath.Abs(d)
			return abs
		}
	}
	return "bench/govuk/scenarios"
}

// writeScenarioReport prints the table and the totals.
func writeScenarioReport(w io.Writer, results []*runResult, took time.Duration, traceDir string) {
	fmt.Fprintln(w, "| scenario | components | expected | outcome (exit) | verdict | reason |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	pass := 0
	for _, r := range results {
		v := "PASS"
		if r.Pass {
			pass++
		} else {
			v = "FAIL"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s (%d) | %s | %s |\n", r.Scenario.Name, strings.Join(r.Scenario.Components, ", "),
			cell(r.Scenario.expected()), r.Outcome, r.Exit, v, cell(r.Reason))
	}
	pct := 0.0
	if len(results) > 0 {
		pct = 100 * float64(pass) / float64(len(results))
	}
	fmt.Fprintf(w, "\n%d scenarios: %d PASS, %d FAIL (%.1f %%) in %s; traces in %s\n", len(results), pass, len(results)-pass, pct, took.Round(time.Second), traceDir)
}

// cell makes text fit a table cell: one line, pipes escaped, at most 300
// characters.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, "|", `\|`)
	if r := []rune(s); len(r) > 300 {
		s = string(r[:299]) + "…"
	}
	return s
}
