package runtime

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"flow/runtime/decide"
	"flow/surfaces"
)

// A do step ends only on named evidence, read from the screen and the
// surface's report of an act, never judged from the step's words on the
// screen (a page that shows the things a step talks about has not thereby
// done it). The kinds form a closed set, and each ending names its kind
// and what it saw in the step's note, its report and the trace:
//
//   - state: the control the step is about shows what it asks (ticked,
//     unticked, chosen, expanded), read from the control;
//   - absence: what the step closes or removes is no longer on the
//     screen. A close holds before any act when nothing names its object
//     and no dialog is in front (a pop-up that never says "offer" may
//     still be the offer window); a removal only once the thing, there
//     when the step began, is gone after its act (a thing never shown is
//     not thereby deleted);
//   - effect: an act of the step changed the thing it is about: its
//     control, its group, a dialog it opened, or a request it sent that
//     was answered with success;
//   - confirmation: a message that appeared after the step's act says it
//     happened ("Settings saved"); for a step written as what should show
//     ("story 11 is shown"), a line or control naming it appeared.
//
// Before the step's first act only state and absence can apply. After
// every act, an error the page shows that was not there before fails the
// step and quotes it (errorAfter): an alert, a field marked invalid, an
// error message beside a field, or new text in a form asking to correct
// something.

// Evidence kinds, as the trace and the report name them.
const (
	EvidenceState        = "state"
	EvidenceAbsence      = "absence"
	EvidenceEffect       = "effect"
	EvidenceConfirmation = "confirmation"
)

// proof is the evidence a step ended on.
type proof struct {
	kind, detail string
}

func (p proof) String() string { return p.kind + ": " + p.detail }

// groupName is the name of a candidate's innermost named group (the
// quoted part of `card "Dr Ana Silva"`), "" when none has one.
func groupName(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if _, rest, ok := strings.Cut(path[i], ` "`); ok {
			if j := strings.LastIndex(rest, `"`); j >= 0 {
				if s, err := strconv.Unquote(`"` + rest[:j+1]); err == nil {
					return s
				}
				return rest[:j]
			}
		}
	}
	return ""
}

var (
	// offName reads a button's name as the off side of a switch.
	offName          = regexp.MustCompile(`(?i)\b(off|disabled?|deactivate|no|never)\b`)
	toggleProofRoles = map[string]bool{"checkbox": true, "switch": true, "menuitemcheckbox": true, "button": true}
	chosenProofRoles = map[string]bool{"radio": true, "option": true, "tab": true, "menuitemradio": true, "treeitem": true, "checkbox": true}
)

// stateProof reads whether the control the goal is about shows what it
// asks. The control is the one of a fitting role whose name, with its
// group's name, meets every object word of the step; known is false when
// no such control is on the screen, or two of them disagree.
func stateProof(s surfaces.Screen, g decide.Goal, intent string) (p proof, known, holds bool) {
	if g.Kind == decide.GoalOn || g.Kind == decide.GoalOff {
		if done, ok, why := decide.EveryState(intent, s); ok {
			if done {
				return proof{EvidenceState, why}, true, true
			}
			return proof{}, true, false
		}
	}
	var roles map[string]bool
	on := func(c surfaces.Candidate) bool {
		// A pressed button of a segmented pair says its state by its name:
		// "Turn off" pressed is off.
		return c.Has(surfaces.StateChecked) != (c.Role == "button" && offName.MatchString(c.Name))
	}
	switch g.Kind {
	case decide.GoalOn, decide.GoalOff:
		roles = toggleProofRoles
	case decide.GoalChosen:
		roles = chosenProofRoles
		on = func(c surfaces.Candidate) bool { return c.Has(surfaces.StateChecked) || c.Has(surfaces.StateSelected) }
	case decide.GoalExpanded:
		on = func(c surfaces.Candidate) bool { return c.Has(surfaces.StateExpanded) }
	default:
		return proof{}, false, false
	}
	if c, ok := decide.PositionedControl(intent, s); ok && (roles == nil || roles[c.Role] || g.Kind == decide.GoalOn && c.Role == "radio") {
		// "check the 3rd radio button": the step names the control by
		// where it is, so that control's state is the step's (a radio
		// is on when chosen).
		if g.Kind == decide.GoalExpanded && !on(c) {
			return proof{}, false, false // shows no expanded state: unknown
		}
		if on(c) != (g.Kind != decide.GoalOff) {
			return proof{}, true, false
		}
		return proof{EvidenceState, withGroup(c) + ", the control at the position the step counts, is " + stateWord(g.Kind)}, true, true
	}
	if !g.HasObject() {
		return proof{}, false, false
	}
	var named []surfaces.Candidate
	for _, c := range s.Candidates {
		if roles != nil && !roles[c.Role] || c.Has(surfaces.StateCovered) {
			continue
		}
		// A button is a toggle only while it shows it is pressed: one that
		// does not says nothing of a state.
		if c.Role == "button" && g.Kind != decide.GoalExpanded && !c.Has(surfaces.StateChecked) {
			continue
		}
		if g.Kind == decide.GoalExpanded && !c.Has(surfaces.StateExpanded) && !pressable(c) {
			continue
		}
		if g.NamesOnly(kindWords, c.Name, groupName(c.Path)) && !decide.AllControl(c.Name) {
			named = append(named, c)
		}
	}
	if len(named) == 0 {
		return proof{}, false, false
	}
	want := g.Kind != decide.GoalOff
	for _, c := range named[1:] {
		if on(c) != on(named[0]) {
			return proof{}, false, false
		}
	}
	if g.Kind == decide.GoalExpanded && !on(named[0]) {
		// A control that shows no expanded state may not expand at all:
		// unknown, not false.
		return proof{}, false, false
	}
	c := named[0]
	if on(c) != want {
		return proof{}, true, false
	}
	return proof{EvidenceState, withGroup(c) + " is " + stateWord(g.Kind)}, true, true
}

func stateWord(k decide.GoalKind) string {
	switch k {
	case decide.GoalOn:
		return "checked"
	case decide.GoalOff:
		return "not checked"
	case decide.GoalChosen:
		return "chosen"
	case decide.GoalExpanded:
		return "expanded"
	}
	return k.String()
}

// kindWords name the sort of thing a step closes or removes, not which.
var kindWords = map[string]bool{"dialog": true, "popup": true, "pop": true, "up": true, "modal": true, "window": true, "overlay": true,
	"banner": true, "notice": true, "notification": true, "message": true, "alert": true, "box": true, "panel": true, "sheet": true,
	"drawer": true, "toast": true, "tooltip": true, "menu": true, "prompt": true, "lightbox": true, "item": true, "entry": true,
	"row": true, "card": true, "list": true, "x": true, "×": true, "button": true, "icon": true, "task": true, "todo": true}

// dialogKinds are the kind words a dialog, pop-up or banner answers to.
var dialogKinds = map[string]bool{"dialog": true, "popup": true, "pop": true, "modal": true, "window": true, "overlay": true, "lightbox": true,
	"banner": true, "notice": true, "notification": true, "message": true, "alert": true, "toast": true, "prompt": true, "box": true, "panel": true}

// presence says where the thing a goal closes or removes is on s: the
// group or line that names it, or the dialog in front when the step
// names only its kind ("close the dialog"); "" when it is not there.
func presence(s surfaces.Screen, g decide.Goal) string {
	if g.NamesOnly(kindWords) || len(g.ObjectWithout(kindWords)) > 0 {
		// Named by its own words: a group whose name holds them, or a
		// line or control that says them, not covered by a dialog.
		for _, c := range s.Candidates {
			for i, p := range c.Path {
				if strings.Contains(p, `"`) && g.NamesOnly(kindWords, groupName(c.Path[:i+1])) {
					return p
				}
			}
		}
		for _, l := range s.Context {
			if g.NamesOnly(kindWords, l.Text) {
				return "text " + strconv.Quote(clipText(l.Text, 60))
			}
		}
		for _, c := range s.Candidates {
			if !c.Has(surfaces.StateCovered) && g.NamesOnly(kindWords, c.Name) && g.Kind == decide.GoalRemoved {
				return c.Summary()
			}
		}
		// "dismiss the offer window" over a pop-up that never says
		// "offer": a dialog in front may still be what the step means, so
		// a step that closes cannot say its object is not there.
		if g.Kind != decide.GoalClosed {
			return ""
		}
	}
	if g.Kind != decide.GoalClosed {
		return ""
	}
	// Only its kind: the dialog or pop-up in front, or any open dialog.
	if s.Layer == surfaces.LayerDialog || s.Layer == surfaces.LayerPopover {
		return "the " + string(s.Layer) + " in front"
	}
	for _, c := range s.Candidates {
		for _, p := range c.Path {
			if strings.HasPrefix(p, "dialog") || strings.HasPrefix(p, "alertdialog") {
				return p
			}
		}
	}
	for _, l := range s.Context {
		if l.Role == "alert" || l.Role == "status" && slices.ContainsFunc(g.ObjectWithout(nil), func(w string) bool { return dialogKinds[w] && w != "dialog" && w != "modal" }) {
			return l.Role + " " + strconv.Quote(clipText(l.Text, 60))
		}
		for _, p := range l.Path {
			if strings.HasPrefix(p, "dialog") || strings.HasPrefix(p, "alertdialog") {
				return p
			}
		}
	}
	return ""
}

// absenceProof: the thing a closing or removing step is about was on the
// screen when the step began (start) and is not now. With start nil
// (before any act) only a close can hold: what is not open is closed.
func absenceProof(start *surfaces.Screen, now surfaces.Screen, g decide.Goal) (proof, bool) {
	if g.Kind != decide.GoalClosed && g.Kind != decide.GoalRemoved {
		return proof{}, false
	}
	if presence(now, g) != "" {
		return proof{}, false
	}
	if start == nil {
		if g.Kind != decide.GoalClosed {
			return proof{}, false
		}
		what := g.Object()
		if what == "" {
			what = "dialog"
		}
		return proof{EvidenceAbsence, "no " + what + " is on the screen"}, true
	}
	was := presence(*start, g)
	if was == "" {
		return proof{}, false
	}
	return proof{EvidenceAbsence, was + " is gone"}, true
}

// newControls are the candidates of after that before did not show (by
// identity: role, name and group).
func newControls(before, after surfaces.Screen) []surfaces.Candidate {
	had := map[string]bool{}
	for _, c := range before.Candidates {
		had[identity(c)] = true
	}
	var out []surfaces.Candidate
	for _, c := range after.Candidates {
		if !had[identity(c)] {
			out = append(out, c)
		}
	}
	return out
}

// newLines are the lines of after whose text before did not show (as
// many times): what the acts between made appear.
func newLines(before, after surfaces.Screen) []surfaces.ContextLine {
	count := map[string]int{}
	for _, l := range before.Context {
		count[l.Text]++
	}
	var out []surfaces.ContextLine
	for _, l := range after.Context {
		if count[l.Text] > 0 {
			count[l.Text]--
			continue
		}
		out = append(out, l)
	}
	return out
}

// confirmationProof: a line that appeared since before says the goal's
// act happened ("Settings saved" after "save the settings"), and is no
// error.
func confirmationProof(before, after surfaces.Screen, g decide.Goal) (proof, bool) {
	if g.Kind == decide.GoalShown {
		// What the step says should show appeared: a new line or control
		// that names it.
		for _, l := range newLines(before, after) {
			if g.Shows(l.Text) {
				return proof{EvidenceConfirmation, "text " + strconv.Quote(clipText(l.Text, 80)) + " appeared"}, true
			}
		}
		was := map[string]int{}
		for _, c := range before.Candidates {
			was[c.Summary()]++
		}
		for _, c := range after.Candidates {
			if was[c.Summary()] > 0 {
				was[c.Summary()]--
				continue
			}
			if g.Shows(c.Name) && !c.Has(surfaces.StateCovered) {
				return proof{EvidenceConfirmation, withGroup(c) + " appeared"}, true
			}
		}
		return proof{}, false
	}
	if g.Kind == decide.GoalClosed {
		// A closed thing shows by its absence; a "Thanks!" from a
		// button inside it says something else happened.
		return proof{}, false
	}
	for _, l := range newLines(before, after) {
		if l.Role == "error" || decide.ErrorText(l.Text) {
			continue
		}
		if g.Confirms(l.Text) && (g.Kind != decide.GoalRemoved || g.SaysDone(l.Text)) {
			what := "text"
			if l.Role == "status" || l.Role == "alert" {
				what = l.Role
			}
			return proof{EvidenceConfirmation, what + " " + strconv.Quote(clipText(l.Text, 80)) + " appeared"}, true
		}
	}
	return proof{}, false
}

// pageError is an error the page shows after an act that it did not show
// before, quoted for the failure.
type pageError struct{ text string }

// errorAfter finds an error that appeared between before and after: a new
// error message (a line the surface marks so: a class or id reading
// error, invalid or danger, red text beside a field or in a form), a new
// alert (role=alert, an assertive live region) that reads as an error, a
// field newly marked invalid, or, when the act left the page in place,
// new text in a form or beside a field asking to correct something ("This
// field is required", "Enter a valid email address").
func errorAfter(before, after surfaces.Screen, navigated bool, g decide.Goal) (pageError, bool) {
	return pageErrorAfter(before, after, !navigated, g)
}

// inputError is errorAfter for typing and choosing: only what the page
// marks as an error (its class or colour, an alert, a field marked
// invalid) counts, for a hint that shows while a field has the focus
// ("Must be at least 8 characters") reads like a complaint in words.
func inputError(before, after surfaces.Screen) (pageError, bool) {
	return pageErrorAfter(before, after, false, decide.Goal{})
}

// pageErrorAfter is errorAfter; words reports whether text in a form that
// asks to correct something counts without a mark.
func pageErrorAfter(before, after surfaces.Screen, words bool, g decide.Goal) (pageError, bool) {
	// Every message the page gave counts, in reading order: an error
	// summary's title ("There is a problem") says only that something is
	// wrong; what is wrong is in its list and beside the field.
	var msgs []string
	say := func(text string) {
		text = strings.TrimSpace(errorPrefix.ReplaceAllString(text, ""))
		for _, m := range msgs {
			if m == text || strings.Contains(m, text) {
				return
			}
		}
		msgs = append(msgs, text)
	}
	for _, l := range newLines(before, after) {
		switch {
		case l.Role == "error":
			say(l.Text)
		case l.Role == "alert" && (decide.ErrorText(l.Text) || words && inForm(after, l)) && !g.Confirms(l.Text):
			// Many toast libraries give every message role=alert: an
			// alert fails the step when it reads as an error, or when a
			// press makes it speak beside a field or in a form ("That
			// username is taken"), where an alert that confirms nothing
			// is the field's complaint (while typing, a live "Username
			// available" is not).
			say(l.Text)
		case words && decide.ErrorText(l.Text) && inForm(after, l):
			say(l.Text)
		}
	}
	was := map[string]bool{}
	for _, c := range before.Candidates {
		if c.Has(surfaces.StateInvalid) {
			was[identity(c)] = true
		}
	}
	for _, c := range after.Candidates {
		if c.Has(surfaces.StateInvalid) && !was[identity(c)] {
			if c.Description != "" {
				say(c.Description)
			} else if len(msgs) == 0 {
				say(c.Summary() + " is marked invalid")
			}
		}
	}
	if len(msgs) == 0 {
		return pageError{}, false
	}
	return pageError{strings.Join(msgs, ": ")}, true
}

// errorPrefix is the "Error:" a page puts before a message for screen
// readers only (GOV.UK's visually hidden prefix): the message is the rest.
var errorPrefix = regexp.MustCompile(`^\s*(?i:error)\s*:\s*`)

// inForm reports whether a line sits in a form or beside a field: in a
// path with a form, or in the path of a field.
func inForm(s surfaces.Screen, l surfaces.ContextLine) bool {
	for _, p := range l.Path {
		if p == "form" || strings.HasPrefix(p, "form ") || strings.HasPrefix(p, "group ") {
			return true
		}
	}
	path := strings.Join(l.Path, "\x00")
	for _, c := range s.Candidates {
		if isField(c) && strings.Join(c.Path, "\x00") == path {
			return true
		}
	}
	return false
}

// failOnError fails the step with the page's error.
func failOnError(e pageError, what string) error {
	return fail("the page did not accept it: correct the value or the step, then run again",
		"%s: the page shows an error: %q", what, clipText(e.text, 300))
}

// answered reports the first request of out answered with success (2xx,
// or a redirect, as a form post's post-redirect-get is), as "POST /x
// (200)"; a surface that reports no statuses (a simulated one) counts a
// request it sent.
func answered(out surfaces.Outcome) (string, bool) {
	for i, req := range out.Requests {
		if out.Statuses == nil {
			return "sent " + req, true
		}
		if i < len(out.Statuses) && out.Statuses[i] >= 200 && out.Statuses[i] < 400 {
			return "sent " + req + ", answered " + strconv.Itoa(out.Statuses[i]), true
		}
	}
	return "", false
}

// rejected reports the first request of out the server refused (4xx or
// 5xx) or that failed, as "POST /x (422)".
func rejected(out surfaces.Outcome) (string, bool) {
	for i, req := range out.Requests {
		if i < len(out.Statuses) && (out.Statuses[i] >= 400 || out.Statuses[i] < 0) {
			return req + " (" + strconv.Itoa(out.Statuses[i]) + ")", true
		}
	}
	return "", false
}

// effectProof: pressing c changed the thing the step is about: a request
// it sent was answered with success, it led to another page, c itself
// changed (its state, name or value) or left its group, its group
// changed, or it opened a dialog.
func effectProof(c surfaces.Candidate, before, after surfaces.Screen, out surfaces.Outcome, g decide.Goal) (proof, bool) {
	if p, ok := sentOrLed(c, before, after, out); ok {
		return p, true
	}
	now, found := findAgain(c, after)
	group := strings.Join(c.Path, "\x00")
	if pageRegion(c.Path) {
		// A control that sits straight in main (or a banner, a sidebar)
		// has no group of its own: main outlives every view of the page,
		// so a control gone from it says no more than that the view
		// changed, which viewReplaced judges.
		group = ""
	}
	switch {
	case found && (now.Name != c.Name || now.Value != c.Value || !slices.Equal(stateBits(now), stateBits(c))):
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " changed it to " + withStates(now)}, true
	case !found && groupShown(after, group) && group != "":
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " took it from its group"}, true
	case !found && group != "" && !groupShown(after, group) && groupShown(before, group):
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " removed its group"}, true
	}
	if group != "" && groupChanged(before, after, group) {
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " changed its group"}, true
	}
	if !found && viewReplaced(before, after) && g.Names(screenTexts(after)...) > 0 {
		// A page that changes its view without a new address (an inbox
		// that opens a message in place of the list), and the new view
		// names the step's object: the press led to another page as a
		// link does.
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " replaced the view"}, true
	}
	if after.Layer == surfaces.LayerDialog && before.Layer != surfaces.LayerDialog {
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " opened a dialog"}, true
	}
	if opened, ok := groupOpened(before, after, g); ok {
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " opened " + opened}, true
	}
	return proof{}, false
}

// viewReplaced reports whether most of the controls of before are gone
// from after and new ones came in their place: another view of the page.
func viewReplaced(before, after surfaces.Screen) bool {
	if len(before.Candidates) < 3 {
		return false
	}
	now := map[string]int{}
	for _, c := range after.Candidates {
		now[c.Summary()]++
	}
	kept := 0
	for _, c := range before.Candidates {
		if now[c.Summary()] > 0 {
			now[c.Summary()]--
			kept++
		}
	}
	fresh := len(after.Candidates) - kept
	return 2*kept < len(before.Candidates) && fresh > 0
}

// screenTexts are the names of s's controls and its lines of text.
func screenTexts(s surfaces.Screen) []string {
	out := make([]string, 0, len(s.Candidates)+len(s.Context))
	for _, c := range s.Candidates {
		out = append(out, c.Name)
	}
	for _, l := range s.Context {
		out = append(out, l.Text)
	}
	return out
}

// groupOpened finds a group with controls that appeared with the press
// and is the step's: a dialog (a compose window that does not block the
// page), or a group whose name names the step's object ("New message"
// for "start a new message").
func groupOpened(before, after surfaces.Screen, g decide.Goal) (string, bool) {
	was := map[string]bool{}
	for _, c := range before.Candidates {
		for _, p := range c.Path {
			was[p] = true
		}
	}
	for _, c := range after.Candidates {
		for _, p := range c.Path {
			if was[p] {
				continue
			}
			if strings.HasPrefix(p, "dialog ") || strings.HasPrefix(p, "alertdialog ") ||
				g.Names(groupName([]string{p})) >= 0.5 {
				return p, true
			}
		}
	}
	return "", false
}

// findAgain finds c on a later screen: the same element by its ref, else
// the one control of its role, name and group.
func findAgain(c surfaces.Candidate, s surfaces.Screen) (surfaces.Candidate, bool) {
	if x, ok := s.Candidate(c.Ref); ok {
		return x, true
	}
	var hit []surfaces.Candidate
	for _, x := range s.Candidates {
		if identity(x) == identity(c) {
			hit = append(hit, x)
		}
	}
	if len(hit) == 1 {
		return hit[0], true
	}
	return surfaces.Candidate{}, false
}

// stateBits are the states of c a press can change.
func stateBits(c surfaces.Candidate) []surfaces.State {
	var out []surfaces.State
	for _, st := range c.States {
		if st == surfaces.StateChecked || st == surfaces.StateSelected || st == surfaces.StateExpanded || st == surfaces.StateDisabled {
			out = append(out, st)
		}
	}
	return out
}

// withStates is withGroup with the states a press can change.
func withStates(c surfaces.Candidate) string {
	s := c.Summary()
	if st := stateBits(c); len(st) > 0 {
		var words []string
		for _, x := range st {
			words = append(words, string(x))
		}
		s += " [" + strings.Join(words, ", ") + "]"
	}
	return s
}

// pageRegion reports whether the innermost place of path is a region of
// the whole page (main, a banner, a sidebar) rather than a group: a
// presence count or a session notice changing somewhere in main is no
// effect of pressing "Save" there.
func pageRegion(path []string) bool {
	return len(path) > 0 && regionOfPage.MatchString(path[len(path)-1])
}

var regionOfPage = regexp.MustCompile(`^(?:main|navigation|banner|contentinfo|complementary|search)\b`)

// inGroup reports whether a path lies in the group path (joined by NUL):
// the group itself or inside it.
func inGroup(path []string, group string) bool {
	p := strings.Join(path, "\x00")
	return p == group || strings.HasPrefix(p, group+"\x00")
}

// groupShown reports whether anything on s sits in the group path.
func groupShown(s surfaces.Screen, group string) bool {
	for _, c := range s.Candidates {
		if inGroup(c.Path, group) {
			return true
		}
	}
	for _, l := range s.Context {
		if inGroup(l.Path, group) {
			return true
		}
	}
	return false
}

// groupChanged reports whether the controls or text in the group path
// differ between before and after.
func groupChanged(before, after surfaces.Screen, group string) bool {
	in := func(s surfaces.Screen) []string {
		var out []string
		for _, c := range s.Candidates {
			if inGroup(c.Path, group) {
				out = append(out, withStates(c)+" = "+c.Value)
			}
		}
		for _, l := range s.Context {
			if inGroup(l.Path, group) {
				out = append(out, "text "+l.Text)
			}
		}
		slices.Sort(out)
		return out
	}
	return !slices.Equal(in(before), in(after))
}

// approvedProof is the evidence an approved stop_before's press did what
// the step stops before: a request it sent answered with success, a new
// page, a message confirming it, or, for a step that removes or closes,
// its object gone. A press that only changed the screen (a form that drew
// its own message, a button that turned grey) is none: the page may have
// refused it in words no rule reads as an error.
func approvedProof(c surfaces.Candidate, before, after surfaces.Screen, out surfaces.Outcome, g decide.Goal) (proof, bool) {
	if p, ok := sentOrLed(c, before, after, out); ok {
		return p, true
	}
	if p, ok := confirmationProof(before, after, g); ok {
		return p, true
	}
	return absenceProof(&before, after, g)
}

// sentOrLed: pressing c sent a request answered with success, or led to
// another page (a browser reports the document's request too).
func sentOrLed(c surfaces.Candidate, before, after surfaces.Screen, out surfaces.Outcome) (proof, bool) {
	if why, ok := answered(out); ok {
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " " + why}, true
	}
	if out.Navigated || before.URL != after.URL && after.URL != "" {
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " opened " + strconv.Quote(after.Title)}, true
	}
	return proof{}, false
}
