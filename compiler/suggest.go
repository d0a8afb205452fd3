package compiler

import "flow/internal/suggest"

// didYouMean returns the hint "did you mean X?" naming the candidate closest
// to name by edit distance, when one is close enough to be a likely typo
// (HCL's didyoumean does the same); otherwise it returns fallback.
func didYouMean(name string, candidates []string, fallback string) string {
	best := suggest.Closest(name, candidates)
	if best == "" {
		return fallback
	}
	return "did you mean " + best + "?"
}
