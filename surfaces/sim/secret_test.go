package sim

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"flow/surfaces"
)

// TestSecretNeverShown types secrets every way the sim allows and looks
// for them in everything the sim puts out.
func TestSecretNeverShown(t *testing.T) {
	const password = "correct horse battery staple"
	const token = "tok-3141592653"
	const plainPassword = "hunter2-plain"
	s := load(t, "signin.yaml")
	ctx := t.Context()

	var outputs []string
	keep := func(label string, v any) {
		t.Helper()
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, label+" json: "+string(b), fmt.Sprintf("%s %%v: %v", label, v), fmt.Sprintf("%s %%+v: %+v", label, v))
	}
	do := func(op surfaces.Operation) surfaces.Outcome {
		t.Helper()
		out, err := s.Act(ctx, op)
		if err != nil {
			outputs = append(outputs, err.Error())
		}
		keep("outcome", out)
		return out
	}
	screen := func() surfaces.Screen {
		sc := observe(t, s)
		keep("screen", sc)
		outputs = append(outputs, sc.String())
		return sc
	}

	// A secret typed into a plain text field: the email rule copies
	// {{value}} into a variable that the account page shows.
	out := do(surfaces.FillSecret(ref(t, s, "email"), token))
	if out.Readback != "" || !out.ReadbackOK {
		t.Errorf("secret fill read back %+v", out)
	}
	if got := s.Var("user"); got != surfaces.Mask {
		t.Errorf("a rule copied the secret into a variable: %q", got)
	}
	sc := screen()
	if got := find(t, sc, "textbox", "Email").Value; got != surfaces.Mask {
		t.Errorf("a field holding a secret shows %q", got)
	}
	// A password typed without the secret flag is still not shown.
	do(surfaces.Fill(ref(t, s, "password"), plainPassword))
	sc = screen()
	if got := find(t, sc, "textbox", "Password").Value; got != "" {
		t.Errorf("a password field shows %q", got)
	}
	do(surfaces.Click(ref(t, s, "submit"))) // wrong: the rule clears the password
	screen()

	// The right secret gets in: the sim compares what was typed.
	do(surfaces.Fill(ref(t, s, "email"), "alice@example.test"))
	do(surfaces.FillSecret(ref(t, s, "password"), password))
	screen()
	do(surfaces.Press(ref(t, s, "password"), "Enter"))
	if s.Current() != "account" {
		t.Fatalf("the right password did not sign in; at %s", s.Current())
	}
	screen()
	// Errors that quote a value mask it too.
	do(surfaces.Operation{Op: surfaces.OpSelect, Ref: ref(t, s, "orders"), Value: password, Secret: true})
	do(surfaces.Back())
	screen()

	for _, e := range s.Events() {
		keep("event", e)
		outputs = append(outputs, e.String())
		if e.Op != nil {
			outputs = append(outputs, e.Op.Value) // a test reading the field sees no secret either
		}
	}
	keep("events", s.Events())
	outputs = append(outputs, s.String())
	png, err := s.Screenshot(ctx, surfaces.ScreenshotOptions{MaskValues: []string{password}})
	if err != nil {
		t.Fatal(err)
	}
	outputs = append(outputs, string(png))

	for _, secret := range []string{password, token, plainPassword} {
		for _, o := range outputs {
			if strings.Contains(o, secret) {
				t.Errorf("secret %q leaked in:\n%s", secret, o)
			}
		}
	}
	if len(outputs) < 40 {
		t.Errorf("only %d outputs looked at", len(outputs))
	}
}
