package compiler

import (
	"sort"

	"flow/grammar"
	"flow/plan"
)

// call checks a call step: the callee, then each argument against the
// callee's facts and secrets. The step's Call binds every parameter; the
// callee's steps are added by build_plan.
func (c *flowChecker) call(st *grammar.CallStmt, step *plan.Step) {
	step.Kind = plan.KindCall
	callee := c.callee(st)
	if callee == nil {
		for _, a := range st.Args {
			c.value(a.Value, useCtx{secretOK: true, where: "here"})
		}
		return
	}
	name := callee.name // as written: the bare name, or import.name
	if st.Lib != nil {
		name = st.Lib.Name + "." + name
	}
	step.Call = &plan.Call{Flow: name, File: callee.unit.path}
	c.f.calls = append(c.f.calls, &callSite{stmt: st, caller: c.f, callee: callee, step: step})
	passed := map[string]*plan.Value{}
	for _, a := range st.Args {
		if a.Name == nil {
			continue
		}
		param, ok := callee.syms[a.Name.Name]
		if !ok {
			var names []string
			for _, p := range callee.params {
				names = append(names, p.name)
			}
			c.rep.errorf(a.Name.Range, UnknownArgument, didYouMean(a.Name.Name, names, paramsHint(callee)),
				"%s has no fact or secret %s", step.Call.Flow, a.Name.Name)
			c.value(a.Value, useCtx{secretOK: true, where: "here"})
			continue
		}
		if _, dup := passed[param.name]; dup {
			c.rep.errorf(a.Name.Range, UnknownArgument, "pass each argument once", "argument %s is passed twice", param.name)
			continue
		}
		passed[param.name] = c.argument(a, param, step.Call.Flow)
	}
	for _, p := range callee.params {
		v, ok := passed[p.name]
		switch {
		case ok:
			step.Call.Args = append(step.Call.Args, &plan.Arg{Name: p.name, Value: v})
		case p.kind == symFact && p.fact.Default != nil:
			step.Call.Args = append(step.Call.Args, &plan.Arg{Name: p.name, Value: literalValue(p.fact.Default, p.typ), Default: true})
		default:
			c.rep.errorf(st.Range, MissingArgument, "pass it: "+p.name+" = …", "call of %s is missing its %s %s", step.Call.Flow, p.kind, p.name)
		}
	}
}

// callee resolves the flow a call names, reporting an unknown flow or
// import name with "did you mean".
func (c *flowChecker) callee(st *grammar.CallStmt) *flowInfo {
	if st.Name == nil {
		return nil
	}
	u := c.f.unit
	if st.Lib == nil {
		if f, ok := u.flows[st.Name.Name]; ok {
			return f
		}
		c.rep.errorf(st.Name.Range, UnknownFlow, didYouMean(st.Name.Name, flowNames(u), "this file defines "+joinOr(flowNames(u))),
			"unknown flow %s", st.Name.Name)
		return nil
	}
	imp, ok := u.imports[st.Lib.Name]
	if !ok {
		var names []string
		for n := range u.imports {
			names = append(names, n)
		}
		sort.Strings(names)
		c.rep.errorf(st.Lib.Range, UnknownFlow, didYouMean(st.Lib.Name, names, `import it first: import "std/`+st.Lib.Name+`"`),
			"unknown import %s", st.Lib.Name)
		return nil
	}
	if imp.target == nil {
		return nil // the import itself is already reported
	}
	if f, ok := imp.target.flows[st.Name.Name]; ok {
		return f
	}
	c.rep.errorf(st.Name.Range, UnknownFlow, didYouMean(st.Name.Name, flowNames(imp.target), imp.target.path+" defines "+joinOr(flowNames(imp.target))),
		"%s has no flow %s", st.Lib.Name, st.Name.Name)
	return nil
}

// argument checks one argument against its parameter.
func (c *flowChecker) argument(a *grammar.Arg, param *symbol, callee string) *plan.Value {
	v := a.Value
	if v == nil {
		return nil
	}
	if param.kind == symSecret {
		if v.Name == nil {
			c.rep.errorf(v.Range, SecretArgument, "declare a secret in this flow and pass it", "secret %s of %s takes only a secret", param.name, callee)
			return c.value(v, useCtx{where: "here"})
		}
		out := c.value(v, useCtx{secretOK: true, where: "here"})
		if out.Type != plan.TypeAny && !out.Secret {
			c.rep.errorf(v.Range, SecretArgument, "declare a secret in this flow and pass it", "secret %s of %s takes only a secret, and %s is not one", param.name, callee, v.Name.Name)
		}
		return out
	}
	if v.Name != nil {
		if sym := c.lookup(v.Name.Name); sym != nil && sym.kind == symSecret {
			sym.used = true
			c.rep.errorf(v.Range, SecretArgument, "a secret may be passed only to a secret parameter", "secret %s passed to fact %s of %s", v.Name.Name, param.name, callee)
			return &plan.Value{Ref: v.Name.Name, Secret: true, Type: plan.TypeText, Range: toPlanRange(v.Range)}
		}
	}
	out := c.value(v, useCtx{where: "as an argument"})
	if msg := argumentProblem(v, out, param.typ); msg != "" {
		c.rep.errorf(v.Range, ArgumentType, "pass "+article(string(param.typ))+" value; "+callee+" declares fact "+param.name+": "+string(param.typ), "%s of %s is a %s: %s", param.name, callee, param.typ, msg)
	}
	return out
}

// argumentProblem says why a value does not fit a fact of type t, or "".
func argumentProblem(g *grammar.Value, v *plan.Value, t plan.Type) string {
	if t == plan.TypeAny || v.Type == plan.TypeAny {
		return ""
	}
	if lit, ok := v.Text.Literal(); ok && v.Text != nil && !isTextual(t) {
		if t == plan.TypeList {
			return "a string is not a list"
		}
		if _, err := parseValue(t, lit); err != nil {
			return err.Error()
		}
		return ""
	}
	if !sameType(t, v.Type) {
		what := "the value"
		if g.Name != nil {
			what = g.Name.Name
		}
		return what + " is " + article(string(v.Type))
	}
	return ""
}

// literalValue turns a fact's default into the value a call binds.
func literalValue(l *plan.Literal, t plan.Type) *plan.Value {
	v := &plan.Value{Type: t}
	switch {
	case l.IsList:
		v.List = l.List
	case l.Num != nil:
		v.Number = l.Num
	case l.Bool != nil:
		v.Bool = l.Bool
	case l.Str != nil:
		v.Text = &plan.Template{Parts: []*plan.Part{{Text: *l.Str}}}
	}
	return v
}

func paramsHint(f *flowInfo) string {
	var names []string
	for _, p := range f.params {
		names = append(names, p.name)
	}
	if len(names) == 0 {
		return f.name + " takes no arguments"
	}
	return f.name + " takes " + joinOr(names)
}

func flowNames(u *unit) []string {
	var out []string
	for _, f := range u.list {
		out = append(out, f.name)
	}
	return out
}

func joinOr(names []string) string {
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	out := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			out += " and "
		default:
			out += ", "
		}
		out += n
	}
	return out
}
