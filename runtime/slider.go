package runtime

import (
	"context"
	"fmt"

	"flow/plan"
	"flow/surfaces"
)

// A slider drawn by a script (a handle in a track, an ARIA slider that is
// no input) takes no typed value: it moves by arrow keys, one step a
// press, as a person moves it from the keyboard. The runtime presses
// Right or Left on the handle and reads the number the slider shows after
// each press: its value (aria-valuenow), or the line of text right after
// it. A press that changes nothing, or one that steps past the value,
// fails the step where the slider stopped.

// maxKeySteps bounds the presses one choice may take.
const maxKeySteps = 250

// keyValue reads the number control c shows on s, and c as s has it.
func keyValue(s surfaces.Screen, c surfaces.Candidate) (int, surfaces.Candidate, bool) {
	for _, x := range s.Candidates {
		if x.Ref != c.Ref && identity(x) != identity(c) {
			continue
		}
		if x.Value != "" {
			n, ok := firstNumber(x.Value)
			return n, x, ok
		}
		n, ok := firstNumber(lineAfter(s, x))
		return n, x, ok
	}
	return 0, c, false
}

// keySlider tells whether c is moved by keys: an ARIA slider that takes
// no typing, or a control whose value shows as a number right after it
// and that is named as a slider or its handle.
func keySlider(s surfaces.Screen, c surfaces.Candidate) bool {
	if c.Role == "slider" && c.InputType != "range" {
		return true
	}
	_, _, ok := keyValue(s, c)
	return ok && sliderName.MatchString(c.Name)
}

// setByKeys presses arrow keys on c until it shows want.
func (r *runner) setByKeys(ctx context.Context, s *plan.Step, c surfaces.Candidate, want int) error {
	scr, err := r.observe(ctx)
	if err != nil {
		return err
	}
	cur, c, ok := keyValue(scr, c)
	if !ok {
		return fail("choose a control that shows its number", "%s shows no number to set", c.Summary())
	}
	for presses := 0; cur != want; presses++ {
		if presses == maxKeySteps {
			return fail("the slider moves too slowly by keys; type the value if a field takes it", "%s stopped at %d after %d presses, short of %d", c.Summary(), cur, presses, want)
		}
		key := "ArrowRight"
		if want < cur {
			key = "ArrowLeft"
		}
		if _, err := r.act(ctx, surfaces.Press(c.Ref, key), c.Summary()); err != nil {
			if recoverable(err) {
				return fail("the slider may be covered or disabled", "pressing %s on %s: %v", key, c.Summary(), err)
			}
			return err
		}
		if scr, err = r.observe(ctx); err != nil {
			return err
		}
		next, moved, ok := keyValue(scr, c)
		switch {
		case !ok || next == cur:
			return fail("the slider may be at its end, or take no keys", "pressing %s on %s changed nothing at %d (want %d)", key, c.Summary(), cur, want)
		case cur < want && next > want || cur > want && next < want:
			return fail("the slider's steps do not meet the value; choose one it can show", "%s stepped from %d past %d to %d", c.Summary(), cur, want, next)
		}
		cur, c = next, moved
	}
	r.cur.report.Note = fmt.Sprintf("moved %s to %d by arrow keys", c.Summary(), want)
	return nil
}
