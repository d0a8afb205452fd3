package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"time"

	"flow/surfaces"
	"flow/surfaces/browser"

	ucli "github.com/urfave/cli/v2"
)

// inspect is `flow inspect URL`: open the page in a real browser and print
// the Screen exactly as the decision model is shown it: candidates with
// their refs, roles, names and states, then the visible text.
func (e *env) inspect(c *ucli.Context) error {
	raw := c.Args().First()
	attached := c.String("browser-url")
	if raw == "" && attached == "" {
		return usagef(c, "inspect needs a URL, or --browser-url to show the active tab of a running browser")
	}
	var u *url.URL
	if raw != "" {
		var err error
		u, err = url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "file") || (u.Scheme != "file" && u.Host == "") {
			return usagef(c, "%q is not an absolute http, https or file URL", raw)
		}
	}
	timeout := c.Duration("timeout")
	if timeout <= 0 {
		return usagef(c, "--timeout must be positive, not %s", timeout)
	}
	allow := c.StringSlice("allow")
	if len(allow) == 0 && u != nil && u.Scheme != "file" {
		// As in a flow without allow: the first page's origin is the only one.
		allow = []string{u.Scheme + "://" + u.Host}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()

	// With a URL, an attached browser gets a new tab: never take over the
	// page someone is using. Without one, inspect shows that page as it
	// is (what a failed run attached to it saw) and acts on nothing.
	opts := browser.Options{Allow: allow, BrowserURL: attached, NewPage: attached != "" && raw != ""}
	s, err := browser.Launch(ctx, opts)
	if err != nil {
		return e.inspectFailed(ctx, "cannot start the browser", err)
	}
	defer s.Close()
	if raw != "" {
		if _, err := s.Act(ctx, surfaces.Navigate(raw)); err != nil {
			return e.inspectFailed(ctx, "cannot open "+raw, err)
		}
	}
	if err := s.Settle(ctx); err != nil {
		return e.inspectFailed(ctx, "the page did not settle", err)
	}
	screen, err := s.Observe(ctx)
	if err != nil {
		return e.inspectFailed(ctx, "cannot observe the page", err)
	}
	if c.Bool("json") {
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(screen)
	}
	return surfaces.WriteText(e.stdout, screen)
}

func (e *env) inspectFailed(ctx context.Context, what string, err error) error {
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out (--timeout): %w", err)
	}
	fmt.Fprintf(e.stderr, "flow inspect: %s: %v\n", what, err)
	return exitError{ExitErrors}
}

// inspectTimeout is how long inspect waits for the browser and the page.
const inspectTimeout = 60 * time.Second
