package decide

import (
	"math"
	"regexp"
	"slices"
	"strings"

	"flow/guard"
	"flow/surfaces"
)

// Stage 3 of the local decider: each described option scored against the
// frame, with matches AND conflicts.
//
// The base score is word overlap: how much of the ask the option's texts
// hold (recall, weighted by field) and how much of its own name the ask
// meets (precision), recall counting twice. On top of it: an exact value
// wins; a field named only by its kind matches the one field of that kind;
// the role must suit the purpose. Then the vetoes: a control whose words
// take the opposite direction of a qualifier ("Allow all" for "only the
// required", "Accept" for "reject") keeps a fifth of its score, and, when
// a group on the screen names the step's anchor, an option outside every
// such group keeps a quarter.

// Tuned factors of the scorer.
const (
	// conflictFactor scales an option whose words contradict a qualifier.
	conflictFactor = 0.2
	// qualifierAgrees is added for an option whose words take the
	// qualifier's direction in other words ("Reject additional cookies"
	// for "only the essential cookies").
	qualifierAgrees = 0.3
	// outsideFactor scales an option outside the group naming the anchor.
	outsideFactor = 0.25
	// kindScore is the score of the only field of the kind an ask names
	// ("the text field").
	kindScore = 0.9
)

// rating is one option's score and what shaped it.
type rating struct {
	raw      float64 // before clamping: hints may lift two options past 1
	conflict polarity
	outside  bool   // outside the group that names the anchor
	exact    bool   // its own text equals the sought value
	coded    bool   // exact by the part in parentheses (see aside)
	kind     bool   // the only field of the kind the ask names
	value    bool   // a value of the kind a read asks for, in the anchored group
	member   bool   // a box a step over a set still has to toggle
	excepted bool   // a box the step excepts
	set      bool   // a box a step over a set finds already as it asks
	whole    bool   // its whole own name is what the step names after its verb
	role     bool   // the control the step's role noun places (see [byRole])
	lead     bool   // its own name starts with the step's anchor (see [byLead])
	read     bool   // the text a read names by its kind (see [byReadKind])
	affix    bool   // its name meets the pieces the step gives (see [byAffix])
	limit    string // the phrase stating the limit a read asks for (see [byLimit])
}

// scoreAll rates every option; in is the set of options inside a group
// naming the anchor (nil when the anchor places nothing).
func scoreAll(f *frame, ds []desc, in map[int]bool) []rating {
	rs := make([]rating, len(ds))
	ask := f.words
	if in != nil {
		ask = f.object
	}
	want := ""
	if f.purpose == PurposeText && in != nil {
		want = valueKindOf(ask)
	}
	for i := range ds {
		rs[i] = scoreOne(f, ask, ds, i)
		if in != nil && !in[i] {
			rs[i].outside = true
			rs[i].raw *= outsideFactor
		}
	}
	if want != "" {
		valuesInGroup(ds, in, rs, want)
	} else if f.purpose == PurposeText && in != nil && asksValue(f.object) {
		valueBesideAnchor(f, ds, in, rs)
	}
	byLead(f, ds, rs)
	byAnswer(f, ds, rs)
	if f.every && f.toggle != "" {
		membersToToggle(f, ds, rs)
	}
	return rs
}

// memberScore is the score of a box a step over a set ("untick every
// topic except Product news") still has to toggle.
const memberScore = 0.6

// membersToToggle lifts the boxes a step over a set still has to toggle
// and vetoes the ones it excepts. Any of the lifted ones will do: the
// step asks for every one.
//
// A set named by meaning ("tick every word similar to cold") holds only
// the boxes whose words mean it: those are its members, however well
// each scores, and no other box is lifted.
func membersToToggle(f *frame, ds []desc, rs []rating) {
	meant := f.byMeaning()
	for i, d := range ds {
		c := d.opt.Candidate
		if c == nil || !(c.Role == "checkbox" || c.Role == "switch" || c.Role == "menuitemcheckbox") {
			continue
		}
		if len(f.except) > 0 && namesAll(f.except, d.name) {
			rs[i].excepted = true
			rs[i].raw *= conflictFactor
			continue
		}
		if meant && !meansAll(f.words, d.name) {
			continue
		}
		on := c.Has(surfaces.StateChecked) || c.Has(surfaces.StateSelected)
		if on == (f.toggle == "on") {
			// Already as the step asks: pressing it would undo it ("untick
			// every topic" never ticks one already off again).
			rs[i].set = true
			rs[i].raw *= conflictFactor
			continue
		}
		if meant {
			rs[i].member = true
		}
		if rs[i].raw < memberScore {
			rs[i].raw, rs[i].member = memberScore, true
		}
	}
}

// valueScore is the score of a value of the kind a read asks for ("the
// balance" → money) in the group naming the read's entity; valueOnly is
// that of the only such value there.
const (
	valueScore = 0.6
	valueOnly  = 0.7
)

// valuesInGroup lifts the lines of the anchored group that hold a value
// of the kind wanted: "the balance of the savings account" reads the money
// in the savings account's item, whatever words stand beside it.
func valuesInGroup(ds []desc, in map[int]bool, rs []rating, want string) {
	var hits []int
	for i, d := range ds {
		if in[i] && d.opt.Line != nil && lineKind(d.opt.Line.Text) == want {
			hits = append(hits, i)
		}
	}
	for _, i := range hits {
		s := valueScore
		if len(hits) == 1 {
			s = valueOnly
		}
		if rs[i].raw < s {
			rs[i].raw, rs[i].value = s, true
		}
	}
}

// asksValue reports whether a read's object asks for a value ("the value
// the table gives for Gender").
func asksValue(object []word) bool {
	for _, w := range object {
		if w.stem == stem("value") {
			return true
		}
	}
	return false
}

// valueBesideAnchor lifts the one line of the anchored group that is not
// the anchor's own text: in a row "Gender | Male", the value for Gender is
// the line that does not say Gender. Two such lines place none.
func valueBesideAnchor(f *frame, ds []desc, in map[int]bool, rs []rating) {
	hit := -1
	for i, d := range ds {
		if !in[i] || d.opt.Line == nil || namesAll(f.anchorWords, d.name) {
			continue
		}
		if hit >= 0 {
			return
		}
		hit = i
	}
	if hit >= 0 && rs[hit].raw < valueOnly {
		rs[hit].raw, rs[hit].value = valueOnly, true
	}
}

// valueKindOf says which kind of value an ask reads: "money", "date",
// "count" or "".
func valueKindOf(ask []word) string {
	for _, w := range ask {
		if k := valueKinds[w.stem]; k != "" {
			return k
		}
	}
	return ""
}

// valueKinds map the stems of the words that name a value to its kind.
var valueKinds = func() map[string]string {
	m := map[string]string{}
	for kind, ws := range map[string]string{
		"money": "price total cost amount fare sum subtotal balance fee tax",
		"date":  "date day when delivery arrival due",
		"count": "quantity qty count number",
	} {
		for _, w := range strings.Fields(ws) {
			m[stem(w)] = kind
		}
	}
	return m
}()

var (
	moneyText = regexp.MustCompile(`[€$£¥]|\b(EUR|USD|GBP|CHF|JPY)\b`)
	dateText  = regexp.MustCompile(`(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b`)
	countText = regexp.MustCompile(`^\s*\d{1,4}\s*$`)
)

// lineKind says which kind of value a line holds, "" for none.
func lineKind(text string) string {
	switch {
	case moneyText.MatchString(text):
		return "money"
	case dateText.MatchString(text) && hasDigit(text):
		return "date"
	case countText.MatchString(text):
		return "count"
	}
	return ""
}

// scoreOne rates option i against the words ask.
func scoreOne(f *frame, ask []word, ds []desc, i int) rating {
	d := &ds[i]
	var r rating
	rec, prec := overlap(ask, d.name, d.fields, true)
	s := fscore(rec, prec)
	if f.purpose == PurposeText && d.opt.Line != nil && i > 0 {
		s = math.Max(s, valueAfterLabel(ask, ds, i))
	}
	if f.purpose == PurposeText && looksLikeValue(d.name) && wantsValue(ask) {
		s *= 1.1
	}
	if len(f.value) > 0 {
		s, r.exact, r.coded = withValue(f, d, s)
	}
	// The verb of a do intent meeting the control's own name ("save …" →
	// "Save for later") says more than the objects around it.
	if (f.purpose == PurposeTarget || f.purpose == PurposeStopTarget) && len(ask) > 0 && len(f.verbs) > 0 && intentVerbs[f.verbs[0]] {
		v := newWord(f.verbs[0], 1)
		if matchIn(v, d.name) >= 0.8 {
			s *= 1.2
		}
	}
	if namesWhole(f, d) && s < exactNameScore {
		s, r.whole = exactNameScore, true
	}
	if f.kind != "" && d.kind == f.kind && d.unique && s < kindScore && (f.purpose == PurposeField || f.purpose == PurposeControl) {
		s, r.kind = kindScore, true
	}
	s *= roleFit(f, d)
	if c, ok := conflict(f.pol, d.pol); ok {
		r.conflict = c
		s *= conflictFactor
	} else if f.pol&d.pol&(polOnly|polAll) != 0 {
		// "use only essential cookies" and "Reject additional cookies"
		// say the same in other words: the direction is a shared word.
		s += qualifierAgrees
	}
	r.raw = s
	return r
}

// overlap measures how much of want is found in fs (recall, weighted) and
// how much of name is met by want (precision).
// Values in name (numbers, prices, "5ft") are left out of precision when
// skipDigits is set: a price in a button's name is not a word the step
// should meet. A code ("mJ5sq03") is a word (see [isCode]).
func overlap(want []word, name []word, fs []field, skipDigits bool) (recall, precision float64) {
	var got, total float64
	for _, w := range want {
		best := 0.0
		for _, f := range fs {
			for _, t := range f.words {
				if s := matchMeaning(w, t) * f.wt; s > best {
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
		if skipDigits && isValueToken(t.raw) {
			continue // prices and counts in a name are values, not words to meet; codes are words
		}
		best := 0.0
		for _, w := range want {
			best = math.Max(best, matchMeaning(w, t))
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

// withValue mixes in how well the option matches the sought value. An
// exact match scores 0.9 and the rest by the ask, so two options equal to
// the value are told apart by the group the ask names.
func withValue(f *frame, d *desc, s float64) (score float64, exact, coded bool) {
	o := d.opt
	own := ""
	switch {
	case o.Candidate != nil:
		own = o.Candidate.Name
	case o.Line != nil:
		own = o.Line.Text
	default:
		own = o.Label
	}
	if squash(own) == f.norm || (o.Candidate != nil && o.Candidate.Label != "" && squash(o.Candidate.Label) == f.norm) ||
		(o.Candidate != nil && own == "" && d.name != nil && squash(wordsText(d.name)) == f.norm) {
		return 0.9 + 0.1*clamp01(s), true, false
	}
	if f.norm != "" && squash(aside(own)) == f.norm {
		return 0.9 + 0.1*clamp01(s), true, true
	}
	// Only the option's own words count for a value: a path or a field
	// label naming it is not the option itself.
	vr, vp := overlap(f.value, d.name, []field{{d.name, 1}}, false)
	v := fscore(vr, vp)
	if f.purpose == PurposeOption || f.purpose == PurposeCard {
		return 0.8*v + 0.2*s, false, false
	}
	return math.Max(s, 0.9*v), false, false
}

// aside is the one part of a name set apart in parentheses: the code
// beside what it stands for ("Fort Collins/Loveland, CO - Municipal
// Airport (FNL)", "Oslo (OSL) Norway", "Special educational needs and
// disability (SEND)"). A value equal to it names the option as exactly as
// its whole name does, however long the rest; a name with more than one
// such part (a list read whole) has none.
func aside(name string) string {
	if strings.Count(name, "(") != 1 || strings.Count(name, ")") != 1 {
		return ""
	}
	_, rest, _ := strings.Cut(name, "(")
	in, _, _ := strings.Cut(rest, ")")
	if in == rest {
		return "" // the ")" comes before the "("
	}
	return in
}

// wordsText joins words as written.
func wordsText(ws []word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.raw)
	}
	return b.String()
}

// valueAfterLabel scores a line by the line before it, when the line reads
// as a value ("€714.00" after "Total price"): labels and their values are
// often separate lines.
func valueAfterLabel(ask []word, ds []desc, i int) float64 {
	prev := &ds[i-1]
	if prev.opt.Line == nil || !looksLikeValue(ds[i].name) || looksLikeValue(prev.name) {
		return 0
	}
	r, p := overlap(ask, prev.name, prev.fields[:prev.own], true)
	if prev.opt.Line.Role == "heading" {
		return 0.6 * fscore(r, p) // a heading names a section, not the next value
	}
	return 0.95 * fscore(r, p)
}

// looksLikeValue reports whether a text holds a number (a price, a count,
// a date, a time).
func looksLikeValue(ws []word) bool {
	for _, w := range ws {
		if hasDigit(w.raw) {
			return true
		}
	}
	return false
}

// wantsValue reports whether an ask names a quantity (a price, a total, a
// date, a count) rather than a text.
func wantsValue(ask []word) bool {
	return valueKindOf(ask) != ""
}

var (
	editableRoles  = set("textbox searchbox combobox spinbutton textarea", nil)
	pressableRoles = set("button link tab menuitem menuitemcheckbox menuitemradio checkbox switch radio option listitem treeitem gridcell row summary combobox", nil)
	controlRoles   = set("combobox listbox radiogroup radio button spinbutton textbox slider", nil)
)

func editable(c *surfaces.Candidate) bool {
	return c.Editable || editableRoles[c.Role] && c.Role != "combobox"
}

// roleFit is a multiplier for how well an option's role suits the purpose
// and the verbs of the ask.
func roleFit(f *frame, d *desc) float64 {
	c := d.opt.Candidate
	if c == nil {
		return 1
	}
	r := 1.0
	for _, h := range hindrancesOf(f, c) {
		r *= h.factor
	}
	has := func(ws ...string) bool {
		for _, v := range f.verbs {
			if slices.Contains(ws, v) {
				return true
			}
		}
		return false
	}
	switch f.purpose {
	case PurposeField:
		if !(editable(c) || c.Role == "combobox") {
			r *= 0.15
		}
		wantsPassword := has("password", "passcode", "pin")
		if c.InputType == "password" && !wantsPassword {
			r *= 0.4
		} else if c.InputType == "password" && wantsPassword {
			r *= 1.2
		}
		if c.Role == "searchbox" && has("search", "find", "query") {
			r *= 1.2
		}
	case PurposeControl:
		if !controlRoles[c.Role] && !editable(c) {
			r *= 0.6
		}
	case PurposeText:
		if (c.Role == "button" || c.Role == "link") && c.Value == "" {
			r *= 0.3 // "Increase quantity" offers an act; it is no text to read
		}
	case PurposeOption, PurposeCard:
		if editable(c) && c.Role != "combobox" {
			r *= 0.3
		}
	case PurposeTarget, PurposeMove, PurposeStopTarget:
		if editable(c) && (f.role == nil || f.purpose == PurposeStopTarget) {
			// A do never types; stop_before never targets a field. A step
			// that names a field's kind ("click into the 3rd textbox")
			// means the field itself.
			r *= 0.3
		} else if !pressableRoles[c.Role] && c.Role != "" {
			r *= 0.7
		}
		switch {
		case (c.Role == "link" || c.Role == "tab" || c.Role == "menuitem") && has("open", "goto", "visit", "navigate", "view", "show", "see"):
			r *= 1.15
		case (c.Role == "checkbox" || c.Role == "switch") && has("tick", "untick", "check", "uncheck", "switchon", "switchoff", "turn", "toggle", "enable", "disable", "agree", "agreeing", "accepting", "opt"):
			r *= 1.3
		case (c.Role == "radio" || c.Role == "option") && has("select", "choose", "pick"):
			r *= 1.1
		case c.Role == "button" && has("search", "find", "submit", "send", "save", "continue", "next", "apply"):
			r *= 1.1
		}
		if f.purpose == PurposeStopTarget {
			if guard.ClassifyControl(c.Role, c.Name).Class != guard.None {
				r *= 1.3
			}
			if guard.GatedBy(f.ask, c.Name) {
				r *= 1.3
			}
		}
	}
	return r
}

// A hindrance is a state that lowers a candidate's score whatever its
// words: roleFit multiplies by its factor, and a reason for losing names
// it (explain.go), so a field hidden under an open list reads as covered,
// not as a poor match.
type hindrance struct {
	state   surfaces.State
	factor  float64
	name    string
	purpose Purpose // only for this purpose ("" for any)
}

var hindrances = []hindrance{
	{surfaces.StateDisabled, 0.3, "disabled", ""},
	{surfaces.StateReadonly, 0.4, "read-only", PurposeField},
	{surfaces.StateCovered, 0.5, "covered by something on top of it", ""},
}

// hindrancesOf returns the hindrances c shows for f's purpose.
func hindrancesOf(f *frame, c *surfaces.Candidate) []hindrance {
	var hs []hindrance
	for _, h := range hindrances {
		if (h.purpose == "" || h.purpose == f.purpose) && c.Has(h.state) {
			hs = append(hs, h)
		}
	}
	return hs
}

// pathLabel is an ancestor's role and label without its ordinal:
// `listitem #7` says nothing about the number 7.
func pathLabel(p string) string {
	if i := strings.Index(p, " #"); i >= 0 && !strings.Contains(p[:i], `"`) {
		return p[:i]
	}
	return p
}

// squash lower-cases s and keeps letters and digits only, for exact
// comparisons that ignore punctuation and spacing.
func squash(s string) string {
	return strings.Join(rawWords(s), " ")
}
