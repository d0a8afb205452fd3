package browser

import (
	"context"
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
// veil, a note moved over its card's buttons, a tip that overflows its box
// of no height, a link that wraps, its centre between its lines, a button
// the pointer passes
// through, a menu positioned out of the strip that clips its row, and a
// band drawn from an aria-hidden decoration too large to search. The page
// is looked at twice: as it comes, and with the decoration gone, where
// observe asks the engine only where something drawn in a layer of its own
// spans a control's centre (mayCover in sight.js), or where a box that
// clips may hide it: a cover it failed to count, or a clip taken for
// hiding what is drawn outside it, breaks this.
func TestCoveredAsTheEngineSaysIt(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/covered.html")
	ctx, cancel := s.actCtx(testCtx(t))
	defer cancel()
	truth := engineCovers(t, ctx)
	if !truth[bandKey] {
		t.Fatalf("the page is not as this test expects: the band covers no control (%v)", truth)
	}
	for _, name := range []string{"Buy 1", "Save 1", "Buy 15", "Buy 16", "Buy 17", "Buy 26", "Buy 40", "Buy 90", "terms of sale"} {
		if !truth[name] {
			t.Fatalf("the page is not as this test expects: %q is not covered (%v)", name, truth)
		}
	}
	for _, name := range []string{"Menu", "Fine", "Buy 7", "Save 50", "Out of the strip"} {
		if v, ok := truth[name]; !ok || v {
			t.Fatalf("the page is not as this test expects: %q is covered or off screen (%v)", name, truth)
		}
	}
	sameCover(t, "as it comes", sc, truth)
	if i := slices.IndexFunc(sc.Candidates, func(c surfaces.Candidate) bool { return c.Name == "Fine" }); i < 500 {
		t.Errorf("the banner's button is candidate %d: the walk meets the banner before its first part is sent", i)
	}

	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector(".deco").remove(), true`)); err != nil {
		t.Fatal(err)
	}
	truth = engineCovers(t, ctx)
	if truth[bandKey] || !truth["Buy 90"] || truth["Buy 7"] {
		t.Fatalf("the page is not as this test expects without the band (%v)", truth)
	}
	sameCover(t, "without the band", observe(t, s), truth)
}

// bandKey is the oracle's entry that says the decoration's band covers a
// control.
const bandKey = "(the band covers one)"

// engineCovers is the oracle: for each button and link on screen, whether
// what Chromium's hit test finds at its centre is something other than
// it; and under bandKey, whether the decoration's band is
// what covers one of them.
func engineCovers(t *testing.T, ctx context.Context) map[string]bool {
	t.Helper()
	truth, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]bool](`(() => {
		const out = {};
		for (const el of document.querySelectorAll("button, a")) {
			const r = el.getBoundingClientRect();
			if (r.bottom <= 0 || r.top >= innerHeight) continue;
			const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
			const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
			const hit = document.elementFromPoint(x, y);
			out[el.innerText.replace(/\s+/g, " ").trim()] = !el.contains(hit);
			if (hit && hit.closest(".deco")) out["(the band covers one)"] = true;
		}
		return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	return truth
}

// sameCover checks that sc lists every control of truth on screen, covered
// where truth says so and only there.
func sameCover(t *testing.T, when string, sc surfaces.Screen, truth map[string]bool) {
	t.Helper()
	seen := 0
	for _, c := range sc.Candidates {
		want, ok := truth[c.Name]
		if !ok || c.Has(surfaces.StateOffscreen) {
			if ok {
				t.Errorf("%s: %s: offscreen, but on screen for the engine", when, c.Summary())
			}
			continue
		}
		seen++
		if c.Has(surfaces.StateCovered) != want {
			t.Errorf("%s: %s: covered %v, the engine's hit test says %v", when, c.Summary(), c.Has(surfaces.StateCovered), want)
		}
	}
	want := len(truth)
	if _, ok := truth[bandKey]; ok {
		want--
	}
	if seen != want {
		t.Errorf("%s: %d controls on screen observed, the engine has %d", when, seen, want)
	}
}
