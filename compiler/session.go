package compiler

import (
	"fmt"

	"flow/grammar"
	"flow/plan"
)

// session is one compilation: every loaded file, the diagnostics so far, and
// what the stages have built.
type session struct {
	cfg      config
	reporter                   // the diagnostics so far
	mem      map[string][]byte // the given sources, served before the reader
	units    map[string]*unit  // every loaded file by clean path ("std/web" for the library)
	order    []*unit           // in load order
	roots    []*unit           // the given files, in order
}

func newSession(cfg config) *session {
	return &session{cfg: cfg, mem: map[string][]byte{}, units: map[string]*unit{}}
}

// reporter collects diagnostics. The session has one; a stage that checks
// files in parallel gives each file its own (see [session.eachFile]).
type reporter struct {
	diags grammar.Diagnostics
}

// unit is one loaded flow file.
type unit struct {
	path     string
	std      bool
	file     *grammar.File
	imports  map[string]*importInfo // by import name
	flows    map[string]*flowInfo
	list     []*flowInfo // in source order
	resolved bool        // its imports are resolved (or being resolved)
	program  *plan.Program
	// partial is true when the parser had to give up on part of the file:
	// its tree lacks what followed each syntax error, so lint would
	// report phantoms (an unused fact whose use was cut off).
	partial bool
}

// importInfo is one resolved import of a unit. target is nil when the import
// could not be loaded; calls through it are then not reported again.
type importInfo struct {
	decl   *grammar.Import
	target *unit
}

// flowInfo is what the compiler knows of one flow.
type flowInfo struct {
	unit    *unit
	ast     *grammar.Flow
	name    string
	params  []*symbol                  // facts and secrets, in declaration order
	syms    map[string]*symbol         // the same by name
	plan    *plan.Flow                 // Steps are local: calls not yet expanded, no paths
	calls   []*callSite                // in source order
	decls   map[string][]grammar.Range // allow/budget/payment lines, for lint
	callers []*callSite                // call sites in linted flows that call this flow

	state  int  // expansion: 0 not started, 1 expanding, 2 done
	cyclic bool // on a recursion cycle: calls stay unexpanded
}

// callSite is one call step and the flow it calls.
type callSite struct {
	stmt   *grammar.CallStmt
	caller *flowInfo
	callee *flowInfo
	step   *plan.Step
}

// symKind says what a name in a flow's scope is.
type symKind int

const (
	symFact symKind = iota
	symSecret
	symVar
	symLoop
)

func (k symKind) String() string {
	return [...]string{"fact", "secret", "variable", "loop variable"}[k]
}

// symbol is one fact, secret or variable of a flow.
type symbol struct {
	name string
	kind symKind
	typ  plan.Type
	rng  grammar.Range // where it is declared or first defined
	pick bool          // defined by pick: not allowed in conditions
	used bool
	fact *plan.Fact // for facts: the declaration (Required, Default)
}

// errorf reports an error at r.
func (rep *reporter) errorf(r grammar.Range, code, hint, format string, args ...any) *grammar.Diagnostic {
	d := &grammar.Diagnostic{
		Severity: grammar.Error,
		Code:     code,
		Summary:  fmt.Sprintf(format, args...),
		Hint:     hint,
		Range:    r,
	}
	rep.diags = append(rep.diags, d)
	return d
}

// toPlanRange converts a grammar range to the plan's own range type.
func toPlanRange(r grammar.Range) plan.Range {
	return plan.Range{File: r.Filename, Line: r.Start.Line, Col: r.Start.Column, EndLine: r.End.Line, EndCol: r.End.Column}
}
