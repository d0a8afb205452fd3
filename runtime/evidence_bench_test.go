package runtime

import (
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"flow/guard"
	"flow/surfaces"
)

// BenchmarkObservedEvidence measures what the evidence adds to one look
// at a page of 100 controls and 60 lines of text: masking the whole
// screen into the event and writing it as a trace line.
func BenchmarkObservedEvidence(b *testing.B) {
	s := surfaces.Screen{Surface: surfaces.KindBrowser, URL: "http://127.0.0.1:8080/results.html", Title: "Results", Layer: surfaces.LayerPage}
	for i := range 100 {
		s.Candidates = append(s.Candidates, surfaces.Candidate{Ref: fmt.Sprintf("e%d", i), Role: "button", Name: fmt.Sprintf("Select flight %d", i),
			Path: []string{"main", fmt.Sprintf("listitem #%d", i), `article "IB 6543"`}, States: []surfaces.State{surfaces.StateOffscreen},
			Bounds: surfaces.Bounds{X: 10, Y: float64(40 * i), W: 120, H: 32}})
	}
	for i := range 60 {
		s.Context = append(s.Context, surfaces.ContextLine{Ref: fmt.Sprintf("t%d", i), Text: fmt.Sprintf("Iberia IB 65%02d · 15:35 · € 165,93 per adult", i), Path: []string{"main"}})
	}
	m := guard.NewMasker(map[string]string{"card_number": "4242424242424242", "cvv": "123"})
	j := NewJSONL(io.Discard)
	b.ReportAllocs()
	for b.Loop() {
		e := Event{Kind: EventObserved, URL: s.URL, Title: s.Title, Screen: &s}
		j.Emit(maskEvent(m, e))
	}
	line, _ := json.Marshal(maskEvent(m, Event{Kind: EventObserved, Screen: &s}))
	b.ReportMetric(float64(len(line)), "bytes/line")
}
