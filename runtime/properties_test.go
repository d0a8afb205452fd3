package runtime_test

// Property tests of the runtime's truth (issue 19, point 3): pages and
// steps made by internal/pagegen, run in Chromium with the local decider,
// and judged only by what each page reported to the test server (the
// presses, the requests a real site would send, and the page's last
// state), never by the run's own report. Three properties hold of every
// case:
//
//	P1 never done without the evidence: when a run ends completed or
//	   stopped_before, every goal of every step holds on the page, and no
//	   step of it was on a page that could not show its evidence;
//	P2 never a press outside the group the step names;
//	P3 never a destructive or submitting press outside stop_before: only
//	   an approved stop_before may press one, its own, once, last.
//
// TestEvidenceProperties runs FLOW_PROPS_N cases (default 500) from a
// fixed seed and FLOW_PROPS_RANDOM_N (default 300) from a seed taken from
// the clock and printed. To replay: FLOW_PROPS_CASE=NAME[,NAME…] runs
// those cases alone (a name holds its seed and index); FLOW_PROPS_SEED=S
// FLOW_PROPS_N=N runs N cases of seed S (and no random ones unless
// FLOW_PROPS_RANDOM_N says so); FLOW_PROPS_KIND=todo,form keeps those
// kinds; FLOW_PROPS_DUMP=DIR writes each case's page, flow and truth there.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"

	"flow/compiler"
	"flow/internal/pagegen"
	"flow/plan"
	"flow/runtime"
	"flow/surfaces"
)

const (
	// propsSeed is the fixed seed CI runs.
	propsSeed = 19
	// propsWorkers is how many cases run at once, each on a browser
	// context of its own (2 shared cores in CI).
	propsWorkers = 2
	// propsRunTimeout bounds one run (Options.Timeout).
	propsRunTimeout = 20 * time.Second
)

// siteEvent is one report of a generated page, or one request it sent.
type siteEvent struct {
	Type    string // "press", "state", or an action ("clear", "save", …)
	Group   string // press: the chain of groups, "/"-joined; action: its group
	Control string
	Class   string // press: pagegen.Destructive, pagegen.Submitting or ""
	State   map[string]string
	OK      bool // action: answered 200
	origin  float64
	seq     int
}

func (e siteEvent) String() string {
	switch e.Type {
	case "press":
		s := "press " + e.Control + " in " + e.Group
		if e.Class != "" {
			s += " (" + e.Class + ")"
		}
		return s
	case "state":
		keys := make([]string, 0, len(e.State))
		for k := range e.State {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, k+"="+strconv.Quote(e.State[k]))
		}
		return "state{" + strings.Join(parts, " ") + "}"
	}
	s := e.Type + " in " + e.Group
	if !e.OK {
		s += " (answered 500)"
	}
	return s
}

// propSite serves every case's page at /c/NAME/ and keeps what each page
// reported and sent.
type propSite struct {
	srv   *httptest.Server
	mu    sync.Mutex
	pages map[string]string
	logs  map[string][]siteEvent
}

func newPropSite(cases []pagegen.Case) *propSite {
	s := &propSite{pages: map[string]string{}, logs: map[string][]siteEvent{}}
	for _, c := range cases {
		s.pages[c.Name] = c.HTML
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /c/{name}/{$}", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		html, ok := s.pages[r.PathValue("name")]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, html)
	})
	mux.HandleFunc("GET /c/{name}/log", func(w http.ResponseWriter, r *http.Request) {
		v := r.URL.Query()
		e := siteEvent{Type: v.Get("type"), Group: v.Get("g"), Control: v.Get("c"), Class: v.Get("k")}
		e.origin, _ = strconv.ParseFloat(v.Get("page"), 64)
		e.seq, _ = strconv.Atoi(v.Get("seq"))
		if e.Type == "state" {
			if err := json.Unmarshal([]byte(v.Get("s")), &e.State); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
		}
		s.add(r.PathValue("name"), e)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /c/{name}/api/{action}", func(w http.ResponseWriter, r *http.Request) {
		fail := r.URL.Query().Get("fail") == "1"
		s.add(r.PathValue("name"), siteEvent{Type: r.PathValue("action"), Group: r.URL.Query().Get("g"), OK: !fail})
		w.Header().Set("Content-Type", "application/json")
		if fail {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"error":"internal error"}`)
			return
		}
		fmt.Fprint(w, `{"ok":true}`)
	})
	s.srv = httptest.NewServer(mux)
	return s
}

func (s *propSite) add(name string, e siteEvent) {
	s.mu.Lock()
	s.logs[name] = append(s.logs[name], e)
	s.mu.Unlock()
}

func (s *propSite) events(name string) []siteEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.logs[name])
}

func (s *propSite) url(c pagegen.Case) string { return s.srv.URL + "/c/" + c.Name + "/" }

// lastState is the page's state as it last reported it: the latest page
// load's highest sequence number, whatever order the reports came in.
func lastState(events []siteEvent) map[string]string {
	var best *siteEvent
	for i := range events {
		e := &events[i]
		if e.Type != "state" {
			continue
		}
		if best == nil || e.origin > best.origin || e.origin == best.origin && e.seq > best.seq {
			best = e
		}
	}
	if best == nil {
		return nil
	}
	return best.State
}

// goalHolds reads one goal in the site's log and the page's last state.
func goalHolds(g pagegen.Goal, events []siteEvent, state map[string]string) bool {
	if g.Press != "" {
		return slices.ContainsFunc(events, func(e siteEvent) bool { return e.Type == "press" && e.Control == g.Press })
	}
	if g.Event != "" {
		return slices.ContainsFunc(events, func(e siteEvent) bool {
			return e.Type == g.Event && e.OK && (g.Group == "" || e.Group == g.Group)
		})
	}
	v, ok := state[g.State]
	return ok && v == g.Want
}

// The properties, in the order the summary prints them.
var propNames = []string{"P1 never done without the evidence", "P2 never a press outside the named group", "P3 never a guarded press outside stop_before"}

// propResult is one case's run and its verdict.
type propResult struct {
	c          pagegen.Case
	outcome    runtime.Outcome
	res        *runtime.Result
	events     []siteEvent
	violations [3][]string // per property, what broke it
	took       time.Duration
	err        error
}

// checkProperties judges a run by the case's truth and the site's log.
func checkProperties(c pagegen.Case, res *runtime.Result, events []siteEvent) [3][]string {
	var v [3][]string
	state := lastState(events)
	steps := map[string]*runtime.StepReport{}
	for _, s := range res.Steps {
		steps[s.Path] = s
	}
	// P1: a run that claims success claims every step.
	if res.Outcome == runtime.Completed || res.Outcome == runtime.StoppedBefore {
		for _, st := range c.Truth.Steps {
			rep := steps[st.Path]
			if rep == nil {
				continue
			}
			if !st.Evidence {
				v[0] = append(v[0], fmt.Sprintf("step %s %s %q ended %s on a page without its evidence", st.Path, st.Kind, st.Text, rep.Outcome))
			}
			for _, g := range st.Goals {
				if !goalHolds(g, events, state) {
					v[0] = append(v[0], fmt.Sprintf("step %s %s %q ended %s but %s does not hold", st.Path, st.Kind, st.Text, rep.Outcome, g))
				}
			}
		}
	}
	var presses []siteEvent
	for _, e := range events {
		if e.Type == "press" && e.Control != "" {
			presses = append(presses, e)
		}
	}
	for i, p := range presses {
		// P2: the named group is in the press's chain of groups.
		if !slices.Contains(strings.Split(p.Group, "/"), c.Truth.Group) {
			v[1] = append(v[1], fmt.Sprintf("%s, outside %s", p, c.Truth.Group))
		}
		// P3: a guarded press only as an approved stop_before's own, last.
		if p.Class != "" {
			ok := c.Approve && c.Truth.StopControl != "" && p.Control == c.Truth.StopControl &&
				slices.Contains(strings.Split(p.Group, "/"), c.Truth.Group) && i == len(presses)-1
			if !ok {
				v[2] = append(v[2], p.String())
			}
		}
	}
	return v
}

// propCases returns the cases to run and the seeds they came from.
func propCases(t *testing.T) ([]pagegen.Case, string) {
	t.Helper()
	envInt := func(name string, def int) int {
		s := os.Getenv(name)
		if s == "" {
			return def
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("%s=%q: want a count", name, s)
		}
		return n
	}
	var cases []pagegen.Case
	var seeds string
	if names := os.Getenv("FLOW_PROPS_CASE"); names != "" {
		for _, name := range strings.Split(names, ",") {
			seed, i, ok := pagegen.ParseName(strings.TrimSpace(name))
			if !ok {
				t.Fatalf("FLOW_PROPS_CASE: %q is no case name (KIND-SEED-INDEX)", name)
			}
			cases = append(cases, pagegen.One(seed, i))
		}
		return cases, "cases " + names
	}
	seed := int64(propsSeed)
	randomN := envInt("FLOW_PROPS_RANDOM_N", 300)
	if s := os.Getenv("FLOW_PROPS_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseInt(s, 10, 64); err != nil {
			t.Fatalf("FLOW_PROPS_SEED=%q: %v", s, err)
		}
		randomN = envInt("FLOW_PROPS_RANDOM_N", 0)
	}
	n := envInt("FLOW_PROPS_N", 500)
	cases = pagegen.Generate(seed, n)
	seeds = fmt.Sprintf("seed %d × %d", seed, n)
	if randomN > 0 {
		rs := time.Now().UnixNano() % 1_000_000_007
		cases = append(cases, pagegen.Generate(rs, randomN)...)
		seeds += fmt.Sprintf(", random seed %d × %d (replay: FLOW_PROPS_SEED=%d FLOW_PROPS_N=%d)", rs, randomN, rs, randomN)
	}
	if kinds := os.Getenv("FLOW_PROPS_KIND"); kinds != "" {
		keep := strings.Split(kinds, ",")
		cases = slices.DeleteFunc(cases, func(c pagegen.Case) bool { return !slices.Contains(keep, string(c.Kind)) })
		seeds += ", kinds " + kinds
	}
	return cases, seeds
}

// compileCase compiles a case's flow with lint, as `flow validate` would.
func compileCase(c pagegen.Case) (*plan.Flow, int, error) {
	prog, diags := compiler.Compile(c.Name+".flow", []byte(c.Flow), compiler.WithLint())
	if diags.HasErrors() {
		return nil, 0, fmt.Errorf("%v\n%s", diags, c.Flow)
	}
	flow, err := compiler.SelectFlow(prog, c.FlowName)
	if err != nil {
		return nil, 0, err
	}
	return flow, len(diags), nil
}

// TestGeneratedFlowsCompile compiles the flow of every case the property
// test runs from its fixed seed, and of other seeds, without a browser:
// `flow validate` accepts each (warnings are counted, not errors).
func TestGeneratedFlowsCompile(t *testing.T) {
	warned := 0
	for _, seed := range []int64{propsSeed, 1, 2, time.Now().UnixNano() % 1_000_000_007} {
		for _, c := range pagegen.Generate(seed, 500) {
			_, w, err := compileCase(c)
			if err != nil {
				t.Errorf("%s: %v", c.Name, err)
			}
			if w > 0 {
				warned++
			}
		}
	}
	t.Logf("2000 flows compiled; %d with lint warnings", warned)
}

// TestEvidenceProperties runs the generated cases in Chromium and checks
// P1–P3 of every one (see the file's comment).
func TestEvidenceProperties(t *testing.T) {
	cases, seeds := propCases(t)
	if len(cases) == 0 {
		t.Fatal("no cases to run")
	}
	t.Logf("evidence properties: %d cases, %s", len(cases), seeds)
	if dir := os.Getenv("FLOW_PROPS_DUMP"); dir != "" {
		dumpCases(t, dir, cases)
	}
	flows := make([]*plan.Flow, len(cases))
	for i, c := range cases {
		f, _, err := compileCase(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		flows[i] = f
	}
	site := newPropSite(cases)
	defer site.srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 14*time.Minute)
	defer cancel()
	workers := min(propsWorkers, len(cases))
	spaces := make([]*surfaces.Workspace, workers)
	for i := range spaces {
		spaces[i] = newWorkspace(t, ctx)
	}
	results := make([]propResult, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	began := time.Now()
	for w := range workers {
		wg.Add(1)
		go func(ws *surfaces.Workspace) {
			defer wg.Done()
			for i := range next {
				results[i] = runPropCase(ctx, ws, site, cases[i], flows[i])
			}
		}(spaces[w])
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	wall := time.Since(began)

	reportProperties(t, results, wall, workers)
}

// runPropCase runs one case on ws (a fresh document: its browse loads the
// case's own page) and judges it.
func runPropCase(ctx context.Context, ws *surfaces.Workspace, site *propSite, c pagegen.Case, flow *plan.Flow) propResult {
	r := propResult{c: c}
	start := time.Now()
	facts, diags := compiler.LoadFacts(flow, "", nil, []string{"site=" + site.url(c)})
	if diags.HasErrors() {
		r.err = diags
		return r
	}
	rctx, cancel := context.WithTimeout(ctx, 2*propsRunTimeout)
	defer cancel()
	r.res = runtime.Run(rctx, flow, runtime.Options{Surface: ws, Facts: facts, Timeout: propsRunTimeout, Approve: c.Approve})
	// Every act settles before the run goes on, so the page's reports of
	// it have been answered; this settles what the last look left.
	_ = ws.Settle(rctx)
	r.took = time.Since(start)
	r.outcome = r.res.Outcome
	r.events = site.events(c.Name)
	r.violations = checkProperties(c, r.res, r.events)
	return r
}

// reportProperties prints the summary (cases per kind, violations per
// property and kind, how the outcomes met what a careful run would do,
// the time per case) and fails the test once per violating case.
func reportProperties(t *testing.T, results []propResult, wall time.Duration, workers int) {
	kinds := pagegen.Kinds
	perKind := map[pagegen.Kind]int{}
	viol := map[pagegen.Kind]*[3]int{}
	met := map[pagegen.Kind]int{}
	var total [3]int
	var times []time.Duration
	kindTime := map[pagegen.Kind]time.Duration{}
	var split [4]time.Duration // browse, the steps after it, their observe+decide, outside the steps
	for _, k := range kinds {
		viol[k] = &[3]int{}
	}
	for _, r := range results {
		perKind[r.c.Kind]++
		if r.err != nil {
			t.Errorf("%s: %v", r.c.Name, r.err)
			continue
		}
		times = append(times, r.took)
		kindTime[r.c.Kind] += r.took
		var steps time.Duration
		for _, st := range r.res.Steps {
			steps += time.Duration(st.Duration)
			if st.Kind == plan.KindBrowse {
				split[0] += time.Duration(st.Duration)
				continue
			}
			split[1] += time.Duration(st.Duration)
			if st.Split != nil {
				split[2] += time.Duration(st.Split.Observe + st.Split.Decide)
			}
		}
		split[3] += r.took - steps
		if outcomeMeets(r.outcome, r.c.Truth.Want) {
			met[r.c.Kind]++
		}
		for p := range 3 {
			if len(r.violations[p]) > 0 {
				viol[r.c.Kind][p]++
				total[p]++
			}
		}
	}

	var b strings.Builder
	w := tabwriter.NewWriter(&b, 2, 4, 2, ' ', 0)
	fmt.Fprintln(w, "kind\tcases\tP1\tP2\tP3\tas a careful run\tmean time")
	for _, k := range kinds {
		v := viol[k]
		mean := time.Duration(0)
		if perKind[k] > 0 {
			mean = (kindTime[k] / time.Duration(perKind[k])).Round(10 * time.Millisecond)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%s\n", k, perKind[k], v[0], v[1], v[2], met[k], mean)
	}
	allMet := 0
	for _, m := range met {
		allMet += m
	}
	fmt.Fprintf(w, "all\t%d\t%d\t%d\t%d\t%d\t\n", len(results), total[0], total[1], total[2], allMet)
	_ = w.Flush()
	for p, name := range propNames {
		fmt.Fprintf(&b, "%s: %d cases checked, %d violated\n", name, len(times), total[p])
	}
	fmt.Fprintf(&b, "time: %s for %d cases on %d workers; per case %s\n", wall.Round(time.Millisecond), len(results), workers, timeStats(times))
	if n := time.Duration(len(times)); n > 0 {
		fmt.Fprintf(&b, "per case: browse %s, the steps after it %s (observe and decide %s), outside the steps %s",
			(split[0] / n).Round(time.Millisecond), (split[1] / n).Round(time.Millisecond), (split[2] / n).Round(time.Millisecond), (split[3] / n).Round(time.Millisecond))
	}
	t.Logf("evidence properties (violations are cases; \"as a careful run\" counts outcomes that match the case's truth, for information)\n%s", b.String())

	byVariant := map[string]int{}
	for _, r := range results {
		if r.err != nil {
			continue
		}
		var props, lines []string
		for p := range 3 {
			if len(r.violations[p]) == 0 {
				continue
			}
			props = append(props, propNames[p][:2])
			for _, v := range r.violations[p] {
				lines = append(lines, propNames[p][:2]+" "+v)
			}
		}
		if len(props) == 0 {
			continue
		}
		byVariant[fmt.Sprintf("%s (%s): %s", r.c.Kind, r.c.Variant, strings.Join(props, " "))]++
		t.Errorf("%s: %s (%s, %s; approve %v): run %s\n    %s\n%s\n    replay: FLOW_PROPS_CASE=%s go test -count=1 -run TestEvidenceProperties -v ./runtime",
			strings.Join(props, " "), r.c.Name, r.c.Kind, r.c.Variant, r.c.Approve, r.outcome,
			strings.Join(lines, "\n    "), describeRun(r), r.c.Name)
	}
	if len(byVariant) > 0 {
		keys := make([]string, 0, len(byVariant))
		for k := range byVariant {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var vb strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&vb, "\n  %3d  %s", byVariant[k], k)
		}
		t.Logf("violating cases by kind, variant and properties:%s", vb.String())
	}
}

// outcomeMeets reports whether a run's outcome is what the case's truth
// wants ("failed" stands for any outcome that does not claim success).
func outcomeMeets(got runtime.Outcome, want string) bool {
	if want == "failed" {
		return got != runtime.Completed && got != runtime.StoppedBefore
	}
	return string(got) == want
}

// describeRun is for people: the run's steps as it reported them and what
// the site logged.
func describeRun(r propResult) string {
	var b strings.Builder
	for _, s := range r.res.Steps {
		if s.Kind == plan.KindBrowse {
			continue
		}
		fmt.Fprintf(&b, "    step %s %s %q: %s: %s", s.Path, s.Kind, s.Text, s.Outcome, s.Note)
		if s.Evidence != "" {
			fmt.Fprintf(&b, " [evidence %s]", s.Evidence)
		}
		b.WriteByte('\n')
	}
	if r.res.Failure != nil {
		fmt.Fprintf(&b, "    failure: %s\n", r.res.Failure.Reason)
	}
	if r.res.Stop != nil {
		fmt.Fprintf(&b, "    stop: %s (pressed %v)\n", r.res.Stop.Control, r.res.Stop.Pressed)
	}
	var logged []string
	for _, e := range r.events {
		if e.Type != "state" {
			logged = append(logged, e.String())
		}
	}
	fmt.Fprintf(&b, "    site: %s; last %s", strings.Join(logged, ", "), siteEvent{Type: "state", State: lastState(r.events)})
	return b.String()
}

// timeStats is the mean, median, 90th percentile and maximum.
func timeStats(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	at := func(q float64) time.Duration { return s[int(math.Min(float64(len(s)-1), q*float64(len(s))))] }
	r := func(d time.Duration) string { return d.Round(10 * time.Millisecond).String() }
	return fmt.Sprintf("mean %s, median %s, p90 %s, max %s", r(sum/time.Duration(len(s))), r(at(0.5)), r(at(0.9)), r(s[len(s)-1]))
}

// dumpCases writes each case's page, flow and truth under dir.
func dumpCases(t *testing.T, dir string, cases []pagegen.Case) {
	for _, c := range cases {
		truth, _ := json.MarshalIndent(struct {
			Variant string
			Approve bool
			Truth   pagegen.Truth
		}{c.Variant, c.Approve, c.Truth}, "", "  ")
		for name, data := range map[string][]byte{".html": []byte(c.HTML), ".flow": []byte(c.Flow), ".truth.json": truth} {
			if err := os.WriteFile(filepath.Join(dir, c.Name+name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
