package guard

import (
	"strings"
	"unicode"
)

// ClassifyPlaced is [ClassifyControl] for a control at a place: path is
// its ancestor path as a surface reports it, outermost first (`main`,
// `listitem #2`, `article "Blue kettle"`, `row #3`, `card "Dune"`,
// `dialog "Leave this page?"`, `form "Edit profile"`).
//
// A bare "Cancel" (the verb alone, with at most an icon or a × beside it)
// dismisses a dialog and abandons an edit, so [ClassifyControl] leaves it
// None; on an item of a list it cancels that item: the order, the booking
// or the subscription the card shows. So it reads as Irreversible
// ("cancel") when the nearest item or overlay in path is an item (a list
// item, row, article or card) and not a dialog, alert dialog or form:
// `listitem #2` › "Cancel" cancels, `listitem #2` › `dialog` › "Cancel"
// closes the dialog, `listitem #2` › `form "Edit"` › "Cancel" drops the
// edit, and `dialog` › `listitem #2` › "Cancel" cancels again. Entries of
// other kinds (a toolbar, a group, a menu) are passed over: a card's
// action bar or overflow menu acts on the card. Without an item in path
// the result is ClassifyControl's.
//
// Only "cancel" is read this way. The other verbs ClassifyControl leaves
// None when bare keep their reading on an item: a bare "Close" there
// collapses a panel or dismisses a notice, a bare "Stop" pauses what can
// start again (a timer, an instance, sharing) while the stops that cannot
// be taken back name what they end ("Stop subscription"), and the priced
// verbs ("Book", "Subscribe") still need a price or a plan in their own
// label: on a result card they open the booking or the checkout, whose
// paying control is guarded.
//
// A bare × (or "x", "✕", "times") in a list item or a table row deletes
// that item, as list apps draw their delete control (TodoMVC's "destroy",
// a file row's ✕); on a card, a notice or a dialog it dismisses.
func ClassifyPlaced(role, name string, path []string) Match {
	m := ClassifyControl(role, name)
	if m.Class != None || !onItem(path) || !performs(strings.TrimSpace(role)) {
		return m
	}
	if bareCancel(name) {
		return Match{Irreversible, "cancel"}
	}
	if bareCross(name) && onRow(path) {
		return Match{Irreversible, "delete"}
	}
	return m
}

// bareCross reports whether a label is only a ×: "×", "✕", "x", "fa
// fa-times".
func bareCross(name string) bool {
	switch strings.TrimSpace(name) {
	case "×", "✕", "✖", "⨯", "╳":
		return true
	}
	var buf [8]string
	words := scan(name, buf[:0])
	cross := false
	for _, w := range words {
		switch {
		case crossWords[w]:
			cross = true
		case iconWords[w]:
		default:
			return false
		}
	}
	return cross
}

// onRow reports whether the nearest item in path is a list item or a
// table row.
func onRow(path []string) bool {
	for i := len(path) - 1; i >= 0; i-- {
		switch kind := pathKind(path[i]); {
		case kind == "listitem" || kind == "row":
			return true
		case itemKinds[kind] || overlayKinds[kind]:
			return false
		}
	}
	return false
}

var (
	// itemKinds are the path entries that hold one thing of a list.
	itemKinds = set("listitem row article card")
	// overlayKinds are the path entries whose own "Cancel" dismisses
	// them or abandons what was typed into them.
	overlayKinds = set("dialog alertdialog form")
	// crossWords spell the × an icon-only dismissal draws ("fa-times",
	// "xmark"); like icon-font class words, they are no object.
	crossWords = set("x times xmark")
)

// onItem reports whether the nearest item or overlay in path is an item.
func onItem(path []string) bool {
	for i := len(path) - 1; i >= 0; i-- {
		switch kind := pathKind(path[i]); {
		case itemKinds[kind]:
			return true
		case overlayKinds[kind]:
			return false
		}
	}
	return false
}

// pathKind is the kind of a path entry, the letters it starts with:
// `card "Dune"` → card, `listitem #2` → listitem.
func pathKind(entry string) string {
	entry = strings.TrimSpace(entry)
	if end := strings.IndexFunc(entry, func(r rune) bool { return !unicode.IsLetter(r) }); end >= 0 {
		entry = entry[:end]
	}
	return strings.ToLower(entry)
}

// bareCancel reports whether a label is the verb "cancel" alone, beside
// at most icon-font class words, a ×, or punctuation: "Cancel", "✕
// Cancel", "fa fa-times Cancel", "Cancel…".
func bareCancel(name string) bool {
	if !containsFold(name, "cancel") {
		return false // most labels: decided without scanning them
	}
	var buf [8]string
	verb := false
	for _, w := range scan(name, buf[:0]) {
		switch {
		case w == "cancel" && !verb:
			verb = true
		case w == boundary || iconWords[w] || crossWords[w]:
		default:
			return false
		}
	}
	return verb
}

// containsFold reports whether s holds the ASCII text w, in any case.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(w)], w) {
			return true
		}
	}
	return false
}
