package stdlib

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func TestNamesAndSource(t *testing.T) {
	if got := Names(); !reflect.DeepEqual(got, []string{"web"}) {
		t.Fatalf("Names() = %v", got)
	}
	for _, name := range Names() {
		if src, ok := Source(name); !ok || len(src) == 0 {
			t.Errorf("Source(%q) missing", name)
		}
	}
	for _, bad := range []string{"", "std/web", "web.flow", "../web", "nope", "std", "./web"} {
		if _, ok := Source(bad); ok {
			t.Errorf("Source(%q) found something", bad)
		}
	}
}

var (
	flowHeader = regexp.MustCompile(`(?m)^flow (\w+) "([^"]+)" \{$`)
	declLine   = regexp.MustCompile(`(?m)^\s+(fact \w+: \w+|secret \w+)(.*)$`)
)

// TestWebLibraryShape checks the promises std/web makes to its importers
// and to `flow doc`: the three flows with their parameters, a description
// for every flow and a doc for every fact and secret. The compiler's own
// tests parse and lint this file; this test keeps stdlib a leaf.
func TestWebLibraryShape(t *testing.T) {
	src, _ := Source("web")
	text := string(src)
	flows := map[string]string{}
	for _, m := range flowHeader.FindAllStringSubmatch(text, -1) {
		flows[m[1]] = m[2]
	}
	for _, name := range []string{"dismiss_cookies", "login", "search"} {
		if len(flows[name]) < 20 {
			t.Errorf("flow %s: missing or with a too short description %q", name, flows[name])
		}
	}
	for _, m := range declLine.FindAllStringSubmatch(text, -1) {
		if !regexp.MustCompile(`^ "[^"]{10,}"`).MatchString(m[2]) {
			t.Errorf("%s: no doc string", m[1])
		}
	}
	for _, want := range []string{"fact user: text", "secret password", "fact query: text", "enter \"password\" = password"} {
		if !strings.Contains(text, want) {
			t.Errorf("std/web lacks %q", want)
		}
	}
	// A dismissal runs only inside an `if` on the banner being visible.
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if strings.Contains(line, "do \"") && strings.Contains(line, "cookie") {
			if i == 0 || !strings.HasPrefix(strings.TrimSpace(lines[i-1]), "if \"") || !strings.HasPrefix(line, "    ") {
				t.Errorf("line %d: a cookie dismissal outside an if: %q", i+1, line)
			}
		}
		if strings.HasPrefix(strings.TrimSpace(line), "do ") && regexp.MustCompile(`\b(type|enter|fill|write)\b`).MatchString(line) {
			t.Errorf("line %d: a do that asks for typing: %q", i+1, line)
		}
	}
}
