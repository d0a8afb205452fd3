package record

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"flow/guard"
	"flow/surfaces"
)

// maxNameLen caps a control's name or a card's heading inside step text,
// cut at a word boundary: a link whose name is a whole card's text would
// make an unreadable step.
const maxNameLen = 60

// shorten collapses white space in s, turns double quotes into single
// ones (a quoted part of step text is a value the judge looks for) and
// cuts it to at most max bytes at a word boundary.
func shorten(s string, max int) string {
	s = oneLine(strings.NewReplacer(`"`, "'", "“", "'", "”", "'").Replace(s))
	s = strings.Trim(s, " :*")
	if len(s) <= max {
		return s
	}
	cut := strings.LastIndexByte(s[:max+1], ' ')
	if cut <= 0 {
		cut = max
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
	}
	return strings.TrimRight(s[:cut], " ,;:-")
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// controlName is how step text names a control: its accessible name, else
// its label, placeholder or description.
func controlName(c surfaces.Candidate) string {
	for _, s := range []string{c.Name, c.Label, c.Placeholder, c.Description} {
		if s := shorten(s, maxNameLen); s != "" {
			return s
		}
	}
	return ""
}

// fieldText is the FIELD text of an enter or choose: the field's own
// label, else its accessible name or placeholder. A field with look-alikes
// on the page names the group it sits in (see [placeOf]), else its rank.
func fieldText(e surfaces.UserEvent) string {
	c := e.Target
	var f string
	for _, s := range []string{c.Label, c.Name, c.Placeholder} {
		if s = shorten(s, maxNameLen); s != "" {
			f = s
			break
		}
	}
	if f == "" {
		switch c.InputType {
		case "", "text":
			f = "the text field"
		default:
			f = "the " + shorten(c.InputType, 20) + " field"
		}
	}
	if p := placeOf(e, f); p != "" {
		return f + " " + p
	}
	if c.Nth > 0 {
		return "the " + ordinal(c.Nth+1) + " " + strings.TrimPrefix(f, "the ")
	}
	return f
}

// groupPlaces phrase, by the kind of group sight names in a path, where a
// control sits. The nouns are ones the runtime's anchor reads as a group
// a quoted name places the target in (runtime/decide's groupNouns and
// placedBy); a list item is an "item" to a person, an article a card.
var groupPlaces = map[string]string{
	"card": "on the card", "article": "on the card", "listitem": "on the item", "row": "in the row",
	"group": "in the group", "dialog": "in the dialog", "region": "in the region",
}

// pathGroup reads the innermost named group of a path as sight.js names
// it (`card "Dr Ana Silva"`, `row "March 2025 · £93.15"`, `listitem
// "Buy milk" #2`): its kind, its name, and whether the name is numbered
// (an earlier sibling has it too). Groups known only by a number
// (`listitem #3`) or by their kind (`article`) are passed over.
func pathGroup(path []string) (kind, name string, numbered, ok bool) {
	for i := len(path) - 1; i >= 0; i-- {
		k, rest, _ := strings.Cut(path[i], " ")
		if groupPlaces[k] == "" || !strings.HasPrefix(rest, `"`) {
			continue
		}
		// The name is a JSON string (sight.js quotes it so); what follows
		// it is the sibling number, if any.
		dec := json.NewDecoder(strings.NewReader(rest))
		var n string
		if err := dec.Decode(&n); err != nil {
			// Masking may have broken the quoting: take what the quotes
			// hold.
			z := strings.LastIndexByte(rest, '"')
			if z <= 0 {
				continue
			}
			n, rest = rest[1:z], rest[z+1:]
		} else {
			rest = rest[dec.InputOffset():]
		}
		if strings.TrimSpace(n) == "" {
			continue
		}
		return k, n, strings.HasPrefix(strings.TrimSpace(rest), "#"), true
	}
	return "", "", false, false
}

// placeOf says where the control of e sits, for a step to tell it from
// its look-alikes (controls of its role and name elsewhere on the page):
// `on the card "Photo backup"`, `in the row "March 2025"`, `on the item
// "Buy milk"`. It reads the innermost named group of the control's path,
// sight's name for it, which is what the runtime matches the step's
// anchor against: what the recording writes is what its replay finds.
// A row is named by its first cell only ([firstCell]): the others (a
// status, an amount) may change before the replay. It returns "" when
// the control has no look-alike, when its group is named as the control
// is (a card's title link), or when its group's name is shared (` #2`:
// the caller counts instead). A path with no named group falls back to
// the first line of the card's text the recorder read (Context).
func placeOf(e surfaces.UserEvent, name string) string {
	c := e.Target
	if e.Twins == 0 && c.Nth == 0 {
		return ""
	}
	kind, g, numbered, ok := pathGroup(c.Path)
	if !ok {
		if h := heading(e.Context, name); h != "" {
			return where(c) + ` "` + h + `"`
		}
		return ""
	}
	if numbered {
		return ""
	}
	if kind == "row" {
		g = firstCell(g)
	}
	if g = shorten(g, 48); g == "" || strings.EqualFold(g, name) {
		return ""
	}
	return groupPlaces[kind] + ` "` + g + `"`
}

// firstCell is the first cell of a row's name (its cells joined by " · "),
// past a leading row number ("3", "12."): that is the row's place in the
// table, which a replay may find changed.
func firstCell(row string) string {
	cells := strings.Split(row, " · ")
	for len(cells) > 1 && rowNumberRe.MatchString(cells[0]) {
		cells = cells[1:]
	}
	return cells[0]
}

var rowNumberRe = regexp.MustCompile(`^#?\d{1,3}\.?$`)

// heading takes the heading-like start of a card's text: its first line
// with a letter, cut to a few words. A control whose name is that line
// is the card's own heading (a product's title link) and needs none.
func heading(context, name string) string {
	for _, line := range strings.Split(context, "\n") {
		line = shorten(line, 48)
		if line == "" || !hasLetter(line) {
			continue
		}
		if strings.EqualFold(line, name) {
			return ""
		}
		return line
	}
	return ""
}

func hasLetter(s string) bool {
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f {
			return true
		}
	}
	return false
}

// where says how a control sits in a container its path does not name,
// for the fallback of [placeOf]: "in the row" for a table row, "on the
// card" otherwise.
func where(c surfaces.Candidate) string {
	for i := len(c.Path) - 1; i >= 0; i-- {
		p := strings.ToLower(c.Path[i])
		if strings.HasPrefix(p, "row") {
			return "in the row"
		}
		if strings.HasPrefix(p, "card") || strings.HasPrefix(p, "listitem") || strings.HasPrefix(p, "article") {
			break
		}
	}
	return "on the card"
}

var ordinals = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

func ordinal(n int) string {
	if n > 0 && n < len(ordinals) {
		return ordinals[n]
	}
	return "number " + strconv.Itoa(n)
}

// roles of controls whose click only focuses them for typing.
var fieldRoles = map[string]bool{"textbox": true, "searchbox": true, "spinbutton": true, "slider": true, "textarea": true}

// pressRoles are roles a click presses, named "press X" in a step.
var pressRoles = map[string]bool{"button": true, "menubutton": true, "togglebutton": true, "checkbox": true, "switch": true, "radio": true}

// choiceRoles are roles a click picks, named "choose X".
var choiceRoles = map[string]bool{"option": true, "menuitem": true, "menuitemradio": true, "menuitemcheckbox": true, "treeitem": true}

// intent phrases a click on a control as a `do` intent by its role:
// button → "press X", link → "open X", tab → "open the X tab", option
// and menu item → "choose X", anything else → "click X". The group the
// control sits in ([placeOf]) or its rank (Nth) tells equal controls
// apart: `press Renew on the card "Cloud storage 100 GB"`.
func intent(e surfaces.UserEvent) string {
	c := e.Target
	name := controlName(c)
	role := strings.ToLower(c.Role)
	var s string
	switch {
	case role == "link":
		s = "open " + name
	case role == "tab":
		s = "open the " + name + " tab"
	case choiceRoles[role]:
		s = "choose " + name
	case pressRoles[role]:
		s = "press " + name
	default:
		s = "click " + name
	}
	if p := placeOf(e, name); p != "" {
		return s + " " + p
	}
	if c.Nth > 0 {
		verb, rest, _ := strings.Cut(s, " ")
		return verb + " the " + ordinal(c.Nth+1) + " " + rest
	}
	return s
}

// overlayShown phrases the screen condition that an overlay is in front:
// "a cookie banner is shown", "a dialog is shown", `the "Added to cart"
// dialog is shown`.
func overlayShown(overlay string) string {
	o := shorten(overlay, 40)
	low := strings.ToLower(o)
	switch {
	case strings.Contains(low, "cookie") || strings.Contains(low, "consent") || strings.Contains(low, "gdpr"):
		return "a cookie banner is shown"
	case strings.Contains(low, "newsletter"):
		return "a newsletter pop-up is shown"
	}
	switch low {
	case "", "dialog", "alertdialog", "modal", "overlay", "lightbox":
		return "a dialog is shown"
	case "popup", "pop-up", "popover", "menu":
		return "a pop-up is shown"
	case "banner", "alert", "notice", "toast", "notification":
		return "a " + low + " is shown"
	}
	return `the "` + o + `" dialog is shown`
}

// dismissRe is a superset of the linter's test for a `do` that dismisses
// something that may not show (rule L007): such a recorded press is
// wrapped in an if on its control being shown.
var dismissRe = regexp.MustCompile(`(?i)\b(dismiss|close|accept|reject|decline|hide|deny|refuse|skip)\b.*\b(pop-?ups?|banners?|dialogs?|modals?|overlays?|cookies?|consent|notices?|newsletters?|prompts?|notifications?|offers?)\b`)

func dismisses(text string) bool { return dismissRe.MatchString(text) }

// changeStems are the words the linter's rule L006 (a verify that
// describes a change) looks for: a page title holding one is not used as
// the final verify.
var changeStems = []string{"updat", "chang", "refresh", "reload", "increas", "decreas", "grow", "grew", "shrunk", "moved", "switch", "becom", "becam", "turned", "gone"}

func describesChange(s string) bool {
	low := strings.ToLower(s)
	for _, stem := range changeStems {
		if strings.Contains(low, stem) {
			return true
		}
	}
	return false
}

// fillers open a label without carrying its action: "Proceed to
// checkout", "Yes, delete", "Go to payment".
var fillers = map[string]bool{"yes": true, "ok": true, "okay": true, "sure": true, "please": true, "click": true,
	"tap": true, "here": true, "to": true, "proceed": true, "go": true, "continue": true, "now": true, "then": true,
	"permanently": true, "really": true, "and": true}

// dropWords say nothing in a stop phrase: "Pay now", "Pay securely".
var dropWords = map[string]bool{"now": true, "securely": true, "safely": true, "here": true, "today": true,
	"forever": true, "anyway": true, "again": true, "permanently": true}

// noArticle are words after which no "the" is put: prepositions,
// pronouns, articles, determiners.
var noArticle = map[string]bool{"to": true, "for": true, "with": true, "from": true, "by": true, "on": true, "in": true,
	"at": true, "of": true, "it": true, "them": true, "all": true, "everything": true, "this": true, "that": true,
	"my": true, "your": true, "our": true, "the": true, "a": true, "an": true, "and": true, "out": true, "off": true,
	"up": true, "its": true, "these": true, "those": true, "now": true}

// stopPhrase words a stop_before for a guarded control from its label:
// "Pay €120.50" → "paying", "Place order" → "placing the order", "Send"
// → "sending", "Proceed to checkout" → "checking out", "Confirm and pay"
// → "confirming and paying". Numbers, prices and icons are left out (they
// change between runs); the group the control sits in ([placeOf]) tells
// equal controls apart. The phrase's first word is the label's action, so
// [guard.GatedBy] links the phrase to the control.
func stopPhrase(e surfaces.UserEvent, m guard.Match) string {
	name := controlName(e.Target)
	var words []string
	// Words are runs of letters (an apostrophe inside one kept): numbers,
	// prices, icons and punctuation are left out.
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' }) {
		if w = strings.Trim(w, "'’"); w != "" {
			words = append(words, w)
		}
	}
	for len(words) > 1 && fillers[strings.ToLower(words[0])] {
		words = words[1:]
	}
	var phrase string
	if len(words) == 0 {
		phrase = gerundPhrase(strings.Fields(m.Phrase))
	} else {
		phrase = gerundPhrase(words)
	}
	if p := placeOf(e, name); p != "" {
		phrase += " " + p
	}
	return phrase
}

// gerundPhrase turns an order ("Place order", "Confirm and pay") into
// what a stop_before names: the action as a gerund, "the" before a bare
// object, a verb after "and" as a gerund too.
func gerundPhrase(words []string) string {
	if len(words) == 0 {
		return "pressing the control"
	}
	first := strings.ToLower(words[0])
	var out []string
	switch first {
	case "checkout":
		out = []string{"checking", "out"}
	case "logout", "signout", "logoff", "signoff":
		out = []string{gerund(first[:len(first)-3]), first[len(first)-3:]}
	default:
		out = []string{gerund(first)}
	}
	rest := words[1:]
	if len(rest) > 0 && (strings.EqualFold(rest[0], "out") || strings.EqualFold(rest[0], "off")) {
		out = append(out, strings.ToLower(rest[0]))
		rest = rest[1:]
	}
	article, verbNext := true, false
	for _, w := range rest {
		lw := strings.ToLower(w)
		switch {
		case dropWords[lw]:
			continue
		case lw == "and":
			out = append(out, "and")
			verbNext = true
			continue
		case verbNext:
			out = append(out, gerund(lw))
			verbNext, article = false, true
			continue
		}
		if article && !noArticle[lw] {
			out = append(out, "the")
		}
		article = false
		if len(w) == 1 || w != strings.ToUpper(w) {
			w = lw // keep acronyms only
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// gerunds of verbs whose -ing form the rules below get wrong.
var gerunds = map[string]string{"submit": "submitting", "cancel": "cancelling", "transfer": "transferring",
	"stop": "stopping", "log": "logging", "put": "putting", "set": "setting", "get": "getting", "shop": "shopping",
	"ship": "shipping", "drop": "dropping", "plan": "planning", "top": "topping", "sign": "signing", "be": "being",
	"see": "seeing", "agree": "agreeing", "free": "freeing"}

// gerund forms the -ing of an English verb: paying, deleting, placing,
// sending, dying.
func gerund(v string) string {
	if g, ok := gerunds[v]; ok {
		return g
	}
	if strings.HasSuffix(v, "ing") || len(v) < 2 {
		return v
	}
	switch {
	case strings.HasSuffix(v, "ie"):
		return v[:len(v)-2] + "ying"
	case strings.HasSuffix(v, "e") && !strings.HasSuffix(v, "ee") && !strings.HasSuffix(v, "ye") && !strings.HasSuffix(v, "oe"):
		return v[:len(v)-1] + "ing"
	}
	return v + "ing"
}
