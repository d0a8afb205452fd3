package grammar

import _ "embed"

// CodesSource is the Go source of codes.go. Its constants' doc comments are
// the help text of the syntax codes, so `flow lint --explain E002` reads the
// same words as this package's documentation; the compiler merges it into its
// catalogue.
//
//go:embed codes.go
var CodesSource string
