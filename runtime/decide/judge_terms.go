package decide

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"flow/surfaces"
)

// How the local decider judges a condition.
//
// The condition is split into terms: content words (stemmed, with
// synonyms), values that must appear as written (quoted text, tokens mixing
// letters and digits such as SAVE10), counts tied to the noun after them
// ("2 travellers" needs a 2 next to a traveller word), structural nouns
// (dialog, banner, form, field, button, list, …) that the screen's shape
// can satisfy, and state words (on, off, checked, selected, empty, …) that
// a matching control's states must show. Words that only say "is there"
// (visible, shown, listed, says) are dropped. Negation ("no", "not",
// "isn't", "without") inverts the answer; "or" takes the likeliest side.
//
// The screen is a list of items in reading order: the title, every context
// line and every candidate. A term is looked for in every group of items
// that share an ancestor path prefix, and in the whole screen; the best
// group's weighted coverage, mapped through a smooth step, is the
// probability. The whole screen counts a little less than one group, so
// words scattered over a page weigh less than words together in one card
// or dialog. Past participles ("applied", "saved") found only in a button
// name count half: a button "Apply coupon" offers the act, it does not say
// it happened.

var quoted = regexp.MustCompile(`"([^"]+)"|“([^”]+)”|'([^']+)'|‘([^’]+)’`)

var negations = set("no not none nothing never without isn aren doesn don wasn weren nobody nowhere", nil)

// screenNegations mark a screen text that denies what it names ("No
// results found", "Nothing matched your search").
var screenNegations = set("no not none nothing never without isn aren couldn didn cannot zero", nil)

type term struct {
	w        word
	kind     int // termWord, termStruct, termNumber, termValue, termConcept
	noun     *word
	value    string
	particip bool
	login    bool // a form or field of a sign-in: needs a password or account field
}

const (
	termWord = iota
	termStruct
	termNumber
	termValue
	termConcept
)

// finding is a probability and the short phrase that says what on the
// screen decided it.
type finding struct {
	p   float64
	why string
}

// judgeWords judges a condition's words (quoted values taken out).
func judgeWords(raw []string, values []string, items []item, b Brief) finding {
	negated := false
	var kept []string
	for i, w := range raw {
		if negations[w] || (w == "t" && i > 0 && (raw[i-1] == "isn" || raw[i-1] == "aren" || raw[i-1] == "doesn" || raw[i-1] == "don")) {
			negated = !negated
			continue
		}
		if goneWords[w] { // "the banner closes" = the banner is no longer shown
			negated = !negated
			continue
		}
		kept = append(kept, w)
	}
	// "no addresses are saved", "there are no coupons left": a claim
	// that a list is empty, proved only by the screen saying so.
	if negated && len(values) == 0 && existenceClaim(kept) {
		return judgeEmpty(kept, items)
	}
	if f, ok := judgeEveryBox(kept, items); ok {
		if negated {
			f.p = 1 - f.p
		}
		return f
	}
	best := finding{why: "nothing on the screen bears on it"}
	for _, alt := range splitOr(kept) {
		if f := judgeAlt(alt, values, items, b); f.p > best.p || best.p == 0 && f.why != "" {
			best = f
		}
	}
	if negated {
		best.p = 1 - best.p
	}
	return best
}

// splitOr splits words at "or".
func splitOr(ws []string) [][]string {
	var out [][]string
	cur := []string{}
	for _, w := range ws {
		if w == "or" {
			out = append(out, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, w)
	}
	return append(out, cur)
}

func judgeAlt(raw []string, values []string, items []item, b Brief) finding {
	var terms []term
	state := ""
	for i, w := range raw {
		if stopwords[w] || presenceWords[w] {
			continue
		}
		if st, ok := stateWords[w]; ok && i > 0 {
			state = st
			continue
		}
		t := term{w: newWord(w, 1)}
		if weakWords[w] {
			t.w.wt = weakWeight
		}
		n, isNum := numberWords[w]
		if isNumber(w) {
			n, isNum = w, true
		}
		switch {
		case isNum:
			t.kind, t.value = termNumber, n
			for _, next := range raw[i+1:] {
				if !stopwords[next] && !presenceWords[next] {
					n := newWord(next, 1)
					t.noun = &n
					break
				}
			}
			if t.noun == nil {
				for j := i - 1; j >= 0; j-- {
					if !stopwords[raw[j]] && !presenceWords[raw[j]] {
						n := newWord(raw[j], 1)
						t.noun = &n
						break
					}
				}
			}
			t.w.wt = 1.5
		case hasDigit(w) && hasLetter(w):
			t.kind, t.value, t.w.wt = termValue, w, 1.5
		case w == "signedin" || w == "signedout":
			t.kind = termConcept
		case structural[t.w.stem] != "":
			t.kind, t.w.wt = termStruct, 0.5
			switch {
			case structural[t.w.stem] == "dialog", structural[t.w.stem] == "banner", t.w.stem == "result":
				t.w.wt = 1 // "a dialog says …", "results are listed": the subject itself
			case structural[t.w.stem] == "notice":
				t.w.wt = weakWeight
			}
		}
		// The predicate: "is applied", and the word right after a copula
		// ("the report is ready", "the upload is complete").
		// A first word is the predicate only when no later word is one
		// ("saved the draft" against "Kindred was renewed", about a book
		// called Kindred).
		if t.kind == termWord && (i > 0 || !laterPredicate(raw)) && (isParticiple(w) || i > 0 && copulas[raw[i-1]] && !weakWords[w]) {
			t.particip, t.w.wt = true, 1.5
		}
		terms = append(terms, t)
	}
	// A sign-in (or sign-up) form is one with a password or account field,
	// not any form beside a "Sign in" link.
	if slices.Contains(raw, "signin") || slices.Contains(raw, "signup") {
		for i, t := range terms {
			if t.kind == termStruct && (structural[t.w.stem] == "form" || structural[t.w.stem] == "field") {
				terms[i].login = true
			}
		}
	}
	for _, v := range values {
		terms = append(terms, term{kind: termValue, value: squash(v), w: word{raw: v, wt: 1.5}})
	}
	if len(terms) == 0 {
		return finding{0.5, "the statement names nothing to look for"}
	}
	if state == "empty" && !namesField(terms, items) {
		// "the inbox is empty", "the cart is empty": a list, not a field.
		return judgeEmpty(raw, items)
	}
	if state != "" {
		return judgeState(terms, state, items)
	}
	// Which items hold each term.
	found := make([][]float64, len(terms))
	for ti, t := range terms {
		found[ti] = make([]float64, len(items))
		for ii := range items {
			found[ti][ii] = termIn(t, items, ii)
		}
	}
	for ti, t := range terms {
		if t.kind == termNumber || t.kind == termValue || t.kind == termConcept {
			any := false
			for _, f := range found[ti] {
				any = any || f > 0
			}
			if !any { // a count, a value or a sign-in state is a hard fact
				return finding{0.05, "nothing on the screen shows " + quoteTerm(t)}
			}
		}
	}
	// A sign-in state decides alone: "the user is signed in" is true when
	// the screen shows a signed-in account, whatever other words it uses.
	for ti, t := range terms {
		if t.kind == termConcept {
			for _, f := range found[ti] {
				if f > 0 {
					return finding{0.95, "the screen shows " + quoteTerm(t)}
				}
			}
			return finding{0.05, "the screen does not show " + quoteTerm(t)}
		}
	}
	// The predicate ("applied", "saved") must be on the screen in some
	// form, and no text may deny it ("No refund requested yet").
	for ti, t := range terms {
		if !t.particip {
			continue
		}
		for _, it := range items {
			if it.cand != nil {
				continue
			}
			for _, c := range it.clauses {
				if !c.generic && (c.negated && matchIn(t.w, c.words) >= 0.8 || deniedByPrefix(t.w, c.words)) {
					return finding{0.05, strconv.Quote(clip(it.raw, 60)) + " denies it"}
				}
			}
		}
		best := 0.0
		for _, f := range found[ti] {
			best = max(best, f)
		}
		if best < 0.6 {
			return finding{0.1, "no text on the screen says " + strconv.Quote(t.w.raw) + " (a control that offers the act is no evidence)"}
		}
	}
	// Groups: every path prefix, and the whole screen.
	groups := map[string][]int{}
	for ii, it := range items {
		if len(it.path) == 0 {
			groups[""] = append(groups[""], ii) // the top level is a group too
		}
		for d := 1; d <= len(it.path); d++ {
			k := strings.Join(it.path[:d], "\x00")
			groups[k] = append(groups[k], ii)
		}
	}
	all := make([]int, len(items))
	for i := range items {
		all[i] = i
	}
	// A predicate ("was renewed") is of the item its subject is in: in a
	// list of loans, one item's "Renewed until …" says nothing of another.
	predicate := slices.ContainsFunc(terms, func(t term) bool { return t.particip })
	cover := func(members []int, depth int) float64 {
		if predicate {
			return itemCoverage(terms, found, members, items, b, depth)
		}
		return coverage(terms, found, members, items, b, depth)
	}
	best, where := 0.9*cover(all, 0), "the whole screen"
	for k, members := range groups {
		depth := 0
		if k != "" {
			depth = strings.Count(k, "\x00") + 1
		}
		// Equal coverages go to the shorter key: map order must not
		// change the why.
		if c := cover(members, depth); c > best || c == best && where != "the whole screen" && len(k) < len(where) {
			best, where = c, groupName(k)
		}
	}
	return finding{smooth(best), strconv.Itoa(int(best*100+0.5)) + "% of its terms found together in " + where}
}

// groupName names a group key of judgeAlt for a why phrase.
func groupName(k string) string {
	if k == "" {
		return "the top of the page"
	}
	parts := strings.Split(k, "\x00")
	return parts[len(parts)-1]
}

// quoteTerm quotes what a term looks for.
func quoteTerm(t term) string {
	switch {
	case t.kind == termConcept && t.w.raw == "signedin":
		return "a signed-in account"
	case t.kind == termConcept:
		return "a signed-out page"
	case t.kind == termNumber && t.noun != nil:
		return strconv.Quote(t.value + " " + t.noun.raw)
	case t.value != "":
		return strconv.Quote(t.value)
	}
	return strconv.Quote(t.w.raw)
}

// smooth maps a coverage to a probability: below 0.4 is noise, 0.9 and
// above is near certain.
func smooth(c float64) float64 {
	x := clamp01((c - 0.4) / 0.5)
	return 0.03 + 0.94*x
}

// coverage is the weighted share of terms found among the members.
// depth is the length of the members' common path (0 for the whole screen).
func coverage(terms []term, found [][]float64, members []int, items []item, b Brief, depth int) float64 {
	var got, total float64
	for ti, t := range terms {
		best := 0.0
		for _, ii := range members {
			if found[ti][ii] > best {
				best = found[ti][ii]
			}
		}
		if t.kind == termStruct {
			kind := structural[t.w.stem]
			if t.login {
				kind = "login"
			}
			s := structureIn(kind, members, items, b, depth)
			if depth == 0 && !((kind == "dialog" || kind == "banner") && (b.Layer == surfaces.LayerDialog || b.Layer == surfaces.LayerPopover)) {
				// A search box in the header does not make a "Sign in"
				// link a sign-in form: shape anywhere is weak evidence.
				s *= 0.5
			}
			best = max(best, s)
		}
		got += best * t.w.wt
		total += t.w.wt
	}
	if total == 0 {
		return 0
	}
	return got / total
}

// itemCoverage is coverage with the terms found together in one item of
// a list (a list item, row, card or article) or outside all of them: the
// members in no item join each item's in turn.
func itemCoverage(terms []term, found [][]float64, members []int, items []item, b Brief, depth int) float64 {
	byItem := map[string][]int{}
	var free []int
	for _, ii := range members {
		if k := ItemKey(items[ii].path); k != "" {
			byItem[k] = append(byItem[k], ii)
		} else {
			free = append(free, ii)
		}
	}
	if len(byItem) <= 1 {
		return coverage(terms, found, members, items, b, depth)
	}
	best := coverage(terms, found, free, items, b, depth)
	for _, in := range byItem {
		best = max(best, coverage(terms, found, append(slices.Clone(free), in...), items, b, depth))
	}
	return best
}

// ItemKey is the path up to its innermost item of a list (a list item,
// row, card or article), NUL-joined; "" when it is in none.
func ItemKey(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		for _, kind := range []string{"listitem", "row", "card", "article"} {
			if strings.HasPrefix(path[i], kind+" ") || path[i] == kind {
				return strings.Join(path[:i+1], "\x00")
			}
		}
	}
	return ""
}

// termIn says how well item ii holds term t.
func termIn(t term, items []item, ii int) float64 {
	it := items[ii]
	switch t.kind {
	case termValue:
		if containsWords(it.text, t.value) {
			return 1
		}
		return 0
	case termNumber:
		if !hasNumber(it.words, t.value) {
			return 0
		}
		if t.noun == nil {
			return 1
		}
		for _, j := range []int{ii, ii - 1, ii + 1} {
			if j >= 0 && j < len(items) && max(matchIn(*t.noun, items[j].words), matchIn(*t.noun, items[j].ctx)) >= 0.6 {
				return 1
			}
		}
		return 0
	case termConcept:
		return conceptIn(t.w.raw, it)
	}
	if t.particip {
		// A past participle meets a past form at full weight, the bare verb
		// ("Add €20 for free delivery") at half, and a button offering the
		// act at a quarter.
		m := 0.0
		for _, c := range it.clauses {
			cm := 0.0
			for _, w := range c.words {
				s := match(t.w, w)
				switch {
				case s == 0:
				case isParticiple(t.w.raw) && !isParticiple(w.raw):
					s *= 0.5 // "Add €20 for free delivery" offers what "added" states
				case it.cand == nil && attributive(c.text, w.raw):
					s *= 0.3 // "Archived invoices stay searchable": a kind, not an event
				}
				cm = max(cm, s)
			}
			if c.negated || c.generic {
				cm *= 0.3
			}
			m = max(m, cm)
		}
		if it.cand != nil && !it.stateName {
			// "Archive", "Show archived": a control that offers the act
			// or filters by it says nothing about whether it happened;
			// its value ("United States") is what it shows.
			v := 0.0
			for _, w := range contentWords(it.cand.Value) {
				if strings.HasSuffix(w.raw, "ed") {
					v = max(v, match(t.w, w))
				}
			}
			m = max(m*0.25, v)
		} else if it.pressish {
			m *= 0.5 // "Applied", "Saved ✓": a control that names its state
		}
		return m
	}
	// A clause that denies ("No results found") or only promises ("we
	// will email you when the report is ready") holds its words at 0.3.
	m := 0.0
	for _, c := range it.clauses {
		cm := matchIn(t.w, c.words)
		if c.negated || c.generic {
			cm *= 0.3
		}
		m = max(m, cm)
	}
	ctx := 0.7 * matchIn(t.w, it.ctx)
	if it.negated {
		ctx *= 0.3
	}
	m = max(m, ctx)
	if len(it.path) == 1 && it.path[0] == "title" {
		m *= 0.7 // the title names the page, not what it shows now
	}
	return m
}

// namesField reports whether the terms name an editable field of the
// screen: "the email field is empty" is a field's state, "the inbox is
// empty" is a list's.
func namesField(terms []term, items []item) bool {
	for ii, it := range items {
		if it.cand == nil || !editable(it.cand) {
			continue
		}
		var got, total float64
		for _, t := range terms {
			got += termIn(t, items, ii) * t.w.wt
			total += t.w.wt
		}
		if total > 0 && got/total >= 0.5 {
			return true
		}
	}
	return false
}

// judgeState judges "X is on/off/selected/empty…": the control that best
// matches the other terms must show the state.
func judgeState(terms []term, state string, items []item) finding {
	bestCov, bestIdx := 0.0, -1
	for ii, it := range items {
		if it.cand == nil {
			continue
		}
		var got, total float64
		for _, t := range terms {
			f := termIn(t, items, ii)
			if t.kind == termStruct {
				if s := structureIn(structural[t.w.stem], []int{ii}, items, Brief{}, len(it.path)); s > f {
					f = s
				}
			}
			got += f * t.w.wt
			total += t.w.wt
		}
		if total > 0 && got/total > bestCov {
			bestCov, bestIdx = got/total, ii
		}
	}
	if bestIdx < 0 || bestCov < 0.5 {
		return finding{0.05, "no control on the screen matches it"}
	}
	c := items[bestIdx].cand
	on := c.Has(surfaces.StateChecked) || c.Has(surfaces.StateSelected)
	holds := false
	switch state {
	case "on":
		holds = on
	case "off":
		holds = !on
	case "enabled":
		holds = !c.Has(surfaces.StateDisabled)
	case "disabled":
		holds = c.Has(surfaces.StateDisabled)
	case "expanded":
		holds = c.Has(surfaces.StateExpanded)
	case "collapsed":
		holds = !c.Has(surfaces.StateExpanded)
	case "empty":
		holds = c.Value == ""
	case "filled":
		holds = c.Value != ""
	}
	if !holds {
		return finding{0.05, c.Role + " " + strconv.Quote(clip(c.Name, 50)) + " is not " + state}
	}
	return finding{smooth(bestCov), c.Role + " " + strconv.Quote(clip(c.Name, 50)) + " is " + state}
}

// showVerbs introduce what a text shows: "the country field shows United
// States".
var showVerbs = set("shows show says say reads read displays display contains contain equals", nil)

// shownValues finds the capitalised words after a show verb ("shows
// United States", "says Draft saved"): written as values, they must appear
// as written, not merely as words of the same stem.
func shownValues(text string) []string {
	fs := strings.Fields(text)
	var out []string
	for i := 0; i < len(fs)-1; i++ {
		if !showVerbs[strings.ToLower(strings.Trim(fs[i], ",.;:"))] {
			continue
		}
		var run []string
		for _, f := range fs[i+1:] {
			r := []rune(f)
			if len(r) == 0 || !unicode.IsUpper(r[0]) {
				break
			}
			run = append(run, f)
		}
		if len(run) > 0 {
			out = append(out, strings.Join(run, " "))
		}
	}
	return out
}

// goneWords say that something left the screen: its absence proves them.
// "Deleted", "removed" are not among them: they say something was done to
// a thing, and a thing this page never showed is not thereby deleted (see
// the trust case of a mailbox "deleted" on an inbox page).
var goneWords = set("closes closed disappears disappeared gone hidden dismissed vanishes", nil)

// followers may stand after a participle that states an event: "Refund
// requested on 2 May", "marked as read", "saved successfully".
var followers = set("yet already successfully just now today until till through since", nil)

// attributive reports whether the participle p stands before a noun in
// the squashed text ("archived invoices"): it then names a kind of thing,
// not something that happened.
func attributive(text, p string) bool {
	ws := strings.Fields(text)
	for i, w := range ws {
		if w != p {
			continue
		}
		if i+1 == len(ws) {
			return false
		}
		next := ws[i+1]
		return !(stopwords[next] || weakWords[next] || followers[next] || hasDigit(next))
	}
	return false
}

// deniedByPrefix reports whether a word denies the participle by its
// prefix: "unsaved" denies "saved", "unread" denies "read".
func deniedByPrefix(p word, ws []word) bool {
	for _, w := range ws {
		if rest, ok := strings.CutPrefix(w.raw, "un"); ok && len(rest) >= 3 && match(p, newWord(rest, 1)) >= 0.8 {
			return true
		}
	}
	return false
}

// copulas link a subject to its predicate.
var copulas = set("is are was were be been being", nil)

// boxDone are the words that say an item of a list is ticked off.
var boxDone = map[string]string{"completed": "on", "complete": "on", "done": "on", "finished": "on", "checked": "on", "ticked": "on",
	"unchecked": "off", "unticked": "off", "incomplete": "off", "active": "off", "open": "off", "pending": "off", "undone": "off"}

// judgeEveryBox judges "every item is completed", "all tasks are
// ticked": a claim over the items of a list, each with its own box (a
// checkbox or switch in a list item, row or card). It holds when every
// such box shows the state; a box for all of them ("Mark all as
// complete") is no item. ok is false when the statement is no such claim
// or the screen has no such boxes.
func judgeEveryBox(raw []string, items []item) (finding, bool) {
	every, state := false, ""
	for _, w := range raw {
		switch {
		case w == "every" || w == "all" || w == "each":
			every = true
		case boxDone[w] != "":
			state = boxDone[w]
		}
	}
	if !every || state == "" {
		return finding{}, false
	}
	n, off := 0, ""
	for _, it := range items {
		c := it.cand
		if c == nil || c.Role != "checkbox" && c.Role != "switch" || ItemKey(c.Path) == "" || AllControl(c.Name) {
			continue
		}
		n++
		if c.Has(surfaces.StateChecked) != (state == "on") && off == "" {
			off = c.Summary()
		}
	}
	switch {
	case n == 0:
		return finding{}, false
	case off != "":
		return finding{0.05, off + " is not " + map[string]string{"on": "ticked", "off": "unticked"}[state]}, true
	}
	return finding{0.95, "all " + strconv.Itoa(n) + " items' boxes are " + map[string]string{"on": "ticked", "off": "unticked"}[state]}, true
}

// laterPredicate reports whether a word after the first of raw reads as a
// predicate: a participle, or a word after a copula.
func laterPredicate(raw []string) bool {
	for j := 1; j < len(raw); j++ {
		if isParticiple(raw[j]) || copulas[raw[j-1]] && !weakWords[raw[j]] && !stopwords[raw[j]] {
			return true
		}
	}
	return false
}
