package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestScenariosLoad: every committed scenario reads, names its journey
// among those the server builds, and the set holds at least 45, of which
// at least 8 expect the server to reject an answer.
func TestScenariosLoad(t *testing.T) {
	scs, err := loadScenarios("scenarios", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(scs) < 45 {
		t.Errorf("%d scenarios, want at least 45", len(scs))
	}
	slugs := map[string]bool{}
	for _, b := range journeyBuilders {
		slugs[b(newFixtureLib(nil)).Slug] = true
	}
	rejected := 0
	for _, s := range scs {
		if !slugs[s.Journey] {
			t.Errorf("%s: no journey %q", s.Name, s.Journey)
		}
		if len(s.Components) == 0 {
			t.Errorf("%s: names no components", s.Name)
		}
		if s.Expect == "rejected" {
			rejected++
		}
	}
	if rejected < 8 {
		t.Errorf("%d rejected scenarios, want at least 8", rejected)
	}
	if _, err := loadScenarios("scenarios", []string{"no_such_scenario"}); err == nil {
		t.Error("an unknown -only name loaded")
	}
	// -only loads those named and no other, whatever sorts after them.
	only := []string{scs[len(scs)-2].Name, scs[0].Name}
	got, err := loadScenarios("scenarios", only)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != only[1] || got[1].Name != only[0] {
		var names []string
		for _, s := range got {
			names = append(names, s.Name)
		}
		t.Errorf("-only %v loaded %v", only, names)
	}
}

// TestJudge: the verdict from the log and the run.
func TestJudge(t *testing.T) {
	yes := true
	accepted := &scenario{Name: "a", Expect: "completed", Sent: &yes, Reference: "ref",
		Answers: map[string]map[string]string{"contact": {"contact": "email", "email": "Ada@example.com"}}}
	log := []logEntry{
		{Kind: "submit", Page: "contact", Accepted: true, Answers: map[string]string{"contact": "phone"}},
		{Kind: "submit", Page: "contact", Accepted: false, Errors: []string{"Enter an email address"}},
		{Kind: "submit", Page: "contact", Accepted: true, Answers: map[string]string{"contact": "email", "email": "ada@example.com"}},
		{Kind: "send", Page: "check", Accepted: true},
	}
	rejected := &scenario{Name: "r", Expect: "rejected", Page: "date-of-birth", Error: "Date of birth must be a real date", ClientError: "characters too many"}
	rejLog := []logEntry{{Kind: "submit", Page: "date-of-birth", Errors: []string{"Date of birth must be a real date"}}}
	for _, c := range []struct {
		name   string
		s      *scenario
		r      runResult
		pass   bool
		reason string
	}{
		{"accepted", accepted, runResult{Outcome: "completed", Log: log, Ref: "ABCD2345", Vars: map[string]any{"ref": "Your reference number: ABCD2345"}}, true, ""},
		{"wrong reference", accepted, runResult{Outcome: "completed", Log: log, Ref: "ABCD2345", Vars: map[string]any{"ref": "HDJ2123F"}}, false, "want the reference"},
		{"failed run", accepted, runResult{Outcome: "failed", Exit: 1, Log: log, Failure: "step 3 do: no control"}, false, "run failed (exit 1), want completed: step 3 do: no control"},
		{"wrong answer", accepted, runResult{Outcome: "completed", Log: log[:1]}, false, "contact: contact = \"phone\", want \"email\""},
		{"not sent", accepted, runResult{Outcome: "completed", Log: log[:3], Ref: "X", Vars: map[string]any{"ref": "X"}}, false, "was not sent"},
		{"rejected, quoted", rejected, runResult{Outcome: "failed", Exit: 1, Log: rejLog, Failure: `step 6 do: the page shows an error: "Date of birth must be a real date"`}, true, ""},
		{"rejected, not quoted", rejected, runResult{Outcome: "failed", Exit: 1, Log: rejLog, Failure: `step 6 do: the page shows an error: "There is a problem"`}, false, "without quoting"},
		{"rejected, completed", rejected, runResult{Outcome: "completed", Log: rejLog}, false, "but the run ended completed"},
		{"never rejected", rejected, runResult{Outcome: "failed", Exit: 1, Failure: "step 5 enter: no field"}, false, "never rejected"},
		{"refused in the browser", rejected, runResult{Outcome: "failed", Exit: 1, Failure: `step 9 enter: "You have 60 characters too many"`}, true, ""},
	} {
		r := c.r
		judge(c.s, &r)
		if r.Pass != c.pass || !strings.Contains(r.Reason, c.reason) {
			t.Errorf("%s: pass %v (%s), want %v (%s)", c.name, r.Pass, r.Reason, c.pass, c.reason)
		}
	}
}

func TestScenarioReport(t *testing.T) {
	s := &scenario{Name: "x", Components: []string{"radios"}, Expect: "rejected", Page: "p", Error: "Say | yes"}
	var out bytes.Buffer
	writeScenarioReport(&out, []*runResult{{Scenario: s, Outcome: "failed", Exit: 1, Reason: "a\nb"}, {Scenario: s, Outcome: "failed", Exit: 1, Pass: true}}, time.Second, "/tmp/t")
	for _, w := range []string{`| x | radios | rejected on p: "Say \| yes" | failed (1) | FAIL | a b |`, "2 scenarios: 1 PASS, 1 FAIL (50.0 %)"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("report lacks %q:\n%s", w, out.String())
		}
	}
}

func TestScenariosUsage(t *testing.T) {
	for _, args := range [][]string{{"scenarios", "extra"}, {"scenarios", "-nope"}, {"scenarios", "-only", "no_such_scenario"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("run(%q) = %d, want 2: %s", args, code, errb.String())
		}
	}
}
