package main

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// question is one page of a journey that asks one thing.
type question struct {
	Slug  string
	Title string // the question: the page's title
	Key   string // the check answers row's key (Title when empty)
	Parts []string
	// Button is the form's button (default "Continue").
	Button string
	// Parse checks the posted values by the component's own rules and
	// returns the answers, or the errors to show.
	Parse func(v url.Values) (map[string]string, []fieldErr)
	// Show is the answer as the check answers page shows it.
	Show func(a map[string]string) string
	// Secret names fields whose values the log never holds.
	Secret []string
	// Back is the back link's path (default: the question before).
	Back string
	// Next is where an accepted answer goes (default: the next question,
	// else the check answers page, else the journey's After).
	Next string
}

// navItem is a service navigation item.
type navItem struct{ Text, Path string }

// journey is a service: a start page, questions one a page, a check
// answers page with a Change link a row and a final send, a confirmation
// panel; or pages of its own (Custom).
type journey struct {
	Slug, Service string
	StartTitle    string
	Start         string // the start page's body above its start button; empty: none
	Questions     []*question
	Check         bool   // a check answers page, "check", then a send
	Send          string // the check page's button ("Accept and send")
	Panel         string // the confirmation panel's title
	After         string // where the last question goes without a check page
	Cookies       bool   // the cookie banner shows on every page
	Nav           []navItem
	// Custom serves the journey's own pages; it returns false for a page
	// it does not have.
	Custom func(q *req) bool
	tmpl   map[string]string
}

// serve answers one request to the journey.
func (j *journey) serve(q *req) {
	if j.Cookies && q.page == "cookies" && q.r.Method == http.MethodPost {
		j.cookiePost(q)
		return
	}
	if j.Custom != nil && j.Custom(q) {
		return
	}
	page := q.page
	if page == "" && j.Start == "" && len(j.Questions) > 0 {
		page = j.Questions[0].Slug
	}
	if q.r.Method == http.MethodGet {
		switch {
		case page == "" && j.Start != "":
			q.view()
			q.render(pageOpts{title: j.StartTitle}, `<h1 class="govuk-heading-xl">`+html.EscapeString(j.StartTitle)+`</h1>`+
				j.Start+q.startButton(j.Questions[0].Slug))
			return
		case page == "check" && j.Check:
			q.view()
			j.checkPage(q)
			return
		case page == "confirmation" && j.Check:
			q.view()
			j.confirmation(q)
			return
		}
		if i, qu := j.question(page); qu != nil {
			q.view()
			j.ask(q, i, qu, q.st.raw[qu.Slug], nil)
			return
		}
		http.NotFound(q.w, q.r)
		return
	}
	if q.r.Method != http.MethodPost {
		http.Error(q.w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if page == "check" && j.Check {
		j.send(q)
		return
	}
	i, qu := j.question(page)
	if qu == nil {
		http.NotFound(q.w, q.r)
		return
	}
	v := q.r.PostForm
	answers, errs := qu.Parse(v)
	e := logEntry{Kind: "submit", Page: qu.Slug, Values: loggedValues(v, qu.Secret), Accepted: len(errs) == 0}
	for _, fe := range errs {
		e.Errors = append(e.Errors, fe.Msg)
	}
	if len(errs) > 0 {
		q.logLocked(e)
		j.ask(q, i, qu, v, errs)
		return
	}
	e.Answers = answers
	q.logLocked(e)
	q.st.raw[qu.Slug] = keep(v, qu.Secret)
	q.st.answers[qu.Slug] = answers
	switch {
	case q.r.URL.Query().Get("change") != "" && j.Check:
		q.redirect("check")
	case qu.Next != "":
		q.redirect(qu.Next)
	case i+1 < len(j.Questions):
		q.redirect(j.Questions[i+1].Slug)
	case j.Check:
		q.redirect("check")
	default:
		q.redirect(j.After)
	}
}

// loggedValues is the posted form as the log holds it: one value a field
// (several joined by ", "), secrets as their length in dots.
func loggedValues(v url.Values, secret []string) map[string]string {
	m := map[string]string{}
	for k, xs := range v {
		s := strings.Join(xs, ", ")
		for _, n := range secret {
			if n == k {
				s = strings.Repeat("•", len([]rune(s)))
			}
		}
		m[k] = s
	}
	return m
}

// keep is the posted form less its secrets, to show again.
func keep(v url.Values, secret []string) url.Values {
	out := url.Values{}
	for k, xs := range v {
		out[k] = xs
	}
	for _, n := range secret {
		delete(out, n)
	}
	return out
}

func (j *journey) question(slug string) (int, *question) {
	for i, qu := range j.Questions {
		if qu.Slug == slug {
			return i, qu
		}
	}
	return -1, nil
}

// ask renders a question page with the values v and the errors errs.
func (j *journey) ask(q *req, i int, qu *question, v url.Values, errs []fieldErr) {
	parts := make([]string, len(qu.Parts))
	copy(parts, qu.Parts)
	for k := range parts {
		parts[k] = prefill(parts[k], v)
		for _, e := range errs {
			if strings.Contains(parts[k], `id="`+e.Anchor+`"`) {
				parts[k] = withError(parts[k], e)
			}
		}
	}
	back := qu.Back
	change := q.r.URL.Query().Get("change") != ""
	switch {
	case change:
		back = "check"
	case back != "":
	case i > 0:
		back = j.Questions[i-1].Slug
	case j.Start != "":
		back = "./"
	default:
		back = "-"
	}
	action := qu.Slug
	if change {
		action += "?change=1"
	}
	button := qu.Button
	if button == "" {
		button = "Continue"
	}
	o := pageOpts{title: qu.Title, errs: errs, back: back}
	if len(errs) > 0 {
		o.status = http.StatusOK
	}
	q.render(o, q.form(action, strings.Join(parts, "\n"), button))
}

// checkPage is "Check your answers": a summary list with a Change link a
// row, and the send.
func (j *journey) checkPage(q *req) {
	var rows []string
	for _, qu := range j.Questions {
		a, ok := q.st.answers[qu.Slug]
		if !ok || qu.Show == nil {
			continue
		}
		key := qu.Key
		if key == "" {
			key = qu.Title
		}
		rows = append(rows, j.summaryRow(key, qu.Show(a), q.base+qu.Slug+"?change=1"))
	}
	body := `<h1 class="govuk-heading-l">Check your answers before sending your application</h1>` +
		`<dl class="govuk-summary-list govuk-!-margin-bottom-9">` + strings.Join(rows, "\n") + `</dl>` +
		`<h2 class="govuk-heading-m">Now send your application</h2>` +
		`<p class="govuk-body">By submitting this application you are confirming that, to the best of your knowledge, the details you are providing are correct.</p>` +
		`<form method="post" action="` + q.base + `check" novalidate>` + q.button(j.Send) + `</form>`
	back := "-"
	if n := len(j.Questions); n > 0 {
		back = j.Questions[n-1].Slug
	}
	q.render(pageOpts{title: "Check your answers", back: back}, body)
}

// summaryRow is a row of the summary list fixture: key, value and a Change
// link whose hidden text names the row.
func (j *journey) summaryRow(key, value, href string) string {
	r := j.tmpl["row"]
	r = strings.Replace(r, "Date of birth", html.EscapeString(key), 1)
	r = strings.Replace(r, "13/08/1980", strings.ReplaceAll(html.EscapeString(value), "\n", "<br>"), 1)
	if href == "" {
		return actionsRE.ReplaceAllString(r, "")
	}
	r = strings.Replace(r, `href="#"`, `href="`+html.EscapeString(href)+`"`, 1)
	return strings.Replace(r, "> date of birth<", "> "+html.EscapeString(strings.ToLower(key))+"<", 1)
}

var actionsRE = regexp.MustCompile(`(?s)<dd class="govuk-summary-list__actions">.*?</dd>`)

// send is the journey's final POST: logged, the run's reference made, the
// confirmation next.
func (j *journey) send(q *req) {
	all := map[string]string{}
	for _, a := range q.st.answers {
		for k, v := range a {
			all[k] = v
		}
	}
	q.st.sent = true
	q.st.ref = reference(q.scenario, j.Slug)
	q.logLocked(logEntry{Kind: "send", Page: "check", Answers: all, Accepted: true})
	q.redirect("confirmation")
}

// confirmation is the panel with the reference.
func (j *journey) confirmation(q *req) {
	if !q.st.sent {
		q.redirect("check")
		return
	}
	p := j.tmpl["panel"]
	p = strings.Replace(p, "Application complete", html.EscapeString(j.Panel), 1)
	p = strings.Replace(p, "HDJ2123F", "<strong>"+q.st.ref+"</strong>", 1)
	q.render(pageOpts{title: j.Panel, back: "-"}, p+
		`<p class="govuk-body">We have sent you a confirmation email.</p>`+
		`<h2 class="govuk-heading-m">What happens next</h2><p class="govuk-body">We’ve sent your application to the team. They will contact you within 10 working days.</p>`)
}

// cookieBanner is the cookie banner a page shows: the question until it
// is answered, then the confirmation until it is hidden. Its buttons post
// (the banner works without JavaScript, as GOV.UK's does).
func (q *req) cookieBanner() string {
	t := q.j.tmpl
	ret := `<input type="hidden" name="return" value="` + html.EscapeString(q.page) + `">`
	open := `<form method="post" action="` + q.base + `cookies" novalidate>` + ret
	switch {
	case q.st.cookies == "":
		b := strings.Replace(t["cookie-banner"], `href="/cookie-preferences"`, `href="`+q.base+`cookie-preferences"`, 1)
		return open + b + `</form>`
	case q.st.hidden:
		return ""
	case q.st.cookies == "accept":
		return open + t["cookie-accepted"] + `</form>`
	default:
		return open + t["cookie-rejected"] + `</form>`
	}
}

// cookiePost takes the banner's answer: accept, reject or hide.
func (j *journey) cookiePost(q *req) {
	v := q.r.PostForm
	c := v.Get("cookies")
	e := logEntry{Kind: "submit", Page: "cookie-banner", Values: loggedValues(v, nil)}
	switch c {
	case "accept", "reject":
		q.st.cookies, q.st.hidden = c, false
		e.Accepted, e.Answers = true, map[string]string{"cookies": c}
	case "hide":
		q.st.hidden = true
		e.Accepted, e.Answers = true, map[string]string{"cookies": q.st.cookies, "hidden": "yes"}
	default:
		e.Errors = []string{"no cookie choice"}
	}
	q.logLocked(e)
	q.redirect(strings.TrimPrefix(v.Get("return"), "/"))
}

// buildCookieTemplates takes the cookie banner's three fixtures; the
// confirmation's Hide button posts too.
func buildCookieTemplates(l *fixtureLib, t map[string]string) {
	t["cookie-banner"] = l.get("cookie-banner", "default")
	hide := `<button type="button" class="govuk-button" data-module="govuk-button">`
	hidePost := `<button value="hide" type="submit" name="cookies" class="govuk-button" data-module="govuk-button">`
	t["cookie-accepted"] = l.get("cookie-banner", "accepted confirmation banner", hide, hidePost)
	t["cookie-rejected"] = l.get("cookie-banner", "rejected confirmation banner", hide, hidePost)
}

// buildCheckTemplates takes the summary list's row with one Change link
// and the confirmation panel.
func buildCheckTemplates(l *fixtureLib, t map[string]string) {
	h := l.get("summary-list", "with actions")
	i := strings.Index(h, "Date of birth")
	if i < 0 {
		l.errs = append(l.errs, "summary-list/with actions: no row \"Date of birth\"")
	} else {
		start := strings.LastIndex(h[:i], `<div class="govuk-summary-list__row">`)
		t["row"] = l.block(h[start:], `<div class="govuk-summary-list__row">`, "summary-list/with actions")
	}
	t["panel"] = l.get("panel", "default")
	t["success"] = l.get("notification-banner", "with type as success")
}

// success is the success notification banner saying msg.
func (j *journey) success(msg string) string {
	return strings.Replace(j.tmpl["success"], "Email sent to example@email.com", html.EscapeString(msg), 1)
}

// Validation: the components' own rules, with the messages GOV.UK's
// design system writes for them.

func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

var emailRE = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s.]+$`)

// email checks an email address field.
func email(v url.Values, name, empty string, errs *[]fieldErr) string {
	return matching(clean(v.Get(name)), name, empty, emailRE, "Enter an email address in the correct format, like name@example.com", errs)
}

// matching checks an answer s of field name against a component's rule:
// empty gets the message empty, one re does not match the message bad.
func matching(s, name, empty string, re *regexp.Regexp, bad string, errs *[]fieldErr) string {
	switch {
	case s == "":
		*errs = append(*errs, fieldErr{Anchor: name, Msg: empty})
	case !re.MatchString(s):
		*errs = append(*errs, fieldErr{Anchor: name, Msg: bad})
	}
	return s
}

// number checks an answer s of field name that must be a number from lo
// to hi (a whole one when whole is set), with a message for an empty
// answer, one that is no number and one out of range.
func number(s, name string, lo, hi float64, whole bool, empty, notNumber, outside string, errs *[]fieldErr) string {
	n, err := strconv.ParseFloat(s, 64)
	if whole {
		var i int
		i, err = strconv.Atoi(s)
		n = float64(i)
	}
	switch {
	case s == "":
		*errs = append(*errs, fieldErr{Anchor: name, Msg: empty})
	case err != nil:
		*errs = append(*errs, fieldErr{Anchor: name, Msg: notNumber})
	case n < lo || n > hi:
		*errs = append(*errs, fieldErr{Anchor: name, Msg: outside})
	}
	return s
}

// required checks that a text field is answered.
func required(v url.Values, name, msg string, errs *[]fieldErr) string {
	s := clean(v.Get(name))
	if s == "" {
		*errs = append(*errs, fieldErr{Anchor: name, Msg: msg})
	}
	return s
}

var postcodeRE = regexp.MustCompile(`^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$`)

func postcode(v url.Values, name string, errs *[]fieldErr) string {
	return matching(strings.ToUpper(clean(v.Get(name))), name, "Enter a postcode", postcodeRE, "Enter a real postcode", errs)
}

var months = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}

// month reads a month as a number or a name (GOV.UK asks services to take
// "March" and "mar" as well as 3).
func month(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	s = strings.ToLower(s)
	for i, m := range months {
		if len(s) >= 3 && strings.HasPrefix(m, s) {
			return i + 1
		}
	}
	return -1
}

// date checks a date input whose fields are day, month and year (names
// prefix+"day" …) and whose container's id is anchor; what names it in
// messages ("Date of birth"), empty is the message for no answer at all.
func date(v url.Values, prefix, anchor, what, empty string, past bool, now time.Time, errs *[]fieldErr) string {
	d, m, y := clean(v.Get(prefix+"day")), clean(v.Get(prefix+"month")), clean(v.Get(prefix+"year"))
	var missing []string
	for _, p := range []struct{ name, val string }{{"day", d}, {"month", m}, {"year", y}} {
		if p.val == "" {
			missing = append(missing, p.name)
		}
	}
	link := anchor + "-day"
	if len(missing) > 0 {
		link = anchor + "-" + missing[0]
	}
	fail := func(msg string) string {
		*errs = append(*errs, fieldErr{Anchor: anchor, Link: link, Msg: msg})
		return ""
	}
	switch len(missing) {
	case 3:
		return fail(empty)
	case 1:
		return fail(what + " must include a " + missing[0])
	case 2:
		return fail(what + " must include a " + missing[0] + " and " + missing[1])
	}
	dn, derr := strconv.Atoi(d)
	mn := month(m)
	yn, yerr := strconv.Atoi(y)
	if derr != nil || yerr != nil || mn < 1 || mn > 12 || len(y) != 4 {
		return fail(what + " must be a real date")
	}
	t := time.Date(yn, time.Month(mn), dn, 0, 0, 0, 0, time.UTC)
	if t.Day() != dn || int(t.Month()) != mn {
		return fail(what + " must be a real date")
	}
	if past && !t.Before(now) {
		return fail(what + " must be in the past")
	}
	return t.Format("2006-01-02")
}

// showDate writes an ISO date as GOV.UK does: 7 March 1985.
func showDate(iso string) string {
	t, err := time.Parse("2006-01-02", iso)
	if err != nil {
		return iso
	}
	return t.Format("2 January 2006")
}

// radiosWith is the radios fixture "default" with its own legend, hint and
// options (value, label pairs), its items cloned from the fixture's.
func radiosWith(l *fixtureLib, name, legend, hint string, options ...string) string {
	h := l.get("radios", "default", "Have you changed your name?", html.EscapeString(legend))
	const open = `<div class="govuk-radios__item">`
	item := l.block(h, open, "radios/default")
	first := strings.Index(h, open)
	if item == "" || first < 0 {
		return ""
	}
	second := l.block(h[first+len(item):], open, "radios/default")
	end := strings.Index(h, second) + len(second)
	var items strings.Builder
	for i := 0; i+1 < len(options); i += 2 {
		id := name
		if i > 0 {
			id = fmt.Sprintf("%s-%d", name, i/2+1)
		}
		it := l.edit(item, "radios/default item",
			`id="example-default"`, `id="`+id+`"`, `for="example-default"`, `for="`+id+`"`,
			`name="example-default"`, `name="`+name+`"`, `value="yes"`, `value="`+html.EscapeString(options[i])+`"`,
			"Yes", html.EscapeString(options[i+1]))
		items.WriteString(it + "\n")
	}
	out := h[:first] + items.String() + h[end:]
	if hint != "" {
		out = strings.Replace(out, "</legend>", "</legend>\n<div id=\""+name+"-hint\" class=\"govuk-hint\">"+html.EscapeString(hint)+"</div>", 1)
		out = strings.Replace(out, `<fieldset class="govuk-fieldset">`, `<fieldset class="govuk-fieldset" aria-describedby="`+name+`-hint">`, 1)
	}
	return out
}

// inputWith is the input fixture "default" with its own label, hint, name
// and extra attributes.
func inputWith(l *fixtureLib, name, label, hint, extra string) string {
	h := l.get("input", "default", "National Insurance number", html.EscapeString(label),
		`id="test-name"`, `id="`+name+`"`, `for="test-name"`, `for="`+name+`"`, `name="test-name"`, `name="`+name+`"`)
	if extra != "" {
		h = strings.Replace(h, `type="text"`, extra, 1)
	}
	if hint != "" {
		h = strings.Replace(h, "</label>", "</label>\n<div id=\""+name+"-hint\" class=\"govuk-hint\">"+html.EscapeString(hint)+"</div>", 1)
		h = strings.Replace(h, `id="`+name+`"`, `id="`+name+`" aria-describedby="`+name+`-hint"`, 1)
	}
	return h
}

// selectWith is the select fixture "default" with its own label, name and
// options (value, label pairs), none chosen.
func selectWith(l *fixtureLib, name, label string, options ...string) string {
	h := l.get("select", "default", "Label text goes here", html.EscapeString(label),
		`id="select-1"`, `id="`+name+`"`, `for="select-1"`, `for="`+name+`"`, `name="select-1"`, `name="`+name+`"`)
	m := selectRE.FindStringSubmatchIndex(h)
	if m == nil {
		l.errs = append(l.errs, "select/default: no select")
		return ""
	}
	var opts strings.Builder
	opts.WriteString("\n")
	for i := 0; i+1 < len(options); i += 2 {
		opts.WriteString(`    <option value="` + html.EscapeString(options[i]) + `">` + html.EscapeString(options[i+1]) + "</option>\n")
	}
	return h[:m[4]] + opts.String() + "  " + h[m[5]:]
}

// oneOf checks a radios or select answer against its options (value,
// label pairs) and returns the value.
func oneOf(v url.Values, name, msg string, errs *[]fieldErr, options ...string) string {
	s := v.Get(name)
	for i := 0; i+1 < len(options); i += 2 {
		if options[i] == s {
			return s
		}
	}
	*errs = append(*errs, fieldErr{Anchor: name, Msg: msg})
	return ""
}

// label is the label of an option's value.
func label(value string, options ...string) string {
	for i := 0; i+1 < len(options); i += 2 {
		if options[i] == value {
			return options[i+1]
		}
	}
	return value
}

// timeNow is the clock of date rules ("must be in the past").
var timeNow = time.Now
