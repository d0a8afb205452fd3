package record_test

import "flow/surfaces"

const site = "http://127.0.0.1:8080/"

// bookingSession searches a flight on the SkyWay fixture, picks one, fills
// the traveller and the card, ticks the terms and presses Pay.
func bookingSession() *session {
	s := &session{}
	s.open(site, "SkyWay · Cheap flights to anywhere", true)
	s.dismiss("Cookies", "Accept all")
	s.click("combobox", "Where from?")
	s.typeField(surfaces.Candidate{Role: "combobox", Name: "Where from?", Label: "Where from?"}, "Par")
	s.click("option", "Paris (CDG)")
	s.typeField(surfaces.Candidate{Role: "combobox", Name: "Where from?", Label: "Where from?"}, "Paris (CDG)")
	s.typeField(surfaces.Candidate{Role: "combobox", Name: "Where to?", Label: "Where to?"}, "Oslo")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Departure date", Label: "Departure date", InputType: "date"}, "2026-12-24")
	s.choose("Travellers", "2")
	s.click("button", "Search flights")
	s.open(site+"results.html?from=Paris", "Flight results · SkyWay", false)
	s.clickIn("button", "Select", "Air Nordic AN 412\n08:10 → 11:05\n€120.50", 2)
	s.open(site+"traveller.html", "Traveller details · SkyWay", false)
	s.type_("Full name", "Ada Lovelace")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Email address", Label: "Email address", InputType: "email"}, "ada@example.com")
	s.click("button", "Continue")
	s.open(site+"payment.html", "Payment · SkyWay", false)
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Name on card", Label: "Name on card", Autocomplete: "cc-name"}, "Ada Lovelace")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Card number", Label: "Card number", Autocomplete: "cc-number"}, "4242 4242 4242 4242")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Expiry date", Label: "Expiry date", Autocomplete: "cc-exp"}, "12/30")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Security code", Label: "Security code", Autocomplete: "cc-csc"}, "737")
	s.click("checkbox", "I accept the terms and conditions")
	s.tick("checkbox", "I accept the terms and conditions", true)
	s.click("button", "Pay €120.50")
	s.open(site+"confirmation.html", "Booking confirmed · SkyWay", false)
	s.click("link", "Back to home")
	return s
}

// mailSession writes an email in the Postbox webmail and presses Send.
func mailSession() *session {
	s := &session{}
	s.open(site, "Inbox (3) · Postbox", true)
	s.click("button", "Compose")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "To", Label: "To", InputType: "email"}, "grace@example.com")
	s.type_("Subject", "Lunch on Friday")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Message body", Label: "Message body"}, "Hi Grace,\nlunch at noon?\nAda")
	s.click("button", "Send")
	s.open(site+"#sent", "Sent · Postbox", false)
	return s
}

// signInSession signs in to the Lumen ID account site with a password.
func signInSession() *session {
	s := &session{}
	s.open(site, "Sign in · Lumen ID", true)
	s.show("Sign in")
	s.typeField(surfaces.Candidate{Role: "textbox", Name: "Email or user name", Label: "Email or user name", InputType: "email"}, "ada@example.com")
	s.password("Password")
	s.click("button", "Sign in")
	s.open(site+"account.html", "Your account · Lumen ID", false)
	s.show("Welcome back, Ada")
	return s
}

// shopSession accepts the cookie banner, searches with Enter, adds a
// product, closes the "Added to cart" dialog and checks out.
func shopSession() *session {
	s := &session{}
	s.open(site, "Greenleaf · Home and kitchen", true)
	s.dismiss("Cookie consent", "Accept all cookies")
	search := surfaces.Candidate{Role: "searchbox", Name: "Search products", Placeholder: "Search products", Editable: true}
	s.typeField(search, "moka pot")
	s.key("Enter", search)
	s.submit("Search")
	s.open(site+"search.html?q=moka+pot", "Search: moka pot · Greenleaf", false)
	s.click("link", "Bialetti Moka Express 3 cups")
	s.open(site+"product.html?id=moka-3", "Bialetti Moka Express · Greenleaf", false)
	s.click("button", "Add to cart")
	s.dismiss("Added to cart", "Continue shopping")
	s.click("link", "Cart")
	s.open(site+"cart.html", "Your cart · Greenleaf", false)
	s.click("button", "Proceed to checkout")
	return s
}

// renewSession renews the second of several subscriptions, each card with
// its own Renew button.
func renewSession() *session {
	s := &session{}
	s.open(site+"account.html", "Subscriptions · Lumen ID", true)
	s.show("Your subscriptions", "3 active subscriptions")
	s.click("tab", "Subscriptions")
	s.clickIn("button", "Renew", "Cloud storage 100 GB\nRenews on 1 Jan 2027\n€1.99 a month", 1)
	s.clickIn("button", "Renew", "Photo backup\nExpired\n€0.99 a month", 2)
	s.add(surfaces.UserEvent{Kind: surfaces.EventClick, Target: surfaces.Candidate{Role: "button", Name: "Renew", Nth: 3}})
	s.tick("switch", "Monthly newsletter", true)
	s.click("menuitem", "English")
	s.show("Your subscriptions", "3 active subscriptions", "Language set to English")
	return s
}
