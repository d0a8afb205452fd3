package examples_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"flow/compiler"
	"flow/flows"
	"flow/plan"
	"flow/runtime"
	"flow/surfaces"
	"flow/surfaces/browser"
)

// BenchmarkSplit runs each example flow of package flows once per round on
// its fixture site, as BenchmarkExamples in package runtime does, and
// reports where the run's time went: the sum of its top-level steps'
// splits (observe, decide, act, settle) in ms per run, and how many
// observations and acts it made. With -v it logs each top-level step of
// the last round: its duration, split, and the looks and acts it took.
// It is the evidence the settle windows are tuned on:
//
//	go test ./bench/examples -run '^$' -bench Split -benchtime 3x -v
func BenchmarkSplit(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	chromium, err := browser.Start(ctx, browser.Options{})
	cancel()
	if err != nil {
		b.Fatal(err)
	}
	defer chromium.Close()
	all, err := flows.Examples()
	if err != nil {
		b.Fatal(err)
	}
	for _, ex := range all {
		b.Run(ex.Name, func(b *testing.B) {
			var sum runtime.Split
			var looks, acts int
			var last string
			for range b.N {
				b.StopTimer()
				url, _, stop, err := flows.Serve(ex.Expect.Site)
				if err != nil {
					b.Fatal(err)
				}
				flow, facts, secrets := prepare(b, ex, url)
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				counts := map[string]*[2]int{} // top-level step path → looks, acts
				sink := runtime.SinkFunc(func(e runtime.Event) {
					top, _, _ := strings.Cut(e.Path, ".")
					if counts[top] == nil {
						counts[top] = &[2]int{}
					}
					switch e.Kind {
					case runtime.EventObserved:
						counts[top][0]++
					case runtime.EventActed:
						counts[top][1]++
					}
				})
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
					Surface: ws, Facts: facts, Secrets: secrets, Timeout: time.Minute, Sinks: []runtime.Sink{sink},
				})
				ws.Close()

				b.StopTimer()
				cancel()
				stop()
				if string(res.Outcome) != ex.Expect.Outcome {
					b.Fatalf("outcome %s, want %s (failure %v)", res.Outcome, ex.Expect.Outcome, res.Failure)
				}
				var lines strings.Builder
				for _, st := range res.Steps {
					if strings.Contains(st.Path, ".") || st.Split == nil {
						continue // the top-level step's split holds its inner steps'
					}
					sp := st.Split
					sum.Observe += sp.Observe
					sum.Decide += sp.Decide
					sum.Act += sp.Act
					sum.Settle += sp.Settle
					c := counts[st.Path]
					if c == nil {
						c = &[2]int{}
					}
					looks += c[0]
					acts += c[1]
					fmt.Fprintf(&lines, "%-5s %-12s %6.0f ms  obs %5.0f  dec %4.0f  act %5.0f  settle %4.0f  looks %2d acts %2d  %s\n",
						st.Path, st.Kind, ms(st.Duration), ms(sp.Observe), ms(sp.Decide), ms(sp.Act), ms(sp.Settle), c[0], c[1], clip(st.Text, 50))
				}
				fmt.Fprintf(&lines, "total %6.0f ms\n", ms(res.Duration))
				last = lines.String()
				b.StartTimer()
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

func ms(d plan.Duration) float64 { return float64(time.Duration(d)) / float64(time.Millisecond) }

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n-1] + "…"
	}
	return s
}

// prepare compiles the example from the flows FS and loads its facts and
// secrets, as the runtime's example tests do.
func prepare(tb testing.TB, ex flows.Example, url string) (*plan.Flow, map[string]any, map[string]string) {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.CopyFS(dir, flows.FS()); err != nil {
		tb.Fatal(err)
	}
	prog, diags := compiler.CompileFile(filepath.Join(dir, ex.File))
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	flow, err := compiler.SelectFlow(prog, ex.Expect.Flow)
	if err != nil {
		tb.Fatal(err)
	}
	factsData, err := fs.ReadFile(flows.FS(), ex.FactsFile)
	if err != nil {
		tb.Fatal(err)
	}
	facts, diags := compiler.LoadFacts(flow, ex.FactsFile, factsData, []string{"site=" + url})
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	secrets, diags := compiler.LoadSecrets(flow, "", nil, func(v string) string {
		for k, s := range ex.Expect.Secrets {
			if compiler.SecretEnvVar(k) == v {
				return s
			}
		}
		return ""
	})
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	return flow, facts, secrets
}
