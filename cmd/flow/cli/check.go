package cli

import (
	"fmt"
	"sort"
	"strings"

	"flow/cmd/flow/internal/render"
	"flow/compiler"
	"flow/grammar"
	"flow/internal/suggest"

	ucli "github.com/urfave/cli/v2"
)

// validate is `flow validate FILE…`: compile, report errors, no lint.
func (e *env) validate(c *ucli.Context) error {
	f, err := format(c)
	if err != nil {
		return err
	}
	sources, diags := e.readFlowFiles(c.Args().Slice())
	if len(sources) > 0 {
		_, cdiags := compiler.CompileLibrary(sources, compiler.WithReadFile(e.sources.read))
		diags = append(diags, cdiags...)
	}
	diags.Sort()
	if err := e.report(c, f, diags); err != nil {
		return err
	}
	e.tally(f, len(sources), diags)
	if diags.HasErrors() {
		return exitError{ExitErrors}
	}
	return nil
}

// lint is `flow lint [PATH…]`: compile every flow file found as one library
// with the lint rules on.
func (e *env) lint(c *ucli.Context) error {
	f, err := format(c)
	if err != nil {
		return err
	}
	if c.IsSet("explain") {
		return e.explain(c, c.String("explain"))
	}
	paths := c.Args().Slice()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	sources, diags := e.readFlowFiles(paths)
	if len(sources) > 0 {
		// Lint reports everything: the cap that keeps one broken file
		// readable would hide findings in a library of hundreds.
		diags = append(diags, compiler.Lint(sources, compiler.WithReadFile(e.sources.read), compiler.WithMaxErrors(0))...)
	}
	diags.Sort()
	if err := e.report(c, f, diags); err != nil {
		return err
	}
	e.tally(f, len(sources), diags)
	if diags.HasErrors() || (c.Bool("strict") && hasWarnings(diags)) {
		return exitError{ExitErrors}
	}
	return nil
}

// tally ends a text report with one line on stderr saying how much was
// checked and what was found, so a clean run is visibly clean:
// "8 files checked: no problems", "8 files checked: 1 error, 2 warnings".
// Machine formats keep stderr quiet.
func (e *env) tally(format string, files int, diags grammar.Diagnostics) {
	if format != "text" {
		return
	}
	found := summary(diags)
	if found == "" {
		found = "no problems"
	}
	fmt.Fprintf(e.stderr, "%s checked: %s\n", plural(files, "file"), found)
}

func hasWarnings(diags grammar.Diagnostics) bool {
	for _, d := range diags {
		if d.Severity == grammar.Warning {
			return true
		}
	}
	return false
}

// readFlowFiles finds the flow files under paths and reads them; what cannot
// be read becomes a diagnostic.
func (e *env) readFlowFiles(paths []string) ([]compiler.Source, grammar.Diagnostics) {
	files, diags := collectFlowFiles(paths)
	srcs, failed := e.sources.readSources(files)
	sources := make([]compiler.Source, 0, len(files))
	for i, name := range files {
		if failed[i] != nil {
			diags = append(diags, failed[i])
			continue
		}
		sources = append(sources, compiler.Source{Name: name, Src: srcs[i]})
	}
	return sources, diags
}

// explain prints the help of a diagnostic code.
func (e *env) explain(c *ucli.Context, code string) error {
	text, ok := compiler.Explain(code)
	if !ok {
		msg := fmt.Sprintf("unknown code %q", code)
		if s := suggest.Closest(strings.ToUpper(strings.TrimSpace(code)), allCodes()); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
		return usagef(c, "%s; codes look like E016 or L003", msg)
	}
	fmt.Fprintln(e.stdout, strings.TrimRight(text, "\n"))
	return nil
}

func allCodes() []string {
	var out []string
	for _, c := range compiler.Codes() {
		out = append(out, c.Code)
	}
	for _, r := range compiler.Rules() {
		out = append(out, r.Code)
	}
	return out
}

// sarifTool describes flow and its code catalogue for SARIF output: every
// error code and every lint rule, with its help text.
func sarifTool() render.Tool {
	tool := render.Tool{Name: "flow", Version: versionString()}
	for _, c := range compiler.Codes() {
		tool.Rules = append(tool.Rules, render.Rule{
			ID: c.Code, Name: c.Name, Summary: firstSentence(c.Doc), Help: c.Doc, Severity: grammar.Error,
		})
	}
	for _, r := range compiler.Rules() {
		tool.Rules = append(tool.Rules, render.Rule{
			ID: r.Code, Name: r.Name, Summary: firstSentence(r.Doc), Help: r.Doc, Severity: r.Severity,
		})
	}
	sort.SliceStable(tool.Rules, func(i, j int) bool { return tool.Rules[i].ID < tool.Rules[j].ID })
	return tool
}

// firstSentence is the start of a doc comment, up to its first full stop or
// blank line, on one line.
func firstSentence(doc string) string {
	doc = strings.TrimSpace(doc)
	if i := strings.Index(doc, "\n\n"); i >= 0 {
		doc = doc[:i]
	}
	doc = strings.Join(strings.Fields(doc), " ")
	if i := strings.Index(doc, ". "); i >= 0 {
		doc = doc[:i+1]
	}
	return doc
}
