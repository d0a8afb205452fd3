package browser

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// benchPagePath is the generated page BenchmarkObserve2000 observes; the
// node comparison in bench/ariasnapshot loads the same file.
const benchPagePath = "testdata/bench2000.html"

// benchPage generates a page with n varied controls: buttons (some named
// only by an icon class), labelled inputs, links, selects, checkboxes and
// ARIA widgets, grouped in sections, lists and cards with text around them.
func benchPage(n int) string {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Bench 2000</title>\n")
	b.WriteString("<style>body{font:14px sans-serif} .card{border:1px solid #ccc;margin:4px;padding:4px;display:inline-block;width:280px;vertical-align:top} label{margin-right:4px}</style></head>\n<body>\n<header><nav aria-label=\"Top\"><a href=\"#home\">Home</a> <a href=\"#help\">Help</a></nav></header>\n<main>\n")
	icons := []string{"trash", "close", "edit", "share", "star", "download"}
	for i := 0; i < n-2; {
		fmt.Fprintf(&b, "<section aria-label=\"Section %d\"><h2>Section %d</h2><p>Some text about section %d, with <b>details</b>.</p><ul>\n", i/40, i/40, i/40)
		for j := 0; j < 8 && i < n-2; j++ {
			fmt.Fprintf(&b, "<li class=\"card\"><h3>Item %d</h3><p>Price €%d.%02d</p>\n", i, 10+i%90, i%100)
			for k := 0; k < 5 && i < n-2; k, i = k+1, i+1 {
				switch i % 10 {
				case 0, 1:
					fmt.Fprintf(&b, "<button type=\"button\">Action %d</button>\n", i)
				case 2:
					fmt.Fprintf(&b, "<button type=\"button\" class=\"icon-btn\"><i class=\"fa fa-%s\"></i></button>\n", icons[i%len(icons)])
				case 3, 4:
					fmt.Fprintf(&b, "<label for=\"f%d\">Field %d</label><input id=\"f%d\" name=\"f%d\" placeholder=\"Value %d\">\n", i, i, i, i, i)
				case 5, 6:
					fmt.Fprintf(&b, "<a href=\"#item-%d\">Open item %d</a>\n", i, i)
				case 7:
					fmt.Fprintf(&b, "<label>Choice %d <select name=\"s%d\"><option>One</option><option>Two</option><option>Three</option><option>Four</option><option>Five</option></select></label>\n", i, i)
				case 8:
					fmt.Fprintf(&b, "<label><input type=\"checkbox\" name=\"c%d\"> Option %d</label>\n", i, i)
				case 9:
					switch i % 3 {
					case 0:
						fmt.Fprintf(&b, "<div role=\"button\" tabindex=\"0\" aria-label=\"Widget %d\" style=\"display:inline-block;width:20px;height:20px;background:#888\"></div>\n", i)
					case 1:
						fmt.Fprintf(&b, "<div role=\"switch\" tabindex=\"0\" aria-checked=\"false\">Toggle %d</div>\n", i)
					default:
						fmt.Fprintf(&b, "<span role=\"tab\" tabindex=\"0\" aria-selected=\"false\">Tab %d</span>\n", i)
					}
				}
			}
			b.WriteString("</li>\n")
		}
		b.WriteString("</ul></section>\n")
	}
	b.WriteString("</main>\n<footer><p>End of the bench page.</p></footer>\n</body></html>\n")
	return b.String()
}

// TestBenchPageUpToDate keeps the committed page equal to the generator;
// BENCH_WRITE=1 rewrites it.
func TestBenchPageUpToDate(t *testing.T) {
	want := benchPage(2000)
	if os.Getenv("BENCH_WRITE") != "" {
		if err := os.WriteFile(benchPagePath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(benchPagePath)
	if err != nil || string(got) != want {
		t.Fatalf("%s is missing or stale (%v): run BENCH_WRITE=1 go test -run TestBenchPageUpToDate", benchPagePath, err)
	}
	if n := strings.Count(want, "<button") + strings.Count(want, "<input") + strings.Count(want, "<a ") +
		strings.Count(want, "<select") + strings.Count(want, "role=\""); n != 2000 {
		t.Errorf("bench page has %d controls, want 2000", n)
	}
}

// BenchmarkObserve2000 observes the 2,000-control page and reports the
// median observation time and how many controls it names.
func BenchmarkObserve2000(b *testing.B) {
	s := newSurface(b)
	sc := open(b, s, "/"+benchPagePath)
	named := 0
	for _, c := range sc.Candidates {
		if c.Name != "" {
			named++
		}
	}
	var times []time.Duration
	ctx := testCtx(b)
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		if _, err := s.Observe(ctx); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(named), "named")
	b.ReportMetric(float64(len(sc.Candidates)), "candidates")
}

// TestAriaSnapshotUsesSameFlags keeps the node comparison honest: it must
// start Chromium with the switches flow uses.
func TestAriaSnapshotUsesSameFlags(t *testing.T) {
	src, err := os.ReadFile("../../bench/ariasnapshot/ariasnapshot.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Flags(false) {
		if !strings.Contains(string(src), "'"+f+"'") {
			t.Errorf("bench/ariasnapshot/ariasnapshot.js does not pass %s", f)
		}
	}
}

// BenchmarkCaptureDescribe2000 measures what a recording adds to each click
// on the 2,000-control page: capture.js names the clicked control with
// sight.js's candidateOf (a full observation) before the page's own
// handlers run. It reports the median in-page time.
func BenchmarkCaptureDescribe2000(b *testing.B) {
	s := newSurface(b)
	open(b, s, "/"+benchPagePath)
	ctx, cancel := s.actCtx(testCtx(b))
	defer cancel()
	id, err := s.main.ensureWorld(ctx)
	if err != nil {
		b.Fatal(err)
	}
	const expr = `(() => {
		const el = Array.from(document.querySelectorAll("button")).pop();
		const t0 = performance.now();
		const c = window.__flow.candidateOf(el);
		if (!c || c.el !== el) throw new Error("the last button is not named");
		return performance.now() - t0;
	})()`
	var times []float64
	for b.Loop() {
		raw, err := evalIn(ctx, id, expr)
		if err != nil {
			b.Fatal(err)
		}
		var ms float64
		if err := json.Unmarshal(raw, &ms); err != nil {
			b.Fatal(err)
		}
		times = append(times, ms)
	}
	slices.Sort(times)
	b.ReportMetric(times[len(times)/2], "median-page-ms")
}
