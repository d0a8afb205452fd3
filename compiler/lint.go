package compiler

import (
	"regexp"
	"strings"

	"flow/grammar"
)

// Rule is one lint rule: a unit with a stable code, a name, a doc that is
// the help text of `flow lint --explain CODE`, a default severity, and the
// check itself (go/analysis's Analyzer is the model).
type Rule struct {
	Code     string
	Name     string
	Doc      string
	Severity grammar.Severity
	run      func(*pass)
}

// Lint codes of the suppression mechanism itself.
const (
	// BadSuppression: a `# lint:ignore` without a code and a reason, or
	// naming a code that is not a lint rule.
	BadSuppression = "L011"
	// UnusedSuppression: a `# lint:ignore` that suppresses nothing.
	UnusedSuppression = "L012"
)

// Rules returns the lint rules, ordered by code. Each call returns a fresh
// list: the registry is a value, not a mutable global.
func Rules() []Rule {
	return []Rule{
		{Code: "L001", Name: "unused", Severity: grammar.Warning, run: lintUnused,
			Doc: "A declared fact or secret is never used.\n\nA fact nobody reads still has to be supplied by every facts file; a secret\nnobody types still has to be set. Remove the declaration or use it.\n\n\tfact origin: text      # never used"},
		{Code: "L002", Name: "after-stop-before", Severity: grammar.Warning, run: lintAfterStop,
			Doc: "A step follows a stop_before in the same block.\n\nWithout approval the run ends at stop_before, so the steps after it never\nrun. With --approve they run after the irreversible action: if that is\nmeant, wrap them in a flow of their own.\n\n\tstop_before \"sending the email\"\n\tverify \"the email is sent\"    # never reached"},
		{Code: "L003", Name: "do-typing", Severity: grammar.Warning, run: lintDoTyping,
			Doc: "A do step only asks for typing.\n\ndo never types: it presses, scrolls, expands and waits. Typing is what\nenter does, with the value as data the model never has to copy.\n\n\tdo \"type Lisbon into the origin field\"   # write: enter \"origin\" = \"Lisbon\""},
		{Code: "L004", Name: "unguarded-irreversible", Severity: grammar.Warning, run: lintIrreversible,
			Doc: "A do or pick names an irreversible or paying action.\n\nThe runtime's guard never presses a control that sends, deletes, submits\nor pays from a do or pick: the step would be refused. Name the action in\na stop_before, which stops in front of it (and presses it only under\n--approve).\n\n\tdo \"send the email\"     # write: stop_before \"sending the email\""},
		{Code: "L005", Name: "bare-name", Severity: grammar.Warning, run: lintBareName,
			Doc: "A name that looks like a variable is written bare in step text.\n\nA word holding `_` or a digit that is the name of a fact or variable was\nprobably meant as ${name}: as written, the model reads the name, not its\nvalue. Field texts of enter and choose are exempt, and so is a word the\nsame text also interpolates.\n\n\tverify \"the summary shows traveller_name\"   # write: ${traveller_name}"},
		{Code: "L006", Name: "change-not-state", Severity: grammar.Warning, run: lintChange,
			Doc: "A verify or wait_for describes a change rather than a state.\n\nThe condition is judged on one screen: a screen shows a state, never that\nsomething changed. Describe what the screen shows when it holds.\n\n\twait_for \"the cart has updated\"   # write: wait_for \"the cart shows 2 items\""},
		{Code: "L007", Name: "unconditional-dismiss", Severity: grammar.Warning, run: lintDismiss,
			Doc: "A plain do dismisses a pop-up, banner or dialog that may not show.\n\nWhen it does not show, the do fails (there is nothing to dismiss). Wrap\nit in an if on it being visible. Calls are not plain steps.\n\n\tdo \"close the newsletter pop-up\"\n\t# write: if \"a newsletter pop-up is shown\" { do \"close the newsletter pop-up\" }"},
		{Code: "L008", Name: "entry-without-check", Severity: grammar.Warning, run: lintEntryEnd,
			Doc: "An entry flow ends without verify or stop_before.\n\nA flow that no linted flow calls is run on its own; without a final verify\n(or a stop_before) the run reports completed whether or not it achieved\nanything. End with what the screen shows when it worked.\n\n\tflow search \"Search\" { browse \"…\"  do \"search\" }   # add: verify \"results are listed\""},
		{Code: "L009", Name: "stop-before-sign-in", Severity: grammar.Warning, run: lintStopSignIn,
			Doc: "A stop_before names signing in.\n\nSigning in is not irreversible, and a flow that signs in does it itself:\nenter the credentials and do \"sign in\". stop_before is for actions that\ncannot be taken back.\n\n\tstop_before \"signing in\""},
		{Code: "L010", Name: "called-flow-settings", Severity: grammar.Warning, run: lintCalledSettings,
			Doc: "allow, budget or payment in a flow that another linted flow calls.\n\nOnly the entry flow's allow, budget and payment apply to a run; in a called\nflow they are ignored. Move them to the entry flow.\n\n\tflow login \"Sign in\" { budget actions 10 … }   # called by book"},
		{Code: BadSuppression, Name: "bad-suppression", Severity: grammar.Warning,
			Doc: "A `# lint:ignore` comment without a lint code and a reason, or naming a\ncode that is not a lint rule (errors cannot be ignored).\n\n\tdo \"send it\"   # lint:ignore L004"},
		{Code: UnusedSuppression, Name: "unused-suppression", Severity: grammar.Warning,
			Doc: "A `# lint:ignore` comment that suppresses nothing: the warning it names is\nnot reported on the line it covers. Remove it.\n\n\tverify \"done\"   # lint:ignore L004 nothing irreversible here"},
		{Code: "L013", Name: "pause", Severity: grammar.Warning, run: lintPause,
			Doc: "A do pauses for a fixed time.\n\nA pause waits as long as it says, whether the page was ready long before\nor is still not ready when it ends: too short makes a flaky run, too long\na slow one. Wait for what the pause is for: wait_for ends as soon as the\nscreen shows it, and fails, saying so, when it never does. Keep a pause\nfor what no screen shows (a rate limit, a job behind the page), with a\n# lint:ignore L013 that says so.\n\n\tdo \"wait 3 seconds\"   # write: wait_for \"the results are listed\" within 10s"},
	}
}

// pass is one rule run over one flow.
type pass struct {
	f     *flowInfo
	rule  *Rule
	diags *grammar.Diagnostics
}

func (p *pass) report(r grammar.Range, hint, summary string) {
	*p.diags = append(*p.diags, &grammar.Diagnostic{
		Severity: p.rule.Severity, Code: p.rule.Code, Summary: summary, Hint: hint, Range: r,
	})
}

// lint is the lint stage: it runs every rule over every flow of the given
// files (not their imports) and then applies `# lint:ignore` comments. A
// file with syntax errors is not linted: its tree is partial. The
// standard library's own files, when given, are linted too; only the
// entry-flow rule exempts them. Once every flow knows its callers, the
// rules only read, so files are linted in parallel.
func (s *session) lint() {
	if !s.cfg.lint {
		return
	}
	for _, u := range s.roots {
		for _, f := range u.list {
			for _, cs := range f.calls {
				cs.callee.callers = append(cs.callee.callers, cs)
			}
		}
	}
	rules := Rules()
	s.eachFile(s.roots, func(rep *reporter, _ *exprCache, u *unit) {
		if u.partial {
			return // its syntax errors are what the author needs to see first
		}
		var found grammar.Diagnostics
		for _, f := range u.list {
			for i := range rules {
				if rules[i].run != nil {
					rules[i].run(&pass{f: f, rule: &rules[i], diags: &found})
				}
			}
		}
		rep.diags = append(rep.diags, suppress(u.file, found, rules)...)
	})
}

// suppression is one `# lint:ignore CODE reason` comment.
type suppression struct {
	comment *grammar.Comment
	code    string
	line    int // the line it covers
	used    bool
}

var ignoreRe = regexp.MustCompile(`^#\s*lint:ignore\b\s*(\S*)\s*(.*)$`)

// suppress drops the warnings a `# lint:ignore` comment covers and reports
// malformed and unused suppressions. A comment at the end of a line covers
// that line; alone on a line it covers the next line.
func suppress(file *grammar.File, found grammar.Diagnostics, rules []Rule) grammar.Diagnostics {
	known := map[string]bool{}
	for _, r := range rules {
		known[r.Code] = true
	}
	var sups []*suppression
	var out grammar.Diagnostics
	for _, c := range file.Comments {
		// A second # starts another comment (a note, a test's want):
		// it is not part of the suppression's reason.
		text := strings.TrimSpace(c.Text)
		if i := strings.IndexByte(text[1:], '#'); i >= 0 {
			text = strings.TrimSpace(text[:i+1])
		}
		m := ignoreRe.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		code, reason := strings.ToUpper(m[1]), strings.TrimSpace(m[2])
		bad := func(summary, hint string) {
			out = append(out, &grammar.Diagnostic{Severity: grammar.Warning, Code: BadSuppression, Summary: summary, Hint: hint, Range: c.Range})
		}
		switch {
		case code == "":
			bad("lint:ignore names no code", "write # lint:ignore L004 why this is fine here")
			continue
		case !known[code] && strings.HasPrefix(code, "L"):
			bad("lint:ignore "+code+": not a lint rule", didYouMean(code, ruleCodes(rules), "the lint codes are L001 to L013"))
			continue
		case !known[code]:
			bad("lint:ignore "+code+": not a lint rule (errors cannot be ignored)", "fix the error instead")
			continue
		case reason == "":
			bad("lint:ignore "+code+" gives no reason", "say why the warning does not apply: # lint:ignore "+code+" the page has no such button")
		}
		line := c.Range.Start.Line
		if !c.Trailing {
			line++
		}
		sups = append(sups, &suppression{comment: c, code: code, line: line})
	}
	for _, d := range found {
		kept := true
		for _, sp := range sups {
			if sp.code == d.Code && sp.line == d.Range.Start.Line {
				sp.used, kept = true, false
			}
		}
		if kept {
			out = append(out, d)
		}
	}
	for _, sp := range sups {
		if !sp.used {
			out = append(out, &grammar.Diagnostic{
				Severity: grammar.Warning, Code: UnusedSuppression,
				Summary: "lint:ignore " + sp.code + " suppresses nothing",
				Hint:    "remove it: no " + sp.code + " warning is reported on the line it covers",
				Range:   sp.comment.Range,
			})
		}
	}
	return out
}

func ruleCodes(rules []Rule) []string {
	var out []string
	for _, r := range rules {
		out = append(out, r.Code)
	}
	return out
}
