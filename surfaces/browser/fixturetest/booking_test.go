package fixturetest

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"flow/surfaces"
	"flow/surfaces/browser"
)

// actObserve performs op on s and observes the screen after it.
func actObserve(t *testing.T, s *browser.Surface, op surfaces.Operation) surfaces.Screen {
	t.Helper()
	ctx := testCtx(t)
	if _, err := s.Act(ctx, op); err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	sc, err := s.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// travellersCount is the text the stepper shows between its buttons: the
// context line inside the Travellers group placed before "Add an adult".
func travellersCount(t *testing.T, sc surfaces.Screen) string {
	t.Helper()
	inc := slices.IndexFunc(sc.Candidates, func(c surfaces.Candidate) bool { return c.Name == "Add an adult" })
	for _, l := range sc.Context {
		if l.Next == inc && slices.Contains(l.Path, `group "Travellers"`) {
			return l.Text
		}
	}
	t.Fatalf("no count between the stepper's buttons:\n%s", sc)
	return ""
}

func TestBookingTravellersStepper(t *testing.T) {
	s, sc, _, _ := openSite(t, "booking", "/")
	sc = actObserve(t, s, surfaces.Click(find(t, sc, "button", "Accept all").Ref))
	dec, inc := find(t, sc, "button", "Remove an adult"), find(t, sc, "button", "Add an adult")
	for _, c := range []surfaces.Candidate{dec, inc} {
		if !slices.Contains(c.Path, `group "Travellers"`) {
			t.Errorf("%s path %v", c.Name, c.Path)
		}
	}
	if got := travellersCount(t, sc); got != "1 adult" || !dec.Has(surfaces.StateDisabled) || inc.Has(surfaces.StateDisabled) {
		t.Fatalf("at the start the stepper reads %q, minus %v, plus %v", got, dec.States, inc.States)
	}
	// Real clicks up to the most, reading the count back after each.
	for n := 2; n <= 9; n++ {
		sc = actObserve(t, s, surfaces.Click(find(t, sc, "button", "Add an adult").Ref))
		if got, want := travellersCount(t, sc), strconv.Itoa(n)+" adults"; got != want {
			t.Fatalf("after %d clicks on + the count reads %q, want %q", n-1, got, want)
		}
	}
	if !find(t, sc, "button", "Add an adult").Has(surfaces.StateDisabled) || find(t, sc, "button", "Remove an adult").Has(surfaces.StateDisabled) {
		t.Errorf("at 9 adults:\n%s", sc)
	}
	sc = actObserve(t, s, surfaces.Click(find(t, sc, "button", "Remove an adult").Ref))
	if got := travellersCount(t, sc); got != "8 adults" {
		t.Errorf("after − the count reads %q", got)
	}
	// The form submits the count: search and read it off the results URL.
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "combobox", "Where from?").Ref, "Lisbon"))
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "combobox", "Where to?").Ref, "Oslo"))
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "textbox", "Departure date").Ref, "2026-12-24"))
	res := actObserve(t, s, surfaces.Click(find(t, sc, "button", "Search flights").Ref))
	u, err := url.Parse(res.URL)
	if err != nil || u.Path != "/results.html" || u.Query().Get("adults") != "8" {
		t.Fatalf("the search went to %s", res.URL)
	}
	if !contextHas(res, "8 travellers") {
		t.Errorf("the results do not say 8 travellers:\n%s", res)
	}
}

func contextHas(sc surfaces.Screen, text string) bool {
	return slices.ContainsFunc(sc.Context, func(l surfaces.ContextLine) bool { return strings.Contains(l.Text, text) })
}

// heading returns the text of the first heading inside path element in.
func heading(sc surfaces.Screen, in string) string {
	for _, l := range sc.Context {
		if l.Role == "heading" && slices.Contains(l.Path, in) {
			return l.Text
		}
	}
	return ""
}

func TestBookingReturnDateCalendar(t *testing.T) {
	const calendar = `dialog "Choose return date"`
	// Dates from today, so the calendar never disables them as past.
	today := time.Now()
	depart := time.Date(today.Year(), today.Month(), today.Day()+30, 0, 0, 0, 0, time.Local)
	if depart.Day() == 1 {
		depart = depart.AddDate(0, 0, 1) // keep the day before it in its month
	}
	ret := time.Date(depart.Year(), depart.Month()+1, 15, 0, 0, 0, 0, time.Local)
	full := func(d time.Time) string { return d.Format("Monday 2 January 2006") }

	s, sc, _, _ := openSite(t, "booking", "/")
	sc = actObserve(t, s, surfaces.Click(find(t, sc, "button", "Accept all").Ref))
	if len(sc.Find("textbox", "Return date")) != 0 {
		t.Errorf("a one-way search shows a return date")
	}
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "combobox", "Where from?").Ref, "Porto"))
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "combobox", "Where to?").Ref, "Berlin"))
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "textbox", "Departure date").Ref, depart.Format(time.DateOnly)))
	sc = actObserve(t, s, surfaces.Check(find(t, sc, "radio", "Return").Ref))
	field := find(t, sc, "textbox", "Return date")
	if field.Placeholder != "Add date" || !field.Has(surfaces.StateReadonly) || field.Value != "" {
		t.Errorf("return date field: %+v", field)
	}
	// The field takes no typing: only its calendar fills it.
	if _, err := s.Act(testCtx(t), surfaces.Fill(field.Ref, "15/01/2027")); err == nil {
		t.Errorf("typing into the read-only return date was accepted")
	}

	sc = actObserve(t, s, surfaces.Click(field.Ref))
	if got, want := heading(sc, calendar), depart.Format("January 2006"); got != want {
		t.Fatalf("the calendar opens on %q, want %q:\n%s", got, want, sc)
	}
	if !find(t, sc, "button", full(depart.AddDate(0, 0, -1))).Has(surfaces.StateDisabled) ||
		find(t, sc, "button", full(depart)).Has(surfaces.StateDisabled) {
		t.Errorf("days before the departure must be disabled, the departure day not:\n%s", sc)
	}
	sc = actObserve(t, s, surfaces.Click(find(t, sc, "button", "Next month").Ref))
	if got, want := heading(sc, calendar), ret.Format("January 2006"); got != want {
		t.Fatalf("after Next month the calendar shows %q, want %q", got, want)
	}
	day := find(t, sc, "button", full(ret))
	if !slices.Contains(day.Path, calendar) {
		t.Errorf("day button path %v", day.Path)
	}
	sc = actObserve(t, s, surfaces.Click(day.Ref))
	if len(sc.Find("button", "Next month")) != 0 {
		t.Errorf("the calendar stays open after choosing a day:\n%s", sc)
	}
	if got, want := find(t, sc, "textbox", "Return date").Value, ret.Format("Mon 2 Jan 2006"); got != want {
		t.Errorf("the return date field shows %q, want %q", got, want)
	}

	// The hidden field carries the ISO date into the search.
	res := actObserve(t, s, surfaces.Click(find(t, sc, "button", "Search flights").Ref))
	u, err := url.Parse(res.URL)
	if err != nil || u.Path != "/results.html" {
		t.Fatalf("the search went to %s:\n%s", res.URL, sc)
	}
	if q := u.Query(); q.Get("return") != ret.Format(time.DateOnly) || q.Get("date") != depart.Format(time.DateOnly) || q.Get("trip") != "return" {
		t.Errorf("search query %v", q)
	}
	if !contextHas(res, "(return)") {
		t.Errorf("the results do not show the return date:\n%s", res)
	}
}
