package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"flow/compiler"
	"flow/plan"
	"flow/record"
	"flow/runtime"
	"flow/runtime/cache"
	"flow/surfaces"

	ucli "github.com/urfave/cli/v2"
)

// record is `flow record URL`: open URL in a browser, capture what the
// person does until the browser (or the recorded tab) closes or Ctrl+C,
// then write the flow and its facts file and print a summary.
func (e *env) record(c *ucli.Context) error {
	raw := c.Args().First()
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef(c, "%q is not an absolute http or https URL", raw)
	}
	out := c.String("output")
	if out != "" && out != "-" && !strings.HasSuffix(out, ".flow") {
		return usagef(c, "-o %q: the flow file's name must end in .flow", out)
	}
	if c.Bool("headed") && c.Bool("headless") {
		return usagef(c, "--headed and --headless contradict each other; give one")
	}
	allow := c.StringSlice("allow")
	if _, err := surfaces.ParseOrigins(allow); err != nil {
		return usagef(c, "--allow: %v", err)
	}
	opts, err := browserOptions(c)
	if err != nil {
		return err
	}
	if opts.BrowserURL != "" {
		if c.Bool("headless") {
			return usagef(c, "--headless starts a browser; it cannot be used with --browser-url, which attaches to one")
		}
		opts.NewPage = true // record in a tab of its own, never the page someone is using
	} else if !c.Bool("headless") && (c.Bool("headed") || e.getenv("DISPLAY") != "" || e.getenv("WAYLAND_DISPLAY") != "") {
		// A recording needs a person at a window; headless is for a
		// browser driven some other way (--headless, or no display).
		opts.Headed = true
	}
	if len(allow) > 0 {
		// The browser keeps the session within the origins given, as a run would.
		opts.Allow = append([]string{u.Scheme + "://" + u.Host}, allow...)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := e.openSurface(ctx, opts)
	if err != nil {
		return e.recordFailed("cannot start the browser", err)
	}
	defer s.Close()
	if _, err := s.Act(ctx, surfaces.Navigate(raw)); err != nil {
		return e.recordFailed("cannot open "+raw, err)
	}
	events, err := s.Record(ctx)
	if err != nil {
		return e.recordFailed("cannot capture the session", err)
	}
	how := "close the browser"
	if opts.BrowserURL != "" {
		how = "close the tab"
	}
	fmt.Fprintf(e.stderr, "Recording %s: use the page; %s or press Ctrl+C to write the flow.\n", raw, how)
	if opts.BrowserURL == "" && !opts.Headed && !c.Bool("headless") {
		fmt.Fprintln(e.stderr, "  note: no display ($DISPLAY), so the browser has no window; to record by hand, run where there is one or record in your own browser with --browser-url")
	}

	var got []surfaces.UserEvent
	ended := false
	for ev := range events {
		got = append(got, ev)
		if record.Ends(ev) {
			// The rest of the session would come after the stop_before.
			fmt.Fprintf(e.stderr, "Recording ends at %s: the flow stops in front of it.\n", ev.Target.Summary())
			ended = true
			break
		}
	}

	name := strings.TrimSuffix(filepath.Base(out), ".flow")
	if out == "" || out == "-" {
		name = ""
	}
	rec, err := record.Build(got, record.Options{FlowName: name, Allow: allow})
	if err != nil {
		if errors.Is(err, record.ErrNoPage) {
			fmt.Fprintf(e.stderr, "flow record: nothing recorded: %v\n", err)
			return exitError{ExitErrors}
		}
		return err // an internal error: Main reports it as a bug
	}
	if err := e.writeRecording(out, rec); err != nil || !ended {
		return err
	}
	// The person pressed the control the flow stops in front of: what it
	// does (the payment, the message sent) is theirs to see through, so
	// the browser stays until they close it.
	fmt.Fprintf(e.stderr, "The flow is written; the browser stays open: %s or press Ctrl+C to quit.\n", how)
	for range events {
	}
	return nil
}

// writeRecording writes the flow (and, beside a file, its facts), checks
// that the flow compiles, and prints the summary on stderr.
func (e *env) writeRecording(out string, rec *record.Recording) error {
	if out == "" || out == "-" {
		if _, err := e.stdout.Write(rec.Flow); err != nil {
			return err
		}
	} else {
		if err := os.WriteFile(out, rec.Flow, 0o644); err != nil {
			fmt.Fprintf(e.stderr, "flow record: writing the flow: %v\n", err)
			return exitError{ExitErrors}
		}
		if len(rec.FactNames) > 0 {
			if err := os.WriteFile(record.FactsPath(out), rec.Facts, 0o644); err != nil {
				fmt.Fprintf(e.stderr, "flow record: writing the facts: %v\n", err)
				return exitError{ExitErrors}
			}
		}
	}
	where := out
	if where == "" || where == "-" {
		where = "standard output"
	}
	fmt.Fprintf(e.stderr, "Wrote %s: %s, %s, %s.\n", where, plural(rec.Steps, "step"), plural(len(rec.FactNames), "fact"), plural(len(rec.SecretNames), "secret"))
	if len(rec.FactNames) > 0 && out != "" && out != "-" {
		fmt.Fprintf(e.stderr, "  facts: %s (%s)\n", record.FactsPath(out), strings.Join(rec.FactNames, ", "))
	}
	for _, sn := range rec.SecretNames {
		fmt.Fprintf(e.stderr, "  secret %s: not stored; give it with %s=… or --secrets FILE when you run the flow\n", sn, compiler.SecretEnvVar(sn))
	}
	if rec.Stopped != "" {
		fmt.Fprintf(e.stderr, "  ends with stop_before %q: a run stops there unless --approve\n", rec.Stopped)
	}
	for _, n := range rec.Notes {
		fmt.Fprintf(e.stderr, "  note: %s\n", n)
	}
	// What record writes must compile; if it does not, that is a bug to
	// report, but the file is kept so nothing of the session is lost.
	prog, diags := compiler.Compile(filepathOr(out, "recorded.flow"), rec.Flow)
	if diags.HasErrors() {
		fmt.Fprintf(e.stderr, "flow record: the written flow does not compile (a bug in flow; please report it):\n%s\n", diags)
		return exitError{ExitErrors}
	}
	if out != "" && out != "-" && len(prog.Flows) > 0 {
		e.seedCache(out, prog.Flows[0], rec)
	}
	return nil
}

// seedCache stores the controls the person used in the recorded flow's
// resolution cache (.flow-cache beside it), in place of any book an
// earlier recording left there: the first run finds each of them on the
// screen instead of asking which control is meant.
func (e *env) seedCache(out string, flow *plan.Flow, rec *record.Recording) {
	facts, diags := compiler.LoadFacts(flow, record.FactsPath(out), rec.Facts, nil)
	if diags.HasErrors() {
		return // the run will say what is wrong with them
	}
	path := filepath.Join(cache.DefaultDir(out), cache.FileName(out, flow.Name))
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(e.stderr, "flow record: the cache: %v\n", err)
		return
	}
	book, err := cache.Open(path, cache.Write, flow.Name, out)
	if err != nil {
		fmt.Fprintf(e.stderr, "flow record: the cache: %v\n", err)
		return
	}
	seeds := make([]runtime.Seed, len(rec.Used))
	for i, u := range rec.Used {
		seeds[i] = runtime.Seed{Step: plan.Kind(u.Step), Suggestion: u.Suggestion, Target: cache.Recorded(u.Target, u.Heading, u.Twins)}
	}
	n := runtime.SeedCache(book, flow, facts, seeds)
	if n == 0 {
		return
	}
	if err := book.Save(); err != nil {
		fmt.Fprintf(e.stderr, "flow record: %v\n", err)
		return
	}
	fmt.Fprintf(e.stderr, "  cache: %s (%s the first run finds without asking)\n", path, plural(n, "control"))
}

func filepathOr(p, def string) string {
	if p == "" || p == "-" {
		return def
	}
	return p
}

func (e *env) recordFailed(what string, err error) error {
	fmt.Fprintf(e.stderr, "flow record: %s: %v\n", what, err)
	if strings.Contains(what, "browser") {
		fmt.Fprintln(e.stderr, "  hint: is Chromium installed? Or attach to one started with --remote-debugging-port=9222: --browser-url http://127.0.0.1:9222")
	}
	return exitError{ExitErrors}
}
