// Package grammar reads and writes the text of .flow files.
//
// Input is the bytes of one file; output is a [File] syntax tree in which
// every node carries the [Range] of source it came from, plus
// [Diagnostics] for what could not be parsed. The printer turns a tree back
// into canonical text (what `flow fmt` writes) and keeps every comment;
// printing is idempotent and the printed text parses to an equal tree.
//
// The package imports nothing of the project: the compiler, the linter, the
// recorder and the formatter all build on it, never the other way round.
// Diagnostics are defined here because every later stage reports in the same
// shape.
package grammar
