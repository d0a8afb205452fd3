package flows

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// City is an airport city the booking site knows.
type City struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	Country string `json:"country"`
}

// Label is how the autocomplete shows and fills a city: "Lisbon (LIS)".
func (c City) Label() string { return c.Name + " (" + c.Code + ")" }

// cities is the booking site's whole world. Some names share a prefix on
// purpose (Oslo/Osaka, Porto/Portland, Paris/Parma) so that typing a few
// letters opens a list with more than one suggestion.
var cities = []City{
	{"AMS", "Amsterdam", "Netherlands"},
	{"ATH", "Athens", "Greece"},
	{"BCN", "Barcelona", "Spain"},
	{"BER", "Berlin", "Germany"},
	{"BRU", "Brussels", "Belgium"},
	{"BUD", "Budapest", "Hungary"},
	{"CDG", "Paris", "France"},
	{"CPH", "Copenhagen", "Denmark"},
	{"DUB", "Dublin", "Ireland"},
	{"FCO", "Rome", "Italy"},
	{"HEL", "Helsinki", "Finland"},
	{"KIX", "Osaka", "Japan"},
	{"LHR", "London", "United Kingdom"},
	{"LIS", "Lisbon", "Portugal"},
	{"MAD", "Madrid", "Spain"},
	{"MUC", "Munich", "Germany"},
	{"OPO", "Porto", "Portugal"},
	{"OSL", "Oslo", "Norway"},
	{"PDX", "Portland", "United States"},
	{"PMF", "Parma", "Italy"},
	{"PRG", "Prague", "Czechia"},
	{"VIE", "Vienna", "Austria"},
	{"WAW", "Warsaw", "Poland"},
	{"ZRH", "Zurich", "Switzerland"},
}

// FindCity resolves what a traveller typed or chose: a code ("LIS"), a name
// ("Lisbon") or a suggestion label ("Lisbon (LIS)", "Lisbon (LIS), Portugal"),
// in any letter case.
func FindCity(s string) (City, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '('); i >= 0 {
		if j := strings.IndexByte(s[i:], ')'); j > 0 {
			s = s[i+1 : i+j]
		}
	}
	for _, c := range cities {
		if strings.EqualFold(s, c.Code) || strings.EqualFold(s, c.Name) {
			return c, true
		}
	}
	return City{}, false
}

// suggestCities returns the cities whose name, code or country starts with
// q, or whose name contains it, best matches first.
func suggestCities(q string) []City {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return nil
	}
	var prefix, inside []City
	for _, c := range cities {
		name := strings.ToLower(c.Name)
		switch {
		case strings.HasPrefix(name, q), strings.HasPrefix(strings.ToLower(c.Code), q),
			strings.HasPrefix(strings.ToLower(c.Country), q):
			prefix = append(prefix, c)
		case strings.Contains(name, q):
			inside = append(inside, c)
		}
	}
	return append(prefix, inside...)
}

// Flight is one result of a flight search. All of it derives from the
// search (origin, destination, day), so a test can know the cheapest flight
// before a browser ever sees the page.
type Flight struct {
	ID            string `json:"id"`
	Airline       string `json:"airline"`
	AirlineCode   string `json:"airline_code"`
	Number        string `json:"number"`
	From          City   `json:"from"`
	To            City   `json:"to"`
	Date          string `json:"date"`
	Depart        string `json:"depart"`
	Arrive        string `json:"arrive"`
	ArriveDayPlus int    `json:"arrive_day_plus"`
	Minutes       int    `json:"minutes"`
	Duration      string `json:"duration"`
	Stops         int    `json:"stops"`
	StopsText     string `json:"stops_text"`
	Via           string `json:"via,omitempty"`
	Cabin         string `json:"cabin"`
	// PriceCents is the Basic fare per traveller in euro cents.
	PriceCents int `json:"price_cents"`
	// PriceText is PriceCents as the result card writes it; the format
	// varies from card to card on purpose.
	PriceText string `json:"price_text"`
	// SeatsLeft, when above zero, shows an "Only N seats left" badge.
	SeatsLeft int `json:"seats_left,omitempty"`
}

// Fare is one fare option of a flight on the details page.
type Fare struct {
	Key        string   `json:"key"`
	Name       string   `json:"name"`
	Features   []string `json:"features"`
	PriceCents int      `json:"price_cents"`
	PriceText  string   `json:"price_text"`
}

// fareExtras are what Standard and Flex add to the Basic fare, per traveller.
var fareExtras = []struct {
	key, name string
	extra     int
	features  []string
}{
	{"basic", "Basic", 0, []string{"1 personal item", "Seat assigned at check-in", "No changes"}},
	{"standard", "Standard", 3500, []string{"1 cabin bag (8 kg)", "Choose your seat", "Change for a fee"}},
	{"flex", "Flex", 8900, []string{"Cabin bag and 23 kg checked bag", "Free seat choice", "Free changes and refund"}},
}

// InsuranceCents is the travel insurance price per traveller.
const InsuranceCents = 1900

type airline struct{ code, name string }

var airlines = []airline{
	{"TP", "TAP Air Portugal"}, {"SK", "SAS"}, {"LH", "Lufthansa"}, {"KL", "KLM"},
	{"DY", "Norwegian"}, {"AF", "Air France"}, {"IB", "Iberia"}, {"LX", "Swiss"},
	{"AY", "Finnair"}, {"SN", "Brussels Airlines"},
}

// hubs are the connecting airports of flights with stops.
var hubs = []string{"AMS", "FRA", "CPH", "MUC", "ZRH", "CDG", "MAD", "HEL"}

// splitmix is a tiny deterministic generator (SplitMix64) so the fixture's
// data never depends on the standard library's generator changing.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (s *splitmix) intn(n int) int { return int(s.next() % uint64(n)) }

// SearchFlights returns the results the booking site lists for a search, in
// the site's "Recommended" order. date is YYYY-MM-DD. It fails on an unknown
// city, the same city twice or a malformed date.
func SearchFlights(from, to, date string) ([]Flight, error) {
	a, ok := FindCity(from)
	if !ok {
		return nil, fmt.Errorf("unknown departure city %q", from)
	}
	b, ok := FindCity(to)
	if !ok {
		return nil, fmt.Errorf("unknown destination city %q", to)
	}
	if a == b {
		return nil, fmt.Errorf("departure and destination are both %s", a.Name)
	}
	day, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return nil, fmt.Errorf("departure date %q is not YYYY-MM-DD", date)
	}
	date = day.Format(time.DateOnly)
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s", a.Code, b.Code, date)
	rng := splitmix(h.Sum64())

	n := 6 + rng.intn(5)
	baseMinutes := 95 + rng.intn(200)
	baseCents := (9000 + rng.intn(28000)) / 100 * 100
	expensive := rng.intn(n) // one business-cabin card always costs over €1,000
	flights := make([]Flight, n)
	for i := range flights {
		al := airlines[rng.intn(len(airlines))]
		stops := 0
		switch r := rng.intn(100); {
		case r >= 85:
			stops = 2
		case r >= 40:
			stops = 1
		}
		minutes := baseMinutes + rng.intn(25)
		for range stops {
			minutes += 55 + rng.intn(50)*5
		}
		depart := 5*60 + 30 + rng.intn(17*12)*5
		arrive := depart + minutes
		cents := baseCents + rng.intn(baseCents/100)*100 - stops*rng.intn(3000)
		if stops == 0 {
			cents += rng.intn(60) * 100
		}
		if rng.intn(3) > 0 {
			cents += rng.intn(100) // most fares have cents; some are whole euros
		}
		cabin := "Economy"
		if i == expensive {
			cabin = "Business"
			cents = 100000 + rng.intn(60000)
		}
		f := Flight{
			ID:            fmt.Sprintf("%s-%s-%s-%d", a.Code, b.Code, strings.ReplaceAll(date, "-", ""), i+1),
			Airline:       al.name,
			AirlineCode:   al.code,
			Number:        fmt.Sprintf("%s %d", al.code, 100+rng.intn(8900)),
			From:          a,
			To:            b,
			Date:          date,
			Depart:        clock(depart),
			Arrive:        clock(arrive),
			ArriveDayPlus: arrive / (24 * 60),
			Minutes:       minutes,
			Duration:      fmt.Sprintf("%dh %02dm", minutes/60, minutes%60),
			Stops:         stops,
			Cabin:         cabin,
			PriceCents:    cents,
		}
		switch stops {
		case 0:
			f.StopsText = "Nonstop"
		case 1:
			f.StopsText = "1 stop"
			f.Via = hubs[rng.intn(len(hubs))]
		default:
			f.StopsText = fmt.Sprintf("%d stops", stops)
			f.Via = hubs[rng.intn(len(hubs))] + ", " + hubs[rng.intn(len(hubs))]
		}
		if rng.intn(4) == 0 {
			f.SeatsLeft = 1 + rng.intn(4)
		}
		flights[i] = f
	}
	// One cheapest flight, never listed first: a tie or a top card would
	// let a flow that ignores prices look right.
	low := 0
	for i, f := range flights {
		if f.PriceCents < flights[low].PriceCents {
			low = i
		}
	}
	for i := range flights {
		if i != low && flights[i].PriceCents <= flights[low].PriceCents {
			flights[i].PriceCents = flights[low].PriceCents + 100 + i
		}
	}
	if low == 0 {
		to := 1 + rng.intn(n-1)
		flights[0], flights[to] = flights[to], flights[0]
	}
	style := rng.intn(len(priceStyles))
	for i := range flights {
		flights[i].ID = fmt.Sprintf("%s-%s-%s-%d", a.Code, b.Code, strings.ReplaceAll(date, "-", ""), i+1)
		flights[i].PriceText = priceStyles[(style+i)%len(priceStyles)](flights[i].PriceCents)
	}
	return flights, nil
}

// CheapestFlight returns the result with the lowest price.
func CheapestFlight(flights []Flight) (Flight, bool) {
	if len(flights) == 0 {
		return Flight{}, false
	}
	return slices.MinFunc(flights, func(a, b Flight) int { return a.PriceCents - b.PriceCents }), true
}

// FindFlight returns the flight an ID from SearchFlights names.
func FindFlight(id string) (Flight, error) {
	parts := strings.Split(id, "-")
	if len(parts) != 4 || len(parts[2]) != 8 {
		return Flight{}, fmt.Errorf("malformed flight id %q", id)
	}
	d := parts[2]
	flights, err := SearchFlights(parts[0], parts[1], d[:4]+"-"+d[4:6]+"-"+d[6:])
	if err != nil {
		return Flight{}, err
	}
	for _, f := range flights {
		if f.ID == id {
			return f, nil
		}
	}
	return Flight{}, fmt.Errorf("no flight %q", id)
}

// Fares returns the fare options of f, per traveller.
func Fares(f Flight) []Fare {
	fares := make([]Fare, len(fareExtras))
	for i, x := range fareExtras {
		c := f.PriceCents + x.extra
		fares[i] = Fare{Key: x.key, Name: x.name, Features: x.features, PriceCents: c, PriceText: EnglishEuros(c)}
	}
	return fares
}

func clock(minutes int) string {
	minutes %= 24 * 60
	return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60)
}

// priceStyles are the ways result cards write a euro amount, as different
// airlines' feeds do: only real parsing ranks them.
var priceStyles = []func(cents int) string{
	func(c int) string { return "€" + groupDigits(c/100, ".") + "," + twoDigits(c%100) },    // €1.234,50
	func(c int) string { return "EUR " + groupDigits(c/100, ",") + "." + twoDigits(c%100) }, // EUR 1,234.50
	func(c int) string { // 1 234,50 € with no-break spaces, as French formatting writes it
		return groupDigits(c/100, "\u00a0") + "," + twoDigits(c%100) + "\u00a0€"
	},
	func(c int) string { // € 989 for whole euros, € 989,50 otherwise
		s := "€ " + groupDigits(c/100, ".")
		if c%100 != 0 {
			s += "," + twoDigits(c%100)
		}
		return s
	},
}

// EnglishEuros writes cents the way the booking site's own pages (details,
// summary, payment) do: "€1,234.50".
func EnglishEuros(cents int) string {
	return "€" + groupDigits(cents/100, ",") + "." + twoDigits(cents%100)
}

func twoDigits(n int) string { return fmt.Sprintf("%02d", n) }

func groupDigits(n int, sep string) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + sep + s[i:]
	}
	return s
}

// luhn reports whether digits (spaces allowed) pass the card check digit.
func luhn(number string) bool {
	number = strings.ReplaceAll(number, " ", "")
	if len(number) < 12 || len(number) > 19 {
		return false
	}
	sum := 0
	for i := range len(number) {
		d := int(number[len(number)-1-i] - '0')
		if d < 0 || d > 9 {
			return false
		}
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// payment is what the payment page posts.
type payment struct {
	Flight string `json:"flight"`
	// ReturnDate is the day of the return trip (YYYY-MM-DD), empty for a
	// one-way booking.
	ReturnDate string `json:"return_date"`
	Fare       string `json:"fare"`
	Travellers int    `json:"travellers"`
	Insurance  bool   `json:"insurance"`
	Name       string `json:"name"`
	Email      string `json:"email"`
	CardName   string `json:"card_name"`
	CardNumber string `json:"card_number"`
	CardExpiry string `json:"card_expiry"`
	CardCode   string `json:"card_code"`
	TotalCents int    `json:"total_cents"`
}

// BookingTotal is what a booking costs: the fare per traveller times the
// travellers, plus insurance per traveller when taken.
func BookingTotal(f Flight, fare string, travellers int, insurance bool) (int, error) {
	if travellers < 1 || travellers > 9 {
		return 0, fmt.Errorf("travellers must be 1 to 9, not %d", travellers)
	}
	for _, x := range Fares(f) {
		if x.Key == fare {
			total := x.PriceCents * travellers
			if insurance {
				total += InsuranceCents * travellers
			}
			return total, nil
		}
	}
	return 0, fmt.Errorf("no fare %q", fare)
}

func bookingRoutes(mux *http.ServeMux, log *EventLog) {
	mux.HandleFunc("GET /api/cities", func(w http.ResponseWriter, r *http.Request) {
		found := suggestCities(r.URL.Query().Get("q"))
		if len(found) > 8 {
			found = found[:8]
		}
		writeJSON(w, http.StatusOK, found)
	})
	mux.HandleFunc("GET /api/search", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		flights, err := SearchFlights(q.Get("from"), q.Get("to"), q.Get("date"))
		if err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, flights)
	})
	mux.HandleFunc("GET /api/flight", func(w http.ResponseWriter, r *http.Request) {
		f, err := FindFlight(r.URL.Query().Get("id"))
		if err != nil {
			httpError(w, http.StatusNotFound, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"flight": f, "fares": Fares(f), "insurance_cents": InsuranceCents,
			"insurance_text": EnglishEuros(InsuranceCents),
		})
	})
	mux.HandleFunc("POST /api/pay", func(w http.ResponseWriter, r *http.Request) {
		var p payment
		if err := readJSON(r, &p); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		f, err := FindFlight(p.Flight)
		if err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		total, err := BookingTotal(f, p.Fare, p.Travellers, p.Insurance)
		if err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		if err := checkReturnDate(f, p.ReturnDate); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		switch {
		case total != p.TotalCents:
			httpError(w, http.StatusConflict, "the price changed: "+EnglishEuros(total))
			return
		case !luhn(p.CardNumber):
			httpError(w, http.StatusPaymentRequired, "the card number is not valid")
			return
		case strings.TrimSpace(p.Name) == "":
			httpError(w, http.StatusBadRequest, "the lead traveller's name is missing")
			return
		}
		digits := strings.ReplaceAll(p.CardNumber, " ", "")
		ref := fmt.Sprintf("FLW%06d", fnvNumber(p.Flight+p.Name)%1000000)
		data := map[string]any{
			"reference": ref, "flight": f.ID, "number": f.Number, "fare": p.Fare,
			"travellers": p.Travellers, "insurance": p.Insurance, "name": p.Name,
			"email": p.Email, "total_cents": total, "total": EnglishEuros(total),
			"card_last4": digits[len(digits)-4:],
		}
		if p.ReturnDate != "" {
			data["return_date"] = p.ReturnDate
		}
		log.Record("paid", data)
		writeJSON(w, http.StatusOK, map[string]any{"reference": ref, "total": EnglishEuros(total)})
	})
}

// checkReturnDate accepts no return date (one way) or a YYYY-MM-DD day
// no earlier than the flight's.
func checkReturnDate(f Flight, date string) error {
	if date == "" {
		return nil
	}
	day, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return fmt.Errorf("return date %q is not YYYY-MM-DD", date)
	}
	if day.Format(time.DateOnly) < f.Date {
		return fmt.Errorf("return date %s is before the departure on %s", date, f.Date)
	}
	return nil
}

func fnvNumber(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
