package browser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"flow/surfaces"
	"flow/surfaces/browser/internal/proctest"
)

// shared is the one Chromium every test of the package uses; each test
// takes its own browser context through newSurface.
var shared *Browser

// site serves testdata and a few dynamic pages; other is a second origin
// that must never be reached when it is not allowed.
var (
	site, other *httptest.Server
	otherHits   atomic.Int64
)

// tmpRoot holds every profile directory the tests create, so the process
// table can be checked for leftovers of this test binary only.
var tmpRoot string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	var err error
	tmpRoot, err = os.MkdirTemp("", "flow-browser-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmpRoot)
	os.Setenv("TMPDIR", tmpRoot)
	proctest.Mark(tmpRoot)

	other = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		otherHits.Add(1)
		fmt.Fprint(w, "<title>Elsewhere</title><p>you escaped</p>")
	}))
	defer other.Close()
	site = httptest.NewServer(siteHandler())
	defer site.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	shared, err = Start(ctx, Options{})
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "start chromium:", err)
		return 1
	}
	code := m.Run()
	if err := shared.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "close chromium:", err)
		code = 1
	}
	if left := proctest.Leftovers(tmpRoot, 3*time.Second); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "Chromium processes left after the tests:\n%s\n", strings.Join(left, "\n"))
		code = 1
	}
	return code
}

// held is a response the test server holds until the test releases it
// (/held.js and /held-icon.svg, by key); asked is closed when the browser
// first asks for it.
type held struct {
	asked, released      chan struct{}
	askOnce, releaseOnce sync.Once
}

// helds holds the held response of each key.
var helds sync.Map

// heldFor returns the held response of key, made on first use.
func heldFor(key string) *held {
	v, _ := helds.LoadOrStore(key, &held{asked: make(chan struct{}), released: make(chan struct{})})
	return v.(*held)
}

// newHeld returns a key of its own for this run of t (the browser keeps
// a response it got once, and a released one is not held again) and its
// held response, released and forgotten when t ends.
func newHeld(t *testing.T) (string, *held) {
	key := fmt.Sprintf("%s-%d", t.Name(), time.Now().UnixNano())
	h := heldFor(key)
	t.Cleanup(func() {
		h.release()
		helds.Delete(key)
	})
	return key, h
}

func (h *held) release() { h.releaseOnce.Do(func() { close(h.released) }) }

// wait notes that the browser asked, then reports whether the test
// released the response before the request went away.
func (h *held) wait(r *http.Request) bool {
	h.askOnce.Do(func() { close(h.asked) })
	select {
	case <-h.released:
		return true
	case <-r.Context().Done():
		return false
	}
}

func siteHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/testdata/", http.StripPrefix("/testdata/", http.FileServer(http.Dir("testdata"))))
	mux.HandleFunc("/redirect-out", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/landed", http.StatusFound)
	})
	mux.HandleFunc("/redirect-in", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/testdata/other.html", http.StatusFound)
	})
	mux.HandleFunc("/escape", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>Escape</title>
<a href="%[1]s/link">Plain link out</a>
<a href="%[1]s/blank" target="_blank">New tab out</a>
<a href="/testdata/other.html" target="_blank">New tab in</a>
<button onclick="window.open('%[1]s/popup')">Open window out</button>
<button onclick="setTimeout(() => location.href='%[1]s/script', 10)">Script out</button>
<a href="/redirect-out">Redirect out</a>
<a href="/redirect-in">Redirect in</a>`, other.URL)
	})
	mux.HandleFunc("/xsite", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>Host</title><h1>Host page</h1>
<iframe title="Partner" src="%s/testdata/xframe.html" style="width:500px;height:150px;margin-top:40px"></iframe>`, r.URL.Query().Get("src"))
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>Slow</title><p id=p>loading</p><script>
fetch('/delay').then(r => r.text()).then(t => { document.getElementById('p').textContent = t; });
</script>`)
	})
	mux.HandleFunc("/late-icon.svg", func(w http.ResponseWriter, r *http.Request) {
		// The icon a :hover rule swaps in, slow to come (hovericon.html).
		time.Sleep(150 * time.Millisecond)
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, `<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14"><circle cx="7" cy="7" r="6" fill="blue"/></svg>`)
	})
	mux.HandleFunc("/arrive", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(150 * time.Millisecond)
		fmt.Fprint(w, `<!doctype html><title>Arrived</title><h1>You have arrived</h1>`)
	})
	mux.HandleFunc("/download/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv")
		w.Header().Set("Content-Disposition", `attachment; filename="statement.csv"`)
		fmt.Fprint(w, "month,total\n2025-03,3120.44\n")
	})
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "{}")
	})
	mux.HandleFunc("/parsing", func(w http.ResponseWriter, r *http.Request) {
		// A page whose parser waits on a script until the test releases
		// it (held): what runs at its start can be looked at while
		// it still loads.
		fmt.Fprintf(w, `<!doctype html><title>Parsing</title><h1>Half parsed</h1><script src="/held.js?k=%s"></script><p>After the script</p>`, url.QueryEscape(r.URL.Query().Get("k")))
	})
	mux.HandleFunc("/held.js", func(w http.ResponseWriter, r *http.Request) {
		if !heldFor(r.URL.Query().Get("k")).wait(r) {
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, "document.title = 'Parsed';")
	})
	mux.HandleFunc("/icon-page", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>Icon</title><link rel="icon" href="/held-icon.svg?k=%s">
<p>Pressed <span id=n>0</span> times</p><button onclick="n.textContent = +n.textContent + 1">Count</button>`, url.QueryEscape(r.URL.Query().Get("k")))
	})
	mux.HandleFunc("/held-icon.svg", func(w http.ResponseWriter, r *http.Request) {
		if !heldFor(r.URL.Query().Get("k")).wait(r) {
			return
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="teal"/></svg>`)
	})
	mux.HandleFunc("/trickle", func(w http.ResponseWriter, r *http.Request) {
		// A response whose headers come at once and whose body ends 150 ms
		// later (loads.html). With nothing to sniff, the browser passes the
		// headers on as they come, and the tab's events show the response
		// then.
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		fmt.Fprint(w, "the first part, ")
		w.(http.Flusher).Flush()
		time.Sleep(150 * time.Millisecond)
		fmt.Fprint(w, "then the rest")
	})
	mux.HandleFunc("/delay", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(400 * time.Millisecond)
		fmt.Fprint(w, "loaded late")
	})
	return mux
}

// newSurface opens a surface in a fresh browser context of the shared
// browser, allowed on the test site only, and closes it with the test.
func newSurface(t testing.TB) *Surface {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := shared.NewSurface(ctx, SurfaceOptions{Allow: []string{site.URL}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// open navigates s to path on the test site and observes.
func open(t testing.TB, s *Surface, path string) surfaces.Screen {
	t.Helper()
	ctx := testCtx(t)
	if _, err := s.Act(ctx, surfaces.Navigate(site.URL+path)); err != nil {
		t.Fatalf("navigate %s: %v", path, err)
	}
	return observe(t, s)
}

func observe(t testing.TB, s *Surface) surfaces.Screen {
	t.Helper()
	sc, err := s.Observe(testCtx(t))
	if err != nil {
		t.Fatalf("observe: %v", err)
	}
	return sc
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// find returns the only candidate with role and name, failing the test
// otherwise.
func find(t testing.TB, sc surfaces.Screen, role, name string) surfaces.Candidate {
	t.Helper()
	cs := sc.Find(role, name)
	if len(cs) != 1 {
		t.Fatalf("want one %s %q, found %d on:\n%s", role, name, len(cs), sc)
	}
	return cs[0]
}
