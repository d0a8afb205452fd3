package record_test

import (
	"context"
	"testing"

	"flow/grammar"
	"flow/record"
	"flow/runtime/decide"
	"flow/surfaces"
)

// These tests check that what the recorder writes is judged as meant by
// the runtime's local decider: the conditions and intents are statements
// about a screen, and the words chosen must match the screen they were
// recorded on (and not another).

// judge is the local decider's probability that text holds on b.
func judge(t *testing.T, step, text string, b decide.Brief) float64 {
	t.Helper()
	j, err := decide.NewLocal().Judge(context.Background(), decide.Statement{ID: "1/judge", Step: step, Text: text, Screen: b})
	if err != nil {
		t.Fatal(err)
	}
	return j.Probability
}

// texts parses a recording and returns the texts of its steps of one
// kind: "verify", "if" (screen conditions) or "do".
func texts(t *testing.T, rec *record.Recording, kind string) []string {
	t.Helper()
	f, diags := grammar.Parse("r.flow", rec.Flow)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var out []string
	value := func(s *grammar.StringLit) {
		v, ok := s.Value()
		if !ok {
			t.Fatalf("%s text %s interpolates", kind, s.Raw)
		}
		out = append(out, v)
	}
	grammar.Stmts(f.Flows[0].Body, func(s grammar.Stmt, _ int) {
		switch s := s.(type) {
		case *grammar.VerifyStmt:
			if kind == "verify" {
				value(s.Text)
			}
		case *grammar.DoStmt:
			if kind == "do" {
				value(s.Text)
			}
		case *grammar.IfStmt:
			if kind == "if" {
				value(s.Branches[0].Cond.Screen)
			}
		}
	})
	return out
}

// holds is the runtime's bar for a condition that holds.
const holds = 0.75

func TestReplayVerify(t *testing.T) {
	rec := build(t, signInSession().events, record.Options{})
	v := texts(t, rec, "verify")
	if len(v) != 1 {
		t.Fatalf("verifies %q", v)
	}
	account := decide.Brief{URL: site + "account.html", Title: "Your account · Lumen ID", Layer: surfaces.LayerPage,
		Context: []surfaces.ContextLine{{Text: "Welcome back, Ada", Role: "heading"}}}
	signIn := decide.Brief{URL: site, Title: "Sign in · Lumen ID", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{{Ref: "a", Role: "button", Name: "Sign in"}}}
	if p := judge(t, "verify", v[0], account); p < holds {
		t.Errorf("%q on the account page: %.2f", v[0], p)
	}
	if p := judge(t, "verify", v[0], signIn); p >= holds {
		t.Errorf("%q on the sign-in page: %.2f", v[0], p)
	}
}

func TestReplayConditions(t *testing.T) {
	rec := build(t, shopSession().events, record.Options{})
	conds := texts(t, rec, "if")
	if len(conds) != 2 {
		t.Fatalf("conditions %q", conds)
	}
	home := decide.Brief{URL: site, Title: "Greenleaf", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{{Ref: "s", Role: "searchbox", Name: "Search products"}, {Ref: "c", Role: "link", Name: "Cart"}}}
	banner := home
	banner.Layer = surfaces.LayerDialog
	banner.Candidates = append([]surfaces.Candidate{{Ref: "a", Role: "button", Name: "Accept all cookies", Path: []string{`dialog "Cookie consent"`}}}, home.Candidates...)
	banner.Context = []surfaces.ContextLine{{Text: "We use cookies to run the shop", Path: []string{`dialog "Cookie consent"`}}}
	added := home
	added.Layer = surfaces.LayerDialog
	added.Candidates = append([]surfaces.Candidate{{Ref: "k", Role: "button", Name: "Continue shopping", Path: []string{`dialog "Added to cart"`}}}, home.Candidates...)
	added.Context = []surfaces.ContextLine{{Text: "Added to cart", Role: "heading", Path: []string{`dialog "Added to cart"`}}}
	for i, shown := range []decide.Brief{banner, added} {
		if p := judge(t, "if", conds[i], shown); p < holds {
			t.Errorf("%q with the overlay: %.2f", conds[i], p)
		}
		if p := judge(t, "if", conds[i], home); p >= holds {
			t.Errorf("%q without the overlay: %.2f", conds[i], p)
		}
	}
}

// TestReplayCards: the card named in a press picks that card's Renew
// among equal ones.
func TestReplayCards(t *testing.T) {
	rec := build(t, renewSession().events, record.Options{})
	dos := texts(t, rec, "do")
	cards := []surfaces.Candidate{
		{Ref: "a", Role: "button", Name: "Renew", Path: []string{"main", `card "Cloud storage 100 GB"`}},
		{Ref: "b", Role: "button", Name: "Renew", Nth: 1, Path: []string{"main", `card "Photo backup"`}},
		{Ref: "c", Role: "button", Name: "Renew", Nth: 2, Path: []string{"main", `card "Family plan"`}},
	}
	for i, want := range map[int]string{1: "a", 2: "b"} {
		q := decide.Question{ID: "2/target", Purpose: decide.PurposeTarget, Step: "do", Ask: dos[i], Screen: decide.Brief{Candidates: cards}}
		for _, c := range cards {
			q.Options = append(q.Options, decide.OptionOf(c))
		}
		ch, err := decide.NewLocal().Choose(context.Background(), q)
		if err != nil || ch.Key != want {
			t.Errorf("%q chose %q (%v), want %q", dos[i], ch.Key, err, want)
		}
	}
}

// TestReplayDismissWrap: a press that reads as dismissing, wrapped in an
// if on its control being shown, runs when the control is there and is
// skipped when it is not.
func TestReplayDismissWrap(t *testing.T) {
	s := &session{}
	s.open(site, "Home", true)
	s.click("button", "Reject cookies")
	conds := texts(t, build(t, s.events, record.Options{}), "if")
	if len(conds) != 1 {
		t.Fatalf("conditions %q", conds)
	}
	with := decide.Brief{URL: site, Title: "Home", Candidates: []surfaces.Candidate{
		{Ref: "a", Role: "button", Name: "Accept cookies"}, {Ref: "b", Role: "button", Name: "Reject cookies"}}}
	without := decide.Brief{URL: site, Title: "Home", Candidates: []surfaces.Candidate{{Ref: "c", Role: "link", Name: "Shop"}}}
	if p := judge(t, "if", conds[0], with); p < holds {
		t.Errorf("%q with the button: %.2f", conds[0], p)
	}
	if p := judge(t, "if", conds[0], without); p >= holds {
		t.Errorf("%q without the button: %.2f", conds[0], p)
	}
}
