package suite

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Shard is one part of a split library: Index of Count, from 1. The zero
// Shard is the whole library.
type Shard struct {
	Index, Count int
}

// ParseShard reads "i/n" (1 ≤ i ≤ n), as --shard takes it.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%q is not i/n, like 1/4", s)
	}
	if n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("%q: want 1 ≤ i ≤ n, like 1/%d", s, max(n, 2))
	}
	return Shard{Index: i, Count: n}, nil
}

// String formats the shard as "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Select returns the cases whose name matches grep (nil: all) and that
// fall into shard. The split deals the matching cases, sorted by name, in
// turn: case k goes to shard k mod n + 1. It depends only on the names, so
// every machine of a CI matrix computes the same split, each case runs in
// exactly one shard, and the shards differ in size by at most one.
func Select(cases []*Case, grep *regexp.Regexp, shard Shard) []*Case {
	var out []*Case
	k := 0
	for _, c := range sortedByName(cases) {
		if grep != nil && !grep.MatchString(c.Name) {
			continue
		}
		if shard.Count <= 1 || k%shard.Count == shard.Index-1 {
			out = append(out, c)
		}
		k++
	}
	return out
}

func sortedByName(cases []*Case) []*Case {
	out := slices.Clone(cases)
	slices.SortStableFunc(out, func(a, b *Case) int { return strings.Compare(a.Name, b.Name) })
	return out
}
