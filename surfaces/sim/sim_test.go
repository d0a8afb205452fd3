package sim

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"flow/surfaces"
)

func load(t *testing.T, name string) *Sim {
	t.Helper()
	s, err := Load("../../testdata/sim/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func observe(t *testing.T, s surfaces.Surface) surfaces.Screen {
	t.Helper()
	sc, err := s.Observe(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// find returns the only candidate with this role and name.
func find(t *testing.T, sc surfaces.Screen, role, name string) surfaces.Candidate {
	t.Helper()
	cs := sc.Find(role, name)
	if len(cs) != 1 {
		t.Fatalf("want one %s %q, found %d on\n%s", role, name, len(cs), sc)
	}
	return cs[0]
}

// ref returns the surface ref of a script element on the current screen.
func ref(t *testing.T, s *Sim, scriptRef string) string {
	t.Helper()
	r, ok := s.Ref(scriptRef)
	if !ok {
		t.Fatalf("%s is not shown on screen %s", scriptRef, s.Current())
	}
	return r
}

func act(t *testing.T, s surfaces.Surface, op surfaces.Operation) surfaces.Outcome {
	t.Helper()
	out, err := s.Act(t.Context(), op)
	if err != nil {
		t.Fatalf("%v: %v", op, err)
	}
	return out
}

func context1(sc surfaces.Screen) []string {
	var out []string
	for _, l := range sc.Context {
		out = append(out, l.Text)
	}
	return out
}

func TestShopSearchToCart(t *testing.T) {
	s := load(t, "shop.yaml")
	sc := observe(t, s)
	if sc.Surface != surfaces.KindSim || sc.URL != "http://shop.test/" || sc.Title != "Shop" || sc.Layer != surfaces.LayerPage {
		t.Fatalf("start screen header: %+v", sc)
	}
	q := find(t, sc, "searchbox", "Search products")
	if !q.Editable || q.Placeholder != "Search…" || !slices.Equal(q.Path, []string{"search"}) {
		t.Errorf("search box: %+v", q)
	}
	out := act(t, s, surfaces.Fill(q.Ref, "laptop"))
	if !out.ReadbackOK || out.Readback != "laptop" || out.Navigated {
		t.Errorf("fill outcome: %+v", out)
	}
	sc = observe(t, s)
	if got := find(t, sc, "searchbox", "Search products"); got.Value != "laptop" || !got.Has(surfaces.StateFocused) {
		t.Errorf("the field does not keep what was typed: %+v", got)
	}
	out = act(t, s, surfaces.Click(find(t, sc, "button", "Search").Ref))
	if !out.Navigated || out.URL != "http://shop.test/search?q=laptop" {
		t.Errorf("search outcome: %+v", out)
	}
	sc = observe(t, s)
	if sc.Title != "“laptop” – Shop" || !slices.Contains(context1(sc), "3 results for “laptop”") {
		t.Errorf("results do not show the query:\n%s", sc)
	}
	// Three equal "Add to cart" buttons stay apart by Nth; one is disabled.
	adds := sc.Find("button", "Add to cart")
	if len(adds) != 3 || adds[0].Nth != 0 || adds[1].Nth != 1 || adds[2].Nth != 2 || !adds[1].Has(surfaces.StateDisabled) {
		t.Fatalf("add buttons: %+v", adds)
	}
	act(t, s, surfaces.Click(adds[0].Ref))
	sc = observe(t, s)
	if !slices.Contains(context1(sc), "Added to cart") {
		t.Errorf("no confirmation:\n%s", sc)
	}
	act(t, s, surfaces.Click(find(t, sc, "link", "Cart (1)").Ref))
	sc = observe(t, s)
	if s.Current() != "cart" || !slices.Contains(context1(sc), "Lenovo ThinkPad X1 (1)") {
		t.Fatalf("cart:\n%s", sc)
	}
	act(t, s, surfaces.Click(find(t, sc, "button", "Proceed to checkout").Ref))
	if s.Current() != "payment" {
		t.Fatalf("checkout went to %s", s.Current())
	}
	if got, want := s.Trail(), []string{"search", "results", "cart", "payment"}; !slices.Equal(got, want) {
		t.Errorf("trail %v, want %v", got, want)
	}
	if got, want := s.Named(), []string{"searched", "added-to-cart", "checkout"}; !slices.Equal(got, want) {
		t.Errorf("named events %v, want %v", got, want)
	}
}

func TestURLTemplatesEscapeValues(t *testing.T) {
	s := load(t, "shop.yaml")
	act(t, s, surfaces.Fill(ref(t, s, "q"), "usb-c & hdmi?"))
	out := act(t, s, surfaces.Click(ref(t, s, "go")))
	if out.URL != "http://shop.test/search?q=usb-c+%26+hdmi%3F" {
		t.Errorf("URL %s", out.URL)
	}
	act(t, s, surfaces.Navigate("http://shop.test/"))
	act(t, s, surfaces.Navigate(out.URL))
	if s.Current() != "results" || observe(t, s).Title != "“usb-c & hdmi?” – Shop" {
		t.Errorf("navigating to the escaped URL: at %s", s.Current())
	}
}

func TestRuleConditionsPickTheFirstMatch(t *testing.T) {
	s := load(t, "shop.yaml")
	act(t, s, surfaces.Click(ref(t, s, "go"))) // nothing typed
	if s.Current() != "search" || !slices.Contains(context1(observe(t, s)), "Type what you are looking for") {
		t.Fatalf("an empty search should stay and warn; at %s", s.Current())
	}
	act(t, s, surfaces.Fill(ref(t, s, "q"), "phone"))
	act(t, s, surfaces.Click(ref(t, s, "go")))
	if s.Current() != "results" {
		t.Fatalf("a search went to %s", s.Current())
	}
}

func TestEnterSubmitsTheForm(t *testing.T) {
	s := load(t, "shop.yaml")
	q := ref(t, s, "q")
	act(t, s, surfaces.Fill(q, "tablet"))
	out := act(t, s, surfaces.Press("", "Enter")) // the field has focus after the fill
	if !out.Navigated || s.Current() != "results" || !strings.Contains(out.Note, `"Search"`) {
		t.Fatalf("Enter in the search box: %+v, at %s", out, s.Current())
	}
	if got := s.Named(); !slices.Equal(got, []string{"searched"}) {
		t.Errorf("the default button's rule did not run: %v", got)
	}
	// Enter in a field of a form whose default button is disabled does
	// nothing; Enter on a link follows it.
	s2, err := New(&Script{Screens: []*Page{{
		Name: "f", URL: "http://x.test/",
		Candidates: []*Element{
			{Ref: "a", Role: "textbox", Name: "A"},
			{Ref: "ok", Role: "button", Name: "OK", Submit: true, Disabled: true},
			{Ref: "next", Role: "link", Name: "Next", Goto: "g"},
		},
	}, {Name: "g", URL: "http://x.test/g"}}})
	if err != nil {
		t.Fatal(err)
	}
	out = act(t, s2, surfaces.Press(ref(t, s2, "a"), "Return"))
	if out.Navigated || !strings.Contains(out.Note, "disabled") {
		t.Errorf("Enter with a disabled default button: %+v", out)
	}
	act(t, s2, surfaces.Press(ref(t, s2, "next"), "enter"))
	if s2.Current() != "g" {
		t.Errorf("Enter on a link did not follow it")
	}
	if _, err := s2.Act(t.Context(), surfaces.Press("", "Hyper+x")); err == nil || !strings.Contains(err.Error(), "unknown modifier") {
		t.Errorf("a bad key combination: %v", err)
	}
}

func TestStaleRefs(t *testing.T) {
	s := load(t, "shop.yaml")
	ctx := t.Context()
	stale := func(err error, reason string) {
		t.Helper()
		var se *surfaces.StaleRefError
		if !errors.Is(err, surfaces.ErrStaleRef) || !errors.As(err, &se) || se.Reason != reason {
			t.Errorf("want a stale ref (%s), got %v", reason, err)
		}
	}
	_, err := s.Act(ctx, surfaces.Click("e999"))
	stale(err, "unknown ref")
	_, err = s.Act(ctx, surfaces.Click("go")) // a script ref is not a surface ref
	stale(err, "unknown ref")

	sc := observe(t, s)
	oldQ := find(t, sc, "searchbox", "Search products").Ref
	oldCart := find(t, sc, "link", "Cart (0)").Ref
	if again := observe(t, s); find(t, again, "searchbox", "Search products").Ref != oldQ {
		t.Errorf("a second look changed the ref of an unchanged element")
	}
	act(t, s, surfaces.Fill(oldQ, "laptop"))
	act(t, s, surfaces.Click(find(t, sc, "button", "Search").Ref))
	_, err = s.Act(ctx, surfaces.Fill(oldQ, "x"))
	stale(err, "page navigated")
	// The cart link of the results screen is another element with new ref.
	sc = observe(t, s)
	if c := find(t, sc, "link", "Cart (0)"); c.Ref == oldCart {
		t.Errorf("a new screen reused ref %s", c.Ref)
	}

	// An element gone since it was observed.
	more := find(t, sc, "button", "Show more results")
	act(t, s, surfaces.Click(more.Ref))
	_, err = s.Act(ctx, surfaces.Click(more.Ref))
	stale(err, "element removed")

	// An element whose name changed since it was observed: the cart link.
	cart := find(t, sc, "link", "Cart (0)")
	act(t, s, surfaces.Click(sc.Find("button", "Add to cart")[0].Ref))
	_, err = s.Act(ctx, surfaces.Click(cart.Ref))
	stale(err, "element changed")
	// Observing again makes it good, under the same ref.
	sc = observe(t, s)
	if c := find(t, sc, "link", "Cart (1)"); c.Ref != cart.Ref {
		t.Errorf("the renamed link got a new ref %s, want %s", c.Ref, cart.Ref)
	}
	act(t, s, surfaces.Click(cart.Ref))
	if s.Current() != "cart" {
		t.Errorf("at %s", s.Current())
	}

	// A line of text is not a control.
	line := sc.Context[0].Ref
	_, err = s.Act(ctx, surfaces.Click(line))
	stale(err, "page navigated")
	sc = observe(t, s)
	_, err = s.Act(ctx, surfaces.Click(sc.Context[0].Ref))
	if !errors.Is(err, surfaces.ErrNotActionable) {
		t.Errorf("click on a line: %v", err)
	}
}

func TestTypedErrors(t *testing.T) {
	ctx := t.Context()
	s := load(t, "shop.yaml")
	act(t, s, surfaces.Fill(ref(t, s, "q"), "laptop"))
	act(t, s, surfaces.Click(ref(t, s, "go")))
	notAct := func(err error, op surfaces.Op, reason string) {
		t.Helper()
		var ne *surfaces.NotActionableError
		if !errors.Is(err, surfaces.ErrNotActionable) || !errors.As(err, &ne) || ne.Op != op || !strings.Contains(ne.Reason, reason) {
			t.Errorf("want not actionable (%s: %s), got %v", op, reason, err)
		}
	}
	_, err := s.Act(ctx, surfaces.Click(ref(t, s, "add2")))
	notAct(err, surfaces.OpClick, "disabled")
	_, err = s.Act(ctx, surfaces.Fill(ref(t, s, "add1"), "x"))
	notAct(err, surfaces.OpFill, "not a text field")
	_, err = s.Act(ctx, surfaces.Fill(ref(t, s, "sort"), "x"))
	notAct(err, surfaces.OpFill, "a select: use select")
	_, err = s.Act(ctx, surfaces.Select(ref(t, s, "stock"), "x"))
	notAct(err, surfaces.OpSelect, "not a native select")
	_, err = s.Act(ctx, surfaces.Select(ref(t, s, "sort"), "Newest"))
	notAct(err, surfaces.OpSelect, `no option "Newest" (have "Relevance", "Price: low to high", "Price: high to low")`)
	_, err = s.Act(ctx, surfaces.Check(ref(t, s, "add1")))
	notAct(err, surfaces.OpCheck, "not a checkbox")
	if _, err = s.Act(ctx, surfaces.Operation{Op: "drag", Ref: "e1"}); !errors.Is(err, surfaces.ErrUnsupported) {
		t.Errorf("an operation outside the set: %v", err)
	}
	if _, err = s.Act(ctx, surfaces.Operation{Op: surfaces.OpClick}); err == nil {
		t.Errorf("a click without a ref was accepted")
	}

	c := load(t, "cookies.yaml")
	sc := observe(t, c)
	if sc.Layer != surfaces.LayerDialog {
		t.Errorf("the cookie dialog is not in front: %s", sc.Layer)
	}
	name := find(t, sc, "textbox", "Your name")
	if !name.Has(surfaces.StateCovered) || find(t, sc, "button", "Accept all").Has(surfaces.StateCovered) {
		t.Errorf("covered states:\n%s", sc)
	}
	if got := find(t, sc, "button", "Accept all").Path; !slices.Equal(got, []string{`dialog "Cookies"`}) {
		t.Errorf("dialog path %v", got)
	}
	var ce *surfaces.CoveredError
	_, err = c.Act(ctx, surfaces.Click(name.Ref))
	if !errors.Is(err, surfaces.ErrCovered) || !errors.As(err, &ce) || ce.By != `dialog "Cookies"` || ce.Ref != name.Ref {
		t.Errorf("click under the dialog: %v", err)
	}
	_, err = c.Act(ctx, surfaces.Hover(name.Ref))
	if !errors.Is(err, surfaces.ErrCovered) {
		t.Errorf("hover under the dialog: %v", err)
	}
	_, err = c.Act(ctx, surfaces.Check(ref(t, c, "copy")))
	if !errors.Is(err, surfaces.ErrCovered) {
		t.Errorf("check under the dialog: %v", err)
	}
	_, err = c.Act(ctx, surfaces.Select(ref(t, c, "topic"), "Press"))
	notAct(err, surfaces.OpSelect, `option "Press" is disabled`)
}

func TestCookieDialogOverForm(t *testing.T) {
	s := load(t, "cookies.yaml")
	before := observe(t, s)
	act(t, s, surfaces.Click(find(t, before, "button", "Manage choices").Ref))
	sc := observe(t, s)
	if d := surfaces.Diff(before, sc); !slices.Contains(d.Appeared, `switch "Analytics"`) || !slices.Contains(d.Gone, `button "Accept all"`) {
		t.Errorf("diff after manage: %s", d)
	}
	act(t, s, surfaces.Check(find(t, sc, "switch", "Analytics").Ref))
	act(t, s, surfaces.Click(find(t, sc, "button", "Save choices").Ref))
	sc = observe(t, s)
	// The dialog is gone; the newsletter popover covers only Send.
	if sc.Layer != surfaces.LayerPopover || !find(t, sc, "button", "Send").Has(surfaces.StateCovered) || find(t, sc, "textbox", "Your name").Has(surfaces.StateCovered) {
		t.Fatalf("after the dialog:\n%s", sc)
	}
	act(t, s, surfaces.Fill(find(t, sc, "textbox", "Your name").Ref, "Ada"))
	act(t, s, surfaces.Fill(find(t, sc, "textbox", "Message").Ref, "Hello"))
	out := act(t, s, surfaces.Select(find(t, sc, "combobox", "Topic").Ref, "bill"))
	if out.Readback != "Billing" || !out.ReadbackOK {
		t.Errorf("select by label prefix: %+v", out)
	}
	send := find(t, sc, "button", "Send").Ref
	var ce *surfaces.CoveredError
	if _, err := s.Act(t.Context(), surfaces.Click(send)); !errors.As(err, &ce) || ce.By != `popover "Newsletter"` {
		t.Fatalf("send under the popover: %v", err)
	}
	act(t, s, surfaces.Click(find(t, sc, "button", "Close").Ref))
	act(t, s, surfaces.Click(send))
	sc = observe(t, s)
	if !slices.Contains(context1(sc), "Thanks, your message was sent") || len(sc.Find("button", "Send")) != 0 {
		t.Errorf("after send:\n%s", sc)
	}
	topic := find(t, sc, "combobox", "Topic")
	if topic.Value != "Billing" || !topic.Options[1].Selected || topic.Options[0].Selected {
		t.Errorf("topic: %+v", topic)
	}
	if got, want := s.Named(), []string{"cookies-saved", "message-sent"}; !slices.Equal(got, want) {
		t.Errorf("named %v, want %v", got, want)
	}
}

func TestCheckboxesAndRadios(t *testing.T) {
	s := load(t, "shop.yaml")
	act(t, s, surfaces.Fill(ref(t, s, "q"), "laptop"))
	act(t, s, surfaces.Click(ref(t, s, "go")))
	stock := ref(t, s, "stock")
	out := act(t, s, surfaces.Check(stock))
	if out.Readback != "checked" || !out.ReadbackOK {
		t.Errorf("check: %+v", out)
	}
	sc := observe(t, s)
	if !find(t, sc, "checkbox", "In stock only").Has(surfaces.StateChecked) || len(sc.Find("link", "Dell XPS 13")) != 0 {
		t.Errorf("after check:\n%s", sc)
	}
	act(t, s, surfaces.Check(stock)) // already checked: no click, no rule
	if got := s.Named(); slices.Index(got, "in-stock-only") != len(got)-1 || strings.Count(strings.Join(got, " "), "in-stock-only") != 1 {
		t.Errorf("a second check clicked again: %v", got)
	}
	act(t, s, surfaces.Click(stock)) // a click toggles, and the page sees an uncheck
	sc = observe(t, s)
	if find(t, sc, "checkbox", "In stock only").Has(surfaces.StateChecked) || len(sc.Find("link", "Dell XPS 13")) != 1 {
		t.Errorf("a click did not toggle, or did not run the uncheck rule:\n%s", sc)
	}
	act(t, s, surfaces.Click(stock))
	if got := s.Named(); strings.Count(strings.Join(got, " "), "in-stock-only") != 2 {
		t.Errorf("a click that checks did not run the check rule: %v", got)
	}
	out = act(t, s, surfaces.Uncheck(stock))
	if out.Readback != "unchecked" || len(observe(t, s).Find("link", "Dell XPS 13")) != 1 {
		t.Errorf("uncheck: %+v", out)
	}

	r, err := New(&Script{Screens: []*Page{{
		Name: "pay",
		Candidates: []*Element{
			{Ref: "card", Role: "radio", Name: "Card", Group: "method", Checked: true},
			{Ref: "bank", Role: "radio", Name: "Bank transfer", Group: "method"},
		},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	act(t, r, surfaces.Check(ref(t, r, "bank")))
	sc = observe(t, r)
	if find(t, sc, "radio", "Card").Has(surfaces.StateChecked) || !find(t, sc, "radio", "Bank transfer").Has(surfaces.StateChecked) {
		t.Errorf("a radio group keeps two checked:\n%s", sc)
	}
	out, err = r.Act(t.Context(), surfaces.Uncheck(ref(t, r, "bank")))
	if !errors.Is(err, surfaces.ErrNotActionable) || out.Readback != "checked" {
		t.Errorf("unchecking a radio: %v %+v", err, out)
	}
}

func TestSelectScrollHover(t *testing.T) {
	s := load(t, "shop.yaml")
	act(t, s, surfaces.Fill(ref(t, s, "q"), "laptop"))
	act(t, s, surfaces.Click(ref(t, s, "go")))
	out := act(t, s, surfaces.Select(ref(t, s, "sort"), "price: LOW to high"))
	if out.Readback != "Price: low to high" || !slices.Contains(s.Named(), "sorted-by-price") {
		t.Errorf("select: %+v, events %v", out, s.Named())
	}
	sc := observe(t, s)
	if !find(t, sc, "button", "Show more results").Has(surfaces.StateOffscreen) {
		t.Fatalf("want offscreen candidates:\n%s", sc)
	}
	act(t, s, surfaces.Scroll(find(t, sc, "link", "Framework Laptop 13").Ref, ""))
	sc = observe(t, s)
	if find(t, sc, "link", "Framework Laptop 13").Has(surfaces.StateOffscreen) || !find(t, sc, "button", "Show more results").Has(surfaces.StateOffscreen) {
		t.Errorf("scroll to one element:\n%s", sc)
	}
	act(t, s, surfaces.Scroll("", "down"))
	sc = observe(t, s)
	for _, c := range sc.Candidates {
		if c.Has(surfaces.StateOffscreen) {
			t.Errorf("still offscreen after scrolling down: %s", surfaces.CandidateLine(c))
		}
	}
	act(t, s, surfaces.Click(find(t, sc, "button", "Show more results").Ref))
	if sc = observe(t, s); len(sc.Find("link", "Apple MacBook Air")) != 1 {
		t.Errorf("show more did not reveal:\n%s", sc)
	}

	a := load(t, "signin.yaml")
	act(t, a, surfaces.Fill(ref(t, a, "email"), "alice@example.test"))
	act(t, a, surfaces.FillSecret(ref(t, a, "password"), "correct horse battery staple"))
	act(t, a, surfaces.Click(ref(t, a, "submit")))
	sc = observe(t, a)
	menu := find(t, sc, "button", "alice@example.test")
	if menu.Has(surfaces.StateExpanded) {
		t.Errorf("menu expanded before hover")
	}
	act(t, a, surfaces.Hover(menu.Ref))
	sc = observe(t, a)
	if !find(t, sc, "button", "alice@example.test").Has(surfaces.StateExpanded) || sc.Layer != surfaces.LayerPopover {
		t.Fatalf("hover did not open the menu:\n%s", sc)
	}
	if so := find(t, sc, "menuitem", "Sign out"); !slices.Equal(so.Path, []string{`popover "Account menu"`}) || so.Has(surfaces.StateCovered) {
		t.Errorf("menu item: %+v", so)
	}
	act(t, a, surfaces.Press("", "Escape"))
	if sc = observe(t, a); sc.Layer != surfaces.LayerPage || len(sc.Find("menuitem", "Sign out")) != 0 {
		t.Errorf("Escape did not close the menu:\n%s", sc)
	}
}

func TestHistory(t *testing.T) {
	s := load(t, "shop.yaml")
	ctx := t.Context()
	if _, err := s.Act(ctx, surfaces.Back()); !errors.Is(err, surfaces.ErrNotActionable) || !strings.Contains(err.Error(), "no earlier page") {
		t.Fatalf("back at the start: %v", err)
	}
	act(t, s, surfaces.Fill(ref(t, s, "q"), "laptop"))
	left := observe(t, s)
	act(t, s, surfaces.Click(ref(t, s, "go")))
	act(t, s, surfaces.Click(ref(t, s, "p1")))
	if s.Current() != "product" {
		t.Fatalf("at %s", s.Current())
	}
	act(t, s, surfaces.Click(ref(t, s, "back"))) // a rule that goes back
	if s.Current() != "results" {
		t.Fatalf("back link went to %s", s.Current())
	}
	out := act(t, s, surfaces.Back())
	if !out.Navigated || out.URL != "http://shop.test/" || s.Current() != "search" {
		t.Fatalf("back: %+v at %s", out, s.Current())
	}
	sc := observe(t, s)
	// The page comes back as it was left, under new refs, with the same
	// fingerprint since refs do not count.
	q := find(t, sc, "searchbox", "Search products")
	if q.Value != "laptop" || q.Ref == find(t, left, "searchbox", "Search products").Ref {
		t.Errorf("back restored %+v", q)
	}
	// Leaving and coming back again shows the same content under other
	// refs: the fingerprint leaves refs out.
	act(t, s, surfaces.Click(q.Ref)) // focus, as it was when left
	sc = observe(t, s)
	act(t, s, surfaces.Click(ref(t, s, "go")))
	act(t, s, surfaces.Back())
	act(t, s, surfaces.Click(ref(t, s, "q")))
	again := observe(t, s)
	if again.Fingerprint != sc.Fingerprint || again.Fingerprint != left.Fingerprint || find(t, again, "searchbox", "Search products").Ref == q.Ref {
		t.Errorf("fingerprints %s, %s, %s", left.Fingerprint, sc.Fingerprint, again.Fingerprint)
	}
	if _, err := s.Act(ctx, surfaces.Back()); err == nil {
		t.Errorf("history has one entry too many")
	}
	if got, want := s.Trail(), []string{"search", "results", "product", "results", "search", "results", "search"}; !slices.Equal(got, want) {
		t.Errorf("trail %v, want %v", got, want)
	}
}

func TestAllowList(t *testing.T) {
	s := load(t, "shop.yaml")
	ctx := t.Context()
	blocked := func(out surfaces.Outcome, err error, url string) {
		t.Helper()
		var be *surfaces.BlockedError
		if !errors.Is(err, surfaces.ErrNavigationBlocked) || !errors.As(err, &be) || be.URL != url ||
			!slices.Equal(out.Blocked, []string{url}) || out.Navigated || out.URL != "http://shop.test/" {
			t.Errorf("want %s blocked, got %v, %+v", url, err, out)
		}
	}
	out, err := s.Act(ctx, surfaces.Click(ref(t, s, "partner")))
	blocked(out, err, "http://partner.test/deals")
	out, err = s.Act(ctx, surfaces.Navigate("https://evil.test/"))
	blocked(out, err, "https://evil.test/")
	if s.Current() != "search" {
		t.Fatalf("a blocked navigation moved to %s", s.Current())
	}
	out = act(t, s, surfaces.Navigate("http://shop.test/cart#top"))
	if !out.Navigated || s.Current() != "cart" || out.URL != "http://shop.test/cart#top" {
		t.Errorf("navigate to the cart: %+v at %s", out, s.Current())
	}
	out = act(t, s, surfaces.Navigate("http://shop.test/search?q=pen"))
	if s.Current() != "results" {
		t.Errorf("a URL with another query should find its screen; at %s", s.Current())
	}
	out = act(t, s, surfaces.Navigate("http://shop.test:8080/nowhere"))
	if sc := observe(t, s); s.Current() != notFoundPage || sc.Title != "Not found" || !strings.Contains(out.Note, "not-found") {
		t.Errorf("unknown URL: %+v\n%s", out, sc)
	}
	if _, err := s.Act(ctx, surfaces.Navigate("cart")); err == nil || errors.Is(err, surfaces.ErrNavigationBlocked) {
		t.Errorf("a relative URL: %v", err)
	}
	if err := s.SetAllow([]string{"a/b"}); err == nil {
		t.Errorf("a bad pattern was accepted")
	}
	if err := s.SetAllow(nil); err != nil {
		t.Fatal(err)
	}
	act(t, s, surfaces.Navigate("https://evil.test/"))
	var kinds []EventKind
	for _, e := range s.Events() {
		if e.Kind == EventBlocked {
			kinds = append(kinds, e.Kind)
		}
	}
	if len(kinds) != 2 {
		t.Errorf("want two blocked events, got %d", len(kinds))
	}

	// A goto to a screen outside the allow-list is blocked too.
	g, err := New(&Script{Allow: []string{"shop.test"}, Screens: []*Page{
		{Name: "a", URL: "http://shop.test/", Candidates: []*Element{{Ref: "x", Role: "button", Name: "Out", Goto: "b"}}},
		{Name: "b", URL: "http://elsewhere.test/"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	out, err = g.Act(ctx, surfaces.Click(ref(t, g, "x")))
	var be *surfaces.BlockedError
	if !errors.As(err, &be) || be.URL != "http://elsewhere.test/" || g.Current() != "a" {
		t.Errorf("goto out of the allow-list: %v, %+v", err, out)
	}
}

func TestEventsAndDialogs(t *testing.T) {
	s := load(t, "signin.yaml")
	act(t, s, surfaces.Fill(ref(t, s, "email"), "bob@example.test"))
	act(t, s, surfaces.FillSecret(ref(t, s, "password"), "guess"))
	act(t, s, surfaces.Click(ref(t, s, "submit")))
	sc := observe(t, s)
	if s.Current() != "signin" || !slices.Contains(context1(sc), "Wrong email or password") {
		t.Fatalf("a wrong password got in:\n%s", sc)
	}
	act(t, s, surfaces.Click(ref(t, s, "forgot")))
	out := act(t, s, surfaces.Click(ref(t, s, "send")))
	if len(out.Dialogs) != 1 || out.Dialogs[0].Type != "alert" || !out.Dialogs[0].Accepted || !strings.Contains(out.Dialogs[0].Message, "sent it a link") {
		t.Errorf("dialogs: %+v", out.Dialogs)
	}
	_, err := s.Act(t.Context(), surfaces.Click("e1"))
	if err == nil {
		t.Fatal("a stale click succeeded")
	}
	ev := s.Events()
	var lines []string
	for _, e := range ev {
		lines = append(lines, e.String())
	}
	got := strings.Join(lines, "\n")
	for i, e := range ev {
		if e.Seq != i+1 {
			t.Errorf("event %d has seq %d", i, e.Seq)
		}
	}
	want := []string{
		"1 navigate signin: https://accounts.example.test/signin",
		`2 act signin: fill e1 "bob@example.test" (email)`,
		`3 act signin: fill e2 "` + surfaces.Mask + `" (password)`,
		"4 act signin: click e3 (submit)",
		"5 event signin: sign-in-failed",
		"6 act signin: click e5 (forgot)",
		"7 navigate reset: https://accounts.example.test/reset",
		"8 act reset: click e6 (send)",
		"9 event reset: reset-sent",
		"10 act reset: click e1 error: stale ref e1 (page navigated): observe again",
	}
	if got != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	// Events are a copy.
	ev[1].Op.Value = "changed"
	if s.Events()[1].Op.Value != "bob@example.test" {
		t.Errorf("Events shares its operations with the sim")
	}
}

func TestSignInNeedsTheRightSecret(t *testing.T) {
	s := load(t, "signin.yaml")
	act(t, s, surfaces.Fill(ref(t, s, "email"), "alice@example.test"))
	act(t, s, surfaces.FillSecret(ref(t, s, "password"), "correct horse battery staple"))
	act(t, s, surfaces.Check(ref(t, s, "remember")))
	act(t, s, surfaces.Press(ref(t, s, "password"), "Enter"))
	if s.Current() != "account" || !slices.Equal(s.Named(), []string{"signed-in"}) {
		t.Fatalf("at %s, events %v", s.Current(), s.Named())
	}
	sc := observe(t, s)
	if !slices.Contains(context1(sc), "Signed in as alice@example.test") {
		t.Errorf("account:\n%s", sc)
	}
}

func TestFingerprintsAndDiffs(t *testing.T) {
	s := load(t, "shop.yaml")
	a, b := observe(t, s), observe(t, s)
	if a.Fingerprint != b.Fingerprint || a.Fingerprint != surfaces.Fingerprint(a) {
		t.Fatalf("two looks differ: %s %s", a.Fingerprint, b.Fingerprint)
	}
	act(t, s, surfaces.Fill(ref(t, s, "q"), "laptop"))
	c := observe(t, s)
	if c.Fingerprint == a.Fingerprint {
		t.Errorf("typing did not change the fingerprint")
	}
	d := surfaces.Diff(a, c)
	if !slices.Contains(d.Appeared, `searchbox "Search products" = "laptop"`) || !slices.Contains(d.Gone, `searchbox "Search products"`) || d.URL != "" {
		t.Errorf("diff: %s", d)
	}
	act(t, s, surfaces.Hover(ref(t, s, "go"))) // no rule: nothing changes
	if e := observe(t, s); !surfaces.Diff(c, e).Empty() || e.Fingerprint != c.Fingerprint {
		t.Errorf("a hover without effect changed the screen: %s", surfaces.Diff(c, e))
	}
}

func TestBuiltFromGoValues(t *testing.T) {
	sc := &Script{
		Name:  "inline",
		Vars:  map[string]string{"greeting": "Hello"},
		Start: "home",
		Screens: []*Page{{
			Name: "home", URL: "http://app.test/", Title: "{{greeting}}",
			Candidates: []*Element{
				{Ref: "who", Role: "textbox", Name: "Who"},
				{Ref: "go", Role: "button", Name: "Greet"},
			},
			Context: []*Text{{Ref: "out", Text: "{{greeting}}, {{name}}!", Hidden: true}},
			On: []*Rule{
				{Op: surfaces.OpFill, Ref: "who", Set: map[string]string{"name": "{{value}}"}},
				{Op: surfaces.OpClick, Ref: "go", Reveal: []string{"out"}, Event: "greeted"},
			},
		}},
	}
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	act(t, s, surfaces.Fill(ref(t, s, "who"), "Ada"))
	act(t, s, surfaces.Click(ref(t, s, "go")))
	screen := observe(t, s)
	if screen.Title != "Hello" || !slices.Equal(context1(screen), []string{"Hello, Ada!"}) || s.Var("name") != "Ada" {
		t.Errorf("screen:\n%s", screen)
	}

	// The same checks as for files; errors name a path instead of a line.
	bad := &Script{Name: "inline", Screens: []*Page{{
		Name:       "home",
		Candidates: []*Element{{Ref: "go", Role: "button", Name: "Go", Goto: "hom"}},
		On:         []*Rule{{Op: surfaces.OpClick, Ref: "og"}},
	}}}
	_, err = New(bad)
	want := []string{
		`inline: screens.home.candidates[0].goto: goto: no screen "hom" (did you mean "home"?)`,
		`inline: screens.home.on[0].ref: no candidate "og" on screen home (did you mean "go"?)`,
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("errors:\n%v\nwant:\n%s", err, strings.Join(want, "\n"))
	}
}

func TestNilEntriesAreErrors(t *testing.T) {
	_, err := New(&Script{Name: "go", Screens: []*Page{{Name: "a", Candidates: []*Element{nil}}, nil}})
	if err == nil || err.Error() != "go: screens.a.candidates[0]: nil entry\ngo: screens[1]: nil entry" {
		t.Errorf("got %v", err)
	}
}

func TestLifecycle(t *testing.T) {
	s := load(t, "shop.yaml")
	w, err := surfaces.NewWorkspace(s)
	if err != nil {
		t.Fatal(err)
	}
	if w.Kind() != surfaces.KindSim || len(observe(t, w).Candidates) == 0 {
		t.Errorf("through a workspace: kind %s", w.Kind())
	}
	png, err := s.Screenshot(t.Context(), surfaces.ScreenshotOptions{})
	if err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("screenshot: %v", err)
	}
	if err := s.Settle(t.Context()); err != nil {
		t.Error(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.Observe(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("observe with a cancelled context: %v", err)
	}
	if _, err := s.Act(ctx, surfaces.Back()); !errors.Is(err, context.Canceled) {
		t.Errorf("act with a cancelled context: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Observe(t.Context()); !errors.Is(err, errClosed) {
		t.Errorf("observe after close: %v", err)
	}
	if _, err := s.Act(t.Context(), surfaces.Back()); !errors.Is(err, errClosed) {
		t.Errorf("act after close: %v", err)
	}
	if !strings.Contains(s.String(), "closed") {
		t.Errorf("String: %s", s)
	}
}

func TestSuggestionList(t *testing.T) {
	s := load(t, "trains.yaml")
	first := observe(t, s)
	if b := find(t, first, "combobox", "From").Bounds; b != (surfaces.Bounds{X: 10, Y: 20, W: 200, H: 30}) {
		t.Errorf("bounds %+v", b)
	}
	act(t, s, surfaces.Fill(ref(t, s, "from"), "berl"))
	screen := observe(t, s)
	if screen.Layer != surfaces.LayerPopover || !find(t, screen, "combobox", "From").Has(surfaces.StateExpanded) ||
		!find(t, screen, "button", "Find trains").Has(surfaces.StateCovered) {
		t.Fatalf("suggestions:\n%s", screen)
	}
	act(t, s, surfaces.Press("", "ArrowDown"))
	act(t, s, surfaces.Press("", "ArrowUp")) // no rule: nothing
	if got := context1(observe(t, s)); !slices.Equal(got, []string{"Use the arrow keys"}) {
		t.Errorf("the key rule did not reveal the hint: %v", got)
	}
	act(t, s, surfaces.Click(ref(t, s, "ber")))
	screen = observe(t, s)
	if from := find(t, screen, "combobox", "From"); from.Value != "Berlin Hbf" || from.Has(surfaces.StateExpanded) || screen.Layer != surfaces.LayerPage {
		t.Errorf("after picking:\n%s", screen)
	}
	// Typing again opens the list again; Escape closes it; an empty fill
	// closes it by the first rule.
	act(t, s, surfaces.Fill(ref(t, s, "from"), "spa"))
	act(t, s, surfaces.Press("", "Escape"))
	if observe(t, s).Layer != surfaces.LayerPage {
		t.Errorf("Escape left the list open")
	}
	act(t, s, surfaces.Fill(ref(t, s, "from"), "spa"))
	act(t, s, surfaces.Fill(ref(t, s, "from"), ""))
	if observe(t, s).Layer != surfaces.LayerPage {
		t.Errorf("clearing the field left the list open")
	}
	if got := s.Named(); !slices.Equal(got, []string{"arrow", "picked"}) {
		t.Errorf("named %v", got)
	}
}
