package runtime

import (
	"context"
	"strings"
	"time"

	"flow/plan"
)

// pause runs a do that asks only for time ("wait 3 seconds", compiled to
// plan.KindPause): it waits that long and then settles the surface once,
// so what the page did meanwhile (a render on a timer) has finished
// before the next step looks. It looks at nothing, asks the decider
// nothing and acts on nothing: a pause has no evidence to wait for, and
// whether the page got where the author hoped is for the next step to
// find. A cancelled run ends the wait at once (the clock's Sleep returns
// with the context).
func (r *runner) pause(ctx context.Context, s *plan.Step) error {
	d := time.Duration(s.Pause)
	if d <= 0 || d > time.Duration(plan.MaxPause) {
		return fail("recompile the flow; the compiler bounds a pause", "a pause of %s is outside the 0–%s a pause may last", d, time.Duration(plan.MaxPause))
	}
	// The run's clock decides its time budget (Run). A pause that would
	// outlast it sleeps what is left and ends the run out of time, as a
	// step would that went on past it, instead of sleeping into the
	// context's deadline, which a test's clock never reaches.
	if left := r.limit - r.clock.Now().Sub(r.start); d >= left {
		if err := r.clock.Sleep(ctx, max(left, 0)); err != nil {
			return err
		}
		return r.checkTime()
	}
	if err := r.clock.Sleep(ctx, d); err != nil {
		return err
	}
	r.cur.report.Note = "paused " + shortDuration(d)
	// The last look was taken before the pause, however short the pause
	// was: the next step must read the page again (LookReuse).
	r.lastAt = time.Time{}
	// A settle that fails for any reason but the run's end is no failure
	// of the pause: the next step's look will show what the page is.
	if err := r.surf.Settle(ctx); err != nil && ctx.Err() != nil {
		return err
	}
	return nil
}

// shortDuration writes d as a person would read it in a note: "3s",
// "1.5s", "500ms", "2m" (time.Duration writes "2m0s").
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	return s
}
