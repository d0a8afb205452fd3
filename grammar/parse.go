package grammar

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"flow/internal/suggest"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// maxSyntaxErrors is the number of flows with syntax errors after which
// Parse gives up on the rest of the file.
const maxSyntaxErrors = 100

// Parse reads one .flow file. It always returns a tree, partial when there
// are errors, beside the diagnostics. Syntax errors are reported one per
// flow: the parser stops at the first error of a flow and starts again at
// the next line that begins with `flow`, so every other flow of the file is
// still parsed, up to 100 flows with errors (then an Info diagnostic, code
// E000, says how many flows were left). Parse never panics, whatever src
// holds.
func Parse(filename string, src []byte) (*File, Diagnostics) {
	return parseString(filename, string(src))
}

func parseString(filename, src string) (f *File, diags Diagnostics) {
	defer func() {
		// The parser is meant never to panic; should a bug slip through,
		// the caller still gets a diagnostic, not a crash.
		if r := recover(); r != nil {
			f = &File{Name: filename}
			diags = Diagnostics{{
				Severity: Error, Code: CodeSyntax,
				Summary: fmt.Sprintf("internal parser error: %v", r),
				Hint:    "please report this with the file that caused it",
				Range:   Range{Filename: filename, Start: Pos{Line: 1, Column: 1}, End: Pos{Line: 1, Column: 1}},
			}}
		}
	}()
	s := newScanner(filename, src)
	defer s.release()
	s.scan()
	c := &converter{s: s, file: filename}
	f = &File{Name: filename, Range: s.rangeOf(0, len(src)), Comments: s.comments}

	// Units: the head (imports) and one unit per flow line.
	bounds := append([]int{0}, s.flowStarts...)
	bounds = append(bounds, len(s.toks)-1) // the EOF token
	for u := 0; u+1 < len(bounds); u++ {
		lo, hi := bounds[u], bounds[u+1]
		if len(diags) >= maxSyntaxErrors {
			// Garbage input: stop rather than spend time on a flood of
			// diagnostics nobody reads.
			diags = append(diags, &Diagnostic{
				Severity: Info, Code: "E000",
				Summary: fmt.Sprintf("parsing stopped after %d flows with syntax errors; %d more flows not checked", maxSyntaxErrors, len(bounds)-1-u),
				Hint:    "fix the errors above and parse again",
				Range:   Range{Filename: filename, Start: s.toks[lo].start, End: s.toks[lo].start},
			})
			break
		}
		loOff := s.toks[lo].start.Offset
		if u == 0 {
			loOff = 0
		}
		hiOff := s.toks[hi].start.Offset
		if hi == len(s.toks)-1 {
			hiOff = len(src) + 1
		}
		// The first lexical error inside the unit cuts it short.
		var lexDiag *Diagnostic
		cut := hi
		for _, e := range s.errs {
			off := e.diag.Range.Start.Offset
			if off >= loOff && off < hiOff {
				lexDiag = e.diag
				if e.tok < cut {
					cut = e.tok
				}
				if cut < lo {
					cut = lo
				}
				break
			}
		}
		if u == 0 && lo == hi {
			// No imports: only a lexical error can be here.
			if lexDiag != nil {
				diags = append(diags, lexDiag)
			}
			continue
		}
		eof := s.toks[hi]
		if cut < hi {
			eof = s.toks[cut]
		}
		var coll []int32
		if u > 0 {
			s.collapse(lo, cut)
			coll = s.coll[lo:cut]
		}
		peek, err := lexer.Upgrade(&tokLexer{toks: s.toks[lo:cut], coll: coll, src: src, file: filename, eof: eof.start})
		if err != nil {
			diags = append(diags, c.internal(err))
			continue
		}
		var unitDiag *Diagnostic
		atCut := false // the parser ran into the end of the unit
		if u == 0 {
			head, err := headParser.ParseFromLexer(peek)
			if err != nil {
				unitDiag, atCut = c.syntaxError(err, lo, cut, true)
			}
			if head != nil {
				for _, im := range head.Imports {
					if n := c.importNode(im); n != nil {
						f.Imports = append(f.Imports, n)
					}
				}
			}
		} else {
			unit, err := flowParser.ParseFromLexer(peek)
			if err != nil {
				unitDiag, atCut = c.syntaxError(err, lo, cut, false)
			}
			c.diag = nil
			if unit != nil && unit.Flow != nil {
				if fl := c.flow(unit.Flow, lo); fl != nil {
					f.Flows = append(f.Flows, fl)
				}
			}
			if unitDiag == nil {
				unitDiag = c.diag
			}
		}
		// Whichever error comes first in the text is the one reported; a
		// parser error at the cut is only the lexical error seen late.
		if lexDiag != nil && (unitDiag == nil || atCut || unitDiag.Range.Start.Offset >= lexDiag.Range.Start.Offset) {
			unitDiag = lexDiag
		}
		if unitDiag != nil {
			diags = append(diags, unitDiag)
		}
	}
	diags.Sort()
	return f, diags
}

// tokLexer hands scanner tokens to participle, then EOF at eof. Where coll
// (aligned with toks) marks collapsed statements, it hands over one Stmt
// token for each run of them, whose text is their source.
type tokLexer struct {
	toks []lexToken
	coll []int32
	src  string
	file string
	i    int
	eof  Pos
}

func (l *tokLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return lexer.Token{Type: lexer.EOF, Pos: lexer.Position{Filename: l.file, Offset: l.eof.Offset, Line: l.eof.Line, Column: l.eof.Column}}, nil
	}
	t := &l.toks[l.i]
	if l.coll != nil && l.coll[l.i] > 0 {
		// A run of collapsed statements becomes one token.
		for l.i < len(l.toks) && l.coll[l.i] > 0 {
			l.i += int(l.coll[l.i])
		}
		tk := ptoken(t, l.file)
		tk.Type = ptype(kStmt)
		tk.Value = l.src[t.start.Offset:l.toks[l.i-1].end().Offset]
		return tk, nil
	}
	l.i++
	return ptoken(t, l.file), nil
}

// converter turns participle's parse tree into the nodes of ast.go.
type converter struct {
	s    *scanner
	file string
	diag *Diagnostic // first conversion error of the current flow
}

func (c *converter) internal(err error) *Diagnostic {
	return &Diagnostic{Severity: Error, Code: CodeSyntax, Summary: err.Error(),
		Hint:  "this is a parser fault; please report it with the file",
		Range: Range{Filename: c.file, Start: Pos{Line: 1, Column: 1}, End: Pos{Line: 1, Column: 1}}}
}

// errorAt records a conversion error (a word the grammar accepts as a
// token but not in this place) unless the flow already has an earlier one.
func (c *converter) errorAt(r Range, hint, format string, args ...any) {
	if c.diag != nil && c.diag.Range.Start.Offset <= r.Start.Offset {
		return
	}
	c.diag = &Diagnostic{Severity: Error, Code: CodeSyntax, Summary: fmt.Sprintf(format, args...), Hint: hint, Range: r}
}

// ---- syntax errors ----

// syntaxError turns participle's error into a positioned diagnostic with a
// message a flow author understands. lo and cut bound the unit's tokens.
func (c *converter) syntaxError(err error, lo, cut int, head bool) (d *Diagnostic, atCut bool) {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return c.internal(err), false
	}
	toks := c.s.toks
	off := perr.Position().Offset
	i := sort.Search(cut-lo, func(k int) bool { return toks[lo+k].start.Offset >= off }) + lo
	var u *lexToken
	if i < cut && toks[i].start.Offset == off {
		u = &toks[i]
	}
	d = &Diagnostic{Severity: Error, Code: CodeSyntax}
	if u == nil {
		atCut = true
		// The end of the unit: a cut at a lexical error or the next flow.
		end := toks[cut].start
		if cut > lo {
			end = toks[cut-1].end()
			if toks[cut-1].kind == kNL {
				end = toks[cut-1].start
			}
		}
		d.Range = Range{Filename: c.file, Start: end, End: end}
		u = &lexToken{kind: kEOF, start: end}
	} else {
		d.Range = c.rng(u, u)
		if u.kind == kNL {
			d.Range.End = u.start
		}
	}
	var prev *lexToken
	if i > lo {
		prev = &toks[i-1]
	}
	// The first token of the statement line holding the error.
	h := i - 1
	for h >= lo && toks[h].kind != kNL {
		h--
	}
	h++
	var head0 *lexToken
	if h < i {
		head0 = &toks[h]
	}
	expect := ""
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		expect = ute.Expect
		if expect == "" {
			expect = describeExpect(ute.Message())
		} else {
			expect = describeExpect("(expected " + expect + ")")
		}
	}
	found := describeToken(u)
	switch {
	case head && (prev == nil || prev.kind == kNL) && !(u.kind == kKeyword && u.text == "import"):
		if u.kind == kKeyword && isStepWord(u.text) {
			d.Summary = fmt.Sprintf("`%s` outside a flow", u.text)
			d.Hint = "steps and declarations go inside `flow NAME \"description\" { … }`"
		} else {
			d.Summary = fmt.Sprintf("expected `import` or `flow`, found %s", found)
			d.Hint = "a file holds import lines, then one or more flow definitions"
		}
	case u.kind == kKeyword && u.text == "else" && prev != nil && prev.kind != kNL:
		d.Summary = "`else` without `if`"
		d.Hint = "`else` follows the closing `}` of an `if` block: `} else {`"
	case u.kind == kKeyword && u.text == "import":
		d.Summary = "`import` after the first flow"
		d.Hint = "imports come first in the file, before any flow"
	case !head && expect == "" && (prev == nil || prev.kind == kNL) && u.kind != kEOF:
		// participle's check for tokens after the flow
		d.Summary = fmt.Sprintf("%s after the end of the flow", found)
		d.Hint = "the flow ended at the `}` before this line; steps go inside a flow, and another flow starts with `flow NAME \"description\" {`"
	case u.kind == kPunct && u.text == "}" && prev != nil && prev.kind != kNL:
		d.Summary = "`}` must start a line"
		d.Hint = "put the closing `}` on a line of its own, after the block's last statement"
	case prev != nil && prev.kind == kPunct && prev.text == "{" && u.kind != kNL:
		d.Summary = "`{` must end its line"
		d.Hint = "start the block's statements on the next line"
	case head0 != nil && head0.kind == kIdent && i == h+1 && !(u.kind == kPunct && (u.text == "(" || u.text == ".")):
		d.Range = c.rng(head0, head0)
		d.Summary = fmt.Sprintf("unknown step `%s`", head0.text)
		switch {
		case u.kind == kPunct && u.text == "=":
			d.Hint = fmt.Sprintf("to compute a variable write `set %s = …`", head0.text)
		case suggest.Closest(head0.text, stepWords) != "":
			d.Hint = fmt.Sprintf("did you mean `%s`?", suggest.Closest(head0.text, stepWords))
		default:
			d.Hint = "a step starts with one of " + strings.Join(stepWords, ", ") + ", or calls a flow: name(…)"
		}
	case u.kind == kEOF && !head:
		d.Summary = "flow is not closed: `}` is missing"
		if cut < len(toks)-1 && toks[cut].kind == kKeyword && toks[cut].text == "flow" {
			d.Summary = "flow is not closed before the next `flow`"
		}
		d.Hint = "close every block with `}` on a line of its own"
		if expect != "" && !strings.Contains(expect, "`}`") && prev != nil && prev.kind != kNL {
			d.Summary = fmt.Sprintf("expected %s after %s", expect, describeToken(prev))
			d.Hint = stmtHint(head0)
		}
	case u.kind == kKeyword && u.text == "flow":
		d.Summary = "`flow` inside a flow"
		d.Hint = "flows do not nest; close the previous flow with `}` first"
	case prev != nil && prev.kind == kNL && u.kind == kKeyword && u.text == "else":
		d.Summary = "`else` must follow `}` on the same line"
		d.Hint = "write `} else {` or `} else if COND {`"
	case (prev == nil || prev.kind == kNL) && u.kind != kEOF && inPairBlock(toks, lo, i):
		d.Summary = fmt.Sprintf("expected `\"FIELD\" = VALUE` or `}`, found %s", found)
		d.Hint = "an enter or choose block holds only pairs, one per line; close it with `}` before the next step"
	case (prev == nil || prev.kind == kNL) && strings.Contains(expect, "`}`") && u.kind != kEOF:
		d.Summary = fmt.Sprintf("expected a step or `}`, found %s", found)
		d.Hint = "a step starts with one of " + strings.Join(stepWords, ", ") + ", or calls a flow: name(…)"
	default:
		if expect == "" {
			expect = "something else"
		}
		if prev == nil || prev.kind == kNL {
			d.Summary = fmt.Sprintf("expected %s, found %s", expect, found)
		} else {
			d.Summary = fmt.Sprintf("expected %s after %s, found %s", expect, describeToken(prev), found)
		}
		d.Hint = stmtHint(head0)
	}
	if d.Hint == "" {
		switch {
		case head0 != nil && head0.kind == kString:
			d.Hint = "each pair of an enter or choose block is `\"FIELD\" = VALUE` on a line of its own"
		default:
			d.Hint = "each statement is one line; see `flow doc` or docs/language.md for the forms"
		}
	}
	return d, atCut
}

// inPairBlock reports whether token i lies inside an enter or choose block:
// the innermost `{` still open before it follows enter or choose.
func inPairBlock(toks []lexToken, lo, i int) bool {
	depth := 0
	for j := i - 1; j > lo; j-- {
		if toks[j].kind != kPunct {
			continue
		}
		switch toks[j].text {
		case "}":
			depth++
		case "{":
			if depth == 0 {
				w := toks[j-1].text
				return toks[j-1].kind == kKeyword && (w == "enter" || w == "choose")
			}
			depth--
		}
	}
	return false
}

// stepWords are the reserved words that start a statement inside a flow.
var stepWords = []string{"fact", "secret", "allow", "budget", "payment", "browse", "open", "do", "press",
	"enter", "choose", "read", "extract", "pick", "verify", "wait_for", "check", "set", "if", "repeat",
	"for", "stop_before"}

func isStepWord(w string) bool {
	for _, s := range stepWords {
		if s == w {
			return true
		}
	}
	return false
}

// stmtHints shows the form of each statement, for the hint of an error in it.
var stmtHints = map[string]string{
	"import":      "import \"PATH\" [as NAME]",
	"flow":        "flow NAME \"description\" {",
	"fact":        "fact NAME: TYPE [\"doc\"] [= DEFAULT]",
	"secret":      "secret NAME [\"doc\"]",
	"allow":       "allow \"ORIGIN\", …",
	"budget":      "budget actions N, decisions N, time DURATION",
	"payment":     "payment stop | payment fill_then_approve",
	"browse":      "browse \"URL\"",
	"open":        "open \"APP\"",
	"do":          "do \"what to achieve\"",
	"press":       "press \"KEYS\"",
	"enter":       "enter \"FIELD\" = VALUE, or enter { one pair per line }",
	"choose":      "choose \"FIELD\" = OPTION, or choose { one pair per line }",
	"read":        "read \"WHAT\" into NAME [as TYPE]",
	"extract":     "extract \"WHAT\" into NAME",
	"pick":        "pick \"LIST\" by \"CRITERION\" into NAME",
	"verify":      "verify \"TEXT\"",
	"wait_for":    "wait_for \"TEXT\" [within DURATION]",
	"check":       "check EXPR[, \"message\"]",
	"set":         "set NAME = EXPR",
	"if":          "if COND {  …  } else if COND {  …  } else {  …  }",
	"else":        "} else {  or  } else if COND {",
	"repeat":      "repeat until COND [max N] {",
	"for":         "for NAME in EXPR [max N] {",
	"stop_before": "stop_before \"TEXT\"",
}

func stmtHint(head *lexToken) string {
	if head == nil {
		return ""
	}
	if h, ok := stmtHints[head.text]; ok {
		return "the form is: " + h
	}
	if head.kind == kIdent {
		return "a call is written name(arg = value, …) or lib.name(…)"
	}
	return ""
}

// describeToken names a token the way an error message quotes it.
func describeToken(t *lexToken) string {
	switch t.kind {
	case kEOF:
		return "the end of the file"
	case kNL:
		return "the end of the line"
	case kString:
		if t.str != nil && t.str.multiline {
			return "a multi-line string"
		}
		return "a string"
	case kNumber:
		return "a number"
	case kDuration:
		return "a duration"
	case kExpr:
		if len(t.text) > 30 {
			return "`" + t.text[:27] + "…`"
		}
		return "`" + t.text + "`"
	}
	return "`" + t.text + "`"
}

// describeExpect turns participle's "(expected …)" grammar fragment into
// words: the tokens that could come first, such as "a string or `{`".
func describeExpect(msg string) string {
	i := strings.Index(msg, "(expected ")
	if i < 0 {
		return ""
	}
	e := strings.TrimSuffix(msg[i+len("(expected "):], ")")
	var words []string
	for _, term := range firstTerms(e, 0) {
		w := ""
		switch strings.ToLower(term) {
		case "<string>", "gstr":
			w = "a string"
		case "<ident>":
			w = "a name"
		case "<number>":
			w = "a number"
		case "<duration>":
			w = "a duration"
		case "<expr>":
			w = "an expression"
		case "<nl>":
			w = "the end of the line"
		case "<eof>":
			w = "the end of the file"
		case "<keyword>":
			w = "a keyword"
		case "gblock":
			w = "`{` at the end of the line"
		case "gelse":
			w = "`else`"
		case "gimport":
			w = "`import`"
		case "gflow":
			w = "`flow`"
		default:
			if strings.HasPrefix(term, `"`) {
				w = "`" + strings.Trim(term, `"`) + "`"
			}
		}
		if w != "" && !slicesContains(words, w) {
			words = append(words, w)
		}
	}
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func slicesContains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// firstTerms returns the terms that can start the EBNF fragment e:
// alternatives of a leading group, and what follows an optional term.
func firstTerms(e string, depth int) []string {
	if depth > 8 {
		return nil
	}
	var out []string
	for _, alt := range splitTop(e, '|') {
		rest := strings.TrimSpace(alt)
		for rest != "" {
			term, suffix, next := nextTerm(rest)
			if strings.HasPrefix(term, "(") {
				out = append(out, firstTerms(term[1:len(term)-1], depth+1)...)
			} else {
				out = append(out, term)
			}
			if suffix != '?' && suffix != '*' {
				break
			}
			rest = strings.TrimSpace(next)
		}
	}
	return out
}

// splitTop splits e at sep outside parentheses and quotes.
func splitTop(e string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	inQuote := false
	for i := 0; i < len(e); i++ {
		switch c := e[i]; {
		case c == '"':
			inQuote = !inQuote
		case inQuote:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == sep && depth == 0:
			parts = append(parts, e[start:i])
			start = i + 1
		}
	}
	return append(parts, e[start:])
}

// nextTerm splits the first term (a quoted literal, a name or a
// parenthesised group) and its repetition suffix off e.
func nextTerm(e string) (term string, suffix byte, rest string) {
	i := 0
	switch {
	case e[0] == '(':
		depth, inQuote := 0, false
		for i = 0; i < len(e); i++ {
			c := e[i]
			if c == '"' {
				inQuote = !inQuote
			} else if !inQuote && c == '(' {
				depth++
			} else if !inQuote && c == ')' {
				depth--
				if depth == 0 {
					i++
					break
				}
			}
		}
	case e[0] == '"':
		j := strings.IndexByte(e[1:], '"')
		if j < 0 {
			i = len(e)
		} else {
			i = j + 2
		}
	default:
		for i < len(e) && e[i] != ' ' && e[i] != '?' && e[i] != '*' && e[i] != '+' && e[i] != ')' {
			i++
		}
	}
	if i > len(e) {
		i = len(e)
	}
	term = e[:i]
	if i < len(e) && (e[i] == '?' || e[i] == '*' || e[i] == '+') {
		suffix = e[i]
		i++
	}
	return term, suffix, e[i:]
}
