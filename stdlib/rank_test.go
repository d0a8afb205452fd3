package stdlib

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseCriterion(t *testing.T) {
	tests := []struct {
		in   string
		want Criterion
	}{
		{"lowest price", Criterion{Price, Ascending, 0}},
		{"Lowest Price", Criterion{Price, Ascending, 0}},
		{"cheapest", Criterion{Price, Ascending, 0}},
		{"the cheapest flight", Criterion{Price, Ascending, 0}},
		{"cheapest first", Criterion{Price, Ascending, 0}},
		{"cheapest fare", Criterion{Price, Ascending, 0}},
		{"least expensive", Criterion{Price, Ascending, 0}},
		{"best price", Criterion{Price, Ascending, 0}},
		{"price: low to high", Criterion{Price, Ascending, 0}},
		{"lowest total", Criterion{Price, Ascending, 0}},
		{"highest price", Criterion{Price, Descending, 0}},
		{"most expensive", Criterion{Price, Descending, 0}},
		{"price (high to low)", Criterion{Price, Descending, 0}},
		{"earliest departure", Criterion{Departure, Ascending, 0}},
		{"earliest", Criterion{Departure, Ascending, 0}},
		{"the earliest flight", Criterion{Departure, Ascending, 0}},
		{"latest departure time", Criterion{Departure, Descending, 0}},
		{"latest", Criterion{Departure, Descending, 0}},
		{"earliest arrival", Criterion{Arrival, Ascending, 0}},
		{"latest arrival time", Criterion{Arrival, Descending, 0}},
		{"shortest duration", Criterion{Duration, Ascending, 0}},
		{"shortest", Criterion{Duration, Ascending, 0}},
		{"fastest", Criterion{Duration, Ascending, 0}},
		{"shortest travel time", Criterion{Duration, Ascending, 0}},
		{"shortest flight time", Criterion{Duration, Ascending, 0}},
		{"longest duration", Criterion{Duration, Descending, 0}},
		{"fewest stops", Criterion{Stops, Ascending, 0}},
		{"least stops", Criterion{Stops, Ascending, 0}},
		{"fewest connections", Criterion{Stops, Ascending, 0}},
		{"most stops", Criterion{Stops, Descending, 0}},
		{"first", Criterion{Position, Ascending, 0}},
		{"the first result", Criterion{Position, Ascending, 0}},
		{"top result", Criterion{Position, Ascending, 0}},
		{"last", Criterion{Position, Descending, 0}},
		{"the last option in the list", Criterion{Position, Descending, 0}},
		{"closest to 500", Criterion{Price, Closest, 500}},
		{"price closest to €500", Criterion{Price, Closest, 500}},
		{"closest to 1,250.50", Criterion{Price, Closest, 1250.5}},
		{"closest to 09:00", Criterion{Departure, Closest, 540}},
		{"nearest to 7 pm", Criterion{Departure, Closest, 1140}},
		{"departure closest to noon", Criterion{Departure, Closest, 720}},
		{"arrival closest to 18:30", Criterion{Arrival, Closest, 1110}},
		{"closest to 2h", Criterion{Duration, Closest, 120}},
		{"duration closest to 3h 30m", Criterion{Duration, Closest, 210}},
		{"stops closest to 1", Criterion{Stops, Closest, 1}},
	}
	for _, tt := range tests {
		got, ok := ParseCriterion(tt.in)
		if !ok || got != tt.want {
			t.Errorf("ParseCriterion(%q) = %+v, %v; want %+v", tt.in, got, ok, tt.want)
		}
		// The canonical text reads back as the same criterion.
		if back, ok := ParseCriterion(got.String()); ok && back != got {
			t.Errorf("ParseCriterion(%q) = %+v; want %+v", got.String(), back, got)
		}
	}
}

func TestParseCriterionNotUnderstood(t *testing.T) {
	for _, in := range []string{
		"", "best", "best rated", "highest rating", "most popular", "lowest", "most", "recommended",
		"cheapest nonstop", "lowest price with no stops", "first class", "cheapest departure",
		"shortest layover", "best value for money", "closest to the airport", "closest to 12 apples",
		"latest price", "earliest and cheapest", "lowest highest price", "arrival closest to €50",
		"closest to", "price departure",
	} {
		if c, ok := ParseCriterion(in); ok {
			t.Errorf("ParseCriterion(%q) = %+v; want not understood", in, c)
		}
	}
}

// flights are result cards in the mixed formats sites use.
var flights = []string{
	"TAP TP 1234 · 07:45 → 10:20 · 2h 35m · Nonstop · €189.99",
	"Lufthansa LH 1167 Departs 6:05 AM Arrives 1:40 PM 7 h 35 min 1 stop (FRA) 1.234,50 €",
	"SAS SK 4521 | 22:40 – 06:15+1 | 7h 35m | 1 stop | EUR 149",
	"Norwegian DY 1301 19h45 – 23h50 4h05 direct € 149,00",
	"KLM KL 1692 09:10 → 15:55 6h 45m 2 stops was €320 now €212",
}

func TestRank(t *testing.T) {
	tests := []struct {
		criterion string
		want      []int
	}{
		{"lowest price", []int{2, 3, 0, 4, 1}}, // 149 (ties keep list order), 189.99, 212, 1234.5
		{"highest price", []int{1, 4, 0, 2, 3}},
		{"earliest departure", []int{1, 0, 4, 3, 2}},
		{"latest departure", []int{2, 3, 4, 0, 1}},
		{"earliest arrival", []int{0, 1, 4, 3, 2}}, // 06:15+1 is the latest arrival
		{"latest arrival", []int{2, 3, 4, 1, 0}},
		{"shortest duration", []int{0, 3, 4, 1, 2}},
		{"longest", []int{1, 2, 4, 3, 0}},
		{"fewest stops", []int{0, 3, 1, 2, 4}},
		{"most stops", []int{4, 1, 2, 0, 3}},
		{"first", []int{0, 1, 2, 3, 4}},
		{"last", []int{4, 3, 2, 1, 0}},
		{"closest to 200", []int{0, 4, 2, 3, 1}},
		{"departure closest to 20:00", []int{3, 2, 4, 0, 1}},
		{"closest to 5h", []int{3, 4, 0, 1, 2}}, // 4h05, 6h45, 2h35, 7h35, 7h35
	}
	for _, tt := range tests {
		c, ok := ParseCriterion(tt.criterion)
		if !ok {
			t.Fatalf("ParseCriterion(%q) not understood", tt.criterion)
		}
		got, err := Rank(c, flights)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Rank(%q) = %v, %v; want %v", tt.criterion, got, err, tt.want)
		}
	}
}

func TestRankProducts(t *testing.T) {
	products := []string{
		"Wireless Mouse M185\n★★★★☆ 4.5 (2,312)\n$14.99\nFree delivery",
		"Ergonomic Mouse MX Vertical\n★★★★★ 4.8 (12,403)\n$1,099.00",
		"Travel Mouse\nOut of stock",
		"Gaming Mouse G502\nList price: $79.99 Deal: $39.99 (save $40.00)",
	}
	c, _ := ParseCriterion("cheapest")
	order, err := Rank(c, products)
	var missing *MissingError
	if !errors.As(err, &missing) || !reflect.DeepEqual(missing.Missing, []int{2}) || missing.Total != 4 {
		t.Fatalf("Rank err = %v; want item 3 reported missing", err)
	}
	if want := []int{0, 3, 1, 2}; !reflect.DeepEqual(order, want) {
		t.Errorf("order = %v; want %v", order, want)
	}
	if msg := err.Error(); msg != "ranking by lowest price: no price found in item 3 of 4 (ranked last)" {
		t.Errorf("message = %q", msg)
	}
}

func TestRankFailures(t *testing.T) {
	c := Criterion{Quantity: Price}
	_, err := Rank(c, []string{"€12", "$10", "£9"})
	if err == nil || !strings.Contains(err.Error(), "several currencies (EUR, GBP, USD)") {
		t.Errorf("mixed currencies: err = %v", err)
	}
	order, err := Rank(Criterion{Quantity: Stops}, []string{"a", "b"})
	var missing *MissingError
	if !errors.As(err, &missing) || len(missing.Missing) != 2 || !reflect.DeepEqual(order, []int{0, 1}) {
		t.Errorf("nothing found: %v, %v", order, err)
	}
	if order, err := Rank(Criterion{Quantity: Price}, nil); err != nil || len(order) != 0 {
		t.Errorf("no items: %v, %v", order, err)
	}
	// Overnight arrival without a printed +1 is the next day.
	order, err = Rank(Criterion{Quantity: Arrival}, []string{"23:10 - 01:05", "20:00 - 23:30"})
	if err != nil || !reflect.DeepEqual(order, []int{1, 0}) {
		t.Errorf("overnight: %v, %v", order, err)
	}
}
