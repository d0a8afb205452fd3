package runtime

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

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

// do reaches the state the step describes, one move per turn:
// judge → choose → guard → act → compare fingerprints.
func (r *runner) do(ctx context.Context, fr *frame, s *plan.Step) error {
	intent, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	st := r.cur
	banned := map[string]bool{}
	idle := 0
	acted := false
	var notes []string
	// worked holds the identities of presses that changed the screen in
	// this step: see the effect rule below.
	worked := map[string]string{}
	counts := digits.MatchString(intent)
	for turn := 1; turn <= MaxDoTurns; turn++ {
		st.turns = turn
		scr, err := r.observe(ctx)
		if err != nil {
			return err
		}
		if acted || !createWords.MatchString(intent) {
			p, err := r.judge(ctx, scr, intent)
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
			if pressable(c) && !c.Has(surfaces.StateCovered) && !banned[identity(c)] {
				offer = append(offer, c)
			}
		}
		opt, err := r.choose(ctx, r.question(scr, "target", intent, "", offer))
		if err != nil {
			return err
		}
		if opt == nil {
			if len(worked) > 0 {
				return r.doneByEffect(worked, "no other control leads further")
			}
			return r.doEnd(ctx, intent, notes, "the decider found no control that leads there")
		}
		c := *opt.Candidate
		if _, again := worked[identity(c)]; again && !counts {
			return r.doneByEffect(worked, "the decider chose it again")
		}
		if err := r.refuse(c); err != nil {
			return err
		}
		op := surfaces.Click(c.Ref)
		if c.Has(surfaces.StateOffscreen) {
			// Bring it into view first: the press then lands where a
			// person would press.
			if _, err := r.act(ctx, surfaces.Scroll(c.Ref, ""), c.Summary()); err != nil && !recoverable(err) {
				return err
			}
		}
		_, err = r.act(ctx, op, c.Summary())
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
			if after.Fingerprint == scr.Fingerprint {
				banned[identity(c)] = true
				idle++
				notes = append(notes, "pressing "+c.Summary()+" changed nothing")
			} else {
				idle = 0
				worked[identity(c)] = c.Summary()
			}
		}
		if idle >= IdleTurns {
			return r.doEnd(ctx, intent, notes, fmt.Sprintf("%d turns changed nothing", IdleTurns))
		}
	}
	return r.doEnd(ctx, intent, notes, fmt.Sprintf("not reached in %d turns", MaxDoTurns))
}

var digits = regexp.MustCompile(`\d`)

// doneByEffect ends a do whose judgement did not pass but whose press
// took effect, when the decider has nothing further: it chose none, or the
// same control again. Intents are often written as acts ("sign in",
// "start a new message") that a judgement of the screen reads poorly,
// while pressing the control that does the act again is not progress. An
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
func (r *runner) doEnd(ctx context.Context, intent string, notes []string, why string) error {
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	p, err := r.judge(ctx, scr, intent)
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

// recoverable reports an act error that a new look can get past.
func recoverable(err error) bool {
	return errors.Is(err, surfaces.ErrStaleRef) || errors.Is(err, surfaces.ErrCovered) || errors.Is(err, surfaces.ErrNotActionable)
}
