package compiler

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"flow/grammar"
	"flow/plan"
)

// A pause is a do whose whole text asks for time and nothing else: "wait 3
// seconds", "wait for 2 s", "pause 500 ms", "sleep 2s", "wait a second".
// A do is a goal the runtime reaches by pressing controls and ends only on
// evidence; a pause has no evidence to wait for, so it would find no
// control and fail. It compiles to a step of its own (plan.KindPause), as
// Playwright's page.waitForTimeout is a call of its own beside its
// waits for a state. Any more words ("wait 3 seconds for the results")
// name something to wait for: the text stays a do, and the author is
// better served by wait_for (lint L013 says so of every pause).

// pauseRe reads a lower-cased, trimmed pause text: a verb, an optional
// "for", an amount (a number, or a word from "a" to "ten", which a space
// must follow: "wait asecond" is no pause) and a unit, and an optional
// full stop.
var pauseRe = regexp.MustCompile(`^(?:wait|pause|sleep)(?:\s+for)?\s+` +
	`(?:(\d+(?:\.\d+)?|\.\d+)\s*|(an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+)` +
	`(ms|msecs?|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)\.?$`)

// pauseWords are the amounts a pause may spell out.
var pauseWords = map[string]float64{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}

// pauseUnit returns the length of a unit pauseRe matched. Hours are
// there so that "wait 1 hour" is read, and refused as too long, rather
// than run as a do that finds nothing to press.
func pauseUnit(u string) time.Duration {
	switch {
	case u == "ms" || strings.HasPrefix(u, "msec") || strings.HasPrefix(u, "milli"):
		return time.Millisecond
	case u == "s" || strings.HasPrefix(u, "sec"):
		return time.Second
	case u == "m" || strings.HasPrefix(u, "min"):
		return time.Minute
	}
	return time.Hour
}

// pauseOf returns how long a do's text asks to pause, and whether the
// text is a pause at all. Only literal text is: an interpolated amount is
// not known before the run. A length too large for a time.Duration comes
// back as the largest one, which is too long all the same.
func pauseOf(sl *grammar.StringLit) (time.Duration, bool) {
	if sl == nil {
		return 0, false
	}
	text, ok := sl.Value()
	text = strings.TrimSpace(text)
	// Every do of every flow comes through here, in the compiler and in
	// lint: the first letter rules out nearly all of them before the
	// regexp and the lower-casing run.
	if !ok || len(text) < len("wait 1s") || !strings.ContainsRune("wWpPsS", rune(text[0])) {
		return 0, false
	}
	m := pauseRe.FindStringSubmatch(strings.ToLower(text))
	if m == nil {
		return 0, false
	}
	amount := pauseWords[m[2]]
	if m[1] != "" {
		amount, _ = strconv.ParseFloat(m[1], 64) // the regexp allows only digits
	}
	ns := math.Round(amount * float64(pauseUnit(m[3])))
	if ns >= math.MaxInt64 {
		return math.MaxInt64, true
	}
	return time.Duration(ns), true
}

// checkPause reports a pause that waits for nothing or for longer than
// plan.MaxPause, at the do's text.
func (c *flowChecker) checkPause(sl *grammar.StringLit, d time.Duration) {
	switch {
	case d <= 0:
		c.rep.errorf(sl.Range, BadPause, `write a positive time: do "wait 2 seconds"`, "this pause waits for no time at all")
	case d > time.Duration(plan.MaxPause):
		c.rep.errorf(sl.Range, BadPause,
			`name what the pause waits for: wait_for "…" within `+durationLiteral(d)+` ends as soon as it holds`,
			"this pause of %s is longer than the %s a pause may last", friendlyDuration(d), friendlyDuration(time.Duration(plan.MaxPause)))
	}
}

// durationLiteral writes d as a flow's duration literal ("3s", "1.5s",
// "500ms", "15m"), for a hint the author can paste.
func durationLiteral(d time.Duration) string {
	for _, u := range []struct {
		unit time.Duration
		name string
	}{{time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}} {
		if d >= u.unit && d%u.unit == 0 {
			return strconv.FormatInt(int64(d/u.unit), 10) + u.name
		}
	}
	if d >= time.Second {
		return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
	}
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64) + "ms"
}

// friendlyDuration is durationLiteral for a message, where a length past
// any sense (an amount of hours too large to count in nanoseconds) reads
// as what it is rather than as a number of seconds nobody wrote.
func friendlyDuration(d time.Duration) string {
	if d >= 100*365*24*time.Hour {
		return "a century or more"
	}
	return durationLiteral(d)
}
