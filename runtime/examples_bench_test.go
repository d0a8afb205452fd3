package runtime_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"flow/flows"
	"flow/plan"
	"flow/runtime"
	"flow/runtime/cache"
	"flow/surfaces"
	"flow/surfaces/browser"
)

// BenchmarkExamples measures one run of each example flow of package flows
// on its fixture site in the shared Chromium with the local decider, as
// `flow run` does it without --approve. ns/op is the run's wall time, from
// opening a fresh browser context to closing it; the custom metrics are the
// run's steps (step reports, one per loop round), decisions and actions.
// Each round gets a fresh site server (the shop's cart and the account's
// settings live on the server), started and checked outside the timer,
// after one untimed run.
// BenchmarkFloor in surfaces/browser/fixturetest times hand-written
// chromedp programs doing the same actions: bench/examples/run.sh prints
// both side by side.
func BenchmarkExamples(b *testing.B) { benchExamples(b, false) }

// BenchmarkExamplesWarm is BenchmarkExamples replaying a resolution cache
// that one untimed cold run of the example filled: the warm rerun of
// `flow run --cache rw`. Its decisions metric must be 0.
func BenchmarkExamplesWarm(b *testing.B) { benchExamples(b, true) }

func benchExamples(b *testing.B, warm bool) {
	all, err := flows.Examples()
	if err != nil {
		b.Fatal(err)
	}
	for _, ex := range all {
		b.Run(ex.Name, func(b *testing.B) {
			var book func() *cache.Book
			if warm {
				path := filepath.Join(b.TempDir(), cache.FileName(ex.File, ex.Name))
				open := func(mode cache.Mode) *cache.Book {
					bk, err := cache.Open(path, mode, "", ex.File)
					if err != nil {
						b.Fatal(err)
					}
					return bk
				}
				filled := open(cache.Write)
				runExampleOnce(b, ex, filled)
				if err := filled.Save(); err != nil {
					b.Fatal(err)
				}
				book = func() *cache.Book { return open(cache.Read) }
			} else {
				// One untimed run first, as the warm benchmark's filling
				// run and the floor's: the timed runs never pay for a
				// browser's first page.
				runExampleOnce(b, ex, nil)
			}
			b.ResetTimer()
			var steps, decisions, actions int
			for range b.N {
				b.StopTimer()
				var bk *cache.Book
				if book != nil {
					bk = book()
				}
				res := runExampleOnce(b, ex, bk)
				steps += len(res.Steps)
				decisions += res.Decisions
				actions += res.Actions
			}
			n := float64(b.N)
			b.ReportMetric(float64(steps)/n, "steps")
			b.ReportMetric(float64(decisions)/n, "decisions")
			b.ReportMetric(float64(actions)/n, "actions")
		})
	}
}

// runExampleOnce runs ex on a fresh site with book (nil for none), the
// timer running from the browser context's opening to its closing, and
// holds the run to the example's expectation, as the test does: a run
// that went wrong would measure something else.
func runExampleOnce(b *testing.B, ex flows.Example, book *cache.Book, sinks ...runtime.Sink) *runtime.Result {
	b.StopTimer()
	url, log, stop, err := flows.Serve(ex.Expect.Site)
	if err != nil {
		b.Fatal(err)
	}
	defer stop()
	flow, facts, secrets := prepareExample(b, ex, url)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b.StartTimer()

	surf, err := chromium.NewSurface(ctx, browser.SurfaceOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ws, err := surfaces.NewWorkspace(surf)
	if err != nil {
		b.Fatal(err)
	}
	res := runtime.Run(ctx, flow, runtime.Options{
		Surface: ws, Facts: facts, Secrets: secrets, Timeout: time.Minute, Cache: book, Sinks: sinks,
	})
	ws.Close()

	b.StopTimer()
	if string(res.Outcome) != ex.Expect.Outcome {
		b.Fatalf("outcome %s, want %s (failure %v)", res.Outcome, ex.Expect.Outcome, res.Failure)
	}
	if t := ex.Expect.StopTarget; t != "" && (res.Stop == nil || !strings.Contains(res.Stop.Control, t)) {
		b.Fatalf("stopped at %+v, want %q", res.Stop, t)
	}
	if err := ex.Expect.Check(log.Events(), false); err != nil {
		b.Fatalf("site events: %v", err)
	}
	return res
}

// BenchmarkExamplesSplit runs each example as BenchmarkExamples does and
// reports where the run's time went: the sum of its top-level steps'
// splits (observe, decide, act, settle) in ms per run, and how many looks
// (reads of the surface: a reused look reads nothing) and acts it made.
// With -v it logs each top-level step of the last round:
// its duration, split, looks and acts. It is the evidence the settle
// windows are tuned on:
//
//	go test ./runtime -run '^$' -bench ExamplesSplit -benchtime 3x -v
func BenchmarkExamplesSplit(b *testing.B) {
	all, err := flows.Examples()
	if err != nil {
		b.Fatal(err)
	}
	ms := func(d plan.Duration) float64 { return float64(time.Duration(d)) / float64(time.Millisecond) }
	for _, ex := range all {
		b.Run(ex.Name, func(b *testing.B) {
			var sum runtime.Split
			var looks, acts int
			var last string
			for range b.N {
				counts := map[string]*[2]int{} // top-level step path → looks, acts
				count := func(path string) *[2]int {
					top, _, _ := strings.Cut(path, ".")
					if counts[top] == nil {
						counts[top] = &[2]int{}
					}
					return counts[top]
				}
				sink := runtime.SinkFunc(func(e runtime.Event) {
					switch e.Kind {
					case runtime.EventObserved:
						if !e.Reused {
							count(e.Path)[0]++ // a reused look reads nothing
						}
					case runtime.EventActed:
						count(e.Path)[1]++
					}
				})
				res := runExampleOnce(b, ex, nil, sink)
				var lines strings.Builder
				for _, st := range res.Steps {
					if strings.Contains(st.Path, ".") || st.Split == nil {
						continue // the top-level step's split holds its inner steps'
					}
					sp, c := st.Split, count(st.Path)
					sum.Observe += sp.Observe
					sum.Decide += sp.Decide
					sum.Act += sp.Act
					sum.Settle += sp.Settle
					looks += c[0]
					acts += c[1]
					fmt.Fprintf(&lines, "%-5s %-12s %6.0f ms  obs %5.0f  dec %4.0f  act %5.0f  settle %4.0f  looks %2d acts %2d  %s\n",
						st.Path, st.Kind, ms(st.Duration), ms(sp.Observe), ms(sp.Decide), ms(sp.Act), ms(sp.Settle), c[0], c[1], st.Text)
				}
				fmt.Fprintf(&lines, "total %6.0f ms\n", ms(res.Duration))
				last = lines.String()
			}
			n := float64(b.N)
			b.ReportMetric(ms(sum.Observe)/n, "obs-ms")
			b.ReportMetric(ms(sum.Decide)/n, "dec-ms")
			b.ReportMetric(ms(sum.Act)/n, "act-ms")
			b.ReportMetric(ms(sum.Settle)/n, "settle-ms")
			b.ReportMetric(float64(looks)/n, "looks")
			b.ReportMetric(float64(acts)/n, "acts")
			b.Log("\n" + last)
		})
	}
}
