package runtime_test

import (
	"slices"
	"strings"
	"testing"

	"flow/runtime"
)

// pickerFlow wraps steps in a flow on the pickers script.
func pickerFlow(steps string) string {
	return "flow f \"pickers\" {\n  browse \"http://pickers.test/\"\n" + steps + "}\n"
}

func TestChooseSetsSteppersByPressingAndReadingBack(t *testing.T) {
	o := run(t, setup{src: pickerFlow(`  choose "adults" = "3"
  choose "cabins" = "2"
  choose "adults" = "2"
`), script: "pickers.yaml"})
	o.want(t, runtime.Completed)
	got := pressed(o.sim)
	want := []string{"a-inc", "a-inc", "c-inc", "a-dec"}
	if !slices.Equal(got, want) {
		t.Errorf("pressed %v, want %v", got, want)
	}
	scr, err := o.sim.Observe(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if c := scr.Find("spinbutton", "Adults"); len(c) != 1 || c[0].Value != "2" {
		t.Errorf("adults reads %v, want 2", c)
	}
}

func TestChooseStepperPastItsLimitFails(t *testing.T) {
	o := run(t, setup{src: pickerFlow(`  choose "cabins" = "3"
`), script: "pickers.yaml"})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "stops at 2") {
		t.Errorf("reason %q: want it to say where the stepper stops", o.res.Failure.Reason)
	}
	if got := pressed(o.sim); !slices.Equal(got, []string{"c-inc"}) {
		t.Errorf("pressed %v, want one press of c-inc", got)
	}
}

func TestChooseStepperNeedsANumber(t *testing.T) {
	o := run(t, setup{src: pickerFlow(`  choose "adults" = "several"
`), script: "pickers.yaml"})
	o.want(t, runtime.Failed)
	if len(pressed(o.sim)) != 0 || !strings.Contains(o.res.Failure.Hint, "number") {
		t.Errorf("pressed %v, hint %q: want no press and a hint asking for a number", pressed(o.sim), o.res.Failure.Hint)
	}
}

func TestChooseDatePagesTheCalendar(t *testing.T) {
	o := run(t, setup{src: pickerFlow(`  choose "return date" = "2027-01-15"
  choose "adults" = "2"
`), script: "pickers.yaml"})
	o.want(t, runtime.Completed)
	if !contains(o.sim.Named(), "return-jan-15") {
		t.Errorf("named events %v: want return-jan-15", o.sim.Named())
	}
	if got := pressed(o.sim); !slices.Equal(got[:3], []string{"ret", "next", "j15"}) {
		t.Errorf("pressed %v, want ret, next, j15 first", got)
	}
}

func TestChooseDateInShownMonth(t *testing.T) {
	o := run(t, setup{src: pickerFlow(`  choose "return date" = "24 December 2026"
`), script: "pickers.yaml"})
	o.want(t, runtime.Completed)
	if got := pressed(o.sim); !slices.Equal(got, []string{"ret", "d24"}) {
		t.Errorf("pressed %v, want ret, d24", got)
	}
}

func TestChooseDisabledDateFails(t *testing.T) {
	o := run(t, setup{src: pickerFlow(`  choose "return date" = "2027-01-16"
`), script: "pickers.yaml"})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "disabled") || contains(pressed(o.sim), "j16") {
		t.Errorf("reason %q, pressed %v: want a disabled day refused and not pressed", o.res.Failure.Reason, pressed(o.sim))
	}
}

func TestChooseDateOutsideTheCalendarFails(t *testing.T) {
	o := run(t, setup{src: pickerFlow(`  choose "return date" = "2026-12-10"
`), script: "pickers.yaml"})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "no day 2026-12-10") {
		t.Errorf("reason %q: want the missing day named", o.res.Failure.Reason)
	}
}
