package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
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
	world      struct {
		frame  cdp.FrameID
		loader cdp.LoaderID
		id     runtime.ExecutionContextID
	}
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
	tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return 0, err
	}
	f := tree.FrameTree.Frame
	if fc.world.id != 0 && fc.world.frame == f.ID && fc.world.loader == f.LoaderID {
		return fc.world.id, nil
	}
	w, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: f.ID, WorldName: worldName})
	if err != nil {
		return 0, fmt.Errorf("create isolated world: %w", err)
	}
	if _, err := evalIn(ctx, w.ExecutionContextID, sightJS); err != nil {
		return 0, fmt.Errorf("load sight script: %w", err)
	}
	fc.world.frame, fc.world.loader, fc.world.id = f.ID, f.LoaderID, w.ExecutionContextID
	return w.ExecutionContextID, nil
}

func evalIn(ctx context.Context, id runtime.ExecutionContextID, expr string) ([]byte, error) {
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: expr, ContextID: id, ReturnByValue: new(true), AwaitPromise: new(true), Silent: new(true),
	})
	if err != nil {
		if strings.Contains(err.Error(), "context") && strings.Contains(err.Error(), "find") {
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
// that changed between the two steps is retried once with a fresh world.
func (fc *frameConn) call(ctx context.Context, out any, fn string, args ...any) error {
	return fc.evalCall(ctx, out, "", "window.__flow."+fn, args...)
}

// evalCall evaluates prelude followed by the call fn(args…), the
// arguments as JSON, in flow's world of the target's current document, and
// decodes the result into out. A document that changed between finding
// the world and evaluating is retried once with a fresh world.
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
		id, err := fc.ensureWorld(ctx)
		var raw []byte
		if err == nil {
			raw, err = evalIn(ctx, id, b.String())
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

// observeText runs sight.js's observeWire in the target's current document
// and returns its text (see decodeObservation). With a world already made
// for a document, it asks for the frame tree beside the evaluation rather
// than before it (one round trip instead of two, on every look at the
// page): the answer counts only when the tree names the document the world
// was made for. Otherwise, and on any error, it calls again the careful
// way (evalCall: the tree first, a fresh world when the document changed).
func (fc *frameConn) observeText(ctx context.Context) (string, error) {
	if w := fc.world; w.id != 0 {
		type treeResult struct {
			frame *cdp.Frame
			err   error
		}
		tree := make(chan treeResult, 1)
		go func() {
			t, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
			if err != nil || t.FrameTree == nil {
				tree <- treeResult{err: fmt.Errorf("frame tree: %v", err)}
				return
			}
			tree <- treeResult{frame: t.FrameTree.Frame}
		}()
		raw, err := evalIn(ctx, w.id, "window.__flow.observeWire({})")
		tr := <-tree
		if err == nil && tr.err == nil && tr.frame != nil && tr.frame.ID == w.frame && tr.frame.LoaderID == w.loader {
			return unquoteJSON(raw)
		}
	}
	var text string
	err := fc.call(ctx, &text, "observeWire", map[string]int{})
	return text, err
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
		if info.Type != "iframe" || info.ParentID != s.tid {
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
			fc = &frameConn{ctx: fctx, cancel: fcancel, actTimeout: s.opts.ActTimeout}
			s.oopifs[info.TargetID] = fc
		}
		ox, oy, label, ok := s.frameOwnerBox(ctx, info.TargetID)
		if !ok {
			continue
		}
		fc.label = label
		fctx, fcancel := fc.actCtx(ctx)
		js, err := observeFrame(fctx, fc)
		fcancel()
		if err != nil {
			continue
		}
		s.addItems(sc, fc, js, label, ox, oy)
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
