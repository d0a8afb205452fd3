// Package flows holds the example flow library and the fixture web sites it
// runs on, embedded so that `flow demo` and tests need no set-up.
//
// # Sites
//
// Each folder under sites/ is one site of plain HTML, CSS and JavaScript,
// written the way real sites are (ARIA where real sites put it, icon-only
// buttons, labels wrapping, beside, hidden or missing): booking (a flight
// booking from search to payment, with a − N + travellers stepper and a
// return date only a custom calendar fills), mail (a webmail), shop (search,
// product, cart, checkout), account (sign-in, profile settings, and
// subscription cards whose identical Renew buttons only the card's text
// tells apart), form (sections
// that appear with earlier answers) and adversarial (a page that tries to
// trick an agent). [SiteHandler] serves one at the root "/" with its
// server-side endpoints, so each site is its own origin when served on its
// own port; [Serve] does that on 127.0.0.1.
//
// Input: HTTP requests. Output: pages, JSON, and the site's [EventLog].
//
// Invariants:
//   - Every action a site treats as state-changing (paid, sent, draft_saved,
//     deleted, cart_added, cart_updated, order_placed, signed_in,
//     settings_saved, renewed, account_deleted, form_submitted, …) is recorded by
//     the server, either by its own endpoint or by the page posting to
//     /__events. GET /__events lists the log as JSON, POST /__events/reset
//     clears it. A test reads the log to prove what a run did and did not do.
//   - Each handler has its own state and log: two tests never share one.
//   - Data is deterministic. The booking site derives its flights from
//     (origin, destination, day) alone ([SearchFlights]), with one cheapest
//     flight that is never listed first and prices written in varied formats
//     (€1.234,50, EUR 1,234.50, 1 234,50 €, € 989), so only real parsing
//     finds it.
//   - No full card number is ever stored or echoed: the paid event keeps the
//     last four digits.
//
// # Example flows
//
// [FS] holds NAME.flow files with NAME.facts.yaml (the facts a run takes,
// `site` aside, which a test passes as --fact site=URL) and NAME.expect.yaml
// (the outcome of the run, parsed as an [Expectation]), plus lib/ with a
// library another example imports. [Examples] lists them; every example
// must be valid and clean under `flow lint --strict`. Secrets are test
// values only, named in each flow's header comment and in the expect file.
package flows
