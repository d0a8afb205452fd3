package runtime

import (
	"testing"

	"flow/surfaces"
)

func TestPressStateReadsTheNamedControl(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "e1", Role: "button", Name: "Search flights"},
		{Ref: "e2", Role: "checkbox", Name: "I accept the terms", States: []surfaces.State{surfaces.StateChecked}},
		{Ref: "e3", Role: "checkbox", Name: "Send me offers"},
		{Ref: "e4", Role: "radio", Name: "Economy", States: []surfaces.State{surfaces.StateChecked}},
		{Ref: "e5", Role: "tab", Name: "Baggage", States: []surfaces.State{surfaces.StateSelected}},
		{Ref: "e6", Role: "link", Name: "Inbox"},
		{Ref: "e7", Role: "button", Name: "Filters", States: []surfaces.State{surfaces.StateExpanded}},
		{Ref: "e8", Role: "button", Name: "Renew"},
		{Ref: "e9", Role: "button", Name: "Covered", States: []surfaces.State{surfaces.StateCovered}},
		{Ref: "e10", Role: "combobox", Name: "Where from?", Value: "Lisbon (LIS) Portugal", Editable: true},
	}}
	cases := []struct {
		intent      string
		done, known bool
	}{
		{"press Search flights", false, true},   // an act: never done before its press
		{"click Search flights", false, true},   //
		{"tick I accept the terms", true, true}, // already ticked
		{"untick I accept the terms", false, true},
		{"tick Send me offers", false, true},
		{"untick Send me offers", true, true},
		{"choose Economy", true, true},
		{"open the Baggage tab", false, false}, // "the Baggage tab" names no control: judged
		{"open Baggage", true, true},
		{"open Inbox", false, true},    // a link is never open before its press
		{"open Filters", true, true},   // an expanded menu button is
		{"choose Renew", false, false}, // a button shows no choice: judged
		{"follow Renew", false, false}, // a state the words may show: judged
		{"save the settings", false, false},
		{"press Cancel", false, false}, // no such control: judged
		{"press Covered", false, false},
		{"choose Lisbon (LIS) Portugal", true, true},  // the field took the suggestion
		{"press Lisbon (LIS) Portugal", false, false}, // a press is no choice
		{"choose Oslo (OSL) Norway", false, false},
	}
	for _, c := range cases {
		done, known, why := pressState(s, c.intent)
		if done != c.done || known != c.known || done && why == "" {
			t.Errorf("%q: done %v known %v (%q), want %v %v", c.intent, done, known, why, c.done, c.known)
		}
	}
}
