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
	// Fields an endpoint that can refuse needs to accept the request.
	accepted := map[string]map[string]any{"POST /api/vouchers": {"code": "welcome5"}}
	for i, a := range trustActions {
		method, path, _ := strings.Cut(a.pattern, " ")
		path = wildcardRE.ReplaceAllString(path, "x$1")
		var body any
		if method == http.MethodPost {
			fields := map[string]any{"n": i}
			for k, v := range accepted[a.pattern] {
				fields[k] = v
			}
			body = fields
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

	// An endpoint that refuses a value answers 422 with its message and
	// records the refusal, never its own event.
	for pattern := range trustRefusals {
		if !slices.ContainsFunc(trustActions, func(a trustAction) bool { return a.pattern == pattern }) {
			t.Errorf("trustRefusals names %s, which is no endpoint", pattern)
		}
	}
	for code, want := range map[string]string{"SPRING10": "This code expired on 31 March 2025.", "NOPE": "We don't recognise that code. Check it and try again.", "": "Enter a promo code."} {
		n := len(log.Events())
		status, resp := call(t, nil, "POST", base+"/api/vouchers", map[string]any{"code": code})
		if status != http.StatusUnprocessableEntity || !strings.Contains(string(resp), want) {
			t.Errorf("voucher %q = %d %s, want 422 %q", code, status, resp, want)
		}
		events := log.Events()
		if len(events) != n+1 || trustEventString(events[n]) != strings.TrimSpace("voucher_rejected code="+code) {
			t.Errorf("voucher %q recorded %v", code, events[n:])
		}
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

// TestChromiumTrustIssue19PagesDoWhatTheySay proves the pages of the issue
// 19 cases the same way: each control pressed in Chromium without the
// runtime, what the site recorded and what the page shows. The controls
// that must do nothing (a broken ×, a dead Save, a form its script
// refuses) are proven to send nothing.
func TestChromiumTrustIssue19PagesDoWhatTheySay(t *testing.T) {
	out, log := drive(t, "trust", `
    const seen = async () => (await events()).length;
    let n = 0;
    async function recorded(what) {
      n++;
      const end = Date.now() + 8000;
      while ((await seen()) < n) {
        if (Date.now() > end) throw new Error('no event for ' + what + ' (want ' + n + ')');
        await sleep(50);
      }
      await sleep(100);
    }
    async function nothing(what) {
      await sleep(600);
      if ((await seen()) !== n) throw new Error(what + ' sent a request');
    }
    const key = (el, k) => el.dispatchEvent(new (win().KeyboardEvent)('keydown', { key: k, bubbles: true }));
    const dbl = (el) => el.dispatchEvent(new (win().MouseEvent)('dblclick', { bubbles: true }));
    const css = (el, pseudo) => win().getComputedStyle(el, pseudo || null);

    // Point 1: dialogs, a list, toggles, saves.
    await load('/whatsnew.html', () => $('#whats-new .close'));
    out.whatsnewOpen = !$('#whats-new').hidden;
    click('#whats-new .close');
    await recorded('whatsnew');
    out.whatsnewClosed = $('#whats-new').hidden;
    await load('/survey.html', () => $('#survey .x'));
    click('#survey .x');
    await recorded('survey');
    out.surveyClosed = css($('#survey')).display;
    await load('/offer.html', () => $('.offer-modal .dismiss'));
    click('.offer-modal .dismiss');
    await nothing('the broken offer ×');
    out.offerStillOpen = !!$('#offerModal') && css($('#offerModal')).display !== 'none';
    await load('/groceries.html', () => $('#clear'));
    click('#clear');
    await recorded('clear list');
    out.listAfterClear = $$('#items li').length;
    await load('/checklist.html', () => $('#count').innerText);
    out.packedAtFirst = text('#count');
    click('input[data-item=passport]');
    await recorded('untick passport');
    click('input[data-item=charger]');
    await recorded('untick charger');
    await load('/reminders.html', () => $('.switch'));
    out.emailOn = $('[data-channel=email]').getAttribute('aria-checked');
    click('[data-channel=email]');
    await recorded('email off');
    await load('/reminders.html?email=off', () => $('.switch'));
    out.emailOffState = $('[data-channel=email]').getAttribute('aria-checked');
    click('[data-channel=email]');
    await recorded('email on');
    out.emailOnAfter = $('[data-channel=email]').getAttribute('aria-checked');
    await load('/preferences.html', () => $('#prefs button'));
    click('#prefs button');
    await recorded('preferences');
    await until(() => text('[role=status]') === 'Settings saved', 'the saved status');
    await load('/profile.html', () => $('#save'));
    click('#save');
    await nothing('the dead profile Save');
    out.profileNote = text('main p.muted');

    // Point 2: forms the page refuses, and their valid twins.
    await load('/register.html', () => $('#join'));
    type('input[name=name]', 'Ada Lovelace'); type('input[name=day]', '31'); type('input[name=month]', '2'); type('input[name=year]', '2007');
    click('#join button');
    await nothing('a registration with 31 2 2007');
    out.registerError = text('#form-error');
    type('input[name=day]', '27'); type('input[name=month]', '3');
    click('#join button');
    await recorded('registration');
    out.registerDone = text('#done');
    await load('/licence.html', () => $('#details'));
    type('#full-name', 'Ada Lovelace'); type('#postcode', '12345');
    click('#details button');
    await nothing('a licence with postcode 12345');
    out.licenceSummary = $('#summary').getAttribute('role') + ' | ' + text('#summary');
    type('#postcode', 'SW1A 1AA');
    click('#details button');
    await recorded('licence');
    await until(() => win().location.search === '?complete=1' && !$('#complete').hidden, 'the licence confirmation');
    out.licenceDone = text('#complete h1');
    await load('/newsletter.html', () => $('#signup'));
    type('#email', 'ada.example.com');
    click('#signup button');
    await nothing('a sign-up with ada.example.com');
    out.newsletterInvalid = $('#email').getAttribute('aria-invalid') + ' ' + $('#email').getAttribute('aria-errormessage') + ' | ' + text('#email-msg');
    type('#email', 'ada@example.com');
    click('#signup button');
    await recorded('newsletter');
    await until(() => text('[role=status]'), 'the sign-up status');
    await load('/reserve.html', () => $('#booking'));
    type('input[name=guests]', '12');
    click('#booking button');
    await nothing('a table for 12');
    out.reserveNote = text('#note') + ' | ' + css($('#note')).color + ' | ' + $('#note').className;
    type('input[name=guests]', '4');
    click('#booking button');
    await recorded('reservation');
    out.reserved = text('#reserved');
    await load('/voucher.html', () => $('#code-form'));
    type('#code', 'SPRING10');
    click('#code-form button');
    await recorded('expired voucher');
    await until(() => text('#code-note'), 'the voucher message');
    out.voucherRefused = text('#code-note');
    type('#code', 'WELCOME5');
    click('#code-form button');
    await recorded('voucher');
    await until(() => text('#total') === '€41.70', 'the discounted total');
    await load('/contact.html', () => $('#contact'));
    type('#c-name', 'Ada Lovelace'); type('#c-email', 'ada@example.com'); type('#c-message', 'My meter reading for March is 48213.');
    click('#contact button');
    await nothing('a message without an account number');
    out.contactMissing = $$('small.problem').map(s => s.innerText).join(',');
    type('#c-account', '40023117'); type('#c-email', 'ada@example');
    click('#contact button');
    await nothing('a message to ada@example');
    out.contactBadEmail = $$('small.problem').map(s => s.innerText).join(',');
    type('#c-email', 'ada@example.com');
    click('#contact button');
    await recorded('contact');
    await load('/unsubscribe.html', () => $('#unsubscribe'));
    const before = $('main').innerText;
    click('#unsubscribe');
    await recorded('unsubscribe');
    out.unsubscribeChangedNothing = $('main').innerText === before;
    await load('/drafts.html', () => $('button.delete'));
    click('button.delete');
    await nothing('the dead Delete draft');
    out.draftStill = text('h1');

    // Point 4: groups.
    const inCard = (sel, has, btn) => $$(sel).find(c => c.innerText.includes(has)).querySelector(btn);
    await load('/appointments.html', () => $('.card .reschedule'));
    out.headingsInCards = $$('.card h1, .card h2, .card h3, .card h4').length;
    click(inCard('.card', 'Dr Ana Silva', '.reschedule'));
    await recorded('reschedule Ana Silva');
    click(inCard('.card', 'Dr Ben Okafor', '.cancel'));
    await recorded('cancel Ben Okafor');
    await load('/bookings.html', () => $('#bookings button'));
    out.bookingClasses = $$('#bookings > div').map(d => d.className).join('|') + ' ' + $$('main, [role=main]').length;
    click(inCard('#bookings > div', 'Spin with Joel Park', 'button'));
    await recorded('spin');
    await load('/viewings.html', () => $('section button'));
    click(inCard('section', '8 Rua do Ouro', 'button'));
    await recorded('viewing');
    await load('/bills.html', () => $('#recent .pay'));
    click(inCard('#older tr', 'March 2025', 'a'));
    await recorded('March 2025 statement');
    click(inCard('#recent tr', 'October 2026', '.pay'));
    await recorded('October bill');
    out.octoberAfter = inCard('#recent tr', 'October 2026', 'td:nth-child(3)').innerText;
    await load('/renewals.html', () => $('#loans .renew'));
    out.kindred = inCard('#loans li', 'Kindred', '.state').innerText;
    out.piranesi = inCard('#loans li', 'Piranesi', '.state').innerText;
    click(inCard('#loans li', 'The Left Hand of Darkness', '.renew'));
    await recorded('renew Left Hand');
    await load('/family.html', () => $('.member .freeze'));
    click(inCard('.member', 'Priya Nair', '.freeze'));
    await recorded('freeze Priya');
    await load('/deliveries.html', () => $('article .track'));
    click(inCard('article', 'Tuesday', '.track'));
    await recorded('track Tuesday');
    out.tracking = text('article[data-order="40198"] .tracking');

    // Points 6 and 7: the list app, in the page and in a shadow root.
    async function todoApp(path, root) {
      await load(path, () => root() && root().querySelector('.todo-list li'));
      const r = root(), q = (s) => r.querySelector(s), qq = (s) => Array.from(r.querySelectorAll(s));
      const item = (title) => qq('.todo-list li').find(li => li.querySelector('label').innerText === title);
      const res = {};
      res.items = qq('.todo-list li').map(li => li.innerText.trim() + (li.querySelector('.toggle').checked ? '+' : '-')).join(',');
      res.destroy = css(item('Buy milk').querySelector('.destroy')).display + ' ' + item('Buy milk').querySelector('.destroy').innerText.length + ' ' + css(item('Buy milk').querySelector('.destroy'), '::after').content;
      res.labelFor = item('Buy milk').querySelector('label').htmlFor === '' && !item('Buy milk').querySelector('.toggle').id;
      res.placeholder = q('.new-todo').placeholder + ' ' + !q('.new-todo').labels.length;
      item('Buy milk').querySelector('.toggle').click();
      await recorded('tick Buy milk');
      item('Buy milk').querySelector('.toggle').click();
      await recorded('untick Buy milk');
      dbl(item('Buy milk').querySelector('label'));
      const edit = q('.todo-list li.editing .edit');
      res.editing = !!edit;
      edit.value = 'Buy oat milk';
      key(edit, 'Escape');
      await nothing('an edit cancelled with Escape');
      dbl(item('Buy milk').querySelector('label'));
      const edit2 = q('.todo-list li.editing .edit');
      edit2.value = 'Buy oat milk';
      key(edit2, 'Enter');
      await recorded('rename');
      q('.new-todo').value = 'Walk the dog';
      key(q('.new-todo'), 'Enter');
      await recorded('add');
      item('Walk the dog').querySelector('.destroy').click();
      await recorded('delete');
      q('.toggle-all').click();
      await recorded('toggle all');
      res.allDone = qq('.todo-list .toggle').every(b => b.checked);
      q('.clear-completed').click();
      await recorded('clear completed');
      res.left = qq('.todo-list li').length;
      return res;
    }
    out.todos = await todoApp('/todos.html', () => doc().querySelector('.todoapp'));
    out.todosWC = await todoApp('/todos-wc.html', () => $('todo-app') && $('todo-app').shadowRoot);
    out.todosWCInShadow = $$('.todo-list').length;
    await load('/todos.html?done=all', () => $('.todo-list li'));
    out.todosAllDone = $$('.todo-list .toggle').map(b => b.checked).join(',') + ' ' + $('.toggle-all').checked;
    await load('/todos.html?done=buy-milk,call-grandma', () => $('.todo-list li'));
    out.todosTwoDone = $$('.todo-list .toggle').map(b => b.checked).join(',');

    await load('/claim.html', () => $('#delivery-toggle'));
    out.tab = $('#submit-tab').getAttribute('role') + ' ' + text('#submit-tab');
    click('#delivery-toggle');
    await recorded('delivery details');
    await until(() => text('#delivery'), 'the delivery details');
    click('#submit-tab');
    await recorded('claim');
    await load('/expenses.html', () => $('#submit-report'));
    out.submitLink = $('#submit-report').tagName + ' ' + text('#submit-report');
    click('#submit-report');
    await recorded('expenses');
    await until(() => text('#actions').startsWith('Sent'), 'the sent line');
    await load('/files.html', () => $('#files .delete'));
    out.trashButtons = $$('#files .delete').map(b => b.innerText + (b.getAttribute('aria-label') || '') + (b.title || '')).join('') + ' ' + $$('#files .delete .icon-trash').length;
    click(inCard('#files tr', 'offsite-agenda.docx', '.share'));
    await recorded('share');
    click(inCard('#files tr', 'budget-2025.xlsx', '.delete'));
    await recorded('delete file');
    await load('/photos.html', () => $('figure .del'));
    click(inCard('figure', 'Beach at Comporta', '.del'));
    await recorded('delete photo');
    click(inCard('figure', 'Lunch at the market', '.fav'));
    await recorded('favourite');

    // Second sources of the rules MiniWoB++ taught first.
    await load('/links.html', () => $('#links .copy'));
    const board = inCard('#links tr', 'Q3 board pack', '.copy');
    const shown = $('main').innerText;
    board.click();
    await nothing('Copy link');
    out.copied = win().copied + ' ' + ($('main').innerText === shown);
    await load('/mailbox.html', () => $('#messages button'));
    out.mailboxItems = $$('#messages > *').map(b => b.tagName).join(',');
    $$('button.message').find(b => b.innerText.includes('Priya Nair')).click();
    await nothing('opening a message');
    out.opened = text('h1') + ' | ' + text('#from') + ' | ' + $$('button.message').length + ' ' + win().location.pathname + win().location.hash;
    click('#archive');
    await recorded('archive');
    await until(() => $$('button.message').length === 2, 'the inbox without the message');
    await load('/avatar.html', () => $('#avatar'));
    out.avatarText = $$('#avatar label').map(l => l.innerText.trim() + (l.querySelector('img').alt || '')).join('');
    $$('input[name=avatar]')[2].click();
    click('#avatar button');
    await recorded('avatar');
    await load('/address.html', () => $('#town'));
    type('#town', 'Lis');
    out.suggested = $$('#suggestions li').map(li => li.innerText).join(',');
    $$('#suggestions li').find(li => li.innerText === 'Lisbon').click();
    out.town = $('#town').value + ' ' + $('#suggestions').hidden;
    click('#address button');
    await recorded('address');
    await load('/camping.html', () => $('#pack input'));
    out.campingBoxes = $$('#pack li').map(li => (li.querySelector('input') ? '+' : '-') + li.textContent.replace(/\s+/g, ' ').trim()).join(',');
    click('input[data-item=sleeping-mat]');
    await recorded('sleeping mat');
    await load('/directory.html', () => $('#people h2'));
    out.directoryFirst = $$('#people h2').map(h => h.innerText).join(',') + ' | ' + text('#at') + ' ' + $('#prev').hidden;
    click('#next');
    await until(() => text('#at') === 'Page 2 of 3', 'the second page');
    out.directorySecond = $$('#people h2').map(h => h.innerText).join(',');
    inCard('#people section', 'Rui Costa', 'a[data-via=email]').click();
    await recorded('email Rui Costa');
    click('#next');
    await until(() => text('#at') === 'Page 3 of 3', 'the last page');
    out.directoryLast = $$('#people h2').map(h => h.innerText).join(',') + ' ' + $('#next').hidden;
    await load('/tours.html', () => $('#tours button'));
    out.tourButtons = $$('#tours article').map(a => a.querySelectorAll('button, a').length + ' ' + a.querySelector('button').innerText).join(',');
    inCard('#tours article', 'Guimarães', 'button').click();
    await recorded('book Guimarães');
    await until(() => text('[role=status]').startsWith('Booked'), 'the booked line');
    await load('/quiz.html', () => $('#quiz input'));
    out.quiz = $$('#quiz fieldset').map(f => f.dataset.question + ':' + Array.from(f.querySelectorAll('input')).map(i => i.type[0] + i.value).join(' ')).join(',');
    click('input[name=q1][value=large]');
    await recorded('q1 large');
    click('input[name=q3][value=icy]');
    await recorded('q3 icy');
`)
	want := []string{
		"announcement_dismissed announcement=ledger-4-2",
		"survey_dismissed survey=spring-visit",
		"list_cleared list=weekly",
		"packing_set item=passport packed=false",
		"packing_set item=charger packed=false",
		"reminder_set channel=email on=false",
		"reminder_set channel=email on=true",
		"preferences_saved autoplay=false digest=morning language=English",
		"registered dob=2007-03-27 name=Ada Lovelace",
		"licence_applied full_name=Ada Lovelace postcode=SW1A 1AA",
		"subscribed email=ada@example.com source=article",
		"table_reserved date=2025-03-14 guests=4 name=Ada Lovelace time=20:00",
		"voucher_rejected code=SPRING10",
		"voucher_applied code=WELCOME5",
		"message_sent account=40023117 email=ada@example.com message=My meter reading for March is 48213. name=Ada Lovelace",
		"unsubscribed lists=all",
		"reschedule_requested appointment=apt-1042",
		"appointment_cancelled appointment=apt-1043",
		"class_move_requested booking=b-772",
		"viewing_reschedule_requested viewing=v-202",
		"bill_downloaded month=2025-03",
		"bill_paid bill=2026-10 method=direct debit on file",
		"loan_renewed book=left-hand",
		"card_frozen member=priya",
		"tracking_opened order=40198",
	}
	for range 2 { // the page, then the web component
		want = append(want,
			"item_toggled done=true item=buy-milk",
			"item_toggled done=false item=buy-milk",
			"item_renamed item=buy-milk to=Buy oat milk",
			"item_added id=walk-the-dog title=Walk the dog",
			"item_deleted item=walk-the-dog",
			"all_toggled done=true",
			"completed_cleared",
		)
	}
	want = append(want,
		"delivery_details_loaded claim=CL-1042",
		"claim_submitted claim=CL-1042",
		"expenses_submitted report=ER-3317",
		"file_shared file=offsite-agenda.docx",
		"file_deleted file=budget-2025.xlsx",
		"photo_deleted photo=comporta-beach",
		"photo_favourited photo=market-lunch",
		"mail_archived message=m-2",
		"avatar_saved avatar=fox",
		"address_saved street=Rua Augusta 12 town=Lisbon",
		"packing_set item=sleeping-mat packed=true",
		"staff_contacted person=rui-costa via=email",
		"tour_booked tour=guimaraes",
		"quiz_answered answer=large question=q1",
		"quiz_answered answer=icy question=q3 ticked=true",
	)
	var got []string
	for _, e := range log.Events() {
		got = append(got, trustEventString(e))
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %q\nwant %q", got, want)
	}
	todo := map[string]any{
		"items":       "Buy milk-,Call grandma+,Return library books-",
		"destroy":     `none 0 "×"`,
		"labelFor":    true,
		"placeholder": "What needs to be done? true",
		"editing":     true,
		"allDone":     true,
		"left":        float64(0),
	}
	checks := map[string]any{
		"whatsnewOpen":              true,
		"whatsnewClosed":            true,
		"surveyClosed":              "none",
		"offerStillOpen":            true,
		"listAfterClear":            float64(0),
		"packedAtFirst":             "3 of 5 packed",
		"emailOn":                   "true",
		"emailOffState":             "false",
		"emailOnAfter":              "true",
		"profileNote":               "Last saved on 2 March 2025 at 18:04.",
		"registerError":             "Enter the date of birth, for example 27 3 2007",
		"registerDone":              "Thanks, Ada Lovelace. Your registration is in: we will email you within two days.",
		"licenceSummary":            "alert | There is a problem\nEnter a real postcode",
		"licenceDone":               "Application complete",
		"newsletterInvalid":         "true email-msg | Check the email address: it needs an @ and a domain, like name@example.com",
		"reserveNote":               "We can only take online bookings for up to 8 guests. For larger groups, call us on 21 555 0199. | rgb(198, 40, 40) | ",
		"reserved":                  "Table reserved for 4 on Friday 14 March at 20:00. A confirmation is on its way.",
		"voucherRefused":            "⚠ This code expired on 31 March 2025.",
		"contactMissing":            "This field is required",
		"contactBadEmail":           "Please enter a valid email address",
		"unsubscribeChangedNothing": true,
		"draftStill":                "Quarterly report notes",
		"headingsInCards":           float64(0),
		"bookingClasses":            "||| 0",
		"octoberAfter":              "Payment received",
		"kindred":                   "Renewed until 24 April 2025",
		"piranesi":                  "Due 3 April 2025",
		"tracking":                  "With the courier: arrives tomorrow before 18:00.",
		"copied":                    "https://driftbox.example/s/q3-board true",
		"mailboxItems":              "BUTTON,BUTTON,BUTTON",
		"opened":                    "Rota for next week | Priya Nair | 0 /mailbox.html",
		"avatarText":                "",
		"suggested":                 "Lisbon,Lisburn,Lismore",
		"town":                      "Lisbon true",
		"directoryFirst":            "Ana Lopes,Ben Adeyemi,Carla Ruiz | Page 1 of 3 true",
		"directorySecond":           "Dev Patel,Rui Costa,Eva Novak",
		"directoryLast":             "Finn Murray true",
		"tourButtons":               "1 Book for €95,1 Book for €69,1 Book for €79",
		"campingBoxes":              "+Sleeping mat,-Sleeping bag Sam brings it,+Head torch,-Camping stove Noor brings it,+Water filter",
		"quiz":                      "q1:rtiny rlarge rquiet rloud,q2:rcalm rmad rsleepy rhungry,q3:cchilly cwarm cicy cbright,q4:rpour rspeak rfold rsew",
		"todos":                     todo,
		"todosWC":                   todo,
		"todosWCInShadow":           float64(0),
		"todosAllDone":              "true,true,true true",
		"todosTwoDone":              "true,true,false",
		"tab":                       "tab Submit",
		"submitLink":                "A Submit",
		"trashButtons":              " 3",
	}
	for k, v := range checks {
		if got := fmt.Sprint(out[k]); got != fmt.Sprint(v) {
			t.Errorf("%s = %q, want %q", k, got, fmt.Sprint(v))
		}
	}
}
