package grammar

import "fmt"

// Pos is a position in a source file. Line and Column start at 1; Column counts
// bytes, as go/token and HCL do, so a caret can be placed under the source line
// without knowing the terminal's idea of character width. Offset is the byte
// offset from the start of the file.
type Pos struct {
	Offset int `json:"offset"`
	Line   int `json:"line"`
	Column int `json:"column"`
}

// IsValid reports whether p names a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Before reports whether p comes before q in the same file.
func (p Pos) Before(q Pos) bool { return p.Offset < q.Offset }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// Range is a half-open span [Start, End) of a named source file.
type Range struct {
	Filename string `json:"filename"`
	Start    Pos    `json:"start"`
	End      Pos    `json:"end"`
}

// Span returns r itself, so that a Range embedded in a node satisfies [Node].
func (r Range) Span() Range { return r }

// String formats r as FILE:LINE:COL, the prefix of a text diagnostic.
func (r Range) String() string {
	if r.Filename == "" {
		return r.Start.String()
	}
	return r.Filename + ":" + r.Start.String()
}

// Contains reports whether p lies inside r.
func (r Range) Contains(p Pos) bool {
	return r.Start.Offset <= p.Offset && p.Offset < r.End.Offset
}

// Cover returns the smallest range holding both r and s.
func (r Range) Cover(s Range) Range {
	out := r
	if s.Start.Offset < out.Start.Offset {
		out.Start = s.Start
	}
	if s.End.Offset > out.End.Offset {
		out.End = s.End
	}
	return out
}
