package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// row sums the results of one component (or of all).
type row struct {
	name                    string
	fixtures, hidden, shots int
	cands, ax, matched      int
	capped                  int
	justified               int
	why                     map[justification]int
	a, b, c                 int
	focusOnly               int // of the misses a, b and c
	leaks, extras, unplaced int
	failed                  int
}

func (r *row) add(x result) {
	r.fixtures++
	if x.Fixture.Hidden {
		r.hidden++
	}
	if x.Fixture.Screenshot {
		r.shots++
	}
	if x.Err != nil {
		r.failed++
		return
	}
	r.cands += x.Cands
	r.ax += x.AX
	r.matched += x.Matched
	r.capped += x.Capped
	for _, m := range x.Misses {
		if m.Justified != "" {
			r.justified++
			if r.why == nil {
				r.why = map[justification]int{}
			}
			r.why[m.Justified]++
			continue
		}
		switch m.Class {
		case missNone:
			r.a++
		case missName:
			r.b++
		case missRole:
			r.c++
		}
		if m.FocusOnly {
			r.focusOnly++
		}
	}
	r.leaks += len(x.Leaks)
	r.extras += len(x.Extras)
	r.unplaced += x.Unplaced
}

// writeReport prints the table per component and the totals, then with
// verbose every miss, leak and extra.
func writeReport(w io.Writer, results []result, took time.Duration, verbose bool) {
	byComp := map[string]*row{}
	var names []string
	total := &row{name: "**total**"}
	for _, x := range results {
		r := byComp[x.Fixture.Component]
		if r == nil {
			r = &row{name: x.Fixture.Component}
			byComp[r.name] = r
			names = append(names, r.name)
		}
		r.add(x)
		total.add(x)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "| component | fixtures | flow's candidates | Chromium's controls | matched | justified | a: none | b: name | c: role | leaks | extras |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	line := func(r *row) {
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n",
			r.name, r.fixtures, r.cands, r.ax, r.matched, r.justified, r.a, r.b, r.c, r.leaks, r.extras)
	}
	for _, n := range names {
		line(byComp[n])
	}
	line(total)
	fmt.Fprintf(w, "\n%d fixtures (field \"hidden\": true on %d, \"screenshot\" on %d; all measured), %d components, in %s.\n",
		total.fixtures, total.hidden, total.shots, len(names), took.Round(100*time.Millisecond))
	fmt.Fprintf(w, "Justified: %d (%s: %d; %s: %d; %s: %d).\n", total.justified,
		focusTarget, total.why[focusTarget], focusStop, total.why[focusStop], spacing, total.why[spacing])
	fmt.Fprintf(w, "Misses: %d (a %d, b %d, c %d); of them %d focusable only (no control's role).\n",
		total.a+total.b+total.c, total.a, total.b, total.c, total.focusOnly)
	fmt.Fprintf(w, "Matches: %d; of them %d by a name flow capped at 160 characters. Candidates drawn at no element's box (not compared): %d.\n",
		total.matched, total.capped, total.unplaced)
	if total.failed > 0 {
		fmt.Fprintf(w, "%d fixtures failed:\n", total.failed)
		for _, x := range results {
			if x.Err != nil {
				fmt.Fprintf(w, "  %s: %v\n", x.Fixture.ID(), x.Err)
			}
		}
	}
	if !verbose {
		return
	}
	fmt.Fprintln(w)
	for _, x := range results {
		for _, m := range x.Misses {
			closest := "none"
			if m.Closest != nil {
				closest = fmt.Sprintf("%s %q", m.Closest.Role, m.Closest.Name)
			}
			focus := ""
			if m.FocusOnly {
				focus = " (focus only)"
			}
			if m.Spacing {
				focus = " (spacing only)"
			}
			kind := "miss " + string(m.Class)
			if m.Justified != "" {
				kind, focus = "just "+string(m.Class), " ("+string(m.Justified)+")"
			}
			fmt.Fprintf(w, "%s  %s  %s %q%s  flow: %s\n", kind, x.Fixture.ID(), m.AXRole, clip(m.AXName), focus, closest)
		}
		for _, l := range x.Leaks {
			fmt.Fprintf(w, "leak    %s  flow: %s %q  Chromium: %s\n", x.Fixture.ID(), l.Cand.Role, clip(l.Cand.Name), l.Why)
		}
		for _, l := range x.Extras {
			fmt.Fprintf(w, "extra   %s  flow: %s %q  Chromium: %s (%s)\n", x.Fixture.ID(), l.Cand.Role, clip(l.Cand.Name), l.AXRole, l.Why)
		}
	}
}

// clip shortens a long name for a line of the verbose list.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return s
}
