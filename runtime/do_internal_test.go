package runtime

import "testing"

func TestNamesPress(t *testing.T) {
	for _, tc := range []struct {
		intent, name string
		want         bool
	}{
		{"press Search flights", "Search flights", true},
		{"open the Inbox", "Inbox", true},
		{`press Renew on the card "Music family plan"`, "Renew", true},
		{"tick I have read and accept the fare rules and the terms and", "I have read and accept the fare rules and the terms and conditions.", true},
		{"click on the Save button", "Save", true},
		{`press Like on the post "Vikki @enola · Venenatis"`, "like", true},
		{`press Edit for the order "A-17"`, "Edit", true},
		{`press Like on the post "Vikki"`, "Retweet", false},
		{"press Search", "Search flights", false},       // one word of a longer name is another control's
		{"search for flights", "Search flights", false}, // not a press: judged by the screen
		{"press Search flights", "Flights", false},      // another control
		{"press the cheapest flight", "Select", false},  // a description, not a name
	} {
		if got := namesPress(tc.intent, tc.name); got != tc.want {
			t.Errorf("namesPress(%q, %q) = %v, want %v", tc.intent, tc.name, got, tc.want)
		}
	}
}

// A number is a count to reach only when it is one: not a year, a day of
// a month, a reference or the start of an address.
func TestCountIntent(t *testing.T) {
	for intent, want := range map[string]bool{
		"raise the quantity to 3":                 true,
		"add 2 adults":                            true,
		"story 11 is shown":                       true,
		"download the statement for March 2025":   false,
		"request a refund for order 4411":         false,
		"reschedule the viewing at 8 Rua do Ouro": false,
		"book the table for 3 March":              false,
		"book the table for March 3":              false,
		"open the 3rd of October":                 false,
		"press Renew in the row \"2 items\"":      false,
		"move the meeting to 10:30":               false,
		"set the price to 12.50":                  false,
	} {
		if got := countIntent(intent); got != want {
			t.Errorf("countIntent(%q) = %v, want %v", intent, got, want)
		}
	}
}
