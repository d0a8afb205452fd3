package record_test

import (
	"testing"

	"flow/record"
	"flow/surfaces"
)

// TestGroupNamedBySightPath: a pressed control with look-alikes names the
// innermost named group of its path, the name the runtime's anchor
// matches at replay, not the text the recorder read around it (Context
// here says something else on purpose). Each kind has its phrase; a row
// gives its first cell (past a row number); a numbered name (` #2`,
// shared with an earlier sibling) gives the rank instead; a group named
// like the control, or a control alone of its kind, gives nothing; a path
// with no named group falls back to the text read.
func TestGroupNamedBySightPath(t *testing.T) {
	for _, tc := range []struct {
		path    []string
		name    string
		nth     int
		twins   int
		context string
		want    string
	}{
		{[]string{"main", `card "Dr Ana Silva"`}, "Renew", 1, 3, "Book a visit", `press Renew on the card \"Dr Ana Silva\"`},
		{[]string{"main", `article "Blue kettle"`}, "Renew", 0, 2, "", `press Renew on the card \"Blue kettle\"`},
		{[]string{"main", "table", `row "March 2025 · £93.15 · Paid"`}, "Renew", 2, 3, "", `press Renew in the row \"March 2025\"`},
		{[]string{"table", `row "3 · Order 1042 · Shipped"`}, "Renew", 2, 3, "", `press Renew in the row \"Order 1042\"`},
		{[]string{"main", `listitem "Buy milk"`}, "Renew", 0, 2, "", `press Renew on the item \"Buy milk\"`},
		{[]string{"form", `group "Delivery"`}, "Renew", 1, 2, "", `press Renew in the group \"Delivery\"`},
		{[]string{`dialog "Help us grow"`}, "Renew", 3, 3, "", `press Renew in the dialog \"Help us grow\"`},
		{[]string{"main", `region "Recent orders"`}, "Renew", 1, 1, "", `press Renew in the region \"Recent orders\"`},
		// The innermost group with a name places it: an unnamed list item
		// (its text all in controls) passes to its card.
		{[]string{"main", `card "Team plan"`, "listitem #2"}, "Renew", 1, 2, "", `press Renew on the card \"Team plan\"`},
		// Quotes in a name are JSON escapes in the path, single in the step.
		{[]string{"main", `card "The \"Pro\" plan"`}, "Renew", 1, 2, "", `press Renew on the card \"The 'Pro' plan\"`},
		{[]string{"main", `card "Dr Ana Silva" #2`}, "Renew", 2, 3, "Dr Ana Silva", `press the third Renew`},
		{[]string{"main", `card "Renew"`}, "Renew", 1, 2, "", `press the second Renew`},
		{[]string{"main", `card "Dr Ana Silva"`}, "Renew", 0, 0, "Dr Ana Silva", `press Renew`},
		{[]string{"main", "listitem #3"}, "Renew", 2, 2, "Water the plants\nRenew", `press Renew on the card \"Water the plants\"`},
		{[]string{"main", "table", "row #3"}, "Renew", 2, 2, "Order 1042", `press Renew in the row \"Order 1042\"`},
	} {
		s := &session{}
		s.open(site, "Renewals", true)
		s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Context: tc.context, Twins: tc.twins,
			Target: surfaces.Candidate{Role: "button", Name: tc.name, Nth: tc.nth, Path: tc.path}})
		rec := build(t, s.events, record.Options{})
		if got := steps(rec); len(got) < 2 || got[1] != `do "`+tc.want+`"` {
			t.Errorf("%q: steps %q, want do %q", tc.path, got, tc.want)
		}
		compileClean(t, rec)
	}
}

// TestStopAndFieldNamedBySightPath: a stop_before target and a field with
// look-alikes name their group as a press does, the first of the fields
// too (rank 0: on a page in another order it is not the first).
func TestStopAndFieldNamedBySightPath(t *testing.T) {
	s := &session{}
	s.open(site, "Basket", true)
	s.add(surfaces.UserEvent{Kind: surfaces.EventInput, Value: "2", Twins: 2,
		Target: surfaces.Candidate{Role: "spinbutton", Name: "Quantity", Label: "Quantity", Editable: true, Path: []string{"main", `listitem "Enamel mug"`}}})
	s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Twins: 2,
		Target: surfaces.Candidate{Role: "button", Name: "Delete", Nth: 1, Path: []string{"main", "table", `row "Photo backup · €0.99"`}}})
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `enter "Quantity on the item \"Enamel mug\"" = quantity`, `stop_before "deleting in the row \"Photo backup\""`)
	compileClean(t, rec)
}
