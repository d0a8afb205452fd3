package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"flow/surfaces"
)

// Options configures how a browser is launched or attached to, and the
// surfaces made on it.
type Options struct {
	// ExecPath is the Chromium binary; empty finds one (see [FindChromium]).
	ExecPath string
	// Headed shows a window instead of running headless.
	Headed bool
	// Profile names a persistent profile kept under
	// os.UserConfigDir()/flow/profiles/NAME; empty uses a temporary profile
	// that is deleted on close.
	Profile string
	// BrowserURL attaches to a running browser (http://host:port or a ws://
	// endpoint) instead of launching one.
	BrowserURL string
	// NewPage, when attached, opens a fresh tab instead of taking over the
	// browser's active page.
	NewPage bool
	// Allow lists the origins documents may load from (host, host:port,
	// *.domain, or a URL whose origin is taken); empty allows all.
	Allow []string
	// Width and Height set the viewport of a launched browser (default
	// 1280×800).
	Width, Height int
	// SettleTimeout caps the wait for quiet after each act (default 5s).
	SettleTimeout time.Duration
	// Settle sets the windows that decide when a page is quiet; zero
	// fields take [DefaultSettle]'s.
	Settle SettleWindows
	// ActTimeout bounds one operation, settling excluded (default 15s).
	ActTimeout time.Duration
	// DismissDialogs answers confirm and beforeunload with "cancel" instead
	// of "OK". Alerts are always accepted and prompts dismissed.
	DismissDialogs bool
}

// SettleWindows are the windows of a settle (see [Surface.Settle]). A
// window is time the page must stay still before it counts as quiet: each
// costs its length on every act that starts what it watches, and protects
// an effect that shows up to that long after the last sign of activity.
type SettleWindows struct {
	// Start is the least time the settle of an act from the browser's
	// side (a navigation, going back) or in a cross-site frame takes, so
	// that a request, navigation or render the act set off has time to
	// show itself (its events come from the browser at their own pace).
	// An act on an element of the tab's document has none: the page's
	// answer to the settle comes after all of them (see Surface.settle).
	Start time.Duration
	// Network is how long no request may have started or ended: a
	// response's rendering, or the request it leads to, comes within it.
	Network time.Duration
	// DOM is how long the document must have gone without a change (the
	// end of a response's body counts as one): a render after a response,
	// or in several steps (a list, then its items), comes within it.
	DOM time.Duration
}

// DefaultSettle are the settle windows a surface uses unless told
// otherwise, measured on the example flows, the trust corpus and
// MiniWoB++ (docs/runtime.md, "Settling").
var DefaultSettle = SettleWindows{Start: 5 * time.Millisecond, Network: 20 * time.Millisecond, DOM: 20 * time.Millisecond}

func (w SettleWindows) withDefaults() SettleWindows {
	if w.Start == 0 {
		w.Start = DefaultSettle.Start
	}
	if w.Network == 0 {
		w.Network = DefaultSettle.Network
	}
	if w.DOM == 0 {
		w.DOM = DefaultSettle.DOM
	}
	return w
}

func (o Options) withDefaults() Options {
	if o.Width == 0 {
		o.Width = 1280
	}
	if o.Height == 0 {
		o.Height = 800
	}
	if o.SettleTimeout == 0 {
		o.SettleTimeout = 5 * time.Second
	}
	o.Settle = o.Settle.withDefaults()
	if o.ActTimeout == 0 {
		o.ActTimeout = 15 * time.Second
	}
	return o
}

// Browser is one Chromium, launched or attached, that serves many surfaces,
// each in its own browser context (or, attached, on an existing page).
type Browser struct {
	opts     Options
	attached bool
	ctx      context.Context // the chromedp context that owns the connection
	cancel   context.CancelFunc
	cancelA  context.CancelFunc
	cdpb     *chromedp.Browser
	tempDir  string

	mu     sync.Mutex
	owners map[target.ID]*Surface // tab target → its surface, for the interceptor
	closed bool
}

// FindChromium returns the Chromium binary to launch:
// /usr/lib/chromium/chromium where present (the real binary, not Debian's
// wrapper script), else chromium, chromium-browser or google-chrome on the
// PATH.
func FindChromium() (string, error) {
	if st, err := os.Stat("/usr/lib/chromium/chromium"); err == nil && !st.IsDir() {
		return "/usr/lib/chromium/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found: install chromium, or pass its path (--browser-path), or attach with --browser-url")
}

// ProfileDir returns the directory of the named persistent profile.
func ProfileDir(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return "", fmt.Errorf("profile name %q: want a plain name such as \"work\"", name)
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("profile %q: %w", name, err)
	}
	return filepath.Join(base, "flow", "profiles", name), nil
}

// Flags returns the command-line switches flow launches Chromium with
// (besides the profile directory), as "--name" or "--name=value"; the
// comparison benchmark starts its browser with the same list.
func Flags(headed bool) []string {
	fl := []string{
		"--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--no-default-browser-check", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--disable-extensions",
		"--disable-default-apps", "--disable-breakpad", "--disable-dev-shm-usage",
		// WebUIOmniboxPopup and WebUIOmniboxAimPopup: Chromium 156 preloads
		// its address bar's popups as two renderers even when headless,
		// which spend over a second of CPU in the browser's first seconds
		// (measured: 1.1 s in the first 4 s), the time of a run's first
		// steps on a machine of two cores.
		"--disable-features=Translate,BackForwardCache,MediaRouter,OptimizationHints,WebUIOmniboxPopup,WebUIOmniboxAimPopup",
		"--disable-back-forward-cache", "--disable-popup-blocking",
		"--disable-background-timer-throttling", "--disable-renderer-backgrounding",
		"--disable-backgrounding-occluded-windows", "--disable-hang-monitor",
		"--disable-client-side-phishing-detection", "--password-store=basic",
		"--use-mock-keychain", "--metrics-recording-only", "--force-color-profile=srgb",
	}
	if !headed {
		fl = append(fl, "--headless", "--hide-scrollbars", "--mute-audio")
	}
	return fl
}

// Start launches Chromium, or attaches when opts.BrowserURL is set. ctx
// bounds only the start; the browser lives until [Browser.Close].
func Start(ctx context.Context, opts Options) (*Browser, error) {
	opts = opts.withDefaults()
	if _, err := surfaces.ParseOrigins(opts.Allow); err != nil {
		return nil, err
	}
	b := &Browser{opts: opts, owners: map[target.ID]*Surface{}}
	var allocCtx context.Context
	if opts.BrowserURL != "" {
		b.attached = true
		u := opts.BrowserURL
		var ropts []remote.Option
		if strings.HasPrefix(u, "ws://") || strings.HasPrefix(u, "wss://") {
			ropts = append(ropts, remote.NoModifyURL)
		}
		allocCtx, b.cancelA = remote.NewAllocator(context.Background(), u, ropts...)
	} else {
		path := opts.ExecPath
		if path == "" {
			p, err := FindChromium()
			if err != nil {
				return nil, err
			}
			path = p
		}
		dir := ""
		if opts.Profile != "" {
			d, err := ProfileDir(opts.Profile)
			if err != nil {
				return nil, err
			}
			if err := os.MkdirAll(d, 0o700); err != nil {
				return nil, fmt.Errorf("profile %q: %w", opts.Profile, err)
			}
			dir = d
		} else {
			d, err := os.MkdirTemp("", "flow-chromium-")
			if err != nil {
				return nil, err
			}
			dir, b.tempDir = d, d
		}
		aopts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.UserDataDir(dir),
			chromedp.WindowSize(opts.Width, opts.Height),
		}
		for _, f := range Flags(opts.Headed) {
			name, value, hasValue := strings.Cut(strings.TrimPrefix(f, "--"), "=")
			if hasValue {
				aopts = append(aopts, chromedp.Flag(name, value))
			} else {
				aopts = append(aopts, chromedp.Flag(name, true))
			}
		}
		if opts.Headed {
			aopts = append(aopts, chromedp.VisibleWindow)
		}
		allocCtx, b.cancelA = chromedp.NewExecAllocator(context.Background(), aopts...)
	}
	b.ctx, b.cancel = chromedp.NewContext(allocCtx)

	// The first call owns the browser, so it runs without the caller's
	// deadline; the deadline instead abandons and closes it.
	started := make(chan error, 1)
	go func() {
		if b.attached {
			_, err := chromedp.Targets(b.ctx)
			started <- err
		} else {
			started <- chromedp.Do(b.ctx)
		}
	}()
	select {
	case err := <-started:
		if err != nil {
			b.shutdown()
			if b.attached {
				return nil, fmt.Errorf("attach to %s: %w", opts.BrowserURL, err)
			}
			return nil, fmt.Errorf("launch chromium: %w", err)
		}
	case <-ctx.Done():
		b.shutdown()
		return nil, fmt.Errorf("start browser: %w", ctx.Err())
	}
	b.cdpb = chromedp.FromContext(b.ctx).Browser
	if err := b.intercept(); err != nil {
		b.shutdown()
		return nil, err
	}
	if err := chromedp.ListenBrowser(b.ctx, b.onEvent); err != nil {
		b.shutdown()
		return nil, fmt.Errorf("follow the browser's windows: %w", err)
	}
	return b, nil
}

// onEvent runs in the browser's event loop (fast, no commands): it tells
// a surface that its tab opened a window, which took the front.
func (b *Browser) onEvent(ev any) {
	e, ok := ev.(*target.EventTargetCreated)
	if !ok || e.TargetInfo == nil || e.TargetInfo.Type != "page" || e.TargetInfo.OpenerID == "" {
		return
	}
	b.mu.Lock()
	owner := b.owners[e.TargetInfo.OpenerID]
	b.mu.Unlock()
	if owner != nil {
		owner.mu.Lock()
		owner.behind = true
		owner.mu.Unlock()
	}
}

// Attached reports whether the browser was attached to rather than launched.
func (b *Browser) Attached() bool { return b.attached }

// Close closes a launched browser, waiting until its processes are gone, or
// disconnects from an attached one, leaving it running. Surfaces made on it
// stop working.
func (b *Browser) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	b.mu.Unlock()
	var err error
	if !b.attached {
		// b.ctx carries the chromedp context; the timeout only bounds the
		// graceful close, after which the process is killed.
		cctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
		err = chromedp.Cancel(cctx)
		cancel()
		if errors.Is(err, context.Canceled) {
			err = nil
		}
	}
	b.shutdown()
	return err
}

func (b *Browser) shutdown() {
	if b.cancel != nil {
		b.cancel()
	}
	if b.cancelA != nil {
		b.cancelA()
	}
	if b.tempDir != "" {
		os.RemoveAll(b.tempDir)
	}
}

// intercept enables request interception for documents on the whole
// browser, so navigations of every tab and of every popup are decided
// before they leave the machine (a popup's own target would otherwise load
// before anyone could enable Fetch on it).
func (b *Browser) intercept() error {
	evs := chromedp.BrowserEvents(b.ctx, fetch.RequestPaused)
	if _, err := cdp.Call(b.ctx, b.cdpb, fetch.Enable, fetch.EnableParams{
		Patterns: []*fetch.RequestPattern{{URLPattern: "*", ResourceType: network.ResourceTypeDocument}},
	}); err != nil {
		return fmt.Errorf("enable origin control: %w", err)
	}
	go func() {
		for ev, err := range evs {
			if err != nil {
				return
			}
			b.decide(ev)
		}
	}()
	return nil
}

// decide continues or fails one paused document request.
func (b *Browser) decide(ev fetch.EventRequestPaused) {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	proceed := func() {
		cdp.Call(ctx, b.cdpb, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
	}
	b.mu.Lock()
	owner := b.owners[target.ID(ev.FrameID)]
	b.mu.Unlock()
	popup := false
	if owner == nil {
		// Not a tab of ours: maybe a popup one of ours opened, maybe a
		// subframe (frames are not targets), maybe another tab.
		info, err := cdp.Call(ctx, b.cdpb, target.GetTargetInfo, target.GetTargetInfoParams{TargetID: target.ID(ev.FrameID)})
		if err != nil || info.TargetInfo == nil || info.TargetInfo.Type != "page" || info.TargetInfo.OpenerID == "" {
			proceed()
			return
		}
		b.mu.Lock()
		owner = b.owners[info.TargetInfo.OpenerID]
		b.mu.Unlock()
		if owner == nil {
			proceed()
			return
		}
		popup = true
	}
	url := ev.Request.URL
	if ev.Request.URLFragment != "" {
		url += ev.Request.URLFragment
	}
	allowed := owner.allowed(url)
	if allowed {
		proceed()
	} else {
		cdp.Call(ctx, b.cdpb, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
	}
	owner.noteRequest(url, allowed, popup)
	if popup {
		// The surface stays on its own tab: a popup is reported and closed.
		cdp.Call(ctx, b.cdpb, target.CloseTarget, target.CloseTargetParams{TargetID: target.ID(ev.FrameID)})
	}
}

// activePage returns the page target most recently in front. Over HTTP the
// DevTools list is ordered by last activity; over a bare websocket the
// protocol's target list is used, whose first page is the newest.
func (b *Browser) activePage(ctx context.Context) (target.ID, error) {
	u := b.opts.BrowserURL
	if strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		req, err := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(u, "/")+"/json/list", nil)
		if err == nil {
			if resp, err := http.DefaultClient.Do(req); err == nil {
				var list []struct {
					ID   string `json:"id"`
					Type string `json:"type"`
					URL  string `json:"url"`
				}
				derr := json.NewDecoder(resp.Body).Decode(&list)
				resp.Body.Close()
				if derr == nil {
					for _, t := range list {
						if t.Type == "page" && !strings.HasPrefix(t.URL, "devtools://") {
							return target.ID(t.ID), nil
						}
					}
				}
			}
		}
	}
	infos, err := chromedp.Targets(b.ctx)
	if err != nil {
		return "", err
	}
	for _, t := range infos {
		if t.Type == "page" && !strings.HasPrefix(t.URL, "devtools://") && !strings.HasPrefix(t.URL, "chrome://") {
			return t.TargetID, nil
		}
	}
	return "", errors.New("the attached browser has no open page: open one, or use a new page")
}

func (b *Browser) register(id target.ID, s *Surface) {
	b.mu.Lock()
	b.owners[id] = s
	b.mu.Unlock()
}

func (b *Browser) unregister(id target.ID) {
	b.mu.Lock()
	delete(b.owners, id)
	b.mu.Unlock()
}

// pages lists the open page targets of the browser.
func (b *Browser) pages(ctx context.Context) ([]*target.Info, error) {
	res, err := cdp.Call(ctx, b.cdpb, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		return nil, err
	}
	var pages []*target.Info
	for _, t := range res.TargetInfos {
		if t.Type == "page" {
			pages = append(pages, t)
		}
	}
	return pages, nil
}
