package sim

import (
	"cmp"
	"slices"
	"strings"
)

// ScriptError is one problem in a script: where it is and what is wrong.
type ScriptError struct {
	// Pos is where in the file; zero for scripts built in Go.
	Pos Pos
	// Path names the node when there is no position:
	// `screens.search.on[2].goto`.
	Path string
	// Msg says what is wrong and, where it can, what was meant.
	Msg string
}

// Error renders "file:line:col: message", or "file: path: message" for a
// script built in Go.
func (e *ScriptError) Error() string {
	if e.Pos.IsValid() {
		return e.Pos.String() + ": " + e.Msg
	}
	if e.Path != "" {
		if e.Pos.File != "" {
			return e.Pos.File + ": " + e.Path + ": " + e.Msg
		}
		return e.Path + ": " + e.Msg
	}
	if e.Pos.File != "" {
		return e.Pos.File + ": " + e.Msg
	}
	return e.Msg
}

// ScriptErrors lists every problem found in a script, in file order.
type ScriptErrors []*ScriptError

// maxErrors caps the list: past it, more errors rarely help.
const maxErrors = 30

// Error renders one error per line.
func (es ScriptErrors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// err returns nil for an empty list, so `return errs.err()` works.
func (es ScriptErrors) err() error {
	if len(es) == 0 {
		return nil
	}
	return es.sorted()
}

// sorted orders by position, drops repeats of one line and message, and
// caps the list.
func (es ScriptErrors) sorted() ScriptErrors {
	out := slices.Clone(es)
	slices.SortStableFunc(out, func(a, b *ScriptError) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col), strings.Compare(a.Path, b.Path))
	})
	out = slices.CompactFunc(out, func(a, b *ScriptError) bool {
		return a.Pos == b.Pos && a.Path == b.Path && a.Msg == b.Msg
	})
	if len(out) > maxErrors {
		rest := len(out) - maxErrors
		out = append(out[:maxErrors], &ScriptError{Pos: Pos{File: out[0].Pos.File}, Msg: "… and " + itoa(rest) + " more errors"})
	}
	return out
}

// didYouMean suggests the closest of names to got, or "".
func didYouMean(got string, names []string) string {
	best, bestD := "", 3
	if len(got) <= 3 {
		bestD = 2
	}
	names = slices.Sorted(slices.Values(names)) // ties go the same way every run
	for _, n := range names {
		d := editDistance(strings.ToLower(got), strings.ToLower(n))
		if d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + quote(best) + "?)"
}

// editDistance is the optimal string alignment distance between a and b:
// Levenshtein plus swaps of two neighbours, the commonest typo.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+c)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
