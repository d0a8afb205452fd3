package runtime_test

import (
	"bytes"
	"context"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"flow/plan"
	"flow/runtime"
	"flow/runtime/decide"
	"flow/surfaces"
	"flow/surfaces/sim"
)

// slowSurface makes each call to the surface take a known time on the
// run's fake clock, so a step's time split can be checked to the
// microsecond.
type slowSurface struct {
	surfaces.Surface
	clock *runtime.Clock
}

const (
	observeTime = 10 * time.Millisecond
	actTime     = 20 * time.Millisecond
	settleTime  = 5 * time.Millisecond
	decideTime  = 30 * time.Millisecond
)

func (s slowSurface) Observe(ctx context.Context) (surfaces.Screen, error) {
	(*s.clock).Sleep(ctx, observeTime)
	return s.Surface.Observe(ctx)
}

// Act takes actTime, then settleTime to settle, as it says.
func (s slowSurface) Act(ctx context.Context, op surfaces.Operation) (surfaces.Outcome, error) {
	(*s.clock).Sleep(ctx, actTime+settleTime)
	out, err := s.Surface.Act(ctx, op)
	out.Settled = settleTime
	return out, err
}

func (s slowSurface) Settle(ctx context.Context) error {
	(*s.clock).Sleep(ctx, settleTime)
	return s.Surface.Settle(ctx)
}

// slowDecider takes decideTime for every answer.
type slowDecider struct {
	decide.Decider
	clock *runtime.Clock
}

func (d slowDecider) Choose(ctx context.Context, q decide.Question) (decide.Choice, error) {
	(*d.clock).Sleep(ctx, decideTime)
	return d.Decider.Choose(ctx, q)
}

func (d slowDecider) Judge(ctx context.Context, s decide.Statement) (decide.Judgement, error) {
	(*d.clock).Sleep(ctx, decideTime)
	return d.Decider.Judge(ctx, s)
}

// evidenceRun signs in on the forms sim with screenshots on, a surface and
// a decider of known speed, and returns the run and the shots it kept.
func evidenceRun(t *testing.T) (*outcome, map[string][]byte) {
	src := `flow book "Book a cabin" {
` + signIn + `  choose "travellers" = "2"
  read "the total" into total as money
  check total.amount == 240
}
`
	var clock runtime.Clock
	shots := map[string][]byte{}
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets,
		wrap: func(s *sim.Sim) surfaces.Surface { return slowSurface{Surface: s, clock: &clock} },
		opts: func(o *runtime.Options) {
			clock = o.Clock
			o.Decider = slowDecider{Decider: o.Decider, clock: &clock}
			o.Shots = func(name string, png []byte) error {
				if _, dup := shots[name]; dup {
					t.Errorf("shot %s taken twice", name)
				}
				shots[name] = png
				return nil
			}
		}})
	o.want(t, runtime.Completed)
	return o, shots
}

// inStep reports whether event e belongs to the step at path or a step
// inside it.
func inStep(e runtime.Event, path string) bool {
	return e.Path == path || strings.HasPrefix(e.Path, path+".")
}

// A look within LookReuse of the last, with no act between, stands on it
// and reads nothing from the surface; a look after an act, or after time
// passed (a decider that takes its time), reads the surface again.
func TestLookReuse(t *testing.T) {
	src := `flow signed_in "Check the sign-in" {
` + signIn + `  verify "signed in as ada@example.test"
  verify "signed in as ada@example.test"
}
`
	var reads int
	count := func(s *sim.Sim) surfaces.Surface { return countingSurface{Surface: s, reads: &reads} }
	// looks returns the steps of the reused looks and the number of all
	// looks, and fails the test for a reused look that came after an act.
	looks := func(o *outcome) (reused []string, all int) {
		acted := true
		for _, e := range o.events {
			switch e.Kind {
			case runtime.EventActed:
				acted = true
			case runtime.EventObserved:
				all++
				if e.Reused {
					reused = append(reused, e.Path)
					if acted {
						t.Errorf("step %s: a look after an act was reused", e.Path)
					}
				}
				acted = false
			}
		}
		return reused, all
	}
	verifies := func(reused []string) (n int) {
		for _, p := range reused {
			if p == "4" || p == "5" || p == "6" {
				n++
			}
		}
		return n
	}

	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets, wrap: count})
	o.want(t, runtime.Completed)
	reused, all := looks(o)
	// Of the three verifies after the press, the first reads the page
	// the press left, the two after it stand on that look (as does the
	// enter's look for its second field, right after its first look).
	if !slices.Contains(reused, "5") || !slices.Contains(reused, "6") || slices.Contains(reused, "4") {
		t.Errorf("reused looks in steps %v, want the verifies 5 and 6 and not 4", reused)
	}
	if reads != all-len(reused) {
		t.Errorf("the surface was read %d times for %d looks, %d of them reused", reads, all, len(reused))
	}

	reads = 0
	var clock runtime.Clock
	o = run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets, wrap: count,
		opts: func(o *runtime.Options) {
			clock = o.Clock
			o.Decider = slowDecider{Decider: o.Decider, clock: &clock}
		}})
	o.want(t, runtime.Completed)
	reused, all = looks(o)
	if n := verifies(reused); n > 0 || reads != all-len(reused) {
		t.Errorf("with a decider taking %v a question, %d verifies stood on an earlier look (reused %v; %d reads for %d looks)", decideTime, n, reused, reads, all)
	}
}

// countingSurface counts the surface's looks.
type countingSurface struct {
	surfaces.Surface
	reads *int
}

func (s countingSurface) Observe(ctx context.Context) (surfaces.Screen, error) {
	*s.reads++
	return s.Surface.Observe(ctx)
}

// Each step's split counts the time its surface and decider calls took,
// its own and its inner steps', and the result says the same as the trace.
func TestEvidenceTimeSplit(t *testing.T) {
	o, _ := evidenceRun(t)
	reports := map[string]*runtime.StepReport{}
	for _, s := range o.res.Steps {
		reports[s.Path] = s
	}
	ended := 0
	for _, e := range o.events {
		if e.Kind != runtime.EventStepEnded {
			continue
		}
		ended++
		var observed, asked, acted, settled int
		for _, x := range o.events {
			if !inStep(x, e.Path) {
				continue
			}
			switch x.Kind {
			case runtime.EventObserved:
				if !x.Reused {
					observed++ // a reused look reads nothing
				}
			case runtime.EventAsked:
				asked++
			case runtime.EventActed:
				acted++
				settled++ // every act settles after, as it reports
			}
		}
		want := runtime.Split{Observe: dur(observed, observeTime), Decide: dur(asked, decideTime), Act: dur(acted, actTime), Settle: dur(settled, settleTime)}
		got := *e.Split
		got.Shot = 0
		if got != want {
			t.Errorf("step %s (%s): split %+v, want %+v", e.Path, e.Step, got, want)
		}
		if r := reports[e.Path]; r == nil || r.Split == nil || *r.Split != *e.Split || r.Shot != e.Shot {
			t.Errorf("step %s: the result's split and shot differ from the trace's: %+v", e.Path, r)
		}
	}
	if ended != len(o.res.Steps) || ended < 6 {
		t.Errorf("%d step_ended events for %d steps", ended, len(o.res.Steps))
	}
}

func dur(n int, each time.Duration) plan.Duration { return plan.Duration(time.Duration(n) * each) }

// Each look carries its screen (or names the look that showed the same
// one), each act the control it touched with its bounds, and the look
// after acts what they changed.
func TestEvidenceScreensAndTargets(t *testing.T) {
	o, _ := evidenceRun(t)
	shown := map[int]bool{}
	var lastActed bool
	targets := 0
	for _, e := range o.events {
		switch e.Kind {
		case runtime.EventObserved:
			switch {
			case e.Screen != nil:
				shown[e.Seq] = true
				if e.Screen.Fingerprint != e.Fingerprint || len(e.Screen.Candidates) != e.Candidates || e.Screen.URL != e.URL {
					t.Errorf("observed %d: the screen does not match the event: %+v", e.Seq, e)
				}
			case !shown[e.SameAs]:
				t.Errorf("observed %d shows no screen and names %d, which showed none", e.Seq, e.SameAs)
			}
			if lastActed && e.Change == "" {
				t.Errorf("observed %d follows an act and says nothing of its effect", e.Seq)
			}
			if !lastActed && e.Change != "" {
				t.Errorf("observed %d follows no act and names a change %q", e.Seq, e.Change)
			}
			lastActed = false
		case runtime.EventActed:
			lastActed = true
			if e.Op.Ref == "" {
				continue
			}
			tg := e.Target
			if tg == nil || tg.Ref != e.Op.Ref || tg.Role == "" || tg.Bounds.W <= 0 || tg.Bounds.H <= 0 {
				t.Errorf("acted %d on %s: target %+v", e.Seq, e.Op.Ref, tg)
			}
			targets++
		}
	}
	if targets < 3 {
		t.Errorf("%d acts with a target, want the fills and the select", targets)
	}
	var signedIn string
	for _, e := range o.events {
		if e.Kind == runtime.EventObserved && strings.Contains(e.Change, "navigated") {
			signedIn = e.Change
		}
	}
	if !strings.Contains(signedIn, "http://forms.test/booking") {
		t.Errorf("no look records the navigation the sign-in caused")
	}
	assertNoSecret(t, o, formSecrets["password"])
}

// A step that looked or acted leaves a screenshot the trace names, with
// the secret field painted over; a step of data alone leaves none.
func TestEvidenceShots(t *testing.T) {
	o, shots := evidenceRun(t)
	named := map[string]bool{}
	var pwShot string
	var pw surfaces.Bounds
	for _, e := range o.events {
		if e.Kind == runtime.EventActed && e.Op.Secret {
			pw = e.Target.Bounds
		}
		if e.Kind != runtime.EventStepEnded {
			continue
		}
		switch e.Step {
		case "check":
			if e.Shot != "" {
				t.Errorf("step %s (check) has a shot %s", e.Path, e.Shot)
			}
			continue
		case "enter":
			if pwShot == "" {
				pwShot = e.Shot
			}
		}
		if e.Shot == "" || shots[e.Shot] == nil {
			t.Errorf("step %s (%s): shot %q not kept", e.Path, e.Step, e.Shot)
			continue
		}
		named[e.Shot] = true
		if e.Split.Shot < 0 {
			t.Errorf("step %s: shot time %v", e.Path, e.Split.Shot)
		}
	}
	if len(named) != len(shots) {
		t.Errorf("%d shots kept, %d named by the trace", len(shots), len(named))
	}
	img, err := png.Decode(bytes.NewReader(shots[pwShot]))
	if err != nil {
		t.Fatalf("shot %s: %v", pwShot, err)
	}
	if pw.W == 0 {
		t.Fatal("the password fill has no target")
	}
	for _, p := range [][2]float64{{pw.X + 1, pw.Y + 1}, {pw.X + pw.W/2, pw.Y + pw.H/2}, {pw.X + pw.W - 1, pw.Y + pw.H - 1}} {
		r, g, b, _ := img.At(int(p[0]), int(p[1])).RGBA()
		if r|g|b != 0 {
			t.Errorf("the password field is not painted over at %v in %s", p, pwShot)
		}
	}
}
