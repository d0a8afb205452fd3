package record

import (
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
// label, else its accessible name or placeholder. Fields repeated on the
// page (Nth > 0) name the card they sit in.
func fieldText(c surfaces.Candidate, context string) string {
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
	if c.Nth > 0 {
		if h := heading(context, f); h != "" {
			return f + " " + where(c) + ` "` + h + `"`
		}
		return "the " + ordinal(c.Nth+1) + " " + strings.TrimPrefix(f, "the ")
	}
	return f
}

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

// where says how a control sits in its container: "in the row" for a
// table row, "on the card" otherwise.
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
// and menu item → "choose X", anything else → "click X". A card's
// heading (Context) or the control's rank (Nth) tells equal controls
// apart: `press Renew on the card "Cloud storage 100 GB"`.
func intent(c surfaces.Candidate, context string) string {
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
	if h := heading(context, name); h != "" {
		return s + " " + where(c) + ` "` + h + `"`
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
// change between runs); the card's heading tells equal controls apart.
// The phrase's first word is the label's action, so [guard.GatedBy]
// links the phrase to the control.
func stopPhrase(c surfaces.Candidate, context string, m guard.Match) string {
	name := controlName(c)
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
	if h := heading(context, name); h != "" {
		phrase += " " + where(c) + ` "` + h + `"`
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
