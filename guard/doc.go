// Package guard decides, from words alone, what must never happen by
// accident in a run: pressing a control that sends, deletes, pays or signs
// out; typing card data where payment is not allowed; pushing past a
// captcha; leaking a secret into any output.
//
// Input: control labels and roles, step texts and `stop_before` phrases,
// field labels and autocomplete attributes, screen text, secret values.
//
// Output:
//
//   - [Classify] / [ClassifyControl]: a [Match] with the [Class]
//     (None, Irreversible, Payment) and the word or pattern that decided it;
//   - [ClassifyPlaced]: ClassifyControl for a control at its place in the
//     page, where a bare "Cancel" on an item (a list item, row, article
//     or card) cancels the item;
//   - [GatedBy]: whether a `stop_before` phrase covers a control;
//   - [DescribesIrreversible], [IsSignIn]: the lint's reading of step text;
//   - [IsCardField], [IsCardFieldIn]: card data, from a field alone or on
//     its form; [HumanWall]: captchas and one-time codes;
//   - [Masker]: replaces secret values, and their URL-, JSON- and
//     HTML-encoded forms, by ${name}.
//
// Invariants: every function is pure and total (no input panics or is
// refused), the tables are fixed at build time, and the package imports
// nothing of the project, so the compiler's lint, the runtime and the
// recorder share one reading of the same words.
//
// # How a label is read
//
// A label is lower-cased and split into words of letters and digits; its
// punctuation says what it can: a currency sign is a price, "/" reads
// "per" ("€9.99/mo"), "&" reads "and", and a colon, comma, middle dot or dash
// divides the label into parts ("Message from Mia, delete").
//
// The classes are patterns, not phrase lists: a verb that destroys,
// ends, gives away or sends (delete, remove, cancel, close, clear, reset,
// empty, end, leave, forget, revoke, terminate, unsubscribe, block, send,
// submit, publish, post, …) or moves money (pay, buy, order, purchase,
// checkout, donate, tip, transfer, top up, …) gives an order with any
// object after it: "Cancel appointment", "Cancel order #4411", "Remove all
// addresses", "Forget this device", "Leave group". The verb must stand
// where a label gives an order: its first word, after lead-ins ("Yes,",
// "Confirm:", "Proceed to", the class words of an icon font such as "fa
// fa-trash"), after a divider, or after "and" ("Save and send"). So "Read
// the post", "Undo delete" and "Sort order" give none, and inflected
// forms ("Deleted items", "Sent", "Buying guide") are not verbs.
//
// A commit verb completes the noun after it: "Place order", "Complete
// purchase", "Make a payment" pay; "Confirm booking", "Confirm deletion"
// cannot be taken back. Subscribing, upgrading, renewing, joining, booking
// and starting a plan pay only when the label shows a price ("Subscribe
// for €9.99/month", "Renew for £40") or names a paid plan ("Upgrade to
// Pro", "Start free trial"); "Subscribe to newsletter" is not guarded,
// since an e-mail subscription ends with the link in every mail. Any
// destroying verb with a price is a payment ("Remove ads – €2.99"), and so
// is a button that is only an amount ("€5" on a tip row).
//
// The bin is an icon: a button named "Trash", "🗑" or "icon-trash"
// deletes, while a link of that name opens the folder. Archiving and
// dismissing are not guarded: what they hide comes back.
//
// # Exemptions
//
// They stay narrow, because a refused press ends a run with a clear
// outcome while a wrong press cannot be taken back:
//
//   - a bare dismissal: "Cancel", "Close", "Close dialog", "Close the
//     cookie banner", "×", "No thanks", "Not now" close what is on top;
//     "Yes, cancel", "Cancel anyway" and "Cancel now" are orders again,
//     and so is a bare "Cancel" on a card or row ([ClassifyPlaced]);
//   - tidying the view or the typing: "Clear filters", "Remove filter",
//     "Reset zoom", "Clear search", "Clear selection", "Clear form";
//     the last noun of the object decides, so "Clear search history"
//     is guarded;
//   - a count going down and a cart being tidied: "Remove adult",
//     "Remove 1 room", "−", "Remove from cart", "Remove from wishlist";
//   - a negation before the verb: "Don't send", "No, cancel",
//     "Continue without paying";
//   - a verb used as a noun: "Order history", "Order #4411", "Pay
//     slips", "End date", "Post office", "Pay attention to this";
//   - a link that opens a form for a new thing: "Post a job";
//   - what is sent to oneself or what a flow can give back: "Send me a
//     code", "Withdraw consent", "Block cookies", "Drop files here";
//   - a control whose role performs nothing: tabs, checkboxes, radios,
//     options, switches, text fields and headings are None whatever
//     their label says.
//
// A label that reads as both classes is a payment. Known false blocks
// are deliberate: a bare "Clear" or "Clear all", "Remove coupon" and
// "Remove bookmark" are guarded because their words cannot tell them
// from clearing a history or removing a record.
//
// Step text is prose: verbs match in any inflection ("cancelling the
// order") at the start of any clause ("write the reply and send it"), a
// word after an article is a noun ("open the order") unless a control noun
// follows ("click the send button"), and the same objects and exemptions
// apply.
package guard
