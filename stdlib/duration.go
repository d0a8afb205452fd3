package stdlib

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

var (
	isoDurationPattern = regexp.MustCompile(`(?i)^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$`)
	// durationPartPattern is one "number unit" part of a written duration.
	durationPartPattern = regexp.MustCompile(`(?i)(\d+(?:[.,]\d+)?)\s?(days?|d|hours?|hrs?|hr|h|std|minutes?|mins?|min|m|seconds?|secs?|sec|s)\b`)
	// compactDurationPattern is "1h05": hours, h, two-digit minutes.
	compactDurationPattern = regexp.MustCompile(`(?i)^(\d+)\s?h\s?(\d{2})$`)
	colonDurationPattern   = regexp.MustCompile(`^(\d+):(\d{2})$`)
	// gluedDurationPattern splits "2h35m" into "2h 35m" so each part ends
	// at a word boundary. Lower case only, so ISO "PT4H10M" stays whole.
	gluedDurationPattern = regexp.MustCompile(`(\d)(h|hrs?|d)(\d{1,2}\s?(?:m|mins?)\b)`)
	// findDurationPattern finds a written duration in running text: one or
	// more parts, or the compact "1h05" with a one-digit hour (a two-digit
	// hour, "19h45", reads as a clock time there).
	findDurationPattern = regexp.MustCompile(`(?i)(?:^|[^\w:.,])((?:\d+(?:[.,]\d+)?\s?(?:days?|d|hours?|hrs?|hr|h|minutes?|mins?|min|m)\b[\s,]*(?:and\s+)?)+|\d\s?h\s?\d{2}\b|PT(?:\d+H)?(?:\d+M)?\b)`)
)

var durationUnits = map[string]time.Duration{
	"d": 24 * time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour,
	"h": time.Hour, "hr": time.Hour, "hrs": time.Hour, "hour": time.Hour, "hours": time.Hour, "std": time.Hour,
	"m": time.Minute, "min": time.Minute, "mins": time.Minute, "minute": time.Minute, "minutes": time.Minute,
	"s": time.Second, "sec": time.Second, "secs": time.Second, "second": time.Second, "seconds": time.Second,
}

// ParseDuration reads a travel or waiting duration: "2h 35m", "2 h 35 min",
// "2 hrs 35 mins", "2 hours and 35 minutes", "155 min", "1h05", "1.5 h",
// "1 day 2h", "2:35" (hours:minutes), "PT2H35M" (ISO 8601).
func ParseDuration(text string) (time.Duration, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return 0, parseErr("duration", text, "the text is empty")
	}
	if m := isoDurationPattern.FindStringSubmatch(s); m != nil && len(s) > 2 && !strings.HasSuffix(strings.ToUpper(s), "T") {
		var d time.Duration
		for i, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute} {
			n, _ := strconv.Atoi(m[i+1])
			d += time.Duration(n) * unit
		}
		if m[4] != "" {
			sec, _ := strconv.ParseFloat(m[4], 64)
			d += time.Duration(sec * float64(time.Second))
		}
		return d, nil
	}
	for _, p := range []*regexp.Regexp{compactDurationPattern, colonDurationPattern} {
		if m := p.FindStringSubmatch(s); m != nil {
			h, _ := strconv.Atoi(m[1])
			mins, _ := strconv.Atoi(m[2])
			if mins > 59 {
				return 0, parseErr("duration", text, "minute %d is out of range", mins)
			}
			return time.Duration(h)*time.Hour + time.Duration(mins)*time.Minute, nil
		}
	}
	d, rest := sumDurationParts(s)
	if rest != "" || !durationPartPattern.MatchString(s) {
		return 0, parseErr("duration", text, "expected a duration such as 2h 35m, 155 min or PT2H35M")
	}
	return d, nil
}

// sumDurationParts adds every "number unit" part of s and returns what is
// left besides separators ("and", commas, spaces).
func sumDurationParts(s string) (time.Duration, string) {
	s = gluedDurationPattern.ReplaceAllString(s, "$1$2 $3")
	var d time.Duration
	for _, m := range durationPartPattern.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.ParseFloat(strings.Replace(m[1], ",", ".", 1), 64)
		d += time.Duration(n * float64(durationUnits[strings.ToLower(m[2])]))
	}
	rest := durationPartPattern.ReplaceAllString(s, " ")
	rest = strings.Join(strings.FieldsFunc(strings.ToLower(rest), func(r rune) bool { return r == ' ' || r == ',' || r == '.' }), " ")
	rest = strings.TrimSpace(strings.ReplaceAll(" "+rest+" ", " and ", " "))
	return d, rest
}

// FindDurations returns the durations written in card text, in reading
// order: "07:45 → 10:20 · 2h 35m · 1 stop" gives 2h35m.
func FindDurations(text string) []time.Duration {
	var out []time.Duration
	text = gluedDurationPattern.ReplaceAllString(text, "$1$2 $3")
	for _, m := range findDurationPattern.FindAllStringSubmatch(text, -1) {
		part := strings.TrimRight(strings.TrimSpace(m[1]), ", ")
		part = strings.TrimSuffix(strings.TrimSpace(part), " and")
		if d, err := ParseDuration(part); err == nil && d > 0 {
			out = append(out, d)
		}
	}
	return out
}
