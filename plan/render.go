package plan

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/vm"
)

// Render turns a value into the text that is typed into a field or
// interpolated into step text, as the contract's rendering table says: text
// as is, numbers in shortest decimal form, bools as true/false, lists joined
// by ", ", and dates and money values by their String method ("2026-12-24",
// "12.50 EUR").
func Render(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(v), 'f', -1, 32)
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		return strconv.FormatBool(v)
	case []string:
		return strings.Join(v, ", ")
	case []any:
		items := make([]string, len(v))
		for i, x := range v {
			items[i] = Render(x)
		}
		return strings.Join(items, ", ")
	case fmt.Stringer:
		return v.String()
	}
	return fmt.Sprint(v)
}

// Render evaluates t's expressions against env (facts and variables by
// name) and returns the text. The expressions must be linked (compiled or
// relinked); a secret never reaches a template, the compiler rejects it.
func (t *Template) Render(env map[string]any) (string, error) {
	if t == nil {
		return "", nil
	}
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Expr == nil {
			b.WriteString(p.Text)
			continue
		}
		v, err := p.Expr.Eval(env)
		if err != nil {
			return "", err
		}
		b.WriteString(Render(v))
	}
	return b.String(), nil
}

// Literal returns t's text when it has no interpolations.
func (t *Template) Literal() (string, bool) {
	if t == nil {
		return "", true
	}
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Expr != nil {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), true
}

// String returns t as it would be written in a flow, with each expression
// inside ${…}. It is what a report shows before the values are known.
func (t *Template) String() string {
	if t == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Expr != nil {
			b.WriteString("${" + p.Expr.Src + "}")
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// Eval runs e against env. It fails, naming the expression's place, when e
// was not linked or the evaluation fails.
func (e *Expr) Eval(env map[string]any) (any, error) {
	if e.Program == nil {
		return nil, fmt.Errorf("%s: expression %q is not linked (call compiler.Relink after plan.Load)", e.Range, e.Src)
	}
	v, err := vm.Run(e.Program, env)
	if err != nil {
		return nil, fmt.Errorf("%s: evaluating %q: %w", e.Range, e.Src, err)
	}
	return v, nil
}
