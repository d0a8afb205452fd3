package runtime

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"flow/guard"
	"flow/plan"
	"flow/runtime/decide"
	"flow/stdlib"
	"flow/surfaces"
)

// steps runs a block in order; the first halt ends it.
func (r *runner) steps(ctx context.Context, fr *frame, steps []*plan.Step) error {
	for _, s := range steps {
		if err := r.step(ctx, fr, s); err != nil {
			return err
		}
	}
	return nil
}

// step runs one step with its report and events around it.
func (r *runner) step(ctx context.Context, fr *frame, s *plan.Step) error {
	prev := r.cur
	st := &stepState{step: s, up: prev, report: &StepReport{Path: s.Path, Kind: s.Kind, Text: r.stepText(fr, s)}}
	r.result.Steps = append(r.result.Steps, st.report)
	r.cur = st
	began := r.clock.Now()
	r.emit(Event{Kind: EventStepStarted, Text: st.report.Text, File: s.Range.File, Line: s.Range.Line})
	err := r.checkTime()
	if err == nil {
		err = r.run(ctx, fr, s)
	}
	var h *halt
	if err != nil {
		if !errors.As(err, &h) {
			h = r.classifyErr(err)
		}
		if h.step == nil {
			h.step = s
			if h.outcome == Failed && st.deciderErr != "" {
				h.hint = strings.TrimPrefix(h.hint+"; ", "; ") + "the decider failed: " + st.deciderErr
			}
			if h.outcome == Failed && len(st.considered) > 0 && !strings.HasPrefix(h.reason, "ambiguous") {
				h.hint = strings.TrimPrefix(h.hint+"; ", "; ") + "closest candidates: " + strings.Join(st.considered, "; ")
			}
		}
		if h.stop != nil && h.stop.Path == "" {
			h.stop.Path = s.Path
		}
		err = h
	}
	rep := st.report
	rep.Duration = plan.Duration(r.clock.Now().Sub(began))
	rep.Actions, rep.Decisions = st.actions, st.decisions
	if st.turns > 0 {
		rep.Turns = st.turns
	}
	rep.Outcome = StepDone
	if h != nil {
		rep.Outcome = string(h.outcome)
		if rep.Note == "" && h.step == s {
			rep.Note = h.reason
		}
	}
	rep.Note = r.masker.Mask(rep.Note)
	rep.Cache = cacheOutcome(st)
	if r.wantsShot(st, h != nil && h.step == s) {
		var took time.Duration
		rep.Shot, took = r.shoot(ctx, s.Path)
		st.split.Shot = plan.Duration(took)
	}
	split := st.split.rounded()
	rep.Split = &split
	e := Event{Kind: EventStepEnded, Outcome: rep.Outcome, Note: rep.Note, Evidence: rep.Evidence, Split: &split, Shot: rep.Shot, Cache: rep.Cache}
	if h != nil && h.step == s {
		e.Error = h.reason
	}
	r.emit(e)
	r.cur = prev
	return err
}

// run dispatches on the step kind.
func (r *runner) run(ctx context.Context, fr *frame, s *plan.Step) error {
	switch s.Kind {
	case plan.KindBrowse:
		return r.browse(ctx, fr, s)
	case plan.KindOpen:
		return r.open(s)
	case plan.KindDo:
		return r.do(ctx, fr, s)
	case plan.KindPause:
		return r.pause(ctx, s)
	case plan.KindPress:
		return r.press(ctx, fr, s)
	case plan.KindEnter:
		return r.enter(ctx, fr, s)
	case plan.KindChoose:
		return r.chooseStep(ctx, fr, s)
	case plan.KindRead:
		return r.read(ctx, fr, s)
	case plan.KindExtract:
		return r.extract(ctx, fr, s)
	case plan.KindPick:
		return r.pick(ctx, fr, s)
	case plan.KindVerify:
		return r.verify(ctx, fr, s)
	case plan.KindWaitFor:
		return r.waitFor(ctx, fr, s)
	case plan.KindCheck:
		return r.check(fr, s)
	case plan.KindSet:
		v, err := r.eval(fr, s.Expr)
		if err != nil {
			return err
		}
		fr.vars[s.Into] = v
		return nil
	case plan.KindIf:
		return r.ifStep(ctx, fr, s)
	case plan.KindRepeat:
		return r.repeat(ctx, fr, s)
	case plan.KindFor:
		return r.forStep(ctx, fr, s)
	case plan.KindStopBefore:
		return r.stopBefore(ctx, fr, s)
	case plan.KindCall:
		return r.call(ctx, fr, s)
	}
	return fail("the plan may come from a newer flow; recompile it", "unknown step kind %q", s.Kind)
}

// text renders a template in the frame; a failure names the template.
func (r *runner) text(fr *frame, t *plan.Template) (string, error) {
	s, err := t.Render(fr.vars)
	if err != nil {
		return "", fail("check the values the text interpolates", "rendering %q: %v", t.String(), err)
	}
	return s, nil
}

// stepText is the step as a report shows it.
func (r *runner) stepText(fr *frame, s *plan.Step) string {
	render := func(t *plan.Template) string {
		if t == nil {
			return ""
		}
		if v, err := t.Render(fr.vars); err == nil {
			return v
		}
		return t.String()
	}
	cond := func(c *plan.Cond) string {
		if c == nil {
			return ""
		}
		if c.Expr != nil {
			return c.Expr.Src
		}
		// Reports quote the whole text once; a second quote here would
		// print as \"…\".
		s := render(c.Screen)
		if c.Not {
			s = "not " + s
		}
		return s
	}
	switch s.Kind {
	case plan.KindEnter, plan.KindChoose:
		var parts []string
		for _, p := range s.Pairs {
			parts = append(parts, render(p.Field)+" = "+r.valueText(fr, p.Value))
		}
		return strings.Join(parts, "; ")
	case plan.KindPick:
		return render(s.Text) + " by " + render(s.Criterion)
	case plan.KindCheck:
		if s.Expr != nil {
			return s.Expr.Src
		}
	case plan.KindSet:
		if s.Expr != nil {
			return s.Into + " = " + s.Expr.Src
		}
	case plan.KindIf:
		if len(s.Branches) > 0 {
			return cond(s.Branches[0].Cond)
		}
	case plan.KindRepeat:
		return "until " + cond(s.Cond)
	case plan.KindFor:
		if s.Expr != nil {
			return s.Var + " in " + s.Expr.Src
		}
	case plan.KindCall:
		if s.Call != nil {
			return s.Call.Flow + "()"
		}
	}
	return render(s.Text)
}

// valueText shows a value in a report: secrets as ${name}.
func (r *runner) valueText(fr *frame, v *plan.Value) string {
	if v == nil {
		return ""
	}
	if v.Secret {
		return "${" + v.Ref + "}"
	}
	s, err := r.value(fr, v)
	if err != nil {
		return v.Ref
	}
	return s
}

// value renders a non-secret value as the text typed or chosen.
func (r *runner) value(fr *frame, v *plan.Value) (string, error) {
	switch {
	case v == nil:
		return "", nil
	case v.Secret:
		return "", fmt.Errorf("secret %s is not text to show", v.Ref)
	case v.Ref != "":
		x, ok := fr.vars[v.Ref]
		if !ok {
			return "", fail("the compiler checks names; recompile the flow", "%s has no value here", v.Ref)
		}
		return plan.Render(x), nil
	case v.Text != nil:
		return r.text(fr, v.Text)
	case v.Number != nil:
		return plan.Render(*v.Number), nil
	case v.Bool != nil:
		return plan.Render(*v.Bool), nil
	case v.List != nil:
		return plan.Render(v.List), nil
	}
	return "", nil
}

// typed returns the Go value of a plan value for a callee's fact: the
// caller's value for a reference, else the literal parsed to its type.
func (r *runner) typed(fr *frame, v *plan.Value) (any, error) {
	switch {
	case v.Ref != "":
		x, ok := fr.vars[v.Ref]
		if !ok {
			return nil, fail("the compiler checks names; recompile the flow", "%s has no value here", v.Ref)
		}
		return x, nil
	case v.Number != nil:
		return *v.Number, nil
	case v.Bool != nil:
		return *v.Bool, nil
	case v.List != nil || v.Type == plan.TypeList && v.Text == nil:
		return append([]string(nil), v.List...), nil
	}
	s, err := r.value(fr, v)
	if err != nil {
		return nil, err
	}
	switch v.Type {
	case plan.TypeText, plan.TypeEmail, plan.TypeURL, plan.TypeAny, "":
		return s, nil
	}
	x, err := stdlib.ParseAs(string(v.Type), s, r.clock.Now())
	if err != nil {
		return nil, fail("pass a value of the declared type", "argument %q: %v", s, err)
	}
	return x, nil
}

// eval runs a data expression in the frame.
func (r *runner) eval(fr *frame, e *plan.Expr) (any, error) {
	if e == nil {
		return nil, fail("recompile the flow", "the step has no expression")
	}
	v, err := e.Eval(fr.vars)
	if err != nil {
		return nil, fail("check the values the expression reads: "+r.varsOf(fr, e), "%v", err)
	}
	return v, nil
}

// varsOf lists the values an expression reads, for hints.
func (r *runner) varsOf(fr *frame, e *plan.Expr) string {
	var parts []string
	for _, v := range e.Vars {
		if x, ok := fr.vars[v.Name]; ok {
			parts = append(parts, v.Name+" = "+strconv.Quote(clipText(plan.Render(x), 60)))
		}
	}
	if len(parts) == 0 {
		return "it reads no variables"
	}
	return strings.Join(parts, ", ")
}

func (r *runner) browse(ctx context.Context, fr *frame, s *plan.Step) error {
	u, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	if r.allowed == nil {
		origin, ok := originOf(u)
		if !ok {
			return fail("browse takes an absolute URL such as http://localhost:8080/", "%q is not an absolute URL", u)
		}
		if err := r.applyAllow(append([]string{origin}, r.opts.Allow...)); err != nil {
			return err
		}
	}
	if !r.allowed.Allows(u) {
		r.emit(Event{Kind: EventGuarded, Class: "origin", URL: u, Reason: "not in allow"})
		return fail("add the origin to the flow's allow (or pass --allow) if the flow should go there",
			"navigation to %s was blocked: its origin is not allowed", u)
	}
	if _, err := r.act(ctx, surfaces.Navigate(u), ""); err != nil {
		return err
	}
	_, err = r.observe(ctx)
	return err
}

func (r *runner) open(s *plan.Step) error {
	if ws, ok := r.raw.(*surfaces.Workspace); ok {
		if _, err := ws.Use(surfaces.KindDesktop); err != nil {
			return fail("desktop applications are not supported yet; drive the web version with browse", "open: %v", err)
		}
		return nil
	}
	return fail("desktop applications are not supported yet; drive the web version with browse",
		"open needs a desktop surface; this run has a %s surface", r.surf.Kind())
}

func (r *runner) press(ctx context.Context, fr *frame, s *plan.Step) error {
	keys, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	// Enter in a field submits its form: the form's default button must
	// pass the guard as if it were pressed; Enter or Space on a button
	// presses that button.
	k := strings.ToLower(keys)
	if k == "enter" || k == "return" || k == "space" || k == " " {
		for _, c := range scr.Candidates {
			if !c.Has(surfaces.StateFocused) {
				continue
			}
			if isField(c) && (k == "enter" || k == "return") {
				if b, ok := defaultButton(scr, c); ok {
					if err := r.refuse(b); err != nil {
						return err
					}
				}
			} else if err := r.refuse(c); err != nil {
				return err
			}
		}
	}
	_, err = r.act(ctx, surfaces.Press("", keys), "")
	return err
}

// defaultButton guesses the button Enter in field would press: the first
// button after it that shares its ancestor path (its form).
func defaultButton(s surfaces.Screen, field surfaces.Candidate) (surfaces.Candidate, bool) {
	path := strings.Join(field.Path, "/")
	seen := false
	for _, c := range s.Candidates {
		if c.Ref == field.Ref {
			seen = true
			continue
		}
		if seen && c.Role == "button" && strings.Join(c.Path, "/") == path {
			return c, true
		}
	}
	return surfaces.Candidate{}, false
}

func (r *runner) verify(ctx context.Context, fr *frame, s *plan.Step) error {
	text, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	p, err := r.judge(ctx, scr, text)
	if err != nil {
		return err
	}
	r.cur.report.Note = fmt.Sprintf("judged %.2f", p)
	if p < JudgeBar {
		return fail("the screen was "+screenHint(scr)+"; check the text, or put a wait_for before it if the page was still loading",
			"not true on the screen: %q (judged %.2f, needs %.2f)", text, p, JudgeBar)
	}
	return nil
}

// screenHint names a screen in a hint: its title and address.
func screenHint(s surfaces.Screen) string {
	return strconv.Quote(s.Title) + " at " + s.URL
}

// failMessage matches a screen line that says a search found nothing or
// an error happened: wait_for stops waiting on it.
var failMessage = regexp.MustCompile(`(?i)\b(no (results?|matches|flights|trains|items|products|rooms)( found)?|nothing (found|matched)|not found|something went wrong|an error (occurred|has occurred))\b`)

func (r *runner) waitFor(ctx context.Context, fr *frame, s *plan.Step) error {
	text, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	within := time.Duration(s.Within)
	if within <= 0 {
		within = time.Duration(plan.DefaultWaitFor)
	}
	deadline := r.clock.Now().Add(within)
	watchFailure := !failMessage.MatchString(text) && !strings.Contains(strings.ToLower(text), "error")
	last := ""
	for {
		scr, err := r.observe(ctx)
		if err != nil {
			return err
		}
		if watchFailure {
			for _, l := range scr.Context {
				if failMessage.MatchString(l.Text) {
					return fail("the page reports a failure; check the values entered before this step",
						"gave up waiting for %q: the page says %q", text, clipText(l.Text, 120))
				}
			}
		}
		if scr.Fingerprint != last {
			last = scr.Fingerprint
			r.cur.turns++
			p, err := r.judge(ctx, scr, text)
			if err != nil {
				return err
			}
			if p >= JudgeBar {
				r.cur.report.Note = fmt.Sprintf("judged %.2f", p)
				return nil
			}
		}
		if !r.clock.Now().Before(deadline) {
			return fail("raise `within`, or check the text against what the page shows ("+screenHint(scr)+")",
				"still not true after %s: %q", within, text)
		}
		if err := r.clock.Sleep(ctx, r.opts.PollInterval); err != nil {
			return err
		}
		if err := r.surf.Settle(ctx); err != nil && ctx.Err() != nil {
			return err
		}
	}
}

func (r *runner) check(fr *frame, s *plan.Step) error {
	v, err := r.eval(fr, s.Expr)
	if err != nil {
		return err
	}
	ok, isBool := v.(bool)
	if !isBool {
		return fail("a check takes a true/false expression", "%q is %T, not a bool", s.Expr.Src, v)
	}
	if ok {
		return nil
	}
	msg := "check failed: " + s.Expr.Src
	if s.Message != nil {
		if m, err := s.Message.Render(fr.vars); err == nil {
			msg = "check failed: " + m + " (" + s.Expr.Src + ")"
		}
	}
	return fail("the values were "+r.varsOf(fr, s.Expr), "%s", msg)
}

// cond evaluates a condition: a data expression, or a screen condition
// judged on a fresh observation.
func (r *runner) cond(ctx context.Context, fr *frame, c *plan.Cond) (bool, error) {
	if c == nil {
		return false, fail("recompile the flow", "the step has no condition")
	}
	if c.Expr != nil {
		v, err := r.eval(fr, c.Expr)
		if err != nil {
			return false, err
		}
		b, ok := v.(bool)
		if !ok {
			return false, fail("a condition is a true/false expression", "%q is %T, not a bool", c.Expr.Src, v)
		}
		return b, nil
	}
	text, err := r.text(fr, c.Screen)
	if err != nil {
		return false, err
	}
	scr, err := r.observe(ctx)
	if err != nil {
		return false, err
	}
	p, err := r.judge(ctx, scr, text)
	if err != nil {
		return false, err
	}
	if c.Not {
		p = 1 - p
	}
	return p >= JudgeBar, nil
}

func (r *runner) ifStep(ctx context.Context, fr *frame, s *plan.Step) error {
	st := r.cur
	for i, b := range s.Branches {
		ok, err := r.cond(ctx, fr, b.Cond)
		if err != nil {
			return err
		}
		if ok {
			st.report.Note = "branch " + strconv.Itoa(i+1)
			return r.steps(ctx, fr, b.Steps)
		}
	}
	if s.Else != nil {
		st.report.Note = "else"
		return r.steps(ctx, fr, s.Else)
	}
	st.report.Note = "no branch held"
	return nil
}

func (r *runner) repeat(ctx context.Context, fr *frame, s *plan.Step) error {
	st := r.cur
	max := s.Max
	if max <= 0 {
		max = plan.DefaultRepeatMax
	}
	for round := 1; round <= max; round++ {
		st.turns = round
		if err := r.steps(ctx, fr, s.Body); err != nil {
			return err
		}
		ok, err := r.cond(ctx, fr, s.Cond)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
	return fail("raise max, or check that the body changes what the condition looks at",
		"the condition still does not hold after %d rounds", max)
}

func (r *runner) forStep(ctx context.Context, fr *frame, s *plan.Step) error {
	v, err := r.eval(fr, s.Expr)
	if err != nil {
		return err
	}
	var items []any
	switch l := v.(type) {
	case []string:
		for _, x := range l {
			items = append(items, x)
		}
	case []any:
		items = l
	default:
		return fail("for takes a list", "%q is %T, not a list", s.Expr.Src, v)
	}
	max := s.Max
	if max <= 0 {
		max = plan.DefaultForMax
	}
	if len(items) > max {
		return fail("raise max (up to 1000) or shorten the list", "the list has %d items, more than max %d", len(items), max)
	}
	old, had := fr.vars[s.Var]
	defer func() {
		if had {
			fr.vars[s.Var] = old
		} else {
			delete(fr.vars, s.Var)
		}
	}()
	for i, x := range items {
		r.cur.turns = i + 1
		fr.vars[s.Var] = x
		if err := r.steps(ctx, fr, s.Body); err != nil {
			return err
		}
	}
	return nil
}

func (r *runner) call(ctx context.Context, fr *frame, s *plan.Step) error {
	if s.Call == nil {
		return fail("recompile the flow", "the call step has no callee")
	}
	nf := &frame{vars: map[string]any{}, secrets: map[string]string{}}
	for _, a := range s.Call.Args {
		if a.Value == nil {
			continue
		}
		if a.Value.Secret {
			v, ok := fr.secrets[a.Value.Ref]
			if !ok {
				return fail("pass a secret of the calling flow", "secret %s has no value here", a.Value.Ref)
			}
			nf.secrets[a.Name] = v
			continue
		}
		v, err := r.typed(fr, a.Value)
		if err != nil {
			return err
		}
		nf.vars[a.Name] = v
	}
	return r.steps(ctx, nf, s.Body)
}

// pickedAct is the target of a stop_before in the item a pick chose
// (inItem) when the words cannot name it but its guard class can: the one
// control there that reads as the kind of act the step describes
// ("buying the ticket" and "Book for $130" both read as payment).
// Sources: MiniWoB++ buy-ticket, and the trust site's tours.
func pickedAct(text string, offer []surfaces.Candidate, inItem bool) (surfaces.Candidate, bool) {
	want, ok := guard.DescribesIrreversible(text)
	if !inItem || !ok {
		return surfaces.Candidate{}, false
	}
	var found []surfaces.Candidate
	for _, c := range offer {
		if guard.ClassifyPlaced(c.Role, c.Name, c.Path).Class == want.Class {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		return surfaces.Candidate{}, false
	}
	return found[0], true
}

// stopBefore finds the control that would do the step's action, without
// pressing it; with approval it presses it and checks that it happened.
func (r *runner) stopBefore(ctx context.Context, fr *frame, s *plan.Step) error {
	text, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	r.cur.stopText = text
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	// The guard classes are the hint: controls the phrase gates or that
	// read as irreversible or paying are offered first, alone when any.
	var gated, rest []surfaces.Candidate
	for _, c := range scr.Candidates {
		if !pressable(c) {
			continue
		}
		if guard.GatedBy(text, c.Name) || guard.ClassifyPlaced(c.Role, c.Name, c.Path).Class != guard.None {
			gated = append(gated, c)
		} else {
			rest = append(rest, c)
		}
	}
	offer := gated
	if len(offer) == 0 {
		offer = rest
	}
	// The control must read as the act ("deleting the item" is never a
	// checkbox), and one for every item only when the step says all.
	goal := decide.ReadStop(text)
	offer = fitVerb(goal, offer)
	offer = allOrOne(text, offer)
	seen, narrowed := scr, false
	if inPicked := slices.DeleteFunc(slices.Clone(offer), func(c surfaces.Candidate) bool { return !r.picked[c.Ref] }); len(inPicked) > 0 {
		// After a pick, the act is on the item it chose: "booking the
		// flight" books the flight picked, and the look-alikes of the
		// other items are no rivals, for the pick said which.
		offer, seen, narrowed = inPicked, itemView(scr, r.picked), true
	}
	var c surfaces.Candidate
	if only, ok := pickedAct(text, offer, narrowed); ok {
		c = only
	} else {
		q := r.question(seen, "stop_target", text, "", offer)
		opt, err := r.choose(ctx, q)
		if err != nil {
			return err
		}
		if opt == nil {
			return fail("check the step text against the screen ("+screenHint(scr)+"); the control must be visible when the step runs",
				"found no control that would do %q", text)
		}
		c = *opt.Candidate
	}
	if item, ok := quotedElsewhere(text, scr, c, false); ok {
		return fail("check that the page offers this act for the item the step quotes ("+item+")",
			"%q: the control that would do it, %s, is not in %s, which the step quotes; nothing was pressed", text, withGroup(c), item)
	}
	m := guard.ClassifyPlaced(c.Role, c.Name, c.Path)
	named := withGroup(c)
	target := &StopTarget{Path: s.Path, Control: named, Class: m.Class.String(), Reason: "stop_before"}
	if !r.opts.Approve {
		r.emit(Event{Kind: EventGuarded, Class: m.Class.String(), Control: named, Reason: "stop_before"})
		r.cur.report.Note = "stopped in front of " + named
		return &halt{outcome: StoppedBefore, reason: "stopped before " + strconv.Quote(text) + ": " + named + " was not pressed", stop: target}
	}
	out, err := r.act(ctx, surfaces.Click(c.Ref), named)
	if err != nil {
		return err
	}
	target.Pressed = true
	r.result.Stop = target
	after, err := r.observe(ctx)
	if err != nil {
		return err
	}
	if e, bad := errorAfter(scr, after, out.Navigated, goal); bad {
		return failOnError(e, "pressing "+named+" (approved)")
	}
	if why, bad := rejected(out); bad {
		if _, ok := answered(out); !ok {
			// The server refused what the press sent: a page that says
			// it worked before it hears the answer says nothing.
			return fail("the page did not accept it: look at the page or the server's log, then run again",
				"pressed %s (approved): the server refused %s", named, why)
		}
	}
	if p, ok := approvedProof(c, scr, after, out, goal); ok {
		r.cur.report.Note = "pressed " + named + "; done on " + p.String()
		r.cur.report.Evidence = p.String()
		return nil
	}
	said := "the page said nothing new"
	if lines := newLines(scr, after); len(lines) > 0 {
		var quoted []string
		for _, l := range lines[:min(len(lines), 3)] {
			quoted = append(quoted, strconv.Quote(clipText(l.Text, 120)))
		}
		said = "the page said " + strings.Join(quoted, ", ")
	}
	if why, bad := rejected(out); bad {
		said += "; the server refused " + why
	}
	return fail("look at the page: the press may not have done it",
		"pressed %s but nothing confirms %q (no confirmation, navigation or answered request): %s", named, text, said)
}
