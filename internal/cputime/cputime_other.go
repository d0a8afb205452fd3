//go:build !unix

package cputime

import "time"

// Used is not measured on this system: it is always 0.
func Used() time.Duration { return 0 }
