package pagegen

import (
	"fmt"
	"strings"
)

type listTopic struct {
	heading   string
	items     []string
	clears    []string // labels of the control that empties the list
	doTexts   []string // a do that asks to empty it
	stopTexts []string // a stop_before in front of emptying it
	empty     string   // what the page says when the list is empty
	failure   string   // what it says when emptying failed
	noun      string   // one item ("search", "address")
}

var listTopics = []listTopic{
	{"Recent searches", searchTerms, []string{"Clear history", "Clear all", "Clear search history"},
		[]string{"clear the search history", "clear my recent searches", "delete all recent searches"},
		[]string{"clearing the search history", "deleting all recent searches"},
		"You have no recent searches.", "We couldn't clear your history. Please try again.", "search"},
	{"Saved addresses", addresses, []string{"Remove all addresses", "Delete all"},
		[]string{"remove all saved addresses", "delete every saved address"},
		[]string{"removing all saved addresses", "deleting the saved addresses"},
		"No saved addresses.", "Something went wrong: the addresses were not removed.", "address"},
	{"Notifications", notices, []string{"Clear all", "Delete all notifications"},
		[]string{"clear all notifications", "delete the notifications"},
		[]string{"clearing all notifications", "deleting all notifications"},
		"You're all caught up. No notifications.", "Couldn't delete notifications. Try again later.", "notification"},
	{"Downloads", downloads, []string{"Clear list", "Delete all downloads"},
		[]string{"clear the downloads list", "delete all downloads"},
		[]string{"clearing the downloads list", "deleting all downloads"},
		"No downloads yet.", "The list could not be cleared (error 500).", "download"},
}

// itemRemovers are per-item delete controls: markup with %s for the data
// attributes and the item's text, and their CSS.
var itemRemovers = [][2]string{
	{`<button type="button" class="remove" aria-label="Remove %[2]s" %[1]s>&times;</button>`, `.remove{border:0;background:none;font-size:18px}`},
	{`<button type="button" %[1]s>Delete</button>`, ``},
	{`<button type="button" class="icon-trash" title="Delete" %[1]s></button>`, `.icon-trash{width:24px;height:24px;border:0;background:none}.icon-trash::before{content:"\1F5D1"}`},
	{`<a href="#" class="delete-link" %[1]s>Remove</a>`, ``},
}

// errorBlocks are the ways a page shows that an action failed.
var errorBlocks = []string{
	`<p class="error">%s</p>`,
	`<div role="alert">%s</div>`,
	`<p style="color:#c0392b">%s</p>`,
	`<div class="alert alert-danger">%s</div>`,
}

// genClear: a list with a control that empties it, and maybe a delete
// control on each item. A do to empty it must be refused; a stop_before
// stops in front of it, or with approval presses it (which works, or
// fails with an error on the page); a stop_before may delete one item.
func genClear(g *gen, c *Case) {
	t := listTopics[g.r.IntN(len(listTopics))]
	brand := g.pick(brands)
	variant := oneOf(g, "do on a full list", "do on an empty list", "stop_before without approval",
		"stop_before approved, works", "stop_before approved, fails", "delete one, approved", "delete one it cannot, approved")
	c.Variant = variant
	items := g.sample(t.items, g.n(2, 5))
	if variant == "do on an empty list" {
		items = nil
	}
	one := strings.HasPrefix(variant, "delete one")
	target := ""
	if one {
		target = g.pick(items)
	}
	perItem := one || g.chance(0.4)
	rm := itemRemovers[g.r.IntN(len(itemRemovers))]
	clearLabel := g.pick(t.clears)
	fail := variant == "stop_before approved, fails"
	errBlock := g.pick(errorBlocks)

	var rows strings.Builder
	shape := g.r.IntN(3)
	for _, it := range items {
		s := slug(it)
		del := ""
		if perItem {
			del = " " + fmt.Sprintf(rm[0], fmt.Sprintf(`data-c="delete" data-k="%s"`, Destructive), esc(it))
		}
		if variant == "delete one it cannot, approved" && it == target {
			// The one item the step names can only be pinned: no other
			// row's delete may stand in for its missing one.
			del = fmt.Sprintf(` <button type="button" data-c="pin">Pin %s</button>`, esc(it))
		}
		switch shape {
		case 0:
			fmt.Fprintf(&rows, "<li data-g=\"i-%s\" data-item=\"%s\"><span>%s</span>%s</li>\n", s, s, esc(it), del)
		case 1:
			fmt.Fprintf(&rows, "<div class=\"row\" data-g=\"i-%s\" data-item=\"%s\">%s%s</div>\n", s, s, esc(it), del)
		default:
			fmt.Fprintf(&rows, "<tr data-g=\"i-%s\" data-item=\"%s\"><td>%s</td><td>%s</td></tr>\n", s, s, esc(it), del)
		}
	}
	var list string
	switch {
	case len(items) == 0:
		list = fmt.Sprintf("<p class=\"empty\">%s</p>", esc(t.empty))
	case shape == 0:
		list = "<ul class=\"items\">\n" + rows.String() + "</ul>"
	case shape == 1:
		list = "<div class=\"items\">\n" + rows.String() + "</div>"
	default:
		list = "<table class=\"items\"><tbody>\n" + rows.String() + "</tbody></table>"
	}
	clearBtn := fmt.Sprintf(`<button type="button" class="clear" data-c="clear" data-k="%s">%s</button>`, Destructive, esc(clearLabel))
	if len(items) == 0 {
		if g.chance(0.5) {
			clearBtn = ""
		} else {
			clearBtn = strings.Replace(clearBtn, "<button ", "<button disabled ", 1)
		}
	}
	heading := fmt.Sprintf("<h2>%s</h2>", esc(t.heading))
	if g.chance(0.3) {
		heading = fmt.Sprintf("<div class=\"title\">%s</div>", esc(t.heading))
	}
	top, bottom := clearBtn, ""
	if g.chance(0.5) {
		top, bottom = "", clearBtn
	}
	section := fmt.Sprintf("<section data-g=\"list\" aria-label=\"%s\">\n<div class=\"head\">%s %s</div>\n%s\n%s\n<div id=\"msg\"></div>\n</section>",
		esc(t.heading), heading, top, list, bottom)
	body := nav(g, brand) + "<main>\n" + section + "\n</main>"
	css := ".head{display:flex;justify-content:space-between;align-items:center}.items{list-style:none;padding:0}.items li,.items .row{padding:6px 0;border-bottom:1px solid #eee;display:flex;justify-content:space-between}.title{font-weight:600;font-size:18px}.error{color:#b00020}\n" + rm[1]

	confirmJS := ""
	if g.chance(0.3) {
		confirmJS = fmt.Sprintf("if (!confirm(%s)) return;", js("Delete all? This cannot be undone."))
	}
	var script strings.Builder
	fmt.Fprintf(&script, `var list = document.querySelector('[data-g=list]');
function fail(text) { document.getElementById('msg').innerHTML = %s.replace('%%s', text); }
var clearBtn = list.querySelector('[data-c=clear]');
if (clearBtn) clearBtn.addEventListener('click', function (e) {
  e.preventDefault(); %s
  site.api('clear', 'list', %v).then(function (ok) {
    if (!ok) { fail(%s); return; }
    list.querySelectorAll('[data-item]').forEach(function (e) { e.remove(); });
    document.getElementById('msg').textContent = %s;
  });
});
list.querySelectorAll('[data-c=delete]').forEach(function (b) {
  b.addEventListener('click', function (e) {
    e.preventDefault();
    var row = b.closest('[data-item]');
    site.api('delete', 'i-' + row.dataset.item).then(function (ok) { if (ok) row.remove(); });
  });
});
var initial = %s;
function pageState() {
  var s = {items: String(list.querySelectorAll('[data-item]').length)};
  initial.forEach(function (id) { s['i-' + id] = shown(list.querySelector('[data-item="' + id + '"]')) ? 'present' : 'gone'; });
  return s;
}
`, js(errBlock), confirmJS, fail, js(t.failure), js(t.empty), jsList(items))

	c.HTML = page{title: t.heading + " · " + brand, css: css, body: body, script: script.String()}.html()

	n := fmt.Sprint(len(items))
	var step Step
	var line string
	c.Truth.Group = "list"
	switch variant {
	case "do on a full list", "do on an empty list":
		text := g.pick(t.doTexts)
		line = "# lint:ignore L004 the case proves the runtime refuses this outside stop_before\ndo \"" + text + "\""
		step = Step{Kind: "do", Text: text, Evidence: len(items) == 0, Goals: []Goal{{State: "items", Want: "0"}}}
		c.Approve = g.chance(0.5)
	case "stop_before without approval":
		text := g.pick(t.stopTexts)
		line = "stop_before \"" + text + "\""
		step = Step{Kind: "stop_before", Text: text, Evidence: true, Goals: []Goal{{State: "items", Want: n}}}
	case "stop_before approved, works", "stop_before approved, fails":
		text := g.pick(t.stopTexts)
		line = "stop_before \"" + text + "\""
		step = Step{Kind: "stop_before", Text: text, Evidence: !fail,
			Goals: []Goal{{Event: "clear", Group: "list"}, {State: "items", Want: "0"}}}
		c.Approve, c.Truth.StopControl = true, "clear"
	case "delete one, approved", "delete one it cannot, approved":
		it := target
		text := oneOf(g, "deleting the "+t.noun+" "+q(it), "removing "+q(it)+" from the list", "deleting "+q(it))
		line = "stop_before \"" + text + "\""
		step = Step{Kind: "stop_before", Text: text, Evidence: variant == "delete one, approved",
			Goals: []Goal{{Event: "delete", Group: "i-" + slug(it)}, {State: "i-" + slug(it), Want: "gone"}}}
		c.Approve, c.Truth.StopControl, c.Truth.Group = true, "delete", "i-"+slug(it)
	}
	step.Path = "2"
	c.Truth.Steps = []Step{step}
	c.Truth.Want = wantOf(c.Truth.Steps, c.Approve)
	if variant == "do on a full list" {
		c.Truth.Want = "guard_refused"
	}
	c.Flow = flowSource(c, "Empty the "+strings.ToLower(t.heading)+" list", []string{line})
}

// jsList writes a list of slugs as a script array.
func jsList(items []string) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = js(slug(it))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
