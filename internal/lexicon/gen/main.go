// Command gen writes the lexicon's table (wordnet.bin) and its licence
// (WORDNET-LICENSE) from WordNet 3.1's database files:
//
//	go run ./internal/lexicon/gen -wordnet "$(internal/lexicon/fetch.sh)"
//
// It reads data.{noun,verb,adj,adv}, index.* and the *.exc exception lists of
// the directory, keeps the single-word lemmas and their synonyms, antonyms,
// derivationally related forms, similar adjectives and nouns' hypernyms, and
// writes the compact table the package embeds (the format is described in
// ../table.go). The output depends on the database alone: the same files give
// the same bytes on every run, which the package's test checks.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

func main() {
	dir := flag.String("wordnet", "", "WordNet dict directory holding data.noun, index.noun, noun.exc, … (internal/lexicon/fetch.sh prints one)")
	out := flag.String("o", "internal/lexicon/wordnet.bin", "the table to write")
	license := flag.String("license", "internal/lexicon/WORDNET-LICENSE", "where to write WordNet's licence")
	flag.Parse()
	if *dir == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/lexicon/gen -wordnet DIR [-o FILE] [-license FILE]")
		os.Exit(2)
	}
	table, lic, st, err := generate(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, table, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*license, lic, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gen: wrote %s (%d bytes): %v\n", *out, len(table), st)
}

// generate reads the database in dir and returns the table, the licence file
// and the counts.
func generate(dir string) (table, license []byte, st stats, err error) {
	wn, err := readWordNet(dir)
	if err != nil {
		return nil, nil, st, err
	}
	if wn.license == "" {
		return nil, nil, st, fmt.Errorf("data.noun has no licence header")
	}
	td, st, err := build(wn)
	if err != nil {
		return nil, nil, st, err
	}
	return encode(td), licenseText(wn.license), st, nil
}

// licenseText is WordNet 3.1's licence as data.noun's header states it, and
// a note on the exception lists, which come from WordNet 3.0 under the same
// terms.
func licenseText(header string) []byte {
	var b bytes.Buffer
	b.WriteString("WordNet Release 3.1\n\n")
	b.WriteString(header)
	b.WriteString(`
The morphological exception lists (noun.exc, verb.exc, adj.exc, adv.exc) the
lexicon's table includes are those of WordNet Release 3.0, under the licence
above with the notice "WordNet 3.0 Copyright 2006 by Princeton University.
All rights reserved."
`)
	return b.Bytes()
}
