// Package fixturetest checks the browser surface on the fixture sites of
// package flows (booking, mail, shop, account, form, adversarial): the
// names, roles, states and paths of the controls the example flows rely
// on; and BenchmarkFloor, hand-written chromedp programs that do what each
// example flow does, the floor a run's wall time is compared with. It holds
// tests and benchmarks only; it is separate from package browser so that
// the surface's own tests never depend on the fixture sites compiling.
package fixturetest
