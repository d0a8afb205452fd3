package surfaces

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func screen() Screen {
	s := Screen{
		Surface: KindBrowser, URL: "http://shop.test/", Title: "Shop", Layer: LayerPage,
		Candidates: []Candidate{
			{Ref: "e1", Role: "button", Name: "Save", Path: []string{"main", `form "Profile"`}},
			{Ref: "e2", Role: "textbox", Name: "Email", Value: "ada@example.com"},
			{Ref: "e3", Role: "checkbox", Name: "News", States: []State{StateChecked, StateFocused}},
		},
		Context: []ContextLine{{Ref: "t1", Text: "Welcome", Role: "heading"}},
	}
	s.Fingerprint = Fingerprint(s)
	return s
}

func TestFingerprintIgnoresRefsAndBounds(t *testing.T) {
	a, b := screen(), screen()
	for i := range b.Candidates {
		b.Candidates[i].Ref = fmt.Sprintf("e%d", 100+i)
		b.Candidates[i].Bounds = Bounds{X: 5, Y: 9, W: 1, H: 1}
	}
	b.Context[0].Ref = "t77"
	if Fingerprint(a) != Fingerprint(b) {
		t.Errorf("refs or bounds changed the fingerprint")
	}
	for name, change := range map[string]func(*Screen){
		"value":  func(s *Screen) { s.Candidates[1].Value = "grace@example.com" },
		"state":  func(s *Screen) { s.Candidates[2].States = nil },
		"name":   func(s *Screen) { s.Candidates[0].Name = "Save draft" },
		"path":   func(s *Screen) { s.Candidates[0].Path = []string{"main"} },
		"text":   func(s *Screen) { s.Context[0].Text = "Goodbye" },
		"layer":  func(s *Screen) { s.Layer = LayerDialog },
		"url":    func(s *Screen) { s.URL = "http://shop.test/cart" },
		"remove": func(s *Screen) { s.Candidates = s.Candidates[1:] },
	} {
		c := screen()
		change(&c)
		if Fingerprint(c) == Fingerprint(a) {
			t.Errorf("%s change kept the fingerprint", name)
		}
	}
}

func TestDiffNotes(t *testing.T) {
	before := screen()
	after := screen()
	after.Candidates = append(after.Candidates[1:], Candidate{Ref: "e9", Role: "dialog", Name: "Saved"})
	after.Candidates[1].States = nil // News unchecked
	after.URL = "http://shop.test/done"
	ch := Diff(before, after)
	got := ch.String()
	for _, want := range []string{"navigated: http://shop.test/done", `appeared: checkbox "News", dialog "Saved"`, `gone: button "Save", checkbox "News" [checked]`} {
		if !strings.Contains(got, want) {
			t.Errorf("note %q lacks %q", got, want)
		}
	}
	if d := Diff(before, screen()); !d.Empty() || d.String() != "no change" {
		t.Errorf("equal screens: %q", d)
	}
	// Reordering alone is no change.
	re := screen()
	re.Candidates[0], re.Candidates[1] = re.Candidates[1], re.Candidates[0]
	if d := Diff(before, re); !d.Empty() {
		t.Errorf("reorder reported: %q", d)
	}
	many := Changes{Appeared: strings.Split("a b c d e f g h i j", " ")}
	if s := many.String(); !strings.Contains(s, "(2 more)") || strings.Contains(s, " i") {
		t.Errorf("long list: %q", s)
	}
}

func TestOperations(t *testing.T) {
	valid := []Operation{Click("e1"), Fill("e2", ""), Select("e3", "France"), Check("e4"), Uncheck("e4"),
		Press("", "Enter"), Press("e2", "Control+a"), Scroll("", "down"), Scroll("e5", ""), Hover("e1"),
		Navigate("http://x.test/"), Back()}
	for _, op := range valid {
		if err := op.Validate(); err != nil {
			t.Errorf("%v: %v", op, err)
		}
	}
	if len(valid) < len(Ops) {
		t.Errorf("not every op is covered")
	}
	for _, op := range []Operation{{Op: "drag", Ref: "e1"}, Click(""), Select("e1", ""), Press("", ""), Scroll("", "sideways"), Navigate("")} {
		if err := op.Validate(); err == nil {
			t.Errorf("%v accepted", op)
		}
	}
	if err := (Operation{Op: "drag"}).Validate(); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unknown op: %v", err)
	}

	secret := FillSecret("e2", "hunter2")
	j, _ := json.Marshal(secret)
	for _, out := range []string{secret.String(), fmt.Sprint(secret), fmt.Sprintf("%v %+v %s", secret, secret, secret), string(j)} {
		if strings.Contains(out, "hunter2") || !strings.Contains(out, Mask) {
			t.Errorf("secret leaked or unmasked: %s", out)
		}
	}
	if s := Fill("e2", "Ada").String(); s != `fill e2 "Ada"` {
		t.Errorf("plain fill prints %s", s)
	}
}

func TestTypedErrors(t *testing.T) {
	cases := []struct {
		err  error
		is   error
		text string
	}{
		{&StaleRefError{Ref: "e3", Reason: "element removed"}, ErrStaleRef, "observe again"},
		{&NotActionableError{Ref: "e3", Op: OpClick, Reason: "disabled"}, ErrNotActionable, "cannot click e3: disabled"},
		{&CoveredError{Ref: "e3", By: `div "Cookies"`}, ErrCovered, `covered by div "Cookies"`},
		{&BlockedError{URL: "http://evil.test/"}, ErrNavigationBlocked, "http://evil.test/"},
	}
	for _, c := range cases {
		wrapped := fmt.Errorf("step 3: %w", c.err)
		if !errors.Is(wrapped, c.is) || !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%T: is %v, text %q", c.err, errors.Is(wrapped, c.is), c.err.Error())
		}
		for _, other := range []error{ErrStaleRef, ErrNotActionable, ErrCovered, ErrNavigationBlocked} {
			if other != c.is && errors.Is(c.err, other) {
				t.Errorf("%T also matches %v", c.err, other)
			}
		}
	}
}

// fake is a minimal surface that records what reaches it.
type fake struct {
	kind   Kind
	acts   []Operation
	closed bool
}

func (f *fake) Kind() Kind { return f.kind }
func (f *fake) Observe(context.Context) (Screen, error) {
	return Screen{Surface: f.kind, Title: string(f.kind)}, nil
}
func (f *fake) Act(_ context.Context, op Operation) (Outcome, error) {
	f.acts = append(f.acts, op)
	return Outcome{}, nil
}
func (f *fake) Settle(context.Context) error { return nil }
func (f *fake) Screenshot(context.Context, ScreenshotOptions) ([]byte, error) {
	return []byte(f.kind), nil
}
func (f *fake) Close() error { f.closed = true; return nil }

// guarded is a fake that enforces origins.
type guarded struct {
	fake
	allow []string
}

func (g *guarded) SetAllow(p []string) error { g.allow = p; return nil }

func TestWorkspaceRoutes(t *testing.T) {
	ctx := context.Background()
	desk, web := &fake{kind: KindDesktop}, &guarded{fake: fake{kind: KindBrowser}}
	w, err := NewWorkspace(desk, web)
	if err != nil {
		t.Fatal(err)
	}
	if sc, _ := w.Observe(ctx); sc.Surface != KindDesktop {
		t.Errorf("first surface not active: %v", sc.Surface)
	}
	// A navigation goes to the browser and makes it active.
	w.Act(ctx, Navigate("http://x.test/"))
	if len(web.acts) != 1 || len(desk.acts) != 0 || w.Kind() != KindBrowser {
		t.Errorf("navigate routed to %v", w.Kind())
	}
	if _, err := w.Use(KindDesktop); err != nil {
		t.Fatal(err)
	}
	w.Act(ctx, Click("e1"))
	if len(desk.acts) != 1 {
		t.Errorf("click did not reach the active desktop surface")
	}
	if _, err := w.Get(KindSim); !errors.Is(err, ErrNoSurface) || !strings.Contains(err.Error(), "no sim surface") {
		t.Errorf("missing kind: %v", err)
	}
	if err := w.SetAllow([]string{"shop.test"}); err != nil || len(web.allow) != 1 {
		t.Errorf("allow not passed to the browser surface: %v %v", err, web.allow)
	}
	if err := w.Add(&fake{kind: KindBrowser}); err == nil {
		t.Errorf("second browser surface accepted")
	}
	if err := w.Close(); err != nil || !desk.closed || !web.closed {
		t.Errorf("close: %v %v %v", err, desk.closed, web.closed)
	}
	empty, _ := NewWorkspace()
	if _, err := empty.Observe(ctx); !errors.Is(err, ErrNoSurface) {
		t.Errorf("empty workspace: %v", err)
	}
}

func TestWriteTextAndJSON(t *testing.T) {
	s := screen()
	s.Candidates[1].InputType = "password"
	s.Candidates[1].Value = ""
	s.Fingerprint = Fingerprint(s)
	text := s.String()
	for _, want := range []string{
		"# browser http://shop.test/",
		`e1 button "Save" in main > form "Profile"`,
		`e3 checkbox "News" [checked, focused]`,
		`t1 heading "Welcome"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	j, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back Screen
	if err := json.Unmarshal(j, &back); err != nil {
		t.Fatal(err)
	}
	if back.Fingerprint != s.Fingerprint || Fingerprint(back) != s.Fingerprint || !back.Candidates[2].Has(StateChecked) {
		t.Errorf("JSON round trip changed the screen: %s", j)
	}
	if c, ok := s.Candidate("e3"); !ok || c.Name != "News" {
		t.Errorf("Candidate lookup")
	}
}
