package stdlib

import (
	"reflect"
	"testing"
	"time"
)

func TestParseClock(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"07:45", 7*60 + 45},
		{"7:45", 7*60 + 45},
		{"00:00", 0},
		{"23:59", 23*60 + 59},
		{"07:45:30", 7*60 + 45},
		{"7:45 pm", 19*60 + 45},
		{"7:45PM", 19*60 + 45},
		{"7:45 p.m.", 19*60 + 45},
		{"7.45pm", 19*60 + 45},
		{"12:00 am", 0},
		{"12:30 pm", 12*60 + 30},
		{"12 pm", 12 * 60},
		{"7 am", 7 * 60},
		{"11 a.m.", 11 * 60},
		{"19h45", 19*60 + 45},
		{"19h", 19 * 60},
		{"19.45", 19*60 + 45},
		{"0745", 7*60 + 45},
		{"2359", 23*60 + 59},
		{"noon", 12 * 60},
		{"Midnight", 0},
		{" 09:05 ", 9*60 + 5},
	}
	for _, tt := range tests {
		got, err := ParseClock(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseClock(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "24:00", "7:60", "13 pm", "0 am", "2460", "745", "7:5", "soon", "07:45 tomorrow", "2h 35m"} {
		if got, err := ParseClock(in); err == nil {
			t.Errorf("ParseClock(%q) = %d; want an error", in, got)
		}
	}
}

func TestFindClocks(t *testing.T) {
	tests := []struct {
		in   string
		want []Clock
	}{
		{"07:45 – 10:20", []Clock{{465, 0}, {620, 0}}},
		{"22:40 → 06:15+1", []Clock{{1360, 0}, {375, 1}}},
		{"22:40 → 06:15 (+1)", []Clock{{1360, 0}, {375, 1}}},
		{"22:40 - 06:15 +1 day", []Clock{{1360, 0}, {375, 1}}},
		{"22:40–06:15⁺¹", []Clock{{1360, 0}, {375, 1}}},
		{"Departs 7:45 AM · Arrives 1:05 PM", []Clock{{465, 0}, {785, 0}}},
		{"Departs 7 am, arrives 11 am", []Clock{{420, 0}, {660, 0}}},
		{"19h45 – 22h10 · 2h25", []Clock{{1185, 0}, {1330, 0}}},
		{"LH 1234 · 07:45 → 10:20 · 2h 35m · Nonstop · €189.99", []Clock{{465, 0}, {620, 0}}},
		{"€12.50 for 2h 30m, 1h05 layover", nil},
		{"Boarding 25:00, gate 12", nil},
	}
	for _, tt := range tests {
		got := FindClocks(tt.in)
		if len(got) != 0 || len(tt.want) != 0 {
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FindClocks(%q) = %v; want %v", tt.in, got, tt.want)
			}
		}
	}
	if s := (Clock{375, 1}).String(); s != "06:15+1" {
		t.Errorf("Clock.String = %q", s)
	}
}

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"2h 35m", 2*time.Hour + 35*time.Minute},
		{"2h35m", 2*time.Hour + 35*time.Minute},
		{"2 h 35 min", 2*time.Hour + 35*time.Minute},
		{"2 hrs 35 mins", 2*time.Hour + 35*time.Minute},
		{"2 hours and 35 minutes", 2*time.Hour + 35*time.Minute},
		{"2 Std. 35 Min.", 2*time.Hour + 35*time.Minute},
		{"155 min", 155 * time.Minute},
		{"45m", 45 * time.Minute},
		{"1h05", time.Hour + 5*time.Minute},
		{"2 h 35", 2*time.Hour + 35*time.Minute},
		{"19h45", 19*time.Hour + 45*time.Minute},
		{"1h", time.Hour},
		{"1.5 h", 90 * time.Minute},
		{"1,5 h", 90 * time.Minute},
		{"1 day 2h", 26 * time.Hour},
		{"1d 2h 5m", 26*time.Hour + 5*time.Minute},
		{"2:35", 2*time.Hour + 35*time.Minute},
		{"PT2H35M", 2*time.Hour + 35*time.Minute},
		{"PT45M", 45 * time.Minute},
		{"P1DT2H", 26 * time.Hour},
		{"pt2h", 2 * time.Hour},
		{"0 min", 0},
		{"90 seconds", 90 * time.Second},
	}
	for _, tt := range tests {
		got, err := ParseDuration(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "soon", "2", "PT", "P", "2:75", "1h75", "2 hours by car", "h m"} {
		if got, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) = %v; want an error", in, got)
		}
	}
}

func TestFindDurations(t *testing.T) {
	tests := []struct {
		in   string
		want []time.Duration
	}{
		{"07:45 → 10:20 · 2h 35m · 1 stop", []time.Duration{155 * time.Minute}},
		{"Duration: 2 hrs 5 mins, nonstop", []time.Duration{125 * time.Minute}},
		{"19h45 – 22h10 · 2h25", []time.Duration{145 * time.Minute}},
		{"Total 13h 20m incl. 1h 5m layover", []time.Duration{800 * time.Minute, 65 * time.Minute}},
		{"Travel time 155 min", []time.Duration{155 * time.Minute}},
		{"Trip PT4H10M", []time.Duration{250 * time.Minute}},
		{"07:00-09:35 2h35m direct", []time.Duration{155 * time.Minute}},
		{"€189 · 3 stops", nil},
	}
	for _, tt := range tests {
		got := FindDurations(tt.in)
		if len(got) != 0 || len(tt.want) != 0 {
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FindDurations(%q) = %v; want %v", tt.in, got, tt.want)
			}
		}
	}
}

func TestParseStops(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"nonstop", 0}, {"Nonstop", 0}, {"non-stop", 0}, {"Non stop", 0}, {"Direct", 0},
		{"direct flight", 0}, {"no stops", 0}, {"0 stops", 0}, {"1 stop", 1}, {"2 stops", 2},
		{"1 stop (FRA)", 1}, {"one stopover", 1}, {"two layovers", 2}, {"3 changes", 3},
		{"1-stop", 1}, {"2+ stops", 2}, {"07:45 → 13:10 · 5h 25m · 1 stop in Paris · €120", 1},
		{"1 stop · cheaper than direct", 1},
	}
	for _, tt := range tests {
		got, err := ParseStops(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseStops(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "stop", "Stop & shop", "bus stops nearby: many", "director"} {
		if got, err := ParseStops(in); err == nil {
			t.Errorf("ParseStops(%q) = %d; want an error", in, got)
		}
	}
}
