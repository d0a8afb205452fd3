package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// The table's format is described once, in ../table.go, whose decoder reads
// what encode writes; these constants must match the ones there (the
// lexicon's tests decode the checked-in table, and gen's test checks that
// this program writes exactly that table).
const (
	magic    = "FLOWLEX1"
	tagShift = 29
	idMask   = 1<<tagShift - 1

	// Tags of a word's entries.
	wordSynset  = 0
	wordAntonym = 1
	wordDerived = 2
	wordExcNoun = 3 // + part of speech: 3 noun, 4 verb, 5 adjective, 6 adverb

	// Tags of a synset's entries.
	synMember   = 0
	synHypernym = 1
	synSimilar  = 2
)

// stats are the counts the generator reports.
type stats struct {
	words, lemmas, synsets, wordEntries, synEntries             int
	synonyms, antonyms, derived, similar, hypernyms, exceptions int
}

func (s stats) String() string {
	return fmt.Sprintf("%d words (%d lemmas), %d synsets, %d word entries (%d antonym, %d derived, %d exception), %d synset entries (%d member, %d hypernym, %d similar)",
		s.words, s.lemmas, s.synsets, s.wordEntries, s.antonyms, s.derived, s.exceptions, s.synEntries, s.synonyms, s.hypernyms, s.similar)
}

// singleWord reports whether a lemma is one token: WordNet joins the words of
// a collocation with "_", and the lexicon keeps none of them (callers relate
// tokens, and dropping them halves the table).
func singleWord(w string) bool {
	return w != "" && !strings.ContainsAny(w, "_ ")
}

// tableData is the table before it is written: words sorted bytewise,
// synsets by part of speech and offset, each entry tag<<29|id.
type tableData struct {
	words       []string
	synStart    [5]uint32 // synsets of part of speech p are ids synStart[p] to synStart[p+1]-1
	wordEntries [][]uint32
	synEntries  [][]uint32
}

// build turns the database into the table. Every list is sorted and
// deduplicated and every id assigned from a sorted order, so the same
// database gives the same table on every run.
func build(wn *wordnet) (*tableData, stats, error) {
	var st stats

	// The vocabulary: single-word lemmas of any part of speech, and the
	// inflected forms of the exception lists whose base forms are among them.
	isLemma := func(pos int, w string) bool { return singleWord(w) && len(wn.index[pos][w]) > 0 }
	vocab := map[string]bool{}
	for pos := range posNames {
		for w := range wn.index[pos] {
			if isLemma(pos, w) {
				vocab[w] = true
			}
		}
	}
	st.lemmas = len(vocab)
	excBases := [4]map[string][]string{}
	for pos := range posNames {
		excBases[pos] = map[string][]string{}
		for form, bases := range wn.exceptions[pos] {
			if !singleWord(form) {
				continue
			}
			var kept []string
			for _, b := range bases {
				if isLemma(pos, b) {
					kept = append(kept, b)
				}
			}
			if len(kept) > 0 {
				excBases[pos][form] = kept
				vocab[form] = true
			}
		}
	}
	words := make([]string, 0, len(vocab))
	for w := range vocab {
		words = append(words, w)
	}
	slices.Sort(words)
	wordID := make(map[string]uint32, len(words))
	for i, w := range words {
		wordID[w] = uint32(i)
	}

	// The synsets that hold at least one word of the vocabulary, ordered by
	// part of speech and offset; the others can relate no two tokens.
	kept := map[synKey]bool{}
	for pos := range posNames {
		for w, keys := range wn.index[pos] {
			if isLemma(pos, w) {
				for _, k := range keys {
					kept[k] = true
				}
			}
		}
	}
	keys := make([]synKey, 0, len(kept))
	for k := range kept {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b synKey) int {
		if a.pos != b.pos {
			return a.pos - b.pos
		}
		return int(a.offset) - int(b.offset)
	})
	synID := make(map[synKey]uint32, len(keys))
	var synStart [5]uint32
	for i, k := range keys {
		synID[k] = uint32(i)
	}
	for pos := range 5 {
		synStart[pos] = uint32(len(keys))
		if i := slices.IndexFunc(keys, func(k synKey) bool { return k.pos >= pos }); i >= 0 {
			synStart[pos] = uint32(i)
		}
	}
	if len(words) > idMask || len(keys) > idMask {
		return nil, st, fmt.Errorf("%d words, %d synsets: more than the format's %d ids", len(words), len(keys), idMask)
	}

	wordEntries := make([][]uint32, len(words))
	synEntries := make([][]uint32, len(keys))
	addWord := func(w uint32, tag, id uint32) { wordEntries[w] = append(wordEntries[w], tag<<tagShift|id) }
	addSyn := func(s uint32, tag, id uint32) { synEntries[s] = append(synEntries[s], tag<<tagShift|id) }

	for pos := range posNames {
		for w, ks := range wn.index[pos] {
			if !isLemma(pos, w) {
				continue
			}
			for _, k := range ks {
				addWord(wordID[w], wordSynset, synID[k])
			}
		}
		for form, bases := range excBases[pos] {
			for _, b := range bases {
				// A form that is its own base ("acer acer") stays: it tells
				// the lemmatiser not to strip a suffix that is no suffix.
				addWord(wordID[form], wordExcNoun+uint32(pos), wordID[b])
			}
		}
	}

	// members returns the words of the vocabulary a pointer end names: word
	// n of the synset, or all its words for a pointer between synsets.
	members := func(s *synset, n int) []uint32 {
		var ids []uint32
		for i, w := range s.words {
			if (n == 0 || n == i+1) && isLemma(s.key.pos, w) {
				ids = append(ids, wordID[w])
			}
		}
		return ids
	}
	for _, k := range keys {
		s := wn.synsets[k]
		id := synID[k]
		for _, m := range members(s, 0) {
			addSyn(id, synMember, m)
		}
		for _, p := range s.pointers {
			switch p.symbol {
			case "!", "+", `\`:
				// Lexical relations hold between words; both directions
				// are stored so a word's list is complete on its own.
				tag := uint32(wordDerived)
				if p.symbol == "!" {
					tag = wordAntonym
				}
				t := wn.synsets[p.target]
				for _, a := range members(s, p.src) {
					for _, b := range members(t, p.dst) {
						if a != b {
							addWord(a, tag, b)
							addWord(b, tag, a)
						}
					}
				}
			case "&":
				if t, ok := synID[p.target]; ok && t != id {
					addSyn(id, synSimilar, t)
					addSyn(t, synSimilar, id)
				}
			case "@", "@i":
				// One level of hypernyms, for nouns and verbs ("slice" is a
				// way to cut, "murder" to kill); hyponyms are the same
				// pointers read from the other end.
				if k.pos == noun || k.pos == verb {
					if t, ok := synID[p.target]; ok && t != id {
						addSyn(id, synHypernym, t)
					}
				}
			}
		}
	}

	st.words, st.synsets = len(words), len(keys)
	for i := range wordEntries {
		wordEntries[i] = sortedSet(wordEntries[i])
		for _, e := range wordEntries[i] {
			switch e >> tagShift {
			case wordAntonym:
				st.antonyms++
			case wordDerived:
				st.derived++
			case wordSynset:
			default:
				st.exceptions++
			}
		}
		st.wordEntries += len(wordEntries[i])
	}
	for i := range synEntries {
		synEntries[i] = sortedSet(synEntries[i])
		for _, e := range synEntries[i] {
			switch e >> tagShift {
			case synMember:
				st.synonyms++
			case synHypernym:
				st.hypernyms++
			case synSimilar:
				st.similar++
			}
		}
		st.synEntries += len(synEntries[i])
	}
	return &tableData{words, synStart, wordEntries, synEntries}, st, nil
}

// sortedSet sorts entries and drops repeats. Entries are tag<<29|id, so a
// sorted list holds its tags in order and each tag's ids ascending.
func sortedSet(s []uint32) []uint32 {
	slices.Sort(s)
	return slices.Compact(s)
}

// encode writes the table: a header, three offset arrays, the two entry
// arrays and the words' bytes, every integer a little-endian uint32.
func encode(td *tableData) []byte {
	words, synStart, wordEntries, synEntries := td.words, td.synStart, td.wordEntries, td.synEntries
	var blob strings.Builder
	wordOff := make([]uint32, 0, len(words)+1)
	for _, w := range words {
		wordOff = append(wordOff, uint32(blob.Len()))
		blob.WriteString(w)
	}
	wordOff = append(wordOff, uint32(blob.Len()))
	offsets := func(lists [][]uint32) (off, flat []uint32) {
		off = make([]uint32, 0, len(lists)+1)
		for _, l := range lists {
			off = append(off, uint32(len(flat)))
			flat = append(flat, l...)
		}
		return append(off, uint32(len(flat))), flat
	}
	wordEnt, wordFlat := offsets(wordEntries)
	synEnt, synFlat := offsets(synEntries)

	var b bytes.Buffer
	b.WriteString(magic)
	put := func(vs ...uint32) {
		for _, v := range vs {
			b.Write(binary.LittleEndian.AppendUint32(nil, v))
		}
	}
	put(uint32(len(words)), uint32(len(synEntries)))
	put(synStart[:]...)
	put(uint32(blob.Len()), uint32(len(wordFlat)), uint32(len(synFlat)))
	put(wordOff...)
	put(wordEnt...)
	put(synEnt...)
	put(wordFlat...)
	put(synFlat...)
	b.WriteString(blob.String())
	return b.Bytes()
}
