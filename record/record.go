package record

import (
	"errors"
	"fmt"
	"strings"

	"flow/guard"
	"flow/internal/origin"
	"flow/surfaces"
)

// Options says what to call the recorded flow and what else it may visit.
type Options struct {
	// FlowName names the flow; empty means "recorded". A name that is not
	// an identifier is turned into one ("my-trip" → my_trip).
	FlowName string
	// Description is the flow's description; empty means "Recorded on
	// HOST" with the start page's host. No date is added: the output
	// depends on the events and the options only.
	Description string
	// Allow lists extra origins for the flow's allow line ("host",
	// "host:port", "*.domain" or a URL); with any, the line is written.
	Allow []string
}

// Recording is a flow written from a sequence of [surfaces.UserEvent]s.
// None of its fields holds a secret value.
type Recording struct {
	// Name is the flow's name (from [Options.FlowName], made an
	// identifier).
	Name string
	// Flow is the flow's source, formatted as `flow fmt` writes it.
	Flow []byte
	// Facts is the YAML facts file for the flow (NAME.facts.yaml beside
	// NAME.flow, see [FactsPath]): every fact's recorded value.
	Facts []byte
	// Steps counts the flow's steps, those inside an if included.
	Steps int
	// FactNames and SecretNames are the declared facts (site first) and
	// secrets, in declaration order.
	FactNames, SecretNames []string
	// Stopped is the stop_before phrase the recording ended with, or ""
	// when it ended with a verify.
	Stopped string
	// Dropped counts the events left out after the recording ended (at a
	// stop_before, or at the step limit).
	Dropped int
	// Notes are remarks for the person who recorded (events skipped and
	// why, a weak final verify), without values.
	Notes []string
	// Used are the controls the person acted on, one per do step, one per
	// pair of each enter step and the one a stop_before stops in front
	// of, in the order of the flow's source:
	// `flow record` stores them in the flow's resolution cache, so the
	// first run finds them without asking the decider which control is
	// meant.
	Used []Used
}

// Used is a control the person acted on.
type Used struct {
	// Step is the kind of step it belongs to: "do" (a control pressed),
	// "enter" (a field typed into) or "stop_before" (the control pressed
	// last, which the flow stops in front of).
	Step string
	// Suggestion marks, in an enter step, the suggestion picked after
	// typing into the field listed before it.
	Suggestion bool
	// Target is the control as the page named it (Ref empty); Heading the
	// first line of the card, row or list item it sits in; Twins the other
	// controls of its role and name on the page.
	Target  surfaces.Candidate
	Heading string
	Twins   int
}

// MaxSteps is the most steps a recorded flow holds, the compiler's limit:
// events that would go beyond it are dropped, and a note says so.
const MaxSteps = 200

// Build turns the events of one recording session, in the order they
// happened, into a flow and its facts file. It fails when an
// Options.Allow entry is not an origin, when the events hold no web page
// to start from ([ErrNoPage]), or, as an internal error, if the flow it
// wrote would not parse; it never panics. See the package documentation
// for how events become steps.
func Build(events []surfaces.UserEvent, opts Options) (*Recording, error) {
	for _, o := range opts.Allow {
		if msg := origin.Problem(strings.TrimSpace(o)); msg != "" {
			return nil, fmt.Errorf(`record: allow %q is not an origin: %s (write a host "example.com", host:port "localhost:8080", "*.example.com" or a URL)`, o, msg)
		}
	}
	b := newBuilder(opts)
	evs := b.prepare(events)
	if err := b.walk(evs); err != nil {
		return nil, err
	}
	return b.render()
}

// Ends reports whether an event ends a recording: a press (or a submit)
// of a control that reads as irreversible or paying. [Build] writes such
// an event as the flow's closing stop_before and leaves out what follows,
// so a recorder may stop listening there.
func Ends(e surfaces.UserEvent) bool {
	switch e.Kind {
	case surfaces.EventClick, surfaces.EventSubmit:
		return classify(e.Target).Class != guard.None
	}
	return false
}

// FactsPath names the facts file written beside a flow file:
// "trips/new.flow" → "trips/new.facts.yaml".
func FactsPath(flowPath string) string {
	return strings.TrimSuffix(flowPath, ".flow") + ".facts.yaml"
}

// ErrNoPage is returned by [Build] when no event names an http or https
// page, so the flow would have nowhere to start.
var ErrNoPage = errors.New("record: no web page in the recording: nothing to start the flow from")

func internalError(format string, args ...any) error {
	return fmt.Errorf("record: internal error: "+format, args...)
}
