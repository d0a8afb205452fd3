package sim

import (
	"strconv"

	"flow/surfaces"
)

// Pos is a place in a script file. It is zero for scripts built in Go.
type Pos struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
}

// IsValid reports whether the position names a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String renders "file:line:col", "file:line" when the column is unknown.
func (p Pos) String() string {
	s := p.File
	if p.Line > 0 {
		s += ":" + strconv.Itoa(p.Line)
		if p.Col > 0 {
			s += ":" + strconv.Itoa(p.Col)
		}
	}
	return s
}

// where holds the position of a script node and, for error messages that
// point at one field or one list entry, the positions of those. Scripts
// built in Go leave it empty and errors name a path instead.
type where struct {
	// Pos is where the node starts in its file.
	Pos Pos `json:"-"`
	at  map[string]Pos
}

// posOf returns the position of a field ("goto") or of one entry of a
// list or map field ("reveal/banner"), falling back to the node's.
func (w *where) posOf(key string) Pos {
	if p, ok := w.at[key]; ok {
		return p
	}
	return w.Pos
}

func (w *where) mark(key string, p Pos) {
	if w.at == nil {
		w.at = map[string]Pos{}
	}
	w.at[key] = p
}

// Script is a scripted set of screens: what [New] runs. Build it with
// [Parse] or [LoadScript], or as a Go value; [Script.Check] validates both
// the same way.
type Script struct {
	// Name names the script in messages (the file name when parsed).
	Name string
	// Start names the first screen; empty means the first of Screens.
	Start string
	// Allow lists the allowed origins, in the patterns the browser surface
	// takes (host, host:port, *.domain, or a URL whose origin is taken);
	// empty allows every origin.
	Allow []string
	// Vars holds the initial values of the script's variables, which
	// templates ("{{cart}}") show and rules set.
	Vars map[string]string
	// Screens are the scripted screens, in file order.
	Screens []*Page

	where
}

// Page is one scripted screen: what a browser would show at one address.
type Page struct {
	// Name is the key of the screen in the script; goto names it.
	Name string
	// URL is the address of the screen (a template); empty for a screen
	// reached only by goto.
	URL string
	// Title is the document title (a template).
	Title string
	// Candidates are the page's actionable elements in reading order.
	Candidates []*Element
	// Context is the page's visible text in reading order.
	Context []*Text
	// Layers are the dialogs and popovers the screen can show.
	Layers []*Layer
	// On lists the rules that react to operations; the first that matches
	// applies.
	On []*Rule

	where
}

// Element is one scripted candidate.
type Element struct {
	// Ref names the element in the script: rules, goto and when refer to it.
	// The surface shows its own refs ("e3"), fresh for every visit of a
	// screen.
	Ref string
	// Role, Name, Description, Label, Placeholder, Autocomplete and Path
	// are shown as the [surfaces.Candidate] fields of the same names. Name
	// and Description are templates.
	Role, Name, Description string
	Label, Placeholder      string
	Autocomplete            string
	Path                    []string
	// Type is the input type ("text", "password", "email", …).
	Type string
	// Value is the initial value (a template); for a select, the label of
	// the selected option.
	Value string
	// Options are the entries of a native select.
	Options []surfaces.Option
	// Editable forces the element to take typed text; textbox, searchbox,
	// spinbutton, combobox without options and text-like input types take
	// it anyway.
	Editable bool

	// Initial states.
	Checked, Selected, Expanded  bool
	Disabled, Readonly, Required bool
	Offscreen, Focused           bool
	// Hidden leaves the element out until a rule reveals it.
	Hidden bool

	// Href is where a click on the element navigates (a URL, checked
	// against the allow-list and resolved to the screen with that URL).
	Href string
	// Goto names the screen a click on the element goes to.
	Goto string
	// Group ties radios (and tabs, options) together: checking one unchecks
	// the others.
	Group string
	// Form names the element's form; "" is the screen's default form.
	Form string
	// Submit makes the element its form's default button: Enter in a field
	// of the form clicks it.
	Submit bool
	// Controls names a layer; the element is expanded while it is open.
	Controls string
	// Bounds places the element; nil stacks elements down the page.
	Bounds *surfaces.Bounds

	where
}

// Text is one line of visible non-interactive text.
type Text struct {
	// Ref names the line for reveal and hide; optional.
	Ref string
	// Text is the line (a template).
	Text string
	// Role is "heading", "alert", "status" or empty.
	Role string
	// Path is the ancestor path.
	Path []string
	// Hidden leaves the line out until a rule reveals it.
	Hidden bool

	where
}

// Layer is a dialog or popover of a screen.
type Layer struct {
	// ID names the layer for open, close and controls.
	ID string
	// Kind is [surfaces.LayerDialog] (modal: it covers everything beneath)
	// or [surfaces.LayerPopover] (covers only Covers).
	Kind surfaces.Layer
	// Name labels the layer in candidate paths: dialog "Cookies".
	Name string
	// Open shows the layer when the screen loads.
	Open bool
	// Escape makes the Escape key close the layer.
	Escape bool
	// Covers lists refs beneath that an open popover covers.
	Covers []string
	// Candidates and Context are the layer's own elements and text.
	Candidates []*Element
	Context    []*Text

	where
}

// Rule reacts to an operation on a screen. It matches on Op, Ref, Value
// and When; its effects then apply in the order of the fields below.
type Rule struct {
	// Op is the operation: click, fill, select, check, uncheck, press,
	// scroll or hover.
	Op surfaces.Op
	// Ref is the element acted on; for press, the focused element; empty
	// for press and scroll matches any.
	Ref string
	// Value, when set, must equal the operation's value: the typed text,
	// the chosen option (label or value), the key combination, the scroll
	// direction. Case does not matter.
	Value string
	// When maps refs to the values they must hold (after the operation's
	// own effect): a field's text, a select's option label, "checked" or
	// "unchecked". Values are templates.
	When map[string]string

	// Set assigns variables (templates; {{value}} is the operation's value,
	// masked for a secret).
	Set map[string]string
	// Values sets the text of fields on the screen (templates).
	Values map[string]string
	// Reveal, Hide, Enable and Disable change elements and lines.
	Reveal, Hide, Enable, Disable []string
	// Open and Close show and hide a layer.
	Open, Close string
	// Event records a named event ([Sim.Events]).
	Event string
	// Request is a request the page sends ("POST /api/orders/4411/cancel"),
	// reported in [surfaces.Outcome.Requests]: a press whose only effect is
	// a request, as a fetch that changes nothing on the screen.
	Request string
	// Dialog is a JavaScript dialog the page raises; the surface answers it
	// as the browser does (prompts dismissed, others accepted) and reports
	// it in the [surfaces.Outcome].
	Dialog *surfaces.Dialog
	// Goto goes to the named screen (a navigation: the allow-list applies).
	Goto string
	// Back goes back one entry in the history.
	Back bool

	where
}
