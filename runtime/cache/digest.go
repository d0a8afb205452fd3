package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"net/url"
	"strconv"
	"strings"

	"flow/surfaces"
)

// Digest fingerprints what a decider is shown for one question: the words
// of the question (parts, in order) and the screen. Element references and
// positions are left out (a page drawn again issues new ones), and so is
// the page's own origin wherever it appears, since a fixture or staging
// site runs on another port each time; everything else counts, so two
// digests are equal only when the decider would be shown the same thing.
func Digest(s surfaces.Screen, parts ...string) string {
	h := sha256.New()
	strip := originStripper(s.URL)
	put := func(texts ...string) {
		for _, t := range texts {
			h.Write([]byte(strip(t)))
			h.Write([]byte{0})
		}
	}
	put(parts...)
	put("screen", s.URL, s.App, s.Title, string(s.Layer))
	for _, c := range s.Candidates {
		putCandidate(h, strip, c)
	}
	for _, l := range s.Context {
		put("line", l.Role, l.Text, l.Frame, strings.Join(l.Path, "\x01"), strconv.Itoa(l.Next))
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func putCandidate(h hash.Hash, strip func(string) string, c surfaces.Candidate) {
	states := make([]string, len(c.States))
	for i, st := range c.States {
		states[i] = string(st)
	}
	for _, t := range []string{"control", c.Role, c.Name, c.Description, c.Value, strings.Join(states, ","),
		strings.Join(c.Path, "\x01"), c.Label, c.Placeholder, c.InputType, c.Autocomplete, c.Frame,
		strconv.FormatBool(c.Editable), strconv.Itoa(c.Nth)} {
		h.Write([]byte(strip(t)))
		h.Write([]byte{0})
	}
	for _, o := range c.Options {
		h.Write([]byte(strip(o.Label) + "\x00" + strip(o.Value) + "\x00" + strconv.FormatBool(o.Selected) + "\x00"))
	}
}

// originStripper removes the scheme, host and port of the page at raw from
// a text.
func originStripper(raw string) func(string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return func(s string) string { return s }
	}
	origin := u.Scheme + "://" + u.Host
	return func(s string) string { return strings.ReplaceAll(s, origin, "") }
}
