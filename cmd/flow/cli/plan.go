package cli

import (
	"encoding/json"
	"path/filepath"

	"flow/compiler"
	"flow/grammar"
	"flow/plan"
	"flow/stdlib"

	ucli "github.com/urfave/cli/v2"
)

// planOutput is what `flow plan` prints.
type planOutput struct {
	// Files are the source files the plan was built from, the planned file
	// first.
	Files []string `json:"files"`
	// Flow is the plan of the selected flow.
	Flow *plan.Flow `json:"flow"`
	// Facts are the checked fact values, present only when --facts or
	// --fact was given. Dates and money are written as they are typed
	// ("2026-12-24", "12.50 EUR").
	Facts map[string]any `json:"facts,omitempty"`
	// Secrets names the secrets found for the run, present only when
	// --secrets was given. Never their values.
	Secrets []string `json:"secrets,omitempty"`
}

// plan is `flow plan FILE [--flow NAME] [--facts FILE] [--fact NAME=VALUE]…
// [--secrets FILE]`.
// Diagnostics go to stderr; stdout holds only the JSON plan, so it can be
// piped.
func (e *env) plan(c *ucli.Context) error {
	name := c.Args().First()
	src, d := e.sources.readSource(name)
	if d != nil {
		return e.fail(c, grammar.Diagnostics{d})
	}
	prog, diags := compiler.Compile(name, src, compiler.WithReadFile(e.sources.read))
	if diags.HasErrors() || prog == nil {
		return e.fail(c, diags)
	}
	if err := e.printText(c, e.stderr, diags); err != nil { // warnings, if any
		return err
	}
	flow, err := compiler.SelectFlow(prog, c.String("flow"))
	if err != nil {
		return e.fail(c, grammar.Diagnostics{{
			Severity: grammar.Error,
			Summary:  err.Error(),
			Range:    grammar.Range{Filename: name, Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}},
		}})
	}
	out := planOutput{Files: prog.Files, Flow: flow}
	if c.IsSet("facts") || len(repeated(c, "fact")) > 0 {
		var factsName string
		var yaml []byte
		if c.IsSet("facts") {
			factsName = c.String("facts")
			yaml, err = e.sources.read(factsName)
			if err != nil {
				return e.fail(c, grammar.Diagnostics{fileDiag(factsName, err)})
			}
		}
		values, fdiags := compiler.LoadFacts(flow, factsName, yaml, repeated(c, "fact"))
		if fdiags.HasErrors() {
			return e.fail(c, fdiags)
		}
		if err := e.printText(c, e.stderr, fdiags); err != nil {
			return err
		}
		out.Facts = make(map[string]any, len(values))
		for k, v := range values {
			out.Facts[k] = factJSON(v)
		}
	}
	if c.IsSet("secrets") {
		names, err := e.checkSecrets(c, flow, c.String("secrets"))
		if err != nil {
			return err
		}
		out.Secrets = names
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// checkSecrets loads the run's secrets as `flow run` will (FLOW_SECRET_<NAME>
// wins over the file) and returns the names of those found. A missing one is
// an error naming the variable to set; no value is ever printed.
func (e *env) checkSecrets(c *ucli.Context, flow *plan.Flow, file string) ([]string, error) {
	var data []byte
	if file != "" {
		// Read past the source cache: the renderer quotes lines of files
		// in the cache, and no line of a secrets file may be quoted.
		var err error
		if data, err = readFile(filepath.FromSlash(file)); err != nil {
			return nil, e.fail(c, grammar.Diagnostics{fileDiag(file, err)})
		}
	}
	values, diags := compiler.LoadSecrets(flow, file, data, e.getenv)
	if diags.HasErrors() {
		return nil, e.fail(c, diags)
	}
	names := make([]string, 0, len(values))
	for _, s := range flow.Secrets {
		if _, ok := values[s.Name]; ok {
			names = append(names, s.Name)
		}
	}
	return names, nil
}

// factJSON gives a fact value its JSON form: dates and money as their typed
// text, everything else as it is.
func factJSON(v any) any {
	switch v := v.(type) {
	case stdlib.Date, stdlib.Money, *stdlib.Date, *stdlib.Money:
		return stdlib.Render(v)
	}
	return v
}
