package record

import "testing"

// TestSnake names facts after realistic labels: the head phrase, whole
// words, never ending on a function word it was cut at.
func TestSnake(t *testing.T) {
	tests := []struct{ label, want string }{
		{"Where from?", "where_from"},
		{"Where to?", "where_to"},
		{"Ship to", "ship_to"},
		{"Departure date", "departure_date"},
		{"E-mail address", "email_address"},
		{"Email or user name", "email_or_user_name"},
		{"Membership card number or e-mail", "membership_card_number_or_email"},
		{"Membership card number or e-mail address", "membership_card_number_or_email"},
		{"Library card number or membership ID", "library_card_number"},
		{"Available times on Fri", "available_times"},
		{"Available times on Friday 12 December", "available_times"},
		{"Name on card", "name_on_card"},
		{"Date of birth", "date_of_birth"},
		{"Number of guests", "number_of_guests"},
		{"Security code The 3 digits on the back of your card", "security_code"},
		{"Expiry date (MM/YY)", "expiry_date"},
		{"Name: as on your passport", "name"},
		{"Promo code. Optional", "promo_code"},
		{"How many adults and children will travel", "how_many_adults_and_children"},
		{"Frequent flyer programme membership number", "frequent_flyer_programme"},
		{"Your message to the seller", "your_message"},
		{"Message to the seller", "message_to_the_seller"},
		{"Street address and house number", "street_address_and_house_number"},
		{"2nd address line", "field_2nd_address_line"},
		{"(optional)", "optional"},
		{"Número de teléfono", "numero_de_telefono"}, {"Straße und Hausnummer", "strasse_und_hausnummer"}, {"Имя", ""},
		{"€ / %", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := snake(tt.label); got != tt.want {
			t.Errorf("snake(%q) = %q; want %q", tt.label, got, tt.want)
		}
		if got := snake(tt.label); got != "" && !isIdent(got) {
			t.Errorf("snake(%q) = %q: not an identifier", tt.label, got)
		}
	}
}
