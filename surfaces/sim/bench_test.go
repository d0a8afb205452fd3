package sim

import (
	"os"
	"testing"

	"flow/surfaces"
)

func BenchmarkParseShop(b *testing.B) {
	data, err := os.ReadFile("../../testdata/sim/shop.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("shop.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchTurn is one runtime-like turn on the shop: observe, fill,
// observe, click to the results, back.
func BenchmarkSearchTurn(b *testing.B) {
	s, err := Load("../../testdata/sim/shop.yaml")
	if err != nil {
		b.Fatal(err)
	}
	ctx := b.Context()
	b.ReportAllocs()
	for b.Loop() {
		sc, _ := s.Observe(ctx)
		q := sc.Find("searchbox", "Search products")[0].Ref
		go_ := sc.Find("button", "Search")[0].Ref
		if _, err := s.Act(ctx, surfaces.Fill(q, "laptop")); err != nil {
			b.Fatal(err)
		}
		s.Observe(ctx)
		if _, err := s.Act(ctx, surfaces.Click(go_)); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Act(ctx, surfaces.Back()); err != nil {
			b.Fatal(err)
		}
	}
}
