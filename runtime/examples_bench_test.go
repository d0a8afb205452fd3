package runtime_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"flow/flows"
	"flow/runtime"
	"flow/surfaces"
	"flow/surfaces/browser"
)

// BenchmarkExamples measures one run of each example flow of package flows
// on its fixture site in the shared Chromium with the local decider, as
// `flow run` does it without --approve. ns/op is the run's wall time, from
// opening a fresh browser context to closing it; the custom metrics are the
// run's steps (step reports, one per loop round), decisions and actions.
// Each round gets a fresh site server (the shop's cart and the account's
// settings live on the server), started and checked outside the timer.
// BenchmarkFloor in surfaces/browser/fixturetest times hand-written
// chromedp programs doing the same actions: bench/examples/run.sh prints
// both side by side.
func BenchmarkExamples(b *testing.B) {
	all, err := flows.Examples()
	if err != nil {
		b.Fatal(err)
	}
	for _, ex := range all {
		b.Run(ex.Name, func(b *testing.B) {
			var steps, decisions, actions int
			for range b.N {
				b.StopTimer()
				url, log, stop, err := flows.Serve(ex.Expect.Site)
				if err != nil {
					b.Fatal(err)
				}
				flow, facts, secrets := prepareExample(b, ex, url)
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
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
					Surface: ws, Facts: facts, Secrets: secrets, Timeout: time.Minute,
				})
				ws.Close()

				b.StopTimer()
				cancel()
				// A run that went wrong would measure something else:
				// hold it to the example's expectation, as the test does.
				if string(res.Outcome) != ex.Expect.Outcome {
					stop()
					b.Fatalf("outcome %s, want %s (failure %v)", res.Outcome, ex.Expect.Outcome, res.Failure)
				}
				if t := ex.Expect.StopTarget; t != "" && (res.Stop == nil || !strings.Contains(res.Stop.Control, t)) {
					stop()
					b.Fatalf("stopped at %+v, want %q", res.Stop, t)
				}
				if err := ex.Expect.Check(log.Events(), false); err != nil {
					stop()
					b.Fatalf("site events: %v", err)
				}
				stop()
				steps += len(res.Steps)
				decisions += res.Decisions
				actions += res.Actions
				b.StartTimer()
			}
			n := float64(b.N)
			b.ReportMetric(float64(steps)/n, "steps")
			b.ReportMetric(float64(decisions)/n, "decisions")
			b.ReportMetric(float64(actions)/n, "actions")
		})
	}
}
