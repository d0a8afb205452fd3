package pagegen

import (
	"fmt"
	"regexp"
	"strings"
)

// dismissRe is the compiler's reading (lint L007) of a step that
// dismisses something that may not show; such steps get a suppression.
var dismissRe = regexp.MustCompile(`(?i)\b(dismiss|close|accept|reject|decline|hide|deny|refuse|skip)\b.*\b(pop-?ups?|banners?|dialogs?|modals?|overlays?|cookies?|consent|notices?|newsletter|prompts?|notifications?|offers?)\b`)

type dialogTopic struct{ title, body, action, short string }

var dialogTopics = []dialogTopic{
	{"Join our newsletter", "Get our best recipes in your inbox every Friday.", "Sign me up", "newsletter"},
	{"What's new in version 4.2", "Dark mode, faster search and a new calendar view.", "Take the tour", "what's new"},
	{"Share this page", "Send a link to a friend, or copy it.", "Copy link", "share"},
	{"Shipping information", "Orders placed before 2 pm ship the same day.", "Track an order", "shipping"},
	{"Before you go", "Take 10% off your first order with the code HELLO10.", "Show my code", "offer"},
	{"Rate your visit", "How was your visit today? It takes a minute.", "Give feedback", "feedback"},
	{"Choose your region", "Prices and delivery times depend on where you live.", "Change region", "region"},
}

// closeButtons are the × of a title bar, as sites write it; the first
// value is the markup (with %s for the data attributes), the second the CSS
// it needs.
var closeButtons = [][2]string{
	{`<button type="button" class="close" aria-label="Close" %s>&times;</button>`, ``},
	{`<button type="button" class="btn-close" title="Close" %s></button>`, `.btn-close{border:0;background:none;width:28px;height:28px}.btn-close::before{content:"\2715";font-size:18px}`},
	{`<span class="x" role="button" tabindex="0" aria-label="Close dialog" %s>&#x2715;</span>`, `.x{cursor:pointer;font-size:20px;padding:0 6px}`},
	{`<a href="#" class="modal-close" %s>&times;</a>`, `.modal-close{text-decoration:none;font-size:22px;color:#555}`},
	{`<button type="button" class="icon-button" %s><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" stroke-width="2"/></svg><span class="sr-only">Close</span></button>`, `.icon-button{border:0;background:none;padding:4px}`},
	{`<button type="button" class="dismiss" %s>&#x2715;</button>`, `.dismiss{border:0;background:none;font-size:18px}`},
}

// genDialog: a dialog over a page, closed by the × in its title bar. The
// × works, or does nothing (a handler that lost its element), or the
// dialog is not shown at all.
func genDialog(g *gen, c *Case) {
	t := dialogTopics[g.r.IntN(len(dialogTopics))]
	brand := g.pick(brands)
	variant := oneOf(g, "works", "works", "broken", "broken", "not shown")
	c.Variant = variant + " ×"
	if variant == "not shown" {
		c.Variant = "dialog not shown"
	}
	cb := closeButtons[g.r.IntN(len(closeButtons))]
	x := fmt.Sprintf(cb[0], `data-c="close"`)
	act := fmt.Sprintf(`<button type="button" class="primary" data-c="action">%s</button>`, esc(t.action))

	var dlg, css string
	switch g.r.IntN(4) {
	case 0:
		dlg = fmt.Sprintf(`<div class="modal-backdrop" id="dlg"><div class="modal" role="dialog" aria-modal="true" aria-labelledby="dlg-title" data-g="dialog">
<div class="modal-header"><h2 id="dlg-title">%s</h2>%s</div>
<div class="modal-body"><p>%s</p></div>
<div class="modal-footer">%s</div></div></div>`, esc(t.title), x, esc(t.body), act)
		css = `.modal-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center}
.modal{background:#fff;border-radius:8px;width:420px;padding:0 0 12px}.modal-header{display:flex;justify-content:space-between;align-items:center;padding:8px 16px;border-bottom:1px solid #ddd}
.modal-header h2{font-size:18px;margin:0}.modal-body,.modal-footer{padding:8px 16px}`
	case 1:
		dlg = fmt.Sprintf(`<dialog open id="dlg" data-g="dialog"><header><h3>%s</h3>%s</header>
<p>%s</p><footer>%s</footer></dialog>`, esc(t.title), x, esc(t.body), act)
		css = `dialog{position:fixed;top:80px;border:1px solid #ccc;border-radius:6px;width:380px}dialog header{display:flex;justify-content:space-between;align-items:center}dialog h3{margin:0}`
	case 2:
		dlg = fmt.Sprintf(`<div class="popup" id="dlg" data-g="dialog"><div class="popup-title"><strong>%s</strong>%s</div>
<div>%s</div><div class="popup-actions">%s</div></div>`, esc(t.title), x, esc(t.body), act)
		css = `.popup{position:fixed;right:24px;bottom:24px;width:340px;background:#fff;box-shadow:0 4px 18px rgba(0,0,0,.25);padding:12px;border-radius:10px}
.popup-title{display:flex;justify-content:space-between;align-items:center;margin-bottom:6px}`
	default:
		dlg = fmt.Sprintf(`<div role="dialog" aria-label="%s" class="sheet" id="dlg" data-g="dialog"><div class="bar"><p class="title">%s</p>%s</div>
<p>%s</p>%s</div>`, esc(t.title), esc(t.title), x, esc(t.body), act)
		css = `.sheet{position:fixed;left:50%;top:60px;transform:translateX(-50%);width:400px;background:#fff;border:1px solid #bbb;padding:10px 14px}
.bar{display:flex;justify-content:space-between;align-items:center}.title{font-weight:600;margin:0}`
	}
	css += "\n" + cb[1]

	body := nav(g, brand) + fmt.Sprintf(`<main data-g="page"><h1>%s</h1><p>%s</p>
<button type="button" data-c="browse">Browse the shop</button> <a href="#stores" data-c="stores">Find a store</a></main>
%s`, esc(brand), esc(g.pick([]string{"New season, new arrivals.", "Free delivery on orders over £30.", "Everything for your home and garden."})), dlg)

	var script strings.Builder
	script.WriteString("var dlg = document.getElementById('dlg');\n")
	script.WriteString("var x = dlg.querySelector('[data-c=close]');\n")
	switch variant {
	case "works":
		hide := oneOf(g, "dlg.remove();", "dlg.style.display = 'none';", "dlg.hidden = true;", "dlg.classList.add('gone');")
		css += "\n.gone{display:none!important}[hidden]{display:none!important}"
		fmt.Fprintf(&script, "x.addEventListener('click', function (e) { e.preventDefault(); %s });\n", hide)
		if g.chance(0.5) {
			fmt.Fprintf(&script, "document.addEventListener('keydown', function (e) { if (e.key === 'Escape') { %s } });\n", hide)
		}
	case "broken":
		// The handler looks for an element the page no longer has: the
		// × does nothing, as on a site whose markup changed under it.
		script.WriteString("x.addEventListener('click', function (e) { e.preventDefault(); document.querySelector('.modal-overlay-v1').remove(); });\n")
	case "not shown":
		script.WriteString("dlg.style.display = 'none';\n")
	}
	script.WriteString("dlg.querySelector('[data-c=action]').addEventListener('click', function () { var p = document.createElement('p'); p.textContent = 'Thanks!'; dlg.appendChild(p); });\n")
	script.WriteString("function pageState() { return {dialog: shown(dlg) ? 'open' : 'closed'}; }\n")

	c.HTML = page{title: brand, css: css, body: body, script: script.String()}.html()

	text := oneOf(g,
		"close the "+q(t.title)+" dialog",
		"close the "+t.title+" dialog",
		"close the "+t.short+" pop-up",
		"dismiss the "+t.short+" window",
		"close the dialog",
		"close the "+q(t.title)+" dialog with the × in its title bar",
	)
	line := "do \"" + text + "\""
	if dismissRe.MatchString(text) {
		line = "# lint:ignore L007 the case decides whether the dialog shows\n" + line
	}
	step := Step{Path: "2", Kind: "do", Text: text, Evidence: variant != "broken",
		Goals: []Goal{{State: "dialog", Want: "closed"}}}
	c.Truth = Truth{Group: "dialog", Steps: []Step{step}}
	c.Truth.Want = wantOf(c.Truth.Steps, false)
	c.Flow = flowSource(c, "Close the dialog", []string{line})
}
