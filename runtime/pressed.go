package runtime

import (
	"strconv"
	"strings"

	"flow/surfaces"
)

// A do whose intent is one press of a control it names ("press Search
// flights", "tick I accept the terms", `flow record` writes them so) has
// the press for its goal: before anything is pressed, whether that goal
// already holds is read from the named control's state, not judged from
// the screen's words, which never prove an act. A step that presses ("press
// Save", "click Next") is never done before its press; one that sets a
// state ("tick X", "choose Y", "open the Z tab") is done when the control
// already shows it, or when no option of the name is left and a field
// shows it as its value. Only when no control on the screen has the name,
// or the named controls carry no such state, is the goal judged as any
// other.

// pressState reads, on the first turn of a do, whether intent is one press
// of a control named on s and whether that control already shows what the
// press would do. known is false when the step is to be judged instead.
func pressState(s surfaces.Screen, intent string) (done, known bool, why string) {
	loc := pressVerb.FindStringIndex(intent)
	if loc == nil {
		return false, false, ""
	}
	verb := strings.ToLower(strings.Fields(intent[loc[0]:loc[1]])[0])
	var named []surfaces.Candidate
	for _, c := range s.Candidates {
		if pressable(c) && !c.Has(surfaces.StateCovered) && namesPress(intent, c.Name) {
			named = append(named, c)
		}
	}
	if len(named) == 0 {
		if verb == "choose" || verb == "select" {
			// The option is gone because it was chosen: the field that
			// offered it shows it as its value ("choose Lisbon (LIS)"
			// after the fill took that suggestion).
			for _, c := range s.Candidates {
				if c.Value != "" && (isField(c) || len(c.Options) > 0) && namesPress(intent, c.Value) {
					return true, true, c.Summary() + " already shows " + strconv.Quote(c.Value)
				}
			}
		}
		return false, false, ""
	}
	// holds reports whether every named control has a role that carries
	// the state and shows it (want) or shows its absence (!want).
	holds := func(roles map[string]bool, has func(surfaces.Candidate) bool, want bool) (bool, bool) {
		for _, c := range named {
			if !roles[c.Role] {
				return false, false
			}
		}
		for _, c := range named {
			if has(c) != want {
				return false, true
			}
		}
		return true, true
	}
	checked := func(c surfaces.Candidate) bool { return c.Has(surfaces.StateChecked) }
	chosen := func(c surfaces.Candidate) bool { return c.Has(surfaces.StateChecked) || c.Has(surfaces.StateSelected) }
	opened := func(c surfaces.Candidate) bool { return c.Has(surfaces.StateSelected) || c.Has(surfaces.StateExpanded) }
	switch verb {
	case "press", "click", "tap", "hit", "toggle":
		return false, true, ""
	case "tick":
		done, known = holds(toggleRoles, checked, true)
		why = "already ticked"
	case "untick":
		done, known = holds(toggleRoles, checked, false)
		why = "already unticked"
	case "choose", "select":
		done, known = holds(choiceStateRoles, chosen, true)
		why = "already chosen"
	case "open":
		// A tab shows it is open by being selected, a menu button or a
		// section by being expanded; a link is never open before its
		// press.
		for _, c := range named {
			if c.Has(surfaces.StateExpanded) || openStateRoles[c.Role] && opened(c) {
				return true, true, c.Summary() + " is already open"
			}
		}
		return false, true, ""
	}
	if done {
		why = named[0].Summary() + " is " + why
	}
	return done, known, why
}

var (
	toggleRoles      = map[string]bool{"checkbox": true, "switch": true, "menuitemcheckbox": true}
	choiceStateRoles = map[string]bool{"radio": true, "option": true, "tab": true, "menuitemradio": true, "treeitem": true}
	openStateRoles   = map[string]bool{"tab": true, "treeitem": true, "summary": true}
)
