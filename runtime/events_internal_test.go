package runtime

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"flow/guard"
	"flow/surfaces"
)

// fillStrings sets every string reachable from v (struct fields, slice
// elements, pointers, named string types such as surfaces.State) to text
// holding secret: a slice gets one element, a nil pointer a new value.
func fillStrings(v reflect.Value, secret string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x " + secret + " y")
	case reflect.Struct:
		if v.Type().PkgPath() == "time" {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fillStrings(v.Field(i), secret)
			}
		}
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fillStrings(v.Elem(), secret)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillStrings(s.Index(0), secret)
		v.Set(s)
	}
}

// findSecret lists the paths of the strings reachable from v that hold
// secret.
func findSecret(v reflect.Value, secret, path string) []string {
	switch v.Kind() {
	case reflect.String:
		if strings.Contains(v.String(), secret) {
			return []string{path}
		}
	case reflect.Struct:
		var out []string
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				out = append(out, findSecret(v.Field(i), secret, path+"."+v.Type().Field(i).Name)...)
			}
		}
		return out
	case reflect.Pointer:
		if !v.IsNil() {
			return findSecret(v.Elem(), secret, path)
		}
	case reflect.Slice:
		var out []string
		for i := 0; i < v.Len(); i++ {
			out = append(out, findSecret(v.Index(i), secret, path+"[]")...)
		}
		return out
	}
	return nil
}

// Every string of an event must pass through the masker, however deep it
// sits (the screen's candidates, their options and states, the target's
// path): set each one to text holding the secret and check that none
// keeps it, and that the caller's event is left as it was.
func TestMaskEventCoversEveryStringField(t *testing.T) {
	const secret = "hunter2-very-secret"
	m := guard.NewMasker(map[string]string{"pw": secret})
	var e Event
	fillStrings(reflect.ValueOf(&e).Elem(), secret)
	if e.Screen == nil || len(e.Screen.Candidates) != 1 || len(e.Screen.Candidates[0].Options) != 1 || e.Target == nil {
		t.Fatal("the event was not filled to the bottom")
	}
	e.Op.Secret = false
	got := maskEvent(m, e)
	for _, p := range findSecret(reflect.ValueOf(got), secret, "Event") {
		t.Errorf("%s keeps the secret", p)
	}
	// Masking works on copies: the caller's screen, target and operation
	// still hold what they held.
	if len(findSecret(reflect.ValueOf(e), secret, "Event")) == 0 {
		t.Error("masking changed the caller's event")
	}
	if !strings.Contains(e.Screen.Candidates[0].Path[0], secret) || !strings.Contains(e.Op.Value, secret) || !strings.Contains(e.Target.Name, secret) {
		t.Error("masking changed the caller's screen, target or operation")
	}
}

// A secret operation's value is replaced whole, whatever it is.
func TestMaskEventSecretOperation(t *testing.T) {
	m := guard.NewMasker(map[string]string{"pw": "hunter2-very-secret"})
	got := maskEvent(m, Event{Op: &surfaces.Operation{Op: surfaces.OpFill, Ref: "e1", Value: "hu", Secret: true}})
	if got.Op.Value != surfaces.Mask {
		t.Errorf("secret operation value %q, want %q", got.Op.Value, surfaces.Mask)
	}
}

// A screenshot paints over a card number in the spellings a page shows
// it in, and over any other secret as written.
func TestShotMaskValues(t *testing.T) {
	got := shotMaskValues(map[string]string{"card": "4242-4242-4242-4242", "pw": "open sesame"})
	for _, want := range []string{"4242-4242-4242-4242", "4242424242424242", "4242 4242 4242 4242", "open sesame"} {
		if !slices.Contains(got, want) {
			t.Errorf("mask values %q lack %q", got, want)
		}
	}
	if len(got) != 5 {
		t.Errorf("mask values %q, want the card's 4 spellings and the password", got)
	}
}

// A shot's name is one the masker leaves alone, so the trace can name
// the file: a secret that reads like a shot number or a step path makes
// the runtime choose another spelling.
func TestShotNameSurvivesMasking(t *testing.T) {
	for _, secret := range []string{"0001", "1-3.2", "zzzq"} {
		r := &runner{masker: guard.NewMasker(map[string]string{"s": secret}), shots: 1}
		name := r.shotName("3.2")
		if name == "" || r.masker.Mask(name) != name || !strings.HasPrefix(name, "shots/") || !strings.HasSuffix(name, ".png") {
			t.Errorf("secret %q: shot name %q", secret, name)
		}
	}
	r := &runner{masker: guard.NewMasker(nil), shots: 7}
	if got := r.shotName("4.2"); got != "shots/0007-4.2.png" {
		t.Errorf("shot name %q, want shots/0007-4.2.png", got)
	}
}
