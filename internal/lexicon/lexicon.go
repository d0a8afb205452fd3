package lexicon

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Relation is how one word relates in meaning to another.
type Relation int

const (
	None     Relation = iota // no relation the lexicon knows
	Same                     // synonyms: one lemma, one synset, or one UI group
	Derived                  // derivationally related forms: delete, deletion
	Similar                  // similar adjectives: angry, mad
	Broader                  // the second word is a broader term (hypernym) for the first
	Narrower                 // the second word is a narrower term (hyponym) of the first
	Opposite                 // antonyms
	// Sibling: two adjectives similar to one head ("gigantic" and "huge",
	// both similar to "large"), two steps apart where Similar is one.
	// Only [Concepts.Meets] reports it.
	Sibling
)

var relationNames = [...]string{
	None:     "none",
	Same:     "synonym",
	Derived:  "derived form",
	Similar:  "similar",
	Broader:  "broader term",
	Narrower: "narrower term",
	Opposite: "antonym",
	Sibling:  "similar through a third word",
}

func (r Relation) String() string {
	if r < 0 || int(r) >= len(relationNames) {
		return "Relation(" + strconv.Itoa(int(r)) + ")"
	}
	return relationNames[r]
}

// Source names what vouches for a relation; a matcher puts it in the
// decision's reason.
type Source string

const (
	// WordNet is Princeton's lexical database, release 3.1.
	WordNet Source = "WordNet 3.1"
	// UILexicon is the curated table of words that mean one thing on screens
	// (ui.go).
	UILexicon Source = "UI lexicon"
	// Morphology says two words share a lemma ("deleted", "delete"). Words
	// that are equal once lower-cased are Same with no source at all.
	Morphology Source = "morphology"
)

// Relate returns what b is to a, and the source that says so: Relate("bunny",
// "rabbit") is Broader (rabbit is a broader term for bunny), Relate("rabbit",
// "bunny") is Narrower. Both words are normalised (lower case, trimmed, curly
// apostrophes straightened, emoji variation selectors dropped) and
// lemmatised, and every part of speech of each is tried.
//
// Equal words are Same with source ""; words that share a lemma are Same from
// [Morphology]. Then the UI table is asked and wins over WordNet; of the
// relations WordNet gives between any senses of the two, the first of Same,
// Opposite, Derived, Similar, Broader, Narrower is returned. When a is
// broader than b in one sense and narrower in another, the answer is Similar,
// so that Relate stays symmetric. Empty or unknown words are None.
func Relate(a, b string) (Relation, Source) {
	a, b = normalize(a), normalize(b)
	if a == "" || b == "" {
		return None, ""
	}
	if a == b {
		return Same, ""
	}
	t := wordnet()
	var bufA, bufB [8]lemma
	la, lb := t.lemmas(a, bufA[:0]), t.lemmas(b, bufB[:0])
	for _, x := range la {
		for _, y := range lb {
			if x.id == y.id {
				return Same, Morphology
			}
		}
	}
	if r := relateUI(uiForms(t, a, la), uiForms(t, b, lb)); r != None {
		return r, UILexicon
	}
	if r := t.relate(la, lb); r != None {
		return r, WordNet
	}
	return None, ""
}

// Opposites returns the antonyms of any sense of w's lemmas in WordNet, and
// the words the UI table holds opposite w's ("next" → "previous", "‹", …),
// sorted, each once.
func Opposites(w string) []string {
	w = normalize(w)
	if w == "" {
		return nil
	}
	t := wordnet()
	ls := t.lemmas(w, nil)
	var out []string
	for _, l := range ls {
		tagged(t.wordList(l.id), wordAntonym, func(id uint32) { out = append(out, t.word(int(id))) })
	}
	out = append(out, uiOppositesOf(uiForms(t, w, ls))...)
	slices.Sort(out)
	return slices.Compact(out)
}

// Lemmas returns the WordNet lemmas of w, by morphy: "mice" → ["mouse"],
// "ran" → ["run"], "saw" → ["saw", "see"]. They come in the order noun, verb,
// adjective, adverb, each once; a word WordNet does not know has none.
func Lemmas(w string) []string {
	w = normalize(w)
	if w == "" {
		return nil
	}
	t := wordnet()
	var out []string
	for _, l := range t.lemmas(w, nil) {
		out = append(out, t.word(l.id))
	}
	return out
}

// Explain phrases a relation for a decision's reason: "saved ≈ updated, UI
// lexicon", "bunny → rabbit (broader term), WordNet 3.1". It returns "" for
// None.
func Explain(a, b string, r Relation, src Source) string {
	var s string
	switch r {
	case None:
		return ""
	case Same:
		s = a + " ≈ " + b
	default:
		s = a + " → " + b + " (" + r.String() + ")"
	}
	if src != "" {
		s += ", " + string(src)
	}
	return s
}

// normalize lower-cases and trims a word, straightens curly apostrophes and
// drops emoji variation selectors, so "🗑️" is "🗑" and "Don’t" is "don't".
// A word that needs none of this is returned as it is, without allocating.
func normalize(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Map(func(r rune) rune {
		switch r {
		case '\uFE0E', '\uFE0F':
			return -1
		case '’', '‘':
			return '\''
		}
		return r
	}, s)
}

// compact drops spaces, hyphens and underscores: "sign in", "sign-in" and
// "sign_in" are "signin", the one token the UI table lists.
func compact(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// relate returns the strongest WordNet relation between any lemma of la and
// any lemma of lb.
func (t *table) relate(la, lb []lemma) Relation {
	var found uint8 // 1<<Relation for each relation seen
	for _, x := range la {
		for _, y := range lb {
			found |= t.relatePair(x, y)
		}
	}
	for _, r := range []Relation{Same, Opposite, Derived, Similar} {
		if found&(1<<r) != 0 {
			return r
		}
	}
	switch broader, narrower := found&(1<<Broader) != 0, found&(1<<Narrower) != 0; {
	case broader && narrower:
		// a is above b in one sense and below it in another; either answer
		// would make Relate(a, b) and Relate(b, a) disagree.
		return Similar
	case broader:
		return Broader
	case narrower:
		return Narrower
	}
	return None
}

// relatePair returns, as bits 1<<Relation, every relation WordNet has
// between two lemmas, each taken in the parts of speech it was found as.
func (t *table) relatePair(x, y lemma) uint8 {
	var found uint8
	lx := t.wordList(x.id)
	if has(lx, wordAntonym, uint32(y.id)) {
		found |= 1 << Opposite
	}
	if has(lx, wordDerived, uint32(y.id)) {
		found |= 1 << Derived
	}
	var bx, by [16]uint32
	sx, sy := t.senses(x, bx[:0]), t.senses(y, by[:0])
	for _, s := range sx {
		if _, ok := slices.BinarySearch(sy, s); ok {
			found |= 1 << Same
		}
		list := t.synList(int(s))
		tagged(list, synSimilar, func(o uint32) {
			if _, ok := slices.BinarySearch(sy, o); ok {
				found |= 1 << Similar
			}
		})
		tagged(list, synHypernym, func(o uint32) {
			if _, ok := slices.BinarySearch(sy, o); ok {
				found |= 1 << Broader
			}
		})
	}
	for _, s := range sy {
		tagged(t.synList(int(s)), synHypernym, func(o uint32) {
			if _, ok := slices.BinarySearch(sx, o); ok {
				found |= 1 << Narrower
			}
		})
	}
	return found
}

// senses appends the synsets of lemma l in the parts of speech it was found
// as, ascending.
func (t *table) senses(l lemma, buf []uint32) []uint32 {
	tagged(t.wordList(l.id), wordSynset, func(s uint32) {
		if l.pos&(1<<t.posOf(s)) != 0 {
			buf = append(buf, s)
		}
	})
	return buf
}
