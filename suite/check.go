package suite

import (
	"fmt"
	"slices"
	"strings"

	"flow/runtime"
)

// Check reports how res breaks the expectation, or "" when it meets it.
// It reads only the runtime's result: the outcome, the stop target, the
// failing step and the variables.
func (e Expect) Check(res *runtime.Result) string {
	if res == nil {
		return "the case did not run"
	}
	outs := e.Outcomes
	if len(outs) == 0 {
		outs = defaultOutcomes
	}
	if !slices.Contains(outs, res.Outcome) {
		return fmt.Sprintf("outcome %s, want %s", res.Outcome, e)
	}
	if e.StopTarget != "" {
		got := ""
		if res.Stop != nil {
			got = res.Stop.Control
		}
		if !strings.Contains(fold(got), fold(e.StopTarget)) {
			if got == "" {
				got = "no control"
			}
			return fmt.Sprintf("stopped in front of %s, want %s", got, quote(e.StopTarget))
		}
	}
	if e.Step != "" {
		got := ""
		if res.Failure != nil {
			got = res.Failure.Path
		}
		if got != e.Step && !strings.HasPrefix(got, e.Step+".") {
			if got == "" {
				got = "no step"
			}
			return fmt.Sprintf("ended at %s, want step %s", stepName(got), e.Step)
		}
	}
	if e.Reason != "" {
		got := ""
		if res.Failure != nil {
			got = res.Failure.Reason
		}
		if !strings.Contains(fold(got), fold(e.Reason)) {
			return fmt.Sprintf("failure reason %s does not say %s", quote(got), quote(e.Reason))
		}
	}
	names := make([]string, 0, len(e.Variables))
	for name := range e.Variables {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		v, ok := res.Variables[name]
		if !ok {
			return fmt.Sprintf("variable %s was not set, want %s", name, quote(e.Variables[name]))
		}
		if got := fmt.Sprint(v); got != e.Variables[name] {
			return fmt.Sprintf("variable %s = %s, want %s", name, quote(got), quote(e.Variables[name]))
		}
	}
	return ""
}

func stepName(path string) string {
	if path == "no step" {
		return path
	}
	return "step " + path
}

// fold lowers letter case and collapses spaces, for names compared as a
// reader compares them.
func fold(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }
