package decide

import (
	"regexp"
	"strconv"
	"strings"
)

// Limits: a read that asks for a limit ("the minimum age", "the maximum
// number of guests") names the number a line states as a limit of that
// direction, though the line shares no word with the ask: "You must be 16
// or over" states a minimum, "bookings for up to 8 guests" a maximum. The
// line's other numbers are not the limit ("call us on 21 555 0199"), so
// the read takes the number the limit phrase holds (see [LimitIn]).
// Sources: GOV.UK guidance ("16 or over", beside "savings over £16,000"
// and "fined up to £5,000"), the trust site's booking form ("up to 8
// guests") and pricing cards ("up to 10 users").

// limit is the direction of a limit: the least or the most allowed.
type limit int8

const (
	noLimit limit = iota
	lowerLimit
	upperLimit
)

// limitAsks are the words of an ask that asks for a limit. "Highest",
// "lowest" and "most" are not among them: "the highest price" is the
// largest of the prices shown, not a limit one states.
var limitAsks = map[string]limit{
	"minimum": lowerLimit, "min": lowerLimit, "minimal": lowerLimit, "least": lowerLimit,
	"maximum": upperLimit, "max": upperLimit, "maximal": upperLimit, "limit": upperLimit,
}

// limitNumber is a number as a limit states it: "16", "£16,000", "8.5",
// "30%".
const limitNumber = `([£$€]?\d[\d,]*(?:\.\d+)?\s*%?)`

// limitPhrases find a limit of each direction and the number it holds.
var limitPhrases = map[limit]*regexp.Regexp{
	lowerLimit: regexp.MustCompile(`(?i)\b(?:at\s+least|no\s+(?:less|fewer)\s+than|not\s+(?:less|fewer)\s+than|a\s+minimum\s+of|minimum|min\.?)\s+` + limitNumber +
		`|` + limitNumber + `(?:\s*\+|\s+(?:or|and)\s+(?:over|more|older|above|higher|greater|upwards)\b)`),
	upperLimit: regexp.MustCompile(`(?i)\b(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of|maximum|max\.?|a\s+limit\s+of)\s+` + limitNumber +
		`|` + limitNumber + `\s+(?:or|and)\s+(?:under|less|fewer|younger|below)\b`),
}

// limitOf is the direction of the limit an ask asks for: its first limit
// word ("the minimum age", "the guest limit").
func limitOf(ask string) limit {
	for _, w := range rawWords(ask) {
		if l, ok := limitAsks[w]; ok {
			return l
		}
	}
	return noLimit
}

// limitStated returns the number text states as a limit of direction l,
// and the phrase that states it; ok is false when it states none, or two
// different ones.
func limitStated(text string, l limit) (number, phrase string, ok bool) {
	re := limitPhrases[l]
	if re == nil {
		return "", "", false
	}
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		n := ""
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 {
				n = strings.TrimSpace(text[m[g]:m[g+1]])
			}
		}
		if number != "" && n != number {
			return "", "", false
		}
		number, phrase = n, strings.TrimSpace(text[m[0]:m[1]])
	}
	return number, phrase, number != ""
}

// LimitIn returns the number text states as the limit a read asks for
// ("16" of "You must be 16 or over" for "the minimum age"), or false
// when the ask asks for no limit or the text states none of its
// direction. The read parses that number rather than the whole text,
// whose other numbers are no limit.
func LimitIn(ask, text string) (string, bool) {
	n, _, ok := limitStated(text, limitOf(ask))
	return n, ok
}

// limitScore is the least score of a line that states the limit a read
// asks for; what else of the ask the line holds (its noun, in the line or
// its group: "age") adds up to limitMore.
const (
	limitScore = 0.55
	limitMore  = 0.35
)

// byLimit lifts the lines that state the limit the read asks for, by how
// much of the rest of the ask they hold: of "You must be 16 or over" in
// the section "Age" and "fined up to £5,000", only the first states a
// minimum, and it is about age.
func byLimit(f *frame, ds []desc, rs []rating) {
	var rest []word
	for _, w := range f.words {
		if _, ok := limitAsks[w.raw]; !ok {
			rest = append(rest, w)
		}
	}
	for i, d := range ds {
		if d.opt.Line == nil {
			continue
		}
		_, phrase, ok := limitStated(d.opt.Line.Text, f.limit)
		if !ok {
			continue
		}
		rec := 1.0
		if len(rest) > 0 {
			rec, _ = overlap(rest, d.name, d.fields, true)
		}
		if s := limitScore + limitMore*rec; rs[i].raw < s {
			rs[i].raw, rs[i].limit = s, strconv.Quote(phrase)
		}
	}
}

// limitName names a direction in a reason.
var limitName = map[limit]string{lowerLimit: "minimum", upperLimit: "maximum"}
