package stdlib

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/builtin"
)

// run compiles src against env with the registry and runs it.
func run(t *testing.T, src string, env map[string]any) (any, error) {
	t.Helper()
	opts := append([]expr.Option{expr.Env(env)}, ExprOptions()...)
	program, err := expr.Compile(src, opts...)
	if err != nil {
		return nil, err
	}
	return expr.Run(program, env)
}

func TestFunctionExamples(t *testing.T) {
	for _, f := range Functions() {
		if len(f.Examples) == 0 || f.Doc == "" || !strings.HasPrefix(f.Signature, f.Name+"(") {
			t.Errorf("%s: needs a signature, a doc and examples", f.Name)
		}
		for _, ex := range f.Examples {
			env := ex.Env
			if env == nil {
				env = map[string]any{}
			}
			got, err := run(t, ex.Expr, env)
			if err != nil || !reflect.DeepEqual(got, ex.Want) {
				t.Errorf("%s: %s = %#v, %v; want %#v", f.Name, ex.Expr, got, err, ex.Want)
			}
		}
	}
}

func TestFunctionsAgreeWithExprBuiltins(t *testing.T) {
	isBuiltin := func(name string) bool {
		return slices.ContainsFunc(builtin.Builtins, func(b *builtin.Function) bool { return b.Name == name })
	}
	for _, f := range Functions() {
		if f.Builtin != isBuiltin(f.Name) {
			t.Errorf("%s: Builtin = %v, but expr built-in = %v", f.Name, f.Builtin, isBuiltin(f.Name))
		}
		if f.Builtin != (f.Call == nil && f.Types == nil) {
			t.Errorf("%s: a built-in has no Call/Types; ours need both", f.Name)
		}
	}
}

func TestFunctionsIsFresh(t *testing.T) {
	a := Functions()
	a[0].Name = "changed"
	if Functions()[0].Name == "changed" {
		t.Fatal("Functions returned shared state")
	}
}

// TestExprSeesTypes proves expr's checker reads the `expr:"…"` tags of Money
// and Date and the typed signatures of the functions.
func TestExprSeesTypes(t *testing.T) {
	env := map[string]any{"total": Money{}, "day": Date{}, "checkin": Date{}, "name": ""}
	ok := []string{
		"total.amount < 2000",
		"total.currency == 'EUR'",
		"day.year == 2026 && day.month == 12 && day.day > 1",
		"format(day, '02 Jan') + '!'",
		"days_between(checkin, day) > 2",
		"money(name).amount * 2",
		"number(name) / 2",
		"lower(total.currency) == 'eur'",
	}
	for _, src := range ok {
		if _, err := expr.Compile(src, append([]expr.Option{expr.Env(env)}, ExprOptions()...)...); err != nil {
			t.Errorf("Compile(%q): %v", src, err)
		}
	}
	bad := map[string]string{
		"total.Amount < 2000":          "type stdlib.Money has no field Amount",
		"total.amount + 'x'":           "invalid operation",
		"day.yaer":                     "type stdlib.Date has no field yaer",
		"format(day, '02 Jan') + 1":    "invalid operation",
		"format(name, '02 Jan')":       "cannot use string as argument",
		"days_between(day, name)":      "cannot use string as argument",
		"money(total)":                 "cannot use stdlib.Money as argument",
		"days_between(checkin) > 1":    "not enough arguments",
		"number(name) == 'x'":          "invalid operation",
		"money('€12').amount.currency": "", // a number has no fields
	}
	for src, want := range bad {
		_, err := expr.Compile(src, append([]expr.Option{expr.Env(env)}, ExprOptions()...)...)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Compile(%q) error = %v; want %q", src, err, want)
		}
	}
}

func TestFunctionRuntimeErrors(t *testing.T) {
	for src, want := range map[string]string{
		"money('free')":     `cannot read "free" as money`,
		"number('none')":    `cannot read "none" as number`,
		"money('€1 or €2')": "2 different prices",
	} {
		_, err := run(t, src, map[string]any{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v; want %q", src, err, want)
		}
	}
}
