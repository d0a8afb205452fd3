package browser

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestNoBrowserUIRenderers holds the switches that keep Chromium from
// preloading its address bar's popups: without them it starts two
// renderers for chrome://omnibox-popup.top-chrome that spend over a second
// of CPU in the browser's first seconds, on a machine of two cores the
// time of the page being observed.
func TestNoBrowserUIRenderers(t *testing.T) {
	s := newSurface(t)
	open(t, s, "/testdata/bench2000.html")
	infos, err := chromedp.Targets(testCtxOn(t, s))
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, i := range infos {
		if i.Type == "browser_ui" || strings.Contains(i.URL, "top-chrome") {
			t.Errorf("Chromium started %s %s", i.Type, i.URL)
		}
		if i.Type == "page" {
			pages++
		}
	}
	if pages == 0 {
		t.Errorf("no page among the targets: %v", infos)
	}
}
