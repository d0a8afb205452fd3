package decide

import (
	"context"
	"slices"
	"strings"
	"testing"

	"flow/surfaces"
)

// quizBoxes is a vocabulary exercise as the trust site's quiz.html and
// MiniWoB++ click-checkboxes-soft show it: one box per word, the ticked
// ones named in on.
func quizBoxes(role string, words []string, on ...string) []surfaces.Candidate {
	var cs []surfaces.Candidate
	for i, w := range words {
		c := surfaces.Candidate{Ref: "e" + w, Role: role, Name: w, Path: []string{"main", `group "Tick every word"`}, Nth: i}
		for _, o := range on {
			if o == w {
				c.States = append(c.States, surfaces.StateChecked)
			}
		}
		cs = append(cs, c)
	}
	return cs
}

func quizQuestion(ask string, cs []surfaces.Candidate) Question {
	q := Question{ID: "2/target", Purpose: PurposeTarget, Step: `do "` + ask + `"`, Ask: ask, Screen: Brief{Candidates: cs}}
	for _, c := range cs {
		q.Options = append(q.Options, OptionOf(c))
	}
	return q
}

// TestMeaningRanksADirectRelationFirst: a word similar to the meant one
// itself wins over a word similar to it only through a third word, and
// the reason says which relation it took; an opposite is never chosen.
func TestMeaningRanksADirectRelationFirst(t *testing.T) {
	for _, tc := range []struct {
		ask   string
		words []string
		want  string // "" when nothing means it
	}{
		// "quiet" is similar to "small" only through "soft" (a small voice).
		{"choose the word that means the same as small", []string{"quiet", "large", "tiny", "loud"}, "tiny"},
		{"choose the word that means the same as big", []string{"tiny", "loud", "large", "quiet"}, "large"},
		{"pick a synonym of angry", []string{"calm", "mad", "sleepy"}, "mad"},
		// WordNet's gigantic and huge are both similar to "large": a
		// sibling is still a meaning when it is the only one.
		{"tick the box whose word means the same as gigantic", []string{"tiny", "huge", "calm"}, "huge"},
		{"choose the word that means the same as fast", []string{"tiny", "large", "quiet", "loud"}, ""},
	} {
		q := quizQuestion(tc.ask, quizBoxes("radio", tc.words))
		ch, err := NewLocal().Choose(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if got := nameOf(q, ch.Key); got != tc.want {
			t.Errorf("%q: chose %q (%s), want %q; ranking %v", tc.ask, got, ch.Why, tc.want, top(q, 4))
		}
		if tc.want != "" && !strings.Contains(ch.Why, "WordNet") {
			t.Errorf("%q: the reason does not say the lexicon matched: %s", tc.ask, ch.Why)
		}
	}
}

// TestEveryBoxNamedByMeaning: a step over the boxes whose words mean
// something ticks those and no other (warm is cold's opposite, bright is
// unrelated), takes any one still to tick without calling the two
// ambiguous, never presses one already ticked, and is reached when those
// are ticked, whatever the other boxes show.
func TestEveryBoxNamedByMeaning(t *testing.T) {
	const ask = "tick every word similar to cold"
	words := []string{"chilly", "warm", "icy", "bright"}
	for _, tc := range []struct {
		ask   string
		words []string
		on    []string
		want  []string // any of these will do
	}{
		{ask, words, nil, []string{"chilly", "icy"}},
		{ask, words, []string{"chilly"}, []string{"icy"}},
		{ask, words, []string{"icy"}, []string{"chilly"}},
		// A sibling through a third word scores below a box a plain
		// "every" would take: only the meaning makes the set.
		{"tick every word similar to gigantic", []string{"tiny", "huge", "calm"}, nil, []string{"huge"}},
	} {
		q := quizQuestion(tc.ask, quizBoxes("checkbox", tc.words, tc.on...))
		ch, err := NewLocal().Choose(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if got := nameOf(q, ch.Key); !slices.Contains(tc.want, got) {
			t.Errorf("%q, ticked %v: chose %q (%s; ambiguous %v), want one of %v; ranking %v", tc.ask, tc.on, got, ch.Why, ch.Ambiguous, tc.want, top(q, 4))
		}
	}
	for _, tc := range []struct {
		on      []string
		reached bool
	}{
		{[]string{"chilly", "icy"}, true},
		{[]string{"chilly"}, false},
		{[]string{"chilly", "warm", "bright"}, false},
	} {
		s := surfaces.Screen{Candidates: quizBoxes("checkbox", words, tc.on...)}
		j, err := NewLocal().Judge(context.Background(), Statement{ID: "2/judge", Text: ask, Goal: true, Screen: BriefOf(s)})
		if err != nil {
			t.Fatal(err)
		}
		if got := j.Probability >= 0.75; got != tc.reached {
			t.Errorf("ticked %v: judged %.2f (%s), want reached %v", tc.on, j.Probability, j.Why, tc.reached)
		}
	}
}

// TestEveryBoxAlreadySetIsNotPressed: a step over a set never presses a
// box already in the state it asks, which would undo it.
func TestEveryBoxAlreadySetIsNotPressed(t *testing.T) {
	cs := quizBoxes("checkbox", []string{"Order updates", "Product news", "Promotions", "Surveys"}, "Promotions", "Surveys")
	q := quizQuestion("untick every topic except Product news", cs)
	ch, err := NewLocal().Choose(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if got := nameOf(q, ch.Key); got != "Promotions" && got != "Surveys" {
		t.Errorf("chose %q (%s), want a ticked topic other than Product news; ranking %v", got, ch.Why, top(q, 4))
	}
	q = quizQuestion("tick every topic", cs)
	ch, err = NewLocal().Choose(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if got := nameOf(q, ch.Key); got != "Order updates" && got != "Product news" {
		t.Errorf("chose %q (%s), want an unticked topic; ranking %v", got, ch.Why, top(q, 4))
	}
}
