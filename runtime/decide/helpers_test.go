package decide

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"flow/surfaces"
)

// loadScreen reads a screen captured from a fixture site by the browser
// surface (testdata/screens/NAME.json).
func loadScreen(t testing.TB, name string) surfaces.Screen {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "screens", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var s surfaces.Screen
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// askScreen builds the question the runtime would ask: every candidate of
// the screen (or every context line for a read), narrowed locally.
func askScreen(s surfaces.Screen, id string, p Purpose, ask, value string) Question {
	q := Question{ID: id, Purpose: p, Step: string(p) + " " + ask, Ask: ask, Value: value, Screen: BriefOf(s)}
	if p == PurposeText {
		for _, l := range s.Context {
			q.Options = append(q.Options, LineOption(l))
		}
	} else {
		for _, c := range s.Candidates {
			q.Options = append(q.Options, OptionOf(c))
		}
	}
	return Narrow(q, MaxOptions)
}

// nameOf returns the name (or text) of the option with key k.
func nameOf(q Question, k string) string {
	for _, o := range q.Options {
		if o.Key == k {
			switch {
			case o.Candidate != nil:
				return o.Candidate.Name
			case o.Line != nil:
				return o.Line.Text
			}
			return o.Label
		}
	}
	return ""
}
