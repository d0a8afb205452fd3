package decide

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"flow/surfaces"
)

// Once Anchored has placed the options in the card the step names, what
// is left to match is the object ("Star"), not the card's own name: the
// card's title link names the entity, it is not the control meant.
func TestAnchoredQuestionMatchesTheObject(t *testing.T) {
	var cs []surfaces.Candidate
	for i, repo := range []string{"tinyowl", "quill-lite", "burrow"} {
		p := []string{"main", `article "` + repo + `"`}
		cs = append(cs,
			surfaces.Candidate{Ref: "link-" + repo, Role: "link", Name: repo, Path: p},
			surfaces.Candidate{Ref: "star-" + repo, Role: "button", Name: "Star", Path: p, Nth: i},
			surfaces.Candidate{Ref: "fork-" + repo, Role: "button", Name: "fork", Path: p, Nth: i})
	}
	q := Question{ID: "2/target", Purpose: PurposeTarget, Step: `do "press Star on the card \"quill-lite\""`,
		Ask: `press Star on the card "quill-lite"`, Screen: Brief{Candidates: cs}}
	for _, c := range cs {
		q.Options = append(q.Options, OptionOf(c))
	}
	aq, anchor := Anchored(q)
	if anchor != "quill-lite" || aq.Anchor != anchor || len(aq.Options) != 3 {
		t.Fatalf("Anchored kept %d options for %q (Anchor %q), want the 3 of the quill-lite card", len(aq.Options), anchor, aq.Anchor)
	}
	c, err := NewLocal().Choose(context.Background(), aq)
	if err != nil || c.Key != "star-quill-lite" {
		t.Errorf("chose %+v (%v), want the Star button of quill-lite", c, err)
	}
	if p := questionPrompt(aq, nil); !strings.Contains(p.user, `It sits in the group that names "quill-lite".`) {
		t.Errorf("the prompt does not say where the options were placed:\n%s", p.user)
	}
}

// TestLookAlikesInTwoGroupsNamingTheAnchorTie: the step names its group by
// any noun ("on the post"), and when two groups name the anchor (two posts
// by one author) their look-alikes tie, whatever other words of the two
// groups happen to share with the step ("on").
func TestLookAlikesInTwoGroupsNamingTheAnchorTie(t *testing.T) {
	var s surfaces.Screen
	posts := [][2]string{
		{"Ann Lee @annlee", "Morning run done, 8 km along the river."},
		{"Tom Berg @tberg", "Our bakery opens on Fifth Street tomorrow."},
		{"Ann Lee @annlee", "Trying the new bakery on Fifth Street."},
	}
	for i, p := range posts {
		n := strconv.Itoa(i + 1)
		path := []string{"main", "card #" + n}
		s.Context = append(s.Context, surfaces.ContextLine{Ref: "w" + n, Text: p[0], Path: path}, surfaces.ContextLine{Ref: "t" + n, Text: p[1], Path: path})
		for _, name := range []string{"reply", "heart"} {
			s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: name[:1] + n, Role: "button", Name: name, Path: path})
		}
	}
	ask := func(step string) Choice {
		q := Question{ID: "1/target", Purpose: PurposeTarget, Step: step, Ask: step, Screen: BriefOf(s)}
		for _, c := range s.Candidates {
			q.Options = append(q.Options, OptionOf(c))
		}
		q, _ = Anchored(q)
		c, err := NewLocal().Choose(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if c := ask(`press Like on the post "@annlee"`); c.Key != "" || len(c.Ambiguous) != 2 {
		t.Errorf("chose %q, ambiguous %v (%s): want a tie of h1 and h3", c.Key, c.Ambiguous, c.Why)
	}
	if c := ask(`press Like on the post "Trying the new bakery"`); c.Key != "h3" {
		t.Errorf("chose %q (%s), want h3", c.Key, c.Why)
	}
	if c := ask(`press Like on the post "Our bakery opens"`); c.Key != "h2" {
		t.Errorf("chose %q (%s), want h2", c.Key, c.Why)
	}
}
