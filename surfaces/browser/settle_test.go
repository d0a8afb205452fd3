package browser

import (
	"testing"
	"time"

	"flow/surfaces"
)

// TestSettleSeesALateRender checks that a press whose response renders a
// moment after it came settles on the rendered page: the do loop judges
// "the press changed nothing" from the screen after the settle.
func TestSettleSeesALateRender(t *testing.T) {
	s := newSurface(t)
	sc := open(t, s, "/testdata/settle.html")
	out, err := s.Act(testCtx(t), surfaces.Click(find(t, sc, "button", "Load the total").Ref))
	if err != nil {
		t.Fatal(err)
	}
	if after := observe(t, s); !hasLine(after, "Total: 42") {
		t.Errorf("settled before the response rendered (requests %v):\n%s", out.Requests, after)
	}
}

// TestQuietIgnoresWritesThatChangeNothing checks the page's quiet clock:
// an attribute set to the value it has is no change, a text that changes
// is one.
func TestQuietIgnoresWritesThatChangeNothing(t *testing.T) {
	s := newSurface(t)
	quietFor := func() float64 {
		t.Helper()
		time.Sleep(150 * time.Millisecond)
		ctx, cancel := s.actCtx(testCtx(t))
		defer cancel()
		var q quietState
		if err := s.main.call(ctx, &q, "quiet"); err != nil {
			t.Fatal(err)
		}
		return q.Since
	}
	open(t, s, "/testdata/settle.html")
	if since := quietFor(); since < 100 {
		t.Errorf("a page that only rewrites an attribute with its value counts as changed %.0f ms ago", since)
	}
	open(t, s, "/testdata/settle.html?tick")
	if since := quietFor(); since > 50 {
		t.Errorf("a page whose text changes every 10 ms counts as unchanged for %.0f ms", since)
	}
}
