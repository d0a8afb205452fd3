package compiler

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"flow/grammar"
	"flow/plan"
)

// LoadFacts reads the facts of a run for flow: the YAML facts file (data,
// named filename; empty data means no file), then the --fact overrides
// ("name=value", which win), then the declared defaults. Each value is
// checked against its declared type and converted to the Go value
// expressions use (text, email, url: string; number: float64; bool; date:
// stdlib.Date; money: stdlib.Money; list: []string). A text fact takes a
// scalar's source text as written (zip: 01234 stays "01234"). Every problem
// (a document that is not a mapping, a duplicate or unknown key, a wrong
// type, a missing required fact) is a diagnostic naming file, line and
// column; the map holds every value that could be read.
func LoadFacts(flow *plan.Flow, filename string, data []byte, overrides []string) (map[string]any, grammar.Diagnostics) {
	l := &yamlFile{name: filename, data: data}
	values := map[string]any{}
	facts := map[string]*plan.Fact{}
	var names []string
	for _, f := range flow.Facts {
		facts[f.Name] = f
		names = append(names, f.Name)
	}
	secrets := map[string]bool{}
	for _, s := range flow.Secrets {
		secrets[s.Name] = true
	}
	pairs := l.mapping()
	present := map[string]bool{}
	for _, kv := range pairs {
		key, val := kv[0], kv[1]
		present[key.Value] = true
		f, ok := facts[key.Value]
		if !ok {
			hint := didYouMean(key.Value, names, "the flow's facts are "+joinOr(names))
			d := l.errorf(key, UnknownFact, hint, "%s is not a fact of flow %s", key.Value, flow.Name)
			if secrets[key.Value] {
				// The line holds the secret's value: point at it, never quote it.
				d.Hint = "a secret never goes in the facts file: set " + SecretEnvVar(key.Value) + " or use --secrets"
				d.Private = true
			}
			continue
		}
		v, msg := nodeValue(val, f.Type)
		if msg != "" {
			l.errorf(val, FactType, "fact "+f.Name+" is "+article(string(f.Type))+": "+exampleOf(f.Type), "fact %s: %s", f.Name, msg)
			continue
		}
		values[f.Name] = v
	}
	for _, o := range overrides {
		// A flag's diagnostics are named after the flag and the fact, never
		// the value: someone may have passed a secret here by mistake.
		name, text, ok := strings.Cut(o, "=")
		name = strings.TrimSpace(name)
		r := grammar.Range{Filename: "--fact " + name, Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}}
		if !ok || name == "" {
			l.diags = append(l.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: BadFactFlag, Range: r,
				Summary: "a --fact flag is not NAME=VALUE", Hint: "write --fact origin=Lisbon"})
			continue
		}
		f, ok := facts[name]
		if !ok {
			hint := didYouMean(name, names, "the flow's facts are "+joinOr(names))
			if secrets[name] {
				hint = "a secret is never passed as a fact: set " + SecretEnvVar(name) + " or use --secrets"
			}
			l.diags = append(l.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: UnknownFact, Range: r,
				Summary: name + " is not a fact of flow " + flow.Name, Hint: hint})
			continue
		}
		present[name] = true
		v, err := textValue(f.Type, text)
		if err != nil {
			hint := "fact " + name + " is " + article(string(f.Type))
			if f.Type == plan.TypeList {
				hint = listFlagHint(name)
			}
			l.diags = append(l.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: FactType, Range: r,
				Summary: "fact " + name + ": " + err.Error(), Hint: hint})
			continue
		}
		values[name] = v
	}
	for _, f := range flow.Facts {
		// A value that was given but is wrong is reported already; in a
		// file that is not a mapping every fact would be missing, which
		// says nothing new.
		if _, ok := values[f.Name]; ok || present[f.Name] || l.broken {
			continue
		}
		if f.Default != nil {
			if v, err := defaultValue(f); err == nil {
				values[f.Name] = v
			}
			continue
		}
		r := l.start()
		hint := "add `" + f.Name + ": …` to the facts file or pass --fact " + f.Name + "=…"
		if filename == "" {
			r = fromPlanRange(f.Range)
			hint = "pass --facts FILE with `" + f.Name + ": …`, or --fact " + f.Name + "=…"
		}
		d := &grammar.Diagnostic{Severity: grammar.Error, Code: MissingFact, Range: r,
			Summary: "missing required fact " + f.Name + " (" + string(f.Type) + ")", Hint: hint}
		d.Related = []grammar.Related{{Message: f.Name + " is declared here", Range: fromPlanRange(f.Range)}}
		l.diags = append(l.diags, d)
	}
	l.diags.Sort()
	return values, l.diags
}

// SecretEnvVar names the environment variable that holds a secret's value.
func SecretEnvVar(name string) string { return "FLOW_SECRET_" + strings.ToUpper(name) }

// LoadSecrets reads the secrets of a run for flow: from the environment
// (FLOW_SECRET_<NAME>, through getenv, which wins) or from the YAML secrets
// file (data, named filename; empty means none). A missing secret is a
// diagnostic naming the variable to set. No diagnostic ever holds a secret's
// value, not even part of one.
func LoadSecrets(flow *plan.Flow, filename string, data []byte, getenv func(string) string) (map[string]string, grammar.Diagnostics) {
	l := &yamlFile{name: filename, data: data, secret: true}
	values := map[string]string{}
	declared := map[string]bool{}
	var names []string
	for _, s := range flow.Secrets {
		declared[s.Name] = true
		names = append(names, s.Name)
	}
	for _, kv := range l.mapping() {
		key, val := kv[0], kv[1]
		if !declared[key.Value] {
			l.errorf(key, UnknownFact, didYouMean(key.Value, names, "the flow's secrets are "+joinOr(names)), "%s is not a secret of flow %s", key.Value, flow.Name)
			continue
		}
		if val.Kind != yaml.ScalarNode || val.Tag == "!!null" {
			l.errorf(val, FactType, "write it as text: "+key.Value+": \"…\"", "secret %s must be text", key.Value)
			continue
		}
		values[key.Value] = val.Value
	}
	for _, s := range flow.Secrets {
		if getenv != nil {
			if v := getenv(SecretEnvVar(s.Name)); v != "" {
				values[s.Name] = v
			}
		}
		if _, ok := values[s.Name]; ok || l.broken {
			continue
		}
		hint := "set " + SecretEnvVar(s.Name)
		if filename != "" {
			hint += " or add " + s.Name + " to " + filename
		} else {
			hint += " or pass --secrets FILE"
		}
		l.diags = append(l.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: MissingSecret, Range: fromPlanRange(s.Range),
			Summary: "missing secret " + s.Name + ": set " + SecretEnvVar(s.Name), Hint: hint})
	}
	l.diags.Sort()
	return values, l.diags
}

// yamlFile reads one facts or secrets file, positioning every problem.
type yamlFile struct {
	name   string
	data   []byte
	secret bool // a secrets file: no message may quote its content
	broken bool // not YAML, or not a mapping
	diags  grammar.Diagnostics
}

var yamlLineRe = regexp.MustCompile(`line (\d+)(?:, column (\d+))?: (.*)$`)

// mapping decodes the file and returns its key and value nodes in order.
// An empty file (or one holding only comments) is an empty mapping.
func (l *yamlFile) mapping() [][2]*yaml.Node {
	if len(bytes.TrimSpace(l.data)) == 0 {
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(l.data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		l.yamlError(err)
		l.broken = true
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		l.errorf(&extra, BadFactsFile, "keep one document: remove the --- line", "the file holds more than one YAML document")
	}
	root := &doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return nil
		}
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		l.errorf(root, BadFactsFile, "write one NAME: VALUE per line", "the file must hold a mapping of names to values")
		l.broken = true
		return nil
	}
	var out [][2]*yaml.Node
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, val := root.Content[i], root.Content[i+1]
		if key.Kind != yaml.ScalarNode {
			l.errorf(key, BadFactsFile, "write NAME: VALUE", "a key must be a name")
			continue
		}
		if prev, dup := seen[key.Value]; dup {
			d := l.errorf(key, BadFactsFile, "keep one of them", "%s is given twice", key.Value)
			d.Related = []grammar.Related{{Message: "the first " + key.Value, Range: l.rangeOf(prev)}}
			continue
		}
		seen[key.Value] = key
		out = append(out, [2]*yaml.Node{key, val})
	}
	return out
}

// yamlError turns a YAML syntax error into a positioned diagnostic. For a
// secrets file only the position and yaml's description are kept: yaml
// quotes no value in its syntax errors, and the message is cut to be sure.
func (l *yamlFile) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	r := l.start()
	if m := yamlLineRe.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col := 1
		if m[2] != "" {
			col, _ = strconv.Atoi(m[2])
		}
		r = l.at(line, col, 1)
		msg = m[3]
	}
	if l.secret {
		if i := strings.IndexAny(msg, "`'\""); i >= 0 {
			msg = strings.TrimSpace(msg[:i])
		}
	}
	l.diags = append(l.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: BadFactsFile, Range: r,
		Summary: "not valid YAML: " + msg, Hint: "write one NAME: VALUE per line", Private: l.secret})
}

func (l *yamlFile) errorf(n *yaml.Node, code, hint, format string, args ...any) *grammar.Diagnostic {
	d := &grammar.Diagnostic{Severity: grammar.Error, Code: code, Summary: fmt.Sprintf(format, args...), Hint: hint, Range: l.rangeOf(n), Private: l.secret}
	l.diags = append(l.diags, d)
	return d
}

func (l *yamlFile) start() grammar.Range { return l.at(1, 1, 1) }

// rangeOf returns the range of a node: its line and column, spanning its
// text when that is on one line.
func (l *yamlFile) rangeOf(n *yaml.Node) grammar.Range {
	width := 1
	if n.Kind == yaml.ScalarNode && !strings.Contains(n.Value, "\n") && n.Style == 0 {
		width = max(1, utf8.RuneCountInString(n.Value))
	}
	return l.at(n.Line, n.Column, width)
}

// at converts yaml's line and column (which count runes) to a range whose
// columns count bytes, as every diagnostic's do.
func (l *yamlFile) at(line, col, width int) grammar.Range {
	line = max(line, 1)
	col = max(col, 1)
	off := 0
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(l.data[off:], '\n')
		if j < 0 {
			break
		}
		off += j + 1
	}
	lineStart := off
	advance := func(runes int) {
		for ; runes > 0 && off < len(l.data) && l.data[off] != '\n'; runes-- {
			_, size := utf8.DecodeRune(l.data[off:])
			off += size
		}
	}
	advance(col - 1)
	start := grammar.Pos{Offset: off, Line: line, Column: off - lineStart + 1}
	advance(width)
	end := grammar.Pos{Offset: off, Line: line, Column: off - lineStart + 1}
	if end.Offset == start.Offset {
		end.Offset, end.Column = start.Offset+1, start.Column+1
	}
	return grammar.Range{Filename: l.name, Start: start, End: end}
}

// nodeValue converts a YAML value node to the Go value of type t, or says
// why it does not fit.
func nodeValue(n *yaml.Node, t plan.Type) (any, string) {
	if t == plan.TypeList {
		if n.Kind != yaml.SequenceNode {
			return nil, "expected a list (- item per line, or [a, b])"
		}
		out := []string{}
		for _, item := range n.Content {
			if item.Kind != yaml.ScalarNode {
				return nil, "list items must be text"
			}
			out = append(out, item.Value)
		}
		return out, ""
	}
	if n.Kind != yaml.ScalarNode {
		return nil, "expected one value, not a list or mapping"
	}
	if n.Tag == "!!null" && n.Style == 0 && (n.Value == "" || n.Value == "~" || n.Value == "null") {
		return nil, "has no value"
	}
	v, err := parseValue(t, n.Value)
	if err != nil {
		return nil, err.Error()
	}
	return v, ""
}

// textValue reads a --fact value by the declared type; a list is written
// comma-separated (see parseFactList).
func textValue(t plan.Type, text string) (any, error) {
	if t == plan.TypeList {
		return parseFactList(text)
	}
	return parseValue(t, text)
}

// listFlagHint says how a list fact is written on the command line.
func listFlagHint(name string) string {
	return "write a list as --fact " + name + "=a,b,c; put an element that holds a comma in double quotes, " +
		"as in CSV: --fact '" + name + `="Lisbon, PT",Oslo'; a quote inside quotes is doubled ("")`
}

// parseFactList reads a list fact written on one line, as --fact and a
// case's fact: take it: elements separated by commas (a,b,c), the spaces
// around each dropped, an empty one (a,,b or a trailing comma) left out.
// As in CSV, an element that starts with a double quote runs to the
// closing quote and may hold commas and spaces ("Lisbon, PT",Oslo); a
// quote inside it is doubled (""). A quote elsewhere in an element is
// kept as written (5" screen). The errors name the element by its number,
// never its text: the value may be a secret passed by mistake.
func parseFactList(text string) ([]string, error) {
	out := []string{}
	for n, i := 1, 0; i <= len(text); n++ {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i < len(text) && text[i] == '"' {
			var b strings.Builder
			closed := false
			for i++; i < len(text); i++ {
				if text[i] != '"' {
					b.WriteByte(text[i])
					continue
				}
				if i+1 < len(text) && text[i+1] == '"' {
					b.WriteByte('"')
					i++
					continue
				}
				closed = true
				i++
				break
			}
			if !closed {
				return nil, fmt.Errorf("the quote that opens element %d of the list is never closed", n)
			}
			for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
				i++
			}
			if i < len(text) && text[i] != ',' {
				return nil, fmt.Errorf("element %d of the list goes on after its closing quote; a comma must follow it", n)
			}
			out = append(out, b.String())
			i++
			continue
		}
		j := strings.IndexByte(text[i:], ',')
		if j < 0 {
			j = len(text) - i
		}
		if item := strings.TrimSpace(text[i : i+j]); item != "" {
			out = append(out, item)
		}
		i += j + 1
	}
	return out, nil
}

// FactListText writes items as parseFactList reads them back: an element
// is quoted when it holds a comma or a double quote, starts or ends with a
// space, or is empty.
func FactListText(items []string) string {
	parts := make([]string, len(items))
	for i, it := range items {
		if it == "" || strings.ContainsAny(it, ",\"") || strings.TrimSpace(it) != it {
			it = `"` + strings.ReplaceAll(it, `"`, `""`) + `"`
		}
		parts[i] = it
	}
	return strings.Join(parts, ",")
}

// defaultValue converts a fact's declared default to its Go value.
func defaultValue(f *plan.Fact) (any, error) {
	d := f.Default
	switch {
	case d.IsList:
		return append([]string{}, d.List...), nil
	case d.Num != nil:
		return *d.Num, nil
	case d.Bool != nil:
		return *d.Bool, nil
	case d.Str != nil:
		return parseValue(f.Type, *d.Str)
	}
	return nil, errors.New("empty default")
}

// fromPlanRange converts a plan range back to a diagnostic range (without
// byte offsets, which the plan does not keep).
func fromPlanRange(r plan.Range) grammar.Range {
	return grammar.Range{Filename: r.File, Start: grammar.Pos{Line: r.Line, Column: r.Col}, End: grammar.Pos{Line: r.EndLine, Column: r.EndCol}}
}
