package record_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"flow/record"
	"flow/surfaces"
)

// steps returns the flow's lines after the declarations, trimmed.
func steps(rec *record.Recording) []string {
	_, body, _ := strings.Cut(string(rec.Flow), "\n\n  browse")
	var out []string
	for _, l := range strings.Split("browse"+body, "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "}" {
			out = append(out, l)
		}
	}
	return out
}

func wantSteps(t *testing.T, rec *record.Recording, want ...string) {
	t.Helper()
	got := steps(rec)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant:\n%s\nflow:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), rec.Flow)
	}
}

// TestTypingCoalesces: an input event per keystroke, a field typed again
// in the same group, and repeated identical inputs become one pair with
// the final value.
func TestTypingCoalesces(t *testing.T) {
	s := &session{}
	s.open(site, "Form", true)
	for _, v := range []string{"O", "Os", "Osl", "Oslo"} {
		s.type_("City", v)
	}
	s.type_("Zip", "01234")
	s.type_("City", "Oslo S")
	s.type_("City", "Oslo S")
	s.click("button", "Save")
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `enter {`, `"City" = city`, `"Zip" = zip`, `do "press Save"`, `verify "the page shows \"Form\""`)
	values := compileClean(t, rec)
	if values["city"] != "Oslo S" || values["zip"] != "01234" {
		t.Errorf("values %v", values)
	}
}

// TestDoubleClick: two presses of one control within half a second are
// one; a deliberate second press later is a second step.
func TestDoubleClick(t *testing.T) {
	btn := surfaces.Candidate{Role: "button", Name: "Add an adult"}
	evs := []surfaces.UserEvent{
		{Kind: surfaces.EventNavigate, Value: site, Typed: true, Title: "SkyWay"},
		{Kind: surfaces.EventClick, URL: site, Target: btn, Time: t0},
		{Kind: surfaces.EventClick, URL: site, Target: btn, Time: t0.Add(200 * time.Millisecond)},
		{Kind: surfaces.EventClick, URL: site, Target: btn, Time: t0.Add(3 * time.Second)},
	}
	rec := build(t, evs, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `do "press Add an adult"`, `do "press Add an adult"`, `verify "the page shows \"SkyWay\""`)
	compileClean(t, rec)
}

// TestInputThenSelect: a field typed and then chosen from is one choose;
// a combobox opened and an option picked is a choose too.
func TestInputThenSelect(t *testing.T) {
	s := &session{}
	s.open(site, "Settings", true)
	s.typeField(surfaces.Candidate{Role: "combobox", Name: "Language", Label: "Language"}, "Eng")
	s.choose("Language", "English")
	s.click("combobox", "Time zone")
	s.click("option", "Europe/Oslo")
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `choose {`, `"Language" = language`, `"Time zone" = time_zone`, `verify "the page shows \"Settings\""`)
	values := compileClean(t, rec)
	if values["language"] != "English" || values["time_zone"] != "Europe/Oslo" {
		t.Errorf("values %v", values)
	}
}

// TestToggles: the click on a checkbox that reports its own change is not
// a step; ticking twice keeps the last state; radio buttons of a named
// group are a choose; a label click before a check is dropped.
func TestToggles(t *testing.T) {
	s := &session{}
	s.open(site, "Preferences", true)
	s.click("checkbox", "Send me offers")
	s.tick("checkbox", "Send me offers", true)
	s.tick("checkbox", "Send me offers", false)
	s.click("", "Remember me")
	s.tick("checkbox", "Remember me", true)
	s.add(surfaces.UserEvent{Kind: surfaces.EventCheck, Target: surfaces.Candidate{Role: "radio", Name: "Window", Path: []string{"form", `radiogroup "Seat"`}}})
	s.add(surfaces.UserEvent{Kind: surfaces.EventCheck, Target: surfaces.Candidate{Role: "radio", Name: "Express"}})
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `do "untick Send me offers"`, `do "tick Remember me"`, `choose "Seat" = seat`,
		`do "choose Express"`, `verify "the page shows \"Preferences\""`)
	compileClean(t, rec)
}

// TestNavigation: typed addresses are browse steps, relative to ${site}
// on its origin; navigations caused by clicks are not; a second origin
// gets an allow line, with the options' extras.
func TestNavigation(t *testing.T) {
	s := &session{}
	s.open(site, "Home", true)
	s.click("link", "Inbox")
	s.open(site+"inbox?folder=a_b", "Inbox", false)
	s.open(site+"settings", "Settings", true)
	s.open(site+"settings", "Settings", true) // a reload
	s.open("https://help.example.com/faq", "FAQ", true)
	s.click("link", "Contact")
	s.open("https://pay.example.net/start", "Start", false)
	rec := build(t, s.events, record.Options{Allow: []string{"*.example.org", "https://help.example.com"}})
	wantSteps(t, rec, `browse "${site}"`, `do "open Inbox"`, `browse "${site}settings"`, `browse "https://help.example.com/faq"`,
		`do "open Contact"`, `verify "the page shows \"Start\""`)
	if want := `allow "${site}", "https://help.example.com", "https://pay.example.net", "*.example.org"`; !strings.Contains(string(rec.Flow), want) {
		t.Errorf("flow lacks %s:\n%s", want, rec.Flow)
	}
	compileClean(t, rec)
}

// TestStartMidSession: a recording that starts with a click on an open
// page starts at that page; events on blank pages before are left out.
func TestStartMidSession(t *testing.T) {
	evs := []surfaces.UserEvent{
		{Kind: surfaces.EventClick, URL: "about:blank", Target: surfaces.Candidate{Role: "button", Name: "Nothing"}},
		{Kind: surfaces.EventClick, URL: "http://127.0.0.1:8080/app/start", Title: "Start", Target: surfaces.Candidate{Role: "button", Name: "Begin"}},
		{Kind: surfaces.EventNavigate, Value: "http://127.0.0.1:8080/app/next", Typed: true, Title: "Next"},
	}
	rec := build(t, evs, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `do "press Begin"`, `browse "http://127.0.0.1:8080/app/next"`, `verify "the page shows \"Next\""`)
	if !strings.Contains(string(rec.Flow), `fact site: url "Address the recording started from" = "http://127.0.0.1:8080/app/start"`) {
		t.Errorf("site is not the start page:\n%s", rec.Flow)
	}
	if len(rec.Notes) != 1 || !strings.Contains(rec.Notes[0], "1 event before the first web page") {
		t.Errorf("notes %q", rec.Notes)
	}
	compileClean(t, rec)
}

// TestEnterKey: Enter on a button presses it (and is guarded like a
// click); Enter in a form whose button is guarded ends the recording.
func TestEnterKey(t *testing.T) {
	s := &session{}
	s.open(site, "Feedback", true)
	s.key("Enter", surfaces.Candidate{Role: "button", Name: "Next page"})
	s.type_("Comment", "Nice")
	s.key("Tab", surfaces.Candidate{Role: "textbox", Name: "Comment"})
	s.key("Enter", surfaces.Candidate{Role: "textbox", Name: "Comment"})
	s.submit("Post comment")
	s.open(site+"thanks", "Thanks", false)
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `do "press Next page"`, `enter "Comment" = comment`, `stop_before "posting the comment"`)
	if rec.Stopped != "posting the comment" || rec.Dropped != 1 {
		t.Errorf("Stopped %q Dropped %d", rec.Stopped, rec.Dropped)
	}
	compileClean(t, rec)
}

// TestEscape: Escape that closed an overlay is conditional on it.
func TestEscape(t *testing.T) {
	s := &session{}
	s.open(site, "Home", true)
	s.add(surfaces.UserEvent{Kind: surfaces.EventKey, Value: "Escape", Overlay: "Newsletter", Closed: true})
	s.add(surfaces.UserEvent{Kind: surfaces.EventKey, Value: "Escape"})
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `if "a newsletter pop-up is shown" {`, `press "Escape"`, `press "Escape"`, `verify "the page shows \"Home\""`)
	compileClean(t, rec)
}

// TestDismissWithoutOverlay: a press whose words dismiss a banner is made
// conditional even when the capture did not see the overlay close.
func TestDismissWithoutOverlay(t *testing.T) {
	s := &session{}
	s.open(site, "Home", true)
	s.click("button", "Reject cookies")
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `if "\"Reject cookies\" is shown" {`, `do "press Reject cookies"`, `verify "the page shows \"Home\""`)
	compileClean(t, rec)
}

// TestStopPhrases: guarded controls of every kind become the closing
// stop_before, worded from their label so that the guard links the two.
func TestStopPhrases(t *testing.T) {
	for label, want := range map[string]string{
		"Pay €120.50":         "paying",
		"Place order":         "placing the order",
		"Send ➤":              "sending",
		"Proceed to checkout": "checking out",
		"Confirm and pay":     "confirming and paying",
		"Delete account":      "deleting the account",
		"Yes, delete":         "deleting",
		"Sign out":            "signing out",
		"Cancel booking":      "cancelling the booking",
		"Buy it now":          "buying it",
		"Submit":              "submitting",
		"Unsubscribe":         "unsubscribing",
		"Logout":              "logging out",
	} {
		s := &session{}
		s.open(site, "Shop", true)
		s.click("button", label)
		s.click("button", "Later")
		rec := build(t, s.events, record.Options{})
		if rec.Stopped != want || rec.Dropped != 1 {
			t.Errorf("%q: Stopped %q Dropped %d, want %q 1", label, rec.Stopped, rec.Dropped, want)
		}
		wantSteps(t, rec, `browse "${site}"`, `stop_before "`+want+`"`)
		compileClean(t, rec)
	}
}

// TestStopOnCard: a guarded control on one of several cards names its
// card.
func TestStopOnCard(t *testing.T) {
	s := &session{}
	s.open(site, "Subscriptions", true)
	s.clickIn("button", "Cancel subscription", "Photo backup\n€0.99", 1)
	rec := build(t, s.events, record.Options{})
	if want := `cancelling the subscription on the card "Photo backup"`; rec.Stopped != want {
		t.Errorf("Stopped %q, want %q", rec.Stopped, want)
	}
	compileClean(t, rec)
}

// TestLintIgnore: a press the guard lets through (an option, by role)
// whose words read as paying carries a lint:ignore that the linter uses.
// Whether a card's quoted name ("Send money abroad") reads as an order is
// the guard's call: the flow lints clean either way, which fails both on
// a missing suppression (L004) and on an unused one (L012).
func TestLintIgnore(t *testing.T) {
	s := &session{}
	s.open(site, "Payment method", true)
	s.click("option", "Pay by card")
	s.clickIn("button", "Renew", "Send money abroad\nActive", 0)
	rec := build(t, s.events, record.Options{})
	if !strings.Contains(string(rec.Flow), `do "choose Pay by card"  # lint:ignore L004`) {
		t.Errorf("the press of the option carries no lint:ignore:\n%s", rec.Flow)
	}
	compileClean(t, rec)
}

// TestFactTypes: a value gets a type other than text only where the type
// renders back to the same text.
func TestFactTypes(t *testing.T) {
	cases := []struct{ value, typ string }{
		{"3", "number"}, {"2.5", "number"}, {"0", "number"},
		{"007", "text"}, {"1.50", "text"}, {"5551234567", "text"}, {"-3", "text"}, {"1e5", "text"}, {"NaN", "text"},
		{"2026-12-24", "date"}, {"2026-13-40", "text"},
		{"ada@example.com", "email"}, {"Ada <ada@example.com>", "text"},
		{"https://example.com/x", "url"}, {"example.com", "text"},
		{"12.50 EUR", "money"}, {"€12.50", "text"},
		{"true", "text"}, {"null", "text"}, {"${site}", "text"}, {"a \"quoted\" \\ value", "text"}, {"  padded ", "text"},
	}
	s := &session{}
	s.open(site, "Form", true)
	for i, c := range cases {
		s.type_("Field "+string(rune('a'+i)), c.value)
	}
	rec := build(t, s.events, record.Options{})
	values := compileClean(t, rec)
	for i, c := range cases {
		name := "field_" + string(rune('a'+i))
		if !strings.Contains(string(rec.Flow), "fact "+name+": "+c.typ+" = ") {
			t.Errorf("%q: not typed %s:\n%s", c.value, c.typ, rec.Flow)
		}
		if _, ok := values[name]; !ok {
			t.Errorf("%s has no value", name)
		}
		if c.typ == "text" && values[name] != c.value {
			t.Errorf("%s loaded as %q, want %q", name, values[name], c.value)
		}
	}
}

var identRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// TestNames: names come from labels, are unique identifiers, never a
// reserved word, and never a word the step text holds.
func TestNames(t *testing.T) {
	s := &session{}
	s.open(site, "Form", true)
	for _, label := range []string{"Name", "Name ", "if", "123 street", "", "Ünïcode ☃", "site", "Field 2", "choose"} {
		s.typeField(surfaces.Candidate{Role: "textbox", Label: label, Name: label}, "v"+label)
	}
	s.password("Name")
	s.click("button", "Copy field_2 now")
	rec := build(t, s.events, record.Options{FlowName: "my-form"})
	compileClean(t, rec)
	seen := map[string]bool{}
	for _, n := range append(append([]string{}, rec.FactNames...), rec.SecretNames...) {
		if !identRe.MatchString(n) || seen[n] {
			t.Errorf("name %q is not a fresh identifier (all: %q %q)", n, rec.FactNames, rec.SecretNames)
		}
		seen[n] = true
	}
	for _, n := range []string{"if", "choose", "field_2"} {
		if seen[n] {
			t.Errorf("%s was used as a name", n)
		}
	}
	if !strings.Contains(string(rec.Flow), "flow my_form ") {
		t.Errorf("flow name not my_form:\n%s", rec.Flow)
	}
}

// TestFlowNames: options are made identifiers, never reserved words.
func TestFlowNames(t *testing.T) {
	for in, want := range map[string]string{"": "recorded", "book": "book", "my trip": "my_trip", "if": "if_flow", "9 lives": "field_9_lives"} {
		s := &session{}
		s.open(site, "Home", true)
		rec := build(t, s.events, record.Options{FlowName: in})
		if !strings.Contains(string(rec.Flow), "\nflow "+want+" ") {
			t.Errorf("FlowName %q: want flow %s:\n%s", in, want, rec.Flow)
		}
		compileClean(t, rec)
	}
}

// TestSecretsNeverLeak: a card number typed into any field is a secret,
// and its value is masked out of every other text it shows in (a title,
// a card's text, an address, another field's label), so no output holds
// it; a password field's value, even when a capture sends one, is never
// written.
func TestSecretsNeverLeak(t *testing.T) {
	const card = "4111-1111-1111-1111"
	s := &session{}
	s.open(site, "Notes", true)
	s.type_("Notes", card)
	s.add(surfaces.UserEvent{Kind: surfaces.EventInput, Secret: true, Value: "hunter2-pass",
		Target: surfaces.Candidate{Role: "textbox", Label: "PIN", InputType: "password"}})
	s.typeField(surfaces.Candidate{Role: "textbox", Label: "CVC", Autocomplete: "cc-csc"}, "9731")
	s.open(site+"saved?n=4111111111111111", "Saved 4111 1111 1111 1111", true)
	s.clickIn("button", "Edit", "Card 4111111111111111\nHolder 9731", 1)
	s.type_("Copy of 4111111111111111", "x")
	rec := build(t, s.events, record.Options{})
	compileClean(t, rec)
	assertNoLeak(t, rec, card, "4111111111111111", "4111 1111 1111 1111", "hunter2-pass", "9731")
	if got := strings.Join(rec.SecretNames, " "); got != "notes pin cvc" {
		t.Errorf("secrets %q, want notes pin cvc", got)
	}
	if !strings.Contains(string(rec.Flow), "payment fill_then_approve") || !strings.Contains(string(rec.Flow), `allow "${site}"`) {
		t.Errorf("card secrets without payment and allow:\n%s", rec.Flow)
	}
}

// TestPasswordOnlyNoPayment: a password alone needs no payment line.
func TestPasswordOnlyNoPayment(t *testing.T) {
	rec := build(t, signInSession().events, record.Options{})
	if strings.Contains(string(rec.Flow), "payment") || strings.Contains(string(rec.Flow), "allow") {
		t.Errorf("a sign-in needs no payment or allow:\n%s", rec.Flow)
	}
}

// TestStepLimit: a very long recording is cut at the compiler's limit,
// with a budget that fits it, and still compiles.
func TestStepLimit(t *testing.T) {
	s := &session{}
	s.open(site, "Long", true)
	for i := range 400 {
		s.click("button", "Next "+strings.Repeat("x", i%7+1))
	}
	rec := build(t, s.events, record.Options{})
	if rec.Steps > record.MaxSteps || rec.Dropped == 0 {
		t.Errorf("Steps %d, Dropped %d", rec.Steps, rec.Dropped)
	}
	if !strings.Contains(string(rec.Flow), "budget actions ") {
		t.Errorf("a long flow without budget:\n%.300s", rec.Flow)
	}
	compileClean(t, rec)
}

// TestUnnamedClick: a click on a control without any name is left out
// with a note.
func TestUnnamedClick(t *testing.T) {
	s := &session{}
	s.open(site, "Home", true)
	s.click("button", "  ")
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `verify "the page shows \"Home\""`)
	if len(rec.Notes) != 1 || !strings.Contains(rec.Notes[0], "1 click on controls without a name") {
		t.Errorf("notes %q", rec.Notes)
	}
}

// TestVerifyFallback: a last page without a usable title is verified by
// the last control used there; with nothing at all, a note says to edit
// the verify.
func TestVerifyFallback(t *testing.T) {
	s := &session{}
	s.open(site, "Settings have been updated", true)
	s.click("button", "Edit profile")
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `do "press Edit profile"`, `verify "the page shows \"Edit profile\""`)
	compileClean(t, rec)

	s = &session{}
	s.open(site, "", true)
	rec = build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `verify "the page is shown"`)
	if len(rec.Notes) != 1 || !strings.Contains(rec.Notes[0], "edit the final verify") {
		t.Errorf("notes %q", rec.Notes)
	}
	compileClean(t, rec)
}

// TestImplicitSubmit: a form sent right after typing, with no key seen,
// is a press of Enter; a submit after a press is no step of its own.
func TestImplicitSubmit(t *testing.T) {
	s := &session{}
	s.open(site, "Search", true)
	s.type_("Query", "moka")
	s.submit("Search")
	s.open(site+"results", "Results", false)
	s.click("button", "Next page")
	s.submit("Next page")
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `enter "Query" = query`, `press "Enter"`, `do "press Next page"`, `verify "the page shows \"Results\""`)
	compileClean(t, rec)
}

// TestListAnnouncedBeforeThePick: a combobox opened, its list announced
// in a live region, then an option picked is still one choose, not a
// press of the option.
func TestListAnnouncedBeforeThePick(t *testing.T) {
	s := &session{}
	s.open(site, "Settings", true)
	s.click("combobox", "Time zone")
	s.show("Settings", "12 time zones")
	s.click("option", "Europe/Oslo")
	rec := build(t, s.events, record.Options{})
	values := compileClean(t, rec)
	if values["time_zone"] != "Europe/Oslo" || strings.Contains(string(rec.Flow), "do ") {
		t.Errorf("values %v: want one choose of the time zone, no press\n%s", values, rec.Flow)
	}
}
