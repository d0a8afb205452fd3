package guard

import (
	"strings"
)

// cardLabelPhrases name the fields of a payment card form.
var cardLabelPhrases = [][]string{
	{"card", "number"}, {"cardnumber"}, {"credit", "card"}, {"debit", "card"}, {"card", "no"},
	{"cvv"}, {"cvv2"}, {"cvc"}, {"cvc2"}, {"csc"}, {"cid"}, {"security", "code"},
	{"card", "verification"}, {"card", "code"}, {"expiry"}, {"expiration"}, {"exp", "date"},
	{"expiry", "date"}, {"valid", "thru"}, {"valid", "through"}, {"valid", "until"}, {"mm", "yy"},
	{"mm", "yyyy"}, {"cardholder"}, {"card", "holder"}, {"name", "on", "card"},
	{"kartennummer"}, {"numéro", "de", "carte"}, {"número", "de", "tarjeta"}, {"prüfnummer"},
}

// IsCardField reports whether a form field takes payment card data: its
// autocomplete attribute holds a cc-* token ("cc-number", "billing
// cc-exp"), or its label names a card number, CVV/CVC/security code,
// expiry or the cardholder. It is payment evidence: under `payment stop`
// a page showing such a field stops the run.
func IsCardField(autocomplete, label string) bool {
	for _, tok := range strings.Fields(strings.ToLower(autocomplete)) {
		if strings.HasPrefix(tok, "cc-") {
			return true
		}
	}
	words := tokens(label)
	for _, phrase := range cardLabelPhrases {
		if containsPhrase(words, phrase) {
			return true
		}
	}
	return false
}

func containsPhrase(words, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(words); i++ {
		if equal(words[i:i+len(phrase)], phrase) {
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
