package stdlib

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The number rule, shared by every parser here that reads an amount:
//
//   - Digits may be grouped by '.', ',', an apostrophe (' or ’) or a space
//     (plain, no-break U+00A0, narrow no-break U+202F or thin U+2009). Groups
//     after the first hold exactly three digits; Indian grouping
//     (1,23,45,678) is accepted with commas.
//   - When both '.' and ',' occur, the last one is the decimal separator.
//   - When one of them occurs several times, it groups ("1.234.567").
//   - When one of them occurs once and is followed by exactly three digits
//     after a one- to three-digit integer part other than "0", it groups:
//     "1,234" and "1.234" are both 1234, while "1,5", "12.50", "0.125" and
//     "1234.567" are decimals. Prices with three decimals are rare; a
//     thousands separator after one to three digits is common on both sides
//     of the Atlantic, so that reading wins.
//   - A trailing ",-" or ".-" (also with an en or em dash) means "no cents":
//     "12,-" is 12.

// numberPattern finds a number as written in running text, grouping and
// decimals included. Its boundaries are checked by the caller because Go's
// regexp has no look-behind.
var numberPattern = regexp.MustCompile(
	`\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?` +
		`|\d{1,3}(?:[,.'’ \x{a0}\x{202f}\x{2009}]\d{3})+(?:[.,]\d+)?(?:[.,][-–—])?` +
		`|\d+(?:[.,]\d+)?(?:[.,][-–—])?`)

// sepClass maps a separator rune to its class: '.', ',', ' ' for every
// space, '\” for every apostrophe; 0 when r separates nothing.
func sepClass(r rune) rune {
	switch r {
	case '.', ',':
		return r
	case ' ', '\u00a0', '\u202f', '\u2009':
		return ' '
	case '\'', '’':
		return '\''
	}
	return 0
}

func isSpace(r rune) bool { return sepClass(r) == ' ' || r == '\t' }

// parseAmount reads an unsigned number written with the rule above. It
// returns a reason when s is not such a number.
func parseAmount(s string) (float64, string) {
	integerOnly := false
	for _, suffix := range []string{",-", ".-", ",–", ".–", ",—", ".—"} {
		if strings.HasSuffix(s, suffix) {
			s, integerOnly = strings.TrimSuffix(s, suffix), true
			break
		}
	}
	if s == "" {
		return 0, "no digits"
	}
	var groups []string
	var seps []rune
	start := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			continue
		case sepClass(r) != 0:
			if i == start {
				return 0, "a separator without digits before it"
			}
			groups = append(groups, s[start:i])
			seps = append(seps, sepClass(r))
			start = i + len(string(r))
		default:
			return 0, "unexpected " + strconv.QuoteRune(r)
		}
	}
	if start == len(s) {
		return 0, "ends with a separator"
	}
	groups = append(groups, s[start:])

	decimal := -1 // index into seps of the decimal separator
	if n := len(seps); n > 0 && (seps[n-1] == '.' || seps[n-1] == ',') {
		last := seps[n-1]
		count := 0
		for _, c := range seps {
			if c == last {
				count++
			}
		}
		switch {
		case count > 1:
			// repeated: grouping only
		case n > 1:
			decimal = n - 1
		case len(groups[1]) == 3 && len(groups[0]) <= 3 && groups[0] != "0":
			// single separator before three digits: grouping
		default:
			decimal = n - 1
		}
	}
	if integerOnly && decimal >= 0 {
		return 0, "decimals before a ,- ending"
	}
	intGroups := groups
	if decimal >= 0 {
		intGroups = groups[:decimal+1]
	}
	if len(intGroups) > 1 {
		groupSep := seps[0]
		for _, c := range seps[:len(intGroups)-1] {
			if c != groupSep {
				return 0, "mixed digit grouping"
			}
		}
		if decimal >= 0 && seps[decimal] == groupSep {
			return 0, "the same separator groups and marks decimals"
		}
		if !validGroups(intGroups, groupSep) {
			return 0, "digit groups are not of three digits"
		}
	}
	clean := strings.Join(intGroups, "")
	if decimal >= 0 {
		clean += "." + groups[decimal+1]
	}
	f, err := strconv.ParseFloat(clean, 64)
	if err != nil {
		return 0, "out of range"
	}
	return f, ""
}

func validGroups(groups []string, sep rune) bool {
	western := len(groups[0]) >= 1 && len(groups[0]) <= 3
	for _, g := range groups[1:] {
		western = western && len(g) == 3
	}
	if western {
		return true
	}
	// Indian lakh/crore grouping: 1,23,45,678.
	if sep != ',' || len(groups[0]) > 2 || len(groups[len(groups)-1]) != 3 {
		return false
	}
	for _, g := range groups[1 : len(groups)-1] {
		if len(g) != 2 {
			return false
		}
	}
	return true
}

// cutSign removes a leading '+', '-' or '−' (U+2212) and any space after it.
func cutSign(s string) (rest string, negative bool) {
	for _, sign := range []string{"-", "−", "+"} {
		if strings.HasPrefix(s, sign) {
			return strings.TrimLeftFunc(s[len(sign):], isSpace), sign != "+"
		}
	}
	return s, false
}

// ParseNumber reads a number in either decimal convention ("1,234.5",
// "1.234,5", "1 234,5", "12,5", "-3"), by the rule described at the top of
// number.go. Text holding more than a number ("12 items", "about 3.5 km")
// is read when it holds exactly one number; several different numbers are
// an error that lists them.
func ParseNumber(text string) (float64, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return 0, parseErr("number", text, "the text is empty")
	}
	body, neg := cutSign(s)
	if f, reason := parseAmount(body); reason == "" {
		return signed(f, neg), nil
	}
	// Go syntax such as "1e3" or ".5"; the letter test rejects "inf"/"nan".
	if f, err := strconv.ParseFloat(body, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) &&
		strings.IndexFunc(body, unicode.IsLetter) == strings.IndexAny(body, "eE") {
		return signed(f, neg), nil
	}
	var found []float64
	for _, m := range numberPattern.FindAllStringIndex(s, -1) {
		if !numberBoundary(s, m[0], m[1]) {
			continue
		}
		f, reason := parseAmount(s[m[0]:m[1]])
		if reason != "" {
			continue
		}
		before := strings.TrimRightFunc(s[:m[0]], isSpace)
		if strings.HasSuffix(before, "-") || strings.HasSuffix(before, "−") {
			if b := strings.TrimRight(before, "-−"); b == "" || !unicode.IsDigit(lastRune(b)) {
				f = -f
			}
		}
		found = append(found, f)
	}
	switch {
	case len(found) == 0:
		return 0, parseErr("number", text, "no number found")
	case len(found) > 1 && !allSame(found):
		return 0, parseErr("number", text, "%d different numbers (%s); say which one", len(found), joinNumbers(found))
	}
	return found[0], nil
}

// numberBoundary reports whether the number at s[start:end] stands alone:
// not glued to letters or digits ("A320", "LH1234", "3x").
// A number next to another across '.' or ',' ("1,2,3", "12.05.2026") is
// part of a token this rule cannot read, so it does not stand alone either.
func numberBoundary(s string, start, end int) bool {
	if before := strings.TrimRight(s[:start], ".,"); before != "" {
		r := lastRune(before)
		if unicode.IsDigit(r) || (len(before) == start && unicode.IsLetter(r)) {
			return false
		}
	}
	if after := strings.TrimLeft(s[end:], ".,"); after != "" {
		r := firstRune(after)
		if unicode.IsDigit(r) || (len(after) == len(s)-end && unicode.IsLetter(r)) {
			return false
		}
	}
	return true
}

func signed(f float64, neg bool) float64 {
	if neg {
		return -f
	}
	return f
}

func allSame(fs []float64) bool {
	for _, f := range fs[1:] {
		if f != fs[0] {
			return false
		}
	}
	return true
}

func joinNumbers(fs []float64) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = formatNumber(f)
	}
	return strings.Join(parts, ", ")
}

// formatNumber renders f as the shortest decimal that reads back as f,
// never in exponent form: 1, 2.5, 1000000.
func formatNumber(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// ParseBool reads a yes/no value: true/false, yes/no, y/n, on/off, 1/0,
// checked/unchecked, in any case.
func ParseBool(text string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "true", "yes", "y", "on", "1", "checked":
		return true, nil
	case "false", "no", "n", "off", "0", "unchecked":
		return false, nil
	}
	return false, parseErr("bool", text, "expected true/false, yes/no, on/off or 1/0")
}
