package suite

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

func namedCases(n int) []*Case {
	var cs []*Case
	for i := range n {
		// Names out of order (the odd ones first): Select must not
		// depend on the order given.
		var k int
		if i < n/2 {
			k = 2*i + 1
		} else {
			k = 2 * (i - n/2)
		}
		cs = append(cs, &Case{Name: fmt.Sprintf("case_%02d", k)})
	}
	return cs
}

// Every case runs in exactly one shard, for every split of 1 to 4 parts
// and libraries of 0 to 23 cases; shard sizes differ by at most one.
func TestShardsCoverEveryCaseExactlyOnce(t *testing.T) {
	for size := 0; size <= 23; size++ {
		cases := namedCases(size)
		for n := 1; n <= 4; n++ {
			seen := map[string]int{}
			minLen, maxLen := size, 0
			for i := 1; i <= n; i++ {
				part := Select(cases, nil, Shard{Index: i, Count: n})
				minLen, maxLen = min(minLen, len(part)), max(maxLen, len(part))
				for _, c := range part {
					seen[c.Name]++
				}
			}
			for _, c := range cases {
				if seen[c.Name] != 1 {
					t.Errorf("%d cases, %d shards: %s runs %d times", size, n, c.Name, seen[c.Name])
				}
			}
			if size > 0 && maxLen-minLen > 1 {
				t.Errorf("%d cases, %d shards: sizes from %d to %d", size, n, minLen, maxLen)
			}
		}
	}
}

// The split depends on the names only: the same library given in another
// order splits the same way.
func TestShardIsDeterministic(t *testing.T) {
	a := namedCases(10)
	b := make([]*Case, len(a))
	for i := range a {
		b[i] = a[len(a)-1-i]
	}
	for i := 1; i <= 3; i++ {
		s := Shard{Index: i, Count: 3}
		if got, want := names(Select(b, nil, s)), names(Select(a, nil, s)); got != want {
			t.Errorf("shard %s: %s, then %s", s, want, got)
		}
	}
}

func TestGrepSelectsBeforeSharding(t *testing.T) {
	cases := namedCases(10)
	re := regexp.MustCompile(`_0[0-3]$`)
	if got := names(Select(cases, re, Shard{})); got != "case_00 case_01 case_02 case_03" {
		t.Errorf("grep: %s", got)
	}
	// The matching cases are dealt out, not the library's: 4 cases over 2
	// shards give 2 each.
	if got := names(Select(cases, re, Shard{Index: 2, Count: 2})); got != "case_01 case_03" {
		t.Errorf("grep in shard 2/2: %s", got)
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/3"); err != nil || s != (Shard{2, 3}) {
		t.Errorf("2/3: %v %v", s, err)
	}
	for _, bad := range []string{"3/2", "0/2", "1/0", "a/b", "1", "-1/2", ""} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func names(cs []*Case) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return strings.Join(out, " ")
}
