package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestReadsTheSuitesSummaries(t *testing.T) {
	props := `        P1 never done without the evidence: 300 cases checked, 44 violated
        P2 never a press outside the named group: 300 cases checked, 0 violated
        P3 never a guarded press outside stop_before: 300 cases checked, 3 violated`
	got, err := violations([]byte(props))
	if err != nil || got != [3]int{44, 0, 3} {
		t.Errorf("violations = %v, %v", got, err)
	}
	if _, err := violations([]byte("build failed")); err == nil {
		t.Error("a run with no summary was read as one")
	}
	trust := `    trust_test.go:363: trust corpus: 144 of 146 cases pass
        case                  kind     want       got        pass
        add_walk_the_dog      verb     completed  completed  ok
        open_first_message    evidence completed  failed     FAIL
        remove_kids_wellies   guard_only completed stopped_before FAIL`
	names, err := trustFailures([]byte(trust))
	if err != nil || !slices.Equal(names, []string{"open_first_message", "remove_kids_wellies"}) {
		t.Errorf("trustFailures = %q, %v", names, err)
	}
}

func TestReadsFailedTests(t *testing.T) {
	out := `=== RUN   TestSignInWithTheFormsOnlyButton
    widgets_test.go:220: with two buttons the run completed and the page says:
--- FAIL: TestSignInWithTheFormsOnlyButton (1.20s)
--- FAIL: TestTrustCorpus (4.01s)
    --- FAIL: TestTrustCorpus/cases (0.00s)
        --- FAIL: TestTrustCorpus/cases/submit_claim_refused (1.10s)
        --- PASS: TestTrustCorpus/cases/submit_claim_approved (1.30s)
    trust_test.go:363: trust corpus: 1 of 2 cases pass
        case                  kind  want           got        pass
        submit_claim_refused  verb  guard_refused  completed  FAIL
FAIL
FAIL	flow/runtime	12.402s
--- FAIL: TestErrorTextOfTheReadersOwnChoice (0.00s)
FAIL
FAIL	flow/runtime/decide	0.051s
FAIL
`
	got, err := testFailures([]byte(out))
	want := []string{"TestSignInWithTheFormsOnlyButton", "TestTrustCorpus/cases/submit_claim_refused", "TestErrorTextOfTheReadersOwnChoice"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("testFailures = %q, %v; want %q", got, err, want)
	}
	if got, err := testFailures([]byte("ok  \tflow/runtime\t9.1s\nok  \tflow/runtime/decide\t0.4s\n")); err != nil || len(got) != 0 {
		t.Errorf("a passing run read as %q, %v", got, err)
	}
	for _, bad := range []string{
		"# flow/runtime\nruntime/do.go:12:2: undefined: x\nFAIL\tflow/runtime [build failed]\nok  \tflow/runtime/decide\t0.4s\n",
		"panic: test timed out after 30m0s\nFAIL\tflow/runtime\t1800.1s\n",
		"build failed",
	} {
		if got, err := testFailures([]byte(bad)); err == nil {
			t.Errorf("%q read as the failures %q", bad, got)
		}
	}
}

// Every test and trust case -suite widgets names is there: a test renamed
// would pass unseen.
func TestEveryWidgetTestIsThere(t *testing.T) {
	var src strings.Builder
	for _, dir := range []string{"../../runtime", "../../runtime/decide"} {
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src.Write(b)
		}
	}
	for _, name := range widgetTests {
		if !strings.Contains(src.String(), "func "+name+"(t *testing.T) {") {
			t.Errorf("no test %s in runtime or runtime/decide", name)
		}
	}
	for _, name := range widgetTrust {
		if _, err := os.Stat("../../testdata/trust/" + name + ".flow"); err != nil {
			t.Errorf("no trust case %s: %v", name, err)
		}
	}
	if _, err := regexp.Compile(widgetRun()); err != nil {
		t.Errorf("widgetRun: %v", err)
	}
}

// Every mutant's line is in the source once: a rule renamed or moved
// fails here, not halfway through a long run.
func TestEveryMutantFindsItsLine(t *testing.T) {
	for _, m := range mutants {
		src, err := os.ReadFile("../../" + m.File)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(src), m.At); n != 1 {
			t.Errorf("%s: %s holds its line %d times", m.Rule, m.File, n)
		}
	}
}
