package runtime_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"flow/runtime"
	"flow/surfaces"
	"flow/surfaces/sim"
)

const toResults = `  fact query: text = "laptop"
  browse "http://shop.test/"
  enter "search products" = query
  press "Enter"
`

func TestDoChoosingPayButtonIsRefused(t *testing.T) {
	src := `flow b "Buy" {
` + toResults + `  do "buy now"
}
`
	for _, tc := range []struct{ name, answers string }{
		{"local", ""},
		// The script answers with the Buy now button's ref (e7: the sim
		// issues refs in order of first sight).
		{"script", `answers:
  "2/field": e1
  "4/judge": 0.1
  "4/judge:not": 0.9
  "4/target": e7
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := run(t, setup{src: src, script: "shop.yaml", answers: tc.answers})
			o.want(t, runtime.GuardRefused)
			if o.res.ExitCode != 5 {
				t.Errorf("exit code %d, want 5", o.res.ExitCode)
			}
			if contains(pressed(o.sim), "buy2") || contains(o.sim.Named(), "bought") {
				t.Fatalf("the Buy now button was pressed: %v", pressed(o.sim))
			}
			if o.res.Stop == nil || o.res.Stop.Control != `button "Buy now" in listitem #2` || o.res.Stop.Class != "payment" {
				t.Errorf("stop %+v: want the refused Buy now button, class payment", o.res.Stop)
			}
			if f := o.res.Failure; f == nil || f.Path != "4" || !strings.Contains(f.Hint, "stop_before") {
				t.Errorf("failure %+v", f)
			}
			guarded := false
			for _, e := range o.events {
				guarded = guarded || e.Kind == runtime.EventGuarded && e.Class == "payment"
			}
			if !guarded {
				t.Error("no guarded event")
			}
		})
	}
}

// approveScript walks the shop with the script decider: the pick
// criterion is not one stdlib ranks, so the decider picks the card.
const approveFlow = `flow o "Order the best reviewed laptop" {
` + toResults + `  pick "the results" by "the one with the best reviews" into laptop
  do "add it to the cart"
  do "open the cart"
  stop_before "placing the order"
}
`

const approveAnswers = `answers:
  "2/field": e1
  "4/card": card2
  "5/judge": [0.1, 0.9]
  "5/judge:not": [0.9, 0.1]
  "5/target": e10
  "6/judge": [0.1, 0.9]
  "6/judge:not": [0.9, 0.1]
  "6/target": e11
  "7/stop_target": e12
  "7/judge": 0.9
  "7/judge:not": 0.1
`

func TestStopBeforeWithoutApprovalPressesNothing(t *testing.T) {
	o := run(t, setup{src: approveFlow, script: "shop.yaml", answers: approveAnswers})
	o.want(t, runtime.StoppedBefore)
	if contains(pressed(o.sim), "order") || contains(o.sim.Named(), "ordered") {
		t.Fatalf("Place order was pressed without approval: %v", pressed(o.sim))
	}
	st := o.res.Stop
	if st == nil || st.Control != `button "Place order"` || st.Path != "7" || st.Pressed || st.Reason != "stop_before" {
		t.Errorf("stop %+v", st)
	}
	if got := o.sim.Current(); got != "cart" {
		t.Errorf("the run ended on %s, want the cart", got)
	}
	if v := o.res.Variables["laptop"]; !strings.HasPrefix(v.(string), "Dell XPS 13") {
		t.Errorf("laptop = %v: the script chose card 2", v)
	}
}

func TestStopBeforeWithApprovalPressesAndChecks(t *testing.T) {
	o := run(t, setup{src: approveFlow, script: "shop.yaml", answers: approveAnswers, approve: true})
	o.want(t, runtime.Completed)
	if !contains(o.sim.Named(), "ordered") || o.sim.Current() != "done" {
		t.Fatalf("the order was not placed: %v", o.sim.Named())
	}
	if st := o.res.Stop; st == nil || !st.Pressed || st.Control != `button "Place order"` {
		t.Errorf("stop %+v: want the pressed Place order", o.res.Stop)
	}
}

// A stop_before offers the controls its phrase gates or that read as
// irreversible or paying, alone when there are any: an answer naming
// another control was not offered, so it is no answer and nothing is
// pressed, even with approval.
func TestStopBeforeOffersOnlyGuardedControls(t *testing.T) {
	answers := strings.Replace(approveAnswers, `"7/stop_target": e12`, `"7/stop_target": e13`, 1)
	o := run(t, setup{src: approveFlow, script: "shop.yaml", answers: answers, approve: true})
	o.want(t, runtime.Failed)
	if f := o.res.Failure; f.Path != "7" || !strings.Contains(f.Reason, "placing the order") {
		t.Errorf("failure %+v", f)
	}
	if p := pressed(o.sim); contains(p, "pay") || contains(p, "order") {
		t.Errorf("pressed %v", p)
	}
}

func TestPaymentStopOnCardFields(t *testing.T) {
	src := `flow p "To payment" {
` + toResults + `  pick "the results" by "lowest price" into laptop
  do "add the Dell XPS to the cart"
  do "your cart holds 1 item"
  do "the payment form is shown"
  enter "card number" = "4111111111111111"
}
`
	o := run(t, setup{src: src, script: "shop.yaml"})
	o.want(t, runtime.StoppedBefore)
	st := o.res.Stop
	if st == nil || st.Class != "payment" || !strings.Contains(st.Control, "on card") || st.Path != "7" {
		t.Fatalf("stop %+v: want payment evidence at step 7 naming the card field", st)
	}
	for _, e := range o.sim.Events() {
		if e.Op != nil && (e.Op.Op == surfaces.OpFill && e.Screen == "payment" || e.Target == "paynow") {
			t.Errorf("acted on the payment page: %s", e)
		}
	}
}

// rerender is a page that re-renders itself between the runtime's look and
// its first click, as a page's own script may: the sim reloads the screen
// (a new visit issues new refs) before the click arrives.
type rerender struct {
	*sim.Sim
	done bool
}

func (r *rerender) Act(ctx context.Context, op surfaces.Operation) (surfaces.Outcome, error) {
	if op.Op == surfaces.OpClick && !r.done {
		r.done = true
		s, err := r.Sim.Observe(ctx)
		if err != nil {
			return surfaces.Outcome{}, err
		}
		if _, err := r.Sim.Act(ctx, surfaces.Navigate(s.URL)); err != nil {
			return surfaces.Outcome{}, err
		}
	}
	return r.Sim.Act(ctx, op)
}

func TestStaleRefObservesAgain(t *testing.T) {
	src := `flow s "Stale" {
  browse "http://shop.test/product/2"
  do "add the Dell XPS to the cart"
}
`
	o := run(t, setup{src: src, script: "shop.yaml", wrap: func(s *sim.Sim) surfaces.Surface { return &rerender{Sim: s} }})
	o.want(t, runtime.Completed)
	var clicks []string
	stale := 0
	for _, e := range o.sim.Events() {
		if e.Op == nil || e.Op.Op != surfaces.OpClick {
			continue
		}
		if e.Err != "" {
			stale++
			if !strings.Contains(e.Err, "stale") {
				t.Errorf("click failed otherwise: %s", e)
			}
			continue
		}
		clicks = append(clicks, e.Target)
	}
	if stale != 1 || len(clicks) != 1 || clicks[0] != "add" {
		t.Errorf("want one stale click, then one click on add; got %d stale, clicks %v", stale, clicks)
	}
	var acted []runtime.Event
	for _, e := range o.events {
		if e.Kind == runtime.EventActed && e.Op != nil && e.Op.Op == surfaces.OpClick {
			acted = append(acted, e)
		}
	}
	if len(acted) != 2 || acted[0].Op.Ref == acted[1].Op.Ref || !strings.Contains(acted[0].Error, "stale") {
		t.Errorf("want a stale click then a click on a new ref, got %+v", acted)
	}
}

func TestPressThatChangesNothingIsNotRepeated(t *testing.T) {
	src := `flow r "Refresh" {
` + signIn + `  do "refresh the prices until the total shows €100.00"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Failed)
	n := 0
	for _, p := range pressed(o.sim) {
		if p == "refresh" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("Refresh prices pressed %d times, want once (then banned)", n)
	}
	if !strings.Contains(o.res.Failure.Hint, "changed nothing") {
		t.Errorf("hint %q", o.res.Failure.Hint)
	}
	if contains(pressed(o.sim), "send") {
		t.Error("the irreversible Send request was pressed")
	}
}

func TestTraceIsMaskedJSONLines(t *testing.T) {
	o := run(t, setup{src: `flow t "Trace" {
` + signIn + `}
`, script: "forms.yaml", secrets: formSecrets})
	o.want(t, runtime.Completed)
	sc := bufio.NewScanner(strings.NewReader(o.trace))
	var kinds []string
	seq := 0
	for sc.Scan() {
		var e runtime.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if e.Seq != seq+1 {
			t.Errorf("seq %d after %d", e.Seq, seq)
		}
		seq = e.Seq
		kinds = append(kinds, string(e.Kind))
	}
	for _, k := range []runtime.EventKind{runtime.EventStepStarted, runtime.EventObserved, runtime.EventAsked, runtime.EventAnswered, runtime.EventActed, runtime.EventStepEnded, runtime.EventRunEnded} {
		if !contains(kinds, string(k)) {
			t.Errorf("no %s event in the trace", k)
		}
	}
	if kinds[len(kinds)-1] != string(runtime.EventRunEnded) {
		t.Errorf("last event %s", kinds[len(kinds)-1])
	}
	if !strings.Contains(o.trace, `"secret":true`) {
		t.Error("the secret fill is not in the trace")
	}
	assertNoSecret(t, o, formSecrets["password"])
}

func TestJSONLKeepsWriteError(t *testing.T) {
	j := runtime.NewJSONL(failWriter{})
	j.Emit(runtime.Event{Kind: runtime.EventRunEnded})
	if j.Err() == nil {
		t.Error("a failed write is not reported")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestInvalidWithoutSurfaceOrFacts(t *testing.T) {
	flow := compile(t, `flow i "Needs a fact" {
  fact city: text
  check city != ""
}
`)
	res := runtime.Run(context.Background(), flow, runtime.Options{})
	if res.Outcome != runtime.Invalid || res.ExitCode != 2 || !strings.Contains(res.Failure.Reason, "surface") {
		t.Errorf("no surface: %+v %+v", res, res.Failure)
	}
	sm, err := sim.Load("testdata/forms.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res = runtime.Run(context.Background(), flow, runtime.Options{Surface: sm})
	if res.Outcome != runtime.Invalid || !strings.Contains(res.Failure.Reason, "city") {
		t.Errorf("missing fact: %+v", res.Failure)
	}
	if len(sm.Events()) > 1 {
		t.Errorf("an invalid run acted: %v", eventLines(sm))
	}
}

// A do's non-press moves: Escape closes the dialog in front, a scroll
// brings the button below the fold into view, and only then is it pressed.
func TestDoMovesEscapeAndScroll(t *testing.T) {
	src := `flow m "Moves" {
  browse "http://long.test/"
  do "story 11 is shown"
}
`
	answers := `answers:
  "2/judge": [0.1, 0.1, 0.1, 0.9]
  "2/judge:not": [0.9, 0.9, 0.9, 0.1]
  "2/target": [move:escape, move:scroll, e2]
`
	o := run(t, setup{src: src, script: "long.yaml", answers: answers})
	o.want(t, runtime.Completed)
	var ops []string
	for _, e := range o.sim.Events() {
		if e.Kind == "act" && e.Err == "" {
			ops = append(ops, string(e.Op.Op)+":"+e.Op.Value+e.Target)
		}
	}
	want := []string{"navigate:http://long.test/", "press:Escape", "scroll:down", "click:more"}
	if strings.Join(ops, " ") != strings.Join(want, " ") {
		t.Errorf("operations %v, want %v", ops, want)
	}
	if !contains(o.sim.Named(), "loaded") || contains(pressed(o.sim), "subscribe") {
		t.Errorf("named %v, pressed %v", o.sim.Named(), pressed(o.sim))
	}
}

// With approval a stop_before presses its control, then checks that the
// action happened; a press that shows nothing fails the step.
func TestApprovedStopBeforeThatShowsNothingFails(t *testing.T) {
	src := `flow s "Send" {
` + signIn + `  stop_before "sending the request"
}
`
	o := run(t, setup{src: src, script: "forms.yaml", secrets: formSecrets, approve: true})
	o.want(t, runtime.Failed)
	if !contains(o.sim.Named(), "sent") {
		t.Fatalf("approved, but Send request was not pressed: %v", o.sim.Named())
	}
	if st := o.res.Stop; st == nil || !st.Pressed || st.Control != `button "Send request"` {
		t.Errorf("stop %+v", o.res.Stop)
	}
	if f := o.res.Failure; f.Path != "5" || !strings.Contains(f.Reason, "nothing confirms") {
		t.Errorf("failure %+v", f)
	}
}

// A menu that opens only on hover: the press changes nothing, so the next
// turn offers a hover over that control, and the menu item is pressed.
func TestDoHoversOverMenuThatIgnoresClicks(t *testing.T) {
	src := `flow m "Hover" {
  browse "http://long.test/menu"
  do "the science stories are shown"
}
`
	answers := `answers:
  "2/judge": [0.1, 0.1, 0.1, 0.9]
  "2/judge:not": [0.9, 0.9, 0.9, 0.1]
  "2/target": [e1, hover:e1, e2]
`
	o := run(t, setup{src: src, script: "long.yaml", answers: answers})
	o.want(t, runtime.Completed)
	var ops []string
	for _, e := range o.sim.Events() {
		if e.Kind == "act" && e.Err == "" {
			ops = append(ops, string(e.Op.Op)+":"+e.Target)
		}
	}
	if want := "navigate: click:topics hover:topics click:science"; strings.Join(ops, " ") != want {
		t.Errorf("operations %q, want %q", strings.Join(ops, " "), want)
	}
	if o.sim.Current() != "science" {
		t.Errorf("ended on %s", o.sim.Current())
	}
}
