package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"flow/cmd/flow/cli"
)

// TestMain lets testscript run `flow` inside the test binary: `exec flow …`
// in a script runs the real cli.Main.
func TestMain(m *testing.M) {
	// Runs of the flows under testdata write no cache beside them and
	// replay none: each test asks its decider. The cache's own tests say
	// --cache.
	os.Setenv("FLOW_CACHE", "off")
	testscript.Main(m, map[string]func(){
		"flow": func() {
			code := cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr)
			if p := os.Getenv(exitFileEnv); p != "" {
				os.WriteFile(p, []byte(strconv.Itoa(code)), 0o644)
			}
			os.Exit(code)
		},
	})
}

// sitePage is the page `flow inspect` is tested on ($SITE in scripts).
const sitePage = `<!doctype html>
<title>Flights</title>
<h1>Find a flight</h1>
<form>
  <label>Where from <input name="from" value="Lisbon"></label>
  <label>Password <input type="password" name="pw" value="hunter2"></label>
  <button disabled>Search</button>
</form>
<p>Prices include taxes.</p>
`

// exitFileEnv names the file where the test build of `flow` leaves its exit
// code, so that a script can check the exact code (`exitcode 2`), which
// testscript's `! exec` alone does not.
const exitFileEnv = "FLOW_TEST_EXIT_FILE"

// cmdExitCode checks the exit code of the last `exec flow`.
func cmdExitCode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: exitcode N")
	}
	b, err := os.ReadFile(ts.Getenv(exitFileEnv))
	ts.Check(err)
	if got := string(b); got != args[0] {
		ts.Fatalf("flow exited %s, want %s", got, args[0])
	}
}

// TestScripts runs the command-line goldens in testdata/script. Run with
// UPDATE_GOLDEN=1 to rewrite their expected output from the real one.
func TestScripts(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, sitePage)
	}))
	t.Cleanup(site.Close) // after the parallel scripts, not when this function returns
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close() // nothing listens there any more

	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       os.Getenv("UPDATE_GOLDEN") != "",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "")
			env.Setenv("TERM", "xterm")
			env.Setenv(exitFileEnv, env.WorkDir+".exit")
			env.Setenv("SITE", site.URL)
			env.Setenv("CLOSED_SITE", closedURL)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode":   cmdExitCode,
			"writebytes": cmdWriteBytes,
			"genfile":    cmdGenFile,
			"gendeep":    cmdGenDeep,
		},
	})
}

// cmdWriteBytes writes text with escapes decoded to a file:
// `writebytes bad.flow 'do "caf\xe9"\n'`. It lets a script hold bytes a text
// file cannot (invalid UTF-8, NUL, terminal escapes).
func cmdWriteBytes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: writebytes FILE ESCAPED-TEXT")
	}
	data, err := unescape(args[1])
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}

// cmdGenFile writes a file of SIZE bytes by repeating PATTERN (escapes
// decoded as in writebytes): `genfile big.flow 10485760 '# filler\n'`.
func cmdGenFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: genfile FILE SIZE PATTERN")
	}
	size, err := strconv.Atoi(args[1])
	ts.Check(err)
	pattern, err := unescape(args[2])
	ts.Check(err)
	if len(pattern) == 0 {
		ts.Fatalf("empty pattern")
	}
	data := bytes.Repeat(pattern, size/len(pattern)+1)[:size]
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}

// unescape decodes \n, \t, \r, \\ and \xHH; every other byte stands for
// itself, quotes included.
func unescape(s string) ([]byte, error) {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			out = append(out, s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case '\\':
			out = append(out, '\\')
		case 'x':
			if i+3 > len(s) {
				return nil, fmt.Errorf("short \\x escape in %q", s)
			}
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return nil, fmt.Errorf("bad \\x escape in %q", s)
			}
			out = append(out, byte(v))
			i += 2
		default:
			return nil, fmt.Errorf("unknown escape \\%c in %q", s[i], s)
		}
	}
	return out, nil
}

// cmdGenDeep writes a flow whose body nests DEPTH `if` blocks, or (with
// `parens`) a check expression nested DEPTH brackets deep.
func cmdGenDeep(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: gendeep FILE DEPTH if|parens")
	}
	depth, err := strconv.Atoi(args[1])
	ts.Check(err)
	var b strings.Builder
	b.WriteString("flow deep \"Nested too deep\" {\n  fact n: number = 1\n")
	switch args[2] {
	case "if":
		// Indented as fmt would indent it, up to a depth where the
		// indentation alone would make the file huge.
		indent := func(level int) string { return strings.Repeat("  ", min(level, 20)) }
		for i := 0; i < depth; i++ {
			b.WriteString(indent(i+1) + "if n > 0 {\n")
		}
		b.WriteString(indent(depth+1) + "do \"something\"\n")
		for i := depth - 1; i >= 0; i-- {
			b.WriteString(indent(i+1) + "}\n")
		}
	case "parens":
		b.WriteString("  check " + strings.Repeat("(", depth) + "n > 0" + strings.Repeat(")", depth) + "\n")
	default:
		ts.Fatalf("unknown nesting %q", args[2])
	}
	b.WriteString("  verify \"done\"\n}\n")
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(b.String()), 0o644))
}

// run calls the real Main in-process and returns its exit code and output.
func run(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = cli.Main(append([]string{"flow"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestLintExampleLibrary checks that the example library passes the
// strictest lint: every flow under flows/ is free of errors and warnings.
func TestLintExampleLibrary(t *testing.T) {
	root := filepath.Join("..", "..", "flows")
	var found []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".flow") && !strings.Contains(p, "testdata") {
			found = append(found, p)
		}
		return nil
	})
	if len(found) < 6 {
		t.Fatalf("found %d .flow files under %s; the example library has at least 6", len(found), root)
	}
	code, stdout, stderr := run("lint", "--strict", root)
	t.Logf("linted %d files under %s", len(found), root)
	if code != cli.ExitOK {
		t.Errorf("flow lint --strict %s exited %d over %d files:\n%s%s", root, code, len(found), stdout, stderr)
	}
}

// TestPanicIsReportedAsBug checks the last line of defence: a panic inside
// a command becomes exit code 70 with a bug report, not a crash. A reader
// that panics stands in for a bug anywhere below Main.
func TestPanicIsReportedAsBug(t *testing.T) {
	var out, errb bytes.Buffer
	code := cli.Main([]string{"flow", "fmt"}, panicReader{}, &out, &errb)
	if code != cli.ExitInternal {
		t.Errorf("exit code %d, want %d", code, cli.ExitInternal)
	}
	if !strings.Contains(errb.String(), "internal error: boom") || !strings.Contains(errb.String(), "This is a bug in flow") {
		t.Errorf("stderr lacks the bug report:\n%s", errb.String())
	}
}

type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("boom") }

var _ io.Reader = panicReader{}
