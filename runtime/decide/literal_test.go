package decide

import (
	"testing"

	"flow/surfaces"
)

func TestLiteralReadsQuotedTextOnTheScreen(t *testing.T) {
	b := Brief{
		Title: "Inbox · Postbox Mail",
		Candidates: []surfaces.Candidate{
			{Role: "button", Name: "Accept all", Path: []string{`dialog "We value your privacy"`}},
		},
		Context: []surfaces.ContextLine{
			{Text: "Draft   saved."},
			{Text: "Unsaved changes: 2"},
		},
	}
	cases := []struct {
		text    string
		negated bool
		p       float64
	}{
		{`the page shows "Draft saved"`, false, 1},
		{`the page shows "draft SAVED"`, false, 1},                // case and spacing aside
		{`The screen shows "Saved changes"`, false, 0},            // "Unsaved changes" is other words
		{`"Accept all" is shown`, false, 1},                       // a control's name
		{`“Accept all” is visible`, true, 0},                      // asked negated
		{`the "We value your privacy" dialog is shown`, false, 1}, // a group's name
		{`the "Cookies" banner is open`, false, 0},
		{`"Draft" is displayed`, false, 1},
		{`the page shows "Inbox · Postbox Mail"`, false, 1}, // the title
	}
	for _, c := range cases {
		j, ok := Literal(Statement{Text: c.text, Negated: c.negated, Screen: b})
		if !ok || j.Probability != c.p || j.Why == "" {
			t.Errorf("%s (negated %v): %+v, %v; want %v", c.text, c.negated, j, ok, c.p)
		}
	}
	for _, text := range []string{
		`the draft is saved`,                      // no quoted text: a judgement
		`the page shows "Draft saved" and a link`, // more than a quoted text
		`"Accept all" is not shown`,               // a negation in words is judged
		`"Saved" in the status line`,
	} {
		if _, ok := Literal(Statement{Text: text, Screen: b}); ok {
			t.Errorf("%s: read literally", text)
		}
	}
	if _, ok := Literal(Statement{Text: `the page shows "Draft saved"`, Goal: true, Screen: b}); ok {
		t.Error("a do step's goal read literally")
	}
}
