package decide

import (
	"context"
	"strings"
	"testing"

	"flow/surfaces"
)

// officesPage is the first page of a paged list of offices, as GOV.UK's
// pagination shows one: links of the same kind ("… office"), five to a
// page, and a "Next page" link under them.
func officesPage() surfaces.Screen {
	s := surfaces.Screen{URL: "http://127.0.0.1/offices/", Title: "Juggling offices (page 1 of 3)", Layer: surfaces.LayerPage,
		Context: []surfaces.ContextLine{
			{Ref: "t1", Role: "heading", Text: "Juggling offices", Path: []string{"main"}},
			placed("t2", "Showing offices 1 to 3 of 9, in alphabetical order.", 0, "main"),
		}}
	for i, name := range []string{"Aberdeen office", "Belfast office", "Cardiff office"} {
		s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: "o" + string(rune('1'+i)), Role: "link", Name: name, Path: []string{"main"}})
	}
	s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: "n1", Role: "link", Name: "Next page", Path: []string{"main", `navigation "Pagination"`}})
	return s
}

// TestTieWithoutTheNameIsNoChoice: options that tie only on the kind of
// thing the step asks for ("office") are no choice when none says the
// name the step gives ("Leeds"): the answer is none, with no tie to
// resolve, so the runtime looks further (the next page) instead of
// failing as ambiguous. An office the page lists is still chosen, and
// options that all say the name (two March rows) still tie. Sources:
// GOV.UK pagination (bench/govuk's offices scenarios, Leeds on page two)
// and the trust site's statements page.
func TestTieWithoutTheNameIsNoChoice(t *testing.T) {
	l := NewLocal()
	ctx := context.Background()

	q := askScreen(officesPage(), "2/target", PurposeTarget, "open the Leeds office", "")
	ch, err := l.Choose(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Key != "" || len(ch.Ambiguous) != 0 || !strings.Contains(strings.ToLower(ch.Why), "leeds") {
		t.Errorf("chose %q, ambiguous %v (%s); want none, no tie, and a why naming Leeds; ranking %v", nameOf(q, ch.Key), ch.Ambiguous, ch.Why, top(q, 4))
	}

	q = askScreen(officesPage(), "2/target", PurposeTarget, "open the Belfast office", "")
	if ch, err = l.Choose(ctx, q); err != nil {
		t.Fatal(err)
	}
	if got := nameOf(q, ch.Key); got != "Belfast office" {
		t.Errorf("chose %q, ambiguous %v (%s); want Belfast office", got, ch.Ambiguous, ch.Why)
	}

	q = askScreen(loadScreen(t, "trust-statements"), "2/target", PurposeTarget, "download the March statement", "")
	if ch, err = l.Choose(ctx, q); err != nil {
		t.Fatal(err)
	}
	if ch.Key != "" || len(ch.Ambiguous) != 2 {
		t.Errorf("chose %q, ambiguous %v (%s); want a tie of the two March rows", nameOf(q, ch.Key), ch.Ambiguous, ch.Why)
	}
}
