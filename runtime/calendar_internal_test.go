package runtime

import (
	"strconv"
	"testing"
	"time"

	"flow/surfaces"
)

// The weeks of a month are rows of one table: the calendar is all of
// them, not the largest week.
func TestDayCellsSpanTheWeeks(t *testing.T) {
	s := surfaces.Screen{Context: []surfaces.ContextLine{{Ref: "t1", Text: "December 2016", Next: 0}}}
	for day := 1; day <= 31; day++ {
		week := "row #" + strconv.Itoa((day+3)/7+1)
		s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: "d" + strconv.Itoa(day), Role: "link",
			Name: strconv.Itoa(day), Path: []string{"main", "table", week}})
	}
	days := dayCells(s, time.Date(2016, 11, 1, 0, 0, 0, 0, time.UTC))
	if len(days) != 31 || days[23].date.Day != 24 || days[23].date.Month != 12 {
		t.Fatalf("found %d days of December, want 31", len(days))
	}
}

func TestFirstNumberKeepsItsSign(t *testing.T) {
	for text, want := range map[string]int{"-5": -5, "−12 °C": -12, "Room-5": 5, "2 adults": 2, "Select 7": 7} {
		if got, ok := firstNumber(text); !ok || got != want {
			t.Errorf("firstNumber(%q) = %d, %v; want %d", text, got, ok, want)
		}
	}
}
