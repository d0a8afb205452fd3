package cli

import (
	"strconv"

	"flow/compiler"
)

// commandSpecs lists the commands in the order `flow --help` shows them.
func commandSpecs() []*commandSpec {
	return []*commandSpec{
		{
			name:    "validate",
			summary: "check flow files for errors",
			args:    "FILE…",
			minArgs: 1, maxArgs: -1,
			description: `Compiles each file with its imports and reports every error: syntax,
unknown or misused names, types, secrets, calls. Lint warnings are left out
(use 'flow lint' for them). A folder is searched for *.flow files.

Diagnostics are printed as FILE:LINE:COL: severity CODE: message, with the
source line and a caret under the problem. After ` + strconv.Itoa(compiler.DefaultMaxErrors) + ` the rest are counted,
not shown ('flow lint' shows every one).`,
			flags: []flagSpec{formatFlag},
			examples: []example{
				{"Check one flow file", "flow validate booking.flow"},
				{"Check several files, for a machine", "flow validate --format json a.flow b.flow"},
			},
			run: (*env).validate,
		},
		{
			name:    "lint",
			summary: "check flow files and report errors and warnings",
			args:    "[PATH…]",
			minArgs: 0, maxArgs: -1,
			description: `Compiles the flow files under each PATH (default: the current folder;
folders are searched recursively, skipping hidden ones, testdata, vendor and
node_modules) as one library and runs the lint rules over every flow: unused
facts, steps after stop_before, a 'do' that should be an 'enter', unguarded
irreversible actions, and more. Warnings do not fail the command unless
--strict is given.

A warning is silenced for one line with '# lint:ignore CODE reason' at the
end of the line, or alone on the line before it. 'flow lint --explain CODE'
prints what a code means, with an example and the fix.`,
			flags: []flagSpec{
				formatFlag,
				{name: "strict", usage: "treat warnings as errors: exit 2 when there are any"},
				{name: "explain", value: "CODE", usage: "print the help of a diagnostic code (E016, L003) and exit"},
			},
			examples: []example{
				{"Lint every flow under the current folder", "flow lint"},
				{"Fail a CI job on warnings too, with annotations on the pull request", "flow lint --strict --format github flows/"},
				{"Upload results to code scanning", "flow lint --format sarif . > flow.sarif"},
				{"What does a code mean?", "flow lint --explain E016"},
			},
			exitCodes: `0  no errors (warnings are printed but do not fail, unless --strict)
2  errors (or, with --strict, warnings) were found; bad usage; a file could
   not be read; --explain of an unknown code`,
			run: (*env).lint,
		},
		{
			name:    "fmt",
			summary: "format flow files in the canonical style",
			args:    "[PATH…]",
			minArgs: 0, maxArgs: -1,
			description: `Prints each file in the one canonical layout, keeping every comment.
Formatting is idempotent. With no PATH, or with '-', reads standard input and
writes the result to standard output. A folder is searched for *.flow files.

Without -w, -l or --check the formatted text is printed to standard output.
A file with syntax errors is left alone and its errors are printed.`,
			flags: []flagSpec{
				{name: "write", short: "w", usage: "write the result back to each file instead of printing it"},
				{name: "list", short: "l", usage: "list the files whose formatting differs"},
				{name: "check", usage: "write nothing; list the files whose formatting differs and exit 1 if there are any"},
			},
			examples: []example{
				{"Format every flow under the current folder in place", "flow fmt -w ."},
				{"Fail a CI job when a file is not formatted", "flow fmt --check flows/"},
				{"Format text from standard input", "flow fmt < booking.flow"},
			},
			exitCodes: `0  done (with --check: every file is formatted)
1  --check found files that are not formatted (they are listed)
2  a file has syntax errors or cannot be read or written; bad usage`,
			run: (*env).fmt,
		},
		{
			name:    "plan",
			summary: "print the executable plan of a flow as JSON",
			args:    "FILE",
			minArgs: 1, maxArgs: 1,
			description: `Compiles FILE and prints the plan of one of its flows as JSON: every step
with its path (3, 4.2), kind, operands and source range, every call
expanded. The flow is the file's only one, or the one named by --flow.

With --facts or --fact the run's facts are loaded and checked against the
flow's declarations as 'flow run' would (a missing required fact, an unknown
key or a wrong type is an error naming the file, line and column), and the
checked values are printed beside the plan under "facts". --fact values win
over the file's.

With --secrets the run's secrets are checked too: each from its
FLOW_SECRET_<NAME> environment variable or, failing that, from the YAML
file. A missing secret is an error naming the variable to set; the output
lists the secrets found under "secrets", never their values.`,
			flags: []flagSpec{
				{name: "flow", value: "NAME", usage: "the flow to plan, when the file defines several"},
				{name: "facts", value: "FILE", usage: "a YAML file of facts to check against the flow"},
				{name: "fact", value: "NAME=VALUE", usage: "a fact value (a list: a,b,c); wins over --facts", repeat: true, whole: true},
				{name: "secrets", value: "FILE", usage: "a YAML file of secrets to check (FLOW_SECRET_<NAME> variables win); values are never printed"},
			},
			examples: []example{
				{"Print the plan of the only flow of a file", "flow plan booking.flow"},
				{"Choose a flow and check its facts", "flow plan shop.flow --flow buy_gift --facts gift.facts.yaml --fact budget=40"},
				{"Check that everything a run needs is there (secrets from FLOW_SECRET_<NAME> or the file)", "flow plan booking.flow --facts booking.facts.yaml --secrets card.yaml"},
			},
			exitCodes: `0  the plan was printed
2  the file, the facts or the flow name have errors (printed on stderr); bad usage`,
			run: (*env).plan,
		},
		{
			name:    "run",
			summary: "run a flow in a browser",
			args:    "FILE",
			minArgs: 1, maxArgs: 1,
			description: `Compiles FILE, loads the run's facts and secrets and runs the flow (the
file's only one, or the one named by --flow) in a headless Chromium, asking
the decision model small closed questions. Every step is shown as it runs:
its path, kind, text, state and time (redrawn in place on a terminal, one
plain line per step otherwise). The summary names the outcome, the stop
target or the failure (step path, file:line, reason, hint), the counts and
the wall time.

Facts come from --facts and --fact (which wins) and are checked against the
flow's declarations. Secrets come from FLOW_SECRET_<NAME> variables or the
--secrets file; they are typed into the page and never printed, traced or
sent to a model. Any error in the file, the facts, the secrets or the flags
exits 2 before a browser starts.

With --browser-url the run attaches to a running browser and starts on its
active page (a flow need not begin with 'browse'), or on a new tab with
--new-page. A flow that reaches stop_before stops in front of the control
unless --approve is given. Ctrl+C ends the run cleanly, trace written.`,
			flags: []flagSpec{
				{name: "flow", value: "NAME", usage: "the flow to run, when the file defines several"},
				{name: "facts", value: "FILE", usage: "a YAML file of facts"},
				{name: "fact", value: "NAME=VALUE", usage: "a fact value (a list: a,b,c); wins over --facts", repeat: true, whole: true},
				{name: "secrets", value: "FILE", usage: "a YAML file of secrets (FLOW_SECRET_<NAME> variables win); values are never printed"},
				{name: "model", value: "SPEC", def: "local", usage: "the decision model: local, openai:MODEL, anthropic:MODEL or script:FILE"},
				{name: "model-timeout", value: "DURATION", def: "30s", duration: true, usage: "how long a hosted model may take to answer one request (retried twice)"},
				{name: "approve", usage: "let stop_before press its control (pay, send, delete)"},
				{name: "allow", value: "ORIGIN", usage: "another origin pages may load from (host, host:port, *.domain or a URL)", repeat: true},
				{name: "headed", usage: "show the browser window"},
				{name: "browser-url", value: "URL", usage: "attach to a running Chromium (http://host:9222 or ws://…) instead of starting one"},
				{name: "profile", value: "NAME", usage: "start Chromium with a persistent profile of this name (cookies and sign-ins kept)"},
				{name: "new-page", usage: "with --browser-url: run in a new tab, not the active page"},
				{name: "trace", value: "FILE", usage: "write every event of the run to FILE as JSON lines"},
				reportFlag,                   // in report.go
				videoFlag,                    // in video.go
				cacheFlags[0], cacheFlags[1], // in cache.go
				{name: "json", usage: "print the result as JSON on stdout (progress and summary go to stderr)"},
				{name: "quiet", short: "q", usage: "show no progress, only the summary"},
				{name: "timeout", value: "DURATION", def: "0s", duration: true, usage: "end the run after this long (0: the flow's time budget); the smaller wins"},
			},
			examples: []example{
				{"Run a flow with its facts and a trace; card details from FLOW_SECRET_<NAME> or the file", "flow run booking.flow --facts booking.facts.yaml --secrets card.yaml --trace run.jsonl"},
				{"Watch it in a window, with a hosted model", "flow run shop.flow --flow buy_gift --fact budget=40 --headed --model openai:gpt-4o-mini"},
				{"Continue in your own browser, on the page it shows", "flow run checkout.flow --browser-url http://127.0.0.1:9222"},
				{"For a script: the result as JSON", "flow run signin.flow --facts me.yaml --json --quiet > result.json"},
			},
			exitCodes: `0  completed, or stopped_before as the flow says
1  failed: a step could not do what it says (or the browser did not start)
2  invalid: errors in the file, facts, secrets or flags; nothing ran
3  needs_human: a sign-in wall, captcha or one-time code
4  budget_exhausted: actions, decisions or time ran out
5  guard_refused: the next move was a paying or irreversible control`,
			run: (*env).run,
		},
		testSpec(),   // `flow test`, in test.go
		reportSpec(), // `flow report`, in report.go
		cacheSpec(),  // `flow cache`, in cache.go
		{
			name:    "demo",
			summary: "run the bundled booking flow on the bundled booking site",
			args:    "",
			minArgs: 0, maxArgs: 0,
			description: `Serves the bundled SkyWay booking site on 127.0.0.1 and runs
flows/booking.flow on it with flows/booking.facts.yaml and a test card
(4242 4242 4242 4242, never a real one; FLOW_SECRET_* variables are not
read), on the local decision model: no network, no API key. The flow finds
the cheapest flight from Lisbon to Oslo, fills in the traveller and the card
and stops in front of the payment button. The summary shows the chosen
flight, the total and where the trace of every observation, question and
action is (a temporary file unless --trace is given).`,
			flags: []flagSpec{
				{name: "model", value: "SPEC", def: "local", usage: "the decision model: local, openai:MODEL, anthropic:MODEL or script:FILE"},
				{name: "headed", usage: "show the browser window"},
				{name: "browser-url", value: "URL", usage: "run in a new tab of a running Chromium (http://host:9222 or ws://…)"},
				{name: "trace", value: "FILE", usage: "write the events to FILE (default: a new temporary file)"},
				reportFlag, // in report.go
				videoFlag,  // in video.go
				{name: "json", usage: "print the result as JSON on stdout (progress and summary go to stderr)"},
				{name: "quiet", short: "q", usage: "show no progress, only the summary"},
				{name: "timeout", value: "DURATION", def: "0s", duration: true, usage: "end the run after this long (0: the flow's time budget)"},
			},
			examples: []example{
				{"See flow book a flight, stopping before paying", "flow demo"},
				{"Watch it happen", "flow demo --headed"},
			},
			exitCodes: `0  the run stopped before paying (or completed)
1  it failed (the summary says where and why); 3, 4, 5 as for 'flow run'
2  bad usage`,
			run: (*env).demo,
		},
		{
			name:    "doc",
			summary: "show the flows of a library: the standard library or a file",
			args:    "[std/NAME | FILE]",
			minArgs: 0, maxArgs: 1,
			description: `Prints the flows of a library with their descriptions, facts and secrets
(with their types, defaults and docs), and how to call them. With no
argument, lists the standard libraries. std/NAME is a library shipped inside
flow (import "std/NAME"); a FILE is any flow file.`,
			examples: []example{
				{"List the standard libraries", "flow doc"},
				{"Show the flows of std/web", "flow doc std/web"},
				{"Show the flows of a local library", "flow doc ./lib/travel.flow"},
			},
			exitCodes: `0  the documentation was printed
2  no such library, or it has syntax errors; bad usage`,
			run: (*env).doc,
		},
		{
			name:    "inspect",
			summary: "show a web page as the decision model sees it",
			args:    "[URL]",
			minArgs: 0, maxArgs: 1,
			description: `Opens URL in a headless Chromium (or a new tab of a running browser with
--browser-url), waits for it to settle and prints the Screen the runtime
hands the decision model: every actionable element with its ref, role,
name, value and states (disabled, covered, offscreen, …) and where it sits
(dialog, landmark, list item), then the visible text in reading order.
Password values are never shown.

With --browser-url and no URL it shows the active tab of that browser as
it is, without loading or pressing anything: what a run attached to it saw
when it failed.

Use it to see why a step found or missed a control, and to word step text
the way the page labels things. Only the URL's origin may load as a page
unless --allow adds others.`,
			flags: []flagSpec{
				{name: "json", usage: "print the Screen as JSON"},
				{name: "allow", value: "ORIGIN", usage: "another origin pages may load from (host, host:port, *.domain or a URL)", repeat: true},
				{name: "browser-url", value: "URL", usage: "attach to a running Chromium (http://host:9222 or ws://…): a new tab for URL, else its active tab"},
				{name: "timeout", value: "DURATION", def: inspectTimeout.String(), duration: true, usage: "give up after this long"},
			},
			examples: []example{
				{"See the page as the model does", "flow inspect http://localhost:8080/"},
				{"Machine-readable, through a browser already running", "flow inspect --json --browser-url http://127.0.0.1:9222 https://example.com/"},
				{"What a failed attached run saw: the browser's active tab", "flow inspect --browser-url http://127.0.0.1:9222"},
			},
			exitCodes: `0  the screen was printed
2  the browser could not start, the page could not be loaded or observed;
   bad usage`,
			run: (*env).inspect,
		},
		{
			name:    "record",
			summary: "record a browser session into a flow",
			args:    "URL",
			minArgs: 1, maxArgs: 1,
			description: `Opens URL in Chromium and captures what you do there: clicks, typing,
choices, key presses and the addresses you go to. When you close the browser
(or the tab, with --browser-url) or press Ctrl+C, it writes a flow that
replays the session by meaning, not by selectors: typing becomes
'enter "<field label>" = <fact>', choices 'choose', clicks 'do "press …"',
and a click that closes a cookie banner or pop-up an 'if' on it being shown.

What you typed becomes facts, with the values as defaults and in a facts file
beside the flow (NAME.facts.yaml). Passwords and card numbers become secrets:
their values are stored nowhere. A click on a control that pays, sends or
deletes is not recorded as a click: the flow ends with 'stop_before' in front
of it, and the recording ends there: the flow is written at once, and the
browser stays open (what the press does is yours) until you close it. The
flow is written through the formatter and is checked to compile.

The window is shown when there is a display ($DISPLAY); --headless records a
browser driven some other way (through its DevTools, for tests).`,
			flags: []flagSpec{
				{name: "output", short: "o", value: "FILE", usage: "write the flow to FILE (NAME.flow) and its facts to NAME.facts.yaml (default: the flow on standard output)"},
				{name: "headed", usage: "show the browser window (the default when there is a display)"},
				{name: "headless", usage: "run the browser without a window"},
				{name: "profile", value: "NAME", usage: "start Chromium with a persistent profile of this name (cookies and sign-ins kept)"},
				{name: "browser-url", value: "URL", usage: "record in a new tab of a running Chromium (http://host:9222 or ws://…)"},
				{name: "allow", value: "ORIGIN", usage: "another origin the session may visit; the flow's allow lists them (default: any)", repeat: true},
			},
			examples: []example{
				{"Record a booking into a flow and its facts", "flow record https://travel.example/ -o book.flow"},
				{"Record in your own browser, signed in already", "flow record --browser-url http://127.0.0.1:9222 https://mail.example/"},
			},
			exitCodes: `0  the flow was written
2  nothing was recorded, the browser could not start, a file could not be
   written; bad usage`,
			run: (*env).record,
		},
		{
			name:    "version",
			summary: "print flow's version",
			args:    "",
			minArgs: 0, maxArgs: 0,
			description: `Prints the version of flow, the Go version it was built with, and the
platform.`,
			examples:  []example{{"Print the version", "flow version"}},
			exitCodes: `0  always`,
			run:       (*env).version,
		},
	}
}

// formatFlag is --format, shared by the commands that print diagnostics.
var formatFlag = flagSpec{
	name: "format", short: "f", value: "FORMAT", def: "text",
	usage: "how to print diagnostics: text, json, github (Actions annotations) or sarif (SARIF 2.1.0)",
}
