package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

//go:embed capture.js
var captureJS string

// captureBinding is the function capture.js reports through. It exists
// only in flow's isolated world, so the page can neither see nor call it.
const captureBinding = "__flowRecord"

// Hold limits: a click in an overlay waits for capture.js to say whether
// the overlay closed (it watches for about a second), and a navigation
// waits for its document's title; past these the event goes out as it is.
const (
	clickHold = 2 * time.Second
	navHold   = 1500 * time.Millisecond
)

var _ surfaces.Recorder = (*Surface)(nil)

// Record starts capturing what a person does in the tab: capture.js is
// loaded into flow's isolated world of every document and same-origin
// iframe, now and after each navigation, and reports through a binding of
// that world only. A surface records once; a failed start may be retried.
//
// The events, in the order they happened:
//   - The first is a navigation to the page open now, Typed (none when the
//     tab is still blank: the navigation that follows comes first).
//   - click: a pointer click on a control, named as Observe names it
//     (role, name, label, path, nth over the whole tab, Frame for a
//     same-origin iframe). Clicks on fields and their labels are not
//     reported (their input, select or check is), nor clicks a key or an
//     implicit submission simulates (the key is). Context is the text of
//     the card, list item, row or article around the control (≤150
//     characters, empty when it is only the control's name). Overlay
//     labels the dialog, modal or fixed cookie banner/pop-up it sits in;
//     Closed says that overlay was removed or hidden within about a second
//     (false when it stayed, or when the document went away first). Such a
//     click, and every event after it, waits until that is known.
//   - input: once per edit of a text field, contenteditable, date, range
//     …, with its final value, when it changes, loses focus, or the person
//     presses elsewhere, presses Enter, Escape or Tab, submits, or leaves
//     the page. Secret (no Value) for password fields and for
//     autocomplete current-password, new-password, one-time-code,
//     cc-number and cc-csc.
//   - select (Value: the chosen option labels), check, uncheck.
//   - submit: Target is the submitter (the default button for Enter in a
//     field) or the focused field. A click on a submit button gives click
//     then submit; Enter in a field gives input, key, submit.
//   - key: Enter, Escape, Tab or Shift+Tab (Enter in a multi-line field is
//     text). For Escape, Overlay is also the modal in front, and Closed
//     whether it closed.
//   - shown: the main heading (the visible h1, in main first, not in a
//     dialog) or the status lines (visible role status or alert, live
//     regions, toasts; each at most 160 characters, at most 8) of the
//     tab's document, or its address, changed: Heading and Status say
//     what they are now. The first comes when recording starts and with
//     each new document; changes are reported a moment (about 0.2 s)
//     after the DOM moved.
//   - navigate: the tab's document changed (Value and URL: the new URL,
//     Title once its DOM is loaded). Typed follows the history entry's
//     transition: typed, address bar, bookmark, generated, start page,
//     reload or keyword are typed (Page.navigate, so surfaces.Navigate,
//     reports typed); link, form submission, script and history
//     traversal (back: the entry keeps its first transition) are not.
//     A same-document navigation (history API, fragment) is never typed.
//
// Every event has Time and the URL and Title of the tab's page. The
// channel closes when ctx ends (what is ready is handed over if the
// buffer has room), the tab closes or the browser goes away. Cross-site
// iframes, their own processes and targets, are not recorded.
func (s *Surface) Record(ctx context.Context) (<-chan surfaces.UserEvent, error) {
	if !s.recording.CompareAndSwap(false, true) {
		return nil, errors.New("record: this surface is recording already (Record runs once per surface)")
	}
	detached, err := chromedp.Detached(s.ctx)
	if err != nil {
		s.recording.Store(false)
		return nil, fmt.Errorf("record: %w", err)
	}
	// The listener lives on a child of the tab's context that ends with
	// the caller's ctx too.
	rctx, cancel := context.WithCancel(s.ctx)
	stop := context.AfterFunc(ctx, cancel)
	r := &recorder{s: s, out: make(chan surfaces.UserEvent, 64), wake: make(chan struct{}, 1), held: map[string]*heldEvent{}}
	if err := chromedp.Listen(rctx, r.push); err != nil {
		stop()
		cancel()
		s.recording.Store(false)
		return nil, fmt.Errorf("record: %w", err)
	}
	fail := func(what string, err error) (<-chan surfaces.UserEvent, error) {
		stop()
		cancel()
		r.cleanup()
		s.recording.Store(false)
		return nil, fmt.Errorf("record: %s: %w", what, err)
	}
	actx, acancel := s.actCtx(ctx)
	defer acancel()
	if _, err := chromedp.Call(actx, runtime.AddBinding, runtime.AddBindingParams{Name: captureBinding, ExecutionContextName: worldName}); err != nil {
		return fail("add binding", err)
	}
	r.bound = true
	script := sightJS + "\n" + captureJS
	added, err := chromedp.Call(actx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: script, WorldName: worldName, RunImmediately: new(true),
	})
	if err != nil {
		return fail("add capture script", err)
	}
	r.scriptID = added.Identifier
	// The documents open now: the tab's and its same-origin iframes'.
	tree, err := chromedp.Call(actx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return fail("read frames", err)
	}
	if err := injectFrames(actx, tree.FrameTree, script, true); err != nil {
		return fail("load capture script", err)
	}
	first := tree.FrameTree.Frame.URL + tree.FrameTree.Frame.URLFragment
	if first != "" && first != "about:blank" {
		title := ""
		if h, err := chromedp.Call(actx, page.GetNavigationHistory, cdp.Empty{}); err == nil && h.CurrentIndex >= 0 && int(h.CurrentIndex) < len(h.Entries) {
			title = h.Entries[h.CurrentIndex].Title
		}
		r.queue = append(r.queue, &heldEvent{ev: surfaces.UserEvent{
			Kind: surfaces.EventNavigate, Time: time.Now(), URL: first, Title: title, Value: first, Typed: true,
		}})
	}
	go func() {
		defer stop()
		defer cancel()
		r.run(rctx, detached)
	}()
	return r.out, nil
}

// injectFrames loads the capture script into flow's world of each frame
// it can reach. Only the tab's own document must succeed: a cross-site
// iframe runs in another process and is left out.
func injectFrames(ctx context.Context, ft *page.FrameTree, script string, top bool) error {
	w, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: ft.Frame.ID, WorldName: worldName})
	if err == nil {
		_, err = evalIn(ctx, w.ExecutionContextID, script)
	}
	if err != nil && top {
		return err
	}
	for _, ch := range ft.ChildFrames {
		injectFrames(ctx, ch, script, false)
	}
	return nil
}

// heldEvent is an event on its way out. Events leave in the order they
// happened; one that is not ready holds back those after it.
type heldEvent struct {
	ev       surfaces.UserEvent
	waitID   string    // a click waiting for capture.js to say whether its overlay closed
	waitLoad bool      // a navigation waiting for its document (and title)
	sameDoc  bool      // a navigation within the document (history API, fragment)
	until    time.Time // when it goes out regardless
}

func (h *heldEvent) ready(now time.Time) bool {
	return h.waitID == "" && !h.waitLoad || now.After(h.until)
}

// recorder turns the tab's events, in the order the browser sent them,
// into [surfaces.UserEvent] values.
type recorder struct {
	s    *Surface
	out  chan surfaces.UserEvent
	wake chan struct{}

	mu  sync.Mutex
	raw []any // events from the tab's loop, not yet handled

	// Owned by run.
	queue    []*heldEvent
	held     map[string]*heldEvent // by click id
	bound    bool
	scriptID page.ScriptIdentifier
	// The page as the last event going out saw it.
	pageURL, pageTitle string
}

// push runs in the tab's event loop: it only queues.
func (r *recorder) push(ev any) {
	switch ev.(type) {
	case *runtime.EventBindingCalled, *page.EventFrameNavigated, *page.EventNavigatedWithinDocument,
		*page.EventDomContentEventFired:
	default:
		return
	}
	r.mu.Lock()
	r.raw = append(r.raw, ev)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

func (r *recorder) take() []any {
	r.mu.Lock()
	defer r.mu.Unlock()
	evs := r.raw
	r.raw = nil
	return evs
}

func (r *recorder) run(ctx context.Context, detached <-chan struct{}) {
	defer close(r.out)
	defer r.cleanup()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		if !r.emit(ctx) {
			r.finish()
			return
		}
		wait := time.Hour
		if len(r.queue) > 0 {
			wait = max(time.Until(r.queue[0].until), time.Millisecond)
		}
		timer.Reset(wait)
		select {
		case <-ctx.Done():
			r.finish()
			return
		case <-detached:
			// Every event the tab sent before it went away was pushed.
			r.finish()
			return
		case <-r.wake:
			for _, ev := range r.take() {
				r.handle(ctx, ev)
			}
		case <-timer.C:
		}
	}
}

// emit sends the ready events at the front of the queue; false when ctx
// ended meanwhile.
func (r *recorder) emit(ctx context.Context) bool {
	now := time.Now()
	for len(r.queue) > 0 && r.queue[0].ready(now) {
		h := r.queue[0]
		if h.waitID != "" { // its overlay's fate did not arrive in time
			delete(r.held, h.waitID)
			h.waitID = ""
		}
		if h.ev.Kind == surfaces.EventNavigate && h.ev.Title == "" {
			h.ev.Title = r.title(ctx, h.ev.URL)
			if h.ev.Title == "" && h.sameDoc {
				// A pushed history entry has no title of its own.
				h.ev.Title = r.pageTitle
			}
		}
		if h.ev.Kind == surfaces.EventNavigate || h.ev.URL == r.pageURL {
			r.pageURL, r.pageTitle = h.ev.URL, h.ev.Title
		}
		select {
		case r.out <- h.ev:
			r.queue = r.queue[1:]
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// finish hands over what is left, without waiting for holds or for a
// reader: the channel keeps what fits.
func (r *recorder) finish() {
	for _, ev := range r.take() {
		r.handle(nil, ev)
	}
	for _, h := range r.queue {
		select {
		case r.out <- h.ev:
		default:
			return
		}
	}
}

// cleanup takes the binding and the script back when the tab is still
// there, so later documents carry no listeners.
func (r *recorder) cleanup() {
	if r.s.ctx.Err() != nil {
		return
	}
	ctx, cancel := context.WithTimeout(r.s.ctx, time.Second)
	defer cancel()
	if r.scriptID != "" {
		chromedp.Call(ctx, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: r.scriptID})
	}
	if r.bound {
		chromedp.Call(ctx, runtime.RemoveBinding, runtime.RemoveBindingParams{Name: captureBinding})
	}
}

// captureMsg is one message of capture.js.
type captureMsg struct {
	T       string      `json:"t"` // "ev", "closed" or "shown"
	Kind    string      `json:"kind"`
	Target  *captureTgt `json:"target"`
	Context string      `json:"context"`
	Overlay string      `json:"overlay"`
	Hold    bool        `json:"hold"`
	ID      string      `json:"id"`
	Closed  bool        `json:"closed"`
	Value   string      `json:"value"`
	Secret  bool        `json:"secret"`
	URL     string      `json:"url"`
	Title   string      `json:"title"`
	Heading string      `json:"heading"`
	Status  []string    `json:"status"`
}

type captureTgt struct {
	jsItem
	Path  []string `json:"path"`
	Twins int      `json:"twins"`
}

var captureKinds = map[string]surfaces.EventKind{
	"click": surfaces.EventClick, "input": surfaces.EventInput, "select": surfaces.EventSelect,
	"check": surfaces.EventCheck, "uncheck": surfaces.EventUncheck, "submit": surfaces.EventSubmit,
	"key": surfaces.EventKey,
}

// handle turns one event of the tab into queued user events. ctx is nil
// when the recording is ending: no command is sent then.
func (r *recorder) handle(ctx context.Context, raw any) {
	now := time.Now()
	switch ev := raw.(type) {
	case *runtime.EventBindingCalled:
		if ev.Name != captureBinding {
			return
		}
		var m captureMsg
		if json.Unmarshal([]byte(ev.Payload), &m) != nil {
			return
		}
		if m.T == "closed" {
			if h := r.held[m.ID]; h != nil {
				h.ev.Closed = m.Closed
				h.waitID = ""
				delete(r.held, m.ID)
			}
			return
		}
		if m.T == "shown" {
			r.queue = append(r.queue, &heldEvent{ev: surfaces.UserEvent{Kind: surfaces.EventShown, Time: now, URL: m.URL, Title: m.Title,
				Heading: m.Heading, Status: m.Status}})
			return
		}
		kind, ok := captureKinds[m.Kind]
		if m.T != "ev" || !ok {
			return
		}
		ue := surfaces.UserEvent{Kind: kind, Time: now, URL: m.URL, Title: m.Title, Context: m.Context, Overlay: m.Overlay, Value: m.Value, Secret: m.Secret}
		if m.Target != nil {
			ue.Target, ue.Twins = m.Target.candidate(), m.Target.Twins
		}
		if ue.Target.InputType == "password" {
			ue.Secret = true
		}
		if ue.Secret {
			ue.Value = "" // capture.js sends none; never let one through
		}
		h := &heldEvent{ev: ue}
		if m.Hold && m.ID != "" {
			h.waitID, h.until = m.ID, now.Add(clickHold)
			r.held[m.ID] = h
		}
		r.queue = append(r.queue, h)

	case *page.EventFrameNavigated:
		if ev.Frame == nil || ev.Frame.ParentID != "" {
			return
		}
		url := ev.Frame.URL + ev.Frame.URLFragment
		// The old document is gone: its clicks' overlays closed or not,
		// nobody will say any more.
		r.release()
		if url == "" || url == "about:blank" || strings.HasPrefix(url, "chrome-error://") {
			return
		}
		typed := false
		if ctx != nil {
			typed = r.typed(ctx, url)
		}
		r.queue = append(r.queue, &heldEvent{
			ev:       surfaces.UserEvent{Kind: surfaces.EventNavigate, Time: now, URL: url, Value: url, Typed: typed},
			waitLoad: true, until: now.Add(navHold),
		})

	case *page.EventNavigatedWithinDocument:
		if string(ev.FrameID) != string(r.s.tid) {
			return
		}
		// A history.pushState or #fragment change: the page's own doing,
		// the click that caused it is recorded already.
		r.queue = append(r.queue, &heldEvent{ev: surfaces.UserEvent{Kind: surfaces.EventNavigate, Time: now, URL: ev.URL, Value: ev.URL}, sameDoc: true})

	case *page.EventDomContentEventFired:
		for _, h := range r.queue {
			h.waitLoad = false
		}
	}
}

// release lets held clicks go with what is known.
func (r *recorder) release() {
	for id, h := range r.held {
		h.waitID = ""
		delete(r.held, id)
	}
}

// typedTransitions are the transitions a person starts (address bar,
// bookmark, reload, start page) as opposed to a link, a form or a frame.
var typedTransitions = map[page.TransitionType]bool{
	page.TransitionTypeTyped: true, page.TransitionTypeAddressBar: true, page.TransitionTypeAutoBookmark: true,
	page.TransitionTypeGenerated: true, page.TransitionTypeAutoToplevel: true, page.TransitionTypeReload: true,
	page.TransitionTypeKeyword: true, page.TransitionTypeKeywordGenerated: true,
}

// typed reports whether the history entry of the navigation to url says
// the person started it. The browser updates its history around the
// renderer's event, and answers "not attached to an active page" while
// it swaps the page's host, so the entry is asked again for a moment.
func (r *recorder) typed(ctx context.Context, url string) bool {
	e, ok := r.entry(ctx, url, 25)
	return ok && typedTransitions[e.TransitionType]
}

// title reads the title of the current history entry when it is url. The
// browser learns a document's title a moment after the document parsed
// it, later on a busy machine (a navigation went out untitled in one
// test run of many under load): an entry without one is asked again, for
// up to titleWait.
func (r *recorder) title(ctx context.Context, url string) string {
	deadline := time.Now().Add(titleWait)
	for {
		e, _ := r.entry(ctx, url, 3)
		if e.Title != "" || !time.Now().Before(deadline) || sleep(ctx, 20*time.Millisecond) != nil {
			return e.Title
		}
	}
}

// titleWait bounds the wait for a navigation's title: a page without one
// holds its navigation event this long.
const titleWait = 500 * time.Millisecond

// entry returns the tab's current history entry once it is url, asking
// up to attempts times, 20 ms apart.
func (r *recorder) entry(ctx context.Context, url string, attempts int) (page.NavigationEntry, bool) {
	for attempt := 0; attempt < attempts; attempt++ {
		if attempt > 0 && sleep(ctx, 20*time.Millisecond) != nil {
			break
		}
		hctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		h, err := chromedp.Call(hctx, page.GetNavigationHistory, cdp.Empty{})
		cancel()
		if err != nil || h.CurrentIndex < 0 || int(h.CurrentIndex) >= len(h.Entries) {
			continue
		}
		if e := h.Entries[h.CurrentIndex]; e != nil && e.URL == url {
			return *e, true
		}
	}
	return page.NavigationEntry{}, false
}

// candidate converts what capture.js named into a ref-less candidate.
func (t *captureTgt) candidate() surfaces.Candidate {
	c := surfaces.Candidate{
		Role: t.Role, Name: t.Name, Description: t.Description, Path: t.Path, Bounds: t.Bounds,
		Label: t.Label, Placeholder: t.Placeholder, InputType: t.InputType, Autocomplete: t.Autocomplete,
		Editable: t.Editable, Options: t.Options, Nth: t.Nth, Frame: t.Frame,
	}
	for _, st := range t.States {
		c.States = append(c.States, surfaces.State(st))
	}
	return c
}
