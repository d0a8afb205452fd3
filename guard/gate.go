package guard

import "strings"

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
