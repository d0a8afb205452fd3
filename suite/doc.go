// Package suite runs a library of flows as tests: `flow test`.
//
// Input: paths (flow files, case files, folders). [Load] finds every
// *.flow under them, with NAME.facts.yaml beside it when present, and the
// cases that *.test.yaml files list (and NAME.expect.yaml files, the
// example library's expectations, read as one case each). It compiles the
// whole library and checks every case's facts and secrets before any
// browser starts: a library with an error yields every diagnostic and no
// case.
//
// Output: [Run] runs the selected cases ([Select]: --grep, --shard) on
// Workers goroutines, each case in its own browser tab and context, on one
// local Chromium or spread over a [Pool] of CDP endpoints, and returns a
// [Report]: per case its outcome, its expectation, pass, fail, flaky or
// skipped, its attempts, time and failure with the step path and the
// flow's file:line:col. Writers turn a report into a live table or plain
// lines ([Progress]), a summary, JUnit XML ([WriteJUnit]), GitHub
// annotations ([WriteGitHub]) and JSON.
//
// Invariants:
//   - A case passes only when the run's outcome is the one it expects
//     (default: completed or stopped_before), judged from the
//     runtime.Result, never from a page's words.
//   - A shard split is a function of the sorted case names alone, so the
//     shards 1/n … n/n of one library run every case exactly once.
//   - A browser of the pool that goes away fails only the cases running on
//     it, with "the browser at URL went away"; later cases go to the
//     browsers left, and when none is left they fail with that reason.
//   - Secrets come from the environment (or, in an expect file, are
//     fixture test values); every text a writer prints comes from masked
//     runtime results or from the case's own files.
package suite
