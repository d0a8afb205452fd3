package runtime

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"flow/plan"
	"flow/surfaces"
)

// A stepper is a − N + control: two buttons side by side that lower and
// raise a count shown between them (travellers, a cart quantity). Sites
// build them from plain buttons and text, so the runtime recognises the
// shape instead of a role: a lowering and a raising button next to each
// other in reading order, on the same ancestor path, with a number between
// them as a field's value or as text.
type stepper struct {
	dec, inc surfaces.Candidate
	count    int
	// at is the index of inc in the screen's candidates, to find the same
	// stepper again after a click.
	at int
}

var (
	lowerName   = regexp.MustCompile(`(?i)^\s*[-−–—‒]\s*$|\b(decrease|decrement|reduce|lower|minus|fewer|less|subtract|remove)\b`)
	raiseName   = regexp.MustCompile(`(?i)^\s*[+＋]\s*$|\b(increase|increment|raise|plus|more|add)\b`)
	countText   = regexp.MustCompile(`\d+`)
	signedCount = regexp.MustCompile(`[-−]?\d+`)
	sliderName  = regexp.MustCompile(`(?i)\b(slider|handle|thumb|knob)\b`)
)

// maxStepperPresses bounds the presses one choice may take.
const maxStepperPresses = 40

// steppers finds the steppers of a screen, in reading order.
func steppers(s surfaces.Screen) []stepper {
	var out []stepper
	cs := s.Candidates
	for i := range cs {
		if cs[i].Role != "button" || !raiseName.MatchString(cs[i].Name) {
			continue
		}
		// The lowering button comes first: right before, or with the
		// count field between.
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			if cs[j].Role != "button" || !lowerName.MatchString(cs[j].Name) || !samePlace(cs[j], cs[i]) {
				continue
			}
			n, ok := stepperCount(s, j, i)
			if ok {
				out = append(out, stepper{dec: cs[j], inc: cs[i], count: n, at: i})
			}
			break
		}
	}
	return out
}

// samePlace reports whether two candidates sit in one group: the same
// frame and the same ancestor path.
func samePlace(a, b surfaces.Candidate) bool {
	return a.Frame == b.Frame && strings.Join(a.Path, "\x00") == strings.Join(b.Path, "\x00")
}

// stepperCount reads the count between the buttons at dec and inc: a
// field's value between them, or text placed between them.
func stepperCount(s surfaces.Screen, dec, inc int) (int, bool) {
	for k := dec + 1; k < inc; k++ {
		if n, ok := firstNumber(s.Candidates[k].Value); ok {
			return n, true
		}
	}
	for _, l := range s.Context {
		if l.Next == inc && l.Frame == s.Candidates[inc].Frame && inc == dec+1 {
			if n, ok := firstNumber(l.Text); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// stepperCounts maps the ref of each text line that is a stepper's count
// to what the stepper counts: the words its two buttons share once the
// lowering and raising words are gone ("Decrease quantity" and "Increase
// quantity" count the quantity), or "count".
func stepperCounts(s surfaces.Screen) map[string]string {
	out := map[string]string{}
	for _, st := range steppers(s) {
		for _, l := range s.Context {
			if l.Next != st.at || l.Frame != st.inc.Frame || !countText.MatchString(l.Text) {
				continue
			}
			inc := map[string]bool{}
			for _, w := range strings.Fields(strings.ToLower(raiseName.ReplaceAllString(st.inc.Name, " "))) {
				inc[w] = true
			}
			var shared []string
			for _, w := range strings.Fields(strings.ToLower(lowerName.ReplaceAllString(st.dec.Name, " "))) {
				if inc[w] {
					shared = append(shared, w)
				}
			}
			name := strings.Join(shared, " ")
			if name == "" {
				name = "count"
			}
			out[l.Ref] = name
		}
	}
	return out
}

// firstNumber reads the first whole number of s, with its sign: "-5"
// is minus five, not five.
func firstNumber(s string) (int, bool) {
	loc := signedCount.FindStringIndex(s)
	if loc == nil {
		return 0, false
	}
	m := s[loc[0]:loc[1]]
	// A dash after a word joins it ("Room-5"); only a dash that starts the
	// number signs it.
	if r, _ := utf8.DecodeLastRuneInString(s[:loc[0]]); loc[0] > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		m = strings.TrimLeft(m, "-−")
	}
	n, err := strconv.Atoi(strings.Replace(m, "−", "-", 1))
	return n, err == nil
}

// stepperOf returns the stepper a candidate belongs to.
func stepperOf(s surfaces.Screen, c surfaces.Candidate) (stepper, bool) {
	for _, st := range steppers(s) {
		if identity(st.inc) == identity(c) || identity(st.dec) == identity(c) {
			return st, true
		}
		for k := st.at - 2; k < st.at; k++ {
			if k >= 0 && s.Candidates[k].Ref == c.Ref && c.Ref != "" {
				return st, true
			}
		}
	}
	return stepper{}, false
}

// setStepper presses the stepper's buttons until it shows want, reading
// the count back after each press; a press that changes nothing, or a
// button that is disabled before the count is reached, fails the step.
func (r *runner) setStepper(ctx context.Context, s *plan.Step, st stepper, want int) error {
	for presses := 0; st.count != want; presses++ {
		b := st.inc
		if st.count > want {
			b = st.dec
		}
		if presses == maxStepperPresses || b.Has(surfaces.StateDisabled) {
			return fail("the control may not offer "+strconv.Itoa(want)+"; check its limits",
				"the stepper stops at %d (%s)", st.count, b.Summary())
		}
		if err := r.click(ctx, b, "pressing", "the stepper may be covered; close what covers it first"); err != nil {
			return err
		}
		scr, err := r.observe(ctx)
		if err != nil {
			return err
		}
		next, ok := stepperNear(scr, st)
		if !ok {
			return fail("the page replaced the control; check it by hand", "the stepper with %s is gone after a press", st.inc.Summary())
		}
		if next.count == st.count {
			return fail("the page may cap the count or ignore presses", "pressed %s but the count stays %d", b.Summary(), st.count)
		}
		st = next
	}
	return nil
}

// stepperNear finds st again on a later screen: the same buttons, the
// nearest to where they were.
func stepperNear(s surfaces.Screen, st stepper) (stepper, bool) {
	best, found := stepper{}, false
	for _, x := range steppers(s) {
		if x.inc.Name != st.inc.Name || x.dec.Name != st.dec.Name || !samePlace(x.inc, st.inc) {
			continue
		}
		if !found || abs(x.at-st.at) < abs(best.at-st.at) {
			best, found = x, true
		}
	}
	return best, found
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
