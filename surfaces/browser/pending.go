package browser

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// pendingJS counts the page's short timers in its own world (see the
// script's head).
//
//go:embed pending.js
var pendingJS string

// pendingHorizon bounds the timers a settle waits for: those an act set
// off that fire within this long of its start (a debounce, a list closing
// after a blur, a result shown after a pause), not a poll or a notice that
// hides itself seconds later.
const pendingHorizon = 500 * time.Millisecond

// installPending loads pending.js into every document of the tab from now
// on, and into the one open now, under a name new for this surface.
func (s *Surface) installPending(ctx context.Context) error {
	var b [6]byte
	rand.Read(b[:])
	s.pendingKey = "_" + hex.EncodeToString(b[:])
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: strings.Replace(pendingJS, "__KEY__", s.pendingKey, 1), RunImmediately: new(true),
	})
	return err
}

// armPending marks the start of an act in the page, so that the settle
// after it waits for the timers the act sets. A page that cannot be asked
// (a document on its way) is not armed: its new document counts from its
// start.
func (s *Surface) armPending(ctx context.Context) {
	if s.pendingKey != "" {
		evalIn(ctx, 0, fmt.Sprintf("window[%q]?.arm()", s.pendingKey))
	}
}

// pendingFor returns how long until the last timer the page set since the
// act began, due within pendingHorizon of it, fires; 0 when none waits or
// the page cannot be asked.
func (s *Surface) pendingFor(ctx context.Context) time.Duration {
	if s.pendingKey == "" {
		return 0
	}
	raw, err := evalIn(ctx, 0, fmt.Sprintf("window[%q]?.pending(%d) ?? 0", s.pendingKey, pendingHorizon.Milliseconds()))
	if err != nil || raw == nil {
		return 0
	}
	ms, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || ms <= 0 {
		return 0
	}
	return time.Duration(ms * float64(time.Millisecond))
}
