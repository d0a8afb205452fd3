package decide

import (
	"context"
	"math"
	"slices"
	"sort"
	"strings"

	"flow/guard"
	"flow/surfaces"
)

// Local is the embedded decider: no network, deterministic, built from the
// word matching in this package. The zero value is ready to use.
type Local struct{}

// NewLocal returns the local decider.
func NewLocal() *Local { return &Local{} }

// Name returns "local".
func (*Local) Name() string { return "local" }

// ChooseBar is the score below which the local decider answers none: a
// weak word overlap is no evidence, and no answer is safer than a wrong
// press.
const ChooseBar = 0.3

// Choose answers with the best-scoring option ([Rank]) when it reaches
// [ChooseBar]; ties go to the earlier option (reading order).
func (l *Local) Choose(ctx context.Context, q Question) (Choice, error) {
	if err := q.Validate(); err != nil {
		return Choice{}, err
	}
	if err := ctx.Err(); err != nil {
		return Choice{}, err
	}
	ranked := Rank(q)
	if len(ranked) == 0 || ranked[0].Score < ChooseBar {
		return Choice{}, nil
	}
	return Choice{Key: ranked[0].Key, Confidence: ranked[0].Score}, nil
}

// Scored is an option key with its local score in [0, 1].
type Scored struct {
	// Key is the option's key.
	Key string
	// Score is the local score in [0, 1]; [ChooseBar] is the bar to act.
	Score float64
}

// Rank scores every option of q with the local matcher and returns them
// best first; equal scores keep the options' order. It does not validate
// q, so the runtime may rank a whole screen's candidates.
func Rank(q Question) []Scored {
	m := newMatcher(q)
	out := make([]Scored, len(q.Options))
	raw := make([]float64, len(q.Options))
	for i, o := range q.Options {
		raw[i] = m.score(q.Options, i)
		out[i] = Scored{Key: o.Key, Score: clamp01(raw[i])}
	}
	// Sort on the raw scores: role and verb hints may lift two options past
	// 1, and the one lifted further is still the better.
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return raw[idx[a]] > raw[idx[b]] })
	sorted := make([]Scored, len(out))
	for i, j := range idx {
		sorted[i] = out[j]
	}
	return sorted
}

// Narrow keeps the n best options of q by [Rank] (at most [MaxOptions]
// when n is out of range), in their original order, so a provider sees a
// small question in reading order.
func Narrow(q Question, n int) Question {
	if n <= 0 || n > MaxOptions {
		n = MaxOptions
	}
	if len(q.Options) <= n {
		return q
	}
	keep := map[string]bool{}
	for _, s := range Rank(q)[:n] {
		keep[s.Key] = true
	}
	var opts []Option
	for _, o := range q.Options {
		if keep[o.Key] {
			opts = append(opts, o)
		}
	}
	q.Options = opts
	return q
}

// matcher holds what one question's options are scored against.
type matcher struct {
	q     Question
	near  map[string][]word // words of everything in the same innermost container
	ask   []word            // words of the ask (or step)
	value []word            // words of the sought value
	verbs []string          // raw words of the ask, for role hints
	norm  string            // normalized value, for exact matches
}

func newMatcher(q Question) *matcher {
	ask := q.Ask
	if strings.TrimSpace(ask) == "" {
		ask = q.Step
	}
	m := &matcher{q: q, ask: slices.Clone(contentWords(ask)), verbs: rawWords(ask), near: neighbours(q)}
	if q.Value != "" {
		m.value = contentWords(q.Value)
		m.norm = squash(q.Value)
	}
	// Counts and amounts in a do's intent ("raise the quantity to 3") say
	// what to reach, not which control to press.
	if q.Purpose == PurposeTarget || q.Purpose == PurposeMove {
		for i := range m.ask {
			if isNumber(m.ask[i].raw) {
				m.ask[i].wt = weakWeight
			}
		}
	}
	return m
}

// neighbours maps each innermost container (a card, a list item, a group)
// to the words of the candidates and lines in it, so a "Save for later"
// button in a card knows the product the card shows.
func neighbours(q Question) map[string][]word {
	near := map[string][]word{}
	add := func(path []string, text string) {
		if len(path) == 0 || strings.TrimSpace(text) == "" {
			return
		}
		k := strings.Join(path, "\x00")
		if len(near[k]) < 60 {
			near[k] = append(near[k], contentWords(text)...)
		}
	}
	seen := map[string]bool{}
	for _, o := range q.Options {
		if o.Candidate != nil {
			seen[o.Key] = true
			add(o.Candidate.Path, o.Candidate.Name)
		}
		if o.Line != nil {
			seen[o.Key] = true
			add(o.Line.Path, o.Line.Text)
		}
	}
	for _, c := range q.Screen.Candidates {
		if !seen[c.Ref] {
			add(c.Path, c.Name)
		}
	}
	for _, l := range q.Screen.Context {
		if !seen[l.Ref] {
			add(l.Path, l.Text)
		}
	}
	return near
}

// squash lower-cases s and keeps letters and digits only, for exact
// comparisons that ignore punctuation and spacing.
func squash(s string) string {
	return strings.Join(rawWords(s), " ")
}

// field is one text of an option with the weight its words carry.
type field struct {
	words []word
	wt    float64
}

// fields lists an option's texts: its own name first (the one precision is
// measured on), then label, placeholder, description, value, type hints and
// the ancestor path.
func (m *matcher) optionFields(o Option) (name []word, fs []field) {
	name, fs = optionFields(o)
	var path []string
	if o.Candidate != nil {
		path = o.Candidate.Path
	} else if o.Line != nil {
		path = o.Line.Path
	}
	if ws := m.near[strings.Join(path, "\x00")]; len(ws) > 0 && len(path) > 0 {
		fs = append(fs, field{ws, 0.35})
	}
	return name, fs
}

func optionFields(o Option) (name []word, fs []field) {
	add := func(text string, wt float64) {
		if strings.TrimSpace(text) != "" {
			fs = append(fs, field{contentWords(text), wt})
		}
	}
	switch {
	case o.Candidate != nil:
		c := o.Candidate
		name = contentWords(firstNonEmpty(c.Name, c.Label, c.Placeholder, c.Description))
		add(c.Name, 1)
		if c.Label != c.Name {
			add(c.Label, 1)
		}
		if c.Placeholder != c.Name {
			add(c.Placeholder, 0.8)
		}
		add(c.Description, 0.6)
		add(c.Value, 0.6)
		add(strings.ReplaceAll(c.Autocomplete, "-", " "), 0.6)
		if c.InputType != "" && c.InputType != "text" {
			add(c.InputType, 0.6)
		}
		for _, p := range c.Path {
			add(pathLabel(p), 0.45)
		}
		var opts []string
		for _, op := range c.Options {
			opts = append(opts, op.Label)
		}
		add(strings.Join(opts, " "), 0.3)
	case o.Line != nil:
		name = contentWords(o.Line.Text)
		add(o.Line.Text, 1)
		for _, p := range o.Line.Path {
			add(pathLabel(p), 0.45)
		}
	default:
		name = contentWords(o.Label)
		add(o.Label, 1)
	}
	return name, fs
}

// pathLabel is an ancestor's role and label without its ordinal:
// `listitem #7` says nothing about the number 7.
func pathLabel(p string) string {
	if i := strings.Index(p, " #"); i >= 0 && !strings.Contains(p[:i], `"`) {
		return p[:i]
	}
	return p
}

// overlap measures how much of want is found in fs (recall, weighted) and
// how much of name is met by want (precision).
// Words with digits in name are left out of precision when skipDigits is
// set: a price in a button's name is not a word the step should meet.
func overlap(want []word, name []word, fs []field, skipDigits bool) (recall, precision float64) {
	var got, total float64
	for _, w := range want {
		best := 0.0
		for _, f := range fs {
			for _, t := range f.words {
				if s := match(w, t) * f.wt; s > best {
					best = s
				}
			}
		}
		got += best * w.wt
		total += w.wt
	}
	if total > 0 {
		recall = got / total
	}
	got, total = 0, 0
	for _, t := range name {
		if skipDigits && hasDigit(t.raw) {
			continue // prices and counts in a name are values, not words to meet
		}
		best := 0.0
		for _, w := range want {
			best = math.Max(best, match(w, t))
		}
		got += best * t.wt
		total += t.wt
	}
	if total > 0 {
		precision = got / total
	}
	return recall, precision
}

// fscore combines recall and precision; recall counts twice as much.
func fscore(recall, precision float64) float64 {
	if recall <= 0 {
		return 0
	}
	const beta2 = 2.0
	return (1 + beta2) * precision * recall / (beta2*precision + recall)
}

// score is the local score of option i, before clamping to [0, 1].
func (m *matcher) score(opts []Option, i int) float64 {
	o := opts[i]
	name, fs := m.optionFields(o)
	r, p := overlap(m.ask, name, fs, true)
	s := fscore(r, p)
	if m.q.Purpose == PurposeText && o.Line != nil && i > 0 {
		s = math.Max(s, m.valueAfterLabel(opts, i))
	}
	if m.q.Purpose == PurposeText && looksLikeValue(name) && wantsValue(m.ask) {
		s *= 1.1
	}
	if len(m.value) > 0 {
		s = m.withValue(o, name, fs, s)
	}
	// The verb of a do intent meeting the control's own name ("save …" →
	// "Save for later") says more than the objects around it.
	if (m.q.Purpose == PurposeTarget || m.q.Purpose == PurposeStopTarget) && len(m.ask) > 0 && len(m.verbs) > 0 && intentVerbs[m.verbs[0]] {
		v := newWord(m.verbs[0], 1)
		for _, w := range name {
			if match(v, w) >= 0.8 {
				s *= 1.2
				break
			}
		}
	}
	return s * m.roleFit(o)
}

// withValue mixes in how well the option matches the sought value; an
// exact match wins outright.
func (m *matcher) withValue(o Option, name []word, fs []field, s float64) float64 {
	own := ""
	if o.Candidate != nil {
		own = o.Candidate.Name
	} else if o.Line != nil {
		own = o.Line.Text
	} else {
		own = o.Label
	}
	if squash(own) == m.norm || (o.Candidate != nil && o.Candidate.Label != "" && squash(o.Candidate.Label) == m.norm) {
		return 1
	}
	// Only the option's own words count for a value: a path or a field
	// label naming it is not the option itself.
	own1 := []field{{name, 1}}
	vr, vp := overlap(m.value, name, own1, false)
	v := fscore(vr, vp)
	if m.q.Purpose == PurposeOption || m.q.Purpose == PurposeCard {
		return 0.8*v + 0.2*s
	}
	return math.Max(s, 0.9*v)
}

// valueAfterLabel scores a line by the line before it, when the line reads
// as a value ("€714.00" after "Total price"): labels and their values are
// often separate lines.
func (m *matcher) valueAfterLabel(opts []Option, i int) float64 {
	prev := opts[i-1]
	if prev.Line == nil {
		return 0
	}
	name := contentWords(opts[i].Line.Text)
	if !looksLikeValue(name) {
		return 0
	}
	pname, pfs := optionFields(prev)
	if looksLikeValue(pname) {
		return 0
	}
	r, p := overlap(m.ask, pname, pfs, true)
	if prev.Line.Role == "heading" {
		return 0.6 * fscore(r, p) // a heading names a section, not the next value
	}
	return 0.95 * fscore(r, p)
}

// looksLikeValue reports whether a text holds a number (a price, a count,
// a date, a time).
func looksLikeValue(ws []word) bool {
	for _, w := range ws {
		for _, r := range w.raw {
			if r >= '0' && r <= '9' {
				return true
			}
		}
	}
	return false
}

// wantsValue reports whether an ask names a quantity (a price, a total, a
// date, a count) rather than a text.
func wantsValue(ask []word) bool {
	for _, w := range ask {
		switch w.stem {
		case "price", "total", "cost", "amount", "fare", "sum", "subtotal", "count", "number", "date", "time", "quantity", "balance", "fee", "tax", "rate":
			return true
		}
	}
	return false
}

var (
	editableRoles  = set("textbox searchbox combobox spinbutton textarea", nil)
	pressableRoles = set("button link tab menuitem menuitemcheckbox menuitemradio checkbox switch radio option listitem treeitem gridcell row summary combobox", nil)
	choiceRoles    = set("option menuitem menuitemradio radio button link checkbox gridcell listitem tab treeitem row", nil)
	controlRoles   = set("combobox listbox radiogroup radio button spinbutton textbox", nil)
)

func editable(c *surfaces.Candidate) bool {
	return c.Editable || editableRoles[c.Role] && c.Role != "combobox"
}

// roleFit is a multiplier for how well an option's role suits the purpose
// and the verbs of the ask.
func (m *matcher) roleFit(o Option) float64 {
	c := o.Candidate
	if c == nil {
		return 1
	}
	f := 1.0
	if c.Has(surfaces.StateDisabled) {
		f *= 0.3
	}
	if c.Has(surfaces.StateCovered) {
		f *= 0.5
	}
	has := func(ws ...string) bool {
		for _, v := range m.verbs {
			if slices.Contains(ws, v) {
				return true
			}
		}
		return false
	}
	switch m.q.Purpose {
	case PurposeField:
		if !(editable(c) || c.Role == "combobox") {
			f *= 0.15
		}
		if c.Has(surfaces.StateReadonly) {
			f *= 0.4
		}
		wantsPassword := has("password", "passcode", "pin")
		if c.InputType == "password" && !wantsPassword {
			f *= 0.4
		} else if c.InputType == "password" && wantsPassword {
			f *= 1.2
		}
		if c.Role == "searchbox" && has("search", "find", "query") {
			f *= 1.2
		}
	case PurposeControl:
		if !controlRoles[c.Role] && !editable(c) {
			f *= 0.6
		}
	case PurposeOption, PurposeCard:
		if editable(c) && c.Role != "combobox" {
			f *= 0.3
		}
	case PurposeTarget, PurposeMove, PurposeStopTarget:
		if editable(c) {
			f *= 0.3 // a do never types; stop_before never targets a field
		} else if !pressableRoles[c.Role] && c.Role != "" {
			f *= 0.7
		}
		switch {
		case (c.Role == "link" || c.Role == "tab" || c.Role == "menuitem") && has("open", "goto", "visit", "navigate", "view", "show", "see"):
			f *= 1.15
		case (c.Role == "checkbox" || c.Role == "switch") && has("tick", "untick", "check", "uncheck", "switchon", "switchoff", "turn", "toggle", "enable", "disable", "agree", "agreeing", "accepting", "opt"):
			f *= 1.3
		case (c.Role == "radio" || c.Role == "option") && has("select", "choose", "pick"):
			f *= 1.1
		case c.Role == "button" && has("search", "find", "submit", "send", "save", "continue", "next", "apply"):
			f *= 1.1
		}
		if m.q.Purpose == PurposeStopTarget {
			if guard.ClassifyControl(c.Role, c.Name).Class != guard.None {
				f *= 1.3
			}
			if guard.GatedBy(m.q.Ask, c.Name) {
				f *= 1.3
			}
		}
	}
	return f
}
