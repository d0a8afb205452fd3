package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"flow/cmd/flow/internal/progress"
	"flow/compiler"
	"flow/flows"
	"flow/runtime"

	ucli "github.com/urfave/cli/v2"
)

// demoFlow is the bundled flow `flow demo` runs, as flows.FS names it.
const demoFlow = "booking.flow"

// demoCard is the test card the demo pays with: a Stripe-style test number
// that no bank accepts. The demo never reads FLOW_SECRET_* variables, so a
// real card set there for other runs is never typed into the fixture.
var demoCard = map[string]string{
	"FLOW_SECRET_CARD_NUMBER": "4242424242424242",
	"FLOW_SECRET_CVV":         "123",
}

// demo is `flow demo`: serve the bundled booking site on 127.0.0.1, run
// flows/booking.flow with its facts and the test card on the local decider
// (by default), and print what it chose, the total and where the trace is.
// It stops before paying: the flow says stop_before, and the demo never
// approves.
func (e *env) demo(c *ucli.Context) error {
	in := &runInput{json: c.Bool("json"), quiet: c.Bool("quiet"), timeout: c.Duration("timeout")}
	if err := e.checkRunFlags(c, in); err != nil {
		return err
	}
	if in.browser.BrowserURL != "" {
		// Never take over the page of a browser someone is using.
		in.browser.NewPage = true
	}
	src, err := fs.ReadFile(flows.FS(), demoFlow)
	if err != nil {
		return fmt.Errorf("the bundled %s is missing: %w", demoFlow, err)
	}
	name := "flows/" + demoFlow
	e.sources.put(name, src)
	prog, diags := compiler.Compile(name, src, compiler.WithReadFile(e.sources.read))
	if diags.HasErrors() || prog == nil {
		return e.fail(c, diags)
	}
	flow, err := compiler.SelectFlow(prog, "")
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	in.flow = flow
	factsName := "flows/booking.facts.yaml"
	factsYAML, err := fs.ReadFile(flows.FS(), "booking.facts.yaml")
	if err != nil {
		return fmt.Errorf("the bundled facts are missing: %w", err)
	}
	e.sources.put(factsName, factsYAML)

	if in.secrets, err = e.loadSecrets(c, flow, "", func(k string) string { return demoCard[k] }); err != nil {
		return err
	}
	if err := e.loadDecider(c, in, c.String("model")); err != nil {
		return err
	}
	// With --report the trace is DIR/trace.jsonl, opened by openReport.
	if err := e.openReport(c, in, c.String("report")); err != nil {
		return err
	}
	trace := c.String("trace")
	if in.report == nil && trace == "" {
		f, err := os.CreateTemp("", "flow-demo-*.jsonl")
		if err != nil {
			return fmt.Errorf("cannot create the trace file: %w", err)
		}
		in.trace, in.traceFile = f.Name(), f
	} else if err := e.openTrace(c, in, trace); err != nil { // "" (with --report) opens nothing
		return err
	}

	site, _, stop, err := flows.Serve("booking")
	if err != nil {
		in.traceFile.Close()
		return fmt.Errorf("cannot serve the booking site: %w", err)
	}
	defer stop()
	if in.facts, err = e.loadFacts(c, flow, factsName, factsYAML, []string{"site=" + site}); err != nil {
		in.traceFile.Close()
		return err
	}

	human := e.stdout
	if in.json {
		human = e.stderr
	}
	if !in.quiet {
		fmt.Fprintf(human, "flow demo: the SkyWay booking site is served at %s\n", site)
		fmt.Fprintf(human, "running %s (%s) with %s and a test card, on the %s decider\n\n", name, flow.Name, factsName, in.decider.Name())
	}
	res := e.execute(c, in)
	writeDemoSummary(human, res)
	if res.ExitCode != 0 {
		return exitError{res.ExitCode}
	}
	return nil
}

// writeDemoSummary adds what the booking run chose: the flight, the total,
// and the variables the run kept.
func writeDemoSummary(w io.Writer, res *runtime.Result) {
	if v, ok := res.Variables["flight"]; ok {
		fmt.Fprintf(w, "  chosen flight: %s\n", progress.OneLine(fmt.Sprint(v), 160))
	}
	if v, ok := res.Variables["total"]; ok {
		fmt.Fprintf(w, "  total: %v\n", v)
	}
	if res.Outcome == runtime.StoppedBefore && res.Stop != nil && !res.Stop.Pressed {
		fmt.Fprintln(w, "  nothing was paid: the run stopped in front of the payment, as the flow says.")
	}
}
