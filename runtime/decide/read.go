package decide

import (
	"regexp"
	"strings"
)

// Reads by kind: a read that names its text only by what kind of text it
// is. "the paragraph" is the longest line of running text (the only one,
// on most pages); "the math problem" is a line that is a sum ("3 + 5 =");
// "the label of the first form field" is the text that labels the first
// field of the screen. ("the text in the textarea" is a role noun: see
// [roleNounOf].)

// paragraphWords, mathWords and mathHeads are the words of an ask that
// names a paragraph or a sum; an ask of other words names something else.
var (
	paragraphWords = set("paragraph passage whole entire full", nil)
	mathWords      = set("math maths arithmetic mathematical problem equation calculation expression formula", nil)
	mathHeads      = set("problem equation calculation expression formula", nil)
)

// labelAsk matches "the label of the first form field" (raw words).
var labelAsk = regexp.MustCompile(`^(?:the )?label (?:of|for) (?:the )?(\S+) (?:form )?(?:field|input|textbox|box)$`)

// arithmetic matches a line that is a sum to solve: two numbers and an
// operator, with or without the equals sign.
var arithmetic = regexp.MustCompile(`^\s*-?\d+(?:[.,]\d+)?\s*[-+*/×÷x−]\s*-?\d+(?:[.,]\d+)?\s*(?:=\s*\??)?\s*$`)

// readKindOf says which kind of text a read names by its kind alone, and
// for a label the position of the field; "" for an ask that names more.
func readKindOf(ask string) (string, int) {
	raw := rawWords(ask)
	if m := labelAsk.FindStringSubmatch(strings.Join(raw, " ")); m != nil {
		if n, ok := ordinalWord(m[1]); ok {
			return "label", n
		}
		return "", 0
	}
	var ws []string
	for _, w := range raw {
		if !stopwords[w] {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return "", 0
	}
	para, math, head := true, true, false
	for _, w := range ws {
		para = para && paragraphWords[w]
		math = math && mathWords[w]
		head = head || mathHeads[w]
	}
	switch {
	case para && slicesContains(ws, "paragraph", "passage"):
		return "paragraph", 0
	case math && head:
		return "math problem", 0
	}
	return "", 0
}

// slicesContains reports whether ws holds any of want.
func slicesContains(ws []string, want ...string) bool {
	for _, w := range ws {
		for _, x := range want {
			if w == x {
				return true
			}
		}
	}
	return false
}

// readKindScore is the score of the text a read names by its kind.
const readKindScore = 0.9

// paragraphMin is the fewest words a line of running text has.
const paragraphMin = 5

// byReadKind lifts the line a read names by its kind (see [readKindOf]).
// Two equal candidates (two longest lines of one length, two different
// sums) tie, and the read finds none.
func byReadKind(f *frame, q Question, ds []desc, rs []rating) {
	lift := func(i int, s float64) {
		if rs[i].raw < s {
			rs[i].raw, rs[i].read = s, true
		}
	}
	plain := func(d desc) bool { return d.opt.Line != nil && d.opt.Line.Role != "heading" }
	switch f.readKind {
	case "paragraph":
		longest := 0
		for _, d := range ds {
			if plain(d) {
				longest = max(longest, len(rawWords(d.opt.Line.Text)))
			}
		}
		if longest < paragraphMin {
			return
		}
		for i, d := range ds {
			if !plain(d) {
				continue
			}
			if n := len(rawWords(d.opt.Line.Text)); n == longest {
				lift(i, readKindScore)
			} else if n >= paragraphMin {
				lift(i, 0.6*float64(n)/float64(longest))
			}
		}
	case "math problem":
		for i, d := range ds {
			if plain(d) && arithmetic.MatchString(d.opt.Line.Text) {
				lift(i, readKindScore)
			}
		}
	case "label":
		labelOfField(f.readOrd, q, ds, lift)
	}
}

// labelOfField lifts the line that labels the ord-th field of the screen
// (counted among its fields in reading order): the last line before it
// that says the field's own label, else the last line right before the
// field.
func labelOfField(ord int, q Question, ds []desc, lift func(int, float64)) {
	var fields []int
	for i, c := range q.Screen.Candidates {
		if editable(&c) || c.Role == "combobox" || c.Role == "listbox" {
			fields = append(fields, i)
		}
	}
	k := ordinalIndex(ord, len(fields))
	if k < 0 {
		return
	}
	at := fields[k]
	c := q.Screen.Candidates[at]
	// The field's own label, said by a line: the last such line before
	// the field is its label (the same words in a table above it are
	// another thing that says them).
	label := squash(firstNonEmpty(c.Label, c.Name))
	said := -1
	for i, d := range ds {
		if d.opt.Line != nil && label != "" && squash(d.opt.Line.Text) == label && d.opt.Line.Next <= at {
			said = i
		}
	}
	if said >= 0 {
		lift(said, readKindScore)
		return
	}
	before := -1
	for i, d := range ds {
		// Next is 0 also where a surface does not place lines: a line
		// before the first control is no evidence.
		if d.opt.Line != nil && at > 0 && d.opt.Line.Next == at {
			before = i
		}
	}
	if before >= 0 {
		lift(before, readKindScore)
	}
}
