// Package origin holds the one rule for what an allow entry may be, so the
// compiler (allow lines), the recorder (allow lines it writes) and the
// surfaces (--allow and allow at run time) accept the same entries.
//
// Input: an entry as written: a host ("example.com"), host:port
// ("localhost:8080"), a wildcard domain ("*.example.com") or a URL whose
// origin is meant ("https://example.com/"). Output: why it is not one, or
// "". Pure and allocation-light; it imports nothing of the project.
package origin

import (
	"net/url"
	"strconv"
	"strings"
)

// Problem says why s is not an allow entry, in words that complete "allow
// "x" is not an origin: …", or returns "" when it is one.
func Problem(s string) string {
	if strings.TrimSpace(s) != s || s == "" || strings.ContainsAny(s, " \t\n") {
		return "it is empty or holds spaces"
	}
	if strings.Contains(s, "://") {
		if u, err := url.Parse(s); err != nil || u.Host == "" {
			return "the URL has no host"
		}
		return ""
	}
	if strings.ContainsAny(s, "/?#@") {
		return "a path needs a scheme (https://…), or write only the host"
	}
	host := s
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		host = s[:i]
		if n, err := strconv.Atoi(s[i+1:]); err != nil || n < 1 || n > 65535 {
			return "the port is not a number from 1 to 65535"
		}
	}
	host = strings.TrimPrefix(host, "*.")
	if strings.Contains(host, "*") {
		return "a wildcard may only start the host, as in *.example.com"
	}
	if host == "" || strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") {
		return "the host is not a name"
	}
	for _, r := range host {
		if !(r == '-' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "the host holds " + strconv.QuoteRune(r)
		}
	}
	return ""
}
