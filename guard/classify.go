package guard

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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

// kind is how a verb of the lexicon needs its object.
type kind uint8

const (
	// always: guarded alone and with any object ("Delete", "Delete Mia's
	// message"), unless the object is one the verb leaves recoverable.
	always kind = iota
	// withObject: guarded only with an object ("Cancel appointment"); alone
	// ("Cancel", "Close") or on a dialog ("Close dialog") it dismisses.
	withObject
	// priced: a payment only when the label shows a price or names a plan
	// ("Subscribe for €9.99/month", "Upgrade to Pro"); otherwise nothing.
	priced
	// onlyWith: of its class only with one of its objects listed as only
	// ("Stop all emails"); otherwise nothing ("Stop sharing").
	onlyWith
)

// rule is how one verb reads.
type rule struct {
	lexeme string
	class  Class
	kind   kind
	// nouns are next words that make the verb a noun: "Order history",
	// "Pay slip", "End date", "Post office".
	nouns map[string]bool
	// keeps are objects the verb leaves recoverable: "Remove filter",
	// "Clear search", "Withdraw consent".
	keeps map[string]bool
	// pays are objects that make the verb a payment: "Send money",
	// "Upgrade to Pro", "Start free trial".
	pays map[string]bool
	// others are objects that make a verb of one guarded class one of
	// the other: "Transfer ownership" moves no money.
	others map[string]bool
	// only are the objects an onlyWith verb needs: "Stop all emails".
	only map[string]bool
	// counts marks "remove": a count going down ("Remove adult", "Remove
	// 1 room") or an item leaving a cart ("Remove from basket") is exempt.
	counts bool
}

// Word lists shared by several verbs of the lexicon.
const (
	// tidy are things of the view a flow can rebuild by itself.
	tidy = "filter filters search query selection selections highlight highlights zoom view sort sorting "
	// typed is what was typed into a form, which "Clear form" empties.
	typed = "form field fields input text formatting "
	// chrome are the parts of an interface that closing hides and
	// reopening brings back: "Close dialog", "Close the cookie banner".
	chrome = "dialog dialogue window popup pop modal menu overlay panel banner sidebar drawer lightbox " +
		"notification notifications alert toast tooltip tour preview tab tabs chat video player ad ads " +
		"advertisement sheet pane frame viewer gallery image photo map help info details cookie cookies it x "
	// paidTiers name a paid tier: "Get Premium", "Join Prime", "Try Pro".
	paidTiers = "pro premium plus prime gold vip membership "
	// plans are what one upgrades or subscribes to: "Upgrade to Team".
	plans = paidTiers + "business team teams enterprise family plan subscription tier "
)

// lexicon lists the verbs the guard knows. A label gives an order with one
// of them when the verb stands where an order does (see [Classify]).
var lexicon = []struct {
	verbs                            string
	class                            Class
	kind                             kind
	nouns, keeps, pays, others, only string
}{
	// Verbs that destroy, end or give away something, with any object.
	{verbs: "delete remove erase discard destroy purge wipe void decommission deprovision", class: Irreversible, keeps: tidy},
	{verbs: "clear reset", class: Irreversible, keeps: tidy + typed},
	{verbs: "revoke deactivate terminate uninstall unpublish disconnect unlink unpair unfriend unmatch forget kick ban unsubscribe publish tweet", class: Irreversible},
	{verbs: "empty", class: Irreversible, nouns: "state"},
	{verbs: "end", class: Irreversible, nouns: "date dates time times of to point user users year", keeps: chrome},
	{verbs: "leave", class: Irreversible, nouns: "a an feedback review reviews comment comments message note reply rating ratings", pays: "tip donation"},
	{verbs: "block", class: Irreversible, nouns: "editor list type settings quote", keeps: "cookies cookie trackers"},
	{verbs: "drop", class: Irreversible, nouns: "down zone files file here image images photo photos document documents pin off point location"},
	{verbs: "send", class: Irreversible, keeps: "code codes otp pin verification me", pays: "money funds cash payment"},
	{verbs: "withdraw", class: Irreversible, keeps: "consent", pays: "money funds cash"},
	{verbs: "submit", class: Irreversible, keeps: "search query"},
	{verbs: "post", class: Irreversible, nouns: "office code details history settings title preview type analytics insights options date author body tags"},
	// Verbs that end only what they are said to: "Stop all emails"
	// unsubscribes, "Stop instance" and "Stop sharing" can be undone.
	{verbs: "stop", class: Irreversible, kind: onlyWith, only: "emails email mails newsletter newsletters marketing mailings " +
		"texts sms subscription membership payments payment renewal renewals plan"},
	// Verbs that dismiss when alone or on a part of the interface.
	{verbs: "cancel close", class: Irreversible, kind: withObject, keeps: chrome + tidy},
	// Verbs that move money.
	{verbs: "pay", class: Payment, nouns: "attention heed tribute visit respects respect slip slips stub stubs period periods date rate grade scale gap"},
	{verbs: "buy purchase", class: Payment, nouns: "history details summary date receipt options orders price protection"},
	{verbs: "order", class: Payment, nouns: "by history details detail status summary number no id date total tracking confirmation info " +
		"information ascending descending type list reference ref form receipt notes items placed management lookup overview"},
	{verbs: "donate transfer", class: Payment, nouns: "history details status limit limits fees fee", others: "ownership owner admin rights"},
	{verbs: "tip", class: Payment, nouns: "of jar tips"},
	{verbs: "refund", class: Payment, nouns: "policy status details history request"},
	{verbs: "checkout", class: Payment, nouns: "summary details page steps step progress process settings"},
	// Verbs that pay only with a price or a plan.
	{verbs: "subscribe", class: Payment, kind: priced, pays: plans},
	{verbs: "upgrade", class: Payment, kind: priced, pays: plans + "now"},
	{verbs: "join get try", class: Payment, kind: priced, pays: paidTiers},
	{verbs: "start", class: Payment, kind: priced, pays: "trial subscription membership"},
	{verbs: "renew unlock rent book reserve confirm complete activate enroll enrol register extend", class: Payment, kind: priced},
}

// commitVerbs complete what the noun after them names: "Place order",
// "Confirm booking", "Make a payment", "Confirm deletion".
var commitVerbs = set("confirm complete finalize finalise authorize authorise approve process submit make send place issue")

// actionNouns are the nouns a commit verb completes, with their class.
var actionNouns = func() map[string]Class {
	m := map[string]Class{}
	for w := range set("payment purchase order donation transfer checkout transaction subscription bid offer trade refund pledge") {
		m[w] = Payment
	}
	for w := range set("deletion cancellation removal termination deactivation withdrawal erasure closure revocation " +
		"submission booking reservation reset wipe") {
		m[w] = Irreversible
	}
	return m
}()

// labelRules indexes the lexicon by verb.
var labelRules = func() map[string]*rule {
	m := map[string]*rule{}
	for _, e := range lexicon {
		for _, v := range strings.Fields(e.verbs) {
			m[v] = &rule{lexeme: v, class: e.class, kind: e.kind, nouns: set(e.nouns), keeps: set(e.keeps), pays: set(e.pays),
				others: set(e.others), only: set(e.only), counts: v == "remove"}
		}
	}
	return m
}()

var (
	// leadIns may come before an order in a label: "Yes, delete",
	// "Confirm: send", "Proceed to pay", "Click to unsubscribe". Class
	// words of icon fonts come first in the names of icon-only buttons
	// ("fa fa-trash", "material-icons delete").
	leadIns = set("yes ok okay sure confirm please click tap press here to proceed go continue now permanently really " +
		"securely safely then")
	// iconWords are class words of icon fonts, which come first in the
	// names of icon-only buttons ("fa fa-trash", "material-icons delete",
	// "icon-close"): skipped, they leave the order to the next word.
	iconWords = set("fa fas far fal fab icon icons glyphicon bi mdi material ion ionicons ti btn symbol")
	// coordinators start a new order inside a label: "Save and send",
	// "Accept & pay". "Or" does not: "Rent or buy" offers a choice.
	coordinators = set("and then")
	// clauseLeads are the words after which a step text gives an order:
	// "search and buy the ticket", "press send", "click the pay button".
	clauseLeads = set("and then or to press click tap hit select use choose finally also please push")
	negations   = set("dont not never no without skip cant cannot wont doesnt")
	// articles are determiners; a word right after one is a noun in step
	// text ("the order"), and objects are read past them ("Cancel my booking").
	articles    = set("the a an your my this that our these those its his her their")
	controlNoun = set("button buttons link links icon icons control controls")
	// adverbs are not objects: "Cancel now", "Delete forever", "Buy again".
	adverbs = set("now anyway anyways immediately permanently forever here today again instantly securely safely online")
	// insisting adverbs make a bare "Cancel" or "Close" an order: "Cancel
	// anyway" discards, "Cancel now" ends a plan.
	insisting = set("anyway anyways now immediately permanently forever")
	// countedNouns are what quantity steppers count: "Remove adult",
	// "Remove 1 room" lower a count and are reversible.
	countedNouns = set("adult adults child children kid kids infant infants traveller travellers traveler travelers " +
		"passenger passengers guest guests room rooms seat seats ticket tickets night nights person people " +
		"item items bag bags pet pets quantity unit units piece pieces one")
	// containers are what "Remove from …" takes an item out of without
	// destroying anything: it can be added back.
	containers   = set("cart basket bag trolley wishlist favorites favourites list selection comparison compare saved shortlist")
	prepositions = set("to from for of with on in at by into onto as about")
	// trashNouns name the bin: a button or icon of that name deletes, a
	// link of that name opens the folder.
	trashNouns = set("trash bin trashcan wastebasket garbage dustbin 🗑")
	// bookings are the priced verbs that commit to a booking, not a
	// payment, when confirmed: "Confirm & book".
	bookings = set("book reserve")
	// wallets are the brands of "… Pay" buttons that pay in one press.
	wallets = set("apple google g samsung shop amazon")
	// signOuts end a session wherever they stand in a label.
	signOuts = set("logout signout logoff")
	// priceUnits follow a number or "per" in a price: "9.99 per month", "€40 a year".
	priceUnits = set("mo month months monthly yr year years yearly annually week weeks day days")
	// currencies are currency codes and names written as words.
	currencies = set("eur usd gbp chf sek nok dkk pln czk huf jpy cny inr aud cad nzd euro euros dollar dollars pound pounds")
	// discounts after an amount make it money off, not a price: "Get €10 off".
	discounts = set("off discount cashback credit")
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

// Marks that scan writes as words of their own.
const (
	boundary = "|" // a colon, comma, dot, dash or bar between two parts of a label
	currency = "¤" // a currency sign
	binIcon  = "🗑" // the wastebasket icon
)

// scan reads a label into lower-case words of letters and digits, as
// [tokens] does, and keeps what a label's punctuation says: a currency sign
// is the word "¤", the wastebasket icon is "🗑", "/" reads "per" ("€9/mo"),
// "&" and "+" read "and", and a colon, comma, middle dot, bullet, bar or
// dash between words is a boundary "|". The words are appended to buf (so
// a caller's array can hold them) and share one allocated string.
func scan(label string, buf []string) []string {
	var b strings.Builder
	b.Grow(2*len(label) + 8) // room for the marks scan writes
	sep := func(mark string) {
		b.WriteByte(' ')
		b.WriteString(mark)
		b.WriteByte(' ')
	}
	for _, r := range label {
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
			b.WriteByte(byte(r))
		case r < utf8.RuneSelf && 'A' <= r && r <= 'Z':
			b.WriteByte(byte(r) + 'a' - 'A')
		case r == '\'' || r == '’' || r == 'ʼ':
		case r == '&' || r == '+':
			sep("and")
		case r == '/':
			sep("per")
		case r == ':' || r == ',' || r == ';' || r == '|' || r == '·' || r == '•' || r == '–' || r == '—':
			sep(boundary)
		case r == 0x1F5D1:
			sep(binIcon)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case unicode.Is(unicode.Sc, r):
			sep(currency)
		default:
			b.WriteByte(' ')
		}
	}
	s := b.String()
	words := buf
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if w := s[i:j]; w != "" && (w != boundary || len(words) > 0 && words[len(words)-1] != boundary) {
			words = append(words, w)
		}
		i = j
	}
	for len(words) > 0 && words[len(words)-1] == boundary {
		words = words[:len(words)-1]
	}
	return words
}

// stem reduces an English word to a crude stem so that a verb and its
// -ing/-ed/-s forms meet: paying/pay → pay, sending → send, deleting/
// delete → delet, submitting/submit → submit, placing/place → plac,
// cancelling/cancel → cancel.
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
	} else if n >= 6 && w[n-1] == 'l' && w[n-2] == 'l' {
		w = w[:n-1] // cancell → cancel, travell → travel
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

// Classify reads a control's label ("Pay €120.50", "🗑 Delete", "Cancel
// order #4411", "Subscribe for €9.99/month") and says whether pressing it
// would be irreversible or a payment, as [ClassifyControl] does for a
// button. Matching is case-insensitive on whole words and ignores icons
// and punctuation. A label that reads as both classes is a payment. The
// package documentation gives the rule and its exemptions.
func Classify(label string) Match {
	return classifyLabel(label, false)
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
// whatever their label says, and a link named only after the bin
// ("Trash", "Bin (3)") opens that folder, where a button of that name
// deletes.
func ClassifyControl(role, name string) Match {
	role = strings.TrimSpace(role)
	if nonActionRoles[role] || nonActionRoles[strings.ToLower(role)] {
		return Match{}
	}
	return classifyLabel(name, strings.EqualFold(role, "link"))
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

// at is words[i], or "" past the end.
func at(words []string, i int) string {
	if i < len(words) {
		return words[i]
	}
	return ""
}

// orderAt reads the order a label (or step text, when prose) gives at
// words[i]. led is whether lead-ins came before it ("Yes, cancel"); link
// whether the control is a link.
func orderAt(words []string, i int, led, prose, link bool) Match {
	if negated(words, i) {
		return Match{}
	}
	w, next := words[i], at(words, i+1)
	if prose {
		if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && lexemes[w] == "" {
			return Match{} // "the orders", "posts": plural nouns, not orders
		}
		if l := lexemes[stem(w)]; l != "" {
			w = l // "placing" → "place", "cancelled" → "cancel"
		}
	}
	if link && (next == "a" || next == "an" || next == "us") {
		return Match{} // a link "Post a job", "Send us a message" opens the form for one
	}
	obj := objectOf(words, i)
	switch {
	case commitVerbs[w]:
		if class, ok := actionNouns[nounOf(obj.head, prose)]; ok {
			return better(Match{class, w + " " + nounOf(obj.head, prose)}, ruleAt(labelRules[w], words, i, obj, led, prose))
		}
	case w == "check" && next == "out":
		return checkOut(words, i)
	case w == "subscribe" && next == "and" && at(words, i+2) == "save":
		return Match{Payment, "subscribe and save"} // a repeat order
	case w == "top" && next == "up":
		return Match{Payment, "top up"}
	case w == "pre" && (next == "order" || next == "purchase"):
		return Match{Payment, "pre-order"}
	case w == "move" && next == "to" && (trashNouns[at(words, i+2)] || trashNouns[at(words, i+3)]):
		return Match{Irreversible, "move to trash"} // "Move to trash", "Move to Recycle Bin"
	case trashNouns[w]:
		// A trash button deletes; a link named after the bin opens it.
		if link && (obj.head == "" || obj.head == "folder" || isNumber(obj.head)) {
			return Match{}
		}
		return Match{Irreversible, "trash"}
	}
	return ruleAt(labelRules[w], words, i, obj, led, prose)
}

// lexemes maps the stem of every verb the guard reads to the verb, for
// step text where verbs come in any inflection.
var lexemes = func() map[string]string {
	m := map[string]string{}
	for v := range labelRules {
		m[stem(v)] = v
	}
	for v := range commitVerbs {
		m[stem(v)] = v
	}
	for _, v := range []string{"check", "move", "top"} {
		m[stem(v)] = v
	}
	return m
}()

// nounOf maps a plural action noun of step text to the noun ("payments").
func nounOf(w string, prose bool) string {
	if _, ok := actionNouns[w]; ok || !prose {
		return w
	}
	return strings.TrimSuffix(w, "s")
}

// ruleAt applies a verb's rule to its object.
func ruleAt(r *rule, words []string, i int, obj objectWords, led, prose bool) Match {
	if r == nil {
		return Match{}
	}
	if prose && controlNoun[at(words, i+1)] {
		obj = objectWords{} // "click the cancel button": no object
	}
	for _, w := range [...]string{at(words, i+1), obj.words[0], obj.words[1], obj.words[2]} {
		if w != "" && r.only[w] {
			return Match{r.class, r.lexeme + " " + w} // "Stop all emails"
		}
		if w != "" && r.pays[w] {
			return Match{Payment, r.lexeme + " " + w} // "Send money", "Upgrade to Pro", "Leave a tip"
		}
	}
	if r.kind == onlyWith {
		return Match{}
	}
	if r.others[obj.head] {
		other := Irreversible
		if r.class == Irreversible {
			other = Payment
		}
		return Match{other, r.lexeme + " " + obj.head} // "Transfer ownership"
	}
	if next := at(words, i+1); r.nouns[next] || r.lexeme == "order" && isReference(words, i+1) ||
		r.lexeme == "pay" && next == "as" && at(words, i+2) == "you" {
		return Match{} // "Order history", "Pay slip", "End date", "Order #4411", "Pay as you go"
	}
	kept := r.keeps[obj.noun]
	switch r.kind {
	case priced:
		if hasPrice(words) {
			return Match{Payment, r.lexeme + " … price"}
		}
		if c := committedBefore(words, i); c != "" {
			// "Confirm & book", "Confirm and subscribe": the last step.
			if bookings[r.lexeme] {
				return Match{Irreversible, c + " … " + r.lexeme}
			}
			return Match{Payment, c + " … " + r.lexeme}
		}
		return Match{}
	case withObject:
		if obj.head == "" {
			if led || obj.insist {
				return Match{r.class, r.lexeme} // "Yes, cancel", "Cancel anyway"
			}
			return Match{} // "Cancel", "Close this": dismisses a dialog
		}
		if kept {
			return Match{} // "Close the cookie banner", "Cancel search"
		}
		return Match{r.class, r.lexeme + " …"}
	}
	if kept || r.counts && lowersCount(words, obj) {
		return Match{} // "Clear filters", "Remove 1 adult", "Remove from cart"
	}
	if r.class == Irreversible && hasPrice(words) {
		return Match{Payment, r.lexeme + " … price"} // "Send €20", "Remove ads – €2.99"
	}
	return Match{r.class, r.lexeme}
}

// objectWords is what follows a verb in its clause: its first words past
// articles, "all" and adverbs.
type objectWords struct {
	head   string    // words[0]
	words  [3]string // the first three
	noun   string    // the last word of the noun phrase: "cookie banner" → banner
	insist bool      // an insisting adverb came after the verb
}

// objectOf reads the object of the verb at words[i]: "Cancel my booking" →
// booking, "Remove all addresses" → addresses, "Cancel anyway" → none,
// insisting. It stops at a boundary or a coordinator. The noun phrase
// ends at a preposition; its last word names what the verb acts on
// ("Clear search history" clears a history, "Close the newsletter pop-up"
// a pop-up, "End video call" a call).
func objectOf(words []string, i int) objectWords {
	var o objectWords
	n, phrase := 0, true
	for j := i + 1; j < len(words) && n < len(o.words); j++ {
		w := words[j]
		if w == boundary || coordinators[w] {
			break
		}
		if prepositions[w] {
			phrase = false
		} else if phrase && !articles[w] && !adverbs[w] && !insisting[w] && !controlNoun[w] && w != currency && w != "all" {
			o.noun = w
			if w == "up" && words[j-1] == "pop" {
				o.noun = "popup"
			}
		}
		switch {
		case insisting[w]:
			o.insist = true
			continue
		case articles[w] || adverbs[w] || controlNoun[w] || w == currency:
			continue
		case (w == "all" || w == "everything") && j+1 < len(words) && words[j+1] != boundary && !coordinators[words[j+1]]:
			continue
		}
		o.words[n] = w
		n++
	}
	o.head = o.words[0]
	return o
}

// lowersCount applies the quantity and container exemptions to "remove":
// "Remove adult", "Remove 1 room", "Remove one", "Remove the item from
// the cart".
func lowersCount(words []string, obj objectWords) bool {
	head := obj.head
	if isNumber(head) || head == "one" {
		if obj.words[1] == "" {
			return true
		}
		head = obj.words[1]
	}
	if countedNouns[head] {
		return true
	}
	for j, w := range words {
		if w != "from" {
			continue
		}
		for j++; j < len(words) && articles[words[j]]; j++ {
		}
		if containers[at(words, j)] {
			return true
		}
	}
	return false
}

// checkOut reads "check out": checking out of a shop, unless it invites a
// look ("Check out our deals", "Check out the new arrivals").
func checkOut(words []string, i int) Match {
	switch at(words, i+2) {
	case "our", "this", "these", "the", "that", "those", "more", "latest", "new", "what", "how", "why", "his", "her", "their", "some", "other":
		if !containers[at(words, i+3)] && at(words, i+3) != "order" {
			return Match{}
		}
	case "date", "time":
		return Match{} // "Check-out date"
	}
	return Match{Payment, "check out"}
}

// onlyPrice reports a label that is an amount of money and nothing else:
// "€5", "$2.50", "10 EUR".
func onlyPrice(words []string) bool {
	if !hasPrice(words) {
		return false
	}
	for _, w := range words {
		if w != currency && !currencies[w] && !isNumber(w) {
			return false
		}
	}
	return true
}

// committedBefore is the commit verb that leads the clause ending at
// words[i] into the order there ("Confirm & book"), or "".
func committedBefore(words []string, i int) string {
	for j := i - 1; j >= 0 && (leadIns[words[j]] || coordinators[words[j]] || words[j] == boundary || commitVerbs[words[j]]); j-- {
		if words[j] == "confirm" || words[j] == "complete" || words[j] == "finalize" || words[j] == "finalise" {
			return words[j]
		}
	}
	return ""
}

// isReference reports an order reference: "Order #4411", "Order A-1042".
func isReference(words []string, i int) bool {
	return isNumber(at(words, i)) || len(at(words, i)) == 1 && isNumber(at(words, i+1))
}

func isNumber(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9'
}

// hasPrice reports a price in a label: a currency sign, code or name next
// to an amount that is not money off ("€9.99", "40 EUR", "Get €10 off" is
// not), an amount per period ("9.99 per month", "5 a week"), or "billed".
func hasPrice(words []string) bool {
	for i, w := range words {
		switch {
		case w == currency || currencies[w]:
			if isNumber(at(words, i+1)) || i > 0 && isNumber(words[i-1]) {
				j := i + 1
				for j < len(words) && isNumber(words[j]) {
					j++
				}
				if !discounts[at(words, j)] {
					return true
				}
			}
		case priceUnits[w] && i > 0:
			if p := words[i-1]; p == "per" || p == "a" || p == "each" || isNumber(p) && i > 1 && (words[i-2] == currency || isNumber(words[i-2])) {
				return true
			}
		case w == "billed" || w == "charged":
			return true
		}
	}
	return false
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
	for first < len(words)-1 && (leadIns[words[first]] || words[first] == "and") {
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
