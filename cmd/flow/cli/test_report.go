package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"flow/guard"
	"flow/report"
	"flow/runtime"
	"flow/suite"
)

// testReports writes `flow test --report DIR`: each case's HTML report in
// DIR/CASE/ (its last attempt's; the trace as DIR/CASE/trace.jsonl is not
// kept), and DIR/index.html linking them.
type testReports struct {
	e   *env
	dir string
}

// caseDir is the folder of a case's report: its name with every character
// but letters, digits, '.', '-' and '_' made '_'.
func caseDir(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, name)
}

// attempt is the suite's Options.Attempt: it records the attempt's events
// and screenshots into the case's folder, then writes the report there.
func (t *testReports) attempt(c *suite.Case, attempt int, o *runtime.Options) func(*runtime.Result) {
	rel := caseDir(c.Name)
	dir := filepath.Join(t.dir, rel)
	os.RemoveAll(dir) // a retry's report replaces the one before
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(t.e.stderr, "flow: --report: %v\n", err)
		return nil
	}
	rec := &report.Recorder{}
	o.Sinks = append(o.Sinks, rec)
	o.Shots = func(name string, png []byte) error {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, png, 0o644)
	}
	secrets := guard.NewMasker(o.Secrets)
	return func(res *runtime.Result) {
		src, _ := t.e.sources.Source(c.File)
		page, err := report.Write(dir, report.Input{Events: rec.Events(), Source: src, Masker: secrets})
		if err != nil {
			fmt.Fprintf(t.e.stderr, "flow: writing the report of %s: %v\n", c.Name, err)
			return
		}
		if p, err := filepath.Rel(t.dir, page); err == nil {
			res.Report = filepath.ToSlash(p)
		}
	}
}

// writeIndex writes DIR/index.html and returns its path.
func (t *testReports) writeIndex(rep *suite.Report) (string, error) {
	path := filepath.Join(t.dir, "index.html")
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	if err := suite.WriteIndex(f, rep); err != nil {
		f.Close()
		return "", err
	}
	return path, f.Close()
}
