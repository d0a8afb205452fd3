// Package progress shows a run's steps as they happen: the view `flow run`
// and `flow demo` print while a flow runs.
//
// Input: the run's events ([runtime.Event]), through [View.Emit], which
// makes a [View] a runtime.Sink. Output: text on one writer, one line per
// step with its path (indented by depth), kind, text, state and time, and,
// after the time, the runtime's note on what a finished step chose or found
// ("item 2 of 8, ranked by lowest price"); a step that ended the run gets
// its note on a line of its own.
//
// Two modes. Live, for a terminal: the running step's line is redrawn in
// place (carriage return and erase-line) with its elapsed time and what it
// is doing (observing, asking, acting), and becomes a permanent line when
// the step ends. Plain, for a pipe or a file: nothing is redrawn; one line
// is printed when a step ends, so logs hold each step once. Colour (state
// only) is a separate choice the caller makes (NO_COLOR, --color).
//
// Invariants:
//   - The view prints only what the events hold, and the runtime masks
//     every event before any sink sees it, so no secret value reaches the
//     view's output.
//   - Emit and Close are safe to call from several goroutines; after
//     Close, Emit prints nothing and no redraw is pending.
//   - Step texts are cut to one line of at most [MaxTextLen] runes, with
//     control characters (a page's terminal escapes) replaced.
package progress
