package sim

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"slices"
	"strings"
	"sync"

	"flow/surfaces"
)

// Sim is a scripted in-memory [surfaces.Surface]. Act and Observe are
// meant for one goroutine at a time, as for every surface; Events and the
// other accessors may be called from another goroutine.
type Sim struct {
	mu      sync.Mutex
	script  *Script
	pages   map[string]*pageIndex
	order   []*pageIndex // file order, for resolving URLs
	rules   surfaces.Origins
	vars    map[string]string
	doc     *document
	history []*document // earlier entries, oldest first
	docs    int         // documents opened so far
	nextE   int
	nextT   int
	issued  map[string]int // every surface ref handed out → its document
	events  []Event
	closed  bool
}

var _ surfaces.Surface = (*Sim)(nil)

// errClosed is returned by every method of a closed sim.
var errClosed = errors.New("sim: the surface is closed")

// notFoundPage is where a navigation to a URL no screen has lands, as a
// browser would show a server's 404 page.
const notFoundPage = "404"

// Load reads the script file at path and starts a sim on it.
func Load(path string) (*Sim, error) {
	sc, err := LoadScript(path)
	if err != nil {
		return nil, err
	}
	return New(sc)
}

// New checks the script and starts a sim on its start screen. The script
// must not be changed while the sim runs.
func New(sc *Script) (*Sim, error) {
	if err := sc.Check(); err != nil {
		return nil, err
	}
	rules, err := surfaces.ParseOrigins(sc.Allow)
	if err != nil {
		return nil, err // Check reports this too; kept for safety
	}
	s := &Sim{
		script: sc, pages: map[string]*pageIndex{}, rules: rules,
		vars: map[string]string{}, issued: map[string]int{},
	}
	for k, v := range sc.Vars {
		s.vars[k] = v
	}
	for _, p := range sc.Screens {
		ix := indexPage(p)
		s.pages[p.Name] = ix
		s.order = append(s.order, ix)
	}
	start := sc.Start
	if start == "" {
		start = sc.Screens[0].Name
	}
	ix := s.pages[start]
	s.doc = s.newDocument(ix, s.pageURL(ix.page))
	s.record(Event{Kind: EventNavigate, Screen: start, Name: s.doc.url})
	return s, nil
}

// Kind returns [surfaces.KindSim].
func (s *Sim) Kind() surfaces.Kind { return surfaces.KindSim }

// SetAllow replaces the allowed origins, as the browser surface's
// SetAllow does.
func (s *Sim) SetAllow(patterns []string) error {
	rules, err := surfaces.ParseOrigins(patterns)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.rules = rules
	s.mu.Unlock()
	return nil
}

func (s *Sim) usable(ctx context.Context) error {
	if s.closed {
		return errClosed
	}
	return ctx.Err()
}

// Observe returns the current screen. Refs of elements already shown in
// this visit of the screen keep their value; a new visit (goto, link,
// navigate, back) issues new ones.
func (s *Sim) Observe(ctx context.Context) (surfaces.Screen, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(ctx); err != nil {
		return surfaces.Screen{}, err
	}
	return s.screen(true), nil
}

// Settle returns at once: a sim is always settled.
func (s *Sim) Settle(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usable(ctx)
}

// Close ends the sim; later calls fail.
func (s *Sim) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

// Screenshot draws the current screen's candidates as boxes in a PNG, the
// ones named by opts.MaskRefs (and any whose value holds one of
// opts.MaskValues) painted black. It draws no text, so no secret can show.
func (s *Sim) Screenshot(ctx context.Context, opts surfaces.ScreenshotOptions) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(ctx); err != nil {
		return nil, err
	}
	sc := s.screen(false)
	h := 240.0
	for _, c := range sc.Candidates {
		h = max(h, c.Bounds.Y+c.Bounds.H+16)
	}
	img := image.NewRGBA(image.Rect(0, 0, 400, int(min(h, 4000))))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	for _, c := range sc.Candidates {
		r := image.Rect(int(c.Bounds.X), int(c.Bounds.Y), int(c.Bounds.X+c.Bounds.W), int(c.Bounds.Y+c.Bounds.H))
		fill := color.RGBA{0xd0, 0xd8, 0xe8, 0xff}
		if c.Has(surfaces.StateCovered) {
			fill = color.RGBA{0xee, 0xee, 0xee, 0xff}
		}
		if s.masked(c, opts) {
			fill = color.RGBA{0, 0, 0, 0xff}
		}
		draw.Draw(img, r, &image.Uniform{fill}, image.Point{}, draw.Src)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *Sim) masked(c surfaces.Candidate, opts surfaces.ScreenshotOptions) bool {
	if c.Ref != "" && slices.Contains(opts.MaskRefs, c.Ref) {
		return true
	}
	if id, ok := s.doc.ids[c.Ref]; ok && c.Ref != "" {
		if st := s.doc.elems[id]; st != nil {
			for _, v := range opts.MaskValues {
				if v != "" && strings.Contains(st.value, v) {
					return true
				}
			}
		}
	}
	return false
}

// Current names the screen the sim shows ("404" after a navigation to a
// URL no screen has).
func (s *Sim) Current() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.doc.ix.page.Name
}

// Var returns the value of a script variable.
func (s *Sim) Var(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.vars[name]
}

// Ref returns the surface ref of the element the script calls ref on the
// current screen, as an Observe would show it, so tests can act without
// searching the screen. It is false when the element is not shown.
func (s *Sim) Ref(ref string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.doc.ix.elems[ref]
	if e == nil || !s.doc.visible(ref) {
		return "", false
	}
	r := s.doc.ref(s, ref, false)
	s.doc.seen[r] = s.identity(e)
	return r, true
}

// String describes where the sim is, without values.
func (s *Sim) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	b.WriteString("sim")
	if s.script.Name != "" {
		b.WriteString(" " + quote(s.script.Name))
	}
	b.WriteString(": screen " + s.doc.ix.page.Name)
	if s.doc.url != "" {
		b.WriteString(" (" + s.doc.url + ")")
	}
	if len(s.doc.layers) > 0 {
		b.WriteString(", layers " + strings.Join(s.doc.layers, ", "))
	}
	b.WriteString(", history " + itoa(len(s.history)) + ", " + itoa(len(s.events)) + " events")
	if s.closed {
		b.WriteString(", closed")
	}
	return b.String()
}

// expand fills a template from the variables; value, when not nil, is
// what {{value}} shows.
func (s *Sim) expand(t string, value *string) string {
	return expand(t, func(name string) string {
		if name == valueVar && value != nil {
			return *value
		}
		return s.vars[name]
	})
}

// pageURL is the address of a screen now: its URL template filled.
func (s *Sim) pageURL(p *Page) string {
	return expandURL(p.URL, func(name string) string { return s.vars[name] })
}

// identity is what an issued ref must still show to be acted on: role
// and name, as the browser's sight script compares them.
func (s *Sim) identity(e *Element) string { return e.Role + "\x00" + s.expand(e.Name, nil) }

// elemState is what a visit of a screen knows about one element.
type elemState struct {
	value     string
	secret    bool // typed by a secret fill: never shown
	options   []surfaces.Option
	checked   bool
	selected  bool
	expanded  bool
	disabled  bool
	offscreen bool
	hidden    bool
}

// document is one visit of a screen, like one document in a browser tab:
// its own state and its own refs.
type document struct {
	seq        int
	ix         *pageIndex
	url        string
	elems      map[string]*elemState
	textHidden map[string]bool // by text key
	layers     []string        // open layers, bottom first
	focus      string
	refs       map[string]string // element ref or text key → surface ref
	ids        map[string]string // surface ref → element ref or text key
	seen       map[string]string // surface ref → identity when issued
}

func (s *Sim) newDocument(ix *pageIndex, url string) *document {
	s.docs++
	d := &document{
		seq: s.docs, ix: ix, url: url,
		elems: map[string]*elemState{}, textHidden: map[string]bool{},
		refs: map[string]string{}, ids: map[string]string{}, seen: map[string]string{},
	}
	init := func(es []*Element) {
		for _, e := range es {
			st := &elemState{
				value: s.expand(e.Value, nil), checked: e.Checked, selected: e.Selected,
				expanded: e.Expanded, disabled: e.Disabled, offscreen: e.Offscreen, hidden: e.Hidden,
			}
			if len(e.Options) > 0 {
				st.options = slices.Clone(e.Options)
				if i := optionIndex(st.options, st.value); e.Value != "" && i >= 0 {
					for j := range st.options {
						st.options[j].Selected = j == i
					}
				}
				st.value = ""
				for _, o := range st.options {
					if o.Selected {
						st.value = o.Label
						break
					}
				}
			}
			if e.Focused {
				d.focus = e.Ref
			}
			d.elems[e.Ref] = st
		}
	}
	texts := func(layer string, ts []*Text) {
		for i, t := range ts {
			d.textHidden[textKey(layer, i, t)] = t.Hidden
		}
	}
	init(ix.page.Candidates)
	texts("", ix.page.Context)
	for _, l := range ix.page.Layers {
		init(l.Candidates)
		texts(l.ID, l.Context)
		if l.Open {
			d.layers = append(d.layers, l.ID)
		}
	}
	return d
}

// reopen is the document a history entry comes back as: the state it was
// left in, with new refs, since it is a new document to the caller.
func (s *Sim) reopen(old *document) *document {
	s.docs++
	d := *old
	d.seq = s.docs
	d.focus = "" // a document that loads again starts without focus
	d.refs, d.ids, d.seen = map[string]string{}, map[string]string{}, map[string]string{}
	return &d
}

// textKey names a context line inside a document: its ref, or for lines
// without one a key no ref can equal.
func textKey(layer string, i int, t *Text) string {
	if t.Ref != "" {
		return t.Ref
	}
	return "\x00" + layer + "\x00" + itoa(i)
}

// ref returns the surface ref of an element or line, issuing one on first
// sight. Refs are never reused across documents.
func (d *document) ref(s *Sim, key string, text bool) string {
	if r, ok := d.refs[key]; ok {
		return r
	}
	var r string
	if text {
		s.nextT++
		r = "t" + itoa(s.nextT)
	} else {
		s.nextE++
		r = "e" + itoa(s.nextE)
	}
	d.refs[key], d.ids[r] = r, key
	s.issued[r] = d.seq
	return r
}

func (d *document) layerOpen(id string) bool { return slices.Contains(d.layers, id) }

// visible reports whether an element is shown: not hidden and, in a
// layer, the layer open.
func (d *document) visible(ref string) bool {
	st := d.elems[ref]
	if st == nil || st.hidden {
		return false
	}
	l := d.ix.elemLayer[ref]
	return l == nil || d.layerOpen(l.ID)
}

// describe names a layer as the browser's hit test names what covers an
// element: kind and "name".
func describe(l *Layer) string {
	name := l.Name
	if name == "" {
		name = l.ID
	}
	return string(l.Kind) + " " + quote(name)
}

// coveredBy names the open layer on top of an element, or "". A dialog
// covers everything beneath it; a popover covers what it lists.
func (d *document) coveredBy(ref string) string {
	start := 0
	if l := d.ix.elemLayer[ref]; l != nil {
		start = slices.Index(d.layers, l.ID) + 1
	}
	for i := len(d.layers) - 1; i >= start; i-- {
		l := d.ix.layers[d.layers[i]]
		if l.Kind == surfaces.LayerDialog || slices.Contains(l.Covers, ref) {
			return describe(l)
		}
	}
	return ""
}

// screen builds the current [surfaces.Screen]; with issue false it leaves
// refs of unseen elements empty and records nothing.
func (s *Sim) screen(issue bool) surfaces.Screen {
	d := s.doc
	sc := surfaces.Screen{
		Surface: surfaces.KindSim, URL: d.url, Title: s.expand(d.ix.page.Title, nil),
		Layer: surfaces.LayerPage, Candidates: []surfaces.Candidate{},
	}
	if n := len(d.layers); n > 0 {
		sc.Layer = d.ix.layers[d.layers[n-1]].Kind
	}
	y := 16.0
	nth := map[string]int{}
	elems := func(l *Layer, es []*Element) {
		for _, e := range es {
			if !d.visible(e.Ref) {
				continue
			}
			c := s.candidate(d, l, e, issue)
			if e.Bounds != nil {
				c.Bounds = *e.Bounds
			} else {
				c.Bounds = surfaces.Bounds{X: 16, Y: y, W: 320, H: 32}
				y += 40
			}
			k := c.Role + "\x00" + c.Name
			c.Nth = nth[k]
			nth[k]++
			sc.Candidates = append(sc.Candidates, c)
		}
	}
	texts := func(l *Layer, ts []*Text) {
		layer := ""
		var prefix []string
		if l != nil {
			layer, prefix = l.ID, []string{describe(l)}
		}
		for i, t := range ts {
			key := textKey(layer, i, t)
			if d.textHidden[key] {
				continue
			}
			line := surfaces.ContextLine{Text: collapse(s.expand(t.Text, nil)), Role: t.Role, Path: pathOf(prefix, t.Path)}
			if issue {
				line.Ref = d.ref(s, key, true)
			} else {
				line.Ref = d.refs[key]
			}
			sc.Context = append(sc.Context, line)
		}
	}
	elems(nil, d.ix.page.Candidates)
	texts(nil, d.ix.page.Context)
	for _, id := range d.layers {
		l := d.ix.layers[id]
		elems(l, l.Candidates)
		texts(l, l.Context)
	}
	sc.Fingerprint = surfaces.Fingerprint(sc)
	return sc
}

func pathOf(prefix, own []string) []string {
	if len(prefix)+len(own) == 0 {
		return nil
	}
	return append(slices.Clone(prefix), own...)
}

func (s *Sim) candidate(d *document, l *Layer, e *Element, issue bool) surfaces.Candidate {
	st := d.elems[e.Ref]
	c := surfaces.Candidate{
		Role: e.Role, Name: collapse(s.expand(e.Name, nil)), Description: collapse(s.expand(e.Description, nil)),
		Label: e.Label, Placeholder: e.Placeholder, InputType: e.Type, Autocomplete: e.Autocomplete,
		Editable: e.editable() && !st.disabled && !e.Readonly,
		Options:  slices.Clone(st.options),
	}
	if l != nil {
		c.Path = pathOf([]string{describe(l)}, e.Path)
	} else {
		c.Path = pathOf(nil, e.Path)
	}
	switch {
	case e.Type == "password":
		// A password field shows no value, whoever typed it.
	case st.secret:
		c.Value = surfaces.Mask
	default:
		c.Value = st.value
	}
	add := func(on bool, state surfaces.State) {
		if on {
			c.States = append(c.States, state)
		}
	}
	add(d.focus == e.Ref, surfaces.StateFocused)
	add(st.checked, surfaces.StateChecked)
	add(st.selected, surfaces.StateSelected)
	add(st.expanded || e.Controls != "" && d.layerOpen(e.Controls), surfaces.StateExpanded)
	add(st.disabled, surfaces.StateDisabled)
	add(e.Readonly, surfaces.StateReadonly)
	add(e.Required, surfaces.StateRequired)
	add(st.offscreen, surfaces.StateOffscreen)
	add(d.coveredBy(e.Ref) != "", surfaces.StateCovered)
	if issue {
		c.Ref = d.ref(s, e.Ref, false)
		d.seen[c.Ref] = s.identity(e)
	} else {
		c.Ref = d.refs[e.Ref]
	}
	return c
}
