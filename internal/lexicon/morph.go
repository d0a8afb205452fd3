package lexicon

import "strings"

// detachment lists WordNet's morphy rules (morph.c, morphy(7WN)) per part of
// speech: a word ending in suffix may be an inflection of the word with that
// suffix replaced by ending. Adverbs have no rules, only exceptions.
var detachment = [4][]struct{ suffix, ending string }{
	noun: {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	verb: {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	adj:  {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// lemma is a base form found for a word: the word's id in the table, and the
// parts of speech it was found as (one bit each), so that "saw" as the past of
// "see" brings the verb's senses of "see" and not the noun's (a diocese).
type lemma struct {
	id  int
	pos uint8
}

// lemmas returns the base forms of a normalised word, in the order noun,
// verb, adjective, adverb, each at most once. For each part of speech, as
// morphy does: when the word is an inflected form in the exception list, its
// listed base forms and the word itself; otherwise the word and what each
// detachment rule makes of it; of these, the ones that are lemmas of that
// part of speech.
func (t *table) lemmas(w string, buf []lemma) []lemma {
	out := buf[:0]
	add := func(id, pos int) {
		for i := range out {
			if out[i].id == id {
				out[i].pos |= 1 << pos
				return
			}
		}
		out = append(out, lemma{id, 1 << pos})
	}
	try := func(cand string, pos int) {
		if id := t.find(cand); id >= 0 && t.posMask(id)&(1<<pos) != 0 {
			add(id, pos)
		}
	}
	self := t.find(w)
	var selfMask uint8
	if self >= 0 {
		selfMask = t.posMask(self)
	}
	for pos := range 4 {
		if selfMask&(1<<pos) != 0 {
			add(self, pos)
		}
		if self >= 0 {
			exception := false
			tagged(t.wordList(self), wordExcNoun+uint32(pos), func(base uint32) {
				add(int(base), pos) // the generator kept only bases that are lemmas of pos
				exception = true
			})
			if exception {
				continue
			}
		}
		// morph.c leaves nouns ending in "ss" and words of two letters or
		// fewer alone: "glass" is no plural of "glas".
		if pos == noun && (strings.HasSuffix(w, "ss") || len(w) <= 2) {
			continue
		}
		for _, r := range detachment[pos] {
			if len(w) > len(r.suffix) && strings.HasSuffix(w, r.suffix) {
				try(w[:len(w)-len(r.suffix)]+r.ending, pos)
			}
		}
	}
	return out
}
