package stdlib

import (
	"errors"
	"testing"
)

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"0", 0},
		{"12", 12},
		{"-3", -3},
		{"+3", 3},
		{"− 4.5", -4.5},
		{"12.5", 12.5},
		{"12,5", 12.5},
		{"0.125", 0.125},
		{"0,125", 0.125},
		{"1,234", 1234},
		{"1.234", 1234},
		{"123,456", 123456},
		{"1234.567", 1234.567},
		{"1234,567", 1234.567},
		{"1,234.5", 1234.5},
		{"1.234,5", 1234.5},
		{"1,234,567", 1234567},
		{"1.234.567,89", 1234567.89},
		{"1,234,567.89", 1234567.89},
		{"1 234,50", 1234.5},
		{"1\u00a0234,50", 1234.5},
		{"1\u202f234,50", 1234.5},
		{"1\u2009234.50", 1234.5},
		{"12 345 678", 12345678},
		{"1'234.50", 1234.5},
		{"1’234’567", 1234567},
		{"1,23,456.75", 123456.75},
		{"12,-", 12},
		{"12.–", 12},
		{"007", 7},
		{"1e3", 1000},
		{".5", 0.5},
		{"  42  ", 42},
		{"12 items", 12},
		{"about 3.5 km", 3.5},
		{"Rating: 4,7", 4.7},
		{"2 of 2", 2},
		{"temperature -4 today", -4},
	}
	for _, tt := range tests {
		got, err := ParseNumber(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseNumberErrors(t *testing.T) {
	for _, in := range []string{
		"", "   ", "abc", "inf", "NaN", "Infinity", "1,2,3", "1.23.4", "1,2345,678",
		"1..2", "1,,2", "12,50,-", "2 adults, 1 child", "12.05.2026", "1.234,567.8", "A320",
	} {
		got, err := ParseNumber(in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Type != "number" {
			t.Errorf("ParseNumber(%q) = %v, %v; want a number ParseError", in, got, err)
		}
	}
}

func TestParseNumberErrorListsCandidates(t *testing.T) {
	_, err := ParseNumber("2 adults, 1 child")
	if err == nil || err.Error() != `cannot read "2 adults, 1 child" as number: 2 different numbers (2, 1); say which one` {
		t.Fatalf("err = %v", err)
	}
}

func TestParseBool(t *testing.T) {
	for in, want := range map[string]bool{
		"true": true, "TRUE": true, "yes": true, "Y": true, "on": true, "1": true, "checked": true,
		"false": false, "No": false, "n": false, " off ": false, "0": false, "unchecked": false,
	} {
		got, err := ParseBool(in)
		if err != nil || got != want {
			t.Errorf("ParseBool(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "maybe", "2", "truthy"} {
		if _, err := ParseBool(in); err == nil {
			t.Errorf("ParseBool(%q): no error", in)
		}
	}
}
