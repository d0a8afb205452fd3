package grammar

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// dump renders a tree without positions, one node per line, so two trees
// can be compared "modulo positions" and goldens stay readable. With
// keepMultilineRaw false, the Raw text of multi-line strings is left out:
// the printer re-indents them, which changes Raw but not their text.
func dump(n any, keepMultilineRaw bool) string {
	var b strings.Builder
	dumpValue(&b, reflect.ValueOf(n), 0, keepMultilineRaw)
	return b.String()
}

var rangeType = reflect.TypeOf(Range{})

func dumpValue(b *strings.Builder, v reflect.Value, depth int, keepRaw bool) {
	ind := strings.Repeat("  ", depth)
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil\n")
			return
		}
		dumpValue(b, v.Elem(), depth, keepRaw)
	case reflect.Struct:
		b.WriteString(v.Type().Name())
		b.WriteString("\n")
		multiline := v.Type() == reflect.TypeOf(StringLit{}) && v.FieldByName("Multiline").Bool()
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			fv := v.Field(i)
			if f.Type == rangeType || fv.IsZero() {
				continue
			}
			if f.Name == "Raw" && multiline && !keepRaw {
				continue
			}
			fmt.Fprintf(b, "%s  %s: ", ind, f.Name)
			dumpValue(b, fv, depth+1, keepRaw)
		}
	case reflect.Slice:
		fmt.Fprintf(b, "[%d]\n", v.Len())
		for i := 0; i < v.Len(); i++ {
			fmt.Fprintf(b, "%s  - ", ind)
			dumpValue(b, v.Index(i), depth+1, keepRaw)
		}
	case reflect.String:
		fmt.Fprintf(b, "%q\n", v.String())
	default:
		fmt.Fprintf(b, "%v\n", v.Interface())
	}
}

// posOf computes the position of byte offset off in src independently of
// the lexer, to check the positions the parser reports.
func posOf(src string, off int) Pos {
	line, col := 1, 1
	for i := 0; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Pos{Offset: off, Line: line, Column: col}
}

// lines maps offsets to positions with a table of line starts, for
// checking many positions of one file quickly.
type lines []int

func newLines(src string) lines {
	l := lines{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			l = append(l, i+1)
		}
	}
	return l
}

func (l lines) pos(off int) Pos {
	i := sort.SearchInts(l, off+1) - 1
	return Pos{Offset: off, Line: i + 1, Column: off - l[i] + 1}
}

// checkRanges checks the invariants every parsed tree must satisfy: each
// node's range lies inside the file and inside its parent's, its line and
// column agree with its offset, and the source under the range of a leaf
// is the leaf itself (an Expr's Src, a string's Raw, an identifier's name).
func checkRanges(t *testing.T, src string, f *File) {
	t.Helper()
	table := newLines(src)
	var stack []Node
	Inspect(f, func(n Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		r := n.Span()
		for _, p := range []Pos{r.Start, r.End} {
			if p.Offset < 0 || p.Offset > len(src) {
				t.Errorf("%T: offset %d outside the file", n, p.Offset)
				return false
			}
			if want := table.pos(p.Offset); p != want {
				t.Errorf("%T at offset %d: position %v, want %v", n, p.Offset, p, want)
			}
		}
		if r.End.Offset < r.Start.Offset {
			t.Errorf("%T: range %v-%v ends before it starts", n, r.Start, r.End)
		}
		if len(stack) > 0 {
			pr := stack[len(stack)-1].Span()
			if r.Start.Offset < pr.Start.Offset || r.End.Offset > pr.End.Offset {
				t.Errorf("%T %v-%v lies outside its parent %T %v-%v", n, r.Start, r.End, stack[len(stack)-1], pr.Start, pr.End)
			}
		}
		text := src[r.Start.Offset:r.End.Offset]
		switch n := n.(type) {
		case *Expr:
			if text != n.Src {
				t.Errorf("Expr range covers %q, Src is %q", text, n.Src)
			}
		case *StringLit:
			if text != n.Raw {
				t.Errorf("StringLit range covers %q, Raw is %q", text, n.Raw)
			}
		case *Ident:
			if text != n.Name {
				t.Errorf("Ident range covers %q, name is %q", text, n.Name)
			}
		case *NumberLit:
			if text != n.Raw {
				t.Errorf("NumberLit range covers %q, Raw is %q", text, n.Raw)
			}
		case *DurationLit:
			if text != n.Raw {
				t.Errorf("DurationLit range covers %q, Raw is %q", text, n.Raw)
			}
		}
		if r.Filename != f.Name {
			t.Errorf("%T: file name %q, want %q", n, r.Filename, f.Name)
		}
		stack = append(stack, n)
		return true
	})
	for _, c := range f.Comments {
		if got := src[c.Start.Offset:c.End.Offset]; got != c.Text {
			t.Errorf("comment range covers %q, text is %q", got, c.Text)
		}
	}
}
