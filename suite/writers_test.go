package suite

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"flow/plan"
	"flow/runtime"
)

// sampleReport has one result of each status, a failure placed in its
// flow, and text that needs escaping in XML and in workflow commands.
func sampleReport() *Report {
	rep := &Report{Workers: 2, Shard: "1/2", Duration: plan.Duration(3 * time.Second), Results: []*Result{
		{Case: "shop/checkout", File: "shop/checkout.flow", Flow: "checkout", Status: Pass, Outcome: runtime.StoppedBefore,
			Expected: "stopped_before", Attempts: 1, Duration: plan.Duration(1500 * time.Millisecond)},
		{Case: "mail/send", File: "mail/send.flow", Flow: "send", Status: Fail, Outcome: runtime.Failed,
			Expected: "completed or stopped_before", Attempts: 2, Duration: plan.Duration(2 * time.Second),
			Reason: `step 4: "press <Send>": no control, 50% sure`,
			Where:  &Place{File: "mail/send.flow", Line: 12, Col: 3, Step: "4"}, Browser: "http://10.0.0.5:9222"},
		{Case: "shop/search", File: "shop/search.flow", Flow: "search", Status: Flaky, Outcome: runtime.Completed,
			Expected: "completed", Attempts: 2, Duration: plan.Duration(time.Second)},
		{Case: "shop/cart", File: "shop/cart.flow", Flow: "cart", Status: Skipped, Expected: "completed",
			Reason: "not run: --fail-fast after mail/send failed"},
	}}
	rep.count()
	return rep
}

func TestJUnitIsWellFormedAndReadsBack(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, sampleReport(), time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML header: %.60s", buf.String())
	}
	var doc struct {
		XMLName  xml.Name `xml:"testsuites"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Skipped  int      `xml:"skipped,attr"`
		Suites   []struct {
			Name      string `xml:"name,attr"`
			Tests     int    `xml:"tests,attr"`
			Failures  int    `xml:"failures,attr"`
			Time      string `xml:"time,attr"`
			Timestamp string `xml:"timestamp,attr"`
			Cases     []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				File      string `xml:"file,attr"`
				Line      int    `xml:"line,attr"`
				Time      string `xml:"time,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Skipped *struct {
					Message string `xml:"message,attr"`
				} `xml:"skipped"`
				SystemOut string `xml:"system-out"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	// A strict decoder reads the whole document: it is well formed.
	dec := xml.NewDecoder(&buf)
	dec.Strict = true
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("not well-formed JUnit: %v", err)
	}
	if doc.Tests != 4 || doc.Failures != 1 || doc.Skipped != 1 || len(doc.Suites) != 1 {
		t.Fatalf("counts: %+v", doc)
	}
	s := doc.Suites[0]
	if s.Name != "flow test (shard 1/2)" || s.Time != "3.000" || s.Timestamp != "2026-12-01T09:00:00Z" || len(s.Cases) != 4 {
		t.Errorf("suite: %q %s %s %d cases", s.Name, s.Time, s.Timestamp, len(s.Cases))
	}
	pass, fail, flaky, skip := s.Cases[0], s.Cases[1], s.Cases[2], s.Cases[3]
	if pass.Failure != nil || pass.Skipped != nil || pass.Time != "1.500" || pass.Classname != "shop/checkout.flow" {
		t.Errorf("pass: %+v", pass)
	}
	if fail.Failure == nil || fail.File != "mail/send.flow" || fail.Line != 12 || fail.Failure.Type != "failed" ||
		fail.Failure.Message != `step 4: "press <Send>": no control, 50% sure` ||
		!strings.Contains(fail.Failure.Text, "mail/send.flow:12:3: ") || !strings.Contains(fail.Failure.Text, "browser: http://10.0.0.5:9222") {
		t.Errorf("fail: %+v %+v", fail, fail.Failure)
	}
	if flaky.Failure != nil || !strings.Contains(flaky.SystemOut, "flaky") {
		t.Errorf("flaky: %+v", flaky)
	}
	if skip.Skipped == nil || !strings.Contains(skip.Skipped.Message, "--fail-fast") {
		t.Errorf("skipped: %+v", skip)
	}
}

func TestGitHubAnnotationsAtTheFailingLine(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, sampleReport()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want an error and a warning, got:\n%s", buf.String())
	}
	want := `::error title=flow test%3A mail/send,file=mail/send.flow,line=12,col=3::mail/send: step 4: "press <Send>": no control, 50%25 sure (expected completed or stopped_before)`
	if lines[0] != want {
		t.Errorf("error annotation\n got %s\nwant %s", lines[0], want)
	}
	if !strings.HasPrefix(lines[1], "::warning title=flow test%3A shop/search,file=shop/search.flow::shop/search is flaky") {
		t.Errorf("warning annotation: %s", lines[1])
	}
}

func TestJSONAndSummary(t *testing.T) {
	rep := sampleReport()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Counts != rep.Counts || len(back.Results) != 4 || back.Results[1].Where.Line != 12 || back.Results[1].Status != Fail {
		t.Errorf("JSON round trip: %+v", back)
	}
	buf.Reset()
	WriteSummary(&buf, rep)
	for _, want := range []string{"4 cases: 1 passed, 1 failed, 1 flaky, 1 skipped in 3s (2 workers, shard 1/2)",
		"mail/send (mail/send.flow:12:3): step 4"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, buf.String())
		}
	}
	if rep.OK() {
		t.Error("a report with a failure is OK")
	}
}

func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, ProgressOptions{Total: 4})
	rep := sampleReport()
	for _, r := range rep.Results {
		p.Started(&Case{Name: r.Case}, 1)
		p.Finished(r)
	}
	p.Close()
	out := buf.String()
	words := strings.Join(strings.Fields(out), " ") // columns aside
	for _, want := range []string{"PASS 1.5s shop/checkout stopped_before", "FAIL 2s mail/send failed (expected completed or stopped_before), 2 attempts",
		"at mail/send.flow:12:3 (step 4)", "FLAKY 1s shop/search completed, 2 attempts", "SKIPPED 0s shop/cart not run: --fail-fast after mail/send failed"} {
		if !strings.Contains(words, want) {
			t.Errorf("progress lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("plain progress holds escapes:\n%q", out)
	}
	buf.Reset()
	live := NewProgress(&buf, ProgressOptions{Live: true, Total: 4})
	live.Started(&Case{Name: "a"}, 1)
	live.Started(&Case{Name: "b"}, 1)
	if !strings.Contains(buf.String(), "\r\x1b[K[0/4] running 2: a, b") {
		t.Errorf("live line: %q", buf.String())
	}
}

func TestIndexLinksEachCaseReport(t *testing.T) {
	rep := sampleReport()
	rep.Results[0].Run = &runtime.Result{Report: "shop_checkout/index.html"}
	var buf bytes.Buffer
	if err := WriteIndex(&buf, rep); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		"<title>flow test: 2 passed, 1 failed</title>",
		`<a href="shop_checkout/index.html">shop/checkout</a>`,
		`<td class="fail">fail</td>`,
		`&#34;press &lt;Send&gt;&#34;`, // the page's text is escaped
		"mail/send.flow:12:3",
		"in 3s (shard 1/2)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("index lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "<Send>") {
		t.Error("unescaped text in the index")
	}
}

func TestExpectCheck(t *testing.T) {
	stopped := &runtime.Result{Outcome: runtime.StoppedBefore, Stop: &runtime.StopTarget{Path: "9", Control: `button "Pay €331.86"`},
		Variables: map[string]any{"total": "331.86 EUR"}}
	failed := &runtime.Result{Outcome: runtime.Failed, Failure: &runtime.Failure{Path: "4.2", Reason: "found no control that leads there"}}
	for _, c := range []struct {
		expect Expect
		res    *runtime.Result
		want   string // "" for met, else a part of the reason
	}{
		{Expect{}, stopped, ""},
		{Expect{}, &runtime.Result{Outcome: runtime.Completed}, ""},
		{Expect{}, failed, "outcome failed, want completed or stopped_before"},
		{Expect{StopTarget: "pay  €331.86"}, stopped, ""},
		{Expect{StopTarget: "Send"}, stopped, `stopped in front of button "Pay €331.86", want "Send"`},
		{Expect{Outcomes: []runtime.Outcome{runtime.Failed}, Step: "4"}, failed, ""},
		{Expect{Outcomes: []runtime.Outcome{runtime.Failed}, Step: "4.2"}, failed, ""},
		{Expect{Outcomes: []runtime.Outcome{runtime.Failed}, Step: "4.20"}, failed, "ended at step 4.2, want step 4.20"},
		{Expect{Outcomes: []runtime.Outcome{runtime.Failed}, Step: "3"}, failed, "want step 3"},
		{Expect{Outcomes: []runtime.Outcome{runtime.Failed}, Reason: "no control"}, failed, ""},
		{Expect{Outcomes: []runtime.Outcome{runtime.Failed}, Reason: "timed out"}, failed, `does not say "timed out"`},
		{Expect{Variables: map[string]string{"total": "331.86 EUR"}}, stopped, ""},
		{Expect{Variables: map[string]string{"total": "331.87 EUR"}}, stopped, `variable total = "331.86 EUR", want "331.87 EUR"`},
		{Expect{Variables: map[string]string{"flight": "x"}}, stopped, "variable flight was not set"},
		{Expect{Outcomes: []runtime.Outcome{runtime.GuardRefused}}, stopped, "outcome stopped_before, want guard_refused"},
		{Expect{}, nil, "did not run"},
	} {
		got := c.expect.Check(c.res)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%v on %v: %q, want %q", c.expect, c.res, got, c.want)
		}
	}
}
