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
	EventStepStarted EventKind = "step_started"
	EventObserved    EventKind = "observed"
	EventAsked       EventKind = "asked"
	EventAnswered    EventKind = "answered"
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

	// observed
	URL         string `json:"url,omitempty"`
	Title       string `json:"title,omitempty"`
	Fingerprint string `json:"fingerprint,omitempty"`
	Candidates  int    `json:"candidates,omitempty"`

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

	// acted
	Op      *surfaces.Operation `json:"op,omitempty"`
	Control string              `json:"control,omitempty"` // role "name" of the target
	Change  string              `json:"change,omitempty"`  // what the act changed

	// guarded: the guard class and the matched phrase or evidence
	Class  string `json:"class,omitempty"`
	Reason string `json:"reason,omitempty"`

	// step_ended / run_ended
	Outcome string `json:"outcome,omitempty"`
	Note    string `json:"note,omitempty"`
	Error   string `json:"error,omitempty"`
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

// maskEvent returns e with every string masked. It goes through JSON so
// that no field, present or added later, escapes the masker; the masker
// also knows the JSON-escaped forms of each secret.
func maskEvent(m *guard.Masker, e Event) Event {
	if m == nil {
		return e
	}
	data, err := json.Marshal(e)
	if err != nil {
		return Event{Seq: e.Seq, Time: e.Time, Kind: e.Kind, Path: e.Path, Error: "event could not be encoded"}
	}
	var out Event
	if err := json.Unmarshal([]byte(m.Mask(string(data))), &out); err != nil {
		return Event{Seq: e.Seq, Time: e.Time, Kind: e.Kind, Path: e.Path, Error: "event could not be masked"}
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
