package guard

import "testing"

func TestClassifyPlaced(t *testing.T) {
	tests := []struct {
		role, name string
		path       []string
		want       Match
	}{
		// a bare Cancel on an item cancels the item
		{"button", "Cancel", []string{"main", "list", "listitem #2"}, Match{Irreversible, "cancel"}},
		{"button", "Cancel", []string{"main", `article "Blue kettle"`}, Match{Irreversible, "cancel"}},
		{"button", "Cancel", []string{"main", "table", "row #3"}, Match{Irreversible, "cancel"}},
		{"button", "Cancel", []string{"main", `card "Dune"`}, Match{Irreversible, "cancel"}},
		{"link", "Cancel", []string{"main", "listitem #1"}, Match{Irreversible, "cancel"}},
		{"button", "CANCEL", []string{"Listitem #4"}, Match{Irreversible, "cancel"}},
		{"button", "✕ Cancel", []string{`card "Order #4411"`}, Match{Irreversible, "cancel"}},
		{"button", "Cancel ×", []string{`card "Order #4411"`}, Match{Irreversible, "cancel"}},
		{"button", "fa fa-times Cancel", []string{"row #2"}, Match{Irreversible, "cancel"}},
		{"button", "Cancel…", []string{"row #2"}, Match{Irreversible, "cancel"}},
		// passed over: what sits between the item and the control acts on the item
		{"button", "Cancel", []string{"main", "listitem #2", "toolbar"}, Match{Irreversible, "cancel"}},
		{"menuitem", "Cancel", []string{"main", `card "Dune"`, `menu "More actions"`}, Match{Irreversible, "cancel"}},
		{"button", "Cancel", []string{"listitem #2", `group "Actions"`}, Match{Irreversible, "cancel"}},
		// an item inside a dialog is still the nearest
		{"button", "Cancel", []string{`dialog "Your bookings"`, "list", "listitem #1"}, Match{Irreversible, "cancel"}},
		{"button", "Cancel", []string{`form "Cart"`, "table", "row #2"}, Match{Irreversible, "cancel"}},
		// a dialog or form nearer than the item: Cancel dismisses it
		{"button", "Cancel", []string{"main", "listitem #2", `dialog "Leave this page?"`}, Match{}},
		{"button", "Cancel", []string{"main", `card "Dune"`, "alertdialog"}, Match{}},
		{"button", "Cancel", []string{"main", "listitem #2", `form "Edit profile"`}, Match{}},
		{"button", "Cancel", []string{"row #3", "form"}, Match{}},
		// no item at all
		{"button", "Cancel", []string{"main"}, Match{}},
		{"button", "Cancel", []string{`dialog "Leave this page?"`}, Match{}},
		{"button", "Cancel", []string{`form "Edit profile"`}, Match{}},
		{"button", "Cancel", []string{"main", "list"}, Match{}},
		{"button", "Cancel", []string{"navigation", `region "Cards"`}, Match{}},
		{"button", "Cancel", nil, Match{}},
		// words an item does not change
		{"button", "No, cancel", []string{"listitem #2"}, Match{}},
		{"button", "Don't cancel", []string{"listitem #2"}, Match{}},
		{"button", "Cancel search", []string{"listitem #2"}, Match{}},
		{"button", "Cancel and go back", []string{"listitem #2"}, Match{}},
		{"button", "Close", []string{`card "Dune"`}, Match{}},
		{"button", "Stop", []string{`card "Music subscription"`}, Match{}},
		{"button", "Subscribe", []string{`card "Premium"`}, Match{}},
		{"button", "Archive", []string{"row #2"}, Match{}},
		{"button", "", []string{"row #2"}, Match{}},
		// a bare × deletes a list item or a row (TodoMVC's "destroy"), and
		// dismisses anything else
		{"button", "×", []string{"row #2"}, Match{Irreversible, "delete"}},
		{"button", "fa fa-times", []string{`listitem "Buy milk"`}, Match{Irreversible, "delete"}},
		{"button", "×", []string{`card "Dune"`}, Match{}},
		{"button", "×", []string{`listitem "Buy milk"`, `dialog "Edit"`}, Match{}},
		{"button", "× Close", []string{"row #2"}, Match{}},
		// a tab is pressed as a button is; a role that sets a value stays None
		{"tab", "Cancel", []string{"listitem #2"}, Match{Irreversible, "cancel"}},
		{"checkbox", "Cancel", []string{`card "Dune"`}, Match{}},
		// what ClassifyControl guards stays as it reads, in a dialog too
		{"button", "Cancel order", []string{`dialog "Order"`}, Match{Irreversible, "cancel …"}},
		{"button", "Yes, cancel", []string{`dialog "Cancel booking?"`}, Match{Irreversible, "cancel"}},
		{"button", "Pay €12", []string{"listitem #2", "form"}, Match{Payment, "pay"}},
		{"button", "Delete", []string{"row #1"}, Match{Irreversible, "delete"}},
	}
	for _, tt := range tests {
		if got := ClassifyPlaced(tt.role, tt.name, tt.path); got != tt.want {
			t.Errorf("ClassifyPlaced(%q, %q, %q) = %+v; want %+v", tt.role, tt.name, tt.path, got, tt.want)
		}
	}
}

// TestClassifyPlacedAddsOnlyOnItems reads every label of
// testdata/labels.txt at several places: with no path, or a path with no
// item or with an overlay nearer than the item, ClassifyPlaced is
// ClassifyControl; on an item it may only guard what ClassifyControl left
// None (a bare cancel; a bare × on a list item or row), and never changes
// a guarded reading.
func TestClassifyPlacedAddsOnlyOnItems(t *testing.T) {
	same := [][]string{
		nil,
		{},
		{"main"},
		{"main", "list"},
		{`dialog "Leave this page?"`},
		{"main", "listitem #2", `dialog "Leave this page?"`},
		{"main", `card "Dune"`, `form "Edit profile"`},
	}
	onItem := [][]string{
		{"main", "list", "listitem #2"},
		{"main", `card "Dune"`, "toolbar"},
		{`dialog "Orders"`, "row #3"},
	}
	lifted := 0
	for _, c := range readLabels(t) {
		want := ClassifyControl(c.role, c.label)
		for _, path := range same {
			if got := ClassifyPlaced(c.role, c.label, path); got != want {
				t.Errorf("labels.txt:%d: ClassifyPlaced(%q, %q, %q) = %+v; want ClassifyControl's %+v", c.line, c.role, c.label, path, got, want)
			}
		}
		for _, path := range onItem {
			got := ClassifyPlaced(c.role, c.label, path)
			switch {
			case want.Class != None && got != want:
				t.Errorf("labels.txt:%d: ClassifyPlaced(%q, %q, %q) = %+v; want ClassifyControl's %+v", c.line, c.role, c.label, path, got, want)
			case want.Class == None && got.Class != None:
				if got != (Match{Irreversible, "cancel"}) && !(got == Match{Irreversible, "delete"} && bareCross(c.label) && onRow(path)) {
					t.Errorf("labels.txt:%d: ClassifyPlaced(%q, %q, %q) = %+v; want none, cancel, or delete for a × on a row", c.line, c.role, c.label, path, got)
				}
				lifted++
			}
		}
	}
	if lifted == 0 {
		t.Errorf("no label of labels.txt reads differently on an item; want the bare Cancel lines to")
	}
}
