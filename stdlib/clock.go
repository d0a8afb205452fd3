package stdlib

import (
	"regexp"
	"strconv"
	"strings"
)

// Clock is a time of day found in card text, with the day it falls on
// relative to the card's first day: an arrival printed "10:20+1" is
// {Minutes: 620, DayOffset: 1}.
type Clock struct {
	Minutes   int // minutes after midnight, 0–1439
	DayOffset int // 0 the same day, 1 the next day ("+1"), …
}

// Absolute returns the minutes since midnight of the first day.
func (c Clock) Absolute() int { return c.DayOffset*24*60 + c.Minutes }

// String renders c as 07:45, or 10:20+1 on a later day.
func (c Clock) String() string {
	s := formatClock(c.Minutes)
	if c.DayOffset != 0 {
		s += "+" + strconv.Itoa(c.DayOffset)
	}
	return s
}

func formatClock(minutes int) string {
	h, m := minutes/60, minutes%60
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}

var (
	// strictClockPattern is one whole clock time: 07:45, 7.45 pm, 19h45,
	// 19h, 0745, 7 pm, 07:45:30.
	strictClockPattern = regexp.MustCompile(`^(\d{1,2})(?:(?:[:.h](\d{2}))(?::\d{2})?|h)?\s*(?:([ap])\.?\s?m\.?)?$|^(\d{2})(\d{2})$`)
	// clockPattern finds clock times in running text. Only forms that
	// cannot be prices or durations count: H:MM, HH:MM, HHhMM with a
	// two-digit hour, and H[:MM] am/pm. A "+1"/"(+1)"/"+1 day"/"⁺¹" right
	// after a time moves it to a later day.
	clockPattern = regexp.MustCompile(`(?i)(?:^|[^\d:.,])(\d{1,2}):(\d{2})(?::\d{2})?(?:\s?([ap])\.?\s?m\.?\b)?` +
		`|(?:^|[^\d:.,h])(\d{2})h(\d{2})\b` +
		`|(?:^|[^\d:.,])(\d{1,2})\s?([ap])\.?\s?m\.?\b`)
	dayOffsetPattern = regexp.MustCompile(`^\s*\(?\s*(?:\+\s?(\d)|⁺(¹|²|³))`)
)

// ParseClock reads a clock time and returns the minutes after midnight:
// "07:45", "7:45", "7:45 pm", "7.45pm", "19h45", "19h", "0745", "7 pm",
// "12 am" (0), "12:30 pm" (750), "noon", "midnight", "07:45:30" (seconds
// dropped).
func ParseClock(text string) (int, error) {
	s := strings.ToLower(strings.TrimSpace(text))
	switch s {
	case "noon", "midday":
		return 12 * 60, nil
	case "midnight":
		return 0, nil
	case "":
		return 0, parseErr("clock time", text, "the text is empty")
	}
	m := strictClockPattern.FindStringSubmatch(s)
	if m == nil {
		return 0, parseErr("clock time", text, "expected a time such as 07:45, 7:45 pm or 19h45")
	}
	if m[4] != "" {
		m[1], m[2] = m[4], m[5]
	}
	return clockMinutes(text, m[1], m[2], m[3])
}

func clockMinutes(text, hour, minute, ampm string) (int, error) {
	h, _ := strconv.Atoi(hour)
	mins := 0
	if minute != "" {
		mins, _ = strconv.Atoi(minute)
	}
	if mins > 59 {
		return 0, parseErr("clock time", text, "minute %d is out of range", mins)
	}
	switch strings.ToLower(ampm) {
	case "a", "p":
		if h < 1 || h > 12 {
			return 0, parseErr("clock time", text, "hour %d with am/pm", h)
		}
		h %= 12
		if strings.EqualFold(ampm, "p") {
			h += 12
		}
	default:
		if h > 23 {
			return 0, parseErr("clock time", text, "hour %d is out of range", h)
		}
	}
	return h*60 + mins, nil
}

// FindClocks returns the clock times in card text in reading order, with
// next-day markers: "07:45 – 10:20+1" gives 07:45 and 10:20+1. Times that
// are invalid (25:00) are skipped. Prices ("12.50") and durations ("2h 35m",
// "1h05": a one-digit hour before h is a duration) are never clock times.
func FindClocks(text string) []Clock {
	var out []Clock
	for _, m := range clockPattern.FindAllStringSubmatchIndex(text, -1) {
		group := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return text[m[2*i]:m[2*i+1]]
		}
		var minutes int
		var err error
		switch {
		case group(1) != "":
			minutes, err = clockMinutes(text, group(1), group(2), group(3))
		case group(4) != "":
			minutes, err = clockMinutes(text, group(4), group(5), "")
		default:
			minutes, err = clockMinutes(text, group(6), "", group(7))
		}
		if err != nil {
			continue
		}
		c := Clock{Minutes: minutes}
		if d := dayOffsetPattern.FindStringSubmatch(text[m[1]:]); d != nil {
			if d[1] != "" {
				c.DayOffset, _ = strconv.Atoi(d[1])
			} else {
				c.DayOffset = map[string]int{"¹": 1, "²": 2, "³": 3}[d[2]]
			}
		}
		out = append(out, c)
	}
	return out
}
