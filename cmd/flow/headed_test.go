package main

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startXvfb starts a virtual X display for a headed Chromium and sets
// DISPLAY for the test. Xvfb is installed by scripts/setup; a machine
// without it fails the test rather than skip it.
func startXvfb(t *testing.T) {
	t.Helper()
	path, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Fatalf("Xvfb is needed for the headed run (scripts/setup installs it): %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// -displayfd: Xvfb picks a free display and writes its number.
	cmd := exec.Command(path, "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { killGroup(cmd); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb did not report a display")
		}
		t.Setenv("DISPLAY", ":"+n)
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not start")
	}
}

// The page tells how it is shown (Chromium's headless mode names itself
// in the user agent) and whether this browser profile was here before: a
// cookie that lasts a day, set by pressing "Remember me".
const profilePage = `<!doctype html><title>Profile check</title>
<main>
<h1 id="mode"></h1>
<p id="memory"></p>
<button type="button" id="remember">Remember me</button>
</main>
<script>
document.getElementById('mode').textContent = navigator.userAgent.includes('Headless') ? 'Shown headless' : 'Shown in a window';
document.getElementById('memory').textContent = document.cookie.includes('seen=yes') ? 'Welcome back' : 'First visit';
document.getElementById('remember').onclick = function () {
  document.cookie = 'seen=yes; max-age=86400; path=/';
  document.getElementById('memory').textContent = 'Remembered';
};
</script>`

// TestHeadedRunWithPersistentProfile runs flows in a visible Chromium
// window (on a virtual display) with a named profile, end to end through
// the CLI: the page sees a windowed browser, a cookie set in the first run
// is there in the second run of the same profile, and a run with another
// profile starts fresh. The profiles live under the user's config folder.
func TestHeadedRunWithPersistentProfile(t *testing.T) {
	startXvfb(t)
	config := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, profilePage)
	}))
	defer srv.Close()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	first := write("first.flow", `flow first "Remember this browser" {
  fact site: url "The page"
  browse "${site}"
  verify "the page says \"Shown in a window\""
  verify "the page says \"First visit\""
  do "press Remember me"
  verify "the page says \"Remembered\""
}
`)
	again := write("again.flow", `flow again "Come back" {
  fact site: url "The page"
  browse "${site}"
  verify "the page says \"Welcome back\""
}
`)
	runFlow := func(file, profile string) (int, string) {
		code, stdout, stderr := run("run", file, "--fact", "site="+srv.URL+"/", "--headed", "--profile", profile, "--quiet", "--timeout", "90s")
		return code, stdout + stderr
	}
	if code, out := runFlow(first, "work"); code != 0 {
		t.Fatalf("first headed run: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(config, "flow", "profiles", "work")); err != nil {
		t.Errorf("the profile is not under the config folder: %v", err)
	}
	if code, out := runFlow(again, "work"); code != 0 {
		t.Fatalf("second run of the same profile did not find the cookie: exit %d\n%s", code, out)
	}
	// Another profile starts fresh: the run fails at the verify, not before.
	if code, out := runFlow(again, "other"); code != 1 || !strings.Contains(out, "not true on the screen") {
		t.Fatalf("a fresh profile: exit %d, want the verify of \"Welcome back\" to fail:\n%s", code, out)
	}
}
