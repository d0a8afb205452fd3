package record_test

import (
	"strings"
	"testing"
	"time"

	"flow/compiler"
	"flow/grammar"
	"flow/record"
	"flow/surfaces"
)

// t0 is when the recorded sessions start; events are a second apart
// unless a test says otherwise.
var t0 = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// session builds events on one site, stamping each a second after the
// one before and on the page of the last navigation.
type session struct {
	page, title string
	events      []surfaces.UserEvent
}

func (s *session) add(e surfaces.UserEvent) *session {
	e.Time = t0.Add(time.Duration(len(s.events)) * time.Second)
	if e.Kind != surfaces.EventNavigate {
		if e.URL == "" {
			e.URL = s.page
		}
		if e.Title == "" {
			e.Title = s.title
		}
	}
	s.events = append(s.events, e)
	return s
}

// open is a navigation; typed says the person typed the address.
func (s *session) open(url, title string, typed bool) *session {
	s.page, s.title = url, title
	return s.add(surfaces.UserEvent{Kind: surfaces.EventNavigate, URL: url, Value: url, Title: title, Typed: typed})
}

// show is what the page shows now: its main heading and status lines.
func (s *session) show(heading string, status ...string) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventShown, Heading: heading, Status: status})
}

func (s *session) type_(label, value string) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventInput, Value: value,
		Target: surfaces.Candidate{Role: "textbox", Name: label, Label: label, InputType: "text", Editable: true}})
}

func (s *session) typeField(c surfaces.Candidate, value string) *session {
	c.Editable = true
	return s.add(surfaces.UserEvent{Kind: surfaces.EventInput, Value: value, Target: c})
}

func (s *session) password(label string) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventInput, Secret: true,
		Target: surfaces.Candidate{Role: "textbox", Name: label, Label: label, InputType: "password", Editable: true}})
}

func (s *session) click(role, name string) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Target: surfaces.Candidate{Role: role, Name: name}})
}

func (s *session) clickIn(role, name, context string, nth int) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Context: context, Twins: 2,
		Target: surfaces.Candidate{Role: role, Name: name, Nth: nth, Path: []string{"main", `card "` + strings.SplitN(context, "\n", 2)[0] + `"`}}})
}

func (s *session) dismiss(overlay, name string) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Overlay: overlay, Closed: true,
		Target: surfaces.Candidate{Role: "button", Name: name, Path: []string{`dialog "` + overlay + `"`}}})
}

func (s *session) choose(label, option string) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventSelect, Value: option,
		Target: surfaces.Candidate{Role: "combobox", Name: label, Label: label}})
}

func (s *session) tick(role, name string, on bool) *session {
	kind := surfaces.EventCheck
	if !on {
		kind = surfaces.EventUncheck
	}
	return s.add(surfaces.UserEvent{Kind: kind, Target: surfaces.Candidate{Role: role, Name: name}})
}

func (s *session) key(k string, target surfaces.Candidate) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventKey, Value: k, Target: target})
}

func (s *session) submit(button string) *session {
	return s.add(surfaces.UserEvent{Kind: surfaces.EventSubmit, Target: surfaces.Candidate{Role: "button", Name: button}})
}

// build runs record.Build and fails the test on an error.
func build(t *testing.T, events []surfaces.UserEvent, opts record.Options) *record.Recording {
	t.Helper()
	rec, err := record.Build(events, opts)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return rec
}

// compileClean compiles the recording with lint on and fails on any
// diagnostic, warnings included; it loads the facts file for the flow and
// returns the values.
func compileClean(t *testing.T, rec *record.Recording) map[string]any {
	t.Helper()
	prog, diags := compiler.Compile("recorded.flow", rec.Flow, compiler.WithLint())
	if len(diags) > 0 {
		t.Fatalf("the recorded flow does not compile and lint clean:\n%s\n%s", diagText(diags), rec.Flow)
	}
	if len(prog.Flows) != 1 {
		t.Fatalf("%d flows, want 1", len(prog.Flows))
	}
	values, diags := compiler.LoadFacts(prog.Flows[0], "recorded.facts.yaml", rec.Facts, nil)
	if diags.HasErrors() {
		t.Fatalf("the facts file does not load:\n%s\n%s", diagText(diags), rec.Facts)
	}
	return values
}

func diagText(diags grammar.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(d.Error())
		if d.Hint != "" {
			b.WriteString(" (" + d.Hint + ")")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// assertNoLeak fails when any secret value shows in the recording's flow,
// facts, notes or names.
func assertNoLeak(t *testing.T, rec *record.Recording, secrets ...string) {
	t.Helper()
	all := string(rec.Flow) + "\n" + string(rec.Facts) + "\n" + strings.Join(rec.Notes, "\n") + "\n" +
		strings.Join(rec.FactNames, " ") + strings.Join(rec.SecretNames, " ") + rec.Stopped
	for _, s := range secrets {
		for _, form := range []string{s, strings.ReplaceAll(s, " ", ""), strings.ReplaceAll(s, " ", "-")} {
			if strings.Contains(all, form) {
				t.Errorf("secret %q shows in the recording:\n%s", form, all)
			}
		}
	}
}
