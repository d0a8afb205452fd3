package runtime_test

import (
	"encoding/json"
	"strings"
	"testing"

	"flow/runtime"
)

// bookingBarPage is a compact booking bar whose date and time fields carry
// only an icon (no label, no placeholder), beside labelled month, week
// and date-and-time fields; a line under the form echoes each field's
// value as the page holds it, so the test reads what Chromium took.
const bookingBarPage = `<!doctype html><title>Book a table</title>
<h1>Book a table</h1>
<form id=bar>
  <span aria-hidden=true>📅</span><input type=date id=day>
  <span aria-hidden=true>🕑</span><input type=time id=at>
  <label>Billing month <input type=month id=month></label>
  <label>Delivery week <input type=week id=week></label>
  <label>Reminder <input type=datetime-local id=remind></label>
</form>
<p id=held></p>
<script>
const held = document.getElementById("held");
document.getElementById("bar").addEventListener("input", () => {
  held.textContent = ["day", "at", "month", "week", "remind"].map(id => id + "=" + document.getElementById(id).value).join(" ");
});
</script>`

// TestEnterNativeDateAndTimeFields types values written as people write
// them into Chromium's native date, time, month, week and datetime-local
// fields (two of them known only by their kind) and reads back what the
// page holds. Sources: MiniWoB++ enter-time and enter-date, and this
// booking bar.
func TestEnterNativeDateAndTimeFields(t *testing.T) {
	res, page := runPage(t, bookingBarPage, `flow b "Fill the booking bar" {
  fact site: url "The page"
  browse "${site}"
  enter {
    "the date" = "14 March 2026"
    "the time" = "7:55 PM"
    "billing month" = "March 2026"
    "delivery week" = "week 11 of 2026"
    "reminder" = "13/03/2026 at 18:30"
  }
}
`)
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
	want := "day=2026-03-14 at=19:55 month=2026-03 week=2026-W11 remind=2026-03-13T18:30"
	if !strings.Contains(page, want) {
		t.Errorf("the page holds other values; want %q in:\n%s", want, page)
	}
}

// suggestionsPage is a field labelled label whose list, as jQuery UI's
// autocomplete draws one from its source, shows the suggestions that hold
// what was typed, as buttons; a line under it says what the field holds.
func suggestionsPage(label string, suggestions ...string) string {
	list, _ := json.Marshal(suggestions) // strings always marshal
	return `<!doctype html><title>Where to</title>
<label>` + label + ` <input id=to autocomplete=off></label>
<ul id=sugg></ul>
<p id=held></p>
<script>
const to = document.getElementById("to"), sugg = document.getElementById("sugg");
to.addEventListener("input", () => {
  sugg.innerHTML = "";
  if (!to.value) return;
  for (const t of ` + string(list) + `.filter(t => t.toLowerCase().includes(to.value.toLowerCase()))) {
    const li = document.createElement("li");
    li.innerHTML = "<button type=button></button>";
    li.firstChild.textContent = t;
    li.firstChild.onclick = () => { to.value = t; sugg.innerHTML = ""; document.getElementById("held").textContent = "to=" + t; };
    sugg.appendChild(li);
  }
});
</script>`
}

// TestEnterTakesASuggestionListedTwice: one suggestion listed twice (two
// sources merged, as MiniWoB++ book-flight lists an airport) is one
// choice, not an ambiguity; the one that differs is not taken.
func TestEnterTakesASuggestionListedTwice(t *testing.T) {
	page := suggestionsPage("Destination", "Lisbon, Portugal", "Lisbon, Portugal", "Lismore, Australia")
	res, screen := runPage(t, page, `flow b "Choose a destination" {
  fact site: url "The page"
  browse "${site}"
  enter "destination" = "Lisbon"
}
`)
	completedShowing(t, res, screen, "to=Lisbon, Portugal")
}

// TestSuggestionMarkedWithTheCode types an airport's code into a field
// whose suggestions spell each airport out at length, the code in
// parentheses: the suggestion marked with the code is the one, however
// long its name (MiniWoB++ book-flight's "to: FNL"; the booking site's
// "Oslo (OSL)" as its second source). A word two different airports
// share ("IL", a state) stays ambiguous.
func TestSuggestionMarkedWithTheCode(t *testing.T) {
	page := suggestionsPage("To:", "Fort Collins/Loveland, CO - Municipal Airport (FNL)", "Fort Collins/Loveland, CO - Bus service (QWF)",
		"Springfield, IL - Capital Airport (SPI)", "Chicago, IL - O'Hare (ORD)")
	res, screen := runStep(t, page, `enter "to" = "FNL"`)
	completedShowing(t, res, screen, "to=Fort Collins/Loveland, CO - Municipal Airport (FNL)")

	res, screen = runStep(t, page, `enter "to" = "IL"`)
	if res.Outcome != runtime.Failed || res.Failure == nil || !strings.Contains(res.Failure.Reason, "ambiguous") ||
		!strings.Contains(res.Failure.Reason, "Springfield") || !strings.Contains(res.Failure.Reason, "Chicago") {
		t.Errorf("outcome %s, failure %+v; want ambiguous between Springfield and Chicago\n%s", res.Outcome, res.Failure, screen)
	}
}

// hoverMenuPage is a site menu whose items open their submenu while the
// pointer rests on them, and where a click on any item, one with a
// submenu too, chooses it and closes the menu (as jQuery UI's menu
// does); a line under it says what was chosen.
const hoverMenuPage = `<!doctype html><title>Shop</title>
<style>ul[role=menu] ul { display: none; margin-left: 8em; } li.open > ul { display: block; }</style>
<ul role=menu>
  <li role=none><div role=menuitem>Home</div></li>
  <li role=none><div role=menuitem aria-haspopup=true>Products</div>
    <ul role=menu>
      <li role=none><div role=menuitem>Phones</div></li>
      <li role=none><div role=menuitem aria-haspopup=true>Laptops</div>
        <ul role=menu><li role=none><div role=menuitem>Office</div></li><li role=none><div role=menuitem>Gaming</div></li></ul>
      </li>
    </ul>
  </li>
  <li role=none><div role=menuitem>Contact</div></li>
</ul>
<p id=held>nothing chosen</p>
<script>
for (const li of document.querySelectorAll("li")) {
  li.addEventListener("mouseenter", () => setTimeout(() => li.classList.add("open"), 100));
}
for (const item of document.querySelectorAll("[role=menuitem]")) {
  item.addEventListener("click", () => {
    document.getElementById("held").textContent = "chosen " + item.textContent;
    for (const li of document.querySelectorAll("li.open")) li.classList.remove("open");
  });
}
</script>`

// TestHoverMenuOpensSubmenus opens two levels of a hover menu and chooses
// the item inside: the items with a submenu are opened by resting the
// pointer on them, never chosen. Sources: MiniWoB++ click-menu (jQuery
// UI's menu, where a click on a parent item is a choice) and this menu.
func TestHoverMenuOpensSubmenus(t *testing.T) {
	res, page := runPage(t, hoverMenuPage, `flow m "Choose a laptop category" {
  fact site: url "The page"
  browse "${site}"
  do "open the menu item Products"
  do "open the menu item Laptops"
  do "select the menu item Gaming"
}
`)
	completedShowing(t, res, page, "chosen Gaming")
}

// postsPage lists posts whose less common actions sit in a menu behind a
// "more" icon, closed until pressed, as a social feed does; the menu's
// wrapper takes the pointer only while hovered, and the menu's items
// name the post's author. A line under the feed says what was pressed.
const postsPage = `<!doctype html><title>Feed</title>
<style>
.actions span:hover, .actions ul:hover { cursor: pointer; }
.hide { display: none; }
.more { display: inline-block; width: 16px; height: 16px; background: #999; }
.like { display: inline-block; width: 16px; height: 16px; background: #c33; }
</style>
<div id=feed></div>
<p id=held>nothing pressed</p>
<script>
for (const [name, handle] of [["Ana Lopes", "@ana"], ["Sam Reed", "@sam"], ["Rui Costa", "@rui"]]) {
  const post = document.createElement("div");
  post.className = "post";
  post.innerHTML = "<div><b>" + name + "</b> " + handle + "</div><p>Lovely day at the lake.</p>" +
    "<div class=actions><span class=like></span> <span><span class=more></span><ul class=hide>" +
    "<li>Copy link</li><li>Mute " + handle + "</li><li>Report</li></ul></span></div>";
  post.querySelector(".more").addEventListener("click", (e) => post.querySelector("ul").classList.toggle("hide"));
  for (const li of post.querySelectorAll("li")) li.addEventListener("click", () => {
    document.getElementById("held").textContent = "pressed " + li.textContent + " on " + handle;
  });
  document.getElementById("feed").appendChild(post);
}
</script>`

// TestMoreMenuOfTheNamedPost presses an action that sits behind the
// "more" menu of the post the step names by its author: only that post's
// menu is opened. Sources: MiniWoB++ social-media (its ⋯ menu) and this
// feed.
func TestMoreMenuOfTheNamedPost(t *testing.T) {
	res, page := runPageUntil(t, postsPage, `flow p "Report a post" {
  fact site: url "The page"
  browse "${site}"
  do "press \"Report\" on the post by @sam"
}
`, "pressed")
	completedShowing(t, res, page, "pressed Report on @sam")
}

// goLoginPage is a sign-in form whose one button says only "Go", beside a
// help link outside it; with twoButtons the form offers "Go" and "Clear".
func goLoginPage(twoButtons bool) string {
	extra := ""
	if twoButtons {
		extra = `<button type=button id=clear>Clear</button>`
	}
	return `<!doctype html><title>Staff portal</title>
<h1>Staff portal</h1>
<form id=f><label>User <input id=u></label> <label>Password <input id=p type=password></label>
<button type=button id=go>Go</button>` + extra + `</form>
<p><a href="#help">Help</a></p>
<p id=held>signed out</p>
<script>
document.getElementById("go").onclick = () => {
  document.getElementById("held").textContent = "Welcome, " + document.getElementById("u").value + " (signed in)";
  document.getElementById("f").remove();
};
</script>`
}

// TestSignInWithTheFormsOnlyButton: "sign in" presses the one button of a
// filled sign-in form, whatever it says ("Go"), and stops, pressing
// nothing, when the form offers two. Sources: MiniWoB++ login-user-popup
// ("OK") and this portal.
func TestSignInWithTheFormsOnlyButton(t *testing.T) {
	const src = `flow s "Sign in" {
  fact site: url "The page"
  browse "${site}"
  enter "user" = "ada"
  enter "password" = "x-secret-1"
  do "sign in"
}
`
	res, page := runPage(t, goLoginPage(false), src)
	if res.Outcome != runtime.Completed || !strings.Contains(page, "Welcome, ada") {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
	res, page = runPage(t, goLoginPage(true), src)
	if res.Outcome == runtime.Completed || strings.Contains(page, "Welcome") {
		t.Fatalf("with two buttons the run %s and the page says:\n%s", res.Outcome, page)
	}
}

// bakeryPage lists loaves, each with a "− 0 +" stepper drawn from plain
// spans whose handlers the page's script adds (no role, no cursor, no
// onclick); a line under the list echoes the order.
const bakeryPage = `<!doctype html><title>Bakery</title>
<h1>Order bread</h1>
<div id=menu></div>
<p id=held>empty order</p>
<script>
const counts = {};
const show = () => { document.getElementById("held").textContent = Object.entries(counts).filter(([, n]) => n > 0).map(([k, n]) => k + "=" + n).join(" ") || "empty order"; };
for (const name of ["Sourdough loaf", "Croissant", "Rye bread", "Bagel"]) {
  counts[name] = 0;
  const item = document.createElement("div");
  item.className = "item";
  item.innerHTML = "<div class=name></div><div class=qty><span class=dec>−</span> <span class=n></span> <span class=inc>+</span></div>";
  item.querySelector(".name").textContent = name;
  const n = item.querySelector(".n");
  item.querySelector(".dec").addEventListener("click", () => { counts[name] = Math.max(0, counts[name] - 1); n.textContent = counts[name] || ""; show(); });
  item.querySelector(".inc").addEventListener("click", () => { counts[name]++; n.textContent = counts[name]; show(); });
  document.getElementById("menu").appendChild(item);
}
</script>`

// TestStepperOfPlainSpans adds loaves with steppers drawn from plain
// spans: each "add one" presses the + of the loaf it names, and only
// that. Sources: MiniWoB++ order-food and this bakery.
func TestStepperOfPlainSpans(t *testing.T) {
	res, page := runPage(t, bakeryPage, `flow b "Order bread" {
  fact site: url "The page"
  browse "${site}"
  do "add one Rye bread to the order"
  do "add one Croissant to the order"
}
`)
	// The echo line is the whole order, quoted as one line of text.
	completedShowing(t, res, page, `"Croissant=1 Rye bread=1"`)
}

// limitsPage states limits among other numbers: a minimum age in an
// accordion section, a fine and savings that are no age, and a booking
// note whose telephone number is no limit.
const limitsPage = `<!doctype html><title>Limits</title>
<h1>Eligibility</h1>
<p>You can be fined up to £5,000 if you don’t register.</p>
<section aria-label="Age"><h2>Age</h2><p>You must be 16 or over to get juggling benefits.</p></section>
<section aria-label="Savings"><h2>Savings</h2><p>You cannot get juggling benefits if you have savings over £16,000.</p></section>
<form><p>We can only take online bookings for up to 8 guests. For larger groups, call us on 21 555 0199.</p></form>`

// TestReadALimitFromASentence reads the number a sentence states as the
// limit the read asks for, not the sentence's other numbers. Sources:
// GOV.UK guidance (minimum age), the trust site's booking form (the most
// guests online).
func TestReadALimitFromASentence(t *testing.T) {
	res, page := runPage(t, limitsPage, `flow l "Read the limits" {
  fact site: url "The page"
  browse "${site}"
  read "the minimum age" into age as number
  read "the maximum number of guests" into guests as number
  read "the maximum fine" into fine as money
  check age == 16, "the minimum age is 16"
  check guests == 8, "at most 8 guests"
  check fine.amount == 5000, "the fine is up to 5,000"
}
`)
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
}

// signInFieldsPage is a sign-in form whose line says which field holds
// the cursor.
const signInFieldsPage = `<!doctype html><title>Sign in</title>
<form><label>Email address <input id=email type=email></label>
<label>Username <input id=username></label>
<label>Password <input id=password type=password></label></form>
<p id=log>none focused</p>
<script>
for (const el of document.querySelectorAll("input")) {
  el.addEventListener("focus", () => { document.getElementById("log").textContent = el.id + " focused"; });
}
</script>`

// TestFocusStepsPutTheCursorInAField: the ways people say "focus" put the
// cursor in the field they name, and the step is done on the field's
// focus. Sources: MiniWoB++ focus-text and focus-text-2, this sign-in
// form.
func TestFocusStepsPutTheCursorInAField(t *testing.T) {
	for _, tc := range []struct{ step, want string }{
		{"put the cursor in the username field", "username focused"},
		{"focus the password field", "password focused"},
		{"click into the email address box", "email focused"},
	} {
		t.Run(tc.step, func(t *testing.T) {
			res, page := runStep(t, signInFieldsPage, `do "`+tc.step+`"`)
			completedShowing(t, res, page, tc.want)
		})
	}
}

// submitTabPage is a tablist whose second tab is named "Submit", as an
// application's steps drawn as tabs have it: the tab sends the answers,
// and shows nothing to look behind. The invoices sit behind the third tab,
// Billing. A line under the panels logs each tab and button pressed.
const submitTabPage = `<!doctype html><title>Your application</title>
<h1>Your application</h1>
<div role=tablist aria-label="Application">
  <button role=tab id=t-review aria-controls=p-review aria-selected=true>Review</button>
  <button role=tab id=t-submit aria-controls=p-submit aria-selected=false tabindex=-1>Submit</button>
  <button role=tab id=t-billing aria-controls=p-billing aria-selected=false tabindex=-1>Billing</button>
</div>
<div role=tabpanel id=p-review aria-labelledby=t-review><p>Check your answers before you send them.</p></div>
<div role=tabpanel id=p-submit aria-labelledby=t-submit hidden><p>Your application has been sent.</p></div>
<div role=tabpanel id=p-billing aria-labelledby=t-billing hidden><p>Invoices for the last 12 months.</p>
  <button type=button id=invoices>Download past invoices</button></div>
<p id=log>pressed:</p>
<script>
const log = (what) => { document.getElementById("log").textContent += " " + what; };
for (const tab of document.querySelectorAll("[role=tab]")) {
  tab.addEventListener("click", () => {
    log(tab.textContent + " tab");
    for (const t of document.querySelectorAll("[role=tab]")) {
      t.setAttribute("aria-selected", String(t === tab));
      document.getElementById(t.getAttribute("aria-controls")).hidden = t !== tab;
    }
  });
}
document.getElementById("invoices").addEventListener("click", () => {
  log("Download past invoices");
  document.getElementById("p-billing").insertAdjacentHTML("beforeend", "<p>Your download has started.</p>");
});
</script>`

// TestRevealSkipsATabThatSubmits looks behind the tabs for a control
// that is not on the screen, and never opens a tab the guard reads as
// irreversible to look: "Submit" drawn as a tab sends, whatever its role.
// The Billing tab is opened, its download pressed, and the Submit tab is
// never pressed. Sources: GOV.UK's tabs component (bench/govuk's
// guidance_tabs scenarios) and issue 19's "a role is no proof of
// harmlessness" (a Submit drawn as role=tab).
func TestRevealSkipsATabThatSubmits(t *testing.T) {
	res, page := runPage(t, submitTabPage, `flow i "Download past invoices" {
  fact site: url "The page"
  browse "${site}"
  do "open Download past invoices"
}
`)
	completedShowing(t, res, page, "pressed: Billing tab Download past invoices")
	if strings.Contains(page, "Submit tab") {
		t.Errorf("the Submit tab was pressed:\n%s", page)
	}
}

// deleteAccountPage asks for the user's name and password to confirm a
// deletion, as an account's settings do: a filled form with a password
// field whose only button is "Delete account". A line logs each press.
const deleteAccountPage = `<!doctype html><title>Account settings</title>
<h1>Delete your account</h1>
<p>Enter your user name and password to confirm.</p>
<form id=f><label>User <input id=u></label> <label>Password <input id=p type=password></label>
<button type=button id=del>Delete account</button></form>
<p id=log>pressed:</p>
<script>
document.getElementById("del").onclick = () => {
  document.getElementById("log").textContent += " Delete account";
  document.getElementById("f").remove();
};
</script>`

// TestSignInNeverTakesAGuardedOnlyButton: a filled form with a password
// field whose one button the guard reads as irreversible ("Delete
// account") is no sign-in form: "sign in" never takes that button for
// its act, presses nothing, and fails saying no control signs in, rather
// than picking the button and leaving the guard to refuse it. Sources:
// MiniWoB++ login-user-popup (the one-button rule's source) and this
// account page (a password asked to confirm a deletion).
func TestSignInNeverTakesAGuardedOnlyButton(t *testing.T) {
	res, page := runPage(t, deleteAccountPage, `flow s "Sign in" {
  fact site: url "The page"
  browse "${site}"
  enter "user" = "ada"
  enter "password" = "x-secret-1"
  do "sign in"
}
`)
	if strings.Contains(page, "pressed: Delete account") {
		t.Fatalf("Delete account was pressed (outcome %s):\n%s", res.Outcome, page)
	}
	if res.Outcome != runtime.Failed || res.Failure == nil || !strings.Contains(res.Failure.Reason, "found no control that leads there") {
		t.Fatalf("outcome %s, failure %+v; want a failure saying no control signs in\n%s", res.Outcome, res.Failure, page)
	}
}
