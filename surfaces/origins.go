package surfaces

import (
	"fmt"
	"net"
	"net/url"
	"strings"

	"flow/internal/origin"
)

// originPattern is one allowed-origin rule:
//
//	example.com          the host on any port and scheme http(s)
//	example.com:8080     the host on that port
//	*.example.com        any subdomain, and example.com itself
//	https://example.com  the origin of the URL: scheme, host and port
type originPattern struct {
	scheme   string // empty: http or https
	host     string // lower case, without the "*." of a wildcard
	wildcard bool
	port     string // empty: any
}

// Origins is a parsed allow-list of the origins a surface may load pages
// from. Both the browser and the simulated surface enforce it, so a flow's
// `allow` means the same on each. The zero value allows every origin.
type Origins struct {
	rules []originPattern
}

// ParseOrigins parses allowed-origin patterns: `host` (any port),
// `host:port`, `*.domain` (the domain and its subdomains), or a URL whose
// origin is taken. An empty list allows every origin.
func ParseOrigins(patterns []string) (Origins, error) {
	var out []originPattern
	for _, raw := range patterns {
		p := strings.TrimSpace(raw)
		if p == "" {
			continue
		}
		if msg := origin.Problem(p); msg != "" {
			return Origins{}, fmt.Errorf("allowed origin %q: %s", raw, msg)
		}
		var op originPattern
		if strings.Contains(p, "://") {
			u, _ := url.Parse(p) // origin.Problem parsed it
			op.scheme = strings.ToLower(u.Scheme)
			op.host = strings.ToLower(u.Hostname())
			op.port = u.Port()
			if op.port == "" {
				op.port = defaultPort(op.scheme)
			}
		} else {
			host, port := p, ""
			if h, pt, err := net.SplitHostPort(p); err == nil {
				host, port = h, pt
			}
			op.host = strings.ToLower(strings.TrimSuffix(host, "."))
			op.port = port
		}
		if strings.HasPrefix(op.host, "*.") {
			op.wildcard = true
			op.host = op.host[2:]
		}
		out = append(out, op)
	}
	return Origins{rules: out}, nil
}

func defaultPort(scheme string) string {
	switch scheme {
	case "https", "wss":
		return "443"
	case "http", "ws":
		return "80"
	}
	return ""
}

// Allows reports whether a document may load rawURL. Browser-internal
// documents (about:, data:, blob:, chrome-error:) are not network
// navigations and pass.
func (o Origins) Allows(rawURL string) bool {
	rules := o.rules
	if len(rules) == 0 {
		return true
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	switch scheme {
	case "about", "data", "blob", "chrome-error", "javascript":
		return true
	case "http", "https":
	default:
		return false
	}
	host := strings.ToLower(u.Hostname())
	port := u.Port()
	if port == "" {
		port = defaultPort(scheme)
	}
	for _, r := range rules {
		if r.scheme != "" && r.scheme != scheme {
			continue
		}
		if r.port != "" && r.port != port {
			continue
		}
		if host == r.host || r.wildcard && strings.HasSuffix(host, "."+r.host) {
			return true
		}
	}
	return false
}
