package decide

import (
	"context"
	"slices"
	"strings"
	"testing"

	"flow/surfaces"
)

// Failures met in the field, each rebuilt as the browser surface reports
// the screen: the word-weight decider got every one of them wrong.

func heading(ref, text string, next int, path ...string) surfaces.ContextLine {
	return surfaces.ContextLine{Ref: ref, Role: "heading", Text: text, Path: path, Next: next}
}

func placed(ref, text string, next int, path ...string) surfaces.ContextLine {
	return surfaces.ContextLine{Ref: ref, Text: text, Path: path, Next: next}
}

// invoices lists two invoices, each with its own Archive button, and a
// filter box that shows archived ones.
func invoices() surfaces.Screen {
	return surfaces.Screen{Title: "Invoices · Ledger", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{
			{Ref: "v1", Role: "checkbox", Name: "Show archived", Path: []string{"main", `form "Filters"`}},
			btn("v2", "Archive", "main", "row #1"),
			btn("v3", "Archive", "main", "row #2"),
		},
		Context: []surfaces.ContextLine{
			heading("t1", "Invoices", 0, "main"),
			placed("t2", "INV-104", 1, "main", "row #1"), placed("t3", "Acme Corp", 1, "main", "row #1"), placed("t4", "€1,200.00 · due 3 June", 1, "main", "row #1"),
			placed("t5", "INV-105", 2, "main", "row #2"), placed("t6", "Globex", 2, "main", "row #2"), placed("t7", "€310.00 · due 9 June", 2, "main", "row #2"),
		}}
}

// addresses is an address book with two saved addresses under heading h
// and a button that removes them all.
func addresses(h string) surfaces.Screen {
	return surfaces.Screen{Title: "Your account", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{
			btn("a1", "Remove all addresses", "main"),
			btn("a2", "Edit", "main", "list", "listitem #1"),
			btn("a3", "Edit", "main", "list", "listitem #2"),
		},
		Context: []surfaces.ContextLine{
			heading("t1", h, 0, "main"),
			placed("t2", "12 High Street, Leeds LS1 4AB", 1, "main", "list", "listitem #1"),
			placed("t3", "4 Park Road, York YO1 7HH", 2, "main", "list", "listitem #2"),
		}}
}

// noAddresses is the same page once the addresses are removed.
func noAddresses() surfaces.Screen {
	return surfaces.Screen{Title: "Your account", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{btn("a4", "Add an address", "main")},
		Context:    []surfaces.ContextLine{heading("t1", "Saved addresses", 0, "main"), placed("t2", "You have no saved addresses.", 0, "main")}}
}

// refund is an order page that offers a refund nobody asked for yet.
func refund() surfaces.Screen {
	return surfaces.Screen{Title: "Order 5521", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{btn("r1", "Request refund", "main")},
		Context:    []surfaces.ContextLine{line("t1", "Order 5521 · delivered 2 May", "main"), line("t2", "No refund requested yet", "main")}}
}

// teaCards are three cards with the same button.
func teaCards() surfaces.Screen {
	s := surfaces.Screen{Title: "Tea", Layer: surfaces.LayerPage}
	for i, name := range []string{"Green tea", "Oolong", "Black tea"} {
		card := "listitem #" + string(rune('1'+i))
		s.Candidates = append(s.Candidates, btn("b"+string(rune('1'+i)), "Add to cart", "main", card))
		s.Context = append(s.Context, placed("t"+string(rune('1'+i)), name, i, "main", card))
	}
	return s
}

func TestFieldFailuresChoose(t *testing.T) {
	cookies := surfaces.Screen{Title: "Shop", Layer: surfaces.LayerDialog, Candidates: []surfaces.Candidate{
		btn("k1", "Allow all cookies", `dialog "Cookies"`), btn("k2", "Necessary cookies only", `dialog "Cookies"`), btn("k3", "Customise", `dialog "Cookies"`)}}
	optional := surfaces.Screen{Title: "News", Layer: surfaces.LayerDialog, Candidates: []surfaces.Candidate{
		btn("o1", "Accept optional cookies", `dialog "Privacy"`), btn("o2", "Decline", `dialog "Privacy"`)}}
	oneField := surfaces.Screen{Title: "Enter Text Task", Layer: surfaces.LayerPage, Candidates: []surfaces.Candidate{
		{Ref: "m1", Role: "textbox", Editable: true, Path: []string{`region "Task"`}}, btn("m2", "Submit", `region "Task"`)},
		Context: []surfaces.ContextLine{placed("t1", "Enter \"Kasey\" into the text field and press Submit.", 0)}}
	radios := surfaces.Screen{Title: "Click Option Task", Layer: surfaces.LayerPage, Candidates: []surfaces.Candidate{
		{Ref: "r1", Role: "radio"}, {Ref: "r2", Role: "radio"}, {Ref: "r3", Role: "radio"}, btn("r4", "Submit")},
		Context: []surfaces.ContextLine{placed("t1", "Select Vmw and click Submit.", 0), placed("t2", "Pi", 1), placed("t3", "Vmw", 2), placed("t4", "Lqx", 3)}}
	box := surfaces.Screen{Title: "Sign in", Layer: surfaces.LayerPage, Candidates: []surfaces.Candidate{
		{Ref: "x1", Role: "textbox", Name: "Username", Editable: true}, {Ref: "x2", Role: "checkbox"}, btn("x3", "Log in")},
		Context: []surfaces.ContextLine{placed("t1", "Remember me", 2)}}
	contacts := surfaces.Screen{Title: "Contacts", Layer: surfaces.LayerPage, Candidates: []surfaces.Candidate{
		btn("n1", "fa fa-arrow-left", "main"), btn("n2", "fa fa-arrow-right", "main"), btn("n3", "Call", "main")},
		Context: []surfaces.ContextLine{placed("t1", "Ada Lovelace", 2, "main"), placed("t2", "Contact 3 of 12", 2, "main")}}
	books := surfaces.Screen{Title: "Library", Layer: surfaces.LayerPage}
	mail := surfaces.Screen{Title: "Inbox", Layer: surfaces.LayerPage}
	for i, b := range [][2]string{{"The Hobbit", "Tolkien"}, {"Dune", "Frank Herbert"}, {"Emma", "Jane Austen"}} {
		row := "row #" + string(rune('1'+i))
		books.Candidates = append(books.Candidates, surfaces.Candidate{Ref: "d" + string(rune('1'+i)), Role: "link", Name: b[0], Path: []string{"main", "table", row}},
			btn("m"+string(rune('1'+i)), "more_horiz", "main", "table", row))
		books.Context = append(books.Context, placed("t"+string(rune('1'+i)), b[1], 2*i+1, "main", "table", row))
	}
	for i, b := range [][2]string{{"Ola", "Lunch on Friday?"}, {"Mia", "Your invoice"}, {"Sam", "Re: tickets"}} {
		row := "row #" + string(rune('1'+i))
		mail.Candidates = append(mail.Candidates, surfaces.Candidate{Ref: "s" + string(rune('1'+i)), Role: "link", Name: b[1], Path: []string{"main", row}},
			btn("z"+string(rune('1'+i)), "bi bi-trash3", "main", row))
		mail.Context = append(mail.Context, placed("f"+string(rune('1'+i)), b[0], 2*i, "main", row))
	}
	dentist := surfaces.Screen{Title: "Appointments", Layer: surfaces.LayerPage}
	for i, b := range [][2]string{{"Dr. Ames", "General practitioner"}, {"Dr. Brook", "Dentist"}, {"Dr. Cole", "Optician"}} {
		card := "article #" + string(rune('1'+i))
		dentist.Candidates = append(dentist.Candidates, btn("p"+string(rune('1'+i)), "Book", "main", card))
		dentist.Context = append(dentist.Context, placed("h"+string(rune('1'+i)), b[0], i, "main", card), placed("g"+string(rune('1'+i)), b[1], i, "main", card))
	}
	tickets := surfaces.Screen{Title: "Helpdesk", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{
			{Ref: "l1", Role: "link", Name: "Inbox", Path: []string{"navigation", "listitem #1"}},
			{Ref: "l2", Role: "link", Name: "Reports", Path: []string{"navigation", "listitem #2"}},
			{Ref: "l3", Role: "link", Name: "#4312 Printer on floor 2 is jammed", Path: []string{"main", "listitem #1"}},
			{Ref: "l4", Role: "link", Name: "#4313 VPN drops every hour", Path: []string{"main", "listitem #2"}},
		},
		Context: []surfaces.ContextLine{heading("t1", "Tickets", 2, "main")}}
	ticketLists := []Option{{Key: "list1", Label: "navigation: 2 items, first: Inbox"}, {Key: "list2", Label: "main: 2 items, first: #4312 Printer on floor 2 is jammed"}}

	tests := []struct {
		name    string
		screen  surfaces.Screen
		purpose Purpose
		ask     string
		value   string
		opts    []Option // offered instead of every candidate
		want    string
	}{
		{"only the required, not all", cookies, PurposeTarget, "allow only the required cookies", "", nil, "k2"},
		{"decline, not accept", optional, PurposeTarget, "decline the optional cookies", "", nil, "o2"},
		{"the one text field", oneField, PurposeField, "the text field", "", nil, "m1"},
		{"an option by the text beside it", radios, PurposeOption, "the options", "Vmw", nil, "r2"},
		{"a box named by the text beside it", box, PurposeTarget, "tick remember me", "", nil, "x2"},
		{"next by an arrow icon", contacts, PurposeTarget, "go to the next contact", "", nil, "n2"},
		{"the more menu of a row", books, PurposeTarget, "open the more menu of Dune", "", nil, "m2"},
		{"a trash icon in the row of the sender", mail, PurposeTarget, "delete the email from Mia", "", nil, "z2"},
		{"a card by the entity it names", dentist, PurposeTarget, "book the appointment with the dentist", "", nil, "p2"},
		{"a quoted card", teaCards(), PurposeTarget, `add to cart on the card "Oolong"`, "", nil, "b2"},
		{"the last of the look-alikes", teaCards(), PurposeTarget, "press the last add to cart button", "", nil, "b3"},
		{"archive in the row of the customer", invoices(), PurposeTarget, "archive the invoice from Globex", "", nil, "v3"},
		{"the tickets list by its heading", tickets, PurposeList, "the tickets", "", ticketLists, "list2"},
		{"the button next to an entity", dentist, PurposeTarget, "press the Book button next to Dr. Cole", "", nil, "p3"},
	}
	l := NewLocal()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := askScreen(tc.screen, "3/"+string(tc.purpose), tc.purpose, tc.ask, tc.value)
			if tc.opts != nil {
				q.Options = tc.opts
			}
			ch, err := l.Choose(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Key != tc.want {
				t.Errorf("chose %q (%.2f, %s), want %q; ranking %v", ch.Key, ch.Confidence, ch.Why, tc.want, top(q, 4))
			}
			if ch.Why == "" {
				t.Error("no why")
			}
		})
	}
}

// Three identical buttons in three cards: the step names no card, so no
// button is taken, and the answer names all three.
func TestTieIsAmbiguous(t *testing.T) {
	q := askScreen(teaCards(), "3/target", PurposeTarget, "add it to the cart", "")
	ch, err := NewLocal().Choose(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Key != "" || !slices.Equal(ch.Ambiguous, []string{"b1", "b2", "b3"}) {
		t.Fatalf("chose %q, ambiguous %v (%s); want none and all three", ch.Key, ch.Ambiguous, ch.Why)
	}
	if len(ch.Others) == 0 {
		t.Error("no others")
	}
}

// The chosen option says why, and the losers say why they lost.
func TestChoiceSaysWhy(t *testing.T) {
	q := askScreen(invoices(), "3/target", PurposeTarget, "archive the invoice from Globex", "")
	ch, _ := NewLocal().Choose(context.Background(), q)
	if ch.Key != "v3" || ch.Why == "" {
		t.Fatalf("chose %q: %s", ch.Key, ch.Why)
	}
	lost := map[string]string{}
	for _, o := range ch.Others {
		lost[o.Key] = o.Why
	}
	if w := lost["v2"]; w == "" || !strings.Contains(w, "Globex") {
		t.Errorf("the Archive of the other row lost for %q, want the anchor named", w)
	}
	q = askScreen(surfaces.Screen{Title: "Shop", Layer: surfaces.LayerDialog, Candidates: []surfaces.Candidate{
		btn("k1", "Allow all cookies"), btn("k2", "Necessary cookies only")}}, "1/target", PurposeTarget, "allow only the required cookies", "")
	ch, _ = NewLocal().Choose(context.Background(), q)
	if len(ch.Others) == 0 || !strings.Contains(ch.Others[0].Why, "all") {
		t.Errorf("others %+v: want Allow all to lose for saying all", ch.Others)
	}
}

// Anchored keeps the options of the group naming the entity, and leaves a
// question alone when the step names none.
func TestAnchored(t *testing.T) {
	q := askScreen(invoices(), "3/target", PurposeTarget, "archive the invoice from Acme", "")
	got, ent := Anchored(q)
	if ent != "Acme" || len(got.Options) != 1 || got.Options[0].Key != "v2" {
		t.Errorf("Anchored: entity %q, options %v", ent, keys(got))
	}
	q = askScreen(invoices(), "3/target", PurposeTarget, "archive the invoice", "")
	if got, ent := Anchored(q); ent != "" || len(got.Options) != len(q.Options) {
		t.Errorf("no entity: got %q and %d options", ent, len(got.Options))
	}
	q = askScreen(invoices(), "3/target", PurposeTarget, "archive the invoice from Initech", "")
	if got, ent := Anchored(q); ent != "" || len(got.Options) != len(q.Options) {
		t.Errorf("an entity no group names: got %q and %d options", ent, len(got.Options))
	}
	q = askScreen(teaCards(), "3/target", PurposeTarget, `add to cart on the card "Black tea"`, "")
	q.Options = append(q.Options, Option{Key: "scroll", Label: "scroll down to see more of the page"})
	if got, ent := Anchored(q); ent != "Black tea" || !slices.Equal(keys(got), []string{"b3", "scroll"}) {
		t.Errorf("quoted card: %q, %v", ent, keys(got))
	}
}

func keys(q Question) []string {
	var out []string
	for _, o := range q.Options {
		out = append(out, o.Key)
	}
	return out
}

func TestFieldFailuresJudge(t *testing.T) {
	archived := invoices()
	archived.Context = append(archived.Context, surfaces.ContextLine{Ref: "t9", Role: "status", Text: "Invoice INV-104 archived."})
	tests := []struct {
		name   string
		st     Statement
		screen surfaces.Screen
		holds  verdict
	}{
		{"a name and an Archive button are no archive", Statement{Text: "archive the invoice from Acme", Goal: true}, invoices(), no},
		{"a status line says archived", Statement{Text: "archive the invoice from Acme", Goal: true}, archived, yes},
		{"a button that empties is no empty list", Statement{Text: "empty my saved addresses", Goal: true}, addresses("Saved addresses"), no},
		{"an emptied list", Statement{Text: "empty my saved addresses", Goal: true}, noAddresses(), yes},
		{"a list of addresses denies none saved", Statement{Text: "no addresses are saved"}, addresses("Your addresses"), no},
		{"a list under a heading that says saved", Statement{Text: "no addresses are saved"}, addresses("Saved addresses"), no},
		{"the screen says none are saved", Statement{Text: "no addresses are saved"}, noAddresses(), yes},
		{"negated: a list of addresses", Statement{Text: "no addresses are saved", Negated: true}, addresses("Your addresses"), yes},
		{"the offer of a refund is no refund", Statement{Text: "a refund has been requested"}, refund(), no},
		{"negated: the offer of a refund", Statement{Text: "a refund has been requested", Negated: true}, refund(), yes},
		{"a goal not reached, negated", Statement{Text: "archive the invoice from Acme", Goal: true, Negated: true}, invoices(), yes},
		{"the old form of a negated goal", Statement{Step: `do "archive the invoice from Acme"`, Text: "not archive the invoice from Acme"}, invoices(), yes},
		{"the old form of a goal", Statement{Step: `do "archive the invoice from Acme"`, Text: "archive the invoice from Acme"}, archived, yes},
		{"a goal proved by what the step did", Statement{Text: "save the message as a draft", Goal: true,
			Done: []string{`pressed button "Save draft": appeared text "Draft saved"`}}, mustLoad(t, "mail-compose"), yes},
		{"a goal the step's action did not prove", Statement{Text: "save the message as a draft", Goal: true,
			Done: []string{`pressed button "Save draft": changed nothing`}}, mustLoad(t, "mail-compose"), no},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.st.ID = "4/judge"
			tc.st.Screen = BriefOf(tc.screen)
			j, err := NewLocal().Judge(context.Background(), tc.st)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("p=%.2f why=%s", j.Probability, j.Why)
			tc.holds.check(t, tc.st.Text, j.Probability)
			if j.Why == "" {
				t.Error("no why")
			}
		})
	}
}

func mustLoad(t *testing.T, name string) surfaces.Screen { return loadScreen(t, name) }

// Two products in one cart: "main" names the mug too (the mug is in it),
// but only the mug's own group places the press.
func TestAnchorInnermostGroup(t *testing.T) {
	s := surfaces.Screen{Title: "Cart", Layer: surfaces.LayerPage, Candidates: []surfaces.Candidate{
		{Ref: "b1", Role: "link", Name: "Home", Path: []string{"banner"}},
		{Ref: "e1", Role: "link", Name: "Classic moka pot, 3 cups", Path: []string{"main"}},
		btn("e4", "Increase quantity", "main", `group "Quantity of Classic moka pot, 3 cups"`),
		{Ref: "e5", Role: "link", Name: "Enamel camping mug, 350 ml", Path: []string{"main"}},
		btn("e8", "Increase quantity", "main", `group "Quantity of Enamel camping mug, 350 ml"`),
	}}
	q := askScreen(s, "1/target", PurposeTarget, "raise the quantity of the enamel mug to 2", "")
	ch, err := NewLocal().Choose(context.Background(), q)
	if err != nil || ch.Key != "e8" {
		t.Fatalf("chose %q (%s), want e8", ch.Key, ch.Why)
	}
}

// A value shown twice alike is read from either; two different values
// that nothing in the step tells apart are not.
func TestReadTies(t *testing.T) {
	s := surfaces.Screen{Title: "Order", Layer: surfaces.LayerPage, Context: []surfaces.ContextLine{
		line("t1", "Total", "main", "row #1"), line("t2", "€42.00", "main", "row #1"),
		line("t3", "Total", "contentinfo", "row #1"), line("t4", "€42.00", "contentinfo", "row #1")}}
	q := askScreen(s, "2/text", PurposeText, "the total", "")
	ch, _ := NewLocal().Choose(context.Background(), q)
	if got := nameOf(q, ch.Key); got != "€42.00" {
		t.Errorf("read %q (%s), want €42.00", got, ch.Why)
	}
	s.Context[3].Text = "€40.00"
	q = askScreen(s, "2/text", PurposeText, "the total", "")
	ch, _ = NewLocal().Choose(context.Background(), q)
	if ch.Key != "" || len(ch.Ambiguous) != 2 {
		t.Errorf("read %q (%s), want none: two totals", nameOf(q, ch.Key), ch.Why)
	}
}
