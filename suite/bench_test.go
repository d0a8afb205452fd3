package suite

import (
	"context"
	"fmt"
	"testing"

	"flow/flows"
	"flow/surfaces/browser"
)

// BenchmarkLibrary runs the flows/suite library (22 cases on the bundled
// sites) on one local Chromium with 1, 2 and 4 workers: the wall time of
// `flow test --workers N` without the process start. Run it once per
// size:
//
//	go test -run '^$' -bench Library -benchtime 1x ./suite
func BenchmarkLibrary(b *testing.B) {
	cases, diags := Load([]string{"../flows/suite"}, LoadOptions{Sites: flows.Sites()})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	pool, err := OpenPool(context.Background(), nil, browser.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()
	for _, workers := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for b.Loop() {
				rep := Run(context.Background(), cases, Options{Workers: workers, Pool: pool, Sites: fixtures{}})
				if !rep.OK() {
					WriteSummary(b.Output(), rep)
					b.Fatalf("%d of %d cases failed", rep.Counts.Failed, rep.Counts.Total)
				}
			}
		})
	}
}
