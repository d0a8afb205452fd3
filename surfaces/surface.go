package surfaces

import (
	"context"
	"encoding/json"
	"time"
)

// Surface is something the runtime can look at and act on.
//
// Implementations are used from one goroutine at a time.
type Surface interface {
	// Kind says which family the surface belongs to.
	Kind() Kind
	// Observe reads what is rendered now. Refs of earlier screens of the same
	// document that still name the same element keep their value.
	Observe(ctx context.Context) (Screen, error)
	// Act performs one operation and settles. On failure the error is one of
	// the typed errors of this package where one applies; the Outcome is
	// still filled with what happened (dialogs, blocked navigations).
	Act(ctx context.Context, op Operation) (Outcome, error)
	// Settle waits until the surface is quiet (network and DOM), within caps.
	Settle(ctx context.Context) error
	// Screenshot captures the visible viewport as PNG with the given
	// secrets masked, one pixel per CSS pixel whatever the display's
	// density, so a candidate's bounds place it on the picture.
	Screenshot(ctx context.Context, opts ScreenshotOptions) ([]byte, error)
	// Close releases the surface. It never closes a browser the surface
	// attached to.
	Close() error
}

// PressTaker is a surface that can tell whether the application listens
// for a press of a control: a handler of its own on the control or around
// it. A press that changed nothing on the screen was taken by the
// application when it has one; a control with none is dead to it. Surfaces
// that cannot tell do not implement it.
type PressTaker interface {
	TakesPress(ctx context.Context, ref string) bool
}

// ScreenshotOptions says what to mask in a screenshot.
type ScreenshotOptions struct {
	// MaskRefs are refs of fields to paint over (secret fields).
	MaskRefs []string
	// MaskValues are secret strings: every field whose value contains one and
	// every text node showing one is painted over.
	MaskValues []string
}

// Outcome is what an operation did.
type Outcome struct {
	// URL is the address after the operation.
	URL string `json:"url,omitempty"`
	// Navigated is true when the document changed.
	Navigated bool `json:"navigated,omitempty"`
	// Readback is the value read back from a filled or selected field; empty
	// for secrets and passwords.
	Readback string `json:"readback,omitempty"`
	// ReadbackOK is true when the value read back equals what was asked
	// (fill, select, check, uncheck).
	ReadbackOK bool `json:"readback_ok,omitempty"`
	// Dialogs lists the JavaScript dialogs raised and answered meanwhile.
	Dialogs []Dialog `json:"dialogs,omitempty"`
	// Blocked lists URLs of navigations that were stopped (origin rules).
	Blocked []string `json:"blocked,omitempty"`
	// Popups lists URLs of windows the page opened and the surface closed.
	Popups []string `json:"popups,omitempty"`
	// Requests lists the requests the operation made the page send, as
	// "METHOD URL": form posts, navigations, and fetch/XHR calls that change
	// state or follow the press. A press whose only effect is a request
	// still did something, even when the screen shows no change. Requests
	// a page sends by itself (a GET poll on a timer) are left out.
	Requests []string `json:"requests,omitempty"`
	// Statuses holds, for each of Requests, the HTTP status it was
	// answered with by the time the act settled: 0 when no answer came,
	// -1 when it failed (a redirect counts as its answer). A surface that
	// cannot tell leaves it nil.
	Statuses []int `json:"statuses,omitempty"`
	// Note is a short human-readable remark ("settle capped at 3s",
	// [NoteFormatted]).
	Note string `json:"note,omitempty"`
	// Settled is how long of the Act call the surface waited for quiet
	// after the operation, so a caller can tell the act's time from the
	// page's.
	Settled time.Duration `json:"settled,omitempty"`
}

// NoteNotScrolled is the [Outcome.Note] of a scroll of an element's own
// content that moved nothing: it already showed that end.
const NoteNotScrolled = "the element did not scroll: it is already there"

// NoteFormatted is the [Outcome.Note] of a fill whose read-back matched
// only in its letters and digits: the page formatted the text (a card
// number in groups of four). ReadbackOK is true.
const NoteFormatted = "the field shows the value formatted"

// Dialog is a JavaScript dialog the surface answered.
type Dialog struct {
	// Type is "alert", "confirm", "prompt" or "beforeunload".
	Type    string `json:"type"`
	Message string `json:"message"`
	// Accepted is how it was answered.
	Accepted bool `json:"accepted"`
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// Allower is implemented by surfaces that keep documents within allowed
// origins (the browser). Patterns are "host" (any port), "host:port",
// "*.domain" or a URL whose origin is taken; an empty list allows all. The
// runtime sets it from the flow's allow (or the origin of its first
// browse); a navigation outside fails with a [BlockedError].
type Allower interface {
	SetAllow(patterns []string) error
}
