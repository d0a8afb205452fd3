package main

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"flow/surfaces"
)

// groupsPage is a page of look-alike buttons, one "Renew" in every group of
// six kinds: cards with a class and a heading, class-less blocks with a
// name line and two buttons, table rows (each with a Delete too), list
// items, fieldsets and a dialog. Every button reports its own id to POST
// /click before it shows what it did, so the server's log says which
// control was pressed. With ?rev=1 every run of groups is reversed and the
// dialog moves from the end to the start: a step that names a control by
// its rank would press another one there.
func groupsPage(rev bool) string {
	order := func(items []string) []string {
		if rev {
			items = slices.Clone(items)
			slices.Reverse(items)
		}
		return items
	}
	var plans, doctors, rows, todos, fieldsets []string
	for _, p := range [][2]string{{"basic", "Basic plan"}, {"team", "Team plan"}, {"pro", "Pro plan"}} {
		plans = append(plans, fmt.Sprintf(`<div class="plan-card"><h3>%s</h3><p>Billed monthly</p>%s</div>`, p[1], button("card-"+p[0], "Renew", p[1])))
	}
	for _, d := range [][2]string{{"silva", "Dr Ana Silva"}, {"okafor", "Dr Ben Okafor"}, {"lund", "Dr Clara Lund"}} {
		doctors = append(doctors, fmt.Sprintf(`<div><p>%s</p>%s%s</div>`, d[1], button("doc-"+d[0], "Renew", d[1]), button("details-"+d[0], "Details", d[1])))
	}
	for _, r := range [][3]string{{"jan", "January 2025", "£93.15"}, {"feb", "February 2025", "£88.02"}, {"mar", "March 2025", "£97.40"}} {
		rows = append(rows, fmt.Sprintf(`<tr><td>%s</td><td>%s</td><td>Paid</td><td>%s%s</td></tr>`,
			r[1], r[2], button("row-"+r[0], "Renew", r[1]), button("delete-"+r[0], "Delete", r[1])))
	}
	for _, i := range [][2]string{{"milk", "Buy milk"}, {"plants", "Water the plants"}, {"grandma", "Call grandma"}} {
		todos = append(todos, fmt.Sprintf(`<li><span>%s</span> %s</li>`, i[1], button("item-"+i[0], "Renew", i[1])))
	}
	for _, f := range [][2]string{{"delivery", "Delivery"}, {"collection", "Collection"}, {"wrap", "Gift wrap"}} {
		fieldsets = append(fieldsets, fmt.Sprintf(`<fieldset><legend>%s</legend>%s</fieldset>`, f[1], button("fs-"+f[0], "Renew", f[1])))
	}
	dialog := `<div role="dialog" aria-label="Help us grow"><p>Tell us how we did.</p>` + button("dlg-help", "Renew", "Help us grow") + `</div>`
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><meta charset="utf-8"><title>Renewals</title></head><body><main><h1>Renewals</h1>
<p role="status" id="status"></p>`)
	if rev {
		b.WriteString(dialog)
	}
	// The sections differ in class: three alike would be cards themselves.
	b.WriteString(`<section class="plans"><h2>Plans</h2>` + strings.Join(order(plans), "") + `</section>`)
	b.WriteString(`<section class="doctors"><h2>Doctors</h2>` + strings.Join(order(doctors), "") + `</section>`)
	b.WriteString(`<section class="bills"><h2>Bills</h2><table><thead><tr><th>Month</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>` +
		strings.Join(order(rows), "") + `</tbody></table></section>`)
	b.WriteString(`<section class="todos"><h2>To do</h2><ul>` + strings.Join(order(todos), "") + `</ul></section>`)
	b.WriteString(`<form class="options" onsubmit="return false"><h2>Options</h2>` + strings.Join(order(fieldsets), "") + `</form>`)
	if !rev {
		b.WriteString(dialog)
	}
	b.WriteString(`</main><script>
document.addEventListener("click", async (e) => {
  const b = e.target.closest("button[data-id]");
  if (!b) return;
  await fetch("/click", {method: "POST", body: b.dataset.id});
  const done = b.textContent === "Delete" ? "Deleted " : b.textContent + "ed ";
  document.getElementById("status").textContent = done.replace("ee", "e") + b.dataset.of;
  if (b.textContent === "Delete") b.closest("tr").remove();
});
</script></body></html>`)
	return b.String()
}

func button(id, name, of string) string {
	return fmt.Sprintf(`<button type="button" data-id="%s" data-of="%s">%s</button>`, id, html.EscapeString(of), name)
}

// pressLog is the fixture server's own record of the buttons pressed, in
// order; changed is signalled on every press.
type pressLog struct {
	mu      sync.Mutex
	ids     []string
	changed chan struct{}
}

func (l *pressLog) add(id string) {
	l.mu.Lock()
	l.ids = append(l.ids, id)
	l.mu.Unlock()
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

func (l *pressLog) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.ids)
}

// waitFor waits until the server has seen n presses.
func (l *pressLog) waitFor(t *testing.T, n int) {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for len(l.all()) < n {
		select {
		case <-l.changed:
		case <-timeout:
			t.Fatalf("the server saw %v, want %d presses", l.all(), n)
		}
	}
}

// serveGroups serves groupsPage (reversed with ?rev=1) and logs POST /click.
func serveGroups(t *testing.T) (string, *pressLog) {
	t.Helper()
	log := &pressLog{changed: make(chan struct{}, 1)}
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, groupsPage(r.URL.Query().Get("rev") == "1"))
	})
	mux.HandleFunc("POST /click", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		log.add(string(b))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/", log
}

// pressIn waits until the page lists a control named name in the group
// the path entry group names, and presses it.
func (p *person) pressIn(name, group string) {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		scr := p.look()
		for _, c := range scr.Candidates {
			if c.Name == name && slices.Contains(c.Path, group) {
				p.act(surfaces.Click(c.Ref), "click "+c.Summary()+" in "+group)
				return
			}
		}
		if time.Now().After(deadline) {
			var have []string
			for _, c := range scr.Candidates {
				have = append(have, c.Summary()+" at "+strings.Join(c.Path, " › "))
			}
			p.t.Fatalf("no %q in %s; the page has %s", name, group, strings.Join(have, ", "))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestRecordedGroupAnchorsPressTheSameControlsOnAReorderedPage records a
// press of the same-named "Renew" in a card with a class and a heading, a
// class-less card, a table row, a list item, a fieldset and a dialog, and
// ends on the Delete of another row. The recorder names each group as
// sight names it at replay (a row by its first cell), so the flow says
// where each press happened. Replayed with the local decider and no cache
// on the page with every run of groups reversed, where each control's rank
// differs, the server's own log shows the same buttons pressed in the same
// order, the approved Delete included.
func TestRecordedGroupAnchorsPressTheSameControlsOnAReorderedPage(t *testing.T) {
	addr := startChromium(t) // one browser records and replays
	url, log := serveGroups(t)
	out := t.TempDir() + "/groups.flow"
	rec := startRecording(t, url, "-o", out, "--browser-url", addr)
	p := attachPerson(t, addr, url)

	presses := []struct{ name, group, id string }{
		{"Renew", `card "Basic plan"`, "card-basic"},
		{"Renew", `card "Dr Ana Silva"`, "doc-silva"},
		{"Renew", `row "January 2025 · £93.15 · Paid"`, "row-jan"},
		{"Renew", `listitem "Buy milk"`, "item-milk"},
		{"Renew", `group "Delivery"`, "fs-delivery"},
		{"Renew", `dialog "Help us grow"`, "dlg-help"},
		{"Delete", `row "March 2025 · £97.40 · Paid"`, "delete-mar"},
	}
	var want []string
	for i, pr := range presses {
		p.pressIn(pr.name, pr.group)
		log.waitFor(t, i+1) // one press at a time, in order
		want = append(want, pr.id)
	}
	if got := log.all(); !slices.Equal(got, want) {
		t.Fatalf("the person pressed %v, want %v", got, want)
	}
	rec.written(t)
	if code := rec.interrupt(t); code != 0 {
		t.Fatalf("flow record: exit %d\n%s", code, rec.stderr.String())
	}
	src := checkRecorded(t, out, rec)
	t.Logf("recorded:\n%s", src)
	for _, step := range []string{
		`do "press Renew on the card \"Basic plan\""`,
		`do "press Renew on the card \"Dr Ana Silva\""`,
		`do "press Renew in the row \"January 2025\""`,
		`do "press Renew on the item \"Buy milk\""`,
		`do "press Renew in the group \"Delivery\""`,
		`do "press Renew in the dialog \"Help us grow\""`,
		`stop_before "deleting in the row \"March 2025\""`,
	} {
		if !strings.Contains(src, step) {
			t.Errorf("the flow lacks %s", step)
		}
	}

	// The replay reads the steps' words alone (no cache), on the reversed
	// page, and presses the guarded Delete too (--approve), so the server
	// sees where the stop_before would have stopped.
	before := len(log.all())
	code, stdout, stderr := flowRun("run", out, "--facts", strings.TrimSuffix(out, ".flow")+".facts.yaml",
		"--fact", "site="+url+"?rev=1", "--browser-url", addr, "--new-page", "--model", "local",
		"--cache", "off", "--approve", "--quiet")
	if got := log.all()[before:]; !slices.Equal(got, want) {
		t.Errorf("the replay on the reordered page pressed %v, the recording %v\nexit %d\n%s%s", got, want, code, stdout, stderr)
	}
}
