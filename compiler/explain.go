package compiler

import (
	_ "embed"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
	"sync"

	"flow/grammar"
)

// codesSource is codes.go itself: its constants' doc comments are the help
// text of each error code, so the catalogue has one source of truth.
//
//go:embed codes.go
var codesSource string

// Code describes one error code of the catalogue.
type Code struct {
	Code string // "E016"
	Name string // the constant's name: "UnknownName"
	Doc  string // the help text, ending with a bad example
}

// catalogue holds the parser's syntax codes (E001–E009, documented in
// grammar's codes.go) and the compiler's own, so one lookup explains any
// code a user can see.
var catalogue = sync.OnceValue(func() []Code {
	out := codesOf("grammar/codes.go", grammar.CodesSource)
	out = append(out, codesOf("compiler/codes.go", codesSource)...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
})

// codesOf reads the string constants of a codes.go source and their doc
// comments.
func codesOf(name, src string) []Code {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		panic("compiler: " + name + " does not parse: " + err.Error()) // impossible: it compiled
	}
	var out []Code
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			lit, ok := vs.Values[0].(*ast.BasicLit)
			if !ok {
				continue
			}
			code, _ := strconv.Unquote(lit.Value)
			out = append(out, Code{Code: code, Name: vs.Names[0].Name, Doc: strings.TrimSpace(vs.Doc.Text())})
		}
	}
	return out
}

// Codes returns the catalogue of error codes, the parser's and the
// compiler's, ordered by code.
func Codes() []Code { return catalogue() }

// Explain returns the help text of an error code (E…) or a lint rule (L…),
// as `flow lint --explain CODE` prints it.
func Explain(code string) (string, bool) {
	code = strings.ToUpper(strings.TrimSpace(code))
	for _, c := range catalogue() {
		if c.Code == code {
			return c.Code + " " + c.Name + "\n\n" + c.Doc, true
		}
	}
	for _, r := range Rules() {
		if r.Code == code {
			return r.Code + " " + r.Name + " (default: " + r.Severity.String() + ")\n\n" + r.Doc, true
		}
	}
	return "", false
}
