package lexicon

import "testing"

// TestConceptsMeetAsRelateDoes: the cheap comparison a matcher uses agrees
// with Relate on pairs of each relation, and on unrelated words.
func TestConceptsMeetAsRelateDoes(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want Relation
		src  Source
	}{
		{"saved", "updated", Same, UILexicon},
		{"trash", "delete", Same, UILexicon},
		{"big", "large", Same, WordNet},
		{"rabbit", "bunny", Similar, WordNet},
		{"bunny", "rabbit", Similar, WordNet},
		{"angry", "mad", Similar, WordNet},
		{"delete", "deletion", Similar, WordNet},
		{"gigantic", "huge", Sibling, WordNet},
		// "small" is similar to "tiny" itself, and to "quiet" only
		// through a third word (a small voice is a soft one).
		{"small", "tiny", Similar, WordNet},
		{"small", "quiet", Sibling, WordNet},
		// A verb is one step from its broader verb: murder is a way to
		// kill, whisper a way to speak (MiniWoB++ click-checkboxes-soft,
		// the trust site's vocabulary quiz).
		{"murder", "kill", Similar, WordNet},
		{"detest", "dislike", Similar, WordNet},
		{"whisper", "speak", Similar, WordNet},
		{"whisper", "sew", None, ""},
		{"piano", "violin", None, ""}, // two nouns under one broader term
		{"rabbit", "submit", None, ""},
		{"rabbit", "", None, ""},
		{"xq7zz", "rabbit", None, ""},
	} {
		got, src := ConceptsOf(c.a).Meets(ConceptsOf(c.b))
		if got != c.want || src != c.src {
			t.Errorf("%s meets %s: %v (%s), want %v (%s)", c.a, c.b, got, src, c.want, c.src)
		}
	}
}

func BenchmarkConceptsMeet(b *testing.B) {
	x, y := ConceptsOf("rabbit"), ConceptsOf("submit")
	for b.Loop() {
		x.Meets(y)
	}
}
