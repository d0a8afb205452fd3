package grammar

import (
	"fmt"
	"sort"
	"strings"
)

// Severity says whether a diagnostic stops a flow from compiling.
type Severity int

const (
	// Error stops compilation; `flow validate` exits 2.
	Error Severity = iota
	// Warning is reported and fails only under `flow lint --strict`.
	Warning
	// Info is advice; it never fails a command.
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "info"
	}
}

// MarshalText writes the severity as its word, for JSON output.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads the word written by MarshalText.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	case "info":
		*s = Info
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Related points at a second place that explains a diagnostic, such as the
// earlier declaration of a duplicate name.
type Related struct {
	Message string `json:"message"`
	Range   Range  `json:"range"`
}

// Edit replaces the text of Range with NewText.
type Edit struct {
	Range   Range  `json:"range"`
	NewText string `json:"new_text"`
}

// Fix is a suggested change that would resolve a diagnostic.
type Fix struct {
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// Diagnostic is one problem found in a flow file. Diagnostics are data: they
// are produced by the parser, the compiler stages and the lint rules, and
// rendered separately (text with a caret, JSON, GitHub annotations, SARIF).
type Diagnostic struct {
	Severity Severity  `json:"severity"`
	Code     string    `json:"code"`    // stable, never renumbered: E001, L001
	Summary  string    `json:"summary"` // one line, lower case, no full stop
	Detail   string    `json:"detail,omitempty"`
	Hint     string    `json:"hint,omitempty"` // what to do about it, "did you mean" included
	Range    Range     `json:"range"`
	Related  []Related `json:"related,omitempty"`
	Fixes    []Fix     `json:"fixes,omitempty"`
	// Private says the source text at Range may hold a secret (a line of a
	// secrets file, a secret written into a facts file): renderers point at
	// the place but never quote it.
	Private bool `json:"private,omitempty"`
}

// Error formats d as FILE:LINE:COL: severity CODE: summary.
func (d *Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s %s: %s", d.Range, d.Severity, d.Code, d.Summary)
}

// Diagnostics is a list of diagnostics. It implements error so a stage can
// return its findings beside a partial result.
type Diagnostics []*Diagnostic

func (ds Diagnostics) Error() string {
	switch len(ds) {
	case 0:
		return "no diagnostics"
	case 1:
		return ds[0].Error()
	}
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}

// HasErrors reports whether any diagnostic has severity [Error].
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns only the diagnostics of severity [Error].
func (ds Diagnostics) Errors() Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Sort orders ds by file, then position, then code, keeping the order of
// equal entries.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Range, ds[j].Range
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Start.Offset != b.Start.Offset {
			return a.Start.Offset < b.Start.Offset
		}
		return ds[i].Code < ds[j].Code
	})
}

// Normalize sorts ds, drops repeats of one code on one line (a cascade says
// nothing new), and caps the list at max entries, ending it with a note of
// how many were left out. A max of 0 or less means no cap.
func (ds Diagnostics) Normalize(max int) Diagnostics {
	ds.Sort()
	out := make(Diagnostics, 0, len(ds))
	type key struct {
		file string
		line int
		code string
	}
	seen := make(map[key]bool, len(ds))
	for _, d := range ds {
		k := key{d.Range.Filename, d.Range.Start.Line, d.Code}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, d)
	}
	if max > 0 && len(out) > max {
		rest := len(out) - max
		last := out[max-1]
		out = append(out[:max:max], &Diagnostic{
			Severity: Info,
			Code:     "E000",
			Summary:  fmt.Sprintf("%d more diagnostics not shown", rest),
			Range:    last.Range,
		})
	}
	return out
}
