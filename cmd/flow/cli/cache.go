package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"flow/runtime"
	"flow/runtime/cache"

	ucli "github.com/urfave/cli/v2"
)

// cacheFlags are `flow run`'s resolution cache flags.
var cacheFlags = []flagSpec{
	{name: "cache", value: "MODE", def: "rw", env: "FLOW_CACHE", usage: "the resolution cache: rw (replay what still matches, store the rest), read, write or off; or $FLOW_CACHE"},
	{name: "cache-dir", value: "DIR", env: "FLOW_CACHE_DIR", usage: "where the cache files are (default: .flow-cache beside the flow file); or $FLOW_CACHE_DIR"},
}

// openCache opens the book of the run's flow as --cache and --cache-dir
// say, so that a cache file that cannot be read exits 2 before a browser
// starts.
func (e *env) openCache(c *ucli.Context, in *runInput, source string) error {
	mode, err := cache.ParseMode(c.String("cache"))
	if err != nil {
		return usagef(c, "--cache: %v", err)
	}
	if mode == cache.Off {
		return nil
	}
	dir := c.String("cache-dir")
	if dir == "" {
		dir = cache.DefaultDir(filepath.FromSlash(source))
	}
	book, err := cache.Open(filepath.Join(dir, cache.FileName(source, in.flow.Name)), mode, in.flow.Name, source)
	if err != nil {
		return usagef(c, "%v", err)
	}
	in.cache = book
	return nil
}

// saveCache writes the run's book back and says so in one line under the
// summary: how many steps it served and what it missed.
func (e *env) saveCache(w io.Writer, in *runInput, res *runtime.Result) {
	if in.cache == nil {
		return
	}
	hits, misses := 0, 0
	for _, s := range res.Steps {
		switch {
		case s.Cache == "hit":
			hits++
		case strings.HasPrefix(s.Cache, "miss"):
			misses++
		}
	}
	if err := in.cache.Save(); err != nil {
		fmt.Fprintf(e.stderr, "flow: %v\n", err)
		return
	}
	if in.cache.Mode().Reads() {
		fmt.Fprintf(w, "  cache: %d steps replayed, %d missed (%s)\n", hits, misses, in.cache.Path())
	}
}

// cacheSpec is `flow cache`, listed in commands.go.
func cacheSpec() *commandSpec {
	return &commandSpec{
		name:    "cache",
		summary: "show or clear the resolution cache of flows",
		args:    "show|clear FILE…",
		minArgs: 2, maxArgs: -1,
		description: `A run of a flow stores what it resolved (the control each step acted on,
the answers to questions about the page) in a cache file beside the flow,
.flow-cache/FILE.FLOW.yaml, and the next run replays each stored answer
without asking the decision model, once it has found the same control
(same role, name and group, and only one of it) or the same screen again.
Anything else is asked afresh and stored in place of the old entry.

'flow cache show' prints the entries of each FILE: a cache file, or a flow
file whose cache files are listed. 'flow cache clear' removes them. A file
is plain YAML in a stable order, safe to commit and to review in a diff.`,
		flags: []flagSpec{
			{name: "cache-dir", value: "DIR", usage: "where the cache files of a flow file are (default: .flow-cache beside it)"},
		},
		examples: []example{
			{"What the runs of booking.flow replay", "flow cache show booking.flow"},
			{"Forget them: the next run asks everything again", "flow cache clear booking.flow"},
		},
		exitCodes: `0  done
2  a file is not a cache or a flow file, or cannot be read or removed; bad usage`,
		run: (*env).cacheCmd,
	}
}

// cacheCmd is `flow cache show|clear FILE…`.
func (e *env) cacheCmd(c *ucli.Context) error {
	action := c.Args().First()
	if action != "show" && action != "clear" {
		return usagef(c, "the first argument is show or clear, not %q", action)
	}
	var files []string
	for _, arg := range c.Args().Tail() {
		found, err := cacheFiles(arg, c.String("cache-dir"))
		if err != nil {
			return fmt.Errorf("%s: %v\n  hint: give a cache file (.flow-cache/NAME.FLOW.yaml) or a flow file", arg, unwrapPath(err))
		}
		if len(found) == 0 && action == "show" {
			fmt.Fprintf(e.stdout, "%s: no cache\n", arg)
		}
		files = append(files, found...)
	}
	for _, f := range files {
		if action == "clear" {
			if err := os.Remove(f); err != nil {
				return fmt.Errorf("%s: %v", f, unwrapPath(err))
			}
			fmt.Fprintf(e.stdout, "removed %s\n", f)
			continue
		}
		book, err := cache.Load(f)
		if err != nil {
			return err
		}
		showBook(e.stdout, book)
	}
	return nil
}

// cacheFiles are the cache files arg names: itself when it is one, the
// books of a flow file in dir (default: its .flow-cache).
func cacheFiles(arg, dir string) ([]string, error) {
	path := filepath.FromSlash(arg)
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, errors.New("is a folder")
	}
	if !strings.HasSuffix(path, ".flow") {
		return []string{path}, nil
	}
	if dir == "" {
		dir = cache.DefaultDir(path)
	}
	base := strings.TrimSuffix(filepath.Base(path), ".flow")
	return filepath.Glob(filepath.Join(dir, base+".*.yaml"))
}

// showBook prints a book's entries, one per line: step, question, words
// and what is stored.
func showBook(w io.Writer, b *cache.Book) {
	entries := b.Entries()
	fmt.Fprintf(w, "%s: flow %s, %d entries\n", b.Path(), b.Flow(), len(entries))
	for _, en := range entries {
		q := en.Question
		if en.N > 0 {
			q += " #" + strconv.Itoa(en.N)
		}
		what := ""
		switch {
		case en.Target != nil:
			what = en.Target.Summary()
		case len(en.Answers) == 1:
			what = "1 answer"
		default:
			what = strconv.Itoa(len(en.Answers)) + " answers"
		}
		words := strconv.Quote(en.Ask)
		if en.Value != "" {
			words += " = " + strconv.Quote(en.Value)
		}
		fmt.Fprintf(w, "  %-6s %-22s %s → %s\n", en.Step, q, words, what)
	}
}
