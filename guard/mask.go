package guard

import (
	"encoding/json"
	"html"
	"net/url"
	"sort"
	"strings"
	"unicode/utf8"
)

// MinMaskLen is the shortest secret value, in characters, that is masked
// wherever it occurs inside a text. A shorter value ("7", "ab") would
// shred every text it is part of while hiding nothing (the one character
// is everywhere anyway), so it is masked only where a whole string equals
// it: a field value, an answer, a variable.
const MinMaskLen = 3

// Masker replaces secret values by `${name}` in any text bound for a
// person, a model or a file. It is immutable once built and safe for
// concurrent use; a nil *Masker masks nothing.
type Masker struct {
	replacer *strings.Replacer // substring masking, longest value first
	exact    map[string]string // every value (all lengths) → ${name}
}

// NewMasker builds a Masker from secret name → value pairs. Besides each
// value as written it masks the forms a value takes on its way through a
// browser and a trace: URL-encoded (query and path escaping), JSON-escaped
// (once and twice, for JSON inside JSON) and HTML-escaped. Empty values are
// ignored. When two secrets share a value, the name that sorts first is
// shown.
func NewMasker(secrets map[string]string) *Masker {
	names := make([]string, 0, len(secrets))
	for name := range secrets {
		names = append(names, name)
	}
	sort.Strings(names)
	type pair struct{ old, new string }
	var pairs []pair
	seen := map[string]bool{}
	exact := map[string]string{}
	for _, name := range names {
		value := secrets[name]
		if value == "" {
			continue
		}
		placeholder := "${" + name + "}"
		for _, form := range forms(value) {
			if _, dup := exact[form]; !dup {
				exact[form] = placeholder
			}
			if utf8.RuneCountInString(value) >= MinMaskLen && !seen[form] {
				seen[form] = true
				pairs = append(pairs, pair{form, placeholder})
			}
		}
	}
	// strings.Replacer tries its pairs in argument order at each position:
	// longest first makes a value win over a secret that is part of it.
	sort.SliceStable(pairs, func(i, j int) bool { return len(pairs[i].old) > len(pairs[j].old) })
	args := make([]string, 0, 2*len(pairs))
	for _, p := range pairs {
		args = append(args, p.old, p.new)
	}
	return &Masker{replacer: strings.NewReplacer(args...), exact: exact}
}

// forms lists value and its encoded forms, without repeats. A value of
// 12 to 19 digits (spaces and dashes allowed) is a card number: a page
// shows it as digits alone or in groups of four, and those spellings are
// masked too.
func forms(value string) []string {
	jsonOnce := jsonEscape(value, true)
	candidates := []string{
		value, url.QueryEscape(value), url.PathEscape(value), jsonOnce, jsonEscape(jsonOnce, true),
		jsonEscape(value, false), jsonEscape(jsonEscape(value, false), false),
		html.EscapeString(value), strings.ReplaceAll(url.QueryEscape(value), "+", "%20"),
	}
	candidates = append(candidates, CardSpellings(value)...)
	var out []string
	for _, c := range candidates {
		if c != "" && !contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// CardSpellings returns the digits of a card-number-like value (12 to 19
// digits, spaces and dashes allowed) alone and grouped by four with spaces
// and with dashes, or nothing for any other value: the forms a page shows
// a card number in, which masks and screenshots must cover too.
func CardSpellings(value string) []string {
	var d strings.Builder
	for _, r := range value {
		switch {
		case r >= '0' && r <= '9':
			d.WriteRune(r)
		case r != ' ' && r != '-':
			return nil
		}
	}
	digits := d.String()
	if len(digits) < 12 || len(digits) > 19 {
		return nil
	}
	var groups []string
	for i := 0; i < len(digits); i += 4 {
		groups = append(groups, digits[i:min(i+4, len(digits))])
	}
	return []string{digits, strings.Join(groups, " "), strings.Join(groups, "-")}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsonEscape returns s as it appears inside a JSON string (no quotes),
// with <, > and & as \u003c… (json.Marshal's default) or as written
// (an Encoder with SetEscapeHTML(false)).
func jsonEscape(s string, escapeHTML bool) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	_ = enc.Encode(s) // a string always encodes
	out := strings.TrimSuffix(b.String(), "\n")
	return out[1 : len(out)-1]
}

// Mask returns s with every secret value (and its encoded forms) replaced
// by `${name}`. A string equal to a value is masked whatever the value's
// length; inside longer text only values of at least [MinMaskLen]
// characters are.
func (m *Masker) Mask(s string) string {
	if m == nil || s == "" {
		return s
	}
	if placeholder, ok := m.exact[s]; ok {
		return placeholder
	}
	return m.replacer.Replace(s)
}
