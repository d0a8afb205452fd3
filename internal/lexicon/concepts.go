package lexicon

import "slices"

// Concepts is what a word means, as ids a matcher compares in a few
// nanoseconds where [Relate] takes a microsecond: a matcher that meets
// every word of a step with every word of twenty labels computes each
// word's Concepts once and compares them pair by pair with [Concepts.Meets].
type Concepts struct {
	// own are the synsets of the word's lemmas, ascending.
	own []uint32
	// near are the synsets one step away: similar adjectives, broader
	// nouns, and the senses of derivationally related words, ascending.
	near []uint32
	// similar are the adjective synsets of near alone: two adjectives
	// similar to one head ("gigantic" and "huge", both similar to
	// "large") are similar, as WordNet's adjective clusters mean. Two
	// nouns under one broader term are not ("rabbit" and "hare").
	similar []uint32
	// ui are the UI table's groups of the word, ascending.
	ui []int
}

// Empty reports whether the lexicon knows nothing of the word.
func (c Concepts) Empty() bool { return len(c.own) == 0 && len(c.ui) == 0 }

// ConceptsOf returns the concepts of w (normalised and lemmatised as
// [Relate] does). It never panics; an unknown word has empty concepts.
func ConceptsOf(w string) Concepts {
	w = normalize(w)
	if w == "" {
		return Concepts{}
	}
	t := wordnet()
	var buf [8]lemma
	ls := t.lemmas(w, buf[:0])
	var c Concepts
	x := ui()
	for _, f := range uiForms(t, w, ls) {
		c.ui = append(c.ui, x.groups[f]...)
	}
	for _, l := range ls {
		c.own = t.senses(l, c.own)
		tagged(t.wordList(l.id), wordDerived, func(id uint32) {
			c.near = t.senses(lemma{id: int(id), pos: 0xff}, c.near)
		})
	}
	for _, s := range c.own {
		tagged(t.synList(int(s)), synSimilar, func(o uint32) {
			c.near = append(c.near, o)
			c.similar = append(c.similar, o)
		})
		tagged(t.synList(int(s)), synHypernym, func(o uint32) { c.near = append(c.near, o) })
	}
	slices.Sort(c.own)
	c.own = slices.Compact(c.own)
	slices.Sort(c.near)
	c.near = slices.Compact(c.near)
	slices.Sort(c.similar)
	c.similar = slices.Compact(c.similar)
	slices.Sort(c.ui)
	c.ui = slices.Compact(c.ui)
	return c
}

// Meets returns how b relates to a, coarsely, and the source: Same (a UI
// group or a synset in common), Similar (one step apart: similar,
// derived, broader or narrower), Sibling (two adjectives similar to one
// head), or None. Opposites are [Relate]'s to
// tell; Meets never reports them.
func (a Concepts) Meets(b Concepts) (Relation, Source) {
	if meet(a.ui, b.ui) {
		return Same, UILexicon
	}
	if meet(a.own, b.own) {
		return Same, WordNet
	}
	if meet(a.own, b.near) || meet(a.near, b.own) {
		return Similar, WordNet
	}
	if meet(a.similar, b.similar) {
		return Sibling, WordNet
	}
	return None, ""
}

// meet reports whether two ascending lists share an element.
func meet[T int | uint32](a, b []T) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}
