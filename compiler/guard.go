package compiler

import "flow/guard"

// describesIrreversible reports whether text names an irreversible or paying
// action, and which phrase and class say so (for the warning's message).
func describesIrreversible(text string) (string, bool) {
	m, ok := guard.DescribesIrreversible(text)
	if !ok {
		return "", false
	}
	return m.Class.String() + ": " + m.Phrase, true
}

// isSignIn reports whether text names signing in.
func isSignIn(text string) bool { return guard.IsSignIn(text) }
