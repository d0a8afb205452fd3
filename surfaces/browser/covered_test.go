package browser

import (
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

// TestCoveredAsTheEngineSaysIt holds the covered state of every control on
// screen to what Chromium's own hit test says at its centre, on a page of
// 640 controls in positioned cards under a sticky header, a fixed banner
// written after them all (so the walk has sent most of its controls in an
// earlier part before it meets the banner), a card's cover, an aria-hidden
// veil, a note moved over its card's buttons, a button the pointer passes
// through, and a menu positioned out of the strip that clips its row.
// Observe asks the engine only where something drawn in a layer of its own
// spans a control's centre (mayCover in sight.js), or where a box that
// clips may hide it: a cover it failed to count, or a clip taken for
// hiding what is drawn outside it, breaks this.
func TestCoveredAsTheEngineSaysIt(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/covered.html")
	ctx, cancel := s.actCtx(testCtx(t))
	defer cancel()
	// The oracle: for each button and link on screen, whether what is at
	// its centre is something other than it.
	truth, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]bool](`(() => {
		const out = {};
		for (const el of document.querySelectorAll("button, a")) {
			const r = el.getBoundingClientRect();
			if (r.bottom <= 0 || r.top >= innerHeight) continue;
			const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
			const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
			const hit = document.elementFromPoint(x, y);
			out[el.textContent] = !el.contains(hit);
		}
		return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Buy 1", "Save 1", "Buy 15", "Buy 16", "Buy 17", "Buy 26", "Buy 90"} {
		if !truth[name] {
			t.Fatalf("the page is not as this test expects: %q is not covered (%v)", name, truth)
		}
	}
	for _, name := range []string{"Menu", "Fine", "Buy 7", "Save 40", "Out of the strip"} {
		if v, ok := truth[name]; !ok || v {
			t.Fatalf("the page is not as this test expects: %q is covered or off screen (%v)", name, truth)
		}
	}
	seen := 0
	for _, c := range sc.Candidates {
		want, ok := truth[c.Name]
		if !ok || c.Has(surfaces.StateOffscreen) {
			if ok {
				t.Errorf("%s: offscreen, but on screen for the engine", c.Summary())
			}
			continue
		}
		seen++
		if c.Has(surfaces.StateCovered) != want {
			t.Errorf("%s: covered %v, the engine's hit test says %v", c.Summary(), c.Has(surfaces.StateCovered), want)
		}
	}
	if seen != len(truth) {
		t.Errorf("%d controls on screen observed, the engine has %d", seen, len(truth))
	}
	if i := slices.IndexFunc(sc.Candidates, func(c surfaces.Candidate) bool { return c.Name == "Fine" }); i < 500 {
		t.Errorf("the banner's button is candidate %d: the walk meets the banner before its first part is sent", i)
	}
}
