// Package runtime executes a compiled flow ([plan.Flow]) on a surface,
// asking a decision model small closed questions, under the guards and
// budgets of the language contract.
//
// Input: a flow and [Options]: the [surfaces.Surface] to drive (normally a
// [surfaces.Workspace]), the [decide.Decider], a [Clock], event [Sink]
// values, the run's facts and secrets (as compiler.LoadFacts and
// compiler.LoadSecrets produce them), the approval flag and a timeout.
//
// Output: a [Result] that marshals to the JSON the `--json` contract
// describes (outcome, exit code, step reports, variables, the stop target,
// the failure with step path, source line, reason and hint), and a stream
// of typed [Event] values (step started, observed, asked, answered,
// acted, guarded, step ended, run ended) delivered to every sink.
//
// How a step runs is written down in RUNTIME.md (docs/runtime.md in the
// project): observe, narrow the candidates locally ([decide.Narrow]), ask
// the smallest question, act, settle, check the effect. The numbers the
// semantics name are constants here ([MaxDoTurns], [IdleTurns],
// [JudgeBar]).
//
// Invariants:
//
//   - Hosts inject effects: the runtime reads no clock, environment or
//     global of its own; the surface, decider, clock and sinks come in
//     through [Options].
//   - Closed answers: only an offered key is acted on; none, an unknown key
//     or a decider error does nothing. There is no default click.
//   - A stale ref is never retried on another element: the runtime
//     observes again and asks again.
//   - Guards hold whatever the decider says: a `do`, `pick`, `choose` or
//     `press` never presses a control that reads as irreversible or paying
//     (outcome guard_refused); only `stop_before` reaches one, and presses
//     it only with approval. Under `payment stop` a screen with card
//     fields ends the run with stopped_before.
//   - Secrets never leave: a secret is typed with [surfaces.FillSecret],
//     never placed in a question; every observed screen, every event,
//     every note and the result pass through a [guard.Masker] that
//     replaces secret values by ${name}.
//   - Every failure names the step path, the source position, the reason
//     and a hint.
package runtime
