package surfaces

import "testing"

func TestOriginPatterns(t *testing.T) {
	rules, err := ParseOrigins([]string{"shop.example", "api.example:8443", "*.cdn.example", "https://pay.example"})
	if err != nil {
		t.Fatal(err)
	}
	for url, want := range map[string]bool{
		"http://shop.example/a":        true,
		"https://shop.example:9000/":   true, // a bare host allows any port
		"https://api.example:8443/x":   true,
		"https://api.example/x":        false,
		"https://img.cdn.example/p":    true,
		"https://cdn.example/p":        true,
		"https://evilcdn.example/":     false,
		"https://pay.example/checkout": true,
		"http://pay.example/":          false, // a URL pins the scheme
		"https://pay.example:444/":     false,
		"https://other.example/":       false,
		"about:blank":                  true,
		"ftp://shop.example/":          false,
	} {
		if got := rules.Allows(url); got != want {
			t.Errorf("allowed(%s) = %v, want %v", url, got, want)
		}
	}
	for _, bad := range []string{"shop.*.example", "https://", "a/b"} {
		if _, err := ParseOrigins([]string{bad}); err == nil {
			t.Errorf("pattern %q accepted", bad)
		}
	}
	if !(Origins{}).Allows("https://anything.example/") {
		t.Errorf("an empty allow list must allow everything")
	}
}
