package runtime_test

// The trust corpus: small pages of the trust fixture site, each with a flow
// and what a careful person at the keyboard would want to happen
// (testdata/trust/README.md). A case is judged only by the site's event log
// and the run's outcome, never by the run's own report: the report is
// printed for whoever debugs a failing case.

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"gopkg.in/yaml.v3"

	"flow/compiler"
	"flow/flows"
	"flow/runtime"
)

// trustDir holds the cases: NAME.flow beside NAME.expect.yaml.
const trustDir = "../testdata/trust"

// trustKinds are the kinds of case the corpus spreads over, in the order
// the README lists them.
var trustKinds = []string{"false_success", "lookalike", "recorded", "qualifier", "guard_only", "ambiguous", "values", "evidence", "page_error", "group", "verb", "meaning"}

// trustCase is one case: its flow file and the parsed NAME.expect.yaml.
type trustCase struct {
	Name string `yaml:"-"`
	File string `yaml:"-"`
	// Kind is one of trustKinds.
	Kind string `yaml:"kind"`
	// Page is the trust site's page the flow starts on, with a query
	// where the page has states ("refund.html?state=requested"); the
	// runner passes its URL as the fact `site`.
	Page string `yaml:"page"`
	// Outcome is the run outcome a careful run ends with.
	Outcome string `yaml:"outcome"`
	// Events are the site's events, exactly and (unless AnyOrder) in
	// order, each written "TYPE key=value …".
	Events []string `yaml:"events"`
	// Forbidden are events that must not occur, "TYPE" or "TYPE key=value".
	Forbidden []string `yaml:"forbidden"`
	// AnyOrder accepts Events in any order.
	AnyOrder bool `yaml:"any_order"`
	// Approve runs with approval (`flow run --approve`).
	Approve bool `yaml:"approve"`
	// Facts are further facts, name to value, as `--fact name=value`.
	Facts map[string]string `yaml:"facts"`
}

// trustVerdict is one row of the summary table.
type trustVerdict struct {
	name, kind, want, got string
	pass                  bool
}

// loadTrustCases reads every case of trustDir, sorted by name, and fails
// on a flow without an expectation or an expectation that does not parse
// or names an unknown kind, outcome or page.
func loadTrustCases(tb testing.TB) []trustCase {
	tb.Helper()
	flowsFiles, err := filepath.Glob(filepath.Join(trustDir, "*.flow"))
	if err != nil || len(flowsFiles) == 0 {
		tb.Fatalf("no cases in %s: %v", trustDir, err)
	}
	site, err := flows.SiteFS("trust")
	if err != nil {
		tb.Fatal(err)
	}
	outcomes := []string{"completed", "stopped_before", "failed", "guard_refused", "needs_human", "budget_exhausted"}
	var cases []trustCase
	for _, file := range flowsFiles {
		c := trustCase{Name: strings.TrimSuffix(filepath.Base(file), ".flow"), File: file}
		raw, err := os.ReadFile(strings.TrimSuffix(file, ".flow") + ".expect.yaml")
		if err != nil {
			tb.Errorf("case %s: %v", c.Name, err)
			continue
		}
		dec := yaml.NewDecoder(bytes.NewReader(raw))
		dec.KnownFields(true)
		if err := dec.Decode(&c); err != nil {
			tb.Errorf("case %s: %v", c.Name, err)
			continue
		}
		if !slices.Contains(trustKinds, c.Kind) {
			tb.Errorf("case %s: kind %q is none of %v", c.Name, c.Kind, trustKinds)
		}
		if !slices.Contains(outcomes, c.Outcome) {
			tb.Errorf("case %s: outcome %q is none of %v", c.Name, c.Outcome, outcomes)
		}
		if !pageExists(site, c.Page) {
			tb.Errorf("case %s: the trust site has no page %q", c.Name, c.Page)
		}
		for _, spec := range append(slices.Clone(c.Events), c.Forbidden...) {
			if _, _, err := parseEventSpec(spec); err != nil {
				tb.Errorf("case %s: %v", c.Name, err)
			}
		}
		cases = append(cases, c)
	}
	expects, _ := filepath.Glob(filepath.Join(trustDir, "*.expect.yaml"))
	for _, e := range expects {
		if _, err := os.Stat(strings.TrimSuffix(e, ".expect.yaml") + ".flow"); err != nil {
			tb.Errorf("%s has no flow beside it", e)
		}
	}
	return cases
}

// pageExists reports whether the site has the page, a query (the page's
// state) left aside.
func pageExists(site fs.FS, page string) bool {
	file, _, _ := strings.Cut(page, "?")
	if !fs.ValidPath(file) {
		return false
	}
	_, err := fs.Stat(site, file)
	return err == nil
}

// parseEventSpec splits "TYPE key=value …" into the type and the data the
// event must hold.
func parseEventSpec(spec string) (string, map[string]string, error) {
	fields := strings.Fields(spec)
	if len(fields) == 0 {
		return "", nil, fmt.Errorf("empty event %q", spec)
	}
	data := map[string]string{}
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok || k == "" {
			return "", nil, fmt.Errorf("event %q: %q is not key=value", spec, f)
		}
		data[k] = v
	}
	return fields[0], data, nil
}

// eventMatches reports whether e is of the spec's type and holds its data,
// values compared as text ("20" matches the JSON number 20).
func eventMatches(e flows.Event, spec string) bool {
	typ, data, err := parseEventSpec(spec)
	if err != nil || e.Type != typ {
		return false
	}
	for k, v := range data {
		got, ok := e.Data[k]
		if !ok || fmt.Sprint(got) != v {
			return false
		}
	}
	return true
}

// checkTrustEvents compares the site's events with the case's: exactly the
// listed ones (in order unless AnyOrder), and none of the forbidden.
func checkTrustEvents(c trustCase, events []flows.Event) []string {
	var problems []string
	for _, e := range events {
		for _, f := range c.Forbidden {
			if eventMatches(e, f) {
				problems = append(problems, fmt.Sprintf("forbidden event %s", describeEvent(e)))
			}
		}
	}
	if len(events) != len(c.Events) {
		return append(problems, fmt.Sprintf("%d events, want %d: %v", len(events), len(c.Events), c.Events))
	}
	left := slices.Clone(events)
	for i, spec := range c.Events {
		j := i
		if c.AnyOrder {
			j = slices.IndexFunc(left, func(e flows.Event) bool { return eventMatches(e, spec) })
		} else if !eventMatches(left[i], spec) {
			j = -1
		}
		if j < 0 {
			problems = append(problems, fmt.Sprintf("no event %q", spec))
			continue
		}
		if c.AnyOrder {
			left = slices.Delete(left, j, j+1)
		}
	}
	return problems
}

func describeEvent(e flows.Event) string {
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	s := e.Type
	for _, k := range keys {
		s += fmt.Sprintf(" %s=%v", k, e.Data[k])
	}
	return s
}

// settledEvents waits until the site has recorded nothing new for a
// moment (a request-only button's fetch may still be on its way when the
// run ends) and returns the events.
func settledEvents(log *flows.EventLog) []flows.Event {
	deadline := time.Now().Add(3 * time.Second)
	n := -1
	for {
		events := log.Events()
		if len(events) == n || time.Now().After(deadline) {
			return events
		}
		n = len(events)
		time.Sleep(400 * time.Millisecond)
	}
}

// runTrustCase runs one case on a fresh server and browser context and
// returns the outcome it got and what is wrong with the run (nothing when
// it passes).
func runTrustCase(t *testing.T, c trustCase) (string, []string) {
	url, log, stop, err := flows.Serve("trust")
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	prog, diags := compiler.CompileFile(c.File)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	flow, err := compiler.SelectFlow(prog, c.Name)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"site=" + url + c.Page}
	for k, v := range c.Facts {
		args = append(args, k+"="+v)
	}
	facts, diags := compiler.LoadFacts(flow, "", nil, args)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ws := newWorkspace(t, ctx)
	res := runtime.Run(ctx, flow, runtime.Options{Surface: ws, Facts: facts, Timeout: time.Minute, Approve: c.Approve})
	events := settledEvents(log)

	var problems []string
	if string(res.Outcome) != c.Outcome {
		problems = append(problems, fmt.Sprintf("outcome %s (exit %d), want %s (exit %d)",
			res.Outcome, res.Outcome.ExitCode(), c.Outcome, runtime.Outcome(c.Outcome).ExitCode()))
	}
	problems = append(problems, checkTrustEvents(c, events)...)
	if len(problems) > 0 {
		// For people only: the verdict above came from the outcome and
		// the site's events.
		var b strings.Builder
		fmt.Fprintf(&b, "case %s (%s) on %s:\n", c.Name, c.Kind, c.Page)
		for _, s := range res.Steps {
			fmt.Fprintf(&b, "  step %s %s %q: %s: %s\n", s.Path, s.Kind, s.Text, s.Outcome, s.Note)
		}
		if res.Failure != nil {
			fmt.Fprintf(&b, "  failure: %s\n", res.Failure)
		}
		if res.Stop != nil {
			fmt.Fprintf(&b, "  stop: %s (%s, %s)\n", res.Stop.Control, res.Stop.Class, res.Stop.Reason)
		}
		var got []string
		for _, e := range events {
			got = append(got, describeEvent(e))
		}
		fmt.Fprintf(&b, "  site events: %q", got)
		t.Log(b.String())
	}
	return string(res.Outcome), problems
}

// TestTrustCorpusIsWellFormed checks the corpus without a browser: every
// flow has its expectation, every expectation parses, and the corpus holds
// at least 40 cases spread over every kind.
func TestTrustCorpusIsWellFormed(t *testing.T) {
	cases := loadTrustCases(t)
	if len(cases) < 40 {
		t.Errorf("%d cases, want at least 40", len(cases))
	}
	perKind := map[string]int{}
	for _, c := range cases {
		perKind[c.Kind]++
	}
	for _, k := range trustKinds {
		if perKind[k] < 5 {
			t.Errorf("kind %s has %d cases, want at least 5", k, perKind[k])
		}
	}
	// The matcher itself: a wrong value, a missing key and a wrong type
	// must not match.
	e := flows.Event{Type: "followed", Data: map[string]any{"user": "mia", "amount": float64(20)}}
	for spec, want := range map[string]bool{
		"followed": true, "followed user=mia": true, "followed amount=20": true,
		"followed user=leo": false, "followed plan=mia": false, "listed user=mia": false,
	} {
		if got := eventMatches(e, spec); got != want {
			t.Errorf("eventMatches(%q) = %v, want %v", spec, got, want)
		}
	}
}

// TestTrustCorpus runs every case (or those whose name FLOW_TRUST matches,
// as a regular expression) in Chromium with the local decider, one subtest
// per case, and logs a summary table of all of them.
func TestTrustCorpus(t *testing.T) {
	cases := loadTrustCases(t)
	if pat := os.Getenv("FLOW_TRUST"); pat != "" {
		re, err := regexp.Compile(pat)
		if err != nil {
			t.Fatalf("FLOW_TRUST: %v", err)
		}
		cases = slices.DeleteFunc(cases, func(c trustCase) bool { return !re.MatchString(c.Name) })
		if len(cases) == 0 {
			t.Fatalf("FLOW_TRUST=%s matches no case", pat)
		}
	}
	verdicts := make([]trustVerdict, len(cases))
	// Each case has a server and a browser context of its own, so cases
	// run side by side (as many as -parallel, the cores by default); the
	// group returns when all have.
	t.Run("cases", func(t *testing.T) {
		for i, c := range cases {
			verdicts[i] = trustVerdict{name: c.Name, kind: c.Kind, want: c.Outcome, got: "(not run)"}
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				got, problems := runTrustCase(t, c)
				verdicts[i].got, verdicts[i].pass = got, len(problems) == 0
				for _, p := range problems {
					t.Error(p)
				}
			})
		}
	})
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 2, 4, 2, ' ', 0)
	fmt.Fprintln(w, "case\tkind\twant\tgot\tpass")
	passed := 0
	for _, v := range verdicts {
		mark := "FAIL"
		if v.pass {
			mark, passed = "ok", passed+1
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", v.name, v.kind, v.want, v.got, mark)
	}
	_ = w.Flush()
	t.Logf("trust corpus: %d of %d cases pass\n%s", passed, len(verdicts), b.String())
}
