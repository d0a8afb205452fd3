package compiler

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"flow/grammar"
	"flow/plan"
	"flow/stdlib"
)

// Source is one flow file given to the compiler by name and content.
type Source struct {
	Name string
	Src  []byte
}

// Library is the result of [CompileLibrary]: one program per given file, in
// the order given (nil where the file could not be parsed at all).
type Library struct {
	Programs []*plan.Program
}

// Option configures a compilation.
type Option func(*config)

type config struct {
	readFile  func(name string) ([]byte, error)
	maxErrors int
	lint      bool
	programs  bool // build expression programs: off when only diagnostics are wanted
	workers   int  // goroutines per parallel stage; 0: as many as the cores and files allow
}

// DefaultMaxErrors is how many diagnostics a compilation reports at most
// before ending the list with a count of the rest.
const DefaultMaxErrors = 50

func newConfig(opts []Option) config {
	c := config{
		readFile:  func(name string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(name)) },
		maxErrors: DefaultMaxErrors,
		programs:  true,
	}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithFS reads flow files (the compiled ones and their relative imports)
// from fsys instead of the operating system. Names are slash-separated and
// relative to fsys's root.
func WithFS(fsys fs.FS) Option {
	return func(c *config) {
		c.readFile = func(name string) ([]byte, error) {
			return fs.ReadFile(fsys, strings.TrimPrefix(path.Clean(name), "/"))
		}
	}
}

// WithReadFile reads flow files through fn.
func WithReadFile(fn func(name string) ([]byte, error)) Option {
	return func(c *config) { c.readFile = fn }
}

// WithMaxErrors caps the diagnostics reported (0 or less: no cap).
func WithMaxErrors(n int) Option { return func(c *config) { c.maxErrors = n } }

// WithLint runs the lint rules of [Rules] over the compiled files' flows and
// adds their warnings to the diagnostics.
func WithLint() Option { return func(c *config) { c.lint = true } }

// Compile checks one flow file and builds its program. The program is
// returned even when the diagnostics hold errors (with the parts that could
// be built), but it is runnable only when they hold none.
func Compile(filename string, src []byte, opts ...Option) (*plan.Program, grammar.Diagnostics) {
	lib, diags := compile([]Source{{Name: filename, Src: src}}, newConfig(opts))
	return lib.Programs[0], diags
}

// CompileFile reads path through the configured reader and compiles it.
func CompileFile(path string, opts ...Option) (*plan.Program, grammar.Diagnostics) {
	cfg := newConfig(opts)
	src, err := cfg.readFile(path)
	if err != nil {
		return nil, grammar.Diagnostics{{
			Severity: grammar.Error, Code: UnknownImport,
			Summary: "cannot read " + path, Detail: err.Error(),
			Range: grammar.Range{Filename: path, Start: grammar.Pos{Line: 1, Column: 1}, End: grammar.Pos{Line: 1, Column: 1}},
		}}
	}
	lib, diags := compile([]Source{{Name: path, Src: src}}, cfg)
	return lib.Programs[0], diags
}

// CompileLibrary compiles several files together: imports shared between
// them are loaded once, a file imported by another given file is the same
// file, and lint (with [WithLint]) knows which flows the others call.
func CompileLibrary(files []Source, opts ...Option) (*Library, grammar.Diagnostics) {
	return compile(files, newConfig(opts))
}

// Lint compiles files as a library with the lint rules on and returns every
// diagnostic, errors and warnings sorted together. It checks every
// expression's types but builds no program: nothing will run.
func Lint(files []Source, opts ...Option) grammar.Diagnostics {
	cfg := newConfig(append(opts, WithLint()))
	cfg.programs = false
	_, diags := compile(files, cfg)
	return diags
}

// stage is one named pass of the compiler over a session.
type stage struct {
	name string
	run  func(*session)
}

// stages are the passes of a compilation, in order. Each reports into the
// session and leaves partial results for the next, so a file with errors
// is still checked as far as it can be.
var stages = []stage{
	{"resolve_imports", (*session).resolveImports},
	{"declare", (*session).declare},
	{"check_flows", (*session).checkFlows},
	{"check_calls", (*session).checkCalls},
	{"build_plan", (*session).buildPlans},
	{"lint", (*session).lint},
}

// StageNames lists the compiler's stages in the order they run.
func StageNames() []string {
	out := make([]string, len(stages))
	for i, s := range stages {
		out[i] = s.name
	}
	return out
}

func compile(files []Source, cfg config) (*Library, grammar.Diagnostics) {
	return parseSession(files, cfg).run()
}

// parseSession starts a session over the given files, parsed.
func parseSession(files []Source, cfg config) *session {
	s := newSession(cfg)
	for _, f := range files {
		s.mem[cleanPath(f.Name)] = f.Src
	}
	parsed := parseAll(files, cfg)
	for i, f := range files {
		s.roots = append(s.roots, s.addUnit(cleanPath(f.Name), parsed[i].file, parsed[i].diags, isStdFile(f)))
	}
	return s
}

// parsedFile is the parser's result for one given file.
type parsedFile struct {
	file  *grammar.File
	diags grammar.Diagnostics
}

// parseAll parses the given files, on every core when there are many:
// parsing is most of a library's compile time and each file parses on its
// own. The results keep the order of files, so the output does not depend
// on scheduling.
func parseAll(files []Source, cfg config) []parsedFile {
	out := make([]parsedFile, len(files))
	forEach(len(files), cfg.workersFor(len(files)), func(_, i int) {
		out[i].file, out[i].diags = grammar.Parse(cleanPath(files[i].Name), files[i].Src)
	})
	return out
}

// run runs every stage over the session's roots and returns the programs.
func (s *session) run() (*Library, grammar.Diagnostics) {
	cfg := s.cfg
	s.runStages()
	lib := &Library{Programs: make([]*plan.Program, len(s.roots))}
	for i, u := range s.roots {
		lib.Programs[i] = u.program
	}
	return lib, s.diags.Normalize(cfg.maxErrors)
}

// runStages runs every stage, in order; the session's diagnostics are then
// in the order the stages found them, not yet sorted.
func (s *session) runStages() {
	for _, st := range stages {
		st.run(s)
	}
}

// isStdFile reports whether f is a standard library file linted from the
// repository (stdlib/std/web.flow): it counts as std/ for the rules that
// exempt the standard library.
func isStdFile(f Source) bool {
	dir, base := path.Split(filepath.ToSlash(f.Name))
	name, ok := strings.CutSuffix(base, ".flow")
	if !ok || path.Base(path.Clean("/"+dir)) != "std" {
		return false
	}
	src, ok := stdlib.Source(name)
	return ok && bytes.Equal(src, f.Src)
}

// cleanPath normalises a file name to a slash-separated clean path, the key
// under which the session knows a file.
func cleanPath(name string) string {
	if strings.HasPrefix(name, "std/") {
		return name
	}
	return path.Clean(filepath.ToSlash(name))
}
