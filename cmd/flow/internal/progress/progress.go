package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"flow/runtime"
)

// MaxTextLen is the most runes of a step's text a line shows.
const MaxTextLen = 60

// MaxNoteLen is the most runes of a finished step's note (what it chose or
// found) shown after its time.
const MaxNoteLen = 80

// RedrawInterval is how often a live view redraws the running step's
// elapsed time when no event arrives.
const RedrawInterval = 200 * time.Millisecond

// Options choose how a [View] prints.
type Options struct {
	// Live redraws the running step in place; for a terminal only.
	Live bool
	// Color marks states with ANSI colours.
	Color bool
	// Width is the terminal's width in columns. A live line is cut to fit
	// in it, since erasing a line that wrapped would leave its first rows
	// behind. Zero means no limit.
	Width int
	// Now is the clock for elapsed times of running steps (default
	// time.Now). Finished steps show the time their events carry.
	Now func() time.Time
}

// View prints the steps of one run. Make it with [New]; it is a
// runtime.Sink.
type View struct {
	mu     sync.Mutex
	w      io.Writer
	opts   Options
	open   []*step // running steps, outermost first
	drawn  bool    // a live line is on screen and must be erased first
	closed bool
	stop   chan struct{}
	done   chan struct{}
}

// step is a running step as the view knows it.
type step struct {
	path, kind, text string
	began            time.Time
	activity         string // "observing", "asking", "acting"
	headed           bool   // its line was printed because a child began
}

var _ runtime.Sink = (*View)(nil)

// New returns a view writing to w. A live view redraws in a goroutine of
// its own until [View.Close].
func New(w io.Writer, opts Options) *View {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	v := &View{w: w, opts: opts}
	if opts.Live {
		v.stop, v.done = make(chan struct{}), make(chan struct{})
		go v.tick()
	}
	return v
}

func (v *View) tick() {
	defer close(v.done)
	t := time.NewTicker(RedrawInterval)
	defer t.Stop()
	for {
		select {
		case <-v.stop:
			return
		case <-t.C:
			v.mu.Lock()
			if !v.closed {
				v.redraw()
			}
			v.mu.Unlock()
		}
	}
}

// Emit takes one event of the run.
func (v *View) Emit(e runtime.Event) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.closed {
		return
	}
	switch e.Kind {
	case runtime.EventStepStarted:
		if n := len(v.open); n > 0 && !v.open[n-1].headed {
			parent := v.open[n-1]
			v.erase()
			v.println(v.line(parent, "…", "", ""))
			parent.headed = true
		}
		v.open = append(v.open, &step{path: e.Path, kind: e.Step, text: e.Text, began: e.Time})
	case runtime.EventObserved:
		v.setActivity(e.Path, "observing")
	case runtime.EventAsked:
		v.setActivity(e.Path, "asking")
	case runtime.EventActed:
		v.setActivity(e.Path, "acting")
	case runtime.EventStepEnded:
		i := v.find(e.Path)
		if i < 0 {
			return
		}
		s := v.open[i]
		v.open = v.open[:i]
		v.erase()
		state := e.Outcome
		if state == "" {
			state = runtime.StepDone
		}
		note := ""
		if e.Note != "" && state == runtime.StepDone {
			// What a finished step found or chose: "item 2 of 8".
			note = OneLine(e.Note, MaxNoteLen)
		}
		if c := runtime.CacheWord(e.Cache); c != "" {
			note = OneLine(strings.TrimSuffix(c+" · "+note, " · "), MaxNoteLen)
		}
		v.println(v.line(s, state, FormatDuration(e.Time.Sub(s.began)), note))
		if e.Note != "" && state != runtime.StepDone {
			v.println(strings.Repeat("  ", depth(s.path)+1) + "  " + OneLine(e.Note, 4*MaxTextLen))
		}
	case runtime.EventRunEnded:
		v.erase()
		v.open = nil
	}
	v.redraw()
}

// Close stops redrawing and erases a live line left on screen. It is safe
// to call more than once.
func (v *View) Close() {
	v.mu.Lock()
	if v.closed {
		v.mu.Unlock()
		return
	}
	v.closed = true
	v.erase()
	v.mu.Unlock()
	if v.stop != nil {
		close(v.stop)
		<-v.done
	}
}

func (v *View) find(path string) int {
	for i := len(v.open) - 1; i >= 0; i-- {
		if v.open[i].path == path {
			return i
		}
	}
	return -1
}

func (v *View) setActivity(path, what string) {
	if i := v.find(path); i >= 0 {
		v.open[i].activity = what
	}
}

// redraw puts the innermost running step on the live line.
func (v *View) redraw() {
	if !v.opts.Live || len(v.open) == 0 {
		return
	}
	s := v.open[len(v.open)-1]
	state := "running"
	if s.activity != "" {
		state = s.activity
	}
	v.erase()
	l := v.line(s, state, FormatDuration(v.opts.Now().Sub(s.began)), "")
	if v.opts.Width > 1 {
		// A running state is never coloured, so runes are columns here.
		l = OneLine(l, v.opts.Width-1)
	}
	fmt.Fprint(v.w, l)
	v.drawn = true
}

// erase clears the live line, if one is drawn.
func (v *View) erase() {
	if v.drawn {
		fmt.Fprint(v.w, "\r\x1b[K")
		v.drawn = false
	}
}

func (v *View) println(s string) { fmt.Fprintln(v.w, s) }

// line formats one step: indent, path, kind, text, state, time and note.
func (v *View) line(s *step, state, elapsed, note string) string {
	where := strings.Repeat("  ", depth(s.path)) + s.path
	text := OneLine(s.text, MaxTextLen)
	st := fmt.Sprintf("%-14s", state)
	if v.opts.Color {
		if c := colorOf(state); c != "" {
			st = c + st + "\x1b[0m"
		}
	}
	l := fmt.Sprintf("%-9s %-11s %-*s  %s %-6s  %s", where, s.kind, MaxTextLen, text, st, elapsed, note)
	return strings.TrimRight(l, " ")
}

// colorOf is the ANSI colour of a state: green done, yellow stopped,
// red for every way a run fails, none while running.
func colorOf(state string) string {
	switch runtime.Outcome(state) {
	case runtime.StepDone, runtime.Completed:
		return "\x1b[32m"
	case runtime.StoppedBefore:
		return "\x1b[33m"
	case runtime.Failed, runtime.Invalid, runtime.NeedsHuman, runtime.BudgetExhausted, runtime.GuardRefused:
		return "\x1b[31m"
	}
	return ""
}

// depth is a step's nesting: "4" is 0, "4.2" is 1.
func depth(path string) int { return strings.Count(path, ".") }

// OneLine makes s one line of at most n runes (a longer one is cut and
// ends in …), with control characters replaced so a page's text can't
// move the cursor or change colours.
func OneLine(s string, n int) string {
	var b strings.Builder
	count := 0
	total := utf8.RuneCountInString(s)
	for _, r := range s {
		if count == n-1 && total > n {
			b.WriteString("…")
			break
		}
		switch {
		case r == '\n' || r == '\t' || r == '\r':
			r = ' '
		case unicode.IsControl(r) || r == utf8.RuneError:
			r = '�'
		}
		b.WriteRune(r)
		count++
	}
	return b.String()
}

// FormatDuration prints a step's time the way people read it: 340ms, 1.2s,
// 1m05s.
func FormatDuration(d time.Duration) string {
	switch {
	case d < 0:
		return "0ms"
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}
