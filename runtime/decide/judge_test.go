package decide

import (
	"context"
	"testing"

	"flow/surfaces"
)

// Conditions the example flows and the standard library judge, on screens
// captured from the fixture sites: each must hold (≥ 0.75) or not (≤ 0.25).
func TestLocalJudgeFixtureScreens(t *testing.T) {
	tests := []struct {
		screen string
		text   string
		holds  verdict
	}{
		{"booking-home", "a cookie banner or consent dialog is visible", yes},
		{"booking-home-nocookie", "a cookie banner or consent dialog is visible", no},
		{"shop-home", "a cookie banner or consent dialog is visible", no},
		{"booking-results", "flight results are listed", yes},
		{"booking-home-nocookie", "flight results are listed", no},
		{"booking-details", "the fare options are shown", yes},
		{"booking-details", "the Basic fare is selected", yes},
		{"booking-details", "the Flex fare is selected", no},
		{"booking-insurance", "a travel insurance offer is shown", yes},
		{"booking-traveller", "a travel insurance offer is shown", no},
		{"booking-results", "the results show 2 travellers", yes},
		{"booking-results", "the results show 3 travellers", no},
		{"shop-added", "a dialog says the product was added to the cart", yes},
		{"shop-cart", "a dialog says the product was added to the cart", no},
		{"shop-cart", "the cart subtotal counts 1 item", yes},
		{"shop-cart", "the cart subtotal counts 3 items", no},
		{"shop-home", "a search box is visible", yes},
		{"account-home", "a sign-in form is visible", yes},
		{"account-home", "a password field is visible", yes},
		{"account-home", "the page shows that the user is signed in", no},
		{"booking-traveller", "a password field is visible", no},
		{"adversarial-home", "the coupon SAVE10 is applied", no},
		{"adversarial-home", "no coupon is applied", yes},
		{"mail-compose", "a new message window is open", yes},
		{"mail-home", "a notice says the draft is saved", no},
		{"booking-home-nocookie", "the one way trip is selected", yes},
		{"form-home", "a state or province field is shown", no},
		{"form-home", "the country field shows United States", no},
		{"shop-search", "search results for moka pot are listed", yes},
		{"shop-search", "search results for french press are listed", no},
		// A home page listing moka pots is no search result, but close
		// enough that the judge only stays below the bar.
		{"shop-home", "search results for moka pot are listed", below},
		{"adversarial-home", "a coupon is available", yes},
		{"booking-home-nocookie", "the return trip is selected", no},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.screen+"/"+tc.text, func(t *testing.T) {
			judgeOn(t, l, tc.screen, Statement{ID: "1/judge", Step: "verify " + tc.text, Text: tc.text}, tc.holds)
		})
	}
}

// judgeOn judges st on the recorded screen and checks the verdict.
func judgeOn(t *testing.T, l *Local, screen string, st Statement, holds verdict) {
	t.Helper()
	st.Screen = BriefOf(loadScreen(t, screen))
	j, err := l.Judge(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("p=%.2f why=%s", j.Probability, j.Why)
	holds.check(t, st.Text, j.Probability)
}

// verdict is what a judgement must say: hold (≥ 0.75, the runtime's bar),
// not hold (≤ 0.25), or at least not pass the bar.
type verdict int

const (
	no verdict = iota
	yes
	below
)

func (v verdict) check(t *testing.T, text string, p float64) {
	t.Helper()
	switch {
	case v == yes && p < 0.75:
		t.Errorf("%q: p = %.2f, want it to hold (≥ 0.75)", text, p)
	case v == no && p > 0.25:
		t.Errorf("%q: p = %.2f, want it not to hold (≤ 0.25)", text, p)
	case v == below && p >= 0.75:
		t.Errorf("%q: p = %.2f, want it below the bar (< 0.75)", text, p)
	}
}

// "The feedback" names the message a page shows in answer, as "the
// message" and "the notice" do: it holds when the message says it.
func TestJudgeFeedbackIsAMessage(t *testing.T) {
	screen := Brief{Title: "Guess", Candidates: []surfaces.Candidate{
		{Ref: "e1", Role: "spinbutton", Name: "Your guess", Value: "4"},
		{Ref: "e2", Role: "button", Name: "Submit"},
	}, Context: []surfaces.ContextLine{
		{Ref: "t1", Text: "Guess the number between 0 and 9."},
		{Ref: "t2", Text: "The number is higher than 4."},
	}}
	l := NewLocal()
	for text, want := range map[string]bool{
		"the feedback says the number is higher": true,
		"the feedback says the number is lower":  false,
	} {
		j, err := l.Judge(context.Background(), Statement{ID: "4/judge", Step: `if "` + text + `"`, Text: text, Screen: screen})
		if err != nil {
			t.Fatal(err)
		}
		if got := j.Probability >= 0.75; got != want {
			t.Errorf("%q judged %.2f (%s), want holds=%v", text, j.Probability, j.Why, want)
		}
	}
}

// A list is not empty because no line says the claim's noun, a heading is
// no field with a value, and a thing the page never showed is not thereby
// deleted: all false on an inbox listing three messages. What the screen
// shows, or says outright, still decides.
func TestJudgeInboxIsNotEmptyByAbsence(t *testing.T) {
	inbox := Brief{Title: "Inbox", Candidates: []surfaces.Candidate{
		{Ref: "e1", Role: "searchbox", Name: "Search mail", Editable: true},
		{Ref: "e2", Role: "link", Name: "Mia Chen: Lunch on Friday?", Path: []string{"main", "listitem #1"}},
		{Ref: "e3", Role: "link", Name: "Northbank: Your March statement", Path: []string{"main", "listitem #2"}},
		{Ref: "e4", Role: "link", Name: "Leo Park: Climbing this week", Path: []string{"main", "listitem #3"}},
	}, Context: []surfaces.ContextLine{
		{Ref: "t1", Text: "Inbox", Role: "heading", Path: []string{"main"}, Next: 1},
		{Ref: "t2", Text: "09:12", Path: []string{"main", "listitem #1"}, Next: 2},
	}}
	filed := Brief{Title: "Inbox", Context: []surfaces.ContextLine{
		{Ref: "t1", Text: "Inbox", Role: "heading", Path: []string{"main"}},
		{Ref: "t2", Text: "Your inbox is empty. New messages will show up here.", Path: []string{"main"}},
		{Ref: "t3", Text: "Conversation with Ana Ruiz deleted.", Role: "status", Path: []string{"main"}},
	}}
	l := NewLocal()
	for _, tc := range []struct {
		screen Brief
		text   string
		holds  bool
	}{
		{inbox, "the inbox has no messages", false},
		{inbox, "there are no messages in the inbox", false},
		{inbox, "the inbox is empty", false},
		{inbox, "the conversation with Ana is deleted", false},
		{inbox, "a message says the mailbox was deleted", false},
		{inbox, "no error message is shown", true},
		{inbox, "the search field is empty", true},
		{filed, "the inbox has no messages", true},
		{filed, "the inbox is empty", true},
		{filed, "the conversation with Ana is deleted", true},
	} {
		j, err := l.Judge(context.Background(), Statement{ID: "2/judge", Step: `verify "` + tc.text + `"`, Text: tc.text, Screen: tc.screen})
		if err != nil {
			t.Fatal(err)
		}
		if got := j.Probability >= 0.75; got != tc.holds {
			t.Errorf("%q judged %.2f (%s), want holds=%v", tc.text, j.Probability, j.Why, tc.holds)
		}
	}
}

// An intent to reach a place is reached when the page's title names it;
// a link to the place (the shop's banner "Cart") is no evidence, nor is a
// title that names part of it.
func TestLocalJudgePlaceGoals(t *testing.T) {
	tests := []struct {
		screen, intent string
		holds          verdict
	}{
		{"shop-cart", "go to the cart", yes},
		{"shop-cart", "go to the cart page", yes},
		{"shop-cart", "navigate to the shopping cart", yes},
		{"shop-added", "go to the cart", no},
		{"shop-home", "go to the cart", no},
		{"shop-cart", "go to the checkout", no},
		{"shop-cart", `go to the "Checkout" page`, no},
		{"shop-cart", `go to the "Shopping cart"`, yes},
		{"booking-insurance", "go to the payment page", no},
		{"trust-orders", "go to your orders", yes},
		{"trust-orders", "go to the order history", no},
		{"shop-cart", "go back", no},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.screen+"/"+tc.intent, func(t *testing.T) {
			judgeOn(t, l, tc.screen, Statement{ID: "1/judge", Text: tc.intent, Goal: true}, tc.holds)
		})
	}
}
