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
