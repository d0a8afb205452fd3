// Command miniwob runs flow on MiniWoB++ tasks and scores it the way the
// benchmark does.
//
// It serves a MiniWoB++ html folder (kept outside this repository; the path
// comes by --html) on 127.0.0.1, launches one headless Chromium (or attaches
// to one by --browser-url), and for each task and seed plays one episode:
// a fresh tab, the episode started with the seed as BrowserGym starts it, the
// goal read and removed from the page, the goal's varying parts parsed into a
// facts file, then `flow run flows/TASK.flow --browser-url … --facts …` as a
// subprocess attached to that tab, and the page's own reward read at the end.
// An episode succeeds when the page ended it with a positive raw reward.
// The results print as a markdown table per task, with the most common
// failure of each.
//
// Usage:
//
//	go build -o /tmp/flow-bin ./cmd/flow
//	go run ./bench/miniwob --html /path/to/miniwob-plusplus/miniwob/html --flow /tmp/flow-bin
//	    [--tasks a,b] [--seeds 5 | --seeds 0,3,7] [--out results.md|results.json] [-v]
//	    [--browser-url http://127.0.0.1:9222] [--traces DIR] [--timeout 60s] [--goals [--inspect]]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"flow/internal/cdpclient"
)

// devTasks are the tasks flows are written and tuned on; the rest of
// MiniWoB++ is kept for evaluation.
var devTasks = []string{
	"choose-date", "choose-date-easy", "choose-date-medium", "click-button-sequence",
	"click-checkboxes-large", "click-checkboxes-soft", "click-checkboxes-transfer",
	"click-collapsible-2", "click-menu-2", "click-scroll-list", "click-tab-2", "click-tab-2-easy",
	"click-tab-2-medium", "click-tab-2-hard", "click-test", "click-test-2", "click-widget",
	"copy-paste", "copy-paste-2", "email-inbox", "email-inbox-forward", "email-inbox-forward-nl",
	"email-inbox-important", "email-inbox-noscroll", "email-inbox-reply", "email-inbox-star-reply",
	"enter-text-dynamic", "find-word", "focus-text", "focus-text-2", "form-sequence-2",
	"form-sequence-3", "multi-orderings", "read-table-2", "scroll-text", "scroll-text-2",
	"search-engine", "sign-agreement", "social-media-all", "social-media-some", "use-autocomplete",
	"use-slider", "use-spinner", "simple-arithmetic", "guess-number",
	// Added by issue 20 (first contact measured in README.md).
	"book-flight", "buy-ticket", "choose-list", "click-button", "click-checkboxes",
	"click-collapsible", "click-dialog", "click-dialog-2", "click-link", "click-menu",
	"click-option", "click-tab", "email-inbox-delete", "enter-date", "enter-password",
	"enter-text", "enter-text-2", "enter-time", "form-sequence", "login-user",
	"login-user-popup", "multi-layouts", "navigate-tree", "order-food", "phone-book",
	"read-table", "social-media",
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("miniwob", flag.ContinueOnError)
	fs.SetOutput(stderr)
	htmlDir := fs.String("html", "", "the MiniWoB++ html folder (holding miniwob/, core/, common/)")
	flowBin := fs.String("flow", "", "the flow binary (go build -o /tmp/flow-bin ./cmd/flow)")
	tasksFlag := fs.String("tasks", strings.Join(devTasks, ","), "comma-separated tasks")
	seedsFlag := fs.String("seeds", "5", "a count N (seeds 0..N-1) or a comma-separated list of seeds (one seed: \"7,\")")
	outFile := fs.String("out", "", "also write the results: markdown, or JSON when the name ends in .json")
	verbose := fs.Bool("v", false, "print each failed episode's flow result")
	browserURL := fs.String("browser-url", "", "attach to a running Chromium (http://host:port) instead of launching one")
	chromiumPath := fs.String("chromium", "", "the Chromium binary to launch (default: as flow finds it)")
	flowsDir := fs.String("flows", "", "the folder of TASK.flow files (default: flows/ beside this command's source)")
	timeout := fs.Duration("timeout", 60*time.Second, "flow run --timeout for each episode")
	approve := fs.Bool("approve", true, "run flows with --approve: a stop_before in front of Submit or Send presses it, as the person running the benchmark approves")
	traceDir := fs.String("traces", "", "keep each run's trace in this folder as TASK-SEED.jsonl")
	goalsOnly := fs.Bool("goals", false, "only start each episode and print its goal and facts (no flow runs)")
	inspect := fs.Bool("inspect", false, "with --goals: also print each started episode's screen as the runtime sees it (flow inspect --browser-url)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *htmlDir == "" || (*flowBin == "" && !*goalsOnly) {
		fmt.Fprintln(stderr, "miniwob: --html and --flow are required")
		fs.Usage()
		return 2
	}
	if _, err := os.Stat(filepath.Join(*htmlDir, "core", "core.js")); err != nil {
		fmt.Fprintf(stderr, "miniwob: %s is not a MiniWoB++ html folder: %v\n", *htmlDir, err)
		return 2
	}
	tasks := splitList(*tasksFlag)
	seeds, err := parseSeeds(*seedsFlag)
	if err != nil {
		fmt.Fprintln(stderr, "miniwob: --seeds:", err)
		return 2
	}
	if *flowsDir == "" {
		*flowsDir = defaultFlowsDir()
	}
	for _, t := range tasks {
		if _, err := os.Stat(filepath.Join(*htmlDir, "miniwob", t+".html")); err != nil {
			fmt.Fprintf(stderr, "miniwob: unknown task %s: %v\n", t, err)
			return 2
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	site, closeSite, err := serveDir(*htmlDir)
	if err != nil {
		fmt.Fprintln(stderr, "miniwob: serve:", err)
		return 1
	}
	defer closeSite()

	addr := *browserURL
	if addr == "" {
		c, err := launchChromium(*chromiumPath)
		if err != nil {
			fmt.Fprintln(stderr, "miniwob:", err)
			return 1
		}
		defer c.Close()
		addr = c.URL
	}
	dt, err := cdpclient.Connect(addr)
	if err != nil {
		fmt.Fprintln(stderr, "miniwob: devtools:", err)
		return 1
	}
	defer dt.Close()

	work, err := os.MkdirTemp("", "miniwob-run-")
	if err != nil {
		fmt.Fprintln(stderr, "miniwob:", err)
		return 1
	}
	defer os.RemoveAll(work)

	r := &runner{dt: dt, browserURL: addr, site: site, flowBin: *flowBin, flowsDir: *flowsDir,
		workDir: work, flowTimeout: *timeout, approve: *approve, traceDir: *traceDir}
	if *traceDir != "" {
		if err := os.MkdirAll(*traceDir, 0o755); err != nil {
			fmt.Fprintln(stderr, "miniwob:", err)
			return 1
		}
	}
	if *goalsOnly {
		return printGoals(ctx, r, tasks, seeds, *inspect, stdout)
	}

	began := time.Now()
	var results []episodeResult
	for _, task := range tasks {
		for _, seed := range seeds {
			if ctx.Err() != nil {
				break
			}
			res := r.runEpisode(ctx, task, seed)
			results = append(results, res)
			mark := "ok  "
			if !res.Success() {
				mark = "FAIL"
			}
			fmt.Fprintf(stderr, "%s %-26s seed %-3d %5.1fs raw %-5g %s\n", mark, task, seed,
				res.Duration.Seconds(), res.Raw, clip(res.Failure, 140))
			if *verbose && !res.Success() {
				fmt.Fprintf(stderr, "     goal: %s\n     flow: %s\n", res.Utterance, clip(string(res.Output), 4000))
			}
		}
	}
	rep := newReport(results, tasks, time.Since(began))
	md := rep.Markdown()
	fmt.Fprint(stdout, md)
	if *outFile != "" {
		data := []byte(md)
		if strings.HasSuffix(*outFile, ".json") {
			data, err = rep.JSON()
			if err != nil {
				fmt.Fprintln(stderr, "miniwob:", err)
				return 1
			}
		}
		if err := os.WriteFile(*outFile, data, 0o644); err != nil {
			fmt.Fprintln(stderr, "miniwob:", err)
			return 1
		}
	}
	if ctx.Err() != nil {
		return 130
	}
	return 0
}

// printGoals starts each episode and prints its goal and the facts parsed
// from it (a quick check of the parsers on the real pages), and with inspect
// the screen of the started episode as `flow inspect --browser-url` shows
// the active tab: what a flow run attached to it starts from.
func printGoals(ctx context.Context, r *runner, tasks []string, seeds []int, inspect bool, w io.Writer) int {
	code := 0
	for _, task := range tasks {
		for _, seed := range seeds {
			if ctx.Err() != nil {
				return 130
			}
			if err := r.printGoal(ctx, task, seed, inspect, w); err != nil {
				fmt.Fprintf(w, "%s %d: %v\n", task, seed, err)
				code = 1
			}
		}
	}
	return code
}

func (r *runner) printGoal(ctx context.Context, task string, seed int, inspect bool, w io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	t, err := r.dt.NewPage(ctx, r.site+"miniwob/"+task+".html")
	if err != nil {
		return err
	}
	defer t.CloseTarget(context.Background())
	if err := waitLoaded(ctx, t, task); err != nil {
		return err
	}
	var goal string
	if err := t.Eval(ctx, startScriptFor(seed, 600000), &goal); err != nil {
		return err
	}
	parse, ok := parsers[task]
	if !ok {
		return fmt.Errorf("%q: no parser", goal)
	}
	f, err := parse(goal)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s %d: %q -> %v\n", task, seed, goal, f)
	if !inspect {
		return nil
	}
	if r.flowBin == "" {
		return errors.New("--inspect needs --flow")
	}
	if err := t.Activate(ctx); err != nil {
		return err
	}
	out, err := exec.CommandContext(ctx, r.flowBin, "inspect", "--browser-url", r.browserURL).CombinedOutput()
	w.Write(out)
	return err
}

// serveDir serves dir on 127.0.0.1 at a port the system chooses and returns
// its address with a trailing slash.
func serveDir(dir string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(os.Stderr, "miniwob: server:", err)
		}
	}()
	return "http://" + ln.Addr().String() + "/", func() { srv.Close() }, nil
}

// defaultFlowsDir is flows/ beside this file's source, so `go run
// ./bench/miniwob` finds the flows from any working directory.
func defaultFlowsDir() string {
	if _, file, _, ok := runtime.Caller(0); ok {
		if dir := filepath.Join(filepath.Dir(file), "flows"); dirExists(dir) {
			return dir
		}
	}
	return filepath.Join("bench", "miniwob", "flows")
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// parseSeeds reads "5" as seeds 0..4 and "0,3,7" as those seeds.
func parseSeeds(s string) ([]int, error) {
	if !strings.Contains(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is neither a count nor a list", s)
		}
		seeds := make([]int, n)
		for i := range seeds {
			seeds[i] = i
		}
		return seeds, nil
	}
	var seeds []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("seed %q is not a number", f)
		}
		seeds = append(seeds, n)
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("%q lists no seed", s)
	}
	return seeds, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// clip shortens s to n runes, marking the cut.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
