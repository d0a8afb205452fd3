package suite

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"flow/compiler"
	"flow/grammar"
	"flow/plan"
)

// LoadOptions are what [Load] reads with.
type LoadOptions struct {
	// ReadFile reads a flow, facts or case file by its slash-separated
	// name; nil reads the file system. The CLI passes its source cache, so
	// diagnostics can quote the lines.
	ReadFile func(name string) ([]byte, error)
	// Getenv reads the environment (secrets); nil is os.Getenv.
	Getenv func(string) string
	// Sites are the fixture sites a case may name (see [Options.Sites]).
	Sites []string
}

// siteFact is the fact a served fixture site's address is passed as.
const siteFact = "site"

// Load finds the cases under paths (files or folders; none means ".") and
// checks all of them: every flow file found is compiled (the libraries
// other files import too), every case's flow, facts, site and secrets are
// loaded. It returns the cases sorted by name, or every diagnostic when
// anything is wrong; then no case should run.
//
// A flow file under the paths is a case of its own (expecting completed or
// stopped_before, with NAME.facts.yaml beside it when present) unless a
// *.test.yaml names it, it has a NAME.expect.yaml beside it (one case,
// read from that), or another flow file imports it (a library).
func Load(paths []string, opts LoadOptions) ([]*Case, grammar.Diagnostics) {
	if opts.ReadFile == nil {
		opts.ReadFile = func(name string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(name)) }
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	flowFiles, testFiles, diags := discover(paths)
	l := &loader{opts: opts, diags: diags}

	var decls []*declared
	named := map[string]bool{}
	for _, tf := range testFiles {
		data, err := opts.ReadFile(tf)
		if err != nil {
			l.diags = append(l.diags, fileDiag(tf, err))
			continue
		}
		ds, fd := parseTestFile(tf, data)
		l.diags = append(l.diags, fd...)
		for _, d := range ds {
			named[d.File] = true
		}
		decls = append(decls, ds...)
	}

	// Every flow file is compiled, so one invalid file stops the suite
	// even when no case runs it; the files they import are libraries.
	imported := map[string]bool{}
	for _, ff := range flowFiles {
		if prog := l.compile(ff, nil); prog != nil {
			for _, f := range prog.Files[1:] {
				imported[path.Clean(filepath.ToSlash(f))] = true
			}
		}
	}
	for _, ff := range flowFiles {
		if named[ff] {
			continue
		}
		stem := strings.TrimSuffix(ff, ".flow")
		if data, err := opts.ReadFile(stem + ".expect.yaml"); err == nil {
			d, fd := parseExpectFile(stem+".expect.yaml", data, ff)
			l.diags = append(l.diags, fd...)
			if d != nil {
				d.Name = stem
				if l.exists(stem + ".facts.yaml") {
					d.FactsFile = stem + ".facts.yaml"
				}
				decls = append(decls, d)
			}
			continue
		}
		if imported[ff] {
			continue
		}
		d := &declared{Case: Case{Name: stem, File: ff}}
		if l.exists(stem + ".facts.yaml") {
			d.FactsFile = stem + ".facts.yaml"
		}
		decls = append(decls, d)
	}

	var cases []*Case
	byName := map[string]*declared{}
	for _, d := range decls {
		if d.Name == "" {
			d.Name = strings.TrimSuffix(d.File, ".flow")
			if d.FlowName != "" {
				d.Name += ":" + d.FlowName
			}
		}
		if first, dup := byName[d.Name]; dup {
			l.at(d, d.node, CodeBadCase, "give each case its own `name:`", "case %s is declared twice (first at %s)", d.Name, first.Declared)
			continue
		}
		byName[d.Name] = d
		if stem := strings.TrimSuffix(d.File, ".flow"); d.FactsFile == "" && l.exists(stem+".facts.yaml") {
			d.FactsFile = stem + ".facts.yaml" // the facts beside the flow, unless the case names others
		}
		if c := l.prepare(d); c != nil {
			cases = append(cases, c)
		}
	}
	if l.diags.HasErrors() {
		return nil, unique(l.diags.Errors())
	}
	slices.SortFunc(cases, func(a, b *Case) int { return strings.Compare(a.Name, b.Name) })
	return cases, nil
}

// loader collects the diagnostics of one Load.
type loader struct {
	opts  LoadOptions
	diags grammar.Diagnostics
}

func (l *loader) exists(name string) bool {
	_, err := l.opts.ReadFile(name)
	return err == nil
}

// compile compiles a flow file and keeps its errors; at is the case that
// names it, if any, for a file that cannot be read.
func (l *loader) compile(file string, at *declared) *plan.Program {
	src, err := l.opts.ReadFile(file)
	if err != nil {
		if at != nil && at.flowNode != nil {
			l.at(at, at.flowNode, CodeBadCase, "the path is relative to the case file", "cannot read flow file %s: %s", file, reason(err))
		} else {
			l.diags = append(l.diags, fileDiag(file, err))
		}
		return nil
	}
	prog, diags := compiler.Compile(file, src, compiler.WithReadFile(l.opts.ReadFile))
	if diags.HasErrors() {
		if at == nil { // a file found under the paths reports once, here
			l.diags = append(l.diags, diags.Errors()...)
		}
		return nil
	}
	return prog
}

// prepare compiles a case's own copy of its flow (cases may run at once)
// and loads its facts and secrets.
func (l *loader) prepare(d *declared) *Case {
	before := len(l.diags)
	prog := l.compile(d.File, d)
	if prog == nil {
		if len(l.diags) == before {
			// The file's errors are listed once, from the discovery; a
			// file outside the paths has not been compiled there.
			src, _ := l.opts.ReadFile(d.File)
			_, diags := compiler.Compile(d.File, src, compiler.WithReadFile(l.opts.ReadFile))
			if !l.listed(diags) {
				l.diags = append(l.diags, diags.Errors()...)
			}
		}
		return nil
	}
	flow, err := compiler.SelectFlow(prog, d.FlowName)
	if err != nil {
		hint := "name the flow with `flow_name:` in a *.test.yaml case"
		l.at(d, d.flowNode, CodeBadCase, hint, "%s: %s", d.File, err.Error())
		return nil
	}
	c := d.Case
	c.Flow = flow
	for _, f := range flow.Facts {
		if n := d.listNodes[f.Name]; n != nil && f.Type != plan.TypeList {
			l.at(d, n, CodeBadCase, "write one value: "+f.Name+": …", "fact %s is of type %s, not a list", f.Name, f.Type)
			return nil
		}
	}
	overrides := slices.Clone(d.Facts)
	if d.Site != "" {
		if !slices.Contains(l.opts.Sites, d.Site) {
			l.at(d, d.siteNode, CodeBadCase, "the fixture sites are "+strings.Join(l.opts.Sites, ", "), "no fixture site %s", d.Site)
			return nil
		}
		if !slices.ContainsFunc(flow.Facts, func(f *plan.Fact) bool { return f.Name == siteFact && f.Type == plan.TypeURL }) {
			l.at(d, d.siteNode, CodeBadCase, "declare `fact site: url` in the flow; the served address is passed as that fact",
				"flow %s has no url fact %s for the site's address", flow.Name, siteFact)
			return nil
		}
		// A placeholder checks the other facts now; each attempt passes
		// the address its site is served at.
		overrides = append(overrides, siteFact+"=http://127.0.0.1:1/")
	}
	var factsYAML []byte
	if c.FactsFile != "" {
		if factsYAML, err = l.opts.ReadFile(c.FactsFile); err != nil {
			l.at(d, d.node, CodeBadCase, "the path is relative to the case file", "cannot read facts file %s: %s", c.FactsFile, reason(err))
			return nil
		}
	}
	facts, diags := compiler.LoadFacts(flow, c.FactsFile, factsYAML, overrides)
	l.diags = append(l.diags, diags.Errors()...)
	secrets, ok := l.secrets(d, flow)
	if diags.HasErrors() || !ok {
		return nil
	}
	c.facts, c.secrets = facts, secrets
	return &c
}

// secrets loads a case's secrets: a test file names the environment
// variable of each (FLOW_SECRET_<NAME> when it does not); an expect file
// holds fixture test values.
func (l *loader) secrets(d *declared, flow *plan.Flow) (map[string]string, bool) {
	ok := true
	for name, env := range d.env {
		if !slices.ContainsFunc(flow.Secrets, func(s *plan.Secret) bool { return s.Name == name }) {
			l.at(d, d.secretNodes[name], CodeBadCase, "", "%s is not a secret of flow %s", name, flow.Name)
			ok = false
		} else if env != "" && l.opts.Getenv(env) == "" {
			l.at(d, d.secretNodes[name], CodeCaseSecret, "set "+env+" in the environment of the test run",
				"secret %s: %s is not set", name, env)
			ok = false
		}
	}
	getenv := func(key string) string {
		for name, env := range d.env {
			if key == compiler.SecretEnvVar(name) {
				return l.opts.Getenv(env)
			}
		}
		for name, v := range d.values {
			if key == compiler.SecretEnvVar(name) {
				return v
			}
		}
		return l.opts.Getenv(key)
	}
	values, diags := compiler.LoadSecrets(flow, "", nil, getenv)
	if d.Declared != "" {
		for _, dg := range diags {
			dg.Hint += "; or name its variable under `secrets:` in the case (" + d.Declared + ")"
		}
	}
	l.diags = append(l.diags, diags.Errors()...)
	return values, ok && !diags.HasErrors()
}

// listed reports whether diags are already among the loader's.
func (l *loader) listed(diags grammar.Diagnostics) bool {
	for _, d := range diags.Errors() {
		for _, have := range l.diags {
			if have.Range == d.Range && have.Summary == d.Summary {
				return true
			}
		}
	}
	return false
}

// at adds a diagnostic at a node of the case file that declared d, or at
// the top of the flow file for a case found on its own.
func (l *loader) at(d *declared, n *yaml.Node, code, hint, format string, args ...any) {
	r := grammar.Range{Filename: d.File, Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}}
	if d.src != nil && n != nil {
		width := 1
		if n.Kind == yaml.ScalarNode && n.Style == 0 && !strings.Contains(n.Value, "\n") {
			width = max(1, utf8.RuneCountInString(n.Value))
		}
		r = d.src.at(n.Line, n.Column, width)
	}
	l.diags = append(l.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: code, Range: r,
		Summary: fmt.Sprintf(format, args...), Hint: hint})
}

// unique sorts diags and drops repeats: cases that share a facts file
// would each report its problems.
func unique(diags grammar.Diagnostics) grammar.Diagnostics {
	diags.Sort()
	var out grammar.Diagnostics
	seen := map[string]bool{}
	for _, d := range diags {
		if key := d.Error(); !seen[key] {
			seen[key] = true
			out = append(out, d)
		}
	}
	return out
}
