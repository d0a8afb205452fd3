package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"flow/runtime"
	"flow/surfaces"
)

// Run is a run as the report shows it, built from its events by [Build].
type Run struct {
	Flow    string
	File    string
	Decider string
	// Outcome is the run's outcome; OK is true for completed and
	// stopped_before.
	Outcome string
	OK      bool
	// Stop is the control the run stopped in front of (or an approved run
	// pressed, or a guard refused): role "name", class and reason.
	Stop string
	// Failure and Hint explain every other outcome.
	Failure string
	Hint    string
	// EndStep is the index in Steps of the step that ended the run (its
	// stop_before, or the step that failed), or -1.
	EndStep  int
	Began    time.Time
	Duration time.Duration
	// Ended is false for a trace cut short (no run_ended event).
	Ended     bool
	Steps     []*Step
	Actions   int
	Decisions int
	// Source is the flow's source, one entry per line, with the steps
	// that stand on each line.
	Source []*SourceLine
}

// Step is one executed step: a step inside a loop appears once per round.
type Step struct {
	// ID is the anchor of the step's section ("s12").
	ID    string
	Path  string
	Kind  string
	Text  string
	Depth int
	File  string
	Line  int
	// Here is true when the step stands in the flow's own file (not in a
	// library it calls), so its line links to the source shown.
	Here     bool
	Outcome  string
	Note     string
	Error    string
	Duration time.Duration
	Split    *runtime.Split
	// Questions and Actions are the step's own, in order; Guards are the
	// guard's words on it.
	Questions []*Question
	Actions   []*Action
	Guards    []string
	// Shot is the screenshot after the step (a path relative to the
	// report); Boxes outline the controls its actions touched on it.
	Shot  string
	Boxes []Box
	// ShotW and ShotH are the shot's size in pixels (the viewport's in
	// CSS pixels), set by [Write] from the file; 0 when it is missing.
	ShotW, ShotH int
	// Screen is the last screen the step saw, as text.
	Screen string
	URL    string
	// Cache is how the resolution cache served the step ("HIT", "MISS
	// (why)", empty when not used); Cached lists each lookup.
	Cache  string
	Cached []string
}

// Question is one question or judgement and its answer.
type Question struct {
	ID      string
	Purpose string
	// Ask is the question (a choice) or Statement the judged text.
	Ask       string
	Statement string
	Value     string
	Options   []string
	// Chosen is the option picked ("" for none), with its confidence; a
	// judgement has a Probability instead.
	Chosen      string
	Key         string
	Confidence  float64
	Probability float64
	Judged      bool
	Why         string
	Others      []string
	Ambiguous   []string
	Error       string
	Answered    bool
}

// Action is one operation on the surface.
type Action struct {
	// N numbers the actions of a step, as their boxes on the shot.
	N       int
	Op      string
	Value   string
	Control string
	Target  *runtime.Target
	URL     string
	// Effect is what the action (with the ones before it since the last
	// look) changed on the screen, from the look that followed.
	Effect   string
	Requests []string
	Note     string
	Error    string
}

// Box outlines a control on a screenshot, in CSS pixels of the viewport,
// numbered as its action; Stop marks the control the run stopped in front
// of (or the guard refused), which no action touched.
type Box struct {
	N          int
	Stop       bool
	X, Y, W, H float64
}

// SourceLine is one line of the flow's source and the steps on it.
type SourceLine struct {
	N     int
	Text  string
	Steps []*Step
	// Outcome summarises the steps on the line: "failed" wins, then any
	// other outcome that is not "done", then "done".
	Outcome string
}

// Build makes the report's model of a run from its events and the flow's
// source (nil when it is not at hand). The events are masked already (a
// sink gets them so); mask the source before, as [Write] does.
func Build(events []runtime.Event, source []byte) *Run {
	b := &builder{run: &Run{EndStep: -1}, screens: map[int]*surfaces.Screen{}, started: map[*Step]time.Time{}}
	for _, e := range events {
		b.add(e)
	}
	b.outline()
	b.sourceLines(source)
	return b.run
}

// builder walks the events in order.
type builder struct {
	run   *Run
	open  []*Step // the steps started and not yet ended, outermost first
	asked map[string]*Question
	// screens holds each shown screen by the seq of its event; last is the
	// last screen seen and its event's seq.
	screens map[int]*surfaces.Screen
	started map[*Step]time.Time
	// pending are the actions since the last look, for their effect.
	pending []*Action
	// looks records, per step, the looks after each action, for outlines.
	looks map[*Step][]look
}

// look is one observation inside a step: the screen and whether the
// document may have changed since the action before it.
type look struct {
	afterAction int // the number of the step's actions before it
	screen      *surfaces.Screen
	navigated   bool
}

func (b *builder) cur() *Step {
	if len(b.open) == 0 {
		return nil
	}
	return b.open[len(b.open)-1]
}

func (b *builder) add(e runtime.Event) {
	r := b.run
	// A live event's time carries a monotonic clock reading, which a trace
	// read back has lost; durations come from the wall clock alone so a
	// report is the same from either.
	e.Time = e.Time.Round(0)
	switch e.Kind {
	case runtime.EventRunStarted:
		r.Flow, r.File, r.Decider, r.Began = e.Flow, e.File, e.Decider, e.Time
	case runtime.EventStepStarted:
		s := &Step{ID: fmt.Sprintf("s%d", len(r.Steps)+1), Path: e.Path, Kind: e.Step, Text: e.Text,
			Depth: len(b.open), File: e.File, Line: e.Line}
		b.started[s] = e.Time
		r.Steps = append(r.Steps, s)
		b.open = append(b.open, s)
		if r.Began.IsZero() {
			r.Began = e.Time
		}
	case runtime.EventObserved:
		b.observed(e)
	case runtime.EventAsked:
		q := &Question{ID: e.Question, Purpose: e.Purpose, Ask: e.Ask, Value: e.Value, Options: e.Options}
		if e.Ask == "" && e.Text != "" {
			q.Statement, q.Judged = e.Text, true
		}
		if b.asked == nil {
			b.asked = map[string]*Question{}
		}
		b.asked[e.Question] = q
		if s := b.cur(); s != nil {
			s.Questions = append(s.Questions, q)
		}
		r.Decisions++
	case runtime.EventAnswered:
		q := b.asked[e.Question]
		if q == nil {
			return
		}
		delete(b.asked, e.Question)
		q.Answered, q.Why, q.Others, q.Ambiguous, q.Error = true, e.Why, e.Others, e.Ambiguous, e.Error
		if q.Judged {
			q.Probability = e.Probability
			return
		}
		q.Confidence = e.Confidence
		if e.Key != "" {
			q.Chosen, q.Key = e.Key, e.Key
			for _, o := range q.Options {
				if k, _, _ := strings.Cut(o, ": "); k == e.Key {
					q.Chosen = o
				}
			}
		}
	case runtime.EventActed:
		a := &Action{Control: e.Control, Target: e.Target, URL: e.URL, Requests: e.Requests, Note: e.Note, Error: e.Error}
		if e.Op != nil {
			a.Op = string(e.Op.Op)
			a.Value = e.Op.Value
			if e.Op.Secret {
				a.Value = surfaces.Mask
			}
		}
		if s := b.cur(); s != nil {
			s.Actions = append(s.Actions, a)
			a.N = len(s.Actions)
		}
		b.pending = append(b.pending, a)
		r.Actions++
	case runtime.EventGuarded:
		if s := b.cur(); s != nil {
			g := strings.TrimSpace(e.Class + ": " + e.Reason)
			if e.Control != "" {
				g += " (" + e.Control + ")"
			}
			s.Guards = append(s.Guards, g)
		}
	case runtime.EventChecked:
		if s := b.cur(); s != nil {
			s.Questions = append(s.Questions, &Question{ID: e.Question, Purpose: "read on the screen", Statement: e.Text,
				Judged: true, Answered: true, Probability: e.Probability, Why: e.Why})
		}
	case runtime.EventCached:
		if s := b.cur(); s != nil {
			line := e.Cache + ": " + e.Reason
			if e.Control != "" && e.Cache == "hit" {
				line += " → " + e.Control
			}
			s.Cached = append(s.Cached, line)
		}
	case runtime.EventStepEnded:
		b.stepEnded(e)
	case runtime.EventRunEnded:
		r.Ended, r.Outcome = true, e.Outcome
		r.OK = e.Outcome == string(runtime.Completed) || e.Outcome == string(runtime.StoppedBefore)
		if !r.Began.IsZero() {
			r.Duration = e.Time.Sub(r.Began)
		}
		if e.Control != "" {
			r.Stop = strings.TrimSpace(e.Control + " (" + strings.Trim(e.Class+", "+e.Reason, ", ") + ")")
		}
		if !r.OK {
			// The error is the failure as the summary prints it, with
			// the hint at its end: the page shows the hint on its own.
			r.Failure, r.Hint = strings.TrimSuffix(e.Error, " (hint: "+e.Hint+")"), e.Hint
		}
	}
}

// observed keeps the screen a look saw and gives the actions since the
// look before it their effect.
func (b *builder) observed(e runtime.Event) {
	sc := e.Screen
	if sc != nil {
		b.screens[e.Seq] = sc
	} else {
		sc = b.screens[e.SameAs]
	}
	navigated := strings.HasPrefix(e.Change, "navigated")
	for _, a := range b.pending {
		if a.Effect == "" {
			a.Effect = e.Change
		}
		navigated = navigated || a.URL != ""
	}
	b.pending = nil
	s := b.cur()
	if s == nil || sc == nil {
		return
	}
	if b.looks == nil {
		b.looks = map[*Step][]look{}
	}
	for _, o := range b.open { // a look in an inner step is one of every step around it
		b.looks[o] = append(b.looks[o], look{afterAction: len(o.Actions), screen: sc, navigated: navigated})
	}
	var buf bytes.Buffer
	surfaces.WriteText(&buf, *sc)
	s.Screen, s.URL = buf.String(), sc.URL
}

// stepEnded closes the innermost open step with the event's outcome.
func (b *builder) stepEnded(e runtime.Event) {
	i := len(b.open) - 1
	for i >= 0 && b.open[i].Path != e.Path {
		i--
	}
	if i < 0 {
		return
	}
	s := b.open[i]
	b.open = b.open[:i]
	s.Outcome, s.Note, s.Error, s.Split, s.Shot = e.Outcome, e.Note, e.Error, e.Split, e.Shot
	s.Cache = runtime.CacheWord(e.Cache)
	s.Duration = e.Time.Sub(b.started[s])
	if s.Error != "" && b.run.EndStep < 0 {
		for j, x := range b.run.Steps {
			if x == s {
				b.run.EndStep = j
			}
		}
	}
	if len(b.open) > 0 && s.Screen != "" {
		parent := b.open[len(b.open)-1]
		parent.Screen, parent.URL = s.Screen, s.URL
	}
}

// outline places a box on each step's shot for every action with a
// target: where the last look after the action saw the control, or where
// it was when acted on if no look came after. A control gone from that
// look, or a document that changed since, gets no box: an outline must
// not point at something else.
func (b *builder) outline() {
	for i, s := range b.run.Steps {
		if s.Shot == "" {
			continue
		}
		looks := b.looks[s]
		if i == b.run.EndStep && b.run.Stop != "" && len(looks) > 0 {
			b.outlineStop(s, looks[len(looks)-1])
		}
		for i, a := range s.Actions {
			t := a.Target
			if t == nil || t.Bounds.W <= 0 || t.Bounds.H <= 0 {
				continue
			}
			bounds, ok := t.Bounds, a.URL == ""
			for _, l := range looks {
				if l.afterAction <= i {
					continue
				}
				if l.navigated {
					ok = false
					break
				}
				c, found := l.screen.Candidate(t.Ref)
				ok = found && c.Role == t.Role && c.Name == t.Name
				if ok {
					bounds = c.Bounds
				}
			}
			for _, later := range s.Actions[i+1:] {
				if later.URL != "" {
					ok = false
				}
			}
			if ok {
				s.Boxes = append(s.Boxes, Box{N: a.N, X: bounds.X, Y: bounds.Y, W: bounds.W, H: bounds.H})
			}
		}
	}
}

// outlineStop outlines the control the run stopped in front of: the one
// the step's last answer chose, if the step's last look still shows it
// under the name the run's stop target gives.
func (b *builder) outlineStop(s *Step, last look) {
	for i := len(s.Questions) - 1; i >= 0; i-- {
		q := s.Questions[i]
		if q.Key == "" {
			continue
		}
		c, ok := last.screen.Candidate(q.Key)
		if ok && c.Bounds.W > 0 && c.Bounds.H > 0 && strings.HasPrefix(b.run.Stop, c.Role+" "+strconv.Quote(c.Name)) {
			s.Boxes = append(s.Boxes, Box{Stop: true, X: c.Bounds.X, Y: c.Bounds.Y, W: c.Bounds.W, H: c.Bounds.H})
		}
		return
	}
}

// sourceLines splits the source into lines and places each step of the
// flow's own file on its line.
func (b *builder) sourceLines(source []byte) {
	if len(source) == 0 {
		return
	}
	text := strings.TrimSuffix(strings.ReplaceAll(string(source), "\r\n", "\n"), "\n")
	for i, l := range strings.Split(text, "\n") {
		b.run.Source = append(b.run.Source, &SourceLine{N: i + 1, Text: l})
	}
	for _, s := range b.run.Steps {
		if s.Line < 1 || s.Line > len(b.run.Source) || (b.run.File != "" && s.File != b.run.File) {
			continue
		}
		s.Here = true
		l := b.run.Source[s.Line-1]
		l.Steps = append(l.Steps, s)
		switch {
		case s.Outcome == string(runtime.Failed) || l.Outcome == string(runtime.Failed):
			l.Outcome = string(runtime.Failed)
		case s.Outcome != runtime.StepDone && s.Outcome != "":
			l.Outcome = s.Outcome
		case l.Outcome == "":
			l.Outcome = s.Outcome
		}
	}
}
