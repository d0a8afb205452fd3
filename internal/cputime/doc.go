// Package cputime reads the CPU time the process has used, for benchmarks
// that run on a shared machine: wall time says how busy the machine was,
// CPU time what the work cost.
package cputime
