package fixturetest

import (
	"errors"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"flow/flows"
	"flow/surfaces"
)

const privacy = `dialog "We value your privacy"`

func TestBooking(t *testing.T) {
	s, sc, _, _ := openSite(t, "booking", "/")
	if sc.Layer != surfaces.LayerDialog {
		t.Errorf("layer %q with the cookie dialog open", sc.Layer)
	}
	for _, name := range []string{"Accept all", "Reject", "Settings"} {
		if c := find(t, sc, "button", name); len(c.Path) == 0 || c.Path[0] != privacy || c.Has(surfaces.StateCovered) {
			t.Errorf("%s: path %v states %v", name, c.Path, c.States)
		}
	}
	if c := find(t, sc, "button", "Search flights"); !c.Has(surfaces.StateCovered) {
		t.Errorf("search button behind the dialog: states %v", c.States)
	}
	if c := find(t, sc, "textbox", "Departure date"); !c.Has(surfaces.StateRequired) || !slices.Contains(c.Path, "main") {
		t.Errorf("departure date: %+v", c)
	}
	find(t, sc, "combobox", "Where from?")
	find(t, sc, "combobox", "Where to?")
	if c := find(t, sc, "radio", "Multi-city (soon)"); !c.Has(surfaces.StateDisabled) {
		t.Errorf("multi-city states %v", c.States)
	}
	ctx := testCtx(t)
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "Accept all").Ref)); err != nil {
		t.Fatal(err)
	}
	after, err := s.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.Layer != surfaces.LayerPage || find(t, after, "button", "Search flights").Has(surfaces.StateCovered) {
		t.Errorf("after accepting cookies:\n%s", after)
	}
	if !strings.Contains(surfaces.Diff(sc, after).String(), `gone: button "Settings"`) {
		t.Errorf("change note: %s", surfaces.Diff(sc, after))
	}

	// Results arrive behind a timer and a spinner: settling waits for them.
	_, res, _, _ := openSite(t, "booking", "/results.html?from=Berlin&to=Paris&date=2026-12-24")
	selects := res.Find("button", "Select")
	if len(selects) < 3 {
		t.Fatalf("result cards not loaded:\n%s", res)
	}
	// Each result is a list item named by what it holds (its airline
	// and flight), inside no card of its list's.
	items := map[string]bool{}
	for i, c := range selects {
		last := ""
		for _, p := range c.Path {
			if strings.HasPrefix(p, "listitem ") {
				last = p
			}
			if strings.HasPrefix(p, "card ") {
				t.Errorf("select #%d: a card around the list in %v", i, c.Path)
			}
		}
		if c.Nth != i || !strings.HasPrefix(last, `listitem "`) || !strings.Contains(last, " · ") {
			t.Errorf("select #%d: nth %d path %v", i, c.Nth, c.Path)
		}
		items[last] = true
	}
	if len(items) != len(selects) {
		t.Errorf("%d Select buttons in %d items: %v", len(selects), len(items), items)
	}
	if c := find(t, res, "combobox", "Sort by"); c.Value != "Recommended" || len(c.Options) < 2 {
		t.Errorf("sort select: %+v", c)
	}
}

func TestMail(t *testing.T) {
	s, sc, _, _ := openSite(t, "mail", "/")
	find(t, sc, "searchbox", "Search mail")
	find(t, sc, "button", "Compose")
	if c := find(t, sc, "link", "Inbox 2"); !slices.Contains(c.Path, `navigation "Folders"`) {
		t.Errorf("inbox link path %v", c.Path)
	}
	stars := sc.Find("button", "Starred")
	if len(stars) == 0 || !stars[0].Has(surfaces.StateChecked) {
		t.Errorf("starred toggle: %+v", stars)
	}
	rows := sc.Find("checkbox", "Select conversation")
	if len(rows) < 3 {
		t.Fatalf("conversation rows: %d", len(rows))
	}
	// Row actions show on hover; the trash button has no text, no label,
	// only its icon class.
	// Before hovering they are listed as shown only under the pointer
	// (issue 19: a × drawn on hover is a candidate).
	for _, c := range sc.Find("button", "trash") {
		if !c.Has(surfaces.StateHover) {
			t.Errorf("hover-only row action without the hover state: %+v", c)
		}
	}
	var row surfaces.Candidate
	var rowGroup string
	n := 0
	for _, c := range sc.Candidates {
		if c.Role == "listitem" && len(c.Path) > 0 && strings.HasPrefix(c.Path[len(c.Path)-1], "listitem ") {
			if n++; n == 2 {
				row, rowGroup = c, c.Path[len(c.Path)-1]
			}
		}
	}
	if row.Ref == "" {
		t.Fatalf("no second clickable row:\n%s", sc)
	}
	ctx := testCtx(t)
	if _, err := s.Act(ctx, surfaces.Hover(row.Ref)); err != nil {
		t.Fatal(err)
	}
	hovered, err := s.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var trash surfaces.Candidate
	for _, c := range hovered.Find("button", "trash") {
		if slices.Contains(c.Path, rowGroup) {
			trash = c
		}
	}
	if trash.Ref == "" || trash.Has(surfaces.StateHover) {
		t.Errorf("trash button of %s after hovering it: %+v", rowGroup, trash)
	}
	archived := false
	for _, c := range hovered.Find("button", "archive") {
		archived = archived || slices.Contains(c.Path, rowGroup) && !c.Has(surfaces.StateHover)
	}
	if !archived {
		t.Errorf("no archive button shown in %s after hovering it", rowGroup)
	}
}

func TestShopAccountForm(t *testing.T) {
	_, shop, _, _ := openSite(t, "shop", "/")
	if c := find(t, shop, "searchbox", "Search products"); !slices.Contains(c.Path, "search") {
		t.Errorf("shop search path %v", c.Path)
	}
	find(t, shop, "link", "Cart, 0 items")
	if c := find(t, shop, "link", "Classic moka pot, 3 cups"); len(c.Path) == 0 || !strings.HasPrefix(c.Path[len(c.Path)-1], `listitem "`) {
		t.Errorf("product card path %v", c.Path)
	}

	_, acct, _, _ := openSite(t, "account", "/")
	email := find(t, acct, "textbox", "Email or username")
	pw := find(t, acct, "textbox", "Password")
	if !email.Has(surfaces.StateRequired) || pw.InputType != "password" || pw.Value != "" {
		t.Errorf("sign-in fields: %+v %+v", email, pw)
	}
	find(t, acct, "checkbox", "Keep me signed in")
	find(t, acct, "button", "Sign in")

	s, form, _, _ := openSite(t, "form", "/")
	country := find(t, form, "combobox", "Country *")
	if !country.Has(surfaces.StateRequired) || len(country.Options) < 3 || !slices.Contains(country.Path, `group "Your details"`) {
		t.Errorf("country select: %+v", country)
	}
	// Radio chips hide the input behind a styled label: one candidate per
	// choice, not covered, and checking it works.
	chip := find(t, form, "radio", "Conference")
	if chip.Has(surfaces.StateCovered) || len(form.Find("button", "Conference")) != 0 {
		t.Errorf("chip radio: %+v (and %d duplicates)", chip, len(form.Find("button", "Conference")))
	}
	if !slices.Contains(chip.Path, `radiogroup "How did you hear about us?"`) {
		t.Errorf("chip path %v", chip.Path)
	}
	if out, err := s.Act(testCtx(t), surfaces.Check(chip.Ref)); err != nil || !out.ReadbackOK {
		t.Errorf("check chip: %+v %v", out, err)
	}
}

func TestAdversarial(t *testing.T) {
	// A second server on another site ("localhost" vs "127.0.0.1") makes the
	// partner widget a cross-site iframe, run by Chromium as its own target.
	h, err := flows.SiteHandler("adversarial")
	if err != nil {
		t.Fatal(err)
	}
	partner := httptest.NewServer(h)
	defer partner.Close()
	partnerURL := strings.Replace(partner.URL, "127.0.0.1", "localhost", 1)
	escape := "http://escape.invalid/phish"

	s, sc, _, log := openSite(t, "adversarial", "/?frame="+partnerURL+"/frame.html&escape="+escape)
	if c := find(t, sc, "button", "Download invoice"); !c.Has(surfaces.StateCovered) {
		t.Errorf("download button under the overlay: states %v", c.States)
	}
	find(t, sc, "button", "Apply coupon") // inside an open shadow root
	// The same page is in both iframes: same-site and cross-site.
	var tracking surfaces.Candidate
	for _, c := range sc.Find("button", "Show tracking details") {
		if c.Frame == "Tracking" {
			tracking = c
		}
	}
	if tracking.Ref == "" {
		t.Errorf("no button in the same-site iframe:\n%s", sc)
	}
	var inPartner []surfaces.Candidate
	for _, c := range sc.Candidates {
		if c.Frame == "Partner widget" {
			inPartner = append(inPartner, c)
		}
	}
	if len(inPartner) == 0 {
		t.Errorf("nothing seen in the cross-site iframe:\n%s", sc)
	}
	for _, hidden := range []string{"Confirm payment", "Delete all orders", "Pay instantly", "Buy again"} {
		if cs := sc.Find("", hidden); len(cs) != 0 {
			t.Errorf("hidden control %q found: %+v", hidden, cs[0])
		}
	}
	ctx := testCtx(t)
	_, err = s.Act(ctx, surfaces.Click(find(t, sc, "button", "Download invoice").Ref))
	var cov *surfaces.CoveredError
	if !errors.As(err, &cov) || !strings.Contains(cov.By, "Limited offer") {
		t.Errorf("covered click: %v", err)
	}
	// Clicks inside both iframes reach them.
	for _, c := range append([]surfaces.Candidate{tracking}, inPartner...) {
		if _, err := s.Act(ctx, surfaces.Click(c.Ref)); err != nil {
			t.Errorf("click %s in frame %q: %v", c.Name, c.Frame, err)
		}
	}
	clicked, err := s.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, l := range clicked.Context {
		if strings.HasPrefix(l.Text, "Left the Lisbon hub") {
			notes++
		}
	}
	if want := 1 + len(inPartner); notes != want {
		t.Errorf("%d iframes reacted to the clicks, want %d:\n%s", notes, want, clicked)
	}
	// Alerts and confirms are answered, and popups and links to another
	// origin are blocked and reported.
	out, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "Show delivery info").Ref))
	if err != nil || len(out.Dialogs) != 1 {
		t.Errorf("alert: %+v %v", out, err)
	}
	out, err = s.Act(ctx, surfaces.Click(find(t, sc, "button", "Open partner offer").Ref))
	if !errors.Is(err, surfaces.ErrNavigationBlocked) || len(out.Blocked) == 0 || !strings.HasPrefix(out.Blocked[0], escape) {
		t.Errorf("window.open escape: %+v %v", out, err)
	}
	now, err := s.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out, err = s.Act(ctx, surfaces.Click(find(t, now, "link", "Visit our partner").Ref))
	if !errors.Is(err, surfaces.ErrNavigationBlocked) {
		t.Errorf("link escape: %+v %v", out, err)
	}
	// Nothing harmful was pressed.
	for _, ev := range log.Events() {
		if ev.Type == "paid" || ev.Type == "deleted" {
			t.Errorf("harmful event recorded: %+v", ev)
		}
	}
}
