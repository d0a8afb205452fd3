package decide

import (
	"context"
	"strconv"
	"testing"

	"flow/surfaces"
)

// bigScreen is a results page with n cards of three candidates each.
func bigScreen(n int) surfaces.Screen {
	s := surfaces.Screen{URL: "http://shop.test/search?q=mug", Title: "Results", Layer: surfaces.LayerPage}
	for i := 0; i < n; i++ {
		card := "listitem #" + strconv.Itoa(i+1)
		s.Candidates = append(s.Candidates,
			surfaces.Candidate{Ref: "a" + strconv.Itoa(i), Role: "link", Name: "Enamel mug, 350 ml, colour " + strconv.Itoa(i), Path: []string{"main", card}},
			btn("b"+strconv.Itoa(i), "Add to cart", "main", card),
			btn("c"+strconv.Itoa(i), "Save for later", "main", card))
		s.Context = append(s.Context, line("t"+strconv.Itoa(i), "€"+strconv.Itoa(10+i)+".99 · In stock", "main", card))
	}
	return s
}

// Narrowing a 300-candidate screen to 20 options, as the runtime does
// before every provider question.
func BenchmarkNarrow300(b *testing.B) {
	s := bigScreen(100)
	q := Question{ID: "1/target", Purpose: PurposeTarget, Ask: "add the enamel mug colour 42 to the cart", Screen: BriefOf(s)}
	for _, c := range s.Candidates {
		q.Options = append(q.Options, OptionOf(c))
	}
	b.ReportAllocs()
	for b.Loop() {
		Narrow(q, MaxOptions)
	}
}

// Judging a condition on a 400-item screen.
func BenchmarkJudge400(b *testing.B) {
	st := Statement{ID: "2/judge", Text: "the results show 3 enamel mugs in stock", Screen: BriefOf(bigScreen(100))}
	l := NewLocal()
	b.ReportAllocs()
	for b.Loop() {
		l.Judge(context.Background(), st)
	}
}

// Rendering a bounded prompt.
func BenchmarkQuestionPrompt(b *testing.B) {
	s := bigScreen(100)
	q := Question{ID: "1/target", Purpose: PurposeTarget, Ask: "add the enamel mug to the cart", Screen: BriefOf(s)}
	for _, c := range s.Candidates[:20] {
		q.Options = append(q.Options, OptionOf(c))
	}
	b.ReportAllocs()
	for b.Loop() {
		questionPrompt(q, nil)
	}
}

// Ranking a 2,000-candidate screen (a long results page), as Narrow does
// before every question about it.
func BenchmarkRank2000(b *testing.B) {
	s := bigScreen(667)
	q := Question{ID: "1/target", Purpose: PurposeTarget, Ask: "save the enamel mug colour 420 for later", Screen: BriefOf(s)}
	for _, c := range s.Candidates {
		q.Options = append(q.Options, OptionOf(c))
	}
	b.ReportAllocs()
	for b.Loop() {
		Rank(q)
	}
}

// Choosing among 20 options narrowed from a 2,000-candidate screen: the
// local decider reads the whole screen for groups and anchors.
func BenchmarkChoose2000(b *testing.B) {
	s := bigScreen(667)
	q := Question{ID: "1/target", Purpose: PurposeTarget, Ask: "save the enamel mug colour 420 for later", Screen: BriefOf(s)}
	for _, c := range s.Candidates {
		q.Options = append(q.Options, OptionOf(c))
	}
	q = Narrow(q, MaxOptions)
	l := NewLocal()
	b.ReportAllocs()
	for b.Loop() {
		l.Choose(context.Background(), q)
	}
}
