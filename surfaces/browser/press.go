package browser

import (
	"context"
	"encoding/json"

	"github.com/chromedp/cdproto/domdebugger"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// pressEvents are the events a handler that takes a press listens for.
var pressEvents = map[string]bool{
	"click": true, "dblclick": true, "mousedown": true, "mouseup": true,
	"pointerdown": true, "pointerup": true, "touchstart": true, "touchend": true,
}

// TakesPress reports whether the page listens for a press of the control
// ref names: a click, mouse, pointer or touch listener (an onclick too) on
// the control or an ancestor of it below the body. Listeners on the body,
// the document or the window, where analytics and frameworks put theirs,
// are no sign either way and are not counted; a page that takes every
// press there reads as taking none. It is asked only after a press that
// changed nothing on the screen, so the walk costs nothing on other
// presses.
func (s *Surface) TakesPress(ctx context.Context, ref string) bool {
	rt, err := s.jsRef(ref)
	if err != nil {
		return false
	}
	fctx, cancel := rt.fc.actCtx(ctx)
	defer cancel()
	id, err := rt.fc.ensureWorld(fctx)
	if err != nil {
		return false
	}
	arg, err := json.Marshal(rt.js)
	if err != nil {
		return false
	}
	const group = "flow-press"
	defer chromedp.Call(fctx, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: group})
	chain, err := chromedp.Call(fctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: "window.__flow.pressChain(" + string(arg) + ")",
		ContextID:  id, ObjectGroup: group, Silent: new(true),
	})
	if err != nil || chain.ExceptionDetails != nil || chain.Result == nil || chain.Result.ObjectID == "" {
		return false
	}
	props, err := chromedp.Call(fctx, runtime.GetProperties, runtime.GetPropertiesParams{ObjectID: chain.Result.ObjectID, OwnProperties: new(true)})
	if err != nil {
		return false
	}
	for _, p := range props.Result {
		if p.Value == nil || p.Value.ObjectID == "" || p.Value.Subtype != "node" {
			continue
		}
		ls, err := chromedp.Call(fctx, domdebugger.GetEventListeners, domdebugger.GetEventListenersParams{
			ObjectID: p.Value.ObjectID, Depth: new(int64(0)), Pierce: new(true),
		})
		if err != nil {
			continue
		}
		for _, l := range ls.Listeners {
			if pressEvents[l.Type] {
				return true
			}
		}
	}
	return false
}
