package decide

import (
	"context"
	"testing"

	"flow/surfaces"
)

// A do step asks whether its intent is already achieved: before acting
// (nothing is done yet) and after (the result shows).
func TestLocalJudgeIntent(t *testing.T) {
	saved := loadScreen(t, "mail-compose")
	saved.Context = append(saved.Context, surfaces.ContextLine{Ref: "t9", Role: "status", Text: "Draft saved"})
	ticked := loadScreen(t, "form-home")
	for i, c := range ticked.Candidates {
		if c.Role == "checkbox" {
			ticked.Candidates[i].States = []surfaces.State{surfaces.StateChecked}
		}
	}
	tests := []struct {
		screen surfaces.Screen
		intent string
		holds  verdict
	}{
		{loadScreen(t, "booking-home"), "accept the cookies so the cookie banner closes", no},
		{loadScreen(t, "booking-home-nocookie"), "accept the cookies so the cookie banner closes", yes},
		{loadScreen(t, "mail-compose"), "save the message as a draft", no},
		{saved, "save the message as a draft", yes},
		{loadScreen(t, "shop-product"), "add the product to the cart", no},
		{loadScreen(t, "shop-added"), "add the product to the cart", yes},
		{loadScreen(t, "booking-home-nocookie"), "search for flights", below},
		{loadScreen(t, "booking-results"), "search for flights", yes},
		{loadScreen(t, "form-home"), "tick the box agreeing that Northwind may store the answers", no},
		{ticked, "tick the box agreeing that Northwind may store the answers", yes},
		{loadScreen(t, "shop-cart"), "raise the quantity of the classic moka pot to 2", no},
		{loadScreen(t, "adversarial-home"), "apply the coupon", no},
		{loadScreen(t, "booking-details"), "continue with the selected fare", no},
		{loadScreen(t, "booking-home"), "close the cookie banner", no},
		{loadScreen(t, "booking-home-nocookie"), "close the cookie banner", yes},
	}
	for _, tc := range tests {
		j, err := NewLocal().Judge(context.Background(), Statement{ID: "5/done", Step: `do "` + tc.intent + `"`, Text: tc.intent, Screen: BriefOf(tc.screen)})
		if err != nil {
			t.Fatal(err)
		}
		tc.holds.check(t, tc.intent+" on "+tc.screen.Title, j.Probability)
	}
}

func TestActIntent(t *testing.T) {
	for intent, want := range map[string]bool{
		"continue to the next step":                      true,
		"go to the cart":                                 true,
		"start a new message":                            true,
		"open the sign-in form":                          true,
		"save the message as a draft":                    false,
		"tick the box accepting the terms":               false,
		"accept the cookies so the cookie banner closes": false,
		"the cart is empty":                              false,
		"":                                               false,
	} {
		if got := ActIntent(intent); got != want {
			t.Errorf("ActIntent(%q) = %v, want %v", intent, got, want)
		}
	}
}
