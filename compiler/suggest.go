package compiler

import "strings"

// didYouMean returns the hint "did you mean X?" naming the candidate closest
// to name by edit distance, when one is close enough to be a likely typo
// (HCL's didyoumean does the same); otherwise it returns fallback.
func didYouMean(name string, candidates []string, fallback string) string {
	best, bestDist := "", len(name)/3+2
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := editDistance(strings.ToLower(name), strings.ToLower(c))
		if d < bestDist || (d == bestDist && best != "" && c < best) {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return fallback
	}
	return "did you mean " + best + "?"
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
