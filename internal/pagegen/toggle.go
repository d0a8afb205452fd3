package pagegen

import (
	"fmt"
	"strings"
)

var settings = []string{"Email notifications", "Push notifications", "Dark mode", "Autoplay videos", "Weekly digest",
	"Show my profile to others", "Location history", "Sound effects", "Compact view", "Read receipts", "Product updates", "Large text"}

// genToggle: a settings panel of 3–5 toggles, all of one markup (checkbox
// with a label, switch button, aria-pressed button, checkbox with
// role=switch, a div switch). The step asks one to be on or off; it is
// already so, or a press flips it, or a press does not hold (ignored, or
// the save fails and the switch flips back with an error).
func genToggle(g *gen, c *Case) {
	brand := g.pick(brands)
	names := g.sample(settings, g.n(3, 5))
	target := g.r.IntN(len(names))
	want := g.chance(0.5)
	variant := oneOf(g, "already as asked", "flips", "flips, saved", "ignored", "save fails")
	c.Variant = variant
	state := make([]bool, len(names))
	for i := range state {
		state[i] = g.chance(0.5)
	}
	state[target] = want == (variant == "already as asked")
	markup := g.r.IntN(5)
	save := variant == "flips, saved" || variant == "save fails" || g.chance(0.3) && variant != "ignored"

	var rows strings.Builder
	for i, n := range names {
		s := slug(n)
		on := state[i]
		var ctl string
		switch markup {
		case 0:
			ctl = fmt.Sprintf(`<label class="row" data-g="t-%s"><input type="checkbox" data-c="toggle"%s> %s</label>`, s, attrIf(on, " checked"), esc(n))
		case 1:
			ctl = fmt.Sprintf(`<div class="row" data-g="t-%s"><span id="l-%s">%s</span><button type="button" role="switch" class="switch" aria-checked="%v" aria-labelledby="l-%s" data-c="toggle"></button></div>`, s, s, esc(n), on, s)
		case 2:
			ctl = fmt.Sprintf(`<div class="row" data-g="t-%s"><button type="button" class="pill" aria-pressed="%v" data-c="toggle">%s</button></div>`, s, on, esc(n))
		case 3:
			ctl = fmt.Sprintf(`<div class="row" data-g="t-%s"><label for="c-%s">%s</label><input type="checkbox" role="switch" class="switch-input" id="c-%s" data-c="toggle"%s></div>`, s, s, esc(n), s, attrIf(on, " checked"))
		default:
			ctl = fmt.Sprintf(`<li class="row" data-g="t-%s"><span>%s</span><div role="switch" tabindex="0" class="sw" aria-checked="%v" aria-label="%s" data-c="toggle"></div></li>`, s, esc(n), on, esc(n))
		}
		rows.WriteString(ctl + "\n")
	}
	list := rows.String()
	if markup == 4 {
		list = "<ul class=\"settings\">\n" + list + "</ul>"
	}
	body := nav(g, brand) + fmt.Sprintf("<main>\n%s\n<section class=\"panel\">\n%s\n<p id=\"msg\" role=\"status\"></p>\n</section>\n</main>",
		oneOf(g, "<h1>Settings</h1>", "<h2>Preferences</h2>", "<div class=\"title\">Notifications and display</div>"), list)
	css := `.row{display:flex;justify-content:space-between;align-items:center;padding:8px 0;border-bottom:1px solid #eee;max-width:420px}
.switch,.sw{width:40px;height:22px;border-radius:11px;border:0;background:#bbb;position:relative;cursor:pointer}
.switch[aria-checked=true],.sw[aria-checked=true]{background:#2e7d32}
.switch::after,.sw::after{content:"";position:absolute;top:3px;left:3px;width:16px;height:16px;border-radius:50%;background:#fff}
.switch[aria-checked=true]::after,.sw[aria-checked=true]::after{left:21px}
.pill[aria-pressed=true]{background:#2e7d32;color:#fff}.settings{list-style:none;padding:0}.error{color:#b71c1c}`

	var script strings.Builder
	script.WriteString(`function isOn(c) {
  if (c.type === 'checkbox') return c.checked;
  return (c.getAttribute('aria-checked') || c.getAttribute('aria-pressed')) === 'true';
}
function setOn(c, on) {
  if (c.type === 'checkbox') { c.checked = on; return; }
  c.setAttribute(c.hasAttribute('aria-pressed') ? 'aria-pressed' : 'aria-checked', String(on));
}
var msg = document.getElementById('msg');
`)
	native := markup == 0 || markup == 3
	switch variant {
	case "ignored":
		// The control swallows the press: the setting is locked by the
		// page's script.
		if native {
			script.WriteString("document.querySelectorAll('[data-c=toggle]').forEach(function (c) { c.addEventListener('click', function (e) { e.preventDefault(); }); });\n")
		}
	default:
		fail := variant == "save fails"
		fmt.Fprintf(&script, `document.querySelectorAll('[data-c=toggle]').forEach(function (c) {
  function flip() {
    %s
    var on = isOn(c), g = c.closest('[data-g]').dataset.g;
    if (!%v) { msg.textContent = ''; return; }
    site.api('setting', g, %v).then(function (ok) {
      if (ok) { msg.textContent = 'Saved'; return; }
      setOn(c, !on); msg.className = 'error'; msg.textContent = 'Could not save your settings. Try again.';
    });
  }
  c.addEventListener(%s, flip);
  if (!%v) c.addEventListener('keydown', function (e) { if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); flip(); } });
});
`, map[bool]string{true: "", false: "setOn(c, !isOn(c));"}[native], save, fail, map[bool]string{true: "'change'", false: "'click'"}[native], native || markup == 1 || markup == 2)
	}
	fmt.Fprintf(&script, `var names = %s;
function pageState() {
  var s = {};
  names.forEach(function (n) { s['t-' + n] = isOn(document.querySelector('[data-g="t-' + n + '"] [data-c=toggle]')) ? 'on' : 'off'; });
  return s;
}
`, jsList(names))

	c.HTML = page{title: "Settings · " + brand, css: css, body: body, script: script.String()}.html()

	n := names[target]
	lower := strings.ToLower(n)
	var text string
	if want {
		text = oneOf(g, "turn on "+lower, "switch on "+q(n), "enable "+lower, "make sure "+lower+" is on")
		if native && markup == 0 {
			text = oneOf(g, text, "tick "+q(n))
		}
	} else {
		text = oneOf(g, "turn off "+lower, "switch off "+q(n), "disable "+lower, "make sure "+lower+" is off")
		if native && markup == 0 {
			text = oneOf(g, text, "untick "+q(n))
		}
	}
	onOff := map[bool]string{true: "on", false: "off"}[want]
	step := Step{Path: "2", Kind: "do", Text: text,
		Evidence: variant != "ignored" && variant != "save fails",
		Goals:    []Goal{{State: "t-" + slug(n), Want: onOff}}}
	c.Truth = Truth{Group: "t-" + slug(n), Steps: []Step{step}}
	c.Truth.Want = wantOf(c.Truth.Steps, false)
	c.Flow = flowSource(c, "Set "+lower+" "+onOff, []string{"do \"" + text + "\""})
}

func attrIf(ok bool, attr string) string {
	if ok {
		return attr
	}
	return ""
}
