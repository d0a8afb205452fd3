package guard

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzGuard feeds any text to every reader: none may panic, and a masked
// text never holds an alphanumeric secret of three or more characters.
func FuzzGuard(f *testing.F) {
	for _, s := range []string{"Pay €120.50", "🗑 Delete", "Don't send", "remove 1 adult", "sign in", "captcha"} {
		f.Add(s, "hunter2")
	}
	f.Fuzz(func(t *testing.T, text, secret string) {
		_ = Classify(text)
		_ = ClassifyControl("button", text)
		_ = ClassifyPlaced("button", text, []string{secret, "listitem #2", text})
		_, _ = DescribesIrreversible(text)
		_ = GatedBy(text, secret)
		_ = IsSignIn(text)
		_ = IsCardField(secret, text)
		_, _ = HumanWall(text)
		if len(secret) < MinMaskLen || strings.IndexFunc(secret, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
			return
		}
		placeholder := "${x}"
		if strings.Contains(placeholder, secret) {
			return
		}
		if out := NewMasker(map[string]string{"x": secret}).Mask(text); strings.Contains(out, secret) {
			t.Errorf("Mask(%q) with secret %q = %q", text, secret, out)
		}
	})
}
