package runtime

import (
	"strings"
	"unicode"
)

// stopWords are the words too common to tie a field text to a label.
var stopWords = map[string]bool{
	"the": true, "and": true, "you": true, "are": true, "what": true, "with": true, "for": true, "can": true,
	"how": true, "did": true, "about": true, "our": true, "your": true, "this": true, "that": true, "from": true,
	"into": true, "its": true, "has": true, "have": true, "was": true, "were": true, "will": true, "not": true,
}

// words are the lower-cased words and numbers of s.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// wordSet is the set of the words of texts.
func wordSet(texts ...string) map[string]bool {
	set := map[string]bool{}
	for _, t := range texts {
		for _, w := range words(t) {
			set[w] = true
		}
	}
	return set
}

// allHeld reports whether every one of ws is in held (and there is one).
func allHeld(held map[string]bool, ws []string) bool {
	for _, w := range ws {
		if !held[w] {
			return false
		}
	}
	return len(ws) > 0
}

// contentWords returns the lower-cased words of s of three letters or
// more that are not stop words.
func contentWords(s string) []string {
	var out []string
	for _, w := range words(s) {
		if len(w) >= 3 && !stopWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// sharedWords counts the content words of a that b also holds, allowing a
// plural or verb ending on either side ("mug" and "mugs").
func sharedWords(a, b string) int {
	bw := contentWords(b)
	n := 0
	for _, w := range contentWords(a) {
		for _, x := range bw {
			if w == x || strings.HasPrefix(x, w) && len(x)-len(w) <= 2 || strings.HasPrefix(w, x) && len(w)-len(x) <= 2 {
				n++
				break
			}
		}
	}
	return n
}

// squash keeps only the letters and digits of s, lower-cased: the value a
// field shows once it has formatted it ("4242 4242" → "42424242").
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
