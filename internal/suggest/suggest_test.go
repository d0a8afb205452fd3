package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "", 3},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"thrid", "third", 1}, // a swap is one edit
		{"ab", "ba", 1},
		{"destinaton", "destination", 1},
		{"café", "cafe", 1}, // runes, not bytes
		{"flaw", "lawn", 2},
	} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Distance(tt.b, tt.a); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"destinaton", []string{"origin", "destination", "day"}, "destination"},
		{"lnt", []string{"lint", "fmt", "plan"}, "lint"},
		{"strikt", []string{"strict", "format", "explain"}, "strict"},
		{"Orign", []string{"origin"}, "origin"}, // case is ignored
		{"og", []string{"go"}, "go"},            // a swap is the commonest typo
		{"to", []string{"lint"}, ""},
		{"xyz", []string{"origin", "destination"}, ""},
		{"origin", []string{"origin"}, ""},             // the name itself is no suggestion
		{"cat", []string{"cot", "cut"}, "cot"},         // ties: first in sorted order
		{"cat", []string{"cut", "cot"}, "cot"},         // whatever the input order
		{"travellers", []string{"traveller_name"}, ""}, // more than three edits
	} {
		if got := Closest(tt.name, tt.cands); got != tt.want {
			t.Errorf("Closest(%q, %v) = %q, want %q", tt.name, tt.cands, got, tt.want)
		}
	}
}
