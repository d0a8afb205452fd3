package record

import (
	"strconv"
	"strings"
)

// Names of facts and secrets come from field labels. The rule, in order
// (the package documentation states it for users):
//
//  1. The label is read up to where it stops naming the field: a bracket,
//     a colon, a question or exclamation mark, a full stop with words
//     after it ("Expiry date (MM/YY)", "Name: as on your passport"), or
//     an article or pronoun that starts a sentence ("Security code The 3
//     digits on the back").
//  2. Words are lower-case ASCII letters and digits, accented Latin
//     letters spelled without accents ("Straße" → strasse); a one-letter
//     part of a hyphenated word joins the rest ("E-mail" → email).
//  3. The head phrase is kept: a preposition after two words or more
//     starts a modifier, which is dropped ("Available times on Fri" →
//     available_times); after one word it is part of the name
//     ("Name on card", "Date of birth", "Where from?").
//  4. At most [maxNameWords] words and [maxNameChars] characters, cut at
//     a word boundary ("Membership card number or e-mail" →
//     membership_card_number_or_email); a name cut short does not end on
//     a function word ("or", "and", "of", "the", …: they go too), while
//     a label that ends on one keeps it ("Where to?" → where_to).
//
// A name never ends mid-phrase on a function word, and never starts with
// a digit (field_ is put in front).
const (
	maxNameWords = 5
	maxNameChars = 32
)

// runOn are the words where a label turns into a sentence.
var runOn = wordSet("the a an this these we you your")

// prepositions start a modifier of the head phrase before them.
var prepositions = wordSet("on of for to with in at by from per via about into onto after before during under over " +
	"between within without until since")

// trailing are the function words a name does not end with.
var trailing = wordSet("or and nor but on of the for to with in at by from per via a an your my our their its this " +
	"that these those about into onto after before during under over between within without until since if is are as")

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// snake turns a label into a snake_case identifier by the rule above
// ("Where from?" → where_from, "E-mail address" → email_address), or ""
// when the label has no letters or digits.
func snake(label string) string {
	words := labelWords(headOf(latin.Replace(strings.ToLower(label))))
	var kept []string
	n := 0
	for i, w := range words {
		if len(kept) == maxNameWords || n+len(w) > maxNameChars {
			break
		}
		if i > 0 && runOn[w] && len(words)-i > 2 {
			break
		}
		if i >= 2 && prepositions[w] {
			break
		}
		kept = append(kept, w)
		n += len(w) + 1
	}
	// A head the label ends on keeps its last word ("Where to?", "Ship
	// to"); one cut short does not end on a function word.
	for len(kept) > 1 && len(kept) < len(words) && trailing[kept[len(kept)-1]] {
		kept = kept[:len(kept)-1]
	}
	s := strings.Join(kept, "_")
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		s = "field_" + s
	}
	return s
}

// latin spells the accented letters of Latin scripts in ASCII, so
// "Straße" and "Número" give strasse and numero.
var latin = strings.NewReplacer("à", "a", "á", "a", "â", "a", "ã", "a", "ä", "a", "å", "a", "æ", "ae", "ç", "c",
	"è", "e", "é", "e", "ê", "e", "ë", "e", "ì", "i", "í", "i", "î", "i", "ï", "i", "ñ", "n", "ò", "o", "ó", "o",
	"ô", "o", "õ", "o", "ö", "o", "ø", "o", "œ", "oe", "ù", "u", "ú", "u", "û", "u", "ü", "u", "ý", "y", "ÿ", "y",
	"ß", "ss", "ł", "l", "ś", "s", "ź", "z", "ż", "z", "č", "c", "š", "s", "ž", "z", "ř", "r", "ě", "e", "ů", "u")

// headOf cuts a label where it stops naming the field: at a bracket,
// colon, question or exclamation mark, or full stop, when words come
// before it.
func headOf(label string) string {
	for i := 0; i < len(label); i++ {
		switch label[i] {
		case '(', '[', ':', '?', '!', '.':
			if len(labelWords(label[:i])) > 0 {
				return label[:i]
			}
		}
	}
	return label
}

// labelWords splits lower-case text into words of ASCII letters and
// digits; a one-letter part of a hyphenated word joins the part after it
// ("e-mail" → email).
func labelWords(text string) []string {
	isWord := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	var out []string
	for i := 0; i < len(text); {
		if !isWord(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isWord(text[j]) {
			j++
		}
		w := text[i:j]
		if len(w) == 1 && j+1 < len(text) && text[j] == '-' && isWord(text[j+1]) {
			k := j + 1
			for k < len(text) && isWord(text[k]) {
				k++
			}
			w, j = w+text[j+1:k], k
		}
		out = append(out, w)
		i = j
	}
	return out
}

// reservedNames may not name a fact or secret: the language's reserved
// words, expr's own words, the functions expressions offer, and the
// recorder's own site fact.
var reservedNames = wordSet(`import flow fact secret allow budget payment browse open do press
	enter choose read extract pick verify wait_for check set if else repeat for stop_before true false
	not and or in matches contains startsWith endsWith let nil len all any none one filter map count
	format days_between money number lower upper trim env site`)

// isIdent reports whether s is an identifier of the language.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// identWords returns the identifier-like words of text (letters, digits
// and underscores, starting with a letter or underscore), the way the
// linter looks for names written bare in step text.
func identWords(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		c := text[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			i++
			continue
		}
		j := i
		for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		out = append(out, text[i:j])
		i = j
	}
	return out
}

// namer hands out unique names for facts and secrets.
type namer struct {
	used map[string]bool
}

// name returns a fresh identifier from label, falling back to fallback,
// suffixed _2, _3, … when taken.
func (n *namer) name(label, fallback string) string {
	base := snake(label)
	if base == "" {
		base = fallback
	}
	if reservedNames[base] {
		base += "_value"
	}
	name := base
	for i := 2; n.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}
