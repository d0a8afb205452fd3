package guard

import (
	"encoding/json"
	"net/url"
	"strings"
	"sync"
	"testing"
)

func TestMask(t *testing.T) {
	m := NewMasker(map[string]string{
		"password":    "hunter2 & <go>",
		"card_number": "4111 1111 1111 1111",
		"cvv":         "123",
		"pin":         "7",
		"empty":       "",
		"long":        "s3cr3t-s3cr3t",
		"short":       "s3cr3t",
	})
	tests := []struct{ in, want string }{
		{"", ""},
		{"nothing secret here", "nothing secret here"},
		{"typed hunter2 & <go> into password", "typed ${password} into password"},
		{"hunter2 & <go>", "${password}"},
		{"card 4111 1111 1111 1111 ok", "card ${card_number} ok"},
		{"card 4111111111111111 ok", "card ${card_number} ok"},    // the digits alone
		{"card 4111-1111-1111-1111 ok", "card ${card_number} ok"}, // grouped with dashes
		{"order 4111 1111 ok", "order 4111 1111 ok"},              // no card number
		{"cvv=123", "cvv=${cvv}"},
		{"flight 1234", "flight ${cvv}4"}, // masking errs on the side of hiding
		{"q=hunter2+%26+%3Cgo%3E&x=1", "q=${password}&x=1"},
		{"/path/hunter2%20&%20%3Cgo%3E", "/path/${password}"},
		{"q=hunter2%20%26%20%3Cgo%3E", "q=${password}"},
		{`{"value":"hunter2 \u0026 \u003cgo\u003e"}`, `{"value":"${password}"}`},
		{`{"value":"hunter2 & <go>"}`, `{"value":"${password}"}`},
		{"<input value=\"hunter2 &amp; &lt;go&gt;\">", "<input value=\"${password}\">"},
		{"7", "${pin}"},
		{"page 7 of 17", "page 7 of 17"},
		{"s3cr3t-s3cr3t and s3cr3t", "${long} and ${short}"},
	}
	for _, tt := range tests {
		if got := m.Mask(tt.in); got != tt.want {
			t.Errorf("Mask(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestMaskNeverLeaks runs values with awkward characters through the
// encodings a trace uses and checks the value is gone from each.
func TestMaskNeverLeaks(t *testing.T) {
	values := []string{`p@ss w"ord\`, "ünïcødé pass", "tab\tand\nnewline", "a+b=c&d", "<script>"}
	secrets := map[string]string{}
	for i, v := range values {
		secrets[string(rune('a'+i))] = v
	}
	m := NewMasker(secrets)
	for _, v := range values {
		wrappedJSON, _ := json.Marshal(map[string]string{"typed": v})
		doubleJSON, _ := json.Marshal(string(wrappedJSON))
		for _, encoded := range []string{
			"before " + v + " after",
			string(wrappedJSON),
			string(doubleJSON),
			"https://x.test/?q=" + url.QueryEscape(v),
			"https://x.test/" + url.PathEscape(v),
		} {
			out := m.Mask(encoded)
			if strings.Contains(out, v) || (len(v) > 3 && strings.Contains(out, url.QueryEscape(v))) {
				t.Errorf("Mask(%q) = %q leaks %q", encoded, out, v)
			}
			if !strings.Contains(out, "${") {
				t.Errorf("Mask(%q) = %q: no placeholder", encoded, out)
			}
		}
	}
}

func TestMaskNilAndConcurrent(t *testing.T) {
	var none *Masker
	if got := none.Mask("x"); got != "x" {
		t.Errorf("nil Masker changed text: %q", got)
	}
	m := NewMasker(map[string]string{"token": "abc123"})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if got := m.Mask("t=abc123"); got != "t=${token}" {
					t.Errorf("got %q", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
