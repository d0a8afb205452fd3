package runtime_test

import (
	"context"
	"testing"

	"flow/compiler"
	"flow/runtime"
	"flow/runtime/decide"
	"flow/surfaces"
	"flow/surfaces/sim"
)

// BenchmarkShopFlow measures the runtime's own cost per run of the shop
// flow (14 steps: enter, press, wait_for, extract, pick, read, do, verify,
// stop_before) on the sim with the local decider.
func BenchmarkShopFlow(b *testing.B) {
	flow := compile(b, shopFlow)
	facts, diags := compiler.LoadFacts(flow, "", nil, nil)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	script, err := sim.LoadScript("testdata/shop.yaml")
	if err != nil {
		b.Fatal(err)
	}
	dec := decide.NewLocal()
	b.ReportAllocs()
	for b.Loop() {
		sm, err := sim.New(script)
		if err != nil {
			b.Fatal(err)
		}
		ws, _ := surfaces.NewWorkspace(sm)
		res := runtime.Run(context.Background(), flow, runtime.Options{Surface: ws, Decider: dec, Clock: newFakeClock(), Facts: facts})
		if res.Outcome != runtime.StoppedBefore {
			b.Fatalf("outcome %s", res.Outcome)
		}
	}
}
