package runtime

import (
	"strings"

	"flow/guard"
	"flow/plan"
	"flow/surfaces"
)

// screenGuards applies what a screen alone decides: a captcha, human check
// or one-time code ends the run with needs_human; card fields under
// `payment stop` end it with stopped_before; a sign-in form that a do,
// pick or wait_for ran into ends it with needs_human, unless the flow
// signs in by itself (it types a secret somewhere) or the step is about
// signing in.
func (r *runner) screenGuards(s surfaces.Screen) error {
	texts := []string{s.Title}
	for _, l := range s.Context {
		texts = append(texts, l.Text)
	}
	// Controls' names are left out but for fields and checkboxes (a
	// captcha's "I'm not a robot"): a link "Set up two-factor
	// authentication" on an account page is no wall.
	for _, c := range s.Candidates {
		if isField(c) || c.Role == "checkbox" {
			texts = append(texts, c.Name, c.Label, c.Placeholder)
		}
	}
	for _, t := range texts {
		if what, ok := guard.HumanWall(t); ok {
			r.emit(Event{Kind: EventGuarded, Class: "human_wall", Reason: what + ": " + clipText(t, 120)})
			return &halt{outcome: NeedsHuman, reason: "the page shows " + what + " (" + clipText(t, 80) + ")",
				hint: "finish it by hand in the browser, then run the rest of the flow attached to it"}
		}
	}
	if r.flow.Payment != plan.PaymentFillThenApprove {
		if c, ok := cardEvidence(s); ok {
			ctl := c.Summary()
			r.emit(Event{Kind: EventGuarded, Class: "payment", Control: ctl, Reason: "payment evidence"})
			return &halt{outcome: StoppedBefore, reason: "stopped in front of payment: the page asks for card data (" + ctl + ")",
				stop: &StopTarget{Control: ctl, Class: "payment", Reason: "payment evidence"}}
		}
	}
	if r.cur != nil && !r.cur.hadPassword && !r.signsIn && hasPassword(s) && !r.headsForSignIn() {
		switch r.cur.step.Kind {
		case plan.KindDo, plan.KindPick, plan.KindWaitFor:
			r.emit(Event{Kind: EventGuarded, Class: "human_wall", Reason: "a sign-in form"})
			return &halt{outcome: NeedsHuman, reason: "the step ran into a sign-in form",
				hint: "sign in with an enter step (or web.login) before this step, or run attached to a signed-in browser"}
		}
	}
	return nil
}

// headsForSignIn reports whether the running step's text is about signing
// in ("open the sign-in form"): then meeting the form is the point.
func (r *runner) headsForSignIn() bool {
	return guard.IsSignIn(r.cur.report.Text)
}

// cardEvidence finds a card field on s, or a payment control on a page
// whose URL names payment.
func cardEvidence(s surfaces.Screen) (surfaces.Candidate, bool) {
	for _, c := range s.Candidates {
		if isCardField(s, c) {
			return c, true
		}
	}
	if urlNamesPayment(s.URL) {
		for _, c := range s.Candidates {
			if guard.ClassifyPlaced(c.Role, c.Name, c.Path).Class == guard.Payment {
				return c, true
			}
		}
	}
	return surfaces.Candidate{}, false
}

// isCardField reports whether field c on s takes card data: by its
// autocomplete attribute, or by its label when the form around it pays
// (another card field, a paying button). "Membership card number or
// e-mail" on a sign-in form is an ordinary field.
func isCardField(s surfaces.Screen, c surfaces.Candidate) bool {
	if !c.Editable && !isField(c) {
		return false
	}
	form := strings.Join(c.Path, "/")
	var others []guard.Field
	var buttons []string
	for _, x := range s.Candidates {
		if p := strings.Join(x.Path, "/"); p != form && !strings.HasPrefix(p, form+"/") && form != "" {
			continue
		}
		switch {
		case x.Ref == c.Ref:
		case x.Editable || isField(x):
			others = append(others, guard.Field{Autocomplete: x.Autocomplete, Label: x.Name + " " + x.Label + " " + x.Placeholder})
		case x.Role == "button":
			buttons = append(buttons, x.Name)
		}
	}
	return guard.IsCardFieldIn(guard.Field{Autocomplete: c.Autocomplete, Label: c.Name + " " + c.Label + " " + c.Placeholder}, others, buttons)
}

func hasPassword(s surfaces.Screen) bool {
	for _, c := range s.Candidates {
		if c.InputType == "password" {
			return true
		}
	}
	return false
}

// refuse checks a control the running step is about to press: one that
// reads as irreversible or payment ends the run with guard_refused, unless
// the running step is the stop_before that gates it.
func (r *runner) refuse(c surfaces.Candidate) error {
	m := guard.ClassifyPlaced(c.Role, c.Name, c.Path)
	if m.Class == guard.None {
		return nil
	}
	if r.cur != nil && r.cur.stopText != "" {
		return nil
	}
	ctl := withGroup(c)
	r.emit(Event{Kind: EventGuarded, Class: m.Class.String(), Control: ctl, Reason: m.Phrase})
	return &halt{outcome: GuardRefused,
		reason: "refused to press " + ctl + ": it reads as " + m.Class.String() + " (\"" + m.Phrase + "\")",
		hint:   "only stop_before reaches such a control: add `stop_before \"…\"` for it, and run with --approve to press it",
		stop:   &StopTarget{Control: ctl, Class: m.Class.String(), Reason: m.Phrase}}
}

// isField reports whether c takes typed text.
func isField(c surfaces.Candidate) bool {
	if c.Editable {
		return true
	}
	switch c.Role {
	case "textbox", "searchbox", "spinbutton":
		return true
	case "combobox":
		return len(c.Options) == 0
	}
	return false
}

// pressable reports whether c is a control a press acts on.
func pressable(c surfaces.Candidate) bool {
	if c.Has(surfaces.StateDisabled) {
		return false
	}
	switch c.Role {
	case "button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "checkbox", "radio",
		"switch", "option", "treeitem", "gridcell", "row", "cell", "listitem", "img", "summary":
		return true
	case "combobox":
		return len(c.Options) == 0 && !c.Editable
	}
	return false
}

func clipText(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// urlNamesPayment reports whether a URL holds a payment word as a whole
// word ("/checkout", "pay.shop.test"; not "/display").
func urlNamesPayment(u string) bool {
	words := strings.FieldsFunc(strings.ToLower(u), func(r rune) bool { return r < 'a' || r > 'z' })
	for _, w := range words {
		switch w {
		case "pay", "payment", "payments", "checkout", "billing":
			return true
		}
	}
	return false
}
