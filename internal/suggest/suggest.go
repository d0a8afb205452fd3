package suggest

import (
	"slices"
	"strings"
)

// Closest returns the candidate nearest to name when it is close enough to
// be a likely typo, or "". Case is ignored; a candidate equal to name is not
// a suggestion. "Close enough" grows with the word: one edit for every
// three letters, at least one and never more than three, so "og" finds
// "go", "lnt" finds "lint" and "destinaton" finds "destination", but "xyz"
// finds no "origin". Ties go to the candidate that sorts first, so the
// answer is the same on every run.
func Closest(name string, candidates []string) string {
	limit := min(max(len([]rune(name))/3, 1), 3)
	best, bestDist := "", limit+1
	lower := strings.ToLower(name)
	for _, c := range slices.Sorted(slices.Values(candidates)) {
		if c == name {
			continue
		}
		if d := Distance(lower, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// Distance is the optimal string alignment distance between a and b, in
// runes: insertions, deletions, substitutions and swaps of two neighbours
// (the commonest typo) each cost one.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows suffice: a swap looks two rows back.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
