package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"flow/cmd/flow/cli"
	"flow/flows"
	"flow/runtime"
	"flow/surfaces"
	"flow/surfaces/browser"
)

// syncBuffer is a bytes.Buffer that a test may read while the command
// writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// recording is one `flow record` session running in the background.
type recording struct {
	stdout, stderr syncBuffer
	done           chan int // the exit code, once the command returned
}

// startRecording runs `flow record URL ARGS…` in-process and waits until it
// says it is recording.
func startRecording(t *testing.T, url string, args ...string) *recording {
	t.Helper()
	r := &recording{done: make(chan int, 1)}
	go func() {
		r.done <- cli.Main(append([]string{"flow", "record", url}, args...), strings.NewReader(""), &r.stdout, &r.stderr)
	}()
	r.waitFor(t, "Recording ", "start recording")
	return r
}

// waitFor waits until the command prints text on stderr, failing the test
// if it ends first or takes longer than 30 s to do what.
func (r *recording) waitFor(t *testing.T, text, what string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(r.stderr.String(), text) {
		select {
		case code := <-r.done:
			t.Fatalf("flow record ended (exit %d) before it did %s:\n%s", code, what, r.stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("flow record did not %s:\n%s", what, r.stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// wait waits for the command to end on its own.
func (r *recording) wait(t *testing.T) int {
	t.Helper()
	select {
	case code := <-r.done:
		return code
	case <-time.After(30 * time.Second):
		t.Fatalf("flow record did not end:\n%s", r.stderr.String())
		return -1
	}
}

// written waits until the command says it wrote the flow and keeps the
// browser open for the person (after a press the flow stops in front of).
func (r *recording) written(t *testing.T) {
	t.Helper()
	r.waitFor(t, "The flow is written", "write the flow and wait for the person")
}

// interrupt ends the recording as Ctrl+C does.
func (r *recording) interrupt(t *testing.T) int {
	t.Helper()
	if err := interruptSelf(); err != nil {
		t.Fatal(err)
	}
	return r.wait(t)
}

// person uses the recorded tab through a second DevTools connection, with
// real input events, as someone at the window would.
type person struct {
	t   *testing.T
	ctx context.Context
	s   *browser.Surface
}

// attachPerson connects to the browser at addr and takes the tab showing
// url (the one flow record opened).
func attachPerson(t *testing.T, addr, url string) *person {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	s, err := browser.Attach(ctx, addr, browser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	p := &person{t: t, ctx: ctx, s: s}
	scr := p.look()
	if !strings.HasPrefix(scr.URL, url) {
		t.Fatalf("the person's tab shows %s, not the recorded %s", scr.URL, url)
	}
	return p
}

func (p *person) look() surfaces.Screen {
	p.t.Helper()
	scr, err := p.s.Observe(p.ctx)
	if err != nil {
		p.t.Fatal(err)
	}
	return scr
}

// find waits until a control of the role whose name (or label) is name
// shows, and returns the nth of them (0 for the first).
func (p *person) find(role, name string, nth int) surfaces.Candidate {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		scr := p.look()
		var found []surfaces.Candidate
		for _, c := range scr.Candidates {
			if (role == "" || c.Role == role) && (strings.EqualFold(c.Name, name) || strings.EqualFold(c.Label, name)) &&
				!c.Has(surfaces.StateDisabled) {
				found = append(found, c)
			}
		}
		if len(found) > nth {
			return found[nth]
		}
		if time.Now().After(deadline) {
			var have []string
			for _, c := range scr.Candidates {
				have = append(have, c.Summary())
			}
			p.t.Fatalf("no %s %q (#%d) on %s; the page has %s", role, name, nth, scr.URL, strings.Join(have, ", "))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (p *person) act(op surfaces.Operation, what string) {
	p.t.Helper()
	if _, err := p.s.Act(p.ctx, op); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func (p *person) click(role, name string) { p.clickNth(role, name, 0) }

func (p *person) clickNth(role, name string, nth int) {
	p.t.Helper()
	c := p.find(role, name, nth)
	p.act(surfaces.Click(c.Ref), "click "+c.Summary())
}

func (p *person) fill(name, text string) {
	p.t.Helper()
	c := p.find("", name, 0)
	p.act(surfaces.Fill(c.Ref, text), "type into "+c.Summary())
}

// replay runs a recorded flow with its facts file on a fresh copy of the
// site, in a fresh browser (no cookie of the recording), and returns the
// run's JSON result and everything it printed.
// replay runs a recorded flow on a fresh site with the cache the
// recording stored beside it, and returns the --json result, what the run
// printed and the questions it asked the decider.
func replay(t *testing.T, flowFile, site string, secrets map[string]string) (map[string]any, string, []string) {
	t.Helper()
	addr := startChromium(t)
	for name, v := range secrets {
		t.Setenv("FLOW_SECRET_"+strings.ToUpper(name), v)
	}
	trace := filepath.Join(t.TempDir(), "replay.jsonl")
	args := []string{"run", flowFile, "--fact", "site=" + site, "--browser-url", addr, "--new-page", "--json", "--quiet", "--trace", trace, "--cache", "read"}
	if facts := strings.TrimSuffix(flowFile, ".flow") + ".facts.yaml"; fileExists(facts) {
		args = append(args, "--facts", facts)
	}
	_, stdout, stderr := flowRun(args...)
	var res map[string]any
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("the replay printed no JSON result: %v\n%s\n%s", err, stdout, stderr)
	}
	// The controls the person used were stored in the flow's cache; what
	// the replay still asked, and why, is logged for the tests to judge.
	var asked []string
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e runtime.Event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		switch {
		case e.Kind == runtime.EventAsked:
			asked = append(asked, e.Question)
			t.Logf("the replay asked %s %q%q", e.Question, e.Ask, e.Text)
		case e.Kind == runtime.EventCached && e.Cache == "miss":
			t.Logf("the replay's cache missed at %s: %s", e.Question, e.Reason)
		}
	}
	return res, stdout + stderr, asked
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// checkRecorded checks a written flow as a user would: it validates, it
// lints clean with --strict, and no secret value is in it, its facts file
// or anything flow record printed.
func checkRecorded(t *testing.T, flowFile string, rec *recording, secrets ...string) string {
	t.Helper()
	src, err := os.ReadFile(flowFile)
	if err != nil {
		t.Fatalf("no flow written: %v\n%s", err, rec.stderr.String())
	}
	if code, out, errs := flowRun("validate", flowFile); code != 0 {
		t.Fatalf("the recorded flow does not validate (exit %d):\n%s%s\n%s", code, out, errs, src)
	}
	if code, out, errs := flowRun("lint", "--strict", flowFile); code != 0 {
		t.Errorf("the recorded flow does not lint clean (exit %d):\n%s%s\n%s", code, out, errs, src)
	}
	facts, _ := os.ReadFile(strings.TrimSuffix(flowFile, ".flow") + ".facts.yaml")
	for _, v := range secrets {
		for name, text := range map[string]string{"flow": string(src), "facts file": string(facts), "stdout": rec.stdout.String(), "stderr": rec.stderr.String()} {
			if strings.Contains(text, v) {
				t.Errorf("the secret %q is in the %s", v, name)
			}
		}
	}
	return string(src)
}

// eventKinds lists a site's server-side events with the fields that tell
// them apart, to compare a recording's effects with a replay's.
func eventKinds(log *flows.EventLog, drop ...string) []string {
	var out []string
	for _, e := range log.Events() {
		if slices.Contains(drop, e.Type) {
			continue
		}
		keys := make([]string, 0, len(e.Data))
		for k := range e.Data {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		s := e.Type
		for _, k := range keys {
			if k == "id" || k == "at" || k == "time" {
				continue // differs between two sessions by design
			}
			b, _ := json.Marshal(e.Data[k])
			s += " " + k + "=" + string(b)
		}
		out = append(out, s)
	}
	return out
}

// recordSite serves a fixture site, starts a Chromium with a DevTools port
// and `flow record` on the site in it (writing file in a temporary
// folder), and attaches the person who will use the recorded tab.
func recordSite(t *testing.T, site, file string) (rec *recording, p *person, log *flows.EventLog, out string) {
	t.Helper()
	addr := startChromium(t)
	url, log := serve(t, site)
	out = filepath.Join(t.TempDir(), file)
	rec = startRecording(t, url, "-o", out, "--browser-url", addr)
	return rec, attachPerson(t, addr, url), log, out
}

// TestRecordAccountSessionAndReplay records a session on the account
// site: sign in (a password), change the display name, renew the second
// of three identical "Renew" buttons, then press "Delete account". The
// flow must end in front of the deletion, keep the password out of every
// file, and replayed on a fresh site reach the same server-side state,
// renewing the same plan, without deleting anything.
func TestRecordAccountSessionAndReplay(t *testing.T) {
	rec, p, log, out := recordSite(t, "account", "account.flow")

	p.fill("Email or username", flows.AccountUser)
	p.fill("Password", flows.AccountPassword)
	p.click("button", "Sign in")
	p.fill("Display name", "Countess Ada")
	p.click("button", "Save settings")
	p.find("", "Renew", 2) // the subscriptions have loaded
	p.clickNth("button", "Renew", 1)
	p.click("button", "Delete account")
	rec.written(t)
	if code := rec.interrupt(t); code != 0 {
		t.Fatalf("flow record: exit %d\n%s", code, rec.stderr.String())
	}
	src := checkRecorded(t, out, rec, flows.AccountPassword)
	t.Logf("recorded:\n%s\n%s", src, rec.stderr.String())
	if !strings.Contains(src, "stop_before") {
		t.Fatalf("the flow does not end in front of the deletion:\n%s", src)
	}
	recorded := eventKinds(log, "account_deleted")
	if !slices.ContainsFunc(recorded, func(s string) bool { return strings.HasPrefix(s, "renewed") && strings.Contains(s, "music-family") }) {
		t.Fatalf("the person's session did not renew the music plan: %v", recorded)
	}

	site2, log2 := serve(t, "account")
	res, printed, _ := replay(t, out, site2, map[string]string{"password": flows.AccountPassword})
	if res["outcome"] != "stopped_before" {
		t.Fatalf("replay outcome %v, want stopped_before\n%s\n%s", res["outcome"], printed, src)
	}
	if got := eventKinds(log2); !slices.Equal(got, recorded) {
		t.Errorf("replay reached %v, the recording %v\n%s", got, recorded, src)
	}
	// The controls used come from the recording's cache, the presses'
	// goals from the controls' states: the first replay asks nothing.
	if d := res["decisions"]; d != 0.0 {
		t.Errorf("the first replay made %v decisions, want none", d)
	}
	if strings.Contains(printed, flows.AccountPassword) {
		t.Error("the replay printed the password")
	}
}

var secretDecl = regexp.MustCompile(`(?m)^\s*secret (\w+)`)

// secretValues gives each secret a recorded flow declares the value the
// person typed, told by its name.
func secretValues(t *testing.T, src string, values map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range secretDecl.FindAllStringSubmatch(src, -1) {
		for word, v := range values {
			if strings.Contains(m[1], word) {
				out[m[1]] = v
			}
		}
		if out[m[1]] == "" {
			t.Fatalf("no value for the recorded secret %s", m[1])
		}
	}
	return out
}

// clickInCard presses the control named name in the list item whose text
// holds text, as a person picks a result by reading it.
func (p *person) clickInCard(name, text string) {
	p.t.Helper()
	p.find("button", name, 0)
	scr := p.look()
	var card string
	for _, l := range scr.Context {
		if strings.Contains(l.Text, text) {
			for _, e := range l.Path {
				if strings.HasPrefix(e, "listitem ") {
					card = e
				}
			}
		}
	}
	for _, c := range scr.Candidates {
		if c.Name == name && slices.Contains(c.Path, card) && card != "" {
			p.act(surfaces.Click(c.Ref), "click "+c.Summary()+" in "+card)
			return
		}
	}
	p.t.Fatalf("no %q in the card showing %q", name, text)
}

// findContaining returns the first control of the role whose name holds
// text.
func (p *person) findContaining(role, text string) surfaces.Candidate {
	p.t.Helper()
	for _, c := range p.look().Candidates {
		if c.Role == role && strings.Contains(c.Name, text) {
			return c
		}
	}
	p.t.Fatalf("no %s naming %q", role, text)
	return surfaces.Candidate{}
}

// clickOption presses the first suggestion whose name starts with prefix.
func (p *person) clickOption(prefix string) {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, c := range p.look().Candidates {
			if c.Role == "option" && strings.HasPrefix(c.Name, prefix) {
				p.act(surfaces.Click(c.Ref), "click "+c.Summary())
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	var have []string
	for _, c := range p.look().Candidates {
		have = append(have, c.Summary()+fmt.Sprint(c.States))
	}
	p.t.Fatalf("no suggestion %q among %s", prefix, strings.Join(have, ", "))
}

// TestRecordBookingEndsBeforePaying records a whole booking on the SkyWay
// site, ending with a press of Pay: the cookie dialog, two cities with
// their suggestions, a date, the travellers stepper, the cheapest flight's
// Select among identical buttons, the traveller, no insurance, and the
// card. The flow must end with stop_before, keep the card data out of
// every file, and, replayed on a fresh site, stop in front of the same
// payment (same flight, same travellers, same total) without paying.
func TestRecordBookingEndsBeforePaying(t *testing.T) {
	rec, p, log, out := recordSite(t, "booking", "book.flow")

	p.click("button", "Accept all")
	p.fill("Where from?", "Lisbon")
	p.clickOption("Lisbon")
	p.fill("Where to?", "Oslo")
	p.clickOption("Oslo")
	p.fill("Departure date", "2026-12-24")
	p.click("button", "Add an adult")
	p.click("button", "Search flights")
	p.clickInCard("Select", "IB 6543") // the cheapest, € 165,93 a seat
	p.click("button", "Continue")
	p.fill("Full name", "Ada Lovelace")
	p.fill("Email address", "ada@example.com")
	p.click("button", "Continue")
	p.click("button", "No thanks")
	p.click("link", "Continue to payment")
	p.fill("Name on card", "Ada Lovelace")
	p.fill("Card number", testCard)
	p.fill("Expiry date", "12/30")
	p.fill("Security code The 3 digits on the back of your card", testCVV)
	terms := p.findContaining("checkbox", "terms and conditions")
	p.act(surfaces.Check(terms.Ref), "tick the terms")
	pay := p.find("button", "Pay €331.86", 0)
	p.act(surfaces.Click(pay.Ref), "press Pay")
	rec.written(t)
	// The flow is written, and the person's payment goes through: the
	// recorder leaves the browser to them.
	p.findText("Your booking is confirmed")
	if code := rec.interrupt(t); code != 0 {
		t.Fatalf("flow record: exit %d\n%s", code, rec.stderr.String())
	}
	src := checkRecorded(t, out, rec, testCard, "4444")
	t.Logf("recorded:\n%s\n%s", src, rec.stderr.String())
	lines := strings.Split(strings.TrimSpace(src), "\n")
	if len(lines) < 2 || !strings.HasPrefix(strings.TrimSpace(lines[len(lines)-2]), "stop_before ") {
		t.Fatalf("the flow does not end with stop_before:\n%s", src)
	}
	if got := log.Types(); !slices.Equal(got, []string{"paid"}) {
		t.Fatalf("the person's session left %v, want one payment", got)
	}

	site2, log2 := serve(t, "booking")
	secrets := secretValues(t, src, map[string]string{"number": testCard, "code": testCVV, "cvc": testCVV, "cvv": testCVV, "exp": "12/30"})
	res, printed, asked := replay(t, out, site2, secrets)
	if res["outcome"] != "stopped_before" {
		t.Fatalf("replay outcome %v, want stopped_before\n%s", res["outcome"], printed)
	}
	stop, _ := res["stop"].(map[string]any)
	if control, _ := stop["control"].(string); !strings.Contains(control, "Pay €331.86") {
		t.Errorf("the replay stopped in front of %v, want the same payment of €331.86", stop)
	}
	if got := log2.Types(); len(got) != 0 {
		t.Errorf("the replay left %v on the site: it must pay nothing", got)
	}
	// Every control the person used came from the cache. (A date picker
	// that opens as the date is typed may be asked about, as a list of
	// suggestions the person never used.)
	for _, q := range asked {
		if !strings.Contains(q, "/option") {
			t.Errorf("the first replay asked %s", q)
		}
	}
	for _, v := range []string{testCard, "5555 5555 5555 4444"} {
		if strings.Contains(printed, v) {
			t.Errorf("the replay printed the card number")
		}
	}
}

// TestRecordMailDraftEndedByCtrlC records writing an email and saving it
// as a draft in the webmail, ended with Ctrl+C: the flow ends with a
// verify of the last page, and replayed it saves the same draft.
func TestRecordMailDraftEndedByCtrlC(t *testing.T) {
	rec, p, log, out := recordSite(t, "mail", "draft.flow")

	p.click("button", "Compose")
	p.fill("To recipients", "grace@navy.example")
	p.fill("Subject", "Lunch on Friday?")
	p.fill("Message Body", "Shall we have lunch on Friday after the review?")
	p.click("button", "Save draft")
	p.findText("Draft saved")

	if code := rec.interrupt(t); code != 0 {
		t.Fatalf("flow record after Ctrl+C: exit %d\n%s", code, rec.stderr.String())
	}
	src := checkRecorded(t, out, rec)
	t.Logf("recorded:\n%s\n%s", src, rec.stderr.String())
	if !regexp.MustCompile(`(?m)^\s*verify "`).MatchString(src) || strings.Contains(src, "stop_before") {
		t.Fatalf("a session ended by Ctrl+C must end with a verify:\n%s", src)
	}
	recorded := eventKinds(log)
	if len(recorded) != 1 || !strings.HasPrefix(recorded[0], "draft_saved") {
		t.Fatalf("the person's session left %v, want one saved draft", recorded)
	}
	site2, log2 := serve(t, "mail")
	res, printed, _ := replay(t, out, site2, nil)
	if res["outcome"] != "completed" {
		t.Fatalf("replay outcome %v, want completed\n%s", res["outcome"], printed)
	}
	if got := eventKinds(log2); !slices.Equal(got, recorded) {
		t.Errorf("replay reached %v, the recording %v\n%s", got, recorded, src)
	}
}

// findText waits until the page shows text.
func (p *person) findText(text string) {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, l := range p.look().Context {
			if strings.Contains(l.Text, text) {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("the page never showed %q", text)
}

// TestRecordEndsWhenTheBrowserCloses records with a browser flow record
// launched itself and ends the session the way a person does, by closing
// the browser: the flow is written with what was seen (here the page the
// session started on) and the command exits 0.
func TestRecordEndsWhenTheBrowserCloses(t *testing.T) {
	if !canInterrupt {
		t.Skip("closing the browser by signal needs a unix system")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // the launched browser's profile goes here
	url, _ := serve(t, "mail")
	out := filepath.Join(t.TempDir(), "closed.flow")
	rec := startRecording(t, url, "-o", out, "--headless")
	profiles, _ := filepath.Glob(filepath.Join(tmp, "flow-chromium-*"))
	if len(profiles) != 1 {
		t.Fatalf("want one browser profile under TMPDIR, found %v", profiles)
	}
	if !closeBrowser(profiles[0]) {
		t.Fatal("found no browser to close")
	}
	if code := rec.wait(t); code != 0 {
		t.Fatalf("flow record after the browser closed: exit %d\n%s", code, rec.stderr.String())
	}
	src := checkRecorded(t, out, rec)
	for _, want := range []string{`browse "${site}"`, `verify "the page shows \"Inbox · Postbox Mail\""`} {
		if !strings.Contains(src, want) {
			t.Errorf("the flow lacks %s:\n%s", want, src)
		}
	}
}

// TestRecordToStandardOutput: without -o the flow goes to standard output
// (the summary and notes to standard error) and no file is written.
func TestRecordToStandardOutput(t *testing.T) {
	if !canInterrupt {
		t.Skip("closing the browser by signal needs a unix system")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("DISPLAY", "") // no window: the command says so
	url, _ := serve(t, "shop")
	rec := startRecording(t, url)
	profiles, _ := filepath.Glob(filepath.Join(tmp, "flow-chromium-*"))
	if len(profiles) != 1 || !closeBrowser(profiles[0]) {
		t.Fatalf("found no browser to close among %v", profiles)
	}
	if code := rec.wait(t); code != 0 {
		t.Fatalf("exit %d\n%s", code, rec.stderr.String())
	}
	flowFile := filepath.Join(t.TempDir(), "out.flow")
	if err := os.WriteFile(flowFile, []byte(rec.stdout.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := flowRun("validate", flowFile); code != 0 {
		t.Fatalf("standard output is no valid flow (exit %d): %s%s\n%s", code, out, errs, rec.stdout.String())
	}
	for _, want := range []string{"Wrote standard output: ", "note: no display"} {
		if !strings.Contains(rec.stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, rec.stderr.String())
		}
	}
	if left, _ := filepath.Glob("*.facts.yaml"); len(left) != 0 {
		t.Errorf("a facts file was written beside the test: %v", left)
	}
}
