package runtime_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"flow/plan"
	"flow/runtime"
	"flow/surfaces"
	"flow/surfaces/sim"
)

// timerPage shows its Continue button only 1.2 s after it loads: longer
// than a settle waits for a page's timers (500 ms), so only a wait gets
// the run there. Pressing it writes a status line the test reads.
const timerPage = `<!doctype html>
<title>Processing</title>
<main>
<h1>Your request</h1>
<p>Processing your request…</p>
</main>
<script>
setTimeout(() => {
  const b = document.createElement("button");
  b.textContent = "Continue";
  b.addEventListener("click", () => {
    const line = document.createElement("p");
    line.setAttribute("role", "status");
    line.textContent = "Continued to the next page";
    document.querySelector("main").append(line);
  });
  document.querySelector("main").append(b);
}, 1200);
</script>`

// pauseStep returns the report of the run's first pause step.
func pauseStep(t *testing.T, res *runtime.Result) *runtime.StepReport {
	t.Helper()
	for _, s := range res.Steps {
		if s.Kind == plan.KindPause {
			return s
		}
	}
	t.Fatalf("no pause step among %d steps", len(res.Steps))
	return nil
}

// TestPauseLetsALateButtonShow: `do "wait 2 seconds"` is a pause, not a
// goal: in Chromium it waits while the page's timer adds the button, and
// the next do presses it.
func TestPauseLetsALateButtonShow(t *testing.T) {
	res, page := runPageUntil(t, timerPage, `flow p "Wait for the page, then go on" {
  fact site: url "The page"
  browse "${site}"
  do "wait 2 seconds"
  do "press Continue"
}
`, "Continued to the next page")
	completedShowing(t, res, page, "Continued to the next page")
	p := pauseStep(t, res)
	if p.Path != "2" || p.Outcome != runtime.StepDone || p.Note != "paused 2s" {
		t.Errorf("pause step: path %s, outcome %s, note %q", p.Path, p.Outcome, p.Note)
	}
	if p.Actions != 0 || p.Decisions != 0 {
		t.Errorf("a pause acts on nothing and asks nothing: %d actions, %d decisions", p.Actions, p.Decisions)
	}
	// A sleep never ends early.
	if d := time.Duration(p.Duration); d < 2*time.Second {
		t.Errorf("the pause took %s, less than its 2s", d)
	}
}

// TestPauseAsksNothingActsOnNothing: on the sim with the test clock, a
// pause sleeps its time, settles, and emits no look, question or act.
func TestPauseAsksNothingActsOnNothing(t *testing.T) {
	o := run(t, setup{script: "shop.yaml", src: `flow p "Pause" {
  do "Wait 1.5 seconds"
  check 1 < 2, "the run went on after the pause"
}
`})
	o.want(t, runtime.Completed)
	p := pauseStep(t, o.res)
	if p.Note != "paused 1.5s" || time.Duration(p.Duration) != 1500*time.Millisecond || p.Text != "Wait 1.5 seconds" {
		t.Errorf("pause step: note %q, duration %s, text %q", p.Note, time.Duration(p.Duration), p.Text)
	}
	if len(o.asked) != 0 {
		t.Errorf("a pause asks nothing, asked: %v", o.asked)
	}
	for _, e := range o.sim.Events() {
		if e.Kind == sim.EventAct {
			t.Errorf("a pause acts on nothing, acted: %s", e)
		}
	}
	in := false
	for _, e := range o.events {
		switch {
		case e.Kind == runtime.EventStepStarted:
			in = e.Path == "1"
		case in && e.Kind == runtime.EventStepEnded:
			if e.Note != "paused 1.5s" {
				t.Errorf("step_ended note %q, want the pause it made", e.Note)
			}
			in = false
		case in:
			t.Errorf("the pause emitted %s", e.Kind)
		}
	}
}

// TestPauseOutlastingTheBudget: a pause longer than the time the run has
// left sleeps what is left and ends the run out of time.
func TestPauseOutlastingTheBudget(t *testing.T) {
	o := run(t, setup{script: "shop.yaml", src: `flow p "Pause too long for the budget" {
  budget time 30s
  do "wait 1 minute"
  check 1 < 2
}
`})
	o.want(t, runtime.BudgetExhausted)
	if f := o.res.Failure; f == nil || f.Path != "1" || !strings.Contains(f.Reason, "time budget 30s") {
		t.Errorf("failure: %+v", f)
	}
	if d := time.Duration(o.res.Duration); d != 30*time.Second {
		t.Errorf("the run took %s on the test clock, want its 30s budget", d)
	}
	if len(o.res.Steps) != 1 {
		t.Errorf("the step after the pause ran: %d steps", len(o.res.Steps))
	}
}

// signallingClock is the wall clock that says when a sleep begins, so a
// test can act during it without sleeping itself.
type signallingClock struct {
	runtime.RealClock
	sleeping chan time.Duration
}

func (c signallingClock) Sleep(ctx context.Context, d time.Duration) error {
	select {
	case c.sleeping <- d:
	default:
	}
	return c.RealClock.Sleep(ctx, d)
}

// TestPauseEndsWhenTheRunIsCancelled: a run cancelled during a long pause
// ends then, failed as cancelled at the pause, and runs no step after it.
func TestPauseEndsWhenTheRunIsCancelled(t *testing.T) {
	flow := compile(t, `flow p "Pause long" {
  do "wait 9 minutes"
  check 1 < 2
}
`)
	sm, err := sim.Load(filepath.Join("testdata", "shop.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ws, err := surfaces.NewWorkspace(sm)
	if err != nil {
		t.Fatal(err)
	}
	clock := signallingClock{sleeping: make(chan time.Duration, 8)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan *runtime.Result)
	go func() { done <- runtime.Run(ctx, flow, runtime.Options{Surface: ws, Clock: clock}) }()
	for d := range clock.sleeping {
		if d == 9*time.Minute {
			break // the pause is sleeping
		}
	}
	cancel()
	res := <-done
	if res.Outcome != runtime.Failed || res.Failure == nil || res.Failure.Path != "1" || !strings.Contains(res.Failure.Reason, "cancelled") {
		t.Fatalf("outcome %s, failure %+v; want failed at the pause, cancelled", res.Outcome, res.Failure)
	}
	if len(res.Steps) != 1 || res.Steps[0].Kind != plan.KindPause {
		t.Errorf("steps after the cancelled pause ran: %+v", res.Steps)
	}
}
