package decide

import (
	"context"
	"testing"
)

// Conditions the example flows and the standard library judge, on screens
// captured from the fixture sites: each must hold (≥ 0.75) or not (≤ 0.25).
func TestLocalJudgeFixtureScreens(t *testing.T) {
	tests := []struct {
		screen string
		text   string
		holds  bool
	}{
		{"booking-home", "a cookie banner or consent dialog is visible", true},
		{"booking-home-nocookie", "a cookie banner or consent dialog is visible", false},
		{"shop-home", "a cookie banner or consent dialog is visible", false},
		{"booking-results", "flight results are listed", true},
		{"booking-home-nocookie", "flight results are listed", false},
		{"booking-details", "the fare options are shown", true},
		{"booking-details", "the Basic fare is selected", true},
		{"booking-details", "the Flex fare is selected", false},
		{"booking-insurance", "a travel insurance offer is shown", true},
		{"booking-traveller", "a travel insurance offer is shown", false},
		{"booking-results", "the results show 2 travellers", true},
		{"booking-results", "the results show 3 travellers", false},
		{"shop-added", "a dialog says the product was added to the cart", true},
		{"shop-cart", "a dialog says the product was added to the cart", false},
		{"shop-cart", "the cart subtotal counts 1 item", true},
		{"shop-cart", "the cart subtotal counts 3 items", false},
		{"shop-home", "a search box is visible", true},
		{"account-home", "a sign-in form is visible", true},
		{"account-home", "a password field is visible", true},
		{"account-home", "the page shows that the user is signed in", false},
		{"booking-traveller", "a password field is visible", false},
		{"adversarial-home", "the coupon SAVE10 is applied", false},
		{"adversarial-home", "no coupon is applied", true},
		{"mail-compose", "a new message window is open", true},
		{"mail-home", "a notice says the draft is saved", false},
		{"booking-home-nocookie", "the one way trip is selected", true},
		{"booking-home-nocookie", "the return trip is selected", false},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.screen+"/"+tc.text, func(t *testing.T) {
			s := loadScreen(t, tc.screen)
			j, err := l.Judge(context.Background(), Statement{ID: "1/judge", Step: "verify " + tc.text, Text: tc.text, Screen: BriefOf(s)})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("p=%.2f", j.Probability)
			if tc.holds && j.Probability < 0.75 || !tc.holds && j.Probability > 0.25 {
				t.Errorf("p = %.2f, want it to %s", j.Probability, map[bool]string{true: "hold", false: "not hold"}[tc.holds])
			}
		})
	}
}
