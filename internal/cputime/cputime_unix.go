//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Used is the CPU time this process has used so far: user and system,
// every thread, the garbage collector's included. It is 0 when the
// system does not say.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
