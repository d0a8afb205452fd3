package guard

import (
	"strings"
	"testing"
)

// lexiconPhrase is a phrase built from the lexicon and the class it must
// read as.
type lexiconPhrase struct {
	phrase string
	class  Class
}

// lexiconPhrases holds one label for every verb and commit phrase of the
// lexicon, written the way the verb's rule needs it ("Delete", "Cancel
// order", "Subscribe for €9.99 a month", "Place order"), with the class it
// must read as.
func lexiconPhrases() []lexiconPhrase {
	var t []lexiconPhrase
	for _, e := range lexicon {
		for _, v := range strings.Fields(e.verbs) {
			switch e.kind {
			case always:
				t = append(t, lexiconPhrase{v, e.class})
			case withObject:
				t = append(t, lexiconPhrase{v + " order", e.class})
			case priced:
				t = append(t, lexiconPhrase{v + " for €9.99 a month", Payment})
			case onlyWith:
				t = append(t, lexiconPhrase{v + " all " + strings.Fields(e.only)[0], e.class})
			}
		}
	}
	for v := range commitVerbs {
		for n, class := range actionNouns {
			t = append(t, lexiconPhrase{v + " " + n, class})
		}
	}
	return t
}

// TestLexiconPhrasesClassifyThemselves reads every verb of the lexicon as
// its rule needs it, both as a label and as step text, so that a verb
// added to the lexicon is known to both readers.
func TestLexiconPhrasesClassifyThemselves(t *testing.T) {
	for _, e := range lexiconPhrases() {
		if got := Classify(e.phrase); got.Class != e.class {
			t.Errorf("Classify(%q) = %+v; want %v", e.phrase, got, e.class)
		}
		if got, ok := DescribesIrreversible(e.phrase); !ok || got.Class != e.class {
			t.Errorf("DescribesIrreversible(%q) = %+v; want %v", e.phrase, got, e.class)
		}
	}
}

// TestLexiconWords checks the word lists the rules read: every verb is
// lower-case and listed once, and the verbs that start a phrase are known
// to step text in any inflection.
func TestLexiconWords(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range lexicon {
		for _, v := range strings.Fields(e.verbs) {
			if v != strings.ToLower(v) || seen[v] {
				t.Errorf("verb %q is not lower-case or is listed twice", v)
			}
			seen[v] = true
			if l := labelRules[lexemes[stem(v)]]; l == nil || l.class != e.class || l.kind != e.kind {
				t.Errorf("lexemes[%q] = %q; want %q", stem(v), lexemes[stem(v)], v)
			}
		}
	}
	for _, v := range []string{"check", "move", "top"} {
		if lexemes[stem(v)] != v {
			t.Errorf("lexemes[%q] = %q; want %q", stem(v), lexemes[stem(v)], v)
		}
	}
}
