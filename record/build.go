package record

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"flow/grammar"
	"flow/guard"
	"flow/surfaces"
)

type stepKind int

const (
	kindBrowse stepKind = iota
	kindEnter
	kindChoose
	kindDo
	kindPress
	kindStop
	kindVerify
)

// step is one step of the flow being written, before names are given.
type step struct {
	kind  stepKind
	url   []grammar.StrPart // browse
	text  string            // do, press, stop_before, verify
	cond  string            // a screen condition the step is wrapped in (if COND { … })
	pairs []*pair           // enter, choose
	page  string            // the page it happened on: enter/choose pairs group by page
	key   string            // identity of the control, to collapse repeats
	click bool              // written from a click
	at    time.Time
	shown string // text of the control acted on, for a fallback verify
	// used is the event of the control a do pressed or a stop_before
	// stops in front of, for Recording.Used.
	used *surfaces.UserEvent
}

// pair is one FIELD = VALUE of an enter or choose.
type pair struct {
	field  string // the FIELD text
	label  string // what the fact is named after
	key    string // the field's identity
	value  string // never set for a secret
	secret bool
	card   bool   // a secret holding card data
	name   string // the fact or secret, given when rendering; "" for the literal ""
	// used is the event of the field typed into, option the suggestion
	// picked after typing, for Recording.Used.
	used, option *surfaces.UserEvent
}

// builder holds the state of one Build.
type builder struct {
	opts    Options
	steps   []*step
	started bool
	site    string // the start URL, default of fact site
	origins []string
	seen    map[string]bool
	page    string
	titles  map[string]string // page → its last title seen
	stopped string
	dropped int
	notes   []string

	// screen is what the page showed last (the latest shown event), and
	// atAct what it showed when the last action happened: a status line
	// in screen but not in atAct came after the last action.
	screen, atAct *surfaces.UserEvent

	secret  []bool // by event: an input into a secret field
	card    []bool // … a secret because it holds card data
	masker  *guard.Masker
	unnamed int // clicks on controls without a name
	offPage int // events before any web page
}

func newBuilder(opts Options) *builder {
	return &builder{opts: opts, seen: map[string]bool{}, titles: map[string]string{}}
}

// fieldKey names a control apart from its ref: equal keys are the same
// field or button as far as the events can tell.
func fieldKey(c surfaces.Candidate, context string) string {
	return strings.Join([]string{strings.ToLower(c.Role), c.Label, c.Name, c.Placeholder, c.InputType,
		strconv.Itoa(c.Nth), c.Frame, context}, "\x00")
}

// isCardholder reports whether a card form's field takes the holder's
// name, which is not secret.
func isCardholder(c surfaces.Candidate) bool {
	for _, tok := range strings.Fields(strings.ToLower(c.Autocomplete)) {
		if strings.HasPrefix(tok, "cc-") {
			return tok == "cc-name" || tok == "cc-given-name" || tok == "cc-family-name" || tok == "cc-additional-name"
		}
	}
	words := strings.Fields(strings.ToLower(strings.NewReplacer("-", " ", "_", " ").Replace(c.Label + " " + c.Name)))
	name := false
	for _, w := range words {
		switch w {
		case "name", "holder", "cardholder", "holder's":
			name = true
		case "number", "cvv", "cvc", "csc", "code", "expiry", "expiration", "exp", "mm", "yy", "pin":
			return false
		}
	}
	return name
}

// form is what the events show of one page's form: the fields typed into
// and the controls pressed, the context [guard.IsCardFieldIn] reads an
// ambiguous label ("Card number") in.
type form struct {
	fields  []guard.Field
	buttons []string
}

// guardField is a field as the guard reads it.
func guardField(c surfaces.Candidate) guard.Field {
	return guard.Field{Autocomplete: c.Autocomplete, Label: c.Label + " " + c.Name + " " + c.Placeholder}
}

// pageForms gathers, by page address, the fields typed into and the
// controls pressed or submitted there.
func pageForms(evs []surfaces.UserEvent) map[string]form {
	forms := map[string]form{}
	for _, e := range evs {
		f := forms[e.URL]
		switch e.Kind {
		case surfaces.EventInput:
			f.fields = append(f.fields, guardField(e.Target))
		case surfaces.EventClick, surfaces.EventSubmit:
			f.buttons = append(f.buttons, oneLine(e.Target.Name))
		default:
			continue
		}
		forms[e.URL] = f
	}
	return forms
}

// prepare cleans every text of the events, decides which fields hold
// secrets, and masks their values out of everything else, so that no
// later stage ever sees one.
func (b *builder) prepare(events []surfaces.UserEvent) []surfaces.UserEvent {
	evs := make([]surfaces.UserEvent, len(events))
	for i, e := range events {
		e.URL, e.Title, e.Context, e.Overlay, e.Value = clean(e.URL), clean(e.Title), clean(e.Context), clean(e.Overlay), clean(e.Value)
		e.Heading, e.Status = clean(e.Heading), append([]string(nil), e.Status...)
		for j := range e.Status {
			e.Status[j] = clean(e.Status[j])
		}
		t := &e.Target
		t.Ref = ""
		t.Role, t.Name, t.Description, t.Value = clean(t.Role), clean(t.Name), clean(t.Description), clean(t.Value)
		t.Label, t.Placeholder, t.InputType, t.Autocomplete, t.Frame = clean(t.Label), clean(t.Placeholder), clean(t.InputType), clean(t.Autocomplete), clean(t.Frame)
		t.Path = append([]string(nil), t.Path...)
		for j := range t.Path {
			t.Path[j] = clean(t.Path[j])
		}
		t.Options = nil // option lists are not used, and may echo values
		if e.Twins == 0 && t.Nth == 0 {
			// The only control of its kind on the page needs no card to
			// tell it apart: "press Sign in", not "press Sign in on the
			// card …".
			e.Context = ""
		}
		evs[i] = e
	}
	// A field is secret when any value typed into it is: a password, a
	// card number, or card data in a card field. Every value it was given
	// (including the partial ones of earlier input events) is masked.
	secretKeys, cardKeys := map[string]bool{}, map[string]bool{}
	forms := pageForms(evs)
	for _, e := range evs {
		if e.Kind != surfaces.EventInput {
			continue
		}
		key := fieldKey(e.Target, e.Context)
		t := e.Target
		f := forms[e.URL]
		card := looksLikeCardNumber(e.Value) ||
			guard.IsCardFieldIn(guardField(t), f.fields, f.buttons) && !isCardholder(t)
		if card {
			cardKeys[key] = true
		}
		if card || e.Secret || strings.EqualFold(t.InputType, "password") {
			secretKeys[key] = true
		}
	}
	// The verdict is kept per event: masking may change a field's label
	// (one that quotes a secret value), and with it its key.
	b.secret, b.card = make([]bool, len(evs)), make([]bool, len(evs))
	values := map[string]string{}
	for i, e := range evs {
		key := fieldKey(e.Target, e.Context)
		if e.Kind != surfaces.EventInput || !secretKeys[key] {
			continue
		}
		b.secret[i], b.card[i] = true, cardKeys[key]
		if e.Value != "" {
			values["s"+strconv.Itoa(len(values))] = e.Value
		}
		evs[i].Value = ""
	}
	if len(values) > 0 {
		b.masker = guard.NewMasker(values)
	}
	for i := range evs {
		e := &evs[i]
		e.URL, e.Title, e.Context, e.Overlay, e.Value = b.mask(e.URL), b.mask(e.Title), b.mask(e.Context), b.mask(e.Overlay), b.mask(e.Value)
		e.Heading = b.mask(e.Heading)
		for j := range e.Status {
			e.Status[j] = b.mask(e.Status[j])
		}
		t := &e.Target
		t.Name, t.Description, t.Value, t.Label, t.Placeholder = b.mask(t.Name), b.mask(t.Description), b.mask(t.Value), b.mask(t.Label), b.mask(t.Placeholder)
		for j := range t.Path {
			t.Path[j] = b.mask(t.Path[j])
		}
	}
	return evs
}

var (
	placeholderRe = regexp.MustCompile(`\$\{s\d+\}`)
	digitRunRe    = regexp.MustCompile(`\d[\d -]{11,}\d`)
)

// mask replaces every secret value in s by "•••", and every card number
// too, typed or not: a page showing one in full (a title, a card's text,
// an address) must not put it in the flow either.
func (b *builder) mask(s string) string {
	if s == "" {
		return s
	}
	if b.masker != nil {
		s = placeholderRe.ReplaceAllString(b.masker.Mask(s), "•••")
	}
	return digitRunRe.ReplaceAllStringFunc(s, func(run string) string {
		if holdsCardNumber(digitsOnly(run)) {
			return "•••"
		}
		return run
	})
}

// holdsCardNumber reports whether some 13 to 19 consecutive digits of d
// pass the Luhn check.
func holdsCardNumber(d string) bool {
	for n := 13; n <= 19 && n <= len(d); n++ {
		for i := 0; i+n <= len(d); i++ {
			if looksLikeCardNumber(d[i : i+n]) {
				return true
			}
		}
	}
	return false
}

// walk turns events into steps.
func (b *builder) walk(evs []surfaces.UserEvent) error {
	for i := 0; i < len(evs); i++ {
		if b.count() >= MaxSteps-2 {
			b.dropped = len(evs) - i
			b.notes = append(b.notes, fmt.Sprintf("the flow reached %d steps: left out the last %s", b.count(), plural(b.dropped, "event")))
			break
		}
		e := evs[i]
		switch e.Kind {
		case surfaces.EventNavigate:
			b.navigate(e)
			continue
		case surfaces.EventShown:
			b.screen = &evs[i]
			continue
		}
		if _, ok := webURL(e.URL); !ok && !b.started {
			b.offPage++
			continue
		}
		b.visit(e.URL, e.Title)
		b.atAct = b.screen
		var used int
		switch e.Kind {
		case surfaces.EventInput:
			used = b.input(evs, i)
		case surfaces.EventSelect:
			b.selectOption(e)
		case surfaces.EventCheck, surfaces.EventUncheck:
			b.toggle(e, e.Kind == surfaces.EventCheck)
		case surfaces.EventClick:
			used = b.click(evs, i)
		case surfaces.EventSubmit:
			b.submit(evs, i)
		case surfaces.EventKey:
			used = b.key(evs, i)
		}
		i += used
		if b.stopped != "" {
			b.dropped = len(evs) - i - 1
			if b.dropped > 0 {
				b.notes = append(b.notes, fmt.Sprintf("the recording ends at stop_before %q: left out %s after it", b.stopped, plural(b.dropped, "event")))
			}
			break
		}
	}
	if !b.started {
		return ErrNoPage
	}
	if b.offPage > 0 {
		b.notes = append(b.notes, "left out "+plural(b.offPage, "event")+" before the first web page")
	}
	if b.unnamed > 0 {
		b.notes = append(b.notes, "left out "+plural(b.unnamed, "click")+" on controls without a name")
	}
	if b.stopped == "" {
		b.verify()
	}
	return nil
}

// plural says "1 click", "3 clicks".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// count is the number of steps so far, those inside an if included.
func (b *builder) count() int {
	n := 0
	for _, s := range b.steps {
		n++
		if s.cond != "" {
			n++
		}
	}
	return n
}

func (b *builder) last() *step {
	if len(b.steps) == 0 {
		return nil
	}
	return b.steps[len(b.steps)-1]
}

// add appends a step on the current page. A do whose words dismiss
// something that may not show (a banner, a pop-up) is made conditional
// on its control being shown, as the linter asks.
func (b *builder) add(s *step) {
	s.page = b.page
	if s.kind == kindDo && s.cond == "" && dismisses(s.text) {
		s.cond = "a pop-up is shown"
		if s.shown != "" {
			s.cond = `"` + s.shown + `" is shown`
		}
	}
	b.steps = append(b.steps, s)
}

// visit notes that an event happened on page u.
func (b *builder) visit(u, title string) {
	origin, ok := webURL(u)
	if !ok {
		return
	}
	if !b.started {
		b.started = true
		b.site = u
		b.page = u
		b.add(&step{kind: kindBrowse, url: []grammar.StrPart{{Interp: &grammar.Expr{Src: "site"}}}})
	}
	if !b.seen[origin] {
		b.seen[origin] = true
		b.origins = append(b.origins, origin)
	}
	b.page = u
	if title = shorten(title, 80); title != "" {
		b.titles[u] = title
	}
}

// navigate handles a change of document: the first page opens the flow
// with browse "${site}"; a later address the person typed is a browse; a
// navigation that a click or a form caused is no step of its own.
func (b *builder) navigate(e surfaces.UserEvent) {
	target := e.Value
	if _, ok := webURL(target); !ok {
		target = e.URL
	}
	if _, ok := webURL(target); !ok {
		return
	}
	if b.started && e.Typed && target != b.page {
		b.add(&step{kind: kindBrowse, url: b.browseURL(target)})
	}
	b.visit(target, e.Title)
}

// browseURL writes an address relative to the site fact when it starts
// with it.
func (b *builder) browseURL(u string) []grammar.StrPart {
	site := []grammar.StrPart{{Interp: &grammar.Expr{Src: "site"}}}
	if strings.HasSuffix(b.site, "/") && strings.HasPrefix(u, b.site) {
		if rest := u[len(b.site):]; rest != "" {
			return append(site, grammar.StrPart{Text: rest})
		}
		return site
	}
	return []grammar.StrPart{{Text: u}}
}

// addPair adds FIELD = VALUE to the enter or choose just before on the
// same page, or starts one. A field given again in that group keeps its
// place and takes the new value.
func (b *builder) addPair(kind stepKind, p *pair) {
	if l := b.last(); l != nil && l.kind == kind && l.cond == "" && l.page == b.page {
		for _, q := range l.pairs {
			if q.key == p.key {
				q.value, q.secret, q.card, q.used, q.option = p.value, p.secret, p.card, p.used, p.option
				return
			}
		}
		l.pairs = append(l.pairs, p)
		return
	}
	b.add(&step{kind: kind, pairs: []*pair{p}})
}

// next returns the event after i, if any.
func next(evs []surfaces.UserEvent, i int) (surfaces.UserEvent, bool) {
	if i+1 < len(evs) {
		return evs[i+1], true
	}
	return surfaces.UserEvent{}, false
}

// nextAction returns the first event after i that is not an observation
// (EventShown), with its index: a suggestion list often announces itself
// in a live region between the typing and the pick. The observations it
// passes become the latest screen, as the walk would make them.
func (b *builder) nextAction(evs []surfaces.UserEvent, i int) (surfaces.UserEvent, int, bool) {
	for j := i + 1; j < len(evs); j++ {
		if evs[j].Kind == surfaces.EventShown {
			b.screen = &evs[j]
			continue
		}
		return evs[j], j, true
	}
	return surfaces.UserEvent{}, len(evs), false
}

func isOption(e surfaces.UserEvent) bool {
	return e.Kind == surfaces.EventClick && choiceRoles[strings.ToLower(e.Target.Role)] && oneLine(e.Target.Name) != ""
}

// input records typing. A suggestion picked right after typing ("Par" →
// the option "Paris") becomes the value typed, as enter answers a
// suggestion list itself; a select of the same field right after replaces
// the typing.
func (b *builder) input(evs []surfaces.UserEvent, i int) int {
	e := evs[i]
	key := fieldKey(e.Target, e.Context)
	n, j, ok := b.nextAction(evs, i)
	if ok && n.Kind == surfaces.EventSelect && fieldKey(n.Target, n.Context) == key {
		return 0
	}
	p := &pair{field: fieldText(e), label: fieldLabel(e.Target), key: key, value: e.Value,
		secret: b.secret[i], card: b.card[i], used: &e}
	used := 0
	if !p.secret && p.value != "" && ok && isOption(n) {
		typed, option := strings.ToLower(oneLine(p.value)), strings.ToLower(oneLine(n.Target.Name))
		if k := strings.Index(option, typed); k >= 0 {
			used = j - i // the pick, and what was shown before it
			p.option = &n
			// A whole word typed ("Lisbon" → "Lisbon (LIS) Portugal") is
			// kept: typed again it brings the same list, which an option's
			// full text ("Lisbon (LIS) Portugal") may not. A word typed in
			// part ("Par" → "Paris") takes the option's text, which the
			// runtime finds exactly.
			if end := k + len(typed); end < len(option) && wordByte(option[end-1]) && wordByte(option[end]) {
				p.value = oneLine(n.Target.Name)
			}
		}
	}
	b.addPair(kindEnter, p)
	return used
}

// wordByte reports whether b is part of a word (a letter or digit, or a
// byte of a multi-byte character).
func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// fieldLabel is what a field's fact is named after.
func fieldLabel(c surfaces.Candidate) string {
	for _, s := range []string{c.Label, c.Name, c.Placeholder, c.InputType} {
		if snake(s) != "" {
			return s
		}
	}
	return ""
}

func (b *builder) selectOption(e surfaces.UserEvent) {
	v := oneLine(e.Value)
	if v == "" {
		return
	}
	b.addPair(kindChoose, &pair{field: fieldText(e), label: fieldLabel(e.Target), key: fieldKey(e.Target, e.Context), value: v})
}

// groupLabel finds the label of a radio button's group in its path
// (`radiogroup "Cabin"`).
func groupLabel(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		p := path[i]
		low := strings.ToLower(p)
		if !strings.HasPrefix(low, "radiogroup") && !strings.HasPrefix(low, "group") && !strings.HasPrefix(low, "fieldset") {
			continue
		}
		if a, z := strings.IndexByte(p, '"'), strings.LastIndexByte(p, '"'); a >= 0 && z > a+1 {
			return shorten(p[a+1:z], maxNameLen)
		}
	}
	return ""
}

// toggle records a checkbox, switch or radio button changing state: the
// click that did it is replaced, and toggling one control again replaces
// the step before.
func (b *builder) toggle(e surfaces.UserEvent, on bool) {
	c := e.Target
	key := fieldKey(c, e.Context)
	if l := b.last(); l != nil && l.key == key && l.cond == "" && l.kind == kindDo {
		b.steps = b.steps[:len(b.steps)-1]
	}
	name := controlName(c)
	role := strings.ToLower(c.Role)
	if role == "radio" || role == "menuitemradio" {
		if !on {
			return
		}
		if g := groupLabel(c.Path); g != "" && name != "" {
			b.addPair(kindChoose, &pair{field: g, label: g, key: "group\x00" + g, value: name})
			return
		}
	}
	if name == "" {
		b.unnamed++
		return
	}
	var text string
	switch {
	case role == "radio" || role == "menuitemradio":
		text = "choose " + name
	case role == "switch":
		text = "turn " + name + map[bool]string{true: " on", false: " off"}[on]
	case on:
		text = "tick " + name
	default:
		text = "untick " + name
	}
	if p := placeOf(e, name); p != "" {
		text += " " + p
	}
	b.add(&step{kind: kindDo, text: text, key: key, at: e.Time, shown: name, used: &e})
}

// classify is the guard's reading of a control, as the runtime reads it.
func classify(c surfaces.Candidate) guard.Match {
	name := oneLine(c.Name)
	if name == "" {
		name = controlName(c)
	}
	return guard.ClassifyPlaced(c.Role, name, c.Path)
}

// doubleClick is the longest gap between two presses of one control that
// counts as one press.
const doubleClick = 500 * time.Millisecond

// click records a press. A guarded control ends the recording with a
// stop_before; a press that closed an overlay is wrapped in an if on the
// overlay; clicks that only focus a field, open a select or land on a
// label whose checkbox reports its own event are no steps.
func (b *builder) click(evs []surfaces.UserEvent, i int) int {
	e := evs[i]
	c := e.Target
	if m := classify(c); m.Class != guard.None {
		b.stop(e, m)
		return 0
	}
	role := strings.ToLower(c.Role)
	key := fieldKey(c, e.Context)
	if role == "combobox" || role == "listbox" {
		// The list it opens may announce itself before the pick.
		if n, j, ok := b.nextAction(evs, i); ok && isOption(n) {
			if m := classify(n.Target); m.Class == guard.None {
				b.addPair(kindChoose, &pair{field: fieldText(e), label: fieldLabel(c), key: key, value: oneLine(n.Target.Name)})
				return j - i
			}
		}
		return 0
	}
	n, hasNext := next(evs, i)
	if fieldRoles[role] || c.Editable {
		return 0
	}
	toggles := hasNext && (n.Kind == surfaces.EventCheck || n.Kind == surfaces.EventUncheck)
	if toggles && (role == "checkbox" || role == "switch" || role == "radio") && fieldKey(n.Target, n.Context) == key {
		return 0
	}
	interactive := pressRoles[role] || choiceRoles[role] || role == "link" || role == "tab"
	if !interactive && hasNext && (toggles || n.Kind == surfaces.EventSelect || n.Kind == surfaces.EventInput) {
		return 0 // a click on a label or around a field
	}
	name := controlName(c)
	if name == "" {
		b.unnamed++
		return 0
	}
	if l := b.last(); l != nil && l.click && l.key == key && l.page == b.page && gap(l.at, e.Time) < doubleClick {
		return 0
	}
	s := &step{kind: kindDo, text: intent(e), key: key, click: true, at: e.Time, shown: name, used: &e}
	if e.Overlay != "" && e.Closed {
		s.cond = overlayShown(e.Overlay)
	}
	b.add(s)
	return 0
}

func gap(a, b time.Time) time.Duration {
	d := b.Sub(a)
	if d < 0 {
		d = -d
	}
	return d
}

// submit: a form sent by its guarded button (or by Enter, with the key
// seen before) ends the recording. A form sent right after typing, with
// no key or press seen, was sent by Enter in the field: a press step.
// Any other submit is the effect of a step already written.
func (b *builder) submit(evs []surfaces.UserEvent, i int) {
	e := evs[i]
	if m := classify(e.Target); m.Class != guard.None {
		b.stop(e, m)
		return
	}
	if i > 0 && evs[i-1].Kind == surfaces.EventInput {
		b.add(&step{kind: kindPress, text: "Enter", at: e.Time})
	}
}

// key records Enter and Escape. Enter on a button presses it; Enter in a
// field submits its form, which ends the recording when the form's button
// is guarded; otherwise it is a press step.
func (b *builder) key(evs []surfaces.UserEvent, i int) int {
	e := evs[i]
	k := strings.ToLower(strings.TrimSpace(e.Value))
	role := strings.ToLower(e.Target.Role)
	switch k {
	case "enter", "return":
		if pressRoles[role] || role == "link" || role == "tab" || choiceRoles[role] {
			return b.click(evs, i)
		}
		if n, ok := next(evs, i); ok && n.Kind == surfaces.EventSubmit {
			if m := classify(n.Target); m.Class != guard.None {
				b.stop(n, m)
				return 1
			}
		}
		b.add(&step{kind: kindPress, text: "Enter", at: e.Time})
	case "escape", "esc":
		s := &step{kind: kindPress, text: "Escape", at: e.Time}
		if e.Overlay != "" && e.Closed {
			s.cond = overlayShown(e.Overlay)
		}
		b.add(s)
	}
	return 0
}

// stop ends the recording in front of a guarded control.
func (b *builder) stop(e surfaces.UserEvent, m guard.Match) {
	b.stopped = stopPhrase(e, m)
	b.add(&step{kind: kindStop, text: b.stopped, used: &e})
}

// verify ends a flow that did not stop with the strongest check the last
// page offers: a status line that came after the last action and was
// still shown when the recording ended, else the page's main heading,
// else its title, else the last control acted on there.
func (b *builder) verify() {
	shown := b.statusLine()
	if shown == "" {
		shown = b.heading()
	}
	if t := b.titles[b.page]; shown == "" && t != "" && !describesChange(t) {
		shown = t
	}
	for i := len(b.steps) - 1; i >= 0 && shown == ""; i-- {
		s := b.steps[i]
		if s.page != b.page {
			break
		}
		var cand string
		switch {
		case s.shown != "":
			cand = s.shown
		case len(s.pairs) > 0:
			cand = s.pairs[len(s.pairs)-1].field
		}
		if cand != "" && !describesChange(cand) && !strings.Contains(cand, `"`) {
			shown = cand
		}
	}
	text := "the page is shown"
	if shown != "" {
		text = `the page shows "` + shown + `"`
	} else {
		b.notes = append(b.notes, "the last page has no title to check: edit the final verify to say what it shows")
	}
	b.add(&step{kind: kindVerify, text: text})
}
