package stdlib

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseAs(t *testing.T) {
	tests := []struct {
		typ, text string
		want      any
	}{
		{"text", "  Lisbon ", "Lisbon"},
		{"number", "3 results", 3.0},
		{"bool", "Yes", true},
		{"date", "Thu 24 Dec", Date{2026, 12, 24}},
		{"money", "Total: €1.234,50", Money{1234.5, "EUR"}},
		{"money", "EUR 1,234.50", Money{1234.5, "EUR"}},
		{"money", "1 234,50 €", Money{1234.5, "EUR"}},
		{"money", "$12", Money{12, "USD"}},
		{"money", "12.50", Money{12.5, ""}},
		{"email", "Contact: ada@example.com.", "ada@example.com"},
		{"url", "See https://example.com/a?b=1.", "https://example.com/a?b=1"},
		{"list", "Lisbon\n\n Oslo \nRome", []string{"Lisbon", "Oslo", "Rome"}},
		{"list", "red, green, blue", []string{"red", "green", "blue"}},
		{"list", "", []string(nil)},
	}
	for _, tt := range tests {
		got, err := ParseAs(tt.typ, tt.text, ref)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseAs(%q, %q) = %#v, %v; want %#v", tt.typ, tt.text, got, err, tt.want)
		}
	}
	for _, tt := range []struct{ typ, text, wantErr string }{
		{"number", "none", `cannot read "none" as number`},
		{"email", "no address", "no email address found"},
		{"email", "a@x.io or b@y.io", "2 different ones (a@x.io, b@y.io)"},
		{"url", "nothing", "no url found"},
		{"date", "soon", "no date found"},
		{"money", "March 2025", `cannot read "March 2025" as money: it reads as a date`},
		{"money", "INV-2025-03", "a reference number"},
		{"money", "3 items", "a count with a unit"},
		{"money", "15%", "a percentage"},
		{"money", "Total: 120.50", "money needs a currency"},
		{"colour", "red", `"colour" is not a flow type`},
	} {
		got, err := ParseAs(tt.typ, tt.text, ref)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) || got != nil {
			t.Errorf("ParseAs(%q, %q) = %#v, %v; want nil and %q", tt.typ, tt.text, got, err, tt.wantErr)
		}
	}
}
