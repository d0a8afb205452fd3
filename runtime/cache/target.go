package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"

	"flow/surfaces"
)

// Target is the signature of a control a step resolved: enough to find the
// same control on a later screen, and to say why it is not there.
type Target struct {
	// Role and Name as the surface reported them.
	Role string `yaml:"role"`
	Name string `yaml:"name"`
	// Kind is what the control holds: an input's type, "select" for a
	// native list, "editable" for other text fields; empty for a button.
	Kind string `yaml:"kind,omitempty"`
	// Group is the control's ancestor path, outermost first: its group's
	// identity with Heading.
	Group []string `yaml:"group,omitempty"`
	// Heading is the first heading (else the first line) of the
	// innermost group, which names a group whose path does not.
	Heading string `yaml:"heading,omitempty"`
	// Near is the text just before the control in its group, for a
	// person reading the file and for a miss's reason.
	Near []string `yaml:"near,omitempty"`
	// Region is a fingerprint of everything the group shows.
	Region string `yaml:"region,omitempty"`
	// Twins counts the other offered controls with the same role and
	// name when it was stored (the "Add to cart" of other products): the
	// answer told the control apart from that many, and no more.
	Twins int `yaml:"twins,omitempty"`
}

// maxNear is how many lines before a control Near keeps.
const maxNear = 2

// Sign takes the signature of the candidate at index i of s.Candidates,
// chosen from offered.
func Sign(s surfaces.Screen, i int, offered []surfaces.Candidate) Target {
	c := s.Candidates[i]
	t := Target{Role: c.Role, Name: c.Name, Kind: kindOf(c), Group: slices.Clone(c.Path)}
	for _, o := range offered {
		if o.Role == c.Role && o.Name == c.Name && o.Ref != c.Ref {
			t.Twins++
		}
	}
	t.Heading = heading(s, c.Path)
	for _, l := range s.Context {
		if l.Next == i && inGroup(l.Path, c.Path) {
			t.Near = append(t.Near, l.Text)
		}
	}
	if len(t.Near) > maxNear {
		t.Near = t.Near[len(t.Near)-maxNear:]
	}
	t.Region = region(s, c.Path)
	return t
}

// Recorded is the signature of a control a person acted on while a flow
// was recorded: what the recorder saw of it, with the first line of its
// card, row or list item and the count of its look-alikes on the page.
// It knows no region or near text.
func Recorded(c surfaces.Candidate, heading string, twins int) Target {
	return Target{Role: c.Role, Name: c.Name, Kind: kindOf(c), Group: slices.Clone(c.Path), Heading: heading, Twins: twins}
}

// Summary names the target for a person: button "Add" in card "Tea".
func (t Target) Summary() string {
	s := t.Role + " " + strconv.Quote(t.Name)
	if g := innermost(t.Group); g != "" {
		s += " in " + g
	}
	return s
}

// Find returns the index in offered of the one control that is t on s: the
// same role, name and group (path and heading), with no more look-alikes
// elsewhere than when it was chosen. Otherwise it returns -1 and why, in
// words for a person: the control is gone or renamed, moved to another
// group, appears twice in its group, or has a new look-alike that the
// stored answer never told it apart from.
func (t Target) Find(s surfaces.Screen, offered []surfaces.Candidate) (int, string) {
	var same, elsewhere []int
	for i, c := range offered {
		if c.Role != t.Role || c.Name != t.Name {
			continue
		}
		// A target stored without a heading (its group showed no text,
		// or a recorder did not see it) is placed by its path alone.
		if slices.Equal(c.Path, t.Group) && (t.Heading == "" || heading(s, c.Path) == t.Heading) {
			same = append(same, i)
		} else {
			elsewhere = append(elsewhere, i)
		}
	}
	switch {
	case len(same) == 1 && len(elsewhere) <= t.Twins:
		return same[0], ""
	case len(same) == 1:
		return -1, strconv.Itoa(len(elsewhere)+1) + " controls are " + t.Role + " " + strconv.Quote(t.Name) +
			" now, " + strconv.Itoa(t.Twins+1) + " when it was stored"
	case len(same) > 1:
		return -1, strconv.Itoa(len(same)) + " controls are " + t.Summary() + " now"
	case len(elsewhere) > t.Twins:
		// One more look-alike elsewhere than there was: it moved there.
		// Its own group elsewhere comes first, shown with its whole path.
		var own, others []string
		for _, i := range elsewhere {
			c := offered[i]
			where := innermost(c.Path)
			switch {
			case slices.Equal(c.Path, t.Group):
				where = "a group headed " + strconv.Quote(heading(s, c.Path))
			case where != "" && where == innermost(t.Group):
				own = append(own, strings.Join(c.Path, " › "))
				continue
			case where == "":
				where = "the page"
			}
			if !slices.Contains(others, where) {
				others = append(others, where)
			}
		}
		places := append(own, others...)
		if len(places) > 3 {
			places = places[:3]
		}
		return -1, t.Summary() + " moved to " + strings.Join(places, " or ")
	}
	return -1, "no " + t.Summary() + " on the screen"
}

// kindOf is the value kind of a candidate.
func kindOf(c surfaces.Candidate) string {
	switch {
	case c.InputType != "":
		return c.InputType
	case len(c.Options) > 0:
		return "select"
	case c.Editable:
		return "editable"
	}
	return ""
}

// inGroup reports whether a line or control at path sits in the group at
// group (the same path or deeper).
func inGroup(path, group []string) bool {
	return len(path) >= len(group) && slices.Equal(path[:len(group)], group)
}

// heading is the first heading line inside the group at path, else its
// first line; empty for the page itself.
func heading(s surfaces.Screen, path []string) string {
	if len(path) == 0 {
		return ""
	}
	first := ""
	for _, l := range s.Context {
		if !inGroup(l.Path, path) {
			continue
		}
		if l.Role == "heading" {
			return l.Text
		}
		if first == "" {
			first = l.Text
		}
	}
	return first
}

// region fingerprints what the group at path shows: its lines and its
// controls' roles, names and values, in order.
func region(s surfaces.Screen, path []string) string {
	h := sha256.New()
	for _, l := range s.Context {
		if inGroup(l.Path, path) {
			h.Write([]byte("l\x00" + l.Text + "\x00"))
		}
	}
	for _, c := range s.Candidates {
		if inGroup(c.Path, path) {
			h.Write([]byte("c\x00" + c.Role + "\x00" + c.Name + "\x00" + c.Value + "\x00"))
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// innermost is the innermost group of a path with a name or number (card
// "Tea", listitem #3), else the innermost group.
func innermost(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if strings.ContainsAny(path[i], `"#`) {
			return path[i]
		}
	}
	if len(path) > 0 {
		return path[len(path)-1]
	}
	return ""
}
