package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"flow/compiler"
	"flow/grammar"
)

// TestFlows checks the task flows as `flow validate` and `flow lint` do,
// and more strictly: every development task has a flow and no other task
// does, each flow compiles, is formatted, and lints with no warning left
// (a suppression must give its reason), and the facts its task's parser
// gives for each goal case load into it with no error, its secrets (a
// password) as a secrets file.
func TestFlows(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("flows", "*.flow"))
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	var sources []compiler.Source
	for _, p := range paths {
		have = append(have, strings.TrimSuffix(filepath.Base(p), ".flow"))
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, compiler.Source{Name: p, Src: src})
	}
	for _, task := range devTasks {
		if !slices.Contains(have, task) {
			t.Errorf("no flow for development task %s", task)
		}
	}
	for _, task := range have {
		if !slices.Contains(devTasks, task) {
			t.Errorf("flows/%s.flow is not a development task: the other tasks are kept for evaluation", task)
		}
	}

	for _, d := range compiler.Lint(sources) {
		t.Errorf("lint: %v", d)
	}

	for _, s := range sources {
		formatted, diags := grammar.FormatSource(s.Name, s.Src)
		if diags.HasErrors() {
			t.Errorf("%s: %v", s.Name, diags)
		} else if !bytes.Equal(formatted, s.Src) {
			t.Errorf("%s is not formatted (flow fmt -w)", s.Name)
		}

		prog, diags := compiler.CompileFile(s.Name)
		if diags.HasErrors() {
			t.Errorf("%s: %v", s.Name, diags)
			continue
		}
		fl, err := compiler.SelectFlow(prog, "")
		if err != nil {
			t.Errorf("%s: %v", s.Name, err)
			continue
		}
		task := strings.TrimSuffix(filepath.Base(s.Name), ".flow")
		for _, c := range goalCases[task] {
			all, err := parsers[task](c.goal)
			if err != nil {
				continue // TestParsers reports it
			}
			f, secrets := splitSecrets(all)
			y, err := factsYAML(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, diags := compiler.LoadFacts(fl, task+".facts.yaml", y, nil); len(diags) > 0 {
				t.Errorf("%s: the facts of %q do not load:\n%s\n%v", task, c.goal, y, diags)
			}
			sy, err := yaml.Marshal(secrets)
			if err != nil {
				t.Fatal(err)
			}
			if len(secrets) == 0 {
				sy = nil
			}
			if _, diags := compiler.LoadSecrets(fl, task+".secrets.yaml", sy, nil); len(diags) > 0 {
				t.Errorf("%s: the secrets of %q do not load: %v", task, c.goal, diags)
			}
		}
	}
}
