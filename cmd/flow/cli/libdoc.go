package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"flow/grammar"
	"flow/internal/suggest"
	"flow/stdlib"

	ucli "github.com/urfave/cli/v2"
)

// doc is `flow doc [std/NAME | FILE]`: what a library offers and how to call
// it, read from its source as `go doc` reads a package.
func (e *env) doc(c *ucli.Context) error {
	if c.NArg() == 0 {
		return e.listStd()
	}
	arg := c.Args().First()
	var name, callPrefix string
	var src []byte
	if lib, ok := strings.CutPrefix(arg, "std/"); ok {
		text, found := stdlib.Source(lib)
		if !found {
			msg := fmt.Sprintf("no standard library %q", arg)
			names := stdNames()
			if s := suggest.Closest(arg, names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return usagef(c, "%s; there are %s", msg, strings.Join(names, ", "))
		}
		name, src, callPrefix = arg, text, lib
		e.sources.put(name, src)
	} else {
		text, d := e.sources.readSource(arg)
		if d != nil {
			return e.fail(c, grammar.Diagnostics{d})
		}
		name, src = arg, text
		callPrefix = strings.TrimSuffix(filepath.Base(arg), ".flow")
	}
	file, diags := grammar.Parse(name, src)
	if diags.HasErrors() || file == nil {
		return e.fail(c, diags)
	}
	writeLibraryDoc(e.stdout, name, callPrefix, src, file)
	return nil
}

// fail prints diags as text on stderr and ends the command with
// [ExitErrors].
func (e *env) fail(c *ucli.Context, diags grammar.Diagnostics) error {
	if err := e.printText(c, e.stderr, diags); err != nil {
		return err
	}
	return exitError{ExitErrors}
}

func stdNames() []string {
	var out []string
	for _, n := range stdlib.Names() {
		out = append(out, "std/"+n)
	}
	return out
}

// listStd prints the standard libraries with the first line of each one's
// header comment.
func (e *env) listStd() error {
	names := stdNames()
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	fmt.Fprintln(e.stdout, "The standard library (import \"std/NAME\"; 'flow doc std/NAME' for its flows):")
	fmt.Fprintln(e.stdout)
	for _, n := range names {
		src, _ := stdlib.Source(strings.TrimPrefix(n, "std/"))
		file, _ := grammar.Parse(n, src)
		summary := ""
		if lines := headerComment(file); len(lines) > 0 {
			summary = strings.TrimSpace(strings.TrimPrefix(lines[0], n+":"))
		}
		fmt.Fprintf(e.stdout, "  %-*s  %s\n", width, n, summary)
	}
	return nil
}

// headerComment returns the lines of the comment block that opens a file,
// before its first import or flow, without their `#`.
func headerComment(file *grammar.File) []string {
	if file == nil {
		return nil
	}
	first := -1
	if len(file.Imports) > 0 {
		first = file.Imports[0].Start.Line
	}
	if len(file.Flows) > 0 && (first < 0 || file.Flows[0].Start.Line < first) {
		first = file.Flows[0].Start.Line
	}
	var lines []string
	next := 1
	for _, cm := range file.Comments {
		if cm.Trailing || (first > 0 && cm.Start.Line >= first) || cm.Start.Line != next {
			break
		}
		next++
		text := strings.TrimPrefix(cm.Text, "#")
		text = strings.TrimPrefix(text, " ")
		lines = append(lines, strings.TrimRight(text, " \t"))
	}
	return lines
}

// writeLibraryDoc prints a library's header comment and each flow: how to
// call it, its description, and its facts and secrets with types, defaults
// and docs.
func writeLibraryDoc(w io.Writer, name, callPrefix string, src []byte, file *grammar.File) {
	fmt.Fprintf(w, "%s\n", name)
	if lines := headerComment(file); len(lines) > 0 {
		fmt.Fprintln(w)
		for _, l := range lines {
			if l == "" {
				fmt.Fprintln(w)
			} else {
				fmt.Fprintf(w, "  %s\n", l)
			}
		}
	}
	for _, f := range file.Flows {
		if f == nil || f.Name == nil {
			continue
		}
		fmt.Fprintf(w, "\nflow %s\n", f.Name.Name)
		if f.Description != nil {
			if d, ok := f.Description.Value(); ok {
				for _, line := range wrap(d, 76) {
					fmt.Fprintf(w, "    %s\n", line)
				}
			}
		}
		var facts []*grammar.FactDecl
		var secrets []*grammar.SecretDecl
		if f.Body != nil {
			for _, s := range f.Body.Stmts {
				switch s := s.(type) {
				case *grammar.FactDecl:
					facts = append(facts, s)
				case *grammar.SecretDecl:
					secrets = append(secrets, s)
				}
			}
		}
		var args []string
		for _, fd := range facts {
			if fd.Default == nil && fd.Name != nil {
				args = append(args, fd.Name.Name+" = …")
			}
		}
		for _, sd := range secrets {
			if sd.Name != nil {
				args = append(args, sd.Name.Name+" = …")
			}
		}
		fmt.Fprintf(w, "\n    %s.%s(%s)\n", callPrefix, f.Name.Name, strings.Join(args, ", "))
		if len(facts)+len(secrets) == 0 {
			continue
		}
		fmt.Fprintln(w)
		var heads, docs []string
		for _, fd := range facts {
			if fd.Name == nil {
				continue
			}
			h := "fact " + fd.Name.Name
			if fd.Type != nil {
				h += ": " + fd.Type.Name
			}
			if fd.Default != nil {
				h += " = " + sourceText(src, fd.Default.Range)
			}
			heads = append(heads, h)
			docs = append(docs, stringValue(fd.Doc))
		}
		for _, sd := range secrets {
			if sd.Name == nil {
				continue
			}
			heads = append(heads, "secret "+sd.Name.Name)
			docs = append(docs, stringValue(sd.Doc))
		}
		width := 0
		for _, h := range heads {
			width = max(width, len(h))
		}
		for i, h := range heads {
			if docs[i] == "" {
				fmt.Fprintf(w, "    %s\n", h)
			} else {
				fmt.Fprintf(w, "    %-*s  %s\n", width, h, docs[i])
			}
		}
	}
}

func stringValue(s *grammar.StringLit) string {
	if s == nil {
		return ""
	}
	if v, ok := s.Value(); ok {
		return v
	}
	return s.Raw
}

// sourceText is the text of r in src, as written (a default keeps its
// quotes), or "" when r does not lie in src.
func sourceText(src []byte, r grammar.Range) string {
	if r.Start.Offset < 0 || r.End.Offset > len(src) || r.End.Offset < r.Start.Offset {
		return ""
	}
	return string(src[r.Start.Offset:r.End.Offset])
}

// stdSource finds the text of a standard library file by the name
// diagnostics give it ("std/web"), for their snippets.
func stdSource(name string) ([]byte, bool) {
	lib, ok := strings.CutPrefix(name, "std/")
	if !ok {
		return nil, false
	}
	return stdlib.Source(strings.TrimSuffix(lib, ".flow"))
}
