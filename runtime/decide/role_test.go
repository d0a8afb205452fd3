package decide

import (
	"context"
	"testing"

	"flow/surfaces"
)

// The controls people name without a label: a code for a name, a role
// noun for the only control of its kind, an ordinal over a role, a row
// named by its first words, and reads by the kind of text.

// ask asks the local decider about screen s with every candidate (and,
// for a read, every line) as an option.
func askLocal(t *testing.T, s surfaces.Screen, p Purpose, ask, value string) Choice {
	t.Helper()
	q := Question{ID: "1/" + string(p), Purpose: p, Step: ask, Ask: ask, Value: value, Screen: BriefOf(s)}
	if p == PurposeText {
		for _, l := range s.Context {
			q.Options = append(q.Options, LineOption(l))
		}
	}
	for _, c := range s.Candidates {
		q.Options = append(q.Options, OptionOf(c))
	}
	c, err := NewLocal().Choose(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func box(ref, role, name string) surfaces.Candidate {
	return surfaces.Candidate{Ref: ref, Role: role, Name: name}
}

func TestCodesAreMatchedExactly(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		box("c1", "checkbox", "T3XZr"), box("c2", "checkbox", "PgDpH3"), box("c3", "checkbox", "mJ5sq03"),
		box("c4", "checkbox", "PgDpH"), box("c5", "button", "Submit"),
	}}
	for ask, want := range map[string]string{"tick mJ5sq03": "c3", "tick PgDpH3": "c2", "tick PgDpH": "c4"} {
		if c := askLocal(t, s, PurposeTarget, ask, ""); c.Key != want {
			t.Errorf("%q chose %q (%s), want %s", ask, c.Key, c.Why, want)
		}
	}
	if c := askLocal(t, s, PurposeTarget, "tick mJ5sq0", ""); c.Key != "" {
		t.Errorf("a code one letter short chose %q (%s), want none", c.Key, c.Why)
	}
	words := surfaces.Screen{Candidates: []surfaces.Candidate{box("b1", "button", "ONE"), box("b2", "button", "TWO")}}
	if c := askLocal(t, words, PurposeTarget, "press ONE", ""); c.Key != "b1" || c.Confidence < 0.9 {
		t.Errorf("press ONE chose %q at %.2f (%s), want b1 at 0.9 or more", c.Key, c.Confidence, c.Why)
	}
}

func TestRoleNounNamesTheOnlyControlOfItsRole(t *testing.T) {
	one := surfaces.Screen{Candidates: []surfaces.Candidate{box("b1", "button", "Click Me!")}}
	if c := askLocal(t, one, PurposeTarget, "press the button", ""); c.Key != "b1" {
		t.Errorf("press the button chose %q (%s), want b1", c.Key, c.Why)
	}
	two := surfaces.Screen{Candidates: []surfaces.Candidate{box("b1", "button", "Yes"), box("b2", "button", "No")}}
	if c := askLocal(t, two, PurposeTarget, "press the button", ""); c.Key != "" || len(c.Ambiguous) != 0 && len(c.Ambiguous) != 2 {
		t.Errorf("press the button with two buttons chose %q (%s), want none", c.Key, c.Why)
	}
	search := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "s1", Role: "textbox", Editable: true, InputType: "text"}, box("s2", "button", "Search")}}
	if c := askLocal(t, search, PurposeField, "the search box", "Truman"); c.Key != "s1" {
		t.Errorf("the search box chose %q (%s), want the unnamed textbox", c.Key, c.Why)
	}
	// A named field is named by its name: "the search box" is not the
	// only textbox when that one says "Email".
	email := surfaces.Screen{Candidates: []surfaces.Candidate{{Ref: "m1", Role: "textbox", Name: "Email", Editable: true, InputType: "email"}}}
	if c := askLocal(t, email, PurposeField, "the search box", "Truman"); c.Key != "" {
		t.Errorf("the search box chose the Email field (%s), want none", c.Why)
	}
	// A text box is the one-line field, a text area the multi-line one.
	copyPaste := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "i1", Role: "textbox", Editable: true, InputType: "text"},
		{Ref: "a1", Role: "textbox", Editable: true, Value: "Sed quis egestas."},
		box("x1", "button", "Submit")}}
	if c := askLocal(t, copyPaste, PurposeField, "the textbox", "x"); c.Key != "i1" {
		t.Errorf("the textbox chose %q (%s), want the one-line field", c.Key, c.Why)
	}
	if c := askLocal(t, copyPaste, PurposeText, "the text in the textarea", ""); c.Key != "a1" {
		t.Errorf("the text in the textarea chose %q (%s), want the text area", c.Key, c.Why)
	}
}

func TestOrdinalCountsControlsOfTheRoleOnTheScreen(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		box("r1", "radio", ""), box("r2", "radio", ""), box("r3", "radio", ""),
		{Ref: "t1", Role: "textbox", Editable: true, InputType: "text"},
		{Ref: "t2", Role: "textbox", Editable: true, InputType: "text"},
		{Ref: "t3", Role: "textbox", Editable: true, InputType: "text"},
		// A skip link, drawn only while focused, is no link a person
		// counts (GOV.UK's pages start with one).
		{Ref: "s1", Role: "link", Name: "Skip to main content", States: []surfaces.State{surfaces.StateOnFocus}},
		box("l1", "link", "Home"), box("l2", "link", "About"), box("x", "button", "Submit"),
	}}
	for _, tc := range []struct {
		p         Purpose
		ask, want string
	}{
		{PurposeTarget, "check the 3rd radio button", "r3"},
		{PurposeTarget, "check the first radio button", "r1"},
		{PurposeField, "textbox number 2 from the top", "t2"},
		{PurposeField, "the 2nd textbox from the bottom", "t2"},
		{PurposeField, "the last textbox", "t3"},
		{PurposeTarget, "open the second link", "l2"},
		{PurposeTarget, "open the first link", "l1"},
	} {
		if c := askLocal(t, s, tc.p, tc.ask, "7"); c.Key != tc.want {
			t.Errorf("%q chose %q (%s), want %s", tc.ask, c.Key, c.Why, tc.want)
		}
	}
	// The count is on the screen: an option the runtime left out (here
	// the first radio) does not shift it.
	q := Question{ID: "1/target", Purpose: PurposeTarget, Step: "check the 1st radio button", Ask: "check the 1st radio button", Screen: BriefOf(s)}
	for _, c := range s.Candidates[1:3] {
		q.Options = append(q.Options, OptionOf(c))
	}
	if c, _ := NewLocal().Choose(context.Background(), q); c.Key != "" {
		t.Errorf("with the first radio left out, chose %q (%s), want none", c.Key, c.Why)
	}
}

func TestRowNamedByItsFirstWords(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		box("e1", "button", "Andria Dui sed. Augue quam."),
		box("e2", "button", "Deva Morbi. Purus. Leo cons.."),
		box("e3", "button", "Loralee Quis. Deva pretium."),
		box("e4", "link", "Deva"),
	}}
	if c := askLocal(t, s, PurposeTarget, "open the email from Deva", ""); c.Key != "e2" {
		t.Errorf("chose %q (%s), want the row that starts with Deva", c.Key, c.Why)
	}
	s.Candidates = append(s.Candidates, box("e5", "button", "Deva Tellus. At."))
	if c := askLocal(t, s, PurposeTarget, "open the email from Deva", ""); c.Key != "" {
		t.Errorf("with two rows from Deva chose %q (%s), want none", c.Key, c.Why)
	}
}

func TestReadsByTheKindOfText(t *testing.T) {
	para := surfaces.Screen{Context: []surfaces.ContextLine{
		{Ref: "h", Text: "Find the word", Role: "heading"},
		{Ref: "p", Text: "Ultricies curabitur metus. Augue quam. Ullamcorper tellus imperdiet."},
		{Ref: "s", Text: "Type it below."}},
		Candidates: []surfaces.Candidate{box("x", "button", "Submit")}}
	if c := askLocal(t, para, PurposeText, "the paragraph", ""); c.Key != "p" {
		t.Errorf("the paragraph chose %q (%s), want p", c.Key, c.Why)
	}
	sum := surfaces.Screen{Context: []surfaces.ContextLine{{Ref: "a", Text: "Solve it"}, {Ref: "b", Text: "3 + 5 ="}},
		Candidates: []surfaces.Candidate{{Ref: "f", Role: "textbox", Name: "3 + 5 =", Editable: true, InputType: "text"}}}
	if c := askLocal(t, sum, PurposeText, "the math problem", ""); c.Key != "b" {
		t.Errorf("the math problem chose %q (%s), want b", c.Key, c.Why)
	}
	form := surfaces.Screen{
		Context: []surfaces.ContextLine{
			{Ref: "r1", Text: "First name", Path: []string{"row #1"}}, {Ref: "r2", Text: "Amelie", Path: []string{"row #1"}},
			{Ref: "l1", Text: "Language:", Next: 0}, {Ref: "l2", Text: "Gender:", Next: 1}},
		Candidates: []surfaces.Candidate{
			{Ref: "f1", Role: "textbox", Name: "Language:", Editable: true, InputType: "text"},
			{Ref: "f2", Role: "textbox", Name: "Gender:", Editable: true, InputType: "text"}}}
	for ask, want := range map[string]string{"the label of the first form field": "l1", "the label of the second form field": "l2"} {
		if c := askLocal(t, form, PurposeText, ask, ""); c.Key != want {
			t.Errorf("%q chose %q (%s), want %s", ask, c.Key, c.Why, want)
		}
	}
}

func TestAnswerNamesTheFieldThatAsks(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "n", Role: "textbox", Name: "Name", Editable: true, InputType: "text"},
		{Ref: "a", Role: "textbox", Name: "2 x 4 =", Editable: true, InputType: "text"},
		box("x", "button", "Submit")}}
	if c := askLocal(t, s, PurposeField, "the answer", "8"); c.Key != "a" {
		t.Errorf("the answer chose %q (%s), want the field labelled by the sum", c.Key, c.Why)
	}
	s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: "b", Role: "textbox", Name: "What is 3 + 4?", Editable: true, InputType: "text"})
	if c := askLocal(t, s, PurposeField, "the answer", "8"); c.Key != "" {
		t.Errorf("with two fields that ask, chose %q (%s), want none", c.Key, c.Why)
	}
}

func TestReadsTheFieldLabelAndTheValueBesideIt(t *testing.T) {
	row := func(n string) []string { return []string{"table", "row #" + n} }
	s := surfaces.Screen{
		Context: []surfaces.ContextLine{
			{Ref: "a1", Text: "Year of Birth", Path: row("1")}, {Ref: "a2", Text: "1963", Path: row("1")},
			{Ref: "b1", Text: "Gender", Path: row("2")}, {Ref: "b2", Text: "Male", Path: row("2")},
			{Ref: "l1", Text: "Year of Birth:"}, {Ref: "l2", Text: "Gender:", Next: 1}},
		Candidates: []surfaces.Candidate{
			{Ref: "f1", Role: "textbox", Name: "Year of Birth:", Editable: true, InputType: "text"},
			{Ref: "f2", Role: "textbox", Name: "Gender:", Editable: true, InputType: "text"}}}
	// The table says the same words first; the label is the line nearest
	// before the field.
	if c := askLocal(t, s, PurposeText, "the label of the first form field", ""); c.Key != "l1" {
		t.Errorf("the label chose %q (%s), want l1", c.Key, c.Why)
	}
	for ask, want := range map[string]string{"the value the table gives for Year of Birth": "a2", "the value the table gives for Gender": "b2"} {
		q := Question{ID: "2/text", Purpose: PurposeText, Step: ask, Ask: ask, Screen: BriefOf(s)}
		for _, l := range s.Context {
			q.Options = append(q.Options, LineOption(l))
		}
		aq, _ := Anchored(q)
		if c, _ := NewLocal().Choose(context.Background(), aq); c.Key != want {
			t.Errorf("%q chose %q (%s), want %s", ask, c.Key, c.Why, want)
		}
	}
}

func TestScrollListIsTheListBox(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "l", Role: "listbox", Name: "Mayotte Somalia Brazil Angola Solomon Islands Switzerland Georgia Mauritania Romania"}, box("x", "button", "Submit")}}
	if c := askLocal(t, s, PurposeControl, "the scroll list", "Brazil"); c.Key != "l" {
		t.Errorf("the scroll list chose %q (%s), want the list box", c.Key, c.Why)
	}
	if c := askLocal(t, s, PurposeTarget, "open the list", ""); c.Key == "l" {
		t.Errorf("open the list chose the list box (%s): a do's list is no list box", c.Why)
	}
}

func TestIconNamedByWhatItShows(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		box("e5", "button", ""), box("e6", "button", "trash"), box("e7", "button", "star"), box("e8", "button", "Reply Forward")}}
	if c := askLocal(t, s, PurposeTarget, "press the star icon to mark the email as important", ""); c.Key != "e7" {
		t.Errorf("the star icon chose %q (%s), want e7", c.Key, c.Why)
	}
	if c := askLocal(t, s, PurposeTarget, "press the bell icon to mute the thread", ""); c.Key != "" {
		t.Errorf("the bell icon chose %q (%s), want none: no control shows a bell", c.Key, c.Why)
	}
}

// A row's own link starts with the entity, but the step names another
// control in that row: the row's name does not outrank it.
func TestLeadYieldsToTheNamedControl(t *testing.T) {
	row := func(n string) []string { return []string{"main", "row #" + n} }
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "a1", Role: "link", Name: "Acme invoice 2024-03", Path: row("1")},
		{Ref: "a2", Role: "button", Name: "Archive", Path: row("1")},
		{Ref: "b1", Role: "link", Name: "Globex invoice 2024-03", Path: row("2")},
		{Ref: "b2", Role: "button", Name: "Archive", Path: row("2")}}}
	if c := askLocal(t, s, PurposeTarget, "archive the invoice from Acme", ""); c.Key != "a2" {
		t.Errorf("chose %q (%s), want Acme's Archive button", c.Key, c.Why)
	}
}

// A quoted name is the name as written, a stopword too; a quoted anchor
// is no name.
func TestQuotedNameMatchesWhole(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{box("e2", "button", "egestas."), box("e3", "button", "a"), box("e4", "button", "In")}}
	if c := askLocal(t, s, PurposeTarget, `press the link "In"`, ""); c.Key != "e4" {
		t.Errorf("chose %q (%s), want e4", c.Key, c.Why)
	}
	cards := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "l1", Role: "link", Name: "Tea", Path: []string{`article "Tea"`}}, {Ref: "b1", Role: "button", Name: "Add to cart", Path: []string{`article "Tea"`}},
		{Ref: "l2", Role: "link", Name: "Mug", Path: []string{`article "Mug"`}}, {Ref: "b2", Role: "button", Name: "Add to cart", Path: []string{`article "Mug"`}}}}
	if c := askLocal(t, cards, PurposeTarget, `press Add to cart on the card "Mug"`, ""); c.Key != "b2" {
		t.Errorf("chose %q (%s), want the Mug card's Add to cart", c.Key, c.Why)
	}
}
