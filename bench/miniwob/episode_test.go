package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"flow/internal/cdpclient"
)

// TestEpisodeProtocol drives a real headless Chromium through the harness's
// own DevTools client on a stand-in task (testdata/site: a small core.js
// with MiniWoB++'s episode interface, not MiniWoB++ itself): a fresh tab,
// the episode started with a seed, the goal read and then removed from the
// page with the reward display and the START cover, the tab in front (the
// first page of /json/list, which `flow run --browser-url` takes), the
// reward read after a press, and the cover kept away after the episode ends.
func TestEpisodeProtocol(t *testing.T) {
	c, err := launchChromium("")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	site, closeSite, err := serveDir("testdata/site")
	if err != nil {
		t.Fatal(err)
	}
	defer closeSite()
	dt, err := cdpclient.Connect(c.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer dt.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	start := func(seed int) (*cdpclient.Session, string) {
		t.Helper()
		tb, err := dt.NewPage(ctx, site+"miniwob/press-color.html")
		if err != nil {
			t.Fatal(err)
		}
		if err := waitLoaded(ctx, tb, "press-color"); err != nil {
			t.Fatal(err)
		}
		var goal string
		if err := tb.Eval(ctx, startScriptFor(seed, 60000), &goal); err != nil {
			t.Fatal(err)
		}
		return tb, goal
	}

	// The same seed gives the same goal; the goal is the page's, read
	// before it is emptied.
	first, goal := start(3)
	again, goal2 := start(3)
	if goal != goal2 {
		t.Errorf("seed 3 gave %q, then %q", goal, goal2)
	}
	var color string
	for _, c := range []string{"red", "green", "blue", "yellow"} {
		if goal == "Press the "+c+" button." {
			color = c
		}
	}
	if color == "" {
		t.Fatalf("goal %q is not the stand-in task's goal", goal)
	}

	var seen struct {
		Query, Cover, Display string
		Done                  bool
	}
	look := `({query: document.getElementById('query').textContent,
		cover: getComputedStyle(document.getElementById('sync-task-cover')).display,
		display: getComputedStyle(document.getElementById('reward-display')).display,
		done: WOB_DONE_GLOBAL})`
	if err := first.Eval(ctx, look, &seen); err != nil {
		t.Fatal(err)
	}
	if seen.Query != "" || seen.Cover != "none" || seen.Display != "none" || seen.Done {
		t.Errorf("after the start the page shows query %q, cover %s, reward display %s, done %v; want all hidden and not done",
			seen.Query, seen.Cover, seen.Display, seen.Done)
	}

	// The newer tab is in front until the first is activated.
	if id := frontPage(t, c.URL); id != again.TargetID {
		t.Errorf("before activating, the first page of /json/list is %s, want the newest tab %s", id, again.TargetID)
	}
	if err := first.Activate(ctx); err != nil {
		t.Fatal(err)
	}
	if id := frontPage(t, c.URL); id != first.TargetID {
		t.Errorf("the first page of /json/list is %s, want the activated tab %s", id, first.TargetID)
	}
	if err := again.CloseTarget(ctx); err != nil {
		t.Fatal(err)
	}

	// A wrong press, then the right one: the episode keeps the first reward,
	// and the START cover stays away.
	wrong := "red"
	if color == "red" {
		wrong = "blue"
	}
	press := `[...document.querySelectorAll('#area button')].find(b => b.textContent === %s).click()`
	if err := first.Eval(ctx, fmt.Sprintf(press, jsonString(wrong)), nil); err != nil {
		t.Fatal(err)
	}
	var end struct {
		Done bool    `json:"done"`
		Raw  float64 `json:"raw"`
	}
	if err := first.Eval(ctx, resultScript, &end); err != nil {
		t.Fatal(err)
	}
	if !end.Done || end.Raw != -1 {
		t.Errorf("after the wrong press: done %v raw %g, want done with -1", end.Done, end.Raw)
	}
	if err := first.Eval(ctx, fmt.Sprintf(press, jsonString(color)), nil); err != nil {
		t.Fatal(err)
	}
	if err := first.Eval(ctx, resultScript, &end); err != nil {
		t.Fatal(err)
	}
	if end.Raw != -1 {
		t.Errorf("a second press changed the episode's reward to %g", end.Raw)
	}
	if err := first.Eval(ctx, look, &seen); err != nil {
		t.Fatal(err)
	}
	if seen.Cover != "none" || seen.Display != "none" {
		t.Errorf("after the episode: cover %s, reward display %s; want both hidden", seen.Cover, seen.Display)
	}

	// Messages past the 16-bit frame length, both ways.
	var n int
	if err := first.Eval(ctx, "'"+strings.Repeat("y", 70000)+"'.length", &n); err != nil || n != 70000 {
		t.Errorf("a 70 kB expression gave %d, %v", n, err)
	}
	var long string
	if err := first.Eval(ctx, "'x'.repeat(200000)", &long); err != nil || long != strings.Repeat("x", 200000) {
		t.Errorf("a 200 kB answer came back with %d bytes, %v", len(long), err)
	}
	if err := first.CloseTarget(ctx); err != nil {
		t.Fatal(err)
	}
}

// frontPage returns the id of the first page DevTools lists (the most
// recently active).
func frontPage(t *testing.T, browserURL string) string {
	t.Helper()
	resp, err := http.Get(browserURL + "/json/list")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct{ ID, Type string }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	for _, p := range list {
		if p.Type == "page" {
			return p.ID
		}
	}
	t.Fatal("no page listed")
	return ""
}
