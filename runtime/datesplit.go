package runtime

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"flow/plan"
	"flow/stdlib"
	"flow/surfaces"
)

// Split dates. Many forms ask for one date as two or three text boxes side
// by side: Day, Month and Year (GOV.UK's date input, a birth date), or
// Month and Year alone (a card's expiry, "MM" / "YY"). The boxes sit in one
// group, a fieldset's legend or a heading before them saying what the date
// is ("What is your date of birth?"), a hint often showing the form ("For
// example, 31 3 1980"). An `enter` that names the date ("date of birth")
// with a date value fills every box from the one value; a whole date is
// never typed into one of the boxes.
//
// On the screen such a group is offered to the decider as one field of its
// own, named by its legend or heading, beside the boxes; the boxes stay
// offered for an `enter` that names each part ("Day" = "30").

// datePart is the part of a date a box asks for.
type datePart int

const (
	partNone datePart = iota
	partDay
	partMonth
	partYear
)

func (p datePart) String() string {
	switch p {
	case partDay:
		return "day"
	case partMonth:
		return "month"
	case partYear:
		return "year"
	}
	return ""
}

// partWords are the words a box's label, placeholder or name asks a part
// with; formWords among them also show how the part is written.
var partWords = map[string]datePart{
	"day": partDay, "dd": partDay, "d": partDay,
	"month": partMonth, "mm": partMonth, "m": partMonth, "mo": partMonth,
	"year": partYear, "yyyy": partYear, "yy": partYear, "yr": partYear, "y": partYear,
}

// partAutocomplete are the autocomplete tokens of date parts.
var partAutocomplete = map[string]datePart{
	"bday-day": partDay, "bday-month": partMonth, "bday-year": partYear,
	"cc-exp-month": partMonth, "cc-exp-year": partYear,
}

// splitPart is one box of a split date and how its part is written: pad
// is 1 for a leading zero ("03"), -1 for none ("3"), 0 when nothing says;
// digits is a year's length (2 or 4), 0 when nothing says.
type splitPart struct {
	c      surfaces.Candidate
	kind   datePart
	pad    int
	digits int
}

// splitDate is a group of boxes that asks for one date, in reading order.
type splitDate struct {
	parts       []splitPart
	base        []string // the path the boxes share
	first, last int      // their indexes among the screen's candidates
	label       string   // the legend or heading that says what date it is
	own         bool     // the label is the name of the group the boxes share
	hint        string   // the group's other words (a hint, an error)
	shaped      string   // where the form of the parts came from, for the note
}

// key is the option key the group is offered under.
func (g splitDate) key() string { return g.parts[0].c.Ref + "-date" }

// kinds names the parts in order: "Day, Month and Year".
func (g splitDate) kinds() string {
	var ks []string
	for _, p := range g.parts {
		k := p.kind.String()
		ks = append(ks, strings.ToUpper(k[:1])+k[1:])
	}
	return strings.Join(ks[:len(ks)-1], ", ") + " and " + ks[len(ks)-1]
}

// hasDay reports whether the group asks for a day (a card's expiry does
// not).
func (g splitDate) hasDay() bool {
	for _, p := range g.parts {
		if p.kind == partDay {
			return true
		}
	}
	return false
}

// describe names the group for a person: `group "Date of birth"
// (Day, Month and Year boxes)`.
func (g splitDate) describe() string {
	name := "the date"
	if g.label != "" {
		name = strconv.Quote(clipText(g.label, 60))
	}
	return name + " (" + g.kinds() + " boxes)"
}

// candidate is the group as one field to offer the decider: named by its
// label, described by its hint (and, when whole is set, its parts' names),
// where the boxes sit.
func (g splitDate) candidate(whole bool) surfaces.Candidate {
	name := g.label
	if name == "" {
		name = "Date"
	}
	desc := g.hint
	if whole {
		desc = strings.TrimSpace(desc + " (" + g.kinds() + ")")
	}
	var vals []string
	for _, p := range g.parts {
		if p.c.Value != "" {
			vals = append(vals, p.c.Value)
		}
	}
	path := g.base
	if g.own {
		path = path[:len(path)-1] // the group it names is the option itself
	}
	return surfaces.Candidate{Ref: g.key(), Role: "group", Name: name, Label: name, Description: desc,
		Value: strings.Join(vals, " "), Path: path, Bounds: g.parts[0].c.Bounds, Editable: true, Frame: g.parts[0].c.Frame}
}

// has reports whether c is one of the group's boxes or the group itself.
func (g splitDate) has(c surfaces.Candidate) bool {
	if c.Ref == g.key() {
		return true
	}
	for _, p := range g.parts {
		if p.c.Ref == c.Ref {
			return true
		}
	}
	return false
}

// textLike reports whether c is a box one types a part of a date into.
func textLike(c surfaces.Candidate) bool {
	if !isField(c) || len(c.Options) > 0 {
		return false
	}
	switch c.InputType {
	case "", "text", "tel", "number", "search":
		return true
	}
	return false
}

// partOf reads which part of a date a box asks for, from its autocomplete
// token, placeholder, label or name (a text of at most four words naming
// one part), and how the part is written when its words say ("DD", "YY").
func partOf(c surfaces.Candidate) splitPart {
	p := splitPart{c: c}
	if !textLike(c) {
		return p
	}
	for _, tok := range strings.Fields(strings.ToLower(c.Autocomplete)) {
		if k, ok := partAutocomplete[tok]; ok {
			p.kind = k
		}
	}
	for _, t := range []string{c.Placeholder, c.Label, c.Name} {
		ws := words(t)
		if len(ws) == 0 || len(ws) > 4 {
			continue
		}
		kind := partNone
		for _, w := range ws {
			k, ok := partWords[w]
			if !ok || len(w) == 1 && len(ws) > 1 {
				continue
			}
			if kind != partNone && kind != k {
				kind = -1
				break
			}
			kind = k
			p.shape(w)
		}
		if kind > partNone && p.kind == partNone {
			p.kind = kind
		}
	}
	return p
}

// shape takes the form a part's own word shows: "DD" pads, "D" does not,
// "YY" is two digits and "YYYY" four.
func (p *splitPart) shape(w string) {
	switch w {
	case "dd", "mm":
		if p.pad == 0 {
			p.pad = 1
		}
	case "d", "m":
		if p.pad == 0 {
			p.pad = -1
		}
	case "yy":
		if p.digits == 0 {
			p.digits = 2
		}
	case "yyyy":
		if p.digits == 0 {
			p.digits = 4
		}
	}
}

// lonePart reports which part a box asks for when its words name that
// part and nothing else ("Day", "MM"): a whole date never goes into it.
func lonePart(c surfaces.Candidate) datePart {
	if !textLike(c) {
		return partNone
	}
	for _, t := range []string{c.Label, c.Name, c.Placeholder} {
		ws := words(t)
		if len(ws) == 0 {
			continue
		}
		kind := partNone
		for _, w := range ws {
			k, ok := partWords[w]
			if !ok || kind != partNone && kind != k {
				return partNone
			}
			kind = k
		}
		return kind
	}
	return partNone
}

// splitDates finds the split dates of a screen: runs of two or three
// consecutive text boxes, each asking for another part, month and year
// among them, sharing one path (each box may sit in a wrapper of its
// own, named after it or not named at all).
func splitDates(s surfaces.Screen) []splitDate {
	var out []splitDate
	for i := 0; i < len(s.Candidates); {
		g, ok := splitAt(s, i)
		if !ok {
			i++
			continue
		}
		out = append(out, g)
		i = g.last + 1
	}
	return out
}

// splitAt reads the split date whose first box is candidate i.
func splitAt(s surfaces.Screen, i int) (splitDate, bool) {
	var g splitDate
	seen := map[datePart]bool{}
	for j := i; j < len(s.Candidates) && len(g.parts) < 3; j++ {
		p := partOf(s.Candidates[j])
		if p.kind <= partNone || seen[p.kind] || p.c.Frame != s.Candidates[i].Frame {
			break
		}
		base := commonPath(append(partPaths(g.parts), p.c.Path)...)
		if !partsUnder(append(g.parts, p), base) {
			break
		}
		seen[p.kind] = true
		g.parts = append(g.parts, p)
		g.base = base
	}
	if len(g.parts) < 2 || !seen[partMonth] || !seen[partYear] {
		return splitDate{}, false
	}
	g.first, g.last = i, i+len(g.parts)-1
	g.read(s)
	g.shapeFromHint()
	return g, true
}

func partPaths(ps []splitPart) [][]string {
	var out [][]string
	for _, p := range ps {
		out = append(out, p.c.Path)
	}
	return out
}

// partsUnder reports whether each box sits right in base, or in a wrapper
// of its own there that is named after the box or not named.
func partsUnder(ps []splitPart, base []string) bool {
	for _, p := range ps {
		rest := p.c.Path[len(base):]
		if len(rest) > 1 {
			return false
		}
		if len(rest) == 1 {
			if n := groupName(rest); n != "" && !equalFold(n, p.c.Name) && !equalFold(n, p.c.Label) {
				return false
			}
		}
	}
	return true
}

// read reads what the group says the date is: the name of the group the
// boxes share when it holds no other field, else the heading (or line)
// right before the boxes; its other lines (before, between or under the
// boxes, inside the group) and the boxes' descriptions are its hint.
func (g *splitDate) read(s surfaces.Screen) {
	own := groupName(g.base) != ""
	for k, c := range s.Candidates {
		if (k < g.first || k > g.last) && isField(c) && hasPathPrefix(c.Path, g.base) {
			own = false
			break
		}
	}
	var before, inside []surfaces.ContextLine
	for _, l := range s.Context {
		if l.Frame != g.parts[0].c.Frame || !hasPathPrefix(l.Path, g.base) {
			continue
		}
		switch {
		case l.Next == g.first:
			before = append(before, l)
		case l.Next > g.first && l.Next <= g.last, l.Next == g.last+1 && len(l.Path) > len(g.base):
			inside = append(inside, l)
		}
	}
	if len(before) > 3 {
		before = before[len(before)-3:]
	}
	if own {
		g.label, g.own = groupName(g.base), true
	} else {
		for k := len(before) - 1; k >= 0; k-- {
			if before[k].Role == "heading" {
				g.label = before[k].Text
				break
			}
		}
		if g.label == "" && len(before) > 0 && len(before[len(before)-1].Text) <= 80 {
			g.label = before[len(before)-1].Text
		}
	}
	var hint []string
	for _, l := range append(before, inside...) {
		if t := strings.TrimSpace(l.Text); t != "" && !equalFold(t, g.label) && len(words(t)) > 0 {
			hint = append(hint, t)
		}
	}
	for _, p := range g.parts {
		if p.c.Description != "" {
			hint = append(hint, p.c.Description)
		}
	}
	g.hint = strings.Join(hint, " ")
}

var (
	// numericExample is a date written as an example: "31 3 1980",
	// "03/27".
	numericExample = regexp.MustCompile(`\b(\d{1,4})\s*[ /.\-]\s*(\d{1,4})(?:\s*[ /.\-]\s*(\d{1,4}))?\b`)
	// letterExample is a date's form in letters: "DD MM YYYY", "MM/YY".
	letterExample = regexp.MustCompile(`(?i)\b(d{1,2}|m{1,2}|y{4}|y{2})\s*[ /.\-]\s*(d{1,2}|m{1,2}|y{4}|y{2})(?:\s*[ /.\-]\s*(d{1,2}|m{1,2}|y{4}|y{2}))?\b`)
)

// shapeFromHint takes the form of each part from the group's hint when it
// shows one for as many parts as there are boxes ("For example, 31 3 1980"
// writes the month without a leading zero); a box's own word ("DD") wins.
func (g *splitDate) shapeFromHint() {
	for _, p := range g.parts {
		if p.pad != 0 || p.digits != 0 {
			g.shaped = "the boxes show"
		}
	}
	if m := letterExample.FindStringSubmatch(g.hint); m != nil && examples(m) == len(g.parts) {
		ok := true
		for k, p := range g.parts {
			if partWords[strings.ToLower(m[k+1])] != p.kind {
				ok = false
			}
		}
		if ok {
			for k := range g.parts {
				g.parts[k].shape(strings.ToLower(m[k+1]))
			}
			g.shaped = "the hint shows"
			return
		}
	}
	for _, m := range numericExample.FindAllStringSubmatch(g.hint, -1) {
		if examples(m) != len(g.parts) || !plausible(g.parts, m[1:1+len(g.parts)]) {
			continue
		}
		for k := range g.parts {
			t, p := m[k+1], &g.parts[k]
			switch {
			case p.kind == partYear:
				if p.digits == 0 {
					p.digits = len(t)
				}
			case p.pad != 0:
			case len(t) == 1:
				p.pad = -1
			case t[0] == '0':
				p.pad = 1
			}
		}
		g.shaped = "the hint shows"
		return
	}
}

// examples counts the parts an example match holds.
func examples(m []string) int {
	n := 0
	for _, s := range m[1:] {
		if s != "" {
			n++
		}
	}
	return n
}

// plausible reports whether the numbers of an example fit the parts in
// order: a day up to 31, a month up to 12, a year of two or four digits.
func plausible(ps []splitPart, nums []string) bool {
	for k, p := range ps {
		n, err := strconv.Atoi(nums[k])
		if err != nil {
			return false
		}
		switch p.kind {
		case partDay:
			if n < 1 || n > 31 || len(nums[k]) > 2 {
				return false
			}
		case partMonth:
			if n < 1 || n > 12 || len(nums[k]) > 2 {
				return false
			}
		case partYear:
			if len(nums[k]) != 2 && len(nums[k]) != 4 {
				return false
			}
		}
	}
	return true
}

// texts writes d as the group's boxes take it: day and month without a
// leading zero unless the box or hint shows one, the year in four digits
// unless two are shown.
func (g splitDate) texts(d stdlib.Date) []string {
	out := make([]string, len(g.parts))
	for k, p := range g.parts {
		n := d.Day
		switch p.kind {
		case partMonth:
			n = d.Month
		case partYear:
			if p.digits == 2 {
				out[k] = fmt.Sprintf("%02d", d.Year%100)
			} else {
				out[k] = strconv.Itoa(d.Year)
			}
			continue
		}
		if p.pad == 1 {
			out[k] = fmt.Sprintf("%02d", n)
		} else {
			out[k] = strconv.Itoa(n)
		}
	}
	return out
}

// monthYear is a month of a year written short, as a card shows its
// expiry: "03/27", "3-2027".
var monthYear = regexp.MustCompile(`^(\d{1,2})\s*[/.\-]\s*(\d{2}|\d{4})$`)

// wholeDate reads a value as a calendar day: a date fact, or a text that
// reads as one ("27 March 2017", "27/03/2017", "2017-03-27"). A bare
// number ("30", "1990") is a part, never a date.
func wholeDate(typed any, val string, now time.Time) (stdlib.Date, bool) {
	if d, ok := typed.(stdlib.Date); ok {
		return d, true
	}
	v := strings.TrimSpace(val)
	if v == "" || strings.Trim(v, "0123456789 ") == "" {
		return stdlib.Date{}, false
	}
	if t, ok := parseDay(v); ok {
		return stdlib.Date{Year: t.Year(), Month: int(t.Month()), Day: t.Day()}, true
	}
	return fullDate(v, now)
}

// dateOf reads a value as the date the group asks for: a whole date, or
// for a group without a day a month of a year ("03/27", "March 2027").
func (g splitDate) dateOf(typed any, val string, now time.Time) (stdlib.Date, bool) {
	if g.hasDay() {
		return wholeDate(typed, val, now)
	}
	v := strings.TrimSpace(val)
	if _, ok := typed.(stdlib.Date); !ok {
		if m := monthYear.FindStringSubmatch(v); m != nil {
			mo, _ := strconv.Atoi(m[1])
			y, _ := strconv.Atoi(m[2])
			if len(m[2]) == 2 {
				y += 2000
			}
			if mo >= 1 && mo <= 12 {
				return stdlib.Date{Year: y, Month: mo, Day: 1}, true
			}
			return stdlib.Date{}, false
		}
		if t, ok := parseIn(v, monthLayouts); ok {
			return stdlib.Date{Year: t.Year(), Month: int(t.Month()), Day: 1}, true
		}
	}
	return wholeDate(typed, val, now)
}

// splitOffer adds each split date whose boxes are all offered to the
// offer, as one field in the place of its first box. When the value is
// the date the group asks for, its boxes leave the offer: a whole date
// goes into all of them or none.
func splitOffer(scr surfaces.Screen, offer []surfaces.Candidate, typed any, val string, now time.Time) ([]surfaces.Candidate, []splitDate) {
	offered := map[string]bool{}
	for _, c := range offer {
		offered[c.Ref] = true
	}
	var groups []splitDate
	for _, g := range splitDates(scr) {
		all := true
		for _, p := range g.parts {
			all = all && offered[p.c.Ref]
		}
		if all {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return offer, nil
	}
	var out []surfaces.Candidate
	for _, c := range offer {
		in := -1
		for k, g := range groups {
			if g.has(c) {
				in = k
			}
		}
		if in < 0 {
			out = append(out, c)
			continue
		}
		g := groups[in]
		_, whole := g.dateOf(typed, val, now)
		if c.Ref == g.parts[0].c.Ref {
			out = append(out, g.candidate(whole))
		}
		if !whole {
			out = append(out, c)
		}
	}
	return out, groups
}

// splitChosen is the split date an answer falls in, and whether the slot
// is filled as that date: the group itself was chosen, or one of its boxes
// for a whole date. A box chosen for a value that is no date is filled as
// the part when the field's words name its part ("Day" = "30"); otherwise
// (the words name the date, the value is no date) the slot fails.
func splitChosen(groups []splitDate, c surfaces.Candidate, field string, typed any, val string, now time.Time) (splitDate, bool, error) {
	for _, g := range groups {
		if !g.has(c) {
			continue
		}
		if c.Ref != g.key() {
			if _, ok := g.dateOf(typed, val, now); !ok {
				p := partOf(c)
				for _, w := range words(field) {
					if partWords[w] == p.kind && len(w) > 1 {
						return splitDate{}, false, nil
					}
				}
				return splitDate{}, false, noSplitDate(g, field, val)
			}
		}
		return g, true, nil
	}
	if k := lonePart(c); k != partNone {
		if d, ok := wholeDate(typed, val, now); ok {
			return splitDate{}, false, fail("enter each part of the date in its own box (\"Day\" = …), or name the group the boxes sit in",
				"%s takes only the %s of a date, not the whole date %s", c.Summary(), k, d)
		}
	}
	return splitDate{}, false, nil
}

// noSplitDate fails a slot whose value is no date for a split date.
func noSplitDate(g splitDate, field, val string) error {
	what := "a date"
	if g.label != "" {
		what = strconv.Quote(clipText(g.label, 60))
	}
	return fail("give a date (a date fact, or a text such as \"31 March 1980\"), or enter each box by its own label",
		"%q is %s, asked in %s boxes, and %q reads as no date", field, what, g.kinds(), val)
}

// fillSplit types each part of d into its box and reads every box back:
// the slot is done only when all of them hold their part. stale reports a
// first box the page re-rendered before anything was typed (the caller
// looks again).
func (r *runner) fillSplit(ctx context.Context, scr surfaces.Screen, g splitDate, d stdlib.Date, name string, used map[string]bool) (stale bool, err error) {
	for _, p := range g.parts {
		if r.flow.Payment != plan.PaymentFillThenApprove && isCardField(scr, p.c) {
			return false, r.cardHalt(p.c)
		}
	}
	texts := g.texts(d)
	for k, p := range g.parts {
		op := surfaces.Fill(p.c.Ref, texts[k])
		out, err := r.act(ctx, op, p.c.Summary())
		if errors.Is(err, surfaces.ErrStaleRef) && k == 0 {
			return true, nil
		}
		if err != nil {
			if recoverable(err) {
				return false, fail("the boxes may be covered or disabled; close what covers them first", "typing the %s of %s into %s: %v", p.kind, name, p.c.Summary(), err)
			}
			return false, err
		}
		if !out.ReadbackOK {
			if _, err := r.act(ctx, surfaces.Press(p.c.Ref, "Control+a"), p.c.Summary()); err != nil && !recoverable(err) {
				return false, err
			}
			if out, err = r.act(ctx, op, p.c.Summary()); err != nil && !recoverable(err) {
				return false, err
			}
			if err != nil || !out.ReadbackOK {
				return false, fail("the box may refuse the text; check how the page writes the "+p.kind.String(),
					"typed %q, the %s of %s, into %s but it reads %q", texts[k], p.kind, name, p.c.Summary(), out.Readback)
			}
		}
	}
	for _, p := range g.parts {
		used[identity(p.c)] = true
	}
	after, err := r.observe(ctx)
	if err != nil {
		return false, err
	}
	var held []string
	for k, p := range g.parts {
		got, found := "", false
		for _, x := range after.Candidates {
			if x.Ref == p.c.Ref || identity(x) == identity(p.c) {
				got, found = x.Value, true
				break
			}
		}
		if !found {
			return false, fail("the page re-drew the boxes after typing; check the date by hand", "the %s box of %s is gone after typing %s", p.kind, g.describe(), name)
		}
		if !samePart(got, texts[k]) {
			return false, fail("the page may change the parts as they are typed; check the date by hand",
				"typed %s into %s, but its %s box reads %q, not %q", name, g.describe(), p.kind, got, texts[k])
		}
		held = append(held, strings.ToUpper(p.kind.String()[:1])+p.kind.String()[1:]+" "+strconv.Quote(got))
	}
	ev := proof{EvidenceState, g.describe() + " holds " + strings.Join(held, ", ")}
	note := "typed " + name + " as " + g.kinds()
	if g.shaped != "" {
		note += ", as " + g.shaped
	}
	r.cur.report.Note = note + "; " + ev.String()
	r.cur.report.Evidence = ev.String()
	return false, nil
}

// samePart reports whether a box holds the part typed: the same text, or
// the same number written with or without a leading zero.
func samePart(got, want string) bool {
	got = strings.TrimSpace(got)
	if got == want {
		return true
	}
	a, e1 := strconv.Atoi(got)
	b, e2 := strconv.Atoi(want)
	return e1 == nil && e2 == nil && a == b && len(got) <= len(want)+1
}
