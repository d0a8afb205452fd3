package suite

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"flow/flows"
	"flow/runtime"
	"flow/surfaces/browser"
)

// fixtures serves the bundled fixture sites, a fresh one per attempt.
type fixtures struct{}

func (fixtures) Serve(name string) (string, func(), error) {
	u, _, stop, err := flows.Serve(name)
	return u, stop, err
}

// flaky serves the mail site on a case's first attempt and the shop on
// the next ones: a flow that checks for the shop fails once, then passes.
type flaky struct {
	mu    sync.Mutex
	calls int
}

func (f *flaky) Serve(string) (string, func(), error) {
	f.mu.Lock()
	f.calls++
	site := "shop"
	if f.calls == 1 {
		site = "mail"
	}
	f.mu.Unlock()
	return fixtures{}.Serve(site)
}

const (
	// starredFlow is quick on the mail site: it opens a folder and checks
	// who is in it.
	starredFlow = `flow starred "Open the Starred folder" {
  fact site: url "Address" = "http://localhost:8080/"

  browse "${site}"
  do "open the Starred folder"
  verify "Mary Somerville is listed"
}
`
	// waitFlow waits for what the mail site never shows, so it runs for
	// its whole wait and then fails at step 2.
	waitFlow = `flow wait "Wait for what never comes" {
  fact site: url "Address" = "http://localhost:8080/"

  browse "${site}"
  wait_for "the page shows the word Zanzibar" within 8s
}
`
	shopFlow = `flow shop "Check for the shop" {
  fact site: url "Address" = "http://localhost:8080/"

  browse "${site}"
  verify "the page is the Greenleaf shop"
}
`
)

// loadLibrary writes a library and loads it. Its cases may name the
// fixture sites and the made-up "flaky" site.
func loadLibrary(t *testing.T, files map[string]string) []*Case {
	t.Helper()
	chdir(t, writeTree(t, files))
	cases, diags := Load([]string{"."}, LoadOptions{Sites: append(flows.Sites(), "flaky")})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return cases
}

// recorder is an Observer that keeps the order of events and tells when
// n cases have started.
type recorder struct {
	mu      sync.Mutex
	started int
	want    int
	ready   chan struct{}
}

func (r *recorder) Started(c *Case, attempt int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.started++
	if r.started == r.want {
		close(r.ready)
	}
}

func (r *recorder) Finished(*Result) {}

func TestRunOnALocalChromium(t *testing.T) {
	cases := loadLibrary(t, map[string]string{
		"starred.flow": starredFlow,
		"shop.flow":    shopFlow,
		"cases.test.yaml": `cases:
  - name: a_starred
    flow: starred.flow
    site: mail
  - name: b_flaky_shop
    flow: shop.flow
    site: flaky
  - name: c_missing_folder
    flow: starred.flow
    site: shop
    expect: completed
`,
	})
	ctx := context.Background()
	pool, err := OpenPool(ctx, nil, browser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	// Retries: the shop case fails on the mail site, then passes.
	// The Attempt hook sees every attempt: its sink gets the run's events,
	// its after func the result.
	var mu sync.Mutex
	events := map[string]int{}
	hook := func(c *Case, attempt int, o *runtime.Options) func(*runtime.Result) {
		key := fmt.Sprintf("%s#%d", c.Name, attempt)
		o.Sinks = append(o.Sinks, runtime.SinkFunc(func(runtime.Event) {
			mu.Lock()
			events[key]++
			mu.Unlock()
		}))
		return func(res *runtime.Result) { res.Report = "report-of-" + key }
	}
	rep := Run(ctx, cases, Options{Workers: 2, Retries: 1, Pool: pool, Sites: routeSites{&flaky{}}, Attempt: hook})
	for _, r := range rep.Results {
		key := fmt.Sprintf("%s#%d", r.Case, r.Attempts)
		if r.Run == nil || r.Run.Report != "report-of-"+key || events[key] == 0 {
			t.Errorf("%s: the attempt hook saw %d events and left report %v", key, events[key], r.Run)
		}
	}
	got := map[string]*Result{}
	for _, r := range rep.Results {
		got[r.Case] = r
	}
	if r := got["a_starred"]; r.Status != Pass || r.Attempts != 1 {
		t.Errorf("a_starred: %s after %d attempts: %s", r.Status, r.Attempts, r.Reason)
	}
	if r := got["b_flaky_shop"]; r.Status != Flaky || r.Attempts != 2 {
		t.Errorf("b_flaky_shop: %s after %d attempts: %s", r.Status, r.Attempts, r.Reason)
	}
	// The Starred folder is on the mail site, not the shop: the case
	// fails twice, placed at its step.
	r := got["c_missing_folder"]
	if r.Status != Fail || r.Attempts != 2 || r.Where == nil || r.Where.Step != "2" || r.Where.Line != 5 ||
		!strings.Contains(r.Reason, "outcome failed, want completed") {
		t.Errorf("c_missing_folder: %s after %d attempts at %v: %s", r.Status, r.Attempts, r.Where, r.Reason)
	}
	if rep.Counts != (Counts{Total: 3, Passed: 1, Flaky: 1, Failed: 1}) || rep.OK() {
		t.Errorf("counts %+v", rep.Counts)
	}

	// Fail fast: after the first failure no case starts; the rest are
	// skipped, and say why.
	rep = Run(ctx, []*Case{caseNamed(cases, "c_missing_folder"), caseNamed(cases, "a_starred")}, Options{Workers: 1, FailFast: true, Pool: pool, Sites: fixtures{}})
	if rep.Results[0].Status != Fail || rep.Results[1].Status != Skipped || !strings.Contains(rep.Results[1].Reason, "--fail-fast after c_missing_folder failed") {
		t.Errorf("fail fast: %s, %s (%s)", rep.Results[0].Status, rep.Results[1].Status, rep.Results[1].Reason)
	}

	// A timeout ends an attempt long before the flow's own 8s wait. The
	// run's own duration is measured, not the case's, which also holds
	// opening a tab and serving the site (slow on a loaded machine).
	waitCase := loadLibrary(t, map[string]string{"wait.flow": waitFlow, "w.test.yaml": "cases:\n  - {name: wait, flow: wait.flow, site: mail}\n"})
	rep = Run(ctx, waitCase, Options{Workers: 1, Timeout: time.Second, Pool: pool, Sites: fixtures{}})
	if r := rep.Results[0]; r.Status != Fail || r.Run == nil || time.Duration(r.Run.Duration) >= 8*time.Second || !strings.Contains(r.Reason, "--timeout 1s") {
		t.Errorf("timeout: %s after %s: %s", r.Status, time.Duration(r.Duration), r.Reason)
	}
}

// A secret typed into the page and read back, then a failing check that
// quotes the value: no report the suite writes holds the secret.
func TestReportsHoldNoSecret(t *testing.T) {
	const secret = "Zebra-Secret-4471"
	chdir(t, writeTree(t, map[string]string{
		"leak.flow": `flow leak "Type a secret, then fail" {
  fact site: url "Address" = "http://localhost:8080/"
  secret token "A token"

  browse "${site}"
  do "start a new message"
  enter "subject" = token
  read "the subject" into subject
  check subject == "nothing", "the subject is empty"
  verify "the Archive folder is shown"
}
`,
		"leak.test.yaml": "cases:\n  - {flow: leak.flow, site: mail, secrets: {token: SUITE_TEST_TOKEN}}\n",
	}))
	cases, diags := Load([]string{"."}, LoadOptions{Sites: flows.Sites(), Getenv: func(k string) string {
		if k == "SUITE_TEST_TOKEN" {
			return secret
		}
		return ""
	}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	pool, err := OpenPool(context.Background(), nil, browser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var out bytes.Buffer
	p := NewProgress(&out, ProgressOptions{Total: 1})
	// A 20s limit for the attempt: the case still fails at its step.
	rep := Run(context.Background(), cases, Options{Workers: 1, Pool: pool, Sites: fixtures{}, Observer: p, Timeout: 20 * time.Second})
	if rep.Results[0].Status != Fail || rep.Results[0].Where == nil || rep.Results[0].Where.Step != "5" {
		t.Fatalf("the case did not fail at step 5: %+v", rep.Results[0])
	}
	WriteSummary(&out, rep)
	WriteJSON(&out, rep)
	WriteGitHub(&out, rep)
	WriteJUnit(&out, rep, time.Now())
	if strings.Contains(out.String(), secret) {
		t.Errorf("a report holds the secret:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "leak.flow:9:3") {
		t.Errorf("the reports do not place the failure:\n%.2000s", out.String())
	}
}

func caseNamed(cases []*Case, name string) *Case {
	for _, c := range cases {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// routeSites serves the made-up site "flaky" through its own server and
// the fixture sites through fixtures.
type routeSites struct{ flaky SiteServer }

func (r routeSites) Serve(name string) (string, func(), error) {
	if name == "flaky" {
		return r.flaky.Serve(name)
	}
	return fixtures{}.Serve(name)
}
