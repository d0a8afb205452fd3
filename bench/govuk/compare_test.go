package main

import (
	"encoding/json"
	"testing"

	"flow/surfaces"
)

func TestNameFits(t *testing.T) {
	for _, tc := range []struct {
		ax, flow     string
		fits, capped bool
		spacingOnly  bool
	}{
		{"Save and continue", "Save and continue", true, false, true},
		{"  Save   and\ncontinue ", "save and continue", true, false, true},
		{"Save\u00a0and continue", "Save and continue", true, false, true},
		{"Nullam id dolor id nibh ultricies vehicula", "Nullam id dolor id…", true, true, true},
		{"Nullam", "Nullam id dolor id…", false, false, false},
		{"…", "…", true, false, true},
		{"Next page : Registering a vehicle", "Next page: Registering a vehicle", false, false, true},
		{"Upload a file , No file chosen , Choose", "Upload a file , No file chosen, Choose", false, false, true},
		{"Previous page : Lorem ipsum dolor sit", "Previous page: Lorem ipsum…", false, false, true},
		{"Change name", "Change", false, false, false},
		{"Tasks", "Task s", false, false, false},
	} {
		fits, capped := nameFits(tc.ax, tc.flow)
		if fits != tc.fits || capped != tc.capped {
			t.Errorf("nameFits(%q, %q) = %v, %v; want %v, %v", tc.ax, tc.flow, fits, capped, tc.fits, tc.capped)
		}
		if got := spacingOnly(tc.ax, tc.flow); got != tc.spacingOnly {
			t.Errorf("spacingOnly(%q, %q) = %v, want %v", tc.ax, tc.flow, got, tc.spacingOnly)
		}
	}
}

func TestRoleFits(t *testing.T) {
	for _, tc := range []struct {
		ax, flow string
		want     bool
	}{
		{"button", "button", true},
		{"DisclosureTriangle", "button", true},
		{"searchbox", "textbox", true},
		{"textbox", "searchbox", true},
		{"ListBoxOption", "option", true},
		{"link", "button", false},
		{"generic", "link", false},
		{"checkbox", "switch", false},
	} {
		if got := roleFits(tc.ax, tc.flow); got != tc.want {
			t.Errorf("roleFits(%q, %q) = %v, want %v", tc.ax, tc.flow, got, tc.want)
		}
	}
}

// treeOf builds an accessibility tree from nodes listed parent first.
func treeOf(nodes ...*axNode) *axTree {
	tr := &axTree{nodes: nodes, byID: map[string]*axNode{}, byBackend: map[int64]*axNode{}}
	for _, n := range nodes {
		tr.byID[n.NodeID] = n
		if n.BackendID != 0 {
			tr.byBackend[n.BackendID] = n
		}
		if p := tr.byID[n.ParentID]; p != nil {
			p.ChildIDs = append(p.ChildIDs, n.NodeID)
		}
	}
	return tr
}

// ax makes a node; id doubles as its DOM node id, flags are the boolean
// properties that hold ("focusable").
func ax(id int64, parent int64, role, name string, flags ...string) *axNode {
	n := &axNode{NodeID: itoa(id), BackendID: id, Role: &struct {
		Value string `json:"value"`
	}{role}, Name: &struct {
		Value string `json:"value"`
	}{name}}
	if parent != 0 {
		n.ParentID = itoa(parent)
	}
	for _, f := range flags {
		n.Properties = append(n.Properties, struct {
			Name  string `json:"name"`
			Value struct {
				Value json.RawMessage `json:"value"`
			} `json:"value"`
		}{Name: f, Value: struct {
			Value json.RawMessage `json:"value"`
		}{json.RawMessage("true")}})
	}
	return n
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// TestCompare runs the comparison on a made-up page holding one case of
// each outcome.
func TestCompare(t *testing.T) {
	ignored := ax(19, 1, "none", "")
	ignored.Ignored = true
	tree := treeOf(
		ax(1, 0, "RootWebArea", "demo/page", "focusable"),
		ax(10, 1, "button", "Save", "focusable"),
		ax(11, 1, "link", "Next page : Paying VAT", "focusable"),
		ax(12, 1, "link", "Help", "focusable"),
		ax(13, 1, "link", "Skip to main content", "focusable"),
		ax(14, 1, "generic", "", "focusable"),      // tabindex=-1
		ax(24, 1, "generic", "", "focusable"),      // <a tabindex=0> without href
		ax(25, 1, "generic", "", "focusable"),      // <div tabindex=0>
		ax(26, 1, "alert", "Success", "focusable"), // tabindex=-1, with a candidate of another role
		ax(15, 1, "combobox", "Colour", "focusable"),
		ax(16, 15, "MenuListPopup", ""),
		ax(17, 16, "option", "Red", "focusable"),
		ax(18, 16, "option", "Blue", "focusable"),
		ignored,
		ax(20, 1, "generic", ""),
		ax(21, 1, "textbox", "A very long label that flow caps", "focusable"),
		ax(22, 1, "checkbox", "Agree", "focusable"),
		ax(23, 1, "LabelText", ""),
		ax(30, 1, "listbox", "Fruit"),
		ax(31, 30, "option", "Apple", "focusable"),
		ax(40, 1, "listbox", "Size", "focusable"), // a native <select multiple>
		ax(41, 40, "option", "Small", "focusable"),
	)
	cand := func(role, name string) surfaces.Candidate { return surfaces.Candidate{Role: role, Name: name} }
	cands := []surfaces.Candidate{
		cand("button", "Save"),                        // 0 matches 10
		cand("link", "Next page: Paying VAT"),         // 1 name of 11, spacing only
		cand("button", "Help"),                        // 2 role of 12
		cand("combobox", "Colour"),                    // 3 matches 15
		cand("button", "Ghost"),                       // 4 on an ignored node
		cand("button", "Gone"),                        // 5 on a node not in the tree
		cand("button", "Clickable"),                   // 6 on a generic node: extra
		cand("button", "Hovered"),                     // 7 drawn at no element's box
		cand("textbox", "A very long label that fl…"), // 8 capped, matches 21
		cand("checkbox", "Agree"),                     // 9 drawn at its label and at 22
		cand("option", "Apple"),                       // 10 matches 31
		cand("listbox", "Fruit"),                      // 11 matches 30
		cand("listbox", "Size"),                       // 12 matches 40
		cand("link", "Success"),                       // 13 role of 26, not justified
	}
	placedAt := [][]placed{
		{{10, true}}, {{11, true}}, {{12, true}}, {{15, true}}, {{19, true}}, {{99, true}},
		{{20, false}}, nil, {{21, true}}, {{23, false}, {22, true}}, {{31, true}}, {{30, true}}, {{40, true}},
		{{26, true}},
	}
	elements := map[int64]element{
		14: {Tag: "DIV", Attrs: map[string]string{"tabindex": "-1"}},
		24: {Tag: "A", Attrs: map[string]string{"tabindex": "0", "id": "anchor"}},
		25: {Tag: "DIV", Attrs: map[string]string{"tabindex": "0"}},
		26: {Tag: "DIV", Attrs: map[string]string{"tabindex": "-1", "role": "alert"}},
		30: {Tag: "DIV"}, 40: {Tag: "SELECT"},
	}
	r := compare(fixture{Component: "demo", Name: "page"}, &pageView{tree: tree, cands: cands, placed: placedAt,
		element: func(backend int64) element { return elements[backend] }})
	if r.AX != 14 || r.Matched != 7 || r.Capped != 1 || r.Unplaced != 1 {
		t.Errorf("AX %d matched %d capped %d unplaced %d; want 14, 7, 1, 1", r.AX, r.Matched, r.Capped, r.Unplaced)
	}
	want := []miss{
		{Class: missName, AXRole: "link", AXName: "Next page : Paying VAT", Spacing: true, Justified: spacing},
		{Class: missRole, AXRole: "link", AXName: "Help"},
		{Class: missNone, AXRole: "link", AXName: "Skip to main content"},
		{Class: missNone, AXRole: "generic", FocusOnly: true, Justified: focusTarget},
		{Class: missNone, AXRole: "generic", FocusOnly: true, Justified: focusStop},
		{Class: missNone, AXRole: "generic", FocusOnly: true}, // in the tab order: a control sight should list
		{Class: missRole, AXRole: "alert", AXName: "Success", FocusOnly: true},
	}
	if len(r.Misses) != len(want) {
		t.Fatalf("misses %+v, want %+v", r.Misses, want)
	}
	for i, m := range r.Misses {
		m.Closest = nil
		if m != want[i] {
			t.Errorf("miss %d = %+v, want %+v", i, m, want[i])
		}
	}
	if c := r.Misses[1].Closest; c == nil || c.Name != "Help" || c.Role != "button" {
		t.Errorf("the role miss names flow's candidate %+v, want button \"Help\"", c)
	}
	if len(r.Leaks) != 2 || r.Leaks[0].Cand.Name != "Ghost" || r.Leaks[1].Cand.Name != "Gone" ||
		r.Leaks[0].Why != "ignored by Chromium" || r.Leaks[1].Why != "not in Chromium's tree (hidden)" {
		t.Errorf("leaks %+v, want Ghost (ignored) and Gone (not in the tree)", r.Leaks)
	}
	if len(r.Extras) != 1 || r.Extras[0].Cand.Name != "Clickable" {
		t.Errorf("extras %+v, want Clickable", r.Extras)
	}
}
