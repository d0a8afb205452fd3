package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"flow/internal/suggest"

	ucli "github.com/urfave/cli/v2"
)

// Exit codes returned by [Main]. They are part of the command line's
// contract: scripts and CI jobs rely on them, so they never change meaning.
const (
	// ExitOK: the command did what was asked and found no errors.
	ExitOK = 0
	// ExitUnformatted: `flow fmt --check` found files that `flow fmt -w`
	// would change.
	ExitUnformatted = 1
	// ExitErrors: the input has errors (they were printed), or the command
	// was used wrongly (bad flags, missing arguments), or a file could not
	// be read or used.
	ExitErrors = 2
	// ExitInternal: flow itself failed (a panic was caught). It is a bug.
	ExitInternal = 70
)

// Main runs the flow command line with args (args[0] is the program name)
// and returns the exit code. It writes only to stdout and stderr and reads
// only stdin, the files named by args and the environment, so it can run
// in-process under tests.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "flow: internal error: %v\n\n"+
				"This is a bug in flow, not in your flow files. Please report it with\n"+
				"the command you ran, the input if you can share it, and this trace:\n\n%s", r, debug.Stack())
			code = ExitInternal
		}
	}()
	if len(args) == 0 {
		args = []string{"flow"}
	}
	e := &env{
		stdin:   stdin,
		stdout:  stdout,
		stderr:  stderr,
		getenv:  os.Getenv,
		sources: newSourceCache(),
	}
	e.sources.fallback = stdSource
	app := e.newApp()
	err := app.Run(permute(args, commandSpecs(), globalFlags))
	return e.exitCode(err)
}

// env is what a command runs with: its streams, the environment and the
// texts of the files it has read (for the snippets of diagnostics).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	sources        *sourceCache
}

// exitError ends a command with code once its output has been printed.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// usageError is a command used wrongly. It is printed with a pointer to the
// command's help and exits with [ExitErrors].
type usageError struct {
	cmd string // "flow lint"; "flow" at the top
	msg string
}

func (e usageError) Error() string { return e.msg }

func usagef(c *ucli.Context, format string, args ...any) error {
	return usageError{cmd: helpName(c), msg: fmt.Sprintf(format, args...)}
}

func helpName(c *ucli.Context) string {
	if c != nil && c.Command != nil && c.Command.Name != "" {
		return "flow " + c.Command.Name
	}
	return "flow"
}

// exitCode prints what an error returned by the app means and turns it into
// the process's exit code.
func (e *env) exitCode(err error) int {
	var ee exitError
	var ue usageError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "%s: %s\nRun '%s --help' for usage.\n", ue.cmd, ue.msg, ue.cmd)
		return ExitErrors
	default:
		fmt.Fprintf(e.stderr, "flow: %s\n", strings.TrimSpace(err.Error()))
		return ExitErrors
	}
}

// newApp builds the urfave/cli application. Its own printing of errors and
// its calls to os.Exit are turned off: Main decides what is printed and
// which code is returned.
func (e *env) newApp() *ucli.App {
	specs := commandSpecs()
	app := &ucli.App{
		Name:                  "flow",
		HelpName:              "flow",
		Usage:                 "check, format and plan declarative browser flows",
		Writer:                e.stdout,
		ErrWriter:             e.stderr,
		Reader:                e.stdin,
		HideVersion:           true,
		EnableBashCompletion:  false,
		CustomAppHelpTemplate: escapeTemplate(appHelp(specs)),
		Flags:                 buildFlags(globalFlags),
		ExitErrHandler:        func(*ucli.Context, error) {},
		Before: func(c *ucli.Context) error {
			switch when := c.String("color"); when {
			case "auto", "always", "never":
				return nil
			default:
				return usageError{cmd: "flow", msg: fmt.Sprintf("--color must be auto, always or never, not %q", when)}
			}
		},
		OnUsageError: func(c *ucli.Context, err error, _ bool) error {
			return usageError{cmd: "flow", msg: flagError(err, globalFlags)}
		},
		Action: func(c *ucli.Context) error {
			if c.Bool("version") {
				return e.version(c)
			}
			if c.Args().Present() {
				name := c.Args().First()
				msg := fmt.Sprintf("unknown command %q", name)
				if s := suggest.Closest(name, commandNames(specs)); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				return usageError{cmd: "flow", msg: msg}
			}
			return ucli.ShowAppHelp(c)
		},
	}
	for _, s := range specs {
		app.Commands = append(app.Commands, e.buildCommand(s))
	}
	return app
}

// buildCommand turns a command spec into a urfave/cli command whose help is
// the spec's own text and whose usage errors go through [usageError].
func (e *env) buildCommand(s *commandSpec) *ucli.Command {
	spec := s
	return &ucli.Command{
		Name:               spec.name,
		Usage:              spec.summary,
		HelpName:           "flow " + spec.name,
		ArgsUsage:          spec.args,
		CustomHelpTemplate: escapeTemplate(commandHelp(spec)),
		Flags:              buildFlags(spec.flags),
		OnUsageError: func(c *ucli.Context, err error, _ bool) error {
			return usageError{cmd: "flow " + spec.name, msg: flagError(err, append(spec.flags, globalFlags...))}
		},
		Action: func(c *ucli.Context) error {
			if err := checkArgs(c, spec); err != nil {
				return err
			}
			return spec.run(e, c)
		},
	}
}

// checkArgs enforces a command's count of positional arguments.
func checkArgs(c *ucli.Context, s *commandSpec) error {
	n := c.NArg()
	if n > 0 {
		// A value flag written last with no value is left after the
		// arguments by permute; say what is missing rather than calling
		// it an argument.
		last := c.Args().Get(n - 1)
		if f, ok := lookupFlag(last, s.flags); ok && isFlagToken(last) && !f.isBool() && !strings.Contains(last, "=") {
			return usagef(c, "flag %s needs a value", dashes(f.name))
		}
	}
	switch {
	case n < s.minArgs && s.minArgs == 1:
		return usagef(c, "missing %s", strings.Trim(strings.Fields(s.args)[0], "[]…."))
	case n < s.minArgs:
		return usagef(c, "want at least %d arguments (%s), got %d", s.minArgs, s.args, n)
	case s.maxArgs >= 0 && n > s.maxArgs:
		extra := c.Args().Slice()[s.maxArgs:]
		return usagef(c, "unexpected argument %q", extra[0])
	}
	return nil
}
