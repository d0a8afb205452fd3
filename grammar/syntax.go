package grammar

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// This file is the statement grammar, written as participle structs over the
// tokens of lexer.go. The structs are the parse tree only: convert.go
// turns them into the node types of ast.go, filling exact ranges from the
// lexer's tokens. Every production begins with a distinct token (a reserved word, an
// identifier for calls, a punctuation mark), so participle never has to
// look ahead more than one token or backtrack over a whole statement.

// tokenDef tells participle the names of our token kinds. Lexing itself
// happens in [scanner]; participle only ever sees the tokens it produced.
type tokenDef struct{}

func (tokenDef) Symbols() map[string]lexer.TokenType {
	m := make(map[string]lexer.TokenType, len(kindNames))
	for k, name := range kindNames {
		m[name] = ptype(tokKind(k))
	}
	return m
}

// Lex makes tokenDef a complete lexer.Definition; Parse itself hands
// participle the scanner's tokens directly.
func (tokenDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	s := newScanner(filename, string(b))
	s.scan()
	last := len(s.toks) - 1
	return &tokLexer{toks: s.toks[:last], src: s.src, file: filename, eof: s.toks[last].start}, nil
}

// ptype maps a token kind to participle's token type; EOF must be lexer.EOF.
func ptype(k tokKind) lexer.TokenType {
	if k == kEOF {
		return lexer.EOF
	}
	return lexer.TokenType(-2 - int(k))
}

func ptoken(t *lexToken, file string) lexer.Token {
	return lexer.Token{
		Type:  ptype(t.kind),
		Value: t.text,
		Pos:   lexer.Position{Filename: file, Offset: t.start.Offset, Line: t.start.Line, Column: t.start.Column},
	}
}

// The productions capture nothing token by token: each struct's Tokens
// field receives the tokens it matched (a participle feature that costs one
// slice per node), and convert.go reads the statement from them. Fields
// of type bool only carry grammar; nested productions are captured with @@.

// gHead is everything before the first flow: the imports.
type gHead struct {
	Imports []*gImport `parser:"@@*"`
}

type gImport struct {
	Tokens []lexer.Token
	G      bool `parser:"\"import\" String (\"as\" Ident)? NL"`
}

// gFlowUnit is one flow and nothing after it: the parser runs once per flow
// so that an error in one flow leaves the next ones parsed.
type gFlowUnit struct {
	Flow *gFlow `parser:"@@"`
}

type gFlow struct {
	Tokens []lexer.Token
	G      bool    `parser:"\"flow\" Ident String"`
	Body   *gBlock `parser:"@@ NL"`
}

type gBlock struct {
	Tokens []lexer.Token
	Open   bool    `parser:"\"{\" NL"`
	Stmts  []gStmt `parser:"@@*"`
	Close  bool    `parser:"\"}\""`
}

// gStmt is one statement production.
type gStmt interface{ gstmt() }

// gText is every step that takes one string: do, verify, browse, open,
// press, stop_before. The keyword was checked by [parseStmt].
type gText struct {
	Tokens []lexer.Token
	G      bool `parser:"Keyword String NL"`
}

// gEnter is enter or choose, one pair or a block of pairs.
type gEnter struct {
	Tokens []lexer.Token
	G      bool `parser:"Keyword ( \"{\" NL (String \"=\" (String | Number | Ident | \"true\" | \"false\") NL)* \"}\" | String \"=\" (String | Number | Ident | \"true\" | \"false\") ) NL"`
}

type gRead struct {
	Tokens []lexer.Token
	G      bool `parser:"\"read\" String \"into\" Ident (\"as\" Ident)? NL"`
}

type gExtract struct {
	Tokens []lexer.Token
	G      bool `parser:"\"extract\" String \"into\" Ident NL"`
}

type gPick struct {
	Tokens []lexer.Token
	G      bool `parser:"\"pick\" String \"by\" String \"into\" Ident NL"`
}

type gWaitFor struct {
	Tokens []lexer.Token
	G      bool `parser:"\"wait_for\" String (\"within\" Duration)? NL"`
}

type gCheck struct {
	Tokens []lexer.Token
	G      bool `parser:"\"check\" Expr (\",\" String)? NL"`
}

type gSet struct {
	Tokens []lexer.Token
	G      bool `parser:"\"set\" Ident \"=\" Expr NL"`
}

type gIf struct {
	Tokens []lexer.Token
	G      bool     `parser:"\"if\" \"not\"? (String | Expr)"`
	Body   *gBlock  `parser:"@@"`
	Elses  []*gElse `parser:"@@* NL"`
}

// gElse is `else if COND { … }` or `else { … }`; parse.go checks that a
// plain else comes last.
type gElse struct {
	Tokens []lexer.Token
	G      bool     `parser:"\"else\""`
	If     *gElseIf `parser:"( @@"`
	Body   *gBlock  `parser:"| @@ )"`
}

type gElseIf struct {
	Tokens []lexer.Token
	G      bool    `parser:"\"if\" \"not\"? (String | Expr)"`
	Body   *gBlock `parser:"@@"`
}

type gRepeat struct {
	Tokens []lexer.Token
	G      bool    `parser:"\"repeat\" \"until\" \"not\"? (String | Expr) (\"max\" Number)?"`
	Body   *gBlock `parser:"@@ NL"`
}

type gFor struct {
	Tokens []lexer.Token
	G      bool    `parser:"\"for\" Ident \"in\" Expr (\"max\" Number)?"`
	Body   *gBlock `parser:"@@ NL"`
}

type gCall struct {
	Tokens []lexer.Token
	G      bool `parser:"Ident (\".\" Ident)? \"(\" (Ident \"=\" (String | Number | Ident | \"true\" | \"false\") (\",\" Ident \"=\" (String | Number | Ident | \"true\" | \"false\"))*)? \")\" NL"`
}

type gFact struct {
	Tokens []lexer.Token
	G      bool `parser:"\"fact\" Ident \":\" Ident String? (\"=\" (String | Number | \"true\" | \"false\" | \"[\" ((String | Number | \"true\" | \"false\") (\",\" (String | Number | \"true\" | \"false\"))*)? \"]\"))? NL"`
}

type gSecret struct {
	Tokens []lexer.Token
	G      bool `parser:"\"secret\" Ident String? NL"`
}

type gAllow struct {
	Tokens []lexer.Token
	G      bool `parser:"\"allow\" String (\",\" String)* NL"`
}

type gBudget struct {
	Tokens []lexer.Token
	G      bool `parser:"\"budget\" Ident (Number | Duration) (\",\" Ident (Number | Duration))* NL"`
}

type gPayment struct {
	Tokens []lexer.Token
	G      bool `parser:"\"payment\" Ident NL"`
}

// gRun is a run of flat statements that were checked before the flow was
// parsed; its one token spans their source.
type gRun struct {
	Tokens []lexer.Token
}

func (*gRun) gstmt()     {}
func (*gText) gstmt()    {}
func (*gEnter) gstmt()   {}
func (*gRead) gstmt()    {}
func (*gExtract) gstmt() {}
func (*gPick) gstmt()    {}
func (*gWaitFor) gstmt() {}
func (*gCheck) gstmt()   {}
func (*gSet) gstmt()     {}
func (*gIf) gstmt()      {}
func (*gRepeat) gstmt()  {}
func (*gFor) gstmt()     {}
func (*gCall) gstmt()    {}
func (*gFact) gstmt()    {}
func (*gSecret) gstmt()  {}
func (*gAllow) gstmt()   {}
func (*gBudget) gstmt()  {}
func (*gPayment) gstmt() {}

var parserOptions = []participle.Option{
	participle.Lexer(tokenDef{}),
	// Every production is decided by its first token: once a statement has
	// matched its first token, a failure is that statement's error.
	participle.UseLookahead(0),
	participle.ParseTypeWith(parseStmt),
}

var (
	headParser = participle.MustBuild[gHead](parserOptions...)
	flowParser = participle.MustBuild[gFlowUnit](parserOptions...)
)

// stmtProd is one statement production: its participle parser, and
// whether it is flat (it holds no block, so it can be collapsed).
type stmtProd struct {
	parse func(*lexer.PeekingLexer) (gStmt, error)
	flat  bool
}

// stmtProds maps the first word of a statement to its production.
// Dispatching on the word replaces a disjunction over every statement,
// which would try each production in turn: the grammar is unambiguous after
// one token, so one lookup picks the only candidate.
var stmtProds map[string]*stmtProd

// callProd is the production of a statement that starts with a name.
var callProd *stmtProd

func init() {
	text := prod[gText](true)
	enter := prod[gEnter](true)
	stmtProds = map[string]*stmtProd{
		"do": text, "verify": text, "browse": text, "open": text, "press": text, "stop_before": text,
		"enter": enter, "choose": enter,
		"read":     prod[gRead](true),
		"extract":  prod[gExtract](true),
		"pick":     prod[gPick](true),
		"wait_for": prod[gWaitFor](true),
		"check":    prod[gCheck](true),
		"set":      prod[gSet](true),
		"if":       prod[gIf](false),
		"repeat":   prod[gRepeat](false),
		"for":      prod[gFor](false),
		"fact":     prod[gFact](true),
		"secret":   prod[gSecret](true),
		"allow":    prod[gAllow](true),
		"budget":   prod[gBudget](true),
		"payment":  prod[gPayment](true),
	}
	callProd = prod[gCall](true)
}

// prod builds the production of one statement.
func prod[T any, PT interface {
	*T
	gStmt
}](flat bool) *stmtProd {
	p := participle.MustBuild[T](parserOptions...)
	return &stmtProd{
		parse: func(lex *lexer.PeekingLexer) (gStmt, error) {
			v, err := p.ParseFromLexer(lex, participle.AllowTrailing(true))
			if err != nil {
				return nil, err
			}
			return PT(v), nil
		},
		flat: flat,
	}
}

// parseStmt is the production of [gStmt]: it looks at the first token and
// hands over to that statement's parser, or reports no match (the end of
// the block, or a token no statement starts with). A Stmt token is a run
// of flat statements already checked one by one (see collapse.go).
func parseStmt(lex *lexer.PeekingLexer) (gStmt, error) {
	t := lex.Peek()
	switch t.Type {
	case ptype(kKeyword):
		if p := stmtProds[t.Value]; p != nil {
			return p.parse(lex)
		}
	case ptype(kIdent):
		return callProd.parse(lex)
	case ptype(kStmt):
		lex.Next()
		return &gRun{Tokens: []lexer.Token{*t}}, nil
	}
	return nil, participle.NextMatch
}
