package sim

import (
	"cmp"
	"slices"
	"strings"

	"flow/internal/suggest"
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
	best := suggest.Closest(got, names)
	if best == "" {
		return ""
	}
	return " (did you mean " + quote(best) + "?)"
}
