package compiler

import (
	"strings"

	"flow/grammar"
	"flow/plan"
)

// declare is the declare stage: it registers every flow of every loaded file
// with its facts and secrets (its parameters), so that calls can be checked
// in any order. Everything else of a flow is checked by check_flows. Files
// are declared in parallel: each one's flows are its own.
func (s *session) declare() {
	s.eachFile(s.order, func(rep *reporter, _ *exprCache, u *unit) { declareFile(rep, u) })
}

// declareFile registers the flows of u.
func declareFile(rep *reporter, u *unit) {
	for _, fl := range u.file.Flows {
		if fl == nil || fl.Name == nil {
			continue
		}
		name := fl.Name.Name
		if prev, dup := u.flows[name]; dup {
			d := rep.errorf(fl.Name.Range, DuplicateFlow, "rename one of them", "flow %s is defined twice in this file", name)
			d.Related = []grammar.Related{{Message: "the first " + name, Range: prev.ast.Name.Range}}
			continue
		}
		f := &flowInfo{unit: u, ast: fl, name: name, syms: map[string]*symbol{}, decls: map[string][]grammar.Range{}}
		u.flows[name] = f
		u.list = append(u.list, f)
		declareFlow(rep, f)
	}
}

func declareFlow(rep *reporter, f *flowInfo) {
	fl := f.ast
	p := &plan.Flow{
		Name:  f.name,
		File:  f.unit.path,
		Range: toPlanRange(fl.Range),
		Budget: plan.Budget{
			Actions: plan.DefaultActions, Decisions: plan.DefaultDecisions, Time: plan.DefaultTime,
		},
		Payment: plan.PaymentStop,
	}
	f.plan = p
	hint := `say what the flow accomplishes: flow ` + f.name + ` "Book the cheapest flight" {`
	switch {
	case fl.Description == nil:
		rep.errorf(fl.Name.Range, EmptyDescription, hint, "flow %s has no description", f.name)
	default:
		d, ok := fl.Description.Value()
		switch {
		case !ok:
			rep.errorf(fl.Description.Range, EmptyDescription, "describe the flow in plain text", "a flow description cannot interpolate")
		case strings.TrimSpace(d) == "":
			rep.errorf(fl.Description.Range, EmptyDescription, hint, "flow %s has an empty description", f.name)
		}
		p.Description = d
	}
	if fl.Body == nil {
		return
	}
	for _, st := range fl.Body.Stmts {
		switch d := st.(type) {
		case *grammar.FactDecl:
			declareFact(rep, f, d)
		case *grammar.SecretDecl:
			if d.Name == nil {
				continue
			}
			sec := &plan.Secret{Name: d.Name.Name, Range: toPlanRange(d.Range)}
			if d.Doc != nil {
				sec.Doc, _ = d.Doc.Value()
			}
			if addParam(rep, f, &symbol{name: d.Name.Name, kind: symSecret, typ: plan.TypeText, rng: d.Name.Range}) {
				p.Secrets = append(p.Secrets, sec)
			}
		}
	}
}

// addParam adds a fact or secret to f's parameters, reporting a duplicate.
func addParam(rep *reporter, f *flowInfo, sym *symbol) bool {
	if prev, dup := f.syms[sym.name]; dup {
		d := rep.errorf(sym.rng, DuplicateName, "facts, secrets and variables share one namespace: rename one",
			"%s is already declared as a %s", sym.name, prev.kind)
		d.Related = []grammar.Related{{Message: "the first " + sym.name, Range: prev.rng}}
		return false
	}
	f.syms[sym.name] = sym
	f.params = append(f.params, sym)
	return true
}

func declareFact(rep *reporter, f *flowInfo, d *grammar.FactDecl) {
	if d.Name == nil || d.Type == nil {
		return
	}
	typ := plan.Type(d.Type.Name)
	if !isType(d.Type.Name) {
		rep.errorf(d.Type.Range, UnknownType, didYouMean(d.Type.Name, typeNames(), "the types are "+strings.Join(typeNames(), ", ")),
			"unknown type %s", d.Type.Name)
		typ = plan.TypeAny
	}
	fact := &plan.Fact{Name: d.Name.Name, Type: typ, Required: d.Default == nil, Range: toPlanRange(d.Range)}
	if d.Doc != nil {
		fact.Doc, _ = d.Doc.Value()
	}
	if d.Default != nil && typ != plan.TypeAny {
		lit, msg := literalOf(d.Default, typ)
		if msg != "" {
			rep.errorf(d.Default.Range, DefaultType, "a "+string(typ)+" default is "+exampleOf(typ), "default of %s does not fit its type %s: %s", d.Name.Name, typ, msg)
		} else {
			fact.Default = lit
		}
	}
	if addParam(rep, f, &symbol{name: d.Name.Name, kind: symFact, typ: typ, rng: d.Name.Range, fact: fact}) {
		f.plan.Facts = append(f.plan.Facts, fact)
	}
}

// exampleOf shows how a literal of type t is written in a flow.
func exampleOf(t plan.Type) string {
	switch t {
	case plan.TypeNumber:
		return "a number: = 2"
	case plan.TypeBool:
		return "true or false"
	case plan.TypeDate:
		return `a quoted date: = "2026-12-24"`
	case plan.TypeMoney:
		return `a quoted amount: = "12.50 EUR"`
	case plan.TypeEmail:
		return `a quoted address: = "ada@example.com"`
	case plan.TypeURL:
		return `a quoted URL: = "https://example.com/"`
	case plan.TypeList:
		return `a list of strings: = ["a", "b"]`
	}
	return `a string: = "Lisbon"`
}

// literalOf checks a default literal against t. It returns the plan literal,
// or a message saying why the literal does not fit.
func literalOf(l *grammar.Literal, t plan.Type) (*plan.Literal, string) {
	switch {
	case t == plan.TypeList:
		if !l.IsList {
			return nil, "it is not a list"
		}
		out := &plan.Literal{IsList: true, List: []string{}}
		for _, item := range l.List {
			if item.Str == nil {
				return nil, "list items are strings"
			}
			v, ok := item.Str.Value()
			if !ok {
				return nil, "a default cannot interpolate"
			}
			out.List = append(out.List, v)
		}
		return out, ""
	case l.IsList:
		return nil, "it is a list"
	case t == plan.TypeNumber:
		if l.Num == nil {
			return nil, "it is not a number"
		}
		v := l.Num.Value
		return &plan.Literal{Num: &v}, ""
	case t == plan.TypeBool:
		if l.Bool == nil {
			return nil, "it is not true or false"
		}
		v := l.Bool.Value
		return &plan.Literal{Bool: &v}, ""
	}
	if l.Str == nil {
		return nil, "it is not a string"
	}
	v, ok := l.Str.Value()
	if !ok {
		return nil, "a default cannot interpolate"
	}
	if _, err := parseValue(t, v); err != nil {
		return nil, err.Error()
	}
	return &plan.Literal{Str: &v}, ""
}
