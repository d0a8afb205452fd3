package grammar

// Syntax diagnostic codes. Each code is stable: it is never renumbered or
// reused, so tools and suppression comments can rely on it. The parser uses
// E001–E009; the compiler's codes start at E010.
//
// Every constant documents what triggers it and shows one bad example.
const (
	// CodeSyntax is a token where the grammar does not allow it: a missing
	// string, a `}` that does not start its line, an unknown step word.
	//
	//	do search for flights      # want "expected a string after `do`"
	CodeSyntax = "E001"

	// CodeUnterminatedString is a "…" string, an expression string or a
	// `${…}` interpolation that reaches the end of its line unclosed.
	//
	//	do "search for flights
	CodeUnterminatedString = "E002"

	// CodeInvalidEscape is a backslash in a string followed by anything but
	// `"`, `\`, `n`, `t` or `$`.
	//
	//	do "C:\temp\x"             # \x is not an escape
	CodeInvalidEscape = "E003"

	// CodeInvalidUTF8 is a byte sequence that is not UTF-8.
	//
	//	do "caf\xe9"               # Latin-1 é
	CodeInvalidUTF8 = "E004"

	// CodeUnterminatedText is a `"""` multi-line string with no closing line
	// holding only `"""`, or one of whose lines is indented less than that
	// closing line.
	//
	//	do """
	//	  search for flights
	CodeUnterminatedText = "E005"

	// CodeBadNumber is a number or duration that does not read as one:
	// an unknown unit, a value out of range.
	//
	//	wait_for "results" within 5min
	CodeBadNumber = "E006"

	// CodeUnbalanced is a bracket in a data expression that is never closed
	// or closes the wrong opener.
	//
	//	check len(flights > 2
	CodeUnbalanced = "E007"

	// CodeTooDeep is nesting beyond what the parser accepts (blocks, list
	// literals or brackets in an expression), so that no input can exhaust
	// the stack. The compiler's own, much lower, block limit comes later.
	//
	//	check ((((((((((((…))))))))))))   # more than 100 levels
	CodeTooDeep = "E008"

	// CodeInvalidChar is a character that cannot start any token: a control
	// character, or a non-ASCII letter outside strings and comments.
	//
	//	enter "name" = café        # names are ASCII
	CodeInvalidChar = "E009"
)
