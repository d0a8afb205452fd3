package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"flow/cmd/flow/internal/progress"
	"flow/compiler"
	"flow/grammar"
	"flow/guard"
	"flow/plan"
	"flow/runtime"
	"flow/runtime/cache"
	"flow/runtime/decide"
	"flow/surfaces"
	"flow/surfaces/browser"

	ucli "github.com/urfave/cli/v2"
)

// runInput is everything a run needs, loaded and checked before any
// browser starts: a mistake in it exits 2 with nothing launched.
type runInput struct {
	flow    *plan.Flow
	facts   map[string]any
	secrets map[string]string
	decider decide.Decider
	browser browser.Options
	approve bool
	timeout time.Duration
	allow   []string
	// trace is where the JSONL events go ("" for nowhere); traceFile is
	// that file, created before the browser starts.
	trace     string
	traceFile *os.File
	json      bool
	quiet     bool
	// report is --report DIR (report.go), or nil.
	report *runReport
	// cache is the flow's resolution cache (cache.go), or nil with --cache off.
	cache *cache.Book
}

// runLaunchTimeout bounds the start of the browser (or the attach to one).
const runLaunchTimeout = 60 * time.Second

// run is `flow run FILE`: compile, load facts and secrets, start or attach
// to a browser, run the flow with the progress view and print the summary.
// The exit code is the outcome's (see runtime.Outcome.ExitCode).
func (e *env) run(c *ucli.Context) error {
	in, err := e.loadRun(c)
	if err != nil {
		return err
	}
	res := e.execute(c, in)
	if res.ExitCode != 0 {
		return exitError{res.ExitCode}
	}
	return nil
}

// loadRun reads and checks everything `flow run` was given. Every error is
// printed and returned as exit 2 (invalid), before any browser starts.
func (e *env) loadRun(c *ucli.Context) (*runInput, error) {
	in := &runInput{
		approve: c.Bool("approve"),
		json:    c.Bool("json"),
		quiet:   c.Bool("quiet"),
		timeout: c.Duration("timeout"),
		allow:   c.StringSlice("allow"),
	}
	if err := e.checkRunFlags(c, in); err != nil {
		return nil, err
	}
	name := c.Args().First()
	src, d := e.sources.readSource(name)
	if d != nil {
		return nil, e.fail(c, grammar.Diagnostics{d})
	}
	prog, diags := compiler.Compile(name, src, compiler.WithReadFile(e.sources.read))
	if diags.HasErrors() || prog == nil {
		return nil, e.fail(c, diags)
	}
	if err := e.printText(c, e.stderr, diags); err != nil { // warnings, if any
		return nil, err
	}
	flow, err := compiler.SelectFlow(prog, c.String("flow"))
	if err != nil {
		return nil, e.fail(c, grammar.Diagnostics{{
			Severity: grammar.Error,
			Summary:  err.Error(),
			Range:    grammar.Range{Filename: name, Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}},
		}})
	}
	in.flow = flow
	if err := e.openCache(c, in, name); err != nil { // cache.go
		return nil, err
	}

	var factsName string
	var factsYAML []byte
	if c.IsSet("facts") {
		factsName = c.String("facts")
		if factsYAML, err = e.sources.read(factsName); err != nil {
			return nil, e.fail(c, grammar.Diagnostics{fileDiag(factsName, err)})
		}
	}
	if in.facts, err = e.loadFacts(c, flow, factsName, factsYAML, repeated(c, "fact")); err != nil {
		return nil, err
	}
	if in.secrets, err = e.loadSecrets(c, flow, c.String("secrets"), e.getenv); err != nil {
		return nil, err
	}
	if err := e.loadDecider(c, in, c.String("model")); err != nil {
		return nil, err
	}
	if err := e.openReport(c, in, c.String("report")); err != nil { // report.go
		return nil, err
	}
	if err := e.openTrace(c, in, c.String("trace")); err != nil {
		return nil, err
	}
	return in, nil
}

// checkRunFlags checks the flags that need no file: the browser's, the
// origins, the timeout.
func (e *env) checkRunFlags(c *ucli.Context, in *runInput) error {
	if in.timeout < 0 {
		return usagef(c, "--timeout must not be negative, not %s", in.timeout)
	}
	if _, err := surfaces.ParseOrigins(in.allow); err != nil {
		return usagef(c, "--allow: %v", err)
	}
	if err := checkVideo(c); err != nil { // video.go
		return err
	}
	b, err := browserOptions(c)
	if err != nil {
		return err
	}
	in.browser = b
	return nil
}

// browserOptions reads the flags that say which browser to use: --headed,
// --profile, --browser-url, --new-page (run and record share them).
func browserOptions(c *ucli.Context) (browser.Options, error) {
	b := browser.Options{
		Headed:     c.Bool("headed"),
		Profile:    c.String("profile"),
		BrowserURL: c.String("browser-url"),
		NewPage:    c.Bool("new-page"),
	}
	if b.BrowserURL != "" {
		u, err := url.Parse(b.BrowserURL)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "ws" && u.Scheme != "wss") {
			return b, usagef(c, "--browser-url %q is not an http://host:port or ws:// address of a browser's DevTools", b.BrowserURL)
		}
		if b.Headed {
			return b, usagef(c, "--headed starts a browser; it cannot be used with --browser-url, which attaches to one")
		}
		if b.Profile != "" {
			return b, usagef(c, "--profile starts a browser with that profile; it cannot be used with --browser-url, which attaches to one")
		}
	} else if b.NewPage {
		return b, usagef(c, "--new-page opens a tab in the browser --browser-url attaches to; it needs --browser-url")
	}
	if p := b.Profile; p != "" && (strings.ContainsAny(p, `/\`) || p == "." || p == "..") {
		return b, usagef(c, "--profile takes a name (letters, digits, - and _), not a path: %q", p)
	}
	return b, nil
}

// loadFacts loads the run's facts as `flow plan` checks them.
func (e *env) loadFacts(c *ucli.Context, flow *plan.Flow, name string, yaml []byte, overrides []string) (map[string]any, error) {
	values, diags := compiler.LoadFacts(flow, name, yaml, overrides)
	if diags.HasErrors() {
		return nil, e.fail(c, diags)
	}
	if err := e.printText(c, e.stderr, diags); err != nil {
		return nil, err
	}
	return values, nil
}

// loadSecrets loads the run's secrets: FLOW_SECRET_<NAME> wins over the
// file. The file is read past the source cache, so no line of it is ever
// quoted in a diagnostic.
func (e *env) loadSecrets(c *ucli.Context, flow *plan.Flow, file string, getenv func(string) string) (map[string]string, error) {
	if len(flow.Secrets) == 0 && file == "" {
		return map[string]string{}, nil
	}
	var data []byte
	if file != "" {
		var err error
		if data, err = readFile(filepath.FromSlash(file)); err != nil {
			return nil, e.fail(c, grammar.Diagnostics{fileDiag(file, err)})
		}
	}
	values, diags := compiler.LoadSecrets(flow, file, data, getenv)
	if diags.HasErrors() {
		return nil, e.fail(c, diags)
	}
	return values, nil
}

// loadDecider makes the decision model from --model; the masker hides the
// run's secrets from every request it sends.
func (e *env) loadDecider(c *ucli.Context, in *runInput, spec string) error {
	opts := decide.Options{Masker: guard.NewMasker(in.secrets), Getenv: e.getenv}
	if c.IsSet("model-timeout") { // flow demo has no such flag: the provider's default holds
		if opts.Timeout = c.Duration("model-timeout"); opts.Timeout <= 0 {
			return usagef(c, "--model-timeout must be more than 0, like 30s")
		}
	}
	d, err := decide.New(spec, opts)
	if err != nil {
		return usagef(c, "--model %s: %s", spec, guard.NewMasker(in.secrets).Mask(err.Error()))
	}
	in.decider = d
	return nil
}

// openTrace creates the trace file, so that a path that cannot be written
// is found before the browser starts.
func (e *env) openTrace(c *ucli.Context, in *runInput, path string) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(filepath.FromSlash(path))
	if err != nil {
		return usagef(c, "--trace: %v", err)
	}
	in.trace, in.traceFile = path, f
	return nil
}

// execute runs a loaded flow and prints its progress, summary and, with
// --json, its result. Ctrl+C (SIGINT, SIGTERM) cancels the run, which then
// ends as the runtime reports it, trace flushed.
func (e *env) execute(c *ucli.Context, in *runInput) *runtime.Result {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// After the first Ctrl+C the run winds down on its own; a second
		// one gets the default behaviour and ends the process at once.
		<-ctx.Done()
		stop()
	}()

	// stdout holds only the JSON result with --json; the human text goes
	// to stderr then.
	human := e.stdout
	if in.json {
		human = e.stderr
	}
	var sinks []runtime.Sink
	var trace *runtime.JSONL
	if in.traceFile != nil {
		defer in.traceFile.Close() // on a panic; closed and checked below
		trace = runtime.NewJSONL(in.traceFile)
		sinks = append(sinks, trace)
	}
	var view *progress.View
	if !in.quiet {
		live := e.isTerminal(human)
		color, _ := e.useColor(c, human)
		opts := progress.Options{Live: live, Color: color}
		if f, ok := human.(*os.File); ok && live {
			opts.Width = terminalWidth(f)
		}
		view = progress.New(human, opts)
		defer view.Close()
		sinks = append(sinks, view)
	}

	if in.report != nil {
		sinks = append(sinks, &in.report.rec)
	}
	var res *runtime.Result
	surf, err := e.openSurface(ctx, in.browser)
	if err != nil {
		res = launchFailure(in, err)
		ended := runtime.Event{Seq: 1, Time: time.Now(), Kind: runtime.EventRunEnded, Outcome: string(res.Outcome), Error: res.Failure.String(), Hint: res.Failure.Hint}
		if trace != nil {
			trace.Emit(ended)
		}
		if in.report != nil {
			in.report.rec.Emit(ended)
		}
	} else {
		// --video (video.go); its line follows the summary, as execute returns.
		video := startVideo(ctx, c, surf, in.secrets)
		defer video.writeSummary(human)
		res = runtime.Run(ctx, in.flow, runtime.Options{
			Surface: surf,
			Decider: in.decider,
			Sinks:   sinks,
			Facts:   in.facts,
			Secrets: in.secrets,
			Approve: in.approve,
			Timeout: in.timeout,
			Allow:   in.allow,
			Shots:   in.report.shots(), // nil without --report
			Cache:   in.cache,
		})
		video.stop()
		surf.Close()
	}
	if view != nil {
		view.Close()
		fmt.Fprintln(human)
	}
	res.Trace = in.trace
	if trace != nil {
		err := trace.Err()
		if cerr := in.traceFile.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "flow: writing the trace %s: %v\n", in.trace, err)
		}
	}
	if in.report != nil {
		res.Report = e.writeRunReport(in.report, in)
	}
	color, _ := e.useColor(c, human)
	writeSummary(human, in.flow, res, color)
	e.saveCache(human, in, res)
	if in.json {
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(e.stderr, "flow: %v\n", err)
		}
	}
	return res
}

// openSurface starts the browser or attaches to one.
func (e *env) openSurface(ctx context.Context, opts browser.Options) (*browser.Surface, error) {
	lctx, cancel := context.WithTimeout(ctx, runLaunchTimeout)
	defer cancel()
	s, err := browser.Launch(lctx, opts)
	if err != nil && lctx.Err() != nil && ctx.Err() == nil {
		err = fmt.Errorf("timed out after %s: %w", runLaunchTimeout, err)
	}
	return s, err
}

// launchFailure is the result of a run whose browser never started: the
// run failed (exit 1) before its first step.
func launchFailure(in *runInput, err error) *runtime.Result {
	hint := "is Chromium installed? flow looks for it on PATH (chromium, google-chrome) and in the usual places"
	if in.browser.BrowserURL != "" {
		hint = "start the browser with --remote-debugging-port=9222 and pass --browser-url http://127.0.0.1:9222"
	}
	what := "cannot start the browser"
	if in.browser.BrowserURL != "" {
		what = "cannot attach to the browser at " + in.browser.BrowserURL
	}
	if errors.Is(err, context.Canceled) {
		what = "the run was cancelled while the browser started"
	}
	m := guard.NewMasker(in.secrets)
	return &runtime.Result{
		Flow:     in.flow.Name,
		Outcome:  runtime.Failed,
		ExitCode: runtime.Failed.ExitCode(),
		Decider:  in.decider.Name(),
		Steps:    []*runtime.StepReport{},
		Failure:  &runtime.Failure{Reason: m.Mask(what + ": " + err.Error()), Hint: hint},
	}
}

// isTerminal reports whether w is a terminal (and TERM is not dumb): the
// progress view redraws its lines only there.
func (e *env) isTerminal(w io.Writer) bool {
	if e.getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// writeSummary prints how the run ended: the outcome, the stop target or
// the failure (step path, file:line, reason, hint), the counts, the wall
// time and the trace. Every text in it comes from the masked result.
func writeSummary(w io.Writer, flow *plan.Flow, res *runtime.Result, color bool) {
	outcome := string(res.Outcome)
	if color {
		switch res.ExitCode {
		case 0:
			outcome = "\x1b[32m" + outcome + "\x1b[0m"
		default:
			outcome = "\x1b[31m" + outcome + "\x1b[0m"
		}
	}
	fmt.Fprintf(w, "%s %s (exit %d)\n", res.Flow, outcome, res.ExitCode)
	if s := res.Stop; s != nil {
		verb := "stopped before"
		if s.Pressed {
			verb = "pressed, with approval,"
		}
		at := "step " + s.Path
		if st := findStep(flow, s.Path); st != nil {
			at += " (" + st.Range.String() + ")"
		}
		fmt.Fprintf(w, "  %s %s at %s", verb, s.Control, at)
		if s.Class != "" {
			fmt.Fprintf(w, ": %s", s.Class)
		}
		if s.Reason != "" {
			fmt.Fprintf(w, ", %s", s.Reason)
		}
		fmt.Fprintln(w)
	}
	if f := res.Failure; f != nil {
		at := ""
		if f.Path != "" {
			at = "step " + f.Path
		}
		if f.File != "" || f.Line > 0 {
			if at != "" {
				at += ", "
			}
			at += fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
		}
		if at != "" {
			fmt.Fprintf(w, "  at %s\n", at)
		}
		fmt.Fprintf(w, "  reason: %s\n", f.Reason)
		if f.Hint != "" {
			fmt.Fprintf(w, "  hint: %s\n", f.Hint)
		}
	}
	fmt.Fprintf(w, "  %s, %s, %s in %s", plural(len(res.Steps), "step"), plural(res.Decisions, "decision"),
		plural(res.Actions, "action"), progress.FormatDuration(time.Duration(res.Duration)))
	if res.Decider != "" {
		fmt.Fprintf(w, " (decider %s)", res.Decider)
	}
	fmt.Fprintln(w)
	if res.Trace != "" {
		fmt.Fprintf(w, "  trace: %s\n", res.Trace)
	}
	if res.Report != "" {
		fmt.Fprintf(w, "  report: %s\n", res.Report)
	}
}

// findStep finds the step at path in flow, nested ones included.
func findStep(flow *plan.Flow, path string) *plan.Step {
	if flow == nil || path == "" {
		return nil
	}
	var found *plan.Step
	flow.Walk(func(s *plan.Step) {
		if found == nil && s.Path == path {
			found = s
		}
	})
	return found
}
