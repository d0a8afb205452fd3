// Command mutants shows that each evidence and targeting rule of the
// runtime is held up by the property tests: it removes one rule at a time
// from a copy of the source tree and runs TestEvidenceProperties on the
// copy, then prints, per rule, how many generated cases broke each
// property.
//
//	go run ./bench/mutants [-n 300] [-seed 19] [-only effect,confirmation] [-suite props|trust|widgets]
//
// A rule is removed by making its check pass without reading anything
// (an evidence kind that always holds, an error check that never finds
// one, a filter that keeps every candidate). A rule whose removal breaks
// no property is a rule the tests do not hold up: the generator lacks the
// page that tells the two apart. With -suite trust the judge is the trust
// corpus instead, and the rules named "off: …" (a rule switched off, not
// loosened) show which cases need each rule. With -suite widgets the judge
// is the focused tests named in widgetTests (widget pages, the decider's
// own tests, a few trust cases), and the count is the tests that failed,
// subtests included; the rules that have such tests of their own rather
// than a generated page (a split date, a sign-in form's one button) are
// judged there. Run it from the repository's root; it takes about two to
// three minutes per rule on two cores, about one with -suite widgets.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// mutant removes one rule: after the line At of File (a function's
// opening line, found exactly once) it puts Body, an early return.
type mutant struct {
	Rule string // what the removal does, in a few words
	File string
	At   string
	Body string
}

var mutants = []mutant{
	{"state: any control reads as in the asked state", "runtime/proof.go",
		"func stateProof(s surfaces.Screen, g decide.Goal, intent string) (p proof, known, holds bool) {",
		`return proof{EvidenceState, "mutant"}, true, true`},
	{"absence: what a step closes or removes reads as gone", "runtime/proof.go",
		"func absenceProof(start *surfaces.Screen, now surfaces.Screen, g decide.Goal) (proof, bool) {",
		`if g.Kind == decide.GoalClosed || g.Kind == decide.GoalRemoved { return proof{EvidenceAbsence, "mutant"}, true }`},
	{"effect: any change on the screen is the step's effect", "runtime/proof.go",
		"func effectProof(c surfaces.Candidate, before, after surfaces.Screen, out surfaces.Outcome, g decide.Goal) (proof, bool) {",
		`return proof{EvidenceEffect, "mutant"}, true`},
	{"effect ends a close or remove step", "runtime/do.go",
		"func effectEnds(g decide.Goal, s surfaces.Screen, intent string, c surfaces.Candidate) bool {",
		`return true`},
	{"confirmation: any new line confirms", "runtime/proof.go",
		"func confirmationProof(before, after surfaces.Screen, g decide.Goal) (proof, bool) {",
		`for _, l := range newLines(before, after) { return proof{EvidenceConfirmation, l.Text}, true }`},
	{"error: a new error after an act is not looked for", "runtime/proof.go",
		"func errorAfter(before, after surfaces.Screen, navigated bool, g decide.Goal) (pageError, bool) {",
		`return pageError{}, false`},
	{"error: a field's error after typing is not looked for", "runtime/proof.go",
		"func inputError(before, after surfaces.Screen) (pageError, bool) {",
		`return pageError{}, false`},
	{"refused request: a 4xx/5xx answer is not read", "runtime/proof.go",
		"func rejected(out surfaces.Outcome) (string, bool) {",
		`return "", false`},
	{"approved stop_before: any press counts as done", "runtime/proof.go",
		"func approvedProof(c surfaces.Candidate, before, after surfaces.Screen, out surfaces.Outcome, g decide.Goal) (proof, bool) {",
		`return proof{EvidenceEffect, "mutant"}, true`},
	{"verb fit: any control may delete, close or edit", "runtime/do.go",
		"func fitVerb(g decide.Goal, offer []surfaces.Candidate) []surfaces.Candidate {",
		`return offer`},
	{"all or one: a mark-all control may serve one item", "runtime/do.go",
		"func allOrOne(text string, offer []surfaces.Candidate) []surfaces.Candidate {",
		`return offer`},
	{"all or one in a do: a mark-all control may serve one item", "runtime/do.go",
		"all := decide.StepSaysAll(intent) || goal.Kind != decide.GoalOn && goal.Kind != decide.GoalOff && goal.Kind != decide.GoalRemoved",
		`all = true`},
	{"named press: the control the step names is not preferred", "runtime/do.go",
		"func whileShown(s surfaces.Screen, offer []surfaces.Candidate, match func(surfaces.Candidate) bool) []surfaces.Candidate {",
		`return offer`},
	{"group: a look-alike in another group may be pressed", "runtime/do.go",
		"func strangerGroup(intent string, s surfaces.Screen, c surfaces.Candidate) (string, bool) {",
		`return "", false`},
	{"place: a quoted group missing from the screen is not noticed", "runtime/do.go",
		"func missingPlace(intent string, s surfaces.Screen, g decide.Goal) (string, bool) {",
		`return "", false`},
	{"guard: nothing is refused", "runtime/guards.go",
		"func (r *runner) refuse(c surfaces.Candidate) error {",
		`return nil`},
	{"quoted item: a press outside the item the step quotes is not noticed", "runtime/do.go",
		"func quotedElsewhere(intent string, s surfaces.Screen, c surfaces.Candidate, unplacedOK bool) (string, bool) {",
		`return "", false`},
	{"twin groups: a look-alike's labelled section or fieldset is no item", "runtime/do.go",
		"func twinGroups(s surfaces.Screen, c surfaces.Candidate) (own string, texts map[string][]string, order []string) {",
		`return "", nil, nil`},
	{"named item: a press outside the item the step names unquoted is not noticed", "runtime/do.go",
		"func namedElsewhere(g decide.Goal, s surfaces.Screen, c surfaces.Candidate) (string, bool) {",
		`return "", false`},
	{"named nowhere: a box of another item ticks an item the screen does not show", "runtime/do.go",
		"func namedNowhere(g decide.Goal, s surfaces.Screen, c surfaces.Candidate) (string, bool) {",
		`return "", false`},
	{"quoted runs: a quoted name's date or name is held as scattered words", "runtime/do.go",
		"func nameRuns(quote string) [][]string {",
		`return nil`},
	{"press alone: a press counts without a handler of the page's", "runtime/do.go",
		"func (r *runner) pressTaken(ctx context.Context, c surfaces.Candidate, intent string, counts bool) (proof, bool) {",
		`if !counts && namesPress(intent, c.Name) { return proof{EvidenceEffect, "mutant"}, true }`},
	{"region: a change anywhere in main is the press's effect", "runtime/proof.go",
		"func pageRegion(path []string) bool {",
		`return false`},
	{"participle: the step's own verb on the screen confirms", "runtime/decide/goal.go",
		"func (g Goal) doneWord(w string) bool {",
		`return slices.Contains(g.done, stem(w))`},

	// Rules switched off rather than loosened: run with -suite trust (or
	// the MiniWoB bench) to see which sources need them.
	{"off: press alone never ends a step", "runtime/do.go",
		"func (r *runner) pressTaken(ctx context.Context, c surfaces.Candidate, intent string, counts bool) (proof, bool) {",
		`return proof{}, false`},
	{"off: a replaced view is no effect", "runtime/proof.go",
		"func viewReplaced(before, after surfaces.Screen) bool {",
		`return false`},
	{"off: no control is named by its position", "runtime/decide/role.go",
		"func PositionedControl(ask string, s surfaces.Screen) (surfaces.Candidate, bool) {",
		`return surfaces.Candidate{}, false`},
	{"off: no page of a paged list is turned", "runtime/do.go",
		"func nextPage(s surfaces.Screen, banned map[string]bool) (surfaces.Candidate, bool) {",
		`return surfaces.Candidate{}, false`},
	{"off: a heading that names the thing shown is no state", "runtime/do.go",
		"func headingShows(s surfaces.Screen, g decide.Goal) (proof, bool) {",
		`return proof{}, false`},
	{"off: a Key: line names no value after it", "runtime/decide/describe.go",
		"func valueLabel(l surfaces.ContextLine, c surfaces.Candidate) (string, bool) {",
		`return "", false`},
	{"off: an unlabelled field has no name from its type", "runtime/decide/describe.go",
		"func fieldTypeName(c *surfaces.Candidate, own string) string {",
		`return own`},
	{"off: the act of a picked item is not named by its guard class", "runtime/steps.go",
		"func pickedAct(text string, offer []surfaces.Candidate, inItem bool) (surfaces.Candidate, bool) {",
		`return surfaces.Candidate{}, false`},
	{"off: an option filling a field is no state", "runtime/do.go",
		"func filledBy(c surfaces.Candidate, before, after surfaces.Screen) (surfaces.Candidate, bool) {",
		`return surfaces.Candidate{}, false`},

	// Rules held up by focused tests of their own rather than by a
	// generated page: run with -suite widgets.
	{"split date: a box holds its part whatever it reads", "runtime/datesplit.go",
		"func samePart(got, want string) bool {",
		`return true`},
	{"sign in: the first button offered signs in, guarded or one of two", "runtime/do.go",
		"func soleFormButton(s surfaces.Screen, intent string, offer []surfaces.Candidate) (surfaces.Candidate, bool) {",
		`if signInIntent.MatchString(intent) { for _, c := range offer { if c.Role == "button" { return c, true } } }`},
	{"reveal: a tab the guard reads as irreversible (\"Submit\") is opened to look behind", "runtime/do.go",
		"func nextReveal(s surfaces.Screen, revealed, banned map[string]bool, named func() (map[string]bool, bool)) (surfaces.Candidate, surfaces.Operation, bool) {",
		`for _, c := range s.Candidates { if c.Role == "tab" && !c.Has(surfaces.StateSelected) && !c.Has(surfaces.StateDisabled) && !c.Has(surfaces.StateCovered) && !revealed[identity(c)] && !banned[identity(c)] && guard.ClassifyPlaced(c.Role, c.Name, c.Path).Class != guard.None { return c, surfaces.Click(c.Ref), true } }`},
	{"tie: options that tie without the name the step gives are ambiguous, not no choice", "runtime/decide/choose.go",
		"func (p *pass) anyNamesIt(js []int) bool {",
		`return true`},
	{"off: a refusal of the reader's own choice is an error too", "runtime/decide/goal.go",
		"func youChose(before []string) bool {",
		`return false`},
	{"off: a date asked in Day, Month and Year boxes is no one field", "runtime/datesplit.go",
		"func splitDates(s surfaces.Screen) []splitDate {",
		`return nil`},
	{"off: sign in never presses the form's only button", "runtime/do.go",
		"func soleFormButton(s surfaces.Screen, intent string, offer []surfaces.Candidate) (surfaces.Candidate, bool) {",
		`return surfaces.Candidate{}, false`},
}

// widgetTests are the focused tests -suite widgets runs, in runtime and
// runtime/decide, and widgetTrust the trust cases it runs beside them.
var (
	widgetTests = []string{
		// A split date (runtime/datesplit_test.go).
		"TestEnterSplitDateGOVUK", "TestEnterSplitDateOtherShapes", "TestEnterSplitDateRefusesNoDate", "TestEnterSplitDateRoundTrip",
		"TestEnterSplitDateReadsEveryBoxBack",
		// Sign in with the form's one button.
		"TestSignInWithTheFormsOnlyButton", "TestSignInNeverTakesAGuardedOnlyButton",
		// Looking behind what hides: tabs, submenus, a tree, a ⋯ menu.
		"TestDoLooksBehindTabs", "TestDoLooksInSubmenus", "TestTreeOpensFoldersToTheNamedFile", "TestRevealSkipsATabThatSubmits",
		"TestHoverMenuOpensSubmenus", "TestMoreMenuOfTheNamedPost",
		// The decider: ties, qualifiers, a refusal of the reader's own choice.
		"TestTieIsAmbiguous", "TestReadTies", "TestTieWithoutTheNameIsNoChoice", "TestQualifiersAsLogic", "TestErrorTextOfTheReadersOwnChoice",
		// One item's step and the controls of others (runtime/named_test.go).
		"TestNoBoxOfAnotherItemForAThingNamedWhole", "TestNoBoxOfAnotherBlockForAQuotedTaskWithNoBox",
		"TestMarkAllIsNoOneTasksControl", "TestStopBeforeDeletingOneIsNeverDeleteAll",
		"TestNoLookAlikeInAnotherSectionForAQuotedName", "TestNoLookAlikeInAnotherFieldset", "TestNoBoxOfAnotherItemForAnItemNotShown",
		"TestNoControlOfAnotherGroupForAQuotedPlaceNotShown",
	}
	widgetTrust = []string{
		// A control that submits whatever its role (issue 19, point 7).
		"expand_delivery_details", "submit_claim_refused", "submit_claim_approved", "submit_expenses_refused", "submit_expenses_stop",
		// A paged list turns to the name the step gives.
		"email_rui_costa_on_page_two", "find_absent_zoe_park", "phone_ana_lopes_on_page_one",
		// A refusal word after the reader's own act ("Invitation declined.").
		"decline_invitation",
		// A quoted date held as one, not as scattered words.
		"track_quoted_day_not_shown",
	}
	widgetPackages = []string{"./runtime/", "./runtime/decide/"}
)

// widgetRun is the -run pattern of the widgets suite: the tests by name,
// or the trust corpus's cases by name.
func widgetRun() string {
	return "^(" + strings.Join(widgetTests, "|") + ")$|^TestTrustCorpus$/^cases$/^(" + strings.Join(widgetTrust, "|") + ")$"
}

func main() {
	n := flag.Int("n", 300, "generated cases per rule")
	seed := flag.Int64("seed", 19, "the generator's seed")
	only := flag.String("only", "", "comma-separated words: run only the rules whose description starts with one")
	suite := flag.String("suite", "props", "what judges a mutant: props (the property tests), trust (the trust corpus) or widgets (the focused tests of widgetTests)")
	flag.Parse()
	if *suite != "props" && *suite != "trust" && *suite != "widgets" {
		fmt.Fprintln(os.Stderr, "mutants: -suite is props, trust or widgets")
		os.Exit(2)
	}
	if err := run(*n, *seed, *only, *suite); err != nil {
		fmt.Fprintln(os.Stderr, "mutants:", err)
		os.Exit(1)
	}
}

func run(n int, seed int64, only, suite string) error {
	files, err := exec.Command("git", "ls-files", "-co", "--exclude-standard").Output()
	if err != nil {
		return fmt.Errorf("git ls-files (run from the repository's root): %w", err)
	}
	w := tabwriter.NewWriter(os.Stdout, 2, 4, 2, ' ', 0)
	switch suite {
	case "trust":
		fmt.Fprintf(w, "rule removed\tcases failing\ttime\n")
	case "widgets":
		fmt.Fprintf(w, "rule removed\ttests failing\ttime\n")
	default:
		fmt.Fprintf(w, "rule removed\tP1\tP2\tP3\ttime\n")
	}
	for _, m := range mutants {
		if only != "" && !startsWithAny(m.Rule, strings.Split(only, ",")) {
			continue
		}
		start := time.Now()
		out, err := runOne(m, strings.Fields(string(files)), n, seed, suite)
		if err != nil {
			return fmt.Errorf("%s: %w", m.Rule, err)
		}
		took := time.Since(start).Round(time.Second)
		switch suite {
		case "trust", "widgets":
			read := trustFailures
			if suite == "widgets" {
				read = testFailures
			}
			failing, err := read(out)
			if err != nil {
				return fmt.Errorf("%s: %w", m.Rule, err)
			}
			fmt.Fprintf(w, "%s\t%d %s\t%s\n", m.Rule, len(failing), strings.Join(failing, " "), took)
		default:
			counts, err := violations(out)
			if err != nil {
				return fmt.Errorf("%s: %w", m.Rule, err)
			}
			fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%s\n", m.Rule, counts[0], counts[1], counts[2], took)
		}
		_ = w.Flush()
	}
	if suite == "props" {
		fmt.Fprintf(w, "(%d cases of seed %d per rule; a count is the cases that broke the property)\n", n, seed)
	}
	return w.Flush()
}

// violations reads the property test's summary line of each property.
func violations(out []byte) ([3]int, error) {
	var counts [3]int
	found := violated.FindAllSubmatch(out, -1)
	if len(found) != 3 {
		return counts, fmt.Errorf("no property summary in the test's output:\n%s", tail(out))
	}
	for _, f := range found {
		fmt.Sscan(string(f[2]), &counts[f[1][1]-'1'])
	}
	return counts, nil
}

// trustSummary and trustFailing read the trust corpus's table.
var (
	trustSummary = regexp.MustCompile(`trust corpus: \d+ of \d+ cases pass`)
	trustFailing = regexp.MustCompile(`(?m)^[ \t]+(\S+)[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+FAIL[ \t]*$`)
)

// trustFailures names the trust cases that failed.
func trustFailures(out []byte) ([]string, error) {
	if !trustSummary.Match(out) {
		return nil, fmt.Errorf("no trust corpus table in the test's output:\n%s", tail(out))
	}
	var names []string
	for _, m := range trustFailing.FindAllSubmatch(out, -1) {
		names = append(names, string(m[1]))
	}
	return names, nil
}

// failLine is go test's line for a failed test or subtest, and
// packageLine its last line for a package.
var (
	failLine    = regexp.MustCompile(`(?m)^[ \t]*--- FAIL: (\S+)`)
	packageLine = regexp.MustCompile(`(?m)^(ok|FAIL)[ \t]+(\S+)(.*)$`)
)

// testFailures names the tests that failed in go test's output, subtests
// included: a test that failed only because a subtest did is left out for
// its subtest. The output must end every package with its ok or FAIL
// line, and a failed package must name a failed test (a build error, a
// panic or a timeout is no count).
func testFailures(out []byte) ([]string, error) {
	pkgs := packageLine.FindAllSubmatch(out, -1)
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no package result in the test's output:\n%s", tail(out))
	}
	failed := false
	for _, p := range pkgs {
		if strings.Contains(string(p[3]), "failed]") {
			return nil, fmt.Errorf("%s %s:\n%s", p[2], strings.TrimSpace(string(p[3])), tail(out))
		}
		failed = failed || string(p[1]) == "FAIL"
	}
	var names []string
	for _, m := range failLine.FindAllSubmatch(out, -1) {
		names = append(names, string(m[1]))
	}
	if failed && len(names) == 0 {
		return nil, fmt.Errorf("a package failed with no failed test (a panic or a timeout?):\n%s", tail(out))
	}
	leaves := slices.DeleteFunc(slices.Clone(names), func(n string) bool {
		return slices.ContainsFunc(names, func(sub string) bool { return strings.HasPrefix(sub, n+"/") })
	})
	return slices.Compact(leaves), nil
}

func tail(out []byte) []byte {
	if len(out) > 2000 {
		return out[len(out)-2000:]
	}
	return out
}

func startsWithAny(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if p = strings.TrimSpace(p); p != "" && strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// violated matches the test's summary line of each property.
var violated = regexp.MustCompile(`(P[123]) never [^:]*: \d+ cases checked, (\d+) violated`)

// runOne copies the tree, removes m's rule from the copy and runs the
// suite's test there, returning its output.
func runOne(m mutant, files []string, n int, seed int64, suite string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "flow-mutant-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // deleted in the work tree
		}
		dst := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return nil, err
		}
	}
	path := filepath.Join(dir, m.File)
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if k := bytes.Count(src, []byte(m.At)); k != 1 {
		return nil, fmt.Errorf("%s holds %q %d times, want once: update the mutant", m.File, m.At, k)
	}
	src = bytes.Replace(src, []byte(m.At), []byte(m.At+"\n\t"+m.Body+" // mutant\n"), 1)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		return nil, err
	}
	test, pkgs := "^TestEvidenceProperties$", []string{"./runtime"}
	switch suite {
	case "trust":
		test = "^TestTrustCorpus$"
	case "widgets":
		test, pkgs = widgetRun(), widgetPackages
	}
	cmd := exec.Command("go", append([]string{"test", "-count=1", "-run", test, "-v", "-timeout", "30m"}, pkgs...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), fmt.Sprintf("FLOW_PROPS_SEED=%d", seed), fmt.Sprintf("FLOW_PROPS_N=%d", n), "FLOW_PROPS_RANDOM_N=0")
	out, _ := cmd.CombinedOutput() // a mutant is meant to fail the test
	return out, nil
}
