package decide

import (
	"strings"
)

// Anchors: a step that names an entity ("archive the invoice from Acme",
// "the Add to cart on the card \"Tea\"") places its target in the group
// (card, row, list item, section, dialog, form) whose text names that
// entity. A press never moves to a look-alike in another group.

// Anchored returns q with only the options that sit in a group naming the
// entity the step names, and that entity (also in [Question.Anchor]); options that sit nowhere on the
// screen (a runtime's moves, a list offered by its label) are kept. When
// the step names no entity, or no group names it, or every option sits in
// such a group, it returns q unchanged and "". The runtime calls it before
// asking any provider, so a hosted model is never offered the look-alike
// in the wrong card.
func Anchored(q Question) (Question, string) {
	if q.Anchor != "" {
		return q, q.Anchor // placed already
	}
	f := parseFrame(q)
	in := anchoredIn(q, f)
	if in == nil {
		return q, ""
	}
	var opts []Option
	for i, o := range q.Options {
		if in[i] || (o.Candidate == nil && o.Line == nil) {
			opts = append(opts, o)
		}
	}
	q.Options = opts
	q.Anchor = f.anchor
	return q, f.anchor
}

// anchoredIn returns the indexes of the options of q that sit in a group
// naming the frame's anchor, or nil when that does not tell options apart
// (no anchor, no group names it, or all options sit in one).
func anchoredIn(q Question, f *frame) map[int]bool {
	if f.anchor == "" || len(f.anchorWords) == 0 {
		return nil
	}
	if q.Anchor != "" {
		// Anchored placed the options already: every one sits in the group
		// (or is a move), and what is left to match is the object.
		in := map[int]bool{}
		for i, o := range q.Options {
			in[i] = o.Candidate != nil || o.Line != nil
		}
		return in
	}
	in := anchoredBy(q, f.anchorWords)
	if in == nil && len(f.anchorWords) > 1 {
		// "the savings account", "the Team plan": the last word is often
		// the kind of thing, and the page names it by the rest.
		in = anchoredBy(q, f.anchorWords[:len(f.anchorWords)-1])
	}
	return in
}

// anchoredBy returns the options that sit in the innermost groups where
// one text (a line, a control's name, the group's own label) holds every
// word of anchor, or nil when that does not tell options apart.
func anchoredBy(q Question, anchor []word) map[int]bool {
	// Groups are path prefixes; a group names the entity when one text in
	// it does: words scattered over "main" name nothing.
	// Each option's path prefixes, built once; only they matter.
	keys := make([][]string, len(q.Options))
	prefixes := map[string]bool{}
	for i, o := range q.Options {
		path := optionPath(o)
		k := ""
		for d := 1; d <= len(path); d++ {
			if d == 1 {
				k = path[0]
			} else {
				k += "\x00" + path[d-1]
			}
			keys[i] = append(keys[i], k)
			prefixes[k] = true
		}
	}
	names := map[string]bool{}
	mark := func(path []string, text string) {
		if len(path) == 0 || !namesAll(anchor, contentWords(text)) {
			return
		}
		k := ""
		for d := 1; d <= len(path); d++ {
			if d == 1 {
				k = path[0]
			} else {
				k += "\x00" + path[d-1]
			}
			if !prefixes[k] {
				return // no option sits in it, nor deeper
			}
			names[k] = true
		}
	}
	for _, c := range q.Screen.Candidates {
		mark(ownItemOut(c.Path, c.Name), c.Name)
	}
	for _, l := range q.Screen.Context {
		mark(l.Path, l.Text)
	}
	count := map[string]int{}
	placed := 0
	for i, o := range q.Options {
		path := optionPath(o)
		if path == nil {
			continue
		}
		placed++
		for d := 1; d <= len(path); d++ {
			k := keys[i][d-1]
			count[k]++
			// The group's own label: `card "Third plan"`, but not an item
			// that only wraps this control (`listitem "Mute @ana"` of a
			// menu item): the control's name is no entity's.
			own := d == len(path) && o.Candidate != nil && labelIs(path[d-1], o.Candidate.Name)
			if !names[k] && !own && namesAll(anchor, pathWords(path[d-1:d])) {
				for e := 1; e <= d; e++ {
					names[strings.Join(path[:e], "\x00")] = true
				}
			}
		}
	}
	// A group that holds the options of several list items (cards, rows)
	// is a container of entities, not one: "Plans for every team" over
	// three plan cards names no plan.
	items := map[string]map[string]bool{}
	for _, o := range q.Options {
		path := optionPath(o)
		at := -1
		for d := len(path) - 1; d >= 0; d-- {
			if isListMark(path[d]) {
				at = d
				break
			}
		}
		if at < 0 {
			continue
		}
		item := strings.Join(path[:at+1], "\x00")
		for d := 1; d <= at; d++ {
			k := strings.Join(path[:d], "\x00")
			if items[k] == nil {
				items[k] = map[string]bool{}
			}
			items[k][item] = true
		}
	}
	for k := range names {
		if len(items[k]) > 1 {
			delete(names, k)
		}
	}
	// Only the innermost groups that name the entity and hold an option
	// place it: "main" holds the mug's card, and every other card too.
	for k := range names {
		if !names[k] || count[k] == 0 {
			continue
		}
		for i := strings.LastIndex(k, "\x00"); i > 0; i = strings.LastIndex(k[:i], "\x00") {
			if count[k[:i]] > count[k] {
				delete(names, k[:i])
			}
		}
	}
	in := map[int]bool{}
	for i := range q.Options {
		for d := len(keys[i]); d >= 1; d-- {
			k := keys[i][d-1]
			if count[k] < placed && names[k] {
				in[i] = true
				break
			}
		}
	}
	if len(in) == 0 || len(in) == placed {
		return nil
	}
	return in
}

// optionPath is the ancestor path of an option's candidate or line.
func optionPath(o Option) []string {
	switch {
	case o.Candidate != nil:
		return o.Candidate.Path
	case o.Line != nil:
		return o.Line.Path
	}
	return nil
}

// namesAll reports whether every anchor word is met in ws (as itself or a
// close form; a synonym is not the entity's name).
func namesAll(anchor, ws []word) bool {
	for _, a := range anchor {
		found := false
		for _, w := range ws {
			if a.stem == w.stem || len(a.stem) >= 5 && len(w.stem) >= 5 && (strings.HasPrefix(a.stem, w.stem) || strings.HasPrefix(w.stem, a.stem)) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// ownItemOut returns path without its last place when that place is an
// item labelled by the control's own name (a menu's `listitem "Mute
// @ana"` around button "Mute @ana"): such an item wraps the control and
// names no entity of its own.
func ownItemOut(path []string, name string) []string {
	if n := len(path); n > 0 && labelIs(path[n-1], name) {
		return path[:n-1]
	}
	return path
}

// labelIs reports whether a path place (`listitem "Mute @ana"`) is
// labelled exactly name.
func labelIs(place, name string) bool {
	i := strings.IndexByte(place, '"')
	return i >= 0 && name != "" && strings.TrimSuffix(place[i+1:], "\"") == name
}
