package flows

import (
	"net/http/httptest"
	"testing"
)

func BenchmarkSearchFlights(b *testing.B) {
	for b.Loop() {
		if _, err := SearchFlights("Lisbon", "Oslo", "2026-12-24"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkServeResultsPage measures one static page through the handler,
// without the network.
func BenchmarkServeResultsPage(b *testing.B) {
	h, err := SiteHandler("booking")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/results.html", nil))
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}
