package stdlib

import "fmt"

// ParseError is the error every parser of this package returns. It names
// the flow type that was wanted and quotes the text, so a runtime message
// reads `cannot read "about €12" as money: two prices (12.00 EUR, 15.00 EUR)`.
type ParseError struct {
	Type   string // flow type or value kind: "money", "number", "date", "clock time", …
	Text   string // the input, as given
	Reason string // why it failed, in plain words
}

// Error implements error.
func (e *ParseError) Error() string {
	return fmt.Sprintf("cannot read %q as %s: %s", e.Text, e.Type, e.Reason)
}

func parseErr(typ, text, format string, args ...any) error {
	return &ParseError{Type: typ, Text: text, Reason: fmt.Sprintf(format, args...)}
}
