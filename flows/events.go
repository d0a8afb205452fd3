package flows

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"
)

// Event is one state-changing action a fixture site recorded: a payment, a
// sent message, a saved setting. Tests read events to prove what a run did
// and, as much, what it did not do.
type Event struct {
	// Site is the fixture site's name ("booking").
	Site string `json:"site"`
	// Type names the action: "paid", "sent", "draft_saved", "order_placed", ….
	Type string `json:"type"`
	// Data holds the action's details as the site reported them (never a
	// full card number: the booking site keeps only the last four digits).
	Data map[string]any `json:"data,omitempty"`
	// Time is when the server recorded the event.
	Time time.Time `json:"time"`
}

// EventLog is the append-only record of one site handler's events. It is safe
// for concurrent use: the HTTP handler appends while a test reads.
type EventLog struct {
	site   string
	mu     sync.Mutex
	events []Event
}

// newEventLog returns an empty log whose events carry site as their Site.
func newEventLog(site string) *EventLog { return &EventLog{site: site} }

// Events returns a copy of the recorded events, oldest first; never nil, so
// an empty log encodes as [].
func (l *EventLog) Events() []Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Event{}, l.events...)
}

// Types returns the Type of every recorded event, oldest first: the shape
// expectations are written in.
func (l *EventLog) Types() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	types := make([]string, len(l.events))
	for i, e := range l.events {
		types[i] = e.Type
	}
	return types
}

// Reset forgets every recorded event.
func (l *EventLog) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = nil
}

// Record appends an event of the given type with data and returns it.
func (l *EventLog) Record(typ string, data map[string]any) Event {
	e := Event{Site: l.site, Type: typ, Data: data, Time: time.Now().UTC()}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, e)
	return e
}

// maxBody caps every request body a fixture site reads; the sites only ever
// receive small JSON documents and form posts.
const maxBody = 64 << 10

// handleEvents serves the event API every site shares:
//
//	GET  /__events        the JSON list of events
//	POST /__events        append {"type": …, "data": {…}} (site and time are set here)
//	POST /__events/reset  clear the log
func (l *EventLog) handleEvents(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		writeJSON(w, http.StatusOK, l.Events())
	case http.MethodPost:
		var in struct {
			Type string         `json:"type"`
			Data map[string]any `json:"data"`
		}
		if err := readJSON(r, &in); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		if in.Type == "" {
			httpError(w, http.StatusBadRequest, `event needs a "type"`)
			return
		}
		writeJSON(w, http.StatusCreated, l.Record(in.Type, in.Data))
	default:
		w.Header().Set("Allow", "GET, POST")
		httpError(w, http.StatusMethodNotAllowed, "use GET or POST")
	}
}

func (l *EventLog) handleReset(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		httpError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	l.Reset()
	w.WriteHeader(http.StatusNoContent)
}

// readJSON decodes the body of r into v, refusing bodies over maxBody and
// trailing garbage.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	if err := dec.Decode(v); err != nil {
		return errors.New("body is not the expected JSON: " + err.Error())
	}
	if dec.More() {
		return errors.New("body holds more than one JSON value")
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v) // the client hung up; nothing to tell it
}

func httpError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
