package grammar

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// The lexer is hand-written because the language is line-oriented and
// context-dependent: after `check`, `set NAME =`, `if`, `until` and
// `for NAME in` the rest of the line is raw expr-lang text that only the
// compiler understands, while everywhere else flow's own tokens apply. The
// lexer knows these few contexts from the reserved word that opens them, so
// the participle grammar sees one Expr token and never has to describe
// expr-lang.
//
// Newlines are tokens (they end statements) except inside `(`/`[` brackets,
// inside `"""` strings and inside the brackets of an expression. Runs of
// newlines and comment-only lines collapse into one NL token. Comments never
// reach the parser: they are collected for the printer.
//
// A lexical error is recorded with the index of the next token and the lexer
// skips to the end of the physical line, so it can go on finding the `flow`
// lines where the parser recovers.

// tokKind is the class of a token.
type tokKind int8

const (
	kEOF tokKind = iota
	kKeyword
	kIdent
	kString
	kNumber
	kDuration
	kExpr
	kPunct
	kNL
	kStmt // a checked flat statement standing for its tokens (collapse.go)
)

var kindNames = [...]string{
	kEOF:      "EOF",
	kKeyword:  "Keyword",
	kIdent:    "Ident",
	kString:   "String",
	kNumber:   "Number",
	kDuration: "Duration",
	kExpr:     "Expr",
	kPunct:    "Punct",
	kNL:       "NL",
	kStmt:     "Stmt",
}

// lexToken is one lexed token with everything the tree needs from it.
type lexToken struct {
	kind  tokKind
	text  string // exact source text (strings keep their quotes)
	start Pos
	str   *stringTok // decoded string, for kString
}

// end returns the position just after the token, derived from its text so
// that tokens stay small.
func (t *lexToken) end() Pos {
	i := strings.LastIndexByte(t.text, '\n')
	if i < 0 {
		return Pos{Offset: t.start.Offset + len(t.text), Line: t.start.Line, Column: t.start.Column + len(t.text)}
	}
	return Pos{Offset: t.start.Offset + len(t.text), Line: t.start.Line + strings.Count(t.text, "\n"), Column: len(t.text) - i}
}

// stringTok is the decoded content of a string token.
type stringTok struct {
	parts     []StrPart
	multiline bool
}

// lexErr is a lexical diagnostic and the token index it interrupts.
type lexErr struct {
	diag *Diagnostic
	tok  int // index in scanner.toks of the first token not produced
}

// Nesting limits. They keep every recursion and stack in the parser and in
// later stages bounded whatever the input; real flows stay far below them
// (the compiler rejects more than 4 nested blocks).
const (
	maxBlockDepth   = 40
	maxBracketDepth = 100
)

type lexState int8

const (
	stNone lexState = iota
	stAfterSet
	stAfterSetName
	stAfterFor
	stAfterForName
	stAfterRepeat
)

type exprMode int8

const (
	modeLine  exprMode = iota // ends at the end of the line (set)
	modeCheck                 // ends at the end of the line or at `, "message"`
	modeBlock                 // ends at the line-final `{` (if, repeat, for)
)

// scanner turns source text into tokens, comments and lexical errors.
type scanner struct {
	file string
	src  string
	off  int

	// line tracking for posAt
	trackOff, trackLine, trackLineStart int

	toks     []lexToken
	comments []*Comment
	errs     []lexErr
	// flowStarts holds the index of every `flow` token that begins its line.
	flowStarts []int

	lineHasCode bool // a token was produced on the current physical line
	unitErr     bool // the current flow (or the head) already has an error
	parenDepth  int  // ( and [ outside expressions: newlines do not end the statement
	blockDepth  int
	state       lexState
	stack       []int // bracket openers (offsets) while scanning an expression

	coll []int32 // collapsed statements, see collapse.go
}

func newScanner(file string, src string) *scanner {
	s := &scanner{file: file, src: src, trackLine: 1}
	want := len(src)/7 + 8
	if b, ok := bufPool.Get().(*buffers); ok && cap(b.toks) >= want {
		s.toks, s.coll = b.toks[:0], b.coll[:0]
	} else {
		s.toks = make([]lexToken, 0, want)
	}
	if strings.HasPrefix(src, "\uFEFF") { // a byte order mark is not content
		s.off = 3
	}
	return s
}

// buffers are the token arrays of a finished parse, kept for the next one:
// parsing many files in a row (a library, a benchmark) then allocates the
// arrays once. Nothing of the tree points into them.
type buffers struct {
	toks []lexToken
	coll []int32
}

var bufPool sync.Pool

// maxPooled bounds the arrays kept, so one huge file does not pin memory.
const maxPooled = 1 << 16

// release returns the scanner's arrays to the pool, cleared so they hold no
// references to the source.
func (s *scanner) release() {
	if cap(s.toks) > maxPooled {
		return
	}
	clear(s.toks)
	clear(s.coll)
	bufPool.Put(&buffers{toks: s.toks[:0], coll: s.coll[:0]})
	s.toks, s.coll = nil, nil
}

// posAt returns the position of byte offset o. Calls are cheap when offsets
// increase, which is how the scanner asks.
func (s *scanner) posAt(o int) Pos {
	if o < s.trackOff {
		// Step back: recount from the start of the line holding o.
		s.trackLine -= strings.Count(s.src[o:s.trackOff], "\n")
		s.trackLineStart = strings.LastIndexByte(s.src[:o], '\n') + 1
		s.trackOff = o
	}
	for {
		i := strings.IndexByte(s.src[s.trackOff:o], '\n')
		if i < 0 {
			break
		}
		s.trackLine++
		s.trackOff += i + 1
		s.trackLineStart = s.trackOff
	}
	s.trackOff = o
	return Pos{Offset: o, Line: s.trackLine, Column: o - s.trackLineStart + 1}
}

func (s *scanner) rangeOf(a, b int) Range {
	return Range{Filename: s.file, Start: s.posAt(a), End: s.posAt(b)}
}

func (s *scanner) emit(k tokKind, a, b int) *lexToken {
	s.toks = append(s.toks, lexToken{kind: k, text: s.src[a:b], start: s.posAt(a)})
	s.lineHasCode = true
	return &s.toks[len(s.toks)-1]
}

// errorf records a lexical error at [a, b) and moves the scanner to the end
// of the physical line holding a.
func (s *scanner) errorf(code string, a, b int, hint, format string, args ...any) {
	if s.unitErr {
		// Only the first error of a flow is reported; later ones in the
		// same flow are skipped without building a diagnostic, so garbage
		// input costs no memory per line.
		s.skipLine(a)
		return
	}
	s.unitErr = true
	s.errs = append(s.errs, lexErr{
		diag: &Diagnostic{
			Severity: Error,
			Code:     code,
			Summary:  fmt.Sprintf(format, args...),
			Hint:     hint,
			Range:    s.rangeOf(a, b),
		},
		tok: len(s.toks),
	})
	s.skipLine(a)
}

// skipLine moves to the newline ending the physical line of offset a (or
// further, if the scanner is already past it).
func (s *scanner) skipLine(a int) {
	if a < s.off {
		a = s.off
	}
	if i := strings.IndexByte(s.src[a:], '\n'); i >= 0 {
		s.off = a + i
	} else {
		s.off = len(s.src)
	}
	s.state = stNone
}

func isIdentStart(c byte) bool {
	return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || (c >= '0' && c <= '9')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isReserved reports whether word is a reserved word of the language.
func isReserved(word string) bool {
	switch word {
	case "import", "flow", "fact", "secret", "allow", "budget", "payment",
		"browse", "open", "do", "press", "enter", "choose", "read", "extract",
		"pick", "verify", "wait_for", "check", "set", "if", "else", "repeat",
		"for", "stop_before", "true", "false":
		return true
	}
	return false
}

// scan lexes the whole source.
func (s *scanner) scan() {
	src := s.src
	n := len(src)
	for s.off < n {
		c := src[s.off]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			s.off++
		case c == '\n':
			if s.parenDepth == 0 {
				s.newline()
			}
			s.off++
			s.lineHasCode = false
		case c == '#':
			s.comment()
		case c == '"':
			s.str()
		case isIdentStart(c):
			s.word()
		case isDigit(c) || (c == '-' && s.off+1 < n && isDigit(src[s.off+1])):
			s.number()
		default:
			s.punct(c)
		}
	}
	s.newline()
	s.toks = append(s.toks, lexToken{kind: kEOF, start: s.posAt(n)})
}

// newline emits one NL token unless the previous token already ends a line.
func (s *scanner) newline() {
	if len(s.toks) == 0 || s.toks[len(s.toks)-1].kind == kNL {
		return
	}
	a := s.off
	text := "\n"
	if a >= len(s.src) {
		text = "" // the end of a file without a final newline
	}
	s.toks = append(s.toks, lexToken{kind: kNL, text: text, start: s.posAt(a)})
	s.state = stNone
}

func (s *scanner) comment() {
	a := s.off
	end := strings.IndexByte(s.src[a:], '\n')
	if end < 0 {
		end = len(s.src)
	} else {
		end += a
	}
	b := end
	for b > a && (s.src[b-1] == '\r' || s.src[b-1] == ' ' || s.src[b-1] == '\t') {
		b--
	}
	text := s.src[a:b]
	if bad := invalidUTF8(text); bad >= 0 {
		s.errorf(CodeInvalidUTF8, a+bad, a+bad+1, "save the file as UTF-8", "invalid UTF-8 in a comment")
		return
	}
	s.comments = append(s.comments, &Comment{Range: s.rangeOf(a, b), Text: text, Trailing: s.lineHasCode})
	s.off = end
}

// invalidUTF8 returns the offset of the first invalid byte of t, or -1.
func invalidUTF8(t string) int {
	for i := 0; i < len(t); {
		if t[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(t[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

func (s *scanner) word() {
	a := s.off
	b := a + 1
	for b < len(s.src) && isIdentChar(s.src[b]) {
		b++
	}
	w := s.src[a:b]
	s.off = b
	if !isReserved(w) {
		s.emit(kIdent, a, b)
		switch s.state {
		case stAfterSet:
			s.state = stAfterSetName
		case stAfterFor:
			s.state = stAfterForName
		case stAfterForName:
			s.state = stNone
			if w == "in" {
				s.expr(modeBlock, true)
			}
		case stAfterRepeat:
			s.state = stNone
			if w == "until" {
				s.cond(true)
			}
		default:
			s.state = stNone
		}
		return
	}
	if w == "flow" && !s.lineHasCode {
		s.flowStarts = append(s.flowStarts, len(s.toks))
		s.unitErr = false
		s.parenDepth = 0
		s.blockDepth = 0
	}
	s.emit(kKeyword, a, b)
	s.state = stNone
	switch w {
	case "check":
		s.expr(modeCheck, false)
	case "if":
		s.cond(false)
	case "set":
		s.state = stAfterSet
	case "for":
		s.state = stAfterFor
	case "repeat":
		s.state = stAfterRepeat
	}
}

func (s *scanner) number() {
	a := s.off
	src := s.src
	b := a
	if src[b] == '-' {
		b++
	}
	for b < len(src) && isDigit(src[b]) {
		b++
	}
	if b+1 < len(src) && src[b] == '.' && isDigit(src[b+1]) {
		b += 2
		for b < len(src) && isDigit(src[b]) {
			b++
		}
	}
	numEnd := b
	for b < len(src) && isIdentChar(src[b]) {
		b++
	}
	s.off = b
	unit := src[numEnd:b]
	if unit == "" {
		if _, err := strconv.ParseFloat(src[a:b], 64); err != nil {
			s.errorf(CodeBadNumber, a, b, "write a number of at most 308 digits", "number %s is out of range", src[a:b])
			return
		}
		s.emit(kNumber, a, b)
		s.state = stNone
		return
	}
	var scale time.Duration
	switch unit {
	case "ms":
		scale = time.Millisecond
	case "s":
		scale = time.Second
	case "m":
		scale = time.Minute
	case "h":
		scale = time.Hour
	default:
		s.errorf(CodeBadNumber, a, b, "write a number such as 12 or 3.5, or a duration such as 500ms, 20s, 5m or 1h",
			"%q is neither a number nor a duration", src[a:b])
		return
	}
	f, err := strconv.ParseFloat(src[a:numEnd], 64)
	if err != nil || src[a] == '-' || f*float64(scale) > float64(1<<62) {
		s.errorf(CodeBadNumber, a, b, "durations are positive and shorter than a century", "duration %s is out of range", src[a:b])
		return
	}
	s.emit(kDuration, a, b)
	s.state = stNone
}

func (s *scanner) punct(c byte) {
	a := s.off
	switch c {
	case '{':
		s.blockDepth++
		if s.blockDepth > maxBlockDepth {
			s.errorf(CodeTooDeep, a, a+1, "flows nest at most 4 blocks deep; move the inner steps into a flow of their own",
				"blocks nested more than %d deep", maxBlockDepth)
			return
		}
	case '}':
		if s.blockDepth > 0 {
			s.blockDepth--
		}
	case '(', '[':
		s.parenDepth++
		if s.parenDepth > maxBracketDepth {
			s.errorf(CodeTooDeep, a, a+1, "close the brackets; arguments and lists do not nest this deep", "brackets nested more than %d deep", maxBracketDepth)
			return
		}
	case ')', ']':
		if s.parenDepth > 0 {
			s.parenDepth--
		}
	case '=':
		if s.state == stAfterSetName {
			s.off++
			s.emit(kPunct, a, a+1)
			s.state = stNone
			s.expr(modeLine, false)
			return
		}
	case ',', ':', '.':
	default:
		s.badChar(a)
		return
	}
	s.off++
	s.emit(kPunct, a, a+1)
	s.state = stNone
}

// badChar reports the character at a, which cannot start a token.
func (s *scanner) badChar(a int) {
	c := s.src[a]
	if c >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(s.src[a:])
		if r == utf8.RuneError && size == 1 {
			s.errorf(CodeInvalidUTF8, a, a+1, "save the file as UTF-8", "invalid UTF-8 byte 0x%02x", c)
			return
		}
		s.errorf(CodeInvalidChar, a, a+size, "names use ASCII letters, digits and _; text goes in \"quotes\"",
			"unexpected character %q", r)
		return
	}
	hint := "remove it, or put the text in \"quotes\""
	switch c {
	case '\'':
		hint = "flow strings use double quotes: \"…\""
	case '$':
		hint = "interpolation ${name} works inside a string: \"${name}\""
	case ';':
		hint = "statements end at the end of the line; put the next one on its own line"
	}
	if c < 0x20 || c == 0x7f {
		s.errorf(CodeInvalidChar, a, a+1, hint, "unexpected control character 0x%02x", c)
		return
	}
	s.errorf(CodeInvalidChar, a, a+1, hint, "unexpected character %q", c)
}

// ---- strings ----

// str lexes a "…" or """ string at s.off and emits it.
func (s *scanner) str() {
	a := s.off
	if strings.HasPrefix(s.src[a:], `"""`) {
		s.text()
		return
	}
	st := &stringTok{}
	end, ok := s.strBody(a, a+1, st, false)
	if !ok {
		return
	}
	s.off = end
	t := s.emit(kString, a, end)
	t.str = st
	s.state = stNone
}

// strBody decodes the string content from i (just after the opening quote)
// up to and including the closing quote, appending parts to st. In a text
// line (multiline), content runs to the end of the line instead. It
// returns the offset after the string; on error it has reported it.
func (s *scanner) strBody(open, i int, st *stringTok, line bool) (int, bool) {
	src := s.src
	var buf []byte // decoded literal text when it differs from the source
	litStart := i  // start of the pending undecoded run
	flush := func(upto int) {
		if buf == nil && litStart == upto {
			return
		}
		if buf != nil {
			buf = append(buf, src[litStart:upto]...)
			st.addText(string(buf))
			buf = nil
		} else {
			st.addText(src[litStart:upto])
		}
	}
	for {
		if i >= len(src) || src[i] == '\n' || (src[i] == '\r' && line && (i+1 >= len(src) || src[i+1] == '\n')) {
			if line {
				flush(i)
				return i, true
			}
			s.errorf(CodeUnterminatedString, open, i, "close the string with \" on the same line, or use \"\"\" for text over several lines",
				"string is not closed before the end of the line")
			return 0, false
		}
		c := src[i]
		switch {
		case c == '"' && !line:
			flush(i)
			return i + 1, true
		case c == '\\':
			if i+1 >= len(src) || src[i+1] == '\n' || src[i+1] == '\r' {
				s.errorf(CodeInvalidEscape, i, i+1, `a backslash starts an escape: \" \\ \n \t \$`, "backslash at the end of the line")
				return 0, false
			}
			var dec byte
			switch src[i+1] {
			case '"':
				dec = '"'
			case '\\':
				dec = '\\'
			case 'n':
				dec = '\n'
			case 't':
				dec = '\t'
			case '$':
				dec = '$'
			default:
				_, size := utf8.DecodeRuneInString(src[i+1:])
				s.errorf(CodeInvalidEscape, i, i+1+size, `the escapes are \" \\ \n \t and \$; write \\ for a backslash`,
					"invalid escape %q", src[i:i+1+size])
				return 0, false
			}
			if buf == nil {
				buf = make([]byte, 0, 32)
			}
			buf = append(buf, src[litStart:i]...)
			buf = append(buf, dec)
			i += 2
			litStart = i
		case c == '$' && i+1 < len(src) && src[i+1] == '{':
			flush(i)
			end, ok := s.interp(i+2, st)
			if !ok {
				return 0, false
			}
			i = end
			litStart = i
		case c < 0x20 && c != '\t' && c != '\r':
			s.errorf(CodeInvalidChar, i, i+1, `write \n or \t inside strings`, "control character 0x%02x in a string", c)
			return 0, false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size == 1 {
				s.errorf(CodeInvalidUTF8, i, i+1, "save the file as UTF-8", "invalid UTF-8 byte 0x%02x in a string", c)
				return 0, false
			}
			i += size
		default:
			i++
		}
	}
}

func (st *stringTok) addText(t string) {
	if t == "" {
		return
	}
	if n := len(st.parts); n > 0 && st.parts[n-1].Interp == nil {
		st.parts[n-1].Text += t
		return
	}
	st.parts = append(st.parts, StrPart{Text: t})
}

// interp lexes the expression of a `${…}` starting at i (after `${`) and
// returns the offset after its closing `}`.
func (s *scanner) interp(i int, st *stringTok) (int, bool) {
	src := s.src
	s.stack = s.stack[:0]
	start := i
	for i < len(src) {
		c := src[i]
		switch c {
		case '\n':
			s.errorf(CodeUnterminatedString, start-2, start, "close the interpolation with } on the same line", "`${` is not closed before the end of the line")
			return 0, false
		case '\'', '"', '`':
			end, ok := s.exprString(i, false, start-2)
			if !ok {
				return 0, false
			}
			i = end
			continue
		case '(', '[', '{':
			if len(s.stack) >= maxBracketDepth {
				s.errorf(CodeTooDeep, i, i+1, "compute parts of the expression with set first", "brackets nested more than %d deep", maxBracketDepth)
				return 0, false
			}
			s.stack = append(s.stack, i)
		case ')', ']', '}':
			if c == '}' && len(s.stack) == 0 {
				if strings.TrimSpace(src[start:i]) == "" {
					s.errorf(CodeSyntax, start-2, i+1, "put a name or an expression inside: \"${name}\"; write \\${ for a literal ${", "empty interpolation")
					return 0, false
				}
				st.parts = append(st.parts, StrPart{Interp: &Expr{Range: s.rangeOf(start, i), Src: src[start:i]}})
				return i + 1, true
			}
			if !s.closeBracket(i) {
				return 0, false
			}
		default:
			if c >= utf8.RuneSelf {
				r, size := utf8.DecodeRuneInString(src[i:])
				if r == utf8.RuneError && size == 1 {
					s.errorf(CodeInvalidUTF8, i, i+1, "save the file as UTF-8", "invalid UTF-8 byte 0x%02x", c)
					return 0, false
				}
				i += size
				continue
			}
		}
		i++
	}
	s.errorf(CodeUnterminatedString, start-2, start, "close the interpolation with }", "`${` is not closed before the end of the file")
	return 0, false
}

// closeBracket pops the expression bracket stack for the closer at i and
// reports a mismatch: at the closer when the opener is on the same line,
// otherwise at the opener, which is the one the author forgot to close.
func (s *scanner) closeBracket(i int) bool {
	c := s.src[i]
	if len(s.stack) == 0 {
		s.errorf(CodeUnbalanced, i, i+1, "remove it or add the matching opening bracket", "`%c` closes no bracket", c)
		return false
	}
	o := s.stack[len(s.stack)-1]
	var want byte
	switch s.src[o] {
	case '(':
		want = ')'
	case '[':
		want = ']'
	default:
		want = '}'
	}
	if c != want {
		if strings.IndexByte(s.src[o:i], '\n') >= 0 {
			s.errorf(CodeUnbalanced, o, o+1, fmt.Sprintf("close it with `%c` before the end of its line", want), "`%c` is never closed", s.src[o])
		} else {
			s.errorf(CodeUnbalanced, i, i+1, fmt.Sprintf("the `%c` before it needs `%c`", s.src[o], want), "`%c` does not close `%c`", c, s.src[o])
		}
		return false
	}
	s.stack = s.stack[:len(s.stack)-1]
	return true
}

// exprString skips an expr-lang string literal at i (quote ', " or `) and
// returns the offset after it. Backquoted strings may span lines when
// multiline is set. Inside an interpolation (interp is the offset of its
// `${`), a string left open is reported as the interpolation left open,
// which is the likelier mistake: "${name" rather than a quote in an
// expression.
func (s *scanner) exprString(i int, multiline bool, interp int) (int, bool) {
	src := s.src
	q := src[i]
	j := i + 1
	for j < len(src) {
		c := src[j]
		switch {
		case c == q:
			return j + 1, true
		case c == '\\' && q != '`':
			if j+1 < len(src) && src[j+1] != '\n' {
				j += 2
				continue
			}
			j = len(src) // unterminated
			continue
		case c == '\n' && (q != '`' || !multiline):
			j = len(src)
			continue
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(src[j:])
			if r == utf8.RuneError && size == 1 {
				s.errorf(CodeInvalidUTF8, j, j+1, "save the file as UTF-8", "invalid UTF-8 byte 0x%02x", c)
				return 0, false
			}
			j += size
			continue
		}
		j++
	}
	if interp >= 0 {
		s.errorf(CodeUnterminatedString, interp, interp+2, "close the interpolation with } before the closing quote", "`${` is not closed before the end of the line")
		return 0, false
	}
	end := strings.IndexByte(src[i:], '\n')
	if end < 0 {
		end = len(src) - i
	}
	s.errorf(CodeUnterminatedString, i, i+end, fmt.Sprintf("close it with %c on the same line", q), "expression string is not closed")
	return 0, false
}

// text lexes a """ multi-line string at s.off.
func (s *scanner) text() {
	src := s.src
	a := s.off
	i := a + 3
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r') {
		i++
	}
	if i < len(src) && src[i] != '\n' {
		s.errorf(CodeSyntax, i, i+1, "the text starts on the line after the opening \"\"\"", "nothing may follow an opening \"\"\" on its line")
		return
	}
	if i >= len(src) {
		s.errorf(CodeUnterminatedText, a, a+3, "end the text with a line holding only \"\"\"", "multi-line string is not closed")
		return
	}
	// Find the closing line first: its indentation is removed from every line.
	first := i + 1
	var lines []int // start offsets of content lines
	closeAt := -1
	for p := first; p < len(src); {
		e := strings.IndexByte(src[p:], '\n')
		if e < 0 {
			e = len(src)
		} else {
			e += p
		}
		if strings.TrimRight(strings.TrimLeft(src[p:e], " \t"), "\r") == `"""` {
			closeAt = p
			break
		}
		lines = append(lines, p)
		p = e + 1
	}
	if closeAt < 0 {
		s.errorf(CodeUnterminatedText, a, a+3, "end the text with a line holding only \"\"\"", "multi-line string is not closed")
		return
	}
	ind := closeAt
	for src[ind] == ' ' || src[ind] == '\t' {
		ind++
	}
	prefix := src[closeAt:ind]
	st := &stringTok{multiline: true}
	for k, p := range lines {
		if k > 0 {
			st.addText("\n")
		}
		e := strings.IndexByte(src[p:], '\n') + p
		line := src[p:e]
		if strings.TrimSpace(line) == "" {
			if len(line) > len(prefix) && strings.HasPrefix(line, prefix) {
				st.addText(strings.TrimRight(line[len(prefix):], "\r"))
			}
			continue
		}
		if !strings.HasPrefix(line, prefix) {
			s.errorf(CodeUnterminatedText, p, p+1, "indent every line of the text at least as far as its closing \"\"\"",
				"line of a multi-line string is indented less than its closing \"\"\"")
			s.off = ind + 3
			return
		}
		if _, ok := s.strBody(a, p+len(prefix), st, true); !ok {
			s.off = ind + 3 // go on after the text, not inside it
			return
		}
	}
	end := ind + 3
	s.off = end
	t := s.emit(kString, a, end)
	t.str = st
	s.state = stNone
}

// ---- expressions and conditions ----

// skipSpace returns the first offset at or after i that is not a space or tab.
func (s *scanner) skipSpace(i int) int {
	for i < len(s.src) && (s.src[i] == ' ' || s.src[i] == '\t') {
		i++
	}
	return i
}

// lineRestBlank reports whether only blanks or a comment follow i on its line.
func (s *scanner) lineRestBlank(i int) bool {
	i = s.skipSpace(i)
	return i >= len(s.src) || s.src[i] == '\n' || s.src[i] == '#' || s.src[i] == '\r'
}

// peekString returns the end of a well-formed single-line "…" string at i,
// without reporting anything, or -1.
func (s *scanner) peekString(i int) int {
	src := s.src
	if i >= len(src) || src[i] != '"' || strings.HasPrefix(src[i:], `"""`) {
		return -1
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '"':
			return j + 1
		case '\\':
			j++
		case '\n':
			return -1
		case '$':
			if j+1 < len(src) && src[j+1] == '{' {
				// skip to the matching }, string-aware
				depth := 0
				for j += 2; j < len(src) && src[j] != '\n'; j++ {
					c := src[j]
					if c == '\'' || c == '"' || c == '`' {
						for j++; j < len(src) && src[j] != c && src[j] != '\n'; j++ {
							if src[j] == '\\' {
								j++
							}
						}
						continue
					}
					if c == '{' {
						depth++
					} else if c == '}' {
						if depth == 0 {
							break
						}
						depth--
					}
				}
				if j >= len(src) || src[j] == '\n' {
					return -1
				}
			}
		}
	}
	return -1
}

// maxClause reports whether `max N` follows at k, ending its line or
// followed by the block's `{`.
func (s *scanner) maxClause(k int) bool {
	src := s.src
	if !strings.HasPrefix(src[k:], "max") {
		return false
	}
	j := s.skipSpace(k + 3)
	if j == k+3 || j >= len(src) || !isDigit(src[j]) {
		return false
	}
	for j < len(src) && isDigit(src[j]) {
		j++
	}
	j = s.skipSpace(j)
	return j >= len(src) || src[j] == '{' || src[j] == '\n' || src[j] == '\r' || src[j] == '#'
}

// cond lexes the condition of `if`, `else if` or `repeat until`: a screen
// condition (one string, optionally after `not`) becomes tokens of its own,
// anything else one Expr token.
func (s *scanner) cond(repeat bool) {
	i := s.skipSpace(s.off)
	j := i
	hasNot := false
	if strings.HasPrefix(s.src[i:], "not") && i+3 < len(s.src) && (s.src[i+3] == ' ' || s.src[i+3] == '\t') {
		hasNot = true
		j = s.skipSpace(i + 3)
	}
	if end := s.peekString(j); end >= 0 {
		k := s.skipSpace(end)
		screen := k >= len(s.src) || s.src[k] == '{' || s.src[k] == '\n' || s.src[k] == '\r' || s.src[k] == '#'
		if !screen && repeat && s.maxClause(k) {
			screen = true
		}
		if screen {
			if hasNot {
				s.emit(kIdent, i, i+3)
			}
			s.off = j
			s.str()
			return
		}
	}
	s.expr(modeBlock, repeat)
}

// expr lexes raw expr-lang text from s.off (after blanks) and emits it as
// one Expr token, followed by the tokens that end it on its line: `max N`
// (when withMax), or `, "message"` in check mode.
func (s *scanner) expr(mode exprMode, withMax bool) {
	src := s.src
	a := s.skipSpace(s.off)
	i := a
	s.stack = s.stack[:0]
	end := -1
	msgAt := -1
scan:
	for i < len(src) {
		c := src[i]
		switch c {
		case '\n':
			if len(s.stack) == 0 {
				end = i
				break scan
			}
		case '#':
			if len(s.stack) == 0 {
				end = i
				break scan
			}
		case '\'', '"', '`':
			e, ok := s.exprString(i, true, -1)
			if !ok {
				return
			}
			i = e
			continue
		case '{':
			if len(s.stack) == 0 && mode == modeBlock && s.lineRestBlank(i+1) {
				end = i
				break scan
			}
			fallthrough
		case '(', '[':
			if len(s.stack) >= maxBracketDepth {
				s.errorf(CodeTooDeep, i, i+1, "split the expression with set", "brackets nested more than %d deep", maxBracketDepth)
				return
			}
			s.stack = append(s.stack, i)
		case ')', ']', '}':
			if !s.closeBracket(i) {
				return
			}
		case ',':
			if mode == modeCheck && len(s.stack) == 0 {
				if e := s.peekString(s.skipSpace(i + 1)); e >= 0 && s.lineRestBlank(e) {
					end = i
					msgAt = s.skipSpace(i + 1)
					break scan
				}
			}
		default:
			if c >= utf8.RuneSelf {
				r, size := utf8.DecodeRuneInString(src[i:])
				if r == utf8.RuneError && size == 1 {
					s.errorf(CodeInvalidUTF8, i, i+1, "save the file as UTF-8", "invalid UTF-8 byte 0x%02x", c)
					return
				}
				i += size
				continue
			}
			if c < 0x20 && c != '\t' && c != '\r' {
				s.errorf(CodeInvalidChar, i, i+1, "remove it; the file may not be text", "unexpected control character 0x%02x", c)
				return
			}
		}
		i++
	}
	if end < 0 {
		end = len(src)
		if len(s.stack) > 0 {
			o := s.stack[0]
			s.errorf(CodeUnbalanced, o, o+1, "close it before the end of the statement", "`%c` is never closed", src[o])
			return
		}
	}
	b := end
	for b > a && (src[b-1] == ' ' || src[b-1] == '\t' || src[b-1] == '\r') {
		b--
	}
	// `max N` right before the block's `{` belongs to repeat and for.
	maxAt, numAt, numEnd := -1, -1, -1
	if withMax {
		k := b
		for k > a && isDigit(src[k-1]) {
			k--
		}
		if k < b {
			numAt, numEnd = k, b
			m := k
			for m > a && (src[m-1] == ' ' || src[m-1] == '\t') {
				m--
			}
			if m < k && m-3 >= a && src[m-3:m] == "max" && (m-3 == a || src[m-4] == ' ' || src[m-4] == '\t') {
				maxAt = m - 3
				b = maxAt
				for b > a && (src[b-1] == ' ' || src[b-1] == '\t') {
					b--
				}
			}
		}
	}
	if b > a {
		s.emit(kExpr, a, b)
	}
	if maxAt >= 0 {
		s.emit(kIdent, maxAt, maxAt+3)
		s.emit(kNumber, numAt, numEnd)
	}
	s.off = end
	if msgAt >= 0 {
		s.emit(kPunct, end, end+1)
		s.off = msgAt
		s.str()
	}
	s.state = stNone
}
