// Package plan holds the executable form of a flow: what the compiler
// produces and the runtime executes.
//
// Input: nothing; the compiler builds a [Program]. Output: a JSON-serialisable
// value ([Load] reads it back). A plan is not an annotated syntax tree: every
// name is resolved, every type is known, every call is expanded, and every
// node keeps the [Range] of source it came from so a failure at run time
// names the file, line and step path.
//
// Invariants:
//
//   - Secret values are never in a plan. A secret appears only as a [Value]
//     with Secret set and the secret's name; the runtime looks the value up.
//   - Every [Step] has a Path: "3" is the third step of its flow, "4.2" the
//     second step of the block or called flow at step 4. Declarations are not
//     steps and are not counted. The steps of all branches of an `if` are
//     numbered in one sequence (the if at 4 with two steps in its first branch
//     and one in its else gives 4.1, 4.2 and 4.3), so every path names one
//     place in the source.
//   - A call is expanded: a [KindCall] step carries the callee's steps as its
//     Body (paths 4.1, 4.2, …) and a [Call] whose Args bind every fact and
//     secret of the callee (a fact not passed is bound to its default), so
//     the runtime runs Body in a fresh scope built from Args alone and never
//     looks a flow up by name.
//   - Every [Expr] keeps its source text, flow type and range. The compiled
//     *vm.Program beside it is not serialised; after [Load] the compiler's
//     Relink rebuilds it (it needs the typed environment and the expression
//     functions, which live above this package).
//
// The package imports only the standard library and expr-lang/expr, so the
// runtime, the CLI and tools can read plans without the compiler.
package plan
