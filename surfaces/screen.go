package surfaces

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"slices"
	"strconv"
	"strings"
)

// Kind names a family of surface; the [Workspace] routes by it.
type Kind string

// The kinds of surface the project knows.
const (
	KindBrowser Kind = "browser" // a Chromium tab (surfaces/browser)
	KindDesktop Kind = "desktop" // a desktop application (not built yet)
	KindSim     Kind = "sim"     // a scripted in-memory screen (surfaces/sim)
)

// Layer says what is in front: the page itself, or a modal dialog or popover
// that takes the input.
type Layer string

// The layers a screen can have in front.
const (
	LayerPage    Layer = "page"
	LayerDialog  Layer = "dialog"
	LayerPopover Layer = "popover"
)

// State is one boolean property of a candidate. A candidate lists only the
// states that hold.
type State string

// The states a surface reports.
const (
	StateFocused   State = "focused"
	StateChecked   State = "checked"
	StateSelected  State = "selected"
	StateExpanded  State = "expanded"
	StateDisabled  State = "disabled"
	StateReadonly  State = "readonly"
	StateRequired  State = "required"
	StateOffscreen State = "offscreen" // rendered but outside the viewport: scroll first
	StateCovered   State = "covered"   // another element is on top at its centre
	// StateScrollable: the element scrolls its own content (a text area or
	// a box holding more than it shows), so Scroll(ref, "bottom") moves it.
	StateScrollable State = "scrollable"
	// StateInvalid: the page marks the field's value as wrong
	// (aria-invalid); its description leads with the error message.
	StateInvalid State = "invalid"
	// StateHover: the control shows only while the pointer is over its row
	// or group (a delete button drawn on hover); a click moves the pointer
	// there first.
	StateHover State = "hover"
	// StateCollapsed: the control opens a part of the page that is now
	// hidden (aria-expanded="false", the summary of a closed <details>):
	// a folder of a tree, an accordion's section, a disclosure.
	StateCollapsed State = "collapsed"
	// StateOnFocus: the control is drawn only while it has the focus (a
	// skip link, visually hidden until a person tabs to it); a click
	// focuses it first.
	StateOnFocus State = "onfocus"
)

// Bounds is a rectangle in CSS pixels of the top-level viewport.
type Bounds struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// Option is one entry of a native select.
type Option struct {
	Label    string `json:"label"`
	Value    string `json:"value,omitempty"`
	Selected bool   `json:"selected,omitempty"`
	Disabled bool   `json:"disabled,omitempty"`
}

// Candidate is one element a person could act on.
type Candidate struct {
	// Ref names the element for [Surface.Act]; valid only while the element
	// it was read from is unchanged (see the package invariants).
	Ref string `json:"ref"`
	// Role is the ARIA role, explicit or implied by the tag ("button",
	// "link", "textbox", "checkbox", "combobox", "option", …).
	Role string `json:"role"`
	// Name is the accessible name: label, aria-label(ledby), text, title,
	// alt, placeholder, or for icon-only controls the icon's class words.
	Name string `json:"name"`
	// Description is extra text (aria-describedby, title when not the name).
	Description string `json:"description,omitempty"`
	// Value is the current value of a field; always empty for a password.
	Value string `json:"value,omitempty"`
	// States lists the states that hold, in the order of the State constants.
	States []State `json:"states,omitempty"`
	// Path holds the labels of meaningful ancestors, outermost first:
	// `dialog "Cookies"`, `main`, `listitem #3`, `card "Room 2"`.
	Path []string `json:"path,omitempty"`
	// Bounds is where the element is drawn.
	Bounds Bounds `json:"bounds"`

	// Label is a field's own label, apart from its placeholder.
	Label string `json:"label,omitempty"`
	// Placeholder is a field's placeholder text.
	Placeholder string `json:"placeholder,omitempty"`
	// InputType is the type attribute of an input ("text", "email",
	// "password", "date", …), empty for other elements.
	InputType string `json:"input_type,omitempty"`
	// Autocomplete is the autocomplete attribute (cc-number, … is payment
	// evidence).
	Autocomplete string `json:"autocomplete,omitempty"`
	// Editable is true for elements that take typed text.
	Editable bool `json:"editable,omitempty"`
	// Options lists the entries of a native select.
	Options []Option `json:"options,omitempty"`
	// Nth counts earlier candidates with the same role and name (0 for the
	// first), so equal-looking controls stay distinguishable.
	Nth int `json:"nth,omitempty"`
	// Frame is empty in the top document, else a label of the iframe.
	Frame string `json:"frame,omitempty"`
}

// Has reports whether s holds for the candidate.
func (c Candidate) Has(s State) bool { return slices.Contains(c.States, s) }

// ContextLine is one line of visible non-interactive text.
type ContextLine struct {
	// Ref names the line so a reader can cite it; it is not actionable.
	Ref string `json:"ref"`
	// Text is the visible text, whitespace collapsed.
	Text string `json:"text"`
	// Role is "heading", "alert", "status" or empty for plain text.
	Role string `json:"role,omitempty"`
	// Path is the ancestor path, as for a [Candidate].
	Path []string `json:"path,omitempty"`
	// Frame is empty in the top document, else a label of the iframe.
	Frame string `json:"frame,omitempty"`
	// Column is the header of the table column the line's cell sits in
	// ("Cases opened" over "16"): what the value is, which its row alone
	// does not say.
	Column string `json:"column,omitempty"`
	// Next places the line in reading order among the candidates: the
	// index in [Screen.Candidates] of the first candidate after it
	// (len(Candidates) when none follows). Text between two controls, such
	// as the count of a "− 2 +" stepper, has the second one's index.
	Next int `json:"next,omitempty"`
}

// Screen is one observation of a surface.
type Screen struct {
	// Surface is the kind of surface that produced the screen.
	Surface Kind `json:"surface"`
	// URL is the address of the page (browser surfaces).
	URL string `json:"url,omitempty"`
	// App names the application (desktop surfaces).
	App string `json:"app,omitempty"`
	// Title is the document or window title.
	Title string `json:"title"`
	// Layer says what is in front.
	Layer Layer `json:"layer"`
	// Candidates are the actionable elements in reading order. When a modal
	// dialog is in front, candidates behind it are marked covered.
	Candidates []Candidate `json:"candidates"`
	// Context is the visible text in reading order.
	Context []ContextLine `json:"context,omitempty"`
	// Fingerprint identifies the content, without refs and bounds.
	Fingerprint string `json:"fingerprint"`
}

// Candidate returns the candidate with the given ref.
func (s Screen) Candidate(ref string) (Candidate, bool) {
	for _, c := range s.Candidates {
		if c.Ref == ref {
			return c, true
		}
	}
	return Candidate{}, false
}

// Find returns the candidates with the given role and name (exact, case
// insensitive); an empty role matches any role.
func (s Screen) Find(role, name string) []Candidate {
	var out []Candidate
	for _, c := range s.Candidates {
		if (role == "" || c.Role == role) && strings.EqualFold(c.Name, name) {
			out = append(out, c)
		}
	}
	return out
}

// Summary is the ref-free one-line description of a candidate used by
// fingerprints and change notes: role "name" and the value when set.
func (c Candidate) Summary() string {
	s := c.Role + " " + strconv.Quote(c.Name)
	if c.Value != "" {
		s += " = " + strconv.Quote(c.Value)
	}
	return s
}

// Fingerprint computes the ref-free fingerprint of a screen from its URL,
// title, layer, candidates (role, name, value, states, path) and context
// text. Surfaces fill [Screen.Fingerprint] with it.
func Fingerprint(s Screen) string {
	f := fingerprinter{h: sha256.New(), buf: make([]byte, 0, 40<<10)}
	f.fields(string(s.Surface), s.URL, s.App, s.Title, string(s.Layer))
	f.end()
	for _, c := range s.Candidates {
		f.fields("c", c.Role, c.Name, c.Value)
		for i, st := range c.States {
			if i > 0 {
				f.buf = append(f.buf, ',')
			}
			f.buf = append(f.buf, st...)
		}
		f.sep()
		f.joined(c.Path)
		f.fields(c.Frame)
		f.end()
	}
	for _, l := range s.Context {
		f.fields("t", l.Role, l.Text)
		f.joined(l.Path)
		f.fields(l.Frame)
		f.end()
	}
	f.flush()
	return hex.EncodeToString(f.h.Sum(nil)[:12])
}

// fingerprinter feeds a screen's fields to the hash through one buffer:
// each field ends in a 0 byte, each record in a 1, lists are joined by
// their separator. On a 2,000-control page a write per field (and a
// joined string per list) made Fingerprint a millisecond of allocations.
type fingerprinter struct {
	h   hash.Hash
	buf []byte
}

func (f *fingerprinter) fields(parts ...string) {
	for _, p := range parts {
		f.buf = append(f.buf, p...)
		f.sep()
	}
}

// joined writes a path as one field, its entries joined by "/".
func (f *fingerprinter) joined(path []string) {
	for i, p := range path {
		if i > 0 {
			f.buf = append(f.buf, '/')
		}
		f.buf = append(f.buf, p...)
	}
	f.sep()
}

func (f *fingerprinter) sep() { f.buf = append(f.buf, 0) }

// end closes a record, and hands the buffer to the hash once it is big.
func (f *fingerprinter) end() {
	f.buf = append(f.buf, 1)
	if len(f.buf) >= 32<<10 {
		f.flush()
	}
}

func (f *fingerprinter) flush() {
	f.h.Write(f.buf)
	f.buf = f.buf[:0]
}

// Changes lists what differs between two screens, by ref-free summaries.
type Changes struct {
	// Appeared holds candidates and context lines only in the later screen.
	Appeared []string `json:"appeared,omitempty"`
	// Gone holds those only in the earlier screen.
	Gone []string `json:"gone,omitempty"`
	// URL is set to the new address when it changed.
	URL string `json:"url,omitempty"`
}

// Empty reports whether nothing changed.
func (c Changes) Empty() bool { return len(c.Appeared) == 0 && len(c.Gone) == 0 && c.URL == "" }

// String renders the note, "navigated: URL; appeared: …; gone: …", with at
// most eight items per list.
func (c Changes) String() string {
	var parts []string
	if c.URL != "" {
		parts = append(parts, "navigated: "+c.URL)
	}
	list := func(label string, items []string) {
		if len(items) == 0 {
			return
		}
		shown := items
		more := ""
		if len(shown) > 8 {
			shown = shown[:8]
			more = ", … (" + strconv.Itoa(len(items)-8) + " more)"
		}
		parts = append(parts, label+": "+strings.Join(shown, ", ")+more)
	}
	list("appeared", c.Appeared)
	list("gone", c.Gone)
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, "; ")
}

// Diff compares two screens as multisets of summaries, so reordering alone
// is no change and refs never matter.
func Diff(before, after Screen) Changes {
	summaries := func(s Screen) []string {
		var out []string
		for _, c := range s.Candidates {
			sum := c.Summary()
			for _, st := range c.States {
				if st == StateChecked || st == StateSelected || st == StateExpanded || st == StateDisabled {
					sum += " [" + string(st) + "]"
				}
			}
			out = append(out, sum)
		}
		for _, l := range s.Context {
			out = append(out, "text "+strconv.Quote(l.Text))
		}
		return out
	}
	count := map[string]int{}
	for _, s := range summaries(before) {
		count[s]++
	}
	var ch Changes
	for _, s := range summaries(after) {
		if count[s] > 0 {
			count[s]--
			continue
		}
		ch.Appeared = append(ch.Appeared, s)
	}
	for _, s := range summaries(before) {
		if count[s] > 0 {
			count[s]--
			ch.Gone = append(ch.Gone, s)
		}
	}
	if before.URL != after.URL {
		ch.URL = after.URL
	}
	return ch
}
