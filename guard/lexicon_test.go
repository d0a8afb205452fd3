package guard

import (
	"strings"
	"testing"
)

// table holds one label for every verb and commit phrase of the lexicon,
// written the way the verb's rule needs it ("Delete", "Cancel order",
// "Subscribe for €9.99 a month", "Place order"), with the class it must
// read as both as a label and as step text (TestTableEntriesClassifyThemselves).
var table = func() []struct {
	phrase string
	class  Class
} {
	var t []struct {
		phrase string
		class  Class
	}
	add := func(phrase string, class Class) {
		t = append(t, struct {
			phrase string
			class  Class
		}{phrase, class})
	}
	for _, e := range lexicon {
		for _, v := range strings.Fields(e.verbs) {
			switch e.kind {
			case always:
				add(v, e.class)
			case withObject:
				add(v+" order", e.class)
			case priced:
				add(v+" for €9.99 a month", Payment)
			case onlyWith:
				add(v+" all "+strings.Fields(e.only)[0], e.class)
			}
		}
	}
	for v := range commitVerbs {
		for n, class := range actionNouns {
			add(v+" "+n, class)
		}
	}
	return t
}()

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
