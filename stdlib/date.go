package stdlib

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// monthNames holds month names in English, German, French, Spanish and
// Italian. A word names a month when it is one of these or a prefix of at
// least three letters shared only by names of one month ("Dec", "Sept",
// "déc", "Dez", "ene").
var monthNames = map[string]int{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"januar": 1, "jänner": 1, "februar": 2, "märz": 3, "mai": 5, "juni": 6, "juli": 7,
	"oktober": 10, "dezember": 12,
	"janvier": 1, "février": 2, "mars": 3, "avril": 4, "juin": 6, "juillet": 7, "août": 8,
	"septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12,
	"enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
	"agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
	"gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7,
	"settembre": 9, "ottobre": 10, "dicembre": 12,
}

var weekdayNames = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
	"tues": time.Tuesday, "thur": time.Thursday, "thurs": time.Thursday,
}

// lookupMonth returns the month a word names, by the rule on monthNames.
func lookupMonth(word string) (int, bool) {
	if m, ok := monthNames[word]; ok {
		return m, true
	}
	if len([]rune(word)) < 3 {
		return 0, false
	}
	found := 0
	for name, m := range monthNames {
		if strings.HasPrefix(name, word) {
			if found != 0 && found != m {
				return 0, false
			}
			found = m
		}
	}
	return found, found != 0
}

// lookupWeekday accepts full English day names and prefixes of at least
// three letters ("Thu", "Sat").
func lookupWeekday(word string) (time.Weekday, bool) {
	if d, ok := weekdayNames[word]; ok {
		return d, true
	}
	if len(word) < 3 {
		return 0, false
	}
	for name, d := range weekdayNames {
		if strings.HasPrefix(name, word) {
			return d, true
		}
	}
	return 0, false
}

var (
	numericDatePattern = regexp.MustCompile(`(?:^|[^\d.:/-])(\d{1,4})([./-])(\d{1,2})(?:([./-])(\d{2,4}))?(?:$|[^\d:/-])`)
	clockInDatePattern = regexp.MustCompile(`(?i)\b\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|\b\d{1,2}\s*[ap]\.?m\.?`)
	ordinalPattern     = regexp.MustCompile(`^(\d{1,4})(?:st|nd|rd|th|er|e|º|°)?$`)
	relativePattern    = regexp.MustCompile(`^in (\d+|a|one|two|three) (day|days|week|weeks)$`)
)

// ParseDate reads a calendar day. It understands
//
//   - ISO dates, also with a time after them: 2026-12-24, 2026-12-24T10:00Z, 2026/12/24;
//   - numeric dates, day first unless that is impossible: 24/12/2026,
//     24.12.2026, 24-12-26, 12/24/2026 (month first, since 24 is no month);
//     a two-digit year is in 2000–2099;
//   - month names in English, German, French, Spanish and Italian, full or
//     abbreviated, in either order: 24 Dec 2026, 24th of December, Dec 24, 2026,
//     Thursday, 24 December 2026, 24. Dezember 2026;
//   - a weekday, which must agree with the date when the year is written
//     ("Fri 24 Dec 2026" is an error: it is a Thursday);
//   - today, tomorrow, yesterday, the day after tomorrow, in N days/weeks,
//     a weekday alone (its next occurrence, today included) and next WEEKDAY
//     (strictly after today), all relative to ref.
//
// A date without a year takes the year that puts it nearest to ref (a
// written weekday picks among the years where it matches), so "Sat 2 Jan"
// read on 30 December is in the next year. A zero ref makes relative forms
// and dates without a year an error. Clock times in the text are ignored.
//
// A text of several parts ("Order A-3103 · Arrives Thursday 13 March 2025")
// that does not read as one date is read part by part, split at middle
// dots, bullets, bars and semicolons: the date is the one the parts agree
// on, and parts that hold none are passed over.
func ParseDate(text string, ref time.Time) (Date, error) {
	d, err := parseDate(text, ref)
	if err == nil {
		return d, nil
	}
	parts := dateParts.Split(text, -1)
	if len(parts) < 2 {
		return Date{}, err
	}
	found := false
	for _, p := range parts {
		pd, perr := parseDate(p, ref)
		switch {
		case perr != nil:
		case found && pd != d:
			return Date{}, parseErr("date", text, "it shows two dates, %s and %s", d, pd)
		default:
			d, found = pd, true
		}
	}
	if !found {
		return Date{}, err
	}
	return d, nil
}

// dateParts splits a line of several parts.
var dateParts = regexp.MustCompile(`\s*[·•|;]\s*`)

func parseDate(text string, ref time.Time) (Date, error) {
	s := strings.ToLower(strings.TrimSpace(text))
	if s == "" {
		return Date{}, parseErr("date", text, "the text is empty")
	}
	s = clockInDatePattern.ReplaceAllString(s, " ")
	if d, ok, err := parseRelativeDate(text, s, ref); ok || err != nil {
		return d, err
	}
	var year, month, day int
	weekday := time.Weekday(-1)
	rest := s
	if m := numericDatePattern.FindStringSubmatchIndex(s); m != nil {
		// Groups: 1 first number, 3 second number, 5 optional third.
		first, second, third := s[m[2]:m[3]], s[m[6]:m[7]], ""
		end := m[7]
		if m[10] >= 0 {
			third, end = s[m[10]:m[11]], m[11]
		}
		a, _ := strconv.Atoi(first)
		b, _ := strconv.Atoi(second)
		c, _ := strconv.Atoi(third) // 0 when there is no third number
		switch {
		case len(first) == 4 && third != "": // ISO order
			year, month, day = a, b, c
		case len(first) == 4:
			return Date{}, parseErr("date", text, "a year and a month without a day")
		case len(third) == 3:
			return Date{}, parseErr("date", text, "a three-digit year")
		case a >= 1 && a <= 31 && b >= 1 && b <= 12:
			day, month, year = a, b, c
		case a >= 1 && a <= 12 && b >= 1 && b <= 31:
			month, day, year = a, b, c
		default:
			return Date{}, parseErr("date", text, "%d and %d cannot be a day and a month", a, b)
		}
		if len(third) == 2 && len(first) != 4 {
			year += 2000
		}
		rest = s[:m[2]] + " " + s[end:]
	}
	var numbers []string
	for _, word := range strings.FieldsFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != 'º' && r != '°' }) {
		if mo, ok := lookupMonth(word); ok && month == 0 {
			month = mo
			continue
		}
		if wd, ok := lookupWeekday(word); ok {
			weekday = wd
			continue
		}
		if m := ordinalPattern.FindStringSubmatch(word); m != nil {
			numbers = append(numbers, m[1])
		}
		// Other words ("departure", "of", "le") carry no date.
	}
	if month == 0 {
		if weekday >= 0 && len(numbers) == 0 {
			return weekdayDate(text, ref, weekday, false)
		}
		return Date{}, parseErr("date", text, "no date found; write it like 2026-12-24 or 24 Dec 2026")
	}
	if day == 0 {
		for _, n := range numbers {
			v, _ := strconv.Atoi(n)
			switch {
			case len(n) == 4 && year == 0:
				year = v
			case day == 0 && v >= 1 && v <= 31:
				day = v
			case year == 0 && len(n) == 2:
				year = 2000 + v
			default:
				return Date{}, parseErr("date", text, "%s is neither a day nor a year", n)
			}
		}
		if day == 0 {
			return Date{}, parseErr("date", text, "no day of the month")
		}
	} else if len(numbers) > 0 {
		return Date{}, parseErr("date", text, "a number (%s) beside a full date", numbers[0])
	}
	if year == 0 {
		return nearestYear(text, ref, month, day, weekday)
	}
	d := Date{year, month, day}
	if !valid(d) {
		return Date{}, parseErr("date", text, "%s has no day %d", time.Month(month), day)
	}
	if weekday >= 0 && d.Time().Weekday() != weekday {
		return Date{}, parseErr("date", text, "%s is a %s, not a %s", d, d.Time().Weekday(), weekday)
	}
	return d, nil
}

func valid(d Date) bool {
	if d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Year < 1 || d.Year > 9999 {
		return false
	}
	return DateOf(d.Time()) == d
}

func parseRelativeDate(text, s string, ref time.Time) (Date, bool, error) {
	s = strings.Join(strings.Fields(strings.Trim(s, " .,!")), " ")
	offset, ok := map[string]int{
		"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1,
		"the day after tomorrow": 2, "day after tomorrow": 2, "the day before yesterday": -2,
	}[s]
	if m := relativePattern.FindStringSubmatch(s); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			n = map[string]int{"a": 1, "one": 1, "two": 2, "three": 3}[m[1]]
		}
		if strings.HasPrefix(m[2], "week") {
			n *= 7
		}
		offset, ok = n, true
	}
	if after, found := strings.CutPrefix(s, "next "); found {
		if wd, isDay := lookupWeekday(after); isDay {
			d, err := weekdayDate(text, ref, wd, true)
			return d, true, err
		}
	}
	if !ok {
		return Date{}, false, nil
	}
	if ref.IsZero() {
		return Date{}, true, parseErr("date", text, "a relative date needs a reference day")
	}
	return DateOf(ref.AddDate(0, 0, offset)), true, nil
}

// weekdayDate is the next wd on or after ref (strictly after when strict).
func weekdayDate(text string, ref time.Time, wd time.Weekday, strict bool) (Date, error) {
	if ref.IsZero() {
		return Date{}, parseErr("date", text, "a weekday alone needs a reference day")
	}
	ahead := (int(wd) - int(ref.Weekday()) + 7) % 7
	if strict && ahead == 0 {
		ahead = 7
	}
	return DateOf(ref.AddDate(0, 0, ahead)), nil
}

// nearestYear completes a day and month with the year nearest ref.
func nearestYear(text string, ref time.Time, month, day int, weekday time.Weekday) (Date, error) {
	if ref.IsZero() {
		return Date{}, parseErr("date", text, "no year, and no reference day to infer it")
	}
	refDay := DateOf(ref).Time()
	best, bestDist := Date{}, -1.0
	for y := ref.Year() - 6; y <= ref.Year()+6; y++ {
		d := Date{y, month, day}
		if !valid(d) || (weekday >= 0 && d.Time().Weekday() != weekday) {
			continue
		}
		dist := d.Time().Sub(refDay).Hours()
		if dist < 0 {
			dist = -dist + 0.5 // on a tie, the future wins
		}
		if bestDist < 0 || dist < bestDist {
			best, bestDist = d, dist
		}
	}
	if bestDist < 0 {
		if weekday >= 0 {
			return Date{}, parseErr("date", text, "%d %s is not a %s in any nearby year", day, time.Month(month), weekday)
		}
		return Date{}, parseErr("date", text, "%s has no day %d", time.Month(month), day)
	}
	return best, nil
}
