package decide

import (
	"context"
	"testing"

	"flow/surfaces"
)

// A statement about one item of a list is judged on that item: a
// predicate ("was renewed") of another item is no evidence, and a date
// after "until" bounds a fact rather than making it conditional.
func TestJudgeKeepsAPredicateWithItsItem(t *testing.T) {
	li := func(n string) []string { return []string{"main", `listitem "` + n + `"`} }
	b := Brief{
		Candidates: []surfaces.Candidate{
			{Ref: "e1", Role: "button", Name: "Renew", Path: li("The Left Hand of Darkness")},
			{Ref: "e2", Role: "button", Name: "Renew", Path: li("Kindred")},
		},
		Context: []surfaces.ContextLine{
			{Ref: "t1", Text: "The Left Hand of Darkness · Ursula K. Le Guin Due 3 April 2025", Path: li("The Left Hand of Darkness")},
			{Ref: "t2", Text: "Kindred · Octavia E. Butler Renewed until 24 April 2025", Path: li("Kindred")},
		},
	}
	for _, tt := range []struct {
		text  string
		holds bool
	}{
		{"Kindred shows it was renewed", true},
		{"Kindred was renewed", true},
		{"The Left Hand of Darkness was renewed", false},
		{"The Left Hand of Darkness is due 3 April 2025", true},
	} {
		j, err := (&Local{}).Judge(context.Background(), Statement{ID: "1/judge", Step: "verify x", Text: tt.text, Screen: b})
		if err != nil {
			t.Fatal(err)
		}
		if (j.Probability >= holdsBar) != tt.holds {
			t.Errorf("%q judged %.2f (%s), want holds=%v", tt.text, j.Probability, j.Why, tt.holds)
		}
	}
}

// "every item is completed" is read from the items' own boxes, never from
// a box for all of them.
func TestJudgeEveryItemByItsBox(t *testing.T) {
	li := func(n string) []string { return []string{`listitem "` + n + `"`} }
	checked := []surfaces.State{surfaces.StateChecked}
	screen := func(second []surfaces.State) Brief {
		return Brief{Candidates: []surfaces.Candidate{
			{Ref: "e1", Role: "checkbox", Name: "Mark all as complete", States: checked},
			{Ref: "e2", Role: "checkbox", Name: "Buy milk", Path: li("Buy milk"), States: checked},
			{Ref: "e3", Role: "checkbox", Name: "Call grandma", Path: li("Call grandma"), States: second},
		}}
	}
	for _, tt := range []struct {
		text   string
		second []surfaces.State
		holds  bool
	}{
		{"every item is completed", checked, true},
		{"all items are done", checked, true},
		{"every item is completed", nil, false},
		{"all items are unticked", nil, false},
		{"not every item is completed", nil, true},
	} {
		j, err := (&Local{}).Judge(context.Background(), Statement{ID: "1/judge", Step: "verify x", Text: tt.text, Screen: screen(tt.second)})
		if err != nil {
			t.Fatal(err)
		}
		if (j.Probability >= holdsBar) != tt.holds {
			t.Errorf("%q (second box %v) judged %.2f (%s), want holds=%v", tt.text, tt.second, j.Probability, j.Why, tt.holds)
		}
	}
}

// A stop_before phrase is read as the act it stops before: its gerund is
// the verb a confirmation of that act uses.
func TestReadStopConfirmsInTheVerbsWords(t *testing.T) {
	for _, tt := range []struct {
		phrase, message string
		confirms        bool
	}{
		{"sending the message", "Message sent", true},
		{"submitting the claim", "Claim CL-1042 submitted.", true},
		{"deleting the item \"Buy milk\"", "Item deleted", true},
		{"saving the settings", "Settings saved", true},
		{"reserving the table", "Table reserved for Friday", true},
		{"paying for the order", "Payment received, thank you", true},
		{"sending the message", "Could not send the message", false},
		{"sending the message", "Enter a valid email address", false},
	} {
		if got := ReadStop(tt.phrase).Confirms(tt.message); got != tt.confirms {
			t.Errorf("ReadStop(%q).Confirms(%q) = %v, want %v", tt.phrase, tt.message, got, tt.confirms)
		}
	}
	for in, want := range map[string]string{"submitting": "submit", "deleting": "delete", "sending": "send", "placing": "place", "cancelling": "cancel", "paying": "pay"} {
		if got := verbOfGerund(in); got != want {
			t.Errorf("verbOfGerund(%q) = %q, want %q", in, got, want)
		}
	}
}
