package stdlib

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// currencyMarkers maps what a page writes next to an amount to the ISO 4217
// code. Letter markers must stand as whole words. Ambiguous markers get the
// most common reading, written down here: "$" is USD, "¥" is JPY (CN¥, RMB
// and 元 are CNY), "kr" is SEK (Norwegian and Danish "kr" read as SEK too:
// written NOK or DKK they are told apart; a flow that cares compares
// .currency), "R$" is BRL. ISO codes count in capitals only ("TRY 50" is
// lira, "try again" is not), plus eur/usd/gbp/chf in lower case.
var currencyMarkers = map[string]string{
	"€": "EUR", "$": "USD", "US$": "USD", "USD$": "USD", "£": "GBP", "¥": "JPY", "￥": "JPY",
	"円": "JPY", "CN¥": "CNY", "元": "CNY", "RMB": "CNY", "₹": "INR", "Rs": "INR", "Rs.": "INR",
	"₽": "RUB", "₩": "KRW", "₺": "TRY", "₪": "ILS", "₫": "VND", "₱": "PHP", "₴": "UAH",
	"฿": "THB", "₦": "NGN", "R$": "BRL", "C$": "CAD", "CA$": "CAD", "A$": "AUD", "AU$": "AUD",
	"NZ$": "NZD", "HK$": "HKD", "S$": "SGD", "MX$": "MXN", "zł": "PLN", "Kč": "CZK", "Ft": "HUF",
	"kr": "SEK", "Fr.": "CHF", "SFr.": "CHF", "lei": "RON", "лв": "BGN",
	"euro": "EUR", "euros": "EUR", "Euro": "EUR", "Euros": "EUR",
	"dollar": "USD", "dollars": "USD", "pound": "GBP", "pounds": "GBP", "yen": "JPY",
	"eur": "EUR", "usd": "USD", "gbp": "GBP", "chf": "CHF",
}

// isoCodes are the ISO 4217 codes recognised when written out in capitals.
var isoCodes = strings.Fields(`EUR USD GBP JPY CHF SEK NOK DKK ISK PLN CZK HUF RON BGN
	TRY RUB UAH INR CNY HKD SGD AUD NZD CAD MXN BRL ZAR KRW THB ILS AED SAR QAR
	EGP MAD NGN KES IDR MYR PHP VND TWD CLP COP PEN ARS`)

// markersByFirst and markersByLast index every marker by its first and
// last rune, longest first within each, so "US$" wins over "$" and a
// number's neighbourhood is checked against a handful of markers only.
var markersByFirst, markersByLast = func() (first, last map[rune][]string) {
	for _, c := range isoCodes {
		currencyMarkers[c] = c
	}
	list := make([]string, 0, len(currencyMarkers))
	for m := range currencyMarkers {
		list = append(list, m)
	}
	sort.Slice(list, func(i, j int) bool {
		if len(list[i]) != len(list[j]) {
			return len(list[i]) > len(list[j])
		}
		return list[i] < list[j]
	})
	first, last = map[rune][]string{}, map[rune][]string{}
	for _, m := range list {
		first[firstRune(m)] = append(first[firstRune(m)], m)
		last[lastRune(m)] = append(last[lastRune(m)], m)
	}
	return first, last
}()

// CurrencyCode returns the ISO 4217 code a currency marker stands for
// ("€" → "EUR", "CHF" → "CHF", "kr" → "SEK").
func CurrencyCode(marker string) (string, bool) {
	code, ok := currencyMarkers[marker]
	return code, ok
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// markerAfter finds a currency marker starting at s[i:], after at most one
// space. It returns the code and the index just past the marker.
func markerAfter(s string, i int) (string, int, bool) {
	if r, n := utf8.DecodeRuneInString(s[i:]); isSpace(r) {
		i += n
	}
	for _, m := range markersByFirst[firstRune(s[i:])] {
		if !strings.HasPrefix(s[i:], m) {
			continue
		}
		end := i + len(m)
		last, _ := utf8.DecodeLastRuneInString(m)
		if unicode.IsLetter(last) && end < len(s) && isWordRune(firstRune(s[end:])) {
			continue
		}
		return currencyMarkers[m], end, true
	}
	return "", i, false
}

// markerBefore finds a currency marker ending at s[:i], before at most one
// space. It returns the code and the index where the marker starts.
func markerBefore(s string, i int) (string, int, bool) {
	if r, n := utf8.DecodeLastRuneInString(s[:i]); isSpace(r) {
		i -= n
	}
	for _, m := range markersByLast[lastRune(s[:i])] {
		if !strings.HasSuffix(s[:i], m) {
			continue
		}
		start := i - len(m)
		first, _ := utf8.DecodeRuneInString(m)
		if unicode.IsLetter(first) && start > 0 && isWordRune(lastRune(s[:start])) {
			continue
		}
		return currencyMarkers[m], start, true
	}
	return "", i, false
}

// priceHit is a price found in text with the byte span it covers, sign and
// currency markers included.
type priceHit struct {
	Money
	start, end int
}

// findPrices is FindPrices with spans.
func findPrices(s string) []priceHit {
	var hits []priceHit
	prevEnd := -1
	for _, m := range numberPattern.FindAllStringIndex(s, -1) {
		start, end := m[0], m[1]
		if start > 0 {
			r := lastRune(s[:start])
			if unicode.IsDigit(r) || ((r == '.' || r == ',') && start > 1 && unicode.IsDigit(lastRune(s[:start-1]))) {
				continue // the tail of a longer token such as 12.05.2026
			}
		}
		num := s[start:end]
		dashed := strings.ContainsAny(num, "-–—") // "12,-"
		markerEnd := start                        // a sign may sit between a leading marker and the number: "€-5"
		if lead := strings.TrimRightFunc(s[:start], isSpace); strings.HasSuffix(lead, "-") || strings.HasSuffix(lead, "−") {
			markerEnd = len(strings.TrimRight(lead, "-−"))
		}
		code, spanStart, before := markerBefore(s, markerEnd)
		if !before && markerEnd != start {
			code, spanStart, before = markerBefore(s, start)
		}
		if !before {
			spanStart = start
			if start > 0 && unicode.IsLetter(lastRune(s[:start])) {
				continue // glued to a word: "A320", "LH1234"
			}
		}
		afterCode, spanEnd, after := markerAfter(s, end)
		if !after {
			spanEnd = end
			if end < len(s) && unicode.IsLetter(firstRune(s[end:])) {
				continue // "3x", "12kg"
			}
		} else if !before {
			code = afterCode
		}
		if !before && !after && !dashed {
			continue
		}
		amount, reason := parseAmount(num)
		if reason != "" {
			continue
		}
		// A sign may sit between a leading marker and the number ("€-5")
		// or before the whole price ("-€5", "− 12 €"). A dash right after
		// the previous price is a range ("€10 - €20"), not a sign.
		negative := false
		if before {
			if between := strings.TrimSpace(s[spanStart:start]); strings.HasSuffix(between, "-") || strings.HasSuffix(between, "−") {
				negative = true
			}
		}
		lead := strings.TrimRightFunc(s[:spanStart], isSpace)
		for _, sign := range []string{"-", "−"} {
			if strings.HasSuffix(lead, sign) {
				signAt := len(lead) - len(sign)
				if prevEnd < 0 || strings.TrimSpace(s[prevEnd:signAt]) != "" {
					negative, spanStart = true, signAt
				}
			}
		}
		hits = append(hits, priceHit{Money{signed(amount, negative), code}, spanStart, spanEnd})
		prevEnd = spanEnd
	}
	return hits
}

// FindPrices returns every price in text, in reading order. A price is a
// number (see the number rule in number.go) with a currency marker before
// or after it ("€12", "12 €", "EUR 1,234.50", "1 234,50 kr", "CHF 12.-"),
// or a number ending in ",-" ("12,-", no currency). A minus sign before the
// price or between a leading marker and the number makes it negative; a dash
// right after another price is read as a range. Bare numbers are not prices.
func FindPrices(text string) []Money {
	hits := findPrices(text)
	out := make([]Money, len(hits))
	for i, h := range hits {
		out[i] = h.Money
	}
	return out
}

// ParseMoney reads a money value. It accepts exactly two shapes:
//
//   - a price: an amount with a currency marker, a symbol or a code, before
//     or after it ("€12.50", "12,50 €", "EUR 1.234,50", "1'234.50 CHF",
//     "$1,234", "-€5", "120.50 EUR"), or ending in ",-" ("12,-", no
//     currency), alone or in a text that holds exactly one price (or one
//     price repeated): "Total: €120.50", "from €89 per person";
//   - a plain amount in a text that is only that amount, an optional sign
//     included ("12.50", "-3", "1 234,50"): money in no currency
//     (Currency "").
//
// Everything else is refused with a reason: a text with no currency that
// holds more than an amount ("Total: 1,234.50", "3 items"), a date or a
// year beside a month ("March 2025", "2025-03-01", "01/03/2025", "Q1
// 2025"), a clock time, an order, invoice or flight number ("#4411",
// "INV-2025-03", "Order 4411", "LH1234"), a percentage ("15%"), a count with a unit
// ("3 items"), and several different prices, which are listed.
func ParseMoney(text string) (Money, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return Money{}, parseErr("money", text, "the text is empty")
	}
	hits := findPrices(s)
	if len(hits) == 0 {
		body, neg := cutSign(s)
		if numberOnly(body) {
			if f, reason := parseAmount(body); reason == "" {
				return Money{Amount: signed(f, neg)}, nil
			}
		}
		return Money{}, parseErr("money", text, "%s", notMoney(s))
	}
	for _, h := range hits[1:] {
		if h.Money != hits[0].Money {
			parts := make([]string, len(hits))
			for i, h := range hits {
				parts[i] = h.Money.String()
			}
			return Money{}, parseErr("money", text, "%d different prices (%s); say which one", len(hits), strings.Join(parts, ", "))
		}
	}
	return hits[0].Money, nil
}

// numberOnly reports whether s is one number as the number rule writes it,
// and nothing else.
func numberOnly(s string) bool {
	m := numberPattern.FindStringIndex(s)
	return m != nil && m[0] == 0 && m[1] == len(s)
}

var (
	isoDateRe   = regexp.MustCompile(`\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b`)
	dayMonthRe  = regexp.MustCompile(`\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b`)
	quarterRe   = regexp.MustCompile(`(?i)\b(q[1-4]|h[12])\b`)
	clockRe     = regexp.MustCompile(`\b\d{1,2}:\d{2}\b`)
	percentRe   = regexp.MustCompile(`\d\s*(%|‰|(?i:per\s?cent)\b)`)
	idNumberRe  = regexp.MustCompile(`#\s*\d|(?i)\b(no|nr|number|order|invoice|inv|ref|reference|id|booking|ticket|case|receipt|account|customer|item|sku|tracking)\b[.:#\s-]*\d|\b[A-Za-z]{2,}\d*-\d|\b[A-Za-z]{1,3}\d{3,}\b`)
	countRe     = regexp.MustCompile(`\d\s*[\pL]`)
	wordOrNumRe = regexp.MustCompile(`\pL+|\d+`)
)

// notMoney says why a text with no currency marker is not money.
func notMoney(s string) string {
	if isoDateRe.MatchString(s) || dayMonthRe.MatchString(s) || quarterRe.MatchString(s) && strings.IndexFunc(s, unicode.IsDigit) >= 0 {
		return "it reads as a date, not an amount of money"
	}
	if monthBesideNumber(s) {
		return "it reads as a date (a month beside a number), not an amount of money"
	}
	switch {
	case clockRe.MatchString(s):
		return "it reads as a clock time, not an amount of money"
	case percentRe.MatchString(s):
		return "it is a percentage, not an amount of money"
	case idNumberRe.MatchString(s):
		return "it reads as a reference number (an order, invoice or flight number), not an amount of money"
	case countRe.MatchString(s):
		return "it reads as a count with a unit, not an amount of money"
	case strings.IndexFunc(s, unicode.IsDigit) < 0:
		return "no amount found"
	}
	return "no currency, and more than an amount: money needs a currency (€12.50, 12.50 EUR) or the amount alone"
}

// monthBesideNumber reports whether a month's name stands right before or
// after a number: "March 2025", "1 Mar", "Dec 24, 2026".
func monthBesideNumber(s string) bool {
	toks := wordOrNumRe.FindAllString(strings.ToLower(s), -1)
	isNum := func(i int) bool { return i >= 0 && i < len(toks) && unicode.IsDigit(firstRune(toks[i])) }
	for i, t := range toks {
		if _, ok := lookupMonth(t); ok && !isNum(i) && (isNum(i-1) || isNum(i+1)) {
			return true
		}
	}
	return false
}
