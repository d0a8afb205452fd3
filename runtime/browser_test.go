package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"flow/compiler"
	"flow/flows"
	"flow/plan"
	"flow/runtime"
	"flow/runtime/cache"
	"flow/surfaces"
	"flow/surfaces/browser"
)

// chromium is the one browser the real-browser tests share; each test
// takes a fresh browser context through NewSurface.
var chromium *browser.Browser

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	b, err := browser.Start(ctx, browser.Options{})
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "start chromium:", err)
		return 1
	}
	chromium = b
	code := m.Run()
	if err := b.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "close chromium:", err)
		code = 1
	}
	return code
}

// newWorkspace opens a workspace on a fresh browser context of the
// shared Chromium, closed with the test.
func newWorkspace(t *testing.T, ctx context.Context) *surfaces.Workspace {
	t.Helper()
	surf, err := chromium.NewSurface(ctx, browser.SurfaceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ws, err := surfaces.NewWorkspace(surf)
	if err != nil {
		surf.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return ws
}

// runExample runs one example flow of package flows on its fixture site in
// Chromium with the local decider, and checks the site's events against
// the example's expectation.
func runExample(t *testing.T, name string, approve bool, book *cache.Book) *runtime.Result {
	ex := exampleNamed(t, name)
	url, log, stop, err := flows.Serve(ex.Expect.Site)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	flow, facts, secrets := prepareExample(t, ex, url)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ws := newWorkspace(t, ctx)
	var trace strings.Builder
	res := runtime.Run(ctx, flow, runtime.Options{
		Surface: ws, Facts: facts, Secrets: secrets, Timeout: time.Minute, Approve: approve,
		Sinks: []runtime.Sink{runtime.NewJSONL(&trace)}, Cache: book,
	})
	var steps []string
	for _, s := range res.Steps {
		steps = append(steps, fmt.Sprintf("%s %s %q: %s %s", s.Path, s.Kind, s.Text, s.Outcome, s.Note))
	}
	detail := "steps:\n  " + strings.Join(steps, "\n  ")
	if res.Failure != nil {
		detail += "\nfailure: " + res.Failure.String()
	}
	detail += fmt.Sprintf("\nsite events: %v", log.Types())
	want := ex.Expect.Outcome
	if approve {
		want = ex.Expect.Approved.Outcome
	}
	if string(res.Outcome) != want {
		t.Fatalf("outcome %s, want %s\n%s", res.Outcome, want, detail)
	}
	if !approve && ex.Expect.StopTarget != "" && (res.Stop == nil || !strings.Contains(res.Stop.Control, ex.Expect.StopTarget)) {
		t.Errorf("stop %+v, want %q\n%s", res.Stop, ex.Expect.StopTarget, detail)
	}
	if err := ex.Expect.Check(log.Events(), approve); err != nil {
		t.Errorf("site events: %v\n%s", err, detail)
	}
	// The values the run read prove what it chose: the booking total is
	// read from the page after the flight was picked, so it is right only
	// when the cheapest flight was, whatever format its price was written in.
	for name, want := range ex.Expect.Variables {
		got, ok := res.Variables[name]
		if !ok || plan.Render(got) != want {
			t.Errorf("variable %s = %v, want %s\n%s", name, got, want, detail)
		}
	}
	if c := ex.Expect.Cheapest; c != nil {
		if picked, ok := res.Variables["flight"]; ok && !strings.Contains(plan.Render(picked), c.Number) {
			t.Errorf("picked %q, want the cheapest flight %s (%s)\n%s", picked, c.Number, c.Price, detail)
		}
	}
	resJSON, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range secrets {
		// A short secret (a three-digit CVV) also occurs by chance in
		// times and sequence numbers, so only longer ones are searched.
		if len(v) >= 6 && (strings.Contains(trace.String(), v) || strings.Contains(string(resJSON), v)) {
			t.Errorf("secret %s is in the trace or the result", k)
		}
	}
	return res
}

// prepareExample compiles an example flow of package flows and loads its
// facts, with the fixture site at url as the fact `site`, and its test
// secrets.
func prepareExample(tb testing.TB, ex flows.Example, url string) (*plan.Flow, map[string]any, map[string]string) {
	tb.Helper()
	// The compiler reads the example and its imports from the flows FS.
	dir := tb.TempDir()
	if err := os.CopyFS(dir, flows.FS()); err != nil {
		tb.Fatal(err)
	}
	prog, diags := compiler.CompileFile(filepath.Join(dir, ex.File))
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	flow, err := compiler.SelectFlow(prog, ex.Expect.Flow)
	if err != nil {
		tb.Fatal(err)
	}
	factsData, err := fs.ReadFile(flows.FS(), ex.FactsFile)
	if err != nil {
		tb.Fatal(err)
	}
	facts, diags := compiler.LoadFacts(flow, ex.FactsFile, factsData, []string{"site=" + url})
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	secrets, diags := compiler.LoadSecrets(flow, "", nil, func(v string) string {
		for k, s := range ex.Expect.Secrets {
			if compiler.SecretEnvVar(k) == v {
				return s
			}
		}
		return ""
	})
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	return flow, facts, secrets
}

func exampleNamed(tb testing.TB, name string) flows.Example {
	tb.Helper()
	all, err := flows.Examples()
	if err != nil {
		tb.Fatal(err)
	}
	for _, ex := range all {
		if ex.Name == name {
			return ex
		}
	}
	tb.Fatalf("no example %q", name)
	return flows.Example{}
}

// TestExamplesOnChromium runs every bundled example flow on its fixture
// site in a real Chromium with the local decider, and, where the example
// describes one, the same run with approval. The sites' event logs prove
// what was and was not done (no payment, no send, no order without
// approval).
func TestExamplesOnChromium(t *testing.T) {
	all, err := flows.Examples()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("no examples")
	}
	for _, ex := range all {
		t.Run(ex.Name, func(t *testing.T) {
			// The cold run fills a cache; the warm run replays it on a
			// fresh site and must do the same with no question asked.
			path := filepath.Join(t.TempDir(), cache.FileName(ex.File, ex.Name))
			book, err := cache.Open(path, cache.Write, "", ex.File)
			if err != nil {
				t.Fatal(err)
			}
			cold := runExample(t, ex.Name, false, book)
			if err := book.Save(); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range ex.Expect.Secrets {
				if len(v) >= 6 && strings.Contains(string(data), v) {
					t.Errorf("secret %s is in the cache file", k)
				}
			}
			if book, err = cache.Open(path, cache.Read, "", ex.File); err != nil {
				t.Fatal(err)
			}
			warm := runExample(t, ex.Name, false, book)
			if warm.Decisions != 0 || warm.Actions != cold.Actions {
				var missed []string
				for _, s := range warm.Steps {
					if strings.HasPrefix(s.Cache, "miss") {
						missed = append(missed, s.Path+" "+s.Cache)
					}
				}
				t.Errorf("warm run: %d decisions (cold %d), %d actions (cold %d); missed:\n  %s",
					warm.Decisions, cold.Decisions, warm.Actions, cold.Actions, strings.Join(missed, "\n  "))
			}
		})
		if ex.Expect.Approved != nil {
			t.Run(ex.Name+"/approved", func(t *testing.T) { runExample(t, ex.Name, true, nil) })
		}
	}
}

// TestChooseOnBookingPickers sets the booking site's custom controls with
// choose: the trip type's radio, the read-only return-date field whose
// calendar must be paged to a later month, and the − N + travellers
// stepper, whose count is text between its buttons. The page then shows
// what was chosen.
func TestChooseOnBookingPickers(t *testing.T) {
	url, _, stop, err := flows.Serve("booking")
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	// Two months ahead: the calendar opens on this month and must page.
	back := time.Now().AddDate(0, 2, 3)
	backISO := back.Format("2006-01-02")
	src := `import "std/web"

flow return_trip "Set a return trip for three" {
  fact site: url "The booking site"
  fact back: date "Day of return"
  browse "${site}"
  web.dismiss_cookies()
  choose "trip type" = "Return"
  choose "return date" = back
  choose "travellers" = "3"
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "pickers.flow")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, diags := compiler.CompileFile(path)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	flow := prog.Flows[0]
	facts, diags := compiler.LoadFacts(flow, "", nil, []string{"site=" + url, "back=" + backISO})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	surf, err := chromium.NewSurface(ctx, browser.SurfaceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer surf.Close()
	res := runtime.Run(ctx, flow, runtime.Options{Surface: surf, Facts: facts, Timeout: time.Minute})
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v", res.Outcome, res.Failure)
	}
	scr, err := surf.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var field string
	for _, c := range scr.Candidates {
		if c.Label == "Return date" || c.Name == "Return date" {
			field = c.Value
		}
	}
	if d, err := time.Parse("Mon 2 Jan 2006", field); err != nil || d.Format("2006-01-02") != backISO {
		t.Errorf("the return date field shows %q, want %s", field, backISO)
	}
	var count string
	for _, l := range scr.Context {
		if strings.Contains(strings.Join(l.Path, " "), `group "Travellers"`) {
			count = l.Text
		}
	}
	if count != "3 adults" {
		t.Errorf("the travellers stepper shows %q, want 3 adults", count)
	}
	var pages int
	for _, s := range res.Steps {
		if s.Kind == "choose" && strings.HasPrefix(s.Text, "return date") {
			pages = s.Actions
		}
	}
	if pages < 3 { // open, at least one page forward, the day
		t.Errorf("choosing the return date took %d actions: the calendar was not paged", pages)
	}
}
