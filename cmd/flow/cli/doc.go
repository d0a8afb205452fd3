// Package cli is the flow command line: `flow validate`, `lint`, `fmt`,
// `plan`, `run`, `demo`, `doc`, `inspect` and `version`.
//
// Input is the process's arguments, standard streams and environment. Output
// is what the commands print and the exit code [Main] returns; Main never
// calls os.Exit and never panics (a panic is caught, reported as a bug with
// [ExitInternal]), so tests and benchmarks run it in-process.
//
// Exit codes are stable and documented in every command's --help:
//
//	0  success: no errors (warnings are printed and do not fail, except under
//	   `lint --strict`)
//	1  `fmt --check` (or `fmt -l --check`) found files that are not formatted
//	2  errors in the input (diagnostics were printed), bad usage or flags,
//	   unreadable or unusable files
//	70 an internal error: a bug in flow, reported with a request to file it
//
// `flow run` and `flow demo` exit with the run's outcome instead
// (runtime.Outcome.ExitCode): 0 completed or stopped_before, 1 failed, 2
// invalid (every input error is found before a browser starts), 3
// needs_human, 4 budget_exhausted, 5 guard_refused. They print a progress
// view of the steps ([flow/cmd/flow/internal/progress]) and a summary; the
// run's secrets reach no output, no trace and no model request.
//
// Diagnostics are produced by grammar and compiler and printed by the
// [flow/cmd/flow/internal/render] package in text (source line and carets,
// colour only on a terminal and never with NO_COLOR), JSON, GitHub
// annotations or SARIF. Flags may follow positional arguments
// (`flow plan booking.flow --flow book`): the arguments are put in the order
// urfave/cli expects before it parses them.
//
// urfave/cli is used here and nowhere else in the module.
package cli
