package decide

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"flow/surfaces"
)

// Size caps of a question or statement as it is shown to a model. They keep
// every request small (a few kilobytes) whatever the page holds.
const (
	// MaxOptions is the most options a question may offer.
	MaxOptions = 20
	// MaxLabelLen caps an option label, in characters.
	MaxLabelLen = 160
	// MaxStepLen caps the step text and the ask, in characters.
	MaxStepLen = 400
	// MaxContextLines caps the context lines of a [Brief] shown to a model.
	MaxContextLines = 60
	// MaxLineLen caps one context line, in characters.
	MaxLineLen = 200
	// MaxBriefCandidates caps the candidates of a [Brief] shown to a model
	// (a statement's screen; a question shows its options instead).
	MaxBriefCandidates = 60
)

// Purpose says what a question decides; the local scorer fits roles to it
// and a model reads it in the prompt.
type Purpose string

// The purposes the runtime asks about.
const (
	// PurposeTarget: the control to press or hover to reach a `do` step's
	// described state.
	PurposeTarget Purpose = "target"
	// PurposeField: the editable field an `enter` slot describes.
	PurposeField Purpose = "field"
	// PurposeControl: the control (select, combobox, radio group) a
	// `choose` field describes.
	PurposeControl Purpose = "control"
	// PurposeOption: the option of a `choose` (or the suggestion after an
	// `enter`) that equals or best matches the value.
	PurposeOption Purpose = "option"
	// PurposeMove: the next move of a `do` turn among non-press moves
	// (scroll, wait, a key) and presses; options are labelled by the runtime.
	PurposeMove Purpose = "move"
	// PurposeText: the text (a context line or a candidate) that answers a
	// `read`.
	PurposeText Purpose = "text"
	// PurposeList: which of several lists an `extract` or `pick` means.
	PurposeList Purpose = "list"
	// PurposeCard: the card of a list that a `pick` criterion selects when
	// the runtime cannot rank it exactly.
	PurposeCard Purpose = "card"
	// PurposeStopTarget: the control a `stop_before` step stops in front of.
	PurposeStopTarget Purpose = "stop_target"
)

var purposes = []Purpose{PurposeTarget, PurposeField, PurposeControl, PurposeOption, PurposeMove, PurposeText, PurposeList, PurposeCard, PurposeStopTarget}

// Option is one offered answer.
type Option struct {
	// Key is what a decider answers: a candidate ref ("e12"), a context line
	// ref, or a move name ("scroll"). Unique within a question, never "none".
	Key string `json:"key"`
	// Label is how the option reads to a model: role "name" = "value"
	// [states] in path (see [OptionOf]). It is masked and cut to
	// [MaxLabelLen] before it leaves.
	Label string `json:"label"`
	// Candidate is the screen element behind the option, for local
	// matching. It is never serialised to a provider.
	Candidate *surfaces.Candidate `json:"-"`
	// Line is the context line behind the option (a `read`), for local
	// matching. It is never serialised to a provider.
	Line *surfaces.ContextLine `json:"-"`
}

// Brief is the part of a screen a question or statement shows: untrusted
// page data.
type Brief struct {
	// URL is the page address (or the desktop application's name).
	URL string `json:"url,omitempty"`
	// Title is the document or window title.
	Title string `json:"title,omitempty"`
	// Layer says what is in front: page, dialog or popover.
	Layer surfaces.Layer `json:"layer,omitempty"`
	// Candidates are the screen's actionable elements; a statement's prompt
	// shows up to [MaxBriefCandidates] of them, a question's shows its
	// options instead. The local decider reads them all.
	Candidates []surfaces.Candidate `json:"candidates,omitempty"`
	// Context is the visible text; prompts show up to [MaxContextLines].
	Context []surfaces.ContextLine `json:"context,omitempty"`
}

// BriefOf takes the brief of a screen: address, title, layer, candidates
// and context lines, as they are (caps apply when a prompt is rendered).
func BriefOf(s surfaces.Screen) Brief {
	where := s.URL
	if where == "" {
		where = s.App
	}
	return Brief{URL: where, Title: s.Title, Layer: s.Layer, Candidates: s.Candidates, Context: s.Context}
}

// Question is one closed question: choose one of Options, or none.
type Question struct {
	// ID is stable across runs of the same flow: "<step path>/<purpose>",
	// with ":<slot>" for a slot of a block step ("4/target",
	// "3/field:where from"). Scripts answer by it.
	ID string `json:"id"`
	// Purpose says what is decided.
	Purpose Purpose `json:"purpose"`
	// Step is the step kind and its text as the flow wrote it, already
	// masked: `do "search for flights"`.
	Step string `json:"step"`
	// Ask is what this question decides in words: the intent of a `do`,
	// the field description of an `enter` slot, the criterion of a `pick`.
	Ask string `json:"ask"`
	// Value is the value sought when it is known and not secret: the option
	// of a `choose`, the typed text whose suggestion is wanted. Exact matches
	// on it win. Empty for secrets.
	Value string `json:"value,omitempty"`
	// Anchor is the entity whose group [Anchored] placed the options in
	// ("Mia", "March 2025"): the options left are in it, and the step's
	// other words say which of them is meant. Empty when not placed.
	Anchor string `json:"anchor,omitempty"`
	// Options are the offered answers, at most [MaxOptions].
	Options []Option `json:"options"`
	// Screen is the page the question is about.
	Screen Brief `json:"screen"`
}

// Validate reports a malformed question: no ID, an unknown purpose, no
// options or more than [MaxOptions], an empty, repeated or reserved key.
func (q Question) Validate() error {
	if q.ID == "" {
		return fmt.Errorf("decide: question without an ID (step %q)", clip(q.Step, 80))
	}
	known := false
	for _, p := range purposes {
		known = known || p == q.Purpose
	}
	if !known {
		return fmt.Errorf("decide: question %s: unknown purpose %q", q.ID, q.Purpose)
	}
	if len(q.Options) == 0 {
		return fmt.Errorf("decide: question %s offers no options", q.ID)
	}
	if len(q.Options) > MaxOptions {
		return fmt.Errorf("decide: question %s offers %d options, at most %d (narrow first with decide.Narrow)", q.ID, len(q.Options), MaxOptions)
	}
	seen := map[string]bool{}
	for i, o := range q.Options {
		switch {
		case o.Key == "":
			return fmt.Errorf("decide: question %s: option %d has an empty key", q.ID, i+1)
		case o.Key == NoneKey:
			return fmt.Errorf("decide: question %s: option %d uses the reserved key %q", q.ID, i+1, NoneKey)
		case seen[o.Key]:
			return fmt.Errorf("decide: question %s: key %q offered twice", q.ID, o.Key)
		}
		seen[o.Key] = true
	}
	return nil
}

// offered reports whether key is one of the question's option keys.
func (q Question) offered(key string) bool {
	for _, o := range q.Options {
		if o.Key == key {
			return true
		}
	}
	return false
}

// NoneKey is how a model says that no option fits. A [Choice] holds "" for
// none.
const NoneKey = "none"

// Choice is the answer to a [Question].
type Choice struct {
	// Key is the chosen option's key, "" for none.
	Key string `json:"key"`
	// Confidence is in [0, 1].
	Confidence float64 `json:"confidence"`
	// Why says in a short phrase why the option was chosen (the terms it
	// matched, the group it sits in) or why none was. Deciders that cannot
	// say leave it empty.
	Why string `json:"why,omitempty"`
	// Ambiguous lists, when Key is "", the keys of options the decider
	// could not tell apart: a tie is never broken by page order. The
	// runtime fails the step naming them, with a hint to name the group.
	Ambiguous []string `json:"ambiguous,omitempty"`
	// Others are up to three options that lost, best first, each with why
	// it lost, for a failing step's hint and the trace.
	Others []Assessment `json:"others,omitempty"`
}

// Assessment is how a decider rated one option that it did not choose.
type Assessment struct {
	// Key is the option's key.
	Key string `json:"key"`
	// Score is the decider's score in [0, 1].
	Score float64 `json:"score"`
	// Why says why it lost ("in the card \"Tea\", not the one the step
	// names", "says accept all, the step says only required").
	Why string `json:"why,omitempty"`
}

// None reports whether no option was chosen.
func (c Choice) None() bool { return c.Key == "" }

// Statement asks how likely a condition holds on a screen.
//
// For a `do` step the runtime asks whether the intent is achieved by
// passing the intent itself as Text and the step as Step (`do "save the
// message as a draft"`): a Step starting with "do " makes Text an intent,
// judged by its result ("saved", a checked box, results listed, a banner
// gone) and never by a control that offers the act. See [ActIntent] for
// intents no screen text can prove.
type Statement struct {
	// ID is "<step path>/judge" (a negation asked beside it: "…/judge:not";
	// a do's turn: "…/done").
	ID string `json:"id"`
	// Step is the step kind and text, already masked; "do …" marks Text as
	// an intent.
	Step string `json:"step"`
	// Text is the condition, already masked: "the cart shows 2 items".
	Text string `json:"text"`
	// Goal marks Text as the goal of a `do` step ("save the message as a
	// draft"): the question is whether the goal has been reached, judged by
	// what the screen asserts, never by a control that offers the act.
	Goal bool `json:"goal,omitempty"`
	// Negated asks whether Text does NOT hold (or, for a goal, has not been
	// reached yet). The runtime asks it beside the plain statement so a
	// decider that agrees with everything does not pass a condition;
	// providers word it as a sentence.
	Negated bool `json:"negated,omitempty"`
	// Done lists what the step did so far, one line per action with what
	// it changed ("pressed button \"Save\": appeared text \"Draft saved\""),
	// so a goal can be judged by its effect.
	Done []string `json:"done,omitempty"`
	// Screen is the page judged.
	Screen Brief `json:"screen"`
}

// Validate reports a statement without an ID or text.
func (s Statement) Validate() error {
	if s.ID == "" {
		return fmt.Errorf("decide: statement %q without an ID", clip(s.Text, 80))
	}
	if strings.TrimSpace(s.Text) == "" {
		return fmt.Errorf("decide: statement %s has no text", s.ID)
	}
	return nil
}

// Judgement is the answer to a [Statement].
type Judgement struct {
	// Probability that the statement holds, in [0, 1].
	Probability float64 `json:"probability"`
	// Why says in a short phrase what on the screen decided it ("status
	// line \"Archived\" in the row of Acme", "\"No refund requested yet\"
	// denies it"). Deciders that cannot say leave it empty.
	Why string `json:"why,omitempty"`
}

// Decider answers typed questions. Implementations are safe for concurrent
// use.
type Decider interface {
	// Name is the spec the decider was made from ("local",
	// "openai:gpt-4o-mini"), for events and reports.
	Name() string
	// Choose picks one offered option or none. A key that was not offered
	// comes back as none. The question must pass [Question.Validate].
	Choose(ctx context.Context, q Question) (Choice, error)
	// Judge gives the probability that the statement holds on its screen.
	Judge(ctx context.Context, s Statement) (Judgement, error)
}

// OptionOf makes the option for a candidate, keyed by its ref and labelled
// role "name" = "value" [states] in path (without the ref).
func OptionOf(c surfaces.Candidate) Option {
	c2 := c
	line := surfaces.CandidateLine(c)
	line = strings.TrimPrefix(line, c.Ref+" ")
	return Option{Key: c.Ref, Label: line, Candidate: &c2}
}

// LineOption makes the option for a context line, keyed by its ref.
func LineOption(l surfaces.ContextLine) Option {
	l2 := l
	label := l.Text
	if l.Role != "" {
		label = l.Role + ": " + label
	}
	if l.Column != "" {
		label += " (column " + strconv.Quote(l.Column) + ")"
	}
	if len(l.Path) > 0 {
		label += " in " + strings.Join(l.Path, " > ")
	}
	return Option{Key: l.Ref, Label: label, Line: &l2}
}

// clip cuts s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// clamp01 keeps a probability or confidence within [0, 1]; NaN is 0.
func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// firstNonEmpty returns the first of vs that is not empty: an option's own
// name before its label and placeholder, an explicit setting before the
// environment's.
func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}
