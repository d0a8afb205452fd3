package decide

import (
	"strings"
	"testing"

	"flow/surfaces"
)

// The pieces of a name a step gives ("ends with", "starts with",
// "contains"), a role taken by an indefinite article ("click a
// checkbox"), a role named with "widget", and the message field an enter
// names by its purpose.

// suggestions is an open suggestion list under a field holding "Sa", with
// the list itself drawn as one pressable box around its items.
func suggestions() surfaces.Screen {
	item := func(ref, name string, y float64) surfaces.Candidate {
		return surfaces.Candidate{Ref: ref, Role: "button", Name: name, Path: []string{"listitem #" + ref[1:]},
			Bounds: surfaces.Bounds{X: 10, Y: y, W: 120, H: 20}}
	}
	return surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "f1", Role: "textbox", Name: "Tags", InputType: "text", Value: "Sa", Editable: true, States: []surfaces.State{surfaces.StateFocused}},
		{Ref: "l0", Role: "button", Name: "Saint Lucia Samoa San Marino Saudi Arabia", Bounds: surfaces.Bounds{X: 5, Y: 40, W: 130, H: 100}},
		item("l1", "Saint Lucia", 40), item("l2", "Samoa", 60), item("l3", "San Marino", 80), item("l4", "Saudi Arabia", 100),
		{Ref: "s1", Role: "button", Name: "Submit", Bounds: surfaces.Bounds{X: 10, Y: 200, W: 60, H: 20}},
	}}
}

func TestAffixPlacesTheNameThatMeetsIt(t *testing.T) {
	s := suggestions()
	for ask, want := range map[string]string{
		`choose the suggestion that ends with "ino"`:                   "l3",
		`choose the suggestion ending in "arabia"`:                     "l4",
		`choose the first suggestion that starts with "Sa"`:            "l1",
		`choose the last suggestion that starts with "Sa"`:             "l4",
		`click the item containing "moa"`:                              "l2",
		`choose the suggestion that starts with "Sam"`:                 "l2",
		`choose the suggestion that starts with "S" and ends with "a"`: "",
	} {
		c := askLocal(t, s, PurposeTarget, ask, "")
		if c.Key != want {
			t.Errorf("%q chose %q (%s), want %q", ask, c.Key, c.Why, want)
		}
		if want == "l3" && !strings.Contains(c.Why, `ends with "ino"`) {
			t.Errorf("%q: the why %q does not say the name ends with \"ino\"", ask, c.Why)
		}
	}
	// Nothing meets it: nothing is chosen, not the closest word.
	if c := askLocal(t, s, PurposeTarget, `choose the suggestion that ends with "xyz"`, ""); c.Key != "" {
		t.Errorf("an affix nothing meets chose %q (%s)", c.Key, c.Why)
	}
}

func TestAffixesOf(t *testing.T) {
	got := affixesOf(`the item that begins with "Gre" and ends with “ada”, not containing "x"`)
	want := []affix{{"prefix", "gre"}, {"suffix", "ada"}, {"contains", "x"}}
	if len(got) != len(want) {
		t.Fatalf("affixesOf = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("affix %d = %v, want %v", i, got[i], want[i])
		}
	}
	if got := affixesOf(`press "Ends with" on the card "Mia"`); len(got) != 0 {
		t.Errorf("quoted words are no affix: %v", got)
	}
}

func TestIndefiniteArticleTakesAnyOfTheRole(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "t1", Role: "textbox", Name: "", Value: "U", Editable: true},
		{Ref: "t2", Role: "textbox", Name: "U", InputType: "text", Value: "XZ", Editable: true},
		{Ref: "r1", Role: "radio", Name: "v"},
		{Ref: "t3", Role: "textbox", Name: "", Value: "H", Editable: true},
		{Ref: "b1", Role: "button", Name: "go"},
	}}
	for ask, want := range map[string]string{
		"click a textarea widget": "t1", // t1 and t3 are text areas: any will do
		"click on a radio widget": "r1",
		"click a text widget":     "t2", // the one-line field
		"click a button widget":   "b1",
		"click the textarea":      "", // the step says one, the screen has two
	} {
		c := askLocal(t, s, PurposeTarget, ask, "")
		if c.Key != want {
			t.Errorf("%q chose %q (%s), want %q", ask, c.Key, c.Why, want)
		}
	}
	if c := askLocal(t, s, PurposeTarget, "click a textarea widget", ""); !strings.Contains(c.Why, "the step takes any") {
		t.Errorf("the why %q does not say the step takes any", c.Why)
	}
}

func TestMessageIsTheMultiLineField(t *testing.T) {
	s := surfaces.Screen{Candidates: []surfaces.Candidate{
		{Ref: "to", Role: "textbox", Name: "to:", InputType: "text", Editable: true},
		{Ref: "body", Role: "textbox", Name: "", Editable: true},
		{Ref: "send", Role: "button", Name: "send"},
	}}
	for _, ask := range []string{"the reply message", "the message", "the message body"} {
		if c := askLocal(t, s, PurposeField, ask, "Hello"); c.Key != "body" {
			t.Errorf("enter %q chose %q (%s), want the text area", ask, c.Key, c.Why)
		}
	}
	// A read of "the message" is text the page shows, not a field.
	if r := roleNounOf(PurposeText, "the message"); r != nil {
		t.Errorf("a read of the message names a role: %+v", r)
	}
}
