package compiler

import (
	"reflect"
	"strings"

	"github.com/expr-lang/expr/checker"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"flow/plan"
)

// exprCache remembers parsed and linked expressions and the expr
// configurations of their environments: the same text recurs across a
// library (`${site}`, `len(rows) > 0`), and a configuration costs more to
// build than a small expression costs to check. A cache belongs to one
// goroutine: expr's checker annotates the tree it checks and fills the
// configuration's type cache, so nothing in it may be shared. Every entry
// is a pure function of its key, so which goroutine's cache answers never
// changes a result.
type exprCache struct {
	programs bool                    // build programs, not only types: see config.programs
	configs  map[string]*conf.Config // by environment, see link
	parsed   map[string]*parsedExpr  // by source text
	linked   map[string]linkedExpr   // by source text and environment
}

func newExprCache(programs bool) *exprCache {
	return &exprCache{programs: programs, configs: map[string]*conf.Config{},
		parsed: map[string]*parsedExpr{}, linked: map[string]linkedExpr{}}
}

// parsedExpr is what a cache remembers of one expression's source text:
// what it reads does not depend on where it stands.
type parsedExpr struct {
	err   error          // the syntax error, if any
	names []nameUse      // the facts and variables it reads
	logic *file.Location // a screen string joined by and/or, if any
	tree  *parser.Tree   // kept for the first link; the checker annotates it
}

// linkedExpr is the result of linking one source in one environment.
type linkedExpr struct {
	prog *vm.Program
	typ  reflect.Type
	err  error
}

// parse parses src once per cache.
func (x *exprCache) parse(src string) *parsedExpr {
	if p, ok := x.parsed[src]; ok {
		return p
	}
	p := &parsedExpr{}
	p.tree, p.err = parser.ParseWithConfig(src, parseConfig())
	if p.err == nil {
		p.names = collectNames(p.tree)
		if loc, found := screenStringInLogic(p.tree.Node); found {
			p.logic = &loc
		}
	} else {
		p.tree = nil
	}
	x.parsed[src] = p
	return p
}

// linkParsed links src in the environment of vars once per cache: a
// compiled program is immutable, so equal expressions share it.
func (x *exprCache) linkParsed(src string, p *parsedExpr, vars []plan.Var) (*vm.Program, reflect.Type, error) {
	key := src + "\x00" + envKey(vars)
	if l, ok := x.linked[key]; ok {
		return l.prog, l.typ, l.err
	}
	tree := p.tree
	p.tree = nil
	if tree == nil {
		var err error
		if tree, err = parser.ParseWithConfig(src, parseConfig()); err != nil {
			return nil, nil, err
		}
	}
	prog, typ, err := x.link(tree, vars)
	x.linked[key] = linkedExpr{prog, typ, err}
	return prog, typ, err
}

// envKey names an environment: the names and types of vars, in order.
func envKey(vars []plan.Var) string {
	var key strings.Builder
	for _, v := range vars {
		key.WriteString(v.Name)
		key.WriteByte(':')
		key.WriteString(string(v.Type))
		key.WriteByte(',')
	}
	return key.String()
}

// link type-checks a parsed expression against an environment of vars and
// compiles it, with one configuration per environment (the names and types
// of vars; a library has few distinct ones). It is also how Relink
// rebuilds a loaded plan's programs. When the cache only checks (Lint),
// the expression is type-checked but no program is built.
func (x *exprCache) link(tree *parser.Tree, vars []plan.Var) (*vm.Program, reflect.Type, error) {
	key := envKey(vars)
	cfg, ok := x.configs[key]
	if !ok {
		env := make(map[string]any, len(vars))
		for _, v := range vars {
			env[v.Name] = zeroOf(v.Type)
		}
		cfg = newExprConfig(env)
		x.configs[key] = cfg
	}
	typ, err := new(checker.Checker).PatchAndCheck(tree, cfg)
	if err != nil {
		return nil, nil, err
	}
	if !x.programs {
		return nil, typ, nil
	}
	prog, err := exprcompiler.Compile(tree, cfg)
	if err != nil {
		return nil, nil, err
	}
	return prog, typ, nil
}
