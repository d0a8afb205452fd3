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
// and asks ([Anchored] first keeps only the options in the group that
// names the step's entity). A `do` step asks whether its goal is reached
// by judging a [Statement] with Goal set, and its negation with Negated
// set (a Step starting "do " and a Text starting "not " are read the same
// way); [ActIntent] names the intents ("continue", "go to the cart") that
// only a change of screen can prove.
//
// Providers, chosen by [New] from a spec:
//
//   - "local" (the default, [NewLocal]): no network, deterministic; the
//     pipeline below. [Rank] and [Narrow] expose its scorer so the runtime
//     can bring a screen's candidates down to [MaxOptions] before any
//     provider is asked, and [Anchored] its anchors, so no provider is
//     offered the look-alike in another card.
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
// # The local decider
//
// A question goes through five stages, one file each, each stage's result
// computed once and passed forward (choose.go's pass):
//
//  1. Frame (frame.go). The ask is parsed once: its verbs, its content
//     words, the directions its qualifiers take (all/only the required,
//     accept/reject, on/off, show/hide, more/less, next/previous), the
//     anchor entity that places the target ("from Acme", "of Dune", "on
//     the card \"Third plan\""), an ordinal ("the second", "the last"),
//     a field named only by its kind ("the text field", "the options"), a
//     step over a set ("untick every topic except Product news").
//  2. Describe (describe.go). Every option once: its own name (for an
//     icon-only control, what the icon means: trash → delete, ⋯ → more
//     menu, arrow right → next, × → close; for an unnamed box or radio,
//     the text beside it), its other texts with their weights, its
//     directions, its group and the group's first line, its field kind
//     and whether it is the only one of that kind.
//  3. Score (score.go, anchor.go). Word overlap (recall counted twice
//     over precision, fields weighted: name 1, placeholder 0.8,
//     description and value 0.6, ancestors 0.45, the group's words 0.35),
//     then matches (an exact value scores 0.9 plus a tenth of the ask's
//     score, so the group still tells two equal values apart; the only
//     field of a named kind 0.9; in a read, the only value of the wanted
//     kind in the anchored group 0.7) and vetoes: an option whose words
//     take the opposite direction of a qualifier keeps 0.2 of its score,
//     one outside the innermost group whose text names the anchor keeps
//     0.25, one the step excepts 0.2.
//     Controls named without a label: a control whose whole name is
//     what a do names after its verb ("press ONE", "tick mJ5sq03")
//     scores 0.95, and a code (letters and digits mixed, code.go) meets
//     only the same token; a role noun ("the button", "the search box",
//     "the 3rd radio button", "textbox number 2 from the top", "the
//     text in the textarea"; role.go) places the only control of that
//     role among the options, or, with an ordinal, the Nth of the role
//     counted on the screen (0.9; a qualifier must meet a named
//     control's own texts); a row whose own name starts with the
//     step's anchor ("the email from Deva" → "Deva Morbi…"; lead.go)
//     scores 0.8 when no control is named by the step's other words;
//     a read names its text by kind (read.go): the longest paragraph
//     line, a line that is a sum, the label before the Nth field, the
//     value beside the anchor in its row; "the answer" is the only
//     field whose label asks (answer.go).
//  4. Choose (choose.go). None below [ChooseBar] (0.3). Options within
//     0.02 of the best are a tie: the answer is none with their keys in
//     Choice.Ambiguous, unless the step gives an ordinal (counted among
//     options of the best one's role within 0.15 of it, or among the
//     items of the one list on the screen when no option says the
//     step's words), asks for every member of a set, or reads one text
//     shown twice alike. A tie is never broken by page order.
//  5. Explain (explain.go). Choice.Why says what the chosen option met
//     and where it sits; Choice.Others say why the next three lost.
//
// A statement is judged as predicates the screen asserts (judge.go,
// judge_terms.go, judge_screen.go, judge_exist.go). Its terms are content
// words, values that must appear as written, counts tied to their noun,
// shapes (dialog, form, list) and states (on, off, selected); the
// predicate (a participle, or the word after "is") must be stated by a
// clause of text that neither denies it ("No refund requested yet") nor
// only promises or instructs it ("when the report is ready", "To have no
// saved addresses, …"), and that is no attribute ("Archived invoices
// stay searchable"); on a control that offers the act ("Archive", "Show
// archived") it counts a quarter. A clause that denies the predicate
// caps the statement at 0.05. The best group's weighted coverage maps
// through a smooth step from 0.4 (p 0.03) to 0.9 (p 0.97), the whole
// screen counting 0.9 of a group. A claim that a list is empty holds when
// a clause says so (0.95), fails on a count above zero or list items
// under a heading naming it (0.05), and is unsure (0.5) otherwise. A goal
// is judged by its verb's participle ("renew" → "renewed"), a place's
// name in the page's title ("go to the cart"), a box's state, an emptied list or a set's boxes, and, below the bar, by the
// texts the step's actions made appear (Statement.Done). A negated
// statement's probability is one minus the plain one. The runtime's bar
// for "holds" is 0.75, and the local decider reads a goal's Done list only
// below it.
package decide
