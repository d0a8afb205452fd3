package browser

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"flow/surfaces"
)

// TestSettleSeesALateRender checks that a press whose response renders a
// moment after it came settles on the rendered page: the do loop judges
// "the press changed nothing" from the screen after the settle.
func TestSettleSeesALateRender(t *testing.T) {
	s, out := pressOnSettlePage(t, "Load the total")
	if after := observe(t, s); !hasLine(after, "Total: 42") {
		t.Errorf("settled before the response rendered (requests %v):\n%s", out.Requests, after)
	}
}

// TestSettleWaitsForTheRequestsAnActStarts checks, for each way a page
// starts a request (fetch, XMLHttpRequest, an image, a dynamic import),
// that a press whose only sign when it returns is the request in flight
// settles on the page its response changes. A press on an element has no
// start window: the request's event must have come by the time the page
// answers the settle.
func TestSettleWaitsForTheRequestsAnActStarts(t *testing.T) {
	s := newSurface(t)
	for _, c := range []struct{ button, shows string }{
		{"Fetch", "fetch done"},
		{"Send a request", "request done"},
		{"Load an image", "image done"},
		{"Import a module", "module done"},
	} {
		sc := open(t, s, "/testdata/loads.html")
		if _, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", c.button).Ref)); err != nil {
			t.Fatal(err)
		}
		if after := observe(t, s); !hasLine(after, c.shows) {
			t.Errorf("%s: settled before the response of the request it started came:\n%s", c.button, after)
		}
	}
}

// TestSettleHoldsTheNetworkWindowAfterAResponse checks that a settle
// lasts the network window after a fetch's response, now that the page
// waits out the rest of that window beside the DOM's: the tab's events end
// a fetch at its headers, and this page renders only when the body has
// come, 150 ms later. A network window of a second covers it; a settle
// that ended on the page's first quiet answer would not.
func TestSettleHoldsTheNetworkWindowAfterAResponse(t *testing.T) {
	s := newSurface(t)
	s.opts.Settle.Network = time.Second
	sc := open(t, s, "/testdata/loads.html")
	if _, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", "Read a slow body").Ref)); err != nil {
		t.Fatal(err)
	}
	if after := observe(t, s); !hasLine(after, "body done") {
		t.Errorf("settled before the body of the response came:\n%s", after)
	}
}

// TestQuietIgnoresWritesThatChangeNothing checks the page's quiet clock:
// an attribute set to the value it has is no change, a text that changes
// is one.
func TestQuietIgnoresWritesThatChangeNothing(t *testing.T) {
	s := newSurface(t)
	quietFor := func() float64 {
		t.Helper()
		time.Sleep(150 * time.Millisecond)
		ctx, cancel := s.actCtx(testCtx(t))
		defer cancel()
		var q quietState
		if err := s.main.call(ctx, &q, "quiet"); err != nil {
			t.Fatal(err)
		}
		return q.Since
	}
	open(t, s, "/testdata/settle.html")
	if since := quietFor(); since < 100 {
		t.Errorf("a page that only rewrites an attribute with its value counts as changed %.0f ms ago", since)
	}
	open(t, s, "/testdata/settle.html?tick")
	if since := quietFor(); since > 50 {
		t.Errorf("a page whose text changes every 10 ms counts as unchanged for %.0f ms", since)
	}
}

// TestSettleWaitsForTheTimersAnActSets checks that a press whose result
// shows 200 ms later, behind a timer (longer than the quiet windows),
// settles on the result, and says the wait was settling.
func TestSettleWaitsForTheTimersAnActSets(t *testing.T) {
	s, out := pressOnSettlePage(t, "Search")
	if after := observe(t, s); !hasLine(after, "3 results") {
		t.Errorf("settled before the timer the press set fired:\n%s", after)
	}
	if out.Settled < 150*time.Millisecond {
		t.Errorf("the press's outcome says it settled for %v; the timer it waited for fires 200 ms after the press", out.Settled)
	}
}

// TestSettleCountsTimersFromEachActsStart checks, for every kind of act
// on an element, that the settle waits for a timer the act's handler
// sets, when the act comes later than the horizon after the document
// began: the act's start is marked in the page by its first call into
// sight.js. The page has replaced the event functions the mark passes
// through (its CustomEvent, dispatchEvent and an event's detail), which
// pending.js reads the mark with the originals of.
func TestSettleCountsTimersFromEachActsStart(t *testing.T) {
	s := newSurface(t)
	acts := []struct {
		role, name, shows string
		op                func(ref string) surfaces.Operation
	}{
		{"button", "Press me", "click", surfaces.Click},
		{"button", "Press me twice", "double click", surfaces.DoubleClick},
		{"button", "Hover me", "hover", surfaces.Hover},
		{"textbox", "Name", "fill", func(ref string) surfaces.Operation { return surfaces.Fill(ref, "Ada") }},
		{"textbox", "Key", "press", func(ref string) surfaces.Operation { return surfaces.Press(ref, "a") }},
		{"combobox", "Size", "select", func(ref string) surfaces.Operation { return surfaces.Select(ref, "Large") }},
		{"checkbox", "Agree", "check", surfaces.Check},
		{"", "Scroll box", "scroll", func(ref string) surfaces.Operation { return surfaces.Scroll(ref, "down") }},
	}
	sc := open(t, s, "/testdata/late.html")
	// Past the horizon since the document began: a timer counted from its
	// start rather than the act's would be out of it. The page's clock is
	// waited on in flow's world, whose timers pending.js does not count.
	ctx, cancel := s.actCtx(testCtx(t))
	err := s.main.evalCall(ctx, nil, "", "(ms => new Promise((done) => setTimeout(done, ms - performance.now())))", pendingHorizon.Milliseconds()+100)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		if _, err := s.Act(testCtx(t), a.op(find(t, sc, a.role, a.name).Ref)); err != nil {
			t.Fatalf("%s: %v", a.shows, err)
		}
		if after := observe(t, s); !hasLine(after, "done: "+a.shows) {
			t.Errorf("%s: settled before the timer the act set fired", a.shows)
		}
	}
}

// TestSettleDoesNotWaitForAPollOrALateNotice checks the horizon: a press
// that starts a poll for good and a notice that hides itself after 3 s
// settles with the notice shown, long before the settle's 5 s cap.
func TestSettleDoesNotWaitForAPollOrALateNotice(t *testing.T) {
	s, _ := pressOnSettlePage(t, "Watch the job")
	polls := mainWorld[float64](t, s, "window.polls")
	if after := observe(t, s); !hasLine(after, "Saved") {
		t.Errorf("the settle waited for the notice to hide itself:\n%s", after)
	}
	// A poll every 50 ms ticks about 10 times in the horizon (500 ms) and
	// 100 times in the cap: a settle held by the poll sees many more.
	if polls > 40 {
		t.Errorf("the settle lasted %v polls of 50 ms: a poll held it", polls)
	}
}

// TestSettleFollowsAScriptNavigation checks that a press that sets
// location settles on the next page, though the browser starts loading it
// only a task after the press and the page answers 150 ms later.
func TestSettleFollowsAScriptNavigation(t *testing.T) {
	s := newSurface(t)
	// No start window: the settle must know of the navigation from the
	// page itself.
	s.opts.Settle.Start = time.Nanosecond
	sc := open(t, s, "/testdata/settle.html")
	for _, name := range []string{"Leave", "Send the form"} {
		out, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", name).Ref))
		if err != nil {
			t.Fatal(err)
		}
		if after := observe(t, s); after.Title != "Arrived" || !out.Navigated {
			t.Errorf("%s: settled on %q (navigated %v), want the next page, Arrived", name, after.Title, out.Navigated)
		}
		sc = open(t, s, "/testdata/settle.html")
	}
}

// TestSettleWaitsForFramesAndTasksAnActQueues checks renders the press
// puts off to the second animation frame after it, or to the next task
// (a message the page posts to itself), and a panel it slides open frame
// by frame for 300 ms, with windows too short to cover them: the settle
// must know of them from the page.
func TestSettleWaitsForFramesAndTasksAnActQueues(t *testing.T) {
	s := newSurface(t)
	s.opts.Settle = SettleWindows{Start: time.Nanosecond, Network: time.Millisecond, DOM: time.Millisecond}
	for _, c := range []struct{ button, shows string }{{"Draw the chart", "Chart drawn"}, {"Schedule", "Render scheduled"}, {"Open the panel", "Panel open"}} {
		// Each try is a race the page could win by chance: several tries
		// make a settle that does not wait fail the test.
		for range 5 {
			sc := open(t, s, "/testdata/settle.html")
			if _, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", c.button).Ref)); err != nil {
				t.Fatal(err)
			}
			if after := observe(t, s); !hasLine(after, c.shows) {
				t.Fatalf("%s: settled before the page showed %q:\n%s", c.button, c.shows, after)
			}
		}
	}
}

// TestSettleWaitsForTheWindowsAnActOpens checks that a press that opens
// a window (window.open, a link or a form aimed at a new window) settles
// once the browser has decided the window's request, with windows too
// short to cover the decision: the outcome reports the window blocked.
// A window that loads nothing, a link whose opening the page cancelled
// and a link aimed at a frame of the page hold the press for nothing like
// the horizon, and neither does the blank window the first left open in
// front of the tab.
func TestSettleWaitsForTheWindowsAnActOpens(t *testing.T) {
	s := newSurface(t)
	s.opts.Settle = SettleWindows{Start: time.Nanosecond, Network: time.Millisecond, DOM: time.Millisecond}
	if err := s.SetAllow([]string{"127.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ role, name, url string }{
		{"button", "Open a window", "http://escape.invalid/open"},
		{"link", "Partner site", "http://escape.invalid/link"},
		{"button", "Send in a new window", "http://escape.invalid/form"},
	} {
		for range 3 {
			sc := open(t, s, "/testdata/popups.html")
			out, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, c.role, c.name).Ref))
			if !errors.Is(err, surfaces.ErrNavigationBlocked) || len(out.Blocked) == 0 || !strings.HasPrefix(out.Blocked[0], c.url) {
				t.Fatalf("%s: settled before the window's request was decided: blocked %v, popups %v, %v", c.name, out.Blocked, out.Popups, err)
			}
		}
	}
	// The blank window stays open: the press after it is answered at
	// once all the same (the tab is brought back in front).
	for _, c := range []struct{ role, name string }{{"button", "Open a blank window"}, {"link", "Cancelled link"}, {"link", "Show in the pane"}} {
		sc := open(t, s, "/testdata/popups.html")
		began := time.Now()
		out, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, c.role, c.name).Ref))
		if took := time.Since(began); err != nil || took >= pendingHorizon*3/4 {
			t.Errorf("%s: the press took %v (settling %v; %v), as if waiting for a request that never comes or behind a window", c.name, took, out.Settled, err)
		}
	}
}

// TestSettleIgnoresTheTabsIcon checks that the browser's own fetch of the
// tab's icon, asked for after the load event and waited for by no script
// of the page, holds neither the network window nor the page's quiet
// clock: the navigation and a press settle while the icon is on its way
// (the server holds it), not when its request has grown stale, and its
// arrival is no change of the page. The icon's name is not favicon.*, as
// many sites' are not.
func TestSettleIgnoresTheTabsIcon(t *testing.T) {
	s := newSurface(t)
	key, icon := newHeld(t)
	nav, err := s.Act(testCtx(t), surfaces.Navigate(site.URL+"/icon-page?k="+url.QueryEscape(key)))
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-icon.asked:
	case <-testCtx(t).Done():
		t.Fatal("the browser never asked for the tab's icon")
	}
	press, err := s.Act(testCtx(t), surfaces.Click(find(t, observe(t, s), "button", "Count").Ref))
	if err != nil {
		t.Fatal(err)
	}
	// The icon was asked for before the press (within the navigation's
	// settle or after it), and the server holds it: the press's settle,
	// at least, had it in flight.
	if held := nav.Settled + press.Settled; held >= staleRequest {
		t.Errorf("the navigation and the press settled for %v and %v: the icon's request held them until it counted as stale", nav.Settled, press.Settled)
	}
	if after := observe(t, s); !hasLine(after, "Pressed 1 times") {
		t.Errorf("settled before the press showed:\n%s", after)
	}
	// The page's clock (performance.now) of its last change: a change of
	// the DOM or the end of a resource it loaded.
	lastChange := func() float64 {
		t.Helper()
		ctx, cancel := s.actCtx(testCtx(t))
		defer cancel()
		var at float64
		if err := s.main.evalCall(ctx, &at, "", "(() => performance.now() - window.__flow.quiet().since)"); err != nil {
			t.Fatal(err)
		}
		return at
	}
	before := lastChange()
	icon.release()
	mainWorld[bool](t, s, `new Promise((done) => {
		const has = () => performance.getEntriesByType("resource").some((e) => e.name.includes("/held-icon.svg"));
		if (has()) return done(true);
		new PerformanceObserver((_, o) => { if (has()) { o.disconnect(); done(true); } }).observe({ type: "resource" });
	})`)
	if after := lastChange(); after-before > 1 {
		t.Errorf("the icon's arrival counted as a change of the page: its last change was at %.1f ms before the icon came, at %.1f ms after", before, after)
	}
}

// TestSettleDoesNotWaitForAnAnimation checks that an animation drawn
// every frame for good, one running before the press and one the press
// starts, holds the settle for a few frames at most, not for the horizon.
func TestSettleDoesNotWaitForAnAnimation(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/settle.html?spin")
	before := mainWorld[float64](t, s, "window.painted")
	if _, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", "Animate").Ref)); err != nil {
		t.Fatal(err)
	}
	// Two loops draw about 60 frames in the horizon (500 ms); a settle
	// that ends after the press's three frames sees a dozen or so.
	if drawn := mainWorld[float64](t, s, "window.painted") - before; drawn > 30 {
		t.Errorf("the settle lasted %v frames of two animations: an animation held it", drawn)
	}
}

// TestTimerWatchIsInvisible checks what the page sees of pending.js:
// the functions it wraps still stringify as native code and work as
// before (a cleared timer never runs), and the page's window gains no
// enumerable property.
func TestTimerWatchIsInvisible(t *testing.T) {
	s := newSurface(t)
	open(t, s, "/testdata/settle.html")
	for _, fn := range []string{"setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "open"} {
		if src := mainWorld[string](t, s, fn+".toString()"); !strings.Contains(src, "[native code]") {
			t.Errorf("%s.toString() = %q, want native code", fn, src)
		}
	}
	if mainWorld[bool](t, s, "window.cleared") {
		t.Error("a timer the page cleared ran")
	}
	if mainWorld[bool](t, s, fmt.Sprintf("Object.keys(window).includes(%q)", s.pendingKey)) {
		t.Error("the timer watch shows among the window's keys")
	}
}

// pressOnSettlePage opens settle.html on a new surface and presses the
// button named name; the act settles before it returns.
func pressOnSettlePage(t *testing.T, name string) (*Surface, surfaces.Outcome) {
	t.Helper()
	s := newSurface(t)
	sc := open(t, s, "/testdata/settle.html")
	out, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", name).Ref))
	if err != nil {
		t.Fatal(err)
	}
	return s, out
}

// mainWorld evaluates expr in the page's own world of s's document.
func mainWorld[T any](t *testing.T, s *Surface, expr string) T {
	t.Helper()
	var v T
	ctx, cancel := s.actCtx(testCtx(t))
	defer cancel()
	raw, err := evalIn(ctx, 0, expr)
	if err == nil {
		err = json.Unmarshal(raw, &v)
	}
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}
