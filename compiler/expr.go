package compiler

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"

	"flow/grammar"
	"flow/plan"
	"flow/stdlib"
)

// exprCtx says where an expression stands.
type exprCtx struct {
	use  useCtx
	want plan.Type // the type the place needs (bool, list), or "" for any
	what string    // "check", "a condition": for messages
	cond bool      // a data condition: screen strings joined by and/or are an error
}

// parseConfig is the configuration expressions are parsed with: it knows
// the expression functions, so a call of one parses as a call. Parsing does
// not depend on the environment, so one configuration serves every
// expression.
var parseConfig = sync.OnceValue(func() *conf.Config {
	return newExprConfig(nil)
})

// exprOptions are the standard library's expression functions, built once.
var exprOptions = sync.OnceValue(stdlib.ExprOptions)

// newExprConfig builds an expr configuration over a typed environment (nil
// for parsing only), with the standard library's functions, the way
// expr.Compile does.
func newExprConfig(env map[string]any) *conf.Config {
	cfg := conf.CreateNew()
	if env != nil {
		expr.Env(env)(cfg)
	}
	for _, o := range exprOptions() {
		o(cfg)
	}
	for name := range cfg.Disabled {
		delete(cfg.Builtins, name)
	}
	cfg.Check()
	return cfg
}

// expr checks one data expression: its names against the scope (secrets and
// pick variables where they are not allowed, unknown names with "did you
// mean"), then its types against a typed environment of exactly the names
// it reads, and compiles it. Errors are placed at their position in the flow
// file. The returned expression is never nil; its Program is nil when it
// does not compile.
func (c *flowChecker) expr(e *grammar.Expr, ctx exprCtx) *plan.Expr {
	out, _ := c.typedExpr(e, ctx)
	return out
}

// typedExpr is expr that also returns the expression's Go type (nil when
// it does not type-check), which says what a for loop's variable holds.
func (c *flowChecker) typedExpr(e *grammar.Expr, ctx exprCtx) (*plan.Expr, reflect.Type) {
	if e == nil {
		return nil, nil
	}
	out := &plan.Expr{Src: e.Src, Type: plan.TypeAny, Range: toPlanRange(e.Range)}
	p := c.exprs.parse(e.Src)
	if p.err != nil {
		c.exprError(e, ExprSyntax, "", p.err)
		return out, nil
	}
	ok := true
	for _, n := range p.names {
		sym := c.use(n.name, exprRange(e, n.loc), ctx.use)
		if sym == nil {
			ok = false
			continue
		}
		// An expression reads a few names: a look along the list beats a map.
		if !slices.ContainsFunc(out.Vars, func(v plan.Var) bool { return v.Name == n.name }) {
			out.Vars = append(out.Vars, plan.Var{Name: n.name, Type: sym.typ})
		}
	}
	if ctx.cond {
		if p.logic != nil {
			c.rep.errorf(exprRange(e, *p.logic), MixedScreenCondition, "screen conditions cannot be joined with and/or: nest the ifs (if \"a\" { if \"b\" { … } })",
				"a screen condition joined with and/or")
			return out, nil
		}
	}
	if !ok {
		return out, nil
	}
	prog, typ, err := c.exprs.linkParsed(e.Src, p, out.Vars)
	if err != nil {
		c.exprError(e, ExprType, varsHint(out.Vars), err)
		return out, nil
	}
	out.Program, out.Type = prog, typeOf(typ)
	if ctx.want != "" && out.Type != ctx.want && out.Type != plan.TypeAny {
		code := NotBool
		if ctx.want == plan.TypeList {
			code = NotList
		}
		c.rep.errorf(e.Range, code, varsHint(out.Vars), "%s needs a %s expression; this one is a %s", ctx.what, ctx.want, out.Type)
	}
	return out, typ
}

// varsHint lists the types of the names an expression reads, which is
// usually what explains a type error.
func varsHint(vars []plan.Var) string {
	if len(vars) == 0 {
		return ""
	}
	var parts []string
	for _, v := range vars {
		parts = append(parts, v.Name+" is "+article(string(v.Type)))
	}
	return strings.Join(parts, ", ")
}

func article(t string) string {
	if strings.IndexByte("aeiou", t[0]) >= 0 {
		return "an " + t
	}
	return "a " + t
}

// exprError reports an error of expr's parser or checker at its place in
// the flow file, with expr's message but never only its snippet.
func (c *flowChecker) exprError(e *grammar.Expr, code, hint string, err error) {
	var fe *file.Error
	r := e.Range
	msg := err.Error()
	if errors.As(err, &fe) {
		r = exprRange(e, fe.Location)
		msg = fe.Message
	}
	msg = flowTypeNames.ReplaceAllStringFunc(strings.TrimSpace(msg), func(w string) string { return goToFlowType[w] })
	label := "expression does not type-check"
	if code == ExprSyntax {
		label = "expression syntax"
	}
	d := c.rep.errorf(r, code, hint, "%s: %s", label, msg)
	d.Detail = fmt.Sprintf("in the expression %q", e.Src)
}

// goToFlowType names the Go types of the typed environment in the flow's
// own words, so expr's messages speak the language the author wrote.
var goToFlowType = map[string]string{
	"string": "text", "float64": "number", "int": "number", "bool": "bool",
	"stdlib.Date": "date", "stdlib.Money": "money", "[]string": "list", "[]interface {}": "list",
}

var flowTypeNames = regexp.MustCompile(`\[\]string|\[\]interface \{\}|\bstdlib\.Date\b|\bstdlib\.Money\b|\bstring\b|\bfloat64\b|\bint\b`)

// exprRange maps a location inside an expression's source (rune offsets, as
// expr counts them) to a range of the flow file.
func exprRange(e *grammar.Expr, loc file.Location) grammar.Range {
	from := exprPos(e, loc.From)
	to := from
	if loc.To > loc.From {
		to = exprPos(e, loc.To)
	}
	if to.Offset <= from.Offset {
		to = grammar.Pos{Offset: from.Offset + 1, Line: from.Line, Column: from.Column + 1}
	}
	return grammar.Range{Filename: e.Range.Filename, Start: from, End: to}
}

// exprPos returns the file position of the rune at index runes of e.Src.
// The source is kept verbatim, so byte offsets add up; a newline inside the
// expression (within brackets) starts a new line of the file.
func exprPos(e *grammar.Expr, runes int) grammar.Pos {
	p := e.Range.Start
	src := e.Src
	for i := 0; i < runes && len(src) > 0; i++ {
		r, size := utf8.DecodeRuneInString(src)
		src = src[size:]
		p.Offset += size
		if r == '\n' {
			p.Line++
			p.Column = 1
		} else {
			p.Column += size
		}
	}
	return p
}

// nameUse is one identifier an expression reads.
type nameUse struct {
	name string
	loc  file.Location
}

// nameCollector gathers the identifiers of an expression that name facts or
// variables: not function names (the callee of a call) and not names bound
// by `let` inside the expression.
type nameCollector struct {
	idents  []*ast.IdentifierNode
	callees map[ast.Node]bool
	lets    map[string]bool
}

func (v *nameCollector) Visit(n *ast.Node) {
	switch n := (*n).(type) {
	case *ast.IdentifierNode:
		v.idents = append(v.idents, n)
	case *ast.CallNode:
		v.callees[n.Callee] = true
	case *ast.VariableDeclaratorNode:
		v.lets[n.Name] = true
	}
}

func collectNames(tree *parser.Tree) []nameUse {
	v := &nameCollector{callees: map[ast.Node]bool{}, lets: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	var out []nameUse
	for _, id := range v.idents {
		// $env is not skipped: it would reach every value of the run,
		// secrets included, so it is reported as an unknown name.
		if v.callees[id] || v.lets[id.Value] {
			continue
		}
		out = append(out, nameUse{id.Value, id.Location()})
	}
	return out
}

// screenStringInLogic finds a string literal used as an operand of and, or
// or not: a screen condition someone tried to combine.
func screenStringInLogic(n ast.Node) (file.Location, bool) {
	var found *file.Location
	var visit func(n ast.Node)
	isStr := func(n ast.Node) bool { _, ok := n.(*ast.StringNode); return ok }
	visit = func(n ast.Node) {
		if found != nil || n == nil {
			return
		}
		switch n := n.(type) {
		case *ast.BinaryNode:
			switch n.Operator {
			case "and", "or", "&&", "||":
				for _, side := range []ast.Node{n.Left, n.Right} {
					if isStr(side) && found == nil {
						loc := side.Location()
						found = &loc
					}
				}
			}
			visit(n.Left)
			visit(n.Right)
		case *ast.UnaryNode:
			if (n.Operator == "not" || n.Operator == "!") && isStr(n.Node) {
				loc := n.Node.Location()
				found = &loc
			}
			visit(n.Node)
		}
	}
	visit(n)
	if found == nil {
		return file.Location{}, false
	}
	return *found, true
}
