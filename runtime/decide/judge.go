package decide

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"flow/surfaces"
)

// Judge gives the probability that s holds on its screen, from the words of
// the condition found on the screen (see judgeText).
func (l *Local) Judge(ctx context.Context, s Statement) (Judgement, error) {
	if err := s.Validate(); err != nil {
		return Judgement{}, err
	}
	if err := ctx.Err(); err != nil {
		return Judgement{}, err
	}
	intent := strings.HasPrefix(strings.TrimSpace(s.Step), "do ")
	return Judgement{Probability: judgeText(s.Text, s.Screen, intent)}, nil
}

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

// structural nouns and what satisfies them.
var structural = map[string]string{
	"dialog": "dialog", "popup": "dialog", "modal": "dialog", "overlay": "dialog", "banner": "banner", "lightbox": "dialog", "prompt": "dialog",
	"window": "dialog", "option": "choice", "choice": "choice",
	"message": "notice", "notice": "notice", "notification": "notice", "alert": "notice", "toast": "notice", "confirmation": "notice",
	"form": "form", "field": "field", "input": "field", "textbox": "field", "box": "field",
	"button": "button", "link": "link", "checkbox": "toggle", "switch": "toggle", "toggle": "toggle",
	"list": "list", "menu": "menu", "tab": "tab", "tabl": "list", "result": "list",
}

// stateWords map to the state a control must show.
var stateWords = map[string]string{
	"on": "on", "checked": "on", "ticked": "on", "selected": "on", "enabled": "enabled", "active": "on", "chosen": "on",
	"off": "off", "unchecked": "off", "unticked": "off", "unselected": "off", "deselected": "off", "cleared": "off",
	"disabled": "disabled", "expanded": "expanded", "collapsed": "collapsed", "empty": "empty", "filled": "filled",
}

// item is one thing on the screen.
type item struct {
	words    []word
	ctx      []word // words of the ancestor path: what the item is in
	text     string // squashed text, for value lookups
	path     []string
	cand     *surfaces.Candidate
	pressish bool   // a button or link: its name offers an act
	role     string // a context line's role: heading, alert, status
	negated  bool   // the text denies what it names
}

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

// judgeText is the local probability that text holds on screen b. With
// intent set, text is a `do` intent ("save the message as a draft") and the
// question is whether it has been achieved.
func judgeText(text string, b Brief, intent bool) float64 {
	items := screenItems(b)
	var values []string
	rest := quoted.ReplaceAllStringFunc(text, func(m string) string {
		sub := quoted.FindStringSubmatch(m)
		for _, g := range sub[1:] {
			if g != "" {
				values = append(values, g)
			}
		}
		return " "
	})
	values = append(values, shownValues(rest)...)
	raw := rawWords(rest)
	if intent && len(raw) > 0 && intentVerbs[raw[0]] {
		return judgeIntent(raw, values, items, b)
	}
	return judgeWords(raw, values, items, b)
}

// judgeWords judges a condition's words (quoted values taken out).
func judgeWords(raw []string, values []string, items []item, b Brief) float64 {
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
	best := 0.0
	for _, alt := range splitOr(kept) {
		if p := judgeAlt(alt, values, items, b); p > best {
			best = p
		}
	}
	if negated {
		return 1 - best
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

func judgeAlt(raw []string, values []string, items []item, b Brief) float64 {
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
		if t.kind == termWord && strings.HasSuffix(w, "ed") {
			t.particip, t.w.wt = true, 1.5 // the predicate: "is applied"
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
		return 0.5
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
			if !any {
				return 0.05 // a count, a value or a sign-in state is a hard fact
			}
		}
	}
	// A sign-in state decides alone: "the user is signed in" is true when
	// the screen shows a signed-in account, whatever other words it uses.
	for ti, t := range terms {
		if t.kind == termConcept {
			for _, f := range found[ti] {
				if f > 0 {
					return 0.95
				}
			}
			return 0.05
		}
	}
	// The predicate ("applied", "saved") must be on the screen in some form.
	for ti, t := range terms {
		if t.particip {
			best := 0.0
			for _, f := range found[ti] {
				best = max(best, f)
			}
			if best < 0.6 {
				return 0.1
			}
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
	best := 0.9 * coverage(terms, found, all, items, b, 0)
	for k, members := range groups {
		depth := 0
		if k != "" {
			depth = strings.Count(k, "\x00") + 1
		}
		if c := coverage(terms, found, members, items, b, depth); c > best {
			best = c
		}
	}
	return smooth(best)
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
		for _, w := range it.words {
			s := match(t.w, w)
			if !strings.HasSuffix(w.raw, "ed") {
				s *= 0.5
			}
			m = max(m, s)
		}
		if it.pressish {
			m *= 0.5
		}
		if it.negated {
			m *= 0.3
		}
		return m
	}
	m := max(matchIn(t.w, it.words), 0.7*matchIn(t.w, it.ctx))
	if len(it.path) == 1 && it.path[0] == "title" {
		m *= 0.7 // the title names the page, not what it shows now
	}
	if it.negated {
		m *= 0.3 // "No results found" is no result
	}
	return m
}

func matchIn(t word, ws []word) float64 {
	best := 0.0
	for _, w := range ws {
		if s := match(t, w); s > best {
			best = s
		}
	}
	return best
}

func hasNumber(ws []word, n string) bool {
	for _, w := range ws {
		if w.raw == n || numberWords[w.raw] == n {
			return true
		}
	}
	return false
}

// containsWords reports whether squashed text holds squashed v as whole
// words.
func containsWords(text, v string) bool {
	if v == "" {
		return false
	}
	return strings.Contains(" "+text+" ", " "+v+" ")
}

// conceptIn reads the signed-in state: a sign-out control or a "signed in"
// text is evidence of signed in; a password field or a sign-in control is
// evidence of signed out.
func conceptIn(concept string, it item) float64 {
	in := false
	out := false
	for _, w := range it.words {
		switch w.raw {
		case "signout":
			in = true
		case "signedin":
			// "Keep me signed in" is a checkbox on the sign-in form.
			if it.cand == nil || !(it.cand.Role == "checkbox" || it.cand.Role == "switch") {
				in = true
			}
		case "signin":
			if it.pressish {
				out = true
			}
		}
	}
	if it.cand != nil && it.cand.InputType == "password" {
		out = true
	}
	if concept == "signedin" && in && !out {
		return 1
	}
	if concept == "signedout" && out && !in {
		return 1
	}
	return 0
}

// structureIn says whether the members show a structure: a dialog, a form,
// a field, a button, a list, …. A list counts only as repeated items right
// under the group (depth is the length of the group's path), so the words
// that name the list sit around it, not anywhere on the page.
func structureIn(kind string, members []int, items []item, b Brief, depth int) float64 {
	if depth == 0 && (kind == "dialog" || kind == "banner") && (b.Layer == surfaces.LayerDialog || b.Layer == surfaces.LayerPopover) {
		return 1
	}
	if kind == "notice" {
		best := 0.0
		for _, ii := range members {
			it := items[ii]
			switch {
			case it.role == "alert" || it.role == "status":
				return 1
			case it.cand == nil && it.role != "heading" && len(it.path) > 0 && it.path[0] == "title":
			case it.cand == nil:
				best = 0.6 // any text can be a message
			}
		}
		return best
	}
	lists := map[string]int{}
	for _, ii := range members {
		it := items[ii]
		for pi, p := range it.path {
			lp := strings.ToLower(p)
			switch kind {
			case "dialog":
				if strings.HasPrefix(lp, "dialog") || strings.HasPrefix(lp, "alertdialog") {
					return 1
				}
			case "banner":
				for _, r := range []string{"dialog", "alertdialog", "region", "alert", "status", "complementary"} {
					if strings.HasPrefix(lp, r) {
						return 1
					}
				}
			case "form":
				if strings.HasPrefix(lp, "form") || strings.HasPrefix(lp, "search") {
					return 1
				}
			case "list":
				if pi != depth {
					continue
				}
				if strings.HasPrefix(lp, "listitem") || strings.HasPrefix(lp, "row") || strings.HasPrefix(lp, "article") || strings.HasPrefix(lp, "card") {
					lists[lp]++
				}
			case "menu":
				if strings.HasPrefix(lp, "menu") {
					return 1
				}
			case "choice":
				if strings.HasPrefix(lp, "radiogroup") || strings.HasPrefix(lp, "listbox") {
					return 1
				}
			}
		}
		c := it.cand
		if c == nil {
			continue
		}
		switch kind {
		case "field", "form":
			if editable(c) || c.Role == "combobox" {
				return 1
			}
		case "login":
			if c.InputType == "password" || editable(c) && (c.InputType == "email" || hasAccountWord(it.words)) {
				return 1
			}
		case "button":
			if c.Role == "button" {
				return 1
			}
		case "link":
			if c.Role == "link" {
				return 1
			}
		case "toggle":
			if c.Role == "checkbox" || c.Role == "switch" {
				return 1
			}
		case "choice":
			if c.Role == "radio" || c.Role == "option" || c.Role == "menuitemradio" || len(c.Options) > 1 {
				return 1
			}
		case "tab":
			if c.Role == "tab" {
				return 1
			}
		case "menu":
			if strings.HasPrefix(c.Role, "menu") {
				return 1
			}
		}
	}
	if len(lists) >= 2 {
		return 1
	}
	return 0
}

// judgeState judges "X is on/off/selected/empty…": the control that best
// matches the other terms must show the state.
func judgeState(terms []term, state string, items []item) float64 {
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
		return 0.05
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
		return 0.05
	}
	return smooth(bestCov)
}

// screenItems lists the title, the candidates and the context lines of a
// brief as items in reading order (candidates first, then text: a Brief
// does not interleave them).
func screenItems(b Brief) []item {
	var items []item
	if b.Title != "" {
		items = append(items, item{words: contentWords(b.Title), text: squash(b.Title), path: []string{"title"}})
	}
	for i := range b.Candidates {
		c := &b.Candidates[i]
		text := strings.Join([]string{c.Name, c.Label, c.Value, c.Description}, " ")
		if c.Placeholder != "" && c.Value == "" && c.Name == "" {
			text += " " + c.Placeholder
		}
		items = append(items, item{
			words: contentWords(text), ctx: pathWords(c.Path), text: squash(text), path: c.Path, cand: c,
			pressish: c.Role == "button" || c.Role == "link" || c.Role == "menuitem" || c.Role == "tab",
		})
	}
	for _, l := range b.Context {
		items = append(items, item{words: contentWords(l.Text), ctx: pathWords(l.Path), text: squash(l.Text), path: l.Path, role: l.Role})
	}
	for i := range items {
		for _, w := range rawWords(items[i].text) {
			if screenNegations[w] {
				items[i].negated = true
			}
		}
	}
	return items
}

func hasDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}

func hasLetter(s string) bool {
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			return true
		}
	}
	return false
}

// pathWords are the words of an ancestor path's labels ("Choose your
// fare" of `radiogroup "Choose your fare"`), without the role names.
func pathWords(path []string) []word {
	var out []word
	for _, p := range path {
		if i := strings.IndexByte(p, '"'); i >= 0 {
			out = append(out, contentWords(p[i:])...)
		}
	}
	return out
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

// goneWords say that something left the screen.
var goneWords = set("closes closed disappears disappeared gone hidden dismissed vanishes removed deleted", nil)

// intentVerbs open a `do` intent ("save the message as a draft"). A
// statement starting with one is judged as "the intent is achieved".
var intentVerbs = set("go goto open click press tap save search find accept continue proceed add raise increase lower "+
	"decrease reduce tick untick check uncheck turn switchon switchoff start apply signin signout close dismiss select "+
	"choose pick submit send create delete remove show expand collapse view book buy pay use set change update move "+
	"navigate visit return back confirm reject decline agree upload download scroll sort filter clear reset subscribe "+
	"unsubscribe enable disable toggle make put get keep leave cancel edit write compose reply forward archive mark "+
	"star share copy print refresh reload next", nil)

// actVerbs name acts whose success shows only as a change of screen
// ("continue", "go to the cart", "start a new message"): no words on the
// new screen prove them.
var actVerbs = set("go goto open click press tap continue proceed start create compose write book buy pay send submit "+
	"make visit navigate return back scroll move show view expand collapse next use edit reply forward share copy print "+
	"refresh reload get put keep leave", nil)

// ActIntent reports whether a `do` intent names an act whose success shows
// only as a change of screen ("continue to the next step", "go to the
// cart", "start a new message") rather than a state that words on the
// screen can prove ("save the draft" → "Draft saved", "tick the terms box"
// → a checked box). The local decider judges an act intent as not
// achieved, so a runtime should count such a `do` done once its chosen
// press changed the screen.
func ActIntent(intent string) bool {
	raw := rawWords(quoted.ReplaceAllString(intent, " "))
	if len(raw) == 0 || !actVerbs[raw[0]] {
		return false
	}
	for _, w := range raw {
		if w == "so" || w == "until" {
			return false
		}
	}
	return true
}

// participles of intent verbs that do not take a plain -ed.
var participles = map[string]string{"signin": "signedin", "signout": "signedout", "apply": "applied", "add": "added",
	"save": "saved", "remove": "removed", "delete": "deleted", "accept": "accepted", "confirm": "confirmed",
	"update": "updated", "subscribe": "subscribed", "unsubscribe": "unsubscribed", "reject": "rejected",
	"decline": "declined", "upload": "uploaded", "archive": "archived", "cancel": "cancelled", "reset": "reset",
	"sort": "sorted", "filter": "filtered", "download": "downloaded", "agree": "agreed", "mark": "marked", "star": "starred"}

// judgeIntent judges "the intent is achieved" for a do intent.
func judgeIntent(raw []string, values []string, items []item, b Brief) float64 {
	// "accept the cookies so the banner closes": the clause after so/until
	// says what achieved looks like.
	for i, w := range raw {
		if (w == "so" || w == "until") && i+1 < len(raw) {
			rest := raw[i+1:]
			if len(rest) > 0 && rest[0] == "that" {
				rest = rest[1:]
			}
			return judgeWords(rest, nil, items, b)
		}
	}
	verb, rest := raw[0], raw[1:]
	switch {
	case verb == "tick" || verb == "check" || verb == "select" || verb == "choose" || verb == "pick" || verb == "enable" || verb == "switchon" || verb == "agree":
		return judgeWords(append(rest, "on"), values, items, b)
	case verb == "untick" || verb == "uncheck" || verb == "disable" || verb == "switchoff" || verb == "clear":
		return judgeWords(append(rest, "off"), values, items, b)
	case verb == "turn" || verb == "toggle" || verb == "set" || verb == "change" || verb == "raise" || verb == "increase" ||
		verb == "lower" || verb == "decrease" || verb == "reduce":
		// "turn the switch on", "raise the quantity of the mug to 2": the
		// rest states the end.
		return judgeWords(rest, values, items, b)
	case verb == "search" || verb == "find":
		return judgeWords(append([]string{"result"}, rest...), values, items, b)
	case verb == "close" || verb == "dismiss" || verb == "hide":
		return 1 - judgeWords(rest, values, items, b)
	case actVerbs[verb]:
		return 0.05
	}
	p, ok := participles[verb]
	if !ok {
		p = verb + "ed"
	}
	return judgeWords(append(rest, p), values, items, b)
}

var accountWords = []word{newWord("user", 1), newWord("email", 1), newWord("password", 1)}

// hasAccountWord reports whether a field's words name an account: a user
// name, an email address, a password.
func hasAccountWord(ws []word) bool {
	for _, a := range accountWords {
		if matchIn(a, ws) >= 0.8 {
			return true
		}
	}
	return false
}
