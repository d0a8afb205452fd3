package runtime

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"flow/plan"
	"flow/runtime/decide"
	"flow/stdlib"
	"flow/surfaces"
)

// amountWords name an amount: a bare number under one of them is money.
var amountWords = regexp.MustCompile(`(?i)\b(total|subtotal|price|amount|balance|cost|fare|fee|sum|due|paid|charge|tax|budget|salary|payment|refund)s?\b`)

// errNotAmount refuses a bare number as money where nothing says it is one.
var errNotAmount = errors.New("a bare number that nothing names as an amount")

// read stores the text that answers WHAT, parsed to the declared type.
func (r *runner) read(ctx context.Context, fr *frame, s *plan.Step) error {
	what, err := r.text(fr, s.Text)
	if err != nil {
		return err
	}
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	typ := s.As
	if typ == "" {
		typ = plan.TypeText
	}
	// A typed read is offered only the texts that read as its type: the
	// year in a row's heading is no money, the product's name no count.
	q := r.question(scr, "text", what, "", nil)
	all := q // every text, to say which one was meant when none reads as the type
	values := map[string]any{}
	texts := map[string]string{}
	refusals := map[string]error{}
	// Each text is parsed once: naming the values and offering them both
	// ask whether a text reads as the type.
	type parse struct {
		v   any
		err error
	}
	parsed := map[string]parse{}
	parseText := func(text string) (any, error) {
		p, ok := parsed[text]
		if !ok {
			p.v, p.err = stdlib.ParseAs(string(typ), text, r.clock.Now())
			parsed[text] = p
		}
		return p.v, p.err
	}
	offer := func(o decide.Option, text, label string) {
		all.Options = append(all.Options, o)
		texts[o.Key] = text
		value := text
		if typ != plan.TypeText {
			if n, ok := decide.LimitIn(what, text); ok {
				// "the minimum age" of "You must be 16 or over" is the
				// 16, whatever other numbers the line holds.
				value = n
			}
		}
		v, err := parseText(value)
		if m, ok := v.(stdlib.Money); ok && err == nil && m.Currency == "" && !amountWords.MatchString(label) {
			// A bare number is money only where its label says it is an
			// amount: "2025" over a table's months is a year.
			err = errNotAmount
		}
		if err != nil {
			refusals[o.Key] = err
			return
		}
		q.Options = append(q.Options, o)
		values[o.Key] = v
	}
	var names map[string]string // a text read keeps its lines as they are
	if typ != plan.TypeText {
		names = valueNames(scr, func(text string) bool {
			_, err := parseText(text)
			return err == nil
		})
	}
	for _, l := range scr.Context {
		o := decide.LineOption(l)
		label := strings.Join(l.Path, " ")
		if name := names[l.Ref]; name != "" {
			named := l
			named.Text = name + ": " + l.Text
			o = decide.LineOption(named)
			label += " " + name
		}
		offer(o, l.Text, label)
	}
	for _, c := range scr.Candidates {
		t := c.Value
		if t == "" {
			t = c.Name
		}
		if strings.TrimSpace(t) == "" || c.InputType == "password" {
			continue
		}
		o := decide.OptionOf(c)
		offer(o, t, c.Name+" "+c.Label+" "+c.Description)
		if _, ok := values[o.Key]; ok && typ == plan.TypeText && c.Value != "" {
			// A field's value is read as written, spaces and all: it is
			// often typed again somewhere that compares it exactly.
			values[o.Key] = c.Value
		}
	}
	opt, err := r.choose(ctx, q)
	if err != nil {
		return err
	}
	if opt == nil && typ != plan.TypeText {
		// Say which text the step means and why it is no value of the
		// type, rather than read another.
		meant, err := r.choose(ctx, all)
		if err != nil {
			return err
		}
		if meant != nil {
			text := texts[meant.Key]
			if perr := refusals[meant.Key]; perr != nil {
				return fail("read a text that shows "+article(typ)+", or read it as text", "%q is not %s: %v", clipText(text, 80), article(typ), perr)
			}
			opt = meant
		}
	}
	if opt == nil {
		return fail("describe the text with words shown next to it ("+screenHint(scr)+")", "found no text that answers %q", what)
	}
	v := values[opt.Key]
	fr.vars[s.Into] = v
	r.cur.report.Note = s.Into + " = " + strconv.Quote(clipText(plan.Render(v), 80))
	return nil
}

// valueNames names each text line that reads as a value (isValue) by the
// texts around it that are no values, so a read can tell one "€120.50"
// from another: what a − N + stepper counts ("quantity"), the other lines
// of its group (the row's month, the card's heading), and the label on
// the line right before it ("Total price", then "€158.27"). Lines with
// nothing around them have no name.
func valueNames(s surfaces.Screen, isValue func(string) bool) map[string]string {
	const maxGroupTexts = 3
	value := make([]bool, len(s.Context))
	groups := map[string][]string{}
	for i, l := range s.Context {
		value[i] = isValue(l.Text)
		k := strings.Join(l.Path, "\x00")
		if !value[i] && len(l.Path) > 0 && len(groups[k]) < maxGroupTexts && len(l.Text) <= 80 {
			groups[k] = append(groups[k], l.Text)
		}
	}
	counts := stepperCounts(s)
	out := map[string]string{}
	for i, l := range s.Context {
		if !value[i] {
			continue
		}
		var parts []string
		if g := groups[strings.Join(l.Path, "\x00")]; len(g) > 0 {
			parts = append(parts, strings.Join(g, " · "))
		}
		if name, ok := counts[l.Ref]; ok {
			parts = append(parts, name)
		} else if i > 0 && !value[i-1] && slices.Equal(s.Context[i-1].Path, l.Path) && len(s.Context[i-1].Path) == 0 && len(s.Context[i-1].Text) <= 60 {
			parts = append(parts, s.Context[i-1].Text) // a label outside any group
		}
		out[l.Ref] = strings.Join(parts, " · ")
	}
	return out
}
