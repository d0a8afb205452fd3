package fixturetest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"flow/flows"
	"flow/surfaces"
	"flow/surfaces/browser"
	"flow/surfaces/browser/internal/proctest"
)

// shared is the one Chromium of this package's tests; each test takes a
// fresh browser context.
var shared *browser.Browser

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "flow-fixturetest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	os.Setenv("TMPDIR", tmp)
	proctest.Mark(tmp)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	shared, err = browser.Start(ctx, browser.Options{})
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	code := m.Run()
	if err := shared.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "close:", err)
		code = 1
	}
	if left := proctest.Leftovers(tmp, 3*time.Second); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "Chromium processes left after the tests:\n%s\n", strings.Join(left, "\n"))
		code = 1
	}
	return code
}

// openSite serves the named fixture site, opens path on it in a fresh
// surface allowed on that site only, and observes.
func openSite(t *testing.T, name, path string) (*browser.Surface, surfaces.Screen, string, *flows.EventLog) {
	t.Helper()
	url, log, stop, err := flows.Serve(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	ctx := testCtx(t)
	s, err := shared.NewSurface(ctx, browser.SurfaceOptions{Allow: []string{url}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Act(ctx, surfaces.Navigate(strings.TrimSuffix(url, "/")+path)); err != nil {
		t.Fatal(err)
	}
	sc, err := s.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return s, sc, url, log
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func find(t *testing.T, sc surfaces.Screen, role, name string) surfaces.Candidate {
	t.Helper()
	cs := sc.Find(role, name)
	if len(cs) != 1 {
		t.Fatalf("want one %s %q, found %d on:\n%s", role, name, len(cs), sc)
	}
	return cs[0]
}
