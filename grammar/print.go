package grammar

import (
	"bytes"
	"strings"
)

// Format prints f in the canonical layout that `flow fmt` writes: two-space
// indentation, one statement per line, `{` on the line it opens, one space
// around `=`, block forms of enter and choose kept, blank lines between
// statements kept but collapsed to one, one blank line between flows,
// imports first. Every comment is kept: own-line comments stay on their own
// line before the statement they preceded, trailing comments stay at the end
// of their line (two spaces after the code). Strings are printed from their
// source text, so escapes survive; multi-line strings are re-indented one
// level deeper than their statement, which leaves their text unchanged.
// A string without Raw (in a tree built by a program, such as the recorder)
// is printed with [Quote]; nodes without positions print without blank
// lines.
//
// Format is idempotent, and its output parses to a tree equal to f apart
// from positions.
func Format(f *File) []byte {
	p := &printer{comments: f.Comments}
	p.file(f)
	return p.buf.Bytes()
}

// FormatSource parses src and formats it. When the source has syntax
// errors it returns nil and the diagnostics: a broken file is not rewritten.
func FormatSource(filename string, src []byte) ([]byte, Diagnostics) {
	f, diags := Parse(filename, src)
	if diags.HasErrors() {
		return nil, diags
	}
	return Format(f), diags
}

type printer struct {
	buf      bytes.Buffer
	comments []*Comment
	ci       int // next comment to print
	indent   int
}

// level tracks the previous item printed at one nesting level, for the
// blank-line rules.
type level struct {
	any      bool // something was printed at this level
	prevEnd  int  // source line where the previous item ended
	prevFlow bool // the previous item was a flow (top level only)
}

func (p *printer) newline() { p.buf.WriteByte('\n') }

func (p *printer) writeIndent() {
	for range p.indent {
		p.buf.WriteString("  ")
	}
}

// trailing appends the trailing comment on source line line, if the next
// comment is one.
func (p *printer) trailing(line int) {
	if p.ci < len(p.comments) {
		c := p.comments[p.ci]
		if c.Trailing && c.Start.Line == line {
			p.buf.WriteString("  ")
			p.buf.WriteString(c.Text)
			p.ci++
		}
	}
}

// commentsBefore prints, as own-line comments at the current indentation,
// every comment that starts before offset. A trailing comment that could not
// stay on its line (it sat inside a statement printed on one line) comes
// out here too, just after that statement.
func (p *printer) commentsBefore(offset int, lv *level, top bool) {
	for p.ci < len(p.comments) && p.comments[p.ci].Start.Offset < offset {
		c := p.comments[p.ci]
		p.ci++
		if lv.any && (c.Start.Line > lv.prevEnd+1 || (top && lv.prevFlow)) {
			p.newline()
		}
		p.writeIndent()
		p.buf.WriteString(c.Text)
		p.newline()
		lv.any = true
		lv.prevEnd = max(lv.prevEnd, c.End.Line)
		lv.prevFlow = false
	}
}

func (p *printer) file(f *File) {
	var lv level
	for _, im := range f.Imports {
		p.commentsBefore(im.Start.Offset, &lv, true)
		if lv.any && (im.Start.Line > lv.prevEnd+1 || lv.prevFlow) {
			p.newline()
		}
		p.buf.WriteString("import ")
		p.str(im.Path)
		if im.Alias != nil {
			p.buf.WriteString(" as ")
			p.buf.WriteString(im.Alias.Name)
		}
		p.trailing(im.End.Line)
		p.newline()
		lv = level{any: true, prevEnd: im.End.Line}
	}
	for _, fl := range f.Flows {
		// Own-line comments directly above a flow stay attached to it;
		// one blank line separates the flow and them from what precedes.
		first := p.attachedComments(fl.Start.Line, fl.Start.Offset)
		limit := fl.Start.Offset
		if first < len(p.comments) {
			limit = p.comments[first].Start.Offset
		}
		p.commentsBefore(limit, &lv, true)
		if lv.any {
			p.newline()
		}
		for p.ci < len(p.comments) && p.comments[p.ci].Start.Offset < fl.Start.Offset {
			p.buf.WriteString(p.comments[p.ci].Text)
			p.newline()
			p.ci++
		}
		p.flow(fl)
		lv = level{any: true, prevEnd: fl.End.Line, prevFlow: true}
	}
	p.commentsBefore(int(^uint(0)>>1), &lv, true)
}

// attachedComments returns the index of the first comment of the run of
// own-line comments that ends on the line just above a flow starting at
// line and offset, or len(comments) when there is no such run.
func (p *printer) attachedComments(line, offset int) int {
	i := p.ci
	for i < len(p.comments) && p.comments[i].Start.Offset < offset {
		i++
	}
	first := len(p.comments)
	want := line - 1
	for j := i - 1; j >= p.ci; j-- {
		c := p.comments[j]
		if c.Trailing || c.Start.Line != want {
			break
		}
		first = j
		want--
	}
	return first
}

func (p *printer) flow(fl *Flow) {
	p.buf.WriteString("flow ")
	if fl.Name != nil {
		p.buf.WriteString(fl.Name.Name)
	}
	if fl.Description != nil {
		p.buf.WriteByte(' ')
		p.str(fl.Description)
	}
	p.buf.WriteString(" {")
	if fl.Body == nil {
		p.newline()
		p.buf.WriteString("}\n")
		return
	}
	p.trailing(fl.Body.Start.Line)
	p.newline()
	p.blockBody(fl.Body)
	p.buf.WriteString("}")
	p.trailing(fl.Body.End.Line)
	p.newline()
}

// blockBody prints the statements of b one level deeper, and the comments
// up to its closing brace, but not the brace.
func (p *printer) blockBody(b *Block) {
	printLines(p, b.Range, b.Stmts, p.stmt)
}

// printLines prints items one per line, one level deeper than the
// enclosing braces of r, with the comments among them and one blank line
// kept where the source had any; then the comments before the closing
// brace, and the indentation for it. Blocks of statements and the pairs of
// an enter or choose block are laid out alike.
func printLines[T Node](p *printer, r Range, items []T, write func(T)) {
	p.indent++
	lv := level{prevEnd: r.Start.Line}
	for _, it := range items {
		ir := it.Span()
		p.commentsBefore(ir.Start.Offset, &lv, false)
		if lv.any && ir.Start.Line > lv.prevEnd+1 {
			p.newline()
		}
		p.writeIndent()
		write(it)
		p.trailing(ir.End.Line)
		p.newline()
		lv.any = true
		lv.prevEnd = ir.End.Line
	}
	p.commentsBefore(r.End.Offset-1, &lv, false)
	p.indent--
	p.writeIndent()
}

func (p *printer) stmt(st Stmt) {
	b := &p.buf
	switch s := st.(type) {
	case *FactDecl:
		b.WriteString("fact ")
		b.WriteString(s.Name.Name)
		b.WriteString(": ")
		b.WriteString(s.Type.Name)
		if s.Doc != nil {
			b.WriteByte(' ')
			p.str(s.Doc)
		}
		if s.Default != nil {
			b.WriteString(" = ")
			p.literal(s.Default)
		}
	case *SecretDecl:
		b.WriteString("secret ")
		b.WriteString(s.Name.Name)
		if s.Doc != nil {
			b.WriteByte(' ')
			p.str(s.Doc)
		}
	case *AllowDecl:
		b.WriteString("allow ")
		for i, o := range s.Origins {
			if i > 0 {
				b.WriteString(", ")
			}
			p.str(o)
		}
	case *BudgetDecl:
		b.WriteString("budget ")
		for i, it := range s.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(it.Kind.Name)
			b.WriteByte(' ')
			if it.Count != nil {
				b.WriteString(it.Count.Raw)
			} else if it.Duration != nil {
				b.WriteString(it.Duration.Raw)
			}
		}
	case *PaymentDecl:
		b.WriteString("payment ")
		b.WriteString(s.Mode.Name)
	case *BrowseStmt:
		p.textStmt("browse", s.URL)
	case *OpenStmt:
		p.textStmt("open", s.App)
	case *DoStmt:
		p.textStmt("do", s.Text)
	case *PressStmt:
		p.textStmt("press", s.Keys)
	case *VerifyStmt:
		p.textStmt("verify", s.Text)
	case *StopBeforeStmt:
		p.textStmt("stop_before", s.Text)
	case *EnterStmt:
		p.pairs("enter", s.Pairs, s.Block, s.Range)
	case *ChooseStmt:
		p.pairs("choose", s.Pairs, s.Block, s.Range)
	case *ReadStmt:
		p.textStmt("read", s.What)
		b.WriteString(" into ")
		b.WriteString(s.Into.Name)
		if s.As != nil {
			b.WriteString(" as ")
			b.WriteString(s.As.Name)
		}
	case *ExtractStmt:
		p.textStmt("extract", s.What)
		b.WriteString(" into ")
		b.WriteString(s.Into.Name)
	case *PickStmt:
		p.textStmt("pick", s.List)
		b.WriteString(" by ")
		p.str(s.Criterion)
		b.WriteString(" into ")
		b.WriteString(s.Into.Name)
	case *WaitForStmt:
		p.textStmt("wait_for", s.Text)
		if s.Within != nil {
			b.WriteString(" within ")
			b.WriteString(s.Within.Raw)
		}
	case *CheckStmt:
		b.WriteString("check ")
		b.WriteString(s.Expr.Src)
		if s.Message != nil {
			b.WriteString(", ")
			p.str(s.Message)
		}
	case *SetStmt:
		b.WriteString("set ")
		b.WriteString(s.Name.Name)
		b.WriteString(" = ")
		b.WriteString(s.Expr.Src)
	case *IfStmt:
		for i, br := range s.Branches {
			if i == 0 {
				b.WriteString("if ")
			} else {
				b.WriteString("} else if ")
			}
			p.cond(br.Cond)
			b.WriteString(" {")
			p.trailing(br.Body.Start.Line)
			p.newline()
			p.blockBody(br.Body)
		}
		if s.Else != nil {
			b.WriteString("} else {")
			p.trailing(s.Else.Start.Line)
			p.newline()
			p.blockBody(s.Else)
		}
		b.WriteString("}")
	case *RepeatStmt:
		b.WriteString("repeat until ")
		p.cond(s.Until)
		if s.Max != nil {
			b.WriteString(" max ")
			b.WriteString(s.Max.Raw)
		}
		p.body(s.Body)
	case *ForStmt:
		b.WriteString("for ")
		b.WriteString(s.Var.Name)
		b.WriteString(" in ")
		b.WriteString(s.In.Src)
		if s.Max != nil {
			b.WriteString(" max ")
			b.WriteString(s.Max.Raw)
		}
		p.body(s.Body)
	case *CallStmt:
		if s.Lib != nil {
			b.WriteString(s.Lib.Name)
			b.WriteByte('.')
		}
		b.WriteString(s.Name.Name)
		b.WriteByte('(')
		for i, a := range s.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.Name.Name)
			b.WriteString(" = ")
			p.value(a.Value)
		}
		b.WriteByte(')')
	}
}

// body prints ` {`, the block and its `}`.
func (p *printer) body(b *Block) {
	p.buf.WriteString(" {")
	p.trailing(b.Start.Line)
	p.newline()
	p.blockBody(b)
	p.buf.WriteString("}")
}

func (p *printer) textStmt(kw string, s *StringLit) {
	p.buf.WriteString(kw)
	p.buf.WriteByte(' ')
	p.str(s)
}

func (p *printer) pairs(kw string, pairs []*Pair, block bool, r Range) {
	b := &p.buf
	b.WriteString(kw)
	if !block && len(pairs) == 1 {
		b.WriteByte(' ')
		p.pair(pairs[0])
		return
	}
	b.WriteString(" {")
	p.trailing(r.Start.Line)
	p.newline()
	printLines(p, r, pairs, p.pair)
	b.WriteString("}")
}

func (p *printer) pair(pr *Pair) {
	p.str(pr.Field)
	p.buf.WriteString(" = ")
	p.value(pr.Value)
}

func (p *printer) value(v *Value) {
	switch {
	case v.Str != nil:
		p.str(v.Str)
	case v.Num != nil:
		p.buf.WriteString(v.Num.Raw)
	case v.Bool != nil:
		p.bool(v.Bool)
	case v.Name != nil:
		p.buf.WriteString(v.Name.Name)
	}
}

func (p *printer) bool(b *BoolLit) {
	if b.Value {
		p.buf.WriteString("true")
	} else {
		p.buf.WriteString("false")
	}
}

func (p *printer) literal(l *Literal) {
	switch {
	case l.Str != nil:
		p.str(l.Str)
	case l.Num != nil:
		p.buf.WriteString(l.Num.Raw)
	case l.Bool != nil:
		p.bool(l.Bool)
	case l.IsList:
		p.buf.WriteByte('[')
		for i, it := range l.List {
			if i > 0 {
				p.buf.WriteString(", ")
			}
			p.literal(it)
		}
		p.buf.WriteByte(']')
	}
}

func (p *printer) cond(c *Cond) {
	if c.Screen != nil {
		if c.Not {
			p.buf.WriteString("not ")
		}
		p.str(c.Screen)
		return
	}
	if c.Expr != nil {
		p.buf.WriteString(c.Expr.Src)
	}
}

// str prints a string from its source text. A multi-line string is
// re-indented so that its closing `"""` sits one level deeper than the
// statement, and every line keeps its indentation relative to it.
func (p *printer) str(s *StringLit) {
	if s.Raw == "" {
		// A tree built by a program (the recorder) may give only the
		// parts; they are quoted here.
		p.buf.WriteString(Quote(s.Parts))
		return
	}
	if !s.Multiline {
		p.buf.WriteString(s.Raw)
		return
	}
	lines := strings.Split(s.Raw, "\n")
	if len(lines) < 2 {
		p.buf.WriteString(s.Raw)
		return
	}
	last := lines[len(lines)-1]
	prefix := last[:len(last)-len(strings.TrimLeft(last, " \t"))]
	ind := strings.Repeat("  ", p.indent+1)
	p.buf.WriteString(`"""`)
	p.newline()
	for _, line := range lines[1 : len(lines)-1] {
		line = strings.TrimSuffix(line, "\r")
		switch {
		case strings.TrimSpace(line) == "":
			if len(line) > len(prefix) && strings.HasPrefix(line, prefix) {
				p.buf.WriteString(ind)
				p.buf.WriteString(line[len(prefix):])
			}
		case strings.HasPrefix(line, prefix):
			p.buf.WriteString(ind)
			p.buf.WriteString(line[len(prefix):])
		default:
			p.buf.WriteString(line) // cannot happen in a parsed string
		}
		p.newline()
	}
	p.buf.WriteString(ind)
	p.buf.WriteString(`"""`)
}

// Quote returns the source text of a "…" string holding parts: literal
// text is escaped (quotes, backslashes, newlines, tabs, and a `$` before `{`),
// interpolations are written as ${expr}, and control characters that a
// string cannot hold are dropped. Parsing the result gives the same parts
// back (adjacent literal parts merged).
func Quote(parts []StrPart) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(parts); i++ {
		if parts[i].Interp != nil {
			b.WriteString("${")
			b.WriteString(parts[i].Interp.Src)
			b.WriteByte('}')
			continue
		}
		t := parts[i].Text
		for i+1 < len(parts) && parts[i+1].Interp == nil {
			i++
			t += parts[i].Text
		}
		for j := 0; j < len(t); j++ {
			switch c := t[j]; {
			case c == '"':
				b.WriteString(`\"`)
			case c == '\\':
				b.WriteString(`\\`)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\t':
				b.WriteString(`\t`)
			case c == '$' && j+1 < len(t) && t[j+1] == '{':
				b.WriteString(`\$`)
			case c < 0x20 || c == 0x7f:
				// not representable in a string; dropped
			default:
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
