package runtime

import (
	"testing"
	"time"

	"flow/stdlib"
	"flow/surfaces"
)

func TestDateTypedAsTheFieldShows(t *testing.T) {
	day := stdlib.Date{Year: 2027, Month: 1, Day: 5}
	cases := []struct {
		name  string
		field surfaces.Candidate
		after string // the line right after the field
		want  string
	}{
		{"placeholder DD/MM/YYYY", surfaces.Candidate{Placeholder: "DD/MM/YYYY"}, "", "05/01/2027"},
		{"placeholder mm/dd/yy", surfaces.Candidate{Placeholder: "mm/dd/yy"}, "", "01/05/27"},
		{"label with ISO format", surfaces.Candidate{Label: "Start date (YYYY-MM-DD)"}, "", "2027-01-05"},
		{"German letters", surfaces.Candidate{Placeholder: "TT.MM.JJJJ"}, "", "05.01.2027"},
		{"an example, day first", surfaces.Candidate{Placeholder: "e.g. 31/12/1999"}, "", "05/01/2027"},
		{"an example, month first", surfaces.Candidate{Description: "For example 12/31/1999"}, "", "01/05/2027"},
		{"a help line under the field", surfaces.Candidate{Name: "Date of travel"}, "Format: D.M.YYYY", "5.1.2027"},
		{"an example that fits both orders tells nothing", surfaces.Candidate{Placeholder: "e.g. 03/04/2020"}, "", "2027-01-05"},
		{"no format shown", surfaces.Candidate{Name: "Departure"}, "", "2027-01-05"},
		{"a native date field takes ISO", surfaces.Candidate{InputType: "date", Placeholder: "dd/mm/yyyy"}, "", "2027-01-05"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := c.field
			f.Ref, f.Role, f.Path = "e1", "textbox", []string{"form"}
			s := surfaces.Screen{Candidates: []surfaces.Candidate{f, {Ref: "e2", Role: "button", Name: "Go", Path: []string{"form"}}}}
			if c.after != "" {
				s.Context = []surfaces.ContextLine{{Ref: "t1", Text: c.after, Path: []string{"form"}, Next: 1}}
			}
			if got := asFieldShows(s, f, day, day.String()); got != c.want {
				t.Errorf("typed %q, want %q", got, c.want)
			}
		})
	}
	// Only dates are reformatted.
	f := surfaces.Candidate{Ref: "e1", Placeholder: "DD/MM/YYYY"}
	if got := asFieldShows(surfaces.Screen{Candidates: []surfaces.Candidate{f}}, f, "2027-01-05", "2027-01-05"); got != "2027-01-05" {
		t.Errorf("a text value was reformatted to %q", got)
	}
}

func TestShowsDate(t *testing.T) {
	want := stdlib.Date{Year: 2016, Month: 12, Day: 9}
	for text, ok := range map[string]bool{
		"12/09/2016":        true, // month first
		"09/12/2016":        true, // day first
		"9.12.16":           true,
		"Friday 9 Dec 2016": true,
		"12/10/2016":        false,
		"09/12/2017":        false,
		"":                  false,
	} {
		if got := showsDate(text, want, time.Time{}); got != ok {
			t.Errorf("showsDate(%q) = %v, want %v", text, got, ok)
		}
	}
}
