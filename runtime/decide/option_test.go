package decide

import (
	"context"
	"strings"
	"testing"

	"flow/surfaces"
)

// TestAsideIsTheOnePartInParentheses: the code beside what it stands for
// is the one part of a name in parentheses, wherever it sits; a name with
// two such parts (a whole list read as one) or an unclosed one has none.
func TestAsideIsTheOnePartInParentheses(t *testing.T) {
	for name, want := range map[string]string{
		"Fort Collins/Loveland, CO - Municipal Airport (FNL)": "FNL",
		"Oslo (OSL)Norway": "OSL",
		"Special educational needs and disability (SEND) and high needs": "SEND",
		"Hanover, NH (LEB) Lebanon, NH (LEB)":                            "",
		"Lisbon":                                                         "",
		"Pay (now":                                                       "",
		"a ((b))":                                                        "",
	} {
		if got := aside(name); got != want {
			t.Errorf("aside(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestSuggestionMarkedWithTheValue: a value equal to the code an option
// carries in parentheses chooses it, however long the rest of its name
// (MiniWoB++ book-flight's airports; the booking site's "Oslo (OSL)"),
// and the reason says so. Two options carrying the same code still tie.
func TestSuggestionMarkedWithTheValue(t *testing.T) {
	l := NewLocal()
	ctx := context.Background()
	scr := func(names ...string) surfaces.Screen {
		s := surfaces.Screen{URL: "http://127.0.0.1/flights", Title: "Flights", Layer: surfaces.LayerPage}
		for i, n := range names {
			s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: "s" + string(rune('1'+i)), Role: "button", Name: n, Path: []string{"listitem \"" + n + "\""}})
		}
		return s
	}
	q := askScreen(scr("Fort Collins/Loveland, CO - Municipal Airport (FNL)", "Fort Collins/Loveland, CO - Bus service (QWF)"), "1/option:to", PurposeOption, "to", "FNL")
	ch, err := l.Choose(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if got := nameOf(q, ch.Key); !strings.HasSuffix(got, "(FNL)") || !strings.Contains(ch.Why, "marked with the value") {
		t.Errorf("chose %q (%s); want the FNL airport, marked with the value; ranking %v", got, ch.Why, top(q, 3))
	}

	q = askScreen(scr("Osaka (KIX)Japan", "Oslo (OSL)Norway"), "1/option:from", PurposeOption, "where from", "OSL")
	if ch, err = l.Choose(ctx, q); err != nil {
		t.Fatal(err)
	}
	if got := nameOf(q, ch.Key); got != "Oslo (OSL)Norway" || !strings.Contains(ch.Why, "marked with the value") {
		t.Errorf("chose %q (%s); want Oslo, marked with the value", got, ch.Why)
	}

	q = askScreen(scr("Hanover, NH - Lebanon Municipal (LEB)", "Lebanon, NH - Lebanon Municipal (LEB)"), "1/option:from", PurposeOption, "from", "LEB")
	if ch, err = l.Choose(ctx, q); err != nil {
		t.Fatal(err)
	}
	if ch.Key != "" || len(ch.Ambiguous) != 2 {
		t.Errorf("chose %q, ambiguous %v (%s); want a tie of the two LEB suggestions", nameOf(q, ch.Key), ch.Ambiguous, ch.Why)
	}
}

// TestWhyNamesWhatHindersAField: a field whose words fit the step but
// that is read-only and covered (a date box under a suggestion list left
// open) loses, and the reason says that, not that its words fit poorly.
// Sources: MiniWoB++ book-flight (the date box under the airports' list),
// and the form site's fields disabled until an answer enables them
// (conditional_form's state select and "other topic" box).
func TestWhyNamesWhatHindersAField(t *testing.T) {
	s := surfaces.Screen{URL: "http://127.0.0.1/flights", Title: "Flights", Layer: surfaces.LayerPage, Candidates: []surfaces.Candidate{
		{Ref: "d1", Role: "textbox", Name: "Departure Date", Editable: true, States: []surfaces.State{surfaces.StateReadonly, surfaces.StateCovered}},
	}}
	q := askScreen(s, "1/field:departure date", PurposeField, "departure date", "2016-12-01")
	ch, err := NewLocal().Choose(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Key != "" || len(ch.Others) != 1 || !strings.Contains(ch.Others[0].Why, "but is read-only and covered") {
		t.Errorf("chose %q (%s), others %+v; want none, the field read-only and covered", nameOf(q, ch.Key), ch.Why, ch.Others)
	}
}
