package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"flow/grammar"
)

// TextOptions configures [Text].
type TextOptions struct {
	// Color turns on ANSI colour. The caller decides: on a terminal, and not
	// when NO_COLOR is set or TERM is dumb.
	Color bool
}

// ANSI styles. Kept few so that the output reads well on light and dark
// terminals alike.
const (
	styleReset  = "\x1b[0m"
	styleBold   = "\x1b[1m"
	styleRed    = "\x1b[1;31m"
	styleYellow = "\x1b[1;33m"
	styleCyan   = "\x1b[1;36m"
	styleBlue   = "\x1b[34m"
	styleGreen  = "\x1b[32m"
)

// maxSnippetWidth is the widest source line shown. A longer line (a minified
// blob, a 10 MB file with no newlines) is cut to a window around the range.
const maxSnippetWidth = 120

// tabWidth is how many columns a tab takes in a snippet. Tabs are expanded so
// that the caret line lines up whatever the terminal's tab stops are.
const tabWidth = 4

// Text writes diags for people: a header line per diagnostic, the source line
// with carets under the range, then its detail, related places, fixes and
// hint. Diagnostics are separated by a blank line. Source lines come from
// src, which may be nil.
func Text(w io.Writer, diags grammar.Diagnostics, src Sources, opts TextOptions) error {
	bw := bufio.NewWriter(w)
	p := textPrinter{w: bw, src: src, color: opts.Color}
	for i, d := range diags {
		if d == nil {
			continue
		}
		if i > 0 {
			bw.WriteByte('\n')
		}
		p.diagnostic(d)
	}
	return bw.Flush()
}

type textPrinter struct {
	w     *bufio.Writer
	src   Sources
	color bool
}

func (p *textPrinter) style(s, text string) string {
	if !p.color || text == "" {
		return text
	}
	return s + text + styleReset
}

func severityStyle(s grammar.Severity) string {
	switch s {
	case grammar.Error:
		return styleRed
	case grammar.Warning:
		return styleYellow
	default:
		return styleCyan
	}
}

func (p *textPrinter) diagnostic(d *grammar.Diagnostic) {
	sev := severityStyle(d.Severity)
	label := d.Severity.String()
	if d.Code != "" {
		label += " " + d.Code
	}
	fmt.Fprintf(p.w, "%s: %s: %s\n", p.style(styleBold, location(d.Range)), p.style(sev, label), oneLine(d.Summary))
	if !d.Private {
		p.snippet(d.Range, sev)
	}
	for _, line := range splitLines(d.Detail) {
		fmt.Fprintf(p.w, "  %s\n", line)
	}
	for _, r := range d.Related {
		fmt.Fprintf(p.w, "%s: %s: %s\n", p.style(styleBold, location(r.Range)), p.style(styleCyan, "note"), oneLine(r.Message))
		p.snippet(r.Range, styleCyan)
	}
	for _, f := range d.Fixes {
		fmt.Fprintf(p.w, "  %s %s\n", p.style(styleGreen, "fix:"), oneLine(f.Message))
	}
	for i, line := range splitLines(d.Hint) {
		if i == 0 {
			fmt.Fprintf(p.w, "  %s %s\n", p.style(styleGreen, "hint:"), line)
		} else {
			fmt.Fprintf(p.w, "        %s\n", line)
		}
	}
}

// location formats a range's start as FILE:LINE:COL, leaving out what is
// unknown (a file that could not be read has no line).
func location(r grammar.Range) string {
	switch {
	case r.Filename == "" && !r.Start.IsValid():
		return "flow"
	case !r.Start.IsValid():
		return r.Filename
	}
	return r.String()
}

// snippet prints the source line of r with a caret run under the range.
func (p *textPrinter) snippet(r grammar.Range, sev string) {
	if p.src == nil || !r.Start.IsValid() {
		return
	}
	text, ok := p.src.Source(r.Filename)
	if !ok {
		return
	}
	line, lineStart, ok := lineAt(text, r.Start)
	if !ok {
		return
	}
	shown, cols := layout(line)

	// The range on this line, in bytes of the line.
	from := r.Start.Offset - lineStart
	if from < 0 || from > len(line) || r.Start.Column-1 != from {
		from = r.Start.Column - 1
	}
	from = clamp(from, 0, len(line))
	to := from + 1
	switch {
	case r.End.Line > r.Start.Line:
		to = len(line) // a range over several lines is underlined to the end of its first
	case r.End.Line == r.Start.Line && r.End.Column > r.Start.Column:
		to = from + (r.End.Column - r.Start.Column)
	}
	to = clamp(to, from, len(line))
	caretFrom, caretTo := cols[from], cols[to]
	if caretTo <= caretFrom {
		caretTo = caretFrom + 1 // an empty range (end of line, end of file) still gets one caret
	}

	// Cut a long line to a window that holds the start of the range.
	width := len(shown)
	ws, we := 0, width
	if width > maxSnippetWidth {
		ws = clamp(caretFrom-maxSnippetWidth/4, 0, width-maxSnippetWidth)
		we = ws + maxSnippetWidth
	}
	var b strings.Builder
	lead := 0
	if ws > 0 {
		b.WriteString("…")
		lead = 1
	}
	b.WriteString(strings.TrimRightFunc(string(shown[ws:we]), unicode.IsSpace))
	if we < width {
		b.WriteString("…")
	}
	caretFrom = clamp(caretFrom, ws, we) - ws + lead
	caretTo = clamp(caretTo, ws, we+1) - ws + lead
	if caretTo <= caretFrom {
		caretTo = caretFrom + 1
	}

	num := strconv.Itoa(r.Start.Line)
	gutter := max(len(num)+3, 5)
	fmt.Fprintf(p.w, "%s %s %s\n", p.style(styleBlue, fmt.Sprintf("%*s", gutter, num)), p.style(styleBlue, "|"), b.String())
	fmt.Fprintf(p.w, "%s %s %s%s\n", strings.Repeat(" ", gutter), p.style(styleBlue, "|"),
		strings.Repeat(" ", caretFrom), p.style(sev, strings.Repeat("^", caretTo-caretFrom)))
}

// layout prepares a source line for a terminal: tabs become spaces, and
// invalid UTF-8 and control characters become U+FFFD so that nothing in a
// file can move the cursor or change colours. cols[i] is the display column
// at which byte i of line starts; cols[len(line)] is the line's width. Every
// rune counts as one column.
func layout(line []byte) (shown []rune, cols []int) {
	cols = make([]int, len(line)+1)
	shown = make([]rune, 0, len(line))
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		for k := 0; k < size; k++ {
			cols[i+k] = len(shown)
		}
		switch {
		case r == '\t':
			for k := 0; k < tabWidth; k++ {
				shown = append(shown, ' ')
			}
		case r == utf8.RuneError && size == 1, unicode.IsControl(r), r == '\u2028', r == '\u2029':
			shown = append(shown, utf8.RuneError)
		case unicode.Is(unicode.Bidi_Control, r):
			// Bidirectional overrides would let a line display in an
			// order other than the one the parser read (Trojan Source).
			shown = append(shown, utf8.RuneError)
		default:
			shown = append(shown, r)
		}
		i += size
	}
	cols[len(line)] = len(shown)
	return shown, cols
}

// oneLine makes a message safe to print on one line: newlines become spaces
// and other control characters U+FFFD.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || r == utf8.RuneError }) && utf8.ValidString(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t' || r == '\r':
			return ' '
		case unicode.IsControl(r):
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// splitLines splits multi-line text such as a detail into sanitised lines.
func splitLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = oneLine(l)
	}
	return lines
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
