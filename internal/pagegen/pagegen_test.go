package pagegen

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// The same seed gives the same cases, and case i is the same alone as in
// a longer run.
func TestDeterministic(t *testing.T) {
	a, b := Generate(7, 40), Generate(7, 60)
	if !reflect.DeepEqual(a, b[:40]) {
		t.Fatal("Generate(7, 40) is not the start of Generate(7, 60)")
	}
	for _, i := range []int{0, 13, 39} {
		if !reflect.DeepEqual(One(7, i), a[i]) {
			t.Errorf("One(7, %d) differs from Generate's", i)
		}
	}
	if reflect.DeepEqual(Generate(8, 40), a) {
		t.Error("seeds 7 and 8 give the same cases")
	}
}

func TestParseName(t *testing.T) {
	for _, c := range Generate(-3, 14) {
		seed, i, ok := ParseName(c.Name)
		if !ok || seed != c.Seed || i != c.Index {
			t.Errorf("ParseName(%q) = %d, %d, %v", c.Name, seed, i, ok)
		}
	}
	for _, bad := range []string{"", "dialog-1", "clear-1-0", "dialog-x-0"} {
		if _, _, ok := ParseName(bad); ok {
			t.Errorf("ParseName(%q) ok", bad)
		}
	}
}

var (
	dataC = regexp.MustCompile(`data-c="([^"]+)"`)
	dataG = regexp.MustCompile(`data-g="([^"]+)"`)
)

// Every case is whole: every kind comes in variants with and without the
// evidence, the page reports, its controls are marked, and its truth is
// consistent with its flow.
func TestCasesAreWhole(t *testing.T) {
	cases := Generate(19, 700)
	with, without := map[Kind]int{}, map[Kind]int{}
	variants := map[Kind]map[string]bool{}
	for _, c := range cases {
		if !strings.Contains(c.HTML, "function pageState()") || !strings.Contains(c.HTML, "new MutationObserver(report)") {
			t.Fatalf("%s: the page does not report", c.Name)
		}
		if len(dataC.FindAllString(c.HTML, -1)) < 2 {
			t.Errorf("%s: fewer than two marked controls", c.Name)
		}
		if !strings.Contains(c.Flow, "flow "+c.FlowName+" ") || !strings.Contains(c.Flow, `browse "${site}"`) {
			t.Errorf("%s: flow does not define %s or browse the site:\n%s", c.Name, c.FlowName, c.Flow)
		}
		if len(c.Truth.Steps) == 0 || c.Truth.Group == "" || c.Truth.Want == "" {
			t.Errorf("%s: incomplete truth %+v", c.Name, c.Truth)
		}
		evidence := true
		for _, s := range c.Truth.Steps {
			if !strings.Contains(c.Flow, s.Kind+" ") {
				t.Errorf("%s: the flow has no %s step", c.Name, s.Kind)
			}
			evidence = evidence && s.Evidence
			for _, gl := range s.Goals {
				kinds := 0
				for _, set := range []bool{gl.Event != "", gl.State != "", gl.Press != ""} {
					if set {
						kinds++
					}
				}
				if kinds != 1 {
					t.Errorf("%s: goal %+v is not one of an event, a state or a press", c.Name, gl)
				}
				if gl.Press != "" && !strings.Contains(c.HTML, `data-c="`+gl.Press+`"`) {
					t.Errorf("%s: goal %+v presses no control of the page", c.Name, gl)
				}
			}
		}
		if c.Truth.StopControl != "" {
			if !c.Approve || !strings.Contains(c.Flow, "stop_before ") {
				t.Errorf("%s: a stop control without an approved stop_before", c.Name)
			}
			if !strings.Contains(c.HTML, `data-c="`+c.Truth.StopControl+`"`) {
				t.Errorf("%s: no control %q on the page", c.Name, c.Truth.StopControl)
			}
		}
		// The named group is on the page, unless the case is about a
		// block that is not.
		onPage := false
		for _, m := range dataG.FindAllStringSubmatch(c.HTML, -1) {
			onPage = onPage || m[1] == c.Truth.Group
		}
		if !onPage && !strings.Contains(c.Variant, "absent") {
			t.Errorf("%s (%s): group %q is not on the page", c.Name, c.Variant, c.Truth.Group)
		}
		if evidence {
			with[c.Kind]++
		} else {
			without[c.Kind]++
		}
		if variants[c.Kind] == nil {
			variants[c.Kind] = map[string]bool{}
		}
		variants[c.Kind][c.Variant] = true
	}
	for _, k := range Kinds {
		if with[k] == 0 || without[k] == 0 {
			t.Errorf("kind %s: %d cases with the evidence, %d without; want both", k, with[k], without[k])
		}
		if len(variants[k]) < 3 {
			t.Errorf("kind %s: only variants %v", k, variants[k])
		}
	}
}
