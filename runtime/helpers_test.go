package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flow/compiler"
	"flow/plan"
	"flow/runtime"
	"flow/runtime/decide"
	"flow/surfaces"
	"flow/surfaces/sim"
)

// setup describes one test run: a flow source, a sim script and the run's
// inputs.
type setup struct {
	src     string            // the .flow source
	script  string            // a file under testdata/
	facts   string            // facts YAML
	secrets map[string]string // FLOW_SECRET_* values by secret name
	decider decide.Decider    // nil: local
	answers string            // script decider YAML (instead of decider)
	approve bool
	opts    func(*runtime.Options)
	// wrap puts something between the sim and the run (a page that
	// re-renders by itself); nil runs on the sim directly.
	wrap func(*sim.Sim) surfaces.Surface
}

// outcome is everything a run left behind, for assertions.
type outcome struct {
	res    *runtime.Result
	sim    *sim.Sim
	events []runtime.Event
	trace  string
	json   string
	asked  []string // every question and statement, as JSON
	flow   *plan.Flow
}

// compile compiles src as one flow file and returns its first flow.
func compile(t testing.TB, src string) *plan.Flow {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "test.flow")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, diags := compiler.CompileFile(path)
	if diags.HasErrors() {
		t.Fatalf("compile: %v", diags)
	}
	if len(prog.Flows) == 0 {
		t.Fatal("the source defines no flow")
	}
	return prog.Flows[0] // the entry flow comes first in every test source
}

// recorder wraps a decider and keeps every question and statement it is
// asked, as JSON, so tests can search them for secrets.
type recorder struct {
	decide.Decider
	asked []string
}

func (r *recorder) Choose(ctx context.Context, q decide.Question) (decide.Choice, error) {
	b, _ := json.Marshal(q)
	r.asked = append(r.asked, string(b))
	return r.Decider.Choose(ctx, q)
}

func (r *recorder) Judge(ctx context.Context, s decide.Statement) (decide.Judgement, error) {
	b, _ := json.Marshal(s)
	r.asked = append(r.asked, string(b))
	return r.Decider.Judge(ctx, s)
}

func run(t *testing.T, s setup) *outcome {
	t.Helper()
	flow := compile(t, s.src)
	facts, diags := compiler.LoadFacts(flow, "facts.yaml", []byte(s.facts), nil)
	if diags.HasErrors() {
		t.Fatalf("facts: %v", diags)
	}
	secrets, diags := compiler.LoadSecrets(flow, "", nil, func(name string) string {
		for k, v := range s.secrets {
			if compiler.SecretEnvVar(k) == name {
				return v
			}
		}
		return ""
	})
	if diags.HasErrors() {
		t.Fatalf("secrets: %v", diags)
	}
	sm, err := sim.Load(filepath.Join("testdata", s.script))
	if err != nil {
		t.Fatal(err)
	}
	var surf surfaces.Surface = sm
	if s.wrap != nil {
		surf = s.wrap(sm)
	}
	ws, err := surfaces.NewWorkspace(surf)
	if err != nil {
		t.Fatal(err)
	}
	dec := s.decider
	if s.answers != "" {
		dec, err = decide.ParseScript("answers.yaml", []byte(s.answers))
		if err != nil {
			t.Fatal(err)
		}
	}
	if dec == nil {
		dec = decide.NewLocal()
	}
	rec := &recorder{Decider: dec}
	var trace bytes.Buffer
	out := &outcome{sim: sm, flow: flow}
	opts := runtime.Options{
		Surface: ws,
		Decider: rec,
		Clock:   newFakeClock(),
		Facts:   facts,
		Secrets: secrets,
		Approve: s.approve,
		Sinks: []runtime.Sink{runtime.NewJSONL(&trace), runtime.SinkFunc(func(e runtime.Event) {
			out.events = append(out.events, e)
		})},
	}
	if s.opts != nil {
		s.opts(&opts)
	}
	out.res = runtime.Run(context.Background(), flow, opts)
	out.trace = trace.String()
	b, err := json.Marshal(out.res)
	if err != nil {
		t.Fatal(err)
	}
	out.json = string(b)
	out.asked = rec.asked
	return out
}

// want fails the test unless the run ended with outcome o.
func (o *outcome) want(t *testing.T, want runtime.Outcome) {
	t.Helper()
	if o.res.Outcome != want {
		t.Fatalf("outcome %s, want %s\nresult: %s\nsim: %s", o.res.Outcome, want, indent(o.json), strings.Join(eventLines(o.sim), "\n"))
	}
}

func indent(s string) string {
	var b bytes.Buffer
	json.Indent(&b, []byte(s), "", "  ")
	return b.String()
}

func eventLines(s *sim.Sim) []string {
	var out []string
	for _, e := range s.Events() {
		out = append(out, e.String())
	}
	return out
}

// pressed lists the script refs the sim clicked.
func pressed(s *sim.Sim) []string {
	var out []string
	for _, e := range s.Events() {
		if e.Kind == sim.EventAct && e.Op != nil && e.Op.Op == surfaces.OpClick && e.Err == "" {
			out = append(out, e.Target)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
