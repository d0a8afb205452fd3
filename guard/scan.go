package guard

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// apostrophes are dropped, so that "Don't" reads as one word.
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
	boundary = "|" // a colon, comma, middle dot, dash or bar between two parts of a label
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

// stemAll is the stem of every word.
func stemAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = stem(w)
	}
	return out
}

// at is words[i], or "" past the end.
func at(words []string, i int) string {
	if i < len(words) {
		return words[i]
	}
	return ""
}

// isNumber reports a word that starts with a digit: an amount, a count
// or a reference ("4411", "2nd").
func isNumber(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9'
}
