package decide

import (
	"context"
	"strings"
	"testing"

	"flow/surfaces"
)

// The local decider is total: no step text or screen text panics it, a
// choice is always an offered key or none, and probabilities stay in
// [0, 1].
func FuzzLocal(f *testing.F) {
	f.Add("search for flights", "Search flights", "8 flights from Lisbon", "no results are shown")
	f.Add("", "", "", "")
	f.Add("raise the quantity to 2", "+", "Quantity of mug ×2", `the page says "x" or 'y'`)
	f.Add("so until that", "Pay €1", "isn't", "do not close the banner so it closes")
	f.Fuzz(func(t *testing.T, ask, name, text, cond string) {
		s := surfaces.Screen{Title: text, Layer: surfaces.LayerDialog,
			Candidates: []surfaces.Candidate{btn("e1", name, `dialog "`+text+`"`), {Ref: "e2", Role: "textbox", Name: text, Value: name, Editable: true}},
			Context:    []surfaces.ContextLine{line("t1", text, "listitem #1"), line("t2", name, "listitem #2")}}
		for _, p := range purposes {
			q := askScreen(s, "1/x", p, ask, name)
			ch, err := NewLocal().Choose(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if !ch.None() && !q.offered(ch.Key) || ch.Confidence < 0 || ch.Confidence > 1 {
				t.Fatalf("choice %+v", ch)
			}
		}
		for _, step := range []string{"verify x", "do x"} {
			j, err := NewLocal().Judge(context.Background(), Statement{ID: "1/judge", Step: step, Text: cond + " ", Screen: BriefOf(s)})
			if err != nil && strings.TrimSpace(cond) != "" {
				t.Fatal(err)
			}
			if j.Probability < 0 || j.Probability > 1 {
				t.Fatalf("p = %v", j.Probability)
			}
		}
		ActIntent(ask)
		questionPrompt(askScreen(s, "1/x", PurposeTarget, ask, name), nil)
	})
}
