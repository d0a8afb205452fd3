package render

import (
	"bytes"
	"unicode/utf8"

	"flow/grammar"
)

// Sources finds the text of a file that a diagnostic points into. A format
// that needs a file it cannot find still renders, without the snippet.
type Sources interface {
	Source(filename string) ([]byte, bool)
}

// SourceMap is a [Sources] over file texts already in memory.
type SourceMap map[string][]byte

// Source returns the text stored under filename.
func (m SourceMap) Source(filename string) ([]byte, bool) {
	b, ok := m[filename]
	return b, ok
}

// lineAt returns the bytes of line n (1-based, without its line ending) and
// the offset at which it starts. The position's own offset is trusted when it
// agrees with its column, which saves scanning a large file from the top.
func lineAt(src []byte, p grammar.Pos) (line []byte, start int, ok bool) {
	if p.Line < 1 {
		return nil, 0, false
	}
	start = -1
	if p.Column >= 1 && p.Offset >= p.Column-1 && p.Offset <= len(src) {
		s := p.Offset - (p.Column - 1)
		if (s == 0 || src[s-1] == '\n') && bytes.IndexByte(src[s:p.Offset], '\n') < 0 {
			start = s
		}
	}
	if start < 0 {
		start = 0
		for n := 1; n < p.Line; n++ {
			i := bytes.IndexByte(src[start:], '\n')
			if i < 0 {
				return nil, 0, false
			}
			start += i + 1
		}
	}
	end := bytes.IndexByte(src[start:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += start
	}
	line = src[start:end]
	line = bytes.TrimSuffix(line, []byte("\r"))
	return line, start, true
}

// runeColumn converts the byte column of p into a 1-based column counting
// code points, for consumers that count characters. Without the source the
// byte column is the best answer there is.
func runeColumn(src Sources, filename string, p grammar.Pos) int {
	if !p.IsValid() {
		return 0
	}
	if src == nil {
		return p.Column
	}
	text, ok := src.Source(filename)
	if !ok {
		return p.Column
	}
	line, _, ok := lineAt(text, p)
	if !ok {
		return p.Column
	}
	n := p.Column - 1
	if n > len(line) {
		// The column points past the line (at its newline, or at the end of
		// the file): count what is there and the rest as single bytes.
		return utf8.RuneCount(line) + (n - len(line)) + 1
	}
	if n < 0 {
		n = 0
	}
	return utf8.RuneCount(line[:n]) + 1
}
