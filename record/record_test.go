package record_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"flow/record"
	"flow/surfaces"
)

const header = "# Recorded with flow record on 127.0.0.1:8080: the values typed are the facts' defaults\n" +
	"# and stand in the facts file beside this flow.\n"

// TestBooking follows a whole booking: cookie banner, a suggestion picked
// after typing, a date, a select, a result card, the traveller, the card
// and the Pay button, which ends the flow.
func TestBooking(t *testing.T) {
	rec := build(t, bookingSession().events, record.Options{FlowName: "book_flight", Description: "Book the flight recorded"})
	want := header + `#
# Secrets were not recorded; set them before running:
#   FLOW_SECRET_CARD_NUMBER
#   FLOW_SECRET_EXPIRY_DATE
#   FLOW_SECRET_SECURITY_CODE

flow book_flight "Book the flight recorded" {
  fact site: url "Address the recording started from" = "http://127.0.0.1:8080/"
  allow "${site}"
  payment fill_then_approve  # card data was typed; paying still needs approval
  fact where_from: text = "Paris (CDG)"
  fact where_to: text = "Oslo"
  fact departure_date: date = "2026-12-24"
  fact travellers: number = 2
  fact full_name: text = "Ada Lovelace"
  fact email_address: email = "ada@example.com"
  secret card_number
  secret expiry_date
  secret security_code

  browse "${site}"
  if "a cookie banner is shown" {
    do "press Accept all"
  }
  enter {
    "Where from?" = where_from
    "Where to?" = where_to
    "Departure date" = departure_date
  }
  choose "Travellers" = travellers
  do "press Search flights"
  do "press Select on the card \"Air Nordic AN 412\""
  enter {
    "Full name" = full_name
    "Email address" = email_address
  }
  do "press Continue"
  enter {
    "Name on card" = full_name
    "Card number" = card_number
    "Expiry date" = expiry_date
    "Security code" = security_code
  }
  do "tick I accept the terms and conditions"
  stop_before "paying"
}
`
	if got := string(rec.Flow); got != want {
		t.Errorf("flow:\n%s\nwant:\n%s", got, want)
	}
	wantFacts := `# Facts of flow book_flight, as recorded.
# Secrets are never written here: set FLOW_SECRET_CARD_NUMBER, FLOW_SECRET_EXPIRY_DATE, FLOW_SECRET_SECURITY_CODE.
site: http://127.0.0.1:8080/
where_from: Paris (CDG)
where_to: Oslo
departure_date: 2026-12-24
travellers: 2
full_name: Ada Lovelace
email_address: ada@example.com
`
	if got := string(rec.Facts); got != wantFacts {
		t.Errorf("facts:\n%s\nwant:\n%s", got, wantFacts)
	}
	values := compileClean(t, rec)
	if values["travellers"] != float64(2) || values["where_to"] != "Oslo" {
		t.Errorf("facts loaded as %v", values)
	}
	assertNoLeak(t, rec, "4242 4242 4242 4242", "737", "12/30")
	if rec.Name != "book_flight" || rec.Stopped != "paying" || rec.Dropped != 2 || rec.Steps != 12 {
		t.Errorf("Stopped %q, Dropped %d, Steps %d; want paying, 2, 12", rec.Stopped, rec.Dropped, rec.Steps)
	}
	if got := strings.Join(rec.SecretNames, " "); got != "card_number expiry_date security_code" {
		t.Errorf("secrets %q", got)
	}
	if len(rec.Notes) != 1 || !strings.Contains(rec.Notes[0], "left out 2 events") {
		t.Errorf("notes %q", rec.Notes)
	}
}

// TestMailSend: the Send button ends a compose session; a multi-line body
// survives into the flow and the facts file.
func TestMailSend(t *testing.T) {
	rec := build(t, mailSession().events, record.Options{FlowName: "write_mail"})
	want := header + `
flow write_mail "Recorded on 127.0.0.1:8080" {
  fact site: url "Address the recording started from" = "http://127.0.0.1:8080/"
  fact to: email = "grace@example.com"
  fact subject: text = "Lunch on Friday"
  fact message_body: text = "Hi Grace,\nlunch at noon?\nAda"

  browse "${site}"
  do "press Compose"
  enter {
    "To" = to
    "Subject" = subject
    "Message body" = message_body
  }
  stop_before "sending"
}
`
	if got := string(rec.Flow); got != want {
		t.Errorf("flow:\n%s\nwant:\n%s", got, want)
	}
	values := compileClean(t, rec)
	if values["message_body"] != "Hi Grace,\nlunch at noon?\nAda" {
		t.Errorf("message_body loaded as %q", values["message_body"])
	}
}

// TestSignIn: a password is a secret with no value anywhere; a flow
// without a guarded press ends with a verify of the last page's main
// heading.
func TestSignIn(t *testing.T) {
	rec := build(t, signInSession().events, record.Options{})
	body := string(rec.Flow)
	for _, want := range []string{
		"  secret password\n",
		"  enter {\n    \"Email or user name\" = email_or_user_name\n    \"Password\" = password\n  }\n",
		"  do \"press Sign in\"\n  verify \"the page shows \\\"Welcome back, Ada\\\"\"\n}\n",
		"#   FLOW_SECRET_PASSWORD\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("flow lacks %q:\n%s", want, body)
		}
	}
	compileClean(t, rec)
	if rec.Stopped != "" || strings.Join(rec.SecretNames, ",") != "password" {
		t.Errorf("Stopped %q, secrets %q", rec.Stopped, rec.SecretNames)
	}
	if strings.Contains(string(rec.Facts), "password:") {
		t.Errorf("the facts file holds the password key:\n%s", rec.Facts)
	}
}

// TestShop: a cookie banner and an "Added to cart" dialog closed by a
// press become ifs, Enter in the search box is a press, and the checkout
// ends the flow.
func TestShop(t *testing.T) {
	rec := build(t, shopSession().events, record.Options{FlowName: "shop"})
	want := header + `
flow shop "Recorded on 127.0.0.1:8080" {
  fact site: url "Address the recording started from" = "http://127.0.0.1:8080/"
  fact search_products: text = "moka pot"

  browse "${site}"
  if "a cookie banner is shown" {
    do "press Accept all cookies"
  }
  enter "Search products" = search_products
  press "Enter"
  do "open Bialetti Moka Express 3 cups"
  do "press Add to cart"
  if "the \"Added to cart\" dialog is shown" {
    do "press Continue shopping"
  }
  do "open Cart"
  stop_before "checking out"
}
`
	if got := string(rec.Flow); got != want {
		t.Errorf("flow:\n%s\nwant:\n%s", got, want)
	}
	compileClean(t, rec)
	if rec.Dropped != 0 || len(rec.Notes) != 0 {
		t.Errorf("Dropped %d, notes %q", rec.Dropped, rec.Notes)
	}
}

// TestRepeatedControls: equal Renew buttons are told apart by their
// card's heading, or by rank without one; roles phrase the intents; the
// status line the last press brought is the final check.
func TestRepeatedControls(t *testing.T) {
	rec := build(t, renewSession().events, record.Options{})
	want := header + `
flow recorded "Recorded on 127.0.0.1:8080" {
  fact site: url "Address the recording started from" = "http://127.0.0.1:8080/account.html"

  browse "${site}"
  do "open the Subscriptions tab"
  do "press Renew on the card \"Cloud storage 100 GB\""
  do "press Renew on the card \"Photo backup\""
  do "press the fourth Renew"
  do "turn Monthly newsletter on"
  do "choose English"
  verify "the page shows \"Language set to English\""
}
`
	if got := string(rec.Flow); got != want {
		t.Errorf("flow:\n%s\nwant:\n%s", got, want)
	}
	compileClean(t, rec)
}

// TestRowContext: a repeated control in a table row names the row by its
// first line (quotes made single); a control that is its card's heading
// names no card; a repeated field names its card; a control alone of its
// kind on the page names none.
func TestRowContext(t *testing.T) {
	s := &session{}
	s.open(site, "Orders", true)
	s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Context: "\n 42 \nOrder 1042 \"gift\"\nShipped\nDetails", Twins: 4,
		Target: surfaces.Candidate{Role: "link", Name: "Details", Path: []string{"table", "row #3"}}})
	s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Context: "Order 1042\nShipped\nTrack parcel",
		Target: surfaces.Candidate{Role: "button", Name: "Track parcel", Path: []string{"table", "row #3"}}})
	s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Context: "Enamel mug\n€12\nAdd to cart",
		Target: surfaces.Candidate{Role: "link", Name: "Enamel mug", Nth: 0, Path: []string{"main", `card "Enamel mug"`}}})
	s.add(surfaces.UserEvent{Kind: surfaces.EventInput, Context: "Enamel mug\n€12", Value: "3",
		Target: surfaces.Candidate{Role: "spinbutton", Name: "Quantity", Label: "Quantity", Nth: 1, Path: []string{"main", "listitem #2"}}})
	s.add(surfaces.UserEvent{Kind: surfaces.EventInput, Value: "4",
		Target: surfaces.Candidate{Role: "spinbutton", Name: "Quantity", Label: "Quantity", Nth: 2}})
	rec := build(t, s.events, record.Options{})
	wantSteps(t, rec, `browse "${site}"`, `do "open Details in the row \"Order 1042 'gift'\""`, `do "press Track parcel"`, `do "open Enamel mug"`,
		`enter {`, `"Quantity on the card \"Enamel mug\"" = quantity`, `"the third Quantity" = quantity_2`, `verify "the page shows \"Orders\""`)
	compileClean(t, rec)
}

func TestNoPage(t *testing.T) {
	for _, evs := range [][]surfaces.UserEvent{
		nil,
		{{Kind: surfaces.EventClick, URL: "about:blank", Target: surfaces.Candidate{Role: "button", Name: "Go"}}},
		{{Kind: surfaces.EventNavigate, Value: "chrome://newtab/", Typed: true}},
	} {
		rec, err := record.Build(evs, record.Options{})
		if !errors.Is(err, record.ErrNoPage) || rec != nil {
			t.Errorf("Build(%v) = %v, %v; want ErrNoPage", evs, rec, err)
		}
	}
}

func TestFactsPath(t *testing.T) {
	for in, want := range map[string]string{"new.flow": "new.facts.yaml", "a/b/trip.flow": "a/b/trip.facts.yaml", "x": "x.facts.yaml"} {
		if got := record.FactsPath(in); got != want {
			t.Errorf("FactsPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDeterministic: the same events give the same bytes.
func TestDeterministic(t *testing.T) {
	for _, s := range []*session{bookingSession(), shopSession(), renewSession()} {
		a := build(t, s.events, record.Options{})
		b := build(t, s.events, record.Options{})
		if string(a.Flow) != string(b.Flow) || string(a.Facts) != string(b.Facts) {
			t.Errorf("two builds differ:\n%s\n%s", a.Flow, b.Flow)
		}
	}
}

// TestBadAllow: an allow entry that is not an origin is refused, named.
func TestBadAllow(t *testing.T) {
	s := &session{}
	s.open(site, "Home", true)
	for _, bad := range []string{"a b", "example.com/path", "host:0", "*.", "ex*ample.com"} {
		_, err := record.Build(s.events, record.Options{Allow: []string{bad}})
		if err == nil || !strings.Contains(err.Error(), `allow "`+bad+`" is not an origin`) {
			t.Errorf("Allow %q: %v", bad, err)
		}
	}
	rec := build(t, s.events, record.Options{Allow: []string{"localhost:8080", "*.example.com", "https://x.org/"}})
	if !strings.Contains(string(rec.Flow), `allow "${site}", "localhost:8080", "*.example.com", "https://x.org/"`) {
		t.Errorf("allow line missing:\n%s", rec.Flow)
	}
	compileClean(t, rec)
}

// TestEndsAtGuardedPressOnly: a recorder stops listening at the press
// Build turns into the closing stop_before, and at nothing else.
func TestEndsAtGuardedPressOnly(t *testing.T) {
	press := func(kind surfaces.EventKind, role, name string) surfaces.UserEvent {
		return surfaces.UserEvent{Kind: kind, Target: surfaces.Candidate{Role: role, Name: name}}
	}
	for _, tc := range []struct {
		e    surfaces.UserEvent
		want bool
	}{
		{press(surfaces.EventClick, "button", "Pay €331.86"), true},
		{press(surfaces.EventClick, "button", "Delete account"), true},
		{press(surfaces.EventSubmit, "button", "Send"), true},
		{press(surfaces.EventClick, "button", "Renew"), false},
		{press(surfaces.EventClick, "tab", "Send"), true},        // a submit drawn as a tab still sends
		{press(surfaces.EventInput, "textbox", "Delete"), false}, // typing presses nothing
	} {
		if got := record.Ends(tc.e); got != tc.want {
			t.Errorf("Ends(%s %s %q) = %v, want %v", tc.e.Kind, tc.e.Target.Role, tc.e.Target.Name, got, tc.want)
		}
	}
}

// TestSuggestionPicked: a suggestion picked after a whole word keeps the
// word typed (typed again it brings the same list), one picked after part
// of a word takes the suggestion's text; a label that runs on into a
// sentence names its fact by its first words.
func TestSuggestionPicked(t *testing.T) {
	from := surfaces.Candidate{Role: "combobox", Name: "Where from?", Label: "Where from?"}
	to := surfaces.Candidate{Role: "combobox", Name: "Where to?", Label: "Where to?"}
	code := surfaces.Candidate{Role: "textbox", Name: "Security code The 3 digits on the back of your card",
		Label: "Security code The 3 digits on the back of your card"}
	s := &session{}
	s.open(site, "Flights", true)
	s.typeField(from, "Lisbon")
	s.show("Find a flight", "3 suggestions available") // a live region between the typing and the pick
	s.click("option", "Lisbon (LIS) Portugal")
	s.typeField(to, "Par")
	s.click("option", "Paris (CDG) France")
	s.typeField(code, "A1")
	rec := build(t, s.events, record.Options{})
	facts := compileClean(t, rec)
	if facts["where_from"] != "Lisbon" || facts["where_to"] != "Paris (CDG) France" {
		t.Errorf("facts %v: want where_from Lisbon, where_to the suggestion\n%s", facts, rec.Flow)
	}
	if strings.Contains(string(rec.Flow), "do ") {
		t.Errorf("a suggestion picked became a step of its own:\n%s", rec.Flow)
	}
	if len(rec.Used) < 2 || !rec.Used[1].Suggestion || rec.Used[1].Target.Name != "Lisbon (LIS) Portugal" {
		t.Errorf("the controls used %+v: want the field, then its suggestion", rec.Used)
	}
	if !slices.Equal(rec.SecretNames, []string{"security_code"}) { // a card's code is a secret
		t.Errorf("secrets %v, want security_code\n%s", rec.SecretNames, rec.Flow)
	}
}

// TestCardFieldsByContext: card data is known by the autocomplete
// attribute and by the form around a field, not by the words "card
// number" alone.
func TestCardFieldsByContext(t *testing.T) {
	t.Run("sign-in with a membership card", func(t *testing.T) {
		s := &session{}
		s.open(site, "Sign in · City Library", true)
		s.typeField(surfaces.Candidate{Role: "textbox", Name: "Membership card number or e-mail", Label: "Membership card number or e-mail",
			Autocomplete: "username"}, "M-20931")
		s.typeField(surfaces.Candidate{Role: "textbox", Name: "Library card number", Label: "Library card number"}, "29876 5432")
		s.password("PIN")
		s.click("button", "Sign in")
		rec := build(t, s.events, record.Options{})
		facts := compileClean(t, rec)
		if facts["membership_card_number_or_email"] != "M-20931" || facts["library_card_number"] != "29876 5432" {
			t.Errorf("facts %v, want the membership and library card numbers as facts\n%s", facts, rec.Flow)
		}
		if !slices.Equal(rec.SecretNames, []string{"pin"}) || strings.Contains(string(rec.Flow), "payment") {
			t.Errorf("secrets %v: only the PIN is secret, and nothing pays\n%s", rec.SecretNames, rec.Flow)
		}
	})
	t.Run("a card form without autocomplete", func(t *testing.T) {
		s := &session{}
		s.open(site+"pay", "Payment", true)
		s.type_("Card number", "4000 1234 5678 9010") // no Luhn: only the form tells
		s.type_("Expiry date", "12/30")
		s.type_("Security code", "737")
		s.click("button", "Pay €12.00")
		rec := build(t, s.events, record.Options{})
		compileClean(t, rec)
		if got := strings.Join(rec.SecretNames, " "); got != "card_number expiry_date security_code" {
			t.Errorf("secrets %q, want the three card fields\n%s", got, rec.Flow)
		}
		assertNoLeak(t, rec, "4000 1234 5678 9010", "737", "12/30")
		if !strings.Contains(string(rec.Flow), "payment fill_then_approve") {
			t.Errorf("card data typed, but no payment line:\n%s", rec.Flow)
		}
	})
	t.Run("a card number alone on a balance check", func(t *testing.T) {
		s := &session{}
		s.open(site+"balance", "Gift card balance", true)
		s.type_("Card number", "6006 4912")
		s.click("button", "Check balance")
		rec := build(t, s.events, record.Options{})
		if facts := compileClean(t, rec); facts["card_number"] != "6006 4912" || len(rec.SecretNames) != 0 {
			t.Errorf("facts %v, secrets %v: nothing here pays\n%s", facts, rec.SecretNames, rec.Flow)
		}
	})
}

// TestFinalVerify: a flow that did not stop ends with the strongest check
// its last screen offers: a status line that came after the last action
// and still showed at the end, else the page's main heading, else its
// title.
func TestFinalVerify(t *testing.T) {
	save := func(s *session) { s.click("button", "Save draft") }
	tests := []struct {
		name     string
		session  func(s *session)
		want     string
		wantNote string
	}{
		{"a status line the press brought", func(s *session) {
			s.show("Inbox")
			save(s)
			s.show("Inbox", "Draft saved.")
		}, "Draft saved.", ""},
		{"a toast gone by the end", func(s *session) {
			s.show("Inbox")
			save(s)
			s.show("Inbox", "Draft saved.")
			s.show("Inbox")
		}, "Inbox", ""},
		{"a status line shown before the press", func(s *session) {
			s.show("Inbox", "3 unread")
			save(s)
			s.show("Inbox", "3 unread")
		}, "Inbox", ""},
		{"an error", func(s *session) {
			s.show("Inbox")
			save(s)
			s.show("Inbox", "Could not save the draft: try again")
		}, "Inbox", "reads as an error"},
		{"a line that describes a change", func(s *session) {
			s.show("Inbox")
			save(s)
			s.show("Inbox", "Your draft was updated")
		}, "Inbox", ""},
		{"the first new line, in reading order", func(s *session) {
			s.show("Inbox", "3 unread")
			save(s)
			s.show("Inbox", "3 unread", "Draft saved.", "Undo")
		}, "Draft saved.", ""},
		{"a flash on the page the press led to", func(s *session) {
			s.show("Compose")
			save(s)
			s.open(site+"drafts", "Drafts · Postbox", false)
			s.show("Drafts", "1 draft")
		}, "1 draft", ""},
		{"the new page not reported yet", func(s *session) {
			s.show("Compose")
			save(s)
			s.open(site+"drafts", "Drafts · Postbox", false)
		}, "Drafts · Postbox", ""},
		{"no heading", func(s *session) {
			s.show("")
			save(s)
		}, "Postbox", ""},
		{"a heading quoting", func(s *session) {
			s.show(`Draft "Lunch"`)
			save(s)
		}, "Postbox", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &session{}
			s.open(site, "Postbox", true)
			tt.session(s)
			rec := build(t, s.events, record.Options{})
			compileClean(t, rec)
			want := `verify "the page shows \"` + tt.want + `\""`
			if !strings.Contains(string(rec.Flow), "  "+want+"\n}") {
				t.Errorf("want the flow to end with %s:\n%s", want, rec.Flow)
			}
			if notes := strings.Join(rec.Notes, "\n"); tt.wantNote != "" && !strings.Contains(notes, tt.wantNote) || tt.wantNote == "" && notes != "" {
				t.Errorf("notes %q, want %q", notes, tt.wantNote)
			}
		})
	}
}
