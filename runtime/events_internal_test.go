package runtime

import (
	"reflect"
	"strings"
	"testing"

	"flow/guard"
	"flow/surfaces"
)

// Every string field of an event must pass through the masker: set each
// one to text holding the secret and check that none keeps it.
func TestMaskEventCoversEveryStringField(t *testing.T) {
	const secret = "hunter2-very-secret"
	m := guard.NewMasker(map[string]string{"pw": secret})
	var e Event
	v := reflect.ValueOf(&e).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x " + secret + " y")
		case reflect.Slice:
			if f.Type().Elem().Kind() == reflect.String {
				f.Set(reflect.ValueOf([]string{"a " + secret}))
			}
		}
	}
	e.Op = &surfaces.Operation{Op: surfaces.OpFill, Ref: "e1", Value: "typed " + secret}
	got := maskEvent(m, e)
	gv := reflect.ValueOf(got)
	for i := 0; i < gv.NumField(); i++ {
		f := gv.Field(i)
		name := gv.Type().Field(i).Name
		switch {
		case f.Kind() == reflect.String && strings.Contains(f.String(), secret):
			t.Errorf("field %s keeps the secret: %q", name, f.String())
		case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.String:
			for _, s := range f.Interface().([]string) {
				if strings.Contains(s, secret) {
					t.Errorf("field %s keeps the secret: %q", name, s)
				}
			}
		}
	}
	if strings.Contains(got.Op.Value, secret) {
		t.Errorf("the operation keeps the secret: %q", got.Op.Value)
	}
	if e.Op.Value != "typed "+secret {
		t.Error("masking changed the caller's operation")
	}
}
