// Package grammar reads and writes the text of .flow files.
//
// Input is the bytes of one file; output is a [File] syntax tree in which
// every node carries the [Range] of source it came from, plus
// [Diagnostics] for what could not be parsed. The printer ([Format]) turns a
// tree back into canonical text (what `flow fmt` writes) and keeps every
// comment; printing is idempotent and the printed text parses to an equal
// tree. [Walk], [Inspect] and [Stmts] traverse trees for later stages.
//
// # How a file is read
//
// The lexer (lexer.go) is hand-written because the language is
// line-oriented and context-dependent. It knows, from the reserved word
// that opens them, the few places where raw expr-lang text follows (check,
// set NAME =, if, repeat until, for NAME in) and hands such text over as one
// Expr token whose range is exactly its source, so the compiler can map
// expr's error offsets back into the file. Strings are decoded as they are
// lexed: escapes, `${…}` interpolations (each an [Expr] with its own exact
// range) and `"""` texts. Newlines are tokens, except inside brackets and
// texts; comments are collected for the printer and never reach the parser.
//
// The statement grammar is participle/v2 (syntax.go) over those tokens.
// Every production is decided by its first token, so the parser runs with
// no lookahead, and statements are dispatched by their first word instead
// of trying each production in turn. Flat statements (those without a
// block) are first checked one by one against their production and then
// stand as one token in the flow's parse (collapse.go); repeated statement
// shapes are recognised without running participle again. converter
// (convert.go) turns participle's tree into the nodes of ast.go.
//
// # Errors
//
// Each flow is parsed on its own, from its `flow` line to the next, so the
// parser reports the first syntax error of each flow and still returns the
// others parsed; a flow cut short keeps the statements before the error.
// Diagnostics carry the stable codes of codes.go (E001–E009), a summary
// naming what was expected and what was found, and a hint. Parse never
// panics: invalid UTF-8, binary data, unterminated strings and nesting
// beyond fixed limits all end as diagnostics, and recursion depth is
// bounded by those limits.
//
// # Invariants
//
//   - Every node's range lies within its parent's; line and column agree
//     with the byte offset (columns count bytes, from 1).
//   - An [Expr]'s range covers exactly its Src; a [StringLit]'s exactly its
//     Raw; an [Ident]'s exactly its name.
//   - Format(Parse(src)) is stable: formatting it again changes nothing.
//
// The package imports nothing of the project: the compiler, the linter, the
// recorder and the formatter all build on it, never the other way round.
// Diagnostics are defined here because every later stage reports in the same
// shape.
package grammar
