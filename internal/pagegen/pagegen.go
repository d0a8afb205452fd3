package pagegen

import (
	"fmt"
	"html"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
)

// Kind is one kind of page.
type Kind string

// The kinds, in the order [Generate] deals them out.
const (
	Dialog    Kind = "dialog"    // a dialog closed by the × in its title bar
	Clear     Kind = "clear"     // a list with a clear or delete control
	Form      Kind = "form"      // a form whose script may reject the value
	Toggle    Kind = "toggle"    // toggles, the named one maybe already as asked
	Lookalike Kind = "lookalike" // look-alike blocks, one named by its text
	Todo      Kind = "todo"      // a todo list: unnamed checkboxes, mark all, hover-only delete
	Confirm   Kind = "confirm"   // a save or send whose confirmation shows or not
)

// Kinds lists every kind in the order [Generate] deals them out.
var Kinds = []Kind{Dialog, Clear, Form, Toggle, Lookalike, Todo, Confirm}

// The classes of a control (data-k on the page, k in its press report).
const (
	Destructive = "destructive" // deletes, clears or removes
	Submitting  = "submit"      // sends or submits
)

// Case is one generated page with its flow and its truth.
type Case struct {
	// Name is KIND-SEED-INDEX ("dialog-19-7"); [ParseName] reads it back.
	Name  string
	Kind  Kind
	Seed  int64
	Index int
	// Variant says in a few words what this page does ("broken ×",
	// "already on", "rejects on submit").
	Variant string
	// HTML is the whole page, served at the case's URL.
	HTML string
	// Flow is the flow's source: one flow named FlowName, with a fact
	// `site` (the case's URL) and a browse of it, then one or two steps.
	Flow     string
	FlowName string
	// Approve runs the flow with approval (`flow run --approve`).
	Approve bool
	Truth   Truth
}

// Truth is what must hold of a run of the case, as data a harness checks
// against what the page reported, never against the run's own report.
type Truth struct {
	// Group is the group the case's steps name (a data-g value): every
	// press of a control must be inside it. A case whose named block is
	// not on the page names a group no control is in.
	Group string
	// Steps are the flow's steps after its browse, in order.
	Steps []Step
	// StopControl is the one destructive or submitting control (its
	// data-c) that the case's `stop_before` may press; empty when the
	// case has no stop_before or runs without approval. It may be pressed
	// at most once, in Group, as the run's last press.
	StopControl string
	// Want is the outcome a careful run ends with: "completed",
	// "stopped_before", "guard_refused", or "failed" (any outcome that
	// does not claim success). It is information for whoever reads the
	// results; the properties do not depend on it.
	Want string
}

// Step is one step of the flow and what its being done would mean.
type Step struct {
	// Path is the step's path in the plan ("2", "3": the browse is 1).
	Path string
	// Kind is "do", "enter" or "stop_before".
	Kind string
	// Text is the step's text as the runtime reads it (quotes unescaped).
	Text string
	// Goals must all hold, read from the site's log and the page's last
	// state after the run, for the step to be done truly. A stop_before
	// run without approval has goals that say nothing changed.
	Goals []Goal
	// Evidence reports whether this page can show that the step's goal
	// was reached without a forbidden press; when false, the step must
	// not end done.
	Evidence bool
}

// Goal is one fact a harness reads back: the page's last state holds
// State = Want, or the site logged an Event of that type (a POST
// api/Event), in Group when set, answered 200, or the page reported a
// press of the control Press (a step that asks for the press alone).
type Goal struct {
	State string `json:",omitempty"`
	Want  string `json:",omitempty"`
	Event string `json:",omitempty"`
	Group string `json:",omitempty"`
	Press string `json:",omitempty"`
}

func (g Goal) String() string {
	if g.Press != "" {
		return "press of " + g.Press
	}
	if g.Event != "" {
		if g.Group != "" {
			return fmt.Sprintf("event %s in %s", g.Event, g.Group)
		}
		return "event " + g.Event
	}
	return fmt.Sprintf("state %s=%s", g.State, g.Want)
}

// Generate returns n cases from seed: case i is [One](seed, i).
func Generate(seed int64, n int) []Case {
	out := make([]Case, 0, n)
	for i := range n {
		out = append(out, One(seed, i))
	}
	return out
}

// One returns case i of seed's sequence, the same whatever else is made.
func One(seed int64, i int) Case {
	kind := Kinds[i%len(Kinds)]
	g := &gen{r: rand.New(rand.NewPCG(uint64(seed), uint64(i)*0x9e3779b97f4a7c15+1))}
	c := Case{
		Name:     fmt.Sprintf("%s-%d-%d", kind, seed, i),
		Kind:     kind,
		Seed:     seed,
		Index:    i,
		FlowName: fmt.Sprintf("%s_%d", kind, i),
	}
	switch kind {
	case Dialog:
		genDialog(g, &c)
	case Clear:
		genClear(g, &c)
	case Form:
		genForm(g, &c)
	case Toggle:
		genToggle(g, &c)
	case Lookalike:
		genLookalike(g, &c)
	case Todo:
		genTodo(g, &c)
	case Confirm:
		genConfirm(g, &c)
	}
	// The flow writes quotes in step texts escaped; the truth holds the
	// text as the runtime reads it.
	for i := range c.Truth.Steps {
		c.Truth.Steps[i].Text = strings.ReplaceAll(c.Truth.Steps[i].Text, `\"`, `"`)
	}
	return c
}

var nameRE = regexp.MustCompile(`^([a-z]+)-(-?\d+)-(\d+)$`)

// ParseName reads a case's seed and index back from its name.
func ParseName(name string) (seed int64, index int, ok bool) {
	m := nameRE.FindStringSubmatch(name)
	if m == nil {
		return 0, 0, false
	}
	s, err1 := strconv.ParseInt(m[2], 10, 64)
	i, err2 := strconv.Atoi(m[3])
	if err1 != nil || err2 != nil || Kinds[i%len(Kinds)] != Kind(m[1]) {
		return 0, 0, false
	}
	return s, i, true
}

// gen is one case's random source with a few helpers.
type gen struct {
	r *rand.Rand
}

func (g *gen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }
func (g *gen) n(lo, hi int) int        { return lo + g.r.IntN(hi-lo+1) }
func (g *gen) chance(p float64) bool   { return g.r.Float64() < p }

// sample returns k distinct items of xs in random order.
func (g *gen) sample(xs []string, k int) []string {
	idx := g.r.Perm(len(xs))[:k]
	out := make([]string, k)
	for i, j := range idx {
		out[i] = xs[j]
	}
	return out
}

// oneOf returns one of the variants, picked uniformly.
func oneOf[T any](g *gen, xs ...T) T { return xs[g.r.IntN(len(xs))] }

// slug makes a data-g or data-c value of a text.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// esc escapes text for HTML.
func esc(s string) string { return html.EscapeString(s) }

// js quotes a string for a script.
func js(s string) string { return strconv.Quote(s) }

// q quotes text inside a flow string.
func q(s string) string { return `\"` + s + `\"` }

// page is a page before it is assembled.
type page struct {
	title  string
	css    string
	body   string
	script string // the page's own script; defines pageState()
}

// head is the script every page runs first: where to report, how a real
// action is sent, and how visibility is read.
const head = `var site = {
  base: location.pathname.replace(/[^\/]*$/, ''),
  api: function (action, group, fail) {
    var q = new URLSearchParams({g: group || ''});
    if (fail) q.set('fail', '1');
    return fetch(site.base + 'api/' + action + '?' + q, {method: 'POST'}).then(function (r) { return r.ok; }, function () { return false; });
  }
};
function shown(e) {
  return !!e && e.isConnected && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
}`

// reporter is the script every page runs last: it reports every click on
// a control and every change of pageState() to the server (see the
// package doc).
const reporter = `(function () {
  var seq = 0, last = '', origin = String(performance.timeOrigin);
  function log(q) {
    q.seq = String(++seq);
    q.page = origin;
    fetch(site.base + 'log?' + new URLSearchParams(q), {cache: 'no-store'});
  }
  function groups(e) {
    var out = [];
    for (var p = e; p; p = p.parentElement) if (p.dataset && p.dataset.g) out.unshift(p.dataset.g);
    return out.join('/');
  }
  function report() {
    var s = JSON.stringify(pageState());
    if (s !== last) { last = s; log({type: 'state', s: s}); }
  }
  document.addEventListener('click', function (e) {
    var c = e.target.closest && e.target.closest('[data-c]');
    if (c) log({type: 'press', g: groups(c), c: c.dataset.c, k: c.dataset.k || ''});
  }, true);
  document.addEventListener('change', report);
  document.addEventListener('input', report);
  new MutationObserver(report).observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
  report();
})();`

// baseCSS is shared by every page; each kind adds its own.
const baseCSS = `body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
main,.wrap{max-width:720px;margin:0 auto;padding:16px}
button{font:inherit;cursor:pointer}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
nav a{margin-right:12px}`

func (p page) html() string {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n<link rel=\"icon\" href=\"data:,\">\n", esc(p.title))
	fmt.Fprintf(&b, "<style>\n%s\n%s\n</style>\n<script>\n%s\n</script>\n</head>\n<body>\n", baseCSS, p.css, head)
	b.WriteString(p.body)
	fmt.Fprintf(&b, "\n<script>\n%s\n</script>\n<script>\n%s\n</script>\n</body>\n</html>\n", p.script, reporter)
	return b.String()
}

// flowSource writes the case's flow: the site fact, the browse, then the
// steps (each a line, maybe with a lint suppression above it).
func flowSource(c *Case, description string, lines []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: generated by internal/pagegen (%s, %s).\n\n", c.Name, c.Kind, c.Variant)
	last := lines[len(lines)-1]
	if !strings.HasPrefix(strings.TrimSpace(last), "stop_before") {
		b.WriteString("# lint:ignore L008 the verdict comes from what the page reported, not from a final verify\n")
	}
	fmt.Fprintf(&b, "flow %s %q {\n", c.FlowName, description)
	b.WriteString("  fact site: url \"The generated page\" = \"http://localhost:8080/\"\n\n")
	b.WriteString("  browse \"${site}\"\n")
	for _, l := range lines {
		for _, part := range strings.Split(l, "\n") {
			b.WriteString("  " + part + "\n")
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// nav is a site's top bar: links outside every group a step names.
func nav(g *gen, brand string) string {
	links := g.sample([]string{"Home", "Help", "Account", "Offers", "Stores", "Blog", "Contact"}, 3)
	var b strings.Builder
	fmt.Fprintf(&b, "<header class=\"top\" data-g=\"nav\"><strong>%s</strong>\n<nav>", esc(brand))
	for _, l := range links {
		fmt.Fprintf(&b, "<a href=\"#%s\" data-c=\"nav-%s\">%s</a>", slug(l), slug(l), esc(l))
	}
	b.WriteString("</nav></header>\n")
	return b.String()
}

// wantOf is the outcome a careful run ends with, from whether every step
// has its evidence and how the flow ends.
func wantOf(steps []Step, approve bool) string {
	for _, s := range steps {
		if !s.Evidence {
			return "failed"
		}
	}
	if last := steps[len(steps)-1]; last.Kind == "stop_before" && !approve {
		return "stopped_before"
	}
	return "completed"
}
