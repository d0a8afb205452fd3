package runtime_test

import (
	"context"
	"testing"
	"time"

	"flow/flows"
	"flow/surfaces"
	"flow/surfaces/browser"
)

func TestDbgScreens(t *testing.T) {
	for _, c := range []struct{ site, path string }{{"booking", "results.html?trip=oneway&from=Lisbon&to=Oslo&date=2026-12-24&adults=2"}, {"shop", "search.html?q=enamel+mug"}} {
		url, _, stop, _ := flows.Serve(c.site)
		defer stop()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		s, err := chromium.NewSurface(ctx, browser.SurfaceOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		s.Act(ctx, surfaces.Navigate(url+c.path))
		time.Sleep(500 * time.Millisecond)
		a, _ := s.Observe(ctx)
		t.Log(a.String())
	}
}
