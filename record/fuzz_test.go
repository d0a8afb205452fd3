package record_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"flow/compiler"
	"flow/grammar"
	"flow/record"
	"flow/surfaces"
)

// Pools the fuzzer picks event parts from: names that are guarded,
// dismissals, repeated, odd (quotes, ${, newlines, invalid UTF-8), and
// values of every fact type, secrets among them.
var (
	fuzzKinds = []surfaces.EventKind{surfaces.EventClick, surfaces.EventInput, surfaces.EventSelect, surfaces.EventCheck,
		surfaces.EventUncheck, surfaces.EventSubmit, surfaces.EventKey, surfaces.EventNavigate, surfaces.EventShown}
	fuzzRoles = []string{"button", "link", "tab", "option", "menuitem", "checkbox", "switch", "radio", "textbox",
		"searchbox", "combobox", "listbox", "", "heading", "img", "row"}
	fuzzNames = []string{"Search", "Pay €12", "Send", "Accept cookies", "Renew", "Card number", "Security code", "Password",
		"Where from?", "if", "Name", "\"quoted\" ${site} \\", "line\nbreak", "\xff\xfe bad utf8", "", "Remove from cart",
		"Undo delete", "Choose Pay by card", "field_2", "Ünïcode ☃", "Settings have been updated", "Email", strings.Repeat("long ", 40)}
	fuzzValues = []string{"", "Paris", "4242 4242 4242 4242", "737", "2026-12-24", "3", "007", "ada@example.com",
		"https://example.com/a", "12.50 EUR", "Enter", "Escape", "Tab", "multi\nline", "${x}", "\x00ctl", "hunter2-secret"}
	fuzzURLs = []string{"http://127.0.0.1:8080/", "http://127.0.0.1:8080/results?q=x", "https://pay.example.com/checkout",
		"about:blank", "", "http://[::1]:9/x", "not a url", "https://example.com/${x}\"", "http://h/a_b/field_2"}
	fuzzTitles  = []string{"", "SkyWay", "Order \"received\"", "Cart has been updated", "Saved 4242424242424242"}
	fuzzContext = []string{"", "Cloud storage 100 GB\n€1.99", "Send money abroad", "Card 4242 4242 4242 4242"}
	fuzzOverlay = []string{"", "Cookies", "dialog", "Added to cart", "newsletter"}
)

// fuzzEvents reads events from data, five bytes each.
func fuzzEvents(data []byte) []surfaces.UserEvent {
	pick := func(b byte, n int) int { return int(b) % n }
	var evs []surfaces.UserEvent
	for i := 0; i+5 <= len(data); i += 5 {
		d := data[i : i+5]
		e := surfaces.UserEvent{
			Kind: fuzzKinds[pick(d[0], len(fuzzKinds))],
			Time: t0.Add(time.Duration(d[4]) * 100 * time.Millisecond),
			URL:  fuzzURLs[pick(d[1]>>4, len(fuzzURLs))],
			Target: surfaces.Candidate{
				Role: fuzzRoles[pick(d[1], len(fuzzRoles))],
				Name: fuzzNames[pick(d[2], len(fuzzNames))],
				Nth:  int(d[3] >> 6),
			},
			Value:   fuzzValues[pick(d[3], len(fuzzValues))],
			Title:   fuzzTitles[pick(d[2]>>5, len(fuzzTitles))],
			Context: fuzzContext[pick(d[4]>>6, len(fuzzContext))],
			Overlay: fuzzOverlay[pick(d[4]>>3, len(fuzzOverlay))],
			Closed:  d[4]&1 == 1,
			Typed:   d[0]&0x80 != 0,
			Secret:  d[0]&0x40 != 0,
		}
		if d[2]&0x80 != 0 {
			e.Target.Label = e.Target.Name
		}
		if d[3]&0x20 != 0 {
			e.Target.Autocomplete = "cc-number"
		}
		switch e.Kind {
		case surfaces.EventNavigate:
			e.Value = e.URL
		case surfaces.EventShown:
			// What a page shows may quote anything, typed secrets too.
			e.Heading, e.Status = e.Target.Name, []string{e.Value, e.Title, e.Context}
		}
		evs = append(evs, e)
	}
	return evs
}

// FuzzBuild: whatever the events, Build does not panic, and what it
// returns is canonical, compiles and lints clean, has a facts file that
// loads, and holds no secret value (a card number, or a value typed into
// a password or card field).
func FuzzBuild(f *testing.F) {
	f.Add([]byte{7, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte("\x07\x00\x00\x00\x00\x01\x12\x05\x02\x00\x00\x00\x02\x00\x01\x00\x00\x01\x00\x00"))
	f.Add([]byte("\x87\x00\x07\x00\x00\x41\x0a\x06\x10\x00\x01\x02\x09\x0b\x40\x00\x00\x02\x02\x00\x00\x00\x01\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		evs := fuzzEvents(data)
		secrets := secretValues(evs)
		rec, err := record.Build(evs, record.Options{})
		if err != nil {
			if !errors.Is(err, record.ErrNoPage) {
				t.Fatalf("Build: %v", err)
			}
			for _, s := range secrets {
				if strings.Contains(err.Error(), s) {
					t.Fatalf("the error holds a secret: %v", err)
				}
			}
			return
		}
		if again, diags := grammar.FormatSource("r.flow", rec.Flow); diags.HasErrors() || string(again) != string(rec.Flow) {
			t.Fatalf("the flow is not canonical (%v):\n%s", diags, rec.Flow)
		}
		prog, diags := compiler.Compile("r.flow", rec.Flow, compiler.WithLint())
		if len(diags) > 0 {
			t.Fatalf("the flow does not compile and lint clean:\n%s\n%s", diagText(diags), rec.Flow)
		}
		if _, diags := compiler.LoadFacts(prog.Flows[0], "r.facts.yaml", rec.Facts, nil); diags.HasErrors() {
			t.Fatalf("the facts do not load:\n%s\n%s", diagText(diags), rec.Facts)
		}
		all := string(rec.Flow) + string(rec.Facts) + strings.Join(rec.Notes, " ") + rec.Stopped
		for _, s := range secrets {
			if strings.Contains(all, s) {
				t.Fatalf("secret %q leaks:\n%s", s, all)
			}
		}
		if rec.Steps > record.MaxSteps {
			t.Fatalf("%d steps", rec.Steps)
		}
	})
}

// secretValues are the values a recording must not show: card numbers
// anywhere, and what was typed into a password or card field. Values
// shorter than six characters, or naming a key, are left out of the
// check: the recorder's own words ("press \"Escape\"") may hold them.
func secretValues(evs []surfaces.UserEvent) []string {
	out := []string{"4242 4242 4242 4242", "4242424242424242"}
	for _, e := range evs {
		t := e.Target
		secret := e.Secret || strings.EqualFold(t.InputType, "password") ||
			strings.Contains(t.Autocomplete, "cc-number") || strings.Contains(e.Value, "4242")
		if e.Kind == surfaces.EventInput && secret && len(e.Value) >= 6 && e.Value != "Escape" {
			out = append(out, e.Value)
		}
	}
	return out
}
