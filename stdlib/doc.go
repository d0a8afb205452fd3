// Package stdlib is what every flow gets without asking: the value types
// behind `money` and `date`, the parsers that turn screen text into typed
// values, the rank engine behind `pick … by "CRITERION"`, the expression
// functions, and the standard flow library (`import "std/web"`).
//
// Input: text as a page shows it ("1 234,50 €", "Thu 24 Dec", "22:40 →
// 06:15+1", "2h 35m", "1 stop"), criteria as a flow writes them ("lowest
// price"), library names ("web").
//
// Output:
//
//   - values: [ParseMoney], [FindPrices], [ParseNumber], [ParseBool],
//     [ParseDate], [ParseClock], [FindClocks], [ParseDuration],
//     [FindDurations], [ParseStops], [FindStops], and [ParseAs] that picks
//     the parser for a flow type (`read … as TYPE`); each failure is a
//     *[ParseError] that quotes the text and says why;
//   - text: [Render] types a value the way the language contract's
//     rendering table says (12.50 EUR, 2026-12-24, 2.5, "a, b");
//   - ranking: [ParseCriterion] and [Rank];
//   - expressions: [Functions] (the registry with docs and examples) and
//     [ExprOptions] (the same functions as typed expr.Function options);
//   - flows: [Source] and [Names] over the embedded std/*.flow files.
//
// Invariants: every function here is pure (ParseDate takes its reference
// day as an argument; nothing reads the clock, the environment or a
// global that can change), and nothing panics on any input. The package
// imports only the standard library and expr-lang/expr, so the compiler,
// the runtime and the CLI can all use it.
//
// The one rule that decides numbers in both conventions (three digits after
// a single separator group, "1,234" is 1234) is written once, at the top of
// number.go, and every parser that reads an amount uses it.
package stdlib
