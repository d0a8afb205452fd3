package runtime_test

import (
	"context"
	"testing"
	"time"

	"flow/flows"
	"flow/runtime"
	"flow/surfaces/browser"
)

// TestFillAnswersALateSuggestionList types into the booking site's city
// combobox, whose suggestion list opens 150 ms after the typing and then
// asks the server: the fill waits for the list and takes the suggestion,
// however fast the act settled.
func TestFillAnswersALateSuggestionList(t *testing.T) {
	url, _, stop, err := flows.Serve("booking")
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	flow := compile(t, `import "std/web"

flow from_lisbon "Fly from Lisbon" {
  fact site: url "The booking site"
  browse "${site}"
  web.dismiss_cookies()
  enter "where from" = "Lisbon"
}
`)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	surf, err := chromium.NewSurface(ctx, browser.SurfaceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer surf.Close()
	res := runtime.Run(ctx, flow, runtime.Options{Surface: surf, Facts: map[string]any{"site": url}, Timeout: 30 * time.Second})
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v", res.Outcome, res.Failure)
	}
	scr, err := surf.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, c := range scr.Candidates {
		if c.Role == "combobox" && c.Name == "Where from?" {
			got = c.Value
		}
	}
	if got != "Lisbon (LIS)" {
		t.Errorf("where from reads %q, want the suggestion \"Lisbon (LIS)\"", got)
	}
}
