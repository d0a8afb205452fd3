package guard

import (
	"maps"
	"slices"
	"strings"
)

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

// lexemes maps the stem of every verb the guard reads to the verb, for
// step text where verbs come in any inflection. Two spellings of one verb
// share a stem ("enroll", "enrol"); the one the lexicon lists first names
// it, so that a run's messages do not depend on map order.
var lexemes = func() map[string]string {
	m := map[string]string{}
	add := func(v string) {
		if _, ok := m[stem(v)]; !ok {
			m[stem(v)] = v
		}
	}
	for _, e := range lexicon {
		for _, v := range strings.Fields(e.verbs) {
			add(v)
		}
	}
	for _, v := range slices.Sorted(maps.Keys(commitVerbs)) {
		add(v)
	}
	for _, v := range []string{"check", "move", "top"} {
		add(v)
	}
	return m
}()

// The words of a label's grammar: what may lead to an order, what starts
// a new one, what negates it and what an object is read past.
var (
	// leadIns may come before an order in a label: "Yes, delete",
	// "Confirm: send", "Proceed to pay", "Click to unsubscribe".
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
	// negations before a verb take its order back: "Don't send", "No,
	// cancel", "Continue without paying".
	negations = set("dont not never no without skip cant cannot wont doesnt")
	// articles are determiners; a word right after one is a noun in step
	// text ("the order"), and objects are read past them ("Cancel my booking").
	articles = set("the a an your my this that our these those its his her their")
	// controlNoun after a word makes it a control's name in step text:
	// "click the send button".
	controlNoun = set("button buttons link links icon icons control controls")
	// adverbs are not objects: "Cancel now", "Delete forever", "Buy again".
	adverbs = set("now anyway anyways immediately permanently forever here today again instantly securely safely online")
	// insisting adverbs make a bare "Cancel" or "Close" an order: "Cancel
	// anyway" discards, "Cancel now" ends a plan.
	insisting = set("anyway anyways now immediately permanently forever")
	// prepositions end the noun phrase of an object: "Clear search history
	// for this site" clears a history.
	prepositions = set("to from for of with on in at by into onto as about")
)

// Objects and names that decide how a verb reads.
var (
	// countedNouns are what quantity steppers count: "Remove adult",
	// "Remove 1 room" lower a count and are reversible.
	countedNouns = set("adult adults child children kid kids infant infants traveller travellers traveler travelers " +
		"passenger passengers guest guests room rooms seat seats ticket tickets night nights person people " +
		"item items bag bags pet pets quantity unit units piece pieces one")
	// containers are what "Remove from …" takes an item out of without
	// destroying anything: it can be added back.
	containers = set("cart basket bag trolley wishlist favorites favourites list selection comparison compare saved shortlist")
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
)

// set is the set of the space-separated words.
func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
