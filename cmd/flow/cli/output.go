package cli

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"flow/cmd/flow/internal/render"
	"flow/grammar"
	"flow/internal/suggest"

	ucli "github.com/urfave/cli/v2"
)

// formats are the values of --format.
var formats = []string{"text", "json", "github", "sarif"}

// useColor decides whether output to w is coloured: --color always or never
// wins; otherwise only a terminal gets colour, and not when NO_COLOR is set
// (https://no-color.org) or TERM is dumb.
func (e *env) useColor(c *ucli.Context, w io.Writer) (bool, error) {
	switch when := c.String("color"); when {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
	default:
		return false, usagef(c, "--color must be auto, always or never, not %q", when)
	}
	if e.getenv("NO_COLOR") != "" || e.getenv("TERM") == "dumb" {
		return false, nil
	}
	f, ok := w.(*os.File)
	if !ok {
		return false, nil
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0, nil
}

// format reads and checks --format.
func format(c *ucli.Context) (string, error) {
	f := c.String("format")
	if !slices.Contains(formats, f) {
		msg := fmt.Sprintf("unknown format %q: want %s", f, strings.Join(formats, ", "))
		if s := suggest.Closest(f, formats); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return "", usagef(c, "%s", msg)
	}
	return f, nil
}

// report prints diags to stdout in the chosen format. In text form a count
// follows on stderr, so that a pipe into another tool sees only the
// diagnostics.
func (e *env) report(c *ucli.Context, format string, diags grammar.Diagnostics) error {
	switch format {
	case "json":
		return render.JSON(e.stdout, diags)
	case "github":
		return render.GitHub(e.stdout, diags, e.sources)
	case "sarif":
		return render.SARIF(e.stdout, diags, e.sources, sarifTool())
	}
	return e.printText(c, e.stdout, diags)
}

// printText prints diags as text to w, coloured when w is a terminal.
func (e *env) printText(c *ucli.Context, w io.Writer, diags grammar.Diagnostics) error {
	if len(diags) == 0 {
		return nil
	}
	color, err := e.useColor(c, w)
	if err != nil {
		return err
	}
	return render.Text(w, diags, e.sources, render.TextOptions{Color: color})
}

// summary counts diags by severity: "2 errors, 1 warning".
func summary(diags grammar.Diagnostics) string {
	var errs, warns int
	for _, d := range diags {
		switch d.Severity {
		case grammar.Error:
			errs++
		case grammar.Warning:
			warns++
		}
	}
	var parts []string
	if errs > 0 {
		parts = append(parts, plural(errs, "error"))
	}
	if warns > 0 {
		parts = append(parts, plural(warns, "warning"))
	}
	return strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
