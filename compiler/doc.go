// Package compiler checks .flow files and turns them into executable plans.
//
// Input: the source of a flow file (its imports are loaded through an
// injected reader: relative paths from the importing file, `std/` from the
// embedded standard library). Output: a [plan.Program] and
// [grammar.Diagnostics]. The compiler always returns what it could build
// beside every diagnostic it found, so `flow lint` and editors keep working on
// a file with errors; a program is runnable only when the diagnostics hold no
// error.
//
// The compiler is a list of named stages, run in order over every loaded
// file (OPA's compile stages are the model):
//
//	parse            grammar.Parse for each file
//	resolve_imports  std/ and relative imports, import names, cycles
//	declare          flows, facts, secrets, allow, budget, payment; types and defaults
//	check_flows      names and scopes, types, secrets, expressions, calls
//	check_calls      recursion, argument binding
//	build_plan       expand calls, number step paths, count steps
//	lint             the rules of [Rules], then `# lint:ignore` suppression
//
// parse, declare, check_flows, build_plan (after expanding calls) and lint
// work file by file, on every core when the files are many (parallel.go
// says why each may); the rest run on one goroutine. A file's diagnostics
// are collected apart and added in the order of the files, so a
// compilation reports the same diagnostics in the same order whatever the
// scheduling or the number of cores.
//
// Every error has a stable code listed in codes.go ([Codes], [Explain]); lint
// warnings have L codes ([Rules]). Diagnostics are sorted, same-line repeats
// of a code are dropped and the list is capped (grammar.Diagnostics.Normalize).
//
// Entry points:
//
//	Compile(filename, src, opts...) (*plan.Program, grammar.Diagnostics)
//	    one file, its imports loaded through the options' reader; with
//	    WithLint the lint rules run over that file's flows.
//	CompileFile(path, opts...) (*plan.Program, grammar.Diagnostics)
//	    reads path through the reader, then Compile.
//	CompileLibrary(files []Source, opts...) (*Library, grammar.Diagnostics)
//	    several files at once, sharing imports (a given file imported by
//	    another is the same file); one program per file. With WithLint,
//	    lint knows which flows the other given files call.
//	Lint(files []Source, opts...) grammar.Diagnostics
//	    CompileLibrary with the lint rules on, errors and warnings together;
//	    expressions are type-checked but no program is built.
//	SelectFlow(prog, name) (*plan.Flow, error)
//	    the flow to run: the only one, or the one named; the error lists them.
//	Relink(prog) error
//	    rebuilds every expression's *vm.Program after plan.Load.
//	LoadFacts(flow, filename, yaml, overrides) (map[string]any, grammar.Diagnostics)
//	LoadSecrets(flow, filename, yaml, getenv) (map[string]string, grammar.Diagnostics)
//	    the values of a run, checked against the flow's declarations; Go
//	    values by type: text/email/url string, number float64, bool bool,
//	    date stdlib.Date, money stdlib.Money, list []string. Secrets come
//	    from FLOW_SECRET_<NAME> ([SecretEnvVar]), which wins over the file.
//	Codes() []Code, Explain(code) (string, bool), Rules() []Rule
//	    the catalogue behind `flow lint --explain CODE`.
//	StageNames() []string
//	    the stages above, in order.
//
// Options: WithFS / WithReadFile (where files and relative imports are
// read; the default is the operating system), WithMaxErrors (the cap,
// default 50; 0 for none), WithLint.
//
// Choices the language contract leaves open, made here: calls are expanded
// into the call step's Body (see package plan); the steps of all branches
// of an if are numbered in one sequence; a repeat's until condition is
// checked in the scope outside its body; text, email and url values are
// interchangeable (all text at run time); a for loop's variable is text
// when its list is a list of text; `$env` is not available in expressions
// (it would reach secrets).
//
// Invariants: no secret value is ever read by the compiler (LoadSecrets
// returns them but never puts one in a diagnostic); a plan holds secrets only
// as names; expression errors are reported at their place in the flow file,
// never only as expr's own snippet.
package compiler
