package flows

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

//go:embed sites
var sitesFS embed.FS

//go:embed *.flow *.yaml lib
var examplesFS embed.FS

// siteRoutes adds a site's server-side endpoints (searches, sign-in, form
// posts) to its mux; every endpoint that changes state records an event in
// log.
type siteRoutes func(mux *http.ServeMux, log *EventLog)

// sites lists every fixture site with its server-side routes. A site with no
// routes of its own records events only through POST /__events from its
// pages' scripts.
var sites = map[string]siteRoutes{
	"account":     accountRoutes,
	"adversarial": adversarialRoutes,
	"booking":     bookingRoutes,
	"form":        formRoutes,
	"mail":        mailRoutes,
	"shop":        shopRoutes,
	"trust":       trustRoutes,
}

// Sites returns the names of the fixture sites, sorted.
func Sites() []string {
	names := make([]string, 0, len(sites))
	for name := range sites {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// SiteFS returns the static files of the named site, rooted at the site's
// folder (index.html at the top).
func SiteFS(name string) (fs.FS, error) {
	if _, ok := sites[name]; !ok {
		return nil, unknownSite(name)
	}
	return fs.Sub(sitesFS, "sites/"+name)
}

// FS returns the example flow library: the *.flow files with their
// NAME.facts.yaml and NAME.expect.yaml, and lib/.
func FS() fs.FS { return examplesFS }

// SiteHandler returns a handler that serves the named site at the root "/":
// its files, its server-side endpoints and the event API (GET /__events,
// POST /__events, POST /__events/reset). Each call returns a handler with
// its own state and its own event log, which [EventsOf] reaches.
func SiteHandler(name string) (http.Handler, error) {
	h, _, err := newSite(name)
	return h, err
}

// EventsOf returns the event log of a handler made by [SiteHandler], or nil
// for any other handler.
func EventsOf(h http.Handler) *EventLog {
	if s, ok := h.(*siteHandler); ok {
		return s.log
	}
	return nil
}

// siteHandler is one site's mux plus the log its routes record into.
type siteHandler struct {
	mux *http.ServeMux
	log *EventLog
}

func (s *siteHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func newSite(name string) (*siteHandler, *EventLog, error) {
	routes, ok := sites[name]
	if !ok {
		return nil, nil, unknownSite(name)
	}
	files, err := SiteFS(name)
	if err != nil {
		return nil, nil, err
	}
	log := newEventLog(name)
	mux := http.NewServeMux()
	mux.HandleFunc("/__events", log.handleEvents)
	mux.HandleFunc("/__events/reset", log.handleReset)
	routes(mux, log)
	static := http.FileServerFS(files)
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Fixture pages change with the code under test: never let a
		// browser profile serve a stale copy.
		w.Header().Set("Cache-Control", "no-store")
		static.ServeHTTP(w, r)
	}))
	return &siteHandler{mux: mux, log: log}, log, nil
}

func unknownSite(name string) error {
	return fmt.Errorf("flows: no fixture site %q (sites: %s)", name, strings.Join(Sites(), ", "))
}

// Serve starts the named site on 127.0.0.1 at a free port. It returns the
// site's root URL with a trailing slash ("http://127.0.0.1:41234/"), its event
// log, and stop, which shuts the server down and waits for open requests
// for up to five seconds.
func Serve(name string) (url string, log *EventLog, stop func(), err error) {
	h, log, err := newSite(name)
	if err != nil {
		return "", nil, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, nil, fmt.Errorf("flows: serve %s: %w", name, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Serve returns ErrServerClosed after Shutdown; any other error
		// means the listener broke, which callers see as refused
		// connections.
		_ = srv.Serve(ln)
	}()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = srv.Shutdown(ctx)
			<-done
		})
	}
	return "http://" + ln.Addr().String() + "/", log, stop, nil
}
