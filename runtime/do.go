package runtime

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"flow/guard"
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

// do reaches the state the step describes, one move per turn, and ends
// only on named evidence (proof.go): before its first act, the control
// the step is about already shows what it asks (state), or what it closes
// is not on the screen (absence); after an act, also that an act of the
// step changed the thing it is about (effect) or a message confirms it
// (confirmation). The step's words shown on the screen are never evidence,
// and no judgement of the whole screen ends a do.
//
// Each turn offers the pressable, uncovered candidates not banned in this
// step (narrowed locally to at most 20, with the non-press moves beside
// them) and acts on the answer after the guard check: a guarded control
// ends the run at once, no other is tried. After each act an error the
// page did not show before fails the step, quoting it.
//
// A press whose effect is none (the screen and the requests show nothing)
// is banned for the rest of the step. Whatever a press did, the step never
// presses a look-alike of it (the same role and name) in another group:
// the same button on another card is another order, message or booking. A
// stale or covered target is looked at again next turn, never swapped for
// another element. A press with an effect ends the step at once when its
// control says the step's act or object ("Renew" for "renew the loan of
// Dune"); otherwise the step goes on, and ends on that effect when the
// decider has nothing further (none, or the same control again). Three
// idle turns, or eight turns in all, end the step: done on the evidence
// the last screen holds, else failed.
func (r *runner) do(ctx context.Context, fr *frame, s *plan.Step) error {
	intent, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	st := r.cur
	goal := decide.ReadGoal(intent)
	banned := map[string]bool{}
	revealed := map[string]bool{} // tabs and sections opened to look for the target
	// pressed maps role and name of every control pressed in this step to
	// the group it was pressed in: its look-alikes elsewhere are off limits.
	pressed := map[string]string{}
	idle := 0
	acted, waited := false, false
	var notes []string
	var start *surfaces.Screen // the screen the step began on
	// worked holds, by identity, the effect of each press that had one
	// (effectProof); last is the identity of the last such press.
	worked := map[string]proof{}
	last := ""
	var lastPressed surfaces.Candidate
	// A small number outside quotes is a count to reach ("raise the
	// quantity to 3"); a quoted one names a group ("in the row \"March
	// 2025\""), and so does a year, a reference or an address ("the
	// statement for March 2025", "order 4411", "at 8 Rua do Ouro").
	counts := countIntent(intent)
	// A step that clicks into a field ("click into the 3rd textbox",
	// "focus the search box") is offered fields too, and is done once the
	// field has the focus.
	focusing := focusIntent.MatchString(intent)
	// A step that sets or removes one item never presses a control for
	// all of them ("Mark all as complete" for "mark Buy milk as done");
	// an "Accept all" of a cookie banner is no such control.
	all := decide.StepSaysAll(intent) || goal.Kind != decide.GoalOn && goal.Kind != decide.GoalOff && goal.Kind != decide.GoalRemoved
	paged := 0                   // pages of a paged list turned to look for the target: they cost no turn
	hovered := map[string]bool{} // menu items rested on to open their submenu
	for turn := 1; turn <= MaxDoTurns+paged; turn++ {
		st.turns = turn
		scr, err := r.observe(ctx)
		if err != nil {
			return err
		}
		if start == nil {
			start = &scr
		}
		if !acted {
			if p, ok := r.evidenceBefore(scr, intent, goal); ok {
				return r.doneOn(p)
			}
		}
		var offer []surfaces.Candidate
		for _, c := range scr.Candidates {
			if (pressable(c) || focusing && isField(c) && !c.Has(surfaces.StateDisabled)) &&
				!c.Has(surfaces.StateCovered) && !banned[identity(c)] && !lookAlike(pressed, c) &&
				(all || !decide.AllControl(c.Name)) {
				offer = append(offer, c)
			}
		}
		offer = fitVerb(goal, offer)
		offer = namedPress(intent, scr, offer)
		offer = namedToggle(goal, scr, offer)
		if place, ok := missingPlace(intent, scr, goal); ok {
			return fail("name a group the page shows (its heading, first line or row's first cell), or check that the page lists it",
				"%q: no card, row or item on the screen is named %q; no control of another was pressed", intent, place)
		}
		moves := r.moves(scr, intent, banned)
		if goal.Edits() && len(offer) == 0 {
			// No control reads as editing: list apps start an edit with a
			// double-click on the item's text.
			moves = append(editMoves(scr, goal, banned), moves...)
		}
		q, ok := decide.Question{}, false
		if focusing {
			q, ok = r.focusQuestion(scr, intent, offer)
		}
		if !ok {
			q, _ = decide.Anchored(r.question(scr, "target", intent, "", offer))
		}
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
		if opt != nil && strings.HasPrefix(opt.Key, moveEdit) {
			acted = true
			if p, ok, err := r.editText(ctx, scr, strings.TrimPrefix(opt.Key, moveEdit), banned, &idle, &notes); err != nil || ok {
				if err != nil {
					return err
				}
				return r.doneOn(p)
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
				return r.doEnd(ctx, intent, goal, start, worked, notes, fmt.Sprintf("%d turns changed nothing", IdleTurns))
			}
			continue
		}
		if opt == nil && !acted {
			// "sign in" where the form's one button says only "OK" or
			// "Go": the button of the filled form is how it is done.
			if c, ok := soleFormButton(scr, intent, offer); ok {
				notes = append(notes, withGroup(c)+" is the only button of the filled sign-in form")
				opt = &decide.Option{Key: c.Ref, Candidate: &c}
			}
		}
		if opt == nil {
			if p, ok := worked[last]; ok && last != "" && effectEnds(goal, scr, intent, lastPressed) {
				return r.doneOn(proof{p.kind, p.detail + ", and no other control leads further"})
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
			if c, op, ok := nextReveal(scr, revealed, banned, func() (map[string]bool, bool) { return r.inNamedGroup(scr, intent) }); ok {
				// Nothing on the screen leads there: look behind the next
				// tab, section or menu that hides part of the page.
				revealed[identity(c)] = true
				acted = true
				if op.Op == surfaces.OpClick {
					if err := r.refuse(c); err != nil {
						return err
					}
				}
				if err := r.intoView(ctx, c); err != nil {
					return err
				}
				notes = append(notes, "opened "+c.Summary()+" to look for it")
				if op.Op == surfaces.OpHover {
					if err := r.restOn(ctx, c); err != nil {
						return err
					}
					continue
				}
				if _, err := r.act(ctx, op, withGroup(c)); err != nil && !recoverable(err) {
					return err
				}
				// What a press opens may come a moment later (a menu that
				// fades in, a click the page takes after the scroll that
				// brought its opener into view): wait for it once.
				after, err := r.observe(ctx)
				if err != nil {
					return err
				}
				if len(newControls(scr, after)) == 0 {
					if err := r.waitForChange(ctx, after, r.opts.PollInterval, selfChangeWait); err != nil {
						return err
					}
				}
				continue
			}
			if c, ok := nextPage(scr, banned); ok && paged < MaxPages {
				// Nor behind any tab: turn the page of a paged list.
				after, err := r.turnPage(ctx, scr, c, banned)
				if err != nil {
					return err
				}
				if p, ok := confirmationProof(*start, after, goal); ok && goal.Kind == decide.GoalShown {
					return r.doneOn(p)
				}
				acted = true
				paged++
				notes = append(notes, "turned the page with "+withGroup(c)+" to look for it")
				continue
			}
			return r.doEnd(ctx, intent, goal, start, worked, notes, "the decider found no control that leads there")
		}
		c := *opt.Candidate
		if id := identity(c); worked[id].kind != "" && !counts {
			if id == last && effectEnds(goal, scr, intent, c) {
				p := worked[id]
				return r.doneOn(proof{p.kind, p.detail + ", and the decider chose it again"})
			}
			if id == last {
				return r.doEnd(ctx, intent, goal, start, worked, notes, "the decider chose "+c.Summary()+" again")
			}
			// An earlier press chosen again: the step goes in circles.
			return r.doEnd(ctx, intent, goal, start, worked, notes, "the moves go in circles ("+c.Summary()+" again)")
		}
		if item, ok := quotedElsewhere(intent, scr, c, true); ok {
			return fail("name the control in the item the step quotes, or quote the item as the page shows it",
				"%q: %s is not in %s, which the step quotes; nothing was pressed", intent, withGroup(c), item)
		}
		if item, ok := namedElsewhere(goal, scr, c); ok {
			return fail("name the control in the item the step means, or name the item as the page shows it",
				"%q: %s is not in %s, which the step names; nothing was pressed", intent, withGroup(c), item)
		}
		if object, ok := namedNowhere(goal, scr, c); ok {
			return fail("name the item as the page shows it, or check that the page lists it",
				"%q: no item on the screen says %q, and %s is another's; nothing was pressed", intent, object, withGroup(c))
		}
		if missing, ok := strangerGroup(intent, scr, c); ok {
			return fail("name the group as the page does (its heading, first line or row's first cell)",
				"%q: %s has look-alikes in other groups, and its group does not say %q; nothing was pressed", intent, withGroup(c), missing)
		}
		if err := r.refuse(c); err != nil {
			return err
		}
		pressed[c.Role+"\x00"+c.Name] = strings.Join(c.Path, "/")
		if err := r.intoView(ctx, c); err != nil {
			return err
		}
		if goal.Kind == decide.GoalExpanded && c.Role == "menuitem" && !hovered[identity(c)] {
			// A menu opens its submenu under the pointer, and a click on
			// an item with a submenu is, for many menus (jQuery UI's),
			// a choice of that item: open it as a person does, by
			// resting the pointer on it.
			hovered[identity(c)] = true
			if p, ok, err := r.hoverOpen(ctx, scr, c); err != nil || ok {
				if err != nil {
					return err
				}
				return r.doneOn(p)
			}
			acted = true
			continue
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
			if e, bad := errorAfter(scr, after, out.Navigated, goal); bad {
				return failOnError(e, "pressing "+withGroup(c))
			}
			if focusing && isField(c) && focused(after, c) {
				return r.doneOn(proof{EvidenceState, withGroup(c) + " has the focus, as the step says"})
			}
			if unchanged(scr, after) && len(out.Requests) == 0 {
				if p, ok := r.pressTaken(ctx, c, intent, counts); ok {
					return r.doneOn(p)
				}
				banned[identity(c)] = true
				idle++
				notes = append(notes, "pressing "+c.Summary()+" changed nothing")
			} else {
				idle = 0
				if why, bad := rejected(out); bad {
					if _, ok := answered(out); !ok {
						// The server refused what the press sent: whatever the
						// screen shows, the act did not happen.
						return fail("the page did not accept it: look at the page or the server's log, then run again",
							"pressing %s: the server refused %s", withGroup(c), why)
					}
				}
				if p, ok := r.evidenceAfter(*start, scr, after, intent, goal, c, counts); ok {
					return r.doneOn(p)
				}
				if p, ok := effectProof(c, scr, after, out, goal); ok {
					worked[identity(c)] = p
					last, lastPressed = identity(c), c
					if !counts && (namesPress(intent, c.Name) || goal.PressFits(intent, c.Name)) && effectEnds(goal, after, intent, c) {
						return r.doneOn(p)
					}
				} else if p, ok := r.pressTaken(ctx, c, intent, counts); ok {
					return r.doneOn(p)
				}
			}
		}
		if idle >= IdleTurns {
			return r.doEnd(ctx, intent, goal, start, worked, notes, fmt.Sprintf("%d turns changed nothing", IdleTurns))
		}
	}
	return r.doEnd(ctx, intent, goal, start, worked, notes, fmt.Sprintf("not reached in %d turns", MaxDoTurns))
}

// pressTaken is the evidence of a step that asks for no more than a press
// of one control it names ("press ONE", "press Retweet on the post …")
// when the press showed no effect of its own (nothing changed, or only
// lines elsewhere): the application took it, for it listens for presses
// on that control (surfaces.PressTaker). A control with no
// handler of its own is dead to the press, and a step that names an
// outcome ("save the draft") needs that outcome's evidence whatever
// handler took the press.
func (r *runner) pressTaken(ctx context.Context, c surfaces.Candidate, intent string, counts bool) (proof, bool) {
	taker, ok := r.raw.(surfaces.PressTaker)
	if !ok || counts || !namesPress(intent, c.Name) || !taker.TakesPress(ctx, c.Ref) {
		return proof{}, false
	}
	return proof{EvidenceEffect, "pressing " + withGroup(c) + ": the page took the press (a handler of its own on it), and the step asks for the press alone"}, true
}

// evidenceBefore is the evidence a do can end on before it acts: the
// control it names already shows the state it asks (pressed.go reads a
// step that names one press; stateProof a step that names a control by
// its object), or what it closes is not on the screen. A step to reach a
// place is there when the page's title names the place.
func (r *runner) evidenceBefore(s surfaces.Screen, intent string, g decide.Goal) (proof, bool) {
	already, known, why := pressState(s, intent)
	if already {
		return proof{EvidenceState, why}, true
	}
	if known {
		return proof{}, false
	}
	if p, _, holds := stateProof(s, g, intent); holds {
		return p, true
	}
	if p, ok := absenceProof(nil, s, g); ok {
		return p, true
	}
	if decide.PlaceIntent(intent) && decide.TitleNames(intent, s.Title) {
		return proof{EvidenceState, "the page's title " + strconv.Quote(s.Title) + " names the place"}, true
	}
	if p, ok := headingShows(s, g); ok {
		return p, true
	}
	return proof{}, false
}

// headingShows is the state a step that shows a thing by name asks ("show
// the contact Kara-Lynn"), when it holds already: a heading that says the
// name, the way the page titles what it shows (MiniWoB++ phone-book's
// contact on the first page; the trust site's staff directory). A name
// in a list, a link or a line is no such state.
func headingShows(s surfaces.Screen, g decide.Goal) (proof, bool) {
	if g.Kind != decide.GoalShown || !g.HasNames() {
		return proof{}, false
	}
	for _, l := range s.Context {
		if l.Role == "heading" && g.Shows(l.Text) {
			return proof{EvidenceState, "the heading " + strconv.Quote(clipText(l.Text, 80)) + " shows it"}, true
		}
	}
	return proof{}, false
}

// evidenceAfter is the evidence a press of c can end a do on, other than
// its effect: the state the step asks, the absence of what it closes or
// removes (there when the step began), a message that appeared and
// confirms it, a count the step asks for shown in the pressed control's
// group, or a place the page's title names.
func (r *runner) evidenceAfter(start, before, after surfaces.Screen, intent string, g decide.Goal, c surfaces.Candidate, counts bool) (proof, bool) {
	if counts && countShown(after, c, intent) {
		return proof{EvidenceState, "the group of " + withGroup(c) + " shows the number the step asks for"}, true
	}
	if already, _, why := pressState(after, intent); already {
		return proof{EvidenceState, why}, true
	}
	if p, _, holds := stateProof(after, g, intent); holds {
		return p, true
	}
	if p, ok := absenceProof(&start, after, g); ok {
		return p, true
	}
	if p, ok := confirmationProof(before, after, g); ok {
		return p, true
	}
	if decide.PlaceIntent(intent) && decide.TitleNames(intent, after.Title) {
		return proof{EvidenceEffect, "pressing " + withGroup(c) + " led to " + strconv.Quote(after.Title) + ", which names the place"}, true
	}
	if g.Kind == decide.GoalChosen {
		if f, ok := filledBy(c, before, after); ok {
			return proof{EvidenceState, withGroup(f) + " now holds " + strconv.Quote(f.Value) + ", the option pressed"}, true
		}
	}
	return proof{}, false
}

// filledBy finds the field that the press of an option c filled with the
// option's own text (a suggestion of an autocomplete taken into its box):
// the choice shows in the field, which is the state a choose asks.
func filledBy(c surfaces.Candidate, before, after surfaces.Screen) (surfaces.Candidate, bool) {
	if isField(c) || strings.TrimSpace(c.Name) == "" {
		return surfaces.Candidate{}, false
	}
	was := map[string]string{}
	for _, f := range before.Candidates {
		if isField(f) {
			was[f.Ref] = f.Value
		}
	}
	for _, f := range after.Candidates {
		if isField(f) && f.Value != was[f.Ref] && strings.EqualFold(strings.TrimSpace(f.Value), strings.TrimSpace(c.Name)) {
			return f, true
		}
	}
	return surfaces.Candidate{}, false
}

// doneOn ends a step on its evidence: the note and the report name it.
func (r *runner) doneOn(p proof) error {
	r.cur.report.Note = "done on " + p.String()
	r.cur.report.Evidence = p.String()
	return nil
}

// nextReveal is the first control in reading order that shows a part of
// the page now hidden and was not opened yet in this step, with the
// operation that opens it: a tab not selected, or a control that says it
// is collapsed (a tree's folder, an accordion's section, a disclosure;
// see [discloses]), is pressed; a menu item is hovered,
// which opens its submenu and never does what the item says. Opening one
// changes what is shown, never what is stored.
//
// A group's menu of more actions ("⋯", "More") is opened last, and when the
// step names a group (named gives the refs of the controls in it, asked
// only when there is such a menu), only that group's: the post by @ana
// keeps its "Mute" behind its own ⋯.
func nextReveal(s surfaces.Screen, revealed, banned map[string]bool, named func() (map[string]bool, bool)) (surfaces.Candidate, surfaces.Operation, bool) {
	var more []surfaces.Candidate
	for _, c := range s.Candidates {
		if c.Has(surfaces.StateSelected) || c.Has(surfaces.StateExpanded) || c.Has(surfaces.StateDisabled) ||
			c.Has(surfaces.StateCovered) || revealed[identity(c)] || banned[identity(c)] ||
			guard.ClassifyPlaced(c.Role, c.Name, c.Path).Class != guard.None {
			// A tab named "Submit" submits: it is no part of the page to
			// look behind.
			continue
		}
		switch {
		case c.Role == "tab":
			return c, surfaces.Click(c.Ref), true
		case c.Role == "menuitem":
			return c, surfaces.Hover(c.Ref), true
		case (c.Role == "button" || c.Role == "link") && decide.OpensMore(c.Name):
			more = append(more, c)
		case c.Has(surfaces.StateCollapsed) && discloses[c.Role]:
			return c, surfaces.Click(c.Ref), true
		}
	}
	if len(more) > 0 {
		if in, ok := named(); ok {
			// The step names a group: another group's menu hides nothing of it.
			more = slices.DeleteFunc(more, func(c surfaces.Candidate) bool { return !in[c.Ref] })
		}
	}
	if len(more) > 0 {
		return more[0], surfaces.Click(more[0].Ref), true
	}
	return surfaces.Candidate{}, surfaces.Operation{}, false
}

// discloses are the roles of a collapsed control that opens a part of
// the page to look behind: a folder of a tree, a treegrid's row, an
// accordion's or a disclosure's button or link, a <details> summary. A
// collapsed combobox opens its options, which are values to choose, not
// a part of the page.
var discloses = map[string]bool{"treeitem": true, "button": true, "link": true, "row": true}

// nextPageName is the name of a control that shows the next page of a
// paged list: "Next", "Next page", "Older posts", an arrow glyph.
var nextPageName = regexp.MustCompile(`(?i)^\s*(?:next(?:\s+page)?|older(?:\s+(?:posts|entries|items))?|more\s+results|next\s*[>›»→❯]|[>›»→❯])\s*$`)

// nextPage is the control that turns a paged list to its next page (MiniWoB++
// phone-book's ">", the "Next page" of GOV.UK's pagination and of the trust
// site's staff directory): a link, or a button outside any form, for a
// form's Next sends what the form holds. Turning a page shows more of the
// list and stores nothing.
func nextPage(s surfaces.Screen, banned map[string]bool) (surfaces.Candidate, bool) {
	for _, c := range s.Candidates {
		if banned[identity(c)] || c.Has(surfaces.StateDisabled) || c.Has(surfaces.StateCovered) || !nextPageName.MatchString(c.Name) {
			continue
		}
		if c.Role == "link" || c.Role == "button" && !slices.ContainsFunc(c.Path, formPlace) {
			return c, true
		}
	}
	return surfaces.Candidate{}, false
}

// formPlace reports whether a place of a path is a form.
func formPlace(p string) bool { return p == "form" || strings.HasPrefix(p, "form ") }

// turnPage presses the next-page control c and returns the screen after
// it; a press that changed nothing (the last page) bans it.
func (r *runner) turnPage(ctx context.Context, before surfaces.Screen, c surfaces.Candidate, banned map[string]bool) (surfaces.Screen, error) {
	if err := r.refuse(c); err != nil {
		return before, err
	}
	if _, err := r.act(ctx, surfaces.Click(c.Ref), withGroup(c)); err != nil {
		if !recoverable(err) {
			return before, err
		}
		banned[identity(c)] = true
		return before, nil
	}
	after, err := r.observe(ctx)
	if err != nil {
		return before, err
	}
	if unchanged(before, after) {
		banned[identity(c)] = true
	}
	return after, nil
}

// namedPress narrows offer, for a step that is one press of a named
// control ("press Save for later"), to the controls of that name while
// the screen shows one: when that press does nothing, the step fails
// rather than press another control ("Stores" for "save").
func namedPress(intent string, s surfaces.Screen, offer []surfaces.Candidate) []surfaces.Candidate {
	return whileShown(s, offer, func(c surfaces.Candidate) bool { return pressable(c) && namesPress(intent, c.Name) })
}

// namedToggle narrows offer, for a step that sets a state of a control it
// names ("disable email notifications"), to the controls that name, while
// the screen shows one: a switch that ignored the press is no reason to
// press its neighbour.
func namedToggle(g decide.Goal, s surfaces.Screen, offer []surfaces.Candidate) []surfaces.Candidate {
	if g.Kind != decide.GoalOn && g.Kind != decide.GoalOff || !g.HasObject() {
		return offer
	}
	return whileShown(s, offer, func(c surfaces.Candidate) bool {
		return toggleProofRoles[c.Role] && g.NamesOnly(kindWords, c.Name, groupName(c.Path))
	})
}

// whileShown keeps the candidates of offer that match, when any candidate
// on the screen does (banned or not); else offer as it is.
func whileShown(s surfaces.Screen, offer []surfaces.Candidate, match func(surfaces.Candidate) bool) []surfaces.Candidate {
	if !slices.ContainsFunc(s.Candidates, match) {
		return offer
	}
	return slices.DeleteFunc(slices.Clone(offer), func(c surfaces.Candidate) bool { return !match(c) })
}

// strangerGroup reports, for a press of c that has look-alikes in other
// groups (or sits in an item, for a number the step names), the names the step gives its group (capitalised words and
// numbers: "Jonas Petrov", "February 2024") that c's group does not hold:
// pressing it would act on another person's or month's item.
func strangerGroup(intent string, s surfaces.Screen, c surfaces.Candidate) (string, bool) {
	twins := twinsOf(s, c) >= 2
	if !twins && decide.ItemKey(c.Path) == "" {
		return "", false
	}
	var texts []string
	texts = append(texts, c.Path...)
	for _, l := range s.Context {
		if slices.Equal(l.Path, c.Path) {
			texts = append(texts, l.Text)
		}
	}
	texts = append(texts, c.Name)
	// A thing the step names whole, lower case or not ("tick off the
	// sleeping bag"), is another's when c's group does not say it: the
	// Sleeping mat's box, the Return library books' box for "book the
	// dentist", look-alike or not (see namedWhole).
	var another []string
	for _, name := range namedWhole(intent, s) {
		if !saidInOne(texts, words(name)) {
			another = append(another, name)
		}
	}
	if len(another) > 0 {
		return strings.Join(another, "; "), true
	}
	held := wordSet(texts...)
	runs := entityRuns(intent)
	var missing []string
	for _, run := range runs {
		for _, w := range run {
			if !allHeld(held, words(w)) {
				missing = append(missing, w) // "12.50" is held as "12" and "50"
			}
		}
	}
	if len(missing) == 0 {
		// Each word held is not enough for a name of several ("Wednesday
		// 14 August" in an item of 12 August that arrives on the 14th):
		// the name must be said as one, in one text of the group.
		for _, run := range runs {
			if len(run) > 1 && !saidInOne(texts, words(strings.Join(run, " "))) {
				missing = append(missing, strings.Join(run, " "))
			}
		}
	}
	if len(missing) == 0 {
		return "", false
	}
	if !twins && !slices.ContainsFunc(missing, func(w string) bool { return unicode.IsDigit([]rune(w)[0]) }) {
		// A control with no look-alike, in an item: only a number the
		// step names its item by (a day, an order's number) and the
		// item lacks says it is another's ("track the order from
		// Wednesday 14 August" and the one Track of 12 August; the
		// property tests' pages with the named block absent).
		return "", false
	}
	return strings.Join(missing, " "), true
}

// namedWhole are the names the step gives, lower case or not, that the
// screen shows as one: runs of two words or more of the step (after its
// verb, outside its quotes), with two content words or more, said as one
// in a line or an item's name ("tick off the sleeping bag" and the item
// "Sleeping bag", not "Sleeping mat"; "tick off book the dentist" and the
// line "Book the dentist (Noor's task)"). The longest runs are kept.
// Sources: the property tests' todo pages (random seed 554297966, case
// 131: the box of "Return library books" was pressed for "book the
// dentist", an item with no box), the trust site's camping list.
func namedWhole(intent string, s surfaces.Screen) []string {
	ws := words(quotedText.ReplaceAllString(intent, " "))
	if len(ws) < 3 {
		return nil
	}
	var texts []string
	for _, l := range s.Context {
		texts = append(texts, l.Text)
	}
	seen := map[string]bool{}
	for _, c := range s.Candidates {
		for _, p := range c.Path {
			if !seen[p] && strings.Contains(p, `"`) {
				seen[p] = true
				texts = append(texts, p)
			}
		}
	}
	var out []string
	covered := -1 // the end of the last run kept: a run inside it is no name of its own
	for i := 1; i < len(ws); i++ {
		for j := len(ws); j > i+1 && j > covered; j-- {
			run := ws[i:j]
			if len(contentWords(strings.Join(run, " "))) < 2 || !saidInOne(texts, run) {
				continue
			}
			out = append(out, strings.Join(run, " "))
			covered = j
			break
		}
	}
	return out
}

// entityWords are the words of intent that name a particular thing: a
// capitalised word after the first, or a number, outside quotes.
func entityWords(intent string) []string {
	var out []string
	for _, run := range entityRuns(intent) {
		out = append(out, run...)
	}
	return out
}

// entityRuns are entityWords in runs of words next to each other in the
// step ("Wednesday 14 August", "Hana Fischer"): a run is one name.
func entityRuns(intent string) [][]string {
	bare := quotedText.ReplaceAllString(intent, " ")
	if loc := pressVerb.FindStringIndex(bare); loc != nil {
		// "press Like on the post …": the words before the place name the
		// control, not its group. With no place they name the control,
		// or, where its name lacks them, its group ("follow Hana
		// Fischer" presses a "Follow" in the card of Hana Fischer).
		rest := bare[loc[1]:]
		if m := placeStart.FindStringIndex(rest); m != nil {
			rest = rest[m[0]:]
		}
		bare = "x " + rest
	}
	counts := countIntent(intent)
	ws := strings.Fields(bare)
	for i, w := range ws {
		ws[i] = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	}
	return nameWordRuns(ws, func(i int, w string) bool {
		// The first word is the verb; a short number is the count to
		// reach ("raise the quantity to 2"), no name.
		return i > 0 && !(unicode.IsDigit([]rune(w)[0]) && len(w) <= 3 && counts)
	})
}

// nameWordRuns groups the words of ws that name a thing (capitalised, or
// a number) and that keep lets in, into runs of words next to each other
// ("Hana Fischer on Wednesday 14 August": "Hana Fischer" and "Wednesday 14
// August"). Punctuation after a word is trimmed and does not end its run.
func nameWordRuns(ws []string, keep func(i int, w string) bool) [][]string {
	var out [][]string
	last := -2
	for i, w := range ws {
		w = strings.TrimRight(w, ".,;:!?")
		if w == "" || !keep(i, w) {
			continue
		}
		if r := []rune(w); unicode.IsUpper(r[0]) || unicode.IsDigit(r[0]) {
			if i == last+1 {
				out[len(out)-1] = append(out[len(out)-1], w)
			} else {
				out = append(out, []string{w})
			}
			last = i
		}
	}
	return out
}

// missingPlace reports the group a step names by a quoted name ("press
// Download in the row \"June 2026\"") when nothing on the screen holds
// that name: the step then presses nothing, for any control it could
// press belongs to another group.
func missingPlace(intent string, s surfaces.Screen, g decide.Goal) (string, bool) {
	m := placeName.FindStringSubmatch(intent)
	if m == nil && (g.Kind == decide.GoalOn || g.Kind == decide.GoalOff || g.Kind == decide.GoalRemoved) {
		// "complete the task \"Water the plants\"": the item a step
		// ticks or removes is named by its quote.
		m = quotedName.FindStringSubmatch(intent)
	}
	if m == nil {
		return "", false
	}
	want := words(m[1])
	if len(want) == 0 {
		return "", false
	}
	// A group holds the name when its name and its lines hold every word
	// of it (a recording joins a card's lines: "Dr Ana Silva ·
	// Dermatology").
	texts := map[string][]string{}
	add := func(path []string, text string) {
		for i := range path {
			k := strings.Join(path[:i+1], "\x00")
			texts[k] = append(texts[k], text)
		}
	}
	for _, c := range s.Candidates {
		add(c.Path, c.Name+" "+strings.Join(c.Path, " "))
	}
	for _, l := range s.Context {
		add(l.Path, l.Text)
	}
	for k := range texts {
		// Only a named group of the page's own (a card, a row, an item)
		// holds a name: a landmark holds every card's words at once.
		last := k[strings.LastIndex(k, "\x00")+1:]
		if !strings.Contains(last, `"`) || landmark.MatchString(last) {
			delete(texts, k)
		}
	}
	for _, ts := range texts {
		if allHeld(wordSet(ts...), want) {
			return "", false
		}
	}
	// No group holds it: a control or line may still say it whole (a
	// list that is not grouped).
	whole := strings.Join(want, " ")
	holds := func(t string) bool { return strings.Contains(strings.Join(words(t), " "), whole) }
	for _, c := range s.Candidates {
		if holds(c.Name) || slices.ContainsFunc(c.Path, holds) {
			return "", false
		}
	}
	for _, l := range s.Context {
		if holds(l.Text) {
			return "", false
		}
	}
	return m[1], true
}

// landmark matches a path entry of a page's landmark or form.
var landmark = regexp.MustCompile(`^(?:main|navigation|banner|contentinfo|complementary|search|form)\b`)

// placeStart finds where a step's place begins: "on", "in", "for", …
var placeStart = regexp.MustCompile(`(?i)\s(?:on|in|of|for|from|at|with)\s`)

// quotedName is the first quoted text of a step.
var quotedName = regexp.MustCompile(`"([^"]+)"`)

// placeName is the quoted name of a group a step ends with.
var placeName = regexp.MustCompile(`(?i)\s+(?:on|in|of|for|from|with|at)\s+(?:the\s+)?(?:[\pL-]+\s+){0,2}"([^"]*)"\s*$`)

// allOrOne keeps, for a step that says all ("deleting all downloads"),
// the controls for all of them (named so, or outside any item of a list)
// when there are any; for a step about one item, the controls that are
// not for all.
func allOrOne(text string, offer []surfaces.Candidate) []surfaces.Candidate {
	var out []surfaces.Candidate
	if decide.StepSaysAll(text) {
		for _, c := range offer {
			if decide.ForAll(c.Name) {
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			return out
		}
		for _, c := range offer {
			if decide.ItemKey(c.Path) == "" {
				out = append(out, c)
			}
		}
		if len(out) == 0 {
			return offer
		}
		return out
	}
	for _, c := range offer {
		if !decide.AllControl(c.Name) {
			out = append(out, c)
		}
	}
	return out
}

// effectEnds reports whether the effect of a press of c can end a step of
// goal g on screen s: never for a step that closes or removes (only the
// absence of its object shows that), and for a step that sets a state
// only while no control of the step shows the state either way (a switch
// that flipped back after its save failed is no effect of the step's).
func effectEnds(g decide.Goal, s surfaces.Screen, intent string, c surfaces.Candidate) bool {
	switch g.Kind {
	case decide.GoalClosed, decide.GoalRemoved:
		return false
	case decide.GoalOn, decide.GoalOff, decide.GoalChosen, decide.GoalExpanded:
		// ... and only the press of a control the step names: a filter
		// link "Completed" is not the task the step completes.
		_, known, _ := stateProof(s, g, intent)
		return !known && (!g.HasObject() || g.NamesOnly(kindWords, c.Name, groupName(c.Path)) ||
			decide.StepSaysAll(intent) && decide.ForAll(c.Name))
	}
	return true
}

// fitVerb keeps the candidates whose name reads as the act of a step
// that removes or edits (a delete control, a pencil; never a checkbox):
// none when none does, so the step says why rather than press something
// else. For a step that closes, the controls that read as closing go
// first and alone when there are any; else all stay (a banner closed by
// its "Accept").
func fitVerb(g decide.Goal, offer []surfaces.Candidate) []surfaces.Candidate {
	var fit []surfaces.Candidate
	asks := false
	for _, c := range offer {
		f, ok := g.FitsVerb(c)
		asks = asks || ok
		if f {
			fit = append(fit, c)
		}
	}
	if !asks || g.Kind == decide.GoalClosed && len(fit) == 0 {
		return offer
	}
	return fit
}

// lookAlike reports whether c has the role and name of a control pressed
// earlier in the step but sits in another group: the same "Cancel" on
// another order's card.
func lookAlike(pressed map[string]string, c surfaces.Candidate) bool {
	group, ok := pressed[c.Role+"\x00"+c.Name]
	return ok && group != strings.Join(c.Path, "/")
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

// countIntent reports whether intent asks for a count: a number of at
// most three digits outside quotes, not the start of a name ("8 Rua do
// Ouro") and not a day of a month ("3 March", "March 3").
func countIntent(intent string) bool {
	bare := quotedText.ReplaceAllString(intent, "")
	for _, m := range countNumber.FindAllStringSubmatchIndex(bare, -1) {
		before := strings.ToLower(bare[:m[2]])
		after := bare[m[3]:]
		if nameAfter.MatchString(after) || monthNear.MatchString(strings.ToLower(after)) || monthBefore.MatchString(before) {
			continue
		}
		return true
	}
	return false
}

var (
	countNumber = regexp.MustCompile(`(?:^|[^\d.,:/#-])(\d{1,3})(?:$|[^\d.,:/])`)
	nameAfter   = regexp.MustCompile(`^\s+\p{Lu}`)
	monthNear   = regexp.MustCompile(`^(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`)
	monthBefore = regexp.MustCompile(`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+$`)
)

var (
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

// doEnd ends a do that ran out of moves: done on the evidence the last
// screen holds (the state asked, the absence of what the step closes or
// removes, a confirmation since the step began); otherwise failed, saying
// why, what its presses changed and what the moves did on the way. The
// effect of a press the step went on from is no evidence of the whole.
func (r *runner) doEnd(ctx context.Context, intent string, g decide.Goal, start *surfaces.Screen, worked map[string]proof, notes []string, why string) error {
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	if p, _, holds := stateProof(scr, g, intent); holds {
		return r.doneOn(p)
	}
	if start != nil {
		if p, ok := absenceProof(start, scr, g); ok {
			return r.doneOn(p)
		}
		if p, ok := confirmationProof(*start, scr, g); ok {
			return r.doneOn(p)
		}
	}
	hint := "describe the state to reach in words the page uses, or split the step"
	if len(notes) > 0 {
		hint += "; on the way: " + strings.Join(notes, "; ")
	}
	var effects []string
	for _, p := range worked {
		effects = append(effects, p.detail)
	}
	sort.Strings(effects)
	if len(effects) > 0 {
		return fail(hint, "%q: %s; no evidence that it happened (%s, but the step asks more) on %s", intent, why, strings.Join(effects, "; "), screenHint(scr))
	}
	return fail(hint, "%q: %s; no evidence that it happened on %s", intent, why, screenHint(scr))
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
	// moveEdit + a line's ref double-clicks that text to edit it.
	moveEdit = "dblclick:"
)

// editMoves offers, for a step that edits an item, a double-click on each
// line (at most two) that names the item the step names.
func editMoves(s surfaces.Screen, g decide.Goal, banned map[string]bool) []decide.Option {
	var out []decide.Option
	for _, l := range s.Context {
		if len(out) == 2 {
			break
		}
		if l.Ref == "" || banned[moveEdit+l.Text] || !g.NamesOnly(kindWords, l.Text) {
			continue
		}
		out = append(out, decide.Option{Key: moveEdit + l.Ref, Label: "double-click the text " + strconv.Quote(clipText(l.Text, 60)) + " to edit it"})
	}
	return out
}

// editText double-clicks the line ref: done when a field to edit opened
// (a field that was not there, or the focus moved into one), else the
// move is banned as changing nothing.
func (r *runner) editText(ctx context.Context, before surfaces.Screen, ref string, banned map[string]bool, idle *int, notes *[]string) (proof, bool, error) {
	var line surfaces.ContextLine
	for _, l := range before.Context {
		if l.Ref == ref {
			line = l
		}
	}
	what := "the text " + strconv.Quote(clipText(line.Text, 60))
	if _, err := r.act(ctx, surfaces.DoubleClick(ref), what); err != nil && !recoverable(err) {
		return proof{}, false, err
	}
	after, err := r.observe(ctx)
	if err != nil {
		return proof{}, false, err
	}
	was := map[string]bool{}
	for _, c := range before.Candidates {
		if isField(c) {
			was[identity(c)] = true
		}
	}
	for _, c := range after.Candidates {
		if isField(c) && (!was[identity(c)] || c.Has(surfaces.StateFocused) && !focused(before, c)) {
			return proof{EvidenceEffect, "double-clicking " + what + " opened " + withGroup(c) + " to edit it"}, true, nil
		}
	}
	banned[moveEdit+line.Text] = true
	*idle++
	*notes = append(*notes, "double-clicking "+what+" opened no field")
	return proof{}, false, nil
}

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
var focusIntent = regexp.MustCompile(`(?i)^\s*(?:(?:click|tap|press)\s+(?:in|into|inside)|focus(?:\s+on)?|(?:put|place|set)\s+(?:the\s+)?(?:cursor|caret|focus)\s+(?:in|into|inside|on)|(?:click|tap)(?:\s+on)?\s+(?:the|a|an|any)\s+(?:\w+\s+)?(?:text ?area|text ?box|text field|input field|search box|search field|text (?:widget|input|control)))\b`)

// focusLead is the verb phrase of a focusing step; what follows it names
// the field ("the username field", "the 2nd textbox").
var focusLead = regexp.MustCompile(`(?i)^\s*(?:(?:click|tap|press)(?:\s+on)?(?:\s+(?:in|into|inside))?|focus(?:\s+on)?|(?:put|place|set)\s+(?:the\s+)?(?:cursor|caret|focus)\s+(?:in|into|inside|on))\s+`)

// focusQuestion asks, for a step that puts the cursor in a field, for the
// field its words name, as an enter's label names one: "put the cursor
// in the username field" shares one word with the field "Username", and
// a target question would weigh the step's verbs against it. ok is false
// when the screen offers no field.
func (r *runner) focusQuestion(s surfaces.Screen, intent string, offer []surfaces.Candidate) (decide.Question, bool) {
	fields := slices.DeleteFunc(slices.Clone(offer), func(c surfaces.Candidate) bool { return !isField(c) })
	if len(fields) == 0 {
		return decide.Question{}, false
	}
	return r.question(s, "field", focusLead.ReplaceAllString(intent, ""), "", fields), true
}

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
		// The box's content now rests at the end the step names: the
		// state it asks, read from the scroll the surface made.
		r.doneOn(proof{EvidenceState, withGroup(c) + " is scrolled to the " + end + " of its text, as the step says"})
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

// quotedElsewhere reports, for a press of c by a step that quotes a name
// ("deleting \"kids wellies\"", "archive the invoice \"INV-7\""), the
// item that holds that name when c is not in it: a row, list item, card
// or article whose text says the name while c's own name and group do
// not. The press would act on another item than the one the step names.
// A c in no item at all is let be when unplacedOK (a do's "search for
// \"Truman\"" presses a Search that is no item's); a stop_before passes
// false, for a destructive press on an item the page does not place (a
// bare "Remove" in an ungrouped list) may be any item's.
func quotedElsewhere(intent string, s surfaces.Screen, c surfaces.Candidate, unplacedOK bool) (string, bool) {
	var want []string
	var runs [][]string
	for _, m := range quotedName.FindAllStringSubmatch(intent, -1) {
		want = append(want, words(m[1])...)
		runs = append(runs, nameRuns(m[1])...)
	}
	if len(want) == 0 {
		return "", false
	}
	// Texts hold the quoted name when they say each of its words, and
	// each run of its capitalised words and numbers as one, in one text,
	// as strangerGroup asks of a name outside quotes: the card "Order
	// from Wednesday 2 January", "4 items", does not hold "Order from
	// Wednesday 4 January".
	holds := func(texts []string) bool {
		if !allHeld(wordSet(texts...), want) {
			return false
		}
		for _, run := range runs {
			if !saidInOne(texts, run) {
				return false
			}
		}
		return true
	}
	items, own, kind := itemTexts(s), decide.ItemKey(c.Path), "an item"
	var order []string
	if own == "" {
		// c is in no item, but its look-alikes may sit in other groups of
		// the page (labelled sections, fieldsets): the group that tells c
		// from them is its item here.
		if k, groups, keys := twinGroups(s, c); k != "" {
			items, own, order, kind = groups, k, keys, "a group"
		}
	}
	if holds(append([]string{c.Name}, c.Path...)) || own != "" && holds(items[own]) {
		return "", false
	}
	if own == "" && unplacedOK {
		return "", false
	}
	if own == "" {
		// c sits in no item: which one it acts on the page does not say.
		// A line or control that says the quoted name elsewhere is the
		// item the step means, and c may be another's.
		for _, l := range s.Context {
			if holds([]string{l.Text}) {
				return "the line " + strconv.Quote(l.Text), true
			}
		}
		for _, x := range s.Candidates {
			if x.Ref != c.Ref && holds([]string{x.Name}) {
				return withGroup(x), true
			}
		}
		return "", false
	}
	if order == nil {
		order = itemOrder(s)
	}
	for _, k := range order {
		if k != own && holds(items[k]) {
			return itemName(k), true
		}
	}
	if twinsOf(s, c) >= 2 && !quotesAPiece(s, want) {
		// No item says the name, and c is one of a look-alike per item:
		// the item the step quotes is not on the screen, and c is
		// another's ("track the order \"Order from Thursday 13 May\""
		// among orders of other days).
		return kind + " named " + strconv.Quote(strings.Join(want, " ")) + " (none on the screen)", true
	}
	return "", false
}

// twinGroups finds, for c among look-alikes (controls of its role and
// name), the groups that tell them apart: for each, the first place of
// its path that all of them do not share. It returns the key of c's group
// (its path to that place, joined as decide.ItemKey joins one), the texts
// under each group by key (its places, its controls' names, its lines)
// and the keys in reading order; no key when the look-alikes share c's
// place, or c is the only one (then the page does not group them).
// Sources: the property tests' labelled sections (lookalike, random seed
// 906463744, case 67: Follow of "Hana Lindqvist" for "Hana Silva"), the
// trust site's notification settings (a fieldset per channel, each with
// its own controls).
func twinGroups(s surfaces.Screen, c surfaces.Candidate) (own string, texts map[string][]string, order []string) {
	var twins []surfaces.Candidate
	common := len(c.Path)
	for _, x := range s.Candidates {
		if x.Role == c.Role && x.Name == c.Name {
			twins = append(twins, x)
			n := 0
			for n < common && n < len(x.Path) && x.Path[n] == c.Path[n] {
				n++
			}
			common = n
		}
	}
	if len(twins) < 2 || common >= len(c.Path) {
		return "", nil, nil
	}
	texts = map[string][]string{}
	for _, x := range twins {
		if len(x.Path) <= common {
			continue // beside the groups, in none
		}
		g := x.Path[:common+1]
		k := strings.Join(g, "\x00")
		if _, ok := texts[k]; ok {
			continue
		}
		order = append(order, k)
		texts[k] = slices.Clone(g)
		for _, y := range s.Candidates {
			if hasPathPrefix(y.Path, g) {
				texts[k] = append(texts[k], y.Name)
			}
		}
		for _, l := range s.Context {
			if hasPathPrefix(l.Path, g) {
				texts[k] = append(texts[k], l.Text)
			}
		}
	}
	if len(order) < 2 {
		return "", nil, nil
	}
	return strings.Join(c.Path[:common+1], "\x00"), texts, order
}

// nameRuns are the runs of two or more capitalised words and numbers next
// to each other in a quoted name, as words ("Order from Wednesday 4
// January": "wednesday 4 january"), found as entityRuns finds them.
// Sources: the property tests' look-alike
// orders (random seed 593912009, case 102: Track parcel of the order of 2
// January, "4 items", for "Order from Wednesday 4 January"), the trust
// site's orders ("2 March", no order's day, and the order of 7 March of
// "2 books").
func nameRuns(quote string) [][]string {
	var out [][]string
	for _, run := range nameWordRuns(strings.Fields(quote), func(int, string) bool { return true }) {
		if len(run) > 1 {
			out = append(out, words(strings.Join(run, " ")))
		}
	}
	return out
}

// saidInOne reports whether one of texts holds ws as consecutive words.
func saidInOne(texts []string, ws []string) bool {
	for _, t := range texts {
		if strings.Contains(" "+strings.Join(words(t), " ")+" ", " "+strings.Join(ws, " ")+" ") {
			return true
		}
	}
	return false
}

// quotesAPiece reports whether the quoted words are a piece of some
// control's name ("the suggestion that ends with \"gypt\"" and Egypt):
// then the quote names no item.
func quotesAPiece(s surfaces.Screen, want []string) bool {
	piece := strings.Join(want, " ")
	for _, x := range s.Candidates {
		if strings.Contains(strings.ToLower(x.Name), piece) {
			return true
		}
	}
	return false
}

// twinsOf counts the controls of s with c's role and name, c among them.
func twinsOf(s surfaces.Screen, c surfaces.Candidate) int {
	n := 0
	for _, x := range s.Candidates {
		if x.Role == c.Role && x.Name == c.Name {
			n++
		}
	}
	return n
}

// namedElsewhere is quotedElsewhere for a step that names its item
// without quotes ("tick off pick up dry cleaning"): for a press of c in
// an item, another item whose texts name every word of the step's object
// while c's item and name do not. That item may hold no control at all
// (a task someone else owns): pressing the box of "Clean the gutters" in
// its place would act on another item. Sources: the todo pages of the
// property tests (an item with no checkbox) and the trust site's
// checklist (an item packed by someone else).
func namedElsewhere(g decide.Goal, s surfaces.Screen, c surfaces.Candidate) (string, bool) {
	own, items := unnamingItem(g, s, c)
	if own == "" {
		return "", false
	}
	for _, k := range itemOrder(s) {
		if k != own && g.NamesOnly(kindWords, items[k]...) {
			return itemName(k), true
		}
	}
	return "", false
}

// namedNowhere is namedElsewhere for an item no item on the screen
// names: for a step that ticks or unticks the item it names unquoted
// ("tick off book the dentist"), a box in one of a list of items, each
// with a box of its own, whose item does not say every word of the
// step's object. The step's item is not on the screen, and the box is
// another's though a word is shared ("Return library books"). Sources:
// the property tests' todo pages (random seed 300200100, case 26: tick
// an absent item), the trust site's camping list (each thing to bring
// with its own box).
func namedNowhere(g decide.Goal, s surfaces.Screen, c surfaces.Candidate) (string, bool) {
	if g.Kind != decide.GoalOn && g.Kind != decide.GoalOff {
		return "", false
	}
	if own, _ := unnamingItem(g, s, c); own == "" {
		return "", false
	}
	boxed := map[string]bool{} // the items with a control of c's role
	for _, x := range s.Candidates {
		if k := decide.ItemKey(x.Path); k != "" && x.Role == c.Role {
			boxed[k] = true
		}
	}
	if len(boxed) < 2 {
		return "", false
	}
	return strings.Join(g.ObjectWithout(kindWords), " "), true
}

// unnamingItem returns the key of the item c sits in, and the texts of
// every item on s, when the step names its object and neither that
// item's texts nor c's name say every word of it; else no key.
func unnamingItem(g decide.Goal, s surfaces.Screen, c surfaces.Candidate) (string, map[string][]string) {
	own := decide.ItemKey(c.Path)
	if own == "" || !g.HasObject() {
		return "", nil
	}
	items := itemTexts(s)
	if g.NamesOnly(kindWords, append(items[own], c.Name)...) {
		return "", nil
	}
	return own, items
}

// itemTexts are the texts of each item on s (a row, list item, card or
// article, by decide.ItemKey), those with no control of their own too:
// its controls' names, its lines and the names in its path.
func itemTexts(s surfaces.Screen) map[string][]string {
	out := map[string][]string{}
	add := func(path []string, text string) {
		if k := decide.ItemKey(path); k != "" {
			if _, ok := out[k]; !ok {
				out[k] = strings.Split(k, "\x00")
			}
			out[k] = append(out[k], text)
		}
	}
	for _, x := range s.Candidates {
		add(x.Path, x.Name)
	}
	for _, l := range s.Context {
		add(l.Path, l.Text)
	}
	return out
}

// itemOrder is the item keys of s in reading order, controls first.
func itemOrder(s surfaces.Screen) []string {
	var out []string
	seen := map[string]bool{}
	see := func(path []string) {
		if k := decide.ItemKey(path); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, x := range s.Candidates {
		see(x.Path)
	}
	for _, l := range s.Context {
		see(l.Path)
	}
	return out
}

// itemName is an item key's innermost place: `row "kids wellies"`.
func itemName(key string) string {
	return key[strings.LastIndex(key, "\x00")+1:]
}

// hoverOpen rests the pointer on menu item c and reports whether that
// opened a submenu: menu items that were not on the screen before.
func (r *runner) hoverOpen(ctx context.Context, before surfaces.Screen, c surfaces.Candidate) (proof, bool, error) {
	if err := r.restOn(ctx, c); err != nil {
		return proof{}, false, err
	}
	after, err := r.observe(ctx)
	if err != nil {
		return proof{}, false, err
	}
	for _, a := range newControls(before, after) {
		if a.Role == "menuitem" {
			return proof{EvidenceEffect, "resting the pointer on " + withGroup(c) + " opened its submenu (" + a.Summary() + ")"}, true, nil
		}
	}
	return proof{}, false, nil
}

// signInIntent is a step that signs in or logs in: the one act a form's
// only button does when the form asks for a name and a password.
var signInIntent = regexp.MustCompile(`(?i)^\s*(?:sign|log)\s*(?:in|on)\b`)

// soleFormButton is, for a step that signs in, the only button beside the
// filled fields of a form with a password field (MiniWoB++
// login-user-popup's "OK", a form that says "Go"): the form offers no
// other way to do what the step asks. A button the guards class as
// irreversible or destructive is never it, nor one the step could not be
// offered.
func soleFormButton(s surfaces.Screen, intent string, offer []surfaces.Candidate) (surfaces.Candidate, bool) {
	if !signInIntent.MatchString(intent) {
		return surfaces.Candidate{}, false
	}
	var paths [][]string
	for _, c := range s.Candidates {
		// A password field's value is never read back: it counts.
		if isField(c) && (c.Value != "" || c.InputType == "password") {
			paths = append(paths, c.Path)
		}
	}
	group := commonPath(paths...)
	password := slices.ContainsFunc(s.Candidates, func(c surfaces.Candidate) bool {
		return c.InputType == "password" && hasPathPrefix(c.Path, group)
	})
	if len(paths) == 0 || !password {
		return surfaces.Candidate{}, false
	}
	var found []surfaces.Candidate
	for _, c := range offer {
		if c.Role == "button" && hasPathPrefix(c.Path, group) {
			found = append(found, c)
		}
	}
	if len(found) != 1 || guard.ClassifyPlaced(found[0].Role, found[0].Name, found[0].Path).Class != guard.None {
		return surfaces.Candidate{}, false
	}
	return found[0], true
}

// commonPath is the longest path all of paths start with.
func commonPath(paths ...[]string) []string {
	if len(paths) == 0 {
		return nil
	}
	base := paths[0]
	for _, p := range paths[1:] {
		n := 0
		for n < len(base) && n < len(p) && base[n] == p[n] {
			n++
		}
		base = base[:n]
	}
	return base
}

// hasPathPrefix reports whether path starts with prefix.
func hasPathPrefix(path, prefix []string) bool {
	return len(path) >= len(prefix) && slices.Equal(path[:len(prefix)], prefix)
}

// inNamedGroup returns the refs of the controls of s that sit in the group
// the step names ("the post by @ana"), and false when it names none.
func (r *runner) inNamedGroup(s surfaces.Screen, intent string) (map[string]bool, bool) {
	q, anchor := decide.Anchored(r.question(s, "target", intent, "", s.Candidates))
	if anchor == "" {
		return nil, false
	}
	in := map[string]bool{}
	for _, o := range q.Options {
		if o.Candidate != nil {
			in[o.Candidate.Ref] = true
		}
	}
	return in, true
}

// intoView scrolls an offscreen control into view, so that a press lands
// where a person would press it.
func (r *runner) intoView(ctx context.Context, c surfaces.Candidate) error {
	if !c.Has(surfaces.StateOffscreen) {
		return nil
	}
	if _, err := r.act(ctx, surfaces.Scroll(c.Ref, ""), c.Summary()); err != nil && !recoverable(err) {
		return err
	}
	return nil
}

// restOn rests the pointer on c for as long as a menu takes to open a
// submenu under it (jQuery UI waits 300 ms): settling cannot see a timer.
func (r *runner) restOn(ctx context.Context, c surfaces.Candidate) error {
	if _, err := r.act(ctx, surfaces.Hover(c.Ref), withGroup(c)); err != nil && !recoverable(err) {
		return err
	}
	return r.clock.Sleep(ctx, HoverDelay)
}
