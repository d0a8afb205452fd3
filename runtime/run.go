package runtime

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"flow/guard"
	"flow/plan"
	"flow/runtime/cache"
	"flow/runtime/decide"
	"flow/surfaces"
)

// Clock is the run's time: when budgets and waits are measured, and how
// a wait sleeps. Tests inject one that advances only when slept on.
type Clock interface {
	Now() time.Time
	// Sleep waits d or until ctx is done (then it returns ctx.Err()).
	Sleep(ctx context.Context, d time.Duration) error
}

// RealClock is the wall clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// Sleep waits d or until ctx is done.
func (RealClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Options are the effects and inputs a host gives a run.
type Options struct {
	// Surface is what the run observes and acts on; required.
	Surface surfaces.Surface
	// Decider answers the run's questions; nil means decide.NewLocal().
	Decider decide.Decider
	// Clock measures budgets and waits; nil means [RealClock].
	Clock Clock
	// Sinks receive every event, masked.
	Sinks []Sink
	// Facts are the entry flow's facts by name (compiler.LoadFacts).
	Facts map[string]any
	// Secrets are the entry flow's secrets by name (compiler.LoadSecrets).
	Secrets map[string]string
	// Approve lets stop_before press its control (`flow run --approve`).
	Approve bool
	// Timeout bounds the run's time with the flow's budget; the smaller
	// wins. Zero means the flow's budget alone.
	Timeout time.Duration
	// Allow adds origins to the flow's allow list (`flow run --allow`).
	Allow []string
	// PollInterval is how long wait_for sleeps between looks (default
	// [DefaultPoll]).
	PollInterval time.Duration
	// Shots keeps the screenshot taken after each step (secrets painted
	// over) under name, a slash-separated path relative to the trace that
	// the step_ended event names ("shots/0007-4.2.png"). Nil takes none,
	// which keeps a run fast. An error leaves the step without a shot;
	// the host reports it.
	Shots func(name string, png []byte) error
	// Cache is the flow's resolution cache (cache.Open): a question whose
	// stored answer still holds on the screen is answered from it, and the
	// decider's answers are written to it, as its mode says. Nil asks the
	// decider everything. The host saves it after the run.
	Cache *cache.Book
}

// Tuned numbers of the step semantics (RUNTIME.md).
const (
	// MaxDoTurns is the most turns a `do` takes.
	MaxDoTurns = 8
	// MaxPages is the most pages of a paged list a `do` turns to look for
	// its target.
	MaxPages = 20
	// IdleTurns ends a `do` after this many turns that changed nothing.
	IdleTurns = 3
	// JudgeBar is the probability at which a screen condition holds.
	JudgeBar = 0.75
	// DefaultPoll is wait_for's pause between looks.
	DefaultPoll = 250 * time.Millisecond
	// HoverDelay is how long a do rests on a menu item it hovers to open
	// its submenu before it looks again.
	HoverDelay = 400 * time.Millisecond
	// LookReuse is how long a look stands for the screen when nothing
	// acted since: a look taken again sooner reads the same page (a step's
	// last look and the next step's first are well under 1 ms apart).
	LookReuse = 5 * time.Millisecond
)

// runner is one run in progress.
type runner struct {
	opts    Options
	flow    *plan.Flow
	surf    surfaces.Surface // opts.Surface, timed (timing.go)
	raw     surfaces.Surface // opts.Surface itself, for its optional interfaces
	dec     decide.Decider
	clock   Clock
	masker  *guard.Masker
	seq     int
	start   time.Time
	budget  plan.Budget
	limit   time.Duration // the time limit in force
	limitBy string        // "time budget 5m" or "--timeout 30s"
	actions int
	asks    int
	allowed *surfaces.Origins // nil until set
	result  *Result
	cur     *stepState
	parent  context.Context // the caller's context, to tell a timeout from a cancel
	// signsIn is true when the flow types a secret somewhere: it signs in
	// by itself, so a sign-in form it meets is no wall.
	signsIn bool
	// picked are the refs of the controls of the item the last pick
	// chose: a stop_before after it acts on that item (lists.go).
	picked map[string]bool

	// The evidence (evidence.go): the last screen seen, the screen before
	// the acts since then (nil when none acted), the event that last
	// showed a whole screen, the fields holding secrets, the shot count.
	last, before *surfaces.Screen
	lastAt       time.Time // when last was read from the surface
	shownSeq     int
	shownFP      string
	secretRefs   map[string]bool
	shots        int

	// The resolution cache (cached.go): the book, the source text of
	// every step, and how often each question was asked so far.
	book        *cache.Book
	stepSources map[string]string
	asked       map[cache.Key]int
}

// stepState counts what the running step did, for its report.
type stepState struct {
	step      *plan.Step
	report    *StepReport
	up        *stepState // the step around it, if any
	split     Split
	actions   int
	decisions int
	turns     int
	// hadPassword: a password field was on screen when the step began; a
	// do, pick or wait_for that meets one later ran into a sign-in wall.
	hadPassword bool
	observed    bool
	// stopText is the stop_before phrase of the running stop_before step.
	stopText string
	// deciderErr is the last error a decider returned in the step, for
	// the hint when the step fails for want of an answer.
	deciderErr string
	// considered are the options the decider rated last and did not
	// choose, with why each lost, for the hint of a failing step.
	considered []string
	// cacheHits and cacheMisses count the step's questions answered from
	// the book or not; cacheMiss is the first miss's reason.
	cacheHits, cacheMisses int
	cacheMiss              string
	targetMissed           bool // cacheMiss is a target's
}

// frame is the scope of one flow body: facts, variables and secrets by
// name. The compiler has resolved every name, so one map per called flow
// is enough: a name defined in a block is never read after it.
type frame struct {
	vars    map[string]any
	secrets map[string]string
}

// Run executes flow with opts and returns what happened. It never panics
// on a bad plan or surface error: the result says what went wrong.
func Run(ctx context.Context, flow *plan.Flow, opts Options) (res *Result) {
	r := &runner{opts: opts, flow: flow, surf: opts.Surface, raw: opts.Surface, dec: opts.Decider, clock: opts.Clock, parent: ctx}
	if r.dec == nil {
		r.dec = decide.NewLocal()
	}
	if r.clock == nil {
		r.clock = RealClock{}
	}
	if r.surf != nil {
		r.surf = timedSurface{Surface: r.surf, r: r}
	}
	r.dec = timedDecider{Decider: r.dec, r: r}
	if r.opts.PollInterval <= 0 {
		r.opts.PollInterval = DefaultPoll
	}
	r.masker = guard.NewMasker(opts.Secrets)
	r.start = r.clock.Now()
	r.result = &Result{Flow: "", Decider: r.dec.Name()}
	if flow != nil {
		r.result.Flow = flow.Name
		r.emit(Event{Kind: EventRunStarted, Flow: flow.Name, File: flow.File, Decider: r.dec.Name()})
	}
	if h := r.validate(); h != nil {
		return r.finish(frameOf(opts), h)
	}
	// A plan built by hand (or a bug here) must still end in a result: a
	// panic becomes a failure of the step that was running.
	defer func() {
		if p := recover(); p != nil {
			h := fail("this is a bug in flow's runtime; please report it with the trace", "internal error: %v", p)
			if r.cur != nil {
				h.step = r.cur.step
			}
			r.cur = nil
			res = r.finish(nil, h)
		}
	}()
	r.budget = flow.Budget
	if opts.Cache != nil && opts.Cache.Mode() != cache.Off {
		// Entries of steps that are gone or read otherwise now are
		// dropped before anything is looked up.
		r.book, r.stepSources, r.asked = opts.Cache, stepSources(flow), map[cache.Key]int{}
		r.book.Keep(r.stepSources)
	}
	if r.budget.Actions <= 0 {
		r.budget.Actions = plan.DefaultActions
	}
	if r.budget.Decisions <= 0 {
		r.budget.Decisions = plan.DefaultDecisions
	}
	if r.budget.Time <= 0 {
		r.budget.Time = plan.DefaultTime
	}
	r.limit, r.limitBy = time.Duration(r.budget.Time), "time budget "+time.Duration(r.budget.Time).String()
	if opts.Timeout > 0 && opts.Timeout < r.limit {
		r.limit, r.limitBy = opts.Timeout, "--timeout "+opts.Timeout.String()
	}
	// The clock decides the budget; the context deadline is the backstop
	// for a surface or model call that hangs.
	runCtx, cancel := context.WithTimeout(ctx, r.limit)
	defer cancel()

	flow.Walk(func(s *plan.Step) {
		for _, p := range s.Pairs {
			r.signsIn = r.signsIn || s.Kind == plan.KindEnter && p.Value != nil && p.Value.Secret
		}
	})
	fr := frameOf(opts)
	err := r.setAllow(fr)
	if err == nil {
		err = r.steps(runCtx, fr, flow.Steps)
	}
	var h *halt
	if err != nil && !errors.As(err, &h) {
		h = r.classifyErr(err)
	}
	return r.finish(fr, h)
}

func frameOf(opts Options) *frame {
	fr := &frame{vars: map[string]any{}, secrets: map[string]string{}}
	for k, v := range opts.Facts {
		fr.vars[k] = v
	}
	for k, v := range opts.Secrets {
		fr.secrets[k] = v
	}
	return fr
}

// validate checks what must hold before anything runs: outcome invalid.
func (r *runner) validate() *halt {
	inv := func(reason, hint string) *halt { return &halt{outcome: Invalid, reason: reason, hint: hint} }
	switch {
	case r.flow == nil:
		return inv("no flow to run", "compile the file and choose a flow")
	case r.surf == nil:
		return inv("no surface to run on", "pass Options.Surface (a browser or sim workspace)")
	}
	for _, f := range r.flow.Facts {
		if _, ok := r.opts.Facts[f.Name]; !ok {
			return inv("missing fact "+f.Name+" ("+string(f.Type)+")", "load the facts with compiler.LoadFacts, which fills defaults and reports missing ones")
		}
	}
	for _, s := range r.flow.Secrets {
		if _, ok := r.opts.Secrets[s.Name]; !ok {
			return inv("missing secret "+s.Name, "set FLOW_SECRET_"+strings.ToUpper(s.Name)+" or pass --secrets FILE")
		}
	}
	var missing *plan.Expr
	r.flow.Exprs(func(e *plan.Expr) {
		if e.Program == nil && missing == nil {
			missing = e
		}
	})
	if missing != nil {
		return inv(fmt.Sprintf("%s: expression %q is not linked", missing.Range, missing.Src), "compile the flow without errors, or call compiler.Relink after plan.Load")
	}
	return nil
}

// setAllow renders the flow's allow list and gives it to the surface.
// Without one, the first browse sets its own origin (see browse).
func (r *runner) setAllow(fr *frame) error {
	var patterns []string
	for _, t := range r.flow.Allow {
		s, err := t.Render(fr.vars)
		if err != nil {
			return &halt{outcome: Invalid, reason: "allow: " + err.Error(), hint: "allow entries take facts only"}
		}
		patterns = append(patterns, s)
	}
	if len(patterns) == 0 {
		return nil
	}
	patterns = append(patterns, r.opts.Allow...)
	return r.applyAllow(patterns)
}

func (r *runner) applyAllow(patterns []string) error {
	o, err := surfaces.ParseOrigins(patterns)
	if err != nil {
		return &halt{outcome: Invalid, reason: err.Error(), hint: "allow takes host, host:port, *.domain or a URL"}
	}
	r.allowed = &o
	if a, ok := r.raw.(surfaces.Allower); ok {
		if err := a.SetAllow(patterns); err != nil {
			return &halt{outcome: Invalid, reason: "setting allowed origins: " + err.Error()}
		}
	}
	return nil
}

// classifyErr turns an error that is not a halt into one.
func (r *runner) classifyErr(err error) *halt {
	parent := r.parent
	var blocked *surfaces.BlockedError
	switch {
	case errors.As(err, &blocked):
		return fail("add the origin to the flow's allow (or pass --allow) if the flow should go there",
			"navigation to %s was blocked: its origin is not allowed", blocked.URL)
	case (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) && r.clock.Now().Sub(r.start) >= r.limit) && parent.Err() == nil:
		// A call cut off by the run's deadline may say "canceled" (chromedp
		// ends its own context then): the time spent tells them apart.
		return &halt{outcome: BudgetExhausted, reason: "time: the " + r.limitBy + " ran out", hint: "raise the flow's budget time or --timeout"}
	case parent.Err() != nil:
		return fail("run it again; the trace holds what was done until then", "the run was cancelled")
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		// Nobody cancelled the run, yet the surface's context ended: the
		// browser went away under it (closed, crashed or killed).
		return fail("check that the browser is still running (or leave out --browser-url so flow starts its own) and run again",
			"the browser connection was lost: %v", err)
	}
	return fail("the trace holds the step's last screen and actions", "%v", err)
}

// finish builds the result and emits run_ended.
func (r *runner) finish(fr *frame, h *halt) *Result {
	res := r.result
	res.Outcome = Completed
	if h != nil {
		res.Outcome = h.outcome
		if h.stop != nil {
			res.Stop = h.stop
		}
		if h.outcome != Completed && h.outcome != StoppedBefore {
			f := &Failure{Reason: r.masker.Mask(h.reason), Hint: r.masker.Mask(h.hint)}
			if h.step != nil {
				f.Path, f.File, f.Line, f.Col = h.step.Path, h.step.Range.File, h.step.Range.Line, h.step.Range.Col
			}
			res.Failure = f
		}
	}
	res.ExitCode = res.Outcome.ExitCode()
	res.Actions, res.Decisions = r.actions, r.asks
	res.Duration = plan.Duration(r.clock.Now().Sub(r.start))
	res.Variables = r.variables(fr)
	e := Event{Kind: EventRunEnded, Outcome: string(res.Outcome)}
	if res.Failure != nil {
		e.Error, e.Hint = res.Failure.String(), res.Failure.Hint
	}
	if res.Stop != nil {
		e.Control, e.Class, e.Reason = res.Stop.Control, res.Stop.Class, res.Stop.Reason
	}
	r.emit(e)
	return res
}

// variables renders the frame for the result: values as text (a money or
// date through its String), lists as lists, secrets as ${name}.
func (r *runner) variables(fr *frame) map[string]any {
	if fr == nil || len(fr.vars)+len(fr.secrets) == 0 {
		return nil
	}
	out := map[string]any{}
	for k, v := range fr.vars {
		switch v := v.(type) {
		case []string:
			items := make([]string, len(v))
			for i, s := range v {
				items[i] = r.masker.Mask(s)
			}
			out[k] = items
		case float64, bool:
			out[k] = v
		default:
			out[k] = r.masker.Mask(plan.Render(v))
		}
	}
	for k := range fr.secrets {
		out[k] = "${" + k + "}"
	}
	return out
}

// emit masks e, numbers it and hands it to every sink.
func (r *runner) emit(e Event) {
	r.seq++
	e.Seq = r.seq
	e.Time = r.clock.Now()
	if r.cur != nil && e.Path == "" {
		e.Path = r.cur.step.Path
		e.Step = string(r.cur.step.Kind)
	}
	e = maskEvent(r.masker, e)
	for _, s := range r.opts.Sinks {
		s.Emit(e)
	}
}

// checkTime ends the run when its time is up.
func (r *runner) checkTime() error {
	if r.clock.Now().Sub(r.start) >= r.limit {
		return &halt{outcome: BudgetExhausted, reason: "time: the " + r.limitBy + " ran out", hint: "raise the flow's budget time or --timeout"}
	}
	return nil
}

// observe reads the screen, masks it, emits observed and applies the
// screen guards (human walls, payment evidence, sign-in walls).
func (r *runner) observe(ctx context.Context) (surfaces.Screen, error) {
	if err := r.checkTime(); err != nil {
		return surfaces.Screen{}, err
	}
	var s surfaces.Screen
	reused := r.last != nil && r.before == nil && r.clock.Now().Sub(r.lastAt) < LookReuse
	if reused {
		// Nothing acted since the last look, a moment ago: the next
		// step's first look reads the page the last one read.
		s = *r.last
	} else {
		var err error
		if s, err = r.surf.Observe(ctx); err != nil {
			return s, err
		}
		s = r.maskScreen(s)
		r.lastAt = r.clock.Now()
	}
	e := Event{Kind: EventObserved, URL: s.URL, Title: s.Title, Fingerprint: s.Fingerprint, Candidates: len(s.Candidates), Reused: reused}
	r.screenEvidence(&e, s)
	r.emit(e)
	if r.cur != nil && !r.cur.observed {
		r.cur.observed = true
		r.cur.hadPassword = hasPassword(s)
	}
	if err := r.screenGuards(s); err != nil {
		return s, err
	}
	return s, nil
}

// maskScreen replaces secret values in everything a screen shows, so no
// question, event or variable can carry one.
func (r *runner) maskScreen(s surfaces.Screen) surfaces.Screen {
	m := r.masker
	s.URL, s.Title = m.Mask(s.URL), m.Mask(s.Title)
	cands := make([]surfaces.Candidate, len(s.Candidates))
	for i, c := range s.Candidates {
		// A field may show a secret as it formats it ("4242 4242 …"),
		// which no encoded form of the value matches: compare letters
		// and digits.
		if name, ok := r.secretShown(c.Value); ok {
			c.Value = "${" + name + "}"
			r.noteSecretRef(c.Ref)
		}
		c.Name, c.Value, c.Description = m.Mask(c.Name), m.Mask(c.Value), m.Mask(c.Description)
		c.Label, c.Placeholder = m.Mask(c.Label), m.Mask(c.Placeholder)
		cands[i] = c
	}
	s.Candidates = cands
	lines := make([]surfaces.ContextLine, len(s.Context))
	for i, l := range s.Context {
		l.Text, l.Column = m.Mask(l.Text), m.Mask(l.Column)
		lines[i] = l
	}
	s.Context = lines
	return s
}

// secretShown reports which secret a field value shows, formatted or
// not.
func (r *runner) secretShown(v string) (string, bool) {
	if v == "" {
		return "", false
	}
	sv := squash(v)
	for name, secret := range r.opts.Secrets {
		if s := squash(secret); len(s) >= guard.MinMaskLen && s == sv {
			return name, true
		}
	}
	return "", false
}

// act performs one operation within the action budget and emits acted.
func (r *runner) act(ctx context.Context, op surfaces.Operation, target string) (surfaces.Outcome, error) {
	if err := r.checkTime(); err != nil {
		return surfaces.Outcome{}, err
	}
	if r.actions >= r.budget.Actions {
		return surfaces.Outcome{}, &halt{outcome: BudgetExhausted, reason: "actions: all " + strconv.Itoa(r.budget.Actions) + " actions of the budget are used", hint: "raise the flow's budget actions"}
	}
	r.actions++
	if r.cur != nil {
		r.cur.actions++
	}
	if r.before == nil {
		r.before = r.last
		if r.before == nil { // the run's first act: everything it shows is new
			r.before = &surfaces.Screen{}
		}
	}
	if op.Secret {
		r.noteSecretRef(op.Ref)
	}
	tgt := r.targetOf(op.Ref)
	out, err := r.surf.Act(ctx, op)
	e := Event{Kind: EventActed, Op: &op, Control: target, Target: tgt, Note: out.Note, Requests: out.Requests}
	if out.URL != "" && out.Navigated {
		e.URL = out.URL
	}
	if err != nil {
		e.Error = err.Error()
	}
	// The surface settled before Act returned (its contract): the next
	// look sees the act's effect without another wait.
	r.emit(e)
	return out, err
}

// decision counts one question or judgement against the budget.
func (r *runner) decision() error {
	if err := r.checkTime(); err != nil {
		return err
	}
	if r.asks >= r.budget.Decisions {
		return &halt{outcome: BudgetExhausted, reason: "decisions: all " + strconv.Itoa(r.budget.Decisions) + " decisions of the budget are used", hint: "raise the flow's budget decisions"}
	}
	r.asks++
	if r.cur != nil {
		r.cur.decisions++
	}
	return nil
}

// choose asks a question (narrowed to [decide.MaxOptions]) and returns the
// chosen option, or nil for none. A decider error is no answer, noted.
func (r *runner) choose(ctx context.Context, q decide.Question) (*decide.Option, error) {
	if len(q.Options) == 0 {
		return nil, nil
	}
	// A step that names an entity ("follow Mia", "in the row \"March\"")
	// places its answer in the group naming it, for every provider.
	q, _ = decide.Anchored(q)
	n := decide.Narrow(q, decide.MaxOptions)
	var key cache.Key
	var digest string
	if r.book != nil {
		key = r.cacheKey(q.ID, q.Ask, q.Value, targetPurposes[q.Purpose])
		digest = questionDigest(n)
		if r.reads() {
			if o, ok := r.cachedChoice(q, n, key, digest); ok {
				return o, nil
			}
		}
	}
	all := q
	q = n
	if err := r.decision(); err != nil {
		return nil, err
	}
	opts := make([]string, len(q.Options))
	for i, o := range q.Options {
		opts[i] = o.Key + ": " + o.Label
	}
	r.emit(Event{Kind: EventAsked, Question: q.ID, Purpose: string(q.Purpose), Ask: q.Ask, Value: q.Value, Options: opts})
	c, err := r.dec.Choose(ctx, q)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		r.emit(Event{Kind: EventAnswered, Question: q.ID, Error: err.Error()})
		return nil, r.deciderFailure(err, false)
	}
	others := make([]string, 0, len(c.Others))
	for _, o := range c.Others {
		others = append(others, fmt.Sprintf("%s (%.2f): %s", optionText(q, o.Key), o.Score, o.Why))
	}
	r.emit(Event{Kind: EventAnswered, Question: q.ID, Key: c.Key, Confidence: c.Confidence, Why: c.Why, Others: others, Ambiguous: c.Ambiguous})
	if r.writes() {
		r.storeChoice(all, q, key, digest, c)
	}
	if r.cur != nil {
		r.cur.considered = others
	}
	if c.Key == "" && len(c.Ambiguous) > 1 {
		return nil, ambiguous(q, c.Ambiguous)
	}
	for i := range q.Options {
		if q.Options[i].Key == c.Key && c.Key != "" {
			return &q.Options[i], nil
		}
	}
	return nil, nil
}

// ambiguous fails a step whose decider could not tell options apart: a
// tie is never broken by page order. The reason names each option with
// its group, so the author can name the one meant.
func ambiguous(q decide.Question, keys []string) *halt {
	var names []string
	for _, k := range keys {
		names = append(names, optionText(q, k))
	}
	return fail("name the one you mean by its group, e.g. `on the card \"…\"` or `in the row \"…\"`, or by its position (first, last)",
		"ambiguous: %s", strings.Join(names, " or "))
}

// optionText names an option of q for a person: a candidate as role
// "name" with its innermost group ("in card \"Tea\""), a line as its text.
func optionText(q decide.Question, key string) string {
	for _, o := range q.Options {
		if o.Key != key {
			continue
		}
		if c := o.Candidate; c != nil {
			return withGroup(*c)
		}
		if o.Line != nil {
			return strconv.Quote(clipText(o.Line.Text, 60))
		}
		return o.Label
	}
	return key
}

// withGroup is a candidate's summary with the innermost group it sits in,
// so the person who reads a report knows which of several look-alikes it
// is: `button "Pay now" in row "March 2025"`.
func withGroup(c surfaces.Candidate) string {
	s := c.Summary()
	if g := groupOf(c); g != "" {
		s += " in " + g
	}
	return s
}

// groupOf is the innermost labelled group of a candidate's path (a card,
// row, list item, dialog, form or section with a name), or the innermost
// numbered item when none has a name.
func groupOf(c surfaces.Candidate) string {
	for i := len(c.Path) - 1; i >= 0; i-- {
		if strings.Contains(c.Path[i], `"`) {
			return c.Path[i]
		}
	}
	for i := len(c.Path) - 1; i >= 0; i-- {
		if strings.Contains(c.Path[i], " #") {
			return c.Path[i]
		}
	}
	return ""
}

// noteDeciderErr keeps a decider's error for the step's failure hint.
// deciderFailure decides what a decider's error does to the step. A choice
// the model could not make is no answer: the step goes on as if it said
// none (there is no default click). A condition it could not judge is not
// false: the step fails rather than take a branch nobody decided. A key the
// provider refuses or a model it does not have (401, 403, 404) will not
// answer later questions either, so the step fails at once.
func (r *runner) deciderFailure(err error, judging bool) error {
	r.noteDeciderErr(err)
	var pe *decide.ProviderError
	refused := errors.As(err, &pe) && (pe.Status == 401 || pe.Status == 403 || pe.Status == 404)
	if !judging && !refused {
		return nil
	}
	return fail("check the model's address, key and name, or run with --model local",
		"the decision model could not answer: %s", err)
}

func (r *runner) noteDeciderErr(err error) {
	if r.cur != nil {
		r.cur.deciderErr = err.Error()
	}
}

// judge returns the probability that the condition text holds on s: one
// judgement of the text and one of its negation, averaged, so a decider
// that agrees with everything does not pass a condition.
func (r *runner) judge(ctx context.Context, s surfaces.Screen, text string) (float64, error) {
	return r.judgeStatement(ctx, s, decide.Statement{Text: text})
}

// judgeStatement asks st (its Text, Goal and Done set) and its negation
// about s and averages the two.
func (r *runner) judgeStatement(ctx context.Context, s surfaces.Screen, st decide.Statement) (float64, error) {
	st.Step = r.stepLine()
	st.Screen = decide.BriefOf(s)
	st.ID = r.cur.step.Path + "/judge"
	if j, ok := decide.Literal(st); ok {
		// A quoted text on the screen is read, not judged.
		r.emit(Event{Kind: EventChecked, Question: st.ID, Text: st.Text, Probability: j.Probability, Why: j.Why})
		return j.Probability, nil
	}
	ask := func(st decide.Statement) (float64, error) {
		var key cache.Key
		var digest string
		if r.book != nil {
			key = r.cacheKey(st.ID, st.Text, "", false)
			digest = statementDigest(st)
			if r.reads() {
				if a, ok := r.book.Answer(key, digest); ok {
					r.cacheNote(st.ID, true, "the same statement on the same screen", "", false)
					return a.Probability, nil
				}
				r.cacheNote(st.ID, false, r.missWhy(key), "", false)
			}
		}
		if err := r.decision(); err != nil {
			return 0, err
		}
		text := st.Text
		if st.Negated {
			text = "not: " + text
		}
		r.emit(Event{Kind: EventAsked, Question: st.ID, Text: text})
		j, err := r.dec.Judge(ctx, st)
		if err != nil {
			if ctx.Err() != nil {
				return 0, ctx.Err()
			}
			r.emit(Event{Kind: EventAnswered, Question: st.ID, Error: err.Error()})
			return 0, r.deciderFailure(err, true)
		}
		r.emit(Event{Kind: EventAnswered, Question: st.ID, Probability: j.Probability, Why: j.Why})
		if r.writes() {
			r.book.PutAnswer(key, r.stepSources[r.cur.step.Path], cache.Answer{Digest: digest, Probability: j.Probability, Why: r.masker.Mask(j.Why)})
		}
		return j.Probability, nil
	}
	p, err := ask(st)
	if err != nil {
		return 0, err
	}
	neg := st
	neg.ID += ":not"
	neg.Negated = true
	q, err := ask(neg)
	if err != nil {
		return 0, err
	}
	return (p + (1 - q)) / 2, nil
}

// stepLine is the running step as a question shows it: kind "text".
func (r *runner) stepLine() string {
	if r.cur == nil {
		return ""
	}
	return r.masker.Mask(string(r.cur.step.Kind) + " " + strconv.Quote(r.cur.report.Text))
}

// originOf returns the origin (scheme://host[:port]) of a URL.
func originOf(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "", false
	}
	return u.Scheme + "://" + u.Host, true
}
