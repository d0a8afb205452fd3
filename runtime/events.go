package runtime

import (
	"encoding/json"
	"io"
	"sync"
	"time"

	"flow/guard"
	"flow/surfaces"
)

// EventKind says what an [Event] reports.
type EventKind string

// The kinds of event a run emits, in the order a step typically emits them.
const (
	EventRunStarted  EventKind = "run_started"
	EventStepStarted EventKind = "step_started"
	EventObserved    EventKind = "observed"
	EventAsked       EventKind = "asked"
	EventAnswered    EventKind = "answered"
	EventCached      EventKind = "cached"
	EventChecked     EventKind = "checked"
	EventActed       EventKind = "acted"
	EventGuarded     EventKind = "guarded"
	EventStepEnded   EventKind = "step_ended"
	EventRunEnded    EventKind = "run_ended"
)

// Event is one thing that happened in a run. Which fields are set depends
// on Kind; every string has passed through the run's secret masker before
// a sink sees it.
type Event struct {
	Seq  int       `json:"seq"`
	Time time.Time `json:"time"`
	Kind EventKind `json:"kind"`
	// Path and Step name the step ("4.2", "enter").
	Path string `json:"path,omitempty"`
	Step string `json:"step,omitempty"`
	// Text is the step text (step_started) or a judged statement (asked).
	Text string `json:"text,omitempty"`

	// run_started: the flow, its source file and the decision model.
	// step_started: File and Line place the step in its source (a step
	// of a called library flow names the library's file).
	Flow    string `json:"flow,omitempty"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Decider string `json:"decider,omitempty"`

	// observed
	URL         string `json:"url,omitempty"`
	Title       string `json:"title,omitempty"`
	Fingerprint string `json:"fingerprint,omitempty"`
	Candidates  int    `json:"candidates,omitempty"`
	// Screen is the screen as the runtime saw it, masked. A look that
	// found the same screen as the last one shown, with no act between,
	// leaves it out and names that event in SameAs instead (a wait_for
	// polls many times), so a trace stays small.
	Screen *surfaces.Screen `json:"screen,omitempty"`
	SameAs int              `json:"same_as,omitempty"`
	// Reused marks a look that read nothing from the surface: it came
	// within LookReuse of the last one, with no act between, and stands
	// on it.
	Reused bool `json:"reused,omitempty"`

	// asked / answered
	Question string   `json:"question,omitempty"` // the question or statement ID
	Purpose  string   `json:"purpose,omitempty"`
	Ask      string   `json:"ask,omitempty"`
	Value    string   `json:"value,omitempty"`
	Options  []string `json:"options,omitempty"` // "key: label"
	Key      string   `json:"key,omitempty"`
	// Confidence of a choice or Probability of a judgement.
	Confidence  float64 `json:"confidence,omitempty"`
	Probability float64 `json:"probability,omitempty"`
	// Why is the decider's reason for its answer; Others are the options
	// that lost ("key: label (0.42): why"); Ambiguous the options it could
	// not tell apart.
	Why       string   `json:"why,omitempty"`
	Others    []string `json:"others,omitempty"`
	Ambiguous []string `json:"ambiguous,omitempty"`
	// A checked event is a statement read on the screen with no decider
	// (decide.Literal): Question, Text, Probability and Why.
	//
	// Cache is "hit" or "miss" on a cached event: a question answered
	// from the resolution cache, or looked up there in vain (Reason says
	// why; Control names the control found again).
	Cache string `json:"cache,omitempty"`

	// acted
	Op      *surfaces.Operation `json:"op,omitempty"`
	Control string              `json:"control,omitempty"` // role "name" of the target
	// Target is the control acted on as the last look saw it: where it
	// was drawn, so a report can outline it.
	Target *Target `json:"target,omitempty"`
	// Change, on the first observed event after one or more acts, is what
	// those acts changed on the screen ([surfaces.Changes.String]).
	Change string `json:"change,omitempty"`
	// Requests are the requests the act made the page send.
	Requests []string `json:"requests,omitempty"`

	// guarded: the guard class and the matched phrase or evidence
	Class  string `json:"class,omitempty"`
	Reason string `json:"reason,omitempty"`

	// step_ended / run_ended
	Outcome string `json:"outcome,omitempty"`
	Note    string `json:"note,omitempty"`
	// Evidence is what a step ended on (step_ended; see StepReport).
	Evidence string `json:"evidence,omitempty"`
	Error    string `json:"error,omitempty"`
	// Hint is what to try, on the run_ended event of a failed run.
	Hint string `json:"hint,omitempty"`
	// Split is where a step's time went (step_ended).
	Split *Split `json:"split,omitempty"`
	// Shot names the screenshot taken after the step, a path relative to
	// the trace ("shots/0007-4.2.png"); empty when none was taken.
	Shot string `json:"shot,omitempty"`
}

// Sink receives the events of a run, already masked, one at a time and in
// order. Emit must not keep e's slices past the call if it changes them.
type Sink interface {
	Emit(e Event)
}

// SinkFunc adapts a function to [Sink].
type SinkFunc func(Event)

// Emit calls f.
func (f SinkFunc) Emit(e Event) { f(e) }

// maskEvent returns e with every text field masked. Numbers, times and
// fingerprints are not text a page or a flow wrote, so they are left as
// they are (a three-digit secret would otherwise eat sequence numbers);
// a fingerprint is hex and is masked like text, which costs nothing.
// A field added to Event must be added here; a test checks that every
// string field of a fully set event is masked.
func maskEvent(m *guard.Masker, e Event) Event {
	if m == nil {
		return e
	}
	for _, p := range []*string{&e.Path, &e.Step, &e.Text, &e.Flow, &e.File, &e.Decider, &e.URL, &e.Title, &e.Question, &e.Purpose, &e.Ask,
		&e.Value, &e.Key, &e.Why, &e.Control, &e.Change, &e.Class, &e.Reason, &e.Outcome, &e.Note, &e.Evidence, &e.Error, &e.Hint, &e.Fingerprint,
		&e.Shot, &e.Cache} {
		*p = m.Mask(*p)
	}
	if e.Screen != nil {
		s := maskScreenText(m, *e.Screen)
		e.Screen = &s
	}
	if e.Target != nil {
		t := *e.Target
		t.Ref, t.Role, t.Name, t.Group = m.Mask(t.Ref), m.Mask(t.Role), m.Mask(t.Name), m.Mask(t.Group)
		t.Path = maskAll(m, t.Path)
		e.Target = &t
	}
	e.Kind = EventKind(m.Mask(string(e.Kind)))
	e.Options, e.Others = maskAll(m, e.Options), maskAll(m, e.Others)
	e.Ambiguous, e.Requests = maskAll(m, e.Ambiguous), maskAll(m, e.Requests)
	if e.Op != nil {
		op := *e.Op
		if op.Secret {
			op.Value = surfaces.Mask
		} else {
			op.Value = m.Mask(op.Value)
		}
		op.Ref, op.Op = m.Mask(op.Ref), surfaces.Op(m.Mask(string(op.Op)))
		e.Op = &op
	}
	return e
}

// maskAll returns a masked copy of texts (nil for none).
func maskAll(m *guard.Masker, texts []string) []string {
	if len(texts) == 0 {
		return nil
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = m.Mask(t)
	}
	return out
}

// JSONL is a [Sink] that writes each event as one JSON line: the trace
// file of a run. Write errors are kept; [JSONL.Err] returns the first.
type JSONL struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// NewJSONL makes a trace sink writing to w.
func NewJSONL(w io.Writer) *JSONL { return &JSONL{w: w} }

// Emit writes e as one line.
func (j *JSONL) Emit(e Event) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return
	}
	data, err := json.Marshal(e)
	if err == nil {
		_, err = j.w.Write(append(data, '\n'))
	}
	j.err = err
}

// Err returns the first write error, if any.
func (j *JSONL) Err() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.err
}
