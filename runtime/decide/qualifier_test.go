package decide

import (
	"context"
	"testing"

	"flow/surfaces"
)

// govukCookieBanner is the screen of GOV.UK Frontend's cookie banner
// (its "default" fixture), as the browser surface reads it.
var govukCookieBanner = surfaces.Screen{
	Surface: surfaces.KindBrowser, URL: "http://127.0.0.1/", Title: "Apply for a juggling licence",
	Candidates: []surfaces.Candidate{
		{Ref: "e1", Role: "button", Name: "Accept additional cookies", Path: []string{"region \"Cookies on Apply for a juggling licence\""}},
		{Ref: "e2", Role: "button", Name: "Reject additional cookies", Path: []string{"region \"Cookies on Apply for a juggling licence\""}},
		{Ref: "e3", Role: "link", Name: "View cookies", Path: []string{"region \"Cookies on Apply for a juggling licence\""}},
	},
	Context: []surfaces.ContextLine{
		{Ref: "t1", Role: "heading", Text: "Cookies on Apply for a juggling licence", Path: []string{"region \"Cookies on Apply for a juggling licence\""}},
		{Ref: "t2", Text: "We use some essential cookies to make this service work.", Path: []string{"region \"Cookies on Apply for a juggling licence\""}, Next: 0},
		{Ref: "t3", Text: "We'd also like to use analytics cookies so we can understand how you use the service and make improvements.", Path: []string{"region \"Cookies on Apply for a juggling licence\""}, Next: 0},
	},
}

// TestQualifiersAsLogic: "only the essential cookies" is what a button
// that rejects the additional ones does, and what one that accepts them
// does not, whatever words either uses. Sources: GOV.UK's cookie banner
// and the trust site's cookie dialog.
func TestQualifiersAsLogic(t *testing.T) {
	tests := []struct {
		screen surfaces.Screen
		ask    string
		want   []string // any of these; two or more: or a tie of them
	}{
		{govukCookieBanner, "use only essential cookies", []string{"Reject additional cookies"}},
		{govukCookieBanner, "allow only the necessary cookies", []string{"Reject additional cookies"}},
		{govukCookieBanner, "accept all cookies", []string{"Accept additional cookies"}},
		{govukCookieBanner, "accept the analytics cookies", []string{"Accept additional cookies"}},
		{loadScreen(t, "trust-cookies"), "use only essential cookies", []string{"Allow required only", "Reject non-essential"}},
		{loadScreen(t, "trust-cookies"), "accept every cookie", []string{"Allow all cookies"}},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.ask, func(t *testing.T) {
			q := askScreen(tc.screen, "2/target", PurposeTarget, tc.ask, "")
			ch, err := l.Choose(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			got := nameOf(q, ch.Key)
			for _, w := range tc.want {
				if got == w {
					return
				}
			}
			if len(tc.want) > 1 && len(ch.Ambiguous) == len(tc.want) {
				// Two controls that do the same: a tie between them, and
				// no other, is an honest answer too.
				tied := map[string]bool{}
				for _, k := range ch.Ambiguous {
					tied[nameOf(q, k)] = true
				}
				all := true
				for _, w := range tc.want {
					all = all && tied[w]
				}
				if all {
					return
				}
			}
			t.Errorf("chose %q (%s), want one of %q; ranking %v", got, ch.Why, tc.want, top(q, 3))
		})
	}
}

// TestErrorTextOfTheReadersOwnChoice: a refusal the page reports of the
// reader's own choice confirms it; one of a thing the page refused
// complains. Sources: GOV.UK's cookie banner, the trust site's forms.
func TestErrorTextOfTheReadersOwnChoice(t *testing.T) {
	for text, want := range map[string]bool{
		"Your cookie preferences have been saved. You have rejected additional cookies.": false,
		"You've declined the invitation.":                                                false,
		"Your card was declined. Try another card.":                                      true,
		"Payment rejected by your bank":                                                  true,
		"Access denied":                                                                  true,
		"Enter your date of birth":                                                       true,
		"Your cookie preferences have been saved.":                                       false,
		"You have accepted additional cookies.":                                          false,
		"The code you entered was rejected: it has expired.":                             true,
	} {
		if got := ErrorText(text); got != want {
			t.Errorf("ErrorText(%q) = %v, want %v", text, got, want)
		}
	}
}
