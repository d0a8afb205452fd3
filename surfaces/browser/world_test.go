package browser

import (
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

// TestSightLoadsAsADocumentStarts: in a new document, flow's world holds
// sight.js while the page is still being parsed (its parser waits on a
// script the test holds back), so the first look after a navigation
// finds the script there instead of compiling it; and that look uses
// that world.
func TestSightLoadsAsADocumentStarts(t *testing.T) {
	s := newSurface(t)
	open(t, s, "/testdata/controls.html")
	worlds := make(chan string, 8)
	if err := chromedp.Listen(s.main.ctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventExecutionContextCreated); ok && ev.Context != nil && ev.Context.Name == worldName {
			select {
			case worlds <- ev.Context.UniqueID:
			default:
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	key, script := newHeld(t)
	ctx := testCtx(t)
	navigated := make(chan error, 1)
	go func() {
		_, err := s.Act(ctx, surfaces.Navigate(site.URL+"/parsing?k="+key))
		navigated <- err
	}()
	var unique string
	select {
	case unique = <-worlds:
	case <-ctx.Done():
		t.Fatal("no world of flow's in the new document")
	}
	actx, cancel := s.main.actCtx(ctx)
	defer cancel()
	raw, err := evaluate(actx, runtime.EvaluateParams{UniqueContextID: unique},
		`[typeof window.__flow, document.readyState, document.querySelectorAll("p").length]`)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(raw); got != `["object","loading",0]` {
		t.Errorf("while the page is parsed, flow's world shows %s: want sight.js loaded in a document still loading", got)
	}
	script.release()
	if err := <-navigated; err != nil {
		t.Fatal(err)
	}
	sc := observe(t, s)
	if sc.Title != "Parsed" {
		t.Errorf("title %q after the held script ran", sc.Title)
	}
	if cur, ok := s.main.current(); !ok || cur != unique {
		t.Errorf("observed in world %q (current %v): want %q, the one made as the document started", cur, ok, unique)
	}
}
