package surfaces

import (
	"fmt"
	"strconv"
)

// Op is the kind of an [Operation]. The set is closed: a surface rejects any
// other value with [ErrUnsupported].
type Op string

// The operations every surface understands.
const (
	OpClick   Op = "click"   // Ref: press the element at its centre
	OpFill    Op = "fill"    // Ref, Value: replace the field's content
	OpSelect  Op = "select"  // Ref, Value: choose the option with this label (or value)
	OpCheck   Op = "check"   // Ref: make a checkbox/radio/switch checked
	OpUncheck Op = "uncheck" // Ref: make it unchecked
	OpPress   Op = "press"   // Value: key combination ("Enter", "Control+a"); Ref optional, focused first
	OpScroll  Op = "scroll"  // Value: "down", "up", "top", "bottom"; with a Ref, scroll that element's own content (no Value: into view)
	OpHover   Op = "hover"   // Ref: move the pointer over the element
	// OpDoubleClick: Ref: press the element twice, as a person opens an
	// item's text for editing.
	OpDoubleClick Op = "dblclick"
	OpNavigate    Op = "navigate" // Value: absolute URL
	OpBack        Op = "back"     // go back one history entry
)

// Ops lists the closed set of operations.
var Ops = []Op{OpClick, OpFill, OpSelect, OpCheck, OpUncheck, OpPress, OpScroll, OpHover, OpDoubleClick, OpNavigate, OpBack}

// Operation is one action on a surface. Build it with the constructors
// ([Click], [Fill], …) so the right fields are set.
type Operation struct {
	Op    Op     `json:"op"`
	Ref   string `json:"ref,omitempty"`
	Value string `json:"value,omitempty"`
	// Secret marks Value as a secret: it is never printed, marshalled or
	// read back in clear.
	Secret bool `json:"secret,omitempty"`
}

// Click presses the candidate ref.
func Click(ref string) Operation { return Operation{Op: OpClick, Ref: ref} }

// Fill replaces the content of the field ref with text.
func Fill(ref, text string) Operation { return Operation{Op: OpFill, Ref: ref, Value: text} }

// FillSecret is [Fill] for a secret value.
func FillSecret(ref, text string) Operation {
	return Operation{Op: OpFill, Ref: ref, Value: text, Secret: true}
}

// Select chooses the option labelled label in the native select ref.
func Select(ref, label string) Operation { return Operation{Op: OpSelect, Ref: ref, Value: label} }

// Check makes the checkbox, radio or switch ref checked.
func Check(ref string) Operation { return Operation{Op: OpCheck, Ref: ref} }

// Uncheck makes the checkbox or switch ref unchecked.
func Uncheck(ref string) Operation { return Operation{Op: OpUncheck, Ref: ref} }

// Press sends a key combination such as "Enter", "Escape", "Tab",
// "Control+a" or "Shift+ArrowDown"; with a ref, that element is focused
// first.
func Press(ref, keys string) Operation { return Operation{Op: OpPress, Ref: ref, Value: keys} }

// Scroll scrolls the page ("down", "up", "top", "bottom") or, with a ref,
// that element's own content in the direction (a text area to its
// bottom); with a ref and no direction it brings the element into view.
func Scroll(ref, direction string) Operation {
	return Operation{Op: OpScroll, Ref: ref, Value: direction}
}

// Hover moves the pointer over the candidate ref.
func Hover(ref string) Operation { return Operation{Op: OpHover, Ref: ref} }

// DoubleClick presses the element ref twice in quick succession.
func DoubleClick(ref string) Operation { return Operation{Op: OpDoubleClick, Ref: ref} }

// Navigate loads url in the surface.
func Navigate(url string) Operation { return Operation{Op: OpNavigate, Value: url} }

// Back goes back one entry in the history.
func Back() Operation { return Operation{Op: OpBack} }

// Validate checks that the operation is in the closed set and carries the
// fields it needs.
func (o Operation) Validate() error {
	needRef := func() error {
		if o.Ref == "" {
			return fmt.Errorf("%s needs a ref", o.Op)
		}
		return nil
	}
	switch o.Op {
	case OpClick, OpCheck, OpUncheck, OpHover, OpDoubleClick:
		return needRef()
	case OpFill:
		return needRef()
	case OpSelect:
		if err := needRef(); err != nil {
			return err
		}
		if o.Value == "" {
			return fmt.Errorf("select needs an option label")
		}
	case OpPress:
		if o.Value == "" {
			return fmt.Errorf("press needs a key combination")
		}
	case OpScroll:
		switch o.Value {
		case "", "down", "up", "top", "bottom":
		default:
			return fmt.Errorf("scroll direction %q: want down, up, top or bottom", o.Value)
		}
	case OpNavigate:
		if o.Value == "" {
			return fmt.Errorf("navigate needs a URL")
		}
	case OpBack:
	default:
		return fmt.Errorf("%w: operation %q", ErrUnsupported, o.Op)
	}
	return nil
}

// String renders the operation for logs, masking a secret value.
func (o Operation) String() string {
	s := string(o.Op)
	if o.Ref != "" {
		s += " " + o.Ref
	}
	if o.Value != "" {
		if o.Secret {
			s += " " + strconv.Quote(Mask)
		} else {
			s += " " + strconv.Quote(o.Value)
		}
	}
	return s
}

// Mask is what a secret value prints as.
const Mask = "••••••"

// MarshalJSON masks a secret value, so an operation can go to a trace as is.
func (o Operation) MarshalJSON() ([]byte, error) {
	type plain Operation
	p := plain(o)
	if p.Secret && p.Value != "" {
		p.Value = Mask
	}
	return jsonMarshal(p)
}

// Format makes %v and %+v mask secrets too.
func (o Operation) Format(f fmt.State, verb rune) { fmt.Fprint(f, o.String()) }
