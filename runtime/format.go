package runtime

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"flow/stdlib"
	"flow/surfaces"
)

// A date typed into a text field follows the format the field shows: a
// pattern in its placeholder, description or label, or in the line of text
// right after it ("DD/MM/YYYY", "mm/dd/yy", "YYYY-MM-DD"), or the site's own
// example ("e.g. 31/12/1999"). A flow's date prints as 2027-01-15, which a
// field that asks for 15/01/2027 would refuse or, worse, read as another
// day. A native date field takes the ISO form itself, and a field that
// shows no format gets the ISO form too.

var (
	// datePattern is a written format: three parts of d, m and y letters.
	datePattern = regexp.MustCompile(`(?i)\b(d{1,2}|m{1,2}|y{2,4}|[jt]{2}|[ja]{4})([./ -])(d{1,2}|m{1,2}|y{2,4}|[jt]{2}|[ja]{4})([./ -])(d{1,2}|m{1,2}|y{2,4}|[jt]{2}|[ja]{4})\b`)
	// dateSample is an example date: three numbers.
	dateSample = regexp.MustCompile(`\b(\d{1,4})([./-])(\d{1,2})([./-])(\d{2,4})\b`)
)

// dateLayout is a field's date format: the order of day, month and year,
// the separator, and the widths.
type dateLayout struct {
	order    [3]byte // 'd', 'm', 'y'
	widths   [3]int
	sep      string
	sepAfter string
}

// layoutOf reads a date format from a field's texts, if any shows one.
func layoutOf(texts ...string) (dateLayout, bool) {
	for _, t := range texts {
		if m := datePattern.FindStringSubmatch(t); m != nil {
			var l dateLayout
			seen := map[byte]bool{}
			for i, part := range []string{m[1], m[3], m[5]} {
				k := unitOf(strings.ToLower(part))
				if seen[k] {
					return dateLayout{}, false // "dd/dd/yyyy" is no format
				}
				seen[k] = true
				l.order[i], l.widths[i] = k, len(part)
			}
			l.sep, l.sepAfter = m[2], m[4]
			return l, true
		}
	}
	for _, t := range texts {
		if m := dateSample.FindStringSubmatch(t); m != nil {
			if l, ok := layoutOfSample(m); ok {
				return l, true
			}
		}
	}
	return dateLayout{}, false
}

// unitOf maps a format letter to its unit; other languages write the same
// layouts with other letters (TT.MM.JJJJ, jj/mm/aaaa).
func unitOf(part string) byte {
	switch {
	case part == "jjjj" || part == "aaaa" || part[0] == 'y':
		return 'y'
	case part[0] == 'm':
		return 'm'
	}
	return 'd' // d, dd, tt, jj
}

// layoutOfSample reads a layout from an example date: a four-digit first
// part is a year, a first part over 12 is a day, a second part over 12 is
// a day after a month. An example that fits both orders (03/04/2020)
// tells nothing.
func layoutOfSample(m []string) (dateLayout, bool) {
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[3])
	l := dateLayout{sep: m[2], sepAfter: m[4]}
	w := [3]int{len(m[1]), len(m[3]), len(m[5])}
	switch {
	case len(m[1]) == 4:
		l.order = [3]byte{'y', 'm', 'd'}
	case a > 12 && a <= 31 && b <= 12:
		l.order = [3]byte{'d', 'm', 'y'}
	case b > 12 && b <= 31 && a <= 12:
		l.order = [3]byte{'m', 'd', 'y'}
	default:
		return dateLayout{}, false
	}
	l.widths = w
	return l, true
}

// format writes d in the layout.
func (l dateLayout) format(d stdlib.Date) string {
	var parts [3]string
	for i, u := range l.order {
		switch u {
		case 'd':
			parts[i] = pad(d.Day, l.widths[i])
		case 'm':
			parts[i] = pad(d.Month, l.widths[i])
		case 'y':
			y := d.Year
			if l.widths[i] <= 2 {
				y %= 100
			}
			parts[i] = pad(y, l.widths[i])
		}
	}
	return parts[0] + l.sep + parts[1] + l.sepAfter + parts[2]
}

func pad(n, width int) string {
	return fmt.Sprintf("%0*d", max(width, 1), n)
}

// asFieldShows returns the text to type for a value into field c on s: a
// date in the format the field shows, anything else as it renders.
func asFieldShows(s surfaces.Screen, c surfaces.Candidate, v any, rendered string) string {
	d, ok := v.(stdlib.Date)
	if !ok || c.InputType == "date" {
		return rendered
	}
	texts := []string{c.Placeholder, c.Description, c.Label, c.Name, lineAfter(s, c)}
	if l, ok := layoutOf(texts...); ok {
		return l.format(d)
	}
	return rendered
}

// lineAfter is the text line right after field c in its group (a help
// text such as "Format: DD/MM/YYYY" under the field), or "".
func lineAfter(s surfaces.Screen, c surfaces.Candidate) string {
	idx := -1
	for i, x := range s.Candidates {
		if x.Ref == c.Ref {
			idx = i
			break
		}
	}
	if idx < 0 {
		return ""
	}
	group := strings.Join(c.Path, "/")
	for _, l := range s.Context {
		if l.Next == idx+1 && strings.Join(l.Path, "/") == group {
			return l.Text
		}
	}
	return ""
}
