package flows

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// site starts the named site on an httptest server and returns its URL
// (no trailing slash) and its event log.
func site(t *testing.T, name string) (string, *EventLog) {
	t.Helper()
	h, err := SiteHandler(name)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL, EventsOf(h)
}

// call sends a request with an optional JSON body and returns the status
// and the body.
func call(t *testing.T, c *http.Client, method, url string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// decode unmarshals body into a value of type T or fails the test.
func decode[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func TestSitesAreListedAndUnknownOnesRefused(t *testing.T) {
	want := []string{"account", "adversarial", "booking", "form", "mail", "shop", "trust"}
	if got := Sites(); !slices.Equal(got, want) {
		t.Fatalf("Sites() = %v, want %v", got, want)
	}
	for _, name := range want {
		files, err := SiteFS(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fs.Stat(files, "index.html"); err != nil {
			t.Errorf("site %s has no index.html: %v", name, err)
		}
	}
	_, err := SiteHandler("bank")
	if err == nil || !strings.Contains(err.Error(), `"bank"`) || !strings.Contains(err.Error(), "booking") {
		t.Fatalf("SiteHandler(bank) error = %v, want one naming the site and the known ones", err)
	}
	if EventsOf(http.NotFoundHandler()) != nil {
		t.Error("EventsOf a foreign handler is not nil")
	}
}

func TestEventAPIRecordsListsAndResets(t *testing.T) {
	base, log := site(t, "adversarial")
	other, otherLog := site(t, "adversarial")

	status, body := call(t, nil, "POST", base+"/__events", map[string]any{"type": "paid", "data": map[string]any{"total": "€91.00"}})
	if status != http.StatusCreated {
		t.Fatalf("POST /__events = %d %s", status, body)
	}
	if e := decode[Event](t, body); e.Site != "adversarial" || e.Type != "paid" || e.Time.IsZero() {
		t.Errorf("recorded event = %+v", e)
	}
	status, body = call(t, nil, "GET", base+"/__events", nil)
	events := decode[[]Event](t, body)
	if status != 200 || len(events) != 1 || events[0].Data["total"] != "€91.00" {
		t.Fatalf("GET /__events = %d %s", status, body)
	}
	if got := log.Types(); !slices.Equal(got, []string{"paid"}) {
		t.Errorf("log.Types() = %v", got)
	}
	if got := otherLog.Events(); len(got) != 0 {
		t.Errorf("a second handler shares the log: %v", got)
	}
	_ = other

	for _, bad := range []struct {
		method, body string
		status       int
	}{
		{"POST", `{"data": {}}`, http.StatusBadRequest},
		{"POST", `not json`, http.StatusBadRequest},
		{"POST", `{"type": "a"} {"type": "b"}`, http.StatusBadRequest},
		{"PUT", `{"type": "a"}`, http.StatusMethodNotAllowed},
	} {
		req, _ := http.NewRequest(bad.method, base+"/__events", strings.NewReader(bad.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != bad.status {
			t.Errorf("%s /__events %q = %d, want %d", bad.method, bad.body, resp.StatusCode, bad.status)
		}
	}
	if len(log.Events()) != 1 {
		t.Errorf("bad requests were recorded: %v", log.Types())
	}
	if status, _ := call(t, nil, "GET", base+"/__events/reset", nil); status != http.StatusMethodNotAllowed {
		t.Errorf("GET /__events/reset = %d, want 405", status)
	}
	if status, _ := call(t, nil, "POST", base+"/__events/reset", nil); status != http.StatusNoContent {
		t.Errorf("POST /__events/reset = %d", status)
	}
	if _, body := call(t, nil, "GET", base+"/__events", nil); strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("after reset GET /__events = %s, want []", body)
	}
	log.Record("x", nil)
	log.Reset()
	if len(log.Events()) != 0 {
		t.Error("Reset left events")
	}
}

func TestServeStartsAndStops(t *testing.T) {
	u, log, stop, err := Serve("mail")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(u, "http://127.0.0.1:") || !strings.HasSuffix(u, "/") {
		t.Errorf("Serve URL = %q", u)
	}
	status, body := call(t, nil, "GET", u, nil)
	if status != 200 || !bytes.Contains(body, []byte("Postbox")) {
		t.Fatalf("GET %s = %d", u, status)
	}
	call(t, nil, "POST", u+"__events", map[string]string{"type": "sent"})
	if got := log.Types(); !slices.Equal(got, []string{"sent"}) {
		t.Errorf("Serve's log = %v", got)
	}
	stop()
	stop() // a second stop is harmless
	if _, err := http.Get(u); err == nil {
		t.Error("the server still answers after stop")
	}
	if _, _, _, err := Serve("nope"); err == nil {
		t.Error("Serve of an unknown site did not fail")
	}
}

// voidElements never have an end tag in HTML.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

var scriptOrStyle = regexp.MustCompile(`(?is)<(script|style)\b([^>]*)>.*?</(script|style)>`)

// parseHTML checks that page nests its elements properly and returns the
// URLs its src and href attributes name. Script and style bodies are left
// out: they are not markup.
func parseHTML(page []byte) (refs []string, err error) {
	page = scriptOrStyle.ReplaceAll(page, []byte("<$1$2></$3>"))
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	var stack []string
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(tok.Name.Local)
			for _, a := range tok.Attr {
				if k := strings.ToLower(a.Name.Local); k == "src" || k == "href" {
					refs = append(refs, a.Value)
				}
			}
			if !voidElements[name] {
				stack = append(stack, name)
			}
		case xml.EndElement:
			name := strings.ToLower(tok.Name.Local)
			if voidElements[name] {
				continue
			}
			if len(stack) == 0 || stack[len(stack)-1] != name {
				line, _ := d.InputPos()
				return nil, fmt.Errorf("line %d: </%s> closes <%s>", line, name, strings.Join(stack, "><"))
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		return nil, errors.New("unclosed <" + strings.Join(stack, "><") + ">")
	}
	return refs, nil
}

// local reports whether ref names a resource of the page's own site.
func local(ref string) bool {
	u, err := url.Parse(ref)
	return err == nil && u.Scheme == "" && u.Host == "" && u.Path != ""
}

func TestEveryPageParsesAndEveryLocalReferenceResolves(t *testing.T) {
	for _, name := range Sites() {
		t.Run(name, func(t *testing.T) {
			base, _ := site(t, name)
			files, _ := SiteFS(name)
			pages, err := fs.Glob(files, "*.html")
			if err != nil || len(pages) == 0 {
				t.Fatalf("no pages: %v", err)
			}
			checked := map[string]bool{}
			for _, p := range pages {
				page := "/" + p
				if p == "index.html" {
					page = "/"
				}
				jar, _ := cookiejar.New(nil)
				c := &http.Client{Jar: jar}
				if name == "account" {
					signIn(t, c, base) // account.html is behind the sign-in
				}
				status, body := call(t, c, "GET", base+page, nil)
				if status != 200 {
					t.Fatalf("GET %s = %d", page, status)
				}
				if !bytes.Contains(body, []byte("<title>")) || !bytes.Contains(body, []byte(`<html lang="en">`)) {
					t.Errorf("%s lacks a <title> or <html lang>", page)
				}
				refs, err := parseHTML(body)
				if err != nil {
					t.Errorf("%s does not parse: %v", page, err)
					continue
				}
				for _, ref := range refs {
					if !local(ref) {
						continue
					}
					target, _ := url.Parse(base + page)
					abs := target.ResolveReference(mustParse(t, ref)).String()
					if checked[abs] {
						continue
					}
					checked[abs] = true
					if status, _ := call(t, c, "GET", abs, nil); status != 200 {
						t.Errorf("%s refers to %s, which answers %d", page, ref, status)
					}
				}
			}
			if len(checked) < 3 {
				t.Errorf("only %d local references found: the crawler is not looking", len(checked))
			}
		})
	}
}

func mustParse(t *testing.T, ref string) *url.URL {
	t.Helper()
	u, err := url.Parse(ref)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestParseHTMLFindsBrokenNesting(t *testing.T) {
	if _, err := parseHTML([]byte(`<div><p>text</div></p>`)); err == nil {
		t.Error("mis-nested tags parsed")
	}
	if _, err := parseHTML([]byte(`<div><span>`)); err == nil {
		t.Error("unclosed tags parsed")
	}
	refs, err := parseHTML([]byte(`<!doctype html><html><head><script src="/a.js">if (a < b) {}</script></head><body><img src="x.svg"><input checked><a href="/p?q=1&amp;r=2">p</a></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/a.js", "x.svg", "/p?q=1&r=2"}; !slices.Equal(refs, want) {
		t.Errorf("refs = %v, want %v", refs, want)
	}
}
