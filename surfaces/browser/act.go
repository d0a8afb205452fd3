package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"flow/surfaces"
)

// Settle's pace: the page is settled when no request has started or ended
// for the network window, the DOM has not changed for the DOM window and no
// loading indicator shows (Options.Settle), or when the cap
// (Options.SettleTimeout) is reached.
const (
	netPoll      = 10 * time.Millisecond  // the longest a settle waits on a request without looking again
	quietCap     = 250 * time.Millisecond // the longest one wait inside the page lasts
	settlePoll   = 40 * time.Millisecond  // the pause after a failed look into the page
	staleRequest = 3 * time.Second        // long polls and lost events do not hold settling
	scrollWait   = 500 * time.Millisecond // the longest a wheel's or a key's scroll is waited for
)

type pointResult struct {
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Covered string  `json:"covered"`
	Error   string  `json:"error"`
	// Hover: the element shows only while the pointer is over its row
	// (a style sheet's :hover), which is at X, Y: move there, then ask
	// again.
	Hover bool `json:"hover"`
	// Moves: a :hover rule may move, resize or swap the element once
	// the pointer rests on it (see pointAfterHover in sight.js).
	Moves bool `json:"moves"`
}

type fillResult struct {
	OK        bool   `json:"ok"`
	Formatted bool   `json:"formatted"`
	Value     string `json:"value"`
	Error     string `json:"error"`
	Direct    bool   `json:"direct"`
}

// Act performs one operation, settles, and reports what happened.
func (s *Surface) Act(ctx context.Context, op surfaces.Operation) (surfaces.Outcome, error) {
	if err := op.Validate(); err != nil {
		return surfaces.Outcome{}, err
	}
	actx, cancel := s.actCtx(ctx)
	defer cancel()
	s.front(actx)
	s.mu.Lock()
	s.sent, s.statuses = nil, nil
	clear(s.sentIDs)
	navsBefore := s.navs
	s.mu.Unlock()

	// An act that begins with a call into the page needs no start window
	// (see settle): whatever it sets off has shown itself by the time the
	// page answers the settle.
	inPage := s.armPending(actx, op)
	out, err := s.do(actx, op)
	s.main.arm = "" // an act that failed before its first call marks nothing later
	settled := time.Now()
	if serr := s.settle(ctx, !inPage); serr != nil && err == nil && ctx.Err() != nil {
		err = serr
	}
	out.Settled = time.Since(settled)
	// A click that opened an allowed popup continues in this tab, since the
	// surface stays on one tab.
	s.mu.Lock()
	follow := ""
	if op.Op == surfaces.OpClick && len(s.popupOK) > 0 && err == nil && s.navs == navsBefore {
		follow = s.popupOK[0]
	}
	s.mu.Unlock()
	if follow != "" {
		if _, nerr := chromedp.Call(actx, page.Navigate, page.NavigateParams{URL: follow}); nerr == nil {
			settled := time.Now()
			s.settle(ctx, true)
			out.Settled += time.Since(settled)
			out.Note = "opened in this tab: " + follow
		}
	}

	s.front(actx)

	// Report everything since the previous act: a script can navigate or
	// open a dialog between two acts.
	s.mu.Lock()
	out.Blocked, out.Popups, out.Dialogs, out.Requests, out.Statuses = s.blocked, s.popups, s.dialogs, s.sent, s.statuses
	s.blocked, s.popups, s.popupOK, s.dialogs, s.sent, s.statuses = nil, nil, nil, nil, nil, nil
	clear(s.sentIDs)
	s.mu.Unlock()
	loc, lerr := s.location(actx)
	if lerr == nil && len(out.Blocked) > 0 && strings.HasPrefix(loc, "chrome-error://") {
		// A blocked navigation leaves the tab on an error page: go back to
		// the page the person (or flow) was on.
		if h, herr := chromedp.Call(actx, page.GetNavigationHistory, cdp.Empty{}); herr == nil && h.CurrentIndex > 0 {
			chromedp.Call(actx, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: h.Entries[h.CurrentIndex-1].ID})
			settled := time.Now()
			s.settle(ctx, true)
			out.Settled += time.Since(settled)
			loc, lerr = s.location(actx)
		}
	}
	// The settle's last answer, or the location's reply, came after every
	// event before it: a document the act committed has been counted.
	s.mu.Lock()
	out.Navigated = s.navs != navsBefore
	s.mu.Unlock()
	if lerr == nil {
		out.URL = loc
	}
	if err == nil && len(out.Blocked) > 0 {
		err = &surfaces.BlockedError{URL: out.Blocked[0]}
	}
	return out, err
}

// location returns the tab's address. The tab's events keep it (see
// onEvent): when the last settle ended on the page's answer, that answer
// came after every event of the page before it, so an address the act
// gave the tab, or a document it committed, has been seen. Otherwise (the
// settle ran out of time, or no document has committed since the surface
// attached) the frame tree is asked, whose reply marks the events so too.
func (s *Surface) location(ctx context.Context) (string, error) {
	s.mu.Lock()
	url := s.url
	s.mu.Unlock()
	if s.heard && url != "" {
		return url, nil
	}
	tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return "", err
	}
	return tree.FrameTree.Frame.URL + tree.FrameTree.Frame.URLFragment, nil
}

// jsRef resolves a surface ref to its sight.js ref and target.
func (s *Surface) jsRef(ref string) (refTarget, error) {
	rt, ok := s.refs[ref]
	if !ok {
		return rt, &surfaces.StaleRefError{Ref: ref, Reason: "unknown ref"}
	}
	return rt, nil
}

// refErr turns a sight.js "stale:" exception into a typed error.
func refErr(ref string, err error) error {
	var je *jsError
	if errors.As(err, &je) {
		if i := strings.Index(je.msg, "stale:"); i >= 0 {
			reason := firstLine(je.msg[i+len("stale:"):])
			return &surfaces.StaleRefError{Ref: ref, Reason: reason}
		}
	}
	if errors.Is(err, errNoWorld) {
		return &surfaces.StaleRefError{Ref: ref, Reason: "page navigated"}
	}
	return err
}

func (s *Surface) do(ctx context.Context, op surfaces.Operation) (surfaces.Outcome, error) {
	var out surfaces.Outcome
	// Element operations go to the target that holds the element: the tab,
	// or a cross-site iframe (whose input events use its own coordinates).
	var js string
	fc, fctx := s.main, ctx
	if op.Ref != "" {
		rt, err := s.jsRef(op.Ref)
		if err != nil {
			return out, err
		}
		js, fc = rt.js, rt.fc
		var fcancel context.CancelFunc
		fctx, fcancel = fc.actCtx(ctx)
		defer fcancel()
	}
	notAct := func(reason string) error {
		return &surfaces.NotActionableError{Ref: op.Ref, Op: op.Op, Reason: reason}
	}
	switch op.Op {
	case surfaces.OpClick, surfaces.OpHover, surfaces.OpDoubleClick:
		p, err := s.point(fc, fctx, op.Ref, js, op.Op != surfaces.OpHover)
		if err != nil {
			return out, err
		}
		if err := s.mouse(fctx, chromedp.MouseMoved, p.X, p.Y); err != nil || op.Op == surfaces.OpHover {
			return out, err
		}
		if p.Moves {
			// The pointer now rests on it, and a :hover rule may restyle
			// it (an icon swapped for an image still loading): it is
			// pointed at again once it holds still.
			var q pointResult
			if err := fc.call(fctx, &q, "pointAfterHover", js, p.X, p.Y); err != nil {
				return out, refErr(op.Ref, err)
			}
			if q.Error != "" {
				return out, notAct(q.Error)
			}
			if q.Covered != "" {
				return out, &surfaces.CoveredError{Ref: op.Ref, By: q.Covered}
			}
			if q.X != p.X || q.Y != p.Y {
				if err := s.mouse(fctx, chromedp.MouseMoved, q.X, q.Y); err != nil {
					return out, err
				}
			}
			p = q
		}
		// The pointer rests on it already: press without moving again,
		// since a move waits for the page's next frame.
		presses := int64(1)
		if op.Op == surfaces.OpDoubleClick {
			presses = 2
		}
		return out, s.press(fctx, p.X, p.Y, presses)

	case surfaces.OpFill:
		if op.Secret {
			if err := s.veilSecretFill(fctx, fc, js, op); err != nil {
				return out, refErr(op.Ref, err)
			}
		}
		var prep fillResult
		if err := fc.call(fctx, &prep, "prepareFill", js, op.Value); err != nil {
			return out, refErr(op.Ref, err)
		}
		if prep.Error != "" {
			return out, notAct(prep.Error)
		}
		if !prep.Direct && op.Value != "" {
			if _, err := chromedp.Call(fctx, input.InsertText, input.InsertTextParams{Text: op.Value}); err != nil {
				return out, err
			}
		}
		var res fillResult
		if err := fc.call(fctx, &res, "finishFill", js, op.Value, op.Secret); err != nil {
			return out, refErr(op.Ref, err)
		}
		if !res.OK && !prep.Direct && op.Value != "" {
			// Retry once with key events, for fields that ignore insertText.
			if err := fc.call(fctx, &prep, "prepareFill", js, op.Value); err == nil && prep.Error == "" {
				chromedp.Run(fctx, chromedp.KeyEvent(op.Value))
				fc.call(fctx, &res, "finishFill", js, op.Value, op.Secret)
			}
		}
		out.Readback, out.ReadbackOK = res.Value, res.OK
		if res.Formatted {
			out.Note = surfaces.NoteFormatted
		}
		if op.Secret {
			out.Readback = ""
		}
		return out, nil

	case surfaces.OpSelect:
		var res fillResult
		if err := fc.call(fctx, &res, "selectOption", js, op.Value); err != nil {
			return out, refErr(op.Ref, err)
		}
		if res.Error != "" {
			return out, notAct(res.Error)
		}
		out.Readback, out.ReadbackOK = res.Value, res.OK
		return out, nil

	case surfaces.OpCheck, surfaces.OpUncheck:
		want := op.Op == surfaces.OpCheck
		var now bool
		if err := fc.call(fctx, &now, "checked", js); err != nil {
			return out, refErr(op.Ref, err)
		}
		if now != want {
			p, err := s.point(fc, fctx, op.Ref, js, true)
			if err != nil {
				return out, err
			}
			if err := s.click(fctx, p.X, p.Y); err != nil {
				return out, err
			}
			if err := fc.call(fctx, &now, "checked", js); err != nil {
				return out, refErr(op.Ref, err)
			}
		}
		out.ReadbackOK = now == want
		out.Readback = map[bool]string{true: "checked", false: "unchecked"}[now]
		if !out.ReadbackOK {
			return out, notAct("the click did not change its checked state")
		}
		return out, nil

	case surfaces.OpPress:
		if js != "" {
			var ok bool
			if err := fc.call(fctx, &ok, "focusRef", js); err != nil {
				return out, refErr(op.Ref, err)
			}
		}
		key, mods, err := parseKeys(op.Value)
		if err != nil {
			return out, err
		}
		var expect bool
		if dir, ok := scrollKeys[key]; ok && len(mods) == 0 {
			fc.call(fctx, &expect, "expectScroll", dir, 0, 0, key)
		}
		if err := chromedp.Do(fctx, chromedp.KeyEvent(key, chromedp.KeyModifiers(mods...))); err != nil {
			return out, err
		}
		if expect {
			fc.call(fctx, nil, "scrolled", scrollWait.Milliseconds())
		}
		return out, nil

	case surfaces.OpScroll:
		if js != "" {
			var ok bool
			if err := refErr(op.Ref, fc.call(fctx, &ok, "scrollRef", js, op.Value)); err != nil {
				return out, err
			}
			if op.Value != "" && !ok {
				out.Note = surfaces.NoteNotScrolled
			}
			return out, nil
		}
		switch op.Value {
		case "top", "bottom":
			return out, fc.call(fctx, nil, "scrollPage", op.Value)
		default:
			dy, dir := float64(s.opts.Height)*0.8, "down"
			if op.Value == "up" {
				dy, dir = -dy, "up"
			}
			x, y := float64(s.opts.Width)/2, float64(s.opts.Height)/2
			var expect bool
			fc.call(fctx, &expect, "expectScroll", dir, x, y, "")
			// The generated params drop a zero deltaX, which Chrome requires
			// for wheel events, so this one goes out as a plain map.
			err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				return t.Call(ctx, "Input.dispatchMouseEvent", map[string]any{
					"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": dy,
				}, nil)
			}))
			if err == nil && expect {
				fc.call(fctx, nil, "scrolled", scrollWait.Milliseconds())
			}
			return out, err
		}

	case surfaces.OpNavigate:
		if !s.allowed(op.Value) {
			s.mu.Lock()
			s.blocked = append(s.blocked, op.Value)
			s.mu.Unlock()
			return out, nil // reported as blocked by Act
		}
		res, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: op.Value})
		if err != nil {
			return out, fmt.Errorf("navigate to %s: %w", op.Value, err)
		}
		if res.ErrorText != "" && !strings.Contains(res.ErrorText, "BLOCKED_BY_CLIENT") {
			return out, fmt.Errorf("navigate to %s: %s", op.Value, res.ErrorText)
		}
		return out, nil

	case surfaces.OpBack:
		h, err := chromedp.Call(ctx, page.GetNavigationHistory, cdp.Empty{})
		if err != nil {
			return out, err
		}
		if h.CurrentIndex <= 0 {
			return out, &surfaces.NotActionableError{Op: op.Op, Reason: "no earlier page in the history"}
		}
		_, err = chromedp.Call(ctx, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: h.Entries[h.CurrentIndex-1].ID})
		return out, err
	}
	return out, fmt.Errorf("%w: %s", surfaces.ErrUnsupported, op.Op)
}

// point scrolls the element into view and returns its centre, failing
// with a typed error when it is covered, disabled or gone.
//
// A control a style sheet shows only while the pointer is over its row
// (a delete button on a list item) is pointed at as a person does it: the
// pointer moves over the row first, and the control is looked for again.
func (s *Surface) point(fc *frameConn, ctx context.Context, ref, js string, needEnabled bool) (pointResult, error) {
	var p pointResult
	if err := fc.call(ctx, &p, "point", js, map[string]bool{"enabled": needEnabled}); err != nil {
		return p, refErr(ref, err)
	}
	if p.Hover {
		if err := s.mouse(ctx, chromedp.MouseMoved, p.X, p.Y); err != nil {
			return p, err
		}
		p = pointResult{}
		if err := fc.call(ctx, &p, "point", js, map[string]bool{"enabled": needEnabled, "hovered": true}); err != nil {
			return p, refErr(ref, err)
		}
	}
	if p.Error != "" {
		return p, &surfaces.NotActionableError{Ref: ref, Op: surfaces.OpClick, Reason: p.Error}
	}
	if p.Covered != "" {
		return p, &surfaces.CoveredError{Ref: ref, By: p.Covered}
	}
	return p, nil
}

func (s *Surface) mouse(ctx context.Context, typ input.DispatchMouseEventType, x, y float64) error {
	return s.mouseN(ctx, typ, x, y, 1)
}

// mouseN is mouse for the count-th press of a run of presses.
func (s *Surface) mouseN(ctx context.Context, typ input.DispatchMouseEventType, x, y float64, count int64) error {
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y}
	if typ != chromedp.MouseMoved {
		p.Button, p.ClickCount = input.MouseButtonLeft, count
	}
	_, err := chromedp.Call(ctx, input.DispatchMouseEvent, p)
	return err
}

// press presses the left button n times at (x, y), where the pointer
// already is: Chromium fires dblclick on the second press, whose click
// count is 2.
func (s *Surface) press(ctx context.Context, x, y float64, n int64) error {
	for i := int64(1); i <= n; i++ {
		for _, t := range []input.DispatchMouseEventType{chromedp.MousePressed, chromedp.MouseReleased} {
			if err := s.mouseN(ctx, t, x, y, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// click sends real input events at (x, y): move, press, release.
func (s *Surface) click(ctx context.Context, x, y float64) error {
	if err := s.mouse(ctx, chromedp.MouseMoved, x, y); err != nil {
		return err
	}
	return s.press(ctx, x, y, 1)
}

type quietState struct {
	Since float64 `json:"since"`
	Ready string  `json:"ready"`
	Busy  bool    `json:"busy"`
}

// Settle waits until the page is quiet: no request in flight and none
// started or ended for the network window, the DOM unchanged for the DOM
// window, the document loaded, no loading indicator showing, and no
// short timer the last act set still to run (pending.go), up to
// Options.SettleTimeout. Reaching the cap is not an error: a page with a
// ticking clock never settles, and the caller observes it as it is.
//
// Settle itself starts nothing, so it has no start window: every act has
// settled already (see [Surface.Act]), and a settle after one, or after a
// pause, ends at its first look when the page has stayed quiet since.
func (s *Surface) Settle(ctx context.Context) error {
	return s.settle(ctx, false)
}

// settle is [Surface.Settle], lasting at least the start window when
// startWindow is set: after an act whose effects the settle's first
// answer from the page may not yet show, one from the browser's side (a
// navigation, going back) or in another target (a cross-site frame),
// whose events come from the browser at their own pace. An act that
// begins with a call into the tab's document needs none. Everything the
// act sets off in the page either leaves a record there that the settle
// reads (a timer, a frame, a queued task, a document leaving, a window
// opened: pending.js) or starts a request whose event the renderer sends
// before its answer to any later call; the settle reads the network again after the page has
// answered. (Measured for fetch, XMLHttpRequest, an image, a dynamic
// import, a style's background, a beacon and a fetch from a timer: 70
// requests of 70 were seen by the time the timers' call returned.) The
// windows overlap rather than add up: a press whose fetch ends 30 ms
// later settles one network window after that.
//
// The network is watched from the tab's events: a settle waiting on a
// request wakes when one ends (or after netPoll). The DOM is watched
// inside the page, where one call waits until the DOM window has passed
// since its last change (sight.js quiet); the rest of the network window
// is held in that same call, so the two windows run side by side instead
// of one after the other, and no poll interval is added to either.
func (s *Surface) settle(ctx context.Context, startWindow bool) error {
	w := s.opts.Settle.withDefaults()
	began := time.Now()
	deadline := began.Add(s.opts.SettleTimeout)
	earliest := began
	if startWindow {
		earliest = began.Add(w.Start)
	}
	s.heard = false
	for {
		now := time.Now()
		if !now.Before(deadline) {
			return nil
		}
		// A request in flight or a document loading: wait until a request
		// ends or the load stops (onEvent leaves a token). The network
		// window after it is waited out in the page, beside the DOM window
		// (below).
		lastNet, busy := s.netState(now)
		if busy {
			if err := sleepOr(ctx, min(netPoll, deadline.Sub(now)), s.netEnded); err != nil {
				return err
			}
			continue
		}
		if wait := earliest.Sub(now); wait > 0 {
			if err := sleep(ctx, min(wait, deadline.Sub(now))); err != nil {
				return err
			}
			continue
		}
		qctx, cancel := s.actCtx(ctx)
		p, opened := s.pendingFor(qctx)
		if !opened.IsZero() && !s.popupSince(opened) {
			// The page opened a window whose request the browser has not
			// decided yet (it is reported, and closed, once it has).
			p = max(p, netPoll)
		}
		if p > 0 {
			// A timer the act set is still to fire: wait for it, then look
			// at the network and the DOM again.
			cancel()
			if err := sleep(ctx, min(p, time.Until(deadline))); err != nil {
				return err
			}
			continue
		}
		if s.docLoading() {
			// A document began loading while the page was asked (the
			// answer may come from the new one, or not at all): wait for
			// it on the network, not by looking into a loading page.
			cancel()
			continue
		}
		// The page holds its answer until the DOM window has passed since
		// its last change and the rest of the network window has passed.
		hold := max(0, w.Network-time.Since(lastNet))
		var q quietState
		err := s.main.call(qctx, &q, "quiet", w.DOM.Milliseconds(), min(quietCap, deadline.Sub(now)).Milliseconds(), ceilMs(hold))
		cancel()
		if err == nil && q.Ready == "complete" && !q.Busy && q.Since >= float64(w.DOM.Milliseconds()) {
			// Quiet in the page; settled if the network stayed so meanwhile
			// (a request the page started before it answered has been seen).
			if last, busy := s.netState(time.Now()); !busy && last.Equal(lastNet) && time.Since(last) >= w.Network {
				s.heard = true
				return nil
			}
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil || q.Ready != "complete" || q.Busy {
			// The page is loading, shows an indicator, or could not be
			// asked (a document on its way): look again in a moment.
			if err := sleep(ctx, min(settlePoll, time.Until(deadline))); err != nil {
				return err
			}
		}
	}
}

// ceilMs is d in whole milliseconds, rounded up.
func ceilMs(d time.Duration) int64 {
	return int64((d + time.Millisecond - 1) / time.Millisecond)
}

// netState returns when the last request started or ended, and whether
// the network is busy: a document loading, or a request in flight (one
// older than staleRequest no longer counts).
func (s *Surface) netState(now time.Time) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	busy := 0
	for id, at := range s.inflight {
		if now.Sub(at) > staleRequest {
			delete(s.inflight, id)
			continue
		}
		busy++
	}
	return s.lastNet, busy > 0 || s.loading
}

// docLoading reports whether the tab's main frame is loading a document.
func (s *Surface) docLoading() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loading
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	return sleepOr(ctx, d, nil)
}

// sleepOr waits d, or until wake has a token (a nil wake never has), or
// until ctx ends.
func sleepOr(ctx context.Context, d time.Duration, wake <-chan struct{}) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-wake:
	case <-t.C:
	}
	return nil
}

// Screenshot captures the viewport as PNG. Secret fields and texts are
// painted over by an overlay in flow's world before the capture and
// removed after it.
func (s *Surface) Screenshot(ctx context.Context, opts surfaces.ScreenshotOptions) ([]byte, error) {
	actx, cancel := s.actCtx(ctx)
	defer cancel()
	var jsRefs []string
	for _, r := range opts.MaskRefs {
		if rt, ok := s.refs[r]; ok && rt.fc == s.main {
			jsRefs = append(jsRefs, rt.js)
		}
	}
	if len(jsRefs) > 0 || len(opts.MaskValues) > 0 {
		var n int
		if err := s.main.call(actx, &n, "mask", jsRefs, opts.MaskValues); err != nil {
			return nil, fmt.Errorf("mask secrets: %w", err)
		}
		defer s.main.call(actx, nil, "unmask")
	}
	params := page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng}
	// A screen of more than one device pixel per CSS pixel (a person's
	// browser attached on a HiDPI display) is shot at one pixel per CSS
	// pixel: a control's bounds then place it on the picture as they
	// are, as the report's outlines expect.
	var vp viewport
	if err := s.main.call(actx, &vp, "viewport"); err == nil && vp.Ratio > 0 && vp.Ratio != 1 && vp.W > 0 && vp.H > 0 {
		params.Clip = &page.Viewport{X: vp.X, Y: vp.Y, Width: vp.W, Height: vp.H, Scale: 1 / vp.Ratio}
	}
	res, err := chromedp.Call(actx, page.CaptureScreenshot, params)
	if err != nil {
		return nil, fmt.Errorf("screenshot: %w", err)
	}
	return res.Data, nil
}

// viewport is the visible part of the page in CSS pixels (its offset in
// the document and its size) and the device pixels per CSS pixel.
type viewport struct {
	X, Y, W, H float64
	Ratio      float64
}

// keyNames maps DOM key names ("Enter", "ArrowDown") to chromedp's runes.
var keyNames = func() map[string]string {
	m := map[string]string{}
	for r, k := range kb.Keys {
		if k.Key != "" && len([]rune(k.Key)) > 1 {
			if _, ok := m[strings.ToLower(k.Key)]; !ok || r < 0x80 {
				m[strings.ToLower(k.Key)] = string(r)
			}
		}
	}
	m["space"] = " "
	m["esc"] = m["escape"]
	m["return"] = m["enter"]
	m["del"] = m["delete"]
	return m
}()

// scrollKeys are the keys (as parseKeys returns them) that scroll a page
// or a box when nothing takes them, and which way: their scroll lands
// frames after the key (sight.js expectScroll).
var scrollKeys = func() map[string]string {
	m := map[string]string{}
	for name, dir := range map[string]string{
		"pagedown": "down", "arrowdown": "down", "end": "down", "space": "down",
		"pageup": "up", "arrowup": "up", "home": "up", "arrowleft": "left", "arrowright": "right",
	} {
		m[keyNames[name]] = dir
	}
	return m
}()

// parseKeys parses "Control+Shift+a" into the key and its modifiers.
func parseKeys(combo string) (string, []chromedp.Modifier, error) {
	parts := strings.Split(combo, "+")
	if strings.HasSuffix(combo, "++") || combo == "+" {
		parts = append(parts[:len(parts)-2], "+")
	}
	var mods []chromedp.Modifier
	for _, p := range parts[:len(parts)-1] {
		switch strings.ToLower(strings.TrimSpace(p)) {
		case "control", "ctrl":
			mods = append(mods, chromedp.ModifierCtrl)
		case "shift":
			mods = append(mods, chromedp.ModifierShift)
		case "alt", "option":
			mods = append(mods, chromedp.ModifierAlt)
		case "meta", "cmd", "command", "super":
			mods = append(mods, chromedp.ModifierMeta)
		default:
			return "", nil, fmt.Errorf("key combination %q: unknown modifier %q (want Control, Shift, Alt or Meta)", combo, p)
		}
	}
	key := parts[len(parts)-1]
	if len([]rune(key)) == 1 {
		return key, mods, nil
	}
	if r, ok := keyNames[strings.ToLower(key)]; ok {
		return r, mods, nil
	}
	return "", nil, fmt.Errorf("key combination %q: unknown key %q (e.g. Enter, Tab, Escape, ArrowDown, a)", combo, key)
}
