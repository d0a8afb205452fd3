package decide

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"flow/internal/lexicon"
)

// Words: how the local decider reads text. Text is lower-cased, common
// multi-word expressions are joined into one token ("sign in" → signin),
// split into words of letters and digits, and each word is stemmed with a
// few English suffix rules. Synonyms map stems to a group so "from" meets
// "origin" and "basket" meets "cart".

// phrases are joined before splitting, so "log in" and "sign in" meet, and
// "look up" reads as search. Longer phrases first.
var phrases = []struct{ from, to string }{
	{"e-mail", "email"}, {"e mail", "email"},
	{"sign in", "signin"}, {"signed in", "signedin"}, {"signing in", "signin"},
	{"log in", "signin"}, {"logged in", "signedin"}, {"logging in", "signin"}, {"login", "signin"}, {"log-in", "signin"}, {"sign-in", "signin"},
	{"sign out", "signout"}, {"log out", "signout"}, {"logout", "signout"}, {"sign-out", "signout"}, {"signed out", "signedout"}, {"logged out", "signedout"},
	{"sign up", "signup"}, {"sign-up", "signup"}, {"create account", "signup"}, {"create an account", "signup"},
	{"check out", "checkout"}, {"check-out", "checkout"},
	{"look up", "search"}, {"look for", "search"},
	{"go to", "goto"}, {"go back", "back"},
	{"no thanks", "nothanks"}, {"no, thanks", "nothanks"},
	{"got it", "accept"}, {"i agree", "agree"},
	{"zip code", "postcode"}, {"postal code", "postcode"}, {"post code", "postcode"},
	{"security code", "cvv"}, {"card verification", "cvv"},
	{"valid thru", "expiry"}, {"valid until", "expiry"},
	{"first name", "firstname"}, {"given name", "firstname"}, {"last name", "lastname"}, {"family name", "lastname"}, {"surname", "lastname"},
	{"full name", "fullname"}, {"your name", "fullname"},
	{"phone number", "phone"}, {"mobile number", "phone"},
	{"date of birth", "birthdate"}, {"birth date", "birthdate"}, {"birthday", "birthdate"},
	{"one way", "oneway"}, {"one-way", "oneway"}, {"round trip", "return"},
	{"turn on", "switchon"}, {"switch on", "switchon"}, {"turn off", "switchoff"}, {"switch off", "switchoff"},
	{"checking out", "checkout"}, {"new message", "compose"}, {"new email", "compose"}, {"new mail", "compose"},
}

// stopwords carry no meaning for matching. "may" is not one: it is a
// month as often as a modal ("the row \"May 2025\"").
var stopwords = set("a an the this that these those of and or is are be been being it its i me my we our "+
	"you your yours please then than there here so as at by into onto about via just now also "+
	"will would should can could might must shall do does did has have had which what who whom whose "+
	"any some all each every such very was were am get gets got if", nil)

// weakWords count for little: they name the kind of thing rather than
// words that appear on it, or join phrases.
var weakWords = set("to from in on for with up out off new current page screen site website window item items thing "+
	"one option options offer message notice note text section area panel info information details detail "+
	"product products user button link field box list entry value", nil)

// presenceWords only say that something is there.
var presenceWords = set("visible shown show shows showing displayed display displays listed present appear appears appeared "+
	"exist exists says say saying reads read contains contain containing includes include including see seen there now still "+
	"currently open opened counts count holds has have lists page screen site", nil)

// synonymGroups: each line is one group; a stem in a group meets every other
// stem of the group.
var synonymGroups = [][]string{
	{"from", "origin", "depart", "departure", "leave"},
	{"to", "destination", "arrive", "arrival", "going"},
	{"buy", "purchase", "order"},
	{"search", "find", "seek", "query"},
	{"signin", "logon", "enter"},
	{"signup", "register", "registration", "join"},
	{"next", "continue", "proceed", "forward", "onward"},
	{"close", "dismiss", "hide", "x", "×", "✕"},
	{"accept", "agree", "allow", "ok", "okay", "consent"},
	{"cookie", "consent", "privacy", "gdpr", "tracking"},
	{"cart", "basket", "bag", "trolley"},
	{"email", "mail", "address"},
	{"message", "body", "content", "text"},
	{"compose", "write"},
	{"phone", "mobile", "telephone", "tel", "cell"},
	{"date", "day", "when"},
	{"travel", "traveller", "traveler", "passenger", "adult", "guest", "people", "person"},
	{"price", "cost", "fare", "total", "amount", "pay", "payment", "sum"},
	{"save", "keep", "update"}, // not "store": a link "Stores" lists shops
	{"terms", "condition", "policy", "agreement"},
	{"add", "plus", "increase", "raise", "more", "+", "increment", "up"},
	{"remove", "decrease", "lower", "minus", "fewer", "less", "−", "-", "decrement", "down"},
	{"quantity", "qty", "count", "number", "amount"},
	{"setting", "preference", "option", "configure"},
	{"language", "locale"},
	{"delete", "trash", "bin", "discard"},
	{"delete", "remove", "destroy", "del", "erase", "rm", "trash", "bin"},
	{"password", "passcode", "passphrase"},
	{"user", "username", "account", "login", "email"},
	{"postcode", "zip", "postal"},
	{"country", "nation"},
	{"state", "province", "region", "county"},
	{"cvv", "cvc", "csc", "cid"},
	{"expiry", "expire", "expiration", "exp"},
	{"menu", "hamburger", "burger", "bars", "navicon", "navigation", "nav", "kebab"},
	{"close", "times", "xmark", "cross"},
	{"search", "magnifier", "magnifying", "loupe", "glass"},
	{"delete", "trash", "bin", "garbage"},
	{"edit", "pencil", "modify", "change"},
	{"setting", "cog", "gear", "gears", "sliders"},
	{"more", "ellipsis", "dots", "overflow"},
	{"summary", "review", "overview", "recap"},
	{"favourite", "favorite", "heart", "like", "star"},
	{"notification", "bell"},
	{"open", "show", "view", "expand", "display", "reveal"},
	{"select", "choose", "pick"},
	{"result", "listing", "match", "hit"},
	{"fullname", "name"},
	{"subject", "topic", "title"},
	{"recipient", "to"},
	{"notification", "alert", "notice", "message", "banner", "toast"},
	{"tick", "check", "mark"},
	{"subscribe", "newsletter"},
	{"flight", "fly", "plane"},
	{"help", "support", "assist"},
	{"submit", "send"},
	{"home", "homepage"},
	{"back", "previous", "return", "prev"},
}

// synonyms maps a stem to the groups it belongs to.
var synonyms = func() map[string][]int {
	m := map[string][]int{}
	for i, g := range synonymGroups {
		for _, w := range g {
			s := stem(w)
			m[s] = append(m[s], i)
		}
	}
	return m
}()

func set(words string, extra []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	for _, w := range extra {
		m[w] = true
	}
	return m
}

// normalize lower-cases text and joins the known phrases.
func normalize(text string) string {
	t := " " + strings.ToLower(text) + " "
	t = strings.NewReplacer("’", "'", "\u00a0", " ").Replace(t)
	for _, p := range phrases {
		if strings.Contains(t, p.from) {
			t = replaceWord(t, p.from, p.to)
		}
	}
	return t
}

// replaceWord replaces from where it stands as whole words.
func replaceWord(t, from, to string) string {
	var b strings.Builder
	for {
		i := strings.Index(t, from)
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		end := i + len(from)
		before := i == 0 || !isWordByte(t[i-1])
		after := end >= len(t) || !isWordByte(t[end])
		b.WriteString(t[:i])
		if before && after {
			b.WriteString(to)
		} else {
			b.WriteString(t[i:end])
		}
		t = t[end:]
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80
}

// rawWords splits normalized text into words of letters and digits; the
// symbols +, −, × and ✕ count as words (icon-only steppers and close
// buttons are named by them). The result is shared and clipped to its
// length: append to it freely, never assign into it.
func rawWords(text string) []string {
	if v, ok := rawCache.Load(text); ok {
		return v.([]string)
	}
	ws := slices.Clip(rawWordsUncached(text))
	if rawCacheSize.Add(1) > wordCacheMax {
		rawCache.Clear()
		rawCacheSize.Store(0)
	}
	rawCache.Store(text, ws)
	return ws
}

// rawCache keeps the raw words of texts seen lately, as wordCache keeps
// their content words.
var (
	rawCache     sync.Map // string → []string
	rawCacheSize atomic.Int64
)

func rawWordsUncached(text string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range normalize(text) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur = append(cur, r)
		case r == '+' || r == '−' || r == '×' || r == '✕':
			flush()
			out = append(out, string(r))
		default:
			flush()
		}
	}
	flush()
	return out
}

// word is one meaningful token of a text.
type word struct {
	raw    string // as written, lower-cased
	stem   string
	wt     float64 // 1 content, weakWeight weak
	groups []int   // synonym groups of the stem
	// meant: a step names its control by what this word means; only
	// then is the lexicon asked about it (lexiconMatch).
	meant bool
}

// newWord makes the word for raw with weight wt.
func newWord(raw string, wt float64) word {
	st := stem(raw)
	return word{raw: raw, stem: st, wt: wt, groups: synonyms[st]}
}

// meanings caches the lexicon's concepts of each word met, for words
// repeat across labels and turns; cleared when it grows past
// wordCacheMax entries, as the word cache is.
var (
	meanings     sync.Map // string → *lexicon.Concepts
	meaningsSize atomic.Int64
)

// meaningOf is the lexicon's concepts of raw, or nil for a word too short
// to mean anything on its own, a number, a code or a stopword.
func meaningOf(raw string) *lexicon.Concepts {
	if len(raw) < 3 || isNumber(raw) || isCode(raw) || stopwords[raw] {
		return nil
	}
	if v, ok := meanings.Load(raw); ok {
		return v.(*lexicon.Concepts)
	}
	c := lexicon.ConceptsOf(raw)
	var m *lexicon.Concepts
	if !c.Empty() {
		m = &c
	}
	if meaningsSize.Add(1) > wordCacheMax {
		meanings.Clear()
		meaningsSize.Store(0)
	}
	meanings.Store(raw, m)
	return m
}

// lexiconMatch is how well a and b match through the lexicon: a UI
// group in common 0.8 (as the curated synonyms), a WordNet synonym 0.7, a
// word one step away (similar, derived, broader or narrower) 0.6.
func lexiconMatch(a, b word) (float64, lexicon.Relation, lexicon.Source) {
	ma, mb := meaningOf(a.raw), meaningOf(b.raw)
	if ma == nil || mb == nil {
		return 0, lexicon.None, ""
	}
	r, src := ma.Meets(*mb)
	switch {
	case r == lexicon.Same && src == lexicon.UILexicon:
		return 0.8, r, src
	case r == lexicon.Same:
		return 0.7, r, src
	case r == lexicon.Similar:
		return 0.6, r, src
	case r == lexicon.Sibling:
		// Two steps apart weighs less than one: for "means the same as
		// small", "tiny" (similar to it) before "quiet" (similar to
		// "soft", as "small" is of a voice).
		return 0.5, r, src
	}
	return 0, r, src
}

const weakWeight = 0.35

// questionWords ask rather than name ("where from", "what can we help
// with?"): they weigh less than weak words, and "where" alone must not make
// every "Where …?" field a match.
var questionWords = set("where what when which how who why", nil)

const questionWeight = 0.2

// wordCache keeps the words of texts seen lately: a screen repeats its
// labels ("Add to cart" on every card) and the runtime asks about the same
// screen several times. Cleared when it grows past wordCacheMax entries.
var (
	wordCache     sync.Map // string → []word; callers never modify the slices
	wordCacheSize atomic.Int64
)

const wordCacheMax = 20000

// contentWords returns the words of text that carry meaning, stemmed, with
// their weights. When every word is a stopword the words are kept anyway
// ("to" alone names the recipient field of a mail). The result is shared:
// copy it before changing it.
func contentWords(text string) []word {
	if v, ok := wordCache.Load(text); ok {
		return v.([]word)
	}
	ws := contentWordsUncached(text)
	if wordCacheSize.Add(1) > wordCacheMax {
		wordCache.Clear()
		wordCacheSize.Store(0)
	}
	wordCache.Store(text, ws)
	return ws
}

func contentWordsUncached(text string) []word {
	raw := rawWords(text)
	var out []word
	for _, w := range raw {
		if stopwords[w] {
			continue
		}
		wt := 1.0
		switch {
		case questionWords[w]:
			wt = questionWeight
		case weakWords[w]:
			wt = weakWeight
		}
		out = append(out, newWord(w, wt))
	}
	if len(out) == 0 {
		for _, w := range raw {
			out = append(out, newWord(w, 1))
		}
	}
	allWeak, onlyQuestions := len(out) > 0, true
	for _, w := range out {
		allWeak = allWeak && w.wt < 1
		onlyQuestions = onlyQuestions && w.wt == questionWeight
	}
	if allWeak { // "where to", "from": the weak words are all there is
		for i := range out {
			if out[i].wt == weakWeight || onlyQuestions {
				out[i].wt = 1
			}
		}
	}
	return out
}

// stem strips common English suffixes so inflections meet: "flights" →
// "flight", "searching" → "search", "applied" → "apply", "travellers" →
// "traveller". It is deliberately light: both sides of a comparison go
// through it, so it only has to be consistent.
func stem(w string) string {
	if len(w) <= 3 {
		return w
	}
	cut := func(suf, rep string) bool {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			w = w[:len(w)-len(suf)] + rep
			return true
		}
		return false
	}
	// Plurals and third persons first, then -ing/-ed, so "settings" and
	// "setting" end alike.
	switch {
	case cut("ies", "y"), cut("sses", "ss"):
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	case cut("s", ""):
	}
	if cut("ied", "y") || cut("ing", "") || cut("ed", "") {
		// A doubled final consonant of a cut suffix ("shopping" →
		// "shop"); not l, s, d, z, f, which English doubles in the stem
		// itself ("added", "travelled", "passed").
		if n := len(w); n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouylsdzf", rune(w[n-1])) {
			w = w[:n-1]
		}
	}
	// A final e ("save", "close", "purchase") so "saving" meets "save", and
	// a final ie so "cookie" meets "cookies".
	if n := len(w); n >= 4 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	if n := len(w); n >= 4 && w[n-1] == 'i' {
		w = w[:n-1] + "y"
	}
	return w
}

// match scores how well word a meets word b: 1 for equal stems, 0.8 for
// synonyms, 0.6 when one stem begins the other (both at least 5 letters),
// else 0. A code (see [isCode]) meets only the same token.
func match(a, b word) float64 {
	if isCode(a.raw) || isCode(b.raw) {
		if a.raw == b.raw {
			return 1
		}
		return 0 // a code meets only itself: no stem, prefix or synonym
	}
	if a.stem == b.stem {
		return 1
	}
	for _, ga := range a.groups {
		for _, gb := range b.groups {
			if ga == gb {
				return 0.8
			}
		}
	}
	if len(a.stem) >= 5 && len(b.stem) >= 5 && (strings.HasPrefix(a.stem, b.stem) || strings.HasPrefix(b.stem, a.stem)) {
		return 0.6
	}
	return 0
}

// matchMeaning is match, or the lexicon's match where that is more, for
// a word a step names its control by the meaning of (a box labelled
// "bunny" for "the box whose word means the same as rabbit"). Elsewhere
// the lexicon is not asked: let loose on every step it took "profile"
// for the site's "Account" link and "check" for "account" (the property
// tests, issue 20), and in a statement to judge a word that only means
// something near is no evidence.
func matchMeaning(a, b word) float64 {
	m := match(a, b)
	if m >= 0.8 || !a.meant && !b.meant {
		return m
	}
	if l, _, _ := lexiconMatch(a, b); l > m {
		return l
	}
	return m
}

// isNumber reports whether w is all digits.
func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// numberWords reads small counts written as words.
var numberWords = map[string]string{"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
	"seven": "7", "eight": "8", "nine": "9", "ten": "10", "single": "1"}

// meaningFloor is the least lexicon match that counts as naming a word
// by its meaning: a sibling through a third word (lexiconMatch's 0.5)
// counts, ranked below a direct relation.
const meaningFloor = 0.5

// meansAll reports whether the words of a name mean every one of the
// meant words: "chilly" means "cold", "warm" (its opposite) does not.
func meansAll(meant []word, name []word) bool {
	for _, m := range meant {
		if matchMeaningIn(m, name) < meaningFloor {
			return false
		}
	}
	return len(meant) > 0
}

// matchMeaningIn is the best matchMeaning of t in ws.
func matchMeaningIn(t word, ws []word) float64 {
	best := 0.0
	for _, w := range ws {
		if s := matchMeaning(t, w); s > best {
			best = s
		}
	}
	return best
}
