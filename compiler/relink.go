package compiler

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/expr-lang/expr/parser"

	"flow/plan"
)

// Relink rebuilds the compiled program of every expression of a plan read
// by plan.Load, against the typed environment each expression records
// (its Vars) and the standard library's functions. It fails, naming the
// expression's place, when one no longer compiles (a plan written by another
// version, or edited by hand).
func Relink(prog *plan.Program) error {
	var errs []error
	exprs := newExprCache(true)
	for _, f := range prog.Flows {
		f.Exprs(func(e *plan.Expr) {
			tree, err := parser.ParseWithConfig(e.Src, parseConfig())
			if err == nil {
				e.Program, _, err = exprs.link(tree, e.Vars)
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: expression %q: %v", e.Range, e.Src, err))
			}
		})
	}
	return errors.Join(errs...)
}

// SelectFlow returns the flow of prog to run: the one named name, or, when
// name is empty, the only flow of the file. The error lists the flows there
// are, so `flow run` can tell the user what --flow takes.
func SelectFlow(prog *plan.Program, name string) (*plan.Flow, error) {
	if prog == nil || len(prog.Flows) == 0 {
		return nil, errors.New("the file defines no flow")
	}
	if name != "" {
		if f := prog.Flow(name); f != nil {
			return f, nil
		}
		return nil, fmt.Errorf("no flow %s: %s (%s)", name, listFlows(prog), didYouMean(name, flowList(prog), "choose one with --flow"))
	}
	if len(prog.Flows) == 1 {
		return prog.Flows[0], nil
	}
	return nil, fmt.Errorf("the file defines %d flows; choose one with --flow: %s", len(prog.Flows), listFlows(prog))
}

func flowList(prog *plan.Program) []string {
	var names []string
	for _, f := range prog.Flows {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	return names
}

func listFlows(prog *plan.Program) string {
	var b strings.Builder
	for i, f := range prog.Flows {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%q)", f.Name, f.Description)
	}
	return b.String()
}
