package stdlib

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Quantity is what a ranking criterion measures on a card.
type Quantity int

// The quantities [Rank] can measure exactly.
const (
	Position  Quantity = iota // the card's place in the list
	Price                     // the card's price (see [Rank] for which one)
	Departure                 // the first clock time on the card
	Arrival                   // the second clock time, with its "+1" day
	Duration                  // the first written duration ("2h 35m")
	Stops                     // the stated number of stops ("nonstop" is 0)
)

var quantityNames = [...]string{"position", "price", "departure", "arrival", "duration", "stops"}

// String names q as a criterion says it: "price", "departure", ….
func (q Quantity) String() string {
	if q < 0 || int(q) >= len(quantityNames) {
		return "quantity(" + strconv.Itoa(int(q)) + ")"
	}
	return quantityNames[q]
}

// Order says which end of a quantity wins.
type Order int

// The orders a criterion can ask for.
const (
	Ascending  Order = iota // lowest, earliest, shortest, fewest, first
	Descending              // highest, latest, longest, most, last
	Closest                 // nearest to Criterion.Target
)

// Criterion is a `pick … by "CRITERION"` the runtime can rank exactly.
type Criterion struct {
	Quantity Quantity
	Order    Order
	// Target is the value Closest measures against: an amount for Price,
	// minutes after midnight for Departure and Arrival, minutes for
	// Duration, a count for Stops.
	Target float64
}

// String renders c in the words ParseCriterion reads back: "lowest price",
// "earliest arrival", "departure closest to 09:00", "first".
func (c Criterion) String() string {
	if c.Order == Closest {
		target := formatNumber(c.Target)
		switch c.Quantity {
		case Departure, Arrival:
			target = formatClock(int(c.Target))
		case Duration:
			target = formatNumber(c.Target) + " min"
		}
		return c.Quantity.String() + " closest to " + target
	}
	words := map[Quantity][2]string{
		Position: {"first", "last"}, Price: {"lowest price", "highest price"},
		Departure: {"earliest departure", "latest departure"}, Arrival: {"earliest arrival", "latest arrival"},
		Duration: {"shortest duration", "longest duration"}, Stops: {"fewest stops", "most stops"},
	}[c.Quantity]
	if c.Order == Descending {
		return words[1]
	}
	return words[0]
}

// criterionWord is what one word of a criterion contributes.
type criterionWord struct {
	order    Order    // -1: none
	implies  Quantity // -1: none
	quantity Quantity // -1: none; an explicit quantity word
}

var criterionWords = func() map[string]criterionWord {
	w := map[string]criterionWord{}
	add := func(words string, order Order, implies, quantity Quantity) {
		for _, word := range strings.Fields(words) {
			w[word] = criterionWord{order, implies, quantity}
		}
	}
	const none = -1
	add("lowest least fewest smallest minimum min ascending lower fewer best", Ascending, none, none)
	add("highest most largest maximum max descending higher greatest", Descending, none, none)
	add("cheapest", Ascending, Price, none)
	add("priciest dearest", Descending, Price, none)
	add("earliest soonest", Ascending, Departure, none)
	add("latest", Descending, Departure, none)
	add("shortest fastest quickest", Ascending, Duration, none)
	add("longest slowest", Descending, Duration, none)
	add("first top", Ascending, Position, none)
	add("last bottom", Descending, Position, none)
	add("price prices cost costs fare fares total amount expensive", none, none, Price)
	add("departure departures depart departing departs leaves leaving outbound takeoff", none, none, Departure)
	add("arrival arrivals arrive arriving arrives landing lands", none, none, Arrival)
	add("duration travel journey trip flight_time", none, none, Duration)
	add("stops stop stopovers stopover layovers connections changes", none, none, Stops)
	add("the a an one ones option options result results item items flight flights offer offers deal deals "+
		"listing listings entry entries card cards in of on list with by time overall sorted sort from "+
		"connection route ticket tickets to", none, none, none)
	return w
}()

var (
	clockLikePattern  = regexp.MustCompile(`:|[ap]\.?m\.?$|^(?:noon|midday|midnight)$`)
	numberOnlyPattern = regexp.MustCompile(`^[-+−]?[\d.,' \x{a0}\x{202f}]+$`)
	closestPattern    = regexp.MustCompile(`^(?:(.*?)\s+)?(?:closest|nearest)\s+(?:to\s+)?(.+)$`)
	criterionCleaner  = strings.NewReplacer("low to high", "ascending", "high to low", "descending",
		"low-to-high", "ascending", "high-to-low", "descending", "take-off", "takeoff", "flight time", "flight_time")
)

// ParseCriterion reads a `pick` criterion the runtime can rank exactly:
// lowest/cheapest/highest/most expensive price, "price: low to high",
// earliest/latest departure or arrival (earliest alone means departure),
// shortest/fastest/longest duration, fewest/most stops, first/last, and
// "closest to N" where N is a clock time (departure, or arrival when the
// criterion says so), a duration, a price or a plain number (a price).
// Filler words ("the", "flight", "option", "time") are allowed; any other
// word makes ok false, so that only criteria understood completely are
// ranked exactly and the rest go to the decision model.
func ParseCriterion(text string) (c Criterion, ok bool) {
	s := criterionCleaner.Replace(strings.ToLower(strings.TrimSpace(text)))
	if m := closestPattern.FindStringSubmatch(s); m != nil {
		return parseClosest(m[1], strings.TrimSpace(m[2]))
	}
	order, quantity, implied := Order(-1), Quantity(-1), Quantity(-1)
	words := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" ,:;()/-–", r) })
	if len(words) > 1 && words[len(words)-1] == "first" {
		words = words[:len(words)-1] // "cheapest first" is "cheapest"
	}
	if len(words) == 0 {
		return Criterion{}, false
	}
	for _, word := range words {
		w, known := criterionWords[word]
		if !known {
			return Criterion{}, false
		}
		if w.order >= 0 {
			if order >= 0 && order != w.order {
				return Criterion{}, false
			}
			order = w.order
		}
		if w.implies >= 0 {
			if implied >= 0 && implied != w.implies {
				return Criterion{}, false
			}
			implied = w.implies
		}
		if w.quantity >= 0 {
			if quantity >= 0 && quantity != w.quantity {
				return Criterion{}, false
			}
			quantity = w.quantity
		}
	}
	switch {
	case order < 0:
		return Criterion{}, false
	case quantity < 0 && implied < 0:
		return Criterion{}, false // "lowest" of what?
	case quantity < 0:
		quantity = implied
	case implied == Departure && quantity == Arrival:
		// "earliest arrival"
	case implied >= 0 && implied != quantity:
		return Criterion{}, false // "cheapest departure", "first price"
	}
	if words[0] == "best" && quantity != Price {
		return Criterion{}, false // "best" only reads exactly as "best price"
	}
	return Criterion{Quantity: quantity, Order: order}, true
}

func parseClosest(prefix, target string) (Criterion, bool) {
	quantity := Quantity(-1)
	for _, word := range strings.Fields(prefix) {
		w, known := criterionWords[word]
		if !known || w.order >= 0 {
			return Criterion{}, false
		}
		if w.quantity >= 0 {
			if quantity >= 0 && quantity != w.quantity {
				return Criterion{}, false
			}
			quantity = w.quantity
		}
	}
	minutes, clockErr := ParseClock(target)
	duration, durationErr := ParseDuration(target)
	if quantity < 0 {
		// Unsaid quantity: the target's form decides. "9:00", "7 pm",
		// "noon" are clock times (departure); "2h", "90 min" durations;
		// anything else a price. A bare "12" is a price, not noon.
		switch {
		case clockErr == nil && clockLikePattern.MatchString(target):
			quantity = Departure
		case durationErr == nil:
			quantity = Duration
		default:
			quantity = Price
		}
	}
	c := Criterion{Quantity: quantity, Order: Closest}
	switch quantity {
	case Departure, Arrival:
		c.Target = float64(minutes)
		return c, clockErr == nil
	case Duration:
		c.Target = duration.Minutes()
		return c, durationErr == nil
	case Stops:
		n, err := strconv.Atoi(target)
		c.Target = float64(n)
		return c, err == nil && n >= 0
	}
	hits := findPrices(target)
	if len(hits) == 1 && hits[0].start == 0 && hits[0].end == len(target) {
		c.Target = hits[0].Amount
		return c, true
	}
	f, err := ParseNumber(target)
	c.Target = f
	return c, err == nil && len(hits) == 0 && numberOnlyPattern.MatchString(target)
}

// MissingError reports the items in which [Rank] found no value for its
// criterion. Rank still returns a complete order: these items come last, in
// list order. When Missing holds every item the ranking says nothing, and
// the caller should ask the decision model instead.
type MissingError struct {
	Criterion Criterion
	Missing   []int // indexes into the ranked items
	Total     int   // how many items were ranked
}

// Error implements error.
func (e *MissingError) Error() string {
	nums := make([]string, len(e.Missing))
	for i, n := range e.Missing {
		nums[i] = strconv.Itoa(n + 1)
	}
	return fmt.Sprintf("ranking by %s: no %s found in item %s of %d (ranked last)",
		e.Criterion, e.Criterion.Quantity, strings.Join(nums, ", "), e.Total)
}

// Rank orders card texts by c and returns the item indexes best first.
// Ties keep list order. How each card is measured:
//
//   - Price: the lowest non-negative price on the card, so a struck-out
//     "was" price or a per-person price beside a total does not hide the
//     price to pay; cards whose prices are in different currencies cannot
//     be compared and Rank returns an error and no order.
//   - Departure: the first clock time; Arrival: the second, on its "+1"
//     day, or on the next day when it is earlier than the departure.
//   - Duration: the first written duration; Stops: [FindStops].
//
// Items where the value is not found come last and are reported in a
// *[MissingError] returned beside the complete order.
func Rank(c Criterion, items []string) (order []int, err error) {
	keys := make([]float64, len(items))
	found := make([]bool, len(items))
	currencies := map[string]bool{}
	for i, item := range items {
		v, ok, currency := measure(c.Quantity, i, item)
		if currency != "" {
			currencies[currency] = true
		}
		switch c.Order {
		case Descending:
			v = -v
		case Closest:
			if c.Quantity == Departure || c.Quantity == Arrival {
				v = math.Mod(v, 24*60) // a time of day, whatever the day
			}
			v = math.Abs(v - c.Target)
		}
		keys[i], found[i] = v, ok
	}
	if len(currencies) > 1 {
		codes := make([]string, 0, len(currencies))
		for code := range currencies {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		return nil, fmt.Errorf("ranking by %s: prices in several currencies (%s) cannot be compared exactly", c, strings.Join(codes, ", "))
	}
	order = make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		i, j := order[a], order[b]
		if found[i] != found[j] {
			return found[i]
		}
		return found[i] && keys[i] < keys[j]
	})
	var missing []int
	for i, ok := range found {
		if !ok {
			missing = append(missing, i)
		}
	}
	if missing != nil {
		return order, &MissingError{Criterion: c, Missing: missing, Total: len(items)}
	}
	return order, nil
}

// measure finds quantity q on one card; currency is set for prices.
func measure(q Quantity, index int, item string) (value float64, ok bool, currency string) {
	switch q {
	case Position:
		return float64(index), true, ""
	case Price:
		best := Money{Amount: -1}
		for _, p := range FindPrices(item) {
			if p.Amount >= 0 && (best.Amount < 0 || p.Amount < best.Amount) {
				best = p
			}
		}
		return best.Amount, best.Amount >= 0, best.Currency
	case Departure, Arrival:
		clocks := FindClocks(item)
		if q == Departure && len(clocks) >= 1 {
			return float64(clocks[0].Absolute()), true, ""
		}
		if q == Arrival && len(clocks) >= 2 {
			arrival := clocks[1].Absolute()
			if clocks[1].DayOffset == 0 && arrival < clocks[0].Absolute() {
				arrival += 24 * 60 // overnight with no "+1" printed
			}
			return float64(arrival), true, ""
		}
	case Duration:
		if d := FindDurations(item); len(d) > 0 {
			return d[0].Minutes(), true, ""
		}
	case Stops:
		if n, found := FindStops(item); found {
			return float64(n), true, ""
		}
	}
	return 0, false, ""
}
