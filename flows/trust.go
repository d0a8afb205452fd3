package flows

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// trustAction is one state-changing endpoint of the trust site: the
// request pattern the mux matches and the event type it records. The
// event's data holds the pattern's wildcards ("order" → "4411") and the
// request's JSON or form fields, so an expectation can name the card a
// control belonged to.
type trustAction struct {
	pattern string
	event   string
}

// trustRefusal is an endpoint's own validation of the request's data
// (keyed by the endpoint's pattern in [trustRefusals]): a message refuses
// the request, which then records the event refused instead of the
// endpoint's and answers 422 with the message as its "error", the way an
// API answers a value it will not take.
type trustRefusal struct {
	check   func(data map[string]any) string
	refused string
}

// trustRefusals are the endpoints that can refuse a request.
var trustRefusals = map[string]trustRefusal{
	"POST /api/vouchers": {checkVoucher, "voucher_rejected"},
}

// trustActions are the trust site's endpoints. The pages call them the way
// real sites do: a fetch() that only sends a request, or a form that posts
// and is redirected back. GETs that record (a download, a list loaded on
// demand) are the evidence that a link or a reveal button was used.
var trustActions = []trustAction{
	{"POST /api/invoices/{invoice}/archive", "archived"},
	{"POST /api/orders/{order}/refund", "refund_requested"},
	{"POST /api/orders/{order}/cancel", "order_cancelled"},
	{"POST /api/addresses/clear", "addresses_removed"},
	{"POST /api/notifications/read-all", "notifications_read"},
	{"POST /api/settings", "settings_saved"},
	{"POST /api/email/resend", "confirmation_resent"},
	{"POST /api/people/{user}/follow", "followed"},
	{"POST /api/films/{film}/list", "listed"},
	{"POST /api/loans/{book}/renew", "loan_renewed"},
	{"POST /api/plans/{plan}/lock", "edit_started"},
	{"GET /statements/{month}/download", "downloaded"},
	{"POST /api/tasks/{task}/done", "task_done"},
	{"POST /api/repos/{repo}/star", "starred"},
	{"POST /api/consent", "consent"},
	{"POST /api/invitations/{invite}/accept", "invitation_accepted"},
	{"POST /api/invitations/{invite}/decline", "invitation_declined"},
	{"POST /api/alerts/{channel}", "alerts_set"},
	{"GET /api/comments/{comment}/replies", "replies_loaded"},
	{"POST /api/comments/{comment}/hide", "comment_hidden"},
	{"POST /api/cart/{item}/quantity", "quantity_changed"},
	{"POST /api/messages/{message}/read", "message_read"},
	{"POST /api/topics/{topic}", "topic_set"},
	{"POST /api/devices/{device}/forget", "device_forgotten"},
	{"POST /api/membership/end", "membership_ended"},
	{"POST /api/membership/pause", "membership_paused"},
	{"POST /api/wallet/top-up", "topped_up"},
	{"POST /api/rides/{ride}/tip", "tipped"},
	{"POST /api/history/wipe", "history_wiped"},
	{"POST /api/workspaces/{workspace}/leave", "workspace_left"},
	{"POST /api/newsletter/stop", "emails_stopped"},
	{"POST /api/posts/{post}/like", "liked"},
	{"POST /api/posts/{post}/boost", "boosted"},
	{"POST /api/delivery", "delivery_set"},

	// The pages of issue 19: dialogs, lists, toggles, forms that refuse,
	// groups without headings, a list app, submits in odd roles.
	{"POST /api/announcements/{announcement}/dismiss", "announcement_dismissed"},
	{"POST /api/surveys/{survey}/dismiss", "survey_dismissed"},
	{"POST /api/offers/{offer}/dismiss", "offer_dismissed"},
	{"POST /api/lists/{list}/clear", "list_cleared"},
	{"POST /api/packing/{item}", "packing_set"},
	{"POST /api/reminders/{channel}", "reminder_set"},
	{"POST /api/preferences", "preferences_saved"},
	{"POST /api/profile", "profile_saved"},
	{"POST /api/registrations", "registered"},
	{"POST /api/licences", "licence_applied"},
	{"POST /api/newsletter/subscribe", "subscribed"},
	{"POST /api/reservations", "table_reserved"},
	{"POST /api/vouchers", "voucher_applied"},
	{"POST /api/contact", "message_sent"},
	{"POST /api/mailing/unsubscribe", "unsubscribed"},
	{"POST /api/drafts/{draft}/delete", "draft_deleted"},
	{"POST /api/appointments/{appointment}/reschedule", "reschedule_requested"},
	{"POST /api/appointments/{appointment}/cancel", "appointment_cancelled"},
	{"POST /api/bookings/{booking}/move", "class_move_requested"},
	{"POST /api/bookings/{booking}/cancel", "class_cancelled"},
	{"POST /api/viewings/{viewing}/reschedule", "viewing_reschedule_requested"},
	{"POST /api/viewings/{viewing}/cancel", "viewing_cancelled"},
	{"GET /bills/{month}/download", "bill_downloaded"},
	{"POST /api/bills/{bill}/pay", "bill_paid"},
	{"POST /api/searches/{search}/remove", "search_removed"},
	{"POST /api/cards/{member}/freeze", "card_frozen"},
	{"GET /api/cards/{member}/limits", "limits_loaded"},
	{"GET /api/orders/{order}/tracking", "tracking_opened"},
	{"POST /api/orders/{order}/return", "return_started"},
	{"POST /api/todos", "item_added"},
	{"POST /api/todos/{item}/toggle", "item_toggled"},
	{"POST /api/todos/{item}/delete", "item_deleted"},
	{"POST /api/todos/{item}/rename", "item_renamed"},
	{"POST /api/todos/toggle-all", "all_toggled"},
	{"POST /api/todos/clear-completed", "completed_cleared"},
	{"GET /api/claims/{claim}/delivery", "delivery_details_loaded"},
	{"POST /api/claims/{claim}/submit", "claim_submitted"},
	{"POST /api/expenses/{report}/submit", "expenses_submitted"},
	{"POST /api/files/{file}/delete", "file_deleted"},
	{"POST /api/files/{file}/share", "file_shared"},
	{"POST /api/photos/{photo}/delete", "photo_deleted"},
	{"POST /api/photos/{photo}/favourite", "photo_favourited"},

	// Second sources for the rules MiniWoB++ taught first: a message
	// opened in place, a choice known only by its place, a town taken
	// from suggestions, a paged directory whose details follow labels, tours
	// whose only button books and pays.
	{"POST /api/mail/{message}/archive", "mail_archived"},
	{"POST /api/avatar", "avatar_saved"},
	{"POST /api/address", "address_saved"},
	{"POST /api/staff/{person}/contact", "staff_contacted"},
	{"POST /api/tours/{tour}/book", "tour_booked"},

	// A second source for naming a control by what its word means
	// (MiniWoB++ click-checkboxes-soft first): a vocabulary exercise.
	{"POST /api/quiz/{question}", "quiz_answered"},
}

// checkVoucher is the shop's promo-code check: only WELCOME5 is current.
func checkVoucher(data map[string]any) string {
	code, _ := data["code"].(string)
	switch strings.ToUpper(strings.TrimSpace(code)) {
	case "WELCOME5":
		return ""
	case "":
		return "Enter a promo code."
	case "SPRING10", "WINTER15":
		return "This code expired on 31 March 2025."
	default:
		return "We don't recognise that code. Check it and try again."
	}
}

var wildcardRE = regexp.MustCompile(`\{(\w+)(?:\.\.\.)?\}`)

// trustRoutes adds every endpoint of [trustActions] to mux. The pages are
// static: each load starts from the same state, and only the event log
// remembers what was done.
func trustRoutes(mux *http.ServeMux, log *EventLog) {
	for _, a := range trustActions {
		var names []string
		for _, m := range wildcardRE.FindAllStringSubmatch(a.pattern, -1) {
			names = append(names, m[1])
		}
		mux.HandleFunc(a.pattern, func(w http.ResponseWriter, r *http.Request) {
			data := map[string]any{}
			for _, n := range names {
				data[n] = r.PathValue(n)
			}
			form := strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded")
			switch {
			case r.Method == http.MethodGet:
			case form:
				r.Body = http.MaxBytesReader(w, r.Body, maxBody)
				if err := r.ParseForm(); err != nil {
					httpError(w, http.StatusBadRequest, err.Error())
					return
				}
				for k, v := range r.PostForm {
					if k != "next" {
						data[k] = strings.Join(v, ",")
					}
				}
			case r.ContentLength != 0:
				var in map[string]any
				if err := readJSON(r, &in); err != nil {
					httpError(w, http.StatusBadRequest, err.Error())
					return
				}
				for k, v := range in {
					data[k] = v
				}
			}
			if r, ok := trustRefusals[a.pattern]; ok {
				if msg := r.check(data); msg != "" {
					log.Record(r.refused, data)
					httpError(w, http.StatusUnprocessableEntity, msg)
					return
				}
			}
			log.Record(a.event, data)
			switch {
			case form:
				// A form post lands where the form says, as a real
				// site's post-redirect-get does.
				http.Redirect(w, r, localPath(r.PostForm.Get("next"), "/"), http.StatusSeeOther)
			case strings.HasSuffix(a.pattern, "/download"):
				w.Header().Set("Content-Type", "text/plain; charset=utf-8")
				w.Header().Set("Content-Disposition", `attachment; filename="statement-`+data["month"].(string)+`.txt"`)
				_, _ = w.Write([]byte("Statement " + data["month"].(string) + "\n"))
			default:
				writeJSON(w, http.StatusOK, map[string]any{"ok": true})
			}
		})
	}
}

// localPath returns p when it is a path on this site, and fallback
// otherwise, so a posted "next" never redirects elsewhere.
func localPath(p, fallback string) string {
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(p, "//") {
		return fallback
	}
	return p
}
