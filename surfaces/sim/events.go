package sim

import (
	"strings"

	"flow/surfaces"
)

// EventKind says what an [Event] records.
type EventKind string

// The kinds of event a sim records.
const (
	// EventAct is one operation, with its error when it failed.
	EventAct EventKind = "act"
	// EventNamed is a rule's named event.
	EventNamed EventKind = "event"
	// EventNavigate is the arrival on a screen: the start, a goto, a link,
	// a navigate or a back.
	EventNavigate EventKind = "navigate"
	// EventBlocked is a navigation the allow-list stopped.
	EventBlocked EventKind = "blocked"
)

// Event is one thing that happened in a sim, for tests to assert on.
// Secret values never reach an event: the operation is stored masked.
type Event struct {
	// Seq counts events from 1.
	Seq  int       `json:"seq"`
	Kind EventKind `json:"kind"`
	// Screen is the screen it happened on; for a navigation, the screen
	// arrived at.
	Screen string `json:"screen"`
	// Op is the operation of an act event, its value masked if secret.
	Op *surfaces.Operation `json:"op,omitempty"`
	// Target is the script ref of the element an act event acted on (the
	// focused one for a press without ref).
	Target string `json:"target,omitempty"`
	// Name is the name of a named event, or the URL of a navigation or
	// blocked navigation.
	Name string `json:"name,omitempty"`
	// Err is the error of a failed act.
	Err string `json:"error,omitempty"`
}

// String renders the event on one line: `3 act search: click e2 (go)`.
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(itoa(e.Seq) + " " + string(e.Kind) + " " + e.Screen + ":")
	if e.Op != nil {
		b.WriteString(" " + e.Op.String())
	}
	if e.Target != "" {
		b.WriteString(" (" + e.Target + ")")
	}
	if e.Name != "" {
		b.WriteString(" " + e.Name)
	}
	if e.Err != "" {
		b.WriteString(" error: " + e.Err)
	}
	return b.String()
}

// record appends an event and returns its index.
func (s *Sim) record(e Event) int {
	e.Seq = len(s.events) + 1
	s.events = append(s.events, e)
	return len(s.events) - 1
}

// Events returns a copy of everything recorded so far, in order.
func (s *Sim) Events() []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Event, len(s.events))
	for i, e := range s.events {
		if e.Op != nil {
			op := *e.Op
			e.Op = &op
		}
		out[i] = e
	}
	return out
}

// Named returns the names of the named events so far, in order.
func (s *Sim) Named() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, e := range s.events {
		if e.Kind == EventNamed {
			out = append(out, e.Name)
		}
	}
	return out
}

// Trail returns the screens visited so far, in order, starting with the
// start screen.
func (s *Sim) Trail() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, e := range s.events {
		if e.Kind == EventNavigate {
			out = append(out, e.Screen)
		}
	}
	return out
}
