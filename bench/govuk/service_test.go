package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// standInService serves the stand-in package of testdata/service: the
// pages' furniture and the fixtures of the licence journey, hand-written in
// GOV.UK's markup (the real package is fetched, never committed).
func standInService(t *testing.T) (*service, *httptest.Server) {
	t.Helper()
	fx, err := loadFixtures("testdata/service", "")
	if err != nil {
		t.Fatal(err)
	}
	s := newService("testdata/service", fx)
	if s.journeys["licence"] == nil {
		t.Fatalf("the licence journey was not built: %v", s.broken)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return s, srv
}

// client does not follow redirects, so each answer's next page is seen.
var client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func get(t *testing.T, u string) (int, string) {
	t.Helper()
	r, err := client.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

func post(t *testing.T, u string, v url.Values) (int, string, string) {
	t.Helper()
	r, err := client.PostForm(u, v)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, r.Header.Get("Location"), string(b)
}

func mustHave(t *testing.T, what, page string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(page, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

// TestServiceJourney walks the licence journey over HTTP: the start page,
// each question rejected by its component's rules (the error summary, the
// error message with its hidden prefix, the group marked, the answer shown
// again) and then accepted, the check answers page with a Change link a
// row, a change, the send and the panel with the reference; and the log.
func TestServiceJourney(t *testing.T) {
	s, srv := standInService(t)
	base := srv.URL + "/s/walk/licence/"
	// Journeys whose fixtures the stand-in lacks are left out, each with
	// its reason.
	if s.journeys["waste"] != nil || !strings.Contains(strings.Join(s.broken["waste"], " "), "no fixture checkboxes/with divider and None") {
		t.Errorf("waste journey: built %v, broken %v", s.journeys["waste"] != nil, s.broken["waste"])
	}

	code, page := get(t, base)
	if code != 200 {
		t.Fatalf("start page: %d", code)
	}
	mustHave(t, "start page", page, "<title>Apply for a juggling licence – Apply for a juggling licence – GOV.UK</title>",
		"Help with juggling licences", "A juggling licence costs £37", "Start now", `action="/s/walk/licence/name"`,
		`class="govuk-main-wrapper"`, "/govuk-frontend.min.css", `initAll()`, `href="#main-content"`)

	steps := []struct {
		page      string
		bad, good url.Values
		err       string
		next      string
	}{
		{"name", url.Values{"full-name": {"  "}}, url.Values{"full-name": {"Ada  Lovelace"}}, "Enter your full name", "date-of-birth"},
		{"date-of-birth", url.Values{"day": {"30"}, "month": {"2"}, "year": {"1990"}}, url.Values{"day": {"07"}, "month": {"Mar"}, "year": {"1985"}}, "Date of birth must be a real date", "contact"},
		{"contact", url.Values{"how-contacted": {"email"}, "context-email": {"ada.example.com"}}, url.Values{"how-contacted": {"email"}, "context-email": {"ada@example.com"}},
			"Enter an email address in the correct format, like name@example.com", "experience"},
		{"experience", url.Values{"experience": {strings.Repeat("juggle ", 30)}}, url.Values{"experience": {"Clubs and rings."}}, "Your description must be 200 characters or less", "check"},
	}
	for _, st := range steps {
		code, _, page := post(t, base+st.page, st.bad)
		if code != 200 {
			t.Fatalf("%s rejected: %d", st.page, code)
		}
		mustHave(t, st.page+" rejected", page, "<title>Error: ", `class="govuk-error-summary"`, "There is a problem",
			`<span class="govuk-visually-hidden">Error:</span> `+htmlEsc(st.err), "govuk-form-group--error", `-error"`)
		if code, loc, _ := post(t, base+st.page, st.good); code != http.StatusSeeOther || loc != "/s/walk/licence/"+st.next {
			t.Fatalf("%s accepted: %d to %q, want 303 to %s", st.page, code, loc, st.next)
		}
	}
	// The rejected date shows what was typed, in the error's markup.
	_, _, page = post(t, base+"date-of-birth", url.Values{"day": {"30"}, "month": {"2"}, "year": {"1990"}})
	mustHave(t, "rejected date", page, `value="30"`, `aria-describedby="dob-hint dob-error"`, `govuk-date-input__input govuk-input--error`, `href="#dob-day"`)
	post(t, base+"date-of-birth", url.Values{"day": {"7"}, "month": {"3"}, "year": {"1985"}})
	// The conditional email field is marked, not the radios' group.
	_, _, page = post(t, base+"contact", url.Values{"how-contacted": {"email"}, "context-email": {"x"}})
	mustHave(t, "rejected email", page, `<div class="govuk-form-group govuk-form-group--error">`+"\n"+`      <label class="govuk-label" for="context-email">`,
		`value="email" data-aria-controls="conditional-how-contacted" checked>`, `value="x"`)
	post(t, base+"contact", url.Values{"how-contacted": {"email"}, "context-email": {"ada@example.com"}})

	_, page = get(t, base+"check")
	mustHave(t, "check answers", page, "Check your answers", "Ada Lovelace", "7 March 1985", "ada@example.com", "Clubs and rings.",
		`href="/s/walk/licence/contact?change=1"`, `Change<span class="govuk-visually-hidden"> contact</span>`, "Accept and send")
	// A Change link comes back with the answer and returns to the check page.
	_, page = get(t, base+"contact?change=1")
	mustHave(t, "change contact", page, `value="ada@example.com"`, `action="/s/walk/licence/contact?change=1"`, `href="/s/walk/licence/check"`)
	if code, loc, _ := post(t, base+"contact?change=1", url.Values{"how-contacted": {"phone"}, "contact-phone": {"01632 960 001"}}); code != http.StatusSeeOther || loc != "/s/walk/licence/check" {
		t.Fatalf("change: %d to %q", code, loc)
	}
	if _, loc, _ := post(t, base+"check", nil); loc != "/s/walk/licence/confirmation" {
		t.Fatalf("send went to %q", loc)
	}
	_, page = get(t, base+"confirmation")
	ref := reference("walk", "licence")
	mustHave(t, "confirmation", page, `class="govuk-panel govuk-panel--confirmation"`, "Application complete", ref)
	if got := s.Reference("walk", "licence"); got != ref {
		t.Errorf("reference %q, want %q", got, ref)
	}

	log := s.Log("walk")
	var submits []string
	for _, e := range log {
		if e.Kind != "view" {
			submits = append(submits, e.String())
		}
	}
	want := []string{
		"submit licence name rejected errors: Enter your full name",
		"submit licence name accepted {name=Ada Lovelace}",
		"submit licence date-of-birth rejected errors: Date of birth must be a real date",
		"submit licence date-of-birth accepted {dob=1985-03-07}",
	}
	for i, w := range want {
		if i >= len(submits) || submits[i] != w {
			t.Errorf("log[%d] = %q, want %q", i, at(submits, i), w)
		}
	}
	last := log[len(log)-2]
	if last.Kind != "send" || last.Answers["contact"] != "phone" || last.Answers["phone"] != "01632 960 001" || last.Answers["dob"] != "1985-03-07" {
		t.Errorf("send logged %+v", last)
	}
	if len(s.Log("other")) != 0 {
		t.Error("another scenario's log is not empty")
	}
}

func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return ""
}

func htmlEsc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

// TestDates: GOV.UK's date rules and messages.
func TestDates(t *testing.T) {
	for _, c := range []struct{ d, m, y, want, err string }{
		{"7", "3", "1985", "1985-03-07", ""},
		{"07", "march", "1985", "1985-03-07", ""},
		{"", "", "", "", "Enter it"},
		{"", "3", "1985", "", "Date must include a day"},
		{"7", "", "", "", "Date must include a month and year"},
		{"30", "2", "1990", "", "Date must be a real date"},
		{"7", "13", "1985", "", "Date must be a real date"},
		{"7", "3", "85", "", "Date must be a real date"},
		{"1985-03-07", "", "", "", "Date must include a month and year"},
		{"1", "1", "2999", "", "Date must be in the past"},
	} {
		var errs []fieldErr
		got := date(url.Values{"day": {c.d}, "month": {c.m}, "year": {c.y}}, "", "d", "Date", "Enter it", true, timeNow(), &errs)
		msg := ""
		if len(errs) > 0 {
			msg = errs[0].Msg
		}
		if got != c.want || msg != c.err {
			t.Errorf("%s/%s/%s: %q, %q; want %q, %q", c.d, c.m, c.y, got, msg, c.want, c.err)
		}
	}
}

// TestPrefillAndError: answers shown again; the error's markup.
func TestPrefillAndError(t *testing.T) {
	h := `<div class="govuk-form-group"><label class="govuk-label" for="n">Name</label><input class="govuk-input" id="n" name="n" type="text" value="old"></div>` +
		`<input type="checkbox" name="c" value="a" checked><input type="checkbox" name="c" value="b">` +
		`<select name="s"><option value="1" selected>One</option><option value="2">Two</option></select><textarea name="t"></textarea>` +
		`<input type="password" name="p">`
	got := prefill(h, url.Values{"n": {`A "B"`}, "c": {"b"}, "s": {"2"}, "t": {"<x>"}, "p": {"secret"}})
	for _, w := range []string{`value="A &#34;B&#34;"`, `value="a">`, `value="b" checked>`, `<option value="1">`, `<option value="2" selected>`, `<textarea name="t">&lt;x&gt;</textarea>`, `<input type="password" name="p">`} {
		if !strings.Contains(got, w) {
			t.Errorf("prefill lacks %q:\n%s", w, got)
		}
	}
	e := withError(h, fieldErr{Anchor: "n", Msg: "Enter your name"})
	for _, w := range []string{`<div class="govuk-form-group govuk-form-group--error">`,
		`</label><p id="n-error" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> Enter your name</p>`,
		`class="govuk-input govuk-input--error" id="n"`, `aria-describedby="n-error"`} {
		if !strings.Contains(e, w) {
			t.Errorf("withError lacks %q:\n%s", w, e)
		}
	}
}
