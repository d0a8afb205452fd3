package browser

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
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

// armPending marks the start of the act op in the page, so that the
// settle after it waits for the timers the act sets. An act on an element
// of the tab's own document begins with a call to sight.js there (see
// startsInSight), which carries the mark to pending.js by an event, with
// no call of its own; any other act is marked by a call before it. A page
// that cannot be asked (a document on its way) is not armed: its new
// document counts from its start. It reports whether the mark rides on
// the act's first call into the tab's document.
func (s *Surface) armPending(ctx context.Context, op surfaces.Operation) bool {
	if s.pendingKey == "" {
		return false
	}
	rt, ok := s.refs[op.Ref]
	inPage := ok && rt.fc == s.main && startsInSight[op.Op]
	if inPage {
		s.main.arm = fmt.Sprintf("window.dispatchEvent(new CustomEvent(%q, {detail: %q}));", s.pendingKey, "arm")
	} else {
		evalIn(ctx, 0, fmt.Sprintf("window[%q]?.arm()", s.pendingKey))
	}
	return inPage
}

// startsInSight holds the operations whose first step, on an element, is
// a call to sight.js in the element's document (see Surface.do): point,
// prepareFill, selectOption, checked, focusRef or scrollRef. Nothing of
// the act reaches the page before that call.
var startsInSight = map[surfaces.Op]bool{
	surfaces.OpClick: true, surfaces.OpHover: true, surfaces.OpDoubleClick: true,
	surfaces.OpFill: true, surfaces.OpSelect: true, surfaces.OpCheck: true, surfaces.OpUncheck: true,
	surfaces.OpPress: true, surfaces.OpScroll: true,
}

// pendingFor returns how long until the last timer the page set since the
// act began, due within pendingHorizon of it, fires (0 when none waits or
// the page cannot be asked), and when the page last opened a window since
// the act began, within pendingHorizon (zero when it did not). That time
// is the latest the open can have been, taken from before the page was
// asked: never after it.
func (s *Surface) pendingFor(ctx context.Context) (time.Duration, time.Time) {
	if s.pendingKey == "" {
		return 0, time.Time{}
	}
	asked := time.Now()
	raw, err := evalIn(ctx, 0, fmt.Sprintf("window[%q]?.pending(%d) ?? [0, -1]", s.pendingKey, pendingHorizon.Milliseconds()))
	var got [2]float64
	if err != nil || raw == nil || json.Unmarshal(raw, &got) != nil {
		return 0, time.Time{}
	}
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	var opened time.Time
	if got[1] >= 0 {
		opened = asked.Add(-ms(got[1]))
	}
	return max(ms(got[0]), 0), opened
}
