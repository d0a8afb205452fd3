package decide

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScriptAnswers(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "answers.yaml")
	os.WriteFile(file, []byte(`answers:
  "4/target": e2
  "5/target": {key: e3, confidence: 0.6}
  "6/target": none
  "7/judge": 0.9
  "8/target": [e1, e3]
  "9/target": e42
`), 0o644)
	d, err := New("script:"+file, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	q := sampleQuestion()
	ask := func(id string) Choice {
		t.Helper()
		q.ID = id
		ch, err := d.Choose(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		return ch
	}
	if ch := ask("4/target"); ch.Key != "e2" || ch.Confidence != 1 {
		t.Errorf("4/target = %+v", ch)
	}
	if ch := ask("5/target"); ch.Key != "e3" || ch.Confidence != 0.6 {
		t.Errorf("5/target = %+v", ch)
	}
	if ch := ask("6/target"); !ch.None() {
		t.Errorf("6/target = %+v, want none", ch)
	}
	if a, b, c := ask("8/target"), ask("8/target"), ask("8/target"); a.Key != "e1" || b.Key != "e3" || c.Key != "e3" {
		t.Errorf("8/target in turn = %s %s %s, want e1 e3 e3", a.Key, b.Key, c.Key)
	}
	if ch := ask("9/target"); !ch.None() {
		t.Errorf("a key not offered must be none, got %+v", ch)
	}
	j, err := d.Judge(ctx, Statement{ID: "7/judge", Text: "x"})
	if err != nil || j.Probability != 0.9 {
		t.Errorf("7/judge = %+v, %v", j, err)
	}
	q.ID = "10/target"
	_, err = d.Choose(ctx, q)
	if !errors.Is(err, ErrUnanswered) || !strings.Contains(err.Error(), `"10/target"`) {
		t.Errorf("unanswered: %v", err)
	}
	if _, err := d.Judge(ctx, Statement{ID: "4/target", Text: "x"}); err == nil || !strings.Contains(err.Error(), "answers.yaml:2:15") {
		t.Errorf("a key answering a statement: %v", err)
	}
}

func TestScriptErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"answers: [1, 2]\n", "s.yaml:1:10: answers must map"},
		{"answer:\n  \"1/x\": e1\n", "s.yaml:1:1: unknown key \"answer\""},
		{"answers:\n  \"1/x\": 1.5\n", "s.yaml:2:10: probability 1.5"},
		{"answers:\n  \"1/x\": {key: e1, confidence: high}\n", "s.yaml:2:32: confidence \"high\""},
		{"answers:\n  \"1/x\": {key: e1, probability: 0.5}\n", "s.yaml:2:10: an answer has either a key or a probability"},
		{"answers:\n  \"1/x\": {ky: e1}\n", "s.yaml:2:11: unknown field \"ky\""},
		{"answers:\n  \"1/x\": e1\n  \"1/x\": e2\n", "s.yaml:3:3: question \"1/x\" answered twice"},
		{"answers:\n  \"1/x\": [[e1]]\n", "s.yaml:2:11: an answer is a key"},
		{"answers: {\"1/x\": e1\n", "s.yaml: yaml: line 1"},
		{"", "s.yaml:1:1: empty script"},
	}
	for _, tc := range tests {
		_, err := ParseScript("s.yaml", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
	}
	if _, err := New("script:/no/such/file.yaml", Options{}); err == nil || !strings.Contains(err.Error(), "/no/such/file.yaml") {
		t.Errorf("missing file: %v", err)
	}
}

func TestNewSpecs(t *testing.T) {
	env := func(k string) string { return map[string]string{"OPENAI_API_KEY": "k1"}[k] }
	for _, spec := range []string{"", "local", " local "} {
		if d, err := New(spec, Options{}); err != nil || d.Name() != "local" {
			t.Errorf("%q: %v", spec, err)
		}
	}
	if d, err := New("openai:gpt-x", Options{Getenv: env}); err != nil || d.Name() != "openai:gpt-x" {
		t.Errorf("openai with env key: %v", err)
	}
	bad := []struct{ spec, want string }{
		{"gpt-4", `unknown model "gpt-4"; use one of local, openai:MODEL`},
		{"openai", "names no model; write openai:MODEL"},
		{"anthropic:", "names no model"},
		{"anthropic:claude-x", "needs an API key: set ANTHROPIC_API_KEY"},
		{"script:", "names no file"},
		{"local:fast", "local takes no argument"},
	}
	for _, tc := range bad {
		_, err := New(tc.spec, Options{Getenv: env})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.spec, err, tc.want)
		}
	}
}

func TestQuestionValidate(t *testing.T) {
	good := sampleQuestion()
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	mut := func(f func(*Question)) error {
		q := sampleQuestion()
		q.Options = append([]Option(nil), q.Options...)
		f(&q)
		return q.Validate()
	}
	tests := []struct {
		f    func(*Question)
		want string
	}{
		{func(q *Question) { q.ID = "" }, "without an ID"},
		{func(q *Question) { q.Purpose = "click" }, `unknown purpose "click"`},
		{func(q *Question) { q.Options = nil }, "offers no options"},
		{func(q *Question) { q.Options[1].Key = "e1" }, `key "e1" offered twice`},
		{func(q *Question) { q.Options[0].Key = "none" }, "reserved key"},
		{func(q *Question) { q.Options[0].Key = "" }, "empty key"},
		{func(q *Question) {
			for i := 0; i < 20; i++ {
				q.Options = append(q.Options, Option{Key: "x" + string(rune('a'+i))})
			}
		}, "offers 23 options, at most 20"},
	}
	for _, tc := range tests {
		if err := mut(tc.f); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	// Every decider refuses an invalid question before anything else.
	q := sampleQuestion()
	q.ID = ""
	if _, err := NewLocal().Choose(context.Background(), q); err == nil {
		t.Error("local accepted a question without ID")
	}
}
