package record_test

import (
	"testing"

	"flow/record"
)

// BenchmarkBuild measures writing the booking recording (26 events, 12
// steps, card secrets masked): go test -bench Build ./record/
func BenchmarkBuild(b *testing.B) {
	evs := bookingSession().events
	b.ReportAllocs()
	for b.Loop() {
		if _, err := record.Build(evs, record.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildLong measures a recording cut at the step limit (800
// events).
func BenchmarkBuildLong(b *testing.B) {
	s := &session{}
	s.open(site, "Long", true)
	for range 400 {
		s.click("button", "Next")
		s.type_("Comment", "more text")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := record.Build(s.events, record.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
