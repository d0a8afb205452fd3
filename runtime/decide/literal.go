package decide

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Literal judges, with no model, a statement that only says a quoted text
// is on the screen:
//
//	the page shows "Booking confirmed"      (the screen shows …)
//	"Accept all" is shown                   (visible, displayed)
//	the "We value your privacy" dialog is shown   (pop-up, banner, window; open)
//
// Such a text is on the screen when the page's title, a visible line, a
// control's name or the name of a group (a dialog, a card) holds it as
// whole words, letter
// case and spacing aside: reading decides it, so no model is asked, and a
// hosted one is not paid for it. ok is false for any other statement and
// for a do step's goal, which is judged as a goal.
func Literal(s Statement) (j Judgement, ok bool) {
	if s.Goal {
		return Judgement{}, false
	}
	text, _, negated := readStatement(s)
	want := ""
	for _, re := range literalForms {
		if m := re.FindStringSubmatch(text); m != nil {
			want = m[1] + m[2]
			break
		}
	}
	if strings.TrimSpace(want) == "" {
		return Judgement{}, false
	}
	where, found := shownOn(s.Screen, want)
	j = Judgement{Probability: 0, Why: "no line, control or group on the screen shows " + strconv.Quote(want)}
	if found {
		j = Judgement{Probability: 1, Why: strconv.Quote(want) + " is on the screen: " + where}
	}
	if negated {
		j.Probability = 1 - j.Probability
	}
	return j, true
}

// literalForms are the statements Literal reads; the quoted text is the
// first group (straight quotes) or the second (curly ones).
var literalForms = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^(?:the\s+)?(?:page|screen)\s+shows\s+(?:"([^"]+)"|“([^”]+)”)\s*$`),
	regexp.MustCompile(`(?i)^(?:"([^"]+)"|“([^”]+)”)\s+is\s+(?:shown|visible|displayed)\s*$`),
	regexp.MustCompile(`(?i)^the\s+(?:"([^"]+)"|“([^”]+)”)\s+(?:dialog|pop-?up|banner|window)\s+is\s+(?:shown|visible|displayed|open)\s*$`),
}

// shownOn finds want on the screen b and says where.
func shownOn(b Brief, want string) (string, bool) {
	w := fold(want)
	if holdsWords(fold(b.Title), w) {
		return "the title " + strconv.Quote(b.Title), true
	}
	for _, l := range b.Context {
		if holdsWords(fold(l.Text), w) {
			return "line " + strconv.Quote(l.Text), true
		}
	}
	for _, c := range b.Candidates {
		if holdsWords(fold(c.Name), w) {
			return c.Summary(), true
		}
	}
	for _, c := range b.Candidates {
		for _, p := range c.Path {
			if holdsWords(fold(p), w) {
				return p, true
			}
		}
	}
	for _, l := range b.Context {
		for _, p := range l.Path {
			if holdsWords(fold(p), w) {
				return p, true
			}
		}
	}
	return "", false
}

// fold lowers s and collapses its spaces.
func fold(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// holdsWords reports whether text holds want with no letter or digit
// right before or after it: "Saved" is in "Draft saved." but not in
// "Unsaved changes".
func holdsWords(text, want string) bool {
	for from := 0; from <= len(text)-len(want); {
		i := strings.Index(text[from:], want)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(want)
		if !wordRuneBefore(text, i) && !wordRuneAt(text, end) {
			return true
		}
		from = i + 1
	}
	return false
}

func wordRuneBefore(s string, i int) bool {
	if i == 0 {
		return false
	}
	r := []rune(s[:i])
	return isWordRune(r[len(r)-1])
}

func wordRuneAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	for _, r := range s[i:] {
		return isWordRune(r)
	}
	return false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
