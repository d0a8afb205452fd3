package runtime

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"flow/plan"
	"flow/runtime/decide"
	"flow/surfaces"
)

// question builds a question over candidates. id is the purpose with an
// optional ":slot" ("field:where from").
func (r *runner) question(s surfaces.Screen, id string, ask, value string, cands []surfaces.Candidate) decide.Question {
	purpose, _, _ := strings.Cut(id, ":")
	q := decide.Question{
		ID:      r.cur.step.Path + "/" + id,
		Purpose: decide.Purpose(purpose),
		Step:    r.stepLine(),
		Ask:     ask,
		Value:   value,
		Screen:  decide.BriefOf(s),
	}
	for _, c := range cands {
		q.Options = append(q.Options, decide.OptionOf(c))
	}
	return q
}

// identity names a candidate apart from its ref, so a ban survives a
// re-render that issues new refs.
func identity(c surfaces.Candidate) string {
	return c.Role + "\x00" + c.Name + "\x00" + strings.Join(c.Path, "/") + "\x00" + strconv.Itoa(c.Nth)
}

var createWords = regexp.MustCompile(`(?i)\b(new|create)\b`)

// do reaches the state the step describes, one move per turn.
//
// Each turn observes the screen and, unless the intent creates something
// ("new", "create") and nothing was done yet, judges whether the goal has
// been reached: by what the screen asserts and by what the step's actions
// did so far (the done list), never by the step's words on a control that
// offers the act. Otherwise it offers the pressable, uncovered candidates
// not banned in this step (narrowed locally to at most 20, with the
// non-press moves beside them) and acts on the answer after the guard
// check: a guarded control ends the run at once, no other is tried.
//
// A press has an effect when it changed the screen or made the page send
// a request (a fetch, a form post, a navigation): a request-only press
// did something even when nothing shows. A press without effect is banned
// for the rest of the step, unless the step names that press ("press
// Nudge on the card \"Mia\""): then the press is what it asked. Whatever a press did, the step never presses a
// look-alike of it (the same role and name) in another group: the same
// button on another card is another order, message or booking. A stale or
// covered target is looked at again next turn, never swapped for another
// element. Three idle turns, or eight turns in all, end the step with a
// final judgement. The step is also done by effect (see doneByEffect) and,
// for intents with a number, when the pressed control's group shows it
// (countShown).
func (r *runner) do(ctx context.Context, fr *frame, s *plan.Step) error {
	intent, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	st := r.cur
	banned := map[string]bool{}
	revealed := map[string]bool{} // tabs and sections opened to look for the target
	// pressed maps role and name of every control pressed in this step to
	// the group it was pressed in: its look-alikes elsewhere are off limits.
	pressed := map[string]string{}
	idle := 0
	acted, waited := false, false
	var notes, done []string
	// worked holds the identities of presses that had an effect in this
	// step: see the effect rule below.
	worked := map[string]string{}
	last := "" // identity of the last press that had an effect
	// A number outside quotes is a count to reach ("raise the quantity to
	// 3"); a quoted one names a group ("in the row \"March 2025\"").
	counts := digits.MatchString(quotedText.ReplaceAllString(intent, ""))
	// A step that clicks into a field ("click into the 3rd textbox",
	// "focus the search box") is offered fields too, and is done once the
	// field has the focus.
	focusing := focusIntent.MatchString(intent)
	for turn := 1; turn <= MaxDoTurns; turn++ {
		st.turns = turn
		scr, err := r.observe(ctx)
		if err != nil {
			return err
		}
		judging := acted || !createWords.MatchString(intent)
		if !acted {
			// A press of a named control is read from its state (pressed.go).
			already, known, why := pressState(scr, intent)
			if already {
				st.report.Note = "done: " + why + ", as the step asks"
				return nil
			}
			judging = judging && !known
		}
		if judging {
			p, err := r.judgeGoal(ctx, scr, intent, done)
			if err != nil {
				return err
			}
			if p >= JudgeBar {
				st.report.Note = fmt.Sprintf("reached after %d turns (judged %.2f)", turn-1, p)
				return nil
			}
		}
		var offer []surfaces.Candidate
		for _, c := range scr.Candidates {
			if (pressable(c) || focusing && isField(c) && !c.Has(surfaces.StateDisabled)) &&
				!c.Has(surfaces.StateCovered) && !banned[identity(c)] && !lookAlike(pressed, c) {
				offer = append(offer, c)
			}
		}
		moves := r.moves(scr, intent, banned)
		q, _ := decide.Anchored(r.question(scr, "target", intent, "", offer))
		q = decide.Narrow(q, decide.MaxOptions-len(moves))
		q.Options = append(q.Options, moves...)
		opt, err := r.choose(ctx, q)
		if err != nil {
			return err
		}
		if opt != nil && strings.HasPrefix(opt.Key, moveScrollIn) {
			// Scroll a box's own content: the step's act when it says so.
			acted = true
			done, err := r.scrollIn(ctx, scr, opt.Key, intent, banned, &idle, &notes)
			if err != nil || done {
				return err
			}
			continue
		}
		if opt != nil && opt.Candidate == nil {
			// A move that presses nothing: scroll or close what is in front.
			acted = true
			if err := r.move(ctx, scr, opt.Key, banned, &idle, &notes); err != nil {
				return err
			}
			if idle >= IdleTurns {
				return r.doEnd(ctx, intent, notes, done, fmt.Sprintf("%d turns changed nothing", IdleTurns))
			}
			continue
		}
		if opt == nil {
			if len(worked) > 0 {
				return r.doneByEffect(worked, "no other control leads further")
			}
			if !waited && !banned[moveWait] {
				// Nothing leads there yet: a list that opens a moment
				// after typing (suggestions) is looked for once more.
				waited, acted = true, true
				if err := r.move(ctx, scr, moveWait, banned, &idle, &notes); err != nil {
					return err
				}
				continue
			}
			if c, op, ok := nextReveal(scr, revealed, banned); ok {
				// Nothing on the screen leads there: look behind the next
				// tab, section or menu that hides part of the page.
				revealed[identity(c)] = true
				acted = true
				if op.Op == surfaces.OpClick {
					if err := r.refuse(c); err != nil {
						return err
					}
				}
				if _, err := r.act(ctx, op, withGroup(c)); err != nil && !recoverable(err) {
					return err
				}
				if op.Op == surfaces.OpHover {
					// Menus open a submenu a moment after the pointer rests
					// (jQuery UI waits 300 ms): settling cannot see a timer.
					if err := r.clock.Sleep(ctx, HoverDelay); err != nil {
						return err
					}
				}
				notes = append(notes, "opened "+c.Summary()+" to look for it")
				continue
			}
			return r.doEnd(ctx, intent, notes, done, "the decider found no control that leads there")
		}
		c := *opt.Candidate
		if id := identity(c); worked[id] != "" && !counts {
			if id == last {
				return r.doneByEffect(worked, "the decider chose it again")
			}
			// An earlier press chosen again: the step goes in circles.
			return r.doEnd(ctx, intent, notes, done, "the moves go in circles ("+c.Summary()+" again)")
		}
		if err := r.refuse(c); err != nil {
			return err
		}
		pressed[c.Role+"\x00"+c.Name] = strings.Join(c.Path, "/")
		if c.Has(surfaces.StateOffscreen) {
			// Bring it into view first: the press then lands where a
			// person would press.
			if _, err := r.act(ctx, surfaces.Scroll(c.Ref, ""), c.Summary()); err != nil && !recoverable(err) {
				return err
			}
		}
		out, err := r.act(ctx, surfaces.Click(c.Ref), withGroup(c))
		acted = true
		if err != nil {
			if !recoverable(err) {
				return err
			}
			// A stale ref or a covered control: look again next turn;
			// never press something else in its place.
			notes = append(notes, c.Summary()+": "+err.Error())
			idle++
			if errors.Is(err, surfaces.ErrNotActionable) {
				banned[identity(c)] = true
			}
		} else {
			after, err := r.observe(ctx)
			if err != nil {
				return err
			}
			change := surfaces.Diff(scr, after)
			if focusing && isField(c) && focused(after, c) {
				st.report.Note = "done: " + withGroup(c) + " has the focus, as the step says"
				return nil
			}
			if unchanged(scr, after) && len(out.Requests) == 0 && !counts && namesPress(intent, c.Name) {
				// The step asks for this press and nothing more: the press
				// is what it asked, whether or not the page shows it.
				st.report.Note = "done: pressed " + withGroup(c) + ", the control the step names; the screen shows no change"
				return nil
			}
			if unchanged(scr, after) && len(out.Requests) == 0 {
				banned[identity(c)] = true
				idle++
				notes = append(notes, "pressing "+c.Summary()+" changed nothing")
			} else {
				idle = 0
				worked[identity(c)] = c.Summary()
				last = identity(c)
				if len(done) < decide.MaxDoneLines {
					done = append(done, effectLine(c, change, out.Requests))
				}
				if counts && countShown(after, c, intent) {
					st.report.Note = "done: the group of " + c.Summary() + " shows the number the step asks for"
					return nil
				}
				if !counts && namesPress(intent, c.Name) {
					st.report.Note = "done: pressed " + withGroup(c) + ", the control the step names, and " + effectWords(change, out.Requests)
					return nil
				}
			}
		}
		if idle >= IdleTurns {
			return r.doEnd(ctx, intent, notes, done, fmt.Sprintf("%d turns changed nothing", IdleTurns))
		}
	}
	return r.doEnd(ctx, intent, notes, done, fmt.Sprintf("not reached in %d turns", MaxDoTurns))
}

// nextReveal is the first control in reading order that shows a part of
// the page now hidden and was not opened yet in this step, with the
// operation that opens it: a tab not selected, or a section header that is
// collapsed (a tab of an accordion), is pressed; a menu item is hovered,
// which opens its submenu and never does what the item says. Opening one
// changes what is shown, never what is stored.
func nextReveal(s surfaces.Screen, revealed, banned map[string]bool) (surfaces.Candidate, surfaces.Operation, bool) {
	for _, c := range s.Candidates {
		if c.Has(surfaces.StateSelected) || c.Has(surfaces.StateExpanded) || c.Has(surfaces.StateDisabled) ||
			c.Has(surfaces.StateCovered) || revealed[identity(c)] || banned[identity(c)] {
			continue
		}
		switch c.Role {
		case "tab":
			return c, surfaces.Click(c.Ref), true
		case "menuitem":
			return c, surfaces.Hover(c.Ref), true
		}
	}
	return surfaces.Candidate{}, surfaces.Operation{}, false
}

// lookAlike reports whether c has the role and name of a control pressed
// earlier in the step but sits in another group: the same "Cancel" on
// another order's card.
func lookAlike(pressed map[string]string, c surfaces.Candidate) bool {
	group, ok := pressed[c.Role+"\x00"+c.Name]
	return ok && group != strings.Join(c.Path, "/")
}

// effectLine says what one press did, for the done list a goal is judged
// with: `pressed button "Archive" in row "Acme": sent POST /api/…;
// appeared: text "Archived"`.
func effectLine(c surfaces.Candidate, change surfaces.Changes, requests []string) string {
	return "pressed " + withGroup(c) + ": " + effectWords(change, requests)
}

// effectWords describes a press's effect: the requests it sent and what
// changed on the screen.
func effectWords(change surfaces.Changes, requests []string) string {
	var parts []string
	if len(requests) > 0 {
		shown := requests
		if len(shown) > 3 {
			shown = shown[:3]
		}
		parts = append(parts, "sent "+strings.Join(shown, ", "))
	}
	if !change.Empty() {
		parts = append(parts, change.String())
	} else {
		parts = append(parts, "the screen did not change")
	}
	return strings.Join(parts, "; ")
}

var (
	digits     = regexp.MustCompile(`\d`)
	quotedText = regexp.MustCompile(`"[^"]*"|“[^”]*”`)
)

// pressVerb and pressPlace frame an intent that is one press of a named
// control, as people and `flow record` write them: "press Search
// flights", "open the Inbox", "press Renew on the card \"Music\"". The
// place is any group named by a quoted text: "on the post \"…\"", "in
// the row \"…\"", "for the order \"…\"".
var (
	pressVerb  = regexp.MustCompile(`(?i)^\s*(?:press|click(?: on)?|tap|hit|open|follow|choose|select|tick|untick|toggle)\s+(?:the\s+)?`)
	pressPlace = regexp.MustCompile(`(?i)\s+(?:on|in|of|for|from)\s+(?:the\s+)?[\pL-]+(?:\s+[\pL-]+)?\s+"[^"]*"\s*$`)
)

// namesPress reports whether intent is a press of the control named name:
// once that press changed the screen the step is done, whatever the new
// screen shows (a results page does not read as "press Search flights").
// The name may be shortened in the step ("tick I have read and accept the
// terms and" for a longer label): two words or more of its start count.
func namesPress(intent, name string) bool {
	loc := pressVerb.FindStringIndex(intent)
	if loc == nil {
		return false
	}
	want := strings.ToLower(strings.Join(strings.Fields(pressPlace.ReplaceAllString(intent[loc[1]:], "")), " "))
	got := strings.ToLower(strings.Join(strings.Fields(name), " "))
	want = strings.TrimSuffix(want, " button")
	if want == "" || got == "" {
		return false
	}
	return want == got || len(strings.Fields(want)) >= 2 && strings.HasPrefix(got, want)
}

// doneByEffect ends a do whose judgement did not pass but whose press
// took effect, when the decider has nothing further: it chose none, or the
// same control again. Intents are often written as acts ("sign in",
// "start a new message") that a judgement of the screen reads poorly,
// while pressing the control that does the act again is not progress. Only
// the last press counts as chosen again: choosing an earlier one means the
// moves go in circles, and the step ends with its final judgement. An
// intent with a number ("raise the quantity to 3") never ends this way: a
// count is checked by the judgement alone.
func (r *runner) doneByEffect(worked map[string]string, why string) error {
	var pressed []string
	for _, s := range worked {
		pressed = append(pressed, s)
	}
	sort.Strings(pressed)
	r.cur.report.Note = "done by effect: pressing " + strings.Join(pressed, ", ") + " changed the screen and " + why
	return nil
}

// doEnd is a do's final judgement when it runs out of moves.
func (r *runner) doEnd(ctx context.Context, intent string, notes, done []string, why string) error {
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	p, err := r.judgeGoal(ctx, scr, intent, done)
	if err != nil {
		return err
	}
	if p >= JudgeBar {
		r.cur.report.Note = fmt.Sprintf("reached (judged %.2f)", p)
		return nil
	}
	hint := "describe the state to reach in words the page uses, or split the step"
	if len(notes) > 0 {
		hint += "; on the way: " + strings.Join(notes, "; ")
	}
	return fail(hint, "%q: %s (judged %.2f on %s)", intent, why, p, screenHint(scr))
}

// The moves of a do turn that press no control, offered beside the
// candidates when they can help: scrolling when controls lie below the
// fold, Escape when a dialog or popover is in front, waiting for a page
// that changes by itself, and hovering over a control whose press changed
// nothing (menus that open on hover).
const (
	moveScroll = "move:scroll"
	moveEscape = "move:escape"
	moveWait   = "move:wait"
	moveHover  = "hover:" // + the candidate's ref
	// moveScrollIn + "bottom:" or "top:" + a ref scrolls that element's
	// own content (a text area, a box that scrolls).
	moveScrollIn = "scroll-in:"
)

// moves returns the non-press moves that fit the screen and were not
// found useless earlier in the step.
func (r *runner) moves(s surfaces.Screen, intent string, banned map[string]bool) []decide.Option {
	var out []decide.Option
	offscreen := false
	for _, c := range s.Candidates {
		offscreen = offscreen || c.Has(surfaces.StateOffscreen)
	}
	if offscreen && !banned[moveScroll] {
		out = append(out, decide.Option{Key: moveScroll, Label: "scroll down to see more of the page"})
	}
	if s.Layer != surfaces.LayerPage && s.Layer != "" && !banned[moveEscape] {
		// Worded without "press": every press step would match it by its
		// verb alone and close the menu it is about to use.
		out = append(out, decide.Option{Key: moveEscape, Label: "close the " + string(s.Layer) + " in front with the Escape key"})
	}
	for _, c := range s.Candidates {
		id := identity(c)
		if banned[id] && !banned[moveHover+id] && (c.Role == "button" || c.Role == "link" || c.Role == "menuitem") && len(out) < 4 {
			out = append(out, decide.Option{Key: moveHover + c.Ref, Label: "hover over " + c.Summary() + " to open its menu"})
		}
	}
	scrollables := 0
	for _, c := range s.Candidates {
		if !c.Has(surfaces.StateScrollable) || c.Has(surfaces.StateCovered) || scrollables == 2 {
			continue
		}
		scrollables++
		// Named by its kind and name, not its text: a long value would
		// drown the words of the move.
		what := c.Role
		if c.Role == "textbox" && c.InputType == "" {
			what = "text area"
		}
		if c.Name != "" {
			what += " " + strconv.Quote(clipText(c.Name, 40))
		}
		for _, end := range scrollEnds(intent) {
			if key := moveScrollIn + end + ":" + c.Ref; !banned[moveScrollIn+end+":"+identity(c)] {
				out = append(out, decide.Option{Key: key, Label: "scroll the " + what + " to the " + end + " of its text"})
			}
		}
	}
	if !banned[moveWait] {
		out = append(out, decide.Option{Key: moveWait, Label: "wait for the page to change by itself"})
	}
	return out
}

// focusIntent matches a step that puts the cursor into a field.
var focusIntent = regexp.MustCompile(`(?i)^\s*(?:(?:click|tap|press)\s+(?:in|into|inside)|focus(?:\s+on)?|put the cursor (?:in|into)|(?:click|tap)(?:\s+on)?\s+(?:the|a|an|any)\s+(?:\w+\s+)?(?:text ?area|text ?box|text field|input field|search box|search field|text (?:widget|input|control)))\b`)

// focused reports whether the field c has the focus on s.
func focused(s surfaces.Screen, c surfaces.Candidate) bool {
	for _, x := range s.Candidates {
		if (x.Ref == c.Ref || identity(x) == identity(c)) && x.Has(surfaces.StateFocused) {
			return true
		}
	}
	return false
}

// scrollEnds are the ends a box's content may be scrolled to for intent:
// the one it names, else both.
func scrollEnds(intent string) []string {
	switch {
	case endWords.MatchString(intent):
		return []string{"bottom"}
	case startWords.MatchString(intent):
		return []string{"top"}
	}
	return []string{"bottom", "top"}
}

var (
	endWords   = regexp.MustCompile(`(?i)\b(bottom|end|last line)\b`)
	startWords = regexp.MustCompile(`(?i)\b(top|start|beginning|first line)\b`)
)

// scrollVerb opens a step whose act is scrolling ("scroll the terms to
// the bottom").
var scrollVerb = regexp.MustCompile(`(?i)^\s*scroll\b`)

// scrollIn scrolls an element's own content to its end or its start. A
// step that says to scroll is done by it; otherwise it is a move like any
// other, banned when it moved nothing.
func (r *runner) scrollIn(ctx context.Context, s surfaces.Screen, key, intent string, banned map[string]bool, idle *int, notes *[]string) (bool, error) {
	end, ref, _ := strings.Cut(strings.TrimPrefix(key, moveScrollIn), ":")
	c, ok := s.Candidate(ref)
	if !ok {
		return false, nil
	}
	out, err := r.act(ctx, surfaces.Scroll(c.Ref, end), withGroup(c))
	if err != nil && !recoverable(err) {
		return false, err
	}
	if err != nil || out.Note == surfaces.NoteNotScrolled {
		banned[moveScrollIn+end+":"+identity(c)] = true
		*idle++
		*notes = append(*notes, "scrolling "+c.Summary()+" to the "+end+" moved nothing")
		return false, nil
	}
	if scrollVerb.MatchString(intent) {
		r.cur.report.Note = "done: scrolled " + withGroup(c) + " to the " + end + " of its text, as the step says"
		return true, nil
	}
	*idle = 0
	return false, nil
}

// move performs a non-press move and bans it when it changed nothing.
func (r *runner) move(ctx context.Context, before surfaces.Screen, key string, banned map[string]bool, idle *int, notes *[]string) error {
	ban := key
	target := ""
	switch {
	case key == moveScroll:
		if _, err := r.act(ctx, surfaces.Scroll("", "down"), ""); err != nil && !recoverable(err) {
			return err
		}
	case key == moveEscape:
		if _, err := r.act(ctx, surfaces.Press("", "Escape"), ""); err != nil && !recoverable(err) {
			return err
		}
	case key == moveWait:
		if err := r.waitForChange(ctx, before, r.opts.PollInterval, selfChangeWait); err != nil {
			return err
		}
	case strings.HasPrefix(key, moveHover):
		c, ok := before.Candidate(strings.TrimPrefix(key, moveHover))
		if !ok {
			return nil
		}
		ban, target = moveHover+identity(c), c.Summary()
		if _, err := r.act(ctx, surfaces.Hover(c.Ref), target); err != nil && !recoverable(err) {
			return err
		}
	}
	after, err := r.observe(ctx)
	if err != nil {
		return err
	}
	// A scroll's effect is what came into view, which only the
	// fingerprint's states show.
	same := unchanged(before, after)
	if key == moveScroll {
		same = before.Fingerprint == after.Fingerprint
	}
	if same {
		banned[ban] = true
		*idle++
		*notes = append(*notes, strings.TrimSpace(key+" "+target)+" changed nothing")
	} else {
		*idle = 0
	}
	return nil
}

// selfChangeWait is the longest a do's wait move waits for the page to
// change by itself.
const selfChangeWait = time.Second

// waitForChange waits for the page to change by itself: it looks again
// every `every` until the screen differs from before, for at most `most`
// (the do's wait move: every poll interval for selfChangeWait). What
// changes a page by itself runs on a timer (a suggestion list 300 ms after
// typing, results behind a delay), which settling cannot see: waiting for
// the change, not a fixed pause, keeps the move's worth independent of how
// long the acts before it took to settle.
func (r *runner) waitForChange(ctx context.Context, before surfaces.Screen, every, most time.Duration) error {
	end := r.clock.Now().Add(most)
	for {
		if err := r.clock.Sleep(ctx, every); err != nil {
			return err
		}
		if err := r.surf.Settle(ctx); err != nil && ctx.Err() != nil {
			return err
		}
		if !r.clock.Now().Before(end) {
			return nil
		}
		now, err := r.observe(ctx)
		if err != nil {
			return err
		}
		if !unchanged(before, now) {
			return nil
		}
	}
}

// click presses c after the guard's check. An act error a new look could
// get past (stale, covered, not actionable) fails the step with hint,
// saying what the press was doing ("choosing", "paging with").
func (r *runner) click(ctx context.Context, c surfaces.Candidate, doing, hint string) error {
	if err := r.refuse(c); err != nil {
		return err
	}
	if _, err := r.act(ctx, surfaces.Click(c.Ref), c.Summary()); err != nil {
		if recoverable(err) {
			return fail(hint, "%s %s: %v", doing, c.Summary(), err)
		}
		return err
	}
	return nil
}

// recoverable reports an act error that a new look can get past.
func recoverable(err error) bool {
	return errors.Is(err, surfaces.ErrStaleRef) || errors.Is(err, surfaces.ErrCovered) || errors.Is(err, surfaces.ErrNotActionable)
}

var numberWord = regexp.MustCompile(`\d+(?:[.,]\d+)?`)

// countShown is the check for an intent with a number ("raise the
// quantity of the mug to 2"): the pressed control's group now shows that
// number, and the group's label shares two words with the intent, so a
// stepper of another item does not count.
func countShown(s surfaces.Screen, pressed surfaces.Candidate, intent string) bool {
	if len(pressed.Path) == 0 {
		return false
	}
	path := strings.Join(pressed.Path, " > ")
	if sharedWords(intent, path) < 2 {
		return false
	}
	nums := numberWord.FindAllString(intent, -1)
	is := func(t string) bool {
		t = strings.TrimSpace(t)
		for _, n := range nums {
			if t == n {
				return true
			}
		}
		return false
	}
	for _, c := range s.Candidates {
		if strings.Join(c.Path, " > ") == path && (is(c.Value) || c.Value == "" && is(c.Name)) {
			return true
		}
	}
	for _, l := range s.Context {
		if strings.Join(l.Path, " > ") == path && is(l.Text) {
			return true
		}
	}
	return false
}

// unchanged reports whether an act changed nothing a person would call a
// change: the same address, and the same controls, values, text and
// checked/selected/expanded/disabled states ([surfaces.Diff]). Focus and
// scroll position alone do not count, so a press that only focused its
// button is no progress.
func unchanged(before, after surfaces.Screen) bool {
	return before.Fingerprint == after.Fingerprint || surfaces.Diff(before, after).Empty()
}
