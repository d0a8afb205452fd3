package main

import (
	"strconv"
	"strings"
	"unicode"

	"flow/surfaces"
)

// What is compared, in the words of the issue: every node of Chromium's
// accessibility tree that is not ignored and is focusable or has an
// interactive role must be one of flow's candidates, of a role that fits
// and with the same name (trimmed, spaces collapsed, case aside); and no
// candidate of flow may stand for a node Chromium hides or ignores.

// interactiveRoles are the roles, as Chromium's tree spells them, of the
// nodes a person operates. DisclosureTriangle is a <summary>; a native
// select is a combobox (a listbox when it shows several rows), and its
// options are the select's value, not controls of their own: flow lists
// the select (see inNativeSelect).
var interactiveRoles = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true, "checkbox": true,
	"radio": true, "combobox": true, "listbox": true, "ListBoxOption": true, "option": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true, "tab": true,
	"switch": true, "slider": true, "spinbutton": true, "treeitem": true,
	"DisclosureTriangle": true, "PopUpButton": true,
}

// flowRole is the role flow gives what Chromium calls axRole.
func flowRole(axRole string) string {
	switch axRole {
	case "DisclosureTriangle":
		return "button" // sight.js: SUMMARY is a button
	case "ListBoxOption":
		return "option"
	case "PopUpButton":
		return "combobox"
	}
	return axRole
}

// roleFits reports whether flow's role for a control fits Chromium's: the
// same, or two names of one kind (a search field is a text field).
func roleFits(axRole, role string) bool {
	want := flowRole(axRole)
	if want == role {
		return true
	}
	text := func(r string) bool { return r == "textbox" || r == "searchbox" }
	return text(want) && text(role)
}

// norm is a name as the comparison reads it.
func norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// nameFits reports whether flow's name is Chromium's, and whether it is
// only because flow caps long names (sight.js keeps 120 characters of a
// control's text and 160 of any name, the last an ellipsis): a capped
// name that Chromium's starts with fits.
func nameFits(axName, name string) (fits, capped bool) {
	return sameName(norm(axName), norm(name))
}

// spacingOnly reports whether two names that do not fit differ only in the
// spaces around punctuation. GOV.UK pads visually hidden text with
// no-break spaces drawn by ::before and ::after, which Chromium's names
// include ("Next page : Registering…", "Upload a file , No file chosen")
// and flow's, read from the DOM's text, do not.
func spacingOnly(axName, name string) bool {
	fits, _ := sameName(squeeze(norm(axName)), squeeze(norm(name)))
	return fits
}

// sameName compares two normalised names, a capped one by its prefix.
func sameName(ax, name string) (fits, capped bool) {
	if ax == name {
		return true, false
	}
	if p, ok := strings.CutSuffix(name, "…"); ok {
		if p = strings.TrimSpace(p); p != "" && strings.HasPrefix(ax, p) {
			return true, true
		}
	}
	return false, false
}

// squeeze drops the spaces next to punctuation from a normalised name.
func squeeze(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if r == ' ' && (i > 0 && unicode.IsPunct(rs[i-1]) || i+1 < len(rs) && unicode.IsPunct(rs[i+1])) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// missClass says how Chromium's node was missed.
type missClass string

const (
	missNone missClass = "a" // no candidate at all for it
	missName missClass = "b" // a candidate with another name
	missRole missClass = "c" // a candidate of another role
)

// justification says why a node of Chromium's that flow has no fitting
// candidate for is no miss of sight (the README argues each).
type justification string

const (
	// focusTarget: a region a script focuses (GOV.UK's error summary and
	// success banner, which its script gives tabindex="-1" and the focus
	// on load, so that a screen reader reads them): focusable only, out
	// of the tab order. Nothing can be done to the region itself, and what
	// it says is on flow's screen (its lines, its links).
	focusTarget justification = "a region a script focuses"
	// focusStop: an <a> without href that tabindex alone puts in the tab
	// order (the target of an in-page link): focusable only, generic in
	// Chromium's tree, nothing to act on; its text is a line of flow's.
	focusStop justification = "an <a> without href, a focus stop"
	// spacing: a name that differs from Chromium's only in spaces around
	// punctuation (see spacingOnly).
	spacing justification = "a name that differs only in spaces around punctuation"
)

// miss is one node of Chromium's that flow did not show as it should.
type miss struct {
	Class  missClass
	AXRole string
	AXName string
	// FocusOnly: Chromium exposes the node as focusable only, its role is
	// no control's.
	FocusOnly bool
	// Spacing: the names differ only in spaces around punctuation
	// (class b; see spacingOnly).
	Spacing bool
	// Justified says why this is no miss of sight ("" when it is one):
	// it counts in the justified column, not in its class's.
	Justified justification
	// Closest is flow's candidate for it (classes b and c) or the nearest
	// one (class a), nil when flow showed none on the page.
	Closest *surfaces.Candidate
}

// leak is a candidate of flow's whose element Chromium ignores or leaves
// out of its tree (hidden), or, as an extra, shows as no control.
type leak struct {
	Cand   surfaces.Candidate
	AXRole string // "" when the element is not in Chromium's tree at all
	Why    string
}

// result is the comparison of one fixture.
type result struct {
	Fixture fixture
	Cands   int // flow's candidates
	AX      int // Chromium's interactive nodes
	Matched int
	Capped  int // of Matched, by a name flow capped
	Misses  []miss
	Leaks   []leak
	Extras  []leak // candidates of visible nodes Chromium does not count as controls
	// Unplaced counts candidates no element is drawn at exactly (their
	// box is a host's: a control shown on hover), compared by name alone.
	Unplaced int
	Err      error
}

// pageView is what compare reads of one fixture: Chromium's tree, flow's
// candidates, and the DOM nodes drawn at each candidate's box.
type pageView struct {
	tree   *axTree
	cands  []surfaces.Candidate
	placed [][]placed
	// box returns where a node of the tree is drawn (for the nearest
	// candidate of a miss), false when it is not.
	box func(backend int64) (surfaces.Bounds, bool)
	// element returns a DOM node's tag and attributes (the zero element
	// when unknown).
	element func(backend int64) element
}

// element is what the comparison reads of a DOM node.
type element struct {
	Tag   string // "SELECT", as DevTools spells a node name
	Attrs map[string]string
}

// elem returns the element of a DOM node, the zero one without a way to
// ask.
func (v *pageView) elem(backend int64) element {
	if v.element == nil {
		return element{}
	}
	return v.element(backend)
}

// justify says why flow having no candidate for a focusable-only node is
// no miss of sight: a region a script focuses (a negative tabindex), or an
// <a> without href that tabindex puts in the tab order; "" otherwise (a
// focusable element in the tab order is a control sight lists).
func (v *pageView) justify(n *axNode) justification {
	e := v.elem(n.BackendID)
	ti, hasTI := e.Attrs["tabindex"]
	i, err := strconv.Atoi(strings.TrimSpace(ti))
	switch {
	case !hasTI || err != nil:
		return ""
	case i < 0:
		return focusTarget
	case e.Tag == "A" && !hasAttr(e, "href"):
		return focusStop
	}
	return ""
}

func hasAttr(e element, name string) bool { _, ok := e.Attrs[name]; return ok }

// interactive reports whether n counts, and whether it counts only as
// focusable.
func (v *pageView) interactive(n *axNode) (counts, focusOnly bool) {
	if n.Ignored || n.role() == "RootWebArea" || n.role() == "MenuListOption" || n.role() == "MenuListPopup" {
		return false, false
	}
	if (n.role() == "option" || n.role() == "ListBoxOption") && v.inNativeSelect(n) {
		return false, false
	}
	if interactiveRoles[n.role()] {
		return true, false
	}
	return n.flag("focusable"), true
}

// inNativeSelect reports whether an option belongs to a native <select>:
// a drop-down's options sit under a MenuListPopup, a list box's (<select
// multiple> or size) directly under the select, whose tree node is a
// listbox like an ARIA one's, so its tag tells them apart.
func (v *pageView) inNativeSelect(n *axNode) bool {
	for p := v.tree.byID[n.ParentID]; p != nil; p = v.tree.byID[p.ParentID] {
		switch p.role() {
		case "MenuListPopup":
			return true
		case "listbox":
			return v.elem(p.BackendID).Tag == "SELECT"
		}
	}
	return false
}

// compare measures one fixture.
func compare(f fixture, v *pageView) result {
	r := result{Fixture: f, Cands: len(v.cands)}
	// nodeOf is the node each candidate stands for: of the elements drawn at
	// its box, the one whose node Chromium counts with a fitting role, else
	// a control by its markup, else the outermost.
	nodeOf := make([]*axNode, len(v.cands))
	placedAt := make([]bool, len(v.cands))
	for i, c := range v.cands {
		var best *axNode
		bestScore := -1
		for _, p := range v.placed[i] {
			placedAt[i] = true
			n := v.tree.byBackend[p.backend]
			score := 0
			if p.control {
				score = 1
			}
			if n != nil {
				if ok, _ := v.interactive(n); ok {
					score += 2
					if roleFits(n.role(), c.Role) {
						score += 4
					}
				}
			}
			if score > bestScore {
				best, bestScore = n, score
				if n == nil {
					// Placed but absent from the tree: keep a stand-in so
					// the candidate counts as placed and hidden.
					best = &axNode{BackendID: p.backend, Ignored: true}
				}
			}
		}
		nodeOf[i] = best
	}
	byNode := map[*axNode][]int{}
	for i, n := range nodeOf {
		if n != nil {
			byNode[n] = append(byNode[n], i)
		}
	}
	counted := map[*axNode]bool{}
	for _, n := range v.tree.nodes {
		ok, focusOnly := v.interactive(n)
		if !ok {
			continue
		}
		counted[n] = true
		r.AX++
		idx := byNode[n]
		if len(idx) == 0 && !focusOnly {
			// A candidate on a control's wrapper or inner part stands for
			// the control; a region that is only focusable holds
			// controls without being one, so it takes none of theirs.
			idx = v.near(n, nodeOf)
		}
		if len(idx) == 0 {
			m := miss{Class: missNone, AXRole: n.role(), AXName: n.name(), FocusOnly: focusOnly, Closest: v.nearest(n)}
			if focusOnly {
				m.Justified = v.justify(n)
			}
			r.Misses = append(r.Misses, m)
			continue
		}
		best, class := -1, missRole
		for _, i := range idx {
			c := v.cands[i]
			fits, capped := nameFits(n.name(), c.Name)
			if roleFits(n.role(), c.Role) && fits {
				best, class = i, ""
				if capped {
					r.Capped++
				}
				break
			}
			if roleFits(n.role(), c.Role) && class == missRole {
				best, class = i, missName
			} else if best < 0 {
				best = i
			}
		}
		if class == "" {
			r.Matched++
			continue
		}
		c := v.cands[best]
		m := miss{Class: class, AXRole: n.role(), AXName: n.name(), FocusOnly: focusOnly,
			Spacing: class == missName && spacingOnly(n.name(), c.Name), Closest: &c}
		if m.Spacing {
			m.Justified = spacing
		}
		r.Misses = append(r.Misses, m)
	}
	for i, c := range v.cands {
		n := nodeOf[i]
		switch {
		case !placedAt[i]:
			r.Unplaced++
		case n.Ignored || n.NodeID == "":
			why := "ignored by Chromium"
			if n.NodeID == "" {
				why = "not in Chromium's tree (hidden)"
			}
			r.Leaks = append(r.Leaks, leak{Cand: c, AXRole: n.role(), Why: why})
		case !counted[n] && !v.countedNear(n, counted):
			r.Extras = append(r.Extras, leak{Cand: c, AXRole: n.role(), Why: "no control in Chromium's tree"})
		}
	}
	return r
}

// near returns the candidates standing for an ancestor or a descendant of
// n that Chromium does not count as a control itself: flow listing a
// control's wrapper, or its inner part, has a candidate for it.
func (v *pageView) near(n *axNode, nodeOf []*axNode) []int {
	var out []int
	for i, m := range nodeOf {
		if m == nil || m == n {
			continue
		}
		if ok, _ := v.interactive(m); ok {
			continue
		}
		if v.within(m, n) || v.within(n, m) {
			out = append(out, i)
		}
	}
	return out
}

// countedNear reports whether an ancestor or descendant of n is a counted
// node (flow's candidate stands for a part of a control Chromium counts).
func (v *pageView) countedNear(n *axNode, counted map[*axNode]bool) bool {
	for m := range counted {
		if v.within(m, n) || v.within(n, m) {
			return true
		}
	}
	return false
}

// within reports whether inner sits under outer in the tree, at most four
// levels down: a control's own parts, not the page around it.
func (v *pageView) within(inner, outer *axNode) bool {
	p := v.tree.byID[inner.ParentID]
	for d := 0; p != nil && d < 4; d++ {
		if p == outer {
			return true
		}
		p = v.tree.byID[p.ParentID]
	}
	return false
}

// nearest returns the candidate of the same name as n, else the one drawn
// most over n (or closest to it), nil when flow has none.
func (v *pageView) nearest(n *axNode) *surfaces.Candidate {
	if len(v.cands) == 0 {
		return nil
	}
	for i, c := range v.cands {
		if fits, _ := nameFits(n.name(), c.Name); fits && n.name() != "" {
			return &v.cands[i]
		}
	}
	if v.box == nil {
		return nil
	}
	b, ok := v.box(n.BackendID)
	if !ok {
		return nil
	}
	best, bestD := -1, 0.0
	for i, c := range v.cands {
		d := distance(b, c.Bounds)
		if best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return &v.cands[best]
}

// distance is 0 for overlapping boxes (less the more they overlap), else
// the gap between their centres.
func distance(a, b surfaces.Bounds) float64 {
	ix := min(a.X+a.W, b.X+b.W) - max(a.X, b.X)
	iy := min(a.Y+a.H, b.Y+b.H) - max(a.Y, b.Y)
	if ix > 0 && iy > 0 {
		return -ix * iy
	}
	dx := (a.X + a.W/2) - (b.X + b.W/2)
	dy := (a.Y + a.H/2) - (b.Y + b.H/2)
	return dx*dx + dy*dy
}
