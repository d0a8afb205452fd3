package decide

import (
	"regexp"
	"strconv"
	"strings"

	"flow/surfaces"
)

// Name affixes: a step may name a control by how its name starts, ends or
// what it contains ("the suggestion that ends with \"ino\"", "the first
// item starting with \"Sa\"", "the link containing \"2024\""). The quoted
// text is then a piece of the name, not the name: an option whose name
// meets every affix is placed, one that does not is never chosen.

// affix is one condition on a name.
type affix struct {
	// kind is "prefix", "suffix" or "contains".
	kind string
	// text is the piece, lower-cased with its spaces collapsed.
	text string
}

// affixPattern finds the affixes of an ask.
var affixPattern = regexp.MustCompile(`(?i)\b(ends? with|ending (?:with|in)|ends in|starts? with|starting with|begins? with|beginning with|contains?|containing)\s+(?:"([^"]+)"|“([^”]+)”)`)

// affixesOf parses the affixes of an ask.
func affixesOf(ask string) []affix {
	var out []affix
	for _, m := range affixPattern.FindAllStringSubmatch(ask, -1) {
		text := m[2] + m[3]
		kind := "contains"
		switch verb := strings.ToLower(m[1]); {
		case strings.HasPrefix(verb, "end"):
			kind = "suffix"
		case strings.HasPrefix(verb, "start"), strings.HasPrefix(verb, "begin"):
			kind = "prefix"
		}
		if t := normName(text); t != "" {
			out = append(out, affix{kind: kind, text: t})
		}
	}
	return out
}

// normName lower-cases a name and collapses its spaces.
func normName(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// meets reports whether name meets the affix.
func (a affix) meets(name string) bool {
	n := normName(name)
	switch a.kind {
	case "prefix":
		return strings.HasPrefix(n, a.text)
	case "suffix":
		return strings.HasSuffix(n, a.text)
	}
	return strings.Contains(n, a.text)
}

// affixScore is the score of an option whose name meets every affix.
const affixScore = 0.9

// byAffix places the options whose own name meets every affix of the step
// and rules out the rest. A control that holds others meeting them (a
// list drawn as one pressable box around its items) is their container,
// not one of them.
func byAffix(f *frame, ds []desc, rs []rating) {
	if len(f.affixes) == 0 {
		return
	}
	var met []int
	for i, d := range ds {
		c := d.opt.Candidate
		ok := c != nil && !rs[i].outside
		for _, a := range f.affixes {
			ok = ok && a.meets(c.Name)
		}
		if ok {
			met = append(met, i)
		} else {
			rs[i].raw = 0
		}
	}
	for _, i := range met {
		if holdsAny(ds, met, i) {
			rs[i].raw = 0
			continue
		}
		rs[i].raw, rs[i].affix = affixScore, true
	}
}

// holdsAny reports whether option i's box holds the box of another of set.
func holdsAny(ds []desc, set []int, i int) bool {
	b := ds[i].opt.Candidate.Bounds
	for _, j := range set {
		if j != i && inside(ds[j].opt.Candidate.Bounds, b) {
			return true
		}
	}
	return false
}

// inside reports whether a lies within b (and is not b itself).
func inside(a, b surfaces.Bounds) bool {
	return a != b && a.W > 0 && a.H > 0 && a.X >= b.X && a.Y >= b.Y && a.X+a.W <= b.X+b.W && a.Y+a.H <= b.Y+b.H
}

// affixWords says the affixes as the explanation gives them: "ends with
// \"ino\"".
func affixWords(as []affix) string {
	var parts []string
	for _, a := range as {
		verb := map[string]string{"prefix": "starts with ", "suffix": "ends with ", "contains": "contains "}[a.kind]
		parts = append(parts, verb+strconv.Quote(a.text))
	}
	return strings.Join(parts, " and ")
}
