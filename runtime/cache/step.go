package cache

import (
	"strconv"
	"strings"

	"flow/plan"
)

// StepText is a step as written: its kind and its texts, with the
// expressions they interpolate unrendered. An entry keeps the text of its
// step, and is dropped when the step reads otherwise.
func StepText(s *plan.Step) string {
	parts := []string{string(s.Kind)}
	tmpl := func(t *plan.Template) {
		if t != nil {
			parts = append(parts, strconv.Quote(t.String()))
		}
	}
	cond := func(c *plan.Cond) {
		switch {
		case c == nil:
		case c.Expr != nil:
			parts = append(parts, c.Expr.Src)
		default:
			if c.Not {
				parts = append(parts, "not")
			}
			tmpl(c.Screen)
		}
	}
	tmpl(s.Text)
	tmpl(s.Criterion)
	for _, p := range s.Pairs {
		tmpl(p.Field)
		parts = append(parts, "=", valueSource(p.Value))
	}
	for _, b := range s.Branches {
		cond(b.Cond)
	}
	cond(s.Cond)
	if s.Call != nil {
		parts = append(parts, s.Call.Flow)
	}
	return strings.Join(parts, " ")
}

// valueSource is a value as written: a name, a quoted text or a literal.
func valueSource(v *plan.Value) string {
	switch {
	case v == nil:
		return ""
	case v.Ref != "":
		return v.Ref
	case v.Text != nil:
		return strconv.Quote(v.Text.String())
	case v.Number != nil:
		return strconv.FormatFloat(*v.Number, 'g', -1, 64)
	case v.Bool != nil:
		return strconv.FormatBool(*v.Bool)
	}
	return strings.Join(v.List, ", ")
}
