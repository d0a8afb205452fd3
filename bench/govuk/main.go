package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"flow/internal/cdpclient"
	"flow/surfaces"
	"flow/surfaces/browser"
)

// version is the govuk-frontend release fetch.sh fetches; the default
// directory follows it.
const version = "5.14.0"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: go run ./bench/govuk parity [-dir DIR] [-component NAME] [-v] [-chromium PATH]
       go run ./bench/govuk scenarios [-dir DIR] [-flow PATH] [-only NAME[,NAME]] [-v]

parity compares flow's sight with Chromium's accessibility tree on every
fixture of GOV.UK Frontend; scenarios runs the task scenarios on services
composed from those fixtures (bench/govuk/fetch.sh fetches the package; see
README.md).
`

// run is the command; it returns the exit code: 0 measured, 1 a fixture or
// the browser failed, 2 wrong usage or no fixtures.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "scenarios" {
		return runScenarios(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "parity" {
		fmt.Fprint(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("parity", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", defaultDir(), "the unpacked govuk-frontend package (fetch.sh prints it)")
	only := fs.String("component", "", "measure only this component (a folder name: radios, header, …)")
	verbose := fs.Bool("v", false, "list every miss, leak and extra")
	chromiumPath := fs.String("chromium", "", "the Chromium binary (default: as flow finds it)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "parity: unexpected arguments %q\n%s", fs.Args(), usage)
		return 2
	}
	fixtures, err := loadFixtures(*dir, *only)
	if err != nil {
		fmt.Fprintln(stderr, "parity:", err)
		return 2
	}
	// The browser runs in a process group of its own (see launchChromium),
	// out of reach of a terminal's Ctrl+C: stop cleanly to close it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	results, err := measure(ctx, *dir, *chromiumPath, fixtures, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "parity:", err)
		return 1
	}
	writeReport(stdout, results, time.Since(start), *verbose)
	for _, r := range results {
		if r.Err != nil {
			return 1
		}
	}
	return 0
}

// defaultDir is where fetch.sh puts the package unless told otherwise.
func defaultDir() string {
	if d := os.Getenv("GOVUK_FRONTEND_DIR"); d != "" {
		return d
	}
	base := os.Getenv("XDG_CACHE_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		base = filepath.Join(home, ".cache")
	}
	return filepath.Join(base, "flow", "govuk-frontend-"+version)
}

// measure serves the fixtures, starts one Chromium, attaches flow's surface
// and a DevTools session of ours to its one tab, and compares each fixture
// in turn. A fixture that fails is reported in its result; an error is
// returned only when the browser could not be had.
func measure(ctx context.Context, dir, chromiumPath string, fixtures []fixture, progress io.Writer) ([]result, error) {
	srv := httptest.NewServer(handler(dir, fixtures))
	defer srv.Close()
	c, err := launchChromium(chromiumPath, 1280, 800)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	d, err := cdpclient.Connect(c.URL)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	t, err := firstPage(sctx, d)
	if err != nil {
		return nil, err
	}
	// Flow attached to the browser takes its active page: the one tab,
	// which our session is on too.
	b, err := browser.Start(sctx, browser.Options{BrowserURL: c.URL})
	if err != nil {
		return nil, err
	}
	defer b.Close()
	s, err := b.NewSurface(sctx, browser.SurfaceOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if err := setViewport(sctx, t, 1280, 800); err != nil {
		return nil, err
	}

	results := make([]result, 0, len(fixtures))
	for i, f := range fixtures {
		if ctx.Err() != nil {
			return results, ctx.Err()
		}
		r := measureOne(ctx, s, t, srv.URL, f)
		if r.Err != nil {
			fmt.Fprintf(progress, "parity: %s: %v\n", f.ID(), r.Err)
		}
		results = append(results, r)
		if (i+1)%50 == 0 {
			fmt.Fprintf(progress, "parity: %d of %d fixtures\n", i+1, len(fixtures))
		}
	}
	return results, nil
}

// measureOne loads one fixture in flow's surface (which settles the page
// as it does after any act), observes it, and reads Chromium's tree of the
// same document.
func measureOne(ctx context.Context, s *browser.Surface, t *cdpclient.Session, base string, f fixture) result {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	fail := func(err error) result { return result{Fixture: f, Err: err} }
	if _, err := s.Act(ctx, surfaces.Navigate(fixtureURL(base, f))); err != nil {
		return fail(fmt.Errorf("navigate: %w", err))
	}
	sc, err := s.Observe(ctx)
	if err != nil {
		return fail(fmt.Errorf("observe: %w", err))
	}
	tree, err := fullAXTree(ctx, t)
	if err != nil {
		return fail(err)
	}
	// The title names the fixture: a tree of another document would
	// compare two pages.
	if len(tree.nodes) == 0 || tree.nodes[0].role() != "RootWebArea" || tree.nodes[0].name() != f.ID() || sc.Title != f.ID() {
		got := ""
		if len(tree.nodes) > 0 {
			got = tree.nodes[0].name()
		}
		return fail(fmt.Errorf("Chromium's tree is of %q and flow saw %q, want both %q", got, sc.Title, f.ID()))
	}
	placed, err := locate(ctx, t, sc.Candidates)
	if err != nil {
		return fail(fmt.Errorf("locate candidates: %w", err))
	}
	v := &pageView{tree: tree, cands: sc.Candidates, placed: placed,
		box:     func(backend int64) (surfaces.Bounds, bool) { return boxOf(ctx, t, backend) },
		element: func(backend int64) element { return elementOf(ctx, t, backend) }}
	return compare(f, v)
}
