package plan

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/expr-lang/expr"
)

type stringer struct{ s string }

func (s stringer) String() string { return s.s }

func TestRender(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{"Lisbon", "Lisbon"},
		{1.0, "1"},
		{2.5, "2.5"},
		{1e21, "1000000000000000000000"},
		{3, "3"},
		{true, "true"},
		{[]string{"a", "b"}, "a, b"},
		{[]any{"a", 2.0, false}, "a, 2, false"},
		{stringer{"12.50 EUR"}, "12.50 EUR"},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := Render(tt.in); got != tt.want {
			t.Errorf("Render(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTemplateRender(t *testing.T) {
	prog, err := expr.Compile("n * 2", expr.Env(map[string]any{"n": 0.0}))
	if err != nil {
		t.Fatal(err)
	}
	tpl := &Template{Parts: []*Part{{Text: "show "}, {Expr: &Expr{Src: "n * 2", Program: prog}}, {Text: " rows"}}}
	got, err := tpl.Render(map[string]any{"n": 2.5})
	if err != nil || got != "show 5 rows" {
		t.Errorf("Render = %q, %v", got, err)
	}
	if s := tpl.String(); s != "show ${n * 2} rows" {
		t.Errorf("String = %q", s)
	}
	if _, ok := tpl.Literal(); ok {
		t.Error("a template with an expression is not literal")
	}
	unlinked := &Template{Parts: []*Part{{Expr: &Expr{Src: "n", Range: Range{File: "a.flow", Line: 3, Col: 9}}}}}
	if _, err := unlinked.Render(nil); err == nil || !strings.Contains(err.Error(), "a.flow:3:9") {
		t.Errorf("unlinked render: %v", err)
	}
}

func TestLoadRoundTrip(t *testing.T) {
	n := 2.0
	p := &Program{Files: []string{"a.flow"}, Flows: []*Flow{{
		Name: "f", Description: "F", File: "a.flow",
		Budget:  Budget{Actions: DefaultActions, Decisions: DefaultDecisions, Time: DefaultTime},
		Payment: PaymentStop,
		Steps: []*Step{
			{Path: "1", Kind: KindWaitFor, Within: Duration(20 * time.Second), Text: &Template{Parts: []*Part{{Text: "x"}}}},
			{Path: "2", Kind: KindEnter, Pairs: []*Pair{{Field: &Template{}, Value: &Value{Ref: "password", Secret: true, Type: TypeText}}}},
			{Path: "3", Kind: KindIf, Branches: []*Branch{{Cond: &Cond{Expr: &Expr{Src: "n > 1", Type: TypeBool, Vars: []Var{{"n", TypeNumber}}}},
				Steps: []*Step{{Path: "3.1", Kind: KindSet, Into: "m", Expr: &Expr{Src: "n"}, As: TypeNumber}}}}},
			{Path: "4", Kind: KindCall, Call: &Call{Flow: "web.search", Args: []*Arg{{Name: "n", Value: &Value{Number: &n, Type: TypeNumber}, Default: true}}}},
		},
	}}}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"within":"20s"`) || !strings.Contains(string(data), `"time":"10m0s"`) {
		t.Errorf("durations are not text: %s", data)
	}
	back, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back)
	if string(again) != string(data) {
		t.Errorf("round trip differs:\n%s\n%s", data, again)
	}
	var kinds []string
	back.Flows[0].Walk(func(s *Step) { kinds = append(kinds, s.Path+":"+string(s.Kind)) })
	if got := strings.Join(kinds, " "); got != "1:wait_for 2:enter 3:if 3.1:set 4:call" {
		t.Errorf("walk = %s", got)
	}
	var srcs []string
	back.Flows[0].Exprs(func(e *Expr) { srcs = append(srcs, e.Src) })
	if got := strings.Join(srcs, "|"); got != "n > 1|n" {
		t.Errorf("exprs = %s", got)
	}
	if back.Flow("f") == nil || back.Flow("g") != nil {
		t.Error("Flow lookup")
	}
	if _, err := Load([]byte(`{"flows":[{"budget":{"time":"forever"}}]}`)); err == nil {
		t.Error("a bad duration must fail to load")
	}
}
