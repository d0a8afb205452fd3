package record

import (
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// clean makes s safe to carry into flow text: valid UTF-8, no control
// characters other than newline and tab.
func clean(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToValidUTF8(s, "")
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if unicode.IsControl(r) || r == utf8.RuneError || r == '\u2028' || r == '\u2029' {
			return -1
		}
		return r
	}, s)
}

// oneLine collapses all white space of s into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// looksLikeCardNumber reports whether v is 13–19 digits (spaces and dashes
// allowed between them) that pass the Luhn check.
func looksLikeCardNumber(v string) bool {
	var digits []byte
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
		case c == ' ' || c == '-':
		default:
			return false
		}
	}
	if len(digits) < 13 || len(digits) > 19 {
		return false
	}
	sum := 0
	for i := range digits {
		d := int(digits[len(digits)-1-i] - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// digitsOnly drops everything but digits from v.
func digitsOnly(v string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, v)
}

// A factType is one of the language's fact types a recorded value can
// take.
type factType string

const (
	typeText   factType = "text"
	typeNumber factType = "number"
	typeDate   factType = "date"
	typeEmail  factType = "email"
	typeURL    factType = "url"
	typeMoney  factType = "money"
)

var (
	dateRe   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	numberRe = regexp.MustCompile(`^(0|[1-9]\d{0,5})(\.\d*[1-9])?$`)
	// moneyRe is the rendering of a money value ("12.50 EUR"): only a
	// value typed exactly so is replayed unchanged from a money fact.
	moneyRe = regexp.MustCompile(`^(0|[1-9]\d{0,8})\.\d\d (EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|CZK|CAD|AUD)$`)
)

// typeOf picks the fact type of a typed value. A value gets a type other
// than text only when the language renders that type back to exactly the
// text typed, so replay types what the person typed: "007" and "1.50"
// stay text (a number would type "7" and "1.5"), and so do long digit
// strings (phone numbers, postcodes, ids).
func typeOf(v string) factType {
	switch {
	case dateRe.MatchString(v):
		if _, err := time.Parse("2006-01-02", v); err == nil {
			return typeDate
		}
	case numberRe.MatchString(v):
		return typeNumber
	case moneyRe.MatchString(v):
		return typeMoney
	case strings.Contains(v, "@") && !strings.ContainsAny(v, " \t\n"):
		if a, err := mail.ParseAddress(v); err == nil && a.Name == "" && a.Address == v {
			return typeEmail
		}
	case strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://"):
		if u, err := url.Parse(v); err == nil && u.Host != "" && !strings.ContainsAny(v, " \t\n") {
			return typeURL
		}
	}
	return typeText
}

// webURL reports whether s is an absolute http or https address and
// returns its origin ("https://example.com:8443").
func webURL(s string) (origin string, ok bool) {
	if s == "" || strings.ContainsAny(s, " \t\n") {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", false
	}
	if _, err := url.Parse(u.Scheme + "://" + u.Host); err != nil {
		return "", false
	}
	return u.Scheme + "://" + u.Host, true
}
