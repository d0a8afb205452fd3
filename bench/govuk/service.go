package main

import (
	"crypto/sha256"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// This file is the server of the task scenarios: GOV.UK-style services
// composed from the package's fixtures, one question a page, validated on
// the server as GOV.UK services do, with every request logged. The
// journeys themselves are in journeys.go.

// fixtureLib finds fixtures by component and name. Every lookup or edit
// that fails is remembered, so a journey built from a package that lacks
// one of its fixtures (or whose markup moved) is reported, never served
// half-built.
type fixtureLib struct {
	byKey map[string]string
	errs  []string
}

func newFixtureLib(fx []fixture) *fixtureLib {
	l := &fixtureLib{byKey: map[string]string{}}
	for _, f := range fx {
		l.byKey[f.Component+"/"+f.Name] = f.HTML
	}
	return l
}

// get is the HTML of component/name with each edit (old, new pairs)
// applied to every occurrence of old; an old text the fixture lacks is an
// error of the lib.
func (l *fixtureLib) get(component, name string, edits ...string) string {
	h, ok := l.byKey[component+"/"+name]
	if !ok {
		l.errs = append(l.errs, fmt.Sprintf("no fixture %s/%s", component, name))
		return ""
	}
	return l.edit(h, component+"/"+name, edits...)
}

// edit applies old, new pairs to h.
func (l *fixtureLib) edit(h, what string, edits ...string) string {
	if len(edits)%2 != 0 {
		panic("fixtureLib.edit: odd edits")
	}
	for i := 0; i < len(edits); i += 2 {
		if !strings.Contains(h, edits[i]) {
			l.errs = append(l.errs, fmt.Sprintf("%s: no %q to edit", what, edits[i]))
			continue
		}
		h = strings.ReplaceAll(h, edits[i], edits[i+1])
	}
	return h
}

// block returns the first element of h that starts with open (an opening
// tag's start, such as `<div class="govuk-radios__item">`) up to its
// matching closing tag, counting nested tags of the same name.
func (l *fixtureLib) block(h, open, what string) string {
	i := strings.Index(h, open)
	if i < 0 {
		l.errs = append(l.errs, fmt.Sprintf("%s: no %q", what, open))
		return ""
	}
	tag := strings.TrimPrefix(strings.Fields(open)[0], "<")
	tag = strings.TrimSuffix(tag, ">")
	depth := 0
	for j := i; j < len(h); {
		o := indexFrom(h, "<"+tag, j)
		c := indexFrom(h, "</"+tag+">", j)
		if c < 0 {
			break
		}
		if o >= 0 && o < c {
			depth++
			j = o + 1
			continue
		}
		depth--
		j = c + len(tag) + 3
		if depth == 0 {
			return h[i:j]
		}
	}
	l.errs = append(l.errs, fmt.Sprintf("%s: %q is not closed", what, open))
	return ""
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.Index(s[from:], sub)
	if i < 0 {
		return -1
	}
	return i + from
}

// fieldErr is one rejected answer: Anchor is the id of the element the
// error belongs to (a field, or a date input's container), Link the id the
// error summary links to (Anchor when empty).
type fieldErr struct {
	Anchor, Link, Msg string
}

var (
	formGroupRE = regexp.MustCompile(`<div class="govuk-form-group`)
	idAttrRE    = regexp.MustCompile(`\bid="([^"]*)"`)
)

// withError marks the form group that holds the element id="anchor" the
// way GOV.UK does: govuk-form-group--error on the group, the error message
// (with its visually hidden "Error:" prefix) after the label, legend and
// hint, the field's error class, and the message's id in
// aria-describedby.
func withError(h string, e fieldErr) string {
	at := strings.Index(h, `id="`+e.Anchor+`"`)
	if at < 0 {
		return h
	}
	groups := formGroupRE.FindAllStringIndex(h[:at], -1)
	if len(groups) == 0 {
		return h
	}
	g := groups[len(groups)-1][0]
	markers := []string{`<div class="govuk-date-input"`, `<div class="govuk-radios`, `<div class="govuk-checkboxes"`,
		`<div class="govuk-input__wrapper`, `<input`, `<textarea`, `<select`}
	ins := -1
	for _, m := range markers {
		if i := indexFrom(h, m, g); i >= 0 && (ins < 0 || i < ins) {
			ins = i
		}
	}
	if ins < 0 {
		return h
	}
	errID := e.Anchor + "-error"
	msg := `<p id="` + errID + `" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> ` + html.EscapeString(e.Msg) + "</p>\n"
	// The field's own tag: its error class and aria-describedby.
	tagStart := strings.LastIndex(h[:at], "<")
	tagEnd := indexFrom(h, ">", at)
	tag := h[tagStart : tagEnd+1]
	newTag := tag
	for _, c := range []string{"govuk-input", "govuk-textarea", "govuk-select"} {
		if strings.Contains(newTag, `class="`+c+` `) || strings.Contains(newTag, `class="`+c+`"`) {
			newTag = strings.Replace(newTag, `class="`+c, `class="`+c+" "+c+"--error", 1)
			break
		}
	}
	if strings.HasPrefix(newTag, "<input") || strings.HasPrefix(newTag, "<textarea") || strings.HasPrefix(newTag, "<select") {
		newTag = describedBy(newTag, errID)
	}
	out := h[:ins] + msg + h[ins:]
	if tagStart >= ins {
		tagStart += len(msg)
	}
	out = out[:tagStart] + newTag + out[tagStart+len(tag):]
	// A date input's parts are all marked.
	if strings.Contains(tag, "govuk-date-input") {
		out = strings.ReplaceAll(out, `govuk-date-input__input govuk-input--width`, `govuk-date-input__input govuk-input--error govuk-input--width`)
	}
	// A fieldset between the group and the message names it too.
	if fs := indexFrom(out, "<fieldset", g); fs >= 0 && fs < ins {
		end := indexFrom(out, ">", fs)
		out = out[:fs] + describedBy(out[fs:end+1], errID) + out[end+1:]
	}
	return out[:g] + strings.Replace(out[g:], `<div class="govuk-form-group`, `<div class="govuk-form-group govuk-form-group--error`, 1)
}

// describedBy adds id to a tag's aria-describedby.
func describedBy(tag, id string) string {
	if i := strings.Index(tag, `aria-describedby="`); i >= 0 {
		j := i + len(`aria-describedby="`)
		return tag[:j] + tag[j:j+strings.Index(tag[j:], `"`)] + " " + id + tag[j+strings.Index(tag[j:], `"`):]
	}
	end := strings.LastIndex(tag, ">")
	return tag[:end] + ` aria-describedby="` + id + `"` + tag[end:]
}

var (
	inputTagRE  = regexp.MustCompile(`<input\b[^>]*>`)
	textareaRE  = regexp.MustCompile(`(?s)(<textarea\b[^>]*>)(.*?)(</textarea>)`)
	selectRE    = regexp.MustCompile(`(?s)(<select\b[^>]*>)(.*?)(</select>)`)
	optionRE    = regexp.MustCompile(`<option\b[^>]*>`)
	attrRE      = regexp.MustCompile(`\b(name|type|value)="([^"]*)"`)
	checkedRE   = regexp.MustCompile(`\s(checked|selected)\b`)
	valueAttrRE = regexp.MustCompile(`\svalue="[^"]*"`)
)

func attrs(tag string) map[string]string {
	m := map[string]string{}
	for _, a := range attrRE.FindAllStringSubmatch(tag, -1) {
		if _, ok := m[a[1]]; !ok {
			m[a[1]] = html.UnescapeString(a[2])
		}
	}
	return m
}

// prefill shows the values v in h's fields, as a service shows the answers
// given (after an error, or when a Change link comes back): text fields get
// their value, radios, checkboxes and options their checked or selected
// state (the fixture's own pre-checked items are cleared).
func prefill(h string, v url.Values) string {
	h = inputTagRE.ReplaceAllStringFunc(h, func(tag string) string {
		a := attrs(tag)
		name := a["name"]
		switch a["type"] {
		case "radio", "checkbox":
			tag = checkedRE.ReplaceAllString(tag, "")
			for _, x := range v[name] {
				if x == a["value"] {
					return strings.TrimSuffix(tag, ">") + " checked>"
				}
			}
			return tag
		case "password", "submit", "button", "hidden":
			return tag
		}
		if x := v.Get(name); x != "" {
			tag = valueAttrRE.ReplaceAllString(tag, "")
			return strings.TrimSuffix(tag, ">") + ` value="` + html.EscapeString(x) + `">`
		}
		return tag
	})
	h = textareaRE.ReplaceAllStringFunc(h, func(s string) string {
		m := textareaRE.FindStringSubmatch(s)
		if x := v.Get(attrs(m[1])["name"]); x != "" {
			return m[1] + html.EscapeString(x) + m[3]
		}
		return s
	})
	h = selectRE.ReplaceAllStringFunc(h, func(s string) string {
		m := selectRE.FindStringSubmatch(s)
		name := attrs(m[1])["name"]
		if _, ok := v[name]; !ok {
			return s
		}
		opts := optionRE.ReplaceAllStringFunc(m[2], func(tag string) string {
			tag = checkedRE.ReplaceAllString(tag, "")
			if attrs(tag)["value"] == v.Get(name) {
				return strings.TrimSuffix(tag, ">") + " selected>"
			}
			return tag
		})
		return m[1] + opts + m[3]
	})
	return h
}

// logEntry is one request of a scenario's pages: a view (GET of a page),
// a submit (a question's POST, accepted or rejected with its errors) or a
// send (the journey's final, irreversible POST).
type logEntry struct {
	Seq      int               `json:"seq"`
	Scenario string            `json:"scenario"`
	Journey  string            `json:"journey"`
	Page     string            `json:"page"`
	Kind     string            `json:"kind"`
	Values   map[string]string `json:"values,omitempty"`
	Answers  map[string]string `json:"answers,omitempty"`
	Accepted bool              `json:"accepted"`
	Errors   []string          `json:"errors,omitempty"`
}

func (e logEntry) String() string {
	s := fmt.Sprintf("%s %s %s", e.Kind, e.Journey, e.Page)
	if e.Kind == "view" {
		return s
	}
	if e.Accepted {
		s += " accepted"
	} else {
		s += " rejected"
	}
	if len(e.Answers) > 0 {
		s += " " + mapString(e.Answers)
	}
	if len(e.Errors) > 0 {
		s += " errors: " + strings.Join(e.Errors, "; ")
	}
	return s
}

func mapString(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + m[k]
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// state is what one scenario's run of one journey has answered so far.
type state struct {
	raw     map[string]url.Values
	answers map[string]map[string]string
	cookies string // "", "accept" or "reject"
	hidden  bool   // the cookie confirmation was hidden
	sent    bool
	ref     string
	flash   string // a success notification for the next page shown
}

// service is the scenarios' server: the journeys, each run's state and the
// log.
type service struct {
	dir      string
	journeys map[string]*journey
	broken   map[string][]string // journeys that could not be built, and why
	chrome   chrome

	mu     sync.Mutex
	states map[string]*state
	log    []logEntry
}

// chrome is the page furniture every service page shares.
type chrome struct {
	header, skip, backLink, button, startButton, errorSummary string
	navItem, navActive, navWrap                               string
}

func newService(dir string, fx []fixture) *service {
	s := &service{dir: dir, journeys: map[string]*journey{}, broken: map[string][]string{}, states: map[string]*state{}}
	lib := newFixtureLib(fx)
	s.chrome = buildChrome(lib)
	if len(lib.errs) > 0 {
		s.broken["*"] = lib.errs
		return s
	}
	for _, build := range journeyBuilders {
		l := newFixtureLib(fx)
		j := build(l)
		if len(l.errs) > 0 {
			s.broken[j.Slug] = l.errs
			continue
		}
		s.journeys[j.Slug] = j
	}
	return s
}

// buildChrome takes the header, skip link, back link, buttons and error
// summary from the fixtures.
func buildChrome(l *fixtureLib) chrome {
	var c chrome
	c.header = l.get("header", "with service name")
	c.skip = l.get("skip-link", "default")
	c.backLink = l.get("back-link", "default")
	c.button = l.get("button", "default")
	c.startButton = l.get("button", "start")
	c.errorSummary = l.get("error-summary", "default")
	return c
}

// Log is a copy of the scenario's log entries.
func (s *service) Log(scenario string) []logEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []logEntry
	for _, e := range s.log {
		if e.Scenario == scenario {
			out = append(out, e)
		}
	}
	return out
}

// Reference is the reference the scenario's confirmation showed ("" before).
func (s *service) Reference(scenario, journey string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.states[scenario+"/"+journey]; st != nil {
		return st.ref
	}
	return ""
}

func (s *service) record(e logEntry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e.Seq = len(s.log) + 1
	s.log = append(s.log, e)
}

func (s *service) state(scenario, journey string) *state {
	key := scenario + "/" + journey
	st := s.states[key]
	if st == nil {
		st = &state{raw: map[string]url.Values{}, answers: map[string]map[string]string{}}
		s.states[key] = st
	}
	return st
}

// reference is the confirmation's reference for a scenario: eight capitals
// and digits, the same on every run.
func reference(scenario, journey string) string {
	sum := sha256.Sum256([]byte(scenario + "/" + journey))
	const abc = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 8)
	for i := range b {
		b[i] = abc[int(sum[i])%len(abc)]
	}
	return string(b)
}

// Handler serves the package's dist/govuk folder at the root and the
// journeys at /s/SCENARIO/JOURNEY/PAGE.
func (s *service) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(filepath.Join(s.dir, "dist", "govuk"))))
	mux.HandleFunc("/s/", s.serve)
	return mux
}

// req is one request to a journey's page.
type req struct {
	s        *service
	w        http.ResponseWriter
	r        *http.Request
	scenario string
	j        *journey
	st       *state
	page     string // the path under the journey ("" for its first page)
	base     string // /s/SCENARIO/JOURNEY/
}

func (s *service) serve(w http.ResponseWriter, r *http.Request) {
	parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/s/"), "/", 3)
	if len(parts) < 2 {
		http.NotFound(w, r)
		return
	}
	j := s.journeys[parts[1]]
	if j == nil {
		http.NotFound(w, r)
		return
	}
	if len(parts) == 2 {
		http.Redirect(w, r, r.URL.Path+"/", http.StatusFound)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	st := s.state(parts[0], parts[1])
	s.mu.Unlock()
	q := &req{s: s, w: w, r: r, scenario: parts[0], j: j, st: st, page: parts[2], base: "/s/" + parts[0] + "/" + parts[1] + "/"}
	// One request at a time per run: the state is a run's own.
	s.mu.Lock()
	defer s.mu.Unlock()
	j.serve(q)
}

// logLocked records an entry; the service's lock is held.
func (q *req) logLocked(e logEntry) {
	e.Scenario, e.Journey = q.scenario, q.j.Slug
	if e.Page == "" {
		e.Page = q.page
	}
	e.Seq = len(q.s.log) + 1
	q.s.log = append(q.s.log, e)
}

// view logs a GET of the page.
func (q *req) view() {
	p := q.page
	if q.r.URL.RawQuery != "" {
		p += "?" + q.r.URL.RawQuery
	}
	q.logLocked(logEntry{Kind: "view", Page: p})
}

func (q *req) redirect(path string) {
	http.Redirect(q.w, q.r, q.base+path, http.StatusSeeOther)
}

// pageOpts are what a page shows around its main content.
type pageOpts struct {
	title    string // the page's title (its question)
	errs     []fieldErr
	back     string // the back link's path under the journey, "-" for none
	nav      string // the active service navigation item's path
	wide     bool   // full-width main column
	status   int
	noCookie bool
}

// render writes a page in the GOV.UK template: cookie banner (when the
// journey has one), skip link, header with the service's name, service
// navigation, back link, main with the error summary.
func (q *req) render(o pageOpts, body string) {
	c := q.s.chrome
	var b strings.Builder
	title := o.title + " – " + q.j.Service + " – GOV.UK"
	if len(o.errs) > 0 {
		title = "Error: " + title
	}
	b.WriteString(`<!DOCTYPE html><html lang="en" class="govuk-template"><head><meta charset="utf-8">`)
	b.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">`)
	b.WriteString(`<title>` + html.EscapeString(title) + `</title><link rel="stylesheet" href="/govuk-frontend.min.css"></head>`)
	b.WriteString(`<body class="govuk-template__body govuk-frontend-supported">`)
	if q.j.Cookies && !o.noCookie {
		b.WriteString(q.cookieBanner())
	}
	b.WriteString(skipLinkRE.ReplaceAllString(c.skip, `href="#main-content"`))
	b.WriteString(q.header())
	if len(q.j.Nav) > 0 {
		b.WriteString(q.serviceNav(o.nav))
	}
	b.WriteString(`<div class="govuk-width-container">`)
	if o.back != "" && o.back != "-" {
		b.WriteString(strings.Replace(c.backLink, `href="#"`, `href="`+html.EscapeString(q.base+o.back)+`"`, 1))
	}
	b.WriteString(`<main class="govuk-main-wrapper" id="main-content">`)
	col := "govuk-grid-column-two-thirds"
	if o.wide {
		col = "govuk-grid-column-full"
	}
	b.WriteString(`<div class="govuk-grid-row"><div class="` + col + `">`)
	if len(o.errs) > 0 {
		b.WriteString(q.errorSummary(o.errs))
	}
	b.WriteString(body)
	b.WriteString(`</div></div></main></div>`)
	b.WriteString(`<script type="module">import { initAll } from "/govuk-frontend.min.js"; initAll();</script></body></html>`)
	q.w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if o.status != 0 {
		q.w.WriteHeader(o.status)
	}
	q.w.Write([]byte(b.String()))
}

// header is the header fixture with the service's name linking to its
// first page.
func (q *req) header() string {
	h := q.s.chrome.header
	h = strings.Replace(h, "Service Name", html.EscapeString(q.j.Service), 1)
	h = strings.Replace(h, `href="/components/header"`, `href="`+q.base+`"`, 1)
	return strings.Replace(h, `href="/"`, `href="`+q.base+`"`, 1)
}

var skipLinkRE = regexp.MustCompile(`href="#[^"]*"`)

var summaryListRE = regexp.MustCompile(`(?s)(<ul class="govuk-list govuk-error-summary__list">).*?(</ul>)`)

// errorSummary is the error summary fixture listing errs, each linking to
// its field.
func (q *req) errorSummary(errs []fieldErr) string {
	var items strings.Builder
	for _, e := range errs {
		link := e.Link
		if link == "" {
			link = e.Anchor
		}
		items.WriteString("\n<li>\n<a href=\"#" + html.EscapeString(link) + "\">" + html.EscapeString(e.Msg) + "</a>\n</li>")
	}
	return summaryListRE.ReplaceAllString(q.s.chrome.errorSummary, "${1}"+strings.ReplaceAll(items.String(), "$", "$$")+"\n${2}")
}

// button is the button fixture saying text.
func (q *req) button(text string) string {
	return strings.Replace(q.s.chrome.button, "Save and continue", html.EscapeString(text), 1)
}

// startButton is the start button fixture, saying "Start now", in a
// form that opens path.
func (q *req) startButton(path string) string {
	return `<form method="get" action="` + html.EscapeString(q.base+path) + `">` +
		strings.Replace(q.s.chrome.startButton, "Start now button", "Start now", 1) + `</form>`
}

// form wraps fields and a button in a form posting to action.
func (q *req) form(action, fields, button string) string {
	return `<form method="post" action="` + html.EscapeString(q.base+action) + `" novalidate>` + fields + q.button(button) + `</form>`
}
