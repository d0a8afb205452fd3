package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"flow/flows"
	"flow/guard"
	"flow/runtime/decide"
	"flow/suite"
	"flow/surfaces/browser"

	ucli "github.com/urfave/cli/v2"
)

// maxDefaultWorkers caps --workers' default: each worker drives a browser
// tab (~75 MB, and a renderer's share of the CPU).
const maxDefaultWorkers = 8

// browserURLsEnv lists CDP endpoints for `flow test`, comma-separated,
// when no --browser-url is given.
const browserURLsEnv = "FLOW_BROWSER_URLS"

// testSpec is `flow test`'s entry in the command list.
func testSpec() *commandSpec {
	return &commandSpec{
		name:    "test",
		summary: "run a library of flows as tests, in parallel",
		args:    "[PATH…]",
		minArgs: 0, maxArgs: -1,
		description: `Runs every case of a library and checks that each ends as expected. The
cases are every *.flow under each PATH (default: the current folder; hidden,
_, testdata, vendor and node_modules folders are skipped), with
NAME.facts.yaml beside it when present, expecting completed or
stopped_before; the cases *.test.yaml files list (a flow, its facts, a
fixture site, secrets by environment variable, and the expected outcome:
completed, stopped_before with its target, failed at a step, guard_refused,
needs_human); and NAME.expect.yaml files beside flows. A flow file that
others import is a library, not a case.

The whole library is compiled and every case's facts and secrets checked
before a browser starts: any error lists every problem and exits 2.

Cases run on --workers workers at once, each in a tab of its own, on one
Chromium launched for the run (a fresh browser context per case) or spread
over the browsers given with --browser-url (repeatable; or
FLOW_BROWSER_URLS, comma-separated; a new tab in a fresh context per case). A browser
that goes away fails only the cases running on it, with that reason; the
rest go to the browsers left. --shard i/n runs the i-th of n parts of the
library, split by case name, so n CI machines run each case exactly once.

A line per case shows its verdict (pass, fail, flaky, skipped), time and
outcome; a failure also where (FILE:LINE:COL of the step) and why. The
summary counts them. --junit writes JUnit XML for CI, --format github adds
annotations at the failing lines, --json prints the report as JSON, and
--report DIR writes each case's HTML report (screenshots included) and an
index page linking them.`,
		flags: []flagSpec{
			{name: "workers", short: "j", value: "N", usage: "cases run at once (default: the number of CPUs, at most " + strconv.Itoa(maxDefaultWorkers) + ")"},
			{name: "shard", value: "I/N", usage: "run only the I-th of N equal parts of the library (1/4, 2/4, …)"},
			{name: "grep", short: "g", value: "REGEXP", usage: "run only the cases whose name matches"},
			{name: "retries", value: "N", def: "0", usage: "run a failed case again up to N times; a later pass is reported as flaky"},
			{name: "timeout", value: "DURATION", def: "0s", duration: true, usage: "end each attempt of a case after this long (0: the flow's time budget)"},
			{name: "fail-fast", short: "x", usage: "start no more cases after the first failure; the rest are skipped"},
			{name: "junit", value: "FILE", usage: "write the results as JUnit XML to FILE"},
			{name: "format", short: "f", value: "FORMAT", def: "text", usage: "text, or github: also print GitHub Actions annotations at the failing lines"},
			{name: "json", usage: "print the report as JSON on stdout (the case lines go to stderr)"},
			{name: "report", value: "DIR", usage: "write each case's HTML report (with a screenshot after each step) to DIR/CASE/ and an index linking them to DIR/index.html"},
			{name: "browser-url", value: "URL", usage: "run on the Chromium at this CDP address (http://host:port or ws://…); repeat for a pool", repeat: true},
			{name: "model", value: "SPEC", def: "local", usage: "the decision model: local, openai:MODEL, anthropic:MODEL or script:FILE"},
			{name: "model-timeout", value: "DURATION", def: "30s", duration: true, usage: "how long a hosted model may take to answer one request (retried twice)"},
		},
		examples: []example{
			{"Run every flow under flows/ on 4 workers", "flow test flows/ --workers 4"},
			{"In CI: the second of three machines, JUnit XML and annotations", "flow test --shard 2/3 --junit results.xml --format github flows/"},
			{"Only the checkout cases, each retried once, on two remote browsers", "flow test --grep checkout --retries 1 --browser-url http://10.0.0.5:9222 --browser-url http://10.0.0.6:9222"},
		},
		exitCodes: `0  every case met its expectation (flaky ones included)
1  a case failed or was skipped (--fail-fast)
2  invalid input: a flow, facts, secrets or case file has errors (all are
   listed, nothing ran); no case matches --grep; bad usage`,
		run: (*env).test,
	}
}

// testInput is what `flow test` was asked, checked before anything runs.
type testInput struct {
	workers  int
	shard    suite.Shard
	grep     *regexp.Regexp
	retries  int
	github   bool
	urls     []string
	junit    *os.File
	reports  *testReports // --report DIR, or nil
	decider  string
	deciderT time.Duration
}

// test is `flow test [PATH…]`.
func (e *env) test(c *ucli.Context) error {
	in, err := e.testFlags(c)
	if err != nil {
		return err
	}
	if in.junit != nil {
		defer in.junit.Close() // on an early return; closed and checked below
	}
	cases, diags := suite.Load(c.Args().Slice(), suite.LoadOptions{
		ReadFile: e.sources.read, Getenv: e.getenv, Sites: flows.Sites(),
	})
	if diags.HasErrors() {
		if err := e.printText(c, e.stderr, diags); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "flow test: %s; no case ran\n", summary(diags))
		return exitError{ExitErrors}
	}
	selected := suite.Select(cases, in.grep, in.shard)
	if in.grep != nil && len(suite.Select(cases, in.grep, suite.Shard{})) == 0 {
		return usagef(c, "no case matches --grep %q (the library has %s)", in.grep, plural(len(cases), "case"))
	}

	human := e.stdout
	if c.Bool("json") {
		human = e.stderr
	}
	fmt.Fprintf(human, "flow test: %s", plural(len(selected), "case"))
	if in.shard.Count > 1 {
		fmt.Fprintf(human, " (shard %s of %d)", in.shard, len(cases))
	}
	where := "a local Chromium"
	if len(in.urls) > 0 {
		where = plural(len(in.urls), "browser")
	}
	fmt.Fprintf(human, " on %s, %s\n\n", plural(min(in.workers, max(1, len(selected))), "worker"), where)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	rep := &suite.Report{Results: []*suite.Result{}, Workers: 1} // an empty shard runs nothing
	if len(selected) > 0 {
		lctx, cancel := context.WithTimeout(ctx, runLaunchTimeout)
		pool, err := suite.OpenPool(lctx, in.urls, browser.Options{}) // headless, default viewport
		cancel()
		if err != nil {
			return usagef(c, "--browser-url: %v", err)
		}
		defer pool.Close()
		live := e.isTerminal(human)
		color, _ := e.useColor(c, human)
		popts := suite.ProgressOptions{Live: live, Color: color, Total: len(selected)}
		if f, ok := human.(*os.File); ok && live {
			popts.Width = terminalWidth(f)
		}
		view := suite.NewProgress(human, popts)
		opts := suite.Options{
			Workers:    in.workers,
			Retries:    in.retries,
			Timeout:    c.Duration("timeout"),
			FailFast:   c.Bool("fail-fast"),
			Pool:       pool,
			NewDecider: e.testDecider(in),
			Sites:      fixtureSites{},
			Observer:   view,
			Shard:      in.shard,
		}
		if in.reports != nil {
			opts.Attempt = in.reports.attempt
		}
		rep = suite.Run(ctx, selected, opts)
		view.Close()
	}
	suite.WriteSummary(human, rep)
	if in.reports != nil {
		path, err := in.reports.writeIndex(rep)
		if err != nil {
			return fmt.Errorf("writing the report index: %w", err)
		}
		fmt.Fprintf(human, "report: %s\n", path)
	}
	if in.github {
		if err := suite.WriteGitHub(e.stdout, rep); err != nil {
			return err
		}
	}
	if in.junit != nil {
		if err := suite.WriteJUnit(in.junit, rep, start); err != nil {
			return fmt.Errorf("writing %s: %w", c.String("junit"), err)
		}
		if err := in.junit.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", c.String("junit"), err)
		}
	}
	if c.Bool("json") {
		if err := suite.WriteJSON(e.stdout, rep); err != nil {
			return err
		}
	}
	if !rep.OK() {
		return exitError{1}
	}
	return nil
}

// testFlags reads and checks the flags, so that a mistake exits 2 before
// any file is read.
func (e *env) testFlags(c *ucli.Context) (*testInput, error) {
	in := &testInput{workers: min(max(1, goruntime.NumCPU()), maxDefaultWorkers), decider: c.String("model")}
	if c.IsSet("workers") {
		n, err := strconv.Atoi(c.String("workers"))
		if err != nil || n < 1 {
			return nil, usagef(c, "--workers takes a number of at least 1, not %q", c.String("workers"))
		}
		in.workers = n
	}
	if c.IsSet("shard") {
		s, err := suite.ParseShard(c.String("shard"))
		if err != nil {
			return nil, usagef(c, "--shard: %v", err)
		}
		in.shard = s
	}
	if g := c.String("grep"); g != "" {
		re, err := regexp.Compile(g)
		if err != nil {
			return nil, usagef(c, "--grep: %v", err)
		}
		in.grep = re
	}
	n, err := strconv.Atoi(c.String("retries"))
	if err != nil || n < 0 {
		return nil, usagef(c, "--retries takes a number of 0 or more, not %q", c.String("retries"))
	}
	in.retries = n
	if c.Duration("timeout") < 0 {
		return nil, usagef(c, "--timeout must not be negative, not %s", c.Duration("timeout"))
	}
	switch f := c.String("format"); f {
	case "text":
	case "github":
		in.github = true
	default:
		return nil, usagef(c, "unknown format %q: want text or github", f)
	}
	in.urls = c.StringSlice("browser-url")
	if len(in.urls) == 0 {
		for _, u := range strings.Split(e.getenv(browserURLsEnv), ",") {
			if u = strings.TrimSpace(u); u != "" {
				in.urls = append(in.urls, u)
			}
		}
	}
	for _, u := range in.urls {
		if err := suite.CheckEndpoint(u); err != nil {
			return nil, usagef(c, "--browser-url: %v", err)
		}
	}
	if in.deciderT = c.Duration("model-timeout"); in.deciderT <= 0 {
		return nil, usagef(c, "--model-timeout must be more than 0, like 30s")
	}
	if _, err := decide.New(in.decider, decide.Options{Getenv: e.getenv, Timeout: in.deciderT}); err != nil {
		return nil, usagef(c, "--model %s: %v", in.decider, err)
	}
	if d := c.String("report"); d != "" {
		if err := os.MkdirAll(filepath.FromSlash(d), 0o755); err != nil {
			return nil, usagef(c, "--report: %v", err)
		}
		in.reports = &testReports{e: e, dir: filepath.FromSlash(d)}
	}
	if j := c.String("junit"); j != "" {
		// CI jobs write reports into folders of their own: make it.
		if err := os.MkdirAll(filepath.Dir(filepath.FromSlash(j)), 0o755); err != nil {
			return nil, usagef(c, "--junit: %v", err)
		}
		f, err := os.Create(filepath.FromSlash(j))
		if err != nil {
			return nil, usagef(c, "--junit: %v", err)
		}
		in.junit = f
	}
	return in, nil
}

// testDecider makes each attempt's decision model, masking that case's
// secrets in every request.
func (e *env) testDecider(in *testInput) func(map[string]string) (decide.Decider, error) {
	return func(secrets map[string]string) (decide.Decider, error) {
		return decide.New(in.decider, decide.Options{Masker: guard.NewMasker(secrets), Getenv: e.getenv, Timeout: in.deciderT})
	}
}

// fixtureSites serves the bundled fixture sites (flows/sites) that cases
// name with `site:`, a fresh server with its own state for each attempt.
type fixtureSites struct{}

func (fixtureSites) Serve(name string) (string, func(), error) {
	u, _, stop, err := flows.Serve(name)
	return u, stop, err
}
