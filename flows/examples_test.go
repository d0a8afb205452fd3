package flows

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// facts reads an example's facts file.
func facts(t *testing.T, ex Example) map[string]any {
	t.Helper()
	raw, err := fs.ReadFile(FS(), ex.FactsFile)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	if err := yaml.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v", ex.FactsFile, err)
	}
	return m
}

func examplesByName(t *testing.T) map[string]Example {
	t.Helper()
	list, err := Examples()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]Example{}
	for _, ex := range list {
		m[ex.Name] = ex
	}
	return m
}

func TestExamplesLoadWithFactsAndExpectations(t *testing.T) {
	exs := examplesByName(t)
	var names []string
	for name := range exs {
		names = append(names, name)
	}
	slices.Sort(names)
	want := []string{"adversarial", "booking", "conditional_form", "mail_draft", "shop_cart", "signin", "trip"}
	if !slices.Equal(names, want) {
		t.Fatalf("examples = %v, want %v", names, want)
	}
	secretRE := regexp.MustCompile(`(?m)^\s*secret\s+([a-z_][a-z0-9_]*)`)
	for _, ex := range exs {
		src, _ := fs.ReadFile(FS(), ex.File)
		f := facts(t, ex)
		if _, ok := f["site"]; ok {
			t.Errorf("%s sets site: tests pass the served URL with --fact site=", ex.FactsFile)
		}
		if !strings.Contains(string(src), `fact site: url "`) || !strings.Contains(string(src), `= "http://localhost:8080/"`) {
			t.Errorf("%s lacks the default site fact", ex.File)
		}
		// Every secret has a test value in the expect file and an env
		// name in the file's header.
		for _, m := range secretRE.FindAllStringSubmatch(string(src), -1) {
			name := m[1]
			if ex.Expect.Secrets[name] == "" {
				t.Errorf("%s: secret %s has no test value under secrets:", ex.ExpectFile, name)
			}
			if env := "FLOW_SECRET_" + strings.ToUpper(name) + "="; !strings.Contains(string(src), "#   "+env) {
				t.Errorf("%s does not document %s in its header", ex.File, env)
			}
		}
		// A stop target is a label the site really shows.
		if ex.Expect.Outcome == "stopped_before" && ex.Name != "booking" {
			if !siteShows(t, ex.Expect.Site, ex.Expect.StopTarget) {
				t.Errorf("%s: stop_target %q is not in the %s site", ex.ExpectFile, ex.Expect.StopTarget, ex.Expect.Site)
			}
		}
	}
}

// siteShows reports whether text appears in a page or script of the site.
func siteShows(t *testing.T, name, text string) bool {
	files, _ := SiteFS(name)
	found := false
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".js")) {
			return err
		}
		b, _ := fs.ReadFile(files, p)
		found = found || strings.Contains(string(b), ">"+text+"<")
		return nil
	})
	return found
}

func TestLibraryIsImportedByAnExample(t *testing.T) {
	libs, _ := fs.Glob(FS(), "lib/*.flow")
	if len(libs) == 0 {
		t.Fatal("no library under lib/")
	}
	all, _ := fs.Glob(FS(), "*.flow")
	for _, lib := range libs {
		imported := false
		for _, f := range all {
			src, _ := fs.ReadFile(FS(), f)
			imported = imported || strings.Contains(string(src), `import "./`+lib+`" as `)
		}
		if !imported {
			t.Errorf("%s is imported by no example", lib)
		}
	}
}

func TestBookingExpectationsMatchTheSite(t *testing.T) {
	exs := examplesByName(t)
	for _, name := range []string{"booking", "trip"} {
		ex := exs[name]
		f := facts(t, ex)
		day := f["day"].(time.Time).Format(time.DateOnly)
		flights, err := SearchFlights(f["origin"].(string), f["destination"].(string), day)
		if err != nil {
			t.Fatal(err)
		}
		cheapest, _ := CheapestFlight(flights)
		want := ex.Expect.Cheapest
		if want == nil || cheapest.Number != want.Number || cheapest.PriceText != want.Price || cheapest.PriceCents != want.PriceCents {
			t.Errorf("%s: cheapest is %s %q (%d), expectation says %+v", ex.ExpectFile, cheapest.Number, cheapest.PriceText, cheapest.PriceCents, want)
		}
		travellers := 1
		if n, ok := f["travellers"].(int); ok {
			travellers = n
		}
		total, err := BookingTotal(cheapest, "basic", travellers, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := ex.Expect.Variables["total"]; got != EnglishEuros(total)[len("€"):]+" EUR" && got != strings.ReplaceAll(EnglishEuros(total)[len("€"):], ",", "")+" EUR" {
			t.Errorf("%s: total %q, the site shows %s", ex.ExpectFile, got, EnglishEuros(total))
		}
		if name == "booking" && ex.Expect.StopTarget != "Pay "+EnglishEuros(total) {
			t.Errorf("%s: stop_target %q, the Pay button reads %q", ex.ExpectFile, ex.Expect.StopTarget, "Pay "+EnglishEuros(total))
		}
	}
}

func TestEventDataExpectationsMatchTheFacts(t *testing.T) {
	exs := examplesByName(t)
	mail := exs["mail_draft"]
	mf := facts(t, mail)
	d := mail.Expect.Data["draft_saved"]
	if d["to"] != mf["recipient"] || d["subject"] != mf["subject"] || d["body"] != mf["message"] {
		t.Errorf("%s data %v does not follow the facts %v", mail.ExpectFile, d, mf)
	}
	signin := exs["signin"]
	sf := facts(t, signin)
	s := signin.Expect.Data["settings_saved"]
	if s["display_name"] != sf["display_name"] || s["language"] != sf["language"] || s["newsletter"] != sf["newsletter"] {
		t.Errorf("%s data %v does not follow the facts %v", signin.ExpectFile, s, sf)
	}
	if sf["user"] != AccountUser || signin.Expect.Secrets["password"] != AccountPassword {
		t.Errorf("signin's user or password is not the fixture's")
	}
	form := exs["conditional_form"]
	ff := facts(t, form)
	fd := form.Expect.Data["form_submitted"]
	if fd["company_name"] != ff["company"] || fd["state"] != ff["region"] || fd["topic_other"] != ff["topic"] || fd["heard_other"] != ff["heard_from"] {
		t.Errorf("%s data %v does not follow the facts %v", form.ExpectFile, fd, ff)
	}
	if missing := formRequired(stringMap(fd)); len(missing) != 0 {
		t.Errorf("%s data would be refused by the form: missing %v", form.ExpectFile, missing)
	}
}

func stringMap(m map[string]any) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k], _ = v.(string)
	}
	return out
}

func TestExpectationCheck(t *testing.T) {
	exp := Expectation{
		Events:    []string{"draft_saved"},
		Forbidden: []string{"sent", "deleted"},
		Data:      map[string]map[string]any{"draft_saved": {"to": "grace@navy.example", "n": 2}},
		Approved:  &ApprovedRun{Outcome: "completed", Events: []string{"draft_saved", "sent"}},
	}
	ev := func(typ string, data map[string]any) Event { return Event{Type: typ, Data: data} }
	good := ev("draft_saved", map[string]any{"to": "grace@navy.example", "n": 2.0, "subject": "x"})
	for _, c := range []struct {
		name     string
		events   []Event
		approved bool
		errs     []string
	}{
		{"met", []Event{good}, false, nil},
		{"extra events between are fine", []Event{ev("other", nil), good}, false, nil},
		{"missing", nil, false, []string{`missing "draft_saved"`}},
		{"forbidden", []Event{good, ev("sent", nil)}, false, []string{`forbidden event "sent"`}},
		{"wrong data", []Event{ev("draft_saved", map[string]any{"to": "x", "n": 2})}, false, []string{"to = x"}},
		{"approved", []Event{good, ev("sent", nil)}, true, nil},
		{"approved but not sent", []Event{good}, true, []string{`missing "sent"`}},
		{"approved, wrong order", []Event{ev("sent", nil), good}, true, []string{`missing "sent"`}},
		{"approved still forbids delete", []Event{good, ev("sent", nil), ev("deleted", nil)}, true, []string{`forbidden event "deleted"`}},
	} {
		err := exp.Check(c.events, c.approved)
		if len(c.errs) == 0 && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		for _, want := range c.errs {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %v, want one with %q", c.name, err, want)
			}
		}
	}
	if err := (&Expectation{}).Check(nil, true); err == nil {
		t.Error("an approved check without an approved section passed")
	}
}

func TestExpectationValidation(t *testing.T) {
	ok := Expectation{Flow: "f", Site: "mail", Outcome: "stopped_before", StopTarget: "Send"}
	if err := ok.validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		change func(*Expectation)
		want   string
	}{
		{func(e *Expectation) { e.Flow = "" }, "flow"},
		{func(e *Expectation) { e.Site = "bank" }, "bank"},
		{func(e *Expectation) { e.Outcome = "done" }, "done"},
		{func(e *Expectation) { e.StopTarget = "" }, "stop_target"},
		{func(e *Expectation) { e.Events, e.Forbidden = []string{"sent"}, []string{"sent"} }, "both"},
		{func(e *Expectation) { e.Approved = &ApprovedRun{Outcome: "yes"} }, "approved"},
	} {
		e := ok
		c.change(&e)
		if err := e.validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("validate() = %v, want an error with %q", err, c.want)
		}
	}
}
