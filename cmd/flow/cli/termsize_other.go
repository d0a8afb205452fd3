//go:build !unix

package cli

import "os"

// terminalWidth is 0 (unknown) where flow does not ask the terminal; the
// live progress line is then not cut.
func terminalWidth(*os.File) int { return 0 }
