package flows

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// mailMessage is one message of the webmail fixture.
type mailMessage struct {
	ID       int    `json:"id"`
	Folder   string `json:"folder"`
	From     string `json:"from"`
	FromName string `json:"from_name"`
	To       string `json:"to"`
	Subject  string `json:"subject"`
	Body     string `json:"body"`
	Date     string `json:"date"`
	Unread   bool   `json:"unread"`
	Starred  bool   `json:"starred"`
}

// mailbox is the webmail's server-side state: one per handler, so each test
// starts from the same inbox.
type mailbox struct {
	mu       sync.Mutex
	messages []mailMessage
	nextID   int
}

// mailFolders are the folders the webmail shows, in sidebar order.
var mailFolders = []string{"inbox", "starred", "sent", "drafts", "trash"}

func newMailbox() *mailbox {
	const me = "ada@example.com"
	seed := []mailMessage{
		{From: "grace@navy.example", FromName: "Grace Hopper", Subject: "Compiler review on Thursday",
			Body: "Hi Ada,\n\nCan we move the compiler review to Thursday at 10:00? I have a conflict on Wednesday.\n\nGrace", Date: "Nov 28", Unread: true, Starred: true},
		{From: "noreply@bank.example", FromName: "Northwind Bank", Subject: "Your November statement is ready",
			Body: "Your statement for November is available in online banking. We will never ask for your password by email.", Date: "Nov 27", Unread: true},
		{From: "charles@engines.example", FromName: "Charles Babbage", Subject: "Re: Difference engine drawings",
			Body: "Ada,\n\nThe drawings arrived. Plate 4 needs another look: the carry mechanism is drawn twice.\n\nC.", Date: "Nov 26"},
		{From: "events@royalsociety.example", FromName: "Royal Society Events", Subject: "Invitation: winter lecture series",
			Body: "You are invited to the winter lecture series. Seats are limited; reply by 5 December.", Date: "Nov 24"},
		{From: "mary@somerville.example", FromName: "Mary Somerville", Subject: "Translation notes",
			Body: "Dear Ada, I read your notes on the Menabrea translation. Note G is remarkable. Let us talk soon.", Date: "Nov 21", Starred: true},
		{From: "deals@shop.example", FromName: "Shop Weekly", Subject: "48 hours only: 20% off kitchen",
			Body: "Save 20% on kettles, mugs and moka pots this weekend.", Date: "Nov 20"},
	}
	b := &mailbox{}
	slices.Reverse(seed) // oldest first, so the newest gets the highest ID
	for _, m := range seed {
		m.Folder, m.To = "inbox", me
		b.add(m)
	}
	return b
}

func (b *mailbox) add(m mailMessage) mailMessage {
	b.nextID++
	m.ID = b.nextID
	b.messages = append(b.messages, m)
	return m
}

func (b *mailbox) find(id int) *mailMessage {
	for i := range b.messages {
		if b.messages[i].ID == id {
			return &b.messages[i]
		}
	}
	return nil
}

func (b *mailbox) list(folder string) []mailMessage {
	out := []mailMessage{}
	for i := len(b.messages) - 1; i >= 0; i-- {
		m := b.messages[i]
		if m.Folder == folder || (folder == "starred" && m.Starred && m.Folder != "trash") {
			out = append(out, m)
		}
	}
	return out
}

// draftInput is what the compose window posts for Send and Save draft.
type draftInput struct {
	DraftID int    `json:"draft_id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

func mailRoutes(mux *http.ServeMux, log *EventLog) {
	box := newMailbox()
	mux.HandleFunc("GET /api/messages", func(w http.ResponseWriter, r *http.Request) {
		folder := r.URL.Query().Get("folder")
		if folder == "" {
			folder = "inbox"
		}
		box.mu.Lock()
		defer box.mu.Unlock()
		counts := map[string]int{}
		for _, f := range mailFolders {
			for _, m := range box.list(f) {
				if m.Unread || f == "drafts" {
					counts[f]++
				}
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{"folder": folder, "messages": box.list(folder), "counts": counts})
	})
	withMessage := func(fn func(w http.ResponseWriter, r *http.Request, m *mailMessage)) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			id, err := strconv.Atoi(r.PathValue("id"))
			box.mu.Lock()
			defer box.mu.Unlock()
			m := box.find(id)
			if err != nil || m == nil {
				httpError(w, http.StatusNotFound, fmt.Sprintf("no message %q", r.PathValue("id")))
				return
			}
			fn(w, r, m)
		}
	}
	mux.HandleFunc("GET /api/messages/{id}", withMessage(func(w http.ResponseWriter, r *http.Request, m *mailMessage) {
		m.Unread = false
		writeJSON(w, http.StatusOK, m)
	}))
	mux.HandleFunc("POST /api/messages/{id}/delete", withMessage(func(w http.ResponseWriter, r *http.Request, m *mailMessage) {
		log.Record("deleted", map[string]any{"id": m.ID, "subject": m.Subject, "folder": m.Folder})
		if m.Folder == "trash" {
			m.Folder = "deleted" // gone for good: no folder lists it
		} else {
			m.Folder = "trash"
		}
		writeJSON(w, http.StatusOK, m)
	}))
	mux.HandleFunc("POST /api/drafts", func(w http.ResponseWriter, r *http.Request) {
		var in draftInput
		if err := readJSON(r, &in); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		box.mu.Lock()
		defer box.mu.Unlock()
		d := mailMessage{Folder: "drafts", From: "ada@example.com", FromName: "Ada Lovelace",
			To: in.To, Subject: in.Subject, Body: in.Body, Date: "Draft"}
		if old := box.find(in.DraftID); old != nil && old.Folder == "drafts" {
			d.ID = old.ID
			*old = d
		} else {
			d = box.add(d)
		}
		log.Record("draft_saved", map[string]any{"id": d.ID, "to": d.To, "subject": d.Subject, "body": d.Body})
		writeJSON(w, http.StatusOK, d)
	})
	mux.HandleFunc("POST /api/send", func(w http.ResponseWriter, r *http.Request) {
		var in draftInput
		if err := readJSON(r, &in); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		if !strings.Contains(in.To, "@") {
			httpError(w, http.StatusBadRequest, "add at least one recipient")
			return
		}
		box.mu.Lock()
		defer box.mu.Unlock()
		if old := box.find(in.DraftID); old != nil && old.Folder == "drafts" {
			old.Folder = "deleted" // a sent draft leaves the Drafts folder
		}
		m := box.add(mailMessage{Folder: "sent", From: "ada@example.com", FromName: "Ada Lovelace",
			To: in.To, Subject: in.Subject, Body: in.Body, Date: "Now"})
		log.Record("sent", map[string]any{"id": m.ID, "to": m.To, "subject": m.Subject, "body": m.Body})
		writeJSON(w, http.StatusOK, m)
	})
}
