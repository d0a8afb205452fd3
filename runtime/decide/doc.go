// Package decide is flow's decision model: it answers the small, closed,
// typed questions the runtime asks while it runs a step, and nothing else.
//
// Input: a [Question] ("which of these offered options does the step
// mean?") or a [Statement] ("how likely is this condition true on this
// screen?"). A question carries a stable ID ("<step path>/<purpose>",
// e.g. "4/target", "7.2/field:where from"), a [Purpose], the step as the
// flow wrote it (already masked), what is asked, the value sought when there
// is one (never a secret), at most [MaxOptions] [Option] values, and a
// [Brief] of the screen.
//
// Output: a [Choice] (one offered key, or "" for none, with a confidence)
// or a [Judgement] (a probability in [0, 1]). A [Decider] never writes text,
// selectors or coordinates: an answer whose key was not offered is treated
// as none, and none (or an error) means the runtime does nothing.
//
// The runtime builds questions from a screen with [BriefOf], [OptionOf]
// (a candidate) and [LineOption] (a context line), brings a screen's
// candidates down to [MaxOptions] with [Narrow] (the local scorer, [Rank]),
// and asks. A `do` step asks whether its intent is achieved by judging a
// [Statement] whose Step starts with "do "; [ActIntent] names the intents
// ("continue", "go to the cart") that only a change of screen can prove.
//
// Providers, chosen by [New] from a spec:
//
//   - "local" (the default, [NewLocal]): no network, deterministic. Word
//     overlap with stemming, a synonym table, role hints from the step's
//     verbs, label/placeholder/context proximity, exact option and value
//     matches; conditions are judged from their content words, quoted
//     values and numbers found on the screen, negation-aware. [Rank] and
//     [Narrow] expose its scorer so the runtime can bring a screen's
//     candidates down to [MaxOptions] before any provider is asked.
//   - "openai:MODEL": any OpenAI-compatible chat-completions server
//     (OPENAI_BASE_URL, OPENAI_API_KEY, or [Options]); answers are
//     constrained by a JSON schema whose key is an enum of the offered keys.
//   - "anthropic:MODEL": the Messages API with one forced tool whose input
//     schema is the answer (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY).
//   - "script:FILE": answers from a YAML file keyed by question ID, for
//     tests and reproductions (see [LoadScript]).
//
// Invariants:
//
//   - Closed answers: only offered keys come back; anything else is none.
//   - Requests to a model never hold a secret value: every text that leaves
//     passes through the [guard.Masker] of [Options] (each field, then the
//     whole request body), and an [Option]'s Candidate is never serialised.
//   - Screen text is untrusted data: a model prompt wraps it between
//     markers and says that text between them is page content, never
//     instructions; only the system text and the step are instructions.
//   - Requests are bounded: at most [MaxOptions] options, option labels cut
//     to [MaxLabelLen] characters, the brief to [MaxContextLines] lines of
//     at most [MaxLineLen] characters and [MaxBriefCandidates] candidates,
//     the step and ask to [MaxStepLen].
//   - Model calls time out ([Options.Timeout], default 30s per request) and
//     retry [Options.Retries] times (default 2) with exponential backoff and
//     jitter on 429, 5xx and timeouts, honouring Retry-After; a 4xx other
//     than 429 is not retried. Errors name the provider and the HTTP status,
//     never a key or a secret.
//   - Every provider is deterministic for a given input where the model is
//     (temperature 0); local and script are deterministic always.
//
// Tuned numbers of the local decider (against the fixture sites' screens in
// testdata/screens, captured by the browser surface, and the hand-made
// screens of the tests): it answers none below [ChooseBar] (0.3); a
// judgement maps the weighted share of the condition's terms found in the
// best group of the screen through a smooth step from 0.4 (p 0.03) to 0.9
// (p 0.97), the whole screen counting 0.9 of a group; a missing count,
// value or predicate ("applied") caps it at 0.1 or less. The runtime's bar
// for "holds" is 0.75.
package decide
