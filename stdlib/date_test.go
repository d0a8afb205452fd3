package stdlib

import (
	"strings"
	"testing"
	"time"
)

// ref is Monday 30 November 2026, the day the tests pretend it is.
var ref = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func TestParseDate(t *testing.T) {
	tests := []struct {
		in   string
		want Date
	}{
		{"2026-12-24", Date{2026, 12, 24}},
		{"2026-12-24T10:00:00Z", Date{2026, 12, 24}},
		{"2026/12/24", Date{2026, 12, 24}},
		{"2027-02-28", Date{2027, 2, 28}},
		{"2028-02-29", Date{2028, 2, 29}},
		{"24/12/2026", Date{2026, 12, 24}},
		{"24.12.2026", Date{2026, 12, 24}},
		{"24-12-2026", Date{2026, 12, 24}},
		{"24/12/26", Date{2026, 12, 24}},
		{"12/24/2026", Date{2026, 12, 24}},
		{"05/06/2027", Date{2027, 6, 5}},
		{"1/2/2027", Date{2027, 2, 1}},
		{"24.12.", Date{2026, 12, 24}},
		{"24/12", Date{2026, 12, 24}},
		{"Order A-3103 · Arrives Thursday 13 March 2025", Date{2025, 3, 13}},
		{"Flight LH 1234 | Mon 5 Jan 2026 | Gate 12", Date{2026, 1, 5}},
		{"24 Dec 2026", Date{2026, 12, 24}},
		{"24 December 2026", Date{2026, 12, 24}},
		{"24th December 2026", Date{2026, 12, 24}},
		{"24th of December, 2026", Date{2026, 12, 24}},
		{"Dec 24, 2026", Date{2026, 12, 24}},
		{"December 24 2026", Date{2026, 12, 24}},
		{"Thu 24 Dec", Date{2026, 12, 24}},
		{"Thu, Dec 24", Date{2026, 12, 24}},
		{"Thursday, 24 December 2026", Date{2026, 12, 24}},
		{"Thu 24 Dec 2026, 07:45", Date{2026, 12, 24}},
		{"Departure: Thu 24 Dec · 7:45 pm", Date{2026, 12, 24}},
		{"24 Sept 2027", Date{2027, 9, 24}},
		{"1st Jan", Date{2027, 1, 1}},
		{"Sat 2 Jan", Date{2027, 1, 2}},
		{"Mon 30 Nov", Date{2026, 11, 30}},
		{"3 Oct", Date{2026, 10, 3}},
		{"24. Dezember 2026", Date{2026, 12, 24}},
		{"Do., 24. Dez.", Date{2026, 12, 24}},
		{"24 décembre 2026", Date{2026, 12, 24}},
		{"jeu. 24 déc.", Date{2026, 12, 24}},
		{"24 de diciembre de 2026", Date{2026, 12, 24}},
		{"24 dicembre 2026", Date{2026, 12, 24}},
		{"today", Date{2026, 11, 30}},
		{"Tomorrow", Date{2026, 12, 1}},
		{"yesterday", Date{2026, 11, 29}},
		{"the day after tomorrow", Date{2026, 12, 2}},
		{"in 3 days", Date{2026, 12, 3}},
		{"in two weeks", Date{2026, 12, 14}},
		{"Friday", Date{2026, 12, 4}},
		{"Monday", Date{2026, 11, 30}},
		{"next Monday", Date{2026, 12, 7}},
		{"next fri", Date{2026, 12, 4}},
	}
	for _, tt := range tests {
		got, err := ParseDate(tt.in, ref)
		if err != nil || got != tt.want {
			t.Errorf("ParseDate(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseDateYearInference(t *testing.T) {
	lateDecember := time.Date(2026, 12, 30, 0, 0, 0, 0, time.UTC)
	for in, want := range map[string]Date{
		"Sat 2 Jan":  {2027, 1, 2},
		"2 Jan":      {2027, 1, 2},
		"28 Dec":     {2026, 12, 28},
		"29 Feb":     {2028, 2, 29},
		"15/06":      {2027, 6, 15},
		"30 Jun":     {2027, 6, 30}, // six months either way: the future wins
		"Wed 30 Jun": {2027, 6, 30},
	} {
		got, err := ParseDate(in, lateDecember)
		if err != nil || got != want {
			t.Errorf("ParseDate(%q, 30 Dec 2026) = %v, %v; want %v", in, got, err, want)
		}
	}
}

func TestParseDateErrors(t *testing.T) {
	tests := []struct {
		in, ref, wantErr string
	}{
		{"", "", "empty"},
		{"soon", "", "no date found"},
		{"2026-02-30", "", "February has no day 30"},
		{"31/04/2026", "", "April has no day 31"},
		{"13/13/2026", "", "13 and 13 cannot be a day and a month"},
		{"Fri 24 Dec 2026", "", "2026-12-24 is a Thursday, not a Friday"},
		{"2026-12", "", "a year and a month without a day"},
		{"Dec 2026", "", "no day of the month"},
		{"24 Dec 123", "", "123 is neither a day nor a year"},
		{"tomorrow", "", "needs a reference day"},
		{"Friday", "", "needs a reference day"},
		{"24 Dec", "", "no reference day"},
		{"2026-12-24 25", "", "beside a full date"},
		{"Sent 3 March 2025 · Due 17 March 2025", "", "two dates"},
		{"Order 3103 · Gate 12", "", "no date found"},
	}
	for _, tt := range tests {
		_, err := ParseDate(tt.in, time.Time{})
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("ParseDate(%q) error = %v; want %q", tt.in, err, tt.wantErr)
		}
	}
}
