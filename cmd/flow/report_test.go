package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"flow/surfaces"
	"flow/surfaces/browser"
)

// TestRunReport runs the booking flow with its card secrets and --report,
// then opens the report in Chromium from a real HTTP server and checks
// that every step row is on the page and every screenshot loads; searches
// every artefact (trace, page, each screenshot's bytes) for the secrets;
// and proves that the card number field, a plain text input, is painted
// over in the screenshot after it was filled. `flow report` rebuilds the
// same page from the trace.
func TestRunReport(t *testing.T) {
	chromium := startChromium(t)
	site, _ := serve(t, "booking")
	dir := secretFreeDir(t)
	src, facts := filepath.Join(dir, "booking.flow"), filepath.Join(dir, "booking.facts.yaml")
	copyFromFS(t, "booking.flow", src)
	copyFromFS(t, "booking.facts.yaml", facts)
	t.Setenv("FLOW_SECRET_CARD_NUMBER", testCard)
	t.Setenv("FLOW_SECRET_CVV", testCVV)
	out := filepath.Join(dir, "report")

	began := time.Now()
	code, stdout, stderr := flowRun("run", src, "--facts", facts, "--fact", "site="+site,
		"--browser-url", chromium, "--new-page", "--report", out)
	took := time.Since(began)
	if code != 0 {
		t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	page := filepath.Join(out, "index.html")
	if !strings.Contains(stdout, "  report: "+page+"\n") || !strings.Contains(stdout, "  trace: "+filepath.Join(out, "trace.jsonl")+"\n") {
		t.Errorf("the summary does not name the report and its trace:\n%s", stdout)
	}
	events := readTrace(t, filepath.Join(out, "trace.jsonl"))
	var steps []string
	shots := map[string]string{} // shot → step path
	for _, e := range events {
		switch e["kind"] {
		case "step_started":
			steps = append(steps, e["path"].(string))
		case "step_ended":
			if s, _ := e["shot"].(string); s != "" {
				shots[s] = e["path"].(string)
			}
		}
	}
	if len(steps) < 18 || len(shots) < 15 {
		t.Fatalf("%d steps, %d shots", len(steps), len(shots))
	}

	// Secrets: in no artefact of the run.
	artefacts := map[string]string{"stdout": stdout, "stderr": stderr}
	for _, name := range []string{"trace.jsonl", "index.html"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		artefacts[name] = string(b)
	}
	noSecret(t, artefacts)
	var size int64
	filepath.Walk(out, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			size += info.Size()
		}
		if err != nil || !strings.HasSuffix(path, ".png") {
			return err
		}
		b, _ := os.ReadFile(path)
		// The three-digit CVV turns up in compressed bytes by chance; the
		// card number's sixteen digits and its spellings do not.
		for _, form := range []string{testCard, "5555 5555 5555 4444", "5555-5555-5555-4444"} {
			if bytes.Contains(b, []byte(form)) {
				t.Errorf("the card number is in %s", path)
			}
		}
		return nil
	})
	t.Logf("booking run with --report: %s wall, report folder %d KiB (%d shots)", took.Round(time.Millisecond), size/1024, len(shots))

	// The card number field is a text input: in the shot after the step
	// that filled it, its pixels are one colour (painted over), where the
	// name field beside it, filled with plain text, shows its letters.
	card, name, fillStep := cardField(t, events)
	var after string
	for shot, path := range shots {
		if path == fillStep {
			after = shot
		}
	}
	if after == "" {
		t.Fatalf("no shot after the card step %s", fillStep)
	}
	if colours := regionColours(t, filepath.Join(out, after), card); colours != 1 {
		t.Errorf("the card field shows %d colours after the fill, want 1 (painted over)", colours)
	}
	if colours := regionColours(t, filepath.Join(out, after), name); colours < 2 {
		t.Errorf("the name field shows %d colours: the check proves nothing", colours)
	}

	// The page in Chromium: every step row, every image loaded, nothing
	// fetched from anywhere but the report's folder.
	rows, loaded := openReport(t, chromium, out)
	for _, p := range steps {
		if !rows[p] {
			t.Errorf("no row for step %s", p)
		}
	}
	for shot := range shots {
		if loaded["/"+shot] == 0 {
			t.Errorf("Chromium did not load %s", shot)
		}
	}

	// flow report rebuilds the page from the trace into another folder.
	again := filepath.Join(dir, "again")
	code, stdout, stderr = flowRun("report", filepath.Join(out, "trace.jsonl"), "-o", again)
	if code != 0 || !strings.Contains(stdout, filepath.Join(again, "index.html")) {
		t.Fatalf("flow report: exit %d\n%s%s", code, stdout, stderr)
	}
	rebuilt, _ := os.ReadFile(filepath.Join(again, "index.html"))
	if n := strings.Count(string(rebuilt), `class="step-row"`); n != len(steps) {
		t.Errorf("the rebuilt report has %d step rows, want %d", n, len(steps))
	}
	for shot := range shots {
		if _, err := os.Stat(filepath.Join(again, filepath.FromSlash(shot))); err != nil {
			t.Errorf("flow report did not copy %s: %v", shot, err)
		}
	}
	noSecret(t, map[string]string{"rebuilt report": string(rebuilt)})
}

// cardField returns where the card number field and the name field were
// drawn on the last look of the step that filled the card number with the
// secret (a fill scrolls the page: the look before it is out of date), and
// that step.
func cardField(t *testing.T, events []map[string]any) (card, name surfaces.Bounds, step string) {
	t.Helper()
	screens := map[float64]*surfaces.Screen{}
	var ref string
	var last *surfaces.Screen
	for _, e := range events {
		if e["kind"] == "observed" {
			sameAs, _ := e["same_as"].(float64)
			sc := screens[sameAs]
			if raw, ok := e["screen"]; ok {
				b, _ := json.Marshal(raw)
				sc = &surfaces.Screen{}
				if err := json.Unmarshal(b, sc); err != nil {
					t.Fatal(err)
				}
				screens[e["seq"].(float64)] = sc
			}
			if ref != "" && e["path"] == step {
				last = sc
			}
			continue
		}
		op, _ := e["op"].(map[string]any)
		if e["kind"] == "acted" && op != nil && op["secret"] == true && strings.Contains(strings.ToLower(e["control"].(string)), "card number") {
			ref, step = op["ref"].(string), e["path"].(string)
		}
	}
	if last == nil {
		t.Fatal("no look after the secret fill of the card number in the trace")
	}
	c, ok := last.Candidate(ref)
	if !ok {
		t.Fatalf("the card field %s is not on the step's last look", ref)
	}
	names := last.Find("textbox", "Name on card")
	if len(names) != 1 || c.Bounds.W < 20 || c.Bounds.H < 10 {
		t.Fatalf("card field %+v, name fields %+v", c, names)
	}
	return c.Bounds, names[0].Bounds, step
}

// regionColours counts the colours inside b, three pixels in from its
// edges (the border of a field is not its content).
func regionColours(t *testing.T, path string, b surfaces.Bounds) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	r := image.Rect(int(b.X)+3, int(b.Y)+3, int(b.X+b.W)-3, int(b.Y+b.H)-3).Intersect(img.Bounds())
	colours := map[[4]uint32]bool{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c0, c1, c2, c3 := img.At(x, y).RGBA()
			colours[[4]uint32{c0, c1, c2, c3}] = true
		}
	}
	return len(colours)
}

// openReport serves the report's folder over HTTP, opens its page in a new
// tab of chromium and returns the step paths of the rows the page shows
// and the bytes served per path. A request for anything outside the
// folder fails the test.
func openReport(t *testing.T, chromium, dir string) (map[string]bool, map[string]int) {
	t.Helper()
	var mu sync.Mutex
	served := map[string]int{}
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(r.URL.Path))); err != nil && r.URL.Path != "/" && r.URL.Path != "/favicon.ico" {
			t.Errorf("the page asked for %s, which is not in the report's folder", r.URL.Path)
		}
		rec := &countingWriter{ResponseWriter: w}
		files.ServeHTTP(rec, r)
		mu.Lock()
		served[r.URL.Path] += rec.n
		mu.Unlock()
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	tab, err := browser.Attach(ctx, chromium, browser.Options{NewPage: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	if err := tab.SetAllow([]string{srv.URL}); err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Act(ctx, surfaces.Navigate(srv.URL+"/index.html")); err != nil {
		t.Fatal(err)
	}
	sc, err := tab.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Each row of the steps table starts with a link named by the step's
	// path (the source's rows have links named "PATH OUTCOME"); a row is
	// named by its cells.
	rows := map[string]bool{}
	inRow := regexp.MustCompile(`^row( |$)`)
	stepPath := regexp.MustCompile(`^\d+(\.\d+)*$`)
	for _, c := range sc.Candidates {
		if c.Role == "link" && stepPath.MatchString(c.Name) && len(c.Path) > 0 && inRow.MatchString(c.Path[len(c.Path)-1]) {
			rows[c.Name] = true
		}
	}
	if len(rows) == 0 {
		var b strings.Builder
		surfaces.WriteText(&b, sc)
		t.Logf("the report as Chromium shows it:\n%s", b.String())
	}
	mu.Lock()
	defer mu.Unlock()
	return rows, served
}

// countingWriter counts the bytes of a response.
type countingWriter struct {
	http.ResponseWriter
	n int
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += n
	return n, err
}
