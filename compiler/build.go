package compiler

import (
	"strconv"

	"flow/plan"
)

// maxSteps is how many steps a flow may have once its calls are expanded.
const maxSteps = 200

// checkCalls is the check_calls stage: it finds recursion (a flow that
// calls itself through any chain of calls) and reports it at the call that
// closes the cycle. Flows on a cycle are not expanded.
func (s *session) checkCalls() {
	const (
		unvisited = iota
		onPath
		done
	)
	state := map[*flowInfo]int{}
	var visit func(f *flowInfo)
	visit = func(f *flowInfo) {
		state[f] = onPath
		for _, cs := range f.calls {
			switch state[cs.callee] {
			case onPath:
				s.errorf(cs.stmt.Range, Recursion, "a flow cannot call itself, directly or through others: repeat or for loops instead",
					"recursion: %s calls %s, which is already running", f.name, cs.step.Call.Flow)
				cs.callee.cyclic = true
				f.cyclic = true
			case unvisited:
				visit(cs.callee)
				if cs.callee.cyclic {
					f.cyclic = true
				}
			}
		}
		state[f] = done
	}
	for _, u := range s.order {
		for _, f := range u.list {
			if state[f] == unvisited {
				visit(f)
			}
		}
	}
}

// buildPlans is the build_plan stage: for every given file it expands calls
// into the flows' steps, numbers step paths and checks the step count.
//
// Expansion reads and fills flows of every file, so it runs on one
// goroutine, first. Then each given file's program is built in parallel:
// it numbers and counts only steps that file's flows hold (a call's body
// is a copy of the callee's steps, made for that call).
func (s *session) buildPlans() {
	for _, u := range s.roots {
		for _, f := range u.list {
			s.expand(f)
		}
	}
	s.eachFile(s.roots, func(rep *reporter, _ *exprCache, u *unit) {
		prog := &plan.Program{}
		reached := s.imported(u)
		for _, v := range s.order {
			if reached[v] {
				prog.Files = append(prog.Files, v.path)
			}
		}
		for _, f := range u.list {
			steps := f.plan.Steps
			if n := countSteps(steps); n > maxSteps {
				rep.errorf(f.ast.Name.Range, TooManySteps, "split it into flows and keep the entry flow short; each call's steps count",
					"flow %s has %d steps once its calls are expanded, more than %d", f.name, n, maxSteps)
			}
			out := *f.plan
			number(out.Steps, "")
			prog.Flows = append(prog.Flows, &out)
		}
		u.program = prog
	})
}

// imported returns u and every file it imports, directly or not.
func (s *session) imported(u *unit) map[*unit]bool {
	seen := map[*unit]bool{}
	var walk func(*unit)
	walk = func(x *unit) {
		if x == nil || seen[x] {
			return
		}
		seen[x] = true
		for _, imp := range x.imports {
			walk(imp.target)
		}
	}
	walk(u)
	return seen
}

// expand fills the Body of every call step of f with a fresh copy of the
// callee's expanded steps and returns f's steps. f's own steps are filled
// in place (only f's program uses them); callers get copies, because each
// call site numbers its copy under its own path. A flow on a recursion
// cycle keeps its calls unexpanded (the cycle is an error already).
func (s *session) expand(f *flowInfo) []*plan.Step {
	if f.state == 2 || f.cyclic || f.state == 1 {
		return f.plan.Steps
	}
	f.state = 1
	for _, cs := range f.calls {
		cs.step.Body = cloneSteps(s.expand(cs.callee))
	}
	f.state = 2
	return f.plan.Steps
}

// cloneSteps deep-copies steps and the blocks nested in them; operands
// (templates, expressions, values) are immutable and shared.
func cloneSteps(steps []*plan.Step) []*plan.Step {
	if len(steps) == 0 {
		return nil
	}
	out := make([]*plan.Step, len(steps))
	for i, st := range steps {
		cp := *st
		if len(st.Branches) > 0 {
			cp.Branches = make([]*plan.Branch, len(st.Branches))
			for j, b := range st.Branches {
				cp.Branches[j] = &plan.Branch{Cond: b.Cond, Steps: cloneSteps(b.Steps)}
			}
		}
		cp.Else = cloneSteps(st.Else)
		cp.Body = cloneSteps(st.Body)
		out[i] = &cp
	}
	return out
}

// countSteps counts steps, nested ones included.
func countSteps(steps []*plan.Step) int {
	n := 0
	for _, st := range steps {
		n++
		for _, b := range st.Branches {
			n += countSteps(b.Steps)
		}
		n += countSteps(st.Else) + countSteps(st.Body)
	}
	return n
}

// number gives every step its path: the position in its block, after the
// path of the step that holds the block. The branches of an if are numbered
// in one sequence so that each path names one place.
func number(steps []*plan.Step, prefix string) {
	for i, st := range steps {
		st.Path = prefix + strconv.Itoa(i+1)
		var inner []*plan.Step
		for _, b := range st.Branches {
			inner = append(inner, b.Steps...)
		}
		inner = append(inner, st.Else...)
		inner = append(inner, st.Body...)
		number(inner, st.Path+".")
	}
}
