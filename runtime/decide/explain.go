package decide

import (
	"slices"
	"strconv"
	"strings"

	"flow/internal/lexicon"
)

// Stage 6 of the local decider: the short phrases that say why, for the
// trace and a failing step's hint. They name the option as a person sees
// it (role, name, the group it sits in) and the words of the step it met
// or contradicted.

// whyChosen says why option i was chosen.
func (p *pass) whyChosen(i int) string {
	r := p.rs[i]
	var b strings.Builder
	b.WriteString(p.show(i))
	switch {
	case r.coded:
		b.WriteString(" is marked with the value in parentheses")
	case r.exact:
		b.WriteString(" equals the value")
	case r.kind:
		b.WriteString(" is the only " + kindName(p.f.kind) + " offered")
	case r.value:
		b.WriteString(" holds the value the step reads")
	case r.whole:
		b.WriteString(" is named exactly as the step names it")
	case r.affix:
		b.WriteString(" has a name that " + affixWords(p.f.affixes))
	case r.role && p.f.ordinal == 0 && p.f.role.any:
		b.WriteString(" is the first " + p.f.role.class + " on the screen; the step takes any")
	case r.role && p.f.ordinal == 0:
		b.WriteString(" is the only " + p.f.role.class + " the step can mean")
	case r.role:
		b.WriteString(" is the " + p.f.role.class + " at the position the step counts on the screen")
	case r.lead:
		b.WriteString(" starts with " + strconv.Quote(p.f.anchor))
	case r.limit != "":
		b.WriteString(" states the " + limitName[p.f.limit] + " the step reads (" + r.limit + ")")
	case r.read && p.f.readKind == "":
		b.WriteString(" is the only field that asks a question")
	case r.read:
		b.WriteString(" is the " + p.f.readKind + " the step reads")
	default:
		if m := p.matched(i); m != "" {
			b.WriteString(" matches " + m)
		}
	}
	if p.in != nil {
		b.WriteString(", in the group naming " + strconv.Quote(p.f.anchor))
	}
	return b.String()
}

// whyLost says why option i lost to chosen (-1: nothing was chosen).
func (p *pass) whyLost(i, chosen int) string {
	r := p.rs[i]
	switch {
	case r.excepted:
		return p.show(i) + " is one the step excepts"
	case r.set:
		return p.show(i) + " is already " + p.f.toggle + ", as the step asks"
	case r.outside:
		return p.show(i) + " is not in the group naming " + strconv.Quote(p.f.anchor)
	case r.conflict != 0:
		return p.show(i) + " says " + polarityName[opposite[r.conflict]] + ", the step says " + polarityName[r.conflict]
	case chosen >= 0 && p.rs[chosen].raw-r.raw <= tieMargin:
		return p.show(i) + " looks the same; the step picked the other by its position"
	case chosen < 0 && clamp01(r.raw) >= ChooseBar && p.rs[p.order[0]].raw-r.raw <= tieMargin:
		return p.show(i) + " ties with the best; nothing in the step tells them apart"
	case clamp01(r.raw) < ChooseBar:
		m, h := p.matched(i), p.hindrance(i)
		switch {
		case h != "" && m != "":
			return p.show(i) + " matches " + m + " but is " + h
		case h != "":
			return p.show(i) + " is " + h
		case m != "":
			return p.show(i) + " matches only " + m
		}
		return p.show(i) + " matches no word of the step"
	}
	return p.show(i) + " matches less of the step (" + strconv.FormatFloat(clamp01(r.raw), 'f', 2, 64) + ")"
}

// hindrance names the states that lowered option i's score whatever its
// words (hindrances): a field covered by an open list and read-only (a
// date picker's box) is no field to type into, and the person reading the
// failure should learn that rather than that its words did not fit.
func (p *pass) hindrance(i int) string {
	c := p.ds[i].opt.Candidate
	if c == nil {
		return ""
	}
	var names []string
	for _, h := range hindrancesOf(p.f, c) {
		names = append(names, h.name)
	}
	return strings.Join(names, " and ")
}

// whyNone says why no option reached the bar.
func (p *pass) whyNone() string {
	best := p.order[0]
	return "no option matches well enough; best " + p.show(best) + " (" + strconv.FormatFloat(clamp01(p.rs[best].raw), 'f', 2, 64) + ")"
}

// whyTie says which look-alikes nothing in the step tells apart.
func (p *pass) whyTie(tied []int) string {
	var names []string
	for i, j := range tied {
		if i == 3 {
			names = append(names, "…")
			break
		}
		names = append(names, p.show(j))
	}
	return "ambiguous: " + strings.Join(names, " or ") + "; nothing in the step tells them apart (name the card, row or item, or say first/last)"
}

// whyOrdinal says which of the look-alikes an ordinal took.
func (p *pass) whyOrdinal(i, k, n int) string {
	return p.show(i) + " is number " + strconv.Itoa(k+1) + " of " + strconv.Itoa(n) + " matching options, as the step counts"
}

// whyOrdinalMissing says that the ordinal counts past the matching options.
func (p *pass) whyOrdinalMissing(n int) string {
	return "the step counts past the " + strconv.Itoa(n) + " matching options"
}

// show names option i: role "name" in its group.
func (p *pass) show(i int) string {
	d := &p.ds[i]
	o := d.opt
	var s string
	switch {
	case o.Candidate != nil:
		name := firstNonEmpty(o.Candidate.Name, o.Candidate.Label, o.Candidate.Placeholder)
		if d.icon != "" {
			name += " (" + d.icon + " icon)"
		}
		s = o.Candidate.Role + " " + strconv.Quote(clip(name, 50))
	case o.Line != nil:
		s = "text " + strconv.Quote(clip(o.Line.Text, 50))
	default:
		s = strconv.Quote(clip(o.Label, 50))
	}
	if g := d.groupLabel(); g != "" && o.Line == nil {
		s += " in " + clip(g, 60)
	}
	return s
}

// matched lists the step's words that option i's texts hold, quoted.
func (p *pass) matched(i int) string {
	d := &p.ds[i]
	ask := p.f.words
	if p.in != nil {
		ask = p.f.object
	}
	var got, via []string
	for _, w := range ask {
		for _, f := range d.fields {
			if matchMeaningIn(w, f.words) >= meaningFloor {
				got = append(got, w.raw)
				if note := lexiconNote(w, f.words); note != "" {
					via = append(via, note)
				}
				break
			}
		}
	}
	if len(got) == 0 {
		return ""
	}
	out := strconv.Quote(strings.Join(got, " "))
	if len(via) > 0 {
		out += " (" + strings.Join(via, "; ") + ")"
	}
	return out
}

// lexiconNote says which word of ws w met only through the lexicon, as
// "rabbit → bunny (narrower term), WordNet 3.1"; "" when w met one by its
// stem or the curated synonyms, or none.
func lexiconNote(w word, ws []word) string {
	for _, t := range ws {
		if w.stem == t.stem || slices.ContainsFunc(w.groups, func(g int) bool { return slices.Contains(t.groups, g) }) {
			return ""
		}
	}
	for _, t := range ws {
		if m, met, metSrc := lexiconMatch(w, t); m > 0 && m > match(w, t) {
			r, src := lexicon.Relate(w.raw, t.raw)
			if r == lexicon.None {
				r, src = met, metSrc // a sibling through a third word
			}
			return lexicon.Explain(w.raw, t.raw, r, src)
		}
	}
	return ""
}

// kindName is how a field kind reads.
func kindName(k string) string {
	switch k {
	case "radio":
		return "group of options"
	case "text":
		return "text field"
	}
	return k + " field"
}
