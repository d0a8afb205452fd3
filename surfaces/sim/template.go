package sim

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// Templates are texts with {{name}} holes filled from the script's
// variables; in a rule's effects {{value}} is the operation's value. Only
// this small form exists: there is no logic in a template.
var hole = regexp.MustCompile(`\{\{\s*([^{}]*?)\s*\}\}`)

var varName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)

// valueVar is the hole a rule's templates use for the operation's value.
const valueVar = "value"

// templateVars lists the names a template uses, or says what is malformed.
func templateVars(s string) ([]string, error) {
	var names []string
	for _, m := range hole.FindAllStringSubmatch(s, -1) {
		if !varName.MatchString(m[1]) {
			return nil, fmt.Errorf("template %q: %q is not a variable name", s, m[1])
		}
		names = append(names, m[1])
	}
	if strings.Contains(hole.ReplaceAllString(s, ""), "{{") {
		return nil, fmt.Errorf("template %q: a {{ is not closed by }}", s)
	}
	return names, nil
}

// expand fills the holes of s with lookup's answers.
func expand(s string, lookup func(name string) string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	return hole.ReplaceAllStringFunc(s, func(m string) string {
		return lookup(hole.FindStringSubmatch(m)[1])
	})
}

// expandURL fills the holes of a URL template, escaping each value for
// where it stands: path escaping before the "?", query escaping after.
func expandURL(t string, lookup func(name string) string) string {
	if !strings.Contains(t, "{{") {
		return t
	}
	var b strings.Builder
	last := 0
	for _, m := range hole.FindAllStringSubmatchIndex(t, -1) {
		b.WriteString(t[last:m[0]])
		v := lookup(t[m[2]:m[3]])
		if strings.Contains(t[:m[0]], "?") {
			b.WriteString(url.QueryEscape(v))
		} else {
			b.WriteString(url.PathEscape(v))
		}
		last = m[1]
	}
	b.WriteString(t[last:])
	return b.String()
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
func quote(s string) string                     { return strconv.Quote(s) }
func itoa(n int) string                         { return strconv.Itoa(n) }
