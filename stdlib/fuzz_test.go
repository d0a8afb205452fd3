package stdlib

import (
	"math"
	"testing"
)

// FuzzParsers feeds any text to every parser and ranker: none may panic,
// and a value that is read must read back from its own rendering.
func FuzzParsers(f *testing.F) {
	for _, s := range []string{"€1.234,50", "1 234,50 €", "Thu 24 Dec", "22:40 → 06:15+1", "2h 35m",
		"1 stop", "12,-", "PT2H35M", "24/12/26", "7:45 pm", "-€5", "₹1,23,456", "closest to 9:00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := ParseMoney(s); err == nil && !math.IsInf(m.Amount, 0) && math.Abs(m.Amount) < 1e15 {
			rounded := Money{math.Round(m.Amount*100) / 100, m.Currency}
			if back, err := ParseMoney(m.String()); err != nil || math.Abs(back.Amount-rounded.Amount) > 1e-9 || back.Currency != m.Currency {
				t.Errorf("ParseMoney(%q) = %v, which reads back as %v, %v", s, m, back, err)
			}
		}
		if d, err := ParseDate(s, ref); err == nil {
			if back, err := ParseDate(d.String(), ref); err != nil || back != d {
				t.Errorf("ParseDate(%q) = %v, which reads back as %v, %v", s, d, back, err)
			}
		}
		if m, err := ParseClock(s); err == nil {
			if m < 0 || m >= 24*60 {
				t.Errorf("ParseClock(%q) = %d", s, m)
			}
		}
		_, _ = ParseNumber(s)
		_, _ = ParseDuration(s)
		_, _ = ParseStops(s)
		_, _ = ParseBool(s)
		for _, typ := range []string{"text", "number", "bool", "date", "money", "email", "url", "list"} {
			_, _ = ParseAs(typ, s, ref)
		}
		_ = FindPrices(s)
		_ = FindClocks(s)
		_ = FindDurations(s)
		if c, ok := ParseCriterion(s); ok {
			if _, err := Rank(c, []string{s, "€12 07:45 - 09:00 1h15 nonstop"}); err != nil {
				_ = err.Error()
			}
		}
	})
}
