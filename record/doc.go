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
//     the step name the group the control sits in, as the innermost named
//     group of its path (sight's name, the one the runtime's anchor
//     matches): `on the card "Cloud storage 100 GB"`, `in the row "March
//     2025"` (a row by its first cell), `on the item "Buy milk"`, `in the
//     group "Delivery"`, `in the dialog "Help us grow"`, `in the region
//     "…"`; or else its rank (a name two groups share, ` #2`). A path with
//     no named group falls back to the first line of the card's text the
//     recorder read (UserEvent.Context). A stop_before target and a field
//     with look-alikes name their group the same way. Clicks that only
//     focus a field, a double click and a click on a label whose checkbox
//     reports itself are dropped.
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
//     "placing the order") and later events are dropped.
//   - A flow that did not stop ends with the strongest check its last
//     screen offers (the browser reports what a page shows as
//     [surfaces.EventShown] events): verify `the page shows "LINE"` for
//     the first status line (role status or alert, a live region, a
//     toast) that came after the last action and was still shown when
//     the recording ended, so a toast that went away is never checked;
//     else the main heading (h1) of the last page; else its title; else
//     the last control acted on there. A line that reads as an error, or
//     describes a change (lint rule L006), is not used.
//
// Names. A fact or secret is named after its field's label, by this rule:
// the label is read up to where it stops naming the field (a bracket,
// colon, question or exclamation mark or full stop, or an article that
// starts a sentence); its words are lower-case ASCII letters and digits
// (accents dropped, "E-mail" → email); a preposition after two words or
// more starts a modifier that is left out ("Available times on Fri" →
// available_times; "Name on card" keeps its "on"); at most five words
// and 32 characters are kept, cut at a word boundary, and a name cut
// short never ends on a function word ("Membership card number or
// e-mail" → membership_card_number_or_email; "Library card number or
// membership ID" → library_card_number). A name that is a reserved word
// takes _value, a taken one _2, _3, …; one that starts with a digit takes
// field_ in front.
//
// Invariants:
//
//   - Secrets never leave: a password field's value is never captured, and
//     a value that is a card number (13–19 digits passing the Luhn check)
//     or typed into a card field makes its field a secret (the
//     cardholder's name excepted). A card field is known by its
//     autocomplete attribute, or by its label read with the fields typed
//     and the controls pressed on the same page ([guard.IsCardFieldIn]):
//     "Card number" beside an expiry or a Pay button is card data, a
//     "Membership card number or e-mail" with autocomplete username is
//     not. Every value such a field
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
