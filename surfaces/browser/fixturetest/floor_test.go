package fixturetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"flow/flows"
	"flow/surfaces/browser"
)

// A floor is a hand-written chromedp program that does what one example
// flow's run does on the same fixture site (the same page loads, fields
// typed, options chosen and clicks, found by CSS selectors a person read
// off the HTML) and ends where the run ends. Its wall time is the floor
// under the flow runtime's: what the same actions cost with no observing,
// no deciding and no guarding.
type floor struct {
	// do performs the actions on the site at url (its root, with a slash).
	do func(ctx context.Context, url string) error
	// check proves, on the final page, that do really did its job; the
	// site's event log is checked against the example's expectation
	// besides. It runs outside the timer.
	check func(ctx context.Context) error
}

// floors holds one floor per example of flows.Examples, by name. The
// numbers in comments are the flow run's actions the floor repeats.
var floors = map[string]floor{
	// navigate, click the coupon button in its shadow root.
	"adversarial": {
		do: func(ctx context.Context, url string) error {
			return chromedp.Do(ctx,
				chromedp.Navigate(url),
				chromedp.Click(chromedp.JSPath(`document.querySelector("#coupon").shadowRoot.querySelector("button")`)),
				chromedp.WaitVisible(chromedp.CSS("#coupon-line")),
			)
		},
		check: pageShows("#order-total", "€81.90", "#pay", "Pay now"),
	},
	// navigate, accept cookies, 3 fills and the 2 cities' suggestions, 1
	// click on the travellers' +, search, pick IB 6543, continue, 2 fills,
	// continue, no insurance, to payment, 4 fills, tick the terms: 21
	// actions.
	"booking": {
		do: func(ctx context.Context, url string) error {
			return chromedp.Do(ctx, append(searchFlights(url, "Lisbon", "Oslo", "2026-12-24", "2", "IB 6543"),
				chromedp.WaitVisible(chromedp.CSS(`#fare-form button[type=submit]`)),
				chromedp.Click(chromedp.CSS(`#fare-form button[type=submit]`)),
				chromedp.WaitVisible(chromedp.CSS("#fullname")),
				typeInto("#fullname", "Ada Lovelace"),
				typeInto("#email", "ada@example.com"),
				chromedp.Click(chromedp.CSS(`#traveller-form button[type=submit]`)),
				chromedp.WaitVisible(chromedp.CSS("#no-insurance")),
				chromedp.Click(chromedp.CSS("#no-insurance")),
				chromedp.WaitVisible(chromedp.CSS("#to-payment")),
				chromedp.Click(chromedp.CSS("#to-payment")),
				chromedp.WaitVisible(chromedp.CSS("#cc-name")),
				typeInto("#cc-name", "Ada Lovelace"),
				typeInto("#cc-number", "4242424242424242"),
				typeInto("#cc-exp", "12/30"),
				typeInto("#cc-csc", "123"),
				chromedp.Click(chromedp.CSS("#terms")),
			)...)
		},
		check: allOf(
			pageShows("#pay-btn", "Pay €331.86"),
			jsTrue(`document.querySelector("#terms").checked && document.querySelector("#cc-number").value.replace(/\D/g, "") === "4242424242424242"`),
		),
	},
	// navigate, 2 radio clicks, 5 fills, 3 selects, tick consent: 12.
	"conditional_form": {
		do: func(ctx context.Context, url string) error {
			return chromedp.Do(ctx,
				chromedp.Navigate(url),
				chromedp.Click(chromedp.CSS(`label:has(> input[name=is_company][value=yes])`)),
				chromedp.WaitVisible(chromedp.CSS("#company_name")),
				typeInto("#company_name", "Analytical Engines Ltd"),
				typeInto("input[name=full_name]", "Ada Lovelace"),
				typeInto("#email", "ada@example.com"),
				chooseOption("#country", "United States"),
				chromedp.WaitVisible(chromedp.CSS("#state:enabled")),
				chooseOption("#state", "New York"),
				chooseOption("#topic", "Other"),
				chromedp.WaitVisible(chromedp.CSS("#topic_other:enabled")),
				typeInto("#topic_other", "Bulk licences"),
				chromedp.Click(chromedp.CSS(`label:has(> input[name=heard][value=Other])`)),
				chromedp.WaitVisible(chromedp.CSS("#heard_other:enabled")),
				typeInto("#heard_other", "A podcast"),
				chromedp.Click(chromedp.CSS(`label:has(> input[name=consent])`)),
			)
		},
		check: formHolds("conditional_form", "form_submitted"),
	},
	// navigate, compose, 3 fills, save the draft: 6.
	"mail_draft": {
		do: func(ctx context.Context, url string) error {
			return chromedp.Do(ctx,
				chromedp.Navigate(url),
				chromedp.Click(chromedp.CSS("#compose-btn")),
				chromedp.WaitVisible(chromedp.CSS("#compose-to")),
				typeInto("#compose-to", "grace@navy.example"),
				typeInto("#compose-subject", "Lunch on Friday?"),
				typeInto("#compose-body", "Shall we have lunch on Friday after the compiler review?"),
				chromedp.Click(chromedp.CSS("#save-draft")),
				waitJS(`document.body.innerText.includes("Draft saved.")`),
			)
		},
		check: pageShows("#send", "Send"),
	},
	// navigate, search, open the moka pot, add, continue shopping, search,
	// open the mug, add, go to the cart, raise the mug's quantity: 12.
	"shop_cart": {
		do: func(ctx context.Context, url string) error {
			mugQty := `.qty[aria-label="Quantity of Enamel camping mug, 350 ml"]`
			return chromedp.Do(ctx,
				chromedp.Navigate(url),
				typeInto("input[name=q]", "moka pot"),
				chromedp.KeyEvent("\r"),
				// The home page features the moka pot too: wait for it in
				// the results, or the click races the search's page load.
				chromedp.WaitVisible(chromedp.CSS(`#results a.title[href="/product.html?id=moka-3"]`)),
				chromedp.Click(chromedp.CSS(`#results a.title[href="/product.html?id=moka-3"]`)),
				chromedp.WaitVisible(chromedp.CSS("#add")),
				chromedp.Click(chromedp.CSS("#add")),
				chromedp.WaitVisible(chromedp.CSS("#continue-shopping")),
				chromedp.Click(chromedp.CSS("#continue-shopping")),
				chromedp.WaitNotVisible(chromedp.CSS("#added")),
				typeInto("input[name=q]", "enamel mug"),
				chromedp.KeyEvent("\r"),
				chromedp.WaitVisible(chromedp.CSS(`#results a.title[href="/product.html?id=mug-enamel"]`)),
				chromedp.Click(chromedp.CSS(`#results a.title[href="/product.html?id=mug-enamel"]`)),
				chromedp.WaitVisible(chromedp.CSS("#add")),
				chromedp.Click(chromedp.CSS("#add")),
				chromedp.WaitVisible(chromedp.CSS(`#added a[href="/cart.html"]`)),
				chromedp.Click(chromedp.CSS(`#added a[href="/cart.html"]`)),
				chromedp.WaitVisible(chromedp.CSS(mugQty+" .inc")),
				chromedp.Click(chromedp.CSS(mugQty+" .inc")),
				waitJS(`document.querySelector('`+mugQty+` input')?.value === "2"`),
			)
		},
		check: pageShows("#checkout", "Proceed to checkout"),
	},
	// navigate, 2 fills, sign in, 1 fill, 1 select, the switch, save: 8.
	"signin": {
		do: func(ctx context.Context, url string) error {
			return chromedp.Do(ctx,
				chromedp.Navigate(url),
				typeInto("#login", "ada@example.com"),
				typeInto("#password", "Analytical-Engine-1843"),
				chromedp.Click(chromedp.CSS("#sign-in")),
				chromedp.WaitVisible(chromedp.CSS("#display-name")),
				// The settings arrive after the page: typing before would
				// be overwritten.
				waitJS(`document.querySelector("#display-name")?.value === "Ada"`),
				typeInto("#display-name", "Countess Lovelace"),
				chooseOption("#language", "Français"),
				chromedp.Click(chromedp.CSS("#newsletter")),
				chromedp.Click(chromedp.CSS("#save")),
				waitJS(`document.querySelector("#saved")?.textContent.trim() !== ""`),
			)
		},
		check: jsTrue(`document.querySelector("#newsletter").checked`),
	},
	// navigate, accept cookies, 3 fills and the 2 cities' suggestions,
	// search, pick TP 391: 9 (one adult is the stepper's start: no click).
	"trip": {
		do: func(ctx context.Context, url string) error {
			return chromedp.Do(ctx, append(searchFlights(url, "Porto", "Berlin", "2027-01-15", "1", "TP 391"),
				chromedp.WaitVisible(chromedp.CSS(`#fares input[type=radio]`)),
			)...)
		},
		check: allOf(
			pageShows("aside.price-box", "158.27"),
			jsTrue(`[...document.querySelectorAll("#fares input[type=radio]")].some(r => r.checked && r.closest("label, [role=radio], div").innerText.includes("Basic"))`),
		),
	},
}

// searchFlights are the booking site's first page and its results, as the
// booking and trip floors share them: accept the cookies, fill the search,
// choose the travellers, search, and select the flight numbered flight
// (the cheapest, read off the results once by hand).
func searchFlights(url, from, to, day, adults, flight string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#consent-accept")),
		chromedp.Click(chromedp.CSS("#consent-accept")),
		chromedp.WaitNotVisible(chromedp.CSS("#consent-accept")),
		typeInto("#from-input", from),
		chooseSuggestion("from-list", from),
		typeInto("#to-input", to),
		chooseSuggestion("to-list", to),
		setValue("#depart", day),
		stepTravellers(adults),
		chromedp.Click(chromedp.CSS("#search-btn")),
		chromedp.WaitVisible(chromedp.CSS(".select-btn")),
		// CSS cannot match text: the card is found by its flight number.
		chromedp.Click(chromedp.Search(`//article[contains(@class,"flight-card")][contains(., "` + flight + `")]//button[contains(@class,"select-btn")]`)),
	}
}

// stepTravellers clicks the travellers stepper's + until its count reads
// the wanted number of adults ("2 adults"), reading the count back after
// each click as a person would.
func stepTravellers(adults string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		n, err := strconv.Atoi(adults)
		if err != nil || n < 1 || n > 9 {
			return chromedp.Void{}, fmt.Errorf("travellers %q: the stepper counts 1 to 9", adults)
		}
		want := adults + " adults"
		if n == 1 {
			want = "1 adult"
		}
		for range 9 {
			count, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#adults-count"), chromedp.NodeVisible))
			if err != nil {
				return chromedp.Void{}, err
			}
			if count == want {
				return chromedp.Void{}, nil
			}
			if err := chromedp.Do(ctx,
				chromedp.Click(chromedp.CSS("#adults-inc:enabled")),
				waitJS(fmt.Sprintf(`document.querySelector("#adults-count").textContent !== %q`, count)),
			); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, fmt.Errorf("the stepper never read %q", want)
	}
}

// chooseSuggestion clicks, in the autocomplete list whose id is list,
// the suggestion that names city, once the list (which opens 150 ms after
// the typing, then fetches) shows it: the run chooses it too.
func chooseSuggestion(list, city string) chromedp.Action[chromedp.Void] {
	option := chromedp.Search(fmt.Sprintf(`//ul[@id=%q]/li[@role="option"][contains(., %q)]`, list, city))
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if err := chromedp.Do(ctx, chromedp.WaitVisible(option), chromedp.Click(option)); err != nil {
			return chromedp.Void{}, fmt.Errorf("choose %s in #%s: %w", city, list, err)
		}
		return chromedp.Void{}, nil
	}
}

// typeInto focuses the field, selects what it holds and inserts text, as
// the browser surface fills a field (Input.insertText: input events, no
// key events).
func typeInto(sel, text string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if err := chromedp.Do(ctx,
			chromedp.WaitVisible(chromedp.CSS(sel)),
			chromedp.Focus(chromedp.CSS(sel)),
			chromedp.Evaluate[chromedp.Void](`document.activeElement.select?.()`),
		); err != nil {
			return chromedp.Void{}, fmt.Errorf("type into %s: %w", sel, err)
		}
		_, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text})
		return chromedp.Void{}, err
	}
}

// setValue sets a field that takes no typed text (a date) and fires its
// input and change events.
func setValue(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		el.value = %q;
		el.dispatchEvent(new Event("input", {bubbles: true}));
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`, sel, value))
}

// chooseOption selects the option of a select whose label is label and
// fires the select's input and change events.
func chooseOption(sel, label string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
			const el = document.querySelector(%q);
			const o = el && [...el.options].find(o => o.label.trim() === %q);
			if (!o) return false;
			el.value = o.value;
			el.dispatchEvent(new Event("input", {bubbles: true}));
			el.dispatchEvent(new Event("change", {bubbles: true}));
			return true;
		})()`, sel, label)))
		if err == nil && !ok {
			err = fmt.Errorf("no option %q in %s", label, sel)
		}
		return chromedp.Void{}, err
	}
}

// waitJS waits until the expression is true.
func waitJS(expr string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(10*time.Millisecond)))
		return chromedp.Void{}, err
	}
}

// pageShows checks that each selector of pairs (selector, text, …) is
// visible on the final page and its text contains text.
func pageShows(pairs ...string) func(context.Context) error {
	return func(ctx context.Context) error {
		for i := 0; i+1 < len(pairs); i += 2 {
			sel, want := pairs[i], pairs[i+1]
			got, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel), chromedp.NodeVisible))
			if err != nil {
				return fmt.Errorf("%s: %w", sel, err)
			}
			if !strings.Contains(got, want) {
				return fmt.Errorf("%s shows %q, want %q", sel, got, want)
			}
		}
		return nil
	}
}

// jsTrue checks that expr is true on the final page.
func jsTrue(expr string) func(context.Context) error {
	return func(ctx context.Context) error {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		if err == nil && !ok {
			err = fmt.Errorf("not true on the final page: %s", expr)
		}
		return err
	}
}

// formHolds checks that the page's form would post the fields the
// example expects of the event, which the floor stops short of sending.
func formHolds(name, event string) func(context.Context) error {
	return func(ctx context.Context) error {
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`Object.fromEntries(new FormData(document.querySelector("form")))`))
		if err != nil {
			return err
		}
		var got map[string]any
		if err := json.Unmarshal(raw, &got); err != nil {
			return err
		}
		examples, err := flows.Examples()
		if err != nil {
			return err
		}
		i := slices.IndexFunc(examples, func(ex flows.Example) bool { return ex.Name == name })
		if i < 0 || len(examples[i].Expect.Data[event]) == 0 {
			return fmt.Errorf("example %s expects no %s fields", name, event)
		}
		for field, want := range examples[i].Expect.Data[event] {
			if fmt.Sprint(got[field]) != fmt.Sprint(want) {
				return fmt.Errorf("form field %s = %v, want %v", field, got[field], want)
			}
		}
		return nil
	}
}

// allOf checks each of checks in order and stops at the first failure.
func allOf(checks ...func(context.Context) error) func(context.Context) error {
	return func(ctx context.Context) error {
		for _, c := range checks {
			if err := c(ctx); err != nil {
				return err
			}
		}
		return nil
	}
}

// BenchmarkFloor times each example's floor program in a Chromium launched
// with the browser surface's flags, one fresh browser context per round,
// after one untimed round (as BenchmarkExamples in package runtime does).
// ns/op is the wall time from opening the context to closing it; the site
// server (fresh per round, as the shop's cart lives on the server) and the
// checks run outside the timer. Compare with BenchmarkExamples:
// bench/examples/run.sh prints both.
func BenchmarkFloor(b *testing.B) {
	all, err := flows.Examples()
	if err != nil {
		b.Fatal(err)
	}
	browserCtx, closeBrowser := launchFloorBrowser(b)
	defer closeBrowser()
	for _, ex := range all {
		b.Run(ex.Name, func(b *testing.B) {
			fl, ok := floors[ex.Name]
			if !ok {
				b.Fatalf("example %s has no floor program: add one to floors", ex.Name)
			}
			floorOnce(b, browserCtx, ex, fl)
			b.ResetTimer()
			for range b.N {
				floorOnce(b, browserCtx, ex, fl)
			}
		})
	}
}

// floorOnce runs fl once on a fresh site in a fresh browser context of
// browserCtx, the timer running from the context's opening to its closing
// but for the checks, and holds the run to the example's expectation.
func floorOnce(b *testing.B, browserCtx context.Context, ex flows.Example, fl floor) {
	b.StopTimer()
	url, log, stop, err := flows.Serve(ex.Expect.Site)
	if err != nil {
		b.Fatal(err)
	}
	defer stop()
	runCtx, cancelRun := context.WithTimeout(context.Background(), time.Minute)
	defer cancelRun()
	b.StartTimer()

	tab, closeTab := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	stopWatch := context.AfterFunc(runCtx, closeTab)
	defer stopWatch()
	err = fl.do(tab, url)
	b.StopTimer()
	if err == nil {
		err = fl.check(tab)
	}
	if err == nil {
		err = ex.Expect.Check(log.Events(), false)
	}
	if err == nil && ex.Expect.StopTarget != "" {
		err = jsTrue(fmt.Sprintf(`document.body.innerText.includes(%q)`, ex.Expect.StopTarget))(tab)
	}
	b.StartTimer()
	closeTab()
	b.StopTimer()
	if err != nil {
		b.Fatalf("floor of %s: %v\nsite events: %v", ex.Name, err, log.Types())
	}
}

// launchFloorBrowser starts Chromium as browser.Start does (same binary,
// flags and window size) but driven by chromedp alone, and returns its
// context and a func that closes it.
func launchFloorBrowser(b *testing.B) (context.Context, func()) {
	b.Helper()
	path, err := browser.FindChromium()
	if err != nil {
		b.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "flow-floor-")
	if err != nil {
		b.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(path), chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 800)}
	for _, f := range browser.Flags(false) {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(f, "--"), "=")
		if hasValue {
			opts = append(opts, chromedp.Flag(name, value))
		} else {
			opts = append(opts, chromedp.Flag(name, true))
		}
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	// The first Do owns the browser: no deadline on it.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		os.RemoveAll(dir)
		b.Fatal("launch chromium:", err)
	}
	return ctx, func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(dir)
	}
}
