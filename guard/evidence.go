package guard

import (
	"slices"
	"strings"
)

// Field is a form field as the guard reads it: its autocomplete attribute
// and its words (label, accessible name, placeholder run together).
type Field struct {
	Autocomplete string
	Label        string
}

// cardVerdict is what a field says about card data on its own.
type cardVerdict int

const (
	notCard   cardVerdict = iota
	maybeCard             // words a card form uses, but other forms too ("Card number", "Expiry date")
	isCard                // a cc-* autocomplete token, or words only a card form uses ("CVV")
)

// cardPhrases name fields that only a payment card form has.
var cardPhrases = [][]string{
	{"cardnumber"}, {"credit", "card"}, {"debit", "card"}, {"cvv"}, {"cvv2"}, {"cvc"}, {"cvc2"}, {"csc"},
	{"card", "verification"}, {"card", "security", "code"}, {"valid", "thru"}, {"mm", "yy"}, {"mm", "yyyy"},
	{"cardholder"}, {"card", "holder"}, {"name", "on", "card"},
	{"kartennummer"}, {"numéro", "de", "carte"}, {"número", "de", "tarjeta"}, {"prüfnummer"},
}

// maybeCardPhrases name fields of a card form that other forms have too: a
// library card's number, a passport's expiry, a sign-in security code.
// Each has a kind, so that two of one kind do not vouch for each other.
var maybeCardPhrases = []struct {
	kind   string
	phrase []string
}{
	{"number", []string{"card", "number"}}, {"number", []string{"card", "no"}}, {"number", []string{"card", "nr"}},
	{"number", []string{"long", "number"}},
	{"code", []string{"security", "code"}}, {"code", []string{"card", "code"}}, {"code", []string{"cid"}},
	{"expiry", []string{"expiry"}}, {"expiry", []string{"expiration"}}, {"expiry", []string{"exp", "date"}},
	{"expiry", []string{"expires"}}, {"expiry", []string{"valid", "through"}}, {"expiry", []string{"valid", "until"}},
}

// otherCards are words that make a card, an expiry or a code something
// other than payment: "Library card number", "Passport expiry date",
// "Membership card no.". identityWords name what a payment card field
// never takes: "Card number or e-mail" signs in.
var (
	otherCards    = set("library membership member loyalty reward rewards bonus club gift voucher student id identity passport driver drivers driving licence license health insurance insurer social national transit travel frequent flyer flier sim boarding customer citizen residence residency employee staff museum season")
	identityWords = set("email mail username user login phone mobile telephone")
)

// autofillFields are the autofill field names of the HTML standard other
// than the cc-* ones: a field whose autocomplete names one of them takes
// that, whatever its label says.
var autofillFields = set("name honorific-prefix given-name additional-name family-name honorific-suffix nickname " +
	"username new-password current-password one-time-code organization-title organization street-address " +
	"address-line1 address-line2 address-line3 address-level4 address-level3 address-level2 address-level1 " +
	"country country-name postal-code transaction-currency transaction-amount language bday bday-day " +
	"bday-month bday-year sex url photo tel tel-country-code tel-national tel-area-code tel-local " +
	"tel-local-prefix tel-local-suffix tel-extension email impp")

// autocompleteSays reads an autocomplete attribute: isCard for a cc-*
// field name, notCard for any other field name, and ok false when it names
// no field ("on", "off", "section-x shipping", a made-up token).
func autocompleteSays(autocomplete string) (v cardVerdict, ok bool) {
	for _, tok := range strings.Fields(strings.ToLower(autocomplete)) {
		switch {
		case strings.HasPrefix(tok, "cc-"):
			return isCard, true
		case autofillFields[tok]:
			return notCard, true
		}
	}
	return notCard, false
}

// readCardField is what f says about card data on its own, and the kind
// of a maybe.
func readCardField(f Field) (cardVerdict, string) {
	if v, ok := autocompleteSays(f.Autocomplete); ok {
		return v, ""
	}
	words := tokens(f.Label)
	for _, w := range words {
		if identityWords[w] {
			return notCard, ""
		}
	}
	for _, phrase := range cardPhrases {
		if containsPhrase(words, phrase) {
			return isCard, ""
		}
	}
	for _, w := range words {
		if otherCards[w] {
			return notCard, ""
		}
	}
	for _, m := range maybeCardPhrases {
		if !containsPhrase(words, m.phrase) {
			continue
		}
		// A code or expiry that says whose it is elsewhere in the label
		// ("Security code: the 3 digits on the back of your card") is the
		// card's.
		if m.kind != "number" && slices.Contains(words, "card") {
			return isCard, ""
		}
		return maybeCard, m.kind
	}
	return notCard, ""
}

// IsCardField reports whether a form field takes payment card data, known
// from the field alone. The autocomplete attribute wins both ways: a cc-*
// token ("cc-number", "billing cc-exp") is card data, and any other
// autofill field name ("username", "email", "tel", "one-time-code") is
// not, whatever the label says. Without one, the label decides: words
// only a card form uses (CVV, CVC, "credit card", "name on card",
// "cardholder") are card data; a card number, security code or expiry is
// card data unless the label says whose ("Library card number",
// "Passport expiry date") or asks for an e-mail or user name too. With
// the rest of the form at hand, use [IsCardFieldIn], which asks more of
// those ambiguous words. It is payment evidence: under `payment stop` a
// page showing such a field stops the run.
func IsCardField(autocomplete, label string) bool {
	v, _ := readCardField(Field{Autocomplete: autocomplete, Label: label})
	return v != notCard
}

// IsCardFieldIn reports whether f takes payment card data on a form whose
// other fields are others (f itself among them does no harm) and whose
// buttons are labelled buttons: the form, or the page when the form is
// not known. It reads f as [IsCardField] does, except that an ambiguous
// label ("Card number", "Security code", "Expiry date", with no cc-*
// autocomplete and no word "card" elsewhere in the label) is card data
// only when the form pays: another field is card data by itself (a cc-*
// token, CVV, "name on card"), another ambiguous field is of a different
// kind (an expiry beside a card number), or a button reads as payment
// ([Classify]: "Pay €120.50", "Place order"). So "Library card number"
// on a sign-in form is an ordinary field, "Card number" alone on a
// gift-card balance page is too, and "Card number" beside "Expiry date"
// and "CVC" is card data.
func IsCardFieldIn(f Field, others []Field, buttons []string) bool {
	v, kind := readCardField(f)
	if v != maybeCard {
		return v == isCard
	}
	for _, o := range others {
		switch ov, okind := readCardField(o); ov {
		case isCard:
			return true
		case maybeCard:
			if okind != kind {
				return true
			}
		}
	}
	for _, b := range buttons {
		if Classify(b).Class == Payment {
			return true
		}
	}
	return false
}

func containsPhrase(words, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(words); i++ {
		if slices.Equal(words[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}

// humanWalls are screen texts that only a person can get past, and what a
// report calls each.
var humanWalls = []struct {
	what    string
	phrases [][]string
}{
	{"a captcha", [][]string{
		{"captcha"}, {"recaptcha"}, {"hcaptcha"}, {"turnstile", "challenge"}, {"not", "a", "robot"},
		{"im", "not", "a", "robot"}, {"are", "you", "a", "robot"}, {"select", "all", "images"},
		{"type", "the", "characters"},
	}},
	{"a human verification", [][]string{
		{"verify", "you", "are", "human"}, {"verify", "that", "you", "are", "human"},
		{"verify", "youre", "human"}, {"verify", "you", "are", "a", "human"}, {"prove", "you", "are", "human"},
		{"prove", "youre", "human"}, {"confirm", "you", "are", "human"}, {"human", "verification"},
		{"checking", "if", "the", "site", "connection", "is", "secure"}, {"unusual", "traffic"},
	}},
	{"a one-time code", [][]string{
		{"one", "time", "code"}, {"one", "time", "password"}, {"one", "time", "passcode"}, {"otp"},
		{"verification", "code"}, {"security", "code", "sent"}, {"code", "we", "sent"},
		{"code", "sent", "to"}, {"enter", "the", "code"}, {"authentication", "code"},
		{"authenticator", "app"}, {"two", "factor"}, {"2", "step", "verification"},
		{"two", "step", "verification"}, {"2fa"}, {"sms", "code"},
	}},
}

// HumanWall reports whether screen text shows something only a person can
// pass (a captcha, a "verify you are human" check, a one-time code
// prompt) and names it for the `needs_human` outcome: "a captcha", "a
// human verification" or "a one-time code".
func HumanWall(text string) (what string, ok bool) {
	words := tokens(text)
	for _, wall := range humanWalls {
		for _, phrase := range wall.phrases {
			if containsPhrase(words, phrase) {
				return wall.what, true
			}
		}
	}
	return "", false
}
