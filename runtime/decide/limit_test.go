package decide

import (
	"context"
	"testing"

	"flow/surfaces"
)

// govukGuidance is the eligibility page of a GOV.UK guidance journey: a
// warning, and an accordion whose sections state a minimum age and a
// most one may have in savings, as the browser surface reads it.
var govukGuidance = surfaces.Screen{
	Surface: surfaces.KindBrowser, URL: "http://127.0.0.1/guidance/eligibility", Title: "Eligibility – Check juggling benefits – GOV.UK",
	Context: []surfaces.ContextLine{
		{Ref: "t1", Role: "heading", Text: "Eligibility", Path: []string{"main"}},
		{Ref: "t2", Text: "You can be fined up to £5,000 if you don’t register.", Path: []string{"main"}},
		{Ref: "t3", Text: "You must be 16 or over to get juggling benefits.", Path: []string{"main", `region "Age"`}},
		{Ref: "t4", Text: "You cannot get juggling benefits if you have savings over £16,000.", Path: []string{"main", `region "Savings"`}},
	},
}

// trustReserveNote is the trust site's booking form after too large a
// party: its note holds the limit and a telephone number.
var trustReserveNote = surfaces.Screen{
	Surface: surfaces.KindBrowser, URL: "http://127.0.0.1/reserve.html", Title: "Reserve a table",
	Context: []surfaces.ContextLine{
		{Ref: "t1", Role: "heading", Text: "Reserve a table", Path: []string{"main"}},
		{Ref: "t2", Text: "We can only take online bookings for up to 8 guests. For larger groups, call us on 21 555 0199.", Path: []string{"main", "form"}},
	},
}

// TestReadsALimit: a read that asks for a minimum or a maximum takes the
// line that states a limit of that direction about the rest of the ask,
// and the number the limit phrase holds, though the line shares no word
// with the ask. Sources: GOV.UK guidance, the trust site's booking form
// and pricing cards.
func TestReadsALimit(t *testing.T) {
	tests := []struct {
		screen surfaces.Screen
		ask    string
		line   string // the line chosen ("" for none)
		number string // the number the read parses
	}{
		{govukGuidance, "the minimum age", "You must be 16 or over to get juggling benefits.", "16"},
		{govukGuidance, "the maximum fine", "You can be fined up to £5,000 if you don’t register.", "£5,000"},
		{trustReserveNote, "the maximum number of guests", "We can only take online bookings for up to 8 guests. For larger groups, call us on 21 555 0199.", "8"},
		{trustReserveNote, "the guest limit for online bookings", "We can only take online bookings for up to 8 guests. For larger groups, call us on 21 555 0199.", "8"},
		{loadScreen(t, "trust-pricing"), "the maximum number of users of the Team plan", "per month · up to 10 users", "10"},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.ask, func(t *testing.T) {
			q := askScreen(tc.screen, "4/text", PurposeText, tc.ask, "")
			ch, err := l.Choose(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if got := nameOf(q, ch.Key); got != tc.line {
				t.Fatalf("chose %q (%s), want %q; ranking %v", got, ch.Why, tc.line, top(q, 3))
			}
			if n, ok := LimitIn(tc.ask, tc.line); !ok || n != tc.number {
				t.Errorf("LimitIn = %q, %v; want %q", n, ok, tc.number)
			}
		})
	}
}

// TestLimitPhrases: which phrases state a limit of which direction, and
// which do not (a bare "over" is a comparison, "the highest price" asks
// for no limit).
func TestLimitPhrases(t *testing.T) {
	tests := []struct {
		ask, text string
		want      string // "" for no limit
	}{
		{"the minimum age", "You must be 16 or over", "16"},
		{"the minimum age", "Ages 18+ only", "18"},
		{"the minimum order", "Orders of at least €25 ship free", "€25"},
		{"the minimum stay", "A minimum of 2 nights", "2"},
		{"the minimum number of players", "For 4 or more players", "4"},
		{"the maximum party size", "Parties of 12 or fewer", "12"},
		{"the maximum discount", "Save up to 30 % today", "30 %"},
		{"the maximum weight", "Bags may weigh no more than 23 kg", "23"},
		{"the minimum age", "You cannot get benefits if you have savings over £16,000", ""},
		{"the minimum age", "Tickets up to 16 are half price", ""},
		{"the highest price", "Prices up to €500", ""},
		{"the minimum age", "Ages 12 or over, or 8 or over with an adult", ""},
		{"the minimum age", "16 or over (16 or over in Scotland)", "16"},
	}
	for _, tc := range tests {
		got, ok := LimitIn(tc.ask, tc.text)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("LimitIn(%q, %q) = %q, %v; want %q", tc.ask, tc.text, got, ok, tc.want)
		}
	}
}
