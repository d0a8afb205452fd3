package origin

import "testing"

func TestProblem(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"example.com", ""},
		{"localhost:8080", ""},
		{"*.example.com", ""},
		{"https://example.com/path", ""},
		{"127.0.0.1:9222", ""},
		{"", "it is empty or holds spaces"},
		{"a b", "it is empty or holds spaces"},
		{" example.com", "it is empty or holds spaces"},
		{"https://", "the URL has no host"},
		{"example.com/path", "a path needs a scheme (https://…), or write only the host"},
		{"user@example.com", "a path needs a scheme (https://…), or write only the host"},
		{"host:0", "the port is not a number from 1 to 65535"},
		{"host:http", "the port is not a number from 1 to 65535"},
		{"*.", "the host is not a name"},
		{"ex*ample.com", "a wildcard may only start the host, as in *.example.com"},
		{"shop.*.test", "a wildcard may only start the host, as in *.example.com"},
		{".example.com", "the host is not a name"},
		{"exämple.com", `the host holds 'ä'`},
	} {
		if got := Problem(tc.in); got != tc.want {
			t.Errorf("Problem(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
