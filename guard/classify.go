package guard

import (
	"slices"
	"strings"
)

// Class is what pressing a control would do, as far as its label tells.
type Class int

// The classes a label falls into.
const (
	None         Class = iota // nothing that needs a guard
	Irreversible              // sends, deletes, publishes, signs out, cancels a booking, …
	Payment                   // pays, buys, orders, checks out, donates, subscribes for a price, …
)

// String names c: "none", "irreversible" or "payment".
func (c Class) String() string {
	switch c {
	case Irreversible:
		return "irreversible"
	case Payment:
		return "payment"
	}
	return "none"
}

// Match is a classification with the word or pattern that decided it, for
// messages such as `refused to press "Pay €120.50": it reads as payment
// ("pay")`. Phrase is a verb ("delete", "pay"), a verb with any object
// ("cancel …"), a verb and the word that made it count ("place order",
// "send money", "subscribe … price") or a fixed phrase ("sign out"); a
// label without words gets the verb it stands for ("🗑" → "delete", "€5"
// → "pay"), so that the recorder can word a stop_before from it.
type Match struct {
	Class  Class
	Phrase string
}

// Classify reads a control's label ("Pay €120.50", "🗑 Delete", "Cancel
// order #4411", "Subscribe for €9.99/month") and says whether pressing it
// would be irreversible or a payment, as [ClassifyControl] does for a
// button. Matching is case-insensitive on whole words and ignores icons
// and punctuation. A label that reads as both classes is a payment. The
// package documentation gives the rule and its exemptions.
func Classify(label string) Match {
	return classifyLabel(label, false)
}

// nonActionRoles are roles whose use sets a value or types rather than
// performing what their label says: a checkbox "Subscribe to offers" is
// only ticked; a textbox "Send to" is typed into; an option "Pay later"
// is chosen, and the form it is in does the paying. A tab or a tree item
// is pressed like a button, and pages give those roles to submits and
// deletes too (a "Submit" drawn as a tab), so their names count: a role
// is no proof of harmlessness.
var nonActionRoles = set("tablist tabpanel checkbox radio switch option menuitemcheckbox menuitemradio " +
	"textbox searchbox combobox spinbutton slider listbox heading img image statictext text label tree")

// ClassifyControl is [Classify] for a control of an accessibility role
// ("button", "link", "tab", …): controls whose role performs nothing when
// used (tabs, checkboxes, radios, options, text fields, headings) are None
// whatever their label says, and a link named only after the bin
// ("Trash", "Bin (3)") opens that folder, where a button of that name
// deletes.
func ClassifyControl(role, name string) Match {
	role = strings.TrimSpace(role)
	if !performs(role) {
		return Match{}
	}
	return classifyLabel(name, strings.EqualFold(role, "link"))
}

// performs reports whether a control of a (trimmed) role does what its
// label says when used.
func performs(role string) bool {
	return !nonActionRoles[role] && !nonActionRoles[strings.ToLower(role)]
}

// DescribesIrreversible reports whether step text names an irreversible or
// paying action ("delete the draft", "pay for the order", "click the send
// button", "cancel the appointment"), for the lint rule on `do` and `pick`
// steps that no `stop_before` guards. Verbs match in any inflection and at
// the start of any clause; a word right after an article is a noun ("open
// the order") unless a control noun follows ("the buy button"). The same
// objects and exemptions as [Classify] apply ("remove one adult", "do not
// send", "close the cookie banner").
func DescribesIrreversible(text string) (Match, bool) {
	var buf [48]string
	words := scan(text, buf[:0])
	var found Match
	for i, w := range words {
		if articles[w] {
			continue
		}
		prev := i - 1
		for prev >= 0 && articles[words[prev]] {
			prev--
		}
		start := prev < 0 || leadIns[words[prev]] || clauseLeads[words[prev]] || words[prev] == boundary
		if i > 0 && articles[words[i-1]] {
			start = false // "open the order": a noun
		}
		if controlNoun[at(words, i+1)] {
			start = true // "click the send button", "the buy buttons"
		}
		if start {
			// "press cancel" names the dialog's button: prose lifts a
			// bare "cancel" only with an insisting adverb.
			found = better(found, orderAt(words, i, false, true, false))
		}
		found = better(found, anywhere(words, i, true))
	}
	return found, found.Class != None
}

// classifyLabel finds the orders a label gives: at its start after any
// lead-ins, after a boundary, and after "and" or "then"; and what it says
// anywhere (see [anywhere]). link is whether the control is a link.
func classifyLabel(label string, link bool) Match {
	var buf [32]string
	words := scan(label, buf[:0])
	var found Match
	start, led := true, false
	for i, w := range words {
		found = better(found, anywhere(words, i, false))
		switch {
		case w == boundary || coordinators[w]:
			// "Yes, cancel": lead-ins before a boundary still lead in.
			led = led && start
			start = true
		case start && (w == binIcon || iconWords[w]):
			// An icon before a word ("🗑 Delete", "fa fa-trash") leaves
			// the order to the word.
		case start && leadIns[w]:
			led = true
			// "Confirm" leads in ("Confirm: send") and commits ("Confirm
			// booking", "Confirm – €40").
			if w == "confirm" {
				found = better(found, orderAt(words, i, false, false, link))
			}
		case start:
			found = better(found, orderAt(words, i, led, false, link))
			start = false
		}
	}
	// Labels without a verb name their order by the verb they stand for,
	// which the recorder turns into a stop_before ("deleting", "paying").
	if found.Class == None && slices.Contains(words, binIcon) {
		found = Match{Irreversible, "delete"} // "🗑"
	}
	if found.Class == None && !link && onlyPrice(words) {
		found = Match{Payment, "pay"} // "€5": a one-tap tip or donation pays it
	}
	return found
}

// better keeps a payment over anything and the first match of a class.
func better(have, m Match) Match {
	if have.Class == None || m.Class == Payment && have.Class != Payment {
		return m
	}
	return have
}

// anywhere finds what a label says wherever it stands: signing out ("Account
// · Log out"), checking out ("Secure checkout"), a factory reset, a wallet
// ("Apple Pay").
func anywhere(words []string, i int, prose bool) Match {
	w, next := words[i], at(words, i+1)
	if prose {
		w, next = stem(w), stem(next)
	}
	switch {
	case signOuts[w]:
		return Match{Irreversible, words[i]}
	case (w == "sign" || w == "log") && (next == "out" || (next == "me" || next == "us") && at(words, i+2) == "out"):
		return Match{Irreversible, w + " out"} // "Sign out", "Yes, sign me out"
	case w == "log" && next == "off":
		return Match{Irreversible, "log off"}
	case w == "factory" && next == "reset":
		return Match{Irreversible, "factory reset"}
	case next == "pay" && wallets[w]:
		return Match{Payment, w + " pay"} // an express checkout button: "Apple Pay"
	case w == "checkout" && !labelRules["checkout"].nouns[at(words, i+1)]:
		return Match{Payment, "checkout"}
	}
	return Match{}
}
