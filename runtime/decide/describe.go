package decide

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"flow/surfaces"
)

// Stage 2 of the local decider: every option described once.
//
// A description holds what the scorer compares against the frame: the
// option's own name words (for an icon-only control, what its icon means;
// for an unnamed checkbox or radio, the text beside it), its other texts
// with the weight each carries, its directions (see [polarity]), the group
// it sits in (the innermost card, row, list item, section, dialog or form,
// with that group's label or first line), and its kind and whether it is
// the only one of its kind among the options.

// desc is one option, described.
type desc struct {
	opt  Option
	role string
	// name are the words of the option's own name (with its icon's
	// meaning); fields are all its texts with their weights.
	name   []word
	fields []field
	// own counts the fields that are the option's own texts; the rest
	// are its group's words.
	own int
	// pol are the directions its own name takes.
	pol polarity
	// icon is what an icon-only name means ("delete", "next", "more"),
	// "" when the name is words.
	icon string
	// group is the key of its innermost group, groupFirst that group's
	// first line of text (see [desc.groupLabel]).
	group      string
	groupFirst string
	// kind is its field kind ("text", "date", "radio", …; see [kindOf]);
	// unique says it is the only one of that kind among the options.
	kind   string
	unique bool
}

// boxLike reports whether a role is a box or radio, which pages often
// leave unnamed beside their text.
func boxLike(role string) bool {
	return role == "checkbox" || role == "radio" || role == "switch" || role == "menuitemcheckbox" || role == "menuitemradio"
}

// groupLabel names the option's innermost group, as a why phrase shows it.
func (d *desc) groupLabel() string {
	path := optionPath(d.opt)
	if len(path) == 0 {
		return ""
	}
	return groupLabelOf(path, d.groupFirst)
}

// field is one text of an option with the weight its words carry.
type field struct {
	words []word
	wt    float64
}

// describeAll describes every option of q, reading the screen once.
func describeAll(q Question) []desc {
	sc := newScene(q)
	ds := make([]desc, len(q.Options))
	kinds := map[string]int{}
	for i, o := range q.Options {
		ds[i] = sc.describe(o)
		if ds[i].kind != "" {
			kinds[ds[i].kind]++
		}
	}
	// Radios of one group count as one "options" control.
	radioGroups := map[string]bool{}
	for _, d := range ds {
		if d.kind == "radio" {
			radioGroups[d.group] = true
		}
	}
	for i := range ds {
		switch {
		case ds[i].kind == "radio":
			ds[i].unique = len(radioGroups) == 1
		case ds[i].kind != "":
			ds[i].unique = kinds[ds[i].kind] == 1
		}
	}
	return ds
}

// scene is what a question's screen says around its options, gathered
// once: the words of each group, and the text beside each candidate.
type scene struct {
	near   map[string][]word // words of everything in the same innermost group
	first  map[string]string // first text line of each group
	beside map[string]string // ref → the text right after (or before) it
	// labelled: ref → the "Key:" line right before it, which names
	// the value it shows.
	labelled map[string]string
	heads    []headAt // headings in reading order, placed among candidates
	screen   Brief
}

// headAt is a heading line and the index of the first candidate after it.
type headAt struct {
	text string
	next int
}

func newScene(q Question) *scene {
	sc := &scene{near: map[string][]word{}, first: map[string]string{}, beside: map[string]string{}, labelled: map[string]string{}, screen: q.Screen}
	// Only the groups the options sit in are read: a 2,000-candidate
	// screen asked about 20 options needs the words of 20 cards. The last
	// path element sorts out most other items before a key is built.
	last := map[string]bool{}
	for _, o := range q.Options {
		if p := optionPath(o); len(p) > 0 {
			last[p[len(p)-1]] = true
			sc.near[strings.Join(p, "\x00")] = nil
		}
	}
	key := func(path []string) (string, bool) {
		if len(path) == 0 || !last[path[len(path)-1]] {
			return "", false
		}
		k := strings.Join(path, "\x00")
		_, ok := sc.near[k]
		return k, ok
	}
	add := func(path []string, text string) {
		if strings.TrimSpace(text) == "" {
			return
		}
		if k, ok := key(path); ok && len(sc.near[k]) < 60 {
			sc.near[k] = append(sc.near[k], contentWords(text)...)
		}
	}
	seen := map[string]bool{}
	for _, o := range q.Options {
		if o.Candidate != nil {
			seen[o.Key] = true
			add(o.Candidate.Path, o.Candidate.Name)
		}
		if o.Line != nil {
			seen[o.Key] = true
			add(o.Line.Path, o.Line.Text)
		}
	}
	for _, c := range q.Screen.Candidates {
		if !seen[c.Ref] {
			add(c.Path, c.Name)
		}
	}
	cands := q.Screen.Candidates
	for _, l := range q.Screen.Context {
		if !seen[l.Ref] {
			add(l.Path, l.Text)
		}
		if k, ok := key(l.Path); ok && sc.first[k] == "" {
			sc.first[k] = l.Text
		}
		if l.Role == "heading" {
			sc.heads = append(sc.heads, headAt{l.Text, l.Next})
		}
		// Text between two controls belongs to the one before it (the
		// label after a checkbox). Next is 0 both before the first control
		// and where a surface does not place lines: no text is given to a
		// control by that. Only a box or a radio is named by the text
		// beside it, and only by text in its own group.
		if i := l.Next - 1; i >= 0 && i < len(cands) && sc.beside[cands[i].Ref] == "" && boxLike(cands[i].Role) && slices.Equal(cands[i].Path, l.Path) {
			sc.beside[cands[i].Ref] = l.Text
		}
		// A label that ends in a colon names the value shown after it
		// ("Email: <ada@example.com>", "Phone: <218-200-3730>"): the
		// link is the email. A control named by words ("Change") is not
		// a value, and keeps its name.
		if l.Next >= 0 && l.Next < len(cands) {
			if key, ok := valueLabel(l, cands[l.Next]); ok {
				sc.labelled[cands[l.Next].Ref] = key
			}
		}
	}
	return sc
}

// describe describes option o.
func (sc *scene) describe(o Option) desc {
	d := desc{opt: o, fields: make([]field, 0, 12)}
	add := func(text string, wt float64) {
		if strings.TrimSpace(text) != "" {
			d.fields = append(d.fields, field{contentWords(text), wt})
		}
	}
	var path []string
	own := ""
	switch {
	case o.Candidate != nil:
		c := o.Candidate
		d.role, path = c.Role, c.Path
		own = firstNonEmpty(sc.labelled[c.Ref], c.Name, c.Label, c.Placeholder, c.Description)
		d.icon = iconMeaning(own)
		beside := sc.beside[c.Ref]
		if beside != "" && (own == "" || d.icon != "" || looksLikeClassWords(own)) {
			own = beside // a box named only by the text beside it
		}
		own = fieldTypeName(c, own)
		d.name = contentWords(own)
		if d.icon != "" {
			d.name = append(append([]word(nil), d.name...), contentWords(d.icon)...)
			add(d.icon, 1)
		}
		add(own, 1)
		if c.Name != own {
			add(c.Name, 1)
		}
		if c.Label != c.Name && c.Label != own {
			add(c.Label, 1)
		}
		if c.Placeholder != c.Name {
			add(c.Placeholder, 0.8)
		}
		add(c.Description, 0.6)
		add(c.Value, 0.6)
		add(strings.ReplaceAll(c.Autocomplete, "-", " "), 0.6)
		if c.InputType != "" && c.InputType != "text" {
			add(c.InputType, 0.6)
		}
		for _, p := range c.Path {
			add(pathLabel(p), 0.45)
		}
		var opts []string
		for _, op := range c.Options {
			opts = append(opts, op.Label)
		}
		add(strings.Join(opts, " "), 0.3)
		if beside != "" && own != beside {
			add(beside, 0.6)
		}
		d.kind = candidateKind(c)
	case o.Line != nil:
		path, own = o.Line.Path, o.Line.Text
		d.name = contentWords(own)
		add(own, 1)
		// A table cell's column header says what the value is: "Cases
		// opened" over "16".
		add(o.Line.Column, 0.8)
		for _, p := range o.Line.Path {
			add(pathLabel(p), 0.45)
		}
	default:
		own = o.Label
		d.name = contentWords(own)
		add(own, 1)
		// A list offered by its label ("main: 6 items, first: …") reads
		// as the heading above its first item too.
		if h := sc.headingOfList(o.Label); h != "" {
			add(h, 1)
			d.name = append(append([]word(nil), d.name...), contentWords(h)...)
		}
	}
	d.pol = polarityOf(rawWords(own)) | polarityOf(rawWords(d.icon))
	d.own = len(d.fields)
	if len(path) > 0 {
		d.group = strings.Join(path, "\x00")
		if ws := sc.near[d.group]; len(ws) > 0 {
			d.fields = append(d.fields, field{ws, 0.35})
		}
		d.groupFirst = sc.first[d.group]
	}
	return d
}

// headingOfList finds the heading above a list offered by its label: the
// label ends "first: <text of its first item>"; the heading is the last
// one before that item on the screen.
func (sc *scene) headingOfList(label string) string {
	_, first, ok := strings.Cut(label, "first: ")
	if !ok || first == "" || len(sc.heads) == 0 {
		return ""
	}
	at := -1
	for i, c := range sc.screen.Candidates {
		if c.Name != "" && strings.HasPrefix(first, c.Name) || strings.HasPrefix(c.Name, first) {
			at = i
			break
		}
	}
	if at < 0 {
		for _, l := range sc.screen.Context {
			if l.Text != "" && (strings.HasPrefix(first, l.Text) || strings.HasPrefix(l.Text, first)) {
				at = l.Next
				break
			}
		}
	}
	if at < 0 {
		return ""
	}
	h := ""
	for _, hd := range sc.heads {
		if hd.next <= at {
			h = hd.text
		}
	}
	return h
}

// groupLabelOf names the innermost group of a path: its own label when it
// has one ("card \"Tea\""), else its first line of text.
func groupLabelOf(path []string, first string) string {
	p := path[len(path)-1]
	if strings.Contains(p, `"`) {
		return p
	}
	if first != "" {
		return pathLabel(p) + " \"" + clip(first, 40) + "\""
	}
	return p
}

// candidateKind is the field kind of a candidate, "" for a control that is
// no field.
func candidateKind(c *surfaces.Candidate) string {
	switch {
	case c.InputType == "date" || c.InputType == "datetime-local":
		return "date"
	case c.Role == "slider" || c.InputType == "range":
		return "slider"
	case c.Role == "radio":
		return "radio"
	case c.Role == "checkbox":
		return "checkbox"
	case c.Role == "spinbutton" || c.InputType == "number":
		return "number"
	case (c.Role == "textbox" || c.Role == "searchbox") && c.InputType != "password":
		return "text"
	}
	return ""
}

// valueName is a control's name that is a value rather than words: it
// holds a digit or an @ ("218-200-3730", "ada@example.com", "4296 Wiley
// St"). Sources: MiniWoB++ phone-book's details, and the trust site's
// contact card.
var valueName = regexp.MustCompile(`[\d@]`)

// valueLabel is the key of a "Key:" line l that names the control c
// right after it in its group, when c's name is a value.
func valueLabel(l surfaces.ContextLine, c surfaces.Candidate) (string, bool) {
	key, ok := strings.CutSuffix(strings.TrimSpace(l.Text), ":")
	return key, ok && key != "" && slices.Equal(c.Path, l.Path) && valueName.MatchString(c.Name)
}

// fieldTypeName is the name of a field with no words of its own (none,
// or only a glyph beside it): the kind of value it shows, for a time
// field draws "--:-- --" and a date field "dd/mm/yyyy". Any other
// control keeps own.
func fieldTypeName(c *surfaces.Candidate, own string) string {
	if len(contentWords(own)) > 0 || typeNoun[c.InputType] == "" {
		return own
	}
	return strings.TrimSpace(own + " " + typeNoun[c.InputType])
}

// typeNoun names an unlabelled field by the kind of value its input type
// draws (MiniWoB++ enter-time; the booking bar of the widgets fixture,
// whose date and time fields carry only an icon). A plain text field
// draws nothing and keeps no name.
var typeNoun = map[string]string{
	"time": "time", "date": "date", "datetime-local": "date and time", "month": "month", "week": "week",
	"email": "email address", "tel": "phone number", "url": "web address", "password": "password",
	"number": "number", "search": "search", "color": "colour",
}

// icons map the class words and glyphs of icon-only controls to what the
// icon means. The sight script names an icon-only control by its class
// words ("fa fa-trash", "icon-close", "more_vert") or its glyph.
var icons = []struct {
	words   []string
	meaning string
}{
	{[]string{"trash", "bin", "garbage", "wastebasket", "delete", "remove"}, "delete"},
	{[]string{"ellipsis", "kebab", "dots", "more", "overflow", "⋯", "…", "⋮", "meatball", "meatballs"}, "more menu"},
	{[]string{"arrow", "chevron", "caret", "angle", "›", "»", "→", "❯"}, ""}, // direction below
	{[]string{"xmark", "close", "times", "×", "✕", "✖", "cross", "x"}, "close"},
	{[]string{"pencil", "edit", "pen"}, "edit"},
	{[]string{"star"}, "star favourite"},
	{[]string{"reply"}, "reply"},
	{[]string{"share", "forward"}, "forward"},
	{[]string{"plus", "add"}, "add"},
	{[]string{"minus", "subtract"}, "remove decrease"},
	{[]string{"cog", "gear", "gears", "settings"}, "settings"},
	{[]string{"bars", "hamburger", "burger", "navicon"}, "menu"},
	{[]string{"magnifier", "magnifying", "loupe", "search"}, "search"},
}

// iconGlyphs are names that are only a glyph: the glyph is the icon.
var iconGlyphs = map[string]string{"⋯": "more menu", "…": "more menu", "⋮": "more menu", "···": "more menu", "...": "more menu",
	"›": "next", "»": "next", "→": "next", "❯": "next", "‹": "previous", "«": "previous", "←": "previous", "❮": "previous",
	"×": "close", "✕": "close", "✖": "close", "🗑": "delete", "✎": "edit", "✏": "edit", "★": "star favourite", "☆": "star favourite",
	"+": "add", "−": "remove decrease", "-": "remove decrease"}

// iconMeaning reads an icon-only control's name: class words ("fa
// fa-arrow-right", "icon-trash", "more_vert") or a glyph. "" when the name
// is ordinary words.
func iconMeaning(name string) string {
	if v, ok := iconCache.Load(name); ok {
		return v.(string)
	}
	m := iconMeaningUncached(name)
	if iconCacheSize.Add(1) > wordCacheMax {
		iconCache.Clear()
		iconCacheSize.Store(0)
	}
	iconCache.Store(name, m)
	return m
}

// iconCache keeps the icon meanings of names seen lately: a screen
// repeats its buttons.
var (
	iconCache     sync.Map // string → string
	iconCacheSize atomic.Int64
)

func iconMeaningUncached(name string) string {
	n := strings.TrimSpace(name)
	if n == "" {
		return ""
	}
	if m, ok := iconGlyphs[n]; ok {
		return m
	}
	if !looksLikeClassWords(n) {
		return ""
	}
	parts := strings.FieldsFunc(strings.ToLower(n), func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '.' })
	for i, p := range parts {
		parts[i] = strings.TrimRight(p, "0123456789") // icon sets number their variants: trash3, x-lg
	}
	has := func(ws ...string) bool {
		for _, p := range parts {
			for _, w := range ws {
				if p == w {
					return true
				}
			}
		}
		return false
	}
	for _, ic := range icons {
		if !has(ic.words...) {
			continue
		}
		if ic.meaning != "" {
			return ic.meaning
		}
		switch {
		case has("right", "forward", "next", "end"):
			return "next"
		case has("left", "back", "backward", "prev", "previous", "start"):
			return "previous"
		case has("down"):
			return "expand down"
		case has("up"):
			return "collapse up"
		}
	}
	return ""
}

// looksLikeClassWords reports whether a name reads as CSS class words or
// an icon ligature rather than a label: "fa fa-trash", "icon-close",
// "more_vert", "bi-chevron-right". Words joined by - or _, or the
// prefixes of icon sets, mark it.
func looksLikeClassWords(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" || strings.ContainsAny(n, ".,:;!?") {
		return false
	}
	for _, f := range strings.Fields(n) {
		switch {
		case f == "fa" || f == "fas" || f == "far" || f == "bi" || f == "icon" || f == "material-icons" || f == "glyphicon":
			return true
		case strings.HasPrefix(f, "fa-") || strings.HasPrefix(f, "icon-") || strings.HasPrefix(f, "bi-") || strings.HasPrefix(f, "glyphicon-") || strings.HasPrefix(f, "mdi-"):
			return true
		case strings.Contains(f, "_") && !strings.ContainsAny(f, "0123456789"):
			return true // material ligatures: more_vert, arrow_forward
		}
	}
	return len(strings.Fields(n)) == 1 && strings.Count(n, "-") >= 1 && !strings.ContainsAny(n, "0123456789")
}

// moreMenuName is a control's name that says it opens more of what its
// group offers: "More", "More actions", "Options", "⋯".
var moreMenuName = regexp.MustCompile(`(?i)^\s*(?:more(?:\s+(?:options|actions))?|(?:show\s+)?(?:options|actions)|actions\s+menu|open\s+menu)\s*$`)

// OpensMore reports whether a control named name opens a menu of more
// actions: its words or its icon say so ("More", "Options", ⋯, a
// kebab icon). Such a menu hides the controls a step may name.
func OpensMore(name string) bool {
	return moreMenuName.MatchString(name) || iconMeaning(name) == "more menu"
}
