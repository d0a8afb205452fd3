package guard

import "strings"

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
	if countedNouns[head] && (obj.noun == "" || countedNouns[obj.noun]) {
		// The counted noun must be what is removed, not a word before it:
		// "Remove kids wellies" deletes the wellies.
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

// negated reports a negation among the three words before position i.
func negated(words []string, i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if negations[words[j]] {
			return true
		}
	}
	return false
}
