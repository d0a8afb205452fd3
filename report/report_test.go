package report_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"flow/compiler"
	"flow/guard"
	"flow/report"
	"flow/runtime"
	"flow/runtime/decide"
	"flow/surfaces"
	"flow/surfaces/sim"
)

const password = "Babbage-Engine-1834"

// signIn signs in on the sim site; a test adds its last steps.
const signIn = `flow sign_in "Sign in and look at the account" {
  secret password
  browse "http://site.test/signin"
  enter {
    "email" = "ada@example.test"
    "password" = password
  }
  press "Enter"
  verify "signed in as ada@example.test"
`

// ran is what a run on the sim left: its events (as a live sink got
// them), its trace file and the folder of its shots, and its source.
type ran struct {
	res    *runtime.Result
	events []runtime.Event
	dir    string // holds trace.jsonl and shots/
	source []byte
	file   string
}

// runOnSim runs src on the sign-in sim with screenshots on, writing the
// trace and the shots into one folder as `flow run --report` does.
func runOnSim(t *testing.T, src string) *ran {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "signin.flow")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, diags := compiler.CompileFile(file)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	flow := prog.Flows[0]
	sm, err := sim.Load("testdata/signin.yaml")
	if err != nil {
		t.Fatal(err)
	}
	trace, err := os.Create(filepath.Join(dir, "trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer trace.Close()
	rec := &report.Recorder{}
	res := runtime.Run(context.Background(), flow, runtime.Options{
		Surface: sm,
		Decider: decide.NewLocal(),
		Secrets: map[string]string{"password": password},
		Sinks:   []runtime.Sink{runtime.NewJSONL(trace), rec},
		Shots: func(name string, png []byte) error {
			path := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return err
			}
			return os.WriteFile(path, png, 0o644)
		},
	})
	return &ran{res: res, events: rec.Events(), dir: dir, source: []byte(src), file: file}
}

// write writes the report of r into a new folder, from the trace file
// as `flow report` does, and returns the page.
func (r *ran) write(t *testing.T) (string, string) {
	t.Helper()
	events, err := report.ReadTraceFile(filepath.Join(r.dir, "trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != len(r.events) {
		t.Fatalf("the trace holds %d events, the live sink got %d", len(events), len(r.events))
	}
	out := t.TempDir()
	path, err := report.Write(out, report.Input{Events: events, Source: r.source, ShotDir: r.dir})
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(out, report.FileName) {
		t.Errorf("page at %s", path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return out, string(b)
}

func count(html, s string) int { return strings.Count(html, s) }

func TestReportOfACompletedRun(t *testing.T) {
	r := runOnSim(t, signIn+"}\n")
	if r.res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %+v", r.res.Outcome, r.res.Failure)
	}
	out, html := r.write(t)

	// One row and one section per step, in order, each with its outcome.
	if n := count(html, `class="step-row"`); n != len(r.res.Steps) || n != 4 {
		t.Errorf("%d step rows for %d steps", n, len(r.res.Steps))
	}
	for i, s := range r.res.Steps {
		row := regexp.MustCompile(`(?s)<tr class="step-row" id="row-s` + itoa(i+1) + `">.*?</tr>`).FindString(html)
		if !strings.Contains(row, ">"+s.Path+"</a>") || !strings.Contains(row, ">"+string(s.Kind)+"<") || !strings.Contains(row, `badge ok">done`) {
			t.Errorf("row of step %s (%s): %s", s.Path, s.Kind, row)
		}
	}
	if !strings.Contains(html, `id="outcome">completed`) || strings.Contains(html, `id="failure"`) {
		t.Error("the header does not say completed, or shows a failure")
	}

	// Every shot the trace names is a file beside the page, linked once.
	shots := regexp.MustCompile(`<img src="(shots/[^"]+\.png)"`).FindAllStringSubmatch(html, -1)
	if len(shots) != 4 { // browse, enter, press, verify
		t.Errorf("%d images, want 4", len(shots))
	}
	for _, m := range shots {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(m[1]))); err != nil {
			t.Errorf("image %s: %v", m[1], err)
		}
	}

	// The enter step outlines the two fields it filled, numbered as its
	// actions, inside the picture.
	enter := section(t, html, "s2")
	if boxes := regexp.MustCompile(`<div class="box" style="left: ([\d.]+)%; top: ([\d.]+)%; width: ([\d.]+)%; height: ([\d.]+)%"><b>(\d)</b>`).FindAllStringSubmatch(enter, -1); len(boxes) != 2 || boxes[0][5] != "1" || boxes[1][5] != "2" {
		t.Errorf("the enter step's outlines: %q", boxes)
	} else {
		for _, b := range boxes {
			for _, v := range b[1:5] {
				if f := atof(v); f <= 0 || f > 100 {
					t.Errorf("outline %v outside the picture", b)
				}
			}
		}
	}
	if !strings.Contains(enter, "fill</span> textbox") || !strings.Contains(enter, "••••••") {
		t.Errorf("the enter step's actions:\n%s", enter)
	}

	// The verify step shows its judgements with the decider's reasons,
	// and the screen it saw behind a disclosure.
	verify := section(t, html, "s4")
	if count(verify, `class="question"`) != 2 || !strings.Contains(verify, "Is it true: “signed in as ada@example.test”?") || !strings.Contains(verify, "why: ") {
		t.Errorf("the verify step's decisions:\n%s", verify)
	}
	if !strings.Contains(verify, `<details class="screen"><summary>The last screen the runtime saw in this step: http://site.test/account</summary>`) ||
		!strings.Contains(verify, "Signed in as ada@example.test") {
		t.Errorf("the verify step's screen:\n%s", verify)
	}
	// The source shows each step's outcome on its line.
	if line := sourceLine(t, html, 8); !strings.Contains(line, `href="#s3"`) || !strings.Contains(line, "done") || !strings.Contains(line, "press") {
		t.Errorf("source line 8: %s", line)
	}
	// The split is shown for every step.
	if n := count(html, `<p class="split">observe `); n != 4 {
		t.Errorf("%d time splits for 4 steps", n)
	}
	if strings.Contains(html, password) || strings.Contains(html, "<script") || regexp.MustCompile(`(src|href)="(https?:)?//`).MatchString(html) {
		t.Error("the page holds the secret, a script or a link off the machine")
	}
}

func TestReportOfAFailedRun(t *testing.T) {
	r := runOnSim(t, signIn+`  verify "the cart is empty"
}
`)
	if r.res.Outcome != runtime.Failed {
		t.Fatalf("outcome %s, want failed", r.res.Outcome)
	}
	_, html := r.write(t)
	banner := regexp.MustCompile(`(?s)<section class="banner bad" id="failure">.*?</section>`).FindString(html)
	if !strings.Contains(banner, `<a href="#s5">step 5</a>`) || !strings.Contains(banner, "not true on the screen") ||
		!strings.Contains(banner, "<strong>Hint:</strong> the screen was") {
		t.Errorf("failure banner:\n%s", banner)
	}
	if !strings.Contains(sourceLine(t, html, 10), `<tr class="bad" id="L10">`) {
		t.Errorf("the failed step's line is not marked:\n%s", sourceLine(t, html, 10))
	}
	failed := section(t, html, "s5")
	if !strings.Contains(failed, `<section class="step bad" id="s5">`) || !strings.Contains(failed, `class="error">not true on the screen`) || !strings.Contains(failed, "<img src=") {
		t.Errorf("the failed step's section:\n%s", failed)
	}
}

// A live sink gives the same report as the trace read back.
func TestReportLiveEqualsTrace(t *testing.T) {
	r := runOnSim(t, signIn+"}\n")
	_, fromTrace := r.write(t)
	var live bytes.Buffer
	run := report.Build(r.events, r.source)
	for _, s := range run.Steps {
		if s.Shot != "" {
			s.ShotW, s.ShotH = 400, 240 // as Write reads them from the sim's files
		}
	}
	if err := report.Render(&live, run); err != nil {
		t.Fatal(err)
	}
	if live.String() != fromTrace {
		t.Error("the report from the live events differs from the one from the trace")
	}
}

func TestReadTraceErrors(t *testing.T) {
	for in, want := range map[string]string{
		"": "holds no events",
		`{"seq":1,"kind":"run_ended"}` + "\nnot json\n": "line 2 is not an event",
		`{"seq":1}` + "\n": "line 1 is not an event of a trace: it has no kind",
	} {
		if _, err := report.ReadTrace(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadTrace(%q): %v, want %q", in, err, want)
		}
	}
}

// A trace that names a shot outside its folder is not followed: a report
// never copies a file from elsewhere on the machine.
func TestWriteKeepsShotsInside(t *testing.T) {
	dir := t.TempDir()
	secretFile := filepath.Join(dir, "private.png")
	os.WriteFile(secretFile, []byte("not for the report"), 0o644)
	traceDir := filepath.Join(dir, "run")
	os.MkdirAll(traceDir, 0o755)
	now := time.Now()
	events := []runtime.Event{
		{Seq: 1, Time: now, Kind: runtime.EventStepStarted, Path: "1", Step: "browse", Text: "x"},
		{Seq: 2, Time: now, Kind: runtime.EventStepEnded, Path: "1", Step: "browse", Outcome: "done", Shot: "../private.png"},
		{Seq: 3, Time: now, Kind: runtime.EventRunEnded, Outcome: "completed"},
	}
	out := filepath.Join(dir, "out")
	path, err := report.Write(out, report.Input{Events: events, ShotDir: traceDir})
	if err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(path)
	if strings.Contains(string(html), "<img") || strings.Contains(string(html), "private") {
		t.Error("the report links a shot outside the trace's folder")
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "..", "private.png")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 1 {
		t.Errorf("the report folder holds %d files, want the page alone", len(entries))
	}
}

// A trace cut short (no run_ended) still makes a report that says so.
func TestReportOfATraceCutShort(t *testing.T) {
	now := time.Now()
	run := report.Build([]runtime.Event{
		{Seq: 1, Time: now, Kind: runtime.EventRunStarted, Flow: "f", File: "f.flow"},
		{Seq: 2, Time: now, Kind: runtime.EventStepStarted, Path: "1", Step: "do", Text: "press go", File: "f.flow", Line: 2},
		{Seq: 3, Time: now, Kind: runtime.EventObserved, Screen: &surfaces.Screen{URL: "http://x.test/", Title: "X"}},
	}, []byte("flow f {\n  do \"press go\"\n}\n"))
	var b bytes.Buffer
	if err := report.Render(&b, run); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if !strings.Contains(html, `id="unfinished"`) || !strings.Contains(html, `badge none">running`) || !strings.Contains(html, `id="outcome">unfinished`) {
		t.Errorf("a cut trace's report:\n%s", html)
	}
}

// section returns the section of the step with the given anchor.
func section(t *testing.T, html, id string) string {
	t.Helper()
	s := regexp.MustCompile(`(?s)<section class="step [a-z]+" id="` + id + `">.*?</section>`).FindString(html)
	if s == "" {
		t.Fatalf("no section %s", id)
	}
	return s
}

// sourceLine returns the row of source line n.
func sourceLine(t *testing.T, html string, n int) string {
	t.Helper()
	s := regexp.MustCompile(`<tr class="[a-z]*" id="L` + itoa(n) + `">.*</tr>`).FindString(html)
	if s == "" {
		t.Fatalf("no source line %d", n)
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }

func atof(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// A flow file may hold a secret's value (a test card in a comment): the
// source a report shows passes the masker, as the events did.
func TestReportMasksTheSource(t *testing.T) {
	r := runOnSim(t, "# FLOW_SECRET_PASSWORD="+password+"\n"+signIn+"}\n")
	out := t.TempDir()
	path, err := report.Write(out, report.Input{Events: r.events, Source: r.source, ShotDir: r.dir,
		Masker: guard.NewMasker(map[string]string{"password": password})})
	if err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(path)
	if strings.Contains(string(html), password) || !strings.Contains(string(html), "# FLOW_SECRET_PASSWORD=${password}") {
		t.Error("the source in the report is not masked")
	}
}

// The step that stopped the run outlines the control it stopped in front
// of, which no action touched.
func TestReportOutlinesTheStopTarget(t *testing.T) {
	r := runOnSim(t, signIn+`  stop_before "sign out"
}
`)
	if r.res.Outcome != runtime.StoppedBefore {
		t.Fatalf("outcome %s, want stopped_before: %+v", r.res.Outcome, r.res.Failure)
	}
	_, html := r.write(t)
	banner := regexp.MustCompile(`(?s)<section class="banner stop" id="stop">.*?</section>`).FindString(html)
	if !strings.Contains(banner, "Stopped in front of</strong> button &#34;Sign out&#34;") || !strings.Contains(banner, `<a href="#s5">step 5</a>`) {
		t.Errorf("stop banner:\n%s", banner)
	}
	stop := section(t, html, "s5")
	if n := strings.Count(stop, `<div class="box stop"`); n != 1 || !strings.Contains(stop, "<b>stopped here</b>") {
		t.Errorf("the stop step outlines %d stop targets:\n%s", n, stop)
	}
	if strings.Count(html, `class="box stop"`) != 1 {
		t.Error("another step outlines a stop target")
	}
}

// A step served by the resolution cache says so in its row and its
// section, with each lookup and why a miss missed.
func TestReportShowsCacheHitsAndMisses(t *testing.T) {
	now := time.Now()
	run := report.Build([]runtime.Event{
		{Seq: 1, Time: now, Kind: runtime.EventRunStarted, Flow: "f", File: "f.flow"},
		{Seq: 2, Time: now, Kind: runtime.EventStepStarted, Path: "1", Step: "do", Text: "add the tea"},
		{Seq: 3, Time: now, Kind: runtime.EventCached, Path: "1", Cache: "hit", Reason: `found button "Add" in card "Tea" again`, Control: `button "Add" in card "Tea"`},
		{Seq: 4, Time: now, Kind: runtime.EventStepEnded, Path: "1", Outcome: "done", Cache: "hit"},
		{Seq: 5, Time: now, Kind: runtime.EventStepStarted, Path: "2", Step: "do", Text: "add the mug"},
		{Seq: 6, Time: now, Kind: runtime.EventCached, Path: "2", Cache: "miss", Reason: `button "Add" in card "Mug" moved to card "Sale"`},
		{Seq: 7, Time: now, Kind: runtime.EventStepEnded, Path: "2", Outcome: "done", Cache: `miss: button "Add" in card "Mug" moved to card "Sale"`},
		{Seq: 8, Time: now, Kind: runtime.EventRunEnded, Outcome: "completed"},
	}, []byte("flow f {\n  do \"add the tea\"\n  do \"add the mug\"\n}\n"))
	var b bytes.Buffer
	if err := report.Render(&b, run); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	hit, miss := section(t, html, "s1"), section(t, html, "s2")
	if !strings.Contains(hit, "cache: HIT") || !strings.Contains(hit, "hit: found button &#34;Add&#34; in card &#34;Tea&#34; again") {
		t.Errorf("the hit's section:\n%s", hit)
	}
	if !strings.Contains(miss, "cache: MISS (button &#34;Add&#34; in card &#34;Mug&#34; moved to card &#34;Sale&#34;)") {
		t.Errorf("the miss's section:\n%s", miss)
	}
	if strings.Count(html, `class="cache"`) != 2 || !strings.Contains(html, ">cache miss</span>") {
		t.Errorf("the step rows do not mark the cache")
	}
}
