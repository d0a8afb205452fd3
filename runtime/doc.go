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
// [JudgeBar]). Choices this package makes where RUNTIME.md is silent,
// tuned on the fixture sites:
//
//   - A screen condition is judged twice, as written and as "not …", and
//     the two are averaged; it holds at [JudgeBar]. `if not "…"` holds
//     when 1 − p does.
//   - A `do` also ends as done "by effect" when a press changed the screen
//     and the decider then has nothing further (none, or the same control
//     again): intents are often acts ("sign in") that a judgement of the
//     screen reads poorly. An intent with a number is never done this way;
//     it is done when the judgement passes or when the pressed control's
//     group shows that number. Choosing an earlier press again ends the
//     step with its final judgement (the moves go in circles).
//   - A `do` offers moves beside the presses: scroll down (when controls
//     lie below the fold), Escape (when a dialog or popover is in front),
//     wait, and hover over a control whose press changed nothing (menus
//     that open on hover); a move that changed nothing is not offered
//     again. "Changed nothing" is [surfaces.Diff] being empty: focus alone
//     is no change.
//   - Lists (`extract`, `pick`) are the cards under one parent: a card is
//     the deepest numbered path element (`listitem #3`) or a `card`/
//     `article`; lists in navigation, banner or footer count only when
//     there is no other, a list of one card only when none has two.
//   - A field that formats what was typed (a card number in groups of
//     four) passes the read-back when its letters and digits equal the
//     value; a secret's formatted value is masked too.
//   - Question IDs are "<path>/<purpose>", with ":<field>" in enter and
//     choose blocks of several pairs; judgements are "<path>/judge" and
//     "<path>/judge:not". Scripts ([decide.Script]) answer by them.
//
// Invariants:
//
//   - Hosts inject effects: the runtime reads no clock, environment or
//     global of its own; the surface, decider, clock and sinks come in
//     through [Options].
//   - Closed answers: only an offered key is acted on; none, an unknown key
//     or a decider error on a choice does nothing. There is no default
//     click. A condition the decider could not judge fails its step rather
//     than take a branch nobody decided, and a refused key (401, 403, 404)
//     fails at once.
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
