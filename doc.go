// Package flow is the root of the flow module: a declarative flow compiler
// and runner for agent-driven browser automation.
//
// The work is split into packages that each do one job and import in one
// direction only (see docs/architecture.md):
//
//	grammar   .flow text ⇄ syntax tree, diagnostics, the formatter
//	plan      the executable, JSON-serialisable plan
//	guard     irreversible and payment classes, secret masking
//	stdlib    the standard flow library, value parsers, expression functions
//	compiler  syntax tree → checked plan, lint, facts and secrets loading
//	surfaces  what the runtime sees and acts through (browser, sim)
//	flows     the example flow library and the fixture sites it runs on
//	cmd/flow  the command line
//
// This package holds no code; its test states the import policy.
package flow
