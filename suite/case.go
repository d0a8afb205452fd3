package suite

import (
	"flow/plan"
	"flow/runtime"
)

// Case is one run of a flow that a library expects to end a certain way.
type Case struct {
	// Name identifies the case in every report and in --grep and --shard:
	// the name a case file gives, else the flow file's path without
	// ".flow" (with ":FLOW" when the case names one of several flows).
	Name string `json:"name"`
	// File is the flow file, slash-separated, as found under the paths.
	File string `json:"file"`
	// FlowName is the flow of the file to run; empty for the only one.
	FlowName string `json:"flow_name,omitempty"`
	// FactsFile is the YAML facts file, or empty for none.
	FactsFile string `json:"facts_file,omitempty"`
	// Facts are NAME=VALUE values that win over the facts file.
	Facts []string `json:"facts,omitempty"`
	// Site names a fixture site served for each attempt (see
	// [Options.Sites]); its address is passed as the fact `site`.
	Site string `json:"site,omitempty"`
	// Expect is what the run must do.
	Expect Expect `json:"expect"`
	// Declared is where the case was written ("a.test.yaml:4:5"), or empty
	// for a flow found on its own.
	Declared string `json:"declared,omitempty"`

	// Flow is the case's own compiled copy of its flow.
	Flow *plan.Flow `json:"-"`
	// facts and secrets are the checked values of the run.
	facts   map[string]any
	secrets map[string]string
}

// Expect is the outcome a case must have.
type Expect struct {
	// Outcomes are the accepted outcomes; empty means completed or
	// stopped_before.
	Outcomes []runtime.Outcome `json:"outcomes,omitempty"`
	// StopTarget, with stopped_before or guard_refused, is the name of the
	// control the run stopped in front of, or a part of it (letter case and
	// spacing aside).
	StopTarget string `json:"stop_target,omitempty"`
	// Step, with failed (or any outcome with a failure), is the path of the
	// step that ended the run ("4", "4.2"), or of a block around it.
	Step string `json:"step,omitempty"`
	// Reason is a part of the failure's reason the run must give.
	Reason string `json:"reason,omitempty"`
	// Variables are values the run must end with, rendered as the
	// runtime.Result renders them ("331.86 EUR").
	Variables map[string]string `json:"variables,omitempty"`
}

// defaultOutcomes are what a case expects when it says nothing.
var defaultOutcomes = []runtime.Outcome{runtime.Completed, runtime.StoppedBefore}

// expectable are the outcomes a case may expect. Invalid is not one: an
// invalid case never reaches a browser.
var expectable = []runtime.Outcome{runtime.Completed, runtime.StoppedBefore, runtime.Failed,
	runtime.GuardRefused, runtime.NeedsHuman, runtime.BudgetExhausted}

// String describes the expectation in a few words: "completed or
// stopped_before", "failed at step 4", "stopped_before \"Pay\"".
func (e Expect) String() string {
	outs := e.Outcomes
	if len(outs) == 0 {
		outs = defaultOutcomes
	}
	s := ""
	for i, o := range outs {
		if i > 0 {
			s += " or "
		}
		s += string(o)
	}
	if e.StopTarget != "" {
		s += " " + quote(e.StopTarget)
	}
	if e.Step != "" {
		s += " at step " + e.Step
	}
	return s
}

func quote(s string) string { return "\"" + s + "\"" }
