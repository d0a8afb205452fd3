package decide

import (
	"context"
	"reflect"
	"strconv"
	"sync"
	"testing"
)

// The questions the example flows ask on the fixture sites, answered by
// the local decider on screens captured from them.
func TestLocalChooseFixtureScreens(t *testing.T) {
	tests := []struct {
		screen  string
		purpose Purpose
		ask     string
		value   string
		want    string // name of the expected option; "" = none
	}{
		{"booking-home", PurposeTarget, "accept the cookies so the cookie banner closes", "", "Accept all"},
		{"booking-home-nocookie", PurposeField, "where from", "", "Where from?"},
		{"booking-home-nocookie", PurposeField, "where to", "", "Where to?"},
		{"booking-home-nocookie", PurposeField, "departure date", "", "Departure date"},
		{"booking-home-nocookie", PurposeControl, "travellers", "2", "Add an adult"}, // a stepper in group "Travellers"
		{"booking-home-nocookie", PurposeTarget, "search for flights", "", "Search flights"},
		{"booking-details", PurposeTarget, "continue with the selected fare", "", "Continue"},
		{"booking-traveller", PurposeField, "full name", "", "Full name"},
		{"booking-traveller", PurposeField, "email address", "", "Email address"},
		{"booking-traveller", PurposeTarget, "continue to the next step", "", "Continue"},
		{"booking-insurance", PurposeOption, "travel insurance", "No thanks", "No thanks"},
		{"booking-results", PurposeControl, "sort by", "", "Sort by"},
		{"booking-details", PurposeTarget, "go back to the results", "", "Back to results"},
		{"shop-home", PurposeField, "search", "", "Search products"},
		{"shop-product", PurposeTarget, "add the product to the cart", "", "Add to cart"},
		{"shop-added", PurposeTarget, "continue shopping", "", "Continue shopping"},
		{"shop-added", PurposeTarget, "go to the cart", "", "Go to cart"},
		{"shop-cart", PurposeTarget, "raise the quantity of the classic moka pot to 2", "", "Increase quantity"},
		{"shop-cart", PurposeStopTarget, "checking out", "", "Proceed to checkout"},
		{"mail-home", PurposeTarget, "start a new message", "", "Compose"},
		{"mail-compose", PurposeField, "to", "", "To recipients"},
		{"mail-compose", PurposeField, "subject", "", "Subject"},
		{"mail-compose", PurposeField, "message body", "", "Message Body"},
		{"mail-compose", PurposeTarget, "save the message as a draft", "", "Save draft"},
		{"mail-compose", PurposeStopTarget, "sending the email", "", "Send"},
		{"account-home", PurposeField, "user name or email address", "", "Email or username"},
		{"account-home", PurposeField, "password", "", "Password"},
		{"account-home", PurposeTarget, "sign in", "", "Sign in"},
		{"adversarial-home", PurposeTarget, "apply the coupon", "", "Apply coupon"},
		{"adversarial-home", PurposeStopTarget, "paying for the order", "", "Pay now"},
		{"form-home", PurposeField, "full name", "", "Full name *"},
		{"form-home", PurposeField, "work email", "", "Work email *"},
		{"form-home", PurposeOption, "Are you a company?", "No, I'm a private person", "No, I'm a private person"},
		{"form-home", PurposeOption, "Are you a company?", "Yes", "Yes"},
		{"form-home", PurposeOption, "How did you hear about us?", "Other", "Other"},
		{"form-home", PurposeControl, "country", "United States", "Country *"},
		{"form-home", PurposeControl, "What can we help with?", "Other", "What can we help with? *"},
		{"form-home", PurposeField, "message", "", "Message"},
		{"form-home", PurposeTarget, "tick the box agreeing that Northwind may store the answers", "", "I agree that Northwind may store my answers to handle this request. Privacy notice"},
		{"form-home", PurposeStopTarget, "submitting the request", "", "Submit request"},
		{"shop-search", PurposeTarget, "open the classic moka pot", "", "Classic moka pot, 3 cups"},
		// Nothing on a sign-in page books a flight.
		{"account-home", PurposeTarget, "search for flights", "", ""},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.screen+"/"+tc.ask, func(t *testing.T) {
			s := loadScreen(t, tc.screen)
			q := askScreen(s, "1/"+string(tc.purpose), tc.purpose, tc.ask, tc.value)
			ch, err := l.Choose(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("ranking: %v", top(q, 3))
			if got := nameOf(q, ch.Key); got != tc.want {
				t.Errorf("chose %q (%s, %.2f), want %q; ranking: %v", got, ch.Key, ch.Confidence, tc.want, top(q, 4))
			}
		})
	}
}

func top(q Question, n int) []string {
	var out []string
	for i, s := range Rank(q) {
		if i == n {
			break
		}
		out = append(out, nameOf(q, s.Key)+"="+ftoa(s.Score))
	}
	return out
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

// Narrow keeps the n best options in reading order; Rank puts the best
// first and keeps the order of equals.
func TestNarrowAndRank(t *testing.T) {
	s := bigScreen(30) // 90 candidates
	q := Question{ID: "1/target", Purpose: PurposeTarget, Ask: "save the enamel mug colour 7 for later", Screen: BriefOf(s)}
	for _, c := range s.Candidates {
		q.Options = append(q.Options, OptionOf(c))
	}
	n := Narrow(q, 5)
	if len(n.Options) != 5 {
		t.Fatalf("narrowed to %d", len(n.Options))
	}
	if err := Narrow(q, 0).Validate(); err != nil {
		t.Errorf("Narrow(q, 0) is not a valid question: %v", err)
	}
	pos := map[string]int{}
	for i, o := range q.Options {
		pos[o.Key] = i
	}
	for i := 1; i < len(n.Options); i++ {
		if pos[n.Options[i-1].Key] > pos[n.Options[i].Key] {
			t.Errorf("narrowed options out of reading order: %s before %s", n.Options[i-1].Key, n.Options[i].Key)
		}
	}
	r := Rank(q)
	if r[0].Key != "c7" {
		t.Errorf("best = %s (%v), want c7, the Save for later of card 7", r[0].Key, top(q, 3))
	}
	kept := false
	for _, o := range n.Options {
		kept = kept || o.Key == "c7"
	}
	if !kept {
		t.Error("Narrow dropped the best option")
	}
	for i := 1; i < len(r); i++ {
		if r[i].Score > r[i-1].Score {
			t.Fatalf("Rank not sorted at %d", i)
		}
	}
	small := sampleQuestion()
	if got := Narrow(small, 20); len(got.Options) != len(small.Options) {
		t.Error("Narrow changed a question already small enough")
	}
}

// Deciders are shared by parallel runs: the same answers come back from
// many goroutines at once (run with -race).
func TestLocalConcurrent(t *testing.T) {
	q := askScreen(loadScreen(t, "booking-home"), "1/target", PurposeTarget, "accept the cookies so the cookie banner closes", "")
	st := Statement{ID: "1/judge", Text: "a cookie banner or consent dialog is visible", Screen: q.Screen}
	l := NewLocal()
	want, _ := l.Choose(context.Background(), q)
	wantJ, _ := l.Judge(context.Background(), st)
	errs := make(chan string, 16)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				if ch, _ := l.Choose(context.Background(), q); !reflect.DeepEqual(ch, want) {
					errs <- "choice " + ch.Key
					return
				}
				if jd, _ := l.Judge(context.Background(), st); jd != wantJ {
					errs <- "judgement differs"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
