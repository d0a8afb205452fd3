package main

import (
	"strings"
	"testing"
	"time"
)

func TestFailureKey(t *testing.T) {
	a := `step 1 do: failed: "press the link \"ut.\"": the decider found no control that leads there (judged 0.05 on "Click Tab Task" at http://127.0.0.1:43207/miniwob/click-tab-2.html)`
	b := `step 1 do: failed: "press the link \"non.\"": the decider found no control that leads there (judged 0.05 on "Click Tab Task" at http://127.0.0.1:39001/miniwob/click-tab-2.html)`
	c := `step 2 do: failed: "press the link \"non.\"": the decider found no control that leads there (judged 0.05 on "Click Tab Task" at http://127.0.0.1:39001/miniwob/click-tab-2.html)`
	if failureKey(a) != failureKey(b) {
		t.Errorf("failures that differ in their values only have keys\n%s\n%s", failureKey(a), failureKey(b))
	}
	if failureKey(b) == failureKey(c) {
		t.Errorf("failures at different steps share the key %s", failureKey(b))
	}
	rep := newReport([]episodeResult{
		{Task: "click-tab-2", Seed: 0, Failure: a, Duration: 4 * time.Second},
		{Task: "click-tab-2", Seed: 1, Failure: b},
		{Task: "click-tab-2", Seed: 2, Failure: c},
		{Task: "click-tab-2", Seed: 3, Done: true, Raw: 1},
	}, []string{"click-tab-2"}, 0)
	row := rep.Rows[0]
	if row.Successes != 1 || row.Episodes != 4 || row.Count != 2 || row.MeanRaw != 0.25 {
		t.Errorf("row %+v: want 1 success of 4, mean raw 0.25, the common failure twice", row)
	}
	if want := `step 1 do: failed: "press the link \"ut.\"": the decider found no control that leads there (judged 0.05 on "Click Tab Task")`; row.Failure != want {
		t.Errorf("common failure %q, want the first episode's words without the address %q", row.Failure, want)
	}
	if md := rep.Markdown(); !strings.Contains(md, "| click-tab-2 | 1/4 | 0.25 | 1.0s | 2×: step 1 do:") || !strings.Contains(md, "Overall: 1/4 episodes succeeded (25.0%)") {
		t.Errorf("markdown:\n%s", md)
	}
}
