package suite

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"time"

	"flow/guard"
	"flow/plan"
	"flow/runtime"
	"flow/runtime/decide"
	"flow/surfaces/browser"
)

// Options are how [Run] runs the cases.
type Options struct {
	// Workers is how many cases run at once (at least 1).
	Workers int
	// Retries is how many more times a failed case runs; a later pass is
	// reported as flaky.
	Retries int
	// Timeout bounds one attempt of a case (0: the flow's time budget).
	Timeout time.Duration
	// FailFast stops starting cases after the first failure; the cases not
	// started are reported as skipped.
	FailFast bool
	// Pool is the browsers to run on; required.
	Pool *Pool
	// NewDecider makes the decision model of one attempt, whose requests
	// must mask secrets; nil uses the local decider.
	NewDecider func(secrets map[string]string) (decide.Decider, error)
	// Sites serves the fixture sites cases name; nil when none may.
	Sites SiteServer
	// Attempt, when set, adds to the runtime options of each attempt of a
	// case before it runs: event sinks (a trace, an HTML report's
	// recorder; every sink receives masked events), screenshots. The func
	// it returns, if not nil, gets the attempt's result when the run has
	// ended (to write the report and set the result's Report path).
	Attempt func(c *Case, attempt int, o *runtime.Options) (after func(*runtime.Result))
	// Observer hears of cases starting and ending (the live table); nil
	// for none.
	Observer Observer
	// Shard is recorded in the report.
	Shard Shard
}

// SiteServer serves a fixture site for one attempt of a case.
type SiteServer interface {
	// Serve starts the named site and returns its root URL and a func
	// that stops it.
	Serve(name string) (url string, stop func(), err error)
}

// Observer hears of cases as they start and end. Calls come from the
// workers' goroutines, one at a time.
type Observer interface {
	Started(c *Case, attempt int)
	Finished(r *Result)
}

// surfaceTimeout bounds opening and closing one tab.
const surfaceTimeout = 30 * time.Second

// Run runs cases (in the order given) on opts.Workers workers and returns
// the report, its results in the order of cases. Cancelling ctx stops
// starting cases; the ones running end as the runtime reports a cancelled
// run, and the rest are skipped.
func Run(ctx context.Context, cases []*Case, opts Options) *Report {
	start := time.Now()
	workers := max(1, min(opts.Workers, len(cases)))
	rep := &Report{Results: make([]*Result, len(cases)), Workers: workers}
	if opts.Shard.Count > 1 {
		rep.Shard = opts.Shard.String()
	}
	r := &runner{opts: opts}
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range cases {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if why := r.stopped(ctx); why != "" {
					rep.Results[i] = skipped(cases[i], why)
				} else {
					rep.Results[i] = r.runCase(ctx, cases[i])
				}
				r.finished(rep.Results[i])
			}
		}()
	}
	wg.Wait()
	for i, res := range rep.Results {
		if res == nil { // never handed out: ctx was cancelled
			rep.Results[i] = skipped(cases[i], "not run: the run was cancelled")
			r.finished(rep.Results[i])
		}
	}
	rep.Duration = since(start)
	rep.count()
	return rep
}

// runner is one suite run in progress.
type runner struct {
	opts     Options
	mu       sync.Mutex
	failedBy string // the first failed case, with FailFast
}

func (r *runner) stopped(ctx context.Context) string {
	if ctx.Err() != nil {
		return "not run: the run was cancelled"
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failedBy != "" {
		return "not run: --fail-fast after " + r.failedBy + " failed"
	}
	return ""
}

func (r *runner) finished(res *Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.opts.FailFast && res.Status == Fail && r.failedBy == "" {
		r.failedBy = res.Case
	}
	if r.opts.Observer != nil {
		r.opts.Observer.Finished(res)
	}
}

func skipped(c *Case, why string) *Result {
	return &Result{Case: c.Name, File: c.File, Flow: c.Flow.Name, Status: Skipped, Expected: c.Expect.String(), Reason: why}
}

// runCase runs a case's attempts until one meets the expectation or the
// retries are spent.
func (r *runner) runCase(ctx context.Context, c *Case) *Result {
	start := time.Now()
	res := &Result{Case: c.Name, File: c.File, Flow: c.Flow.Name, Expected: c.Expect.String()}
	for attempt := 1; attempt <= 1+max(0, r.opts.Retries); attempt++ {
		if attempt > 1 && ctx.Err() != nil {
			break
		}
		res.Attempts = attempt
		if r.opts.Observer != nil {
			r.mu.Lock()
			r.opts.Observer.Started(c, attempt)
			r.mu.Unlock()
		}
		run, browserURL, why := r.attempt(ctx, c, attempt)
		res.Run, res.Browser, res.Reason = run, browserURL, why
		if run != nil {
			res.Outcome = run.Outcome
		}
		if why == "" {
			res.Status = Pass
			if attempt > 1 {
				res.Status = Flaky
			}
			break
		}
		res.Status = Fail
	}
	res.Duration = since(start)
	if res.Status == Fail {
		res.Where = locate(c, res.Run)
	}
	return res
}

// attempt runs a case once and returns the runtime's result, the browser
// it ran on, and why it did not meet the expectation ("" when it did).
func (r *runner) attempt(ctx context.Context, c *Case, attempt int) (*runtime.Result, string, string) {
	mask := guard.NewMasker(c.secrets).Mask
	m, surf, err := r.openSurface(ctx)
	if err != nil {
		return nil, "", mask(err.Error())
	}
	defer r.opts.Pool.release(m)
	defer closeSurface(surf)

	facts := maps.Clone(c.facts)
	if c.Site != "" {
		if r.opts.Sites == nil {
			return nil, m.url, "no fixture sites are served: case names site " + c.Site
		}
		u, stop, err := r.opts.Sites.Serve(c.Site)
		if err != nil {
			return nil, m.url, "cannot serve fixture site " + c.Site + ": " + err.Error()
		}
		defer stop()
		facts[siteFact] = u
	}
	var dec decide.Decider
	if r.opts.NewDecider != nil {
		if dec, err = r.opts.NewDecider(c.secrets); err != nil {
			return nil, m.url, mask("cannot make the decision model: " + err.Error())
		}
	}

	// The run ends with the case's timeout, with ctx, or when its browser
	// goes away; the runtime's own clock ends it first on a timeout, the
	// context is the backstop for a call that hangs.
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopWatch := context.AfterFunc(m.ctx, cancel)
	defer stopWatch()
	if r.opts.Timeout > 0 {
		var cancelT context.CancelFunc
		runCtx, cancelT = context.WithTimeout(runCtx, r.opts.Timeout+10*time.Second)
		defer cancelT()
	}
	ropts := runtime.Options{
		Surface: surf,
		Decider: dec,
		Facts:   facts,
		Secrets: c.secrets,
		Timeout: r.opts.Timeout,
	}
	var after func(*runtime.Result)
	if r.opts.Attempt != nil {
		after = r.opts.Attempt(c, attempt, &ropts)
	}
	res := runtime.Run(runCtx, c.Flow, ropts)
	if after != nil {
		after(res)
	}
	// A run its browser walked out on proves nothing, whatever its
	// outcome: an expected failure must not pass because the browser died.
	// So a run that did not end cleanly has its browser checked, even
	// when it ended as expected (a dead browser fails a step at once,
	// often before the watcher has noticed).
	cut := !stopWatch()
	why := c.Expect.Check(res)
	if why != "" || cut || res.Outcome != runtime.Completed && res.Outcome != runtime.StoppedBefore {
		// A case that went wrong on a browser that went away failed for
		// that: say so rather than blame the flow.
		if gone := r.opts.Pool.check(m); gone != nil {
			why = gone.Error()
			if res.Failure != nil {
				why += "; the run said: " + res.Failure.String()
			}
		} else if why != "" && res.Failure != nil {
			why += ": " + res.Failure.String()
		}
	}
	return res, m.url, mask(why)
}

// openSurface opens a tab in a fresh browser context on the live browser
// running the fewest cases. A browser whose tab does not open is checked,
// and the next one tried when it went away.
func (r *runner) openSurface(ctx context.Context) (*member, *browser.Surface, error) {
	for {
		m, err := r.opts.Pool.acquire()
		if err != nil {
			return nil, nil, err
		}
		octx, cancel := context.WithTimeout(ctx, surfaceTimeout)
		stop := context.AfterFunc(m.ctx, cancel)
		var s *browser.Surface
		if m.b == nil {
			err = m.gone
		} else {
			s, err = m.b.NewSurface(octx, browser.SurfaceOptions{NewPage: true, Isolated: true})
		}
		stop()
		cancel()
		if err == nil {
			return m, s, nil
		}
		r.opts.Pool.release(m)
		if gone := r.opts.Pool.check(m); gone == nil {
			return nil, nil, fmt.Errorf("cannot open a tab in %s: %w", m.name(), err)
		}
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
	}
}

// closeSurface closes a tab, giving up on a browser that no longer answers.
func closeSurface(s *browser.Surface) {
	done := make(chan struct{})
	go func() { s.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(surfaceTimeout):
	}
}

// locate places a failed case in its flow's source: the step that ended
// the run, the step that stopped it, or the flow's declaration.
func locate(c *Case, res *runtime.Result) *Place {
	if res != nil && res.Failure != nil && res.Failure.Line > 0 {
		f := res.Failure
		file := f.File
		if file == "" {
			file = c.File
		}
		return &Place{File: file, Line: f.Line, Col: f.Col, Step: f.Path}
	}
	path := ""
	if res != nil && res.Failure != nil {
		path = res.Failure.Path
	} else if res != nil && res.Stop != nil {
		path = res.Stop.Path
	}
	if path != "" {
		var found *plan.Step
		c.Flow.Walk(func(s *plan.Step) {
			if found == nil && s.Path == path {
				found = s
			}
		})
		if found != nil && found.Range.Line > 0 {
			file := found.Range.File
			if file == "" {
				file = c.File
			}
			return &Place{File: file, Line: found.Range.Line, Col: found.Range.Col, Step: path}
		}
	}
	return &Place{File: c.File, Line: max(1, c.Flow.Range.Line), Col: max(1, c.Flow.Range.Col), Step: path}
}
