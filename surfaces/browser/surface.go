package browser

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

//go:embed sight.js
var sightJS string

// worldName names flow's isolated world in every document.
const worldName = "flow"

// SurfaceOptions configures one surface on a shared [Browser].
type SurfaceOptions struct {
	// Allow lists the allowed origins (see [Options.Allow]); nil takes the
	// browser's list.
	Allow []string
	// NewPage, on an attached browser, opens a fresh tab instead of taking
	// over the active page. A launched browser always gives a fresh tab.
	NewPage bool
	// Isolated, with NewPage on an attached browser, opens that tab in a
	// browser context of its own, as a launched browser does: surfaces
	// that share a remote browser (a suite's workers) then share no
	// cookies or storage.
	Isolated bool
}

// Surface is one browser tab driven through chromedp. It implements
// [surfaces.Surface]. Use it from one goroutine at a time.
type Surface struct {
	b      *Browser
	owns   bool // Close also closes (or disconnects) the browser
	opts   Options
	ctx    context.Context // the tab's chromedp context
	cancel context.CancelFunc
	tid    target.ID

	mu        sync.Mutex
	rules     surfaces.Origins
	blocked   []string
	popups    []string
	lastPopup time.Time // when the interceptor last decided a popup's request
	behind    bool      // a window the tab opened took the front (see front)
	sent      []string  // requests since the last act began (see sentByAct)
	popupOK   []string
	dialogs   []surfaces.Dialog
	inflight  map[network.RequestID]time.Time
	// sentIDs places the requests of sent by their id, so statuses (one
	// for each of sent) can hold how each was answered.
	sentIDs  map[network.RequestID]int
	statuses []int
	lastNet  time.Time
	netEnded chan struct{} // a token when a request ends or a load stops (settle waits on it)
	loading  bool          // the tab's main frame is loading a document
	navs     uint64        // documents the tab's main frame has committed
	url      string        // the main frame's address, as its events tell; "" before the first

	main   *frameConn               // the tab's own document
	oopifs map[target.ID]*frameConn // cross-site iframes, each its own target
	refs   map[string]refTarget     // surface ref ("e3") → element
	byJS   map[string]string        // sight.js ref → surface ref
	nextE  int
	nextT  int

	recording atomic.Bool // Record was called (it runs once per surface)

	pendingKey string // the name pending.js answers to in the page's world (pending.go)
	heard      bool   // the last settle ended on the page's answer (see location)

	video    *Video                // the video StartVideo records, until it stops (screencast.go)
	secrets  []string              // values secret fills typed, for the video's veil (veil.go)
	veilDocs page.ScriptIdentifier // veil.js for documents opened while a video runs (veil.go)
}

var (
	_ surfaces.Surface = (*Surface)(nil)
	_ surfaces.Allower = (*Surface)(nil)
)

// Launch starts a Chromium of its own and returns a surface on it; closing
// the surface closes the browser. opts.BrowserURL makes it attach instead.
func Launch(ctx context.Context, opts Options) (*Surface, error) {
	b, err := Start(ctx, opts)
	if err != nil {
		return nil, err
	}
	s, err := b.NewSurface(ctx, SurfaceOptions{NewPage: opts.NewPage})
	if err != nil {
		b.Close()
		return nil, err
	}
	s.owns = true
	return s, nil
}

// Attach connects to a running browser at url (http://host:port or ws://…)
// and returns a surface on its active page (or a new tab with
// opts.NewPage). Closing the surface disconnects and leaves the browser
// running.
func Attach(ctx context.Context, url string, opts Options) (*Surface, error) {
	opts.BrowserURL = url
	return Launch(ctx, opts)
}

// NewSurface makes a surface on the browser: in a launched browser a tab in
// a fresh browser context (isolated cookies and storage) — or in the
// default context with a persistent profile —, in an attached browser the
// active page or a new tab.
func (b *Browser) NewSurface(ctx context.Context, so SurfaceOptions) (*Surface, error) {
	allow := so.Allow
	if allow == nil {
		allow = b.opts.Allow
	}
	rules, err := surfaces.ParseOrigins(allow)
	if err != nil {
		return nil, err
	}
	s := &Surface{
		b: b, opts: b.opts, rules: rules,
		inflight: map[network.RequestID]time.Time{},
		netEnded: make(chan struct{}, 1),
		sentIDs:  map[network.RequestID]int{},
		refs:     map[string]refTarget{}, byJS: map[string]string{},
		oopifs: map[target.ID]*frameConn{},
	}
	var copts []chromedp.ContextOption
	switch {
	case b.attached && !so.NewPage:
		id, err := b.activePage(ctx)
		if err != nil {
			return nil, err
		}
		// A page a person handed over stays open when we let go.
		copts = append(copts, chromedp.WithTargetID(id), chromedp.WithDetachOnCancel())
	case b.attached && so.Isolated:
		copts = append(copts, chromedp.WithNewBrowserContext())
	case b.attached || b.opts.Profile != "":
		// A new tab in the default context, which keeps the profile's state.
	default:
		copts = append(copts, chromedp.WithNewBrowserContext())
	}
	s.ctx, s.cancel = chromedp.NewContext(b.ctx, copts...)
	// The first Do attaches the tab and must not carry a deadline (the tab's
	// event loop lives on its context), so the caller's ctx only abandons it.
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(s.ctx) }()
	select {
	case err = <-done:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		s.cancel()
		return nil, fmt.Errorf("open tab: %w", err)
	}
	s.tid = chromedp.FromContext(s.ctx).Target.TargetID
	if s.main, err = newFrameConn(s.ctx, nil, s.opts.ActTimeout); err != nil {
		s.cancel()
		return nil, err
	}
	if err := chromedp.Listen(s.ctx, s.onEvent); err != nil {
		s.cancel()
		return nil, err
	}
	b.register(s.tid, s)
	// The page scripts, the binding observeWire sends its parts through
	// and the viewport are independent commands: asked side by side, the
	// tab is ready after the slowest (sight.js, ~18 ms to register) rather
	// than after all of them in turn.
	pctx, pcancel := s.actCtx(ctx)
	var pendingErr, sightErr, viewErr error
	var wg sync.WaitGroup
	wg.Go(func() { pendingErr = s.installPending(pctx) })
	wg.Go(func() { sightErr = s.main.installSight(pctx) })
	wg.Go(func() { s.main.bind(pctx) })
	if !b.attached {
		wg.Go(func() {
			_, viewErr = chromedp.Call(pctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: int64(b.opts.Width), Height: int64(b.opts.Height), DeviceScaleFactor: 1,
			})
		})
	}
	wg.Wait()
	pcancel()
	if err := cmp.Or(pendingErr, sightErr); err != nil {
		s.Close()
		return nil, fmt.Errorf("load page scripts: %w", err)
	}
	if viewErr != nil {
		s.Close()
		return nil, fmt.Errorf("set viewport: %w", viewErr)
	}
	return s, nil
}

// Kind returns [surfaces.KindBrowser].
func (s *Surface) Kind() surfaces.Kind { return surfaces.KindBrowser }

// SetAllow replaces the allowed origins (see [Options.Allow]).
func (s *Surface) SetAllow(patterns []string) error {
	rules, err := surfaces.ParseOrigins(patterns)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.rules = rules
	s.mu.Unlock()
	return nil
}

// Close closes the tab (or lets go of an attached page) and, for a surface
// from [Launch] or [Attach], the browser (an attached browser is only
// disconnected).
func (s *Surface) Close() error {
	s.stopVideo()
	s.b.unregister(s.tid)
	for _, fc := range s.oopifs {
		fc.cancel()
	}
	s.cancel()
	if s.owns {
		return s.b.Close()
	}
	return nil
}

func (s *Surface) allowed(url string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rules.Allows(url)
}

// front brings the tab back in front of a window it opened. A tab behind
// another is hidden, and Chromium then answers its input events only
// after seconds (5 s a click, behind a blank window the page opened and
// never loaded: TestSettleWaitsForTheWindowsAnActOpens).
func (s *Surface) front(ctx context.Context) {
	s.mu.Lock()
	behind := s.behind
	s.behind = false
	s.mu.Unlock()
	if behind {
		chromedp.Call(ctx, page.BringToFront, cdp.Empty{})
	}
}

// popupSince reports whether the interceptor decided a popup's request
// at or after t.
func (s *Surface) popupSince(t time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.lastPopup.Before(t)
}

// noteRequest records a document request the interceptor decided.
func (s *Surface) noteRequest(url string, allowed, popup bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !allowed {
		s.blocked = append(s.blocked, url)
	}
	if popup {
		s.popups = append(s.popups, url)
		s.lastPopup = time.Now()
		if allowed {
			s.popupOK = append(s.popupOK, url)
		}
	}
}

// onEvent runs in the tab's event loop: it must return fast and send no
// command, so dialogs are answered from a goroutine.
func (s *Surface) onEvent(ev any) {
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if ev.Type == network.ResourceTypeWebSocket || ev.Type == network.ResourceTypeEventSource {
			return
		}
		// The browser's own fetches for its window (the tab's icon, asked
		// for after the load event) are not the page's activity: no script
		// of it waits for them. An iframe's document here is left out too:
		// it never reports its end when a cross-site iframe loads it in its
		// own process (and target).
		if browserOwn(ev) || ev.Type == network.ResourceTypeDocument && string(ev.FrameID) != string(s.tid) {
			return
		}
		s.mu.Lock()
		s.inflight[ev.RequestID] = time.Now()
		s.lastNet = time.Now()
		if ev.RedirectResponse != nil {
			// The same request id goes on to the redirect's target: the
			// request sent so far was answered with the redirect.
			s.answered(ev.RequestID, int(ev.RedirectResponse.Status))
		}
		if sentByAct(ev) && ev.RedirectResponse == nil {
			s.sent = append(s.sent, ev.Request.Method+" "+ev.Request.URL)
			s.statuses = append(s.statuses, 0)
			s.sentIDs[ev.RequestID] = len(s.sent) - 1
		}
		s.mu.Unlock()
	case *network.EventLoadingFinished:
		s.netDone(ev.RequestID)
	case *network.EventResponseReceived:
		if ev.Response != nil {
			s.mu.Lock()
			s.answered(ev.RequestID, int(ev.Response.Status))
			s.mu.Unlock()
		}
		// A fetch whose body the page never reads never finishes loading;
		// its response is the end that matters for settling.
		if ev.Type == network.ResourceTypeFetch || ev.Type == network.ResourceTypeXHR {
			s.netDone(ev.RequestID)
		}
	case *network.EventLoadingFailed:
		s.mu.Lock()
		s.answered(ev.RequestID, -1)
		s.mu.Unlock()
		s.netDone(ev.RequestID)
	case *page.EventFrameStartedLoading:
		if string(ev.FrameID) == string(s.tid) {
			s.mu.Lock()
			s.loading = true
			s.mu.Unlock()
		}
	case *page.EventFrameNavigated:
		if ev.Frame != nil && ev.Frame.ParentID == "" {
			s.mu.Lock()
			s.navs++
			s.url = ev.Frame.URL + ev.Frame.URLFragment
			s.mu.Unlock()
		}
	case *page.EventNavigatedWithinDocument:
		// A fragment, or the history API: the same document, a new address.
		if string(ev.FrameID) == string(s.tid) {
			s.mu.Lock()
			s.url = ev.URL
			s.mu.Unlock()
		}
	case *page.EventFrameStoppedLoading:
		if string(ev.FrameID) == string(s.tid) {
			s.mu.Lock()
			s.loading = false
			s.mu.Unlock()
			s.noteNetEnded()
		}
	case *page.EventJavascriptDialogOpening:
		accept := true
		switch ev.Type {
		case page.DialogTypePrompt:
			accept = false
		case page.DialogTypeConfirm, page.DialogTypeBeforeunload:
			accept = !s.opts.DismissDialogs
		}
		s.mu.Lock()
		s.dialogs = append(s.dialogs, surfaces.Dialog{Type: string(ev.Type), Message: ev.Message, Accepted: accept})
		s.mu.Unlock()
		go func() {
			ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
			defer cancel()
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: accept})
		}()
	}
}

// sentByAct reports whether a request is an effect a press can have: one
// that changes state (any method but GET, HEAD and OPTIONS: a form post, a
// fetch POST, a beacon) or a navigation of the document. A GET fetch only
// reads, and a page's own poll on a timer is no effect of the press
// (Chromium marks it as under a user gesture once the page was clicked, so
// that flag cannot tell them apart).
func sentByAct(ev *network.EventRequestWillBeSent) bool {
	if ev.Request == nil {
		return false
	}
	m := ev.Request.Method
	return m != "GET" && m != "HEAD" && m != "OPTIONS" || ev.Type == network.ResourceTypeDocument
}

// answered notes the status a request an act sent was answered with (-1
// when it failed), the first answer only: a redirect's target answers
// for itself. The caller holds s.mu.
func (s *Surface) answered(id network.RequestID, status int) {
	if i, ok := s.sentIDs[id]; ok && i < len(s.statuses) && s.statuses[i] == 0 {
		s.statuses[i] = status
	}
}

// browserOwn reports whether a request is the browser's own rather than
// the page's: a fetch of no resource type the page's markup or scripts
// make, that no part of the page started (the tab's icon, whatever its
// name: /favicon.ico by default, or a link rel=icon's address).
func browserOwn(ev *network.EventRequestWillBeSent) bool {
	return ev.Type == network.ResourceTypeOther && ev.Initiator != nil && ev.Initiator.Type == network.InitiatorTypeOther
}

func (s *Surface) netDone(id network.RequestID) {
	s.mu.Lock()
	_, ok := s.inflight[id]
	if ok {
		delete(s.inflight, id)
		s.lastNet = time.Now()
	}
	s.mu.Unlock()
	if ok {
		s.noteNetEnded()
	}
}

// noteNetEnded wakes a settle waiting on the network, or leaves it a token
// for its next wait (which then looks at the network once more for
// nothing).
func (s *Surface) noteNetEnded() {
	select {
	case s.netEnded <- struct{}{}:
	default:
	}
}

// actCtx derives a context for commands on the tab that ends with the
// caller's ctx or after the act timeout.
func (s *Surface) actCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return actCtx(s.ctx, ctx, s.opts.ActTimeout)
}

func actCtx(target, caller context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d == 0 {
		d = 15 * time.Second
	}
	c, cancel := context.WithTimeout(target, d)
	stop := context.AfterFunc(caller, cancel)
	return c, func() { stop(); cancel() }
}

type jsItem struct {
	Ref          string            `json:"ref"`
	Role         string            `json:"role"`
	Name         string            `json:"name"`
	Description  string            `json:"description"`
	Value        string            `json:"value"`
	States       []surfaces.State  `json:"states"`
	PathIndex    int               `json:"pi"`
	Bounds       surfaces.Bounds   `json:"bounds"`
	Label        string            `json:"label"`
	Placeholder  string            `json:"placeholder"`
	Frame        string            `json:"frame"`
	InputType    string            `json:"inputType"`
	Autocomplete string            `json:"autocomplete"`
	Editable     bool              `json:"editable"`
	Options      []surfaces.Option `json:"options"`
	Nth          int               `json:"nth"`
}

type jsLine struct {
	Frame     string `json:"frame"`
	Ref       string `json:"ref"`
	Text      string `json:"text"`
	Role      string `json:"role"`
	PathIndex int    `json:"pi"`
	Next      int    `json:"next"`
	Column    string `json:"col"`
}

type jsScreen struct {
	URL   string     `json:"url"`
	Title string     `json:"title"`
	Layer string     `json:"layer"`
	Items []jsItem   `json:"items"`
	Lines []jsLine   `json:"lines"`
	Paths [][]string `json:"paths"`
	// Behind holds the items a modal covers that were sent before the
	// walk met the modal (observeWire's parts): their states lack it.
	Behind []int `json:"-"`
}

// path returns the shared path of index i; candidates on one path share
// one slice (full capacity, so an append by a caller copies).
func (js jsScreen) path(i int) []string {
	if i < 0 || i >= len(js.Paths) || len(js.Paths[i]) == 0 {
		return nil
	}
	p := js.Paths[i]
	return p[:len(p):len(p)]
}

// surfaceRef maps a sight.js ref to the short ref shown to callers; the
// same element keeps the same short ref for as long as its document lives.
func (s *Surface) surfaceRef(fc *frameConn, js string, text bool) string {
	if r, ok := s.byJS[js]; ok {
		return r
	}
	var r string
	if text {
		s.nextT++
		r = "t" + strconv.Itoa(s.nextT)
	} else {
		s.nextE++
		r = "e" + strconv.Itoa(s.nextE)
	}
	s.byJS[js] = r
	s.refs[r] = refTarget{js: js, fc: fc}
	return r
}

// Observe reads the rendered page: candidates, context lines, layer and
// fingerprint.
func (s *Surface) Observe(ctx context.Context) (surfaces.Screen, error) {
	actx, cancel := s.actCtx(ctx)
	defer cancel()
	targets := s.listTargets() // for cross-site iframes, asked beside the page
	sc := surfaces.Screen{Surface: surfaces.KindBrowser}
	add := s.adder(&sc, s.main, "", 0, 0)
	js, err := s.main.observe(actx, add.add)
	if err != nil {
		return surfaces.Screen{}, fmt.Errorf("observe: %w", err)
	}
	sc.URL, sc.Title, sc.Layer = js.URL, js.Title, surfaces.Layer(js.Layer)
	add.finish(&js)
	s.observeOOPIFs(ctx, &sc, targets)
	sc.Fingerprint = surfaces.Fingerprint(sc)
	return sc, nil
}

// frameAdder converts what sight.js saw in one frame into a screen's
// candidates and context lines part by part, as the parts come, shifting
// bounds by the frame's offset in the top viewport.
type frameAdder struct {
	s      *Surface
	sc     *surfaces.Screen
	fc     *frameConn
	frame  string
	ox, oy float64
	base   int // the frame's first candidate in sc
	lines0 int // its first line in sc
	items  int // how many of the frame's items are in sc
	lines  int // and of its lines
}

// adder returns the frameAdder of one frame whose candidates and lines
// start at the end of sc's, making room in sc for as many as the frame's
// last observation held.
func (s *Surface) adder(sc *surfaces.Screen, fc *frameConn, frame string, ox, oy float64) *frameAdder {
	sc.Candidates = slices.Grow(sc.Candidates, sizeHint(fc.lastItems))
	sc.Context = slices.Grow(sc.Context, sizeHint(fc.lastLines))
	return &frameAdder{s: s, sc: sc, fc: fc, frame: frame, ox: ox, oy: oy, base: len(sc.Candidates), lines0: len(sc.Context)}
}

// add converts the items and lines of js not yet in the screen;
// restarted drops those of the frame's earlier start.
func (a *frameAdder) add(js *jsScreen, restarted bool) {
	sc := a.sc
	if restarted {
		sc.Candidates, sc.Context = sc.Candidates[:a.base], sc.Context[:a.lines0]
		a.items, a.lines = 0, 0
	}
	sc.Candidates = slices.Grow(sc.Candidates, len(js.Items)-a.items)
	for ; a.items < len(js.Items); a.items++ {
		it := &js.Items[a.items] // js is this call's own: no copy of each item
		if a.frame != "" {
			it.Frame = a.frame
			it.Bounds.X += a.ox
			it.Bounds.Y += a.oy
		}
		c := surfaces.Candidate{
			Ref: a.s.surfaceRef(a.fc, it.Ref, false), Role: it.Role, Name: it.Name, Description: it.Description,
			Value: it.Value, Path: js.path(it.PathIndex), Bounds: it.Bounds, Label: it.Label, Placeholder: it.Placeholder,
			InputType: it.InputType, Autocomplete: it.Autocomplete, Editable: it.Editable,
			Options: it.Options, Nth: it.Nth, Frame: it.Frame,
		}
		if it.InputType == "password" {
			c.Value = "" // sight.js sends none; never let one through
		}
		c.States = it.States // shared between candidates with equal states, capped
		sc.Candidates = append(sc.Candidates, c)
	}
	sc.Context = slices.Grow(sc.Context, len(js.Lines)-a.lines)
	for ; a.lines < len(js.Lines); a.lines++ {
		l := js.Lines[a.lines]
		if a.frame != "" {
			l.Frame = a.frame
		}
		sc.Context = append(sc.Context, surfaces.ContextLine{Ref: a.s.surfaceRef(a.fc, l.Ref, true), Text: l.Text, Role: l.Role, Path: js.path(l.PathIndex), Frame: l.Frame, Next: a.base + l.Next, Column: l.Column})
	}
}

// finish converts the rest of the frame's walk, and marks covered the
// candidates a modal covers that were sent before the walk met it.
func (a *frameAdder) finish(js *jsScreen) {
	a.add(js, false)
	for _, i := range js.Behind {
		c := &a.sc.Candidates[a.base+i]
		c.States = withState(c.States, surfaces.StateCovered)
	}
}
