// Package report turns the events of a run into a self-contained HTML
// report that opens offline: the flow's source with each step's outcome
// beside its line; per step its kind, text, outcome, where its time went
// (observe, decide, act, settle), the questions the decision model was
// asked with its answers, reasons and the options that lost, the actions
// with their targets and effects, the screenshot after the step with the
// acted-on controls outlined, and the screen the runtime saw behind a
// disclosure; the stop target or the failure with its hint at the top.
//
// Input: the events of a run, read back from a JSONL trace ([ReadTrace])
// or kept live as a [runtime.Sink] ([Recorder]), and the flow's source.
// Output: DIR/index.html and, beside it, the screenshots the trace names
// (DIR/shots/…). Screenshots stay files rather than being inlined: a run
// of twenty steps would otherwise make a page of several megabytes of
// base64 that a browser parses before it shows anything, and the files
// are the ones the trace already names. The page has no script and loads
// nothing from the network: its style is inline.
//
// Invariant: a report holds only what the events hold, and every event a
// sink receives is masked by the runtime, so no secret can reach the page;
// the screenshots were taken with secret fields painted over. The package
// adds no text of a page or a flow that did not pass through the masker.
package report
