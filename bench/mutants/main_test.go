package main

import (
	"os"
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
