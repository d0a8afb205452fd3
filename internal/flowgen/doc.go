// Package flowgen generates realistic flow libraries for benchmarks and
// tests of the parser, the compiler and the command line.
//
// Input is a size (files, steps per file) and a seed; output is the text of
// .flow files. The same arguments always give the same files. Every file is
// valid and lint-clean: its facts and secret are declared and used, its
// variables are defined before use, secrets appear only as enter values,
// no step follows stop_before, and the entry flow ends with stop_before or
// verify. Each file uses every step kind, facts of every type,
// interpolations, if/else, repeat, for, check and set, a call to a second
// flow of the same file, and comments. [Faulty] plants errors and warnings
// in the same files, for tests that need a library full of diagnostics.
//
// The package imports nothing of the project, so any package may use it in
// its tests and benchmarks.
package flowgen
