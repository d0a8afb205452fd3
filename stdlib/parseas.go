package stdlib

import (
	"regexp"
	"strings"
	"time"
)

var (
	emailPattern = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)
	urlPattern   = regexp.MustCompile(`https?://[^\s<>"'()]+[^\s<>"'().,;:!?]`)
)

// ParseAs reads screen text as a value of a flow type, as `read WHAT into
// NAME as TYPE` does, and returns the Go value the rest of the system uses
// for that type: text, email and url → string; number → float64; bool →
// bool; date → [Date] (relative to ref, see [ParseDate]); money → [Money];
// list → []string. An email or url is the one address found in the text;
// a list is the text's non-empty lines, or its comma-separated items when
// it is one line. An unknown type name is an error.
func ParseAs(typ, text string, ref time.Time) (any, error) {
	switch typ {
	case "text":
		return strings.TrimSpace(text), nil
	case "number":
		return orNil(ParseNumber(text))
	case "bool":
		return orNil(ParseBool(text))
	case "date":
		return orNil(ParseDate(text, ref))
	case "money":
		return orNil(ParseMoney(text))
	case "email":
		return orNil(findOne("email address", emailPattern, text))
	case "url":
		return orNil(findOne("url", urlPattern, text))
	case "list":
		return splitList(text), nil
	}
	return nil, parseErr(typ, text, "%q is not a flow type (text, number, bool, date, money, email, url, list)", typ)
}

// orNil drops a zero value that comes with an error, so a failed ParseAs
// returns nil rather than 0 or an empty Date typed as any.
func orNil[T any](v T, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}

func findOne(kind string, pattern *regexp.Regexp, text string) (string, error) {
	found := pattern.FindAllString(text, -1)
	switch {
	case len(found) == 0:
		return "", parseErr(kind, text, "no %s found", kind)
	case len(found) > 1 && !allEqual(found):
		return "", parseErr(kind, text, "%d different ones (%s); say which one", len(found), strings.Join(found, ", "))
	}
	return found[0], nil
}

func allEqual(list []string) bool {
	for _, s := range list[1:] {
		if s != list[0] {
			return false
		}
	}
	return true
}

func splitList(text string) []string {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) != 1 {
		return lines
	}
	var items []string
	for _, item := range strings.Split(lines[0], ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}
