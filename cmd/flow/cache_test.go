package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cookiesFlow = `flow cookies "Accept the cookies and say where from" {
  fact site: url "The booking site"
  browse "${site}"
  do "accept all cookies"
  enter "where from" = "Lisbon"
}
`

// TestRunCache runs a flow twice with --cache: the first run asks and
// stores, the second replays every question and says so; flow cache show
// lists what is stored, flow cache clear removes it, and a bad mode or a
// broken file exits 2 before any browser starts.
func TestRunCache(t *testing.T) {
	chromium := startChromium(t)
	dir := t.TempDir()
	flowFile := filepath.Join(dir, "cookies.flow")
	if err := os.WriteFile(flowFile, []byte(cookiesFlow), 0o644); err != nil {
		t.Fatal(err)
	}
	cacheDir := filepath.Join(dir, "cache")
	run := func() (map[string]any, string) {
		t.Helper()
		site, _ := serve(t, "booking")
		code, stdout, stderr := flowRun("run", flowFile, "--fact", "site="+site, "--browser-url", chromium, "--new-page",
			"--cache", "rw", "--cache-dir", cacheDir, "--json")
		if code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
		}
		var res map[string]any
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("--json: %v\n%s", err, stdout)
		}
		return res, stderr
	}
	caches := func(res map[string]any) []string {
		var out []string
		for _, s := range res["steps"].([]any) {
			if c, _ := s.(map[string]any)["cache"].(string); c != "" {
				out = append(out, c)
			}
		}
		return out
	}

	cold, _ := run()
	if cold["decisions"] == 0.0 || strings.Join(caches(cold), ",") != "miss: not in the cache,miss: not in the cache" {
		t.Fatalf("cold run: %v decisions, steps' cache %q", cold["decisions"], caches(cold))
	}
	book := filepath.Join(cacheDir, "cookies.cookies.yaml")
	warm, printed := run()
	if warm["decisions"] != 0.0 || strings.Join(caches(warm), ",") != "hit,hit" {
		t.Errorf("warm run: %v decisions, steps' cache %q", warm["decisions"], caches(warm))
	}
	if !strings.Contains(printed, "HIT") || !strings.Contains(printed, "cache: 2 steps replayed, 0 missed ("+book+")") {
		t.Errorf("the warm run's progress and summary do not show the cache:\n%s", printed)
	}

	code, stdout, stderr := flowRun("cache", "show", flowFile, "--cache-dir", cacheDir)
	if code != 0 || !strings.Contains(stdout, book+": flow cookies,") ||
		!strings.Contains(stdout, `"accept all cookies" → button "Accept all" in dialog`) ||
		!strings.Contains(stdout, `field #1`) {
		t.Errorf("flow cache show: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = flowRun("cache", "clear", flowFile, "--cache-dir", cacheDir)
	if _, err := os.Stat(book); code != 0 || !os.IsNotExist(err) || !strings.Contains(stdout, "removed "+book) {
		t.Errorf("flow cache clear: exit %d, %v\n%s", code, err, stdout)
	}

	if code, _, stderr := flowRun("run", flowFile, "--cache", "sometimes"); code != 2 || !strings.Contains(stderr, "use off, read, write or rw") {
		t.Errorf("--cache sometimes: exit %d\n%s", code, stderr)
	}
	if err := os.WriteFile(book, []byte("entries: ["), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = flowRun("run", flowFile, "--cache-dir", cacheDir, "--cache", "read", "--browser-url", "http://127.0.0.1:1")
	if code != 2 || !strings.Contains(stderr, "is not a flow cache") || !strings.Contains(stderr, "flow cache clear") {
		t.Errorf("a broken cache file: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := flowRun("cache", "list", flowFile); code != 2 || !strings.Contains(stderr, "show or clear") {
		t.Errorf("flow cache list: exit %d\n%s", code, stderr)
	}
}
