package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

// recording collects the events of one Record call as they arrive.
type recording struct {
	mu     sync.Mutex
	events []surfaces.UserEvent
	closed chan struct{}
}

func startRecording(t *testing.T, s *Surface, ctx context.Context) *recording {
	t.Helper()
	ch, err := s.Record(ctx)
	if err != nil {
		t.Fatalf("record: %v", err)
	}
	r := &recording{closed: make(chan struct{})}
	go func() {
		defer close(r.closed)
		for ev := range ch {
			r.mu.Lock()
			r.events = append(r.events, ev)
			r.mu.Unlock()
		}
	}()
	return r
}

func (r *recording) snapshot() []surfaces.UserEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]surfaces.UserEvent(nil), r.events...)
}

// waitFor waits until an event after the first `from` ones matches, and
// returns its index.
func (r *recording) waitFor(t *testing.T, from int, what string, match func(surfaces.UserEvent) bool) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		evs := r.snapshot()
		for i := from; i < len(evs); i++ {
			if match(evs[i]) {
				return i
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no %s event arrived; got:\n%s", what, describeEvents(r.snapshot()))
	return -1
}

func describeEvents(evs []surfaces.UserEvent) string {
	var b strings.Builder
	for i, e := range evs {
		fmt.Fprintf(&b, "%2d %s\n", i, eventLine(e))
	}
	return b.String()
}

// eventLine is a short form of an event for comparing sequences.
func eventLine(e surfaces.UserEvent) string {
	s := string(e.Kind)
	if e.Target.Role != "" || e.Target.Name != "" {
		s += " " + e.Target.Role + " " + fmt.Sprintf("%q", e.Target.Name)
	}
	if e.Value != "" && e.Kind != surfaces.EventNavigate {
		s += " = " + fmt.Sprintf("%q", e.Value)
	}
	if e.Secret {
		s += " (secret)"
	}
	if e.Typed {
		s += " (typed)"
	}
	if e.Overlay != "" {
		s += fmt.Sprintf(" in %q closed=%v", e.Overlay, e.Closed)
	}
	return s
}

func act(t *testing.T, s *Surface, op surfaces.Operation) surfaces.Outcome {
	t.Helper()
	out, err := s.Act(testCtx(t), op)
	if err != nil {
		t.Fatalf("%s %s: %v", op.Op, op.Ref, err)
	}
	return out
}

// TestRecordSession records a person's session on a page with a form, a
// list of cards, a dialog, a cookie banner, an iframe and a link, driven
// by real input events, and checks what each event says and their order.
func TestRecordSession(t *testing.T) {
	s := newSurface(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const password = "hunter2-very-secret"
	// What crosses the protocol from capture.js, seen before the Go side
	// could scrub anything.
	var payloadMu sync.Mutex
	var payloads []string
	if err := chromedp.Listen(s.ctx, func(ev any) {
		if b, ok := ev.(*runtime.EventBindingCalled); ok {
			payloadMu.Lock()
			payloads = append(payloads, b.Payload)
			payloadMu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	rec := startRecording(t, s, ctx)

	sc := open(t, s, "/testdata/record.html")
	user := find(t, sc, "textbox", "User name").Ref
	// Typed key by key: one input event with the final text, sent before
	// the Enter that ends it.
	for _, k := range []string{"a", "d", "a"} {
		act(t, s, surfaces.Press(user, k))
	}
	act(t, s, surfaces.Press(user, "Enter"))
	act(t, s, surfaces.FillSecret(find(t, sc, "textbox", "Password").Ref, password))
	act(t, s, surfaces.Select(find(t, sc, "combobox", "Country").Ref, "Germany"))
	act(t, s, surfaces.Check(find(t, sc, "checkbox", "I accept the terms").Ref))
	act(t, s, surfaces.Click(find(t, sc, "button", "Sign in").Ref))
	act(t, s, surfaces.Fill(find(t, sc, "textbox", "Note").Ref, "call back"))
	renew := sc.Find("button", "Renew")
	if len(renew) != 2 {
		t.Fatalf("want two Renew buttons, got %d", len(renew))
	}
	act(t, s, surfaces.Click(renew[0].Ref))
	act(t, s, surfaces.Click(renew[1].Ref))
	act(t, s, surfaces.Click(find(t, sc, "button", "Next").Ref))
	act(t, s, surfaces.Click(find(t, sc, "button", "Accept all").Ref))
	act(t, s, surfaces.Press("", "Escape"))
	act(t, s, surfaces.Click(find(t, sc, "button", "Open help").Ref))
	act(t, s, surfaces.Press("", "Escape"))
	act(t, s, surfaces.Click(find(t, sc, "button", "Show details").Ref))
	act(t, s, surfaces.Click(find(t, sc, "button", "Frame button").Ref))
	act(t, s, surfaces.Click(find(t, sc, "link", "Go to other page").Ref))
	// The new document reports too.
	other := observe(t, s)
	act(t, s, surfaces.Click(find(t, other, "link", "Back to controls").Ref))
	act(t, s, surfaces.Navigate(site.URL+"/testdata/other.html"))

	last := rec.waitFor(t, 0, "last navigation", func(e surfaces.UserEvent) bool {
		return e.Kind == surfaces.EventNavigate && e.Typed && strings.HasSuffix(e.URL, "/other.html")
	})
	cancel()
	select {
	case <-rec.closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the channel did not close after ctx ended")
	}
	// What the page showed is checked by TestRecordShown.
	evs := withoutShown(rec.snapshot()[:last+1])

	want := []string{
		`navigate (typed)`,
		`input textbox "User name" = "ada"`,
		`key textbox "User name" = "Enter"`,
		`submit button "Sign in"`, // the default button submits an implicit submission
		`input textbox "Password" (secret)`,
		`select combobox "Country" = "Germany"`,
		`check checkbox "I accept the terms"`,
		`click button "Sign in"`,
		`submit button "Sign in"`,
		`input textbox "Note" = "call back"`,
		`click button "Renew"`,
		`click button "Renew"`,
		`click button "Next" in "Newsletter" closed=false`,
		`click button "Accept all" in "cookies" closed=true`,
		`key = "Escape"`,
		`click button "Open help"`,
		`key button "Got it" = "Escape" in "Help" closed=true`,
		`click button "Show details"`,
		`navigate`, // history.pushState: same document
		`click button "Frame button"`,
		`click link "Go to other page"`,
		`navigate`,
		`click link "Back to controls"`,
		`navigate`,
		`navigate (typed)`,
	}
	var got []string
	for _, e := range evs {
		got = append(got, eventLine(e))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Every event names its page and time.
	for i, e := range evs {
		if e.URL == "" || e.Time.IsZero() {
			t.Errorf("event %d (%s) has no URL or time", i, eventLine(e))
		}
	}
	if e := evs[0]; !strings.HasSuffix(e.URL, "/testdata/record.html") || e.Value != e.URL || e.Title != "Record me" {
		t.Errorf("first navigation: url %q value %q title %q", e.URL, e.Value, e.Title)
	}
	if e := evs[1]; e.Target.Label != "User name" || e.Target.InputType != "text" || e.Target.Autocomplete != "username" ||
		!slicesHas(e.Target.Path, `form "Sign in"`) || e.Title != "Record me" {
		t.Errorf("input target: %+v title %q", e.Target, e.Title)
	}
	if e := evs[4]; !e.Secret || e.Value != "" || e.Target.InputType != "password" {
		t.Errorf("password input: %+v", e)
	}
	// The Renew buttons are told apart by their card and their nth.
	r1, r2 := evs[10], evs[11]
	if r1.Context == r2.Context || !strings.Contains(r1.Context, "Basic plan") || !strings.Contains(r2.Context, "Pro plan") {
		t.Errorf("renew contexts: %q and %q", r1.Context, r2.Context)
	}
	if r1.Target.Nth != 0 || r2.Target.Nth != 1 || r1.Twins != 1 || r2.Twins != 1 {
		t.Errorf("renew nth: %d and %d, twins %d and %d; want 0 and 1, twins 1", r1.Target.Nth, r2.Target.Nth, r1.Twins, r2.Twins)
	}
	for _, e := range evs {
		if e.Kind == surfaces.EventClick && e.Target.Name == "Sign in" && e.Twins != 0 {
			t.Errorf("the one Sign in button has %d twins", e.Twins)
		}
	}
	// The card's heading leads its context, on a line of its own.
	if first, _, _ := strings.Cut(r2.Context, "\n"); first != "Pro plan" {
		t.Errorf("the Pro card's context starts %q, want its heading", first)
	}
	// The rest is the card's text as laid out, a line per block.
	if lines := strings.Split(r2.Context, "\n"); len(lines) < 2 || lines[1] != "Expires 9 June" {
		t.Errorf("the Pro card's context lines %q: want its heading, then \"Expires 9 June\"", lines)
	}
	if len(r1.Context) > 160 {
		t.Errorf("context not capped: %d bytes", len(r1.Context))
	}
	if e := evs[18]; !strings.HasSuffix(e.URL, "/testdata/record.html?tab=details") || e.Typed || e.Title != "Record me" {
		t.Errorf("same-document navigation: %+v", e)
	}
	if e := evs[19]; e.Target.Frame != "Widget" || !strings.HasSuffix(e.URL, "?tab=details") {
		t.Errorf("iframe click: frame %q url %q", e.Target.Frame, e.URL)
	}
	if e := evs[21]; !strings.HasSuffix(e.URL, "/testdata/other.html") || e.Title != "Other" || e.Typed {
		t.Errorf("link navigation: %+v", e)
	}
	if e := evs[22]; !strings.HasSuffix(e.URL, "/testdata/other.html") || e.Title != "Other" {
		t.Errorf("click on the new document: url %q title %q", e.URL, e.Title)
	}

	// The password appears nowhere: not in an event, not in what
	// capture.js sent.
	for _, e := range rec.snapshot() {
		b, _ := json.Marshal(e)
		if strings.Contains(string(b), "hunter2") {
			t.Fatalf("password leaked in %s", b)
		}
	}
	// Once the recording ended, the page reports nothing: the binding and
	// the script are gone.
	payloadMu.Lock()
	sent := len(payloads)
	payloadMu.Unlock()
	act(t, s, surfaces.Click(find(t, observe(t, s), "link", "Back to controls").Ref))
	act(t, s, surfaces.Click(find(t, observe(t, s), "link", "Other page").Ref))
	payloadMu.Lock()
	defer payloadMu.Unlock()
	if len(payloads) != sent {
		t.Errorf("the page still reports after the recording ended: %q", payloads[sent:])
	}
	if len(payloads) < len(evs)-5 {
		t.Fatalf("only %d binding calls seen", len(payloads))
	}
	for _, p := range payloads {
		if strings.Contains(p, "hunter2") {
			t.Fatalf("password crossed the protocol: %s", p)
		}
	}
}

// testCtxOn is a command context on the surface's tab that ends with the
// test.
func testCtxOn(t *testing.T, s *Surface) context.Context {
	ctx, cancel := s.actCtx(testCtx(t))
	t.Cleanup(cancel)
	return ctx
}

// withoutShown leaves out the shown events, which come whenever the page
// changes, from a sequence of what a person did.
func withoutShown(evs []surfaces.UserEvent) []surfaces.UserEvent {
	var out []surfaces.UserEvent
	for _, e := range evs {
		if e.Kind != surfaces.EventShown {
			out = append(out, e)
		}
	}
	return out
}

// TestRecordShown: the page reports its main heading and status lines as
// they change: the visible h1 of main (not a screen-reader-only one, not a
// dialog's), a status line a press filled in, a toast while it shows and
// gone once it hides; a long live region is no status line; a new
// document reports its own.
func TestRecordShown(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/shown.html")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := startRecording(t, s, ctx)
	shown := func(from int, what string, match func(surfaces.UserEvent) bool) int {
		t.Helper()
		return rec.waitFor(t, from, what, func(e surfaces.UserEvent) bool { return e.Kind == surfaces.EventShown && match(e) })
	}
	i := shown(0, "first shown", func(e surfaces.UserEvent) bool { return true })
	if e := rec.snapshot()[i]; e.Heading != "Profile settings" || len(e.Status) != 0 || e.Title != "Settings · Shown" ||
		!strings.HasSuffix(e.URL, "/testdata/shown.html") {
		t.Fatalf("first shown: heading %q status %q title %q url %q", e.Heading, e.Status, e.Title, e.URL)
	}
	act(t, s, surfaces.Click(find(t, sc, "button", "Save settings").Ref))
	i = shown(i+1, "status after saving", func(e surfaces.UserEvent) bool { return slicesHas(e.Status, "Settings saved.") })
	if e := rec.snapshot()[i]; len(e.Status) != 1 || e.Heading != "Profile settings" {
		t.Errorf("after saving: heading %q status %q; want only the saved line (the results list is long)", e.Heading, e.Status)
	}
	act(t, s, surfaces.Click(find(t, sc, "button", "Copy link").Ref))
	i = shown(i+1, "toast", func(e surfaces.UserEvent) bool { return slicesHas(e.Status, "Link copied") })
	i = shown(i+1, "toast gone", func(e surfaces.UserEvent) bool { return !slicesHas(e.Status, "Link copied") })
	if e := rec.snapshot()[i]; !slicesHas(e.Status, "Settings saved.") {
		t.Errorf("after the toast: status %q, want the saved line still", e.Status)
	}
	act(t, s, surfaces.Navigate(site.URL+"/testdata/other.html"))
	shown(i+1, "the new page", func(e surfaces.UserEvent) bool {
		return e.Heading == "Other page" && strings.HasSuffix(e.URL, "/other.html") && len(e.Status) == 0
	})
	// Only changes are reported: no two shown events in a row say the same.
	var last *surfaces.UserEvent
	for _, e := range rec.snapshot() {
		if e.Kind != surfaces.EventShown {
			continue
		}
		if last != nil && last.URL == e.URL && last.Heading == e.Heading && strings.Join(last.Status, "\n") == strings.Join(e.Status, "\n") {
			t.Errorf("shown repeated: %q %q", e.Heading, e.Status)
		}
		last = &e
	}
}

func slicesHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestRecordStartsOnOpenPage: recording a page that is already open starts
// with a typed navigation to it and captures in the open document and its
// iframe; a field left by navigating is reported before the navigation.
func TestRecordStartsOnOpenPage(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/record.html")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := startRecording(t, s, ctx)
	// The page sees neither the binding nor the scripts.
	res, err := chromedp.Call(testCtxOn(t, s), runtime.Evaluate, runtime.EvaluateParams{
		Expression: `typeof window.__flowRecord + " " + typeof window.__flow`, ReturnByValue: new(true),
	})
	if err != nil || string(res.Result.Value) != `"undefined undefined"` {
		t.Errorf("the page sees flow's world: %s %v", res.Result.Value, err)
	}
	act(t, s, surfaces.Click(find(t, sc, "button", "Frame button").Ref))
	// Typing that the person leaves by going elsewhere is reported before
	// the navigation.
	user := find(t, sc, "textbox", "User name").Ref
	act(t, s, surfaces.Press(user, "x"))
	act(t, s, surfaces.Press(user, "y"))
	act(t, s, surfaces.Navigate(site.URL+"/testdata/other.html"))
	i := rec.waitFor(t, 0, "navigation", func(e surfaces.UserEvent) bool {
		return e.Kind == surfaces.EventNavigate && strings.HasSuffix(e.URL, "/other.html")
	})
	evs := withoutShown(rec.snapshot()[:i+1])
	var got []string
	for _, e := range evs {
		got = append(got, eventLine(e))
	}
	want := []string{`navigate (typed)`, `click button "Frame button"`, `input textbox "User name" = "xy"`, `navigate (typed)`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if evs[0].Title != "Record me" || !strings.HasSuffix(evs[0].URL, "/record.html") {
		t.Errorf("first event: %+v", evs[0])
	}
	if _, err := s.Record(ctx); err == nil {
		t.Errorf("a second Record on the same surface succeeded")
	}
}

// TestRecordEndsWithTab: the channel closes when the tab goes away, closed
// by the browser rather than by the surface.
func TestRecordEndsWithTab(t *testing.T) {
	s := newSurface(t)
	open(t, s, "/testdata/other.html")
	rec := startRecording(t, s, context.Background())
	rec.waitFor(t, 0, "first navigation", func(e surfaces.UserEvent) bool { return e.Kind == surfaces.EventNavigate })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := cdp.Call(ctx, shared.cdpb, target.CloseTarget, target.CloseTargetParams{TargetID: s.tid}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-rec.closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the channel did not close when the tab closed")
	}
}
