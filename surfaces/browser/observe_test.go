package browser

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

func TestObserveControls(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/controls.html")
	if sc.Title != "Controls" || sc.Layer != surfaces.LayerPage || !strings.HasSuffix(sc.URL, "/testdata/controls.html") {
		t.Fatalf("screen header: title %q layer %q url %q", sc.Title, sc.Layer, sc.URL)
	}

	first := find(t, sc, "textbox", "First name")
	if first.Label != "First name" || first.Autocomplete != "given-name" || !first.Editable || first.InputType != "text" {
		t.Errorf("first name field: %+v", first)
	}
	if !slices.Contains(first.Path, `form "Profile"`) || first.Path[0] != "main" {
		t.Errorf("first name path %v: want main > form \"Profile\"", first.Path)
	}
	email := find(t, sc, "textbox", "Email")
	if email.Placeholder != "you@example.com" || email.InputType != "email" {
		t.Errorf("email: label from wrapping label, placeholder apart: %+v", email)
	}
	city := find(t, sc, "textbox", "City")
	if city.Label != "" || city.Placeholder != "City" {
		t.Errorf("city is named by its placeholder only: %+v", city)
	}
	find(t, sc, "textbox", "Postal code")
	pw := find(t, sc, "textbox", "Password")
	if pw.Value != "" || pw.InputType != "password" {
		t.Errorf("password exposes %q", pw.Value)
	}
	cc := find(t, sc, "textbox", "Card number")
	if cc.Autocomplete != "cc-number" {
		t.Errorf("card autocomplete %q", cc.Autocomplete)
	}
	find(t, sc, "spinbutton", "Quantity")
	if v := find(t, sc, "slider", "Volume").Value; v != "3" {
		t.Errorf("slider value %q", v)
	}
	country := find(t, sc, "combobox", "Country")
	if len(country.Options) != 4 || country.Options[1].Label != "France" || !country.Options[3].Disabled || country.Value != "Choose…" {
		t.Errorf("select options %+v value %q", country.Options, country.Value)
	}
	if news := find(t, sc, "checkbox", "Send me news"); news.Has(surfaces.StateChecked) {
		t.Errorf("news checkbox checked")
	}
	basic := find(t, sc, "radio", "Basic")
	if !basic.Has(surfaces.StateChecked) || !slices.Contains(basic.Path, `group "Plan"`) {
		t.Errorf("basic radio: %+v", basic)
	}
	if bio := find(t, sc, "textbox", "Bio"); bio.Value != "Hello" || !bio.Editable {
		t.Errorf("contenteditable: %+v", bio)
	}
	if del := find(t, sc, "button", "Delete account"); !del.Has(surfaces.StateDisabled) {
		t.Errorf("disabled button states %v", del.States)
	}
	find(t, sc, "link", "Other page")
	if nav := find(t, sc, "link", "Other page"); !slices.Contains(nav.Path, `navigation "Primary"`) {
		t.Errorf("nav path %v", nav.Path)
	}

	removes := sc.Find("button", "Remove")
	if len(removes) != 3 {
		t.Fatalf("want 3 Remove buttons, got %d", len(removes))
	}
	// A list item is named by its text (issue 19).
	for i, c := range removes {
		if want := `listitem "` + []string{"Alpha", "Beta", "Gamma"}[i] + `"`; c.Nth != i || !slices.Contains(c.Path, want) {
			t.Errorf("remove #%d: nth %d path %v", i, c.Nth, c.Path)
		}
	}
	find(t, sc, "button", "trash")       // icon-only: named from the icon class
	find(t, sc, "button", "Close panel") // icon-only: named from its title
	if m := find(t, sc, "button", "More options"); m.Has(surfaces.StateExpanded) {
		t.Errorf("aria-expanded=false reported expanded")
	}
	find(t, sc, "button", "Clickable span")
	find(t, sc, "button", "Pointer card") // found by its pointer cursor only
	if sw := find(t, sc, "switch", "Dark mode"); !sw.Has(surfaces.StateChecked) {
		t.Errorf("switch states %v", sw.States)
	}
	find(t, sc, "button", "Shadow button")
	if fb := find(t, sc, "button", "Frame button"); fb.Frame != "Embedded" {
		t.Errorf("iframe button frame %q", fb.Frame)
	}
	for _, hidden := range []string{"Invisible display", "Invisible visibility", "Invisible opacity"} {
		if len(sc.Find("", hidden)) != 0 {
			t.Errorf("hidden control %q was found", hidden)
		}
	}
	if u := find(t, sc, "button", "Hidden under"); !u.Has(surfaces.StateCovered) {
		t.Errorf("button under the overlay: states %v", u.States)
	}
	if far := find(t, sc, "button", "Far away"); !far.Has(surfaces.StateOffscreen) {
		t.Errorf("far button states %v", far.States)
	}
	if sv := find(t, sc, "button", "Save"); sv.Has(surfaces.StateOffscreen) || sv.Has(surfaces.StateCovered) {
		t.Errorf("save states %v", sv.States)
	}

	var texts []string
	for _, l := range sc.Context {
		texts = append(texts, l.Text)
		if !strings.HasPrefix(l.Ref, "t") {
			t.Errorf("context line ref %q", l.Ref)
		}
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"Account settings", "Update your details below. Prices in EUR.", "idle", "Alpha"} {
		if !slices.Contains(texts, want) {
			t.Errorf("context lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "hunter2") || strings.Contains(sc.String(), "hunter2") {
		t.Errorf("password value leaked")
	}
	if h := sc.Context[0]; h.Role != "" && h.Text == "Account settings" && h.Role != "heading" {
		t.Errorf("heading role %q", h.Role)
	}

	// The text rendering and JSON are what `flow inspect` prints.
	if !strings.Contains(sc.String(), `button "Delete account" [disabled] in main > form "Profile"`) {
		t.Errorf("text rendering:\n%s", sc)
	}
	j, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	var back surfaces.Screen
	if err := json.Unmarshal(j, &back); err != nil || back.Fingerprint != sc.Fingerprint || len(back.Candidates) != len(sc.Candidates) {
		t.Errorf("JSON round trip: %v", err)
	}
}

func TestModalDialogPath(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/dialog.html")
	if sc.Layer != surfaces.LayerDialog {
		t.Errorf("layer %q, want dialog", sc.Layer)
	}
	accept := find(t, sc, "button", "Accept all")
	if len(accept.Path) == 0 || accept.Path[0] != `dialog "We use cookies"` || accept.Has(surfaces.StateCovered) {
		t.Errorf("accept: path %v states %v", accept.Path, accept.States)
	}
	buy := find(t, sc, "button", "Buy now")
	if !buy.Has(surfaces.StateCovered) {
		t.Errorf("button behind the modal: states %v", buy.States)
	}
	_, err := s.Act(testCtx(t), surfaces.Click(buy.Ref))
	var cov *surfaces.CoveredError
	if !errors.As(err, &cov) || !errors.Is(err, surfaces.ErrCovered) || cov.By == "" {
		t.Fatalf("click behind modal: %v", err)
	}
	if _, err := s.Act(testCtx(t), surfaces.Click(accept.Ref)); err != nil {
		t.Fatal(err)
	}
	after := observe(t, s)
	if after.Layer != surfaces.LayerPage || find(t, after, "button", "Buy now").Has(surfaces.StateCovered) {
		t.Errorf("after accepting: layer %q\n%s", after.Layer, after)
	}
	note := surfaces.Diff(sc, after).String()
	if !strings.Contains(note, `gone: button "Accept all"`) {
		t.Errorf("change note %q", note)
	}
}

func TestRefsStableAndStale(t *testing.T) {
	s := newSurface(t)
	a := open(t, s, "/testdata/controls.html")
	b := observe(t, s)
	if a.Fingerprint != b.Fingerprint {
		t.Errorf("fingerprint changed on an unchanged page")
	}
	if len(a.Candidates) != len(b.Candidates) {
		t.Fatalf("candidate count %d then %d", len(a.Candidates), len(b.Candidates))
	}
	for i := range a.Candidates {
		if a.Candidates[i].Ref != b.Candidates[i].Ref {
			t.Errorf("ref of %s changed: %s then %s", a.Candidates[i].Summary(), a.Candidates[i].Ref, b.Candidates[i].Ref)
		}
	}

	sc := open(t, s, "/testdata/rerender.html")
	old := find(t, sc, "button", "Count up")
	if _, err := s.Act(testCtx(t), surfaces.Click(old.Ref)); err != nil {
		t.Fatal(err)
	}
	// The button was replaced by an equal-looking one: the old ref is stale
	// and must not click the new button.
	_, err := s.Act(testCtx(t), surfaces.Click(old.Ref))
	var stale *surfaces.StaleRefError
	if !errors.As(err, &stale) || !errors.Is(err, surfaces.ErrStaleRef) {
		t.Fatalf("click with a ref of a re-rendered element: %v", err)
	}
	now := observe(t, s)
	if !slices.ContainsFunc(now.Context, func(l surfaces.ContextLine) bool { return l.Text == "clicks 1" }) {
		t.Errorf("the stale click acted:\n%s", now)
	}
	fresh := find(t, now, "button", "Count up")
	if fresh.Ref == old.Ref {
		t.Errorf("new element kept the old ref %s", old.Ref)
	}

	// The same element now saying something else is stale too: the old
	// screen offered "Follow", acting would press "Unfollow".
	follow := find(t, now, "button", "Follow")
	if _, err := s.Act(testCtx(t), surfaces.Click(follow.Ref)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Act(testCtx(t), surfaces.Click(follow.Ref)); !errors.Is(err, surfaces.ErrStaleRef) {
		t.Fatalf("click with the ref of a relabelled element: %v", err)
	}
	if len(observe(t, s).Find("button", "Unfollow")) != 1 {
		t.Errorf("the stale click acted")
	}

	// flow's world is invisible to the page, and observing leaves the DOM
	// as it was.
	probe := `typeof window.__flow + " " + typeof window.` + partBinding + ` + " " + document.documentElement.outerHTML.length`
	before, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](probe))
	if err != nil {
		t.Fatal(err)
	}
	observe(t, s)
	after, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](probe))
	if err != nil || !strings.HasPrefix(before, "undefined undefined ") || after != before {
		t.Errorf("page world sees %q then %q (%v)", before, after, err)
	}

	// A ref of an old document is stale in the new one.
	open(t, s, "/testdata/other.html")
	if _, err := s.Act(testCtx(t), surfaces.Click(fresh.Ref)); !errors.Is(err, surfaces.ErrStaleRef) {
		t.Fatalf("ref from the previous page: %v", err)
	}
	if _, err := s.Act(testCtx(t), surfaces.Click("e99999")); !errors.Is(err, surfaces.ErrStaleRef) {
		t.Fatalf("unknown ref: %v", err)
	}
}

// TestListboxOptionsAreCandidates: an open suggestion list is a popover
// whose options are candidates of their own (a listbox holds its options;
// it does not swallow them as a button swallows its icon).
func TestListboxOptionsAreCandidates(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/suggest.html")
	if sc.Layer != surfaces.LayerPopover {
		t.Errorf("layer %q: an open listbox is a popover", sc.Layer)
	}
	lis := find(t, sc, "option", "Lisbon (LIS)")
	if !slices.Contains(lis.Path, `listbox "Airport suggestions"`) {
		t.Errorf("suggestion path %v: want it in its listbox", lis.Path)
	}
	find(t, sc, "option", "Lisieux (LSX)")
	if _, err := s.Act(t.Context(), surfaces.Click(lis.Ref)); err != nil {
		t.Fatal(err)
	}
	after, err := s.Observe(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if v := find(t, after, "combobox", "Airport").Value; v != "Lisbon (LIS)" {
		t.Errorf("after choosing the option the field reads %q", v)
	}
}

// TestPickerMarkup: a title made of spans reads as one line ("December
// 2016"), and links without href that a framework wires by data
// attributes are controls; an anchor target is not.
func TestPickerMarkup(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/picker.html")
	if !hasLine(sc, "December 2016") {
		t.Errorf("no line \"December 2016\":\n%s", sc)
	}
	find(t, sc, "link", "Prev")
	find(t, sc, "link", "Next")
	if got := sc.Find("", "An anchor target, no control"); len(got) != 0 {
		t.Errorf("an anchor target is a control: %v", got)
	}
	// An <a> without href that only tabindex puts in the tab order is a
	// focus stop: its text is a line; a script's trace (a pointer cursor,
	// onclick, a role) makes it a control, and tabindex makes any other
	// element one.
	if got := sc.Find("", "Anchor point"); len(got) != 0 || !hasLine(sc, "Anchor point") {
		t.Errorf("the focus stop is a control (%v) or no line:\n%s", got, sc)
	}
	find(t, sc, "link", "Pointer anchor")
	find(t, sc, "link", "Scripted anchor")
	find(t, sc, "button", "Role anchor")
	find(t, sc, "button", "Focusable span")
}

// TestObserveLeavesOutUndrawnContent: a control inside an inert subtree,
// inside a closed <details> (but for its summary) or under
// content-visibility: hidden is no candidate, and their text is no line,
// while each one's visible twin (no inert, an open details,
// content-visibility: auto) stays.
func TestObserveLeavesOutUndrawnContent(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/unseen.html")
	for _, name := range []string{"Inert button", "Link in a closed details", "Skipped button"} {
		if got := sc.Find("", name); len(got) != 0 {
			t.Errorf("%q is a candidate: %v", name, got)
		}
	}
	find(t, sc, "button", "Open button")
	if more := find(t, sc, "button", "More"); more.Has(surfaces.StateExpanded) {
		t.Errorf("the closed details' summary is expanded: %v", more.States)
	}
	if less := find(t, sc, "button", "Less"); !less.Has(surfaces.StateExpanded) {
		t.Errorf("the open details' summary is not expanded: %v", less.States)
	}
	find(t, sc, "button", "Notes")
	find(t, sc, "link", "Link in an open details")
	find(t, sc, "button", "Auto button")

	var texts []string
	for _, l := range sc.Context {
		texts = append(texts, l.Text)
	}
	all := strings.Join(texts, "\n")
	for _, hidden := range []string{"Inert paragraph", "inert words", "Closed details paragraph", "Closed details text", "Closed notes text", "Skipped paragraph", "Skipped text"} {
		if strings.Contains(all, hidden) {
			t.Errorf("the lines show %q:\n%s", hidden, all)
		}
	}
	for _, want := range []string{"Open paragraph", "Visible words", "Open details paragraph", "Open details text", "Auto paragraph"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no line %q:\n%s", want, all)
		}
	}
	if !slices.ContainsFunc(texts, func(l string) bool { return strings.HasPrefix(l, "Read the notes") }) {
		t.Errorf("no line \"Read the notes\":\n%s", all)
	}
}

// TestNamesJoinPartsAlike: a name made of parts with visually hidden
// punctuation between them reads the same whether sight joins the
// control's text nodes or the elements aria-labelledby (or
// aria-describedby) names: no space before closing punctuation, either
// way.
func TestNamesJoinPartsAlike(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/joined.html")
	find(t, sc, "link", "Previous page: Paying VAT and duty")
	find(t, sc, "button", "Next page: Registering a vehicle")
	find(t, sc, "button", "Upload a file, No file chosen, Choose file")
	if d := find(t, sc, "textbox", "Date").Description; d != "Format: DD/MM/YYYY" {
		t.Errorf("date description %q", d)
	}
}

// TestBarOfItems: a bar with a pointer cursor holding labelled items is
// no control itself, its items are; a clickable card with one label
// stays one control.
func TestBarOfItems(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/bar.html")
	find(t, sc, "button", "Reply")
	find(t, sc, "button", "Forward")
	find(t, sc, "button", "Open the report")
	if got := sc.Find("button", "Reply Forward"); len(got) != 0 {
		t.Errorf("the bar is a control: %v", got)
	}
}

// TestFeedOfLookAlikeBlocks: icons drawn by the style sheet are named by
// their image files; elements pointed at only under the mouse are
// controls; look-alike blocks with several controls each are cards, one
// per block even when two read alike; form rows of one field are not;
// a header of "label: value" parts names no field after it.
func TestFeedOfLookAlikeBlocks(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/feed.html")
	cards := map[string]bool{}
	for _, name := range []string{"paper plane", "heart", "repost"} { // "outline" says how it is drawn
		got := sc.Find("button", name)
		if len(got) != 3 {
			t.Fatalf("%d buttons %q, want one per post: %v", len(got), name, sc.Candidates)
		}
		for _, c := range got {
			// Named by the first line each holds; two posts by Ann are
			// "Ann @ann" and "Ann @ann" #2.
			if len(c.Path) == 0 || !strings.HasPrefix(c.Path[len(c.Path)-1], `card "`) {
				t.Errorf("%s is in %v, want a card", c.Summary(), c.Path)
			}
			cards[strings.Join(c.Path, "/")] = true
		}
	}
	if len(cards) != 3 {
		t.Errorf("the icons sit in %d cards, want 3 (two posts by Ann are two cards): %v", len(cards), cards)
	}
	for _, c := range sc.Candidates {
		if c.Role == "textbox" && strings.Join(c.Path, "/") != "" && strings.Contains(strings.Join(c.Path, "/"), "card") {
			t.Errorf("the form row's field %s is in a card: %v", c.Summary(), c.Path)
		}
		if c.Role == "textbox" && c.InputType == "" && strings.Contains(c.Name, "subject") {
			t.Errorf("the text area is named by the header of other things: %q", c.Name)
		}
	}
}

// TestBlocksInStatesAreOneRun: look-alike blocks are one kind by their
// tag and the first word of their class, whatever state words follow
// ("task done", "task locked"); a block of the run with no control of its
// own is a card too, so the text of someone else's task is not loose on
// the page; a run with one block of controls makes no cards. Sources: the
// property tests' todo pages (random seed 454797090, case 264), the mail
// site's rows ("msg-row unread"), the account site's subscriptions
// ("sub-card expired").
func TestBlocksInStatesAreOneRun(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/states.html")
	boxes := sc.Find("checkbox", "")
	for _, name := range []string{"Clean the gutters", "Get new glasses"} {
		var in []string
		for _, c := range sc.Candidates {
			if c.Role == "checkbox" || c.Role == "link" {
				if strings.Join(c.Path, "/") == `card "`+name+`"` {
					in = append(in, c.Role)
				}
			}
		}
		if len(in) != 2 {
			t.Errorf("card %q holds %v, want its checkbox and its link: %v %v", name, in, boxes, sc.Candidates)
		}
	}
	locked := false
	for _, l := range sc.Context {
		if strings.HasPrefix(l.Text, "Pick up dry cleaning") {
			locked = true
			if got := strings.Join(l.Path, "/"); got != `card "Pick up dry cleaning"` {
				t.Errorf("the locked task's line is in %q, want its own card", got)
			}
		}
		if strings.HasPrefix(l.Text, "Opening hours") && len(l.Path) != 0 {
			t.Errorf("a note beside one block of controls is in %q, want no group", l.Path)
		}
	}
	if !locked {
		t.Errorf("no line of the locked task: %v", sc.Context)
	}
	if c := find(t, sc, "button", "Write to us"); len(c.Path) != 0 {
		t.Errorf("the one button of the notes is in %q, want no card", c.Path)
	}
}

// TestCompactObservationLosesNothing: the arrays observeJSON sends, read
// by decodeObservation, say exactly what the walk's objects say (read by
// encoding/json through the struct tags), on pages with every kind of
// field: selects with options, states, labels, frames, paths; and
// observeWire's base64 of them reads the same.
func TestCompactObservationLosesNothing(t *testing.T) {
	s := newSurface(t)
	for _, page := range []string{"/testdata/controls.html", "/testdata/feed.html", "/testdata/dialog.html", "/" + cardsPagePath, "/testdata/latin.html", "/testdata/scripts.html"} {
		open(t, s, page)
		ctx, cancel := s.actCtx(testCtx(t))
		var text, wire, objects string
		err := s.main.call(ctx, &text, "observeJSON", map[string]int{})
		if err == nil {
			err = s.main.call(ctx, &wire, "observeWire", map[string]int{})
		}
		if err == nil {
			err = s.main.evalCall(ctx, &objects, "", "(o => JSON.stringify(window.__flow.observe(o)))", map[string]int{})
		}
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeObservation(text)
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		if strings.HasPrefix(wire, "[") {
			t.Errorf("%s: observeWire sent JSON; this Chromium makes base64", page)
		}
		if fromWire, err := decodeObservation(wire); err != nil || !reflect.DeepEqual(fromWire, got) {
			t.Errorf("%s: observeWire reads otherwise than observeJSON (%v)", page, err)
		}
		var want jsScreen
		if err := json.Unmarshal([]byte(objects), &want); err != nil {
			t.Fatal(err)
		}
		if len(want.Items) == 0 || len(want.Lines) == 0 {
			t.Fatalf("%s: nothing observed", page)
		}
		for i := range want.Items {
			if len(want.Items[i].States) == 0 {
				want.Items[i].States = nil // no states: an empty list or none, alike
			}
		}
		for i := range want.Paths {
			if len(want.Paths[i]) == 0 {
				want.Paths[i] = nil
			}
		}
		if !reflect.DeepEqual(got, want) {
			for i := range min(len(got.Items), len(want.Items)) {
				if !reflect.DeepEqual(got.Items[i], want.Items[i]) {
					t.Errorf("%s item %d:\n got %+v\nwant %+v", page, i, got.Items[i], want.Items[i])
					break
				}
			}
			if !reflect.DeepEqual(got.Lines, want.Lines) {
				t.Errorf("%s lines:\n got %+v\nwant %+v", page, got.Lines, want.Lines)
			}
			t.Fatalf("%s: the compact observation differs (%d/%d items, %d/%d lines)", page, len(got.Items), len(want.Items), len(got.Lines), len(want.Lines))
		}
	}
}

// TestObserveWireEscapesFewOthers: observeWire sends a page whose text is
// ASCII but for a few characters (English with a €, an accent, an emoji)
// with those few escaped, and a page mostly in other scripts (Russian,
// Japanese) as UTF-8; either way every name, value, option and line reads
// as the page writes it.
func TestObserveWireEscapesFewOthers(t *testing.T) {
	s := newSurface(t)
	for _, tc := range []struct {
		page, escaped, raw string
		want               [][2]string // role, name
		lines              []string
	}{
		{page: "/testdata/latin.html", escaped: `Add cake \ud83c\udf70`,
			want:  [][2]string{{"button", "Add crème brûlée"}, {"button", "Add coffee ☕"}, {"button", "Add cake 🍰"}, {"textbox", "Name on the order"}},
			lines: []string{"The café’s menu", "Prices in euros: every dish is €9.50 or less."}},
		{page: "/testdata/scripts.html", raw: "Оформить заказ",
			want:  [][2]string{{"button", "Оформить заказ"}, {"button", "カートを空にする 🛒"}, {"link", "Помощь 🙂"}, {"combobox", "Город"}, {"textbox", "Количество"}},
			lines: []string{"Корзина покупок", "ご注文ありがとうございます。配送は三日以内です。"}},
	} {
		sc := open(t, s, tc.page)
		for _, w := range tc.want {
			find(t, sc, w[0], w[1])
		}
		for _, l := range tc.lines {
			if !slices.ContainsFunc(sc.Context, func(c surfaces.ContextLine) bool { return strings.HasPrefix(c.Text, l) }) {
				t.Errorf("%s: no line %q in:\n%s", tc.page, l, sc)
			}
		}
		if tc.page == "/testdata/latin.html" {
			if c := find(t, sc, "textbox", "Name on the order"); c.Placeholder != "e.g. Zoë Ångström" {
				t.Errorf("the field's placeholder read %q", c.Placeholder)
			}
		} else if c := find(t, sc, "combobox", "Город"); c.Value != "Санкт-Петербург" || len(c.Options) != 2 || c.Options[0].Label != "Москва" {
			t.Errorf("the select read %q, options %+v", c.Value, c.Options)
		}
		ctx, cancel := s.actCtx(testCtx(t))
		var wire string
		err := s.main.call(ctx, &wire, "observeWire", map[string]int{})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		b, err := base64.StdEncoding.DecodeString(wire)
		if err != nil {
			t.Fatalf("%s: observeWire sent no base64: %v", tc.page, err)
		}
		text := string(b)
		if tc.escaped != "" && (!strings.Contains(text, tc.escaped) || strings.IndexFunc(text, func(r rune) bool { return r > 0x7f }) >= 0) {
			t.Errorf("%s: want every character past ASCII escaped (%s), got %.300s", tc.page, tc.escaped, text)
		}
		if tc.raw != "" && !strings.Contains(text, tc.raw) {
			t.Errorf("%s: want the text as UTF-8 (%s), got %.300s", tc.page, tc.raw, text)
		}
	}
}

// TestObservationInPartsReadsAsOne: a walk sent in parts while it goes
// on reads exactly as the same walk sent in one piece: on the grid of
// cards, and on a long page whose modal comes last in the document, after
// parts went out with the controls it covers (which the reply then marks).
func TestObservationInPartsReadsAsOne(t *testing.T) {
	s := newSurface(t)
	for _, page := range []string{"/" + cardsPagePath, "/testdata/longmodal.html"} {
		open(t, s, page)
		ctx, cancel := s.actCtx(testCtx(t))
		parts := 0
		var streamed, whole surfaces.Screen
		add := s.adder(&streamed, s.main, "", 0, 0)
		js, err := s.main.observe(ctx, func(js *jsScreen, restarted bool) {
			parts++
			add.add(js, restarted)
		})
		var text string
		if err == nil {
			err = s.main.call(ctx, &text, "observeWire", map[string]int{})
		}
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		add.finish(&js)
		one, err := decodeObservation(text)
		if err != nil {
			t.Fatal(err)
		}
		s.adder(&whole, s.main, "", 0, 0).finish(&one)
		if parts == 0 || parts != len(js.Items)/500 {
			t.Errorf("%s: %d items came in %d parts, want parts of 500", page, len(js.Items), parts)
		}
		if len(one.Behind) != 0 {
			t.Errorf("%s: the walk in one piece lists items behind a modal apart: %v", page, one.Behind)
		}
		if strings.Contains(page, "modal") && (len(js.Behind) == 0 || slices.Max(js.Behind) >= 500) {
			t.Errorf("%s: the reply marks items %v as behind the modal; want some sent before it", page, js.Behind)
		}
		for i := range min(len(streamed.Candidates), len(whole.Candidates)) {
			if !reflect.DeepEqual(streamed.Candidates[i], whole.Candidates[i]) {
				t.Errorf("%s candidate %d:\n in parts %+v\n  in one %+v", page, i, streamed.Candidates[i], whole.Candidates[i])
				break
			}
		}
		if len(streamed.Candidates) != len(whole.Candidates) || !reflect.DeepEqual(streamed.Context, whole.Context) {
			t.Errorf("%s: %d/%d candidates, %d/%d lines in parts and in one", page,
				len(streamed.Candidates), len(whole.Candidates), len(streamed.Context), len(whole.Context))
		}
	}
	sc := observe(t, s)
	for _, c := range sc.Candidates {
		if want := c.Name != "No thanks"; c.Has(surfaces.StateCovered) != want {
			t.Errorf("%s: states %v; covered should be %v", c.Summary(), c.States, want)
		}
	}
	if sc.Layer != surfaces.LayerDialog || len(sc.Candidates) != 601 {
		t.Errorf("layer %q, %d candidates", sc.Layer, len(sc.Candidates))
	}
}

// TestObservationReaderParts: parts add to the screen in order, a part 0
// after others starts it over, and parts out of order, parts the reply
// does not count or an item index out of range are errors.
func TestObservationReaderParts(t *testing.T) {
	part0 := `0 ["tk",[["main"]],[[1,"button","A","",0,0,1,2,3,4]],[[2,"Intro",0,0]]]`
	part1 := `1 ["tk",[["main","form"]],[[3,"button","B","",0,1,1,2,3,4]],[]]`
	final := `["u","T","dialog","tk",3,1,[],[[5,"button","C","",256,1,0,0,1,1]],[],2,[0,1]]`
	var o observationReader
	for _, p := range []string{part0, part1} {
		if restarted, err := o.part(p); err != nil || restarted {
			t.Fatalf("part %.1s: restarted %v, %v", p, restarted, err)
		}
	}
	if err := o.final(final); err != nil {
		t.Fatal(err)
	}
	js := o.js
	var refs []string
	for _, it := range js.Items {
		refs = append(refs, it.Ref)
	}
	if !reflect.DeepEqual(refs, []string{"tk.1", "tk.3", "tk.5"}) || len(js.Lines) != 1 || len(js.Paths) != 2 ||
		!reflect.DeepEqual(js.Behind, []int{0, 1}) || js.path(js.Items[2].PathIndex)[1] != "form" || js.Layer != "dialog" {
		t.Errorf("read %+v", js)
	}

	o = observationReader{}
	o.part(part0)
	o.part(part1)
	if restarted, err := o.part(part0); err != nil || !restarted || len(o.js.Items) != 1 || len(o.js.Paths) != 1 {
		t.Errorf("part 0 again: restarted %v, %d items (%v)", restarted, len(o.js.Items), err)
	}

	for name, read := range map[string]func(*observationReader) error{
		"a part out of order": func(o *observationReader) error { _, err := o.part(part1); return err },
		"a part not counted":  func(o *observationReader) error { o.part(part0); return o.final(final) },
		"an index too far": func(o *observationReader) error {
			return o.final(`["u","T","page","tk",1,0,[],[[1,"button","A"]],[],0,[1]]`)
		},
	} {
		if err := read(&observationReader{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestDecodeObservationText: escapes, surrogate pairs and lone
// surrogates, nulls, fields left out and fields a newer script adds are
// read as encoding/json reads them; broken text is an error, not a
// partial screen.
func TestDecodeObservationText(t *testing.T) {
	text := `["http://x/?a=\"b\"","T\u00e9\ud83d\ude00 \ud800x","page","tk",2,2,[["main","form \"A\\B\""],[]],` +
		`[[1,"button","Save\n\t\/",null,258,0,-1.5,-20,30,1e1,1],` +
		`[2,"combobox","Size","M",0,1,0,0,5,5,0,"Size","","f","","",1,"d",["S","s",0,"M","M",1,"X","X",2],{"new":[1,{"k":true}]},false]],` +
		`[[3,"Hello",1,2],[4,"Alert",0,0,"alert","f",null]]]`
	js, err := decodeObservation(text)
	if err != nil {
		t.Fatal(err)
	}
	want := jsScreen{
		URL: `http://x/?a="b"`, Title: "Té\U0001F600 \uFFFDx", Layer: "page",
		Paths: [][]string{{"main", `form "A\B"`}, nil},
		Items: []jsItem{
			{Ref: "tk.1", Role: "button", Name: "Save\n\t/", States: []surfaces.State{surfaces.StateChecked, surfaces.StateCovered}, Bounds: surfaces.Bounds{X: -1.5, Y: -20, W: 30, H: 10}, Nth: 1},
			{Ref: "tk.2", Role: "combobox", Name: "Size", Value: "M", PathIndex: 1, Bounds: surfaces.Bounds{W: 5, H: 5}, Label: "Size", Frame: "f", Editable: true, Description: "d",
				Options: []surfaces.Option{{Label: "S", Value: "s"}, {Label: "M", Value: "M", Selected: true}, {Label: "X", Value: "X", Disabled: true}}},
		},
		Lines: []jsLine{{Ref: "tk.3", Text: "Hello", PathIndex: 1, Next: 2}, {Ref: "tk.4", Text: "Alert", Role: "alert", Frame: "f"}},
	}
	if !reflect.DeepEqual(js, want) {
		t.Errorf("decoded\n %+v\nwant\n %+v", js, want)
	}
	if b64, err := decodeObservation(base64.StdEncoding.EncodeToString([]byte(text))); err != nil || !reflect.DeepEqual(b64, want) {
		t.Errorf("the base64 of the text decoded to %+v, %v", b64, err)
	}
	for _, bad := range []string{``, `[`, `WyJ1I*`, `["u","t","page","tk",0,0,[],[[1,"button"`, `["u" "t"]`, `["u","t","page","tk",1,0,[],[["x"]]]`, `["u","t","page","tk","x"]`, `["u","t","page","tk",-5,-1,[],[]]x`, `["a\q"]`, `["u"]x`} {
		if _, err := decodeObservation(bad); err == nil {
			t.Errorf("%q decoded without an error", bad)
		}
	}
}

// TestUnquoteJSON: the protocol's string around the observation reads as
// encoding/json reads it, escapes next to quotes included.
func TestUnquoteJSON(t *testing.T) {
	for _, raw := range []string{`""`, `"plain"`, `"a\"b"`, `"\"\""`, `"ends in \\"`, `"\\\"x\\\""`,
		`"[\"u\",\"t\\\\n\"]"`, `"\u00e9\ud83d\ude00\ud800 \/ \t\n"`, `"caf\u00e9 \u2028"`} {
		var want string
		if err := json.Unmarshal([]byte(raw), &want); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		got, err := unquoteJSON([]byte(raw))
		if err != nil || got != want {
			t.Errorf("unquoteJSON(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, bad := range []string{``, `"`, `"abc`, `"a\"`, `x"a"`, `"a"b`, `"\q"`, `"\u12"`} {
		if got, err := unquoteJSON([]byte(bad)); err == nil {
			t.Errorf("unquoteJSON(%s) = %q without an error", bad, got)
		}
	}
}

// TestObserveFollowsTheDocument: a look after the page replaced its own
// document (a script navigation, a reload, a step back: no act of ours, so
// flow's world was made for the old document) shows the new document; it
// neither fails nor keeps reading the old one.
func TestObserveFollowsTheDocument(t *testing.T) {
	s := newSurface(t)
	open(t, s, "/testdata/controls.html")
	observe(t, s)
	for _, step := range []struct{ script, title, link string }{
		{`location.href = "/testdata/other.html"; "ok"`, "Other", "Back to controls"},
		{`document.title = "Changed"; location.reload(); "ok"`, "Other", "Back to controls"},
		{`history.back(); "ok"`, "Controls", "Other page"},
	} {
		if _, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](step.script)); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			sc, err := s.Observe(testCtx(t))
			if err == nil && sc.Title == step.title && len(sc.Find("link", step.link)) == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after %s: title %q (%v), want %q with the link %q:\n%s", step.script, sc.Title, err, step.title, step.link, sc)
			}
		}
	}
}

// TestCallAsksAgainWhenTheWorldIsGone: a call by the unique id of a world
// whose document went away before its events arrived (here: events the
// test puts back after they came) is asked again the careful way, by the
// frame tree, and reads the new document.
func TestCallAsksAgainWhenTheWorldIsGone(t *testing.T) {
	s := newSurface(t)
	open(t, s, "/testdata/controls.html")
	old := s.main.world
	if _, ok := s.main.current(); !ok {
		t.Fatal("no current world after a look: every call would ask for the frame tree first")
	}
	sc := open(t, s, "/testdata/other.html")
	if sc.Title != "Other" {
		t.Fatalf("title %q after navigating", sc.Title)
	}
	// As if the navigation's events had not come yet.
	s.main.mu.Lock()
	s.main.worlds[old.id] = old.unique
	s.main.docs = old.docs
	s.main.mu.Unlock()
	s.main.world = old
	if _, ok := s.main.current(); !ok {
		t.Fatal("the restored world does not count as current")
	}
	sc = observe(t, s)
	if sc.Title != "Other" || len(sc.Find("link", "Back to controls")) != 1 {
		t.Fatalf("look by a gone world's id: title %q, want the new document's:\n%s", sc.Title, sc)
	}
	if s.main.world.unique == old.unique {
		t.Error("the gone world is still flow's world after the look")
	}
}

// TestWrappedAndPlainControls: a name leaves out what the page does not
// draw but keeps an SVG's title; a cursor-only wrapper of controls is
// none itself, and the items of a bar given a pointer on hover are
// controls; "−" and "+" spans are a stepper's buttons; a table cell's
// line carries its column header.
func TestWrappedAndPlainControls(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/wrapped.html")
	find(t, sc, "button", "Options")
	find(t, sc, "link", "Acme Shop")
	find(t, sc, "button", "more")
	find(t, sc, "button", "Copy link")
	find(t, sc, "button", "Report")
	for _, c := range sc.Candidates {
		if strings.Contains(c.Name, "Copy link") && c.Name != "Copy link" {
			t.Errorf("a wrapper is a control: %s", surfaces.CandidateLine(c))
		}
	}
	find(t, sc, "button", "−")
	find(t, sc, "button", "+")
	cols := map[string]string{}
	for _, l := range sc.Context {
		cols[l.Text] = l.Column
	}
	if cols["16"] != "Cases opened" || cols["20"] != "Cases closed" || cols["Paul Farmer"] != "Case manager" {
		t.Errorf("columns %q", cols)
	}
}

// TestSkipLinksShownOnFocus: a control a style sheet draws only while it
// has the focus (a skip link) is listed, state onfocus, and a click
// focuses it first, then presses it; a link that is only visually hidden
// (no rule shows it) is not listed. Sources: GOV.UK Frontend's skip link
// (the AX parity check), Bootstrap 5's visually-hidden-focusable and
// Bootstrap 3's sr-only-focusable.
func TestSkipLinksShownOnFocus(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/skiplinks.html")
	for _, name := range []string{"Skip to main content", "Skip to navigation", "Skip to search"} {
		if c := find(t, sc, "link", name); !c.Has(surfaces.StateOnFocus) {
			t.Errorf("%s: states %v, want onfocus", name, c.States)
		}
	}
	for _, c := range sc.Candidates {
		if c.Name == "Skip to footer" {
			t.Errorf("a visually hidden link no rule shows is listed: %s", surfaces.CandidateLine(c))
		}
	}
	if c := find(t, sc, "link", "Home"); c.Has(surfaces.StateOnFocus) {
		t.Errorf("a link always drawn has state onfocus: %v", c.States)
	}
	act(t, s, surfaces.Click(find(t, sc, "link", "Skip to navigation").Ref))
	after := observe(t, s)
	if !slices.ContainsFunc(after.Context, func(l surfaces.ContextLine) bool { return l.Text == "skipped to #nav" }) {
		t.Errorf("the press did not follow the skip link; lines %v", after.Context)
	}
}

// TestLabelAfterItsField: a field whose row shows its label after it
// (under it, or beside a box) is named by that label, not by the row
// above, whose text is its own field's; a label row above a field still
// names it over a unit after it. Sources: MiniWoB++ multi-layouts (its
// fifth layout), settings rows of a box and its words.
func TestLabelAfterItsField(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/labelsafter.html")
	var names []string
	for _, c := range sc.Candidates {
		names = append(names, c.Role+" "+c.Name)
	}
	want := []string{"textbox Genre", "textbox Director", "textbox Year",
		"checkbox Email me about orders", "checkbox Text me when it ships", "textbox Weight"}
	if !slices.Equal(names, want) {
		t.Errorf("candidates %q, want %q", names, want)
	}
}

// TestCardsAndTheIconsInThem: a card inside a card of the same name is
// one card, and a card's title or text is no card (Bootstrap's .card >
// .card-body > .card-title, .card-text; MiniWoB++ order-food's nested
// food items); an icon's alt, a broken picture's alt and a role=img's
// label are lines of their card, and a photo's alt is not (MiniWoB++
// order-food's dish-kind icons, a glyph rating as the shop cards draw
// it).
func TestCardsAndTheIconsInThem(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/cardsicons.html")
	for _, name := range []string{"Basic", "Team", "Pro"} {
		for _, c := range sc.Candidates {
			if c.Name == "Choose" && strings.Contains(strings.Join(c.Path, " > "), `"`+name+`"`) &&
				strings.Join(c.Path, " > ") != `card "`+name+`"` {
				t.Errorf("Choose of %s is in %q, want the one card %q", name, c.Path, `card "`+name+`"`)
			}
		}
	}
	lines := map[string]string{}
	for _, l := range sc.Context {
		lines[l.Text] = strings.Join(l.Path, " > ")
	}
	for text, path := range map[string]string{
		"vegan": `card "Tofu stone pot"`, "gluten-free": `card "Tofu stone pot"`, "meat": `card "Beef stew"`,
		"missing icon": `card "Garlic bread"`, "Rated 4 out of 5": "", "For one person": `card "Basic"`,
	} {
		if got, ok := lines[text]; !ok || got != path {
			t.Errorf("line %q: path %q (listed %v), want %q", text, got, ok, path)
		}
	}
	for _, text := range []string{"★★★★☆", "A blue enamel mug on a table"} {
		if _, ok := lines[text]; ok {
			t.Errorf("line %q is listed", text)
		}
	}
}
