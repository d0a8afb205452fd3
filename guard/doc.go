// Package guard decides, from words alone, what must never happen by
// accident in a run: pressing a control that sends, deletes, pays or signs
// out; typing card data where payment is not allowed; pushing past a
// captcha; leaking a secret into any output.
//
// Input: control labels and roles, step texts and `stop_before` phrases,
// field labels and autocomplete attributes, screen text, secret values.
//
// Output:
//
//   - [Classify] / [ClassifyControl]: a [Match] with the [Class]
//     (None, Irreversible, Payment) and the word or phrase that decided it;
//   - [GatedBy]: whether a `stop_before` phrase covers a control;
//   - [DescribesIrreversible], [IsSignIn]: the lint's reading of step text;
//   - [IsCardField], [HumanWall]: payment evidence and human walls;
//   - [Masker]: replaces secret values, and their URL-, JSON- and
//     HTML-encoded forms, by ${name}.
//
// Invariants: every function is pure and total (no input panics or is
// refused), the tables are fixed at build time, and the package imports
// nothing of the project, so the compiler's lint, the runtime and the
// recorder share one reading of the same words.
//
// How labels are read. A label is lower-cased and split into words of
// letters and digits, so icons, punctuation and prices do not matter
// ("🗑 Delete", "Send ➤", "Pay €120.50"). Phrases ("place order", "sign
// out", "cancel booking") match anywhere in a label; a single verb ("send",
// "pay", "post") matches only where the label gives an order: its first
// word, possibly after a lead-in such as "Yes," or "Proceed to". That keeps
// "Read the post" and "Undo delete" unguarded. Step text is prose, so there
// verbs match in any inflection and at the start of any clause ("write the
// reply and send it", "click the send button"). Negations, quantity
// steppers and cart removals are exempt; the guard errs towards refusing,
// since a refused press ends a run with a clear outcome while a wrong press
// cannot be taken back.
package guard
