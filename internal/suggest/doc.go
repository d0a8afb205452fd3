// Package suggest finds the word a person most likely meant: the "did you
// mean" of every diagnostic, from an unknown fact in a flow file to a
// mistyped command-line flag. One rule everywhere, so the tool guesses the
// same way wherever it is asked.
package suggest
