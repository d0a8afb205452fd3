package flows

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Example is one example flow of the library with its facts and the outcome
// a run of it must have on its fixture site.
type Example struct {
	// Name is the file's stem: "booking" for booking.flow.
	Name string
	// File, FactsFile and ExpectFile are paths inside [FS].
	File, FactsFile, ExpectFile string
	// Expect is the parsed ExpectFile.
	Expect Expectation
}

// Expectation is what a run of an example must do, written beside the flow
// as NAME.expect.yaml. It describes the run without --approve; Approved, when
// present, describes the same run with it.
type Expectation struct {
	// Flow names the flow of the file to run.
	Flow string `yaml:"flow"`
	// Site names the fixture site the run needs ([Sites]); the test passes
	// its URL as the fact `site`.
	Site string `yaml:"site"`
	// Secrets are test values to set as FLOW_SECRET_<NAME>; never real ones.
	Secrets map[string]string `yaml:"secrets"`
	// Outcome is the run's outcome: "completed", "stopped_before", ….
	Outcome string `yaml:"outcome"`
	// StopTarget is the label of the control the run stopped in front of.
	StopTarget string `yaml:"stop_target"`
	// Events are the event types the site must record, in this order;
	// other events may come between them.
	Events []string `yaml:"events"`
	// Forbidden are event types the site must never record.
	Forbidden []string `yaml:"forbidden"`
	// Variables are flow variables at the end of the run, rendered as the
	// language renders values ("331.86 EUR").
	Variables map[string]string `yaml:"variables"`
	// Data gives, per event type, fields every recorded event of that type
	// must hold with these values.
	Data map[string]map[string]any `yaml:"data"`
	// Cheapest is the cheapest flight the booking site lists for the facts.
	Cheapest *ExpectedFlight `yaml:"cheapest"`
	// Approved is the outcome and events of the run with --approve.
	Approved *ApprovedRun `yaml:"approved"`
}

// ExpectedFlight names a flight result: its number and its price as the
// result card writes it and in cents.
type ExpectedFlight struct {
	Number     string `yaml:"number"`
	Price      string `yaml:"price"`
	PriceCents int    `yaml:"price_cents"`
}

// ApprovedRun is what a run started with --approve does instead.
type ApprovedRun struct {
	Outcome string   `yaml:"outcome"`
	Events  []string `yaml:"events"`
}

// outcomes are the run outcomes of RUNTIME.md.
var outcomes = []string{"completed", "stopped_before", "failed", "invalid", "needs_human", "budget_exhausted", "guard_refused"}

var flowNameRE = regexp.MustCompile(`(?m)^flow\s+([A-Za-z_][A-Za-z0-9_]*)\s+"`)

// Examples returns every example flow of [FS] with its expectation, sorted
// by name. Library files (under lib/) have none and are not listed. It fails
// on an example without its facts or expect file, or with an expectation
// that is malformed or names an unknown site, outcome or flow.
func Examples() ([]Example, error) {
	files, err := fs.Glob(examplesFS, "*.flow")
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var out []Example
	var errs []error
	for _, file := range files {
		ex, err := loadExample(file)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, ex)
	}
	return out, errors.Join(errs...)
}

func loadExample(file string) (Example, error) {
	name := strings.TrimSuffix(file, ".flow")
	ex := Example{Name: name, File: file, FactsFile: name + ".facts.yaml", ExpectFile: name + ".expect.yaml"}
	src, err := fs.ReadFile(examplesFS, file)
	if err != nil {
		return ex, err
	}
	if _, err := fs.Stat(examplesFS, ex.FactsFile); err != nil {
		return ex, fmt.Errorf("%s: no facts file %s beside it", file, ex.FactsFile)
	}
	raw, err := fs.ReadFile(examplesFS, ex.ExpectFile)
	if err != nil {
		return ex, fmt.Errorf("%s: no expect file %s beside it", file, ex.ExpectFile)
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&ex.Expect); err != nil {
		return ex, fmt.Errorf("%s: %w", ex.ExpectFile, err)
	}
	if err := ex.Expect.validate(); err != nil {
		return ex, fmt.Errorf("%s: %w", ex.ExpectFile, err)
	}
	var names []string
	for _, m := range flowNameRE.FindAllSubmatch(src, -1) {
		names = append(names, string(m[1]))
	}
	if !slices.Contains(names, ex.Expect.Flow) {
		return ex, fmt.Errorf("%s: flow %q is not in %s (it defines %s)", ex.ExpectFile, ex.Expect.Flow, file, strings.Join(names, ", "))
	}
	return ex, nil
}

func (e *Expectation) validate() error {
	switch {
	case e.Flow == "":
		return errors.New(`"flow" is missing`)
	case !slices.Contains(Sites(), e.Site):
		return fmt.Errorf("site %q is not one of %s", e.Site, strings.Join(Sites(), ", "))
	case !slices.Contains(outcomes, e.Outcome):
		return fmt.Errorf("outcome %q is not one of %s", e.Outcome, strings.Join(outcomes, ", "))
	case e.Outcome == "stopped_before" && e.StopTarget == "":
		return errors.New(`outcome stopped_before needs a "stop_target"`)
	case e.Approved != nil && !slices.Contains(outcomes, e.Approved.Outcome):
		return fmt.Errorf("approved outcome %q is not one of %s", e.Approved.Outcome, strings.Join(outcomes, ", "))
	}
	for _, ev := range e.Events {
		if slices.Contains(e.Forbidden, ev) {
			return fmt.Errorf("event %q is both expected and forbidden", ev)
		}
	}
	return nil
}

// Check reports how the events a site recorded during a run break the
// expectation, or nil when they meet it. With approved, it checks against
// Approved's events, and the forbidden events that Approved does not
// expect. Data applies in both cases.
func (e *Expectation) Check(events []Event, approved bool) error {
	want, forbidden := e.Events, e.Forbidden
	if approved {
		if e.Approved == nil {
			return errors.New("the expectation says nothing about an approved run")
		}
		want = e.Approved.Events
		forbidden = slices.DeleteFunc(slices.Clone(forbidden), func(t string) bool { return slices.Contains(want, t) })
	}
	var errs []error
	next := 0
	for _, ev := range events {
		if slices.Contains(forbidden, ev.Type) {
			errs = append(errs, fmt.Errorf("forbidden event %q was recorded (%v)", ev.Type, ev.Data))
		}
		if next < len(want) && ev.Type == want[next] {
			next++
		}
		for field, value := range e.Data[ev.Type] {
			if !sameJSON(ev.Data[field], value) {
				errs = append(errs, fmt.Errorf("event %q has %s = %v, want %v", ev.Type, field, ev.Data[field], value))
			}
		}
	}
	if next < len(want) {
		got := make([]string, len(events))
		for i, ev := range events {
			got[i] = ev.Type
		}
		errs = append(errs, fmt.Errorf("events %v do not contain %v in order (missing %q)", got, want, want[next]))
	}
	return errors.Join(errs...)
}

// sameJSON compares two decoded values by their JSON form, so that 2 from
// YAML equals 2.0 from a page's JSON.
func sameJSON(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}
