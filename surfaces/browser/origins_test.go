package browser

import (
	"errors"
	"strings"
	"testing"
	"time"

	"flow/surfaces"
)

func TestOriginEscapesBlocked(t *testing.T) {
	s := newSurface(t)
	ctx := testCtx(t)
	hitsBefore := otherHits.Load()
	for _, name := range []string{"Plain link out", "New tab out", "Open window out", "Redirect out", "Script out"} {
		sc := open(t, s, "/escape")
		var ref string
		for _, c := range sc.Candidates {
			if c.Name == name {
				ref = c.Ref
			}
		}
		if ref == "" {
			t.Fatalf("no %q on\n%s", name, sc)
		}
		out, err := s.Act(ctx, surfaces.Click(ref))
		if name == "Script out" && err == nil {
			// The script navigates after the click returned: the next act
			// or a settle reports it.
			time.Sleep(100 * time.Millisecond)
			out, err = s.Act(ctx, surfaces.Scroll("", "top"))
		}
		var be *surfaces.BlockedError
		if !errors.As(err, &be) || !errors.Is(err, surfaces.ErrNavigationBlocked) || !strings.HasPrefix(be.URL, other.URL) {
			t.Errorf("%s: err %v, outcome %+v", name, err, out)
			continue
		}
		if len(out.Blocked) == 0 || !strings.HasPrefix(out.Blocked[0], other.URL) {
			t.Errorf("%s: outcome does not name the blocked URL: %+v", name, out)
		}
		if !strings.HasSuffix(out.URL, "/escape") {
			t.Errorf("%s: the tab is at %s, not back on the page", name, out.URL)
		}
	}
	if n := otherHits.Load() - hitsBefore; n != 0 {
		t.Errorf("the disallowed origin received %d requests", n)
	}
	// Popups are closed: the browser context holds only the surface's tab.
	infos, err := shared.pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range infos {
		if p.TargetID != s.tid && p.OpenerID == s.tid {
			t.Errorf("a popup to %s is still open", p.URL)
		}
	}

	// Navigating there directly is refused before the browser is asked.
	out, err := s.Act(ctx, surfaces.Navigate(other.URL+"/direct"))
	if !errors.Is(err, surfaces.ErrNavigationBlocked) || len(out.Blocked) != 1 {
		t.Errorf("direct navigation: %+v %v", out, err)
	}
	if n := otherHits.Load() - hitsBefore; n != 0 {
		t.Errorf("the disallowed origin received %d requests", n)
	}

	// A new tab within the allowed origins continues in the surface's tab.
	sc := open(t, s, "/escape")
	out, err = s.Act(ctx, surfaces.Click(find(t, sc, "link", "New tab in").Ref))
	if err != nil || !strings.HasSuffix(out.URL, "/testdata/other.html") || len(out.Popups) != 1 {
		t.Errorf("allowed new tab: %+v %v", out, err)
	}
}

func TestDialogsNeverHang(t *testing.T) {
	s := newSurface(t)
	ctx := testCtx(t)
	sc := open(t, s, "/testdata/alerts.html")
	for _, c := range []struct{ button, kind, message, result string }{
		{"Alert", "alert", "Saved!", "after alert"},
		{"Confirm", "confirm", "Really delete?", "confirmed"},
		{"Prompt", "prompt", "Name?", "prompt null"},
	} {
		start := time.Now()
		out, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", c.button).Ref))
		if err != nil {
			t.Fatalf("%s: %v", c.button, err)
		}
		if time.Since(start) > 5*time.Second {
			t.Errorf("%s took %s", c.button, time.Since(start))
		}
		if len(out.Dialogs) != 1 || out.Dialogs[0].Type != c.kind || out.Dialogs[0].Message != c.message {
			t.Errorf("%s: dialogs %+v", c.button, out.Dialogs)
		}
		if now := observe(t, s); !hasLine(now, c.result) {
			t.Errorf("%s: page shows\n%s", c.button, now)
		}
	}
	// A leave guard does not stop a navigation.
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "Arm leave guard").Ref)); err != nil {
		t.Fatal(err)
	}
	out, err := s.Act(ctx, surfaces.Navigate(site.URL+"/testdata/other.html"))
	if err != nil || !strings.HasSuffix(out.URL, "/testdata/other.html") {
		t.Fatalf("navigate past beforeunload: %+v %v", out, err)
	}
	if len(out.Dialogs) != 1 || out.Dialogs[0].Type != "beforeunload" {
		t.Errorf("beforeunload not reported: %+v", out.Dialogs)
	}
}
