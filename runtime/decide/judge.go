package decide

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"flow/surfaces"
)

// Stage 5 of the local decider: judging a statement.
//
// A condition is judged as predicates the screen asserts, not as word
// overlap: a status or alert line, a past-tense or state phrase tied to
// the same entity ("Archived", "Refund requested on 2 May"), a control's
// state (checked, selected, expanded), a list that says it is empty. The
// condition's words on a control that offers the act ("Request refund",
// "Archive") are no evidence, and text that denies it ("No refund requested
// yet") counts against it. A goal (the intent of a `do` step) is reached
// only when the screen asserts its end state, or when what the step did
// (Statement.Done) showed it.

// Judge gives the probability that s holds on its screen (or, Negated,
// that it does not), and says why.
func (l *Local) Judge(ctx context.Context, s Statement) (Judgement, error) {
	if err := s.Validate(); err != nil {
		return Judgement{}, err
	}
	if err := ctx.Err(); err != nil {
		return Judgement{}, err
	}
	text, goal, negated := readStatement(s)
	f := judgeText(text, s.Screen, goal)
	if goal && f.p < holdsBar {
		if d := judgeDone(text, s.Done); d.p > f.p {
			f = d
		}
	}
	if negated {
		f.p = 1 - f.p
	}
	return Judgement{Probability: clamp01(f.p), Why: f.why}, nil
}

// holdsBar is the probability from which a local judgement says a
// condition holds (the runtime's JudgeBar is the same): below it a goal
// is also judged by what the step did.
const holdsBar = 0.75

// readStatement returns the condition, whether it is a goal and whether it
// is asked negated. Runtimes that predate Goal and Negated mark a goal by
// a Step starting "do " and a negation by a Text starting "not ".
func readStatement(s Statement) (text string, goal, negated bool) {
	text, goal, negated = strings.TrimSpace(s.Text), s.Goal, s.Negated
	if !goal && strings.HasPrefix(strings.TrimSpace(s.Step), "do ") {
		goal = true
	}
	if !negated {
		if rest, ok := strings.CutPrefix(text, "not "); ok && strings.TrimSpace(rest) != "" {
			text, negated = strings.TrimSpace(rest), true
		}
	}
	return text, goal, negated
}

// judgeText judges text on screen b. With goal set, text is a `do` intent
// ("save the message as a draft") and the question is whether it has been
// reached.
func judgeText(text string, b Brief, goal bool) finding {
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
	// A goal starts with its verb; one that does not ("the cart is
	// empty") is judged as a condition.
	if goal && len(raw) > 0 && !stopwords[raw[0]] && !weakWords[raw[0]] && (intentVerbs[raw[0]] || !statesItself(raw)) {
		return judgeIntent(raw, values, items, b)
	}
	return judgeWords(raw, values, items, b)
}

// judgeDone judges a goal by what the step did: the texts its actions made
// appear ("pressed button \"Save\": appeared text \"Draft saved\"") are
// judged as a screen of status lines. An action that changed nothing
// proves nothing.
func judgeDone(text string, done []string) finding {
	var b Brief
	for _, d := range done {
		_, after, ok := strings.Cut(d, "appeared")
		if !ok {
			continue
		}
		for _, m := range quoted.FindAllStringSubmatch(after, -1) {
			for _, g := range m[1:] {
				if g != "" {
					b.Context = append(b.Context, surfacesLine(g))
				}
			}
		}
	}
	if len(b.Context) == 0 {
		return finding{}
	}
	f := judgeText(text, b, true)
	if f.p >= holdsBar {
		f.why = "the step's action made appear: " + f.why
	}
	return f
}

// intentVerbs open a `do` intent ("save the message as a draft"). A
// statement starting with one is judged as "the intent is achieved".
var intentVerbs = set("go goto open click press tap save search find accept continue proceed add raise increase lower "+
	"decrease reduce tick untick check uncheck turn switchon switchoff start apply signin signout close dismiss select "+
	"choose pick submit send create delete remove show expand collapse view book buy pay use set change update move "+
	"navigate visit return back confirm reject decline agree upload download scroll sort filter clear reset subscribe "+
	"unsubscribe enable disable toggle make put get keep leave cancel edit write compose reply forward archive mark "+
	"star share copy print refresh reload next empty follow unfollow renew request forget end allow invite", nil)

// actVerbs name acts whose success shows only as a change of screen
// ("continue", "go to the cart", "start a new message"): no words on the
// new screen prove them.
var actVerbs = set("go goto open click press tap continue proceed start create compose write book buy pay send submit "+
	"make visit navigate return back scroll move show view expand collapse next use edit reply forward share copy print "+
	"refresh reload get put keep leave", nil)

// placeVerbs open an intent to reach a place ("go to the cart", "return
// to the search results"), which the page's title can prove.
var placeVerbs = set("go goto navigate visit return", nil)

// placeWords name no place of their own ("the checkout page").
var placeWords = set("page screen site website", nil)

// judgePlace judges an intent to reach a place by what the page says it
// is: its title names every content word of the place ("go to the cart"
// on "Shopping cart · Greenleaf") and every quoted value. The words on a
// link or a heading are no evidence: a banner's "Cart" link, or a
// sidebar's "Your cart", shows on every page. ok is false when the intent
// names no place ("go back") or the page has no title: the act then shows
// only as a change of screen.
func judgePlace(rest, values []string, b Brief) (finding, bool) {
	var place []word
	for _, w := range contentWords(strings.Join(rest, " ")) {
		// A text of stop words alone keeps them: they name nothing.
		if w.wt >= 1 && !placeWords[w.raw] && !stopwords[w.raw] && !weakWords[w.raw] {
			place = append(place, w)
		}
	}
	title := strings.TrimSpace(b.Title)
	if len(place) == 0 && len(values) == 0 || title == "" {
		return finding{}, false
	}
	lower := strings.ToLower(title)
	for _, v := range values {
		if !strings.Contains(lower, strings.ToLower(strings.TrimSpace(v))) {
			return finding{0.05, "the page title " + strconv.Quote(title) + " does not name " + strconv.Quote(v)}, true
		}
	}
	if len(place) > 0 && !namesAll(place, contentWords(title)) {
		return finding{0.05, "the page title " + strconv.Quote(title) + " does not name the place"}, true
	}
	return finding{0.9, "the page title " + strconv.Quote(title) + " names the place"}, true
}

// ActIntent reports whether a `do` intent names an act whose success shows
// only as a change of screen ("continue to the next step", "go to the
// cart", "start a new message") rather than a state that words on the
// screen can prove ("save the draft" → "Draft saved", "tick the terms box"
// → a checked box). The local decider judges an act intent as not
// achieved, unless it reaches a place the page's title names (see
// judgePlace), so a runtime should count such a `do` done by the change
// its chosen press made.
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
func judgeIntent(raw []string, values []string, items []item, b Brief) finding {
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
	case verb == "empty" || (verb == "clear" || verb == "remove" || verb == "delete") && (slices.Contains(rest, "all") || slices.Contains(rest, "every")):
		// "empty my saved addresses", "remove all addresses": reached when
		// the screen says the list is empty.
		return judgeEmpty(rest, items)
	case toggleOf(verb) != "" && (slices.Contains(rest, "every") || slices.Contains(rest, "all") || slices.Contains(rest, "each")):
		return judgeEvery(raw, items)
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
		f := judgeWords(rest, values, items, b)
		return finding{1 - f.p, f.why}
	case placeVerbs[verb]:
		if f, ok := judgePlace(rest, values, b); ok {
			return f
		}
		return finding{0.05, strconv.Quote(verb) + " shows only as a change of screen"}
	case actVerbs[verb]:
		return finding{0.05, strconv.Quote(verb) + " shows only as a change of screen"}
	}
	// The participle goes first: a count at the end ("for order 4411")
	// must meet its own noun, not the participle.
	return judgeWords(append([]string{participle(verb)}, rest...), values, items, b)
}

// surfacesLine makes a status line of a text an action made appear.
func surfacesLine(text string) surfaces.ContextLine {
	return surfaces.ContextLine{Role: "status", Text: text}
}

// participle forms the past participle of a goal's verb: the word a screen
// uses to say the act happened ("renewed", "followed", "forgotten").
func participle(verb string) string {
	if p, ok := participles[verb]; ok {
		return p
	}
	if p, ok := irregular[verb]; ok {
		return p
	}
	switch {
	case strings.HasSuffix(verb, "e"):
		return verb + "d"
	case strings.HasSuffix(verb, "y") && len(verb) > 2 && !strings.ContainsRune("aeiou", rune(verb[len(verb)-2])):
		return verb[:len(verb)-1] + "ied"
	}
	return verb + "ed"
}

// irregular participles of verbs a goal may start with.
var irregular = map[string]string{"forget": "forgotten", "send": "sent", "pay": "paid", "buy": "bought", "give": "given",
	"leave": "left", "make": "made", "keep": "kept", "get": "got", "put": "put", "set": "set", "read": "read", "end": "ended",
	"stop": "stopped", "begin": "begun", "write": "written", "hide": "hidden", "take": "taken", "find": "found", "hold": "held"}

// isParticiple reports whether w reads as a past participle: a regular
// -ed form or an irregular one a goal may end in.
func isParticiple(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "ed") || irregularForms[w]
}

// irregularForms are the values of irregular, as a set.
var irregularForms = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range irregular {
		if !strings.HasSuffix(p, "ed") && p != "read" && p != "set" && p != "put" && p != "left" {
			m[p] = true
		}
	}
	return m
}()

// judgeEvery judges a step over a set of boxes ("untick every topic
// except Product news"): reached when every box on the screen that the
// step does not except shows the state it wants.
func judgeEvery(raw []string, items []item) finding {
	want := toggleOf(raw[0])
	_, except := everyOf(raw)
	// A set named by meaning ("tick every word similar to cold") is the
	// boxes whose words mean it, as membersToToggle reads it.
	meant := meantWords(strings.Join(raw, " "))
	total, left := 0, 0
	for _, it := range items {
		c := it.cand
		if c == nil || !(c.Role == "checkbox" || c.Role == "switch" || c.Role == "menuitemcheckbox") {
			continue
		}
		if len(except) > 0 && namesAll(except, contentWords(c.Name)) {
			continue
		}
		if len(meant) > 0 && !meansAll(meant, contentWords(c.Name)) {
			continue
		}
		total++
		if on := c.Has(surfaces.StateChecked) || c.Has(surfaces.StateSelected); on != (want == "on") {
			left++
		}
	}
	switch {
	case total == 0:
		return finding{0.05, "no box on the screen to set"}
	case left > 0:
		return finding{0.05, strconv.Itoa(left) + " of " + strconv.Itoa(total) + " boxes are not " + want + " yet"}
	}
	return finding{0.95, "all " + strconv.Itoa(total) + " boxes the step sets are " + want}
}

// statesItself reports whether a goal that does not start with a known
// verb is written as the state to reach ("cookies accepted", "newsletter
// off"): a participle or a state word in it says so.
func statesItself(raw []string) bool {
	for _, w := range raw[1:] {
		if isParticiple(w) || stateWords[w] != "" {
			return true
		}
	}
	return false
}
