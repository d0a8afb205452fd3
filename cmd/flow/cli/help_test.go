package cli

import (
	"slices"
	"strings"
	"testing"
)

func TestPermute(t *testing.T) {
	cases := []struct{ in, want string }{
		{"flow plan a.flow --flow book", "flow plan --flow book a.flow"},
		{"flow plan a.flow --flow=book --fact x=1 --fact y=2", "flow plan --flow=book --fact x=1 --fact y=2 a.flow"},
		{"flow lint flows --strict -f json", "flow lint --strict -f json flows"},
		{"flow lint flows --color never", "flow --color never lint flows"},
		{"flow --color=never lint flows", "flow --color=never lint flows"},
		{"flow fmt - -l", "flow fmt -l -"},
		{"flow fmt -w -- -odd.flow", "flow fmt -w -- -odd.flow"},
		{"flow plan a.flow --flow", "flow plan a.flow --flow"},
		{"flow lint x --bogus", "flow lint --bogus x"},
		{"flow lint x --help", "flow lint --help"},
		{"flow nosuch a --b", "flow nosuch a --b"},
		{"flow", "flow"},
	}
	for _, c := range cases {
		got := strings.Join(permute(strings.Fields(c.in), commandSpecs(), globalFlags), " ")
		if got != c.want {
			t.Errorf("permute(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestWrap(t *testing.T) {
	lines := wrap("one two three four five six seven eight nine ten eleven twelve thirteen", 30)
	for _, l := range lines {
		if len(l) > 30 {
			t.Errorf("line %q is longer than 30", l)
		}
	}
	if got := strings.Join(lines, " "); got != "one two three four five six seven eight nine ten eleven twelve thirteen" {
		t.Errorf("wrap lost words: %q", got)
	}
}

// Every command documents its flags, examples and exit codes, and every
// example runs an existing command.
func TestHelpIsComplete(t *testing.T) {
	names := commandNames(commandSpecs())
	for _, s := range commandSpecs() {
		h := commandHelp(s)
		for _, section := range []string{"Usage:", "Flags:", "Examples:", "Exit codes:"} {
			if !strings.Contains(h, "\n"+section+"\n") {
				t.Errorf("flow %s --help lacks %s", s.name, section)
			}
		}
		for _, f := range s.flags {
			if !strings.Contains(h, "--"+f.name) {
				t.Errorf("flow %s --help does not list --%s", s.name, f.name)
			}
		}
		for _, ex := range s.examples {
			fields := strings.Fields(ex.cmd)
			if len(fields) < 2 || fields[0] != "flow" || !slices.Contains(names, fields[1]) {
				t.Errorf("flow %s: example %q does not run a flow command", s.name, ex.cmd)
			}
		}
	}
}
