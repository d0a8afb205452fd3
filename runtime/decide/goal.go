package decide

import (
	"slices"
	"strings"
	"unicode"

	"flow/surfaces"
)

// A do step ends only on named evidence, which the runtime reads from the
// screen itself, never from the step's words on it: the control the step
// is about shows the state asked, what the step closes or removes is gone,
// an act of the step changed the thing it is about, or a message that
// appeared after the act confirms it. [Goal] is the step read for that
// evidence: what kind of end it asks for (a state, an absence, or only an
// act), the words that name its object, and the words a confirmation of it
// would say. It asks no decider: reading it costs a few microseconds and
// gives the same answer for every provider.

// GoalKind is the end a do step asks for, read from its verb.
type GoalKind int

// The ends a step can ask for.
const (
	// GoalAct: an act whose success only its effect or a confirmation
	// shows ("save the settings", "follow Mia", "search for flights").
	GoalAct GoalKind = iota
	// GoalOn: a box or switch ticked, an item marked done ("tick the
	// terms", "turn on email alerts", "mark Buy milk as done").
	GoalOn
	// GoalOff: the same unticked ("untick the newsletter", "mark Buy
	// milk as not done").
	GoalOff
	// GoalChosen: an option, radio or tab chosen ("choose Express").
	GoalChosen
	// GoalExpanded: a section or disclosure opened ("expand the
	// delivery details").
	GoalExpanded
	// GoalClosed: a dialog, banner or notice closed ("close the dialog",
	// "dismiss the cookie banner").
	GoalClosed
	// GoalRemoved: an item removed ("delete the item \"Buy milk\"").
	GoalRemoved
	// GoalShown: a step written as what should show ("story 11 is
	// shown"): a line or control that appeared after its act and names
	// it confirms it; words already on the screen do not.
	GoalShown
)

// String names the kind as the trace's evidence notes do.
func (k GoalKind) String() string {
	return [...]string{"act", "on", "off", "chosen", "expanded", "closed", "removed", "shown"}[k]
}

// Goal is a do step's intent read for the evidence that may end it.
type Goal struct {
	Kind GoalKind
	// Verb is the step's verb, normalised ("switchon" for "turn on").
	Verb string
	// object are the words that name what the step is about: its content
	// words without the verb and the state it asks.
	object []word
	// done are the stems a message confirming the act says ("saved",
	// "stored", "updated" for save).
	done []string
	// names are the words a step that shows something names it by
	// ("Kara-Lynn" of "show the contact Kara-Lynn"): what appears must
	// say them; the rest of the object ("contact") says what sort of
	// thing it is.
	names []word
	// byMeaning: the step names its object by what it means ("the box
	// whose word means the same as rabbit"), so a word the lexicon
	// relates to the object names it.
	byMeaning bool
}

// Verbs of each end; "mark … as done" and "mark … as not done" are read
// from their state words.
var (
	onVerbs       = set("tick check enable switchon activate complete finish", nil)
	offVerbs      = set("untick uncheck disable switchoff deactivate deselect unselect", nil)
	chooseVerbs   = set("choose select pick", nil)
	expandVerbs   = set("expand unfold", nil)
	closeVerbs    = set("close dismiss hide", nil)
	removeVerbs   = set("remove delete clear discard erase trash destroy", nil)
	doneStates    = set("done complete completed finished read", nil)
	notDoneStates = set("incomplete undone unfinished active unread open pending", nil)
)

// shownWords make a step that starts with no verb a statement of what
// should show ("story 11 is shown", "the results are listed").
var shownWords = set("shown visible displayed listed appears appear appeared present", nil)

// sectionNouns make "open" and "show" expand: "open the delivery
// details", "show more options".
var sectionNouns = set("section details detail panel accordion disclosure more menu submenu", nil)

// ReadGoal reads a do intent. A clause after "so" or "until" says what
// the end looks like and is left out of the object.
func ReadGoal(intent string) Goal {
	raw := clauseBeforeSo(rawWords(intent))
	for len(raw) > 0 && (raw[0] == "please" || raw[0] == "now" || raw[0] == "then") {
		raw = raw[1:]
	}
	if len(raw) == 0 {
		return Goal{}
	}
	g := Goal{Verb: raw[0]}
	rest := raw[1:]
	var names []word // what a step that shows a thing names it by
	if raw[0] == "show" || raw[0] == "find" {
		names = properNames(intent)
	}
	switch v := raw[0]; {
	case onVerbs[v]:
		g.Kind = GoalOn
	case offVerbs[v]:
		g.Kind = GoalOff
	case v == "mark" || v == "set":
		// "mark Buy milk as done", "mark it as not done", "set X to done".
		for i, w := range rest {
			if w != "as" && w != "to" {
				continue
			}
			state := rest[i+1:]
			neg := len(state) > 0 && (state[0] == "not" || state[0] == "un")
			if neg {
				state = state[1:]
			}
			switch {
			case len(state) > 0 && doneStates[state[0]] && !neg:
				g.Kind = GoalOn
			case len(state) > 0 && (doneStates[state[0]] && neg || notDoneStates[state[0]]):
				g.Kind = GoalOff
			}
			if g.Kind != GoalAct {
				rest = rest[:i]
			}
			break
		}
	case v == "ensure" || v == "make" && len(rest) > 0 && rest[0] == "sure":
		// "make sure weekly digest is off", "ensure dark mode is on".
		if v == "make" {
			rest = rest[1:]
		}
		for i := len(rest) - 2; i >= 0; i-- {
			if rest[i] != "is" && rest[i] != "are" {
				continue
			}
			switch st := rest[i+1]; {
			case st == "on" || st == "enabled" || st == "checked" || st == "ticked" || st == "selected":
				g.Kind, rest = GoalOn, rest[:i]
			case st == "off" || st == "disabled" || st == "unchecked" || st == "unticked":
				g.Kind, rest = GoalOff, rest[:i]
			}
			break
		}
	case chooseVerbs[v]:
		g.Kind = GoalChosen
	case expandVerbs[v]:
		g.Kind = GoalExpanded
	case (v == "open" || v == "show") && slices.ContainsFunc(rest, func(w string) bool { return sectionNouns[w] }):
		g.Kind = GoalExpanded
	case (v == "show" || v == "find") && len(names) > 0:
		// "show the contact Kara-Lynn in the contact book", "find Ada
		// Lovelace in the directory": what must come into view is the
		// one the step names by name; where to look is no part of it.
		g.Kind, g.Verb = GoalShown, ""
		for i, w := range rest {
			if i > 0 && (w == "in" || w == "on" || w == "within" || w == "among") {
				rest = rest[:i]
				break
			}
		}
		g.names = names
	case closeVerbs[v]:
		g.Kind = GoalClosed
	case removeVerbs[v]:
		g.Kind = GoalRemoved
	case !actVerbs[v] && !placeVerbs[v] && slices.ContainsFunc(raw, func(w string) bool { return shownWords[w] }):
		g.Kind, g.Verb, rest = GoalShown, "", raw
	}
	// "close the dialog with the × in its title bar": what follows with,
	// using or via is the means, not the object.
	for i, w := range rest {
		if w == "with" || w == "using" || w == "via" {
			rest = rest[:i]
			break
		}
	}
	objText := strings.Join(rest, " ")
	if m := MeantWord(intent); m != "" {
		// "tick the box whose word means the same as rabbit": the
		// object is what the box's word means.
		objText, g.byMeaning = m, true
	}
	for _, w := range contentWords(objText) {
		if w.wt >= 1 && !(g.Kind == GoalShown && presenceWords[w.raw]) {
			g.object = append(g.object, w)
		}
	}
	g.done = doneStems(g.Verb)
	return g
}

// doneStems are the stems of the words that say an act of verb happened:
// its participle and those of its synonyms ("saved", "stored", "updated"
// for save).
func doneStems(verb string) []string {
	if verb == "" {
		return nil
	}
	verbs := []string{verb}
	for _, gi := range synonyms[stem(verb)] {
		verbs = append(verbs, synonymGroups[gi]...)
	}
	var out []string
	for _, v := range verbs {
		if strings.ContainsAny(v, "+−-×✕") || len(v) < 3 {
			continue
		}
		s := stem(participle(v))
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// HasObject reports whether the step names its object with words of its
// own (not only kind words such as "the dialog").
func (g Goal) HasObject() bool { return len(g.object) > 0 }

// Object is the goal's object words as read, for messages.
func (g Goal) Object() string {
	var ws []string
	for _, w := range g.object {
		ws = append(ws, w.raw)
	}
	return strings.Join(ws, " ")
}

// Names reports the share of the goal's object words that texts meet (as
// themselves or a close form; 0 when the goal names no object).
func (g Goal) Names(texts ...string) float64 {
	if len(g.object) == 0 {
		return 0
	}
	var ws []word
	for _, t := range texts {
		ws = append(ws, contentWords(t)...)
	}
	met := 0
	for _, o := range g.object {
		if matchIn(o, ws) >= 0.8 {
			met++
		}
	}
	return float64(met) / float64(len(g.object))
}

// Shows reports whether text names what a GoalShown step asks to show:
// every name the step gives it, or, with none, every object word.
func (g Goal) Shows(text string) bool {
	if len(g.names) == 0 {
		return g.Names(text) == 1
	}
	ws := contentWords(text)
	for _, n := range g.names {
		if matchIn(n, ws) < 0.8 {
			return false
		}
	}
	return true
}

// HasNames reports whether the step names what it shows by name.
func (g Goal) HasNames() bool { return len(g.names) > 0 }

// properNames are the content words of intent, outside quotes, written
// with a capital after its first word: the names it gives a thing.
//
// A name runs on through the words after it up to a preposition: "the
// Past week" names the tab "Past week", and a heading "Past day" does
// not show it.
func properNames(intent string) []word { return nameWords(intent, true) }

// capitalised are the content words of intent, outside quotes, written
// with a capital after its first word, without the words after them.
func capitalised(intent string) []word { return nameWords(intent, false) }

// nameWords is properNames, or capitalised when run is false.
func nameWords(intent string, run bool) []word {
	var out []word
	in := false
	for i, f := range strings.Fields(intent) {
		r := []rune(strings.TrimLeft(f, `"'“(`))
		if len(r) == 0 || strings.HasPrefix(f, `"`) {
			in = false
			continue
		}
		switch {
		case i > 0 && unicode.IsUpper(r[0]):
			in = true
		case run && in && !nameEnds[strings.ToLower(strings.Trim(f, `.,;:!?'"”)`))]:
		default:
			in = false
			continue
		}
		out = append(out, contentWords(f)...)
	}
	return out
}

// nameEnds are the words that end a name a step gives: "find Ada
// Lovelace in the directory".
var nameEnds = set("in on at from of for with to within among by and or so until then that which", nil)

// NamesOnly reports whether every object word that is not a kind word
// (kinds: the words that name what sort of thing the object is, such as
// dialog or banner) is met by texts; with no such word it is false.
func (g Goal) NamesOnly(kinds map[string]bool, texts ...string) bool {
	var ws []word
	for _, t := range texts {
		ws = append(ws, contentWords(t)...)
	}
	n := 0
	for _, o := range g.object {
		if kinds[o.raw] || kinds[o.stem] {
			continue
		}
		n++
		o.meant = g.byMeaning
		if matchIn(o, ws) < 0.8 && !(o.meant && matchMeaningIn(o, ws) >= meaningFloor) {
			return false
		}
	}
	return n > 0
}

// ObjectWithout returns the object words that are not kind words.
func (g Goal) ObjectWithout(kinds map[string]bool) []string {
	var out []string
	for _, o := range g.object {
		if !kinds[o.raw] && !kinds[o.stem] {
			out = append(out, o.raw)
		}
	}
	return out
}

// denials deny the act a message would otherwise confirm.
var denials = set("not no never failed fail unable cannot couldnt couldn wasnt wasn error invalid problem sorry", nil)

// successWords confirm any act.
var successWords = set("success successfully done confirmed complete completed thank thanks", nil)

// SaysDone reports whether text holds the participle of the goal's verb
// or a synonym ("Item deleted"), not only a word of success.
func (g Goal) SaysDone(text string) bool {
	for _, w := range rawWords(text) {
		if g.doneWord(w) {
			return true
		}
	}
	return false
}

// doneWord reports whether w is the participle of the goal's verb or of a
// synonym ("saved", "sent", "stored"): the verb itself or its -ing form is
// the step's own word on the screen ("Tip: press Enter", "Saving…"), an
// instruction or a progress note, never a sign that the act happened.
func (g Goal) doneWord(w string) bool {
	return isParticiple(w) && slices.Contains(g.done, stem(w))
}

// Confirms reports whether a message (a line that appeared after the
// step's act) says the step's act happened: it holds the participle of the
// step's verb or of a synonym ("Settings saved", "Changes stored" for
// "save the settings"), or a word of success ("Done", "Thank you"), and no
// word that denies it ("Could not save", "not sent").
func (g Goal) Confirms(text string) bool {
	raw := rawWords(text)
	if len(raw) == 0 {
		return false
	}
	said := false
	for _, w := range raw {
		if denials[w] || strings.HasSuffix(w, "n't") {
			return false
		}
		if successWords[w] || g.doneWord(w) {
			said = true
		}
	}
	return said
}

// youChose reports whether words before a refusal make the reader its
// subject: "you rejected", "you have declined", "you've denied".
func youChose(before []string) bool {
	n := len(before)
	switch {
	case n >= 1 && before[n-1] == "you":
		return true
	case n >= 2 && before[n-2] == "you" && (before[n-1] == "have" || before[n-1] == "ve" || before[n-1] == "had"):
		return true
	}
	return false
}

// tooWords follow "too" in a value's complaint.
var tooWords = set("short long many few low high small big large", nil)

// ErrorText reports whether a text asks the reader to correct something:
// "required", "invalid", "must", "is not valid", "enter a …", "please …".
func ErrorText(text string) bool {
	raw := rawWords(text)
	for i, w := range raw {
		switch w {
		case "declined", "denied", "rejected":
			// "Your card was declined" complains; "You have rejected
			// additional cookies" says what the reader chose (GOV.UK's
			// cookie banner, as "Invitation declined." on the trust site).
			if !youChose(raw[:i]) {
				return true
			}
		case "required", "invalid", "incorrect", "must", "error", "problem", "wrong", "failed", "unable", "cannot", "mandatory",
			"expired", "missing":
			return true
		case "could", "try":
			if i+1 < len(raw) && (raw[i+1] == "not" || raw[i+1] == "again" || raw[i+1] == "n" || raw[i+1] == "another") {
				return true
			}
		case "too":
			// "too short", "too long", "too many": a value out of bounds
			// (the property tests' username field; GOV.UK's character
			// count says "too many characters").
			if i+1 < len(raw) && tooWords[raw[i+1]] {
				return true
			}
		case "taken":
			// "That username is taken", "already taken" ("your order has
			// been taken" confirms).
			if i > 0 && (raw[i-1] == "is" || raw[i-1] == "already") {
				return true
			}
		case "unavailable":
			return true
		case "not":
			if i+1 < len(raw) && (raw[i+1] == "valid" || raw[i+1] == "recognised" || raw[i+1] == "recognized" || raw[i+1] == "allowed" || raw[i+1] == "match") {
				return true
			}
		case "please", "enter":
			if i == 0 {
				return true
			}
		}
	}
	return false
}

// Lexicon of what a control does, for a step whose verb closes, removes
// or edits: a control chosen for it must read as that act.
var (
	removeSigns = set("delete remove trash bin destroy garbage wastebasket discard erase clear wipe purge empty × ✕ ✖ x 🗑", nil)
	closeSigns  = set("close dismiss hide × ✕ ✖ x cancel done ok okay nothanks gotit", nil)
	editSigns   = set("edit rename modify change pencil pen ✎ ✏", nil)
)

// Edits reports whether the goal's verb edits ("edit", "rename",
// "change" the item).
func (g Goal) Edits() bool { return editSigns[g.Verb] }

// FitsVerb reports whether a control named name (its name, icon words or
// class words) reads as the act the goal's verb asks for, when the verb
// is one whose target must say so (remove, close, edit); ok is false when
// the verb asks nothing of its target's name. A checkbox never removes.
func (g Goal) FitsVerb(c surfaces.Candidate) (fits, ok bool) {
	var signs map[string]bool
	switch {
	case g.Kind == GoalRemoved:
		signs = removeSigns
	case g.Kind == GoalClosed:
		signs = closeSigns
	case editSigns[g.Verb]:
		signs = editSigns
	default:
		return false, false
	}
	if g.Kind == GoalRemoved && (c.Role == "checkbox" || c.Role == "radio" || c.Role == "switch" || c.Role == "menuitemcheckbox") {
		return false, true
	}
	for _, w := range rawWords(c.Name + " " + c.Description) {
		if signs[w] || signs[stem(w)] {
			return true, true
		}
		for _, gi := range synonyms[stem(w)] {
			for _, s := range synonymGroups[gi] {
				if signs[s] && s != "x" {
					return true, true
				}
			}
		}
	}
	return false, true
}

// collections name what holds every item: a control that clears one
// ("Clear list", "Empty trash", "Clear history") acts on all of them.
var collections = set("list lists history cart basket trash bin inbox downloads everything completed", nil)

// ForAll reports whether a control acts on every item: it says all
// (AllControl), or its object is the collection itself ("Clear list").
func ForAll(name string) bool {
	if AllControl(name) {
		return true
	}
	raw := rawWords(name)
	return len(raw) >= 2 && len(raw) <= 3 && collections[raw[len(raw)-1]]
}

// AllControl reports whether a control acts on every item of a list
// ("Mark all as complete", "Select all", "Delete all"): a step about one
// item never presses it.
func AllControl(name string) bool {
	raw := rawWords(name)
	for _, w := range raw {
		if w == "all" || w == "every" || w == "everything" {
			return true
		}
	}
	return false
}

// StepSaysAll reports whether a step asks for every item ("mark all as
// done", "select every topic"), so an all-items control fits it.
func StepSaysAll(intent string) bool {
	every, _ := everyOf(rawWords(intent))
	return every
}

// EveryState reads a step over a set of boxes ("untick every topic except
// Product news", "tick all the boxes") on s: known when the step is one,
// done when every box it sets shows its state.
func EveryState(intent string, s surfaces.Screen) (done, known bool, why string) {
	raw := rawWords(intent)
	if len(raw) == 0 || toggleOf(raw[0]) == "" || !StepSaysAll(intent) {
		return false, false, ""
	}
	items := make([]item, 0, len(s.Candidates))
	for i := range s.Candidates {
		items = append(items, item{cand: &s.Candidates[i]})
	}
	f := judgeEvery(raw, items)
	return f.p >= 0.9, true, f.why
}

// PlaceIntent reports whether a do intent is to reach a place ("go to
// the cart", "return to the search results"), which the page's title can
// prove.
func PlaceIntent(intent string) bool {
	raw := rawWords(intent)
	return len(raw) > 1 && placeVerbs[raw[0]]
}

// TitleNames reports whether a page title names the place a place intent
// goes to: every content word of the place and every quoted value.
func TitleNames(intent, title string) bool {
	raw := rawWords(quoted.ReplaceAllString(intent, " "))
	if len(raw) < 2 {
		return false
	}
	f, ok := judgePlace(raw[1:], quotedValues(intent), Brief{Title: title})
	return ok && f.p >= 0.9
}

// PressFits reports whether a pressed control's name says the step's act
// or object, so the press that changed it is the step done ("Renew" for
// "renew the loan of Dune", "Search flights" for "search for flights"):
// its words meet the step's verb, or every object word that does not
// name the step's anchor (a press on the row "Deva: meeting" for "reply
// to the email from Deva" only opened the email).
func (g Goal) PressFits(intent, name string) bool {
	ws := contentWords(name)
	if len(ws) == 0 || g.Verb == "" {
		return false
	}
	if matchIn(newWord(g.Verb, 1), ws) >= 0.8 {
		return true
	}
	anchor := contentWords(anchorOf(intent, rawWords(intent)))
	n, met := 0, 0
	for _, o := range g.object {
		if matchIn(o, anchor) >= 1 {
			continue
		}
		n++
		if matchIn(o, ws) >= 0.8 {
			met++
		}
	}
	return n > 0 && met == n
}

// quotedValues are the texts a step quotes.
func quotedValues(text string) []string {
	var out []string
	for _, m := range quoted.FindAllStringSubmatch(text, -1) {
		for _, g := range m[1:] {
			if g != "" {
				out = append(out, g)
			}
		}
	}
	return out
}

// ReadStop reads a stop_before phrase ("sending the message", "paying for
// the order") as the goal of the act it stops before: its gerund made the
// verb it is of, so that an approved press is confirmed in the words that
// verb's messages use ("Message sent").
func ReadStop(phrase string) Goal {
	raw := slices.Clone(rawWords(phrase)) // rawWords's slices are shared
	if len(raw) == 0 || !strings.HasSuffix(raw[0], "ing") || len(raw[0]) < 5 {
		return ReadGoal(phrase)
	}
	raw[0] = verbOfGerund(raw[0])
	return ReadGoal(strings.Join(raw, " "))
}

// verbOfGerund undoes -ing: "submitting" → submit, "deleting" → delete,
// "sending" → send. Of the forms it could be, the first a lexicon knows
// wins; else a doubled final consonant is undone, else the bare cut.
func verbOfGerund(w string) string {
	cut := w[:len(w)-3]
	forms := []string{cut + "e", cut}
	if n := len(cut); n >= 3 && cut[n-1] == cut[n-2] {
		forms = append([]string{cut[:n-1]}, forms...)
	}
	for _, f := range forms {
		if knownVerb(f) {
			return f
		}
	}
	if n := len(cut); n >= 3 && cut[n-1] == cut[n-2] && !strings.ContainsRune("ls", rune(cut[n-1])) {
		return cut[:n-1]
	}
	// English writes no word ending in c, v or dg, nor a vowel and s
	// ("plac", "reserv", "judg", "clos"), where the verb ends in e.
	if strings.HasSuffix(cut, "c") || strings.HasSuffix(cut, "v") || strings.HasSuffix(cut, "dg") ||
		len(cut) >= 3 && cut[len(cut)-1] == 's' && strings.ContainsRune("aeio", rune(cut[len(cut)-2])) {
		return cut + "e"
	}
	return cut
}

// knownVerb reports whether a lexicon of this package lists v as a verb.
func knownVerb(v string) bool {
	if actVerbs[v] || removeVerbs[v] || closeVerbs[v] || chooseVerbs[v] || onVerbs[v] || offVerbs[v] {
		return true
	}
	if _, ok := participles[v]; ok {
		return true
	}
	_, ok := irregular[v]
	return ok
}
