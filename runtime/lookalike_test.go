package runtime_test

import (
	"slices"
	"strings"
	"testing"

	"flow/runtime"
)

// A press whose only effect is a request did something: the step is done
// by that effect, and the look-alike buttons of the other cards are never
// offered again, whatever the decider would answer next.
func TestRequestOnlyPressIsAnEffectAndLookAlikesAreOffLimits(t *testing.T) {
	src := `flow f "Follow" {
  browse "http://cards.test/people"
  do "follow Mia"
}
`
	// The script presses Mia's Follow, then would press Ana's and Leo's:
	// those answers are not offered any more, so they count as none.
	o := run(t, setup{src: src, script: "cards.yaml", answers: `answers:
  "2/judge": 0.1
  "2/judge:not": 0.9
  "2/target": [e1, e3, e5]
`})
	o.want(t, runtime.Completed)
	if got := o.sim.Named(); !slices.Equal(got, []string{"followed-mia"}) {
		t.Fatalf("events %v, want only followed-mia", got)
	}
	var acted []runtime.Event
	for _, e := range o.events {
		if e.Kind == runtime.EventActed && e.Step == "do" {
			acted = append(acted, e)
		}
	}
	if len(acted) != 1 || len(acted[0].Requests) != 1 || acted[0].Control != `button "Follow" in article "Mia Wong"` {
		t.Errorf("acted %+v, want one press of Mia's Follow that sent one request", acted)
	}
}

// A press that did nothing at all is not a reason to try the same control
// on another card: the look-alike belongs to someone else.
func TestIdlePressNeverMovesToALookAlike(t *testing.T) {
	src := `flow f "Nudge" {
  browse "http://cards.test/people"
  do "nudge Mia"
}
`
	o := run(t, setup{src: src, script: "cards.yaml", answers: `answers:
  "2/judge": 0.1
  "2/judge:not": 0.9
  "2/target": [e2, e4]
`})
	o.want(t, runtime.Failed)
	if p := pressed(o.sim); !slices.Equal(p, []string{"mianudge"}) {
		t.Errorf("pressed %v, want Mia's Nudge alone", p)
	}
}

// A bare "Cancel" on a booking card cancels that booking: the guard
// refuses it outside stop_before, though the same word closes dialogs.
func TestBareCancelOnACardIsRefused(t *testing.T) {
	src := `flow f "Cancel" {
  browse "http://cards.test/bookings"
  # lint:ignore L004 the test proves the refusal
  do "cancel the dentist booking"
}
`
	o := run(t, setup{src: src, script: "cards.yaml", answers: `answers:
  "2/judge": 0.1
  "2/judge:not": 0.9
  "2/target": e1
`})
	o.want(t, runtime.GuardRefused)
	if p := pressed(o.sim); len(p) != 0 {
		t.Errorf("pressed %v, want nothing", p)
	}
}

// A step that names one press is not done by a press that changed
// nothing and sent nothing: the press is no evidence that it happened. The
// step fails after that one press, and never moves to the look-alike on
// another card.
func TestNamedPressThatChangesNothingFails(t *testing.T) {
	src := `flow f "Nudge" {
  browse "http://cards.test/people"
  do "press Nudge on the card \"Mia Wong\""
}
`
	o := run(t, setup{src: src, script: "cards.yaml", answers: `answers:
  "2/target": [e2, e4]
`})
	o.want(t, runtime.Failed)
	if p := pressed(o.sim); !slices.Equal(p, []string{"mianudge"}) {
		t.Errorf("pressed %v, want Mia's Nudge alone", p)
	}
	if !strings.Contains(o.res.Failure.Reason, "no evidence") {
		t.Errorf("failure %q, want it to say there is no evidence", o.res.Failure.Reason)
	}
}

// A control behind a tab is found by opening the tabs in turn; a tab
// shows part of the page and stores nothing.
func TestDoLooksBehindTabs(t *testing.T) {
	src := `flow f "Invoices" {
  browse "http://tabs.test/help"
  do "open Download past invoices"
}
`
	o := run(t, setup{src: src, script: "tabs.yaml"})
	o.want(t, runtime.Completed)
	if p := pressed(o.sim); !slices.Equal(p, []string{"t2", "invoices"}) {
		t.Errorf("pressed %v, want the Billing tab, then the link behind it", p)
	}
}

// A control in a submenu is found by hovering over the menu's items in
// turn: a hover opens a submenu and never does what the item says.
func TestDoLooksInSubmenus(t *testing.T) {
	src := `flow f "Prev" {
  browse "http://tabs.test/player"
  do "press Prev"
}
`
	o := run(t, setup{src: src, script: "tabs.yaml"})
	o.want(t, runtime.Completed)
	if got := o.sim.Named(); !slices.Equal(got, []string{"went-back"}) {
		t.Errorf("events %v, want went-back alone: no item pressed on the way", got)
	}
}
