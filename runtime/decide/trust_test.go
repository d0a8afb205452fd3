package decide

import (
	"context"
	"testing"

	"flow/surfaces"
)

// Screens of the trust fixture site (flows/sites/trust, captured by the
// browser surface with `flow inspect --json` into testdata/screens/trust-*):
// pages that show a step's words without its end state, look-alike
// controls in named cards, and values placed by the entity they belong to.

func TestTrustScreensChoose(t *testing.T) {
	tests := []struct {
		screen  string
		purpose Purpose
		ask     string
		want    string // the expected option's name or text, "" for none
		group   string // the path element it must sit in, when look-alikes share its name
	}{
		{"trust-cookies", PurposeTarget, "allow only the required cookies", "Allow required only", ""},
		{"trust-people", PurposeTarget, "follow Ana Ruiz", "Follow", `article "Ana Ruiz"`},
		{"trust-people", PurposeTarget, "follow Mia", "Follow", `article "Mia Chen"`},
		{"trust-people", PurposeTarget, "press Follow", "", ""},
		{"trust-loans", PurposeTarget, "renew the loan of Dune", "Renew", "row #1"},
		{"trust-loans", PurposeTarget, "renew The Dispossessed", "Renew", "row #3"},
		{"trust-loans", PurposeTarget, "renew the loan", "", ""},
		{"trust-plans", PurposeTarget, `press Edit on the card "Third plan"`, "Edit", `card "Third plan"`},
		{"trust-plans", PurposeTarget, "press the second Edit", "Edit", `card "Second plan"`},
		{"trust-plans", PurposeTarget, "press Edit", "", ""},
		{"trust-statements", PurposeTarget, "download the March statement", "", ""},
		{"trust-statements", PurposeTarget, `open Download in the row "March 2024"`, "Download", "row #4"},
		{"trust-statements", PurposeTarget, "press the last Download link", "Download", "row #4"},
		{"trust-inbox", PurposeTarget, "open the second message", "Northbank: Your March statement", ""},
		{"trust-cart", PurposeTarget, "increase the quantity of the office chair by one", "Increase quantity", "listitem #2"},
		{"trust-cart", PurposeTarget, "decrease the quantity of the desk lamp by one", "Decrease quantity", "listitem #1"},
		{"trust-orders", PurposeStopTarget, "cancelling the order for the blue kettle", "Cancel order", "listitem #1"},
		{"trust-orders", PurposeStopTarget, "cancelling the order", "", ""},
		{"trust-accounts", PurposeText, "the balance of the savings account", "€8,950.00", ""},
		{"trust-pricing", PurposeText, "the monthly price of the Team plan", "€24", ""},
		{"trust-orders", PurposeText, "the delivery date of the red toaster", "Order A-3103 · Arrives Thursday 13 March 2025", ""},
		{"trust-cart", PurposeText, "the quantity of the office chair", "2", ""},
		{"trust-topics", PurposeTarget, "untick every topic except Product news", "Order updates", ""},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.screen+"/"+tc.ask, func(t *testing.T) {
			s := loadScreen(t, tc.screen)
			q := askScreen(s, "2/"+string(tc.purpose), tc.purpose, tc.ask, "")
			if tc.purpose == PurposeText {
				for _, c := range s.Candidates {
					q.Options = append(q.Options, OptionOf(c))
				}
			}
			ch, err := l.Choose(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("why: %s; ambiguous %v", ch.Why, ch.Ambiguous)
			got := nameOf(q, ch.Key)
			if got != tc.want {
				t.Fatalf("chose %q (%s), want %q; ranking %v", got, ch.Why, tc.want, top(q, 4))
			}
			if tc.want == "" && len(ch.Ambiguous) < 2 && tc.purpose != PurposeText {
				t.Errorf("none without the look-alikes named: %+v", ch)
			}
			if tc.group != "" {
				if c := candidateOf(q, ch.Key); c == nil || !hasPathElem(c, tc.group) {
					t.Errorf("chose %s in %v, want it in %s", ch.Key, c.Path, tc.group)
				}
			}
		})
	}
}

func candidateOf(q Question, key string) *surfaces.Candidate {
	for _, o := range q.Options {
		if o.Key == key {
			return o.Candidate
		}
	}
	return nil
}

func hasPathElem(c *surfaces.Candidate, p string) bool {
	for _, e := range c.Path {
		if e == p {
			return true
		}
	}
	return false
}

// Goals and conditions the trust pages show the words of, but not the end
// state: none may hold.
func TestTrustScreensJudge(t *testing.T) {
	tests := []struct {
		screen string
		st     Statement
		holds  verdict
	}{
		{"trust-invoice", Statement{Text: "archive the invoice from Acme", Goal: true}, no},
		{"trust-cookies", Statement{Text: "allow only the required cookies", Goal: true}, no},
		{"trust-people", Statement{Text: "follow Ana Ruiz", Goal: true}, no},
		{"trust-loans", Statement{Text: "renew the loan of Dune", Goal: true}, no},
		{"trust-settings", Statement{Text: "save my changes", Goal: true}, no},
		{"trust-notifications", Statement{Text: "mark all notifications as read", Goal: true}, no},
		{"trust-refund", Statement{Text: "request a refund for order 4411", Goal: true}, no},
		{"trust-refund", Statement{Text: "a refund has been requested"}, no},
		{"trust-report", Statement{Text: "the report is ready"}, no},
		{"trust-addresses", Statement{Text: "empty my saved addresses", Goal: true}, no},
		{"trust-addresses", Statement{Text: "I have no saved addresses"}, no},
		{"trust-addresses", Statement{Text: "no saved addresses are listed"}, no},
		// Their twins, in the state the words describe, hold.
		{"trust-addresses-empty", Statement{Text: "I have no saved addresses"}, yes},
		{"trust-addresses-empty", Statement{Text: "no saved addresses are listed"}, yes},
		{"trust-addresses-empty", Statement{Text: "empty my saved addresses", Goal: true}, yes},
		{"trust-refund-requested", Statement{Text: "a refund has been requested"}, yes},
		{"trust-refund-requested", Statement{Text: "request a refund for order 4411", Goal: true}, yes},
		{"trust-topics", Statement{Text: "untick every topic except Product news", Goal: true}, no},
		// A goal written as its state is judged as that state.
		{"trust-topics", Statement{Text: "promotions unchecked", Goal: true}, no},
		{"trust-topics", Statement{Text: "promotions checked", Goal: true}, yes},
	}
	for _, tc := range tests {
		t.Run(tc.screen+"/"+tc.st.Text, func(t *testing.T) {
			tc.st.ID = "2/judge"
			tc.st.Screen = BriefOf(loadScreen(t, tc.screen))
			j, err := NewLocal().Judge(context.Background(), tc.st)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("p=%.2f why=%s", j.Probability, j.Why)
			tc.holds.check(t, tc.st.Text, j.Probability)
		})
	}
}

// A step over a set: once every box but the excepted one is off, it is
// reached, and the excepted box is never the one pressed.
func TestEveryExcept(t *testing.T) {
	s := loadScreen(t, "trust-topics")
	for i := range s.Candidates {
		if s.Candidates[i].Name != "Product news" {
			s.Candidates[i].States = nil
		}
	}
	j, err := NewLocal().Judge(context.Background(), Statement{ID: "2/judge", Text: "untick every topic except Product news", Goal: true, Screen: BriefOf(s)})
	if err != nil {
		t.Fatal(err)
	}
	yes.check(t, "all but the excepted box off", j.Probability)
	q := askScreen(s, "2/target", PurposeTarget, "untick every topic except Product news", "")
	ch, _ := NewLocal().Choose(context.Background(), q)
	if ch.Key != "" {
		t.Errorf("chose %s (%s): nothing is left to untick", nameOf(q, ch.Key), ch.Why)
	}
}
