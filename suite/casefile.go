package suite

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"flow/compiler"
	"flow/grammar"
	"flow/internal/suggest"
	"flow/runtime"
)

// Codes of the diagnostics of case files. They follow the compiler's E and
// L codes with their own letter: T for test.
const (
	// CodeBadCaseFile: a case file is not YAML, or not the shape of one.
	CodeBadCaseFile = "T001"
	// CodeUnknownKey: a key a case file does not know (a typo, mostly).
	CodeUnknownKey = "T002"
	// CodeBadCase: a case names no flow, a missing file, an unknown
	// outcome or site, or repeats another case's name.
	CodeBadCase = "T003"
	// CodeCaseSecret: a secret the case takes from the environment is not
	// set there.
	CodeCaseSecret = "T004"
)

// caseKeys are the keys of one entry under `cases:` in a *.test.yaml file.
var caseKeys = []string{"name", "flow", "flow_name", "facts", "fact", "site", "secrets",
	"expect", "stop_target", "step", "reason", "variables"}

// expectKeys are the keys of a NAME.expect.yaml file the suite reads; the
// example library's tests read the rest (site events, cheapest flight).
var expectKeys = []string{"flow", "site", "secrets", "outcome", "stop_target", "variables"}

// declared is a case as a case file writes it, before its flow is
// compiled: where each part was written, for diagnostics.
type declared struct {
	Case
	// env maps a secret's name to the environment variable that holds it
	// (a test file); values holds fixture test values (an expect file).
	env, values map[string]string
	flowNode    *yaml.Node // the `flow:` value, or the case's node
	siteNode    *yaml.Node
	secretNodes map[string]*yaml.Node
	listNodes   map[string]*yaml.Node // `fact:` values written as YAML lists
	node        *yaml.Node
	src         *caseFile // the file that declared the case; nil for a flow found on its own
}

// caseFile reads one *.test.yaml or NAME.expect.yaml file.
type caseFile struct {
	name  string // slash-separated path
	data  []byte
	diags grammar.Diagnostics
}

// parseTestFile reads the cases of a *.test.yaml file. Paths in it are
// relative to the file's folder.
func parseTestFile(name string, data []byte) ([]*declared, grammar.Diagnostics) {
	f := &caseFile{name: name, data: data}
	root := f.root()
	if root == nil {
		return nil, f.diags
	}
	var list *yaml.Node
	for _, kv := range f.pairs(root, []string{"cases"}) {
		list = kv[1]
	}
	if list == nil {
		f.errorf(root, CodeBadCaseFile, "write `cases:` and one `- flow: FILE.flow` entry per case", "no cases: list")
		return nil, f.diags
	}
	if list.Kind != yaml.SequenceNode {
		f.errorf(list, CodeBadCaseFile, "write each case as `- flow: FILE.flow`", "cases must be a list")
		return nil, f.diags
	}
	var out []*declared
	for _, item := range list.Content {
		if d := f.testCase(item); d != nil {
			out = append(out, d)
		}
	}
	return out, f.diags
}

func (f *caseFile) testCase(item *yaml.Node) *declared {
	if item.Kind != yaml.MappingNode {
		f.errorf(item, CodeBadCaseFile, "write a case as `- flow: FILE.flow` with its keys below", "a case must be a mapping")
		return nil
	}
	d := &declared{node: item, flowNode: item, env: map[string]string{}, secretNodes: map[string]*yaml.Node{}, src: f}
	d.Declared = fmt.Sprintf("%s:%d:%d", f.name, item.Line, item.Column)
	dir := path.Dir(f.name)
	ok := true
	for _, kv := range f.pairs(item, caseKeys) {
		k, v := kv[0], kv[1]
		switch k.Value {
		case "name":
			d.Name, ok = f.text(v, ok)
		case "flow":
			var rel string
			rel, ok = f.text(v, ok)
			d.File, d.flowNode = path.Join(dir, rel), v
		case "flow_name":
			d.FlowName, ok = f.text(v, ok)
		case "facts":
			var rel string
			rel, ok = f.text(v, ok)
			d.FactsFile = path.Join(dir, rel)
		case "fact":
			for _, p := range f.pairs(v, nil) {
				// A fact's value keeps its text as written; the compiler
				// checks it against the fact's type. A YAML list is
				// written as --fact writes one, each item kept whole.
				val := p[1].Value
				if p[1].Kind == yaml.SequenceNode {
					var items []string
					for _, it := range p[1].Content {
						if it.Kind != yaml.ScalarNode {
							f.errorf(it, CodeBadCaseFile, "write each item as text", "fact %s: want text, not %s", p[0].Value, kindName(it))
							ok = false
						}
						items = append(items, it.Value)
					}
					val = compiler.FactListText(items)
					if d.listNodes == nil {
						d.listNodes = map[string]*yaml.Node{}
					}
					d.listNodes[p[0].Value] = p[1]
				}
				d.Facts = append(d.Facts, p[0].Value+"="+val)
			}
		case "site":
			d.Site, ok = f.text(v, ok)
			d.siteNode = v
		case "secrets":
			for _, p := range f.pairs(v, nil) {
				env, good := f.text(p[1], true)
				if good && env == "" {
					f.errorf(p[1], CodeBadCase, "write `"+p[0].Value+": ENV_VAR`, the name of the variable that holds it", "secret %s names no environment variable", p[0].Value)
				}
				d.env[p[0].Value], d.secretNodes[p[0].Value] = env, p[1]
				ok = ok && good
			}
		case "expect":
			d.Expect.Outcomes, ok = f.outcomes(v, ok)
		case "stop_target":
			d.Expect.StopTarget, ok = f.text(v, ok)
		case "step":
			d.Expect.Step, ok = f.text(v, ok)
		case "reason":
			d.Expect.Reason, ok = f.text(v, ok)
		case "variables":
			d.Expect.Variables = map[string]string{}
			for _, p := range f.pairs(v, nil) {
				d.Expect.Variables[p[0].Value] = p[1].Value
			}
		}
	}
	if d.File == "" || d.File == dir {
		f.errorf(item, CodeBadCase, "add `flow: FILE.flow`, relative to "+f.name, "the case names no flow file")
		return nil
	}
	if !ok {
		return nil
	}
	return d
}

// parseExpectFile reads NAME.expect.yaml beside flowFile as one case: its
// flow (by name), fixture site, test secrets, outcome, stop target and
// variables. Its other keys belong to the example library's own tests and
// are left alone.
func parseExpectFile(name string, data []byte, flowFile string) (*declared, grammar.Diagnostics) {
	f := &caseFile{name: name, data: data}
	root := f.root()
	if root == nil {
		return nil, f.diags
	}
	d := &declared{node: root, flowNode: root, values: map[string]string{}, secretNodes: map[string]*yaml.Node{}, src: f}
	d.File, d.Declared = flowFile, fmt.Sprintf("%s:1:1", name)
	ok := true
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "flow":
			d.FlowName, ok = f.text(v, ok)
		case "site":
			d.Site, ok = f.text(v, ok)
			d.siteNode = v
		case "secrets":
			for _, p := range f.pairs(v, nil) {
				d.values[p[0].Value], d.secretNodes[p[0].Value] = p[1].Value, p[1]
			}
		case "outcome":
			d.Expect.Outcomes, ok = f.outcomes(v, ok)
		case "stop_target":
			d.Expect.StopTarget, ok = f.text(v, ok)
		case "variables":
			d.Expect.Variables = map[string]string{}
			for _, p := range f.pairs(v, nil) {
				d.Expect.Variables[p[0].Value] = p[1].Value
			}
		}
	}
	if !ok {
		return nil, f.diags
	}
	return d, f.diags
}

// root parses the file and returns its top mapping, or nil after a
// diagnostic.
func (f *caseFile) root() *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal(f.data, &doc); err != nil {
		f.yamlError(err)
		return nil
	}
	if len(doc.Content) == 0 {
		f.errorf(&doc, CodeBadCaseFile, "write `cases:` and one `- flow: FILE.flow` entry per case", "the file is empty")
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		f.errorf(root, CodeBadCaseFile, "write KEY: VALUE lines", "the file must be a mapping")
		return nil
	}
	return root
}

// pairs returns the key/value nodes of a mapping. With known keys, any
// other key is a diagnostic with the closest known one as a hint.
func (f *caseFile) pairs(n *yaml.Node, known []string) [][2]*yaml.Node {
	if n.Kind != yaml.MappingNode {
		f.errorf(n, CodeBadCaseFile, "write NAME: VALUE lines below it", "want a mapping, not %s", kindName(n))
		return nil
	}
	var out [][2]*yaml.Node
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if known != nil && !slices.Contains(known, k.Value) {
			hint := "the keys are " + strings.Join(known, ", ")
			if s := suggest.Closest(k.Value, known); s != "" {
				hint = "did you mean " + s + "?"
			}
			f.errorf(k, CodeUnknownKey, hint, "unknown key %s", k.Value)
			continue
		}
		if seen[k.Value] {
			f.errorf(k, CodeBadCaseFile, "keep one of them", "%s is given twice", k.Value)
			continue
		}
		seen[k.Value] = true
		out = append(out, [2]*yaml.Node{k, v})
	}
	return out
}

// text reads a scalar as text; ok turns false on a diagnostic.
func (f *caseFile) text(n *yaml.Node, ok bool) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		f.errorf(n, CodeBadCaseFile, "write it as text", "want text, not %s", kindName(n))
		return "", false
	}
	return n.Value, ok
}

// outcomes reads `expect:` or `outcome:`: one outcome or a list of them.
func (f *caseFile) outcomes(n *yaml.Node, ok bool) ([]runtime.Outcome, bool) {
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	var out []runtime.Outcome
	names := make([]string, len(expectable))
	for i, o := range expectable {
		names[i] = string(o)
	}
	for _, it := range items {
		s, good := f.text(it, true)
		if !good {
			ok = false
			continue
		}
		if !slices.Contains(names, s) {
			hint := "an outcome is one of " + strings.Join(names, ", ")
			if c := suggest.Closest(s, names); c != "" {
				hint = "did you mean " + c + "?"
			}
			f.errorf(it, CodeBadCase, hint, "unknown outcome %s", s)
			ok = false
			continue
		}
		out = append(out, runtime.Outcome(s))
	}
	return out, ok
}

func kindName(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Tag == "!!null":
		return "nothing"
	}
	return "text"
}

var yamlLineRe = regexp.MustCompile(`line (\d+)(?:, column (\d+))?: (.*)$`)

// yamlError turns yaml.v3's error ("yaml: line 3: …") into a diagnostic at
// that line.
func (f *caseFile) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	r := f.at(1, 1, 1)
	if m := yamlLineRe.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col := 1
		if m[2] != "" {
			col, _ = strconv.Atoi(m[2])
		}
		r, msg = f.at(line, col, 1), m[3]
	}
	f.diags = append(f.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: CodeBadCaseFile, Range: r,
		Summary: "not valid YAML: " + msg, Hint: "indent each case's keys under its `- flow:` line, with spaces"})
}

func (f *caseFile) errorf(n *yaml.Node, code, hint, format string, args ...any) {
	width := 1
	if n.Kind == yaml.ScalarNode && !strings.Contains(n.Value, "\n") && n.Style == 0 {
		width = max(1, utf8.RuneCountInString(n.Value))
	}
	f.diags = append(f.diags, &grammar.Diagnostic{Severity: grammar.Error, Code: code,
		Summary: fmt.Sprintf(format, args...), Hint: hint, Range: f.at(n.Line, n.Column, width)})
}

// at converts yaml's line and column (in runes) to a range whose columns
// count bytes, as every diagnostic's do.
func (f *caseFile) at(line, col, width int) grammar.Range {
	return rangeAt(f.name, f.data, line, col, width)
}

func rangeAt(name string, data []byte, line, col, width int) grammar.Range {
	line, col = max(line, 1), max(col, 1)
	off := 0
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(data[off:], '\n')
		if j < 0 {
			break
		}
		off += j + 1
	}
	lineStart := off
	advance := func(runes int) {
		for ; runes > 0 && off < len(data) && data[off] != '\n'; runes-- {
			_, size := utf8.DecodeRune(data[off:])
			off += size
		}
	}
	advance(col - 1)
	start := grammar.Pos{Offset: off, Line: line, Column: off - lineStart + 1}
	advance(width)
	end := grammar.Pos{Offset: off, Line: line, Column: off - lineStart + 1}
	return grammar.Range{Filename: name, Start: start, End: end}
}
