package runtime

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Chromium's native time, date, month, week and datetime-local fields take
// their value only in the HTML form ("19:55", "2026-03-14", "2026-03",
// "2026-W11", "2026-03-14T19:55") and read back empty for anything else,
// while people and task texts write "7:55 PM", "14 March 2026" or "March
// 2026". A value for such a field is put in the field's own form first; a
// value already in that form passes as it is.

// timeLayouts are the ways a clock time is written, 12- and 24-hour.
var timeLayouts = []string{"15:04", "15:04:05", "3:04 PM", "3:04PM", "3:04 pm", "3:04pm", "3 PM", "3PM", "3 pm", "3pm", "3.04 PM", "3.04pm", "15.04"}

// dateLayouts are the ways a calendar day is written in words or in ISO
// order; numbers with slashes or dots are read by parseDay.
var dateLayouts = []string{"2006-01-02", "2 January 2006", "2 Jan 2006", "January 2, 2006", "Jan 2, 2006", "January 2 2006", "Monday 2 January 2006", "Monday, January 2, 2006", "2006/01/02"}

// monthLayouts are the ways a month of a year is written.
var monthLayouts = []string{"2006-01", "January 2006", "Jan 2006", "01/2006", "1/2006", "2006/01"}

var (
	weekWire   = regexp.MustCompile(`^(\d{4})-W(\d{2})$`)
	weekWords  = regexp.MustCompile(`(?i)^week\s+(\d{1,2})(?:\s*(?:of|,)?\s*(\d{4}))$`)
	slashedDay = regexp.MustCompile(`^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$`)
	dateTimeAt = regexp.MustCompile(`(?i)^(.+?)(?:T|\s+at\s+|,\s*|\s+)(\d{1,2}(?:[:.]\d{2}){0,2}\s*(?:[ap]m)?)$`)
)

// wireValue is v in the form a native field of inputType takes, and
// whether it had to change: ok is false when the type takes any text or v
// reads as no value of the type (the field then refuses it, and the read
// back says so).
func wireValue(inputType, v string) (string, bool) {
	v = strings.TrimSpace(v)
	var out string
	switch inputType {
	case "time":
		t, ok := parseClock(v)
		if !ok {
			return v, false
		}
		out = t.Format("15:04")
		if t.Second() != 0 {
			out = t.Format("15:04:05")
		}
	case "date":
		d, ok := parseDay(v)
		if !ok {
			return v, false
		}
		out = d.Format("2006-01-02")
	case "month":
		m, ok := parseIn(v, monthLayouts)
		if !ok {
			d, dok := parseDay(v)
			if !dok {
				return v, false
			}
			m = d
		}
		out = m.Format("2006-01")
	case "week":
		if weekWire.MatchString(v) {
			return v, false
		}
		if m := weekWords.FindStringSubmatch(v); m != nil && m[2] != "" {
			n, _ := strconv.Atoi(m[1])
			out = fmt.Sprintf("%s-W%02d", m[2], n)
		} else if d, ok := parseDay(v); ok {
			y, w := d.ISOWeek()
			out = fmt.Sprintf("%04d-W%02d", y, w)
		} else {
			return v, false
		}
	case "datetime-local":
		if _, err := time.Parse("2006-01-02T15:04", v); err == nil {
			return v, false
		}
		m := dateTimeAt.FindStringSubmatch(v)
		if m == nil {
			return v, false
		}
		d, dok := parseDay(strings.TrimSpace(m[1]))
		t, tok := parseClock(m[2])
		if !dok || !tok {
			return v, false
		}
		out = d.Format("2006-01-02") + "T" + t.Format("15:04")
	default:
		return v, false
	}
	return out, out != v
}

// parseClock reads a clock time ("7:55 PM", "19:55", "7pm").
func parseClock(v string) (time.Time, bool) {
	v = strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(v, "a.m.", "am"), "p.m.", "pm")), " ")
	if t, ok := parseIn(strings.ToUpper(v), timeLayouts); ok {
		return t, true
	}
	return parseIn(v, timeLayouts)
}

// parseDay reads a calendar day. A slashed or dotted day ("14/03/2026")
// is read day first, as most of the world writes it, unless only the
// other order makes a date ("03/14/2026").
func parseDay(v string) (time.Time, bool) {
	if t, ok := parseIn(v, dateLayouts); ok {
		return t, true
	}
	m := slashedDay.FindStringSubmatch(v)
	if m == nil {
		return time.Time{}, false
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	y, _ := strconv.Atoi(m[3])
	day, month := a, b
	if b > 12 && a <= 12 {
		day, month = b, a
	}
	t := time.Date(y, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if t.Day() != day || int(t.Month()) != month {
		return time.Time{}, false
	}
	return t, true
}

// parseIn reads v in the first of layouts that takes it.
func parseIn(v string, layouts []string) (time.Time, bool) {
	for _, l := range layouts {
		if t, err := time.Parse(l, v); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
