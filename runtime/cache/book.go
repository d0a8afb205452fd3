package cache

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Key names one question of a run: the step, the question (its purpose
// and slot: "target", "field:where from", "judge:not"), the words it asks
// about as rendered and the value it seeks. N counts the times the same
// question was asked in the run, from 1; exact answers leave it 0.
type Key struct {
	Step     string
	Question string
	Ask      string
	Value    string
	N        int
}

// Entry is one stored answer: a target, or exact answers by digest.
type Entry struct {
	Step     string `yaml:"step"`
	Question string `yaml:"question"`
	Ask      string `yaml:"ask,omitempty"`
	Value    string `yaml:"value,omitempty"`
	N        int    `yaml:"nth,omitempty"`
	// Text is the step's source text; an entry whose step reads otherwise
	// now is dropped.
	Text    string   `yaml:"text"`
	Target  *Target  `yaml:"target,omitempty"`
	Answers []Answer `yaml:"answers,omitempty"`
}

// Answer is what the decider answered when shown the question and screen
// with Digest: the option it chose (Choice, counted from 1; 0 is none) or
// the probability it gave a statement.
type Answer struct {
	Digest      string  `yaml:"digest"`
	Choice      int     `yaml:"choice,omitempty"`
	Probability float64 `yaml:"probability,omitempty"`
	Why         string  `yaml:"why,omitempty"`
}

// MaxAnswers is how many exact answers an entry keeps, newest first: a
// wait_for that polls sees a few screens before the one it waits for.
const MaxAnswers = 8

func (e *Entry) key() Key {
	return Key{Step: e.Step, Question: e.Question, Ask: e.Ask, Value: e.Value, N: e.N}
}

// file is the YAML document of a book.
type file struct {
	Flow    string  `yaml:"flow"`
	Source  string  `yaml:"source,omitempty"`
	Entries []Entry `yaml:"entries"`
}

// Book is the cache of one flow, in memory.
type Book struct {
	path    string
	mode    Mode
	doc     file
	index   map[Key]*Entry
	changed bool
}

// FileName is the name of the book of flow name defined in the flow file
// source: "booking.book_cheapest_flight.yaml" for booking.flow.
func FileName(source, name string) string {
	base := strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))
	return base + "." + name + ".yaml"
}

// DefaultDir is the cache directory beside a flow file.
func DefaultDir(source string) string {
	return filepath.Join(filepath.Dir(source), ".flow-cache")
}

// Open reads the book at path for flow name of the flow file source, or
// starts an empty one when there is none. A file that is not a book of
// this flow is an error: the hint is `flow cache clear`.
func Open(path string, mode Mode, name, source string) (*Book, error) {
	b := &Book{path: path, mode: mode, doc: file{Flow: name, Source: filepath.Base(source)}, index: map[Key]*Entry{}}
	if mode == Off {
		return b, nil
	}
	doc, err := read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return b, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w (remove it with `flow cache clear %s`)", err, path)
	}
	if doc.Flow != "" && doc.Flow != name {
		return nil, fmt.Errorf("cache: %s holds flow %q, not %q (remove it with `flow cache clear %s`)", path, doc.Flow, name, path)
	}
	b.indexEntries(doc.Entries)
	return b, nil
}

// Load reads the book at path whatever flow it holds, for `flow cache show`.
func Load(path string) (*Book, error) {
	doc, err := read(path)
	if err != nil {
		return nil, err
	}
	b := &Book{path: path, mode: Read, doc: doc, index: map[Key]*Entry{}}
	b.indexEntries(doc.Entries)
	return b, nil
}

// read parses the file at path; a missing one's error is fs.ErrNotExist.
func read(path string) (file, error) {
	var doc file
	data, err := os.ReadFile(path)
	if err != nil {
		return doc, fmt.Errorf("cache: %w", err)
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return doc, fmt.Errorf("cache: %s is not a flow cache: %v", path, err)
	}
	return doc, nil
}

// indexEntries files entries under their keys.
func (b *Book) indexEntries(entries []Entry) {
	for i := range entries {
		e := entries[i]
		b.index[e.key()] = &e
	}
}

// Path is where the book is stored.
func (b *Book) Path() string { return b.path }

// Mode is what the run does with the book.
func (b *Book) Mode() Mode { return b.mode }

// Flow is the name of the flow the book belongs to.
func (b *Book) Flow() string { return b.doc.Flow }

// Target returns the stored target of k, if any.
func (b *Book) Target(k Key) (Target, bool) {
	if e := b.index[k]; e != nil && e.Target != nil {
		return *e.Target, true
	}
	return Target{}, false
}

// Answer returns the answer stored for k (N is ignored) given on the
// screen with digest.
func (b *Book) Answer(k Key, digest string) (Answer, bool) {
	k.N = 0
	if e := b.index[k]; e != nil {
		for _, a := range e.Answers {
			if a.Digest == digest {
				return a, true
			}
		}
	}
	return Answer{}, false
}

// HasAnswers reports whether k (N is ignored) has exact answers stored,
// on whatever screen.
func (b *Book) HasAnswers(k Key) bool {
	k.N = 0
	e := b.index[k]
	return e != nil && len(e.Answers) > 0
}

// PutTarget stores t as the target of k, asked in the step with source
// text, in place of what was there.
func (b *Book) PutTarget(k Key, text string, t Target) {
	if !b.mode.Writes() {
		return
	}
	e := b.entry(k, text)
	e.Target = &t
	b.changed = true
}

// PutAnswer stores a for k (N is ignored): it becomes the newest answer,
// and an older one given on the same screen goes.
func (b *Book) PutAnswer(k Key, text string, a Answer) {
	if !b.mode.Writes() {
		return
	}
	k.N = 0
	e := b.entry(k, text)
	kept := []Answer{a}
	for _, old := range e.Answers {
		if old.Digest != a.Digest && len(kept) < MaxAnswers {
			kept = append(kept, old)
		}
	}
	e.Answers = kept
	b.changed = true
}

func (b *Book) entry(k Key, text string) *Entry {
	e := b.index[k]
	if e == nil || e.Text != text {
		e = &Entry{Step: k.Step, Question: k.Question, Ask: k.Ask, Value: k.Value, N: k.N}
		b.index[k] = e
	}
	e.Text = text
	return e
}

// Keep drops the entries whose step is not in texts (step path → source
// text) or whose text changed, and reports how many it dropped.
func (b *Book) Keep(texts map[string]string) int {
	n := 0
	for k, e := range b.index {
		if t, ok := texts[e.Step]; !ok || t != e.Text {
			delete(b.index, k)
			n++
		}
	}
	if n > 0 && b.mode.Writes() {
		b.changed = true
	}
	return n
}

// Entries returns the entries in the file's order.
func (b *Book) Entries() []Entry {
	out := make([]Entry, 0, len(b.index))
	for _, e := range b.index {
		out = append(out, *e)
	}
	slices.SortFunc(out, func(x, y Entry) int {
		return cmp.Or(comparePaths(x.Step, y.Step), cmp.Compare(x.Question, y.Question),
			cmp.Compare(x.Ask, y.Ask), cmp.Compare(x.Value, y.Value), cmp.Compare(x.N, y.N))
	})
	return out
}

// comparePaths orders step paths as the flow runs them: "2" < "10",
// "4" < "4.1" < "5".
func comparePaths(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		if errx != nil || erry != nil {
			if c := cmp.Compare(as[i], bs[i]); c != 0 {
				return c
			}
			continue
		}
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(as), len(bs))
}

// header opens every book file.
const header = "# flow resolution cache: the targets and answers runs of this flow resolved,\n" +
	"# replayed only after they are checked on the screen. Safe to commit;\n" +
	"# `flow cache clear` empties it.\n"

// Marshal returns the book's file.
func (b *Book) Marshal() ([]byte, error) {
	doc := b.doc
	doc.Entries = b.Entries()
	var buf bytes.Buffer
	buf.WriteString(header)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Save writes the book when the run changed it and its mode writes: to a
// temporary file beside it, then renamed over it.
func (b *Book) Save() error {
	if !b.changed || !b.mode.Writes() {
		return nil
	}
	data, err := b.Marshal()
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(b.path), 0o755); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(b.path), ".tmp-*.yaml")
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	// A file to commit, readable as any source file is.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: %w", err)
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), b.path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: %w", err)
	}
	b.changed = false
	return nil
}
