package browser

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"flow/surfaces"
)

// This file reads the observation sight.js's observeJSON sends: JSON made
// of arrays, read by position (the shape is documented beside observeJSON
// in sight.js). As objects, a 2,000-control page was half a megabyte that
// encoding/json read in 6–8 ms; as arrays it is 190 KB, read by position
// with no reflection in about 1.5 ms, on every look at the page.

// stateOrder names the bits of an item's states, lowest first, in the
// order of the State constants (sight.js's STATE_BITS).
var stateOrder = [...]surfaces.State{
	surfaces.StateFocused, surfaces.StateChecked, surfaces.StateSelected,
	surfaces.StateExpanded, surfaces.StateDisabled, surfaces.StateReadonly,
	surfaces.StateRequired, surfaces.StateOffscreen, surfaces.StateCovered,
	surfaces.StateScrollable, surfaces.StateInvalid, surfaces.StateHover,
	surfaces.StateCollapsed, surfaces.StateOnFocus,
}

// decodeObservation reads observeWire's text into a jsScreen: the JSON
// of observeJSON, or the base64 of its UTF-8 bytes (which never starts
// with the JSON's bracket).
func decodeObservation(text string) (jsScreen, error) {
	var o observationReader
	err := o.final(text)
	return o.js, err
}

// observationReader puts together what observeWire sends: the parts it
// sends while the page walks, then its reply. Items with the same states
// share one list across all of them, and short strings one copy (short
// may come from the frame's last observation: see frameConn.observe).
type observationReader struct {
	js     jsScreen
	parts  int // parts read since the last start
	states map[int][]surfaces.State
	short  map[string]string
}

// reader returns a reader of text, the wire's base64 decoded.
func (o *observationReader) reader(text string) (*compactReader, error) {
	if !strings.HasPrefix(text, "[") {
		b, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			return nil, fmt.Errorf("observation: %w", err)
		}
		text = string(b)
	}
	if o.states == nil {
		o.states = map[int][]surfaces.State{}
	}
	return &compactReader{s: text, states: o.states, short: o.short}, nil
}

// done ends a read: it keeps the reader's copies and checks the text was
// read to its end.
func (o *observationReader) done(r *compactReader) error {
	o.short = r.short
	if r.err == nil && r.i != len(r.s) {
		r.fail("text after the observation")
	}
	return r.err
}

// part reads "k text", part k of the walk: [token, paths, items, lines]
// new since part k-1. A part 0 after others starts the screen over (the
// call was asked again, in a new document): restarted says so.
func (o *observationReader) part(payload string) (restarted bool, err error) {
	k, text, _ := strings.Cut(payload, " ")
	switch {
	case k == "0" && o.parts > 0:
		o.js, o.parts, restarted = jsScreen{}, 0, true
	case k != strconv.Itoa(o.parts):
		return false, fmt.Errorf("observation: part %s after %d parts", k, o.parts)
	}
	r, err := o.reader(text)
	if err != nil {
		return restarted, err
	}
	var token string
	top := r.array()
	for f := 0; top.more(); f++ {
		switch f {
		case 0:
			token = r.str()
		case 1:
			o.paths(r)
		case 2:
			o.items(r, token)
		case 3:
			o.lines(r, token)
		default:
			r.skip()
		}
	}
	o.parts++
	return restarted, o.done(r)
}

// final reads observeWire's reply: [url, title, layer, token, item count,
// line count, paths, items, lines, parts, behind], the lists holding what
// no part held. It fails when the parts read are not the parts sent.
func (o *observationReader) final(text string) error {
	r, err := o.reader(text)
	if err != nil {
		return err
	}
	js := &o.js
	var token string
	top := r.array()
	for f := 0; top.more(); f++ {
		switch f {
		case 0:
			js.URL = r.str()
		case 1:
			js.Title = r.str()
		case 2:
			js.Layer = r.str()
		case 3:
			token = r.str()
		case 4:
			js.Items = slices.Grow(js.Items, sizeHint(r.int()-len(js.Items)))
		case 5:
			js.Lines = slices.Grow(js.Lines, sizeHint(r.int()-len(js.Lines)))
		case 6:
			o.paths(r)
		case 7:
			o.items(r, token)
		case 8:
			o.lines(r, token)
		case 9:
			if n := r.int(); n != o.parts && r.err == nil {
				return fmt.Errorf("observation: %d parts sent, %d read", n, o.parts)
			}
		case 10:
			for a := r.array(); a.more(); {
				i := r.int()
				if i < 0 || i >= len(js.Items) {
					r.fail("want the index of an item")
				}
				js.Behind = append(js.Behind, i)
			}
		default:
			r.skip()
		}
	}
	return o.done(r)
}

func (o *observationReader) paths(r *compactReader) {
	for a := r.array(); a.more(); {
		var p []string
		for b := r.array(); b.more(); {
			p = append(p, r.str())
		}
		o.js.Paths = append(o.js.Paths, p)
	}
}

func (o *observationReader) items(r *compactReader, token string) {
	for a := r.array(); a.more(); {
		o.js.Items = append(o.js.Items, jsItem{})
		r.item(&o.js.Items[len(o.js.Items)-1], token)
	}
}

func (o *observationReader) lines(r *compactReader, token string) {
	for a := r.array(); a.more(); {
		o.js.Lines = append(o.js.Lines, r.line(token))
	}
}

// sizeHint bounds a count the text announces, for a slice's capacity.
func sizeHint(n int) int { return max(0, min(n, 1<<16)) }

// item reads [n, role, name, value, states, pi, x, y, w, h, nth, label,
// placeholder, frame, inputType, autocomplete, editable, description,
// options].
func (r *compactReader) item(it *jsItem, token string) {
	a := r.array()
	for f := 0; a.more(); f++ {
		switch f {
		case 0:
			it.Ref = r.ref(token)
		case 1:
			it.Role = r.str()
		case 2:
			it.Name = r.str()
		case 3:
			it.Value = r.str()
		case 4:
			it.States = r.stateList(r.int())
		case 5:
			it.PathIndex = r.int()
		case 6:
			it.Bounds.X = r.coord()
		case 7:
			it.Bounds.Y = r.coord()
		case 8:
			it.Bounds.W = r.coord()
		case 9:
			it.Bounds.H = r.coord()
		case 10:
			it.Nth = r.int()
		case 11:
			it.Label = r.str()
		case 12:
			it.Placeholder = r.str()
		case 13:
			it.Frame = r.str()
		case 14:
			it.InputType = r.str()
		case 15:
			it.Autocomplete = r.str()
		case 16:
			it.Editable = r.int() != 0
		case 17:
			it.Description = r.str()
		case 18:
			if r.peek() != '[' {
				r.skip() // 0: no options
				continue
			}
			it.Options = []surfaces.Option{}
			for o := r.array(); o.more(); {
				var opt surfaces.Option
				opt.Label = r.str()
				if o.more() {
					opt.Value = r.str()
				}
				if o.more() {
					flags := r.int()
					opt.Selected, opt.Disabled = flags&1 != 0, flags&2 != 0
				}
				it.Options = append(it.Options, opt)
			}
		default:
			r.skip()
		}
	}
}

// withState returns states with st added, in stateOrder's order: a new
// list, as lists are shared.
func withState(states []surfaces.State, st surfaces.State) []surfaces.State {
	if slices.Contains(states, st) {
		return states
	}
	out := make([]surfaces.State, 0, len(states)+1)
	for _, x := range stateOrder {
		if x == st || slices.Contains(states, x) {
			out = append(out, x)
		}
	}
	return out
}

// stateList returns the states of a bit set. Items with the same states
// share one list (capped, so an append by a caller copies it).
func (r *compactReader) stateList(bits int) []surfaces.State {
	if bits == 0 {
		return nil
	}
	if l, ok := r.states[bits]; ok {
		return l
	}
	var l []surfaces.State
	for i, s := range stateOrder {
		if bits&(1<<i) != 0 {
			l = append(l, s)
		}
	}
	l = l[:len(l):len(l)]
	r.states[bits] = l
	return l
}

// line reads [n, text, pi, next, role, frame].
func (r *compactReader) line(token string) jsLine {
	var l jsLine
	a := r.array()
	for f := 0; a.more(); f++ {
		switch f {
		case 0:
			l.Ref = r.ref(token)
		case 1:
			l.Text = r.str()
		case 2:
			l.PathIndex = r.int()
		case 3:
			l.Next = r.int()
		case 4:
			l.Role = r.str()
		case 5:
			l.Frame = r.str()
		case 6:
			l.Column = r.str()
		default:
			r.skip()
		}
	}
	return l
}

// compactReader reads JSON values one at a time from s. The first error
// stops it: every later read returns a zero value.
type compactReader struct {
	s      string
	i      int
	err    error
	states map[int][]surfaces.State // stateList's lists by bit set
	short  map[string]string        // keep's copies
}

func (r *compactReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("observation: %s at byte %d", what, r.i)
	}
	r.i = len(r.s)
}

func (r *compactReader) peek() byte {
	if r.i < len(r.s) {
		return r.s[r.i]
	}
	return 0
}

// arrayIter walks the elements of one array; more consumes the separator
// before each element and the closing bracket after the last.
type arrayIter struct {
	r *compactReader
	n int
}

// array consumes an opening bracket (or a null, read as an empty array).
func (r *compactReader) array() *arrayIter {
	a := &arrayIter{r: r}
	switch {
	case r.peek() == '[':
		r.i++
	case strings.HasPrefix(r.s[r.i:], "null"):
		r.i += 4
		a.r = nil
	default:
		r.fail("want an array")
	}
	return a
}

// more reports whether the array has another element, and positions the
// reader at it.
func (a *arrayIter) more() bool {
	r := a.r
	if r == nil || r.err != nil {
		return false
	}
	switch c := r.peek(); {
	case c == ']':
		r.i++
		a.r = nil
		return false
	case a.n == 0:
	case c == ',':
		r.i++
	default:
		r.fail("want , or ]")
		return false
	}
	a.n++
	return true
}

// ref reads a ref's number and returns the ref, token + "." + n.
func (r *compactReader) ref(token string) string {
	start := r.i
	for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
		r.i++
	}
	if r.i == start {
		r.fail("want a ref number")
		return ""
	}
	return token + "." + r.s[start:r.i]
}

// num reads a number (null reads 0).
func (r *compactReader) num() float64 {
	if strings.HasPrefix(r.s[r.i:], "null") {
		r.i += 4
		return 0
	}
	start := r.i
	for r.i < len(r.s) && strings.IndexByte("+-0123456789.eE", r.s[r.i]) >= 0 {
		r.i++
	}
	f, err := strconv.ParseFloat(r.s[start:r.i], 64)
	if err != nil {
		r.i = start
		r.fail("want a number")
	}
	return f
}

// int reads a whole number; the common case, digits only, is read in place.
func (r *compactReader) int() int {
	start := r.i
	neg := r.peek() == '-'
	if neg {
		r.i++
	}
	n, digits := 0, r.i
	for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' && r.i-digits < 15 {
		n = n*10 + int(r.s[r.i]-'0')
		r.i++
	}
	if r.i > digits && strings.IndexByte(",]", r.peek()) >= 0 {
		if neg {
			return -n
		}
		return n
	}
	r.i = start
	return int(r.num())
}

// coord reads a coordinate: a whole number of pixels (sight.js rounds
// them) read in place, any other number by num.
func (r *compactReader) coord() float64 {
	start := r.i
	n := r.int()
	if !strings.ContainsAny(r.s[start:r.i], ".eE") {
		return float64(n)
	}
	r.i = start
	return r.num()
}

// str reads a string (null reads "").
func (r *compactReader) str() string {
	if r.peek() != '"' {
		if strings.HasPrefix(r.s[r.i:], "null") {
			r.i += 4
			return ""
		}
		r.fail("want a string")
		return ""
	}
	r.i++
	return r.rest(r.i)
}

// rest reads a string from start, just after its opening quote, to its
// closing quote, and moves past it. Runs without escapes are copied whole.
// The result is a copy: a name kept from a screen must not hold the whole
// observation's text in memory.
func (r *compactReader) rest(start int) string {
	s := r.s
	q := strings.IndexByte(s[start:], '"')
	if q < 0 {
		r.fail("unterminated string")
		return ""
	}
	q += start // the next quote: the closing one unless an escape holds it
	if strings.IndexByte(s[start:q], '\\') < 0 {
		r.i = q + 1
		return r.keep(s[start:q])
	}
	var b strings.Builder
	b.Grow(q - start)
	i := start
	for {
		j := strings.IndexByte(s[i:q], '\\')
		if j < 0 {
			b.WriteString(s[i:q])
			r.i = q + 1
			return b.String()
		}
		b.WriteString(s[i : i+j])
		i += j
		if i+1 >= len(s) {
			break
		}
		e := s[i+1]
		i += 2
		switch e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r.i = i
			c, ok := r.hex4()
			if !ok {
				r.fail("bad \\u escape")
				return ""
			}
			b.WriteRune(r.pair(rune(c)))
			i = r.i
		default:
			r.i = i
			r.fail("bad escape")
			return ""
		}
		if i > q { // the escape held the quote: find the next one
			n := strings.IndexByte(s[i:], '"')
			if n < 0 {
				break
			}
			q = i + n
		}
	}
	r.i = len(s)
	r.fail("unterminated string")
	return ""
}

// keep returns a copy of s. A screen repeats its short strings (roles,
// "Add to cart" in every card, the sizes of every select): those are
// copied once per observation and shared.
func (r *compactReader) keep(s string) string {
	if len(s) > 24 {
		return strings.Clone(s)
	}
	if k, ok := r.short[s]; ok {
		return k
	}
	k := strings.Clone(s)
	if r.short == nil {
		r.short = map[string]string{}
	}
	r.short[k] = k
	return k
}

// pair completes a UTF-16 surrogate from the escape after it; a lone
// surrogate reads as U+FFFD, as encoding/json reads it.
func (r *compactReader) pair(c1 rune) rune {
	if !utf16.IsSurrogate(c1) {
		return c1
	}
	if strings.HasPrefix(r.s[r.i:], `\u`) {
		save := r.i
		r.i += 2
		if c2, ok := r.hex4(); ok {
			if d := utf16.DecodeRune(c1, rune(c2)); d != utf8.RuneError {
				return d
			}
		}
		r.i = save // the next escape stands alone
	}
	return utf8.RuneError
}

func (r *compactReader) hex4() (uint16, bool) {
	if r.i+4 > len(r.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(r.s[r.i:r.i+4], 16, 16)
	if err != nil {
		return 0, false
	}
	r.i += 4
	return uint16(v), true
}

// skip reads past one value of any kind: a field a newer sight.js sends.
func (r *compactReader) skip() {
	switch c := r.peek(); {
	case c == '"':
		r.str()
	case c == '[':
		for a := r.array(); a.more(); {
			r.skip()
		}
	case c == '{':
		r.i++
		for first := true; r.err == nil; first = false {
			if r.peek() == '}' {
				r.i++
				return
			}
			if !first {
				if r.peek() != ',' {
					r.fail("want , or }")
					return
				}
				r.i++
			}
			r.str()
			if r.peek() != ':' {
				r.fail("want :")
				return
			}
			r.i++
			r.skip()
		}
	case strings.HasPrefix(r.s[r.i:], "true"):
		r.i += 4
	case strings.HasPrefix(r.s[r.i:], "false"):
		r.i += 5
	default:
		r.num()
	}
}

// unquoteJSON reads a JSON string value, as the protocol returns the text
// of observeJSON: runs without escapes are copied whole.
func unquoteJSON(raw []byte) (string, error) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", fmt.Errorf("observation: want a string, got %.20q", raw)
	}
	r := &compactReader{s: string(raw)}
	r.i = 1
	s := r.rest(1)
	if r.err == nil && r.i != len(r.s) {
		r.fail("text after the string")
	}
	return s, r.err
}
