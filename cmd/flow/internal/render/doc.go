// Package render prints diagnostics for people and for tools.
//
// Input is a [grammar.Diagnostics] list, plus the text of the files it points
// into (through [Sources]) where a format shows source lines or counts
// characters. Output is one of four formats, each written to an io.Writer:
//
//   - [Text]: FILE:LINE:COL: severity CODE: summary, then the source line with
//     a run of carets under the range, the detail, related places and a hint;
//     ANSI colour only when asked for (the caller decides, from the terminal
//     and NO_COLOR).
//   - [JSON]: an array of flat records (file, line, col, end, severity, code,
//     summary, detail, hint, related, fixes); `[]` when there is nothing.
//   - [GitHub]: workflow commands (`::error file=…,line=…::message`) that GitHub
//     Actions turns into annotations on a pull request.
//   - [SARIF]: a SARIF 2.1.0 log whose rules come from the caller's catalogue.
//
// Invariants: rendering never fails on odd input. A range outside its file,
// a file that cannot be found, invalid UTF-8, control characters and lines of
// megabytes all render (the snippet is left out, sanitised or cut to a window);
// only the writer's own errors are returned. Text and JSON columns count bytes,
// as [grammar.Pos] does; GitHub and SARIF columns count Unicode code points,
// which is what those consumers display (SARIF says so with columnKind).
//
// The package only formats: it imports grammar for the Diagnostic type and
// nothing else of the project, and nothing but the command line imports it.
package render
