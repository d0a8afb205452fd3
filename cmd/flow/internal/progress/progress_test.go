package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"flow/runtime"
)

var t0 = time.Date(2026, 12, 24, 10, 0, 0, 0, time.UTC)

// at makes an event at t0 plus ms milliseconds.
func at(ms int, kind runtime.EventKind, path, step, text string) runtime.Event {
	return runtime.Event{Time: t0.Add(time.Duration(ms) * time.Millisecond), Kind: kind, Path: path, Step: step, Text: text}
}

func ended(ms int, path, outcome, note string) runtime.Event {
	e := at(ms, runtime.EventStepEnded, path, "", "")
	e.Outcome, e.Note = outcome, note
	return e
}

// safeBuffer is a buffer the redraw goroutine and the test may share.
type safeBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *safeBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *safeBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestPlainPrintsEachStepOnceWhenItEnds(t *testing.T) {
	var out bytes.Buffer
	v := New(&out, Options{})
	v.Emit(at(0, runtime.EventStepStarted, "1", "browse", "http://127.0.0.1/"))
	if out.Len() != 0 {
		t.Fatalf("plain view printed a running step: %q", out.String())
	}
	v.Emit(at(10, runtime.EventObserved, "1", "browse", ""))
	v.Emit(ended(1200, "1", "done", "reached after 1 turns\n(judged 0.88)"))
	v.Emit(at(1200, runtime.EventStepStarted, "2", "call", "web.dismiss_cookies()"))
	v.Emit(at(1300, runtime.EventStepStarted, "2.1", "if", `"a cookie banner is visible"`))
	v.Emit(ended(1500, "2.1", "done", ""))
	v.Emit(ended(1510, "2", "done", ""))
	v.Emit(at(1510, runtime.EventStepStarted, "3", "stop_before", "paying"))
	v.Emit(ended(1514, "3", "stopped_before", `stopped in front of button "Pay"`))
	v.Emit(at(1515, runtime.EventRunEnded, "", "", ""))
	v.Close()

	want := []string{
		"1         browse      http://127.0.0.1/" + strings.Repeat(" ", MaxTextLen-len("http://127.0.0.1/")) + "  done           1.2s    reached after 1 turns (judged 0.88)",
		"2         call        web.dismiss_cookies()" + strings.Repeat(" ", MaxTextLen-len("web.dismiss_cookies()")) + "  …",
		`  2.1     if          "a cookie banner is visible"` + strings.Repeat(" ", MaxTextLen-len(`"a cookie banner is visible"`)) + "  done           200ms",
		"2         call        web.dismiss_cookies()" + strings.Repeat(" ", MaxTextLen-len("web.dismiss_cookies()")) + "  done           310ms",
		"3         stop_before paying" + strings.Repeat(" ", MaxTextLen-len("paying")) + "  stopped_before 4ms",
		`    stopped in front of button "Pay"`,
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(got), len(want), out.String())
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i+1, got[i], want[i])
		}
	}
	if strings.ContainsAny(out.String(), "\r\x1b") {
		t.Errorf("plain output holds terminal controls: %q", out.String())
	}
}

func TestColorMarksStatesOnly(t *testing.T) {
	var out bytes.Buffer
	v := New(&out, Options{Color: true})
	v.Emit(at(0, runtime.EventStepStarted, "1", "verify", "the total is shown"))
	v.Emit(ended(5, "1", "failed", "not true on the screen"))
	v.Close()
	if !strings.Contains(out.String(), "\x1b[31mfailed") || !strings.Contains(out.String(), "\x1b[0m") {
		t.Errorf("failed state not red: %q", out.String())
	}
	var plain bytes.Buffer
	v = New(&plain, Options{Color: false})
	v.Emit(at(0, runtime.EventStepStarted, "1", "verify", "the total is shown"))
	v.Emit(ended(5, "1", "done", ""))
	v.Close()
	if strings.Contains(plain.String(), "\x1b") {
		t.Errorf("colour without Color: %q", plain.String())
	}
}

func TestLiveRedrawsTheRunningStepInPlace(t *testing.T) {
	var out safeBuffer
	now := t0
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	v := New(&out, Options{Live: true, Now: clock})
	v.Emit(at(0, runtime.EventStepStarted, "5", "do", "search for flights"))
	v.Emit(at(1, runtime.EventAsked, "5", "do", ""))
	if got := out.String(); !strings.Contains(got, "asking") || strings.Contains(got, "\n") {
		t.Fatalf("live line of a running step: %q", got)
	}
	mu.Lock()
	now = t0.Add(2500 * time.Millisecond)
	mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "2.5s") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "\r\x1b[K") || !strings.Contains(out.String(), "2.5s") {
		t.Fatalf("the running step was not redrawn with its time: %q", out.String())
	}
	v.Emit(ended(3000, "5", "done", ""))
	v.Close()
	got := out.String()
	last := got[strings.LastIndex(got, "\r\x1b[K")+len("\r\x1b[K"):]
	if !strings.HasPrefix(last, "5         do          search for flights") || !strings.HasSuffix(last, "done           3.0s\n") {
		t.Errorf("final line %q", last)
	}
	if n := strings.Count(got, "\n"); n != 1 {
		t.Errorf("%d permanent lines, want 1: %q", n, got)
	}
	// Closed: nothing more is printed.
	v.Emit(at(4000, runtime.EventStepStarted, "6", "do", "more"))
	time.Sleep(3 * RedrawInterval / 2)
	if out.String() != got {
		t.Errorf("printed after Close: %q", strings.TrimPrefix(out.String(), got))
	}
}

func TestCloseErasesALiveLine(t *testing.T) {
	var out safeBuffer
	v := New(&out, Options{Live: true, Now: func() time.Time { return t0 }})
	v.Emit(at(0, runtime.EventStepStarted, "1", "wait_for", "results"))
	v.Close()
	v.Close() // twice is fine
	if got := out.String(); !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("the live line was left on screen: %q", got)
	}
}

func TestOneLine(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly ten", 11, "exactly ten"},
		{"a longer text than fits", 10, "a longer …"},
		{"two\nlines\tand tab", 40, "two lines and tab"},
		{"red \x1b[31mtext\x1b[0m", 40, "red �[31mtext�[0m"},
		{"café € 12", 40, "café € 12"},
	} {
		if got := OneLine(c.in, c.n); got != c.want {
			t.Errorf("OneLine(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
		if n := len([]rune(OneLine(c.in, c.n))); n > c.n {
			t.Errorf("OneLine(%q, %d) is %d runes", c.in, c.n, n)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-time.Second:            "0ms",
		340 * time.Millisecond:  "340ms",
		1250 * time.Millisecond: "1.2s",
		65 * time.Second:        "1m05s",
		10 * time.Minute:        "10m00s",
	} {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%s) = %q, want %q", d, got, want)
		}
	}
}

func TestLiveLineFitsTheTerminal(t *testing.T) {
	var out safeBuffer
	v := New(&out, Options{Live: true, Width: 40, Now: func() time.Time { return t0 }})
	v.Emit(at(0, runtime.EventStepStarted, "12.3", "enter", "name on card = Ada Lovelace; card number = ${card_number}"))
	live := out.String()
	v.Emit(ended(900, "12.3", "done", ""))
	v.Close()
	if n := len([]rune(strings.TrimPrefix(live, "\r\x1b[K"))); n > 39 || n == 0 {
		t.Errorf("live line of %d runes in a 40-column terminal: %q", n, live)
	}
	// The permanent line is whole: it scrolls away and is never erased.
	if !strings.Contains(out.String(), "card number = ${card_number}") {
		t.Errorf("permanent line cut: %q", out.String())
	}
}

// A step served by the resolution cache says HIT; one that missed says
// MISS and why, before its note.
func TestCacheHitsAndMissesShowOnTheStepLine(t *testing.T) {
	var out bytes.Buffer
	v := New(&out, Options{})
	v.Emit(at(0, runtime.EventStepStarted, "1", "do", "add the tea"))
	e := ended(300, "1", "done", "reached after 1 turns")
	e.Cache = "hit"
	v.Emit(e)
	v.Emit(at(300, runtime.EventStepStarted, "2", "do", "add the mug"))
	e = ended(900, "2", "done", "")
	e.Cache = `miss: button "Add" in card "Mug" moved to card "Sale"`
	v.Emit(e)
	v.Close()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], "300ms   HIT · reached after 1 turns") ||
		!strings.HasSuffix(lines[1], `600ms   MISS (button "Add" in card "Mug" moved to card "Sale")`) {
		t.Errorf("lines:\n%s", out.String())
	}
}
