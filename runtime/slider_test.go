package runtime_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"flow/compiler"
	"flow/runtime"
)

// sliderPage has two sliders drawn by script: an ARIA slider that shows
// its value in aria-valuenow, and a bare handle whose value shows in the
// text after it. Both move by arrow keys only; the page records the last
// value of each.
const sliderPage = `<!doctype html><title>Sliders</title>
<style>.track{width:200px;height:8px;background:#ccc;margin:16px}.knob{display:inline-block;width:12px;height:12px;background:#333}</style>
<h1>Settings</h1>
<label id=vl>Volume</label>
<div id=vol class=track role=slider tabindex=0 aria-labelledby=vl aria-valuemin=0 aria-valuemax=20 aria-valuenow=3></div>
<div class=track id=zoom><span class="slider-handle knob" tabindex=0></span></div>
<div id=zv>50</div>
<script>
function keys(el, get, set, min, max) {
  el.addEventListener("keydown", (e) => {
    let v = get();
    if (e.key === "ArrowRight" || e.key === "ArrowUp") v = Math.min(max, v + 1);
    if (e.key === "ArrowLeft" || e.key === "ArrowDown") v = Math.max(min, v - 1);
    set(v);
  });
}
const vol = document.getElementById("vol"), zv = document.getElementById("zv");
keys(vol, () => +vol.getAttribute("aria-valuenow"), (v) => vol.setAttribute("aria-valuenow", v), 0, 20);
keys(document.querySelector(".knob"), () => +zv.textContent, (v) => { zv.textContent = v; }, 10, 90);
</script>`

// runPage runs src (a flow with a site fact) on page served locally, and
// returns the result and the screen it left.
func runPage(t *testing.T, page, src string) (*runtime.Result, string) {
	t.Helper()
	return runPageUntil(t, page, src, "")
}

// runStep runs a flow of one step after browsing to page, served locally
// (runPage with the flow's usual opening written once).
func runStep(t *testing.T, page, step string) (*runtime.Result, string) {
	t.Helper()
	return runPage(t, page, "flow f \"One step\" {\n  fact site: url \"The page\"\n  browse \"${site}\"\n  "+step+"\n}\n")
}

// completedShowing fails the test unless the run completed and the page
// (as runPage reads it) shows want.
func completedShowing(t *testing.T, res *runtime.Result, page, want string) {
	t.Helper()
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
	if !strings.Contains(page, want) {
		t.Errorf("the page does not show %q:\n%s", want, page)
	}
}

// runPageUntil is runPage that, when until is set, reads the page again
// until it shows until (for at most 5 s): a page's own handler of an
// event the run caused (a scroll) may speak a frame after the run ends.
func runPageUntil(t *testing.T, page, src, until string) (*runtime.Result, string) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page)
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "page.flow")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, diags := compiler.CompileFile(path)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	facts, diags := compiler.LoadFacts(prog.Flows[0], "", nil, []string{"site=" + srv.URL})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws := newWorkspace(t, ctx)
	res := runtime.Run(ctx, prog.Flows[0], runtime.Options{Surface: ws, Facts: facts, Timeout: time.Minute})
	deadline := time.Now().Add(5 * time.Second)
	for {
		scr, err := ws.Observe(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if until == "" || strings.Contains(scr.String(), until) || time.Now().After(deadline) {
			return res, scr.String()
		}
		if err := ws.Settle(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// TestChooseOnKeySliders sets both sliders by arrow keys and reads the
// page back; a value past the end fails where the slider stopped.
func TestChooseOnKeySliders(t *testing.T) {
	res, page := runPage(t, sliderPage, `flow s "Set the sliders" {
  fact site: url "The page"
  browse "${site}"
  choose "volume" = "7"
  choose "the zoom slider" = "42"
}
`)
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
	for _, want := range []string{`slider "Volume" = "7"`, `"42"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not show %s:\n%s", want, page)
		}
	}
	res, _ = runPage(t, sliderPage, `flow s "Set the volume too high" {
  fact site: url "The page"
  browse "${site}"
  choose "volume" = "25"
}
`)
	if res.Outcome != runtime.Failed || res.Failure == nil || !strings.Contains(res.Failure.Reason, "changed nothing at 20") {
		t.Errorf("outcome %s, failure %+v; want a failure where the slider stopped, at 20", res.Outcome, res.Failure)
	}
}

// termsPage shows terms in a text area that must be read to the end
// before the box can be ticked; the page says how far it was read.
const termsPage = `<!doctype html><title>Terms</title>
<h1>Before you start</h1>
<textarea id=t rows=3 cols=30 readonly>1. You may use the service.
2. You may not misuse it.
3. We may change these terms.
4. We keep your data safe.
5. You can leave at any time.
6. That is all.</textarea>
<p id=read>read to line 1</p>
<script>
const t = document.getElementById("t");
t.addEventListener("scroll", () => {
  document.getElementById("read").textContent = t.scrollTop + t.clientHeight >= t.scrollHeight - 2 ? "read to the end" : "read part way";
});
</script>`

// TestDoScrollsATextAreaToItsEnd: a step that says to scroll a text area
// is done by scrolling it, to the end it names.
func TestDoScrollsATextAreaToItsEnd(t *testing.T) {
	res, page := runPageUntil(t, termsPage, `flow s "Read the terms" {
  fact site: url "The page"
  browse "${site}"
  do "scroll the terms to the bottom"
}
`, "read to the end")
	if res.Outcome != runtime.Completed || !strings.Contains(page, "read to the end") {
		t.Errorf("outcome %s (%v); want completed with the terms read to the end:\n%s", res.Outcome, res.Failure, page)
	}
}

// fieldsPage has three text fields without labels and a log of which
// took the focus.
const fieldsPage = `<!doctype html><title>Fields</title>
<input id=a><br><input id=b><br><input id=c>
<p id=log>none focused</p>
<script>
for (const el of document.querySelectorAll("input")) {
  el.addEventListener("focus", () => { document.getElementById("log").textContent = el.id + " focused"; });
}
</script>`

// TestDoClicksIntoTheNamedField: a step that clicks into a field is
// offered the fields, counts them by position, and is done once the
// field has the focus.
func TestDoClicksIntoTheNamedField(t *testing.T) {
	res, page := runPage(t, fieldsPage, `flow s "Focus" {
  fact site: url "The page"
  browse "${site}"
  do "click into the 2nd textbox"
}
`)
	if res.Outcome != runtime.Completed || !strings.Contains(page, "b focused") {
		t.Errorf("outcome %s (%v); want completed with the second field focused:\n%s", res.Outcome, res.Failure, page)
	}
}
