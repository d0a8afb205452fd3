package pagegen

import (
	"fmt"
	"strings"
)

// entity is one look-alike block: the words that name it, a second line,
// and the words a step may use for it.
type entity struct {
	name, line string
	refs       []string // ways a step names it ("the appointment with Dr X")
}

// domain is a page of look-alike blocks: the action a step asks for (its
// button and the event it sends), the other button every block has, and
// maybe a destructive one.
type domain struct {
	heading, action, event, other, danger, done string
	verbs                                       []string // how a step asks for the action
	make                                        func(g *gen) entity
}

var domains = []domain{
	{"Your appointments", "Reschedule", "reschedule", "Directions", "Cancel", "Reschedule requested",
		[]string{"reschedule"},
		func(g *gen) entity {
			who := "Dr " + g.pick(firstNames) + " " + g.pick(lastNames)
			when := fmt.Sprintf("%s %d %s, %d:%s", g.pick(weekdays), g.n(1, 28), g.pick(months), g.n(8, 17), g.pick([]string{"00", "15", "30", "45"}))
			return entity{who, g.pick(specialities) + " · " + when,
				[]string{"the appointment with " + who, "the appointment with " + q(who), who + "'s appointment"}}
		}},
	{"Your loans", "Renew", "renew", "Details", "", "Renewed until 12 July",
		[]string{"renew"},
		func(g *gen) entity {
			title := g.pick(bookTitles)
			return entity{title, fmt.Sprintf("Due %d %s", g.n(1, 28), g.pick(months)),
				[]string{"the loan of " + q(title), "the book " + q(title), q(title)}}
		}},
	{"People you may know", "Follow", "follow", "Message", "", "Following",
		[]string{"follow"},
		func(g *gen) entity {
			who := g.pick(firstNames) + " " + g.pick(lastNames)
			return entity{who, g.pick(bios),
				[]string{who, q(who), who + "'s account"}}
		}},
	{"Statements", "Download", "download", "View", "", "Downloaded",
		[]string{"download"},
		func(g *gen) entity {
			month := fmt.Sprintf("%s %d", g.pick(months), g.n(2023, 2026))
			return entity{month, fmt.Sprintf("£%d.%02d", g.n(20, 400), g.n(0, 99)),
				[]string{"the statement for " + month, "the row for " + month, "the statement " + q(month)}}
		}},
	{"Recent orders", "Track parcel", "track", "Get help", "Cancel order", "Tracking opened",
		[]string{"track the parcel of", "track"},
		func(g *gen) entity {
			day := g.pick(longWeekdays)
			when := fmt.Sprintf("%s %d %s", day, g.n(1, 28), g.pick(months))
			return entity{"Order from " + when, fmt.Sprintf("%d items · £%d.%02d", g.n(1, 6), g.n(8, 120), g.n(0, 99)),
				[]string{"the order from " + when, "the order " + q("Order from "+when)}}
		}},
}

// genLookalike: 2–5 blocks alike but for their text, one markup per page:
// a card div with a name line or a heading, plain divs, list items, table
// rows, fieldsets, articles, labelled sections. The step names one by its
// text; in the variant without evidence the named one is not on the page.
func genLookalike(g *gen, c *Case) {
	d := domains[g.r.IntN(len(domains))]
	brand := g.pick(brands)
	n := g.n(2, 5)
	var ents []entity
	seen := map[string]bool{}
	for len(ents) < n+1 {
		e := d.make(g)
		if !seen[e.name] {
			seen[e.name] = true
			ents = append(ents, e)
		}
	}
	absent := g.chance(0.25)
	target := ents[g.r.IntN(n)]
	if absent {
		target = ents[n] // made like the others, left off the page
		c.Variant = "named block absent"
	}
	ents = ents[:n]
	markup := g.r.IntN(10)
	names := []string{"card div, name line", "card div, heading", "plain divs", "list items", "table rows", "fieldsets", "articles", "labelled sections",
		"plain sections", "figures"}
	if !absent {
		c.Variant = names[markup]
	} else {
		c.Variant += ", " + names[markup]
	}
	danger := d.danger != "" && g.chance(0.5)

	var blocks strings.Builder
	for _, e := range ents {
		s := "g-" + slug(e.name)
		btns := fmt.Sprintf(`<button type="button" data-c="action">%s</button> <button type="button" data-c="other">%s</button>`, esc(d.action), esc(d.other))
		if danger {
			btns += fmt.Sprintf(` <button type="button" data-c="danger" data-k="%s">%s</button>`, Destructive, esc(d.danger))
		}
		status := `<span class="status"></span>`
		switch markup {
		case 0:
			fmt.Fprintf(&blocks, "<div class=\"card\" data-g=\"%s\"><div class=\"name\">%s</div><div class=\"meta\">%s</div>%s<div class=\"actions\">%s</div></div>\n", s, esc(e.name), esc(e.line), status, btns)
		case 1:
			fmt.Fprintf(&blocks, "<div class=\"card\" data-g=\"%s\"><h3>%s</h3><p>%s</p>%s<div>%s</div></div>\n", s, esc(e.name), esc(e.line), status, btns)
		case 2:
			fmt.Fprintf(&blocks, "<div data-g=\"%s\"><div><b>%s</b></div><div>%s</div>%s<div>%s</div></div>\n", s, esc(e.name), esc(e.line), status, btns)
		case 3:
			fmt.Fprintf(&blocks, "<li data-g=\"%s\"><span>%s</span> · <span>%s</span> %s %s</li>\n", s, esc(e.name), esc(e.line), status, btns)
		case 4:
			fmt.Fprintf(&blocks, "<tr data-g=\"%s\"><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", s, esc(e.name), esc(e.line), status, btns)
		case 5:
			fmt.Fprintf(&blocks, "<fieldset data-g=\"%s\"><legend>%s</legend><p>%s</p>%s%s</fieldset>\n", s, esc(e.name), esc(e.line), status, btns)
		case 6:
			fmt.Fprintf(&blocks, "<article data-g=\"%s\"><h2>%s</h2><p>%s</p>%s%s</article>\n", s, esc(e.name), esc(e.line), status, btns)
		case 7:
			fmt.Fprintf(&blocks, "<section aria-label=\"%s\" data-g=\"%s\"><p class=\"who\">%s</p><p>%s</p>%s%s</section>\n", esc(e.name), s, esc(e.name), esc(e.line), status, btns)
		case 8:
			// Sections side by side with no label: groups by what they hold.
			fmt.Fprintf(&blocks, "<section data-g=\"%s\"><h3>%s</h3><p>%s</p>%s<div>%s</div></section>\n", s, esc(e.name), esc(e.line), status, btns)
		default:
			// A gallery's figures, named by their captions.
			fmt.Fprintf(&blocks, "<figure data-g=\"%s\"><div class=\"shot\"></div><figcaption><span>%s</span> <span>%s</span></figcaption>%s%s</figure>\n", s, esc(e.name), esc(e.line), status, btns)
		}
	}
	list := blocks.String()
	switch markup {
	case 3:
		list = "<ul class=\"list\">\n" + list + "</ul>"
	case 4:
		list = "<table><thead><tr><th>" + oneOf(g, "Name", "Item", "What") + "</th><th>Details</th><th></th><th></th></tr></thead><tbody>\n" + list + "</tbody></table>"
	default:
		list = "<div class=\"grid\">\n" + list + "</div>"
	}
	title := oneOf(g, "<h1>"+esc(d.heading)+"</h1>", "<h2>"+esc(d.heading)+"</h2>", "")
	wrap := oneOf(g, "<main>\n%s\n%s\n</main>", "<div id=\"app\">\n%s\n%s\n</div>")
	body := nav(g, brand) + fmt.Sprintf(wrap, title, list)
	css := `.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:12px}.card{background:#fff;border:1px solid #ddd;border-radius:8px;padding:10px}
.name{font-weight:600}.meta{color:#666}.status{color:#2e7d32;display:block}td{padding:4px 8px;border-bottom:1px solid #eee}fieldset{border:1px solid #ccc}`

	script := fmt.Sprintf(`document.querySelectorAll('[data-c=action]').forEach(function (b) {
  b.addEventListener('click', function () {
    var g = b.closest('[data-g]');
    site.api(%s, g.dataset.g).then(function (ok) { if (ok) g.querySelector('.status').textContent = %s; });
  });
});
document.querySelectorAll('[data-c=other]').forEach(function (b) {
  b.addEventListener('click', function () { b.closest('[data-g]').querySelector('.status').textContent = %s; });
});
document.querySelectorAll('[data-c=danger]').forEach(function (b) {
  b.addEventListener('click', function () { site.api('danger', b.closest('[data-g]').dataset.g); });
});
function pageState() { return {}; }
`, js(d.event), js(d.done), js(oneOf(g, "Opening…", "More details below.", "See the map.")))

	c.HTML = page{title: d.heading + " · " + brand, css: css, body: body, script: script}.html()

	ref := g.pick(target.refs)
	verb := g.pick(d.verbs)
	text := oneOf(g, verb+" "+ref, "press "+d.action+" for "+ref)
	if strings.HasPrefix(ref, `\"`) && g.chance(0.5) {
		text = "press " + d.action + " on the card " + ref
	}
	group := "g-" + slug(target.name)
	step := Step{Path: "2", Kind: "do", Text: text, Evidence: !absent,
		Goals: []Goal{{Event: d.event, Group: group}}}
	c.Truth = Truth{Group: group, Steps: []Step{step}}
	c.Truth.Want = wantOf(c.Truth.Steps, false)
	c.Flow = flowSource(c, d.heading, []string{"do \"" + text + "\""})
}
