package browser

import (
	"bytes"
	"errors"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

func hasLine(sc surfaces.Screen, text string) bool {
	return slices.ContainsFunc(sc.Context, func(l surfaces.ContextLine) bool { return l.Text == text })
}

func TestFillAndReadBack(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/controls.html")
	ctx := testCtx(t)
	cases := []struct{ role, name, value string }{
		{"textbox", "First name", "Ada"},
		{"textbox", "Email", "ada@example.com"},
		{"textbox", "Date", "2026-12-24"},
		{"textbox", "Time", "13:45"},
		{"spinbutton", "Quantity", "12"},
		{"slider", "Volume", "7"},
		{"textbox", "Notes", "line one"},
		{"textbox", "Bio", "Mathematician"},
	}
	for _, c := range cases {
		out, err := s.Act(ctx, surfaces.Fill(find(t, sc, c.role, c.name).Ref, c.value))
		if err != nil {
			t.Errorf("fill %s: %v", c.name, err)
			continue
		}
		if !out.ReadbackOK || out.Readback != c.value {
			t.Errorf("fill %s = %q: read back %q ok=%v", c.name, c.value, out.Readback, out.ReadbackOK)
		}
	}
	after := observe(t, s)
	// The page saw real input events.
	if !hasLine(after, "typed Ada") {
		t.Errorf("input event not seen by the page:\n%s", after)
	}
	for _, c := range cases {
		if v := find(t, after, c.role, c.name).Value; v != c.value {
			t.Errorf("%s shows %q after fill, want %q", c.name, v, c.value)
		}
	}
	// Filling again replaces, never appends; an empty fill clears.
	first := find(t, after, "textbox", "First name")
	if out, err := s.Act(ctx, surfaces.Fill(first.Ref, "Grace")); err != nil || out.Readback != "Grace" {
		t.Errorf("refill: %q %v", out.Readback, err)
	}
	if out, err := s.Act(ctx, surfaces.Fill(first.Ref, "")); err != nil || !out.ReadbackOK || out.Readback != "" {
		t.Errorf("clear: %q %v", out.Readback, err)
	}

	// A secret is typed, checked in the page, and never read back.
	pw := find(t, after, "textbox", "Password")
	out, err := s.Act(ctx, surfaces.FillSecret(pw.Ref, "s3cret-pass"))
	if err != nil || !out.ReadbackOK || out.Readback != "" {
		t.Errorf("secret fill: readback %q ok=%v err=%v", out.Readback, out.ReadbackOK, err)
	}
	if strings.Contains(observe(t, s).String(), "s3cret-pass") {
		t.Errorf("secret visible in the screen")
	}

	// Fields that take no text say so.
	if _, err := s.Act(ctx, surfaces.Fill(find(t, after, "button", "Save").Ref, "x")); !errors.Is(err, surfaces.ErrNotActionable) {
		t.Errorf("fill a button: %v", err)
	}
}

// TestFillFormattedField: a card number field that regroups what is typed
// into blocks of four reads back as formatted, not as a mismatch, and a
// secret fill still reports no value.
func TestFillFormattedField(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/cardnumber.html")
	ctx := testCtx(t)
	card := find(t, sc, "textbox", "Card number").Ref
	out, err := s.Act(ctx, surfaces.Fill(card, "4242424242424242"))
	if err != nil || !out.ReadbackOK || out.Note != surfaces.NoteFormatted || out.Readback != "4242 4242 4242 4242" {
		t.Fatalf("fill: %+v %v", out, err)
	}
	out, err = s.Act(ctx, surfaces.FillSecret(card, "4242424242424242"))
	if err != nil || !out.ReadbackOK || out.Note != surfaces.NoteFormatted || out.Readback != "" {
		t.Fatalf("secret fill: %+v %v", out, err)
	}
	// Other digits are a mismatch, not a formatting.
	out, err = s.Act(ctx, surfaces.Fill(card, "4242 4242 4242 4243 99"))
	if err != nil || out.ReadbackOK || out.Note == surfaces.NoteFormatted {
		t.Fatalf("truncated fill: %+v %v", out, err)
	}
}

func TestSelectCheckPressHoverScroll(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/controls.html")
	ctx := testCtx(t)

	country := find(t, sc, "combobox", "Country")
	out, err := s.Act(ctx, surfaces.Select(country.Ref, "germany"))
	if err != nil || !out.ReadbackOK || out.Readback != "Germany" {
		t.Fatalf("select: %+v %v", out, err)
	}
	if _, err := s.Act(ctx, surfaces.Select(country.Ref, "Italy")); !errors.Is(err, surfaces.ErrNotActionable) {
		t.Errorf("disabled option: %v", err)
	}
	if _, err := s.Act(ctx, surfaces.Select(country.Ref, "Spain")); err == nil || !strings.Contains(err.Error(), `"France"`) {
		t.Errorf("missing option should list the options: %v", err)
	}

	news := find(t, sc, "checkbox", "Send me news")
	if out, err := s.Act(ctx, surfaces.Check(news.Ref)); err != nil || !out.ReadbackOK {
		t.Fatalf("check: %+v %v", out, err)
	}
	if out, err := s.Act(ctx, surfaces.Check(news.Ref)); err != nil || !out.ReadbackOK {
		t.Fatalf("check twice stays checked: %+v %v", out, err)
	}
	pro := find(t, sc, "radio", "Pro")
	if _, err := s.Act(ctx, surfaces.Check(pro.Ref)); err != nil {
		t.Fatal(err)
	}
	now := observe(t, s)
	if !find(t, now, "checkbox", "Send me news").Has(surfaces.StateChecked) ||
		!find(t, now, "radio", "Pro").Has(surfaces.StateChecked) || find(t, now, "radio", "Basic").Has(surfaces.StateChecked) {
		t.Errorf("checked states after check:\n%s", now)
	}
	if out, err := s.Act(ctx, surfaces.Uncheck(news.Ref)); err != nil || out.Readback != "unchecked" {
		t.Fatalf("uncheck: %+v %v", out, err)
	}

	// Enter in a field submits its form; Escape reaches the document.
	first := find(t, sc, "textbox", "First name")
	s.Act(ctx, surfaces.Fill(first.Ref, "Ada"))
	if _, err := s.Act(ctx, surfaces.Press(first.Ref, "Enter")); err != nil {
		t.Fatal(err)
	}
	if now := observe(t, s); !hasLine(now, "submitted Ada") {
		t.Errorf("Enter did not submit:\n%s", now)
	}
	if _, err := s.Act(ctx, surfaces.Press("", "Escape")); err != nil {
		t.Fatal(err)
	}
	if !hasLine(observe(t, s), "escape pressed") {
		t.Errorf("Escape not seen")
	}
	if _, err := s.Act(ctx, surfaces.Press("", "Hyper+x")); err == nil {
		t.Errorf("unknown modifier accepted")
	}

	// Clicks: an ARIA widget toggles, the shadow and iframe buttons work.
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "More options").Ref)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "Shadow button").Ref)); err != nil {
		t.Fatal(err)
	}
	now = observe(t, s)
	if !find(t, now, "button", "More options").Has(surfaces.StateExpanded) || now.Title != "shadow clicked" {
		t.Errorf("after clicks: title %q\n%s", now.Title, now)
	}
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "Frame button").Ref)); err != nil {
		t.Fatal(err)
	}
	if now := observe(t, s); len(now.Find("button", "Frame clicked")) != 1 {
		t.Errorf("iframe click not seen:\n%s", now)
	}
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "trash").Ref)); err != nil || observe(t, s).Title != "trashed" {
		t.Errorf("icon button click: %v", err)
	}

	// Covered and disabled targets fail with typed errors and do nothing.
	_, err = s.Act(ctx, surfaces.Click(find(t, sc, "button", "Hidden under").Ref))
	var cov *surfaces.CoveredError
	if !errors.As(err, &cov) || !strings.Contains(cov.By, "Subscribe to our newsletter") {
		t.Errorf("covered click: %v", err)
	}
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "Delete account").Ref)); !errors.Is(err, surfaces.ErrNotActionable) {
		t.Errorf("disabled click: %v", err)
	}

	// Hover moves the real pointer onto the element.
	if _, err := s.Act(ctx, surfaces.Hover(find(t, sc, "button", "Menu").Ref)); err != nil {
		t.Fatal(err)
	}
	if now := observe(t, s); len(now.Find("button", "Menu open")) != 1 {
		t.Errorf("hover not seen:\n%s", now)
	}

	// An offscreen button is scrolled to and clicked; scrolling changes
	// what is offscreen.
	far := find(t, sc, "button", "Far away")
	if _, err := s.Act(ctx, surfaces.Click(far.Ref)); err != nil || observe(t, s).Title != "far clicked" {
		t.Errorf("click offscreen: %v", err)
	}
	if _, err := s.Act(ctx, surfaces.Scroll("", "top")); err != nil {
		t.Fatal(err)
	}
	if !find(t, observe(t, s), "button", "Far away").Has(surfaces.StateOffscreen) {
		t.Errorf("scroll top: far button on screen")
	}
	if _, err := s.Act(ctx, surfaces.Scroll(far.Ref, "")); err != nil {
		t.Fatal(err)
	}
	if find(t, observe(t, s), "button", "Far away").Has(surfaces.StateOffscreen) {
		t.Errorf("scroll to ref: far button still offscreen")
	}
	s.Act(ctx, surfaces.Scroll("", "top"))
	for range 4 {
		if _, err := s.Act(ctx, surfaces.Scroll("", "down")); err != nil {
			t.Fatal(err)
		}
	}
	if find(t, observe(t, s), "button", "Far away").Has(surfaces.StateOffscreen) {
		t.Errorf("wheel scroll down did not reach the far button")
	}
	// A key that scrolls: its smooth scroll starts frames after the key
	// and lasts about 150 ms, and the act waits for its end.
	s.Act(ctx, surfaces.Scroll("", "top"))
	if _, err := s.Act(ctx, surfaces.Press("", "End")); err != nil {
		t.Fatal(err)
	}
	if find(t, observe(t, s), "button", "Far away").Has(surfaces.StateOffscreen) {
		t.Errorf("the End key did not reach the far button")
	}
}

func TestNavigateBackAndSettle(t *testing.T) {
	s := newSurface(t)
	ctx := testCtx(t)
	sc := open(t, s, "/testdata/controls.html")
	out, err := s.Act(ctx, surfaces.Click(find(t, sc, "link", "Other page").Ref))
	if err != nil || !out.Navigated || !strings.HasSuffix(out.URL, "/testdata/other.html") {
		t.Fatalf("link click: %+v %v", out, err)
	}
	if c := surfaces.Diff(sc, observe(t, s)); !strings.Contains(c.String(), "navigated: ") {
		t.Errorf("diff note %q", c)
	}
	out, err = s.Act(ctx, surfaces.Back())
	if err != nil || !strings.HasSuffix(out.URL, "/testdata/controls.html") || !out.Navigated {
		t.Fatalf("back: %+v %v", out, err)
	}
	if observe(t, s).Title != "Controls" {
		t.Errorf("back did not restore the page")
	}
	// Settling waits for the page's late fetch.
	sc = open(t, s, "/slow")
	if !hasLine(sc, "loaded late") {
		t.Errorf("settle returned before the fetch finished:\n%s", sc)
	}
	// A redirect within the allowed origins is followed.
	out, err = s.Act(ctx, surfaces.Navigate(site.URL+"/redirect-in"))
	if err != nil || !strings.HasSuffix(out.URL, "/testdata/other.html") {
		t.Errorf("allowed redirect: %+v %v", out, err)
	}
}

// TestActReportsTheAddressItLeaves checks each act's URL where the act
// changed the address within the document: a fragment, the history API at
// once and a moment after the press. None of them is a navigation.
func TestActReportsTheAddressItLeaves(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/address.html")
	for _, c := range []struct{ role, name, suffix string }{
		{"link", "Reviews", "/testdata/address.html#reviews"},
		{"button", "Next page", "/testdata/address.html?page=2"},
		{"button", "Sort by price", "/testdata/address.html?page=2&sort=price"},
		{"button", "Filter", "/testdata/address.html?filter=new"},
	} {
		out, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, c.role, c.name).Ref))
		if err != nil || !strings.HasSuffix(out.URL, c.suffix) || out.Navigated {
			t.Errorf("%s: URL %q, navigated %v (%v); want …%s within the document", c.name, out.URL, out.Navigated, err, c.suffix)
		}
	}
}

func TestScreenshotMasksSecrets(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/controls.html")
	ctx := testCtx(t)
	first := find(t, sc, "textbox", "First name")
	s.Act(ctx, surfaces.Fill(first.Ref, "Topsecretvalue"))
	sc = observe(t, s)
	first = find(t, sc, "textbox", "First name")
	pw := find(t, sc, "textbox", "Password")

	shot := func(opts surfaces.ScreenshotOptions) func(b surfaces.Bounds) bool {
		raw, err := s.Screenshot(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		// black reports whether the centre of b is painted black.
		return func(b surfaces.Bounds) bool {
			r, g, bl, _ := img.At(int(b.X+b.W/2), int(b.Y+b.H/2)).RGBA()
			return r == 0 && g == 0 && bl == 0
		}
	}
	black := shot(surfaces.ScreenshotOptions{MaskRefs: []string{pw.Ref}, MaskValues: []string{"Topsecretvalue"}})
	if !black(pw.Bounds) || !black(first.Bounds) {
		t.Errorf("secret fields not masked: password %v, field with secret value %v", black(pw.Bounds), black(first.Bounds))
	}
	if black(find(t, sc, "button", "Save").Bounds) {
		t.Errorf("a field without secrets was masked")
	}
	// The overlay is gone after the capture.
	if plain := shot(surfaces.ScreenshotOptions{}); plain(pw.Bounds) {
		t.Errorf("mask left on the page")
	}
	if after := observe(t, s); after.Fingerprint != sc.Fingerprint {
		t.Errorf("screenshot changed the page: %s", surfaces.Diff(sc, after))
	}
}

// TestScreenshotIsInCSSPixels checks a screen of two device pixels per
// CSS pixel, scrolled: the shot is the viewport at one pixel per CSS pixel,
// so a control's bounds place it on the picture (the report's outlines
// rely on it). The far button is masked to find it on the picture.
func TestScreenshotIsInCSSPixels(t *testing.T) {
	s := newSurface(t)
	ctx := testCtx(t)
	if _, err := chromedp.Call(s.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(s.opts.Width), Height: int64(s.opts.Height), DeviceScaleFactor: 2,
	}); err != nil {
		t.Fatal(err)
	}
	sc := open(t, s, "/testdata/controls.html")
	if _, err := s.Act(ctx, surfaces.Scroll(find(t, sc, "button", "Far away").Ref, "")); err != nil {
		t.Fatal(err)
	}
	far := find(t, observe(t, s), "button", "Far away")
	raw, err := s.Screenshot(ctx, surfaces.ScreenshotOptions{MaskRefs: []string{far.Ref}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != s.opts.Width || b.Dy() != s.opts.Height {
		t.Fatalf("the shot is %dx%d pixels, want the viewport's %dx%d CSS pixels", b.Dx(), b.Dy(), s.opts.Width, s.opts.Height)
	}
	if r, g, b, _ := img.At(int(far.Bounds.X+far.Bounds.W/2), int(far.Bounds.Y+far.Bounds.H/2)).RGBA(); r != 0 || g != 0 || b != 0 {
		t.Errorf("the masked button is not where its bounds %+v say on the shot", far.Bounds)
	}
}

// TestCrossSiteIframe works in an iframe of another site, which Chromium
// runs in its own process and target ("localhost" and "127.0.0.1" are
// different sites). Origin rules govern the tab's own navigations, so an
// embedded frame of another origin still loads.
func TestCrossSiteIframe(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/xsite?src="+strings.Replace(site.URL, "127.0.0.1", "localhost", 1))
	code := find(t, sc, "textbox", "Voucher code")
	apply := find(t, sc, "button", "Apply voucher")
	if code.Frame != "Partner" || apply.Frame != "Partner" || apply.Bounds.Y < 40 {
		t.Fatalf("cross-site iframe candidates: %+v %+v", code, apply)
	}
	ctx := testCtx(t)
	out, err := s.Act(ctx, surfaces.Fill(code.Ref, "SAVE10"))
	if err != nil || !out.ReadbackOK {
		t.Fatalf("fill in the iframe: %+v %v", out, err)
	}
	if _, err := s.Act(ctx, surfaces.Click(apply.Ref)); err != nil {
		t.Fatal(err)
	}
	now := observe(t, s)
	if !hasLine(now, "applied SAVE10") {
		t.Errorf("the iframe did not get the input:\n%s", now)
	}
	frames := map[string]string{}
	for _, l := range now.Context {
		frames[l.Text] = l.Frame
	}
	if frames["applied SAVE10"] != "Partner" || frames["Host page"] != "" {
		t.Errorf("context line frames: %q", frames)
	}
}

// TestPressReportsRequests: a press whose only effect is a request is
// reported with it, so the runtime can tell it did something; a GET poll
// the page runs on a timer is not the press's doing, nor is a GET that
// only reads.
func TestPressReportsRequests(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/requests.html")
	ctx := testCtx(t)
	press := func(name string) []string {
		t.Helper()
		out, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", name).Ref))
		if err != nil {
			t.Fatalf("press %s: %v", name, err)
		}
		for _, r := range out.Requests {
			if strings.Contains(r, "/api/poll") {
				t.Errorf("press %s reports the page's own poll", name)
				break
			}
		}
		return out.Requests
	}
	if got := press("Cancel order"); len(got) != 1 || !strings.HasPrefix(got[0], "POST ") || !strings.HasSuffix(got[0], "/api/orders/4411/cancel") {
		t.Errorf("Cancel order sent %v, want one POST to /api/orders/4411/cancel", got)
	}
	if got := press("Check stock"); len(got) != 0 {
		t.Errorf("Check stock sent %v, want none: a GET only reads", got)
	}
	// A link to an attachment downloads it: the page stays, the request
	// is the effect.
	if out, err := s.Act(ctx, surfaces.Click(find(t, sc, "link", "Download").Ref)); err != nil || len(out.Requests) == 0 {
		t.Errorf("the download link: %v, requests %v; want the download's request", err, out.Requests)
	}
	if got := press("Do nothing"); len(got) != 0 {
		t.Errorf("Do nothing sent %v, want none", got)
	}
	sc = observe(t, s)
	if got := press("Post the form"); len(got) == 0 || !strings.HasPrefix(got[0], "POST ") {
		t.Errorf("the form post sent %v, want a POST", got)
	}
}

// TestScrolledOutOfItsBoxIsOffscreen: a control hidden by the scrolling
// box around it is offscreen (scroll to reach it), not covered, and a
// press reaches it; nothing is on top of it.
func TestScrolledOutOfItsBoxIsOffscreen(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/scrollbox.html")
	deva := find(t, sc, "button", "Deva: holiday photos")
	if !deva.Has(surfaces.StateOffscreen) || deva.Has(surfaces.StateCovered) {
		t.Fatalf("a button scrolled out of its box has states %v, want offscreen and not covered", deva.States)
	}
	if first := find(t, sc, "button", "Andria: lunch?"); first.Has(surfaces.StateOffscreen) || first.Has(surfaces.StateCovered) {
		t.Errorf("a button in view has states %v", first.States)
	}
	if _, err := s.Act(testCtx(t), surfaces.Click(deva.Ref)); err != nil {
		t.Fatalf("press: %v", err)
	}
	if !hasLine(observe(t, s), "opened Deva: holiday photos") {
		t.Error("the press did not reach the button")
	}
}

// TestScrolledAboveThePageIsListed: a press near the end of a scrolling
// box at the top of the page (a menu of fixed height) scrolls the box, and
// the controls it scrolled above the page's top stay on the screen,
// offscreen, where a press reaches them: scrolled back, the box shows
// them. The page's own scrolling reaches nothing above its top, but a
// box's does. Sources: MiniWoB++ order-food (a dish the menu scrolled
// past was no control: "the decider found no control") and this page.
func TestScrolledAboveThePageIsListed(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/scrollmenu.html")
	if _, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", "Add Cheese wheel").Ref)); err != nil {
		t.Fatalf("press: %v", err)
	}
	sc = observe(t, s)
	caesar := find(t, sc, "button", "Add Caesar salad")
	if !caesar.Has(surfaces.StateOffscreen) || caesar.Has(surfaces.StateCovered) || caesar.Bounds.Y+caesar.Bounds.H > 0 {
		t.Fatalf("a button the box scrolled above the page has states %v at %+v, want offscreen, above the top", caesar.States, caesar.Bounds)
	}
	if _, err := s.Act(testCtx(t), surfaces.Click(caesar.Ref)); err != nil {
		t.Fatalf("press: %v", err)
	}
	if !hasLine(observe(t, s), "ordered Cheese wheel, Caesar salad") {
		t.Error("the press did not reach the button")
	}
}

// TestSignIsNotFormatting: a field that drops the minus sign of what was
// typed does not read back: -5 and 5 are other numbers.
func TestSignIsNotFormatting(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/scrollbox.html")
	out, err := s.Act(testCtx(t), surfaces.Fill(find(t, sc, "textbox", "Amount").Ref, "-5"))
	if err != nil {
		t.Fatal(err)
	}
	if out.ReadbackOK || out.Readback != "5" {
		t.Errorf("typed -5, the field shows %q, read back ok=%v; want not ok", out.Readback, out.ReadbackOK)
	}
}

// TestScrollAnElementsOwnContent: a text area holding more than it shows
// is scrollable; Scroll with its ref and a direction moves its content,
// and says so when it is already there.
func TestScrollAnElementsOwnContent(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/scrollbox.html")
	var terms surfaces.Candidate
	for _, c := range sc.Candidates {
		if strings.HasPrefix(c.Value, "1. You may use") {
			terms = c
		}
	}
	if !terms.Has(surfaces.StateScrollable) {
		t.Fatalf("the text area has states %v, want scrollable", terms.States)
	}
	if c := find(t, sc, "textbox", "Amount"); c.Has(surfaces.StateScrollable) {
		t.Errorf("a one-line field is scrollable: %v", c.States)
	}
	ctx := testCtx(t)
	if out, err := s.Act(ctx, surfaces.Scroll(terms.Ref, "bottom")); err != nil || out.Note != "" {
		t.Fatalf("scroll to the bottom: %v, note %q", err, out.Note)
	}
	if out, err := s.Act(ctx, surfaces.Scroll(terms.Ref, "bottom")); err != nil || out.Note != surfaces.NoteNotScrolled {
		t.Errorf("scrolling to the bottom again: %v, note %q; want %q", err, out.Note, surfaces.NoteNotScrolled)
	}
	if out, err := s.Act(ctx, surfaces.Scroll(terms.Ref, "top")); err != nil || out.Note != "" {
		t.Errorf("scroll back to the top: %v, note %q", err, out.Note)
	}
}

// TestClickLandsOnAControlAHoverRestyles: a :hover rule that swaps a
// control's icon for an image still loading leaves it without a size
// for a moment, so a press right after the pointer arrives would land
// beside it; the click points at it again where it is drawn then.
// Sources: MiniWoB++ social-media (its "more" icon, seed 3), this feed.
func TestClickLandsOnAControlAHoverRestyles(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/hovericon.html")
	act(t, s, surfaces.Click(find(t, sc, "button", "more").Ref))
	find(t, observe(t, s), "button", "Report")
}
