package suite

import (
	"encoding/xml"
	"fmt"
	"io"
	"time"
)

// The JUnit XML schema as GitHub's test reporters, GitLab's unit test
// reports and Jenkins' junit step read it: testsuites / testsuite /
// testcase with failure or skipped, times in seconds, and the file and
// line of a failure on its testcase.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Skipped  int          `xml:"skipped,attr"`
		Time     string       `xml:"time,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name      string      `xml:"name,attr"`
		Tests     int         `xml:"tests,attr"`
		Failures  int         `xml:"failures,attr"`
		Errors    int         `xml:"errors,attr"`
		Skipped   int         `xml:"skipped,attr"`
		Time      string      `xml:"time,attr"`
		Timestamp string      `xml:"timestamp,attr,omitempty"`
		Cases     []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		File      string        `xml:"file,attr,omitempty"`
		Line      int           `xml:"line,attr,omitempty"`
		Time      string        `xml:"time,attr"`
		Failure   *junitMessage `xml:"failure,omitempty"`
		Skipped   *junitMessage `xml:"skipped,omitempty"`
		SystemOut string        `xml:"system-out,omitempty"`
	}
	junitMessage struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr,omitempty"`
		Text    string `xml:",chardata"`
	}
)

// WriteJUnit writes the report as JUnit XML: one testsuite, one testcase
// per case (classname: its flow file), a failure with the reason and the
// flow's file and line, skipped for a case that did not run, and the
// attempts of a flaky case in its system-out. started stamps the suite.
func WriteJUnit(w io.Writer, rep *Report, started time.Time) error {
	name := "flow test"
	if rep.Shard != "" {
		name += " (shard " + rep.Shard + ")"
	}
	s := junitSuite{Name: name, Tests: rep.Counts.Total, Failures: rep.Counts.Failed, Skipped: rep.Counts.Skipped,
		Time: seconds(time.Duration(rep.Duration))}
	if !started.IsZero() {
		s.Timestamp = started.UTC().Format(time.RFC3339)
	}
	for _, r := range rep.Results {
		tc := junitCase{Name: r.Case, Classname: r.File, File: r.File, Time: seconds(time.Duration(r.Duration))}
		switch r.Status {
		case Fail:
			msg := junitMessage{Message: r.Reason, Type: string(r.Outcome)}
			if r.Where != nil {
				tc.File, tc.Line = r.Where.File, r.Where.Line
				msg.Text = r.Where.String() + ": " + r.Reason
			}
			msg.Text += fmt.Sprintf("\nexpected: %s\nattempts: %d", r.Expected, r.Attempts)
			if r.Browser != "" {
				msg.Text += "\nbrowser: " + r.Browser
			}
			if r.Run != nil && r.Run.Report != "" {
				msg.Text += "\nreport: " + r.Run.Report
			}
			tc.Failure = &msg
		case Skipped:
			tc.Skipped = &junitMessage{Message: r.Reason}
		case Flaky:
			tc.SystemOut = fmt.Sprintf("flaky: passed on attempt %d after %d failed", r.Attempts, r.Attempts-1)
		}
		s.Cases = append(s.Cases, tc)
	}
	doc := junitSuites{Name: "flow test", Tests: s.Tests, Failures: s.Failures, Skipped: s.Skipped, Time: s.Time, Suites: []junitSuite{s}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }
