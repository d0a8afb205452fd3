package suite

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// Progress shows a suite as it runs: one line per finished case, and on a
// terminal (Live) a last line, redrawn in place, naming the cases running.
// It is an [Observer].
type Progress struct {
	w     io.Writer
	live  bool
	color bool
	width int

	mu      sync.Mutex
	running map[string]time.Time
	done    int
	total   int
	drawn   bool
}

// ProgressOptions configure a [Progress].
type ProgressOptions struct {
	// Live redraws the running line in place (a terminal).
	Live bool
	// Color marks pass green, fail red and flaky yellow.
	Color bool
	// Width is the terminal's width (default 100).
	Width int
	// Total is the number of cases, for the running line.
	Total int
}

// NewProgress returns a progress view writing to w.
func NewProgress(w io.Writer, o ProgressOptions) *Progress {
	if o.Width <= 0 {
		o.Width = 100
	}
	return &Progress{w: w, live: o.Live, color: o.Color, width: o.Width, total: o.Total, running: map[string]time.Time{}}
}

// Started notes a case starting (or starting again).
func (p *Progress) Started(c *Case, attempt int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running[c.Name] = time.Now()
	if !p.live && attempt > 1 {
		fmt.Fprintf(p.w, "retry %s (attempt %d)\n", c.Name, attempt)
	}
	p.redraw()
}

// Finished prints a case's line: status, time, name, outcome, and for a
// failure where and why.
func (p *Progress) Finished(r *Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.running, r.Case)
	p.done++
	p.clear()
	fmt.Fprintln(p.w, p.line(r))
	if r.Status == Fail || r.Status == Skipped && !strings.HasPrefix(r.Reason, "not run") {
		if r.Where != nil {
			fmt.Fprintf(p.w, "      at %s", r.Where)
			if r.Where.Step != "" {
				fmt.Fprintf(p.w, " (step %s)", r.Where.Step)
			}
			fmt.Fprintln(p.w)
		}
		fmt.Fprintf(p.w, "      %s\n", oneLine(r.Reason, 400))
	}
	p.redraw()
}

// Close clears the running line.
func (p *Progress) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

func (p *Progress) line(r *Result) string {
	status := strings.ToUpper(string(r.Status))
	if p.color {
		code := map[Status]string{Pass: "32", Flaky: "33", Fail: "31", Skipped: "90"}[r.Status]
		status = "\x1b[" + code + "m" + fmt.Sprintf("%-7s", status) + "\x1b[0m"
	} else {
		status = fmt.Sprintf("%-7s", status)
	}
	what := string(r.Outcome)
	if r.Status == Skipped {
		what = r.Reason
	}
	if r.Status == Fail {
		what += " (expected " + r.Expected + ")"
	}
	if r.Attempts > 1 {
		what += fmt.Sprintf(", %d attempts", r.Attempts)
	}
	return fmt.Sprintf("%s %7s  %s  %s", status, roundDuration(time.Duration(r.Duration)), r.Case, what)
}

// redraw writes the running line on a terminal.
func (p *Progress) redraw() {
	if !p.live || len(p.running) == 0 {
		return
	}
	names := make([]string, 0, len(p.running))
	for n := range p.running {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return p.running[a].Compare(p.running[b]) })
	s := fmt.Sprintf("[%d/%d] running %d: %s", p.done, p.total, len(names), strings.Join(names, ", "))
	fmt.Fprint(p.w, "\r\x1b[K"+oneLine(s, p.width-1))
	p.drawn = true
}

func (p *Progress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// WriteSummary prints the counts, the wall time and, again, each case
// that failed with where and why, so the end of a long log says it all.
func WriteSummary(w io.Writer, rep *Report) {
	c := rep.Counts
	var fails []*Result
	for _, r := range rep.Results {
		if r.Status == Fail {
			fails = append(fails, r)
		}
	}
	if len(fails) > 0 {
		fmt.Fprintf(w, "\nfailed:\n")
		for _, r := range fails {
			at := r.File
			if r.Where != nil {
				at = r.Where.String()
			}
			fmt.Fprintf(w, "  %s (%s): %s\n", r.Case, at, oneLine(r.Reason, 300))
		}
	}
	fmt.Fprintf(w, "\n%s: %d passed, %d failed, %d flaky, %d skipped in %s (%s",
		plural(c.Total, "case"), c.Passed, c.Failed, c.Flaky, c.Skipped, roundDuration(time.Duration(rep.Duration)), plural(rep.Workers, "worker"))
	if rep.Shard != "" {
		fmt.Fprintf(w, ", shard %s", rep.Shard)
	}
	fmt.Fprintln(w, ")")
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

func roundDuration(d time.Duration) string {
	switch {
	case d >= time.Minute:
		return d.Round(time.Second).String()
	case d >= time.Second:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Millisecond).String()
}

// oneLine keeps the first line-worth of s, at most n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:max(0, n-1)]) + "…"
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
