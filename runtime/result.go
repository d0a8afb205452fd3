package runtime

import (
	"fmt"
	"strings"

	"flow/plan"
)

// Outcome is how a run ended, as the contract's table names it.
type Outcome string

// The outcomes of a run.
const (
	// Completed: every step done.
	Completed Outcome = "completed"
	// StoppedBefore: reached a stop_before (or payment) and stopped in
	// front of it, as written.
	StoppedBefore Outcome = "stopped_before"
	// Failed: a step failed; the result names the step, line, reason and
	// a hint.
	Failed Outcome = "failed"
	// Invalid: the flow, facts or options are wrong; nothing ran.
	Invalid Outcome = "invalid"
	// NeedsHuman: a login wall, captcha or one-time code.
	NeedsHuman Outcome = "needs_human"
	// BudgetExhausted: a budget ran out.
	BudgetExhausted Outcome = "budget_exhausted"
	// GuardRefused: the best move was an irreversible or paying control
	// outside stop_before.
	GuardRefused Outcome = "guard_refused"
)

// ExitCode is the process exit code of the outcome (0 completed and
// stopped_before, 1 failed, 2 invalid, 3 needs_human, 4 budget_exhausted,
// 5 guard_refused).
func (o Outcome) ExitCode() int {
	switch o {
	case Completed, StoppedBefore:
		return 0
	case Failed:
		return 1
	case Invalid:
		return 2
	case NeedsHuman:
		return 3
	case BudgetExhausted:
		return 4
	case GuardRefused:
		return 5
	}
	return 1
}

// Step outcomes beside the run outcomes: a step that ran to its end is
// done; a step that ended the run carries the run's outcome.
const (
	StepDone = "done"
)

// Result is what a run did. It marshals to the `--json` object.
type Result struct {
	Flow     string  `json:"flow"`
	Outcome  Outcome `json:"outcome"`
	ExitCode int     `json:"exit_code"`
	// Decider is the decision model's name ("local", "script:FILE").
	Decider string        `json:"decider,omitempty"`
	Steps   []*StepReport `json:"steps"`
	// Variables holds the entry flow's facts and the variables its steps
	// set, rendered as text, secrets masked; secrets show as ${name}.
	Variables map[string]any `json:"variables,omitempty"`
	// Stop is the control the run stopped in front of (stopped_before),
	// or the control a guard refused (guard_refused).
	Stop *StopTarget `json:"stop,omitempty"`
	// Failure explains every outcome but completed and stopped_before.
	Failure   *Failure      `json:"failure,omitempty"`
	Actions   int           `json:"actions"`
	Decisions int           `json:"decisions"`
	Duration  plan.Duration `json:"duration"`
	// Trace and Report are the paths of the files a host wrote, if any.
	Trace  string `json:"trace,omitempty"`
	Report string `json:"report,omitempty"`
}

// StepReport is one executed step. Steps inside loops report once per
// round, in execution order.
type StepReport struct {
	Path string    `json:"path"`
	Kind plan.Kind `json:"kind"`
	// Text is the step as written, interpolations rendered where known.
	Text string `json:"text,omitempty"`
	// Outcome is "done" or the run outcome the step ended the run with.
	Outcome   string        `json:"outcome"`
	Turns     int           `json:"turns,omitempty"`
	Decisions int           `json:"decisions,omitempty"`
	Actions   int           `json:"actions,omitempty"`
	Duration  plan.Duration `json:"duration"`
	Note      string        `json:"note,omitempty"`
	// Evidence is what a do (or an approved stop_before) ended on, as
	// "KIND: what was seen", KIND one of state, absence, effect and
	// confirmation ("confirmation: status \"Settings saved\" appeared").
	Evidence string `json:"evidence,omitempty"`
	// Split is where the step's time went (observe, decide, act, settle).
	Split *Split `json:"split,omitempty"`
	// Shot names the screenshot after the step, relative to the trace.
	Shot string `json:"shot,omitempty"`
	// Cache is how the resolution cache served the step: "hit" when every
	// question was answered from it, "miss: why" when one was not; empty
	// when the step asked nothing or the run reads no cache.
	Cache string `json:"cache,omitempty"`
}

// CacheWord is how a step's Cache reads for a person: HIT, or MISS with
// its reason ("MISS (no button \"Add\" in card \"Tea\" on the
// screen)"); empty when the step used no cache. The progress view and the
// report both show it.
func CacheWord(cache string) string {
	switch {
	case cache == "hit":
		return "HIT"
	case strings.HasPrefix(cache, "miss: "):
		return "MISS (" + strings.TrimPrefix(cache, "miss: ") + ")"
	}
	return ""
}

// StopTarget names a control the run stopped in front of or refused.
type StopTarget struct {
	// Path is the step path that found it.
	Path string `json:"path"`
	// Control is the control as role "name" ("button \"Pay now\"").
	Control string `json:"control"`
	// Class is "irreversible", "payment" or "none" (a stop_before target
	// whose label reads as neither).
	Class string `json:"class"`
	// Reason says why the run stopped: "stop_before", "payment evidence"
	// or the guard's matched phrase.
	Reason string `json:"reason"`
	// Pressed is true when an approved run pressed it.
	Pressed bool `json:"pressed,omitempty"`
}

// Failure explains an outcome other than completed: the step, its source
// position, what went wrong and what to try.
type Failure struct {
	Path   string `json:"path,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Col    int    `json:"col,omitempty"`
	Reason string `json:"reason"`
	Hint   string `json:"hint,omitempty"`
}

// String formats the failure as FILE:LINE:COL: step PATH: reason (hint: …).
func (f *Failure) String() string {
	s := ""
	if f.File != "" || f.Line > 0 {
		s = fmt.Sprintf("%s:%d:%d: ", f.File, f.Line, f.Col)
	}
	if f.Path != "" {
		s += "step " + f.Path + ": "
	}
	s += f.Reason
	if f.Hint != "" {
		s += " (hint: " + f.Hint + ")"
	}
	return s
}

// halt ends the run early: a failure, a stop, a wall, a budget or a guard.
// Steps return it as an error; the run loop turns it into the Result.
type halt struct {
	outcome Outcome
	reason  string
	hint    string
	stop    *StopTarget
	step    *plan.Step // set where the halt is raised or by the step runner
}

func (h *halt) Error() string { return string(h.outcome) + ": " + h.reason }

// fail makes a step failure with a hint.
func fail(hint, format string, args ...any) *halt {
	return &halt{outcome: Failed, reason: fmt.Sprintf(format, args...), hint: hint}
}
