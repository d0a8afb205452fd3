package runtime

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"time"

	"flow/guard"
	"flow/plan"
	"flow/surfaces"
)

// The evidence a run leaves in its trace, beside the events themselves:
// the screen each look saw, the control each act touched (with where it
// was drawn), what the acts changed, and a screenshot after each step.
// A report rebuilds the run from these alone; every string passes the
// masker (maskEvent), and screenshots are taken with the secret fields
// and texts painted over.

// Target is the control an act touched, as the look before the act saw
// it, so a report can name it and outline it on a screenshot.
type Target struct {
	Ref  string `json:"ref"`
	Role string `json:"role"`
	Name string `json:"name"`
	// Group is the innermost labelled group it sits in (`article "Pro"`).
	Group string `json:"group,omitempty"`
	// Path is its ancestor path, outermost first.
	Path []string `json:"path,omitempty"`
	// Bounds is where it was drawn, in CSS pixels of the viewport.
	Bounds surfaces.Bounds `json:"bounds"`
}

// ShotTimeout bounds one screenshot; a surface that does not answer in
// time leaves its step without one.
const ShotTimeout = 5 * time.Second

// targetOf finds the control ref names on the last screen the run saw.
func (r *runner) targetOf(ref string) *Target {
	if ref == "" || r.last == nil {
		return nil
	}
	c, ok := r.last.Candidate(ref)
	if !ok {
		return nil
	}
	return &Target{Ref: c.Ref, Role: c.Role, Name: c.Name, Group: groupOf(c), Path: c.Path, Bounds: c.Bounds}
}

// screenEvidence fills the screen of an observed event: the whole screen,
// or the event that showed the same one when nothing acted since; and
// what the acts since the last look changed.
func (r *runner) screenEvidence(e *Event, s surfaces.Screen) {
	if r.before != nil {
		if ch := surfaces.Diff(*r.before, s); !ch.Empty() {
			e.Change = ch.String()
		} else {
			e.Change = "nothing changed on the screen"
		}
	}
	if r.before == nil && r.shownSeq > 0 && r.shownFP == s.Fingerprint {
		e.SameAs = r.shownSeq
	} else {
		shown := s
		e.Screen = &shown
		r.shownSeq, r.shownFP = r.seq+1, s.Fingerprint // the seq emit gives e
	}
	r.before = nil
	r.last = &s
}

// noteSecretRef remembers a field that holds a secret, so screenshots
// paint it over whatever it shows (a card number the page formats).
func (r *runner) noteSecretRef(ref string) {
	if ref == "" {
		return
	}
	if r.secretRefs == nil {
		r.secretRefs = map[string]bool{}
	}
	r.secretRefs[ref] = true
}

// wantsShot reports whether step s gets a screenshot after it: a step
// that looked at or acted on the surface, or the step that ended the run.
// A block (if, repeat, for, a call) leaves them to its steps, and a step
// of data alone (set, check) changed nothing a picture would show.
func (r *runner) wantsShot(st *stepState, endedRun bool) bool {
	if r.opts.Shots == nil {
		return false
	}
	if endedRun {
		return true
	}
	switch st.step.Kind {
	case plan.KindIf, plan.KindRepeat, plan.KindFor, plan.KindCall:
		return false
	}
	return st.observed || st.actions > 0
}

// shoot takes the screenshot after a step with every secret painted over
// and hands it to Options.Shots. It returns the name the trace gives it
// and how long it took, or "" when there is none (the surface could not
// take it, or the host could not keep it). It runs when the run's context
// has ended too: a failure's picture matters most.
func (r *runner) shoot(ctx context.Context, path string) (string, time.Duration) {
	began := r.clock.Now()
	r.shots++
	name := r.shotName(path)
	if name == "" {
		return "", 0
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ShotTimeout)
	defer cancel()
	opts := surfaces.ScreenshotOptions{MaskValues: shotMaskValues(r.opts.Secrets)}
	for ref := range r.secretRefs {
		opts.MaskRefs = append(opts.MaskRefs, ref)
	}
	img, err := r.surf.Screenshot(sctx, opts)
	if err != nil || len(img) == 0 {
		return "", r.clock.Now().Sub(began)
	}
	if _, err := png.DecodeConfig(bytes.NewReader(img)); err != nil {
		return "", r.clock.Now().Sub(began)
	}
	if err := r.opts.Shots(name, img); err != nil {
		return "", r.clock.Now().Sub(began)
	}
	return name, r.clock.Now().Sub(began)
}

// shotName names the n-th screenshot after the step at path. A name the
// masker would change (a secret "0007" or "4.2") could not be found from
// the trace, so another spelling is taken; none is "".
func (r *runner) shotName(path string) string {
	n := r.shots
	for _, name := range []string{
		fmt.Sprintf("shots/%04d-%s.png", n, path),
		"shots/shot-" + letters(n) + ".png",
		"shots/" + letters(n*7919+13) + ".png",
	} {
		if r.masker.Mask(name) == name {
			return name
		}
	}
	return ""
}

// letters spells n in the letters a to z.
func letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		n /= 26
		if n == 0 {
			return s
		}
	}
}

// shotMaskValues are the texts a screenshot paints over: each secret as
// written and, for a card number, the spellings a page shows it in
// (digits alone, in groups of four).
func shotMaskValues(secrets map[string]string) []string {
	var out []string
	for _, v := range secrets {
		if v == "" {
			continue
		}
		out = append(out, v)
		out = append(out, guard.CardSpellings(v)...)
	}
	return out
}

// maskScreenText returns a copy of s with every text in it masked: refs,
// roles, names, values, states, paths, options, frames and text lines. A
// field added to a Screen must be added here; the event masking test
// sets every string of a screen and checks that none keeps a secret.
func maskScreenText(m *guard.Masker, s surfaces.Screen) surfaces.Screen {
	s.Surface, s.Layer = surfaces.Kind(m.Mask(string(s.Surface))), surfaces.Layer(m.Mask(string(s.Layer)))
	s.URL, s.App, s.Title, s.Fingerprint = m.Mask(s.URL), m.Mask(s.App), m.Mask(s.Title), m.Mask(s.Fingerprint)
	if s.Candidates != nil {
		cands := make([]surfaces.Candidate, len(s.Candidates))
		for i, c := range s.Candidates {
			c.Ref, c.Role, c.Name, c.Description, c.Value = m.Mask(c.Ref), m.Mask(c.Role), m.Mask(c.Name), m.Mask(c.Description), m.Mask(c.Value)
			c.Label, c.Placeholder, c.InputType, c.Autocomplete, c.Frame = m.Mask(c.Label), m.Mask(c.Placeholder), m.Mask(c.InputType), m.Mask(c.Autocomplete), m.Mask(c.Frame)
			c.Path = maskAll(m, c.Path)
			if c.States != nil {
				states := make([]surfaces.State, len(c.States))
				for j, st := range c.States {
					states[j] = surfaces.State(m.Mask(string(st)))
				}
				c.States = states
			}
			if c.Options != nil {
				opts := make([]surfaces.Option, len(c.Options))
				for j, o := range c.Options {
					o.Label, o.Value = m.Mask(o.Label), m.Mask(o.Value)
					opts[j] = o
				}
				c.Options = opts
			}
			cands[i] = c
		}
		s.Candidates = cands
	}
	if s.Context != nil {
		lines := make([]surfaces.ContextLine, len(s.Context))
		for i, l := range s.Context {
			l.Ref, l.Text, l.Role, l.Frame, l.Column = m.Mask(l.Ref), m.Mask(l.Text), m.Mask(l.Role), m.Mask(l.Frame), m.Mask(l.Column)
			l.Path = maskAll(m, l.Path)
			lines[i] = l
		}
		s.Context = lines
	}
	return s
}
