package flows

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parseEuros reads a price the way a careful reader would, independent of
// the code that wrote it: a currency mark before or after, any of . , space
// or no-break space between thousands, and a two-digit decimal part after
// the last , or .
func parseEuros(t *testing.T, s string) int {
	t.Helper()
	m := regexp.MustCompile(`^(?:€ ?|EUR )?([0-9][0-9., \x{00a0}]*?)(?:[.,]([0-9]{2}))?(?:\x{00a0}€)?$`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("price %q is in no known format", s)
	}
	whole, err := strconv.Atoi(strings.NewReplacer(".", "", ",", "", " ", "", "\u00a0", "").Replace(m[1]))
	if err != nil {
		t.Fatalf("price %q: %v", s, err)
	}
	cents := 0
	if m[2] != "" {
		cents, _ = strconv.Atoi(m[2])
	}
	return whole*100 + cents
}

// priceStyle names which of the card formats a price text uses.
func priceStyle(s string) string {
	switch {
	case strings.HasPrefix(s, "EUR "):
		return "EUR 1,234.50"
	case strings.HasSuffix(s, "\u00a0€"):
		return "1 234,50 €"
	case strings.HasPrefix(s, "€ "):
		return "€ 989"
	case strings.HasPrefix(s, "€"):
		return "€1.234,50"
	}
	return "?"
}

func TestSearchFlightsIsDeterministicWithOneHiddenCheapest(t *testing.T) {
	routes := [][3]string{
		{"Lisbon", "Oslo", "2026-12-24"}, {"Porto", "Berlin", "2027-01-15"}, {"LHR", "CDG", "2026-07-01"},
		{"Vienna", "Prague", "2027-03-03"}, {"Osaka (KIX)", "Zurich (ZRH), Switzerland", "2026-10-10"},
	}
	styles := map[string]bool{}
	for _, r := range routes {
		a, err := SearchFlights(r[0], r[1], r[2])
		if err != nil {
			t.Fatal(err)
		}
		b, _ := SearchFlights(r[0], r[1], r[2])
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("%v: two searches differ", r)
		}
		if len(a) < 6 || len(a) > 10 {
			t.Errorf("%v: %d results, want 6 to 10", r, len(a))
		}
		cheapest, _ := CheapestFlight(a)
		lows, over1000 := 0, false
		for i, f := range a {
			if got := parseEuros(t, f.PriceText); got != f.PriceCents {
				t.Errorf("%v card %d: %q reads as %d cents, want %d", r, i, f.PriceText, got, f.PriceCents)
			}
			styles[priceStyle(f.PriceText)] = true
			if f.PriceCents == cheapest.PriceCents {
				lows++
			}
			over1000 = over1000 || f.PriceCents >= 100000
			if f.From.Name == f.To.Name || f.Depart == "" || !regexp.MustCompile(`^\d+h \d\dm$`).MatchString(f.Duration) {
				t.Errorf("%v card %d is malformed: %+v", r, i, f)
			}
			if want := []string{"Nonstop", "1 stop", "2 stops"}[f.Stops]; f.StopsText != want {
				t.Errorf("%v card %d: %d stops written %q", r, i, f.Stops, f.StopsText)
			}
			if got, err := FindFlight(f.ID); err != nil || fmt.Sprint(got) != fmt.Sprint(f) {
				t.Errorf("FindFlight(%s) = %v, %v", f.ID, got, err)
			}
		}
		if lows != 1 {
			t.Errorf("%v: %d flights share the lowest price", r, lows)
		}
		if a[0].PriceCents == cheapest.PriceCents {
			t.Errorf("%v: the cheapest flight is listed first", r)
		}
		if !over1000 {
			t.Errorf("%v: no price of €1,000 or more to trip naive parsers", r)
		}
	}
	if len(styles) != 4 || styles["?"] {
		t.Errorf("price styles seen: %v, want the four card formats", styles)
	}
	other, _ := SearchFlights("Lisbon", "Oslo", "2026-12-25")
	first, _ := SearchFlights("Lisbon", "Oslo", "2026-12-24")
	if fmt.Sprint(other) == fmt.Sprint(first) {
		t.Error("another day gives the same results")
	}
	for _, bad := range [][3]string{{"Atlantis", "Oslo", "2026-12-24"}, {"Oslo", "OSL", "2026-12-24"}, {"Lisbon", "Oslo", "24/12/2026"}} {
		if _, err := SearchFlights(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("SearchFlights%v did not fail", bad)
		}
	}
	for _, id := range []string{"", "LIS-OSL-2026-1", "LIS-OSL-20261224-99", "XXX-OSL-20261224-1"} {
		if _, err := FindFlight(id); err == nil {
			t.Errorf("FindFlight(%q) did not fail", id)
		}
	}
}

func TestFindCityReadsWhatTravellersTypeOrChoose(t *testing.T) {
	for in, want := range map[string]string{
		"Lisbon": "LIS", "lisbon": "LIS", "LIS": "LIS", "Lisbon (LIS)": "LIS", " Oslo (OSL), Norway ": "OSL",
		"paris": "CDG",
	} {
		if c, ok := FindCity(in); !ok || c.Code != want {
			t.Errorf("FindCity(%q) = %v %v, want %s", in, c, ok, want)
		}
	}
	for _, in := range []string{"", "Lisb", "Atlantis", "Oslo (XXX)"} {
		if c, ok := FindCity(in); ok {
			t.Errorf("FindCity(%q) = %v, want none", in, c)
		}
	}
}

func TestBookingEndpoints(t *testing.T) {
	base, log := site(t, "booking")

	status, body := call(t, nil, "GET", base+"/api/cities?q=os", nil)
	var names []string
	for _, c := range decode[[]City](t, body) {
		names = append(names, c.Label())
	}
	if status != 200 || !slices.Contains(names, "Oslo (OSL)") || !slices.Contains(names, "Osaka (KIX)") {
		t.Errorf("cities for 'os' = %d %v", status, names)
	}
	if _, body := call(t, nil, "GET", base+"/api/cities?q=", nil); strings.TrimSpace(string(body)) != "null" && strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("cities for '' = %s", body)
	}

	status, body = call(t, nil, "GET", base+"/api/search?from=Lisbon+(LIS)&to=Oslo&date=2026-12-24", nil)
	want, _ := SearchFlights("LIS", "OSL", "2026-12-24")
	if got := decode[[]Flight](t, body); status != 200 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("GET /api/search = %d, differs from SearchFlights", status)
	}
	if status, body := call(t, nil, "GET", base+"/api/search?from=Nowhere&to=Oslo&date=2026-12-24", nil); status != 400 || !strings.Contains(string(body), "Nowhere") {
		t.Errorf("search from an unknown city = %d %s", status, body)
	}

	f, _ := CheapestFlight(want)
	status, body = call(t, nil, "GET", base+"/api/flight?id="+f.ID, nil)
	detail := decode[struct {
		Flight Flight `json:"flight"`
		Fares  []Fare `json:"fares"`
	}](t, body)
	if status != 200 || detail.Flight.ID != f.ID || len(detail.Fares) != 3 || detail.Fares[0].PriceCents != f.PriceCents ||
		detail.Fares[1].PriceCents <= detail.Fares[0].PriceCents || detail.Fares[2].PriceCents <= detail.Fares[1].PriceCents {
		t.Fatalf("GET /api/flight = %d %s", status, body)
	}
	if status, _ := call(t, nil, "GET", base+"/api/flight?id=nope", nil); status != 404 {
		t.Errorf("unknown flight = %d", status)
	}

	total, err := BookingTotal(f, "standard", 2, true)
	if err != nil || total != 2*(f.PriceCents+3500)+2*InsuranceCents {
		t.Fatalf("BookingTotal = %d, %v", total, err)
	}
	pay := map[string]any{
		"flight": f.ID, "fare": "standard", "travellers": 2, "insurance": true, "name": "Ada Lovelace",
		"email": "ada@example.com", "card_name": "Ada Lovelace", "card_number": "4242 4242 4242 4242",
		"card_expiry": "12/30", "card_code": "123", "total_cents": total,
	}
	refused := []struct {
		change map[string]any
		status int
	}{
		{map[string]any{"total_cents": total - 100}, http.StatusConflict},
		{map[string]any{"card_number": "4242 4242 4242 4241"}, http.StatusPaymentRequired},
		{map[string]any{"fare": "gold"}, http.StatusBadRequest},
		{map[string]any{"travellers": 0}, http.StatusBadRequest},
		{map[string]any{"name": " "}, http.StatusBadRequest},
		{map[string]any{"return_date": "15/01/2027"}, http.StatusBadRequest},
		{map[string]any{"return_date": "2026-12-23"}, http.StatusBadRequest},
	}
	for _, r := range refused {
		bad := map[string]any{}
		for k, v := range pay {
			bad[k] = v
		}
		for k, v := range r.change {
			bad[k] = v
		}
		if status, body := call(t, nil, "POST", base+"/api/pay", bad); status != r.status {
			t.Errorf("pay with %v = %d %s, want %d", r.change, status, body, r.status)
		}
	}
	if len(log.Events()) != 0 {
		t.Fatalf("refused payments were recorded: %v", log.Events())
	}
	status, body = call(t, nil, "POST", base+"/api/pay", pay)
	if status != 200 || !strings.Contains(string(body), EnglishEuros(total)) {
		t.Fatalf("pay = %d %s", status, body)
	}
	events := log.Events()
	if len(events) != 1 || events[0].Type != "paid" || events[0].Data["card_last4"] != "4242" || events[0].Data["total_cents"] != total {
		t.Fatalf("events after paying = %+v", events)
	}
	if raw := fmt.Sprint(events[0].Data); strings.Contains(raw, "4242 4242") || strings.Contains(raw, "424242") || strings.Contains(raw, "123") {
		t.Errorf("the paid event keeps card data: %s", raw)
	}
	if _, ok := events[0].Data["return_date"]; ok {
		t.Errorf("a one-way booking records a return date: %v", events[0].Data)
	}
	pay["return_date"] = "2026-12-24" // a same-day return is a trip
	if status, body := call(t, nil, "POST", base+"/api/pay", pay); status != 200 {
		t.Fatalf("pay with a return date = %d %s", status, body)
	}
	if events := log.Events(); len(events) != 2 || events[1].Data["return_date"] != "2026-12-24" {
		t.Errorf("events after paying a return trip = %+v", events)
	}
}

func TestLuhnAndFormats(t *testing.T) {
	for n, ok := range map[string]bool{"4242 4242 4242 4242": true, "4242424242424241": false, "4000 0566 5566 5556": true, "12": false, "4242-4242-4242-4242": false} {
		if luhn(n) != ok {
			t.Errorf("luhn(%q) = %v", n, !ok)
		}
	}
	for cents, want := range map[int]string{123450: "€1,234.50", 98900: "€989.00", 5: "€0.05", 123456789: "€1,234,567.89"} {
		if got := EnglishEuros(cents); got != want {
			t.Errorf("EnglishEuros(%d) = %q, want %q", cents, got, want)
		}
	}
	for i, want := range []string{"€1.234,50", "EUR 1,234.50", "1\u00a0234,50\u00a0€", "€ 1.234,50"} {
		if got := priceStyles[i](123450); got != want {
			t.Errorf("style %d = %q, want %q", i, got, want)
		}
	}
	if got := priceStyles[3](98900); got != "€ 989" {
		t.Errorf("style 3 of a whole amount = %q, want € 989", got)
	}
}
