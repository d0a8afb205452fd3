package runtime

import (
	"context"
	"time"

	"flow/plan"
	"flow/runtime/decide"
	"flow/surfaces"
)

// Split is where a step's time went: looking at the surface, waiting for
// the decision model, acting, and settling: the wait for a quiet page
// after each act (which the surface reports) and on its own (wait_for's
// polls). A step's split includes the steps
// inside it, as its duration does; what is left of the duration is the
// runtime's own work, the pauses of wait_for between its looks, and a
// pause step's wait. Shot is the screenshot
// after the step, the evidence's cost, not the step's.
type Split struct {
	Observe plan.Duration `json:"observe"`
	Decide  plan.Duration `json:"decide"`
	Act     plan.Duration `json:"act"`
	Settle  plan.Duration `json:"settle"`
	Shot    plan.Duration `json:"shot,omitempty"`
}

// phase names one part of a [Split].
type phase int

const (
	phaseObserve phase = iota
	phaseDecide
	phaseAct
	phaseSettle
)

// add counts d against phase p.
func (s *Split) add(p phase, d time.Duration) {
	switch p {
	case phaseObserve:
		s.Observe += plan.Duration(d)
	case phaseDecide:
		s.Decide += plan.Duration(d)
	case phaseAct:
		s.Act += plan.Duration(d)
	case phaseSettle:
		s.Settle += plan.Duration(d)
	}
}

// rounded is the split to the microsecond, as a report shows it.
func (s Split) rounded() Split {
	r := func(d plan.Duration) plan.Duration { return plan.Duration(time.Duration(d).Round(time.Microsecond)) }
	return Split{Observe: r(s.Observe), Decide: r(s.Decide), Act: r(s.Act), Settle: r(s.Settle), Shot: r(s.Shot)}
}

// spend counts the time since began against phase p of the running step
// and of every step around it.
func (r *runner) spend(p phase, began time.Time) {
	r.spendFor(p, r.clock.Now().Sub(began))
}

// spendFor counts d against phase p of the running step and of every
// step around it.
func (r *runner) spendFor(p phase, d time.Duration) {
	for st := r.cur; st != nil; st = st.up {
		st.split.add(p, d)
	}
}

// timedSurface measures the calls the run makes to its surface, wherever
// in the runtime they are made. It adds no behaviour: each call goes
// through as it is.
type timedSurface struct {
	surfaces.Surface
	r *runner
}

// Observe times an observation.
func (t timedSurface) Observe(ctx context.Context) (surfaces.Screen, error) {
	defer t.r.spend(phaseObserve, t.r.clock.Now())
	return t.Surface.Observe(ctx)
}

// Act times an operation: what the surface says it spent settling after
// it counts as settling, the rest as acting.
func (t timedSurface) Act(ctx context.Context, op surfaces.Operation) (surfaces.Outcome, error) {
	began := t.r.clock.Now()
	out, err := t.Surface.Act(ctx, op)
	d := t.r.clock.Now().Sub(began)
	settled := min(max(out.Settled, 0), d)
	t.r.spendFor(phaseAct, d-settled)
	t.r.spendFor(phaseSettle, settled)
	return out, err
}

// Settle times a wait for a quiet surface.
func (t timedSurface) Settle(ctx context.Context) error {
	defer t.r.spend(phaseSettle, t.r.clock.Now())
	return t.Surface.Settle(ctx)
}

// timedDecider measures the time the decision model takes to answer.
type timedDecider struct {
	decide.Decider
	r *runner
}

// Choose times a question.
func (t timedDecider) Choose(ctx context.Context, q decide.Question) (decide.Choice, error) {
	defer t.r.spend(phaseDecide, t.r.clock.Now())
	return t.Decider.Choose(ctx, q)
}

// Judge times a judgement.
func (t timedDecider) Judge(ctx context.Context, s decide.Statement) (decide.Judgement, error) {
	defer t.r.spend(phaseDecide, t.r.clock.Now())
	return t.Decider.Judge(ctx, s)
}
