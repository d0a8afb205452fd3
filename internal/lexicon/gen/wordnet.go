package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The four parts of speech in the order the table keeps them: WordNet's file
// names, and the letter its pointers use (a satellite adjective, "s", lives in
// data.adj and is an adjective here).
var posNames = [4]string{"noun", "verb", "adj", "adv"}

const (
	noun = iota
	verb
	adj
	adv
)

// posOf maps the part-of-speech letter of a data line or a pointer to the
// file it lives in.
func posOf(letter string) (int, error) {
	switch letter {
	case "n":
		return noun, nil
	case "v":
		return verb, nil
	case "a", "s":
		return adj, nil
	case "r":
		return adv, nil
	}
	return 0, fmt.Errorf("unknown part of speech %q", letter)
}

// synKey names a synset as WordNet does: its file and its byte offset there.
type synKey struct {
	pos    int
	offset uint32
}

// pointer is one relational pointer of a data line. src and dst are word
// numbers within the source and target synsets (1-based), or 0 for a pointer
// between the synsets as wholes.
type pointer struct {
	symbol   string
	target   synKey
	src, dst int
}

// synset is one data line: its words in order (lower case, adjective markers
// such as "(p)" removed, collocations kept so word numbers stay right) and
// its pointers.
type synset struct {
	key      synKey
	words    []string
	pointers []pointer
}

// wordnet is the part of the database the generator uses.
type wordnet struct {
	synsets map[synKey]*synset
	// index holds, per part of speech, each lemma's synsets in the index's
	// (sense frequency) order.
	index [4]map[string][]synKey
	// exceptions holds, per part of speech, each inflected form's base forms,
	// as the *.exc files list them.
	exceptions [4]map[string][]string
	// license is the licence header of data.noun, the text WordNet asks to
	// travel with every copy.
	license string
}

// readWordNet reads the data, index and exception files of a WordNet dict
// directory.
func readWordNet(dir string) (*wordnet, error) {
	wn := &wordnet{synsets: map[synKey]*synset{}}
	for pos, name := range posNames {
		license, err := readData(filepath.Join(dir, "data."+name), pos, wn.synsets)
		if err != nil {
			return nil, err
		}
		if pos == noun {
			wn.license = license
		}
		if wn.index[pos], err = readIndex(filepath.Join(dir, "index."+name), pos); err != nil {
			return nil, err
		}
		if wn.exceptions[pos], err = readExceptions(filepath.Join(dir, name+".exc")); err != nil {
			return nil, err
		}
	}
	// Every synset an index line or a pointer names must exist: a mismatch
	// means files from two releases were mixed.
	for pos := range posNames {
		for lemma, keys := range wn.index[pos] {
			for _, k := range keys {
				if wn.synsets[k] == nil {
					return nil, fmt.Errorf("index.%s: %q names synset %08d, which data.%s lacks", posNames[pos], lemma, k.offset, posNames[k.pos])
				}
			}
		}
	}
	for _, s := range wn.synsets {
		for _, p := range s.pointers {
			t := wn.synsets[p.target]
			if t == nil {
				return nil, fmt.Errorf("data.%s: synset %08d points to %08d, which data.%s lacks", posNames[s.key.pos], s.key.offset, p.target.offset, posNames[p.target.pos])
			}
			if p.src > len(s.words) || p.dst > len(t.words) {
				return nil, fmt.Errorf("data.%s: synset %08d: pointer %s names word %d/%d of synsets with %d/%d words", posNames[s.key.pos], s.key.offset, p.symbol, p.src, p.dst, len(s.words), len(t.words))
			}
		}
	}
	return wn, nil
}

// lines calls fn with each line of a file and its number, and wraps fn's
// error with the file and line.
func lines(path string, fn func(n int, line string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024) // glosses of large synsets run long
	for n := 1; sc.Scan(); n++ {
		if err := fn(n, sc.Text()); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// readData parses a data.* file into synsets and returns its licence header.
//
// A data line is "offset lex_filenum ss_type w_cnt word lex_id ... p_cnt
// symbol offset pos source/target ... [frames] | gloss" (wndb(5WN)); w_cnt
// and source/target are hexadecimal, p_cnt decimal.
func readData(path string, pos int, synsets map[synKey]*synset) (string, error) {
	var license strings.Builder
	err := lines(path, func(_ int, line string) error {
		if strings.HasPrefix(line, "  ") {
			// "  1 This software and database is being provided ..."
			text := strings.TrimSpace(line)
			if _, rest, ok := strings.Cut(text, " "); ok {
				text = strings.TrimSpace(rest)
			} else {
				text = ""
			}
			license.WriteString(text)
			license.WriteByte('\n')
			return nil
		}
		fields, _, _ := strings.Cut(line, " | ")
		f := strings.Fields(fields)
		if len(f) < 4 {
			return fmt.Errorf("short data line")
		}
		offset, err := strconv.ParseUint(f[0], 10, 32)
		if err != nil {
			return fmt.Errorf("offset: %w", err)
		}
		if p, err := posOf(f[2]); err != nil || p != pos {
			return fmt.Errorf("synset type %q in data.%s", f[2], posNames[pos])
		}
		wcnt, err := strconv.ParseUint(f[3], 16, 8)
		if err != nil {
			return fmt.Errorf("w_cnt: %w", err)
		}
		i := 4
		s := &synset{key: synKey{pos, uint32(offset)}}
		for range wcnt {
			if i+1 >= len(f) {
				return fmt.Errorf("fewer words than w_cnt")
			}
			s.words = append(s.words, cleanLemma(f[i]))
			i += 2 // word, lex_id
		}
		if i >= len(f) {
			return fmt.Errorf("no p_cnt")
		}
		pcnt, err := strconv.Atoi(f[i])
		if err != nil {
			return fmt.Errorf("p_cnt: %w", err)
		}
		i++
		for range pcnt {
			if i+3 >= len(f) {
				return fmt.Errorf("fewer pointers than p_cnt")
			}
			toff, err := strconv.ParseUint(f[i+1], 10, 32)
			if err != nil {
				return fmt.Errorf("pointer offset: %w", err)
			}
			tpos, err := posOf(f[i+2])
			if err != nil {
				return err
			}
			st, err := strconv.ParseUint(f[i+3], 16, 16)
			if err != nil || len(f[i+3]) != 4 {
				return fmt.Errorf("pointer source/target %q", f[i+3])
			}
			s.pointers = append(s.pointers, pointer{
				symbol: f[i],
				target: synKey{tpos, uint32(toff)},
				src:    int(st >> 8),
				dst:    int(st & 0xff),
			})
			i += 4
		}
		if synsets[s.key] != nil {
			return fmt.Errorf("synset %08d twice", offset)
		}
		synsets[s.key] = s
		return nil
	})
	return license.String(), err
}

// cleanLemma lower-cases a data-file lemma and drops an adjective's syntactic
// marker: "galore(ip)" is "galore".
func cleanLemma(w string) string {
	if i := strings.IndexByte(w, '('); i > 0 && strings.HasSuffix(w, ")") {
		w = w[:i]
	}
	return strings.ToLower(w)
}

// readIndex parses an index.* file: "lemma pos synset_cnt p_cnt [ptr_symbol
// ...] sense_cnt tagsense_cnt synset_offset ...".
func readIndex(path string, pos int) (map[string][]synKey, error) {
	index := map[string][]synKey{}
	err := lines(path, func(_ int, line string) error {
		if strings.HasPrefix(line, "  ") {
			return nil // licence header
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return fmt.Errorf("short index line")
		}
		cnt, err := strconv.Atoi(f[2])
		if err != nil {
			return fmt.Errorf("synset_cnt: %w", err)
		}
		pcnt, err := strconv.Atoi(f[3])
		if err != nil {
			return fmt.Errorf("p_cnt: %w", err)
		}
		first := 4 + pcnt + 2 // the pointer symbols, sense_cnt, tagsense_cnt
		if len(f) != first+cnt {
			return fmt.Errorf("%d fields, want %d", len(f), first+cnt)
		}
		lemma := strings.ToLower(f[0])
		for _, o := range f[first:] {
			off, err := strconv.ParseUint(o, 10, 32)
			if err != nil {
				return fmt.Errorf("synset offset: %w", err)
			}
			index[lemma] = append(index[lemma], synKey{pos, uint32(off)})
		}
		return nil
	})
	return index, err
}

// readExceptions parses a *.exc file: "inflected base [base ...]".
func readExceptions(path string) (map[string][]string, error) {
	exc := map[string][]string{}
	err := lines(path, func(_ int, line string) error {
		f := strings.Fields(strings.ToLower(line))
		if len(f) == 0 {
			return nil
		}
		if len(f) < 2 {
			return fmt.Errorf("exception with no base form")
		}
		exc[f[0]] = append(exc[f[0]], f[1:]...)
		return nil
	})
	return exc, err
}
