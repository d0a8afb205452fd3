package decide

import (
	"strconv"
	"strings"

	"flow/surfaces"
)

// Role nouns: a step that names a control only by what it is ("press the
// button", "the search box", "the 3rd radio button", "textbox number 2
// from the top", "the text in the textarea"). Such a name places the only
// control of that role among the options, or, with an ordinal, the Nth
// of them in reading order. A qualifier before the noun ("search" of "the
// search box") must be met by the control's own texts when it has any: a
// named control is named by its name, an unnamed one only by its role.

// roleNoun is the role a step names a control by, with its qualifier.
type roleNoun struct {
	// class is the role class (see [roleClassOf]): "button", "link",
	// "text", "textarea", "radio", "checkbox", "select", "slider", "date",
	// "number", "tab", or "icon" (any pressable control the qualifier
	// names: "the star icon").
	class string
	// qual are the qualifier's words ("search" of "the search box").
	qual []word
	// any is set when the step takes any control of the role ("click a
	// checkbox", "any text field"): of several, the first will do.
	any bool
}

// roleHeads map the last word of a role phrase to its class.
var roleHeads = map[string]string{
	"button": "button", "buttons": "button", "link": "link", "links": "link",
	"textbox": "text", "textboxes": "text", "textfield": "text", "textfields": "text", "searchbox": "text",
	"field": "text", "fields": "text", "input": "text", "inputs": "text",
	"textarea": "textarea", "textareas": "textarea",
	"radio": "radio", "radios": "radio", "checkbox": "checkbox", "checkboxes": "checkbox",
	"dropdown": "select", "dropdowns": "select", "select": "select", "combobox": "select", "selector": "select",
	"slider": "slider", "tab": "tab", "tabs": "tab", "spinner": "number", "listbox": "select",
}

// controlHeads are role heads only a choose names a control by: "choose
// Brazil in the scroll list" means a list box, "open the list" does not.
var controlHeads = map[string]string{"list": "select"}

// fieldHeads are role heads only an enter names a field by: the message
// or the body of a note, a reply or a comment is the multi-line field a
// form writes it in ("enter the message", "the reply body"). A read of
// "the message" means text the page shows, so no other purpose has them.
var fieldHeads = map[string]string{"message": "textarea", "body": "textarea"}

// genericHeads end a role phrase without naming a role: "the textarea
// widget", "a text control". The word before names the role; "text" does
// only there ("the text widget" is a one-line field).
var genericHeads = set("widget widgets control controls element elements", nil)

// indefinite are the articles of a step that takes any control of a role.
var indefinite = set("a an any", nil)

// looksWords say how a control looks, not what it is named: "the scroll
// list" is a list box whatever its label.
var looksWords = set("scroll scrolling scrollable", nil)

// rolePairs map two-word role phrases ("radio button", "text area") to
// their class; they win over the head alone.
var rolePairs = map[string]string{
	"radio button": "radio", "radio buttons": "radio", "check box": "checkbox", "check boxes": "checkbox",
	"text box": "text", "text boxes": "text", "text field": "text", "text fields": "text", "text input": "text",
	"text area": "textarea", "text areas": "textarea", "search box": "text", "search field": "text", "search bar": "text",
	"drop down": "select", "combo box": "select", "date field": "date", "date input": "date", "date box": "date",
	"date picker": "date", "number field": "number", "number input": "number", "number box": "number",
}

// roleSkip are the words a role phrase may carry besides its qualifier:
// articles, "only", and the words of a position ("number 3 from the
// top").
var roleSkip = set("the a an only single sole number no from top bottom of", nil)

// roleStops end a qualifier: a phrase with a preposition or a clause
// ("the button next to X", "the box whose word …") names more than a role.
var roleStops = set("in on at to for with by next beside under above below near and or whose that which where after before into "+
	"label labels title heading caption placeholder name", nil)

// readLead are the words a read puts before the control it reads from:
// "the text in the textarea", "the value of the 2nd field".
var readLead = set("text value content contents words string", nil)

// roleNounOf parses the role noun of an ask, nil when the ask names its
// target by anything more than a role and a short qualifier.
func roleNounOf(p Purpose, ask string) *roleNoun {
	if strings.Contains(ask, `"`) {
		return nil // a quoted name names the control itself
	}
	ws := rawWords(ask)
	switch p {
	case PurposeTarget, PurposeMove, PurposeStopTarget:
		if len(ws) < 2 {
			return nil
		}
		ws = ws[1:] // the verb
		if len(ws) > 0 && (ws[0] == "into" || ws[0] == "on" || ws[0] == "in") {
			ws = ws[1:]
		}
	case PurposeText:
		// "the text in the textarea": what follows "in" or "of" is read.
		for i := 0; i+1 < len(ws); i++ {
			if readLead[ws[i]] && (ws[i+1] == "in" || ws[i+1] == "of" || ws[i+1] == "inside") {
				ws = ws[i+2:]
				break
			}
		}
	}
	// "press the star icon to mark the email as important": after a role
	// head, "to" opens the purpose of the press, not its target.
	for i := 1; i+1 < len(ws); i++ {
		if ws[i] == "to" && (roleHeads[ws[i-1]] != "" || ws[i-1] == "icon") {
			ws = ws[:i]
			break
		}
	}
	anyOne := len(ws) > 0 && indefinite[ws[0]]
	var kept []string
	for _, w := range ws {
		if _, ord := ordinalWord(w); ord || roleSkip[w] || isNumber(w) {
			continue
		}
		kept = append(kept, w)
	}
	n := len(kept)
	if n >= 2 && genericHeads[kept[n-1]] {
		if kept[n-2] == "text" {
			kept[n-2] = "textbox"
		}
		kept, n = kept[:n-1], n-1
	}
	if n == 0 {
		return nil
	}
	class, head := "", 0
	if n >= 2 {
		if c, ok := rolePairs[kept[n-2]+" "+kept[n-1]]; ok {
			class, head = c, 2
		}
	}
	if class == "" {
		if c, ok := roleHeads[kept[n-1]]; ok {
			class, head = c, 1
		} else if c, ok := controlHeads[kept[n-1]]; ok && p == PurposeControl {
			class, head = c, 1
		} else if c, ok := fieldHeads[kept[n-1]]; ok && p == PurposeField {
			class, head = c, 1
		}
	}
	if class == "" && kept[n-1] == "icon" && n >= 2 {
		class, head = "icon", 1 // named by what it shows: the qualifier must meet it
	}
	if class == "" || n-head > 2 {
		return nil
	}
	r := &roleNoun{class: class, any: anyOne}
	for _, w := range kept[:n-head] {
		if roleStops[w] || stopwords[w] {
			return nil
		}
	}
	if head == 2 && strings.HasPrefix(kept[n-2], "search") {
		r.qual = append(r.qual, newWord("search", 1))
	}
	for _, w := range kept[:n-head] {
		if !looksWords[w] {
			r.qual = append(r.qual, newWord(w, 1))
		}
	}
	return r
}

// ordinalWord reads a position word: "first", "3rd", "12th". ok is false
// for any other word.
func ordinalWord(w string) (int, bool) {
	if n, ok := ordinals[w]; ok {
		return n, true
	}
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if d, ok := strings.CutSuffix(w, suf); ok && isNumber(d) {
			n, err := strconv.Atoi(d)
			return n, err == nil && n > 0
		}
	}
	return 0, false
}

// roleClassOf is the role class of a candidate (see [roleNoun.class]),
// "" for a control of no class a step names by role.
func roleClassOf(c *surfaces.Candidate) string {
	if c.InputType == "password" && c.Role == "textbox" {
		// Chromium's accessibility tree, GOV.UK's password input and
		// MiniWoB++ enter-password all call it a text field.
		return "text"
	}
	switch k := candidateKind(c); k {
	case "date", "slider", "radio", "checkbox", "number":
		return k
	case "text":
		if c.InputType == "" && c.Role == "textbox" {
			return "textarea" // a multi-line field: inputs always have a type
		}
		return "text"
	}
	switch c.Role {
	case "button", "link", "tab":
		return c.Role
	case "combobox", "listbox":
		return "select"
	}
	return ""
}

// fitsRole reports whether candidate c is of the role class the step
// names (strict: a text box is a one-line field, a text area a
// multi-line one; else either is a text field) and meets its qualifier: every qualifier word is met by the
// control's own texts, or the control has none to be named by.
func (r *roleNoun) fitsRole(c *surfaces.Candidate, strict bool) bool {
	cls := roleClassOf(c)
	switch {
	case r.class == "icon":
		return len(r.qual) > 0 && !editable(c) && pressableRoles[c.Role] && r.meets(c)
	case cls == r.class:
	case r.class == "text" && cls == "textarea" && !strict:
	case r.class == "textarea" && cls == "text" && !strict:
	default:
		return false
	}
	if len(r.qual) == 0 {
		return true
	}
	if strings.TrimSpace(c.Name+c.Label+c.Placeholder+c.Description) == "" {
		return true // unnamed: its role is all that names it
	}
	return r.meets(c)
}

// onScreen is the indexes of the controls of cs of the role, in reading
// order: strictly of it when any is (a text box, not a text area), else
// loosely.
func (r *roleNoun) onScreen(cs []surfaces.Candidate) []int {
	var fits []int
	for _, strict := range []bool{true, false} {
		for j := range cs {
			// A control drawn only while focused (a skip link) is not
			// among those a person counts on the screen.
			if !cs[j].Has(surfaces.StateOnFocus) && r.fitsRole(&cs[j], strict) {
				fits = append(fits, j)
			}
		}
		if len(fits) > 0 {
			break
		}
	}
	return fits
}

// meets reports whether every qualifier word is met by c's own texts (an
// icon's meaning among them).
func (r *roleNoun) meets(c *surfaces.Candidate) bool {
	own := strings.Join([]string{c.Name, c.Label, c.Placeholder, c.Description, iconMeaning(c.Name)}, " ")
	if c.Role == "searchbox" || c.InputType == "search" {
		own += " search"
	}
	ws := contentWords(own)
	for _, q := range r.qual {
		if matchIn(q, ws) < 0.8 {
			return false
		}
	}
	return true
}

// roleScore is the score of the control a role noun places: the only one
// of its role, or one of those an ordinal counts among.
const roleScore = 0.9

// byRole lifts the options a role noun places: the only one of the role
// among the options, or, when the step gives an ordinal, the Nth of the
// role on the screen in reading order (counted on the screen, not among
// the options: an option left out must not shift the count). Several
// with no ordinal place none: the step does not say which. A text box
// and a text area are told apart when the page has the kind the step
// names, else either is a text field. When the ordinal was counted on
// the screen it returns why, so the choice does not count again: ""
// when an option was placed, else why none can be (the Nth is not among
// the options, or the screen has fewer). A step that takes any control
// of the role ("click a checkbox") places the first of several.
func byRole(f *frame, q Question, ds []desc, rs []rating) (counted bool, why string) {
	if f.role == nil {
		return false, ""
	}
	lift := func(i int) {
		if s := roleScore * roleFit(f, &ds[i]); rs[i].raw < s {
			rs[i].raw, rs[i].role = s, true
		}
	}
	if f.ordinal != 0 && len(q.Screen.Candidates) > 0 {
		cs := q.Screen.Candidates
		fits := f.role.onScreen(cs)
		if len(fits) == 0 {
			return false, "" // no control of the role: the words decide
		}
		k := ordinalIndex(f.ordinal, len(fits))
		if k < 0 {
			return true, "the screen shows " + strconv.Itoa(len(fits)) + " " + f.role.class + " controls; the step counts past them"
		}
		ref := cs[fits[k]].Ref
		for i, d := range ds {
			if d.opt.Candidate != nil && d.opt.Candidate.Ref == ref && !rs[i].outside {
				lift(i)
				return true, ""
			}
		}
		return true, "the " + f.role.class + " at the position the step counts (" + ref + ") is not among the controls that can be used now"
	}
	var hits []int
	for _, strict := range []bool{true, false} {
		for i, d := range ds {
			if c := d.opt.Candidate; c != nil && f.role.fitsRole(c, strict) && !rs[i].outside {
				hits = append(hits, i)
			}
		}
		if len(hits) > 0 {
			break
		}
	}
	if len(hits) > 1 && f.role.any {
		hits = hits[:1] // "click a checkbox": the first in reading order will do
	}
	if len(hits) != 1 && f.ordinal == 0 {
		return false, ""
	}
	for _, i := range hits {
		lift(i)
	}
	return false, ""
}

// PositionedControl finds the control a step names only by its role and
// position ("check the 3rd radio button", "untick the second checkbox"):
// the Nth control of that role on s in reading order, counted as [byRole]
// counts. ok is false when the step names its control any other way or
// counts past the controls of the role: then its state is read by name.
func PositionedControl(ask string, s surfaces.Screen) (surfaces.Candidate, bool) {
	f := parseFrame(Question{Purpose: PurposeTarget, Ask: ask})
	if f.role == nil || f.ordinal == 0 {
		return surfaces.Candidate{}, false
	}
	cs := s.Candidates
	fits := f.role.onScreen(cs)
	k := ordinalIndex(f.ordinal, len(fits))
	if k < 0 {
		return surfaces.Candidate{}, false
	}
	return cs[fits[k]], true
}
