package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"flow/plan"
	"flow/runtime"
	"flow/surfaces"
	"flow/surfaces/sim"
)

// signIn is the start of every forms flow: the password is a secret.
const signIn = `  secret password
  browse "http://forms.test/signin"
  enter {
    "email" = "ada@example.test"
    "password" = password
  }
  press "Enter"
  verify "signed in as ada@example.test"
`

var formSecrets = map[string]string{"password": "s3cret-Horse-42"}

func TestEnterChooseReadWithSecret(t *testing.T) {
	src := `flow book "Book a cabin" {
` + signIn + `  choose "travellers" = "2"
  choose "travel insurance" = "No thanks"
  choose "cabin class" = "Business"
  enter "note for the crew" = "window seat please"
  read "the total" into total as money
  read "seats left" into seats as number
  check total.amount == 240 && seats == 7, "the summary is read"
  set pp = total.amount / 2
  check pp == 120
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Completed)
	named := o.sim.Named()
	if !contains(named, "signed-in") || !contains(named, "cabin-business") {
		t.Errorf("named events %v: want signed-in and cabin-business", named)
	}
	var acts []string
	for _, e := range o.sim.Events() {
		if e.Op != nil && e.Err == "" {
			acts = append(acts, string(e.Op.Op)+" "+e.Target+" "+e.Op.Value)
		}
	}
	for _, want := range []string{"select travellers 2", "click ins-no ", "click cabin ", "click business ", "fill note window seat please"} {
		if !contains(acts, want) {
			t.Errorf("the sim did not see %q; it saw %q", want, acts)
		}
	}
	if got := o.sim.Var("cabin"); got != "Business" {
		t.Errorf("cabin = %q", got)
	}
	if got := o.res.Variables["seats"]; got != 7.0 {
		t.Errorf("seats = %v", got)
	}
	if got := o.res.Variables["pp"]; got != 120.0 {
		t.Errorf("pp = %v", got)
	}
	assertNoSecret(t, o, formSecrets["password"])
	if o.res.Variables["password"] != "${password}" {
		t.Errorf("the secret shows as %v in variables, want ${password}", o.res.Variables["password"])
	}
}

// assertNoSecret searches every artefact of a run for a secret value.
func assertNoSecret(t *testing.T, o *outcome, secret string) {
	t.Helper()
	ev, _ := json.Marshal(o.events)
	for name, text := range map[string]string{
		"events": string(ev), "trace": o.trace, "result": o.json, "questions": strings.Join(o.asked, "\n"),
		"sim events": strings.Join(eventLines(o.sim), "\n"),
	} {
		if strings.Contains(text, secret) {
			t.Errorf("the secret value is in the %s", name)
		}
	}
	if len(o.asked) == 0 || o.trace == "" {
		t.Fatalf("nothing was asked or traced: the search proves nothing")
	}
}

func TestSecretWrongPasswordFailsWithoutLeaking(t *testing.T) {
	src := `flow login "Sign in" {
` + signIn + `}
`
	secrets := map[string]string{"password": "wrong-Password-99"}
	o := run(t, setup{src: src, script: "forms.yaml", secrets: secrets})
	o.want(t, runtime.Failed)
	f := o.res.Failure
	if f.Path != "4" || f.Line != 9 || f.Hint == "" || !strings.Contains(f.Reason, "signed in as") {
		t.Errorf("failure %+v: want step 4 at line 9 with a reason and a hint", f)
	}
	if !contains(o.sim.Named(), "sign-in-failed") {
		t.Errorf("want the sign-in to have failed in the sim: %v", o.sim.Named())
	}
	assertNoSecret(t, o, secrets["password"])
}

func TestFailingVerifyNamesPathLineAndHint(t *testing.T) {
	src := `flow v "Verify" {
  browse "http://forms.test/signin"
  verify "the order confirmation number is shown"
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.Failed)
	if o.res.ExitCode != 1 {
		t.Errorf("exit code %d", o.res.ExitCode)
	}
	f := o.res.Failure
	if f == nil || f.Path != "2" || f.Line != 3 || f.Col != 3 || !strings.HasSuffix(f.File, "test.flow") {
		t.Fatalf("failure %+v: want path 2, test.flow:3:3", f)
	}
	if !strings.Contains(f.Reason, "order confirmation") || !strings.Contains(f.Hint, "Sign in") {
		t.Errorf("reason %q / hint %q: want the condition and the screen named", f.Reason, f.Hint)
	}
	if s := f.String(); !strings.Contains(s, "test.flow:3:3: step 2: ") {
		t.Errorf("failure text %q", s)
	}
	last := o.res.Steps[len(o.res.Steps)-1]
	if last.Outcome != "failed" || last.Path != "2" {
		t.Errorf("last step report %+v", last)
	}
}

func TestBlockedNavigationNamesURL(t *testing.T) {
	src := `flow b "Leave the site" {
` + signIn + `  do "open the help centre"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "http://elsewhere.test/help") {
		t.Errorf("reason %q: want the blocked URL", o.res.Failure.Reason)
	}
	if o.res.Failure.Path != "5" {
		t.Errorf("path %q, want 5", o.res.Failure.Path)
	}
}

func TestBrowseOutsideAllowIsBlockedBeforeNavigating(t *testing.T) {
	src := `flow b "Two sites" {
  allow "forms.test"
  browse "http://forms.test/signin"
  browse "http://evil.test/"
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "http://evil.test/") || o.res.Failure.Path != "2" {
		t.Errorf("failure %+v", o.res.Failure)
	}
	for _, e := range o.sim.Events() {
		if strings.Contains(e.String(), "evil.test") {
			t.Errorf("the sim saw the blocked address: %s", e)
		}
	}
}

func TestCaptchaNeedsHuman(t *testing.T) {
	src := `flow w "Wall" {
  browse "http://forms.test/wall"
  do "continue to the site"
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.NeedsHuman)
	if o.res.ExitCode != 3 || !strings.Contains(o.res.Failure.Reason, "captcha") {
		t.Errorf("exit %d, failure %+v", o.res.ExitCode, o.res.Failure)
	}
	if len(pressed(o.sim)) != 0 {
		t.Errorf("pressed %v on a wall", pressed(o.sim))
	}
}

func TestOpenWithoutDesktopFails(t *testing.T) {
	o := run(t, setup{src: `flow o "Open" {
  open "Mail"
}
`, script: "forms.yaml"})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "desktop") {
		t.Errorf("reason %q", o.res.Failure.Reason)
	}
}

func TestControlFlow(t *testing.T) {
	src := `flow c "Control flow" {
  fact names: list = ["a", "b", "c"]
  fact n: number = 2
` + signIn + `  set count = 0
  for name in names {
    set count = count + 1
  }
  check count == 3
  if n > 5 {
    set count = 100
  } else if "the total shows €240.00" {
    set count = count + 10
  } else {
    set count = 200
  }
  check count == 13
  repeat until count >= 15 max 4 {
    set count = count + 1
  }
  check count == 15
  if not "a cookie banner is visible" {
    set count = count + 1
  }
  check count == 16
  helper(word = "x")
}

flow helper "A called flow" {
  fact word: text
  check word == "x", "the argument is bound"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Completed)
	var paths []string
	for _, s := range o.res.Steps {
		paths = append(paths, s.Path)
	}
	if !contains(paths, "14.1") {
		t.Errorf("the called flow's step 14.1 did not run: %v", paths)
	}
}

func TestRepeatThatNeverHoldsFails(t *testing.T) {
	src := `flow r "Repeat" {
  set i = 0
  repeat until i > 10 max 3 {
    set i = i + 1
  }
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "3 rounds") || o.res.Failure.Path != "2" {
		t.Errorf("failure %+v", o.res.Failure)
	}
}

func TestWaitForTimesOutOnTheClock(t *testing.T) {
	src := `flow w "Wait" {
  browse "http://forms.test/signin"
  wait_for "the flight results are listed" within 3s
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Reason, "after 3s") {
		t.Errorf("reason %q", o.res.Failure.Reason)
	}
	// The screen never changed, so it was judged once, not once per look.
	if d := o.res.Steps[1].Decisions; d != 2 {
		t.Errorf("wait_for asked %d times, want one judgement (2 decisions)", d)
	}
}

func TestTimeBudgetFromTimeout(t *testing.T) {
	src := `flow w "Wait long" {
  budget time 5m
  browse "http://forms.test/signin"
  wait_for "the flight results are listed" within 2m
}
`
	o := run(t, setup{src: src, script: "forms.yaml", opts: func(o *runtime.Options) { o.Timeout = 30 * time.Second }})
	o.want(t, runtime.BudgetExhausted)
	if o.res.ExitCode != 4 || !strings.Contains(o.res.Failure.Reason, "--timeout 30s") {
		t.Errorf("exit %d, reason %q", o.res.ExitCode, o.res.Failure.Reason)
	}
}

// cutOff is a surface whose looks after the first are cut off with
// context.Canceled, as chromedp reports a call its context's deadline
// ended; with pastLimit the clock has first run past the run's time.
type cutOff struct {
	*sim.Sim
	clock     *fakeClock
	pastLimit bool
	looks     int
}

func (c *cutOff) Observe(ctx context.Context) (surfaces.Screen, error) {
	c.looks++
	if c.looks == 1 {
		return c.Sim.Observe(ctx)
	}
	if c.pastLimit {
		_ = c.clock.Sleep(ctx, time.Hour)
	}
	return surfaces.Screen{}, fmt.Errorf("observe: %w", context.Canceled)
}

// TestCutOffByTheDeadlineIsTheBudget: a look cut off once the run's time
// is spent ran out of time, whatever the error says; cut off before it,
// the browser went away.
func TestCutOffByTheDeadlineIsTheBudget(t *testing.T) {
	src := `flow w "Wait" {
  browse "http://forms.test/signin"
  wait_for "the flight results are listed" within 2m
}
`
	for _, past := range []bool{true, false} {
		clock := newFakeClock()
		o := run(t, setup{src: src, script: "forms.yaml",
			wrap: func(s *sim.Sim) surfaces.Surface { return &cutOff{Sim: s, clock: clock, pastLimit: past} },
			opts: func(o *runtime.Options) { o.Clock, o.Timeout = clock, 30*time.Second }})
		if past {
			o.want(t, runtime.BudgetExhausted)
			continue
		}
		o.want(t, runtime.Failed)
		if !strings.Contains(o.res.Failure.Reason, "browser connection was lost") {
			t.Errorf("reason %q: want the lost browser", o.res.Failure.Reason)
		}
	}
}

func TestActionBudget(t *testing.T) {
	src := `flow a "Few actions" {
  budget actions 2
` + signIn + `}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.BudgetExhausted)
	if !strings.Contains(o.res.Failure.Reason, "actions") || o.res.Actions != 2 {
		t.Errorf("reason %q after %d actions", o.res.Failure.Reason, o.res.Actions)
	}
	if o.res.Failure.Path != "2" {
		t.Errorf("path %q: the budget runs out at the enter step (browse 1, fill 2)", o.res.Failure.Path)
	}
}

func TestDecisionBudget(t *testing.T) {
	src := `flow d "Few decisions" {
  budget decisions 3
  browse "http://forms.test/signin"
  verify "sign in to your account"
  verify "sign in to your account"
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.BudgetExhausted)
	if !strings.Contains(o.res.Failure.Reason, "decisions") || o.res.Failure.Path != "3" {
		t.Errorf("failure %+v", o.res.Failure)
	}
}

func TestWaitForStopsEarlyOnNoResults(t *testing.T) {
	src := `flow w "Wait" {
  browse "http://forms.test/search"
  wait_for "cabins are listed" within 1m
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.Failed)
	f := o.res.Failure
	if f.Path != "2" || !strings.Contains(f.Reason, "No results found") {
		t.Errorf("failure %+v: want the wait_for to give up on the page's message", f)
	}
	if d := o.res.Steps[len(o.res.Steps)-1].Duration; d != 0 {
		t.Errorf("the wait_for waited %v on the clock; it should give up at once", d)
	}
}

func TestDoIntoSignInFormNeedsHuman(t *testing.T) {
	src := `flow w "Trips" {
  browse "http://forms.test/booking"
  do "open my trips"
}
`
	o := run(t, setup{src: src, script: "forms.yaml"})
	o.want(t, runtime.NeedsHuman)
	if !strings.Contains(o.res.Failure.Reason, "sign-in") || o.res.Failure.Path != "2" {
		t.Errorf("failure %+v", o.res.Failure)
	}
	// A flow that types a secret signs in by itself: the same form is no
	// wall for it.
	o = run(t, setup{src: `flow w "Trips" {
  secret password
  browse "http://forms.test/booking"
  do "open my trips"
  enter "password" = password
}
`, script: "forms.yaml", secrets: formSecrets})
	if o.res.Outcome == runtime.NeedsHuman {
		t.Errorf("a flow that signs in met a wall: %+v", o.res.Failure)
	}
}

func TestEnterInFormWithSendButtonIsRefused(t *testing.T) {
	src := `flow e "Enter" {
` + signIn + `  enter "note for the crew" = "hello"
  press "Enter"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.GuardRefused)
	if st := o.res.Stop; st == nil || st.Control != `button "Send request"` || st.Class != "irreversible" {
		t.Errorf("stop %+v", o.res.Stop)
	}
	for _, e := range o.sim.Events() {
		if e.Op != nil && e.Op.Op == "press" && e.Screen == "booking" {
			t.Errorf("Enter was pressed: %s", e)
		}
	}
	if contains(o.sim.Named(), "sent") {
		t.Error("the request was sent")
	}
}

func TestCallBindsSecretArgument(t *testing.T) {
	src := `flow main "Sign in through a called flow" {
  secret password
  browse "http://forms.test/signin"
  login(user = "ada@example.test", pw = password)
  verify "signed in as ada@example.test"
}

flow login "Sign in" {
  fact user: text
  secret pw
  enter "email" = user
  enter "password" = pw
  press "Enter"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Completed)
	if !contains(o.sim.Named(), "signed-in") {
		t.Errorf("not signed in: %v", o.sim.Named())
	}
	if _, ok := o.res.Variables["user"]; ok {
		t.Error("the callee's fact leaked into the caller's variables")
	}
	assertNoSecret(t, o, formSecrets["password"])
}

func TestReadThatDoesNotParseFails(t *testing.T) {
	src := `flow r "Read" {
` + signIn + `  read "the seats left" into seats as date
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Failed)
	f := o.res.Failure
	if f.Path != "5" || !strings.Contains(f.Reason, "Seats left: 7") || !strings.Contains(f.Reason, "a date") {
		t.Errorf("failure %+v", f)
	}
}

// With two lists on the screen, extract asks which one WHAT means; the
// script answers the second.
func TestExtractChoosesAmongLists(t *testing.T) {
	src := `flow x "Extract" {
  browse "http://lists.test/"
  extract "the trains" into trains
  check len(trains) == 2 && trains[0] == "08:10 Lisbon · 2h 40m"
}
`
	answers := `answers:
  "2/list": list2
`
	o := run(t, setup{src: src, script: "lists.yaml", answers: answers})
	o.want(t, runtime.Completed)
	var q string
	for _, a := range o.asked {
		if strings.Contains(a, `"2/list"`) {
			q = a
		}
	}
	if !strings.Contains(q, "Buses") || !strings.Contains(q, "Trains") {
		t.Errorf("the list question does not show both lists: %s", q)
	}
}

func TestDeciderErrorIsNoAnswerAndNamedInHint(t *testing.T) {
	src := `flow d "Unanswered" {
  browse "http://forms.test/signin"
  do "open the forgotten password page"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", answers: `answers: {"9/target": e1}`})
	o.want(t, runtime.Failed)
	if !strings.Contains(o.res.Failure.Hint, "no answer in script") || len(pressed(o.sim)) != 0 {
		t.Errorf("hint %q, pressed %v", o.res.Failure.Hint, pressed(o.sim))
	}
}

func TestTimeoutOnTheWallClock(t *testing.T) {
	src := `flow w "Wait" {
  browse "http://forms.test/signin"
  wait_for "the flight results are listed" within 1m
}
`
	o := run(t, setup{src: src, script: "forms.yaml", opts: func(o *runtime.Options) {
		o.Clock = runtime.RealClock{}
		o.Timeout = 50 * time.Millisecond
		o.PollInterval = 5 * time.Millisecond
	}})
	o.want(t, runtime.BudgetExhausted)
	if !strings.Contains(o.res.Failure.Reason, "--timeout 50ms") || o.res.Failure.Path != "2" {
		t.Errorf("failure %+v", o.res.Failure)
	}
}

// A plan with missing parts (built by hand, or loaded from a damaged
// file) ends with a failure naming the step, never a panic.
func TestDamagedPlanFailsCleanly(t *testing.T) {
	sm, err := sim.Load("testdata/forms.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []*plan.Step{
		{Path: "1", Kind: plan.KindCheck},
		{Path: "1", Kind: plan.KindSet, Into: "x"},
		{Path: "1", Kind: plan.KindFor, Var: "x"},
		{Path: "1", Kind: plan.KindIf, Branches: []*plan.Branch{{}}},
		{Path: "1", Kind: plan.KindRepeat},
		{Path: "1", Kind: plan.KindCall},
		{Path: "1", Kind: plan.KindBrowse},
		{Path: "1", Kind: plan.KindEnter, Pairs: []*plan.Pair{{}}},
		{Path: "1", Kind: "teleport"},
	} {
		flow := &plan.Flow{Name: "damaged", Steps: []*plan.Step{step}}
		res := runtime.Run(context.Background(), flow, runtime.Options{Surface: sm, Clock: newFakeClock()})
		if res.Outcome != runtime.Failed || res.Failure == nil || res.Failure.Path != "1" || res.Failure.Reason == "" {
			t.Errorf("%s step: outcome %s, failure %+v", step.Kind, res.Outcome, res.Failure)
		}
		if strings.Contains(res.Failure.Reason, "internal error") {
			t.Errorf("%s step panicked: %s", step.Kind, res.Failure.Reason)
		}
	}
}

// A surface that panics (here a nil sim) ends the run as a failure of the
// running step, with run_ended still emitted.
func TestPanicBecomesFailure(t *testing.T) {
	flow := compile(t, `flow p "Panic" {
  browse "http://forms.test/signin"
}
`)
	var ended bool
	res := runtime.Run(context.Background(), flow, runtime.Options{
		Surface: (*sim.Sim)(nil), Clock: newFakeClock(),
		Sinks: []runtime.Sink{runtime.SinkFunc(func(e runtime.Event) { ended = ended || e.Kind == runtime.EventRunEnded })},
	})
	if res.Outcome != runtime.Failed || res.Failure.Path != "1" || !strings.Contains(res.Failure.Reason, "internal error") {
		t.Errorf("outcome %s, failure %+v", res.Outcome, res.Failure)
	}
	if !ended {
		t.Error("no run_ended event")
	}
}

// Typing into a field that opens a suggestion list answers it with the
// suggestion equal to the value.
func TestEnterAnswersSuggestionList(t *testing.T) {
	src := `flow s "Suggest" {
` + signIn + `  enter "destination" = "Oslo"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Completed)
	if !contains(o.sim.Named(), "picked-oslo") || contains(o.sim.Named(), "picked-osaka") {
		t.Errorf("named events %v: want the Oslo suggestion only", o.sim.Named())
	}
}

// Options.Allow (flow run --allow) adds origins to the flow's allow.
func TestAllowOptionAddsOrigins(t *testing.T) {
	src := `flow b "Help" {
  allow "forms.test"
` + signIn + `  do "open the help centre"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets, opts: func(o *runtime.Options) {
		o.Allow = []string{"elsewhere.test"}
	}})
	for _, e := range o.sim.Events() {
		if e.Kind == "blocked" {
			t.Errorf("blocked with --allow elsewhere.test: %s", e)
		}
	}
	// The sim has no screen for the other site: arriving there shows its
	// not-found screen, which proves the navigation went through.
	if got := o.sim.Current(); got != "404" {
		t.Errorf("the run ended on %s (trail %v), want the other site", got, o.sim.Trail())
	}
}
