package suite

import (
	"fmt"
	"time"

	"flow/plan"
	"flow/runtime"
)

// Status is a case's verdict.
type Status string

// The verdicts of a case.
const (
	// Pass: the first attempt met the expectation.
	Pass Status = "pass"
	// Flaky: an attempt failed, a later one met the expectation.
	Flaky Status = "flaky"
	// Fail: no attempt met the expectation.
	Fail Status = "fail"
	// Skipped: the case did not run (--fail-fast after a failure, or the
	// run was cancelled).
	Skipped Status = "skipped"
)

// Result is what one case did.
type Result struct {
	Case     string          `json:"case"`
	File     string          `json:"file"`
	Flow     string          `json:"flow"`
	Status   Status          `json:"status"`
	Outcome  runtime.Outcome `json:"outcome,omitempty"`
	Expected string          `json:"expected"`
	// Reason says why the case failed or was skipped (masked).
	Reason string `json:"reason,omitempty"`
	// Where places a failure in the flow's source: the failing step, the
	// stop step, or the flow's declaration.
	Where    *Place        `json:"where,omitempty"`
	Attempts int           `json:"attempts"`
	Duration plan.Duration `json:"duration"`
	// Browser is the endpoint of the last attempt ("" for the launched
	// browser).
	Browser string `json:"browser,omitempty"`
	// Run is the runtime's result of the last attempt.
	Run *runtime.Result `json:"run,omitempty"`
}

// Place is a step's position in a flow file.
type Place struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	// Step is the step's path ("4.2"), when a step is to blame.
	Step string `json:"step,omitempty"`
}

// String formats the place as FILE:LINE:COL.
func (p *Place) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Passed reports whether the case met its expectation (flaky included).
func (r *Result) Passed() bool { return r.Status == Pass || r.Status == Flaky }

// Report is what a suite run did, its results in case name order.
type Report struct {
	Results  []*Result     `json:"results"`
	Workers  int           `json:"workers"`
	Shard    string        `json:"shard,omitempty"`
	Duration plan.Duration `json:"duration"`
	Counts   Counts        `json:"counts"`
}

// Counts are the number of results of each status.
type Counts struct {
	Total   int `json:"total"`
	Passed  int `json:"passed"`
	Flaky   int `json:"flaky"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
}

// OK reports whether every case met its expectation.
func (r *Report) OK() bool { return r.Counts.Failed == 0 && r.Counts.Skipped == 0 }

func (r *Report) count() {
	r.Counts = Counts{Total: len(r.Results)}
	for _, res := range r.Results {
		switch res.Status {
		case Pass:
			r.Counts.Passed++
		case Flaky:
			r.Counts.Flaky++
		case Fail:
			r.Counts.Failed++
		case Skipped:
			r.Counts.Skipped++
		}
	}
}

func since(t time.Time) plan.Duration { return plan.Duration(time.Since(t)) }
