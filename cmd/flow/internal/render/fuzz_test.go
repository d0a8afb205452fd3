package render

import (
	"bytes"
	"io"
	"testing"
	"unicode/utf8"

	"flow/grammar"
)

// FuzzRender feeds every format arbitrary source text and arbitrary ranges:
// whatever the positions claim, rendering must not panic, and text output
// must stay valid UTF-8 without escape bytes from the source.
func FuzzRender(f *testing.F) {
	f.Add([]byte("flow f \"d\" {\n  do \"x\"\n}\n"), 14, 2, 3, 2, 6, "summary")
	f.Add([]byte("\x00\xff\t\x1b[31m\n\n"), 0, 1, 1, 9, 99, "bad\nsummary")
	f.Add([]byte(""), 5, 3, 0, 1, 0, "")
	f.Fuzz(func(t *testing.T, src []byte, off, line, col, endLine, endCol int, summary string) {
		d := &grammar.Diagnostic{
			Severity: grammar.Severity(line & 3),
			Code:     "E001",
			Summary:  summary,
			Hint:     summary,
			Range: grammar.Range{
				Filename: "a.flow",
				Start:    grammar.Pos{Offset: off, Line: line, Column: col},
				End:      grammar.Pos{Offset: off + 1, Line: endLine, Column: endCol},
			},
			Related: []grammar.Related{{Message: summary, Range: grammar.Range{Filename: "a.flow", Start: grammar.Pos{Offset: -off, Line: col, Column: line}}}},
		}
		diags := grammar.Diagnostics{d}
		src2 := SourceMap{"a.flow": src}
		var b bytes.Buffer
		if err := Text(&b, diags, src2, TextOptions{}); err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(b.Bytes()) {
			t.Errorf("text output is not UTF-8: %q", b.String())
		}
		if bytes.IndexByte(b.Bytes(), 0x1b) >= 0 {
			t.Errorf("an escape byte reached uncoloured output: %q", b.String())
		}
		Text(io.Discard, diags, src2, TextOptions{Color: true})
		JSON(io.Discard, diags)
		GitHub(io.Discard, diags, src2)
		SARIF(io.Discard, diags, src2, Tool{Name: "flow"})
	})
}
