package decide

import (
	"regexp"
	"slices"
	"strings"
)

// Stage 1 of the local decider: the step's words parsed once into a frame.
//
// A frame says what the step wants done (its act), to what (its object
// words), how (qualifiers that exclude look-alikes: "only the required",
// "turn off", "reject"), where (an anchor entity: the card, row or item
// that names it), which of several equal ones (an ordinal), and, for a
// field named only by its kind ("the text field", "the options"), that
// kind. Later stages read the frame; they never go back to the text.

// frame is one question's ask, parsed.
type frame struct {
	purpose Purpose
	ask     string
	// verbs are the raw words of the ask, for role hints.
	verbs []string
	// words are the content words of the ask (with the anchor's words:
	// they count when no group on the screen names the anchor).
	words []word
	// object are the content words without the anchor's: what a control
	// must say when the anchor already placed it.
	object []word
	// pol are the ask's polarities (see [polarity]).
	pol polarity
	// affixes are the pieces of a name the step gives ("the suggestion
	// that ends with \"ino\""; see [byAffix]).
	affixes []affix
	// anchor is the entity the step places its target by ("Acme" of
	// "archive the invoice from Acme"), "" for none.
	anchor      string
	anchorWords []word
	// ordinal picks among look-alikes by position: 1 first, 2 second, …,
	// -1 last; 0 when the step says none.
	ordinal int
	// kind is set when the ask names a field only by its kind: "text",
	// "date", "slider", "radio", "checkbox", "number".
	kind string
	// every marks a step over a set ("untick every topic", "tick all the
	// boxes"); except are the words of the members it leaves out
	// ("except Product news").
	every  bool
	except []word
	// toggle is the state a toggling step wants: "on" (tick, check,
	// enable), "off" (untick, uncheck, disable) or "".
	toggle string
	// value and norm are the sought value's words and squashed text.
	value []word
	norm  string
	// objText is the ask after its verb, squashed, for a control whose
	// whole name it is (see [objectText]); role the role noun it names
	// its target by (see [roleNounOf]), nil for none.
	objText string
	quoted  string // the quoted name of a do's target (see [quotedName])
	role    *roleNoun
	// readKind is the kind of text a read names by its kind alone
	// ("paragraph", "math problem", "label"; see [readKindOf]), and
	// readOrd the field whose label it reads.
	readKind string
	readOrd  int
	// limit is the direction of the limit a read asks for ("the minimum
	// age"; see [byLimit]).
	limit limit
}

// anchorPreps introduce an entity that places the target when they follow
// an object ("the invoice from Acme", "the quantity of the moka pot"): a
// preposition right after the verb is the object itself ("search for
// flights", "continue with the fare").
var anchorPreps = set("from with of for", nil)

// byMeasures are the verbs whose "by" says how, not whose: "sort the
// list by date", "increase the amount by 10".
var byMeasures = set("sort order filter rank group arrange increase decrease raise lower reduce multiply divide pay", nil)

// groupNouns name a group a step can place its target in: "in the row
// \"Acme\"", "on the card \"Room 2\"".
var groupNouns = set("card row item entry section panel dialog tile listing line box group column", nil)

// placePreps are the prepositions that place a control in a group a
// quoted text names: "on the post \"…\"", "for the order \"…\"".
var placePreps = set("on in of for from within inside under", nil)

// placedBy reports whether the words before a quoted text place a control
// in a group of any kind: a preposition, an article and a noun that is no
// role ("Like on the post", not "click on the button").
func placedBy(before []string) bool {
	n := len(before)
	if n < 2 {
		return false
	}
	noun, i := before[n-1], n-2
	if before[i] == "the" || before[i] == "a" {
		i--
	}
	if i < 1 || !placePreps[before[i]] || roleHeads[noun] != "" || controlHeads[noun] != "" || noun == "icon" || isNumber(noun) {
		return false
	}
	return true
}

// ordinals map position words to an ordinal.
var ordinals = map[string]int{"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
	"fifth": 5, "5th": 5, "last": -1, "top": 1, "bottom": -1, "topmost": 1, "final": -1}

// kindWords name a field by its kind; the value is the kind.
var kindWords = map[string]string{"text": "text", "textbox": "text", "input": "text", "date": "date", "slider": "slider",
	"range": "slider", "options": "radio", "option": "radio", "radio": "radio", "radios": "radio", "choices": "radio",
	"checkbox": "checkbox", "number": "number", "spinner": "number"}

// kindFiller are the words that may stand beside a kind word in a kind-only
// ask ("the text field", "the radio buttons").
var kindFiller = set("the a an field box input button buttons one only single", nil)

// parseFrame parses a question's ask (or its step when the ask is empty).
func parseFrame(q Question) *frame {
	ask := q.Ask
	if strings.TrimSpace(ask) == "" {
		ask = q.Step
	}
	f := &frame{purpose: q.Purpose, ask: ask, verbs: rawWords(ask)}
	// "the box whose word means the same as rabbit": the control is named
	// by what it means, and only the meant word names it.
	if f.words = meantWords(ask); f.words == nil {
		f.words = append([]word(nil), contentWords(ask)...)
	}
	// Counts and amounts in a do's intent ("raise the quantity to 3") say
	// what to reach, not which control to press.
	if q.Purpose == PurposeTarget || q.Purpose == PurposeMove {
		for i := range f.words {
			if isNumber(f.words[i].raw) {
				f.words[i].wt = weakWeight
			}
		}
	}
	f.anchor = anchorOf(ask, f.verbs)
	f.affixes = affixesOf(ask)
	for _, a := range f.affixes {
		if normName(f.anchor) == a.text {
			f.anchor = "" // a piece of the name places no group
		}
	}
	if f.anchor != "" {
		f.anchorWords = contentWords(f.anchor)
		for _, w := range f.words {
			if matchIn(w, f.anchorWords) < 1 {
				f.object = append(f.object, w)
			}
		}
	}
	if len(f.object) == 0 {
		f.object = slices.Clone(f.words)
	}
	f.pol = polarityOf(clauseBeforeSo(f.verbs))
	// An ordinal counts where the step itself says it: "the second Edit",
	// not "the card \"Third plan\"" or "the loan of First Light".
	unquoted := rawWords(quoted.ReplaceAllString(ask, " "))
	for i, w := range unquoted {
		n, ok := ordinalWord(w)
		numbered := ""
		if !ok && (w == "number" || w == "no") && i > 0 && i+1 < len(unquoted) && isNumber(unquoted[i+1]) {
			// "textbox number 3": a position after the noun it counts.
			n, ok = ordinalWord(unquoted[i+1] + "th")
			numbered, w = w, unquoted[i+1]
		}
		if ok && f.ordinal == 0 && !slices.Contains(rawWords(f.anchor), w) {
			f.ordinal = n
			if fromBottom(unquoted[i:]) && n > 0 {
				f.ordinal = -n // "the 2nd from the bottom"
			}
			// The ordinal counts; it is no word to find ("Second plan").
			f.words = slices.DeleteFunc(f.words, func(x word) bool { return x.raw == w || x.raw == numbered })
			f.object = slices.DeleteFunc(f.object, func(x word) bool { return x.raw == w || x.raw == numbered })
		}
	}
	f.kind = kindOf(f.verbs)
	f.every, f.except = everyOf(clauseBeforeSo(f.verbs))
	if len(f.except) > 0 {
		f.words = slices.DeleteFunc(f.words, func(x word) bool { return matchIn(x, f.except) >= 1 })
		f.object = slices.DeleteFunc(f.object, func(x word) bool { return matchIn(x, f.except) >= 1 })
	}
	if len(f.verbs) > 0 {
		f.toggle = toggleOf(f.verbs[0])
	}
	if q.Value != "" {
		f.value = contentWords(q.Value)
		f.norm = squash(q.Value)
	}
	f.objText = objectText(f)
	if len(f.affixes) == 0 {
		f.quoted = quotedName(f) // else the quoted text is a piece of a name
	}
	f.role = roleNounOf(q.Purpose, ask)
	if q.Purpose == PurposeText {
		f.readKind, f.readOrd = readKindOf(ask)
		f.limit = limitOf(ask)
	}
	return f
}

// byMeaning reports whether the step names its control by what a word
// means (MeantWord): its words are then the meant word's alone.
func (f *frame) byMeaning() bool {
	return len(f.words) > 0 && f.words[0].meant
}

// meaningPhrase is a step naming a control by what its word means: "the
// box whose word means the same as rabbit", "a word similar to angry", "a
// synonym of big".
var meaningPhrase = regexp.MustCompile(`(?i)\b(?:means?|meaning)\s+(?:the\s+same\s+as|nearly\s+the\s+same\s+as|like)\s+(.+)$|\b(?:similar\s+(?:in\s+meaning\s+)?to|(?:a\s+)?synonyms?\s+(?:of|for)|synonymous\s+with)\s+(.+)$`)

// meantWords returns the words of MeantWord(ask), each marked meant, or
// nil when the step names nothing by its meaning.
func meantWords(ask string) []word {
	m := MeantWord(ask)
	if m == "" {
		return nil
	}
	ws := append([]word(nil), contentWords(m)...)
	for i := range ws {
		ws[i].meant = true
	}
	return ws
}

// MeantWord is the word a step names a control by the meaning of
// ("rabbit" in "tick the box whose word means the same as rabbit"), or "".
// Such a step matches its control through the lexicon: "bunnies" means
// the same as "rabbit" to WordNet.
func MeantWord(ask string) string {
	m := meaningPhrase.FindStringSubmatch(ask)
	if m == nil {
		return ""
	}
	return strings.Trim(strings.TrimSpace(m[1]+m[2]), `."'`)
}

// fromBottom reports whether the words after an ordinal count from the
// end: "2nd from the bottom", "3rd from last".
func fromBottom(ws []string) bool {
	for i := 1; i+1 < len(ws) && i < 4; i++ {
		if ws[i] == "from" {
			for _, w := range ws[i+1 : min(len(ws), i+3)] {
				if w == "bottom" || w == "last" || w == "end" {
					return true
				}
			}
		}
	}
	return false
}

// clauseBeforeSo cuts "accept the cookies so the banner closes" at "so":
// the clause after it says what success looks like, not what to press.
func clauseBeforeSo(ws []string) []string {
	for i, w := range ws {
		if w == "so" || w == "until" {
			return ws[:i]
		}
	}
	return ws
}

// kindOf returns the kind an ask names when it names nothing else ("the
// text field", "the date", "the options"), else "".
func kindOf(raw []string) string {
	kind := ""
	for _, w := range raw {
		switch k, ok := kindWords[w]; {
		case ok && kind == "":
			kind = k
		case ok && k == kind, kindFiller[w]:
		default:
			return ""
		}
	}
	return kind
}

// anchorOf finds the entity an ask places its target by: quoted text
// after a group noun ("in the row \"Acme\""), the words after "next to"
// or "beside", or the words after from,
// with, of or for when an object stands between the verb and the
// preposition ("archive the invoice from Acme"), up to the end or a "so"
// clause. "" when there is none.
func anchorOf(ask string, raw []string) string {
	if m := quoted.FindStringSubmatchIndex(ask); m != nil {
		before := rawWords(ask[:m[0]])
		if n := len(before); n > 0 && (groupNouns[stem(before[n-1])] || placedBy(before)) {
			for _, g := range []int{2, 4, 6, 8} {
				if m[g] >= 0 {
					return ask[m[g]:m[g+1]]
				}
			}
		}
	}
	raw = clauseBeforeSo(raw)
	// "the checkbox next to Remember me", "the button beside the total".
	for i := 1; i+1 < len(raw); i++ {
		if raw[i] == "beside" || raw[i] == "next" && raw[i+1] == "to" {
			j := i + 1
			if raw[i] == "next" {
				j = i + 2
			}
			var ent []string
			for _, w := range raw[j:] {
				if !stopwords[w] {
					ent = append(ent, w)
				}
			}
			if len(ent) > 0 {
				return asWritten(ask, ent)
			}
		}
	}
	for i := 2; i < len(raw)-1; i++ {
		// "the post by @ana", "the review by Sam Lee": by names who made
		// the object, unless the verb orders or changes by an amount
		// ("sort the results by price", "raise the limit by 5").
		by := raw[i] == "by" && !byMeasures[raw[0]] && !isNumber(raw[i+1])
		if !anchorPreps[raw[i]] && !by {
			continue
		}
		// The words between the verb and the preposition must hold a
		// content word: "search for flights" names no anchor.
		object := false
		for _, w := range raw[1:i] {
			object = object || !stopwords[w] && !weakWords[w]
		}
		if !object {
			continue
		}
		var ent []string
		for _, w := range raw[i+1:] {
			if anchorPreps[w] || w == "to" || w == "in" || w == "on" || w == "as" || w == "at" || w == "by" {
				break
			}
			if !stopwords[w] {
				ent = append(ent, w)
			}
		}
		if len(ent) > 0 {
			return asWritten(ask, ent)
		}
	}
	return ""
}

// polarity is a set of directions a text takes: a step that says "only
// the required" excludes a control that says "all".
type polarity uint16

// The directions; each has an opposite (see [opposite]).
const (
	polAll polarity = 1 << iota
	polOnly
	polAccept
	polReject
	polOn
	polOff
	polMore
	polLess
	polNext
	polPrev
	polIn
	polOut
)

// polarityWords map raw (normalized) words to the direction they take.
var polarityWords = map[string]polarity{
	"all": polAll, "everything": polAll, "every": polAll,
	"only": polOnly, "required": polOnly, "necessary": polOnly, "essential": polOnly, "strictly": polOnly, "minimum": polOnly, "minimal": polOnly,
	"accept": polAccept, "allow": polAccept, "agree": polAccept, "approve": polAccept, "consent": polAccept,
	"reject": polReject, "decline": polReject, "deny": polReject, "refuse": polReject, "nothanks": polReject, "disagree": polReject,
	"switchon": polOn, "enable": polOn, "show": polOn, "expand": polOn, "unmute": polOn, "activate": polOn,
	"switchoff": polOff, "disable": polOff, "hide": polOff, "collapse": polOff, "mute": polOff, "deactivate": polOff,
	"increase": polMore, "raise": polMore, "increment": polMore, "plus": polMore, "+": polMore, "add": polMore, "more": polMore, "up": polMore,
	"decrease": polLess, "lower": polLess, "reduce": polLess, "decrement": polLess, "minus": polLess, "−": polLess, "fewer": polLess, "less": polLess, "down": polLess,
	"next": polNext, "forward": polNext, "right": polNext,
	"previous": polPrev, "prev": polPrev, "back": polPrev, "left": polPrev, "backward": polPrev,
	"signin": polIn, "signout": polOut,
}

// opposite gives each direction the one it excludes.
var opposite = map[polarity]polarity{polAll: polOnly, polOnly: polAll, polAccept: polReject, polReject: polAccept,
	polOn: polOff, polOff: polOn, polMore: polLess, polLess: polMore, polNext: polPrev, polPrev: polNext, polIn: polOut, polOut: polIn}

// polarityOf collects the directions of raw words; "turn … on" and "turn
// … off" take their particle anywhere after "turn".
func polarityOf(raw []string) polarity {
	var p polarity
	turn := false
	for _, w := range raw {
		if w == "turn" || w == "switch" || w == "toggle" || w == "set" {
			turn = true
		}
		if turn && w == "on" {
			p |= polOn
		}
		if turn && w == "off" {
			p |= polOff
		}
		p |= polarityWords[w]
	}
	// Qualifiers as logic: to reject the additional (optional,
	// analytics…) cookies is to keep only the essential ones, and to
	// accept them is to take all.
	if slices.ContainsFunc(raw, func(w string) bool { return beyondEssential[w] }) {
		if p&polReject != 0 {
			p |= polOnly
		}
		if p&polAccept != 0 {
			p |= polAll
		}
	}
	// To allow only the essential is to refuse the rest: with "only",
	// accepting says which ones stay, not a direction of its own.
	if p&polOnly != 0 && p&polAll == 0 {
		p &^= polAccept
	}
	return p
}

// beyondEssential are the words for what goes beyond the essential:
// "Reject additional cookies", "Accept optional cookies".
var beyondEssential = set("additional optional nonessential non-essential extra analytics analytical marketing advertising tracking performance statistics personalisation personalization", nil)

// conflict returns the first direction of want whose opposite have takes
// (and have does not take want's direction too: "Turn on/off" is neither).
func conflict(want, have polarity) (polarity, bool) {
	for d := polAll; d <= polOut; d <<= 1 {
		if want&d != 0 && have&opposite[d] != 0 && have&d == 0 {
			return d, true
		}
	}
	return 0, false
}

// polarityName is how a direction reads in a why phrase.
var polarityName = map[polarity]string{polAll: "all", polOnly: "only the required", polAccept: "accept", polReject: "reject",
	polOn: "on", polOff: "off", polMore: "more", polLess: "less", polNext: "next", polPrev: "previous", polIn: "sign in", polOut: "sign out"}

// asWritten finds the words ws (lower-cased, from the end of ask) as ask
// writes them, so a why phrase quotes the step; the words joined when
// they cannot be found.
func asWritten(ask string, ws []string) string {
	lower := strings.ToLower(ask)
	first, last := ws[0], ws[len(ws)-1]
	i := strings.LastIndex(lower, first)
	if i < 0 {
		return strings.Join(ws, " ")
	}
	j := strings.Index(lower[i:], last)
	if j < 0 || len(lower) != len(ask) {
		return strings.Join(ws, " ")
	}
	return ask[i : i+j+len(last)]
}

// everyOf reads a step over a set: whether it says every or all, and the
// words after except (or "but not", "other than", "apart from").
func everyOf(raw []string) (bool, []word) {
	every := false
	for i, w := range raw {
		switch {
		case w == "every" || w == "all" || w == "each":
			every = true
		case w == "except" || w == "but" && i+1 < len(raw) && raw[i+1] == "not" ||
			(w == "other" || w == "apart") && i+1 < len(raw) && (raw[i+1] == "than" || raw[i+1] == "from"):
			rest := raw[i+1:]
			if len(rest) > 0 && (rest[0] == "not" || rest[0] == "than" || rest[0] == "from") {
				rest = rest[1:]
			}
			var ex []word
			for _, r := range rest {
				if !stopwords[r] {
					ex = append(ex, newWord(r, 1))
				}
			}
			return every, ex
		}
	}
	return every, nil
}

// toggleOf is the state a toggling verb wants, "" for other verbs.
func toggleOf(verb string) string {
	switch verb {
	case "tick", "check", "enable", "switchon", "select":
		return "on"
	case "untick", "uncheck", "disable", "switchoff", "deselect", "unselect", "clear":
		return "off"
	}
	return ""
}
