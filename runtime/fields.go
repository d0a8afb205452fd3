package runtime

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"flow/plan"
	"flow/stdlib"
	"flow/surfaces"
)

// slotID is a question ID part for a pair of a block step: the purpose
// alone for a one-pair step, purpose:field for a block of several.
func slotID(purpose string, s *plan.Step, field string) string {
	if len(s.Pairs) > 1 {
		return purpose + ":" + field
	}
	return purpose
}

// enter types each pair's value into the field its description matches,
// one Choose per slot over the fields no earlier slot took.
func (r *runner) enter(ctx context.Context, fr *frame, s *plan.Step) error {
	start, err := r.observe(ctx)
	if err != nil {
		return err
	}
	used := map[string]bool{}
	for _, p := range s.Pairs {
		field, err := r.text(fr, p.Field)
		if err != nil {
			return err
		}
		var val, shown, name string
		var typed any // the value as its type (a date), to type it as the field shows
		secret := p.Value != nil && p.Value.Secret
		if secret {
			name = "${" + p.Value.Ref + "}"
			v, ok := fr.secrets[p.Value.Ref]
			if !ok {
				return fail("set FLOW_SECRET_"+strings.ToUpper(p.Value.Ref)+" or pass --secrets FILE", "secret %s has no value", p.Value.Ref)
			}
			val = v
		} else {
			if val, err = r.value(fr, p.Value); err != nil {
				return err
			}
			shown, name = val, strconv.Quote(val)
			if p.Value != nil && p.Value.Ref != "" {
				typed = fr.vars[p.Value.Ref]
			}
		}
		if err := r.fill(ctx, s, field, val, shown, name, typed, secret, used); err != nil {
			return err
		}
	}
	return r.refusedInput(ctx, start, "typing")
}

// refusedInput fails an enter or choose step when the page shows an error
// its values made appear (a field marked invalid, a message beside it).
// Pages check a field as it changes or as it loses the focus: what the
// last value brings is seen by the next step's check.
func (r *runner) refusedInput(ctx context.Context, start surfaces.Screen, what string) error {
	after, err := r.observe(ctx)
	if err != nil {
		return err
	}
	if e, bad := inputError(start, after); bad {
		return failOnError(e, what+" the values")
	}
	return nil
}

// fill delivers one slot: find the field, type, read back, answer a
// suggestion list. A stale ref is met by looking again once.
func (r *runner) fill(ctx context.Context, s *plan.Step, field, val, shown, name string, typed any, secret bool, used map[string]bool) error {
	for attempt := 0; ; attempt++ {
		scr, err := r.observe(ctx)
		if err != nil {
			return err
		}
		// A date may go into a read-only field that opens a picker (a
		// date picker's box takes no typing): the day is pressed there.
		date, isDate := typed.(stdlib.Date)
		var offer []surfaces.Candidate
		for _, c := range scr.Candidates {
			if isField(c) && !c.Has(surfaces.StateDisabled) && (!c.Has(surfaces.StateReadonly) || isDate && !secret) && !used[identity(c)] {
				offer = append(offer, c)
			}
		}
		// A date asked in Day, Month and Year boxes is offered as one
		// field beside its boxes (datesplit.go); secrets are never dates.
		var splits []splitDate
		if !secret {
			offer, splits = splitOffer(scr, offer, typed, val, r.clock.Now())
		}
		opt, err := r.choose(ctx, r.question(scr, slotID("field", s, field), field, shown, offer))
		if err != nil {
			return err
		}
		if opt == nil {
			return fail("describe the field with the words of its label or placeholder ("+screenHint(scr)+")",
				"no field on the screen matches %q", field)
		}
		c := *opt.Candidate
		if !secret {
			g, split, err := splitChosen(splits, c, field, typed, val, r.clock.Now())
			if err != nil {
				return err
			}
			if split {
				d, ok := g.dateOf(typed, val, r.clock.Now())
				if !ok {
					return noSplitDate(g, field, val)
				}
				stale, err := r.fillSplit(ctx, scr, g, d, name, used)
				if stale && attempt == 0 {
					continue
				}
				return err
			}
		}
		if isDate && c.Has(surfaces.StateReadonly) {
			// Sources: MiniWoB++ book-flight's departure date, the
			// booking site's return date.
			used[identity(c)] = true
			return r.chooseDate(ctx, s, field, c, date)
		}
		if r.flow.Payment != plan.PaymentFillThenApprove && isCardField(scr, c) {
			return r.cardHalt(c)
		}
		if !secret {
			if as := asFieldShows(scr, c, typed, val); as != val {
				r.cur.report.Note = "typed " + name + " as the field shows dates: " + strconv.Quote(as)
				val, name = as, strconv.Quote(as)
			}
		}
		if w, changed := wireValue(c.InputType, val); changed {
			if !secret {
				r.cur.report.Note = "typed " + name + " as the " + c.InputType + " field takes it: " + strconv.Quote(w)
			}
			val = w
		}
		op := surfaces.Fill(c.Ref, val)
		if secret {
			op = surfaces.FillSecret(c.Ref, val)
		}
		out, err := r.act(ctx, op, c.Summary())
		if errors.Is(err, surfaces.ErrStaleRef) && attempt == 0 {
			continue
		}
		if err != nil {
			if recoverable(err) {
				return fail("the field may be covered or disabled; close what covers it first", "typing into %s: %v", c.Summary(), err)
			}
			return err
		}
		if out.ReadbackOK && out.Note == surfaces.NoteFormatted {
			r.cur.report.Note = "the field formatted " + name + " as it shows such values"
		}
		if !out.ReadbackOK {
			// Retry once: clear by selecting all, then type again.
			if _, err := r.act(ctx, surfaces.Press(c.Ref, "Control+a"), c.Summary()); err != nil && !recoverable(err) {
				return err
			}
			if out, err = r.act(ctx, op, c.Summary()); err != nil && !recoverable(err) {
				return err
			}
			if err != nil || !out.ReadbackOK {
				got := ""
				if !secret {
					got = " (it reads " + strconv.Quote(out.Readback) + ")"
				}
				return fail("the field may reformat or refuse the text; type it as the page shows such values",
					"typed %s into %s but it did not read back%s", name, c.Summary(), got)
			}
		}
		used[identity(c)] = true
		if secret {
			return nil
		}
		return r.suggestion(ctx, s, scr, c, field, val)
	}
}

// cardHalt stops the run in front of a card field: card data is typed
// only by a flow whose payment policy is fill_then_approve.
func (r *runner) cardHalt(c surfaces.Candidate) error {
	r.emit(Event{Kind: EventGuarded, Class: "payment", Control: c.Summary(), Reason: "card field"})
	return &halt{outcome: StoppedBefore, reason: "stopped in front of payment: " + c.Summary() + " takes card data",
		stop: &StopTarget{Control: c.Summary(), Class: "payment", Reason: "payment evidence"}}
}

// A field that announces a list of suggestions (a combobox one types
// into) fills it a moment after the typing: a debounce timer, often then a
// request, which settling cannot see. When the first look after typing
// shows no suggestion, the fill looks again every suggestPoll, for at most
// suggestWait (jQuery UI waits 300 ms, then asks its source).
const (
	suggestPoll = 50 * time.Millisecond
	suggestWait = 600 * time.Millisecond
)

// suggestion answers a suggestion list that opened after typing into
// typed: the suggestion equal to the value, or the decider's best match.
func (r *runner) suggestion(ctx context.Context, s *plan.Step, before surfaces.Screen, typed surfaces.Candidate, field, val string) error {
	after, err := r.observe(ctx)
	if err != nil {
		return err
	}
	sugg := suggestions(before, after)
	if len(sugg) == 0 && typed.Role == "combobox" {
		if err := r.waitForChange(ctx, after, suggestPoll, suggestWait); err != nil {
			return err
		}
		if after, err = r.observe(ctx); err != nil {
			return err
		}
		sugg = suggestions(before, after)
	}
	if len(sugg) == 0 {
		return nil
	}
	var pick *surfaces.Candidate
	for i, c := range sugg {
		if strings.EqualFold(strings.TrimSpace(c.Name), strings.TrimSpace(val)) {
			pick = &sugg[i]
			break
		}
	}
	if pick == nil {
		opt, err := r.choose(ctx, r.question(after, slotID("option", s, field), field, val, sugg))
		if err != nil {
			return err
		}
		if opt == nil {
			r.cur.report.Note = "a list opened but no suggestion matched " + strconv.Quote(val)
			return nil
		}
		pick = opt.Candidate
	}
	if err := r.refuse(*pick); err != nil {
		return err
	}
	_, err = r.act(ctx, surfaces.Click(pick.Ref), pick.Summary())
	if err != nil && recoverable(err) {
		return fail("the suggestion list closed or changed; try typing the value as the list shows it", "choosing suggestion %s: %v", pick.Summary(), err)
	}
	return err
}

// suggestions are the pressable controls on after that before did not
// show, of the roles a suggestion list is made of.
func suggestions(before, after surfaces.Screen) []surfaces.Candidate {
	var sugg []surfaces.Candidate
	said := map[string]bool{}
	for _, c := range newControls(before, after) {
		if !pressable(c) {
			continue
		}
		// A list that offers one suggestion twice (two sources merged,
		// MiniWoB++ book-flight's airports) offers one choice: either
		// fills the field with the same text.
		name := strings.ToLower(strings.Join(strings.Fields(c.Name), " "))
		if name != "" && said[name] {
			continue
		}
		switch c.Role {
		case "option", "menuitem", "listitem", "gridcell", "row", "link", "button":
			said[name] = true
			sugg = append(sugg, c)
		}
	}
	return sugg
}

// chooseStep sets each pair's option: a native select by label, a visible
// option of that name directly, or a custom control opened and its option
// clicked; each choice is verified to show, repaired once, else it fails.
func (r *runner) chooseStep(ctx context.Context, fr *frame, s *plan.Step) error {
	start, err := r.observe(ctx)
	if err != nil {
		return err
	}
	for _, p := range s.Pairs {
		field, err := r.text(fr, p.Field)
		if err != nil {
			return err
		}
		val, err := r.value(fr, p.Value)
		if err != nil {
			return err
		}
		if err := r.chooseOne(ctx, s, field, val); err != nil {
			return err
		}
	}
	return r.refusedInput(ctx, start, "choosing")
}

// optionRoles are the roles of things a choice is made by clicking.
var optionRoles = map[string]bool{"option": true, "radio": true, "menuitemradio": true, "menuitem": true, "tab": true,
	"button": true, "link": true, "gridcell": true, "checkbox": true, "switch": true, "treeitem": true, "listitem": true}

func (r *runner) chooseOne(ctx context.Context, s *plan.Step, field, val string) error {
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	// A visible option named exactly as the value: radios, chips, tabs.
	// It must belong to the field: its group or label shares a word with
	// the field text, so "Other" of one question is not taken for another.
	var direct []surfaces.Candidate
	for _, c := range scr.Candidates {
		if optionRoles[c.Role] && !c.Has(surfaces.StateDisabled) && equalFold(c.Name, val) &&
			sharedWords(field, strings.Join(c.Path, " ")+" "+c.Label+" "+c.Description) > 0 {
			direct = append(direct, c)
		}
	}
	if len(direct) > 0 {
		c := direct[0]
		if len(direct) > 1 {
			opt, err := r.choose(ctx, r.question(scr, slotID("option", s, field), field, val, direct))
			if err != nil {
				return err
			}
			if opt == nil {
				return fail("name the field as the page labels the group", "several %q options and none belongs to %q", val, field)
			}
			c = *opt.Candidate
		}
		return r.clickOption(ctx, scr, c, val)
	}
	// The controls a choice is made with: lists, drop-downs, buttons that
	// open them or step a count; for a date also date fields and the
	// read-only fields that open a picker; for a number, count fields.
	date, isDate := fullDate(val, r.clock.Now())
	count, isCount := firstNumber(val)
	var controls []surfaces.Candidate
	for _, c := range scr.Candidates {
		if c.Has(surfaces.StateDisabled) {
			continue
		}
		if len(c.Options) > 0 || c.Role == "combobox" || c.Role == "listbox" || c.Role == "button" ||
			isDate && dateControl(c) || isCount && (c.Role == "spinbutton" || c.Role == "slider") {
			controls = append(controls, c)
		}
	}
	// A native list that offers the value by its exact label is where it
	// is chosen: a custom drop-down drawn over it shows the same words
	// but takes clicks that may miss. One such list is the control; with
	// several, the field's words tell them apart.
	var offering []surfaces.Candidate
	lists := 0
	for _, c := range controls {
		if len(c.Options) > 0 {
			lists++
		}
		if offersExactly(c.Options, val) {
			offering = append(offering, c)
		}
	}
	var c surfaces.Candidate
	// The one list offering it is the control when it is the only list
	// or its label shares a word with the field text.
	if len(offering) == 1 && (lists == 1 || sharedWords(field, offering[0].Name+" "+offering[0].Label+" "+strings.Join(offering[0].Path, " ")) > 0) {
		c = offering[0]
	} else {
		if len(offering) > 1 {
			controls = offering
		}
		opt, err := r.choose(ctx, r.question(scr, slotID("control", s, field), field, val, controls))
		if err != nil {
			return err
		}
		if opt == nil {
			return fail("name the field with the words of its label ("+screenHint(scr)+")", "no control on the screen matches %q", field)
		}
		c = *opt.Candidate
	}
	if st, ok := stepperOf(scr, c); ok {
		if !isCount {
			return fail("a − N + control takes a number: write the count", "%q is a stepper (%s) and %q is no number", field, st.inc.Summary(), val)
		}
		return r.setStepper(ctx, s, st, count)
	}
	if isDate && len(c.Options) == 0 && dateControl(c) {
		return r.chooseDate(ctx, s, field, c, date)
	}
	if isCount && keySlider(scr, c) {
		return r.setByKeys(ctx, s, c, count)
	}
	if isCount && (c.Role == "spinbutton" || c.Role == "slider") && len(c.Options) == 0 {
		out, err := r.act(ctx, surfaces.Fill(c.Ref, strconv.Itoa(count)), c.Summary())
		if err != nil {
			if recoverable(err) {
				return fail("the field may be covered or disabled", "setting %s to %d: %v", c.Summary(), count, err)
			}
			return err
		}
		if !out.ReadbackOK {
			return fail("the field may cap the number; check its limits", "set %s to %d but it reads %q", c.Summary(), count, out.Readback)
		}
		return nil
	}
	if len(c.Options) > 0 {
		label, ok := matchOption(c.Options, val)
		if !ok {
			var have []string
			for _, o := range c.Options[:min(len(c.Options), 12)] {
				have = append(have, strconv.Quote(o.Label))
			}
			return fail("use one of the labels the list offers: "+strings.Join(have, ", "), "%s has no option %q", c.Summary(), val)
		}
		out, err := r.act(ctx, surfaces.Select(c.Ref, label), c.Summary())
		if err != nil {
			if recoverable(err) {
				return fail("the list may be disabled or re-rendered", "choosing %q in %s: %v", label, c.Summary(), err)
			}
			return err
		}
		if !out.ReadbackOK {
			return fail("the page may reset the list; check it by hand", "chose %q in %s but it reads %q", label, c.Summary(), out.Readback)
		}
		return r.closeOpened(ctx, scr, c, out.Readback)
	}
	// A custom control: open it, click the option, check it shows.
	for attempt := 0; attempt < 2; attempt++ {
		if err := r.refuse(c); err != nil {
			return err
		}
		if !c.Has(surfaces.StateExpanded) {
			if _, err := r.act(ctx, surfaces.Click(c.Ref), c.Summary()); err != nil && !recoverable(err) {
				return err
			}
		}
		open, err := r.observe(ctx)
		if err != nil {
			return err
		}
		had := map[string]bool{}
		for _, x := range scr.Candidates {
			had[identity(x)] = true
		}
		var opts []surfaces.Candidate
		var exact *surfaces.Candidate
		for _, x := range open.Candidates {
			if !optionRoles[x.Role] || x.Has(surfaces.StateDisabled) || (had[identity(x)] && x.Role != "option") {
				continue
			}
			opts = append(opts, x)
			if exact == nil && equalFold(x.Name, val) {
				xx := x
				exact = &xx
			}
		}
		pick := exact
		if pick == nil && len(opts) > 0 {
			o, err := r.choose(ctx, r.question(open, slotID("option", s, field), field, val, opts))
			if err != nil {
				return err
			}
			if o != nil {
				pick = o.Candidate
			}
		}
		if pick != nil {
			if err := r.clickOption(ctx, open, *pick, val); err == nil {
				return nil
			} else if h := (*halt)(nil); errors.As(err, &h) && h.outcome != Failed {
				return err
			}
		}
		// Repair: look again and retry once from the control.
		if scr, err = r.observe(ctx); err != nil {
			return err
		}
		again := scr.Find(c.Role, c.Name)
		if len(again) == 0 {
			break
		}
		c = again[0]
	}
	return fail("check that the option is offered as written", "could not choose %q for %q", val, field)
}

// closeOpened closes what choosing in list c opened over the page: a
// custom drop-down drawn over a native list may open when the list takes
// the focus, and then covers the controls the next step presses. A
// person closes it with Escape; the choice is made in the list already
// and must still read want afterwards.
func (r *runner) closeOpened(ctx context.Context, before surfaces.Screen, c surfaces.Candidate, want string) error {
	after, err := r.observe(ctx)
	if err != nil {
		return err
	}
	was := map[string]bool{}
	for _, x := range before.Candidates {
		if !x.Has(surfaces.StateCovered) {
			was[identity(x)] = true
		}
	}
	for _, x := range after.Candidates {
		if x.Has(surfaces.StateCovered) && was[identity(x)] {
			if _, err := r.act(ctx, surfaces.Press(c.Ref, "Escape"), c.Summary()); err != nil && !recoverable(err) {
				return err
			}
			// Escape must not undo the choice: some lists go back to the
			// value they had when they close unchosen.
			now, err := r.observe(ctx)
			if err != nil {
				return err
			}
			for _, y := range now.Candidates {
				if y.Ref == c.Ref && y.Value != want {
					return fail("the list went back when its drop-down closed; choose by clicking the option instead",
						"chose %q in %s, but after closing its drop-down it reads %q", want, c.Summary(), y.Value)
				}
			}
			r.cur.report.Note = "closed what the choice opened over " + x.Summary()
			return nil
		}
	}
	return nil
}

// clickOption clicks an option and checks that the choice shows.
func (r *runner) clickOption(ctx context.Context, before surfaces.Screen, c surfaces.Candidate, val string) error {
	if c.Has(surfaces.StateChecked) || c.Has(surfaces.StateSelected) {
		return nil
	}
	if err := r.click(ctx, c, "choosing", "the option may be covered; close what covers it first"); err != nil {
		return err
	}
	after, err := r.observe(ctx)
	if err != nil {
		return err
	}
	if shows(after, c, val) || !unchanged(before, after) && c.Role != "checkbox" {
		return nil
	}
	return fail("the page did not take the choice; check the option by hand", "clicked %s but %q does not show as chosen", c.Summary(), val)
}

// shows reports whether a screen shows val as chosen: the option checked
// or selected, or a control or text holding the value.
func shows(s surfaces.Screen, c surfaces.Candidate, val string) bool {
	for _, x := range s.Find(c.Role, c.Name) {
		if x.Has(surfaces.StateChecked) || x.Has(surfaces.StateSelected) {
			return true
		}
	}
	for _, x := range s.Candidates {
		if equalFold(x.Value, val) || (x.Role == "combobox" || x.Role == "button") && strings.Contains(strings.ToLower(x.Name), strings.ToLower(val)) && !equalFold(x.Name, val) {
			return true
		}
	}
	return false
}

// matchOption finds the option label of a native select for val: exact,
// then by value, then by prefix, ignoring case.
func matchOption(opts []surfaces.Option, val string) (string, bool) {
	for _, o := range opts {
		if equalFold(o.Label, val) && !o.Disabled {
			return o.Label, true
		}
	}
	for _, o := range opts {
		if equalFold(o.Value, val) && !o.Disabled {
			return o.Label, true
		}
	}
	v := strings.ToLower(strings.TrimSpace(val))
	for _, o := range opts {
		if v != "" && strings.HasPrefix(strings.ToLower(o.Label), v) && !o.Disabled {
			return o.Label, true
		}
	}
	return "", false
}

// offersExactly reports whether a native list has an enabled option
// labelled val.
func offersExactly(opts []surfaces.Option, val string) bool {
	for _, o := range opts {
		if equalFold(o.Label, val) && !o.Disabled {
			return true
		}
	}
	return false
}

func equalFold(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}
