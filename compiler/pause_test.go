package compiler

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"flow/grammar"
	"flow/plan"
)

// compileDo compiles a flow whose one step is `do TEXT` and returns that
// step and the diagnostics.
func compileDo(t *testing.T, text string) (*plan.Step, grammar.Diagnostics) {
	t.Helper()
	src := "flow f \"One step\" {\n  do " + strconv.Quote(text) + "\n}\n"
	prog, diags := Compile("pause.flow", []byte(src))
	if prog == nil || len(prog.Flows) != 1 || len(prog.Flows[0].Steps) != 1 {
		t.Fatalf("%q: no step: %v", text, diags)
	}
	return prog.Flows[0].Steps[0], diags
}

// TestPausePhrasings: a do whose whole text is a pause compiles to a pause
// of that length, in the ways people write one, and keeps its text.
func TestPausePhrasings(t *testing.T) {
	for text, want := range map[string]time.Duration{
		"wait 3 seconds":         3 * time.Second,
		"wait for 2 s":           2 * time.Second,
		"wait 1.5 seconds":       1500 * time.Millisecond,
		"pause 500 ms":           500 * time.Millisecond,
		"wait a second":          time.Second,
		"wait 1 minute":          time.Minute,
		"sleep 2s":               2 * time.Second,
		"Wait 3 Seconds":         3 * time.Second,
		"WAIT FOR TEN SECONDS":   10 * time.Second,
		"wait an hour":           time.Hour, // read, then refused as too long
		"  wait   two  secs. ":   2 * time.Second,
		"pause 250 milliseconds": 250 * time.Millisecond,
		"wait 1 sec":             time.Second,
		"sleep 5 mins":           5 * time.Minute,
		"wait one minute":        time.Minute,
		"pause for 0.5 s":        500 * time.Millisecond,
		"wait 750ms":             750 * time.Millisecond,
		"wait 2m":                2 * time.Minute,
	} {
		step, _ := compileDo(t, text)
		if step.Kind != plan.KindPause || time.Duration(step.Pause) != want {
			t.Errorf("%q: kind %s, pause %s; want a pause of %s", text, step.Kind, time.Duration(step.Pause), want)
		}
		if got, _ := step.Text.Literal(); got != text {
			t.Errorf("%q: the step's text is %q; reports show it as written", text, got)
		}
	}
}

// TestNotAPause: a text with anything besides the time, or with no time,
// is a goal like any other and stays a do.
func TestNotAPause(t *testing.T) {
	for _, text := range []string{
		"wait 3 seconds for the results",
		"wait for the results",
		"wait",
		"pause the video",
		"sleep mode off",
		"wait 3",
		"wait seconds",
		"wait asecond",
		"wait eleven seconds",
		"wait 3 days",
		"please wait 3 seconds",
		"wait 3 seconds, then press Continue",
		"press Wait 3 seconds",
		"wait -3 seconds",
	} {
		step, diags := compileDo(t, text)
		if step.Kind != plan.KindDo || step.Pause != 0 {
			t.Errorf("%q: kind %s, pause %s; want a do", text, step.Kind, time.Duration(step.Pause))
		}
		if diags.HasErrors() {
			t.Errorf("%q: %v", text, diags)
		}
	}
	// An interpolated amount is not known before the run: a do.
	prog, diags := Compile("pause.flow", []byte("flow f \"Wait n\" {\n  fact n: number = 3\n  do \"wait ${n} seconds\"\n}\n"))
	if diags.HasErrors() || prog.Flows[0].Steps[0].Kind != plan.KindDo {
		t.Errorf("interpolated pause: %v %+v", diags, prog.Flows[0].Steps[0])
	}
}

// TestPauseTooLong: more than 10 minutes is an error at the text, with a
// hint that names wait_for; 10 minutes itself is allowed.
func TestPauseTooLong(t *testing.T) {
	src := "flow f \"Wait long\" {\n  browse \"https://example.com/\"\n  do \"wait 11 minutes\"\n}\n"
	_, diags := Compile("long.flow", []byte(src))
	d := findDiag(diags, BadPause, "long.flow")
	if d == nil || d.Severity != grammar.Error {
		t.Fatalf("want an error E047, got %v", diags)
	}
	if d.Range.Start.Line != 3 || d.Range.Start.Column != 6 {
		t.Errorf("E047 at %d:%d, want 3:6 (the do's text)", d.Range.Start.Line, d.Range.Start.Column)
	}
	if !strings.Contains(d.Summary, "11m") || !strings.Contains(d.Hint, `wait_for "…" within 11m`) {
		t.Errorf("E047 summary %q, hint %q", d.Summary, d.Hint)
	}
	if step, diags := compileDo(t, "wait 10 minutes"); diags.HasErrors() || step.Kind != plan.KindPause {
		t.Errorf("10 minutes is the longest pause, and allowed: %v", diags)
	}
	if _, diags := compileDo(t, "sleep 99999999999999999999 hours"); findDiag(diags, BadPause, "") == nil ||
		!strings.Contains(diags[0].Summary, "a century or more") {
		t.Errorf("an absurd pause: %v", diags)
	}
	if text, ok := Explain("E047"); !ok || !strings.Contains(text, "wait_for") {
		t.Errorf("Explain(E047) = %q", text)
	}
}

// TestPauseLint: every pause in bounds gets L013, a warning that names
// wait_for and its duration; a pause out of bounds only its error.
func TestPauseLint(t *testing.T) {
	src := "flow f \"Pauses\" {\n  browse \"https://example.com/\"\n  do \"wait 3 seconds\"\n  do \"wait 20 minutes\"\n  verify \"done\"\n}\n"
	_, diags := Compile("lint.flow", []byte(src), WithLint())
	if got := strings.Join(codes(diags), ","); got != "L013,E047" && got != "E047,L013" {
		t.Fatalf("codes = %s, want L013 and E047: %v", got, diags)
	}
	d := findDiag(diags, "L013", "")
	if d.Severity != grammar.Warning || d.Range.Start.Line != 3 || !strings.Contains(d.Hint, "within 3s") {
		t.Errorf("L013: %+v", d)
	}
	if text, ok := Explain("L013"); !ok || !strings.Contains(text, "wait_for") || !strings.Contains(text, "(default: warning)") {
		t.Errorf("Explain(L013) = %q", text)
	}
}

// TestPausePlanJSON: the pause's length is in the plan as duration text,
// and a loaded plan has it back.
func TestPausePlanJSON(t *testing.T) {
	step, _ := compileDo(t, "wait 1.5 seconds")
	data, err := json.Marshal(step)
	if err != nil || !strings.Contains(string(data), `"kind":"pause"`) || !strings.Contains(string(data), `"pause":"1.5s"`) {
		t.Fatalf("plan JSON: %s %v", data, err)
	}
	var back plan.Step
	if err := json.Unmarshal(data, &back); err != nil || back.Pause != step.Pause {
		t.Errorf("loaded pause = %s, %v", time.Duration(back.Pause), err)
	}
}

// TestPauseFormatsAsWritten: flow fmt prints from the tree, so a pause is
// printed back as the do the author wrote.
func TestPauseFormatsAsWritten(t *testing.T) {
	src := "flow f \"Pause\" {\n  do   \"wait 3 seconds\"\n}\n"
	out, diags := grammar.FormatSource("pause.flow", []byte(src))
	if diags.HasErrors() || !strings.Contains(string(out), "\n  do \"wait 3 seconds\"\n") {
		t.Errorf("fmt:\n%s%v", out, diags)
	}
}

func TestDurationLiteral(t *testing.T) {
	for d, want := range map[time.Duration]string{
		3 * time.Second:         "3s",
		1500 * time.Millisecond: "1.5s",
		500 * time.Millisecond:  "500ms",
		90 * time.Second:        "90s",
		15 * time.Minute:        "15m",
		2 * time.Hour:           "2h",
		1250 * time.Microsecond: "1.25ms",
	} {
		if got := durationLiteral(d); got != want {
			t.Errorf("durationLiteral(%s) = %q, want %q", d, got, want)
		}
	}
}
