package flows

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// trustEventString writes an event as the trust cases name it: its type,
// then its data as key=value, keys sorted.
func trustEventString(e Event) string {
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	s := e.Type
	for _, k := range keys {
		s += fmt.Sprintf(" %s=%v", k, e.Data[k])
	}
	return s
}

// TestTrustEndpointsRecordTheirEvents calls every endpoint of the trust
// site over plain HTTP: each records one event of its type holding the
// path's wildcards and the request's fields; a form post is redirected to
// its local "next" and never elsewhere.
func TestTrustEndpointsRecordTheirEvents(t *testing.T) {
	base, log := site(t, "trust")
	for i, a := range trustActions {
		method, path, _ := strings.Cut(a.pattern, " ")
		path = wildcardRE.ReplaceAllString(path, "x$1")
		var body any
		if method == http.MethodPost {
			body = map[string]any{"n": i}
		}
		if status, resp := call(t, nil, method, base+path, body); status != http.StatusOK {
			t.Fatalf("%s %s = %d %s", method, path, status, resp)
		}
		events := log.Events()
		if len(events) != i+1 {
			t.Fatalf("%s recorded %d events in all, want %d", a.pattern, len(events), i+1)
		}
		e := events[i]
		if e.Type != a.event || e.Site != "trust" {
			t.Errorf("%s recorded %+v, want type %s", a.pattern, e, a.event)
		}
		for _, m := range wildcardRE.FindAllStringSubmatch(a.pattern, -1) {
			if e.Data[m[1]] != "x"+m[1] {
				t.Errorf("%s: data %v lacks %s=x%s", a.pattern, e.Data, m[1], m[1])
			}
		}
		if method == http.MethodPost && e.Data["n"] != float64(i) {
			t.Errorf("%s: data %v lacks the posted field", a.pattern, e.Data)
		}
	}

	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for next, want := range map[string]string{
		"/settings.html?saved=1":  "/settings.html?saved=1",
		"http://example.invalid/": "/",
		"//example.invalid/x":     "/",
	} {
		form := url.Values{"display_name": {"Ada"}, "next": {next}}
		resp, err := noRedirect.PostForm(base+"/api/settings", form)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
			t.Errorf("form post with next=%s: %d to %q, want 303 to %q", next, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}
	events := log.Events()
	if last := events[len(events)-1]; trustEventString(last) != "settings_saved display_name=Ada" {
		t.Errorf("form post recorded %s", trustEventString(last))
	}
	if status, _ := call(t, nil, "POST", base+"/api/consent", "not an object"); status != http.StatusBadRequest {
		t.Errorf("a body that is not a JSON object answers %d, want 400", status)
	}
}

// TestChromiumTrustPagesDoWhatTheySay presses, in a real Chromium and
// without the runtime, the control each trust case means on its page, and
// checks what the site recorded and what the page shows: the site is
// proven before any case judges a run by it.
func TestChromiumTrustPagesDoWhatTheySay(t *testing.T) {
	out, log := drive(t, "trust", `
    const seen = async () => (await events()).length;
    async function recorded(n, what) {
      const end = Date.now() + 8000;
      while ((await seen()) < n) {
        if (Date.now() > end) throw new Error('no event for ' + what + ' (want ' + n + ')');
        await sleep(50);
      }
    }
    let n = 0;
    async function press(path, target, what) {
      await load(path, () => typeof target === 'function' ? target() : $(target));
      const el = typeof target === 'function' ? target() : $(target);
      out[what + ':before'] = el.closest('article, .card, li, tr, main').innerText;
      click(el);
      await recorded(++n, what);
      await sleep(100);
    }

    await press('/invoice.html', '#archive', 'archive');
    out.invoiceStatus = text('#status');
    await press('/refund.html', '#refund', 'refund');
    out.refundState = text('#refund-state');
    await press('/addresses.html', '#clear', 'addresses');
    out.addresses = text('#list');
    await press('/notifications.html', '#read-all', 'read');
    out.unreadDots = $$('#items .dot').length;
    await load('/settings.html', () => $('form button'));
    out.unsavedAtFirst = !$('#unsaved').hidden;
    click('form button');
    await recorded(++n, 'settings');
    await until(() => win().location.search === '?saved=1' && !$('#saved').hidden, 'the saved banner');
    await press('/email.html', '#resend', 'resend');

    await press('/people.html', () => $('article[data-user=mia] button'), 'follow');
    out.followAfter = $('article[data-user=mia]').innerText;
    await press('/films.html', () => $('.card[data-film=stalker] button'), 'film');
    out.filmAfter = $('.card[data-film=stalker]').innerText;
    await press('/loans.html', () => $('tr[data-book=dune] button'), 'loan');
    out.loanAfter = $('tr[data-book=dune]').innerText;
    await press('/orders.html', () => $('li[data-order=A-3104] button'), 'cancel');
    out.orderAfter = $('li[data-order=A-3104]').innerText;

    await press('/plans.html', () => $('.card[data-plan=third] .edit'), 'edit');
    out.editorOpen = !$('.card[data-plan=third] .editor').hidden && $('.card[data-plan=first] .editor').hidden;
    await press('/statements.html', 'a[href="/statements/2024-03/download"]', 'download');
    await press('/tasks.html', () => $('li[data-task=call-bank] button'), 'task');
    out.taskDone = $('li[data-task=call-bank] .what').classList.contains('done');
    await press('/repos.html', () => $('article[data-repo=quill-lite] .star'), 'star');
    out.stars = text('article[data-repo=quill-lite] .count');

    await press('/cookies.html', () => $$('#consent button').find(b => b.innerText === 'Allow required only'), 'consent');
    out.bannerGone = $('#consent').hidden;
    await press('/cookies.html', () => $$('#consent button').find(b => b.innerText === 'Reject non-essential'), 'reject');
    await press('/invite.html', '#decline', 'decline');
    await press('/alerts.html', () => $('fieldset[data-channel=email] [data-state=off]'), 'alerts');
    out.pressed = $$('fieldset button').map(b => b.getAttribute('aria-pressed')).join(',');
    await press('/thread.html', '#more', 'replies');
    out.replies = $$('#replies li').length;
    await press('/cart.html', () => $('li[data-item=lamp] [aria-label="Decrease quantity"]'), 'qty');
    out.lampQty = text('li[data-item=lamp] .n');
    await load('/inbox.html', () => $$('main li a').length === 3);
    click($$('main li a')[1]);
    await recorded(++n, 'message');
    await until(() => text('#subject') === 'Your March statement', 'the second message');
    await press('/topics.html', () => $('input[data-topic=orders]'), 'topic');

    await press('/devices.html', () => $('.card[data-device=laptop] button'), 'forget');
    await press('/membership.html', '#pause', 'pause');
    await press('/membership.html', '#end', 'end');
    await press('/wallet.html', () => $('.topup[data-amount="20"]'), 'topup');
    out.balance = text('#balance');
    await press('/ride.html', () => $('.tip[data-amount="3"]'), 'tip');
    await press('/history.html', '#wipe', 'wipe');
    await press('/emails.html', '#stop', 'stop');
    await press('/workspace.html', '#leave', 'leave');
    await press('/feed.html', () => $('.post[data-post=p3] .like'), 'like');
    out.feedAfter = $('main').innerText;
    await load('/shipping.html', () => $('#speed'));
    win().document.getElementById('speed').focus();
    out.listOpenOnFocus = !$('#items').hidden;
    $$('#items li')[1].click();
    out.shown = text('#shown');
    click('#continue');
    await recorded(++n, 'delivery');

    await load('/upload.html', () => $('#bar'));
    await sleep(3000);
    out.uploadValue = $('#bar').value;
    await load('/report.html', () => $('#state'));
    out.reportButtons = $$('main button, main a').length;
    await load('/billing.html', () => $('table'));
    out.billing = $$('tbody').map(b => b.innerText.replace(/\s+/g, ' ').trim());
    // The states the passing controls of the false-success cases start in.
    await load('/refund.html?state=requested', () => $('#refund-state'));
    out.refundRequested = text('#refund-state') + ' | ' + $('#refund').hidden;
    await load('/addresses.html?state=empty', () => $('#list'));
    out.addressesEmpty = text('#list') + ' | ' + $('#clear').hidden;
    await load('/inbox.html?state=empty', () => $('#empty'));
    out.inboxEmpty = text('#empty') + ' | ' + $$('main li').length;
    await load('/inbox.html?state=deleted', () => text('#status'));
    out.inboxDeleted = text('#status') + ' | ' + $$('main li').length;
    await load('/email.html?state=confirmed', () => $('#state'));
    out.emailConfirmed = text('h1') + ' | ' + text('#state');
    await load('/upload.html?speed=fast', () => $('#bar'));
    await until(() => text('#state').startsWith('Upload complete'), 'the fast upload', 5000);
    out.fastUpload = $('#bar').value + ' | ' + !$('#hint');
    await load('/report.html?ready_after=1', () => $('#state'));
    out.reportAtFirst = text('#state');
    await until(() => text('#state').startsWith('Your report is ready'), 'the report', 5000);
`)
	want := []string{
		"archived invoice=INV-2203",
		"refund_requested order=4411 reason=not given",
		"addresses_removed",
		"notifications_read",
		"settings_saved display_name=Ada L. time_zone=Europe/London",
		"confirmation_resent",
		"followed user=mia",
		"listed film=stalker",
		"loan_renewed book=dune",
		"order_cancelled order=A-3104",
		"edit_started plan=third",
		"downloaded month=2024-03",
		"task_done task=call-bank",
		"starred repo=quill-lite",
		"consent choice=required",
		"consent choice=required",
		"invitation_declined invite=inv-88",
		"alerts_set channel=email state=off",
		"replies_loaded comment=c1",
		"quantity_changed delta=-1 item=lamp",
		"message_read message=m2",
		"topic_set subscribed=false topic=orders",
		"device_forgotten device=laptop",
		"membership_paused",
		"membership_ended",
		"topped_up amount=20",
		"tipped amount=3 ride=r-5521",
		"history_wiped",
		"emails_stopped",
		"workspace_left workspace=acme",
		"liked post=p3",
		"delivery_set speed=express",
	}
	var got []string
	for _, e := range log.Events() {
		got = append(got, trustEventString(e))
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %q\nwant %q", got, want)
	}
	// The request-only buttons change nothing on screen: that is what
	// makes them a trap for a run that waits to see an effect.
	for _, what := range []string{"follow", "film", "loan", "cancel", "like"} {
		before, after := out[what+":before"], out[map[string]string{"follow": "followAfter", "film": "filmAfter", "loan": "loanAfter", "cancel": "orderAfter", "like": "feedAfter"}[what]]
		if before != after {
			t.Errorf("%s changed its card from %q to %q; it must only send a request", what, before, after)
		}
	}
	checks := map[string]string{
		"invoiceStatus":   "Archived",
		"addresses":       "You have no saved addresses.",
		"unreadDots":      "0",
		"unsavedAtFirst":  "true",
		"editorOpen":      "true",
		"taskDone":        "true",
		"stars":           "874",
		"bannerGone":      "true",
		"pressed":         "false,true,false,true",
		"replies":         "3",
		"lampQty":         "2",
		"balance":         "€24.20",
		"reportButtons":   "0",
		"refundRequested": "Refund requested on 7 March 2025: we will reply within two working days. | true",
		"addressesEmpty":  "You have no saved addresses. | true",
		"emailConfirmed":  "Email address confirmed | Your email address ada@example.com is confirmed.",
		"fastUpload":      "100 | true",
		"reportAtFirst":   "Preparing your report…",
		"listOpenOnFocus": "true",
		"inboxEmpty":      "Your inbox is empty. New messages will show up here. | 0",
		"inboxDeleted":    "Conversation with Ana Ruiz deleted. | 3",
		"shown":           "Express (next day) ▾",
		"billing":         "[2025 March INV-2503 €120.50 February INV-2502 €110.00 2024 March INV-2403 €98.00 February INV-2402 €95.25]",
	}
	for k, v := range checks {
		if got := fmt.Sprint(out[k]); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if !strings.HasPrefix(fmt.Sprint(out["refundState"]), "Refund requested") {
		t.Errorf("refund state %q", out["refundState"])
	}
	if v, ok := out["uploadValue"].(float64); !ok || v >= 100 || v < 60 {
		t.Errorf("the upload bar is at %v: it must stall below 100", out["uploadValue"])
	}
}
