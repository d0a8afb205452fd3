package flow_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The import policy, in the spirit of Go's go/build/deps_test.go: for every
// package of the module, the packages of the module it may import (directly
// or through others). A package missing from this table fails the test, so a
// new package must state its place in the order before it lands.
//
// The order is grammar, plan, guard, stdlib < compiler < runtime; surfaces and
// decide beside the runtime; record on grammar, guard and surfaces; cmd on top.
var allowed = map[string][]string{
	".":                {},
	"grammar":          {"internal/suggest"},
	"plan":             {},
	"guard":            {},
	"stdlib":           {},
	"internal/flowgen": {},
	"internal/pagegen": {}, // pages, flows and their truth for the runtime's property tests
	"internal/suggest": {},
	"internal/cputime": {},
	"internal/origin":  {},
	"flows":            {},
	"compiler":         {"grammar", "plan", "guard", "stdlib", "internal/suggest", "internal/origin"},
	"surfaces":         {"internal/origin"},
	"surfaces/sim":     {"surfaces", "internal/suggest", "internal/origin"},
	"surfaces/browser": {"surfaces", "guard", "internal/origin"},

	"surfaces/browser/internal/proctest": {},
	"surfaces/browser/fixturetest":       {}, // tests only: they join the browser to the fixture sites

	"internal/cdpclient": {}, // a DevTools client on the standard library, for the bench commands that drive a browser beside flow

	"internal/lexicon":     {}, // what words mean: WordNet 3.1 and a UI table, for the decider
	"internal/lexicon/gen": {}, // builds the lexicon's table

	"runtime":                  {"plan", "guard", "stdlib", "surfaces", "runtime/decide", "internal/lexicon", "runtime/cache", "internal/origin"},
	"runtime/cache":            {"surfaces", "plan", "internal/origin"}, // the resolution cache's book: no decider
	"runtime/decide":           {"internal/lexicon", "surfaces", "guard", "plan", "internal/origin"},
	"record":                   {"grammar", "guard", "surfaces", "internal/suggest", "internal/origin"},
	"cmd/flow":                 {"*"},
	"cmd/flow/cli":             {"*"},
	"cmd/flow/internal/render": {"grammar", "internal/suggest"},

	"cmd/flow/internal/progress": {"runtime", "runtime/cache", "plan", "guard", "stdlib", "surfaces", "runtime/decide", "internal/lexicon", "internal/origin"},

	"report": {"runtime", "runtime/cache", "plan", "grammar", "guard", "stdlib", "surfaces", "runtime/decide", "internal/lexicon", "internal/origin", "internal/suggest"}, // the HTML report of a run: never chromedp or the CLI

	"suite": {"grammar", "plan", "guard", "stdlib", "compiler", "runtime", "runtime/cache", "runtime/decide", "internal/lexicon", "surfaces", "surfaces/browser", "internal/suggest", "internal/origin"}, // `flow test`: never the CLI

	"bench/miniwob": {"internal/cdpclient", "surfaces/browser", "surfaces", "guard", "internal/origin"}, // the MiniWoB++ harness: Chromium's path and switches
	"bench/govuk":   {"internal/cdpclient", "surfaces/browser", "surfaces", "guard", "internal/origin"}, // GOV.UK Frontend parity: flow's surface beside Chromium's accessibility tree
	"bench/lint":    {"*"},                                                                              // flow lint against gofmt -l: runs the command line in-process
	"bench/mutants": {},                                                                                 // removes a rule from a copy of the tree and runs go test there: imports nothing of flow
}

// Outside packages that only one place may use: the browser driver lives in
// surfaces/browser alone, the CLI framework in the command alone, and the
// parser generator in the grammar alone.
var confined = map[string][]string{
	"github.com/chromedp/":             {"surfaces/browser"},
	"github.com/urfave/cli":            {"cmd/flow/cli"},
	"github.com/alecthomas/participle": {"grammar"},
}

const module = "flow"

func TestImportPolicy(t *testing.T) {
	direct := map[string][]string{} // package → imports of the module and outside
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, build.ImportComment)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			t.Errorf("%s: %v", path, err)
			return nil
		}
		direct[filepath.ToSlash(path)] = pkg.Imports // non-test imports only, as deps_test does
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(direct) < 3 {
		t.Fatalf("found only %d packages; is the test running from the module root?", len(direct))
	}

	for _, v := range checkPolicy(direct) {
		t.Error(v)
	}
}

// checkPolicy returns one line per violation of the policy in a graph of
// direct imports, sorted.
func checkPolicy(direct map[string][]string) []string {
	var out []string
	for pkg, imports := range direct {
		rules, ok := allowed[pkg]
		if !ok {
			out = append(out, "package "+pkg+" has no entry in the import policy; add one to deps_test.go")
			continue
		}
		for _, imp := range imports {
			for prefix, owners := range confined {
				if strings.HasPrefix(imp, prefix) && !slices.Contains(owners, pkg) {
					out = append(out, pkg+" imports "+imp+", which only "+strings.Join(owners, ", ")+" may import")
				}
			}
		}
		if slices.Contains(rules, "*") {
			continue
		}
		for _, dep := range projectDeps(pkg, direct) {
			if !slices.Contains(rules, dep) {
				out = append(out, pkg+" depends on "+dep+", which the import policy does not allow")
			}
		}
	}
	sort.Strings(out)
	return out
}

// projectDeps returns the module's packages that pkg imports, directly or
// through other packages of the module, sorted.
func projectDeps(pkg string, direct map[string][]string) []string {
	seen := map[string]bool{}
	var visit func(p string)
	visit = func(p string) {
		for _, imp := range direct[p] {
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok || seen[rel] {
				continue
			}
			seen[rel] = true
			visit(rel)
		}
	}
	visit(pkg)
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// TestImportPolicyCatchesViolations feeds the checker a made-up graph with
// one violation of each kind, so a checker that lets everything through fails.
func TestImportPolicyCatchesViolations(t *testing.T) {
	graph := map[string][]string{
		"grammar":          {"fmt", "flow/runtime"},            // upward import
		"compiler":         {"flow/grammar", "flow/plan"},      // fine
		"plan":             {"github.com/chromedp/chromedp"},   // confined outside package
		"surfaces/browser": {"flow/surfaces", "flow/compiler"}, // compiler pulls in grammar too
		"newpkg":           {},                                 // no policy entry
	}
	got := strings.Join(checkPolicy(graph), "\n")
	for _, want := range []string{
		"grammar depends on runtime",
		"plan imports github.com/chromedp/chromedp",
		"surfaces/browser depends on compiler",
		"surfaces/browser depends on grammar",
		"package newpkg has no entry",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("violation %q not reported; got:\n%s", want, got)
		}
	}
	for _, fine := range []string{"compiler depends on grammar", "compiler depends on plan"} {
		if strings.Contains(got, fine) {
			t.Errorf("allowed import reported as a violation (%s):\n%s", fine, got)
		}
	}
}
