package grammar

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"flow/internal/suggest"

	"github.com/alecthomas/participle/v2/lexer"
)

// The converter turns participle's parse tree into the nodes of ast.go.
// Participle has already checked every production, so the converter walks
// the scanner tokens of each one in order and builds nodes with exact
// ranges. It still checks every token it reads: after a syntax error the
// tree is partial, and a statement that cannot be read whole is dropped.

// span returns the scanner tokens a production matched: from the first
// token participle gave it to the end of the last one, which for a Stmt
// token is the end of the statement it stands for.
func (c *converter) span(pt []lexer.Token) tcur {
	if len(pt) == 0 {
		return tcur{}
	}
	toks := c.s.toks
	first, last := pt[0].Pos.Offset, pt[len(pt)-1].Pos.Offset+len(pt[len(pt)-1].Value)
	i := sort.Search(len(toks), func(i int) bool { return toks[i].start.Offset >= first })
	if i >= len(toks) || toks[i].start.Offset != first {
		return tcur{}
	}
	j := i
	for j < len(toks) && toks[j].kind != kEOF && (toks[j].start.Offset < last || (j == i)) {
		j++
	}
	return tcur{t: toks[i:j], base: i}
}

// tcur reads the tokens of one production.
type tcur struct {
	t    []lexToken
	i    int
	base int // index of t[0] in the scanner's tokens
}

func (k *tcur) peek() *lexToken {
	if k.i < len(k.t) {
		return &k.t[k.i]
	}
	return nil
}

// want consumes the next token if it has the kind.
func (k *tcur) want(kind tokKind) *lexToken {
	if t := k.peek(); t != nil && t.kind == kind {
		k.i++
		return t
	}
	return nil
}

// word consumes the next token if it is the keyword, name or punctuation w.
func (k *tcur) word(w string) *lexToken {
	if t := k.peek(); t != nil && t.text == w && (t.kind == kKeyword || t.kind == kIdent || t.kind == kPunct) {
		k.i++
		return t
	}
	return nil
}

// from returns the range of this file from start to end.
func (c *converter) from(start, end Pos) Range {
	return Range{Filename: c.file, Start: start, End: end}
}

func (c *converter) rng(a, b *lexToken) Range {
	return c.from(a.start, b.end())
}

func (c *converter) ident(t *lexToken) *Ident {
	if t == nil || t.kind != kIdent {
		return nil
	}
	return &Ident{Range: c.rng(t, t), Name: t.text}
}

func (c *converter) str(t *lexToken) *StringLit {
	if t == nil || t.kind != kString {
		return nil
	}
	return &StringLit{Range: c.rng(t, t), Raw: t.text, Parts: t.str.parts, Multiline: t.str.multiline}
}

func (c *converter) num(t *lexToken) *NumberLit {
	if t == nil || t.kind != kNumber {
		return nil
	}
	v, _ := strconv.ParseFloat(t.text, 64) // the lexer checked the syntax
	return &NumberLit{Range: c.rng(t, t), Raw: t.text, Value: v}
}

func (c *converter) dur(t *lexToken) *DurationLit {
	if t == nil || t.kind != kDuration {
		return nil
	}
	return &DurationLit{Range: c.rng(t, t), Raw: t.text, Value: parseDuration(t.text)}
}

// parseDuration reads a duration the lexer accepted (number and unit).
func parseDuration(s string) time.Duration {
	i := len(s)
	for i > 0 && !isDigit(s[i-1]) {
		i--
	}
	f, _ := strconv.ParseFloat(s[:i], 64)
	unit := time.Second
	switch s[i:] {
	case "ms":
		unit = time.Millisecond
	case "m":
		unit = time.Minute
	case "h":
		unit = time.Hour
	}
	return time.Duration(f * float64(unit))
}

func (c *converter) expr(t *lexToken) *Expr {
	if t == nil || t.kind != kExpr {
		return nil
	}
	return &Expr{Range: c.rng(t, t), Src: t.text}
}

func (c *converter) boolLit(t *lexToken) *BoolLit {
	if t == nil || t.kind != kKeyword || (t.text != "true" && t.text != "false") {
		return nil
	}
	return &BoolLit{Range: c.rng(t, t), Value: t.text == "true"}
}

// value converts the right-hand side of a pair or an argument.
func (c *converter) value(t *lexToken) *Value {
	if t == nil {
		return nil
	}
	v := &Value{Range: c.rng(t, t)}
	switch t.kind {
	case kString:
		v.Str = c.str(t)
	case kNumber:
		v.Num = c.num(t)
	case kIdent:
		v.Name = c.ident(t)
	case kKeyword:
		if v.Bool = c.boolLit(t); v.Bool == nil {
			return nil
		}
	default:
		return nil
	}
	return v
}

func (c *converter) importNode(g *gImport) *Import {
	k := c.span(g.Tokens)
	kw := k.word("import")
	path := c.str(k.want(kString))
	if kw == nil || path == nil {
		return nil
	}
	im := &Import{Range: c.from(kw.start, path.End), Path: path}
	if k.word("as") != nil {
		if im.Alias = c.ident(k.want(kIdent)); im.Alias == nil {
			return nil
		}
		im.Range.End = im.Alias.End
	}
	return im
}

// flow converts a flow; lo is the index of its `flow` token, from which a
// flow cut short by an error (participle then leaves Tokens empty) still
// gets its name and description.
func (c *converter) flow(g *gFlow, lo int) *Flow {
	k := c.span(g.Tokens)
	if len(k.t) == 0 {
		k = tcur{t: c.s.toks[lo:min(lo+3, len(c.s.toks))], base: lo}
	}
	kw := k.word("flow")
	name := c.ident(k.want(kIdent))
	if kw == nil || name == nil {
		return nil
	}
	fl := &Flow{Name: name, Description: c.str(k.want(kString))}
	fl.Range = c.from(kw.start, name.End)
	if fl.Description != nil {
		fl.Range.End = fl.Description.End
	}
	if g.Body != nil {
		if fl.Body = c.block(g.Body); fl.Body != nil {
			fl.Range.End = fl.Body.End
		}
	}
	return fl
}

// block converts a block; a block cut short by an error ends at its last
// complete statement.
func (c *converter) block(g *gBlock) *Block {
	if g == nil {
		return nil
	}
	k := c.span(g.Tokens)
	if len(k.t) == 0 {
		// Partial: participle fills Tokens only for a complete block, so
		// this one broke off; keep what it holds for editors and lint.
		if len(g.Stmts) == 0 {
			return nil
		}
		b := &Block{}
		for _, gs := range g.Stmts {
			if r, ok := gs.(*gRun); ok {
				b.Stmts = c.run(r, b.Stmts)
			} else if st := c.stmt(gs); st != nil {
				b.Stmts = append(b.Stmts, st)
			}
		}
		if b.Stmts == nil {
			return nil
		}
		b.Range = b.Stmts[0].Span()
		b.End = b.Stmts[len(b.Stmts)-1].Span().End
		return b
	}
	open := k.word("{")
	cl := &k.t[len(k.t)-1]
	if open == nil || cl.kind != kPunct || cl.text != "}" {
		return nil
	}
	b := &Block{Range: c.rng(open, cl)}
	for _, gs := range g.Stmts {
		if r, ok := gs.(*gRun); ok {
			b.Stmts = c.run(r, b.Stmts)
			continue
		}
		if st := c.stmt(gs); st != nil {
			b.Stmts = append(b.Stmts, st)
		}
	}
	return b
}

// run converts a run of collapsed statements, appending them to out.
func (c *converter) run(g *gRun, out []Stmt) []Stmt {
	k := c.span(g.Tokens)
	for i := k.base; i < k.base+len(k.t); {
		n := int(c.s.coll[i])
		if n <= 0 {
			break
		}
		if st := c.flat(tcur{t: c.s.toks[i : i+n], base: i}); st != nil {
			out = append(out, st)
		}
		i += n
	}
	return out
}

// complete reports whether a block was parsed through its closing brace.
func complete(b *gBlock) bool { return b != nil && len(b.Tokens) > 0 }

// stmt converts one statement; nil when an error left it incomplete.
func (c *converter) stmt(gs gStmt) Stmt {
	switch g := gs.(type) {
	case *gIf:
		return c.ifStmt(g)
	case *gRepeat:
		k := c.span(g.Tokens)
		kw := k.word("repeat")
		k.word("until")
		cond := c.cond(&k)
		if kw == nil || cond == nil || !complete(g.Body) {
			return nil
		}
		st := &RepeatStmt{Until: cond}
		if k.word("max") != nil {
			if st.Max = c.num(k.want(kNumber)); st.Max == nil {
				return nil
			}
		}
		if st.Body = c.block(g.Body); st.Body == nil {
			return nil
		}
		st.Range = c.from(kw.start, st.Body.End)
		return st
	case *gFor:
		k := c.span(g.Tokens)
		kw, v := k.word("for"), c.ident(k.want(kIdent))
		k.word("in")
		in := c.expr(k.want(kExpr))
		if kw == nil || v == nil || in == nil || !complete(g.Body) {
			return nil
		}
		st := &ForStmt{Var: v, In: in}
		if k.word("max") != nil {
			if st.Max = c.num(k.want(kNumber)); st.Max == nil {
				return nil
			}
		}
		if st.Body = c.block(g.Body); st.Body == nil {
			return nil
		}
		st.Range = c.from(kw.start, st.Body.End)
		return st
	case *gText:
		return c.flat(c.span(g.Tokens))
	case *gEnter:
		return c.flat(c.span(g.Tokens))
	case *gRead:
		return c.flat(c.span(g.Tokens))
	case *gExtract:
		return c.flat(c.span(g.Tokens))
	case *gPick:
		return c.flat(c.span(g.Tokens))
	case *gWaitFor:
		return c.flat(c.span(g.Tokens))
	case *gCheck:
		return c.flat(c.span(g.Tokens))
	case *gSet:
		return c.flat(c.span(g.Tokens))
	case *gCall:
		return c.flat(c.span(g.Tokens))
	case *gFact:
		return c.flat(c.span(g.Tokens))
	case *gSecret:
		return c.flat(c.span(g.Tokens))
	case *gAllow:
		return c.flat(c.span(g.Tokens))
	case *gBudget:
		return c.flat(c.span(g.Tokens))
	case *gPayment:
		return c.flat(c.span(g.Tokens))
	}
	return nil
}

// flat converts a flat statement (no nested block) from its tokens.
func (c *converter) flat(k tcur) Stmt {
	t := k.peek()
	if t == nil {
		return nil
	}
	if t.kind == kIdent {
		return c.call(k)
	}
	switch t.text {
	case "do", "verify", "browse", "open", "press", "stop_before":
		kw, text := k.want(kKeyword), c.str(k.want(kString))
		if kw == nil || text == nil {
			return nil
		}
		r := c.from(kw.start, text.End)
		switch kw.text {
		case "do":
			return &DoStmt{Range: r, Text: text}
		case "verify":
			return &VerifyStmt{Range: r, Text: text}
		case "browse":
			return &BrowseStmt{Range: r, URL: text}
		case "open":
			return &OpenStmt{Range: r, App: text}
		case "press":
			return &PressStmt{Range: r, Keys: text}
		case "stop_before":
			return &StopBeforeStmt{Range: r, Text: text}
		}
	case "enter", "choose":
		return c.enter(k)
	case "read":
		kw, what := k.word("read"), c.str(k.want(kString))
		k.word("into")
		into := c.ident(k.want(kIdent))
		if kw == nil || what == nil || into == nil {
			return nil
		}
		st := &ReadStmt{Range: c.from(kw.start, into.End), What: what, Into: into}
		if k.word("as") != nil {
			if st.As = c.typeRef(k.want(kIdent)); st.As == nil {
				return nil
			}
			st.End = st.As.End
		}
		return st
	case "extract":
		kw, what := k.word("extract"), c.str(k.want(kString))
		k.word("into")
		into := c.ident(k.want(kIdent))
		if kw == nil || what == nil || into == nil {
			return nil
		}
		return &ExtractStmt{Range: c.from(kw.start, into.End), What: what, Into: into}
	case "pick":
		kw, list := k.word("pick"), c.str(k.want(kString))
		k.word("by")
		crit := c.str(k.want(kString))
		k.word("into")
		into := c.ident(k.want(kIdent))
		if kw == nil || list == nil || crit == nil || into == nil {
			return nil
		}
		return &PickStmt{Range: c.from(kw.start, into.End), List: list, Criterion: crit, Into: into}
	case "wait_for":
		kw, text := k.word("wait_for"), c.str(k.want(kString))
		if kw == nil || text == nil {
			return nil
		}
		st := &WaitForStmt{Range: c.from(kw.start, text.End), Text: text}
		if k.word("within") != nil {
			if st.Within = c.dur(k.want(kDuration)); st.Within == nil {
				return nil
			}
			st.End = st.Within.End
		}
		return st
	case "check":
		kw, e := k.word("check"), c.expr(k.want(kExpr))
		if kw == nil || e == nil {
			return nil
		}
		st := &CheckStmt{Range: c.from(kw.start, e.End), Expr: e}
		if k.word(",") != nil {
			if st.Message = c.str(k.want(kString)); st.Message == nil {
				return nil
			}
			st.End = st.Message.End
		}
		return st
	case "set":
		kw, name := k.word("set"), c.ident(k.want(kIdent))
		k.word("=")
		e := c.expr(k.want(kExpr))
		if kw == nil || name == nil || e == nil {
			return nil
		}
		return &SetStmt{Range: c.from(kw.start, e.End), Name: name, Expr: e}
	case "fact":
		return c.fact(k)
	case "secret":
		kw, name := k.word("secret"), c.ident(k.want(kIdent))
		if kw == nil || name == nil {
			return nil
		}
		st := &SecretDecl{Range: c.from(kw.start, name.End), Name: name}
		if st.Doc = c.str(k.want(kString)); st.Doc != nil {
			st.End = st.Doc.End
		}
		return st
	case "allow":
		kw := k.word("allow")
		if kw == nil {
			return nil
		}
		st := &AllowDecl{}
		for {
			s := c.str(k.want(kString))
			if s == nil {
				return nil
			}
			st.Origins = append(st.Origins, s)
			if k.word(",") == nil {
				break
			}
		}
		st.Range = Range{Filename: c.file, Start: kw.start, End: st.Origins[len(st.Origins)-1].End}
		return st
	case "budget":
		return c.budget(k)
	case "payment":
		kw, mode := k.word("payment"), c.ident(k.want(kIdent))
		if kw == nil || mode == nil {
			return nil
		}
		if mode.Name != "stop" && mode.Name != "fill_then_approve" {
			hint := "write `payment stop` (the default) or `payment fill_then_approve`"
			if s := suggest.Closest(mode.Name, []string{"stop", "fill_then_approve"}); s != "" {
				hint = fmt.Sprintf("did you mean `%s`? ", s) + hint
			}
			c.errorAt(mode.Range, hint, "unknown payment mode `%s`", mode.Name)
		}
		return &PaymentDecl{Range: c.from(kw.start, mode.End), Mode: mode}
	}
	return nil
}

// pair reads `"FIELD" = VALUE`.
func (c *converter) pair(k *tcur) *Pair {
	field := c.str(k.want(kString))
	if field == nil || k.word("=") == nil {
		return nil
	}
	t := k.peek()
	val := c.value(t)
	if val == nil {
		return nil
	}
	k.i++
	return &Pair{Range: c.from(field.Start, val.End), Field: field, Value: val}
}

func (c *converter) enter(k tcur) Stmt {
	kw := k.want(kKeyword)
	if kw == nil {
		return nil
	}
	var pairs []*Pair
	var end Pos
	block := false
	if open := k.word("{"); open != nil {
		block = true
		k.want(kNL)
		for {
			if cl := k.word("}"); cl != nil {
				end = cl.end()
				break
			}
			p := c.pair(&k)
			if p == nil || k.want(kNL) == nil {
				return nil
			}
			pairs = append(pairs, p)
		}
		if len(pairs) == 0 {
			c.errorAt(c.from(kw.start, end), "list one `\"field\" = value` pair per line, or remove the step",
				"empty `%s` block", kw.text)
		}
	} else {
		p := c.pair(&k)
		if p == nil {
			return nil
		}
		pairs = []*Pair{p}
		end = p.End
	}
	r := c.from(kw.start, end)
	if kw.text == "choose" {
		return &ChooseStmt{Range: r, Pairs: pairs, Block: block}
	}
	return &EnterStmt{Range: r, Pairs: pairs, Block: block}
}

// cond reads `[not] "screen"` or a data expression.
func (c *converter) cond(k *tcur) *Cond {
	not := k.word("not")
	t := k.peek()
	if t == nil {
		return nil
	}
	k.i++
	cd := &Cond{Range: c.rng(t, t)}
	if t.kind == kExpr {
		cd.Expr = c.expr(t)
		return cd
	}
	if cd.Screen = c.str(t); cd.Screen == nil {
		return nil
	}
	if not != nil {
		cd.Not = true
		cd.Start = not.start
	}
	return cd
}

func (c *converter) ifStmt(g *gIf) Stmt {
	k := c.span(g.Tokens)
	kw := k.word("if")
	cond := c.cond(&k)
	if kw == nil || cond == nil || !complete(g.Body) {
		return nil
	}
	body := c.block(g.Body)
	if body == nil {
		return nil
	}
	st := &IfStmt{Branches: []*IfBranch{{Range: c.from(kw.start, body.End), Cond: cond, Body: body}}}
	st.Range = c.from(kw.start, body.End)
	for _, e := range g.Elses {
		ek := c.span(e.Tokens)
		ekw := ek.word("else")
		if ekw == nil {
			return nil
		}
		if st.Else != nil {
			c.errorAt(c.rng(ekw, ekw), "a plain `else` is the last branch; move the `else if` before it", "`else` after the final `else`")
		}
		if e.If != nil {
			ik := c.span(e.If.Tokens)
			ikw := ik.word("if")
			cond := c.cond(&ik)
			if ikw == nil || cond == nil || !complete(e.If.Body) {
				return nil
			}
			body := c.block(e.If.Body)
			if body == nil {
				return nil
			}
			st.Branches = append(st.Branches, &IfBranch{Range: c.from(ikw.start, body.End), Cond: cond, Body: body})
			st.End = body.End
			continue
		}
		if !complete(e.Body) {
			return nil
		}
		if st.Else = c.block(e.Body); st.Else == nil {
			return nil
		}
		st.End = st.Else.End
	}
	return st
}

func (c *converter) call(k tcur) Stmt {
	first := c.ident(k.want(kIdent))
	if first == nil {
		return nil
	}
	st := &CallStmt{Range: Range{Filename: c.file, Start: first.Start}, Name: first}
	if k.word(".") != nil {
		st.Lib = first
		if st.Name = c.ident(k.want(kIdent)); st.Name == nil {
			return nil
		}
	}
	if k.word("(") == nil {
		return nil
	}
	for {
		if cl := k.word(")"); cl != nil {
			st.End = cl.end()
			return st
		}
		if len(st.Args) > 0 && k.word(",") == nil {
			return nil
		}
		name := c.ident(k.want(kIdent))
		if name == nil || k.word("=") == nil {
			return nil
		}
		val := c.value(k.peek())
		if val == nil {
			return nil
		}
		k.i++
		st.Args = append(st.Args, &Arg{Range: c.from(name.Start, val.End), Name: name, Value: val})
	}
}

// typeNames are the types a fact or a read may name.
var typeNames = []string{"text", "number", "bool", "date", "money", "email", "url", "list"}

func (c *converter) typeRef(t *lexToken) *TypeRef {
	id := c.ident(t)
	if id == nil {
		return nil
	}
	known := false
	for _, n := range typeNames {
		known = known || n == id.Name
	}
	if !known {
		hint := "the types are " + strings.Join(typeNames, ", ")
		if s := suggest.Closest(id.Name, typeNames); s != "" {
			hint = fmt.Sprintf("did you mean `%s`? %s", s, hint)
		}
		c.errorAt(id.Range, hint, "unknown type `%s`", id.Name)
	}
	return &TypeRef{Range: id.Range, Name: id.Name}
}

func (c *converter) fact(k tcur) Stmt {
	kw, name := k.word("fact"), c.ident(k.want(kIdent))
	k.word(":")
	typ := c.typeRef(k.want(kIdent))
	if kw == nil || name == nil || typ == nil {
		return nil
	}
	st := &FactDecl{Range: c.from(kw.start, typ.End), Name: name, Type: typ}
	if st.Doc = c.str(k.want(kString)); st.Doc != nil {
		st.End = st.Doc.End
	}
	if k.word("=") != nil {
		if st.Default = c.literal(&k); st.Default == nil {
			return nil
		}
		st.End = st.Default.End
	}
	return st
}

// literal reads a fact default: a scalar or a list of scalars.
func (c *converter) literal(k *tcur) *Literal {
	t := k.peek()
	if t == nil {
		return nil
	}
	k.i++
	if t.kind != kPunct {
		l := &Literal{Range: c.rng(t, t)}
		switch t.kind {
		case kString:
			l.Str = c.str(t)
		case kNumber:
			l.Num = c.num(t)
		default:
			if l.Bool = c.boolLit(t); l.Bool == nil {
				return nil
			}
		}
		return l
	}
	if t.text != "[" {
		return nil
	}
	l := &Literal{IsList: true, List: []*Literal{}}
	for {
		if cl := k.word("]"); cl != nil {
			l.Range = c.rng(t, cl)
			return l
		}
		if len(l.List) > 0 && k.word(",") == nil {
			return nil
		}
		item := c.literal(k)
		if item == nil || item.IsList {
			return nil
		}
		l.List = append(l.List, item)
	}
}

var budgetKinds = []string{"actions", "decisions", "time"}

func (c *converter) budget(k tcur) Stmt {
	kw := k.word("budget")
	if kw == nil {
		return nil
	}
	st := &BudgetDecl{}
	for {
		kind := c.ident(k.want(kIdent))
		vt := k.peek()
		if kind == nil || vt == nil || (vt.kind != kNumber && vt.kind != kDuration) {
			return nil
		}
		k.i++
		it := &BudgetItem{Range: c.from(kind.Start, vt.end()), Kind: kind}
		switch kind.Name {
		case "actions", "decisions":
			if vt.kind != kNumber {
				c.errorAt(c.rng(vt, vt), fmt.Sprintf("write a count: `budget %s 60`", kind.Name), "`%s` takes a number, not %s", kind.Name, vt.text)
			}
		case "time":
			if vt.kind != kDuration {
				c.errorAt(c.rng(vt, vt), "write a duration: `budget time 5m`", "`time` takes a duration such as 90s or 5m, not %s", vt.text)
			}
		default:
			hint := "a budget lists actions N, decisions N and time DURATION"
			if s := suggest.Closest(kind.Name, budgetKinds); s != "" {
				hint = fmt.Sprintf("did you mean `%s`? %s", s, hint)
			}
			c.errorAt(kind.Range, hint, "unknown budget `%s`", kind.Name)
		}
		if vt.kind == kNumber {
			it.Count = c.num(vt)
		} else {
			it.Duration = c.dur(vt)
		}
		st.Items = append(st.Items, it)
		if k.word(",") == nil {
			break
		}
	}
	st.Range = Range{Filename: c.file, Start: kw.start, End: st.Items[len(st.Items)-1].End}
	return st
}
