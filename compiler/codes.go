package compiler

// The compiler's error codes. Each is stable: a code is never renumbered or
// reused, a retired code stays listed. E001–E009 belong to the parser
// (package grammar). The doc comment of each constant is its help text
// (`flow lint --explain CODE` prints it: this file is embedded and read by
// [Explain]), and ends with a bad example.
const (
	// UnknownImport occurs when an import path names no standard library and
	// no readable file, or does not start with std/, ./ or ../.
	//
	// Example:
	//
	//	import "std/wbe"
	UnknownImport = "E010"

	// BadImportName occurs when an import has no `as NAME` and the last
	// element of its path (without .flow) is not an identifier.
	//
	// Example:
	//
	//	import "./my-lib.flow"   # write: import "./my-lib.flow" as mylib
	BadImportName = "E011"

	// DuplicateImport occurs when two imports of one file have the same name.
	//
	// Example:
	//
	//	import "std/web"
	//	import "./web.flow"
	DuplicateImport = "E012"

	// ImportCycle occurs when a file imports itself, directly or through
	// other files.
	//
	// Example:
	//
	//	# a.flow
	//	import "./b.flow"
	//	# b.flow
	//	import "./a.flow"
	ImportCycle = "E013"

	// DuplicateFlow occurs when one file defines two flows with one name.
	//
	// Example:
	//
	//	flow search "Search" { … }
	//	flow search "Search again" { … }
	DuplicateFlow = "E014"

	// DuplicateName occurs when a fact, secret or variable is declared with a
	// name that is already visible (facts, secrets and variables share one
	// namespace), or a for-loop variable shadows one.
	//
	// Example:
	//
	//	fact city: text
	//	secret city
	DuplicateName = "E015"

	// UnknownName occurs when a name is used that no fact, secret or variable
	// of the flow declares.
	//
	// Example:
	//
	//	fact origin: text
	//	enter "from" = orgin
	UnknownName = "E016"

	// UsedBeforeDefined occurs when a variable is used before the step that
	// defines it.
	//
	// Example:
	//
	//	check total.amount < 100
	//	read "the total" into total as money
	UsedBeforeDefined = "E017"

	// OutOfScope occurs when a variable is used after the block that defines
	// it has ended: a definition inside an if branch or a repeat/for body
	// does not survive the block.
	//
	// Example:
	//
	//	if "a price is shown" {
	//	  read "the price" into price as money
	//	}
	//	check price.amount < 100
	OutOfScope = "E018"

	// AssignReadOnly occurs when read, extract, pick or set stores into a
	// fact, a secret or a for-loop variable.
	//
	// Example:
	//
	//	fact city: text
	//	read "the city" into city
	AssignReadOnly = "E019"

	// AssignType occurs when read, extract, pick or set stores a value of one
	// type into a variable of another.
	//
	// Example:
	//
	//	read "the total" into total as money
	//	set total = 3
	AssignType = "E020"

	// ExprSyntax occurs when a data expression (check, set, a data condition,
	// for … in, or ${…}) is not valid expr-lang text.
	//
	// Example:
	//
	//	check total.amount <
	ExprSyntax = "E021"

	// ExprType occurs when a data expression does not type-check against the
	// declared types of the facts and variables it reads.
	//
	// Example:
	//
	//	fact city: text
	//	check city > 3
	ExprType = "E022"

	// DefaultType occurs when a fact's default does not fit its type.
	//
	// Example:
	//
	//	fact day: date = "tomorrow"
	DefaultType = "E023"

	// UnknownType occurs when a declaration or `read … as` names a type that
	// does not exist. The types are text, number, bool, date, money, email,
	// url and list.
	//
	// Example:
	//
	//	fact count: integer
	UnknownType = "E024"

	// SecretMisuse occurs when a secret appears anywhere but as a whole enter
	// value: in an interpolation, step text, a condition, an expression, a
	// choose value, or as the target of read/set.
	//
	// Example:
	//
	//	secret password
	//	verify "the page shows ${password}"
	SecretMisuse = "E025"

	// SecretArgument occurs when a call passes a secret to a fact parameter,
	// or anything but a secret to a secret parameter.
	//
	// Example:
	//
	//	secret password
	//	web.search(query = password)
	SecretArgument = "E026"

	// PickInCondition occurs when a pick variable appears in a verify or
	// wait_for text or in a condition: it holds a whole card's text, which the
	// opened page seldom shows.
	//
	// Example:
	//
	//	pick "the results" by "lowest price" into flight
	//	verify "the page shows ${flight}"
	PickInCondition = "E027"

	// MixedScreenCondition occurs when screen conditions (strings) are joined
	// with and/or: each is judged on its own; nest the ifs instead.
	//
	// Example:
	//
	//	if "a banner is shown" and "the cart is empty" {
	MixedScreenCondition = "E028"

	// RepeatMax occurs when a repeat's max is outside 1–20.
	//
	// Example:
	//
	//	repeat until "the list is full" max 50 {
	RepeatMax = "E029"

	// ForMax occurs when a for loop's max is outside 1–1000.
	//
	// Example:
	//
	//	for row in rows max 5000 {
	ForMax = "E030"

	// NestingTooDeep occurs when blocks (if, repeat, for) nest deeper than 4.
	//
	// Example:
	//
	//	if a { if b { if c { if d { if e {
	NestingTooDeep = "E031"

	// TooManySteps occurs when a flow has more than 200 steps once its calls
	// are expanded.
	//
	// Example:
	//
	//	flow huge "Two hundred and one steps" { do "a" … }
	TooManySteps = "E032"

	// Recursion occurs when a flow calls itself, directly or through other
	// flows.
	//
	// Example:
	//
	//	flow loop "Loops" { loop() }
	Recursion = "E033"

	// UnknownFlow occurs when a call names a flow that the file (or the named
	// import) does not define, or an import name that does not exist.
	//
	// Example:
	//
	//	import "std/web"
	//	web.dismis_cookies()
	UnknownFlow = "E034"

	// MissingArgument occurs when a call leaves out a fact without a default
	// or a secret of the called flow.
	//
	// Example:
	//
	//	web.login(user = email)   # password is missing
	MissingArgument = "E035"

	// UnknownArgument occurs when a call passes a name that the called flow
	// does not declare as a fact or secret, or passes one name twice.
	//
	// Example:
	//
	//	web.search(qeury = "shoes")
	UnknownArgument = "E036"

	// ArgumentType occurs when a call passes a value whose type does not fit
	// the called flow's fact.
	//
	// Example:
	//
	//	fact day: date
	//	book(nights = day)   # nights is a number
	ArgumentType = "E037"

	// BadAllow occurs when an allow entry is not an origin: a host, a
	// host:port, a *.domain or a URL whose origin is taken.
	//
	// Example:
	//
	//	allow "example.com/path"
	BadAllow = "E038"

	// PaymentWithoutAllow occurs when a flow declares payment
	// fill_then_approve without allow: card data may be typed only on origins
	// the flow names.
	//
	// Example:
	//
	//	payment fill_then_approve
	PaymentWithoutAllow = "E039"

	// DeclAfterStep occurs when a declaration (fact, secret, allow, budget,
	// payment) follows the first step of a flow. Declarations come first.
	//
	// Example:
	//
	//	browse "https://example.com"
	//	fact city: text
	DeclAfterStep = "E040"

	// BadBudget occurs when a budget part is not actions, decisions or time,
	// is given twice, or its value is not a positive whole number (or a
	// positive duration for time); or when a flow has two budget lines.
	//
	// Example:
	//
	//	budget actions 2.5, clicks 10
	BadBudget = "E041"

	// BadPayment occurs when payment is neither stop nor fill_then_approve,
	// or a flow has two payment lines.
	//
	// Example:
	//
	//	payment always
	BadPayment = "E042"

	// NotBool occurs when a check or a data condition is not a bool
	// expression.
	//
	// Example:
	//
	//	check len(flights)
	NotBool = "E043"

	// NotList occurs when the expression of a for loop is not a list.
	//
	// Example:
	//
	//	fact city: text
	//	for c in city {
	NotList = "E044"

	// EmptyDescription occurs when a flow's description is empty: it is what
	// reports, lint listings and the model's brief show.
	//
	// Example:
	//
	//	flow book "" {
	EmptyDescription = "E045"

	// BadDuration occurs when a wait_for's within is not a positive duration.
	//
	// Example:
	//
	//	wait_for "results are listed" within 0s
	BadDuration = "E046"

	// BadPause occurs when a do that pauses ("wait 3 seconds") asks for no
	// time at all, or for more than 10 minutes. A pause that long is a wait
	// for something: name it in a wait_for, which ends as soon as it holds.
	//
	// Example:
	//
	//	do "wait 15 minutes"   # write: wait_for "the export is ready" within 15m
	BadPause = "E047"

	// BadFactsFile occurs when a facts or secrets file is not YAML holding
	// one mapping of names to values, or holds a key twice.
	//
	// Example:
	//
	//	- origin: Lisbon
	BadFactsFile = "E060"

	// UnknownFact occurs when a facts file, a --fact flag or a secrets file
	// names a fact or secret the flow does not declare.
	//
	// Example:
	//
	//	orign: Lisbon
	UnknownFact = "E061"

	// FactType occurs when a fact value does not fit the declared type.
	//
	// Example:
	//
	//	day: next tuesday    # day is a date: write 2026-12-24
	FactType = "E062"

	// MissingFact occurs when a required fact (one without a default) has no
	// value from the facts file or a --fact flag.
	//
	// Example:
	//
	//	fact origin: text    # and no origin: in the facts file
	MissingFact = "E063"

	// BadFactFlag occurs when a --fact flag is not NAME=VALUE.
	//
	// Example:
	//
	//	--fact origin
	BadFactFlag = "E064"

	// MissingSecret occurs when a secret has no value: set the environment
	// variable FLOW_SECRET_<NAME> or put it in the --secrets file.
	//
	// Example:
	//
	//	secret password      # and FLOW_SECRET_PASSWORD is not set
	MissingSecret = "E065"
)
