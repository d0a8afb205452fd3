package decide

import "strings"

// Answer fields: a step that enters "the answer" (or result, solution)
// names the field that asks a question: the one whose label is a sum
// ("3 + 5 =") or ends with a question mark. Only one such field is named
// so; with several, the step does not say which.

// answerWords name a field by what it takes in reply to a question.
var answerWords = set("answer result solution", nil)

// answerScore is the score of the only field that asks a question.
const answerScore = 0.85

// namesAnswer reports whether an ask names its field only as an answer.
func namesAnswer(f *frame) bool {
	if f.purpose != PurposeField || len(f.words) == 0 {
		return false
	}
	for _, w := range f.words {
		if !answerWords[w.raw] && !answerWords[w.stem] {
			return false
		}
	}
	return true
}

// asksQuestion reports whether a field's label asks: a sum to solve or a
// question.
func asksQuestion(label string) bool {
	l := strings.TrimSpace(label)
	return l != "" && (arithmetic.MatchString(l) || strings.HasSuffix(l, "?"))
}

// byAnswer lifts the only editable field whose label asks a question
// when the step names its field as the answer.
func byAnswer(f *frame, ds []desc, rs []rating) {
	if !namesAnswer(f) {
		return
	}
	hit := -1
	for i, d := range ds {
		c := d.opt.Candidate
		if c == nil || !editable(c) || !asksQuestion(firstNonEmpty(c.Label, c.Name, c.Placeholder)) {
			continue
		}
		if hit >= 0 {
			return
		}
		hit = i
	}
	if hit >= 0 && rs[hit].raw < answerScore {
		rs[hit].raw, rs[hit].read = answerScore, true
	}
}
