package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// measureDir runs the measurement on a stand-in package in testdata.
func measureDir(t *testing.T, dir string) []result {
	t.Helper()
	fx, err := loadFixtures(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	results, err := measure(ctx, dir, "", fx, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Fixture.ID(), r.Err)
		}
	}
	return results
}

// TestParity runs the measurement on a real headless Chromium over the
// stand-in package in testdata (not GOV.UK Frontend: its fixtures are
// fetched, never committed): plain native controls, each of which flow and
// Chromium must see alike, native selects (a drop-down and two list boxes)
// whose options are not counted, a page without controls, an empty one,
// and two focus targets that flow leaves out on purpose (a region with
// tabindex="-1", an <a> without href in the tab order), which count as
// justified.
func TestParity(t *testing.T) {
	results := measureDir(t, "testdata/package")
	if len(results) != 5 {
		t.Fatalf("%d results, want 5", len(results))
	}
	for _, r := range results {
		var justified []justification
		for _, m := range r.Misses {
			if m.Justified != "" {
				justified = append(justified, m.Justified)
			}
		}
		if len(r.Misses) > len(justified) || len(r.Leaks)+len(r.Extras)+r.Unplaced > 0 {
			t.Errorf("%s: misses %+v, leaks %+v, extras %+v, unplaced %d", r.Fixture.ID(), r.Misses, r.Leaks, r.Extras, r.Unplaced)
		}
		if r.Fixture.Name == "focus targets" && (len(justified) != 2 || justified[0] != focusTarget || justified[1] != focusStop || r.Matched != 1) {
			t.Errorf("focus targets: justified %v, matched %d; want a region a script focuses, a focus stop, and the link", justified, r.Matched)
		}
	}
	// Button, link, text field, checkbox, select, text area, summary.
	if r := results[0]; r.AX != 7 || r.Matched != 7 {
		t.Errorf("controls: Chromium counted %d, matched %d; want 7 and 7", r.AX, r.Matched)
	}
	// Two native list boxes, without their options.
	if r := results[1]; r.AX != 2 || r.Matched != 2 {
		t.Errorf("select multiple: Chromium counted %d, matched %d; want 2 and 2", r.AX, r.Matched)
	}
	var out bytes.Buffer
	writeReport(&out, results, time.Second, true)
	for _, want := range []string{
		"| **total** | 5 | 10 | 12 | 10 | 2 | 0 | 0 | 0 | 0 | 0 |",
		"Justified: 2 (a region a script focuses: 1; an <a> without href, a focus stop: 1; a name that differs only in spaces around punctuation: 0).",
		"just a  demo/focus targets  alert \"\" (a region a script focuses)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestParityHidden runs the measurement over the stand-in package of
// controls hidden in seven ways: none leaks (an inert subtree, a closed
// <details>, content-visibility: hidden, hidden="until-found",
// aria-hidden, visibility: hidden, display: none), and the closed
// details' summary is the one control both see.
func TestParityHidden(t *testing.T) {
	results := measureDir(t, "testdata/hidden")
	var leaks []string
	ax, matched := 0, 0
	for _, r := range results {
		ax += r.AX
		matched += r.Matched
		for _, l := range r.Leaks {
			leaks = append(leaks, r.Fixture.ID()+": "+l.Cand.Summary())
		}
		if len(r.Misses)+len(r.Extras) > 0 {
			t.Errorf("%s: misses %+v, extras %+v", r.Fixture.ID(), r.Misses, r.Extras)
		}
	}
	if len(leaks) > 0 {
		t.Errorf("leaks: %v", leaks)
	}
	if ax != 1 || matched != 1 {
		t.Errorf("Chromium counted %d, matched %d; want the closed details' summary only", ax, matched)
	}
}
