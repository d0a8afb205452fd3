package decide

// Leads: a list row is often a control named by its first line, and a
// row's first line is often the entity it comes from: an inbox row is a
// button "Deva Morbi. Purus. Leo…", named by its sender and preview. A
// step that places its target by that entity ("open the email from
// Deva") means the control whose own name starts with the entity's
// words. A control named by the entity alone ("Deva", a link to the
// person) is the entity itself, not an item from it, and is not lifted.

// leadScore is the score of a control whose own name starts with the
// step's anchor.
const leadScore = 0.8

// byLead lifts the controls whose own name starts with the frame's
// anchor and goes on past it, when no option's own name meets the
// step's other words:
// "archive the invoice from Acme" presses the Archive button in Acme's
// row, not the row's own link. Two such controls tie: the step does not
// say which.
func byLead(f *frame, ds []desc, rs []rating) {
	n := len(f.anchorWords)
	if n == 0 {
		return
	}
	for i, r := range rs {
		if clamp01(r.raw) >= ChooseBar && namesObject(f, &ds[i]) {
			return // a control the step's own words name ("Archive")
		}
	}
	for i, d := range ds {
		c := d.opt.Candidate
		if c == nil || editable(c) || len(d.name) <= n || d.icon != "" {
			continue
		}
		starts := true
		for k, a := range f.anchorWords {
			starts = starts && match(a, d.name[k]) == 1
		}
		if !starts {
			continue
		}
		if s := leadScore * roleFit(f, &ds[i]); rs[i].raw < s {
			rs[i].raw, rs[i].lead, rs[i].outside = s, true, false
		}
	}
}

// namesObject reports whether an option's own name meets a word of the
// step other than its anchor's ("archive" of "archive the invoice from
// Acme" in "Archive").
func namesObject(f *frame, d *desc) bool {
	for _, w := range f.object {
		if w.wt >= 1 && matchIn(w, d.name) >= 0.8 && matchIn(w, f.anchorWords) < 1 {
			return true
		}
	}
	return false
}
