package guard

import (
	"strings"
	"unicode"
)

// Class is what pressing a control would do, as far as its label tells.
type Class int

// The classes a label falls into.
const (
	None         Class = iota // nothing that needs a guard
	Irreversible              // sends, deletes, publishes, signs out, cancels a booking, …
	Payment                   // pays, buys, orders, checks out, subscribes, donates, …
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

// Match is a classification with the word or phrase that decided it, as
// listed in this package ("pay now", "delete"), for messages such as
// `refused to press "Pay €120.50": it reads as payment ("pay")`.
type Match struct {
	Class  Class
	Phrase string
}

// entry is one word or phrase of the tables below.
type entry struct {
	phrase string
	words  []string // as written, matched against labels
	stems  []string // stemmed, matched against step text
	class  Class
	// anywhere lets a phrase match at any place in a label. Single verbs
	// match only where a label gives an order (its first word, after
	// "Yes,", "Confirm", "Proceed to", …), so "Read the post" and
	// "Undo delete" do not read as posting or deleting.
	anywhere bool
}

var irreversibleVerbs = []string{
	"send", "delete", "remove", "discard", "publish", "post", "submit", "erase", "wipe", "destroy",
	"deactivate", "revoke", "terminate", "withdraw", "tweet", "uninstall", "unpublish",
	"disconnect", "purge",
}

var irreversiblePhrases = []string{
	"send now", "sign out", "log out", "logout", "signout", "log off", "logoff",
	"cancel booking", "cancel reservation", "cancel order", "cancel subscription", "cancel membership",
	"cancel flight", "cancel trip",
	"close account", "delete account", "deactivate account",
	"confirm booking", "complete booking", "confirm reservation", "complete reservation",
	"empty trash", "empty bin", "empty recycle bin", "factory reset", "reset all", "clear all data",
	"permanently delete", "delete forever", "delete permanently", "unsubscribe",
}

// "order" alone is not here: "Order by price" sorts a list.
var paymentVerbs = []string{"pay", "buy", "purchase", "subscribe", "donate", "transfer"}

var paymentPhrases = []string{
	"pay now", "buy now", "buy it now", "place order",
	"order now", "complete order", "submit order", "confirm order", "complete purchase",
	"confirm purchase", "confirm and pay", "confirm pay", "agree and pay", "book and pay",
	"checkout", "check out", "proceed to checkout", "go to checkout", "secure checkout",
	"make payment", "submit payment", "confirm payment", "complete payment",
	"authorize payment", "authorise payment", "send money", "transfer money", "pay with",
	"start subscription", "start trial", "start free trial", "upgrade now",
	"donate now", "send payment", "pay securely", "buy with",
}

var table = func() []entry {
	var t []entry
	add := func(list []string, class Class, anywhere bool) {
		for _, p := range list {
			words := tokens(p) // no articles: classify drops them from labels too
			t = append(t, entry{p, words, stemAll(words), class, anywhere || len(words) > 1})
		}
	}
	add(paymentPhrases, Payment, true)
	add(paymentVerbs, Payment, false)
	add(irreversiblePhrases, Irreversible, true)
	add(irreversibleVerbs, Irreversible, false)
	// Longest first, so "pay now" is reported rather than "pay".
	for i := 1; i < len(t); i++ {
		for j := i; j > 0 && len(t[j].words) > len(t[j-1].words); j-- {
			t[j], t[j-1] = t[j-1], t[j]
		}
	}
	return t
}()

var (
	// leadIns may come before an order in a label: "Yes, delete",
	// "Confirm: send", "Proceed to pay", "Click to unsubscribe".
	leadIns = set("yes ok okay sure confirm please click tap press here to and proceed go continue now permanently really securely safely then")
	// clauseLeads are the words after which a step text gives an order:
	// "search and buy the ticket", "press send", "click the pay button".
	clauseLeads = set("and then or to press click tap hit select use choose finally also please push")
	negations   = set("dont not never no without skip cant cannot wont doesnt")
	articles    = set("the a an your my this that our these those its")
	controlNoun = set("button link icon control")
	// countedNouns are what quantity steppers count: "Remove adult",
	// "Remove 1 room" lower a count and are reversible.
	countedNouns = set("adult adults child children kid kids infant infants traveller travellers traveler travelers " +
		"passenger passengers guest guests room rooms seat seats ticket tickets night nights person people " +
		"item items bag bags pet pets quantity unit units piece pieces")
	// containers are what "Remove from …" takes an item out of without
	// destroying anything: it can be added back.
	containers = set("cart basket bag trolley wishlist favorites favourites list selection comparison compare saved shortlist")
	numberWord = set("one two three 1 2 3 4 5 6 7 8 9 10")
	// reversibleObjects after "remove" ("Remove filter", "Remove all filters").
	reversibleObjects = set("filter filters selection selections highlight")
)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

var apostrophes = strings.NewReplacer("'", "", "’", "", "ʼ", "")

// tokens splits text into lower-case words of letters and digits. An
// apostrophe inside a word disappears ("Don't" → "dont"); everything else
// that is not a letter or digit (icons, punctuation, currency signs,
// hyphens) separates words.
func tokens(text string) []string {
	text = apostrophes.Replace(strings.ToLower(text))
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// stem reduces an English word to a crude stem so that a verb and its
// -ing/-ed/-s forms meet: paying/pay → pay, sending → send, deleting/
// delete → delet, submitting/submit → submit, placing/place → plac.
func stem(w string) string {
	for _, suffix := range []string{"ing", "ed", "es", "s"} {
		if strings.HasSuffix(w, suffix) && len(w)-len(suffix) >= 3 && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-len(suffix)]
			break
		}
	}
	w = strings.TrimSuffix(w, "e")
	if n := len(w); n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		w = w[:n-1] // submitt → submit, stopp → stop, logg → log
	}
	return w
}

func stemAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = stem(w)
	}
	return out
}

// Classify reads a control's label ("Pay €120.50", "🗑 Delete", "Send ➤",
// "Place order") and says whether pressing it would be irreversible or a
// payment. Matching is case-insensitive on whole words, ignores icons and
// punctuation, and knows inflections ("Sending…"). Not guarded:
//
//   - a negated order: "Don't send", "Continue without paying", "No, keep it";
//   - a count going down: "Remove adult", "Remove 1 room" (quantity steppers);
//   - taking an item out of a cart, basket, wish list or comparison
//     ("Remove from cart", "Remove item"), and removing a filter: the item
//     can be added back, and a flow must be able to tidy its cart;
//   - a single verb that is not in order position: "Read the post",
//     "Undo delete", "Buying guide".
//
// A label that reads as both classes is a payment.
func Classify(label string) Match {
	return classify(tokens(label), false)
}

// nonActionRoles are roles whose use chooses, types or switches a view
// rather than performing what their label says: a tab named "Send" shows
// the send panel; a checkbox "Subscribe to offers" is only ticked; a
// textbox "Send to" is typed into.
var nonActionRoles = set("tab tablist tabpanel checkbox radio switch option menuitemcheckbox menuitemradio " +
	"textbox searchbox combobox spinbutton slider listbox heading img image statictext text label tree treeitem")

// ClassifyControl is [Classify] for a control of an accessibility role
// ("button", "link", "tab", …): controls whose role performs nothing when
// used (tabs, checkboxes, radios, options, text fields, headings) are None
// whatever their label says.
func ClassifyControl(role, name string) Match {
	if nonActionRoles[strings.ToLower(strings.TrimSpace(role))] {
		return Match{}
	}
	return Classify(name)
}

// DescribesIrreversible reports whether step text names an irreversible or
// paying action ("delete the draft", "pay for the order", "click the send
// button", "complete the purchase"), for the lint rule on `do` and `pick`
// steps that no `stop_before` guards. The same exemptions as [Classify]
// apply ("remove one adult", "do not send").
func DescribesIrreversible(text string) (Match, bool) {
	m := classify(tokens(text), true)
	return m, m.Class != None
}

// classify finds the best match in words. prose is for step text: words
// match in any inflection ("deleting the draft") and a single verb may give
// an order in any clause. A label matches words as written, so a heading
// such as "Buying guide" or "Shipping" is not an order.
func classify(words []string, prose bool) Match {
	var kept []string // articles dropped: "make the payment" is "make payment"
	for _, w := range words {
		if !articles[w] {
			kept = append(kept, w)
		}
	}
	stems := stemAll(kept)
	first := 0
	for first < len(kept) && leadIns[kept[first]] {
		first++
	}
	var found Match
	for i := range stems {
		for _, e := range table {
			want, have := e.words, kept
			if prose {
				want, have = e.stems, stems
			}
			if len(want) > len(have)-i || !equal(have[i:i+len(want)], want) {
				continue
			}
			if !e.anywhere && !inOrderPosition(kept, i, first, len(e.words), prose) {
				continue
			}
			if negated(kept, i) || exempt(kept, stems, i) {
				continue
			}
			if found.Class == None || (e.class == Payment && found.Class != Payment) {
				found = Match{e.class, e.phrase}
			}
			break
		}
	}
	return found
}

func equal(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func inOrderPosition(words []string, i, first, n int, prose bool) bool {
	if i == first {
		return true
	}
	if !prose {
		return false
	}
	return i == 0 || clauseLeads[words[i-1]] || leadIns[words[i-1]] ||
		(i+n < len(words) && controlNoun[words[i+n]])
}

// negated reports a negation among the three words before position i.
func negated(words []string, i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if negations[words[j]] {
			return true
		}
	}
	return false
}

// exempt applies the decrease and container exemptions to "remove".
func exempt(words, stems []string, i int) bool {
	if stems[i] != stem("remove") || i+1 >= len(words) {
		return false
	}
	next := words[i+1]
	if numberWord[next] && i+2 < len(words) {
		next = words[i+2]
	}
	if countedNouns[next] || reversibleObjects[next] || (next == "all" && i+2 < len(words) && reversibleObjects[words[i+2]]) {
		return true
	}
	for j := i + 1; j < min(len(words)-1, i+5); j++ {
		if words[j] == "from" && containers[words[j+1]] {
			return true
		}
	}
	return false
}

// GatedBy reports whether a `stop_before` phrase also covers a control:
// the control's label starts with the phrase's action, in any inflection
// ("paying for the booking" gates "Pay" and "Pay €120"; "sending the email"
// gates "Send ➤"; "checking out" gates "Checkout"; "placing the order"
// gates "Place order"). Only the phrase's first word (after "the", "to")
// is its action, so "paying for the booking" does not gate "Book now".
// A label word shorter than three letters gates nothing.
func GatedBy(stopPhrase, label string) bool {
	phrase := tokens(stopPhrase)
	for len(phrase) > 0 && (articles[phrase[0]] || phrase[0] == "to" || phrase[0] == "before") {
		phrase = phrase[1:]
	}
	words := tokens(label)
	if len(phrase) == 0 || len(words) == 0 {
		return false
	}
	first := 0
	for first < len(words)-1 && leadIns[words[first]] {
		first++
	}
	action := stem(phrase[0])
	// The label's first word, and its first word after a lead-in ("Yes,
	// pay"), may carry the action ("Confirm reservation" for "confirming").
	for _, w := range []string{words[0], words[first]} {
		if len(w) < 3 {
			continue
		}
		word := stem(w)
		if strings.HasPrefix(action, word) {
			return true
		}
		// "checking out" / "Checkout", "signing off" / "Signoff".
		if len(phrase) > 1 && word == action+stem(phrase[1]) {
			return true
		}
	}
	return false
}

// IsSignIn reports whether text describes signing in ("signing in", "log
// in to the account", "login"), for the lint rule on a `stop_before` that
// would stop before signing in (signing in is neither irreversible nor a
// payment, so the flow should just do it).
func IsSignIn(text string) bool {
	stems := stemAll(tokens(text))
	for i, s := range stems {
		switch s {
		case "login", "signin", "logon":
			return true
		case "sign", "log":
			if i+1 < len(stems) && (stems[i+1] == "in" || stems[i+1] == "into" || stems[i+1] == "on") {
				return true
			}
		}
	}
	return false
}
