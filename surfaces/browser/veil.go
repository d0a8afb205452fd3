package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

//go:embed veil.js
var veilJS string

// veilSecretFill runs before the secret fill op types into the field js
// of fc. It remembers the value (a video started later veils what shows
// it) and, while a video runs, paints the field black before the first
// character reaches it, so no frame of the video holds the secret. A field
// that cannot be veiled is not filled.
func (s *Surface) veilSecretFill(ctx context.Context, fc *frameConn, js string, op surfaces.Operation) error {
	value := op.Value
	s.mu.Lock()
	if value != "" && !slices.Contains(s.secrets, value) {
		s.secrets = append(s.secrets, value)
	}
	recording := s.video != nil
	secrets := append([]string(nil), s.secrets...)
	s.mu.Unlock()
	if !recording {
		return nil
	}
	var ok bool
	if err := evalVeil(ctx, fc, &ok, "field", js, secrets); err != nil {
		return err
	}
	if !ok {
		return &surfaces.NotActionableError{Ref: op.Ref, Op: op.Op, Reason: "it did not take focus, so the secret could not be hidden from the video; nothing was typed"}
	}
	return s.veilNewDocuments(ctx, secrets)
}

// veilNewDocuments loads veil.js, watching for secrets, into flow's world
// of every document the tab opens from now on, before the page's own
// scripts run: a later page that shows what was typed (a receipt, a
// summary) is veiled before its first paint. The script replaces the one
// an earlier call loaded; [Surface.unveilNewDocuments] removes it when the
// video ends. The values stay inside the browser: they are what was typed
// into it.
func (s *Surface) veilNewDocuments(ctx context.Context, secrets []string) error {
	vals, err := json.Marshal(secrets)
	if err != nil {
		return err
	}
	if err := s.unveilNewDocuments(ctx); err != nil {
		return err
	}
	// The tab's documents, whichever frame the fill was in.
	tctx, cancel := s.actCtx(ctx)
	defer cancel()
	added, err := chromedp.Call(tctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: veilJS + ";window.__flowVeil.update(" + string(vals) + ");", WorldName: worldName,
	})
	if err != nil {
		return fmt.Errorf("veil new documents: %w", err)
	}
	s.mu.Lock()
	s.veilDocs = added.Identifier
	s.mu.Unlock()
	return nil
}

// unveilNewDocuments removes the script veilNewDocuments loaded, if any.
func (s *Surface) unveilNewDocuments(ctx context.Context) error {
	s.mu.Lock()
	id := s.veilDocs
	s.veilDocs = ""
	s.mu.Unlock()
	if id == "" {
		return nil
	}
	tctx, cancel := s.actCtx(ctx)
	defer cancel()
	_, err := chromedp.Call(tctx, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id})
	return err
}

// evalVeil calls window.__flowVeil.fn(args…) in flow's world of fc's
// current document, loading veil.js there first when it is not yet. Like
// frameConn.call, a document that changed under it is tried once more.
func evalVeil(ctx context.Context, fc *frameConn, out any, fn string, args ...any) error {
	return fc.evalCall(ctx, out, veilJS+";", "window.__flowVeil."+fn, args...)
}
