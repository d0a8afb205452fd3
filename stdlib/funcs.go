package stdlib

import (
	"fmt"
	"time"

	"github.com/expr-lang/expr"
)

// Function is the spec of one expression function available in every
// `${…}`, `check`, `set` and data condition of a flow. The registry is the
// list [Functions] returns; nothing registers into a global.
type Function struct {
	Name      string    // as called in an expression
	Signature string    // parameters and result in flow types: "format(day date, layout text) text"
	Doc       string    // one paragraph for `flow doc` and editors
	Examples  []Example // executed by the package tests
	// Builtin marks a function expr-lang already provides under this name;
	// it is listed for documentation only and has no Call or Types.
	Builtin bool
	// Call is the implementation handed to expr.Function.
	Call func(params ...any) (any, error)
	// Types are the Go signatures expr's type checker uses, as
	// expr.Function's types argument wants them (new(func(Date, string) string)),
	// so the compiler knows argument and result types at compile time.
	Types []any
}

// Example is an expression using a function, the variables it needs and
// the value it yields.
type Example struct {
	Expr string
	Env  map[string]any
	Want any
}

// Functions returns the expression function registry, a fresh slice each
// call so no caller can change another's.
func Functions() []Function {
	day := Date{2026, 12, 24}
	return []Function{
		{
			Name:      "format",
			Signature: "format(day date, layout text) text",
			Doc: "Formats a date with a Go layout built from the reference day Mon Jan 2 2006: " +
				"'02 Jan' gives \"24 Dec\", '02/01/2006' gives \"24/12/2026\", 'Monday' the weekday.",
			Examples: []Example{
				{Expr: "format(day, '02 Jan')", Env: map[string]any{"day": day}, Want: "24 Dec"},
				{Expr: "format(day, '02/01/2006')", Env: map[string]any{"day": day}, Want: "24/12/2026"},
				{Expr: "format(day, 'Monday, January 2')", Env: map[string]any{"day": day}, Want: "Thursday, December 24"},
			},
			Call: func(params ...any) (any, error) {
				layout, ok := params[1].(string)
				if !ok {
					return nil, fmt.Errorf("format: the layout must be text, not %T", params[1])
				}
				switch d := params[0].(type) {
				case Date:
					return d.Time().Format(layout), nil
				case time.Time:
					return d.Format(layout), nil
				}
				return nil, fmt.Errorf("format: the first argument must be a date, not %T", params[0])
			},
			Types: []any{new(func(Date, string) string), new(func(time.Time, string) string)},
		},
		{
			Name:      "days_between",
			Signature: "days_between(from date, to date) number",
			Doc:       "The number of days from the first date to the second: negative when the second is earlier. The nights of a stay are days_between(checkin, checkout).",
			Examples: []Example{
				{Expr: "days_between(checkin, checkout)", Env: map[string]any{"checkin": Date{2026, 12, 24}, "checkout": Date{2027, 1, 2}}, Want: 9},
				{Expr: "days_between(checkout, checkin)", Env: map[string]any{"checkin": Date{2026, 12, 24}, "checkout": Date{2026, 12, 27}}, Want: -3},
				{Expr: "days_between(day, day)", Env: map[string]any{"day": day}, Want: 0},
			},
			Call: func(params ...any) (any, error) {
				from, ok1 := params[0].(Date)
				to, ok2 := params[1].(Date)
				if !ok1 || !ok2 {
					return nil, fmt.Errorf("days_between: both arguments must be dates, not %T and %T", params[0], params[1])
				}
				return int(to.Time().Sub(from.Time()).Hours()) / 24, nil
			},
			Types: []any{new(func(Date, Date) int)},
		},
		{
			Name:      "money",
			Signature: "money(text text) money",
			Doc:       "Reads a price from text (\"€1.234,50\", \"EUR 12\", \"Total: $9.99\"); fails when the text holds no price or several different ones.",
			Examples: []Example{
				{Expr: "money('€1.234,50').amount", Want: 1234.5},
				{Expr: "money('Total: 12,50 €').currency", Want: "EUR"},
				{Expr: "money(label) == money('$9.99')", Env: map[string]any{"label": "Only $9.99 today"}, Want: true},
			},
			Call: func(params ...any) (any, error) {
				text, ok := params[0].(string)
				if !ok {
					return nil, fmt.Errorf("money: the argument must be text, not %T", params[0])
				}
				return ParseMoney(text)
			},
			Types: []any{new(func(string) Money)},
		},
		{
			Name:      "number",
			Signature: "number(text text) number",
			Doc:       "Reads a number from text in either decimal convention (\"1,234.5\", \"1.234,5\", \"12 items\"); fails when the text holds no number or several different ones.",
			Examples: []Example{
				{Expr: "number('1.234,5')", Want: 1234.5},
				{Expr: "number(count) + 1", Env: map[string]any{"count": "12 results"}, Want: 13.0},
			},
			Call: func(params ...any) (any, error) {
				text, ok := params[0].(string)
				if !ok {
					return nil, fmt.Errorf("number: the argument must be text, not %T", params[0])
				}
				return ParseNumber(text)
			},
			Types: []any{new(func(string) float64)},
		},
		{
			Name: "lower", Signature: "lower(text text) text", Builtin: true,
			Doc:      "expr-lang built-in: the text in lower case.",
			Examples: []Example{{Expr: "lower('Oslo')", Want: "oslo"}},
		},
		{
			Name: "upper", Signature: "upper(text text) text", Builtin: true,
			Doc:      "expr-lang built-in: the text in upper case.",
			Examples: []Example{{Expr: "upper(code)", Env: map[string]any{"code": "lis"}, Want: "LIS"}},
		},
		{
			Name: "trim", Signature: "trim(text text[, chars text]) text", Builtin: true,
			Doc: "expr-lang built-in: the text without leading and trailing white space, or without the given characters.",
			Examples: []Example{
				{Expr: "trim('  Oslo \\n')", Want: "Oslo"},
				{Expr: "trim('--Oslo--', '-')", Want: "Oslo"},
			},
		},
	}
}

// ExprOptions returns the expr options that make the non-built-in
// functions of [Functions] available, with their typed signatures.
func ExprOptions() []expr.Option {
	var opts []expr.Option
	for _, f := range Functions() {
		if !f.Builtin {
			opts = append(opts, expr.Function(f.Name, f.Call, f.Types...))
		}
	}
	return opts
}
