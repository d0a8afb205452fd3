package stdlib

import (
	"strings"
	"testing"
)

// BenchmarkRank ranks a page of 50 flight cards by price, as one `pick` does.
func BenchmarkRank(b *testing.B) {
	items := make([]string, 0, 50)
	for len(items) < 50 {
		items = append(items, flights...)
	}
	items = items[:50]
	c, _ := ParseCriterion("lowest price")
	for b.Loop() {
		if _, err := Rank(c, items); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFindPrices scans one long card.
func BenchmarkFindPrices(b *testing.B) {
	card := strings.Repeat(flights[1]+" ", 4)
	for b.Loop() {
		FindPrices(card)
	}
}

func BenchmarkParseDate(b *testing.B) {
	for b.Loop() {
		if _, err := ParseDate("Thursday, 24 December 2026", ref); err != nil {
			b.Fatal(err)
		}
	}
}
