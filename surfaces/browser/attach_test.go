package browser

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"flow/surfaces"

	"github.com/chromedp/chromedp"
)

// startDebugChromium starts a Chromium as a person would for handing over,
// with --remote-debugging-port=0 and a first page, and returns its
// DevTools websocket URL and HTTP address.
func startDebugChromium(t *testing.T, firstURL string) (ws, httpAddr string, cmd *exec.Cmd) {
	t.Helper()
	path, err := FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	args := append(Flags(false), "--remote-debugging-port=0", "--user-data-dir="+filepath.Join(tmpRoot, "attach-profile"), firstURL)
	cmd = exec.Command(path, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	re := regexp.MustCompile(`DevTools listening on (ws://([^/]+)/\S+)`)
	found := make(chan []string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- m
				break
			}
		}
		for sc.Scan() { // keep draining so Chromium never blocks on stderr
		}
	}()
	select {
	case m := <-found:
		return m[1], "http://" + m[2], cmd
	case <-time.After(15 * time.Second):
		t.Fatal("Chromium printed no DevTools address")
	}
	return
}

func listPages(t *testing.T, httpAddr string) []string {
	t.Helper()
	var urls []string
	for _, p := range listTargets(t, httpAddr) {
		urls = append(urls, p.URL)
	}
	return urls
}

type pageInfo struct{ Type, URL, Title string }

func listTargets(t *testing.T, httpAddr string) []pageInfo {
	t.Helper()
	resp, err := http.Get(httpAddr + "/json/list")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []pageInfo
	json.NewDecoder(resp.Body).Decode(&list)
	var pages []pageInfo
	for _, p := range list {
		if p.Type == "page" {
			pages = append(pages, p)
		}
	}
	return pages
}

func TestAttach(t *testing.T) {
	ws, httpAddr, cmd := startDebugChromium(t, site.URL+"/testdata/other.html")
	// The person opens a second page, which comes to the front.
	req, _ := http.NewRequest(http.MethodPut, httpAddr+"/json/new?"+site.URL+"/testdata/dialog.html", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second)
	loaded := func() bool {
		for _, p := range listTargets(t, httpAddr) {
			if p.Title == "Cookies" {
				return true
			}
		}
		return false
	}
	for !loaded() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := Attach(ctx, httpAddr, Options{Allow: []string{site.URL}})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := s.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Title != "Cookies" || len(sc.Find("button", "Accept all")) != 1 {
		t.Fatalf("attached surface observes the wrong page: %s\n%s", sc.URL, sc)
	}
	if _, err := s.Act(ctx, surfaces.Click(sc.Find("button", "Accept all")[0].Ref)); err != nil {
		t.Fatal(err)
	}
	// Origins are enforced on an attached browser too.
	if _, err := s.Act(ctx, surfaces.Navigate(other.URL+"/x")); err == nil {
		t.Errorf("navigation to a disallowed origin passed")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Closing disconnects: the browser and the person's pages stay.
	if err := cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the attached browser was closed: %v", err)
	}
	if pages := listPages(t, httpAddr); len(pages) != 2 {
		t.Errorf("pages after detaching: %v", pages)
	}

	// A websocket endpoint works too, and NewPage opens a fresh tab that
	// goes away with the surface.
	s2, err := Attach(ctx, ws, Options{NewPage: true})
	if err != nil {
		t.Fatal(err)
	}
	sc, err = s2.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sc.URL != "about:blank" {
		t.Errorf("new page shows %s", sc.URL)
	}
	if pages := listPages(t, httpAddr); len(pages) != 3 {
		t.Errorf("pages with the new tab: %v", pages)
	}
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
	if pages := listPages(t, httpAddr); len(pages) != 2 || !strings.Contains(strings.Join(pages, " "), "dialog.html") {
		t.Errorf("pages after closing the new tab: %v", pages)
	}
	if err := cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the attached browser was closed: %v", err)
	}

	// Isolated tabs on one attached browser share no cookies: a suite's
	// cases on a remote browser each start from nothing.
	b, err := Start(ctx, Options{BrowserURL: httpAddr, Allow: []string{site.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	cookie := func(so SurfaceOptions, set string) string {
		s, err := b.NewSurface(ctx, so)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.Act(ctx, surfaces.Navigate(site.URL+"/testdata/other.html")); err != nil {
			t.Fatal(err)
		}
		js := "document.cookie"
		if set != "" {
			js = "document.cookie = " + strconv.Quote(set+"; path=/") + ", document.cookie"
		}
		got, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	iso := SurfaceOptions{NewPage: true, Isolated: true}
	if got := cookie(iso, "case=one"); got != "case=one" {
		t.Fatalf("the first isolated tab reads its cookie as %q", got)
	}
	if got := cookie(iso, ""); got != "" {
		t.Errorf("a second isolated tab sees the first one's cookie: %q", got)
	}
	cookie(SurfaceOptions{NewPage: true}, "shared=yes")
	if got := cookie(SurfaceOptions{NewPage: true}, ""); got != "shared=yes" {
		t.Errorf("tabs in the default context should share cookies, as a person's tabs do: %q", got)
	}
}

func TestLaunchOwnBrowserLeavesNothing(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := Launch(ctx, Options{Profile: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Act(ctx, surfaces.Navigate(site.URL+"/testdata/other.html")); err != nil {
		t.Fatal(err)
	}
	pid := s.b.cdpb.Process().Pid
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Close waits for the process, so it is gone, not even a zombie.
	if err := syscall.Kill(pid, 0); err != syscall.ESRCH {
		t.Errorf("browser process %d still exists after Close: %v", pid, err)
	}
	dir, _ := ProfileDir("demo")
	if !strings.HasPrefix(dir, cfg) {
		t.Errorf("profile dir %s not under the config dir %s", dir, cfg)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "Default*")); len(m) == 0 {
		t.Errorf("persistent profile %s was not written", dir)
	}
	if _, err := ProfileDir("../x"); err == nil {
		t.Errorf("profile name with a path accepted")
	}
}
