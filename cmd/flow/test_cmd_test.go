package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"flow/cmd/flow/cli"
)

// testLibrary writes a small library on the bundled mail site into a new
// folder, makes it the working folder and returns it: two quick cases
// that pass, a case that fails as declared, and one case whose
// expectation is wrong when broken is set.
func testLibrary(t *testing.T, broken bool) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"lib/starred.flow": `flow starred "Open the Starred folder" {
  fact site: url "Address" = "http://localhost:8080/"

  browse "${site}"
  do "open the Starred folder"
  verify "Mary Somerville is listed"
}
`,
		"lib/compose.flow": `flow compose "Write an email and stop before sending it" {
  fact site: url "Address" = "http://localhost:8080/"
  fact subject: text "Subject"

  browse "${site}"
  do "start a new message"
  enter "subject" = subject
  stop_before "sending the email"
}
`,
		"lib/archive.flow": `flow archive "Open a folder the webmail does not have" {
  fact site: url "Address" = "http://localhost:8080/"

  browse "${site}"
  do "open the Archive folder"
  verify "the Archive folder is shown"
}
`,
		"lib/mail.test.yaml": `cases:
  - {flow: starred.flow, site: mail, expect: completed}
  - {flow: compose.flow, site: mail, fact: {subject: Lunch}, expect: stopped_before, stop_target: Send}
  - {name: archive_fails, flow: archive.flow, site: mail, expect: failed, step: "2"}
`,
	}
	if broken {
		files["lib/mail.test.yaml"] += "  - {name: archive_wrongly_expected, flow: archive.flow, site: mail, expect: completed}\n"
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// testReport is the part of `flow test --json` the tests read.
type testReport struct {
	Results []struct {
		Case, File, Status, Outcome, Reason string
		Where                               *struct {
			File      string
			Line, Col int
			Step      string
		}
	}
	Counts struct{ Total, Passed, Failed, Flaky, Skipped int }
}

// TestFlowTest runs `flow test` end to end on one Chromium the runs
// attach to: a passing library with JUnit and JSON, a failing one with
// GitHub annotations, and a split in two shards.
func TestFlowTest(t *testing.T) {
	chromium := startChromium(t)

	t.Run("passing library", func(t *testing.T) {
		testLibrary(t, false)
		code, stdout, stderr := flowRun("test", "lib", "--workers", "2", "--browser-url", chromium, "--junit", "out/results.xml", "--json", "--report", "out/report")
		if code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
		}
		var rep testReport
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("--json: %v\n%s", err, stdout)
		}
		if rep.Counts.Total != 3 || rep.Counts.Passed != 3 {
			t.Errorf("counts %+v\n%s", rep.Counts, stderr)
		}
		for _, want := range []string{"PASS", "archive_fails  failed", "lib/compose  stopped_before", "3 cases: 3 passed, 0 failed"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("the case lines lack %q:\n%s", want, stderr)
			}
		}
		junit, err := os.ReadFile("out/results.xml")
		if err == nil {
			var doc struct {
				Tests    int `xml:"tests,attr"`
				Failures int `xml:"failures,attr"`
			}
			err = xml.Unmarshal(junit, &doc)
			if doc.Tests != 3 || doc.Failures != 0 {
				t.Errorf("JUnit counts %+v", doc)
			}
		}
		if err != nil {
			t.Errorf("--junit: %v", err)
		}
		// --report: an index linking each case's report, screenshots beside.
		index, err := os.ReadFile("out/report/index.html")
		if err != nil {
			t.Fatalf("--report: %v", err)
		}
		for _, dir := range []string{"lib_starred", "lib_compose", "archive_fails"} {
			if !strings.Contains(string(index), `href="`+dir+`/index.html"`) {
				t.Errorf("the index does not link %s/index.html", dir)
			}
			shots, _ := filepath.Glob(filepath.Join("out/report", dir, "shots", "*.png"))
			if _, err := os.Stat(filepath.Join("out/report", dir, "index.html")); err != nil || len(shots) == 0 {
				t.Errorf("%s: report %v, %d screenshots", dir, err, len(shots))
			}
		}
	})

	t.Run("failing case", func(t *testing.T) {
		testLibrary(t, true)
		code, stdout, stderr := flowRun("test", "lib", "--workers", "2", "--browser-url", chromium, "--format", "github", "--grep", "archive")
		if code != 1 {
			t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
		}
		want := "::error title=flow test%3A archive_wrongly_expected,file=lib/archive.flow,line=5,col=3::archive_wrongly_expected: outcome failed, want completed"
		if !strings.Contains(stdout, want) {
			t.Errorf("no annotation %q in:\n%s", want, stdout)
		}
		for _, want := range []string{"FAIL", "at lib/archive.flow:5:3 (step 2)", "2 cases: 1 passed, 1 failed"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("output lacks %q:\n%s", want, stdout)
			}
		}
	})

	t.Run("shards", func(t *testing.T) {
		testLibrary(t, false)
		var all []string
		for _, shard := range []string{"1/2", "2/2"} {
			code, stdout, stderr := flowRun("test", "lib", "--shard", shard, "--browser-url", chromium, "--json")
			var rep testReport
			if err := json.Unmarshal([]byte(stdout), &rep); code != 0 || err != nil {
				t.Fatalf("shard %s: exit %d, %v\n%s", shard, code, err, stderr)
			}
			for _, r := range rep.Results {
				all = append(all, r.Case)
			}
		}
		slices.Sort(all)
		if want := []string{"archive_fails", "lib/compose", "lib/starred"}; !slices.Equal(all, want) {
			t.Errorf("the two shards ran %v, want each of %v once", all, want)
		}
	})
}

// Mistakes in flags or in the library exit 2 before a browser starts,
// with every problem listed.
func TestFlowTestInvalidInput(t *testing.T) {
	testLibrary(t, false)
	for _, c := range []struct{ args, want string }{
		{"--shard 3/2", "--shard: \"3/2\": want 1 ≤ i ≤ n"},
		{"--shard two", "--shard: \"two\" is not i/n"},
		{"--workers 0", "--workers takes a number of at least 1"},
		{"--retries -1", "--retries takes a number of 0 or more"},
		{"--format sarif", "unknown format \"sarif\": want text or github"},
		{"--browser-url localhost:9222", "is not an http://host:port or ws://"},
		{"--grep ( ", "--grep: error parsing regexp"},
		{"--grep zzz", "no case matches --grep \"zzz\""},
	} {
		code, _, stderr := flowRun(append([]string{"test", "lib"}, strings.Fields(c.args)...)...)
		if code != cli.ExitErrors || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "flow test --help") {
			t.Errorf("flow test %s: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	os.WriteFile("lib/bad.flow", []byte("flow bad \"Bad\" {\n  browse \"${nowhere}\"\n}\n"), 0o644)
	os.WriteFile("lib/more.test.yaml", []byte("cases:\n  - {flow: starred.flow, site: mall, expect: complete}\n"), 0o644)
	code, stdout, stderr := flowRun("test", "lib", "--browser-url", "http://127.0.0.1:1")
	if code != cli.ExitErrors {
		t.Fatalf("exit %d, want 2\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"lib/bad.flow:2:", "unknown name nowhere", "lib/more.test.yaml:2:", "unknown outcome complete", "did you mean completed?", "no case ran"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}
