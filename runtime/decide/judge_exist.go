package decide

import (
	"strconv"
	"strings"
)

// Emptiness: "no addresses are saved", "the cart is empty", the goal
// "empty my saved addresses". A list is empty when the screen says so ("You
// have no saved addresses", "0 items", "Your cart is empty"); it is not
// when a count above zero names it or a heading naming it stands over list
// items. A button that would empty it ("Remove all addresses") proves
// nothing either way, and a screen that says neither leaves it unsure.

// existWords are the predicates of a claim about what a list holds:
// "no addresses are saved", "the inbox has no messages", "there are no
// messages in the inbox". Such a claim is not proved by the absence of its
// words: a list of messages that never says "message" still holds some.
var existWords = set("saved stored left remaining kept registered has have there contains contain holds hold", nil)

// emptyWords say that a text reports an empty list.
var emptyWords = set("empty 0 zero", nil)

// listMarks are the path roles of list items, rows and cards.
var listMarks = []string{"listitem", "row", "article", "card", "option", "treeitem", "gridcell"}

// existenceClaim reports whether a negated condition's words claim that a
// list holds nothing ("no addresses are saved", "no items left").
func existenceClaim(raw []string) bool {
	claim := false
	for _, w := range raw {
		if sightWords[w] {
			return false // "there is no error shown": what is shown, judged by sight
		}
		claim = claim || existWords[w]
	}
	return claim
}

// sightWords make a claim one about what the screen shows rather than
// what a list holds.
var sightWords = set("shown visible displayed appears appear showing", nil)

// listNouns are the words naming the list: the content words that are no
// predicate, no state and no quantifier.
func listNouns(raw []string) []word {
	var out []word
	for _, w := range raw {
		if stopwords[w] || presenceWords[w] || existWords[w] || emptyWords[w] || weakWords[w] || negations[w] || w == "all" || w == "every" {
			continue
		}
		out = append(out, newWord(w, 1))
	}
	return out
}

// judgeEmpty is the probability that the list named by raw is empty.
func judgeEmpty(raw []string, items []item) finding {
	nouns := listNouns(raw)
	if len(nouns) == 0 {
		return finding{0.5, "the statement names no list"}
	}
	names := func(ws []word) bool {
		for _, n := range nouns {
			if matchIn(n, ws) < 0.8 {
				return false
			}
		}
		return true
	}
	// The noun that counts most: the last one ("saved addresses" →
	// addresses) names the things listed.
	head := nouns[len(nouns)-1]
	// A heading or an "is empty" line may name the list by its container
	// ("the inbox has no messages": "Inbox", "Your inbox is empty"): any
	// noun of the claim will do there.
	anyNoun := func(ws []word) bool {
		for _, n := range nouns {
			if matchIn(n, ws) >= 0.8 {
				return true
			}
		}
		return false
	}
	// First what the screen says of the list: a clause that names it and
	// denies it ("You have no saved addresses.") proves it empty; a clause
	// that only instructs ("To have no saved addresses, remove …") does
	// not.
	for _, it := range items {
		if it.cand != nil {
			continue
		}
		for _, c := range it.clauses {
			if !c.generic && ((names(c.words) || matchIn(head, c.words) >= 0.8) && (c.negated || hasAny(c.text, emptyWords)) ||
				anyNoun(c.words) && hasAny(c.text, emptyWords)) {
				return finding{0.95, strconv.Quote(clip(it.raw, 60)) + " says there are none"}
			}
		}
	}
	// Then what it shows: a count above zero, or items under a heading
	// naming the list.
	for ii, it := range items {
		if it.cand != nil || !(names(it.words) || matchIn(head, it.words) >= 0.8 || it.role == "heading" && anyNoun(it.words)) {
			continue
		}
		if n, ok := countBefore(it, head); ok && n > 0 {
			return finding{0.05, strconv.Quote(clip(it.raw, 60)) + " counts " + strconv.Itoa(n)}
		}
		if it.role == "heading" {
			if k := listUnder(items, ii); k > 0 {
				return finding{0.05, "the list under " + strconv.Quote(clip(it.raw, 40)) + " holds " + strconv.Itoa(k) + " items"}
			}
		}
	}
	return finding{0.5, "the screen neither lists nor denies " + strconv.Quote(head.raw)}
}

// hasAny reports whether squashed text holds one of the words.
func hasAny(text string, ws map[string]bool) bool {
	for _, w := range strings.Fields(text) {
		if ws[w] {
			return true
		}
	}
	return false
}

// countBefore reads the number right before the noun ("2 addresses").
func countBefore(it item, noun word) (int, bool) {
	fs := strings.Fields(it.text)
	for i := 1; i < len(fs); i++ {
		if match(noun, newWord(fs[i], 1)) >= 0.8 {
			if n, err := strconv.Atoi(fs[i-1]); err == nil {
				return n, true
			}
		}
	}
	return 0, false
}

// listUnder counts the list items between the heading at items[h] and the
// next heading: context lines after it in reading order, and candidates
// from the heading's place among them.
func listUnder(items []item, h int) int {
	seen := map[string]bool{}
	count := func(it item) {
		if it.negated {
			return // "You have no saved addresses." in the list's only item
		}
		for _, p := range it.path {
			for _, m := range listMarks {
				if strings.HasPrefix(p, m) {
					seen[strings.Join(it.path, "\x00")] = true
					return
				}
			}
		}
	}
	end := -1 // the candidate index where the next heading starts
	for _, it := range items[h+1:] {
		if it.cand != nil {
			continue
		}
		if it.role == "heading" {
			end = it.next
			break
		}
		count(it)
	}
	for _, it := range items {
		if it.cand == nil || it.candIdx < items[h].next || end >= 0 && it.candIdx >= end {
			continue
		}
		count(it)
	}
	return len(seen)
}
