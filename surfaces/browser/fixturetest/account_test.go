package fixturetest

import (
	"slices"
	"strings"
	"testing"

	"flow/flows"
	"flow/surfaces"
)

// TestAccountRenewButtons: three subscription cards carry the same Renew
// button; only the card's text tells them apart, and the press records the
// plan server-side.
func TestAccountRenewButtons(t *testing.T) {
	s, sc, _, log := openSite(t, "account", "/")
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "textbox", "Email or username").Ref, flows.AccountUser))
	sc = actObserve(t, s, surfaces.Fill(find(t, sc, "textbox", "Password").Ref, flows.AccountPassword))
	sc = actObserve(t, s, surfaces.Click(find(t, sc, "button", "Sign in").Ref))
	renew := sc.Find("button", "Renew")
	if len(renew) != 3 {
		t.Fatalf("want 3 Renew buttons, found %d:\n%s", len(renew), sc)
	}
	// The card a button sits in is the only thing that names its plan: the
	// text lines before each button, in the same list item.
	cardText := func(c surfaces.Candidate) string {
		var lines []string
		for _, l := range sc.Context {
			if slices.Equal(l.Path, c.Path) {
				lines = append(lines, l.Text)
			}
		}
		return strings.Join(lines, " / ")
	}
	var music surfaces.Candidate
	for i, c := range renew {
		if c.Nth != i || c.Description != "" || c.Has(surfaces.StateDisabled) {
			t.Errorf("Renew #%d: %+v", i, c)
		}
		if text := cardText(c); strings.Contains(text, "Music family plan") {
			if !strings.Contains(text, "Expired 12 October") {
				t.Errorf("music card reads %q", text)
			}
			music = c
		}
	}
	if music.Ref == "" || cardText(renew[0]) == cardText(renew[1]) {
		t.Fatalf("cards cannot be told apart by their text: %q, %q, %q", cardText(renew[0]), cardText(renew[1]), cardText(renew[2]))
	}
	after := actObserve(t, s, surfaces.Click(music.Ref))
	if got := after.Find("button", "Renew"); len(got) != 2 {
		t.Errorf("%d Renew buttons after renewing one:\n%s", len(got), after)
	}
	if done := find(t, after, "button", "Renewed"); !done.Has(surfaces.StateDisabled) || !slices.Equal(done.Path, music.Path) {
		t.Errorf("renewed card button: %+v", done)
	}
	if ev := log.Events(); len(ev) != 2 || ev[1].Type != "renewed" || ev[1].Data["plan"] != "music-family" {
		t.Errorf("events = %+v", ev)
	}
}
