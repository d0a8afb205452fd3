package stdlib

import (
	"math"
	"testing"
)

func TestRender(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{nil, ""},
		{"Lisbon", "Lisbon"},
		{"", ""},
		{true, "true"},
		{false, "false"},
		{1.0, "1"},
		{2.5, "2.5"},
		{-0.125, "-0.125"},
		{1e6, "1000000"},
		{1e21, "1000000000000000000000"},
		{1.0 / 3, "0.3333333333333333"},
		{float32(2.5), "2.5"},
		{3, "3"},
		{int64(-7), "-7"},
		{uint(4), "4"},
		{math.Inf(1), "+Inf"},
		{Money{12.5, "EUR"}, "12.50 EUR"},
		{Money{1234, "USD"}, "1234.00 USD"},
		{Money{-5, "GBP"}, "-5.00 GBP"},
		{Money{3, ""}, "3.00"},
		{&Money{0.5, "CHF"}, "0.50 CHF"},
		{Date{2026, 12, 24}, "2026-12-24"},
		{Date{987, 1, 2}, "0987-01-02"},
		{&Date{2027, 1, 1}, "2027-01-01"},
		{[]string{"a", "b", "c"}, "a, b, c"},
		{[]string{}, ""},
		{[]any{"x", 2.0, true, Money{1, "EUR"}}, "x, 2, true, 1.00 EUR"},
	}
	for _, tt := range tests {
		if got := Render(tt.in); got != tt.want {
			t.Errorf("Render(%#v) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
