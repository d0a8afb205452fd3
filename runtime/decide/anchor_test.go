package decide

import (
	"context"
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
