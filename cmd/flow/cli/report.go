package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"flow/guard"
	"flow/report"
	"flow/runtime"

	ucli "github.com/urfave/cli/v2"
)

// traceName is the trace's file inside a report's folder.
const traceName = "trace.jsonl"

// reportSpec is `flow report`, listed in commands.go.
func reportSpec() *commandSpec {
	return &commandSpec{
		name:    "report",
		summary: "rebuild the HTML report of a run from its trace",
		args:    "TRACE",
		minArgs: 1, maxArgs: 1,
		description: `Reads the JSONL trace of a run ('flow run --trace FILE' or --report DIR,
which writes DIR/trace.jsonl) and writes the run's HTML report: the flow's
source with each step's outcome beside its line; per step its kind, text,
outcome and where its time went (observe, decide, act, settle); the
questions the decision model was asked, its answers, reasons and the options
that lost; the actions with their targets and effects; the screenshot after
the step with the acted-on controls outlined; and the screen the runtime saw.
The stop target or the failure with its hint stands at the top.

The page opens offline: no script, no network, the screenshots as files
beside it (shots/). The trace names the flow's source file; give --flow
when it has moved. Secrets are masked in the trace, so they are in no report.`,
		flags: []flagSpec{
			{name: "output", short: "o", value: "DIR", usage: "write the report to DIR/index.html (default: the trace's folder)"},
			{name: "flow", value: "FILE", usage: "the flow's source file, when the trace's name for it no longer reads"},
		},
		examples: []example{
			{"Rebuild the report beside a trace", "flow report out/trace.jsonl"},
			{"Into another folder, the source moved", "flow report run.jsonl -o report/ --flow flows/booking.flow"},
		},
		exitCodes: `0  the report was written
2  the trace or the flow's source cannot be read, the folder cannot be
   written; bad usage`,
		run: (*env).rebuildReport,
	}
}

// rebuildReport is `flow report TRACE`.
func (e *env) rebuildReport(c *ucli.Context) error {
	trace := c.Args().First()
	events, err := report.ReadTraceFile(filepath.FromSlash(trace))
	if err != nil {
		return fmt.Errorf("%s: %v\n  hint: give the trace 'flow run --trace FILE' wrote, or DIR/%s of 'flow run --report DIR'", trace, unwrapPath(err), traceName)
	}
	src, err := e.reportSource(c, trace, events)
	if err != nil {
		return err
	}
	dir := c.String("output")
	if dir == "" {
		dir = filepath.Dir(filepath.FromSlash(trace))
	}
	path, err := report.Write(dir, report.Input{Events: events, Source: src, ShotDir: filepath.Dir(filepath.FromSlash(trace)), Masker: e.envSecrets()})
	if err != nil {
		return fmt.Errorf("writing the report to %s: %v\n  hint: choose a folder you can write with -o DIR", dir, unwrapPath(err))
	}
	fmt.Fprintf(e.stdout, "report: %s\n", path)
	return nil
}

// reportSource reads the flow's source: --flow, else the file the trace's
// run_started event names.
func (e *env) reportSource(c *ucli.Context, trace string, events []runtime.Event) ([]byte, error) {
	name := c.String("flow")
	if name == "" {
		for _, ev := range events {
			if ev.Kind == runtime.EventRunStarted {
				name = ev.File
				break
			}
		}
		if name == "" {
			return nil, fmt.Errorf("%s does not name its flow's source file (the run never started)\n  hint: pass --flow FILE", trace)
		}
	}
	src, err := readFile(filepath.FromSlash(name))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the flow's source %s: %v\n  hint: pass --flow FILE when the file has moved", trace, name, unwrapPath(err))
	}
	return src, nil
}

// envSecrets masks the values of every FLOW_SECRET_<NAME> variable set:
// the trace is masked already, but the flow's source file may hold a
// secret's value (a test card in a comment), and the report shows it.
func (e *env) envSecrets() *guard.Masker {
	secrets := map[string]string{}
	for _, kv := range os.Environ() {
		if k, _, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "FLOW_SECRET_") {
			secrets[strings.ToLower(strings.TrimPrefix(k, "FLOW_SECRET_"))] = e.getenv(k)
		}
	}
	return guard.NewMasker(secrets)
}

// unwrapPath drops the operation and path of a file error that a message
// already names.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// runReport is the report of one run (`flow run --report DIR`): it keeps
// the run's events and writes its screenshots as they come.
type runReport struct {
	dir string
	rec report.Recorder

	mu        sync.Mutex
	shotErr   error
	shotFails int
}

// openReport readies DIR for `--report DIR`: it creates the folder and the
// trace in it (DIR/trace.jsonl), before any browser starts.
func (e *env) openReport(c *ucli.Context, in *runInput, dir string) error {
	if dir == "" {
		return nil
	}
	if c.String("trace") != "" {
		return usagef(c, "--report %s writes the trace to %s; leave out --trace", dir, filepath.Join(dir, traceName))
	}
	if err := os.MkdirAll(filepath.FromSlash(dir), 0o755); err != nil {
		return usagef(c, "--report: %v", err)
	}
	in.report = &runReport{dir: filepath.FromSlash(dir)}
	return e.openTrace(c, in, filepath.Join(in.report.dir, traceName))
}

// shots is the run's Options.Shots: each screenshot goes to DIR/NAME.
func (r *runReport) shots() func(name string, png []byte) error {
	if r == nil {
		return nil
	}
	return func(name string, png []byte) error {
		path := filepath.Join(r.dir, filepath.FromSlash(name))
		err := os.MkdirAll(filepath.Dir(path), 0o755)
		if err == nil {
			err = os.WriteFile(path, png, 0o644)
		}
		if err != nil {
			r.mu.Lock()
			r.shotFails++
			if r.shotErr == nil {
				r.shotErr = err
			}
			r.mu.Unlock()
		}
		return err
	}
}

// write writes the report of the finished run and returns its page, or
// "" after printing why it could not.
func (e *env) writeRunReport(r *runReport, in *runInput) string {
	if r.shotFails > 0 {
		fmt.Fprintf(e.stderr, "flow: %d screenshots could not be written: %v\n", r.shotFails, r.shotErr)
	}
	src, _ := e.sources.Source(in.flow.File)
	path, err := report.Write(r.dir, report.Input{Events: r.rec.Events(), Source: src, Masker: guard.NewMasker(in.secrets)})
	if err != nil {
		fmt.Fprintf(e.stderr, "flow: writing the report to %s: %v\n", r.dir, err)
		return ""
	}
	return path
}

// reportFlag is --report DIR of `flow run` and `flow demo`.
var reportFlag = flagSpec{
	name: "report", value: "DIR",
	usage: "write an HTML report with a screenshot after each step to DIR/index.html (the trace goes to DIR/trace.jsonl)",
}
