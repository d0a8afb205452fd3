// Package record writes down what a person did in a browser as a flow.
//
// Input: the [surfaces.UserEvent]s of one recording session, in the order
// they happened (the browser surface's [surfaces.Recorder] captures them),
// and [Options] naming the flow.
//
// Output: a [Recording]: the flow's source, formatted by [grammar.Format],
// and a YAML facts file holding the values typed (written beside the flow
// as NAME.facts.yaml, see [FactsPath]), with the names declared, the
// stop_before phrase the recording ended at, and notes on what was left
// out.
//
// How events become steps, by meaning, never by selector:
//
//   - The first web page opens the flow with browse "${site}", site being a
//     url fact whose default is the start address. Later addresses the
//     person typed are browse steps (relative to ${site} when they start
//     with it); navigations caused by clicks and forms are no steps.
//   - Typing becomes enter FIELD = fact, the field named by its label;
//     consecutive fields on one page form one enter { … } block, and a
//     field typed again there keeps its place and takes the new value. A
//     suggestion picked right after typing part of a word ("Par" →
//     "Paris") is the value; after a whole word ("Lisbon" → "Lisbon (LIS)
//     Portugal") the word stays, as typed again it brings the same list,
//     which enter answers. Each value is a
//     fact with the value as its default, typed number, date, email, url
//     or money only where that type renders back to exactly the text
//     typed, text otherwise.
//   - Native selects, a combobox followed by its option, and radio buttons
//     of a named group become choose FIELD = fact.
//   - Checkboxes become do "tick X" / "untick X", switches do "turn X
//     on|off"; clicks become do intents phrased by role ("press X", "open
//     X", "open the X tab", "choose X", "click X"). Only when the page has
//     other controls of the same role and name (UserEvent.Twins, Nth) does
//     the step name the card the control sits in (`on the card "Cloud
//     storage 100 GB"`, from the card's heading) or else its rank. Clicks
//     that only focus a field, a double
//     click and a click on a label whose checkbox reports itself are
//     dropped.
//   - A press that closed a cookie banner, dialog or pop-up is wrapped in
//     if "a cookie banner is shown" { … }, and so is any press whose words
//     read as dismissing something.
//   - Enter in a field is press "Enter" (so is a form sent right after
//     typing with no key seen: Enter did it), Escape is press "Escape";
//     Enter on a button is a press of the button. The runtime's fill
//     leaves the field focused, so the Enter lands where it was pressed.
//   - A press of a control that the guard reads as irreversible or as
//     payment ([guard.ClassifyControl], also through Enter in its form) is
//     not recorded: the flow ends with stop_before on it ("paying",
//     "placing the order") and later events are dropped. A flow that did
//     not stop ends with verify `the page shows "TITLE"` on the last page.
//
// Invariants:
//
//   - Secrets never leave: a password field's value is never captured, and
//     a value that is a card number (13–19 digits passing the Luhn check)
//     or typed into a card field ([guard.IsCardField], the cardholder's
//     name excepted) makes its field a secret. Every value such a field
//     was given, and its card-number spellings, is masked out of every
//     other text of the events before any step is written, so neither the
//     flow, the facts file, the notes nor an error can hold one. Card
//     secrets add payment fill_then_approve and an allow line.
//   - The flow parses and formats canonically (Build returns an internal
//     error rather than a flow that does not), compiles, and is written to
//     lint clean: names are unique identifiers that are no reserved word
//     and no word of the step text, every declared name is used, the flow
//     ends with verify or stop_before, and a press whose words the linter
//     would read as irreversible carries a lint:ignore saying why.
//   - The output depends only on the events and the options: no clock, no
//     randomness.
//   - At most [MaxSteps] steps: events beyond are dropped with a note.
package record
