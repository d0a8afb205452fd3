package runtime

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"flow/plan"
	"flow/stdlib"
	"flow/surfaces"
)

// A date picker is a grid of day buttons under a month heading, with
// buttons that page to the next and previous month. Sites name the days
// in full ("Friday 15 January 2027") or by number under the heading
// ("January 2027" over "15"); the runtime reads both, pages towards the
// wanted month and presses the day.

var (
	nextName = regexp.MustCompile(`(?i)\b(next|forward|later)\b|^\s*[›»→>⟩❯]\s*$`)
	prevName = regexp.MustCompile(`(?i)\b(prev|previous|back|earlier)\b|^\s*[‹«←<⟨❮]\s*$`)
	dayNum   = regexp.MustCompile(`^\s*(\d{1,2})\s*$`)
	yearWord = regexp.MustCompile(`\b\d{4}\b`)
)

// maxMonthPages bounds how far a picker is paged: three years.
const maxMonthPages = 36

// dayCell is one pressable day of a picker.
type dayCell struct {
	c    surfaces.Candidate
	date stdlib.Date
}

// dayCells returns the days a screen's picker shows: the largest group of
// date-named controls on one ancestor path, so a date on a flight card
// elsewhere on the page is not taken for a day of the calendar.
func dayCells(s surfaces.Screen, now time.Time) []dayCell {
	groups := map[string][]dayCell{}
	var order []string
	add := func(c surfaces.Candidate, d stdlib.Date) {
		// The weeks of a month are rows of one table: a day's group is
		// its path without the row it sits in.
		var path []string
		for _, p := range c.Path {
			if !strings.HasPrefix(p, "row #") && !strings.HasPrefix(p, `row "`) {
				path = append(path, p)
			}
		}
		k := c.Frame + "\x00" + strings.Join(path, "\x00")
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], dayCell{c, d})
	}
	headings := monthHeadings(s, now)
	for i, c := range s.Candidates {
		if !optionRoles[c.Role] && c.Role != "cell" {
			continue
		}
		if m := dayNum.FindStringSubmatch(c.Name); m != nil {
			// A bare day number belongs to the nearest month heading before it.
			day, _ := strconv.Atoi(m[1])
			if h, ok := headingBefore(headings, i); ok {
				d := stdlib.Date{Year: h.Year, Month: h.Month, Day: day}
				if stdlib.DateOf(d.Time()) == d {
					add(c, d)
				}
			}
			continue
		}
		if d, ok := fullDate(c.Name, now); ok {
			add(c, d)
		}
	}
	var best []dayCell
	for _, k := range order {
		if len(groups[k]) > len(best) {
			best = groups[k]
		}
	}
	return best
}

// fullDate reads a control name that is a whole date with a month (a
// weekday and year are optional); plain numbers and texts without a month
// are not dates here.
func fullDate(name string, now time.Time) (stdlib.Date, bool) {
	if len(name) > 60 || strings.IndexFunc(name, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
		return stdlib.Date{}, false
	}
	d, err := stdlib.ParseDate(name, now)
	return d, err == nil
}

// monthHeading is a "January 2027" text and where it stands among the
// candidates.
type monthHeading struct {
	stdlib.Date
	next int
}

// monthHeadings finds the month-and-year texts of a screen.
func monthHeadings(s surfaces.Screen, now time.Time) []monthHeading {
	var out []monthHeading
	for _, l := range s.Context {
		t := strings.TrimSpace(l.Text)
		if len(strings.Fields(t)) > 3 || !yearWord.MatchString(t) {
			continue
		}
		if d, err := stdlib.ParseDate("1 "+t, now); err == nil && d.Day == 1 {
			out = append(out, monthHeading{d, l.Next})
		}
	}
	return out
}

func headingBefore(hs []monthHeading, i int) (monthHeading, bool) {
	var best monthHeading
	found := false
	for _, h := range hs {
		if h.next <= i && (!found || h.next >= best.next) {
			best, found = h, true
		}
	}
	return best, found
}

// pickDay presses want in an open picker, paging months towards it, and
// checks that the page then shows the date.
func (r *runner) pickDay(ctx context.Context, s *plan.Step, field string, want stdlib.Date) error {
	var shown string // the range of days of the last look, to see paging stall
	for pages := 0; ; pages++ {
		scr, err := r.observe(ctx)
		if err != nil {
			return err
		}
		now := r.clock.Now()
		days := dayCells(scr, now)
		if len(days) == 0 {
			return fail("open the date picker first, or enter the date if the field takes typing",
				"no calendar of days shows for %q", field)
		}
		first, last := days[0].date, days[0].date
		for _, d := range days {
			if d.date == want {
				if d.c.Has(surfaces.StateDisabled) {
					return fail("the page does not offer that day; choose another date", "%s cannot be chosen: the day is disabled", want)
				}
				return r.pressDay(ctx, d.c, want)
			}
			if d.date.Time().Before(first.Time()) {
				first = d.date
			}
			if d.date.Time().After(last.Time()) {
				last = d.date
			}
		}
		dir := nextName
		if want.Time().Before(first.Time()) {
			dir = prevName
		}
		if !want.Time().Before(first.Time()) && !want.Time().After(last.Time()) || first.String()+last.String() == shown {
			return fail("the page does not offer that day; choose another date", "the calendar shows %s to %s but no day %s", first, last, want)
		}
		shown = first.String() + last.String()
		if pages == maxMonthPages {
			return fail("choose a date nearer to the month shown", "%s is more than %d months from the calendar's %s", want, maxMonthPages, first)
		}
		nav, ok := pageButton(scr, days[0].c, dir)
		if !ok {
			return fail("the calendar has no button to the month of "+want.String(), "cannot page the calendar from %s to %s", first, want)
		}
		if err := r.click(ctx, nav, "paging with", "the calendar may be covered; close what covers it first"); err != nil {
			return err
		}
	}
}

// pageButton finds the button that pages the picker holding day in the
// direction dir names: the enabled match whose path shares most with the
// day's.
func pageButton(s surfaces.Screen, day surfaces.Candidate, dir *regexp.Regexp) (surfaces.Candidate, bool) {
	best, score := surfaces.Candidate{}, -1
	for _, c := range s.Candidates {
		if c.Role != "button" && c.Role != "link" || c.Has(surfaces.StateDisabled) || c.Frame != day.Frame || !dir.MatchString(c.Name) {
			continue
		}
		n := 0
		for n < len(c.Path) && n < len(day.Path) && c.Path[n] == day.Path[n] {
			n++
		}
		if n > score {
			best, score = c, n
		}
	}
	return best, score >= 0
}

// pressDay presses a day and checks the date now shows: in a field's
// value or a control's name, or as the selected day.
func (r *runner) pressDay(ctx context.Context, c surfaces.Candidate, want stdlib.Date) error {
	if err := r.click(ctx, c, "choosing", "the day may be covered; close what covers it first"); err != nil {
		return err
	}
	after, err := r.observe(ctx)
	if err != nil {
		return err
	}
	now := r.clock.Now()
	for _, d := range dayCells(after, now) {
		if d.date == want && (d.c.Has(surfaces.StateSelected) || d.c.Has(surfaces.StateChecked)) {
			return nil
		}
	}
	for _, x := range after.Candidates {
		for _, t := range []string{x.Value, x.Name} {
			if t != "" && showsDate(t, want, now) {
				return nil
			}
		}
	}
	return fail("the page did not take the date; check the picker by hand", "pressed %s but %s does not show as chosen", c.Summary(), want)
}

// numericDate is a date written in numbers: 12/09/2016, 9.12.16.
var numericDate = regexp.MustCompile(`\b(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})\b`)

// showsDate reports whether text shows want: as a date that reads as want,
// or in numbers in either order of day and month (12/09/2016 is 9
// December where the site writes the month first; the field shows the
// day that was just pressed, so either reading that gives want is it).
func showsDate(text string, want stdlib.Date, now time.Time) bool {
	if d, err := stdlib.ParseDate(text, now); err == nil && d == want {
		return true
	}
	for _, m := range numericDate.FindAllStringSubmatch(text, -1) {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		y, _ := strconv.Atoi(m[3])
		if len(m[3]) == 2 {
			y += 2000
		}
		if y == want.Year && (a == want.Day && b == want.Month || a == want.Month && b == want.Day) {
			return true
		}
	}
	return false
}

// dateControl reports whether c is where a date is set: a date field, or
// a read-only field or button that opens a picker.
func dateControl(c surfaces.Candidate) bool {
	return c.InputType == "date" || c.InputType == "datetime-local" || c.Has(surfaces.StateReadonly) && isField(c) ||
		c.Role == "combobox" || c.Role == "button"
}

// chooseDate sets want on the control c: a native date field is typed
// into; anything else is opened and the day pressed in its picker.
func (r *runner) chooseDate(ctx context.Context, s *plan.Step, field string, c surfaces.Candidate, want stdlib.Date) error {
	if (c.InputType == "date" || c.InputType == "datetime-local") && c.Editable {
		out, err := r.act(ctx, surfaces.Fill(c.Ref, want.String()), c.Summary())
		if err != nil {
			if recoverable(err) {
				return fail("the field may be covered or disabled", "typing the date into %s: %v", c.Summary(), err)
			}
			return err
		}
		if !out.ReadbackOK {
			return fail("the field may refuse the date; check its limits", "typed %s into %s but it reads %q", want, c.Summary(), out.Readback)
		}
		return nil
	}
	if err := r.refuse(c); err != nil {
		return err
	}
	if !c.Has(surfaces.StateExpanded) {
		if _, err := r.act(ctx, surfaces.Click(c.Ref), c.Summary()); err != nil && !recoverable(err) {
			return err
		}
	}
	return r.pickDay(ctx, s, field, want)
}
