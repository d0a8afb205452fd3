package runtime_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"flow/runtime"
	"flow/runtime/cache"
)

// grocer is a shop page whose layout a test changes between runs, and the
// presses it was sent.
type grocer struct {
	mu     sync.Mutex
	page   grocerPage
	events []string
}

// grocerPage says how the shop is laid out.
type grocerPage struct {
	// label is the name of every card's button ("Add").
	label string
	// section wraps the green tea's card in a section of that name.
	section string
	// extra is one more product, with its own button.
	extra string
}

func (g *grocer) set(p grocerPage) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.page = p
}

func (g *grocer) pressed() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.events)
}

func (g *grocer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.Method == http.MethodPost {
		g.events = append(g.events, r.URL.Query().Get("what"))
		w.WriteHeader(http.StatusNoContent)
		return
	}
	card := func(id, name, price, label string) string {
		return fmt.Sprintf(`<article><h3>%s</h3><p>%s</p><button data-id=%q>%s</button><p class=state></p></article>`,
			html.EscapeString(name), price, id, html.EscapeString(label))
	}
	tea := card("tea", "Green tea", "€4.50", g.page.label)
	if g.page.section != "" {
		tea = `<section aria-label="` + g.page.section + `"><h2>` + g.page.section + `</h2>` + tea + `</section>`
	}
	body := tea + card("coffee", "Dark roast coffee", "€7.90", g.page.label) + card("mug", "Camping mug", "€12.00", g.page.label)
	if g.page.extra != "" {
		body += card("extra", g.page.extra, "€3.20", g.page.label)
	}
	fmt.Fprintf(w, `<!doctype html><html><head><title>Grocer</title></head><body><h1>Grocer</h1><main>%s</main>
<section aria-label="Account"><h2>Account</h2><a href="/settings">Account settings</a> <button data-id="delete-account">Delete account</button></section>
<script>
document.querySelectorAll("button").forEach(b => b.addEventListener("click", async () => {
  await fetch("/event?what=" + b.dataset.id, {method: "POST"});
  const s = b.parentElement.querySelector(".state");
  if (s) s.textContent = "In your basket: 1";
}));
</script></body></html>`, body)
}

// cacheRun runs src on the grocer with the book at path in mode and
// returns the result and the trace's events.
func cacheRun(t *testing.T, srv *httptest.Server, src, path string, mode cache.Mode) (*runtime.Result, []runtime.Event) {
	t.Helper()
	flow := compile(t, src)
	book, err := cache.Open(path, mode, flow.Name, "grocer.flow")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var events []runtime.Event
	res := runtime.Run(ctx, flow, runtime.Options{
		Surface: newWorkspace(t, ctx), Facts: map[string]any{"site": srv.URL + "/"}, Timeout: 40 * time.Second, Cache: book,
		Sinks: []runtime.Sink{runtime.SinkFunc(func(e runtime.Event) { events = append(events, e) })},
	})
	if err := book.Save(); err != nil {
		t.Fatal(err)
	}
	return res, events
}

const grocerFlow = `flow add_tea "Put the green tea in the basket" {
  fact site: url "The shop"
  browse "${site}"
  do "add the green tea to the basket"
}
`

// stepCache is the cache word of the do step (path 2).
func stepCache(res *runtime.Result) string {
	for _, s := range res.Steps {
		if s.Path == "2" {
			return s.Cache
		}
	}
	return ""
}

// A warm run asks the decider nothing, and presses what the cold run
// pressed. A page whose button moved to another group, was renamed or got
// a new look-alike makes the step miss, saying why; it is resolved afresh
// and the entry is healed, so the run after it asks nothing again.
func TestCacheReplaysAndHeals(t *testing.T) {
	g := &grocer{page: grocerPage{label: "Add"}}
	srv := httptest.NewServer(g)
	defer srv.Close()
	path := filepath.Join(t.TempDir(), ".flow-cache", "grocer.add_tea.yaml")

	cold, _ := cacheRun(t, srv, grocerFlow, path, cache.ReadWrite)
	if cold.Outcome != runtime.Completed || cold.Decisions == 0 || stepCache(cold) != "miss: not in the cache" {
		t.Fatalf("cold run: %s, %d decisions, cache %q (%v)", cold.Outcome, cold.Decisions, stepCache(cold), cold.Failure)
	}
	warm, events := cacheRun(t, srv, grocerFlow, path, cache.ReadWrite)
	if warm.Outcome != runtime.Completed || warm.Decisions != 0 || stepCache(warm) != "hit" {
		t.Fatalf("warm run: %s, %d decisions, cache %q (%v)", warm.Outcome, warm.Decisions, stepCache(warm), warm.Failure)
	}
	for _, e := range events {
		if e.Kind == runtime.EventAsked {
			t.Errorf("the warm run asked %s", e.Question)
		}
	}
	if got := g.pressed(); !slices.Equal(got, []string{"tea", "tea"}) {
		t.Fatalf("presses %v, want the tea's button on each run", got)
	}

	changes := []struct {
		name string
		page grocerPage
		miss string // in the step's cache word
		want string // the healed entry's summary
	}{
		{"moved", grocerPage{label: "Add", section: "Bestsellers"}, `moved to main › region "Bestsellers" › article "Green tea"`, `button "Add" in article "Green tea"`},
		{"renamed", grocerPage{label: "Add to basket", section: "Bestsellers"}, `no button "Add" in article "Green tea" on the screen`, `button "Add to basket"`},
		{"new look-alike", grocerPage{label: "Add to basket", section: "Bestsellers", extra: "Oat biscuits"}, `4 controls are button "Add to basket" now, 3 when it was stored`, `button "Add to basket"`},
	}
	for _, c := range changes {
		g.set(c.page)
		before := len(g.pressed())
		res, _ := cacheRun(t, srv, grocerFlow, path, cache.ReadWrite)
		if res.Outcome != runtime.Completed || !strings.HasPrefix(stepCache(res), "miss: ") || !strings.Contains(stepCache(res), c.miss) || res.Decisions == 0 {
			t.Fatalf("%s: %s, %d decisions, cache %q; want a miss saying %q (%v)", c.name, res.Outcome, res.Decisions, stepCache(res), c.miss, res.Failure)
		}
		healed, _ := cacheRun(t, srv, grocerFlow, path, cache.ReadWrite)
		if healed.Decisions != 0 || stepCache(healed) != "hit" {
			t.Fatalf("%s, healed: %d decisions, cache %q", c.name, healed.Decisions, stepCache(healed))
		}
		if got := g.pressed()[before:]; !slices.Equal(got, []string{"tea", "tea"}) {
			t.Fatalf("%s: presses %v, want the tea's button twice", c.name, got)
		}
		book, err := cache.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		var targets []string
		for _, e := range book.Entries() {
			if e.Target != nil {
				targets = append(targets, e.Target.Summary())
			}
		}
		// The do may ask twice (the second answer, the same control,
		// ends it by its effect): every stored target is the healed one.
		if len(targets) == 0 {
			t.Errorf("%s: no target stored", c.name)
		}
		for _, got := range targets {
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("%s: stored targets %q, want each %s", c.name, targets, c.want)
			}
		}
	}

	// The step's text changed: its entries are dropped, nothing stale is
	// replayed.
	changed := strings.Replace(grocerFlow, "add the green tea to the basket", "add the camping mug to the basket", 1)
	res, _ := cacheRun(t, srv, changed, path, cache.ReadWrite)
	if stepCache(res) != "miss: not in the cache" || res.Decisions == 0 {
		t.Errorf("a changed step: cache %q, %d decisions", stepCache(res), res.Decisions)
	}
	if got := g.pressed(); got[len(got)-1] != "mug" {
		t.Errorf("a changed step pressed %v", got)
	}
}

// The cache is input anyone can edit: a stored target that is a
// destructive control is found on the page and still refused, as the
// decider's answer would be.
func TestCachedPressIsStillGuarded(t *testing.T) {
	g := &grocer{page: grocerPage{label: "Add"}}
	srv := httptest.NewServer(g)
	defer srv.Close()
	src := `flow settings "Open the settings" {
  fact site: url "The shop"
  browse "${site}"
  do "manage my account"
}
`
	// (The step names no control: a step that names one, such as "open
	// the account settings", is offered only the controls of that name,
	// and a stored answer of another name is not offered at all.)
	path := filepath.Join(t.TempDir(), "grocer.settings.yaml")
	book := `flow: settings
entries:
  - step: "2"
    question: target
    ask: manage my account
    nth: 1
    text: do "manage my account"
    target:
      role: button
      name: Delete account
      group:
        - region "Account"
      heading: Account
`
	if err := os.WriteFile(path, []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	res, events := cacheRun(t, srv, src, path, cache.Read)
	if res.Outcome != runtime.GuardRefused {
		t.Fatalf("outcome %s (%v), want guard_refused", res.Outcome, res.Failure)
	}
	if got := g.pressed(); len(got) != 0 {
		t.Errorf("the page was sent %v", got)
	}
	var kinds []string
	for _, e := range events {
		if e.Kind == runtime.EventCached || e.Kind == runtime.EventGuarded || e.Kind == runtime.EventActed {
			kinds = append(kinds, string(e.Kind)+" "+e.Cache+" "+e.Control)
		}
	}
	if len(kinds) < 2 || !strings.HasPrefix(kinds[len(kinds)-2], "cached hit") || !strings.HasPrefix(kinds[len(kinds)-1], "guarded") {
		t.Errorf("events %q, want the cached hit refused by the guard", kinds)
	}
}
