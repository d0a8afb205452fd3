package browser

import (
	"context"
	_ "embed"
	"slices"

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
	return nil
}

// evalVeil calls window.__flowVeil.fn(args…) in flow's world of fc's
// current document, loading veil.js there first when it is not yet. Like
// frameConn.call, a document that changed under it is tried once more.
func evalVeil(ctx context.Context, fc *frameConn, out any, fn string, args ...any) error {
	return fc.evalCall(ctx, out, veilJS+";", "window.__flowVeil."+fn, args...)
}
