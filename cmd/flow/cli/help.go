package cli

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"flow/internal/suggest"

	ucli "github.com/urfave/cli/v2"
)

// commandSpec describes one command: its flags, its help and what it runs.
// The help text is written here, whole, rather than assembled by urfave/cli
// templates, so that every command reads the same way: usage, description,
// flags, examples, exit codes.
type commandSpec struct {
	name        string
	summary     string // one line, for the command list
	args        string // "FILE…", "[PATH…]"
	minArgs     int
	maxArgs     int // -1: no limit
	description string
	flags       []flagSpec
	examples    []example
	exitCodes   string // defaults to compilerExitCodes
	run         func(e *env, c *ucli.Context) error
}

// example is one command line shown under EXAMPLES, with what it does.
type example struct {
	what, cmd string
}

// flagSpec describes a flag. A flag with an empty value placeholder is a
// boolean switch; repeat flags may be given several times.
type flagSpec struct {
	name   string
	short  string
	value  string // "FORMAT", "FILE"; "" for a switch
	usage  string
	def    string // default value of a value flag
	repeat bool
	// whole keeps each value of a repeat flag as given, commas included
	// (urfave/cli's string slices split a value at its commas).
	whole bool
	// duration makes a value flag a time.Duration (def is parsed as one).
	duration bool
	// env is an environment variable that sets the flag when it is not
	// given (a string flag only).
	env string
}

func (f flagSpec) isBool() bool { return f.value == "" }

// globalFlags apply to every command and may be written before or after the
// command name.
var globalFlags = []flagSpec{
	{name: "color", value: "WHEN", def: "auto", usage: "colour the output: auto (on a terminal, unless NO_COLOR is set), always or never"},
	{name: "version", usage: "print the version and exit (same as 'flow version')"},
}

// compilerExitCodes is the exit code contract of the commands that check
// flow files.
const compilerExitCodes = `0  no errors (warnings are printed but do not fail)
2  errors were found and printed; bad usage; a file could not be read`

func buildFlags(specs []flagSpec) []ucli.Flag {
	var out []ucli.Flag
	for _, f := range specs {
		var aliases []string
		if f.short != "" {
			aliases = []string{f.short}
		}
		switch {
		case f.isBool():
			out = append(out, &ucli.BoolFlag{Name: f.name, Aliases: aliases, Usage: f.usage})
		case f.duration:
			d, _ := time.ParseDuration(f.def)
			out = append(out, &ucli.DurationFlag{Name: f.name, Aliases: aliases, Usage: f.usage, Value: d})
		case f.repeat && f.whole:
			out = append(out, &ucli.GenericFlag{Name: f.name, Aliases: aliases, Usage: f.usage, Value: &wholeValues{}})
		case f.repeat:
			out = append(out, &ucli.StringSliceFlag{Name: f.name, Aliases: aliases, Usage: f.usage})
		default:
			var env []string
			if f.env != "" {
				env = []string{f.env}
			}
			out = append(out, &ucli.StringFlag{Name: f.name, Aliases: aliases, Usage: f.usage, Value: f.def, EnvVars: env})
		}
	}
	return out
}

// wholeValues holds the values of a repeat flag, each as given: --fact
// tags=a,b,c is one value, which the fact's type reads.
type wholeValues []string

func (w *wholeValues) Set(v string) error { *w = append(*w, v); return nil }
func (w *wholeValues) String() string     { return strings.Join(*w, " ") }

// repeated returns the values of a repeat flag in the order given.
func repeated(c *ucli.Context, name string) []string {
	if w, ok := c.Generic(name).(*wholeValues); ok {
		return slices.Clone(*w)
	}
	return c.StringSlice(name)
}

// escapeTemplate makes finished help text safe to hand to urfave/cli, which
// runs it through text/template.
func escapeTemplate(s string) string {
	return strings.ReplaceAll(s, "{{", `{{"{{"}}`)
}

func appHelp(specs []*commandSpec) string {
	var b strings.Builder
	b.WriteString(`flow - check and run declarative browser flows

Usage:
  flow [--color WHEN] COMMAND [flags] [arguments]

A .flow file says what to accomplish in a browser, in plain language, with
typed facts and secrets. These commands check, format and explain flow files,
run them in Chromium under guards that never pay, send or delete without
approval, and show a web page the way the runtime's decision model sees it.

Commands:
`)
	width := 0
	for _, s := range specs {
		width = max(width, len(s.name))
	}
	for _, s := range specs {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, s.name, s.summary)
	}
	fmt.Fprintf(&b, "  %-*s  %s\n", width, "help", "show the help of a command")
	b.WriteString("\nGlobal flags:\n")
	writeFlags(&b, append(globalFlags, flagSpec{name: "help", short: "h", usage: "show this help"}))
	b.WriteString(`
Examples:
  # Check every flow under the current folder, warnings included
  flow lint

  # Show what a command does
  flow lint --help

Exit codes:
  0   success
  1   flow fmt --check found files that need formatting
  2   errors in the input, bad usage, unreadable files
  70  an internal error (a bug in flow; please report it)

Run 'flow COMMAND --help' for the flags and examples of a command.
`)
	return b.String()
}

func commandHelp(s *commandSpec) string {
	var b strings.Builder
	fmt.Fprintf(&b, "flow %s - %s\n\nUsage:\n  flow %s [flags]", s.name, s.summary, s.name)
	if s.args != "" {
		b.WriteString(" " + s.args)
	}
	b.WriteString("\n\n")
	b.WriteString(strings.TrimSpace(s.description))
	b.WriteString("\n\nFlags:\n")
	writeFlags(&b, append(append([]flagSpec{}, s.flags...), flagSpec{name: "help", short: "h", usage: "show this help"}))
	b.WriteString("\nGlobal flags:\n")
	writeFlags(&b, globalFlags[:1])
	if len(s.examples) > 0 {
		b.WriteString("\nExamples:\n")
		for i, ex := range s.examples {
			if i > 0 {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "  # %s\n  %s\n", ex.what, ex.cmd)
		}
	}
	codes := s.exitCodes
	if codes == "" {
		codes = compilerExitCodes
	}
	b.WriteString("\nExit codes:\n")
	for _, line := range strings.Split(codes, "\n") {
		b.WriteString("  " + line + "\n")
	}
	return b.String()
}

// writeFlags prints flags as an aligned table, short name first as Go tools do.
func writeFlags(b *strings.Builder, flags []flagSpec) {
	heads := make([]string, len(flags))
	width := 0
	for i, f := range flags {
		h := "    "
		if f.short != "" {
			h = "-" + f.short + ", "
		}
		h += "--" + f.name
		if !f.isBool() {
			h += " " + f.value
		}
		heads[i] = h
		width = max(width, len(h))
	}
	for i, f := range flags {
		usage := f.usage
		if f.def != "" {
			usage += fmt.Sprintf(" (default %q)", f.def)
		}
		if f.repeat {
			usage += " (repeatable)"
		}
		for j, line := range wrap(usage, 78-width-4) {
			if j == 0 {
				fmt.Fprintf(b, "  %-*s  %s\n", width, heads[i], line)
			} else {
				fmt.Fprintf(b, "  %-*s  %s\n", width, "", line)
			}
		}
	}
}

// wrap breaks text into lines of at most width columns at spaces (a longer
// word stands alone on its line).
func wrap(text string, width int) []string {
	width = max(width, 30)
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) > width:
			lines = append(lines, line)
			line = w
		default:
			line += " " + w
		}
	}
	return append(lines, line)
}

func commandNames(specs []*commandSpec) []string {
	out := make([]string, 0, len(specs)+1)
	for _, s := range specs {
		out = append(out, s.name)
	}
	return append(out, "help")
}

// permute reorders args so that flags come before positional arguments,
// which is the only order urfave/cli v2 (like Go's flag package) parses:
// `flow plan booking.flow --flow book` becomes `flow plan --flow book
// booking.flow`, and a global flag written after the command moves in front
// of it. Everything after `--` stays positional. Unknown flags are kept
// among the flags, so the parser reports them.
func permute(args []string, specs []*commandSpec, global []flagSpec) []string {
	if len(args) < 2 {
		return args
	}
	// Find the command: the first argument that is not a global flag or a
	// global flag's value.
	ci := -1
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if isFlagToken(a) {
			if f, ok := lookupFlag(a, global); ok && !f.isBool() && !strings.Contains(a, "=") {
				i++
			}
			continue
		}
		ci = i
		break
	}
	if ci < 0 {
		return args
	}
	var spec *commandSpec
	for _, s := range specs {
		if s.name == args[ci] {
			spec = s
		}
	}
	if spec == nil {
		return args
	}
	all := append(append([]flagSpec{}, spec.flags...), flagSpec{name: "help", short: "h"})
	var globals, flags, positional, dangling []string
	rest := args[ci+1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			positional = append(positional, rest[i+1:]...)
			break
		}
		if !isFlagToken(a) {
			positional = append(positional, a)
			continue
		}
		target := &flags
		f, ok := lookupFlag(a, all)
		if !ok {
			if g, isGlobal := lookupFlag(a, global); isGlobal {
				f, ok, target = g, true, &globals
			}
		}
		needsValue := ok && !f.isBool() && !strings.Contains(a, "=")
		if needsValue && i+1 == len(rest) {
			// A value flag with nothing after it stays last, so the parser
			// reports the missing value instead of taking an argument.
			dangling = append(dangling, a)
			continue
		}
		*target = append(*target, a)
		if needsValue {
			i++
			*target = append(*target, rest[i])
		}
	}
	for _, f := range flags {
		if f == "-h" || f == "--help" || f == "-help" {
			// urfave/cli reads an argument after --help as a help topic;
			// the arguments do not matter once help is asked for.
			positional = nil
		}
	}
	out := make([]string, 0, len(args)+1)
	out = append(out, args[:ci]...)
	out = append(out, globals...)
	out = append(out, args[ci])
	out = append(out, flags...)
	for _, p := range positional {
		if strings.HasPrefix(p, "-") && p != "-" {
			out = append(out, "--")
			break
		}
	}
	out = append(out, positional...)
	return append(out, dangling...)
}

// isFlagToken reports whether a looks like a flag. A lone "-" is a
// positional argument meaning standard input.
func isFlagToken(a string) bool {
	return len(a) > 1 && a[0] == '-'
}

func lookupFlag(a string, flags []flagSpec) (flagSpec, bool) {
	name := strings.TrimLeft(a, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	for _, f := range flags {
		if f.name == name || (f.short != "" && f.short == name) {
			return f, true
		}
	}
	return flagSpec{}, false
}

// flagError rewrites the flag package's messages into flow's words, with a
// suggestion for a misspelt flag.
func flagError(err error, flags []flagSpec) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		names := []string{"help"}
		for _, f := range flags {
			names = append(names, f.name)
		}
		out := "unknown flag " + dashes(name)
		if s := suggest.Closest(name, names); s != "" {
			out += " (did you mean " + dashes(s) + "?)"
		}
		return out
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "flag " + dashes(name) + " needs a value"
	}
	return msg
}

func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}
