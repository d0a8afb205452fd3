package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

// frameConn is one target sight.js runs in: the tab itself, or a
// cross-site iframe, which Chromium runs as its own target.
type frameConn struct {
	ctx        context.Context // chromedp context of the target
	cancel     context.CancelFunc
	actTimeout time.Duration
	label      string // iframe title; empty for the tab
	// arm is script the next call runs before its function, once: the
	// mark of an act's start (see Surface.armPending).
	arm   string
	world struct {
		frame  cdp.FrameID
		loader cdp.LoaderID
		id     runtime.ExecutionContextID
		unique string // the world's system-unique id; "" when no event named it
		docs   uint64 // docs when the frame tree last named the world's document
	}

	// What the target's events tell of flow's worlds, so that a call into
	// a world still current needs no frame tree first (see current). The
	// event loop writes them; world above is the caller's alone.
	mu     sync.Mutex
	worlds map[runtime.ExecutionContextID]string // live worlds named worldName → unique id
	docs   uint64                                // main-frame navigations and context clears seen

	// The parts of the observation under way (see observe): the event
	// loop queues those of observation partSeq (a count of observations
	// asked for) and rings partReady.
	parts     []string
	partSeq   int
	partReady chan struct{}
	bound     int // partBinding: 0 not asked yet, 1 added, -1 refused

	// What the last observation leaves the next, of much the same page as
	// a rule: its size (items, lines), so that the next is read into lists
	// of that capacity rather than lists grown and copied part by part,
	// and its short strings (roles, "Add to cart" in every card), copied
	// once for all observations instead of once for each. The caller's
	// alone.
	lastItems, lastLines int
	short                map[string]string
}

// maxShort bounds frameConn.short: a long run through many pages starts
// its table of short strings over rather than keeping every one.
const maxShort = 8192

// partBinding is the function sight.js's observeWire sends the parts of
// an observation through. Like captureBinding it exists only in flow's
// isolated world: the page can neither see nor call it.
const partBinding = "__flowSight"

// newFrameConn returns the connection to the target of ctx (attached
// already) and starts following its events.
func newFrameConn(ctx context.Context, cancel context.CancelFunc, actTimeout time.Duration) (*frameConn, error) {
	fc := &frameConn{ctx: ctx, cancel: cancel, actTimeout: actTimeout, worlds: map[runtime.ExecutionContextID]string{}, partReady: make(chan struct{}, 1)}
	if err := chromedp.Listen(ctx, fc.onEvent); err != nil {
		return nil, err
	}
	return fc, nil
}

// onEvent runs in the target's event loop. It keeps the live worlds named
// worldName and counts the events after which a world may no longer be
// the document's: the main frame navigated (a page restored from the
// back-forward cache keeps its contexts), or every context was cleared.
// An event comes before the reply of any command sent after it, and
// listeners see it first, so a world named live here was live when the
// next command was sent.
func (fc *frameConn) onEvent(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventExecutionContextCreated:
		if ev.Context != nil && ev.Context.Name == worldName && ev.Context.UniqueID != "" {
			fc.mu.Lock()
			fc.worlds[ev.Context.ID] = ev.Context.UniqueID
			fc.mu.Unlock()
		}
	case *runtime.EventExecutionContextDestroyed:
		fc.mu.Lock()
		for id, u := range fc.worlds {
			if u == ev.ExecutionContextUniqueID {
				delete(fc.worlds, id)
			}
		}
		fc.mu.Unlock()
	case *runtime.EventExecutionContextsCleared:
		fc.mu.Lock()
		clear(fc.worlds)
		fc.docs++
		fc.mu.Unlock()
	case *page.EventFrameNavigated:
		if ev.Frame != nil && ev.Frame.ParentID == "" {
			fc.mu.Lock()
			fc.docs++
			fc.mu.Unlock()
		}
	case *runtime.EventBindingCalled:
		if ev.Name != partBinding {
			return
		}
		seq, part, _ := strings.Cut(ev.Payload, " ")
		fc.mu.Lock()
		if seq == strconv.Itoa(fc.partSeq) {
			fc.parts = append(fc.parts, part)
		}
		fc.mu.Unlock()
		select {
		case fc.partReady <- struct{}{}:
		default:
		}
	}
}

// current returns the unique id of flow's world when the events since the
// frame tree last named its document say it still is the document's: it
// lives and the main frame has not navigated. A call by that id then needs
// no frame tree first (one round trip instead of two), and cannot reach
// another document: unlike the numeric id, the unique one is never reused,
// even by another process.
func (fc *frameConn) current() (string, bool) {
	w := fc.world
	if w.id == 0 || w.unique == "" {
		return "", false
	}
	fc.mu.Lock()
	defer fc.mu.Unlock()
	return w.unique, fc.worlds[w.id] == w.unique && fc.docs == w.docs
}

// refTarget is where a surface ref lives.
type refTarget struct {
	js string     // sight.js ref, "token.n"
	fc *frameConn // the target whose world issued it
}

func (fc *frameConn) actCtx(caller context.Context) (context.Context, context.CancelFunc) {
	return actCtx(fc.ctx, caller, fc.actTimeout)
}

// errNoWorld marks a world that went away under us (navigation).
var errNoWorld = errors.New("document changed")

// ensureWorld creates flow's isolated world in the target's current main
// document and loads sight.js into it, once per document.
func (fc *frameConn) ensureWorld(ctx context.Context) (runtime.ExecutionContextID, error) {
	// Counted before the tree is asked for: a navigation after it leaves
	// the world stale for current.
	fc.mu.Lock()
	docs := fc.docs
	fc.mu.Unlock()
	tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return 0, err
	}
	f := tree.FrameTree.Frame
	if fc.world.id != 0 && fc.world.frame == f.ID && fc.world.loader == f.LoaderID {
		fc.world.docs = docs
		return fc.world.id, nil
	}
	w, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: f.ID, WorldName: worldName})
	if err != nil {
		return 0, fmt.Errorf("create isolated world: %w", err)
	}
	// A document that began after installSight ran sight.js in this very
	// world as it started (createIsolatedWorld returns a frame's world of
	// that name when there is one): asking is cheaper than compiling the
	// script again only to find it loaded.
	if loaded, err := evalIn(ctx, w.ExecutionContextID, "!!window.__flow"); err != nil || string(loaded) != "true" {
		if _, err := evalIn(ctx, w.ExecutionContextID, sightJS); err != nil {
			return 0, fmt.Errorf("load sight script: %w", err)
		}
	}
	// The world's creation event came before the reply (see onEvent).
	fc.mu.Lock()
	unique := fc.worlds[w.ExecutionContextID]
	fc.mu.Unlock()
	fc.world.frame, fc.world.loader, fc.world.id = f.ID, f.LoaderID, w.ExecutionContextID
	fc.world.unique, fc.world.docs = unique, docs
	return w.ExecutionContextID, nil
}

// installSight has every document the tab opens from now on run sight.js
// in flow's world as it starts, while its page still loads: the first
// look at a new page then finds the script there instead of compiling it
// (8-17 ms a document on this machine, on the critical path of every
// navigation's settle).
func (fc *frameConn) installSight(ctx context.Context) error {
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: sightJS, WorldName: worldName,
	})
	return err
}

func evalIn(ctx context.Context, id runtime.ExecutionContextID, expr string) ([]byte, error) {
	return evaluate(ctx, runtime.EvaluateParams{ContextID: id}, expr)
}

// evaluate evaluates expr in the context p names (by id or unique id).
func evaluate(ctx context.Context, p runtime.EvaluateParams, expr string) ([]byte, error) {
	p.Expression, p.ReturnByValue, p.AwaitPromise, p.Silent = expr, new(true), new(true), new(true)
	res, err := chromedp.Call(ctx, runtime.Evaluate, p)
	if err != nil {
		// A context gone: "Cannot find context with specified id", or by
		// unique id "uniqueContextId not found".
		if m := err.Error(); strings.Contains(m, "context") && strings.Contains(m, "find") || strings.Contains(m, "uniqueContextId") {
			return nil, errNoWorld
		}
		return nil, err
	}
	if ex := res.ExceptionDetails; ex != nil {
		msg := ex.Text
		if ex.Exception != nil && ex.Exception.Description != "" {
			msg = ex.Exception.Description
		}
		return nil, &jsError{msg: msg}
	}
	if res.Result == nil {
		return nil, nil
	}
	return []byte(res.Result.Value), nil
}

// jsError is an exception thrown by sight.js.
type jsError struct{ msg string }

func (e *jsError) Error() string { return "page script: " + firstLine(e.msg) }

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// call evaluates window.__flow.fn(args…) in the target's current document
// and decodes the result into out. ctx must derive from fc.ctx. A document
// that changed under the call is retried once with a fresh world.
func (fc *frameConn) call(ctx context.Context, out any, fn string, args ...any) error {
	prelude := fc.arm
	fc.arm = ""
	return fc.evalCall(ctx, out, prelude, "window.__flow."+fn, args...)
}

// evalCall evaluates prelude followed by the call fn(args…), the
// arguments as JSON, in flow's world of the target's current document, and
// decodes the result into out. A world the events say is current is asked
// by its unique id alone; otherwise the frame tree finds (or makes) the
// document's world first. A document that changed under the call is
// retried once the careful way, with a fresh world.
func (fc *frameConn) evalCall(ctx context.Context, out any, prelude, fn string, args ...any) error {
	var b strings.Builder
	b.WriteString(prelude)
	b.WriteString(fn + "(")
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		j, err := json.Marshal(a)
		if err != nil {
			return err
		}
		b.Write(j)
	}
	b.WriteString(")")
	for attempt := 0; ; attempt++ {
		var raw []byte
		var err error
		if unique, ok := fc.current(); ok && attempt == 0 {
			raw, err = evaluate(ctx, runtime.EvaluateParams{UniqueContextID: unique}, b.String())
		} else {
			var id runtime.ExecutionContextID
			if id, err = fc.ensureWorld(ctx); err == nil {
				raw, err = evalIn(ctx, id, b.String())
			}
		}
		if err != nil {
			if attempt == 0 && isNavigationRace(err) {
				fc.world.id = 0
				continue
			}
			return err
		}
		if out == nil || raw == nil {
			return nil
		}
		return json.Unmarshal(raw, out)
	}
}

// observe runs sight.js's observeWire in the target's current document.
// The walk's items come through partBinding in parts while the page still
// walks (and hit-tests controls, which on a grid of cards is most of the
// walk); each is read here as it comes and handed to onPart with the
// screen so far, so that reading and converting it overlap the walk
// instead of following it. restarted says the screen started over (the
// call was asked again, in a new document). On every look but the first
// in a document, evalCall asks the world by its unique id, with no frame
// tree first.
func (fc *frameConn) observe(ctx context.Context, onPart func(js *jsScreen, restarted bool)) (jsScreen, error) {
	opts := map[string]any{}
	if fc.bind(ctx) {
		fc.mu.Lock()
		fc.partSeq++
		fc.parts = nil
		opts["part"], opts["seq"] = partBinding, fc.partSeq
		fc.mu.Unlock()
	}
	type reply struct {
		text string
		err  error
	}
	replied := make(chan reply, 1)
	go func() {
		var r reply
		r.err = fc.call(ctx, &r.text, "observeWire", opts)
		replied <- r
	}()
	var o observationReader
	o.js.Items = make([]jsItem, 0, sizeHint(fc.lastItems))
	o.js.Lines = make([]jsLine, 0, sizeHint(fc.lastLines))
	o.short = fc.short
	var partErr error
	read := func() {
		fc.mu.Lock()
		parts := fc.parts
		fc.parts = nil
		fc.mu.Unlock()
		for _, p := range parts {
			if partErr != nil {
				return
			}
			restarted, err := o.part(p)
			if partErr = err; err == nil {
				onPart(&o.js, restarted)
			}
		}
	}
	for {
		select {
		case <-fc.partReady:
			read()
		case r := <-replied:
			// Every part's event came before the reply.
			read()
			if r.err != nil {
				return jsScreen{}, r.err
			}
			if partErr != nil {
				return jsScreen{}, partErr
			}
			err := o.final(r.text)
			fc.lastItems, fc.lastLines, fc.short = len(o.js.Items), len(o.js.Lines), o.short
			if len(fc.short) > maxShort {
				fc.short = nil
			}
			return o.js, err
		}
	}
}

// bind adds partBinding to the target's worlds named worldName, once; it
// reports whether observeWire can send parts. A target that refuses it
// is observed in one piece.
func (fc *frameConn) bind(ctx context.Context) bool {
	if fc.bound == 0 {
		_, err := chromedp.Call(ctx, runtime.AddBinding, runtime.AddBindingParams{Name: partBinding, ExecutionContextName: worldName})
		switch {
		case err == nil:
			fc.bound = 1
		case ctx.Err() == nil: // refused, not cut short: ask no more
			fc.bound = -1
		}
	}
	return fc.bound == 1
}

func isNavigationRace(err error) bool {
	if errors.Is(err, errNoWorld) {
		return true
	}
	var je *jsError
	if errors.As(err, &je) && strings.Contains(je.msg, "__flow") {
		return true
	}
	m := err.Error()
	return strings.Contains(m, "Execution context was destroyed") || strings.Contains(m, "Cannot find context") ||
		strings.Contains(m, "No frame") || strings.Contains(m, "Frame with the given id")
}

// observeOOPIFs adds what the tab's cross-site iframes show. Each is its
// own target, attached once and kept (detached, never closed) until it
// goes away; bounds are shifted by the iframe element's place in the tab.
func (s *Surface) observeOOPIFs(ctx context.Context, sc *surfaces.Screen, targets <-chan targetList) {
	tl := <-targets
	res, err := tl.res, tl.err
	if err != nil {
		return
	}
	live := map[target.ID]bool{}
	for _, info := range res.TargetInfos {
		if info.Type != "iframe" || info.ParentID != s.tid && info.ParentID != "" {
			continue
		}
		// Chromium 148 names an iframe target's parent frame
		// (parentFrameId) and no longer its parent target (parentId):
		// without one, the frame is this tab's when the tab holds its
		// iframe element.
		ox, oy, label, ok := s.frameOwnerBox(ctx, info.TargetID)
		if info.ParentID == "" && !ok {
			continue
		}
		live[info.TargetID] = true
		fc := s.oopifs[info.TargetID]
		if fc == nil {
			fctx, fcancel := chromedp.NewContext(s.ctx, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel())
			done := make(chan error, 1)
			go func() { done <- chromedp.Do(fctx) }()
			select {
			case err = <-done:
			case <-ctx.Done():
				err = ctx.Err()
			}
			if err != nil {
				fcancel()
				continue
			}
			if fc, err = newFrameConn(fctx, fcancel, s.opts.ActTimeout); err != nil {
				fcancel()
				continue
			}
			s.oopifs[info.TargetID] = fc
		}
		if !ok {
			continue
		}
		fc.label = label
		fctx, fcancel := fc.actCtx(ctx)
		add := s.adder(sc, fc, label, ox, oy)
		js, err := fc.observe(fctx, add.add)
		fcancel()
		if err != nil {
			sc.Candidates, sc.Context = sc.Candidates[:add.base], sc.Context[:add.lines0]
			continue
		}
		add.finish(&js)
	}
	for id, fc := range s.oopifs {
		if !live[id] {
			fc.cancel()
			delete(s.oopifs, id)
		}
	}
}

// targetList is the answer of Target.getTargets.
type targetList struct {
	res target.GetTargetsResult
	err error
}

// listTargets asks the browser for its targets beside whatever the caller
// does next (the list does not depend on it); the channel gives the answer
// once.
func (s *Surface) listTargets() <-chan targetList {
	ch := make(chan targetList, 1)
	go func() {
		bctx, cancel := context.WithTimeout(s.b.ctx, 5*time.Second)
		res, err := cdp.Call(bctx, s.b.cdpb, target.GetTargets, target.GetTargetsParams{})
		cancel()
		ch <- targetList{res, err}
	}()
	return ch
}

// frameOwnerBox finds the iframe element of a cross-site frame in the tab
// and returns its content's offset and its label.
func (s *Surface) frameOwnerBox(ctx context.Context, frameID target.ID) (x, y float64, label string, ok bool) {
	actx, cancel := s.actCtx(ctx)
	defer cancel()
	owner, err := chromedp.Call(actx, dom.GetFrameOwner, dom.GetFrameOwnerParams{FrameID: cdp.FrameID(frameID)})
	if err != nil {
		return 0, 0, "", false
	}
	world, err := s.main.ensureWorld(actx)
	if err != nil {
		return 0, 0, "", false
	}
	obj, err := chromedp.Call(actx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: owner.BackendNodeID, ExecutionContextID: world})
	if err != nil || obj.Object == nil {
		return 0, 0, "", false
	}
	res, err := chromedp.Call(actx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		ObjectID:            obj.Object.ObjectID,
		FunctionDeclaration: `function(){const r=this.getBoundingClientRect();return [r.left+this.clientLeft,r.top+this.clientTop,(this.getAttribute("title")||this.getAttribute("name")||this.id||"iframe").trim()]}`,
		ReturnByValue:       new(true),
	})
	chromedp.Call(actx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.Object.ObjectID})
	if err != nil || res.Result == nil {
		return 0, 0, "", false
	}
	var v []any
	if json.Unmarshal([]byte(res.Result.Value), &v) != nil || len(v) != 3 {
		return 0, 0, "", false
	}
	x, _ = v[0].(float64)
	y, _ = v[1].(float64)
	label, _ = v[2].(string)
	return x, y, label, true
}
