// Package proctest finds the processes a test binary left running.
//
// [Mark] puts a marker in the environment; every process started after it
// (Chromium and its renderers and zygotes, whatever their command line)
// inherits it. [Leftovers] lists the live processes, other than the
// caller, whose environment carries the marker. Linux only (/proc).
package proctest
