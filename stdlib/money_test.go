package stdlib

import (
	"reflect"
	"strings"
	"testing"
)

func eur(a float64) Money { return Money{a, "EUR"} }

func TestParseMoney(t *testing.T) {
	tests := []struct {
		in   string
		want Money
	}{
		{"€12.50", eur(12.5)},
		{"€12,50", eur(12.5)},
		{"12,50 €", eur(12.5)},
		{"12.50€", eur(12.5)},
		{"€ 12", eur(12)},
		{"€ 1 234,50", eur(1234.5)},
		{"USD 12", Money{12, "USD"}},
		{"€1.234,50", eur(1234.5)},
		{"€1,234.50", eur(1234.5)},
		{"EUR 1,234.50", eur(1234.5)},
		{"EUR1234.5", eur(1234.5)},
		{"1.234,50 EUR", eur(1234.5)},
		{"1 234,50 €", eur(1234.5)},
		{"1\u00a0234,50\u00a0€", eur(1234.5)},
		{"1\u202f234,50\u202f€", eur(1234.5)},
		{"12.5 EUR", eur(12.5)},
		{"12.5 eur", eur(12.5)},
		{"12 euros", eur(12)},
		{"€1.999", eur(1999)},
		{"€0.99", eur(0.99)},
		{"12,-", Money{12, ""}},
		{"€12,-", eur(12)},
		{"CHF 12.-", Money{12, "CHF"}},
		{"1'234.50 CHF", Money{1234.5, "CHF"}},
		{"Fr. 45.90", Money{45.9, "CHF"}},
		{"$1,234", Money{1234, "USD"}},
		{"$12.99", Money{12.99, "USD"}},
		{"US$ 99", Money{99, "USD"}},
		{"12 dollars", Money{12, "USD"}},
		{"C$20", Money{20, "CAD"}},
		{"A$ 1,000", Money{1000, "AUD"}},
		{"NZ$15", Money{15, "NZD"}},
		{"HK$300", Money{300, "HKD"}},
		{"R$ 49,90", Money{49.9, "BRL"}},
		{"£7.20", Money{7.2, "GBP"}},
		{"GBP 7.20", Money{7.2, "GBP"}},
		{"¥1,234", Money{1234, "JPY"}},
		{"1,234円", Money{1234, "JPY"}},
		{"CN¥88", Money{88, "CNY"}},
		{"₹1,23,456", Money{123456, "INR"}},
		{"Rs. 500", Money{500, "INR"}},
		{"₩15,000", Money{15000, "KRW"}},
		{"1 299 kr", Money{1299, "SEK"}},
		{"1 299 NOK", Money{1299, "NOK"}},
		{"DKK 450,00", Money{450, "DKK"}},
		{"49,99 zł", Money{49.99, "PLN"}},
		{"1 200 Kč", Money{1200, "CZK"}},
		{"-€5.00", eur(-5)},
		{"€-5.00", eur(-5)},
		{"− 12 €", eur(-12)},
		{"-12.50 EUR", eur(-12.5)},
		{"12.50", Money{12.5, ""}},
		{"-3", Money{-3, ""}},
		{"1,234.50", Money{1234.5, ""}},
		{" 1 234,50 ", Money{1234.5, ""}},
		{"2025", Money{2025, ""}}, // alone, an amount: beside a month, a year
		{"Total: €120.50", eur(120.5)},
		{"120.50 EUR", eur(120.5)},
		{"Order #4411 · Total €120.50", eur(120.5)},
		{"3 items · €36.00", eur(36)},
		{"Total: €1,234.50", eur(1234.5)},
		{"Total €120 incl. taxes", eur(120)},
		{"from €89 per person", eur(89)},
		{"€120 · €120 total", eur(120)},
		{"Discount: -€5", eur(-5)},
	}
	for _, tt := range tests {
		got, err := ParseMoney(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseMoney(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

// TestParseMoneyErrors: what is not money is refused, saying why.
func TestParseMoneyErrors(t *testing.T) {
	const (
		date    = "reads as a date"
		id      = "a reference number"
		count   = "a count with a unit"
		percent = "a percentage"
		bare    = "money needs a currency"
	)
	tests := []struct{ in, wantErr string }{
		{"", "the text is empty"},
		{"free", "no amount found"},
		{"Flight LH1234", id},
		{"March 2025", date},
		{"Invoice for March 2025", date},
		{"1 Mar", date},
		{"Dec 24, 2026", date},
		{"2025-03-01", date},
		{"01/03/2025", date},
		{"12.05.2026", date},
		{"Q1 2025", date},
		{"10:45", "a clock time"},
		{"#4411", id},
		{"Order #4411", id},
		{"INV-2025-03", id},
		{"Order 4411", id},
		{"Booking ref. 88231", id},
		{"15%", percent},
		{"-20 %", percent},
		{"12 per cent", percent},
		{"3 items", count},
		{"12 apples", count},
		{"2 adults, 1 child", count},
		{"23 kg", count},
		{"Total: 1,234.50", bare},
		{"about 12.50", bare},
		{"12.50 – 13.00", bare},
		{"1.234.56", bare},
		{"was €150 now €120", "2 different prices (150.00 EUR, 120.00 EUR)"},
		{"€10 - €20", "2 different prices (10.00 EUR, 20.00 EUR)"},
	}
	for _, tt := range tests {
		m, err := ParseMoney(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("ParseMoney(%q) = %v, %v; want an error containing %q", tt.in, m, err, tt.wantErr)
		}
	}
}

func TestFindPrices(t *testing.T) {
	tests := []struct {
		in   string
		want []Money
	}{
		{"LH 1234 · 07:45 → 10:20 · 2h 35m · Nonstop · €189.99", []Money{eur(189.99)}},
		{"Economy Light 1 234,50 € per person, total 2 469,00 €", []Money{eur(1234.5), eur(2469)}},
		{"was $1,299 now $999 (save $300)", []Money{{1299, "USD"}, {999, "USD"}, {300, "USD"}}},
		{"€10–€20 a night", []Money{eur(10), eur(20)}},
		{"€10 - €20", []Money{eur(10), eur(20)}},
		{"Voucher -€15.00 applied", []Money{eur(-15)}},
		{"Price: 45,- incl. shipping", []Money{{45, ""}}},
		{"3 rooms, 2 adults, 12.05.2026", nil},
		{"Boeing 737 seats 189 people", nil},
		{"Bag 23 kg", nil},
		{"12 ft board for 99 USD", []Money{{99, "USD"}}},
		{"TRY again for 50 TRY", []Money{{50, "TRY"}}},
		{"Tickets from ¥8,800 / 8800円", []Money{{8800, "JPY"}, {8800, "JPY"}}},
		{"CHF 1'234.– or EUR 1.200,–", []Money{{1234, "CHF"}, {1200, "EUR"}}},
	}
	for _, tt := range tests {
		got := FindPrices(tt.in)
		if len(got) == 0 && len(tt.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindPrices(%q) = %v; want %v", tt.in, got, tt.want)
		}
	}
}

func TestCurrencyCode(t *testing.T) {
	for marker, want := range map[string]string{"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "CHF": "CHF", "kr": "SEK", "zł": "PLN"} {
		if got, ok := CurrencyCode(marker); !ok || got != want {
			t.Errorf("CurrencyCode(%q) = %q, %v; want %q", marker, got, ok, want)
		}
	}
	if _, ok := CurrencyCode("XYZ"); ok {
		t.Error("CurrencyCode(XYZ) known")
	}
}
