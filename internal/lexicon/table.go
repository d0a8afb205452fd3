package lexicon

import (
	_ "embed"
	"fmt"
	"sort"
	"sync"
)

//go:generate sh -c "go run ./gen -wordnet \"$(./fetch.sh)\" -o wordnet.bin -license WORDNET-LICENSE"

// wordnetBin is the table cmd gen writes from WordNet 3.1. It is embedded as
// a string so that decoding can slice it without copying.
//
//go:embed wordnet.bin
var wordnetBin string

// The table's format. Every integer is a little-endian uint32.
//
//	"FLOWLEX1"                          magic
//	nWords nSynsets                     counts
//	synStart[5]                         synsets of part of speech p (noun,
//	                                    verb, adjective, adverb) have ids
//	                                    synStart[p] to synStart[p+1]-1
//	blobLen nWordEntries nSynEntries    lengths of the arrays below
//	wordOff[nWords+1]                   word i is blob[wordOff[i]:wordOff[i+1]]
//	wordEnt[nWords+1]                   word i's entries are wordEntries[wordEnt[i]:wordEnt[i+1]]
//	synEnt[nSynsets+1]                  synset i's entries are synEntries[synEnt[i]:synEnt[i+1]]
//	wordEntries[nWordEntries]           tag<<29 | id, see the word tags
//	synEntries[nSynEntries]             tag<<29 | id, see the synset tags
//	blob[blobLen]                       the words, sorted bytewise, unseparated
//
// A word is a single-word lemma of WordNet, lower case, or an inflected form
// of an exception list (which may be both). Each list of entries is sorted,
// so its tags come in order and each tag's ids ascend. Lexical relations
// (antonyms, derived forms) are stored from both ends, as is similar-to;
// hypernyms are stored from the narrower synset only, and hyponyms are read
// by looking from the other word.
const (
	magic      = "FLOWLEX1"
	headerSize = len(magic) + 4*(2+5+3)
	tagShift   = 29
	idMask     = 1<<tagShift - 1

	// Tags of a word's entries.
	wordSynset  = 0 // a synset the word is a lemma of
	wordAntonym = 1 // a word that is an antonym of one of its senses
	wordDerived = 2 // a derivationally related word
	wordExcNoun = 3 // wordExcNoun+p: a base form of this inflected form, part of speech p
	wordExcAdv  = wordExcNoun + adv

	// Tags of a synset's entries.
	synMember   = 0 // a word of the synset
	synHypernym = 1 // a broader synset (nouns: @ and @i)
	synSimilar  = 2 // a similar adjective synset (&)
)

// Parts of speech, in the table's order.
const (
	noun = iota
	verb
	adj
	adv
)

// table is the decoded lexicon: views into the embedded bytes.
type table struct {
	nWords, nSynsets int
	synStart         [5]uint32
	blob             string
	wordOff          u32s
	wordEnt          u32s
	synEnt           u32s
	wordEntries      u32s
	synEntries       u32s
}

// u32s is an array of little-endian uint32s read in place from a string.
type u32s string

func (s u32s) len() int { return len(s) / 4 }

func (s u32s) at(i int) uint32 {
	s = s[4*i : 4*i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// slice returns elements i to j-1.
func (s u32s) slice(i, j int) u32s { return s[4*i : 4*j] }

// wordnet is the table, decoded on first use. A table that does not decode
// is a build that shipped a broken wordnet.bin, not bad input: it panics
// with the reason.
var wordnet = sync.OnceValue(func() *table {
	t, err := decode(wordnetBin)
	if err != nil {
		panic("lexicon: the embedded wordnet.bin is corrupt (regenerate it as internal/lexicon/README.md says): " + err.Error())
	}
	return t
})

// decode checks the table and returns views into it. Every offset and id is
// checked here, once, so that lookups may index without further checks and
// never panic.
func decode(data string) (*table, error) {
	if len(data) < headerSize || data[:len(magic)] != magic {
		return nil, fmt.Errorf("no %s header", magic)
	}
	h := u32s(data[len(magic):headerSize])
	t := &table{nWords: int(h.at(0)), nSynsets: int(h.at(1))}
	for p := range t.synStart {
		t.synStart[p] = h.at(2 + p)
	}
	blobLen, nWordEntries, nSynEntries := int(h.at(7)), int(h.at(8)), int(h.at(9))

	// Lengths are checked in int64 so a corrupt count cannot overflow.
	want := int64(headerSize) + 4*(2*(int64(t.nWords)+1)+int64(t.nSynsets)+1+int64(nWordEntries)+int64(nSynEntries)) + int64(blobLen)
	if int64(len(data)) != want {
		return nil, fmt.Errorf("%d bytes, the header says %d", len(data), want)
	}
	if t.nWords > idMask || t.nSynsets > idMask {
		return nil, fmt.Errorf("%d words, %d synsets: too many ids", t.nWords, t.nSynsets)
	}
	rest := data[headerSize:]
	take := func(n int) u32s {
		s := u32s(rest[:4*n])
		rest = rest[4*n:]
		return s
	}
	t.wordOff = take(t.nWords + 1)
	t.wordEnt = take(t.nWords + 1)
	t.synEnt = take(t.nSynsets + 1)
	t.wordEntries = take(nWordEntries)
	t.synEntries = take(nSynEntries)
	t.blob = rest

	if t.synStart[0] != 0 || int(t.synStart[4]) != t.nSynsets {
		return nil, fmt.Errorf("synStart %v does not cover %d synsets", t.synStart, t.nSynsets)
	}
	for p := range 4 {
		if t.synStart[p] > t.synStart[p+1] {
			return nil, fmt.Errorf("synStart %v decreases", t.synStart)
		}
	}
	if err := checkOffsets("wordOff", t.wordOff, blobLen); err != nil {
		return nil, err
	}
	if err := checkOffsets("wordEnt", t.wordEnt, nWordEntries); err != nil {
		return nil, err
	}
	if err := checkOffsets("synEnt", t.synEnt, nSynEntries); err != nil {
		return nil, err
	}
	prev := ""
	for i := range t.nWords {
		w := t.word(i)
		if w == "" || (i > 0 && w <= prev) {
			return nil, fmt.Errorf("word %d %q is empty or out of order", i, w)
		}
		prev = w
		if err := checkEntries(t.wordList(i), func(tag uint32) int {
			switch {
			case tag == wordSynset:
				return t.nSynsets
			case tag <= wordExcAdv:
				return t.nWords
			}
			return 0
		}); err != nil {
			return nil, fmt.Errorf("word %q: %w", w, err)
		}
	}
	for s := range t.nSynsets {
		if err := checkEntries(t.synList(s), func(tag uint32) int {
			switch tag {
			case synMember:
				return t.nWords
			case synHypernym, synSimilar:
				return t.nSynsets
			}
			return 0
		}); err != nil {
			return nil, fmt.Errorf("synset %d: %w", s, err)
		}
	}
	return t, nil
}

// checkOffsets checks that offs runs from 0 to end without decreasing.
func checkOffsets(name string, offs u32s, end int) error {
	prev := uint32(0)
	for i := range offs.len() {
		o := offs.at(i)
		if (i == 0 && o != 0) || o < prev {
			return fmt.Errorf("%s[%d] = %d out of order", name, i, o)
		}
		prev = o
	}
	if int(prev) != end {
		return fmt.Errorf("%s ends at %d, not %d", name, prev, end)
	}
	return nil
}

// checkEntries checks that a list is sorted and that each id is below the
// limit its tag allows (0 for an unknown tag).
func checkEntries(list u32s, limit func(tag uint32) int) error {
	prev := uint32(0)
	for i := range list.len() {
		e := list.at(i)
		if i > 0 && e <= prev {
			return fmt.Errorf("entries out of order")
		}
		prev = e
		if int(e&idMask) >= limit(e>>tagShift) {
			return fmt.Errorf("entry tag %d id %d out of range", e>>tagShift, e&idMask)
		}
	}
	return nil
}

// word returns word i.
func (t *table) word(i int) string {
	return t.blob[t.wordOff.at(i):t.wordOff.at(i+1)]
}

// find returns the id of word w, or -1.
func (t *table) find(w string) int {
	i := sort.Search(t.nWords, func(i int) bool { return t.word(i) >= w })
	if i < t.nWords && t.word(i) == w {
		return i
	}
	return -1
}

// wordList returns word i's entries.
func (t *table) wordList(i int) u32s {
	return t.wordEntries.slice(int(t.wordEnt.at(i)), int(t.wordEnt.at(i+1)))
}

// synList returns synset s's entries.
func (t *table) synList(s int) u32s {
	return t.synEntries.slice(int(t.synEnt.at(s)), int(t.synEnt.at(s+1)))
}

// tagged calls fn with the id of each entry of list that has the tag, in
// ascending order.
func tagged(list u32s, tag uint32, fn func(id uint32)) {
	for i := range list.len() {
		e := list.at(i)
		switch {
		case e>>tagShift == tag:
			fn(e & idMask)
		case e>>tagShift > tag:
			return
		}
	}
}

// has reports whether list has the entry tag, id.
func has(list u32s, tag, id uint32) bool {
	want := tag<<tagShift | id
	i := sort.Search(list.len(), func(i int) bool { return list.at(i) >= want })
	return i < list.len() && list.at(i) == want
}

// posOf returns the part of speech of synset s.
func (t *table) posOf(s uint32) int {
	for p := adv; p > noun; p-- {
		if s >= t.synStart[p] {
			return p
		}
	}
	return noun
}

// posMask returns the parts of speech word i is a lemma of, one bit each.
func (t *table) posMask(i int) uint8 {
	var m uint8
	tagged(t.wordList(i), wordSynset, func(s uint32) { m |= 1 << t.posOf(s) })
	return m
}
