package guard

import "testing"

func TestTableEntriesClassifyThemselves(t *testing.T) {
	for _, e := range table {
		if got := Classify(e.phrase); got.Class != e.class {
			t.Errorf("Classify(%q) = %+v; want %v", e.phrase, got, e.class)
		}
		if got, ok := DescribesIrreversible(e.phrase); !ok || got.Class != e.class {
			t.Errorf("DescribesIrreversible(%q) = %+v; want %v", e.phrase, got, e.class)
		}
	}
}

func TestIsCardField(t *testing.T) {
	tests := []struct {
		autocomplete, label string
		want                bool
	}{
		{"cc-number", "", true},
		{"billing cc-exp", "Expires", true},
		{"CC-CSC", "", true},
		{"section-pay cc-name", "", true},
		{"", "Card number", true},
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
