package runtime

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestWireValueProperties: any clock time, day, month and week, written in
// any of the ways people write them, becomes the one form Chromium's
// native field takes; a value already in that form, or no value of the
// type, passes unchanged.
func TestWireValueProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 5))
	for range 2000 {
		at := time.Date(1990+r.IntN(60), time.Month(1+r.IntN(12)), 1+r.IntN(28), r.IntN(24), r.IntN(60), 0, 0, time.UTC)
		dotted := strings.ReplaceAll(strings.ReplaceAll(at.Format("3:04 pm"), "am", "a.m."), "pm", "p.m.")
		clocks := []string{at.Format("3:04 PM"), at.Format("3:04pm"), at.Format("15:04"), dotted}
		for _, v := range clocks {
			want := at.Format("15:04")
			if got, _ := wireValue("time", v); got != want {
				t.Fatalf("time %q: got %q, want %q", v, got, want)
			}
		}
		days := []string{at.Format("2 January 2006"), at.Format("Jan 2, 2006"), at.Format("02/01/2006"), at.Format("Monday 2 January 2006")}
		if at.Day() > 12 {
			days = append(days, at.Format("01/02/2006")) // month first, only one way to read it
		}
		for _, v := range days {
			if got, _ := wireValue("date", v); got != at.Format("2006-01-02") {
				t.Fatalf("date %q: got %q, want %s", v, got, at.Format("2006-01-02"))
			}
		}
		if got, _ := wireValue("month", at.Format("January 2006")); got != at.Format("2006-01") {
			t.Fatalf("month %q: got %q", at.Format("January 2006"), got)
		}
		y, w := at.ISOWeek()
		wantWeek := fmt.Sprintf("%04d-W%02d", y, w)
		if got, _ := wireValue("week", fmt.Sprintf("week %d of %d", w, y)); got != wantWeek {
			t.Fatalf("week %d of %d: got %q", w, y, got)
		}
		if got, _ := wireValue("week", at.Format("2 January 2006")); got != wantWeek {
			t.Fatalf("week of %s: got %q, want %s", at.Format("2 January 2006"), got, wantWeek)
		}
		stamp := at.Format("2 January 2006") + " at " + at.Format("3:04 PM")
		if got, _ := wireValue("datetime-local", stamp); got != at.Format("2006-01-02T15:04") {
			t.Fatalf("datetime %q: got %q", stamp, got)
		}
		for typ, wire := range map[string]string{"time": at.Format("15:04"), "date": at.Format("2006-01-02"), "month": at.Format("2006-01"), "week": wantWeek, "datetime-local": at.Format("2006-01-02T15:04")} {
			if got, changed := wireValue(typ, wire); changed || got != wire {
				t.Fatalf("%s %q is the wire form already: got %q, changed %v", typ, wire, got, changed)
			}
		}
	}
	for _, c := range []struct{ typ, v string }{
		{"time", "soon"}, {"time", "25:00"}, {"date", "31/02/2026"}, {"date", "next Tuesday"},
		{"month", "Smarch 2026"}, {"week", "week 60"}, {"datetime-local", "tomorrow"}, {"text", "7:55 PM"}, {"", "14 March 2026"},
	} {
		if got, changed := wireValue(c.typ, c.v); changed || got != c.v {
			t.Errorf("%s %q: got %q, changed %v; want it unchanged", c.typ, c.v, got, changed)
		}
	}
}
