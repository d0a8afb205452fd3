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

// cardsPagePath is the generated shop page BenchmarkObserveCards observes;
// bench/ariasnapshot loads the same file.
const cardsPagePath = "testdata/cards2000.html"

// cardsPage generates a shop's product grid with n controls, as a real
// shop lays one out: a header with search, categories and the cart, a
// sort select, then product cards in a CSS grid, each with an image link,
// a title link, a rating, a price (some on sale, some sold out), a size
// select, a quantity stepper (− number +), "Add to cart" and "Save". Every
// card holds 8 controls and the header 8, so n should be 8 more than a
// multiple of 8.
func cardsPage(n int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop: all products</title>
<style>
body{font:14px/1.4 sans-serif;margin:0;color:#222}
header{display:flex;gap:16px;align-items:center;padding:8px 16px;background:#f4f4f4;position:sticky;top:0;z-index:2}
header nav a{margin-right:12px}
.toolbar{display:flex;justify-content:space-between;padding:8px 16px}
.product-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:16px;padding:0 16px 16px}
.product-card{border:1px solid #ddd;border-radius:8px;padding:12px;position:relative}
.product-card:hover{box-shadow:0 2px 8px rgba(0,0,0,.15)}
.product-card img{display:block;width:100%;height:auto}
.badge{position:absolute;top:8px;left:8px;background:#c00;color:#fff;padding:2px 6px;border-radius:4px;font-size:12px}
.product-title{font-size:16px;margin:8px 0 4px}
.rating{color:#e8a200;display:inline-block}
.price s{color:#888;margin-right:6px}
.qty{display:inline-flex;align-items:center;border:1px solid #ccc;border-radius:4px}
.qty input{width:40px;text-align:center;border:0}
.btn{border:1px solid #333;background:#fff;border-radius:4px;padding:4px 10px}
.btn:hover{cursor:pointer}
.btn.add{background:#222;color:#fff}
.btn[disabled]{opacity:.5}
.actions{display:flex;gap:8px;margin-top:8px}
</style></head>
<body>
<header><a class="logo" href="#home">Northwind Shop</a>
<form role="search" action="#search"><input type="search" name="q" placeholder="Search products" aria-label="Search products"> <button class="btn" type="submit">Search</button></form>
<nav aria-label="Categories"><a href="#women">Women</a> <a href="#men">Men</a> <a href="#kids">Kids</a></nav>
<a class="cart" href="#cart">Cart (0)</a></header>
<main>
<div class="toolbar"><h1>All products</h1><label>Sort by <select name="sort"><option>Featured</option><option>Price: low to high</option><option>Price: high to low</option><option>Newest</option></select></label></div>
<div class="product-grid">
`)
	adjectives := []string{"Linen", "Wool", "Cotton", "Denim", "Silk", "Merino", "Canvas", "Leather", "Fleece"}
	kinds := []string{"shirt", "jacket", "scarf", "sneaker", "backpack", "cap", "sweater", "dress", "belt", "sock"}
	colours := []string{"blue", "black", "olive", "sand", "red", "grey", "navy"}
	fills := []string{"%23c8d8e8", "%23333333", "%23808040", "%23e0d0b0", "%23c04040", "%23a0a0a0", "%23202850"}
	for i := 1; 8*i+8 <= n; i++ {
		name := fmt.Sprintf("%s %s %d", adjectives[i%len(adjectives)], kinds[(i/len(adjectives))%len(kinds)], i)
		colour := colours[i%len(colours)]
		cents := 1900 + (i*737)%9000
		stars := 30 + (i*7)%21 // 3.0 to 5.0
		fmt.Fprintf(&b, "<article class=\"product-card\" data-sku=\"SKU-%04d\">\n", i)
		fmt.Fprintf(&b, "<a class=\"product-image\" href=\"#p%d\"><img src=\"data:image/svg+xml,%%3Csvg xmlns='http://www.w3.org/2000/svg' width='240' height='160'%%3E%%3Crect width='240' height='160' fill='%s'/%%3E%%3C/svg%%3E\" alt=\"%s, %s\" width=\"240\" height=\"160\"></a>\n", i, fills[i%len(fills)], name, colour)
		soldOut := i%11 == 0
		switch {
		case soldOut:
			b.WriteString("<span class=\"badge\">Sold out</span>\n")
		case i%5 == 0:
			b.WriteString("<span class=\"badge\">Sale</span>\n")
		}
		fmt.Fprintf(&b, "<h3 class=\"product-title\"><a href=\"#p%d\">%s</a></h3>\n", i, name)
		fmt.Fprintf(&b, "<div class=\"rating\" role=\"img\" aria-label=\"Rated %d.%d out of 5\">%s</div> <span class=\"reviews\">(%d reviews)</span>\n",
			stars/10, stars%10, strings.Repeat("★", stars/10)+strings.Repeat("☆", 5-stars/10), 3+(i*53)%400)
		if i%5 == 0 {
			fmt.Fprintf(&b, "<p class=\"price\"><s>€%d.%02d</s> <strong>€%d.%02d</strong></p>\n", cents*5/400, cents*5/4%100, cents/100, cents%100)
		} else {
			fmt.Fprintf(&b, "<p class=\"price\"><strong>€%d.%02d</strong></p>\n", cents/100, cents%100)
		}
		fmt.Fprintf(&b, "<label class=\"size\">Size <select name=\"size-%d\"><option>XS</option><option>S</option><option selected>M</option><option>L</option><option>XL</option></select></label>\n", i)
		fmt.Fprintf(&b, "<div class=\"qty\"><button type=\"button\" class=\"btn step\" aria-label=\"Decrease quantity\">−</button><input type=\"number\" name=\"qty-%d\" value=\"1\" min=\"1\" max=\"10\" aria-label=\"Quantity\"><button type=\"button\" class=\"btn step\" aria-label=\"Increase quantity\">+</button></div>\n", i)
		disabled := ""
		if soldOut {
			disabled = " disabled"
		}
		fmt.Fprintf(&b, "<div class=\"actions\"><button type=\"button\" class=\"btn add\"%s>Add to cart</button><button type=\"button\" class=\"btn save\"><svg aria-hidden=\"true\" width=\"14\" height=\"14\" viewBox=\"0 0 24 24\"><path d=\"M12 21l-8-8a5 5 0 0 1 8-6 5 5 0 0 1 8 6z\"/></svg> Save</button></div>\n", disabled)
		b.WriteString("</article>\n")
	}
	b.WriteString("</div>\n</main>\n<footer><p>Prices include VAT. Free returns within 30 days.</p></footer>\n</body></html>\n")
	return b.String()
}

// TestBenchPagesUpToDate keeps the committed pages equal to their
// generators; BENCH_WRITE=1 rewrites them.
func TestBenchPagesUpToDate(t *testing.T) {
	pages := []struct {
		path, html string
		controls   int // the tags and roles of controls in the source
	}{
		{benchPagePath, benchPage(2000), 0},
		{cardsPagePath, cardsPage(2000), 0},
	}
	for i := range pages {
		h := pages[i].html
		pages[i].controls = strings.Count(h, "<button") + strings.Count(h, "<input") + strings.Count(h, "<a ") +
			strings.Count(h, "<select") + strings.Count(h, "role=\"") - strings.Count(h, "role=\"img\"") - strings.Count(h, "role=\"search\"")
	}
	for _, p := range pages {
		if os.Getenv("BENCH_WRITE") != "" {
			if err := os.WriteFile(p.path, []byte(p.html), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(p.path)
		if err != nil || string(got) != p.html {
			t.Errorf("%s is missing or stale (%v): run BENCH_WRITE=1 go test -run TestBenchPagesUpToDate", p.path, err)
		}
		if p.controls != 2000 {
			t.Errorf("%s has %d controls, want 2000", p.path, p.controls)
		}
	}
}

// BenchmarkObserve2000 observes the 2,000-control page and reports the
// median observation time and how many controls it names.
func BenchmarkObserve2000(b *testing.B) { benchObserve(b, benchPagePath) }

// BenchmarkObserveCards observes the 2,000-control shop page of product
// cards and reports the same metrics as BenchmarkObserve2000.
func BenchmarkObserveCards(b *testing.B) { benchObserve(b, cardsPagePath) }

// benchObserve observes the page at path once, then b.N times, and reports
// the median time (median-ms), the candidates and the named ones (what
// bench/ariasnapshot/run.sh reads).
func benchObserve(b *testing.B, path string) {
	s := newSurface(b)
	sc := open(b, s, "/"+path)
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
