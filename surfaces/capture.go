package surfaces

import (
	"context"
	"time"
)

// Recorder is implemented by surfaces that can watch a person use them
// (the browser), so a session can be written down as a flow.
type Recorder interface {
	// Record starts capturing and returns the events in the order they
	// happened. The channel is closed when ctx ends or the surface goes away
	// (the page or browser closed); Record itself returns an error only when
	// capture cannot start.
	Record(ctx context.Context) (<-chan UserEvent, error)
}

// EventKind says what a person did.
type EventKind string

// The kinds of [UserEvent].
const (
	EventClick    EventKind = "click"    // pressed a control
	EventInput    EventKind = "input"    // typed into a field; Value is the field's final text
	EventSelect   EventKind = "select"   // chose an option of a native select; Value is its label
	EventCheck    EventKind = "check"    // checked a checkbox, radio or switch
	EventUncheck  EventKind = "uncheck"  // unchecked a checkbox or switch
	EventSubmit   EventKind = "submit"   // submitted a form (Target is the form's submitter or field)
	EventKey      EventKind = "key"      // pressed Enter, Escape or Tab; Value is the key
	EventNavigate EventKind = "navigate" // the page's document changed; Value is the new URL
	// EventShown: what the page shows as its outcome changed: Heading and
	// Status hold its main heading and status lines now. No one acted;
	// a recorder uses the last one to end a flow with a check.
	EventShown EventKind = "shown"
)

// UserEvent is one thing a person did on a surface, described by meaning
// (role, accessible name, label, the card it sits in) rather than by
// selector, so it can be replayed on a page whose markup changed.
type UserEvent struct {
	Kind EventKind `json:"kind"`
	// Time is when the surface saw it.
	Time time.Time `json:"time"`
	// URL and Title name the page it happened on (for a navigation, the
	// page navigated to).
	URL   string `json:"url"`
	Title string `json:"title,omitempty"`
	// Target is the control acted on, as [Surface.Observe] would name it
	// (Ref is empty: events outlive screens). Empty for navigations.
	Target Candidate `json:"target"`
	// Context is the text of the card, list item or row the target sits
	// in, its heading on the first line. Equal controls ("Renew" on each
	// card) are told apart by the named group of Target.Path, as the
	// runtime reads it; Context is the fallback where the path names none.
	Context string `json:"context,omitempty"`
	// Twins counts the other controls on the page with the target's role
	// and name: when there are any, Target.Path's group, Context or
	// Target.Nth is what tells the target apart.
	Twins int `json:"twins,omitempty"`
	// Overlay is set when the target sits in a dialog, pop-up or cookie
	// banner: its label ("Cookies", "dialog"). Closed says the overlay was
	// gone shortly after the click (a dismissal).
	Overlay string `json:"overlay,omitempty"`
	Closed  bool   `json:"closed,omitempty"`
	// Value depends on Kind: the text typed, the option chosen, the key
	// pressed, the URL navigated to. Always empty for a password field.
	Value string `json:"value,omitempty"`
	// Secret is true for a password field: its value is never captured.
	Secret bool `json:"secret,omitempty"`
	// Typed is true for a navigation the person started (typed address,
	// bookmark, reload) rather than a link, form or script.
	Typed bool `json:"typed,omitempty"`
	// Heading and Status are set on [EventShown]: the page's main heading
	// (its visible h1, "" when none) and its visible status lines (role
	// status or alert, live regions, toasts), in reading order.
	Heading string   `json:"heading,omitempty"`
	Status  []string `json:"status,omitempty"`
}
