package record

import (
	"regexp"
	"strings"
)

// What the last screen showed, for the final verify. A status line ("Draft
// saved.", "Settings saved.") says what the last action did, so it is the
// strongest check; but only one that came after that action (a line shown
// before it, such as a cart count, proves nothing about it) and that was
// still shown when the recording ended (a toast that went away may be gone
// when a replay looks). The main heading of the last page is next: it
// shows where the flow ended. A line or heading that describes a change
// (the linter's rule L006) or holds a double quote is not used, nor is a
// status line that reads as an error: a check that the error showed would
// pass a run that failed the same way.

// failureRe finds what an error message says: a status line that reads
// as a failure is no check that the flow did what it should.
var failureRe = regexp.MustCompile(`(?i)\b(error|errors|invalid|fail|failed|failure|wrong|incorrect|required|try again|could not|couldn'?t|cannot|can'?t|unable|missing|not found|denied|expired|too many)\b`)

// maxShownLen caps the text a final verify quotes.
const maxShownLen = 80

// lastScreen is the last shown event when it is about the last page.
func (b *builder) lastScreen() (cur, before []string, heading string, ok bool) {
	if b.screen == nil || b.screen.URL != b.page {
		return nil, nil, "", false
	}
	if b.atAct != nil && b.atAct.URL == b.screen.URL {
		before = b.atAct.Status
	}
	return b.screen.Status, before, b.screen.Heading, true
}

// statusLine is the first status line of the last page that came after
// the last action and still showed at the end, or "". A failure there is
// noted and not used.
func (b *builder) statusLine() string {
	cur, before, _, ok := b.lastScreen()
	if !ok {
		return ""
	}
	old := map[string]bool{}
	for _, l := range before {
		old[l] = true
	}
	for _, l := range cur {
		switch {
		case old[l]:
		case failureRe.MatchString(l):
			b.notes = append(b.notes, "the last page shows what reads as an error ("+shorten(l, maxShownLen)+"): the final verify does not check it")
		default:
			if usable(l) {
				return shorten(l, maxShownLen)
			}
		}
	}
	return ""
}

// heading is the main heading of the last page, or "".
func (b *builder) heading() string {
	_, _, h, ok := b.lastScreen()
	if !ok || !usable(h) {
		return ""
	}
	return shorten(h, maxShownLen)
}

// usable reports whether a text shown can be quoted in a final verify.
func usable(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && hasLetter(s) && !describesChange(s) && !strings.ContainsAny(s, `"“”`)
}
