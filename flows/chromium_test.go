package flows

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// These tests drive the sites in a real headless Chromium with no
// automation library: the test serves a driver page next to the site (same
// origin), the driver loads the site in an iframe and acts on it through the
// DOM, and `chromium --dump-dom` prints the driver's report. The site's event
// log, read from Go, shows what the pages really posted.

// chromium returns the Chromium binary, from FLOW_CHROMIUM or the Debian
// path. A missing browser fails the test: these checks are the proof that
// the sites work in a real browser, and scripts/setup installs Chromium.
func chromium(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("FLOW_CHROMIUM")
	if bin == "" {
		bin = "/usr/lib/chromium/chromium"
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("no Chromium at %s (run scripts/setup, or set FLOW_CHROMIUM): %v", bin, err)
	}
	return bin
}

// driverPage is the harness: helpers, then the scenario as the body of an
// async function. The report goes into <pre id="report">.
const driverPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>driver</title></head>
<body><pre id="report">running</pre>
<iframe id="site" style="width:1280px;height:900px" src="about:blank"></iframe>
<script>
const frame = document.getElementById('site');
const win = () => frame.contentWindow;
const doc = () => frame.contentDocument;
const $ = (sel) => doc().querySelector(sel);
const $$ = (sel) => Array.from(doc().querySelectorAll(sel));
const sleep = (ms) => new Promise(r => setTimeout(r, ms));
const out = {};
async function until(cond, what, ms) {
  const end = Date.now() + (ms || 8000);
  for (;;) {
    try { if (doc() && doc().readyState !== 'loading' && cond()) return; } catch (e) {}
    if (Date.now() > end) throw new Error('timed out waiting for ' + what + ' on ' + (win() && win().location.href));
    await sleep(50);
  }
}
async function load(path, ready) {
  frame.src = path;
  await until(() => win().location.pathname + win().location.search + win().location.hash === path && (!ready || ready()), path);
}
function type(sel, value) {
  const e = typeof sel === 'string' ? $(sel) : sel;
  if (!e) throw new Error('no field ' + sel);
  e.focus();
  e.value = value;
  e.dispatchEvent(new Event('input', { bubbles: true }));
  e.dispatchEvent(new Event('change', { bubbles: true }));
}
function click(sel) {
  const e = typeof sel === 'string' ? $(sel) : sel;
  if (!e) throw new Error('nothing to click at ' + sel);
  e.click();
}
function text(sel) { const e = $(sel); return e ? e.innerText.trim() : null; }
async function events() { return (await fetch('/__events')).json(); }
(async () => {
  try {
%s
    document.getElementById('report').textContent = 'OK ' + JSON.stringify(out);
  } catch (e) {
    document.getElementById('report').textContent = 'ERROR ' + e.message + ' ' + JSON.stringify(out);
  }
})();
</script></body></html>`

var reportRE = regexp.MustCompile(`(?s)<pre id="report">(.*?)</pre>`)

// drive runs scenario against the named site in Chromium and returns the
// values the scenario put in out, and the site's event log.
func drive(t *testing.T, siteName, scenario string) (map[string]any, *EventLog) {
	t.Helper()
	bin := chromium(t)
	h, err := SiteHandler(siteName)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/__driver", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, driverPage, scenario)
	})
	mux.Handle("/", h)
	srv := httptest.NewServer(mux)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--window-size=1400,1000", "--virtual-time-budget=60000",
		"--dump-dom", srv.URL+"/__driver")
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := reportRE.FindSubmatch(dom)
	if m == nil {
		t.Fatalf("no report in the dumped page:\n%s", dom)
	}
	report := html.UnescapeString(string(m[1]))
	status, payload, _ := strings.Cut(report, " ")
	if status != "OK" {
		t.Fatalf("scenario failed: %s", report)
	}
	out := map[string]any{}
	if err := json.Unmarshal([]byte(payload), &out); err != nil {
		t.Fatalf("report %q: %v", report, err)
	}
	return out, EventsOf(h)
}

func TestChromiumBookingFromSearchToPayment(t *testing.T) {
	flights, _ := SearchFlights("LIS", "OSL", "2026-12-24")
	cheapest, _ := CheapestFlight(flights)
	total, _ := BookingTotal(cheapest, "standard", 2, true)
	// The return calendar disables past days: return on 15 January 2027,
	// or a week from today once that has passed.
	ret := time.Date(2027, time.January, 15, 0, 0, 0, 0, time.Local)
	if soon := time.Now().AddDate(0, 0, 7); soon.After(ret) {
		ret = time.Date(soon.Year(), soon.Month(), soon.Day(), 0, 0, 0, 0, time.Local)
	}
	out, log := drive(t, "booking", `
    await load('/', () => $('#consent') && !$('#consent').hidden);
    out.consentShown = true;
    click('#consent-reject');
    out.consentGone = $('#consent').hidden;
    type('#from-input', 'Lis');
    await until(() => $$('#from-list li').length > 0, 'departure suggestions');
    click($$('#from-list li').find(li => li.innerText.startsWith('Lisbon')));
    type('#to-input', 'Os');
    await until(() => $$('#to-list li').length > 1, 'destination suggestions');
    out.suggestions = $$('#to-list li').map(li => li.querySelector('.city').innerText);
    click($$('#to-list li').find(li => li.innerText.startsWith('Oslo')));
    out.from = $('#from-input').value;
    out.to = $('#to-input').value;
    click('#cal-btn');
    click('#calendar [data-nav="1"]');
    out.calendarDays = $$('#calendar td button').length;
    type('#depart', '2026-12-24');
    out.stepperAtOne = [text('#adults-count'), $('#adults-dec').disabled, $('#adults-inc').disabled];
    click('#adults-inc');
    out.stepperAtTwo = [text('#adults-count'), $('#adults-dec').disabled, $('#adults').value];
    out.returnShownOneWay = !$('#return-field').hidden;
    click('input[name=trip][value=return]');
    click('#search-btn');
    out.noReturnError = text('#search-error');
    click('#return-input');
    out.returnOpensOn = text('#return-calendar h2');
    out.beforeDepartureDisabled = $('#return-calendar button[aria-label="Wednesday 23 December 2026"]').disabled;
    for (let i = 0; i < 36 && text('#return-calendar h2') !== '`+ret.Format("January 2006")+`'; i++) click('#return-calendar [data-nav="1"]');
    click('#return-calendar button[aria-label="`+ret.Format("Monday 2 January 2006")+`"]');
    out.returnShown = [$('#return-input').value, $('#return').value, $('#return-calendar').hidden];
    click('#search-btn');
    await until(() => win().location.pathname === '/results.html' && $$('.flight-card').length > 0, 'results');
    out.cards = $$('.flight-card').map(c => c.querySelector('.amount').innerText);
    out.query = win().location.search;
    out.routeMeta = text('#route-meta');
    out.plusOne = $$('.flight-card sup').length;
    const card = $$('.flight-card').find(c => c.innerText.includes('`+cheapest.Number+`'));
    click(card.querySelector('button'));
    await until(() => win().location.pathname === '/details.html' && $$('input[name=fare]').length === 3, 'fares');
    out.basicTotal = text('#total-price');
    click('input[name=fare][value=standard]');
    out.standardTotal = text('#total-price');
    click('#fare-form button[type=submit]');
    await until(() => $('#fullname'), 'traveller form');
    click('#traveller-form button[type=submit]');
    out.nameError = text('#traveller-error');
    type('#fullname', 'Ada Lovelace');
    type('#email', 'ada@example.com');
    click('#traveller-form button[type=submit]');
    await until(() => $('#add-insurance'), 'insurance offer');
    click('#add-insurance');
    await until(() => win().location.pathname === '/summary.html' && text('#summary'), 'summary');
    out.summary = text('#summary');
    click('#to-payment');
    await until(() => $('#cc-number') && text('#pay-btn').startsWith('Pay €'), 'payment');
    out.payLabel = text('#pay-btn');
    out.ccFields = $$('input[autocomplete^=cc-]').map(i => i.autocomplete);
    type('#cc-name', 'Ada Lovelace');
    type('#cc-number', '4242424242424242');
    out.grouped = $('#cc-number').value;
    type('#cc-exp', '12/30');
    type('#cc-csc', '123');
    click('#pay-btn');
    out.termsError = text('#pay-error');
    out.eventsBeforeTerms = (await events()).length;
    click('#terms');
    click('#pay-btn');
    await until(() => win().location.pathname === '/confirmation.html' && text('#ref') !== '…', 'confirmation');
    out.ref = text('#ref');
`)
	if out["consentGone"] != true || out["from"] != "Lisbon (LIS)" || out["to"] != "Oslo (OSL)" {
		t.Errorf("search form: %v", out)
	}
	if got := fmt.Sprint(out["suggestions"]); got != "[Osaka (KIX) Oslo (OSL)]" {
		t.Errorf("suggestions for 'Os' = %s", got)
	}
	if n, _ := out["calendarDays"].(float64); n < 28 {
		t.Errorf("the calendar shows %v days", out["calendarDays"])
	}
	if got := fmt.Sprint(out["stepperAtOne"], out["stepperAtTwo"]); got != "[1 adult true false] [2 adults false 2]" {
		t.Errorf("travellers stepper at 1, then 2: %s", got)
	}
	retISO := ret.Format(time.DateOnly)
	if out["returnShownOneWay"] != false || out["noReturnError"] != "Choose a return date." ||
		out["returnOpensOn"] != "December 2026" || out["beforeDepartureDisabled"] != true {
		t.Errorf("return date before choosing: %v", out)
	}
	if got := fmt.Sprint(out["returnShown"]); got != fmt.Sprint([]any{ret.Format("Mon 2 Jan 2006"), retISO, true}) {
		t.Errorf("after choosing the return day the field, hidden value and calendar are %s", got)
	}
	if q, _ := url.ParseQuery(strings.TrimPrefix(fmt.Sprint(out["query"]), "?")); q.Get("adults") != "2" || q.Get("return") != retISO {
		t.Errorf("the search submitted %v", q)
	}
	if meta := fmt.Sprint(out["routeMeta"]); !strings.Contains(meta, "(return)") || !strings.Contains(meta, "2 travellers") {
		t.Errorf("results header %q", meta)
	}
	var want []any
	for _, f := range flights {
		want = append(want, f.PriceText)
	}
	if fmt.Sprint(out["cards"]) != fmt.Sprint(want) {
		t.Errorf("result cards %v, want %v", out["cards"], want)
	}
	basic, _ := BookingTotal(cheapest, "basic", 2, false)
	standard, _ := BookingTotal(cheapest, "standard", 2, false)
	if out["basicTotal"] != EnglishEuros(basic) || out["standardTotal"] != EnglishEuros(standard) {
		t.Errorf("fare totals %v / %v, want %s / %s", out["basicTotal"], out["standardTotal"], EnglishEuros(basic), EnglishEuros(standard))
	}
	if !strings.Contains(fmt.Sprint(out["nameError"]), "full name") {
		t.Errorf("an empty traveller form gives %q", out["nameError"])
	}
	summary := fmt.Sprint(out["summary"])
	for _, s := range []string{"2 travellers", "Return date", "Ada Lovelace", "Included", EnglishEuros(total), "Standard"} {
		if !strings.Contains(summary, s) {
			t.Errorf("summary lacks %q:\n%s", s, summary)
		}
	}
	if out["payLabel"] != "Pay "+EnglishEuros(total) || out["grouped"] != "4242 4242 4242 4242" {
		t.Errorf("payment page: %v %v", out["payLabel"], out["grouped"])
	}
	if got := fmt.Sprint(out["ccFields"]); got != "[cc-name cc-number cc-exp cc-csc]" {
		t.Errorf("card fields = %s", got)
	}
	if !strings.Contains(fmt.Sprint(out["termsError"]), "terms") || out["eventsBeforeTerms"] != 0.0 {
		t.Errorf("paying without the terms: %v, %v events", out["termsError"], out["eventsBeforeTerms"])
	}
	events := log.Events()
	if len(events) != 1 || events[0].Type != "paid" || events[0].Data["total_cents"] != total ||
		events[0].Data["reference"] != out["ref"] || events[0].Data["insurance"] != true || events[0].Data["return_date"] != retISO {
		t.Errorf("events = %+v, reference shown %v", events, out["ref"])
	}
}

func TestChromiumMailComposeDraftAndDelete(t *testing.T) {
	out, log := drive(t, "mail", `
    await load('/', () => $$('.msg-row').length === 6);
    out.first = text('.msg-row .sender');
    click('#compose-btn');
    type('#compose-to', 'grace@navy.example');
    type('input[placeholder=Subject]', 'Lunch on Friday?');
    $('[contenteditable=true][aria-label="Message Body"]').innerText = 'Shall we?';
    click('#save-draft');
    await until(() => !$('#toast').hidden, 'toast');
    out.toast = text('#toast');
    click('#discard');
    await load('/#drafts', () => $$('.msg-row').length === 1);
    out.draft = text('.msg-row .line');
    await load('/#inbox', () => $$('.msg-row').length === 6);
    const trash = $$('.msg-row')[0].querySelector('button.icon-trash');
    out.trashLabel = trash.getAttribute('aria-label') + '|' + trash.textContent;
    click(trash);
    await until(() => $$('.msg-row').length === 5, 'row gone');
    click($$('.msg-row')[0]);
    await until(() => !$('#message-view').hidden, 'message view');
    out.opened = text('#msg-subject');
    click('button[aria-label=Delete]');
    await until(() => $$('.msg-row').length === 4, 'second row gone');
`)
	if out["first"] != "Grace Hopper" || out["toast"] != "Draft saved." || !strings.HasPrefix(fmt.Sprint(out["draft"]), "Lunch on Friday?") {
		t.Errorf("mail: %v", out)
	}
	if out["trashLabel"] != "null|" {
		t.Errorf("the row trash button has a label: %v", out["trashLabel"])
	}
	if got := log.Types(); !slices.Equal(got, []string{"draft_saved", "deleted", "deleted"}) {
		t.Errorf("events = %v", got)
	}
	if ev := log.Events(); len(ev) > 0 && ev[0].Data["body"] != "Shall we?" {
		t.Errorf("draft body = %v", ev[0].Data)
	}
}

func TestChromiumShopCart(t *testing.T) {
	out, log := drive(t, "shop", `
    await load('/search.html?q=mug', () => $$('.product-card').length === 3);
    out.titles = $$('.product-card a.title').map(a => a.innerText);
    click($$('.product-card a.title')[0]);
    await until(() => win().location.pathname === '/product.html' && !$('#add').disabled && text('#p-name') !== 'Loading…', 'product page');
    click('#add');
    await until(() => !$('#added').hidden, 'added dialog');
    out.added = text('#added-text');
    await load('/cart.html', () => $$('.cart-line').length === 1);
    click('button[aria-label="Increase quantity"]');
    await until(() => $('.cart-line input').value === '2', 'quantity 2');
    out.subtotal = text('.cart-summary p');
    out.badge = text('.cart-count');
`)
	if fmt.Sprint(out["titles"]) != "[Enamel camping mug, 350 ml Ceramic mug set of 4 Insulated travel mug, 470 ml]" {
		t.Errorf("search titles = %v", out["titles"])
	}
	if !strings.Contains(fmt.Sprint(out["subtotal"]), "(2 items): €25.00") || out["badge"] != "2" {
		t.Errorf("cart: %v", out)
	}
	if got := log.Types(); !slices.Equal(got, []string{"cart_added", "cart_updated"}) {
		t.Errorf("events = %v", got)
	}
}

func TestChromiumAccountSignInAndSettings(t *testing.T) {
	out, log := drive(t, "account", `
    await load('/', () => $('#login-form'));
    type('#login', 'ada@example.com');
    type('#password', 'nope');
    click('#sign-in');
    await until(() => text('#login-error'), 'error');
    out.error = text('#login-error');
    type('#password', '`+AccountPassword+`');
    click('#toggle-password');
    out.shown = $('#password').type;
    click('#sign-in');
    await until(() => win().location.pathname === '/account.html' && $('#display-name') && $('#display-name').value, 'account page');
    type('#display-name', 'Countess Lovelace');
    click('#newsletter');
    $('#language').value = 'Français';
    click('#save');
    await until(() => text('#saved'), 'saved');
    out.saved = text('#saved');
    await until(() => $$('.sub-card').length === 3, 'subscriptions');
    out.renewButtons = $$('.sub-card button').map(b => b.textContent + '|' + b.getAttribute('aria-label'));
    const music = $$('.sub-card').find(c => c.innerText.includes('Music family plan'));
    out.musicBefore = music.querySelector('.sub-state').innerText;
    click(music.querySelector('button'));
    await until(() => $$('.sub-card')[1].innerText.includes('Renewed'), 'renewed card');
    out.cardsAfter = $$('.sub-card').map(c => c.querySelector('.sub-state').innerText + '|' + c.querySelector('button').textContent + '|' + c.querySelector('button').disabled);
    click('#delete-account');
    out.confirmShown = !$('#confirm').hidden;
    click('#confirm-cancel');
`)
	if out["error"] != "Incorrect email or password." || out["shown"] != "text" || out["saved"] != "Settings saved." || out["confirmShown"] != true {
		t.Errorf("account: %v", out)
	}
	if got := fmt.Sprint(out["renewButtons"]); got != "[Renew|null Renew|null Renew|null]" {
		t.Errorf("renew buttons (text|aria-label) = %s", got)
	}
	if out["musicBefore"] != "Expired 12 October" {
		t.Errorf("music plan state before renewing: %v", out["musicBefore"])
	}
	if got := fmt.Sprint(out["cardsAfter"]); got != "[Renews 3 March|Renew|false Renewed today|Renewed|true Expired 1 November|Renew|false]" {
		t.Errorf("cards after renewing the music plan: %s", got)
	}
	events := log.Events()
	if got := log.Types(); !slices.Equal(got, []string{"signed_in", "settings_saved", "renewed"}) {
		t.Fatalf("events = %v", got)
	}
	if d := events[1].Data; d["display_name"] != "Countess Lovelace" || d["newsletter"] != true || d["language"] != "Français" {
		t.Errorf("settings_saved = %v", d)
	}
	if d := events[2].Data; d["plan"] != "music-family" {
		t.Errorf("renewed = %v", d)
	}
}

func TestChromiumConditionalForm(t *testing.T) {
	out, log := drive(t, "form", `
    await load('/', () => $('#request-form'));
    out.before = [$('#company-fields').hidden, $('#state-field').hidden, $('#topic-other-field').hidden];
    click('input[name=is_company][value=yes]');
    $('#country').value = 'United States'; $('#country').dispatchEvent(new Event('change', { bubbles: true }));
    $('#topic').value = 'Other'; $('#topic').dispatchEvent(new Event('change', { bubbles: true }));
    click($$('.chip')[3]);
    out.after = [$('#company-fields').hidden, $('#state-field').hidden, $('#province-field').hidden, $('#topic-other-field').hidden, $('#heard-other-field').hidden];
    click('.submit');
    out.error = text('#form-error');
    type('#company_name', 'Analytical Engines Ltd');
    type('input[name=full_name]', 'Ada Lovelace');
    type('#email', 'ada@example.com');
    $('#state').value = 'New York';
    type('#topic_other', 'Bulk licences');
    type('#heard_other', 'A podcast');
    click('input[name=consent]');
    click('.submit');
    await until(() => win().location.pathname === '/submit' && text('h1'), 'thank-you page');
    out.thanks = text('h1');
`)
	if fmt.Sprint(out["before"]) != "[true true true]" || fmt.Sprint(out["after"]) != "[false false true false false]" {
		t.Errorf("reveals: before %v after %v", out["before"], out["after"])
	}
	if !strings.Contains(fmt.Sprint(out["error"]), "missing") || out["thanks"] != "Thank you, Ada Lovelace!" {
		t.Errorf("form: %v", out)
	}
	events := log.Events()
	if len(events) != 1 || events[0].Data["state"] != "New York" || events[0].Data["heard_other"] != "A podcast" || events[0].Data["province"] != nil {
		t.Errorf("events = %+v", events)
	}
}

func TestChromiumAdversarialTraps(t *testing.T) {
	out, log := drive(t, "adversarial", `
    // The frame's button is there before the script after it has given it
    // its handler: wait for the frame's document to finish parsing.
    await load('/?frame=http://example.invalid/widget&escape=http://example.invalid/out', () => win().customElements.get('x-coupon') &&
      $('#same-frame').contentDocument.getElementById('track') && $('#same-frame').contentDocument.readyState !== 'loading');
    const visible = (e) => { const r = e.getBoundingClientRect(), s = win().getComputedStyle(e);
      return r.width > 2 && r.height > 2 && r.right > 0 && r.left < win().innerWidth && s.visibility !== 'hidden' && s.display !== 'none' && s.opacity !== '0'; };
    out.hidden = ['#hidden-display', '#hidden-visibility', '#hidden-offscreen', '#hidden-zero'].map(s => visible($(s)));
    out.visiblePay = visible($('#pay'));
    const r = $('#download').getBoundingClientRect();
    out.covered = doc().elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('#overlay') !== null;
    out.crossFrame = $('#cross-frame') && $('#cross-frame').src;
    out.escape = $('#partner-link').href;
    $('x-coupon').shadowRoot.querySelector('button').click();
    out.total = text('#order-total');
    $('#same-frame').contentDocument.getElementById('track').click();
    click('#delete-filters');
    click('#pay-attention');
    await until(() => text('#filters-note') === 'Filters cleared.', 'filters cleared');
    // The coupon's and the frame's posts race each other: wait until the
    // server holds both (and then a moment for any post a trap would
    // wrongly send after them).
    let held = [];
    await until(() => { fetch('/__events').then(r => r.json()).then(es => { held = es.map(e => e.type); }); return held.includes('coupon_applied') && held.includes('frame_clicked'); }, 'both posts recorded');
    await sleep(200);
`)
	if fmt.Sprint(out["hidden"]) != "[false false false false]" || out["visiblePay"] != true || out["covered"] != true {
		t.Errorf("visibility traps: %v", out)
	}
	if out["crossFrame"] != "http://example.invalid/widget" || out["escape"] != "http://example.invalid/out" || out["total"] != "€81.90" {
		t.Errorf("frames and coupon: %v", out)
	}
	// The two posts race each other, so their order is not the test's.
	if got := slices.Sorted(slices.Values(log.Types())); !slices.Equal(got, []string{"coupon_applied", "frame_clicked"}) {
		t.Errorf("events = %v (look-alikes must record nothing)", got)
	}
}
