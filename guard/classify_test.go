package guard

import "testing"

func TestClassify(t *testing.T) {
	tests := []struct {
		label  string
		class  Class
		phrase string
	}{
		// payment
		{"Pay", Payment, "pay"},
		{"Pay now", Payment, "pay now"},
		{"PAY NOW", Payment, "pay now"},
		{"Pay €120.50", Payment, "pay"},
		{"Pay 120,50 €", Payment, "pay"},
		{"Pay with PayPal", Payment, "pay with"},
		{"Pay securely", Payment, "pay securely"},
		{"Buy", Payment, "buy"},
		{"Buy now", Payment, "buy now"},
		{"Buy it now", Payment, "buy it now"},
		{"🛒 Buy now", Payment, "buy now"},
		{"Purchase", Payment, "purchase"},
		{"Complete purchase", Payment, "complete purchase"},
		{"Place order", Payment, "place order"},
		{"Place your order", Payment, "place order"},
		{"Order now", Payment, "order now"},
		{"Checkout", Payment, "checkout"},
		{"Check out", Payment, "check out"},
		{"Check-out", Payment, "check out"},
		{"Proceed to checkout", Payment, "proceed to checkout"},
		{"Go to checkout →", Payment, "go to checkout"},
		{"Secure checkout 🔒", Payment, "secure checkout"},
		{"Confirm and pay", Payment, "confirm and pay"},
		{"Confirm & pay", Payment, "confirm pay"},
		{"Book and pay", Payment, "book and pay"},
		{"Subscribe", Payment, "subscribe"},
		{"Subscribe & save", Payment, "subscribe"},
		{"Start free trial", Payment, "start free trial"},
		{"Donate", Payment, "donate"},
		{"Donate €10", Payment, "donate"},
		{"Transfer", Payment, "transfer"},
		{"Send money", Payment, "send money"},
		{"Make a payment", Payment, "make payment"},
		{"Submit payment", Payment, "submit payment"},
		{"Yes, pay", Payment, "pay"},
		{"Proceed to pay", Payment, "pay"},
		// irreversible
		{"Send", Irreversible, "send"},
		{"Send ➤", Irreversible, "send"},
		{"➤ Send", Irreversible, "send"},
		{"Send now", Irreversible, "send now"},
		{"Delete", Irreversible, "delete"},
		{"🗑 Delete", Irreversible, "delete"},
		{"🗑️ Delete draft", Irreversible, "delete"},
		{"Yes, delete", Irreversible, "delete"},
		{"Delete forever", Irreversible, "delete forever"},
		{"Permanently delete", Irreversible, "permanently delete"},
		{"Remove", Irreversible, "remove"},
		{"Remove account", Irreversible, "remove"},
		{"Remove from group", Irreversible, "remove"},
		{"Discard", Irreversible, "discard"},
		{"Discard draft", Irreversible, "discard"},
		{"Publish", Irreversible, "publish"},
		{"Post", Irreversible, "post"},
		{"Post comment", Irreversible, "post"},
		{"Submit", Irreversible, "submit"},
		{"Submit application", Irreversible, "submit"},
		{"Sign out", Irreversible, "sign out"},
		{"Sign Out", Irreversible, "sign out"},
		{"Log out", Irreversible, "log out"},
		{"Logout", Irreversible, "logout"},
		{"Account · Log out", Irreversible, "log out"},
		{"Unsubscribe", Irreversible, "unsubscribe"},
		{"Unsubscribe from all", Irreversible, "unsubscribe"},
		{"Cancel booking", Irreversible, "cancel booking"},
		{"Cancel my booking", Irreversible, "cancel booking"},
		{"Cancel order", Irreversible, "cancel order"},
		{"Cancel subscription", Irreversible, "cancel subscription"},
		{"Close account", Irreversible, "close account"},
		{"Close my account", Irreversible, "close account"},
		{"Deactivate", Irreversible, "deactivate"},
		{"Deactivate account", Irreversible, "deactivate account"},
		{"Erase", Irreversible, "erase"},
		{"Wipe device", Irreversible, "wipe"},
		{"Empty trash", Irreversible, "empty trash"},
		{"Confirm booking", Irreversible, "confirm booking"},
		{"Click to unsubscribe", Irreversible, "unsubscribe"},
		{"Confirm: send", Irreversible, "send"},
		// none
		{"", None, ""},
		{"Search", None, ""},
		{"Search flights", None, ""},
		{"Book", None, ""},
		{"Book now", None, ""},
		{"Select", None, ""},
		{"View deal", None, ""},
		{"Add to cart", None, ""},
		{"Add to basket", None, ""},
		{"Continue", None, ""},
		{"Continue to payment", None, ""},
		{"Next", None, ""},
		{"Cancel", None, ""},
		{"Close", None, ""},
		{"Accept all cookies", None, ""},
		{"Reject all", None, ""},
		{"Sign in", None, ""},
		{"Log in", None, ""},
		{"Sign up", None, ""},
		{"Don't send", None, ""},
		{"Do not send", None, ""},
		{"Don’t delete", None, ""},
		{"No, keep it", None, ""},
		{"Continue without paying", None, ""},
		{"Not now", None, ""},
		{"Remove adult", None, ""},
		{"Remove 1 adult", None, ""},
		{"Remove one child", None, ""},
		{"Remove room", None, ""},
		{"Remove from cart", None, ""},
		{"Remove from basket", None, ""},
		{"Remove from wishlist", None, ""},
		{"Remove item", None, ""},
		{"Remove filter", None, ""},
		{"Remove all filters", None, ""},
		{"Read the post", None, ""},
		{"Blog posts", None, ""},
		{"Undo delete", None, ""},
		{"Buying guide", None, ""},
		{"Payment methods", None, ""},
		{"Order by price", None, ""},
		{"Order history", None, ""},
		{"Sent", None, ""},
		{"Sender", None, ""},
		{"Deleted items", None, ""},
		{"Postcode", None, ""},
		{"Paypal", None, ""},
		{"Subscribed", None, ""},
		{"Checked", None, ""},
		{"Drafts (3)", None, ""},
		{"Compose", None, ""},
		{"Reply", None, ""},
		{"Save draft", None, ""},
	}
	for _, tt := range tests {
		got := Classify(tt.label)
		if got != (Match{tt.class, tt.phrase}) {
			t.Errorf("Classify(%q) = %+v; want {%v %q}", tt.label, got, tt.class, tt.phrase)
		}
	}
}

func TestClassifyControl(t *testing.T) {
	tests := []struct {
		role, name string
		want       Class
	}{
		{"button", "Send", Irreversible},
		{"link", "Checkout", Payment},
		{"", "Pay now", Payment},
		{"menuitem", "Delete", Irreversible},
		{"tab", "Send", None},
		{"Tab", "Pay", None},
		{"checkbox", "Subscribe to our newsletter", None},
		{"radio", "Pay now", None},
		{"option", "Pay later", None},
		{"switch", "Publish", None},
		{"textbox", "Send to", None},
		{"combobox", "Transfer", None},
		{"heading", "Delete your account", None},
		{"button", "Remove adult", None},
	}
	for _, tt := range tests {
		if got := ClassifyControl(tt.role, tt.name); got.Class != tt.want {
			t.Errorf("ClassifyControl(%q, %q) = %+v; want %v", tt.role, tt.name, got, tt.want)
		}
	}
}

func TestDescribesIrreversible(t *testing.T) {
	tests := []struct {
		text   string
		class  Class
		phrase string
	}{
		{"delete the draft", Irreversible, "delete"},
		{"Delete all drafts", Irreversible, "delete"},
		{"deleting the draft", Irreversible, "delete"},
		{"send the email", Irreversible, "send"},
		{"sending the email", Irreversible, "send"},
		{"write the reply and send it", Irreversible, "send"},
		{"press send", Irreversible, "send"},
		{"click the send button", Irreversible, "send"},
		{"publish the post", Irreversible, "publish"},
		{"submit the form", Irreversible, "submit"},
		{"sign out", Irreversible, "sign out"},
		{"log out of the account", Irreversible, "log out"},
		{"cancel the booking", Irreversible, "cancel booking"},
		{"remove the account", Irreversible, "remove"},
		{"pay for the order", Payment, "pay"},
		{"paying for the booking", Payment, "pay"},
		{"place the order", Payment, "place order"},
		{"placing the order", Payment, "place order"},
		{"buy the cheapest ticket", Payment, "buy"},
		{"complete the purchase", Payment, "complete purchase"},
		{"go to checkout", Payment, "go to checkout"},
		{"check out", Payment, "check out"},
		{"make the payment", Payment, "make payment"},
		{"subscribe to the newsletter", Payment, "subscribe"},
		{"confirm and pay", Payment, "confirm and pay"},
		{"search for flights", None, ""},
		{"accept the cookies so the cookie banner closes", None, ""},
		{"open the sign-in form", None, ""},
		{"sign in", None, ""},
		{"continue to the password step", None, ""},
		{"open the search box", None, ""},
		{"open the latest post", None, ""},
		{"read the buying guide", None, ""},
		{"do not send anything", None, ""},
		{"remove one adult", None, ""},
		{"remove the item from the cart", None, ""},
		{"remove all filters", None, ""},
		{"go to the payment page", None, ""},
		{"open the order history", None, ""},
		{"show the sent messages", None, ""},
		{"sort the results by price", None, ""},
		{"choose the cheapest flight", None, ""},
		{"book the first room", None, ""},
	}
	for _, tt := range tests {
		got, ok := DescribesIrreversible(tt.text)
		if got != (Match{tt.class, tt.phrase}) || ok != (tt.class != None) {
			t.Errorf("DescribesIrreversible(%q) = %+v, %v; want {%v %q}", tt.text, got, ok, tt.class, tt.phrase)
		}
	}
}

func TestGatedBy(t *testing.T) {
	tests := []struct {
		phrase, label string
		want          bool
	}{
		{"paying for the booking", "Pay", true},
		{"paying for the booking", "Pay €120.50", true},
		{"paying for the booking", "Yes, pay now", true},
		{"paying for the booking", "Book now", false},
		{"paying for the booking", "Payment methods", false},
		{"the payment", "Pay", true},
		{"sending the email", "Send", true},
		{"sending the email", "Send ➤", true},
		{"sending the email", "Sent", false},
		{"sending the email", "Email", false},
		{"sending the email", "Se", false},
		{"send the message", "Send now", true},
		{"deleting the draft", "Delete", true},
		{"deleting the draft", "🗑 Delete draft", true},
		{"deleting the draft", "Draft", false},
		{"placing the order", "Place order", true},
		{"placing the order", "Order now", false},
		{"checking out", "Checkout", true},
		{"checking out", "Check out", true},
		{"submitting the application", "Submit", true},
		{"publishing the article", "Publish", true},
		{"publishing the article", "Article settings", false},
		{"confirming the reservation", "Confirm reservation", true},
		{"", "Pay", false},
		{"paying", "", false},
	}
	for _, tt := range tests {
		if got := GatedBy(tt.phrase, tt.label); got != tt.want {
			t.Errorf("GatedBy(%q, %q) = %v; want %v", tt.phrase, tt.label, got, tt.want)
		}
	}
}

func TestIsSignIn(t *testing.T) {
	for text, want := range map[string]bool{
		"signing in": true, "sign in": true, "Sign-in": true, "logging in": true, "log in to the account": true,
		"login": true, "the login button": true, "signing into the shop": true, "logon": true,
		"signing out": false, "signing up": false, "sign the contract": false, "paying": false,
		"the log in the corner": true, // a known over-match, harmless: lint only warns
		"":                      false,
	} {
		if got := IsSignIn(text); got != want {
			t.Errorf("IsSignIn(%q) = %v; want %v", text, got, want)
		}
	}
}

func TestClassString(t *testing.T) {
	for c, want := range map[Class]string{None: "none", Irreversible: "irreversible", Payment: "payment"} {
		if c.String() != want {
			t.Errorf("%d.String() = %q", c, c.String())
		}
	}
}
