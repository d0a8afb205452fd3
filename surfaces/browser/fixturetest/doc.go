// Package fixturetest checks the browser surface on the fixture sites of
// package flows (booking, mail, shop, account, form, adversarial): the
// names, roles, states and paths of the controls the example flows rely
// on. It holds tests only; it is separate from package browser so that the
// surface's own tests never depend on the fixture sites compiling.
package fixturetest
