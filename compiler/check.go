package compiler

import (
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"flow/grammar"
	"flow/internal/origin"
	"flow/plan"
)

// maxDepth is how deep blocks may nest in a flow.
const maxDepth = 4

// checkFlows is the check_flows stage: for every flow of every loaded file
// it resolves names and scopes, checks types and secrets, compiles
// expressions and interpolations, checks calls and builds the flow's local
// steps (calls not yet expanded).
//
// Files are checked in parallel. A flow's checks write only to that flow
// (its plan, its symbols, its calls) and read, of other flows, only what
// declare wrote: the parameters of the flows it calls.
func (s *session) checkFlows() {
	s.eachFile(s.order, func(rep *reporter, exprs *exprCache, u *unit) {
		for _, f := range u.list {
			c := &flowChecker{rep: rep, exprs: exprs, f: f, defs: map[string][]definition{}}
			c.run()
		}
	})
}

// flowChecker checks one flow body. Scoping follows the contract: a
// variable is visible from the step after its definition to the end of the
// block that defines it. scopes[0] holds the facts and secrets, each block
// pushes a scope, and a definition goes into the innermost one.
type flowChecker struct {
	rep      *reporter  // the diagnostics of the flow's file
	exprs    *exprCache // the goroutine's
	f        *flowInfo
	scopes   []map[string]*symbol
	defs     map[string][]definition // every definition in the flow, to explain a failed lookup
	seenStep bool
}

// definition is one place a variable is defined: the name's range and the
// range of the defining step.
type definition struct {
	name, stmt grammar.Range
}

func (c *flowChecker) run() {
	body := c.f.ast.Body
	if body == nil {
		return
	}
	c.scopes = []map[string]*symbol{c.f.syms, {}}
	c.collectDefs(body.Stmts)
	c.f.plan.Steps = c.block(body.Stmts, 0)
	if c.f.plan.Payment == plan.PaymentFillThenApprove && len(c.f.plan.Allow) == 0 {
		c.rep.errorf(c.f.decls["payment"][0], PaymentWithoutAllow, `name the shop's origins: allow "shop.example.com"`,
			"payment fill_then_approve needs allow: card data is typed only on origins the flow names")
	}
}

func (c *flowChecker) collectDefs(stmts []grammar.Stmt) {
	add := func(id *grammar.Ident, st grammar.Stmt) {
		if id != nil {
			c.defs[id.Name] = append(c.defs[id.Name], definition{id.Range, st.Span()})
		}
	}
	for _, st := range stmts {
		switch st := st.(type) {
		case *grammar.ReadStmt:
			add(st.Into, st)
		case *grammar.ExtractStmt:
			add(st.Into, st)
		case *grammar.PickStmt:
			add(st.Into, st)
		case *grammar.SetStmt:
			add(st.Name, st)
		case *grammar.ForStmt:
			add(st.Var, st)
			if st.Body != nil {
				c.collectDefs(st.Body.Stmts)
			}
		case *grammar.IfStmt:
			for _, b := range st.Branches {
				if b.Body != nil {
					c.collectDefs(b.Body.Stmts)
				}
			}
			if st.Else != nil {
				c.collectDefs(st.Else.Stmts)
			}
		case *grammar.RepeatStmt:
			if st.Body != nil {
				c.collectDefs(st.Body.Stmts)
			}
		}
	}
}

// block checks the statements of one block at nesting depth and returns
// its steps. The caller pushes and pops the block's scope.
func (c *flowChecker) block(stmts []grammar.Stmt, depth int) []*plan.Step {
	var out []*plan.Step
	for _, st := range stmts {
		if grammar.IsDecl(st) {
			switch {
			case depth > 0:
				c.rep.errorf(st.Span(), DeclAfterStep, "move it to the top of the flow body", "a declaration cannot stand inside a block")
			case c.seenStep:
				c.rep.errorf(st.Span(), DeclAfterStep, "move it above the flow's first step", "a declaration after the first step")
				c.decl(st)
			default:
				c.decl(st)
			}
			continue
		}
		c.seenStep = true
		if step := c.stmt(st, depth); step != nil {
			out = append(out, step)
		}
	}
	return out
}

func (c *flowChecker) push() { c.scopes = append(c.scopes, map[string]*symbol{}) }
func (c *flowChecker) pop()  { c.scopes = c.scopes[:len(c.scopes)-1] }

// nested checks a block one level deeper, in its own scope. bind, when set,
// defines the for-loop variable in that scope first.
func (c *flowChecker) nested(b *grammar.Block, depth int, opener grammar.Range, bind *symbol) []*plan.Step {
	if b == nil {
		return nil
	}
	if depth+1 > maxDepth {
		c.rep.errorf(opener, NestingTooDeep, "move the inner part into a flow of its own and call it",
			"blocks nest deeper than %d levels", maxDepth)
	}
	c.push()
	defer c.pop()
	if bind != nil {
		c.scopes[len(c.scopes)-1][bind.name] = bind
	}
	return c.block(b.Stmts, depth+1)
}

// lookup finds a visible name, innermost scope first.
func (c *flowChecker) lookup(name string) *symbol {
	for i := len(c.scopes) - 1; i >= 0; i-- {
		if sym, ok := c.scopes[i][name]; ok {
			return sym
		}
	}
	return nil
}

// visibleNames lists every name in scope, for "did you mean".
func (c *flowChecker) visibleNames() []string {
	var out []string
	for _, sc := range c.scopes {
		for n := range sc {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// useCtx says where a name is used, which decides what it may name.
type useCtx struct {
	secretOK bool   // an enter value or a secret argument
	noPick   bool   // a condition, or verify/wait_for text
	where    string // "in a condition", for messages
}

// use resolves a name at r, marks it used and reports what is wrong with
// using it there. It returns nil when the name cannot be used.
func (c *flowChecker) use(name string, r grammar.Range, ctx useCtx) *symbol {
	sym := c.lookup(name)
	if sym == nil {
		c.unknown(name, r)
		return nil
	}
	sym.used = true
	if sym.kind == symSecret && !ctx.secretOK {
		c.rep.errorf(r, SecretMisuse, "a secret may only be typed into a field, whole: enter \"password\" = "+name,
			"secret %s cannot be used %s", name, ctx.where)
		return nil
	}
	if sym.pick && ctx.noPick {
		c.rep.errorf(r, PickInCondition, "read the detail you need into a variable (read \"the flight number\" into number) and use that",
			"%s holds a picked card's whole text and cannot be used %s", name, ctx.where)
		return nil
	}
	return sym
}

// unknown reports a name that is not visible at r: used before its
// definition, after its block ended, or never defined.
func (c *flowChecker) unknown(name string, r grammar.Range) {
	var before *definition
	for i, d := range c.defs[name] {
		if d.name.Start.Offset > r.Start.Offset || d.stmt.Contains(r.Start) {
			dr := c.defs[name][i]
			diag := c.rep.errorf(r, UsedBeforeDefined, "move the use after the step that defines "+name, "%s is used before it is defined", name)
			diag.Related = []grammar.Related{{Message: name + " is defined here", Range: dr.name}}
			return
		}
		before = &c.defs[name][i]
	}
	if before != nil {
		diag := c.rep.errorf(r, OutOfScope, "define "+name+" before the block (set it, or read it there) so it outlives the block",
			"%s is out of scope: it is defined inside a block that has ended", name)
		diag.Related = []grammar.Related{{Message: name + " is defined here", Range: before.name}}
		return
	}
	c.rep.errorf(r, UnknownName, didYouMean(name, c.visibleNames(), "declare it (fact "+name+": text) or define it (read … into "+name+")"),
		"unknown name %s", name)
}

// decl checks allow, budget and payment (facts and secrets were declared by
// the declare stage).
func (c *flowChecker) decl(st grammar.Stmt) {
	p := c.f.plan
	switch d := st.(type) {
	case *grammar.AllowDecl:
		c.f.decls["allow"] = append(c.f.decls["allow"], d.Range)
		for _, o := range d.Origins {
			t := c.text(o, useCtx{where: "in allow"})
			if lit, ok := t.Literal(); ok {
				if msg := origin.Problem(lit); msg != "" {
					c.rep.errorf(o.Range, BadAllow, `write a host ("example.com"), host:port ("localhost:8080"), "*.example.com" or a URL`,
						"allow %q is not an origin: %s", lit, msg)
					continue
				}
			}
			p.Allow = append(p.Allow, t)
		}
	case *grammar.BudgetDecl:
		if len(c.f.decls["budget"]) > 0 {
			c.rep.errorf(d.Range, BadBudget, "write one budget line: budget actions 80, decisions 300, time 5m", "a second budget line")
		}
		c.f.decls["budget"] = append(c.f.decls["budget"], d.Range)
		c.budget(d)
	case *grammar.PaymentDecl:
		if len(c.f.decls["payment"]) > 0 {
			c.rep.errorf(d.Range, BadPayment, "keep one payment line", "a second payment line")
		}
		c.f.decls["payment"] = append(c.f.decls["payment"], d.Range)
		if d.Mode == nil {
			return
		}
		switch plan.Payment(d.Mode.Name) {
		case plan.PaymentStop, plan.PaymentFillThenApprove:
			p.Payment = plan.Payment(d.Mode.Name)
		default:
			c.rep.errorf(d.Mode.Range, BadPayment, didYouMean(d.Mode.Name, []string{"stop", "fill_then_approve"}, "write payment stop or payment fill_then_approve"),
				"unknown payment mode %s", d.Mode.Name)
		}
	}
}

func (c *flowChecker) budget(d *grammar.BudgetDecl) {
	seen := map[string]bool{}
	b := &c.f.plan.Budget
	for _, it := range d.Items {
		if it.Kind == nil {
			continue
		}
		kind := it.Kind.Name
		if seen[kind] {
			c.rep.errorf(it.Range, BadBudget, "give each part once", "budget %s is given twice", kind)
			continue
		}
		seen[kind] = true
		switch kind {
		case "actions", "decisions":
			if it.Count == nil || it.Count.Value != math.Trunc(it.Count.Value) || it.Count.Value < 1 || it.Count.Value > 1e6 {
				c.rep.errorf(it.Range, BadBudget, "write a whole number of at least 1: budget "+kind+" 80", "budget %s needs a positive whole number", kind)
				continue
			}
			if kind == "actions" {
				b.Actions = int(it.Count.Value)
			} else {
				b.Decisions = int(it.Count.Value)
			}
		case "time":
			if it.Duration == nil || it.Duration.Value <= 0 {
				c.rep.errorf(it.Range, BadBudget, "write a duration: budget time 5m", "budget time needs a positive duration")
				continue
			}
			b.Time = plan.Duration(it.Duration.Value)
		default:
			c.rep.errorf(it.Kind.Range, BadBudget, didYouMean(kind, []string{"actions", "decisions", "time"}, "the parts are actions, decisions and time"),
				"unknown budget part %s", kind)
		}
	}
}

// stmt checks one step and returns its local plan step.
func (c *flowChecker) stmt(st grammar.Stmt, depth int) *plan.Step {
	step := &plan.Step{Range: toPlanRange(st.Span())}
	free := useCtx{where: "in step text"}
	noPick := useCtx{noPick: true, where: "in a verify or wait_for text"}
	switch st := st.(type) {
	case *grammar.BrowseStmt:
		step.Kind, step.Text = plan.KindBrowse, c.text(st.URL, free)
	case *grammar.OpenStmt:
		step.Kind, step.Text = plan.KindOpen, c.text(st.App, free)
	case *grammar.DoStmt:
		step.Kind, step.Text = plan.KindDo, c.text(st.Text, free)
		if d, ok := pauseOf(st.Text); ok {
			// The text stays as written: reports and the cache show it.
			step.Kind, step.Pause = plan.KindPause, plan.Duration(d)
			c.checkPause(st.Text, d)
		}
	case *grammar.PressStmt:
		step.Kind, step.Text = plan.KindPress, c.text(st.Keys, free)
	case *grammar.StopBeforeStmt:
		step.Kind, step.Text = plan.KindStopBefore, c.text(st.Text, free)
	case *grammar.VerifyStmt:
		step.Kind, step.Text = plan.KindVerify, c.text(st.Text, noPick)
	case *grammar.WaitForStmt:
		step.Kind, step.Text = plan.KindWaitFor, c.text(st.Text, noPick)
		step.Within = plan.DefaultWaitFor
		if st.Within != nil {
			if st.Within.Value <= 0 {
				c.rep.errorf(st.Within.Range, BadDuration, "write a positive duration: within 20s", "wait_for within must be a positive duration")
			} else {
				step.Within = plan.Duration(st.Within.Value)
			}
		}
	case *grammar.EnterStmt:
		step.Kind, step.Pairs = plan.KindEnter, c.pairs(st.Pairs, true)
	case *grammar.ChooseStmt:
		step.Kind, step.Pairs = plan.KindChoose, c.pairs(st.Pairs, false)
	case *grammar.ReadStmt:
		step.Kind, step.Text = plan.KindRead, c.text(st.What, free)
		step.As = plan.TypeText
		if st.As != nil {
			if isType(st.As.Name) {
				step.As = plan.Type(st.As.Name)
			} else {
				c.rep.errorf(st.As.Range, UnknownType, didYouMean(st.As.Name, typeNames(), "the types are "+strings.Join(typeNames(), ", ")),
					"unknown type %s", st.As.Name)
				step.As = plan.TypeAny
			}
		}
		c.assign(st.Into, step, false)
	case *grammar.ExtractStmt:
		step.Kind, step.Text, step.As = plan.KindExtract, c.text(st.What, free), plan.TypeList
		c.assign(st.Into, step, false)
	case *grammar.PickStmt:
		step.Kind, step.Text, step.As = plan.KindPick, c.text(st.List, free), plan.TypeText
		step.Criterion = c.text(st.Criterion, free)
		c.assign(st.Into, step, true)
	case *grammar.CheckStmt:
		step.Kind = plan.KindCheck
		step.Expr = c.expr(st.Expr, exprCtx{use: useCtx{where: "in an expression"}, want: plan.TypeBool, what: "check"})
		if st.Message != nil {
			step.Message = c.text(st.Message, free)
		}
	case *grammar.SetStmt:
		step.Kind = plan.KindSet
		step.Expr = c.expr(st.Expr, exprCtx{use: useCtx{where: "in an expression"}})
		if step.Expr != nil {
			step.As = step.Expr.Type
		}
		c.assign(st.Name, step, false)
	case *grammar.IfStmt:
		step.Kind = plan.KindIf
		for _, b := range st.Branches {
			br := &plan.Branch{Cond: c.cond(b.Cond)}
			br.Steps = c.nested(b.Body, depth, st.Range, nil)
			step.Branches = append(step.Branches, br)
		}
		if st.Else != nil {
			step.Else = c.nested(st.Else, depth, st.Range, nil)
		}
	case *grammar.RepeatStmt:
		step.Kind = plan.KindRepeat
		step.Cond = c.cond(st.Until)
		step.Max = c.max(st.Max, plan.DefaultRepeatMax, plan.MaxRepeatMax, RepeatMax, "repeat")
		step.Body = c.nested(st.Body, depth, st.Range, nil)
	case *grammar.ForStmt:
		step.Kind = plan.KindFor
		var list reflect.Type
		step.Expr, list = c.typedExpr(st.In, exprCtx{use: useCtx{where: "in an expression"}, want: plan.TypeList, what: "for … in"})
		step.Max = c.max(st.Max, plan.DefaultForMax, plan.MaxForMax, ForMax, "for")
		var bind *symbol
		if st.Var != nil {
			step.Var = st.Var.Name
			if prev := c.lookup(st.Var.Name); prev != nil {
				d := c.rep.errorf(st.Var.Range, DuplicateName, "name the loop variable differently", "loop variable %s hides the %s %s", st.Var.Name, prev.kind, st.Var.Name)
				d.Related = []grammar.Related{{Message: "the other " + st.Var.Name, Range: prev.rng}}
			}
			elem := plan.TypeAny
			if list != nil && (list.Kind() == reflect.Slice || list.Kind() == reflect.Array) && list.Elem().Kind() == reflect.String {
				elem = plan.TypeText
			}
			bind = &symbol{name: st.Var.Name, kind: symLoop, typ: elem, rng: st.Var.Range}
		}
		step.Body = c.nested(st.Body, depth, st.Range, bind)
	case *grammar.CallStmt:
		c.call(st, step)
	default:
		return nil
	}
	return step
}

// max checks a repeat or for loop's max against its bounds.
func (c *flowChecker) max(n *grammar.NumberLit, def, limit int, code, what string) int {
	if n == nil {
		return def
	}
	if n.Value != math.Trunc(n.Value) || n.Value < 1 || n.Value > float64(limit) {
		c.rep.errorf(n.Range, code, "write a whole number from 1 to "+strconv.Itoa(limit), "%s max %s is outside 1–%d", what, n.Raw, limit)
		return def
	}
	return int(n.Value)
}

// assign handles the target of read, extract, pick and set: a new variable
// from the next step on, or a new value of the same type for a visible one.
func (c *flowChecker) assign(id *grammar.Ident, step *plan.Step, pick bool) {
	if id == nil {
		return
	}
	step.Into = id.Name
	if sym := c.lookup(id.Name); sym != nil {
		switch sym.kind {
		case symVar:
			if !sameType(sym.typ, step.As) {
				d := c.rep.errorf(id.Range, AssignType, "store it into a new variable", "%s holds a %s and cannot take a %s", id.Name, sym.typ, step.As)
				d.Related = []grammar.Related{{Message: id.Name + " is defined here", Range: sym.rng}}
			}
			step.Assign = true
			sym.pick = sym.pick || pick
		case symSecret:
			c.rep.errorf(id.Range, SecretMisuse, "a secret's value comes only from the environment or the secrets file", "secret %s cannot be assigned", id.Name)
		default:
			d := c.rep.errorf(id.Range, AssignReadOnly, "store it into a new variable", "%s %s cannot be assigned", sym.kind, id.Name)
			d.Related = []grammar.Related{{Message: id.Name + " is declared here", Range: sym.rng}}
		}
		return
	}
	c.scopes[len(c.scopes)-1][id.Name] = &symbol{name: id.Name, kind: symVar, typ: step.As, rng: id.Range, pick: pick}
}

// pairs checks the FIELD = VALUE pairs of enter (secretOK) or choose.
func (c *flowChecker) pairs(ps []*grammar.Pair, secretOK bool) []*plan.Pair {
	var out []*plan.Pair
	where := "as a choose value"
	if secretOK {
		where = "here"
	}
	for _, p := range ps {
		out = append(out, &plan.Pair{
			Field: c.text(p.Field, useCtx{where: "in a field description"}),
			Value: c.value(p.Value, useCtx{secretOK: secretOK, where: where}),
			Range: toPlanRange(p.Range),
		})
	}
	return out
}

// value checks an enter/choose value or a call argument.
func (c *flowChecker) value(v *grammar.Value, ctx useCtx) *plan.Value {
	if v == nil {
		return nil
	}
	out := &plan.Value{Range: toPlanRange(v.Range), Type: plan.TypeText}
	switch {
	case v.Str != nil:
		out.Text = c.text(v.Str, useCtx{where: "in an interpolation"})
	case v.Num != nil:
		n := v.Num.Value
		out.Number, out.Type = &n, plan.TypeNumber
	case v.Bool != nil:
		b := v.Bool.Value
		out.Bool, out.Type = &b, plan.TypeBool
	case v.Name != nil:
		out.Ref, out.Type = v.Name.Name, plan.TypeAny
		if sym := c.use(v.Name.Name, v.Name.Range, ctx); sym != nil {
			out.Type, out.Secret = sym.typ, sym.kind == symSecret
		}
	}
	return out
}

// cond checks a condition of if, else if or repeat until.
func (c *flowChecker) cond(g *grammar.Cond) *plan.Cond {
	if g == nil {
		return nil
	}
	out := &plan.Cond{Not: g.Not, Range: toPlanRange(g.Range)}
	ctx := useCtx{noPick: true, where: "in a condition"}
	if g.Screen != nil {
		out.Screen = c.text(g.Screen, ctx)
	}
	if g.Expr != nil {
		out.Expr = c.expr(g.Expr, exprCtx{use: ctx, want: plan.TypeBool, what: "a condition", cond: true})
	}
	return out
}

// text checks a string's interpolations and returns its template. An
// interpolation never takes a secret.
func (c *flowChecker) text(sl *grammar.StringLit, ctx useCtx) *plan.Template {
	if sl == nil {
		return nil
	}
	t := &plan.Template{Range: toPlanRange(sl.Range)}
	ctx.secretOK = false
	if len(sl.Parts) == 0 {
		return t
	}
	// One allocation for all parts: every text of every step has some.
	parts := make([]plan.Part, len(sl.Parts))
	t.Parts = make([]*plan.Part, len(sl.Parts))
	for i, p := range sl.Parts {
		if p.Interp == nil {
			parts[i].Text = p.Text
		} else {
			parts[i].Expr = c.expr(p.Interp, exprCtx{use: ctx})
		}
		t.Parts[i] = &parts[i]
	}
	return t
}
