package flows

import (
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// The account site's one user. The example flows pass the password as the
// secret `password` (FLOW_SECRET_PASSWORD); it is a fixture value, not a
// secret anyone relies on.
const (
	AccountUser     = "ada@example.com"
	AccountUserName = "ada"
	AccountPassword = "Analytical-Engine-1843"
)

// accountSettings are the profile settings the account page edits.
type accountSettings struct {
	DisplayName string `json:"display_name"`
	Email       string `json:"email"`
	Newsletter  bool   `json:"newsletter"`
	Language    string `json:"language"`
	TimeZone    string `json:"time_zone"`
}

var accountLanguages = []string{"English", "Deutsch", "Español", "Français", "Português"}

// subscription is one plan on the account page's Subscriptions list. The
// page writes its state from Status and Date: "Renews 3 March", "Expired 12
// October", "Renewed today".
type subscription struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Detail string `json:"detail"`
	// Status is "active", "expired" or "renewed".
	Status string `json:"status"`
	// Date is the day the plan renews or expired, as the card writes it.
	Date string `json:"date"`
}

// accountSubscriptions are the user's plans at the start. Every card gets
// the same "Renew" button: only the card's text tells them apart.
var accountSubscriptions = []subscription{
	{"storage-100", "Cloud storage 100 GB", "Files and photo backup on all your devices", "active", "3 March"},
	{"music-family", "Music family plan", "Up to 6 listeners, no ads", "expired", "12 October"},
	{"photo-prints", "Photo prints monthly", "20 prints delivered each month", "expired", "1 November"},
}

// accountState is one handler's user: sessions, settings, subscriptions,
// and whether the account still exists.
type accountState struct {
	mu            sync.Mutex
	sessions      map[string]bool
	settings      accountSettings
	subscriptions []subscription
	deleted       bool
}

const sessionCookie = "sid"

func (s *accountState) signedIn(r *http.Request) bool {
	c, err := r.Cookie(sessionCookie)
	s.mu.Lock()
	defer s.mu.Unlock()
	return err == nil && s.sessions[c.Value]
}

func accountRoutes(mux *http.ServeMux, log *EventLog) {
	st := &accountState{
		sessions:      map[string]bool{},
		settings:      accountSettings{DisplayName: "Ada", Email: AccountUser, Language: "English", TimeZone: "Europe/London"},
		subscriptions: slices.Clone(accountSubscriptions),
	}
	files, _ := fs.Sub(sitesFS, "sites/account") // a fixed, valid path: never fails
	mux.HandleFunc("GET /account.html", func(w http.ResponseWriter, r *http.Request) {
		if !st.signedIn(r) {
			http.Redirect(w, r, "/?next=account.html", http.StatusSeeOther)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		http.ServeFileFS(w, r, files, "account.html")
	})
	mux.HandleFunc("POST /api/login", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Login    string `json:"login"`
			Password string `json:"password"`
			Remember bool   `json:"remember"`
		}
		if err := readJSON(r, &in); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		login := strings.ToLower(strings.TrimSpace(in.Login))
		st.mu.Lock()
		defer st.mu.Unlock()
		if st.deleted || (login != AccountUser && login != AccountUserName) || in.Password != AccountPassword {
			httpError(w, http.StatusUnauthorized, "Incorrect email or password.")
			return
		}
		token := newToken()
		st.sessions[token] = true
		http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
		log.Record("signed_in", map[string]any{"user": AccountUser, "remember": in.Remember})
		writeJSON(w, http.StatusOK, map[string]string{"next": "account.html"})
	})
	requireSession := func(fn http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if !st.signedIn(r) {
				httpError(w, http.StatusUnauthorized, "sign in first")
				return
			}
			fn(w, r)
		}
	}
	mux.HandleFunc("POST /api/logout", func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie(sessionCookie); err == nil {
			st.mu.Lock()
			delete(st.sessions, c.Value)
			st.mu.Unlock()
		}
		http.SetCookie(w, &http.Cookie{Name: sessionCookie, Path: "/", MaxAge: -1})
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /api/settings", requireSession(func(w http.ResponseWriter, r *http.Request) {
		st.mu.Lock()
		defer st.mu.Unlock()
		writeJSON(w, http.StatusOK, st.settings)
	}))
	mux.HandleFunc("POST /api/settings", requireSession(func(w http.ResponseWriter, r *http.Request) {
		var in accountSettings
		if err := readJSON(r, &in); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		in.DisplayName = strings.TrimSpace(in.DisplayName)
		if in.DisplayName == "" || len(in.DisplayName) > 60 {
			httpError(w, http.StatusBadRequest, "Display name must be 1 to 60 characters.")
			return
		}
		if !slices.Contains(accountLanguages, in.Language) {
			httpError(w, http.StatusBadRequest, "Unknown language "+in.Language+".")
			return
		}
		st.mu.Lock()
		defer st.mu.Unlock()
		in.Email = st.settings.Email // the email is not editable here
		st.settings = in
		log.Record("settings_saved", map[string]any{
			"display_name": in.DisplayName, "newsletter": in.Newsletter,
			"language": in.Language, "time_zone": in.TimeZone,
		})
		writeJSON(w, http.StatusOK, st.settings)
	}))
	mux.HandleFunc("GET /api/subscriptions", requireSession(func(w http.ResponseWriter, r *http.Request) {
		st.mu.Lock()
		defer st.mu.Unlock()
		writeJSON(w, http.StatusOK, st.subscriptions)
	}))
	mux.HandleFunc("POST /api/subscriptions/{plan}/renew", requireSession(func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("plan")
		st.mu.Lock()
		defer st.mu.Unlock()
		i := slices.IndexFunc(st.subscriptions, func(s subscription) bool { return s.ID == id })
		if i < 0 {
			httpError(w, http.StatusNotFound, "No subscription "+id+".")
			return
		}
		sub := &st.subscriptions[i]
		if sub.Status == "renewed" {
			httpError(w, http.StatusConflict, sub.Name+" is already renewed.")
			return
		}
		sub.Status, sub.Date = "renewed", "today"
		log.Record("renewed", map[string]any{"plan": sub.ID, "name": sub.Name})
		writeJSON(w, http.StatusOK, sub)
	}))
	mux.HandleFunc("POST /api/account/delete", requireSession(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Confirm string `json:"confirm"`
		}
		if err := readJSON(r, &in); err != nil || in.Confirm != "DELETE" {
			httpError(w, http.StatusBadRequest, `type DELETE to confirm`)
			return
		}
		st.mu.Lock()
		defer st.mu.Unlock()
		st.deleted = true
		clear(st.sessions)
		log.Record("account_deleted", map[string]any{"user": AccountUser})
		http.SetCookie(w, &http.Cookie{Name: sessionCookie, Path: "/", MaxAge: -1})
		writeJSON(w, http.StatusOK, map[string]string{"next": "goodbye.html"})
	}))
}

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b)
}
