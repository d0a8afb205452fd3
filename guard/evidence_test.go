package guard

import "testing"

func TestIsCardField(t *testing.T) {
	tests := []struct {
		autocomplete, label string
		want                bool
	}{
		{"cc-number", "", true},
		{"billing cc-exp", "Expires", true},
		{"CC-CSC", "", true},
		{"section-pay cc-name", "", true},
		{"cc-number", "Membership number", true}, // the attribute wins
		{"", "Card number", true},                // no form known: ambiguous words count
		{"", "Credit card", true},
		{"", "Debit card no.", true},
		{"", "CVV", true},
		{"", "CVC / CVV2", true},
		{"", "Security code", true},
		{"", "Card verification value", true},
		{"", "Expiry date", true},
		{"", "Expiration (MM/YY)", true},
		{"", "MM / YY", true},
		{"", "Valid thru", true},
		{"", "Cardholder name", true},
		{"", "Name on card", true},
		{"", "Kartennummer", true},
		{"off", "Numéro de carte", true},
		{"on", "Card number", true},               // "on" names no field
		{"section-checkout billing", "CVC", true}, // modifiers name no field
		{"nope", "Card number", true},             // a made-up token names no field
		{"username", "Membership card number or e-mail", false},
		{"", "Membership card number or e-mail", false},
		{"", "Library card number", false},
		{"", "Loyalty card no.", false},
		{"", "Gift card number", false},
		{"", "Passport expiry date", false},
		{"", "Card number or email", false},
		{"username", "Card number", false},
		{"email", "Card number", false},
		{"tel", "Card number", false},
		{"one-time-code", "Security code", false},
		{"current-password", "CVV", false},
		{"", "Email", false},
		{"email", "Email address", false},
		{"name", "Full name", false},
		{"", "Gift card message", false},
		{"", "Discount code", false},
		{"postal-code", "Postcode", false},
		{"", "Boarding pass number", false},
		{"", "", false},
	}
	for _, tt := range tests {
		if got := IsCardField(tt.autocomplete, tt.label); got != tt.want {
			t.Errorf("IsCardField(%q, %q) = %v; want %v", tt.autocomplete, tt.label, got, tt.want)
		}
	}
}

// TestIsCardFieldIn reads fields on realistic forms: ambiguous words count
// as card data only where the form pays.
func TestIsCardFieldIn(t *testing.T) {
	signIn := []Field{{Autocomplete: "current-password", Label: "Password"}}
	signInButtons := []string{"Sign in", "Forgot your password?"}
	card := []Field{{Label: "Card number"}, {Label: "Expiry date"}, {Label: "Security code"}, {Label: "Name on card"}}
	payButtons := []string{"Pay €120.50", "Back"}
	tests := []struct {
		name    string
		field   Field
		others  []Field
		buttons []string
		want    bool
	}{
		{"cc-number on any form", Field{"cc-number", "Card number"}, nil, nil, true},
		{"cc-exp beside a sign-in", Field{"cc-exp", "Valid until"}, signIn, signInButtons, true},
		{"CVV alone", Field{"", "CVV"}, nil, nil, true},
		{"card number beside expiry and code", Field{"", "Card number"}, card[1:], nil, true},
		{"card number beside a cc-exp field", Field{"", "Card number"}, []Field{{"cc-exp", "Expires"}}, nil, true},
		{"card number with a pay button", Field{"", "Card number"}, nil, payButtons, true},
		{"card number with a checkout button", Field{"", "Card no."}, nil, []string{"Place order"}, true},
		{"expiry beside a card number", Field{"", "Expiry date"}, []Field{{"", "Card number"}}, nil, true},
		{"security code on a card form", Field{"", "Security code The 3 digits on the back of your card"}, card[:2], payButtons, true},
		{"card's code alone", Field{"", "Security code (the 3 digits on the back of your card)"}, nil, nil, true},
		{"card expiry alone", Field{"", "Expiry date of the card"}, nil, nil, true},
		{"card number alone", Field{"", "Card number"}, nil, nil, false},
		{"card number on a sign-in form", Field{"", "Card number"}, signIn, signInButtons, false},
		{"library card on a sign-in form", Field{"", "Library card number"}, signIn, signInButtons, false},
		{"library card beside a pay button", Field{"", "Library card number"}, nil, payButtons, false},
		{"loyalty card on a card form", Field{"", "Loyalty card number"}, card, payButtons, false},
		{"membership card or e-mail", Field{"username", "Membership card number or e-mail"}, signIn, signInButtons, false},
		{"membership card or e-mail, no autocomplete", Field{"", "Membership card number or e-mail"}, card, payButtons, false},
		{"a sign-in security code", Field{"", "Security code"}, signIn, []string{"Verify"}, false},
		{"two expiries vouch for nothing", Field{"", "Expiry date"}, []Field{{"", "Expiration month"}}, nil, false},
		{"passport expiry on a booking form", Field{"", "Passport expiry date"}, []Field{{"", "Passport number"}}, []string{"Continue"}, false},
		{"email on a card form", Field{"email", "Email for the receipt"}, card, payButtons, false},
		{"postcode on a card form", Field{"postal-code", "Postcode"}, card, payButtons, false},
		{"one-time code beside a card", Field{"one-time-code", "Security code"}, card, payButtons, false},
	}
	for _, tt := range tests {
		if got := IsCardFieldIn(tt.field, tt.others, tt.buttons); got != tt.want {
			t.Errorf("%s: IsCardFieldIn(%+v, …) = %v; want %v", tt.name, tt.field, got, tt.want)
		}
	}
}

func TestHumanWall(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"Please complete the CAPTCHA to continue", "a captcha"},
		{"protected by reCAPTCHA", "a captcha"},
		{"I'm not a robot", "a captcha"},
		{"Select all images with traffic lights", "a captcha"},
		{"Verify you are human by completing the action below.", "a human verification"},
		{"Checking if the site connection is secure", "a human verification"},
		{"Our systems have detected unusual traffic from your computer network", "a human verification"},
		{"Enter the code we sent to +44 •••• 123", "a one-time code"},
		{"Enter your one-time code", "a one-time code"},
		{"One-time password (OTP)", "a one-time code"},
		{"Verification code", "a one-time code"},
		{"Open your authenticator app", "a one-time code"},
		{"2-Step Verification", "a one-time code"},
		{"Two-factor authentication", "a one-time code"},
		{"Flights from Lisbon to Oslo", ""},
		{"Sign in to your account", ""},
		{"Enter your promo code", ""},
		{"", ""},
	}
	for _, tt := range tests {
		what, ok := HumanWall(tt.text)
		if what != tt.want || ok != (tt.want != "") {
			t.Errorf("HumanWall(%q) = %q, %v; want %q", tt.text, what, ok, tt.want)
		}
	}
}
