package decide

import (
	"regexp"
	"strings"
)

// Codes: names that are made-up tokens ("mJ5sq03", "PgDpH3", "W1k59M")
// rather than words. A code is not a value (a price or a count is left
// out of a name's precision), and it has no inflections or synonyms: a
// step that names a code names exactly that token, so "PgDpH" never meets
// "PgDpH3".

// valueToken matches the tokens with digits that are values: a number, a
// number with a short unit or ordinal suffix ("5ft", "10kg", "3pm",
// "2nd"), or a short prefix before a number ("x2", "v3").
var valueToken = regexp.MustCompile(`^(\d+[a-z]{0,3}|[a-z]{1,2}\d+)$`)

// isCode reports whether a (lower-cased) token mixes letters and digits
// in a way no value does.
func isCode(raw string) bool {
	return hasDigit(raw) && hasLetter(raw) && !valueToken.MatchString(raw)
}

// isValueToken reports whether a token with digits is a value (see
// [valueToken]); a code is not.
func isValueToken(raw string) bool {
	return hasDigit(raw) && !isCode(raw)
}

// objectText is what a step names when its words after the verb are the
// whole name of a control ("press ONE" → "one", "tick mJ5sq03" →
// "mj5sq03"): the ask's raw words without the leading verb and
// articles, joined. "" for other purposes than a do's, or when nothing
// follows the verb.
func objectText(f *frame) string {
	// A stop_before's words describe an act ("submitting the text"), not a
	// control's name.
	if f.purpose != PurposeTarget && f.purpose != PurposeMove {
		return ""
	}
	ws := rawWords(f.ask)
	if len(ws) < 2 {
		return ""
	}
	ws = ws[1:]
	for len(ws) > 0 && (ws[0] == "the" || ws[0] == "a" || ws[0] == "an" || ws[0] == "on") {
		ws = ws[1:]
	}
	return strings.Join(ws, " ")
}

// quotedName is the one quoted text of a do's ask when it is no anchor
// ("press the link \"In\"" → "in"), squashed: a quoted text is a name as
// written, stopwords and all. "" when there is none or several.
func quotedName(f *frame) string {
	if f.purpose != PurposeTarget && f.purpose != PurposeMove {
		return ""
	}
	ms := quoted.FindAllStringSubmatch(f.ask, 2)
	if len(ms) != 1 {
		return ""
	}
	text := ""
	for _, g := range ms[0][1:] {
		if g != "" {
			text = g
		}
	}
	if text == "" || squash(text) == squash(f.anchor) {
		return "" // the quoted text places the target; it is not its name
	}
	return squash(text)
}

// exactNameScore is the score of a control whose whole name is what the
// step names after its verb.
const exactNameScore = 0.95

// namesWhole reports whether the frame's object is the option's whole own
// name, as written (letters and digits; case and punctuation aside).
func namesWhole(f *frame, d *desc) bool {
	if f.objText == "" && f.quoted == "" || d.opt.Candidate == nil {
		return false
	}
	c := d.opt.Candidate
	own := firstNonEmpty(c.Name, c.Label)
	if own == "" {
		own = wordsText(d.name)
	}
	sq := squash(own)
	return sq != "" && (sq == f.objText || sq == f.quoted)
}
