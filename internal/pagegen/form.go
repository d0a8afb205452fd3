package pagegen

import (
	"fmt"
	"strings"
)

// field is a form field with a rule a page's script checks: good values
// pass, bad ones get the error line.
type field struct {
	label, placeholder string
	good, bad          []string
	rule               string // a JS expression over v, true when v is accepted
	err                string
}

var fields = []field{
	{"Date of birth", "DD/MM/YYYY", []string{"12/03/1990", "24/12/1985", "01/07/2001"}, []string{"1990-03-12", "31/02/1990", "12.03.90"},
		`/^(\d{2})\/(\d{2})\/(\d{4})$/.test(v) && +v.slice(3,5) <= 12 && +v.slice(0,2) <= (+v.slice(3,5) === 2 ? 29 : 31)`,
		"Enter the date as DD/MM/YYYY, for example 24/12/1990"},
	{"Postcode", "e.g. SW1A 1AA", []string{"SW1A 1AA", "LS1 4DY", "BS8 1TH"}, []string{"12345", "LS1", "ZZZ ZZZ"},
		`/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i.test(v)`, "Enter a real postcode, like SW1A 1AA"},
	{"Phone number", "07700 900123", []string{"07700 900123", "020 7946 0958", "+44 113 496 0000"}, []string{"call me", "0770", "12ab34"},
		`v.replace(/\D/g, '').length >= 10`, "Enter a phone number with at least 10 digits"},
	{"Email address", "name@example.com", []string{"mia.chen@example.com", "leo@example.org"}, []string{"mia.chen@", "leo.example.org", "ana@@example.com"},
		`/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(v)`, "Enter an email address in the correct format, like name@example.com"},
	{"Username", "Choose a username", []string{"mia_chen_82", "leopark.climbs", "ana-rides"}, []string{"admin", "mia", "test"},
		`v.length >= 5 && ['admin', 'test', 'mia', 'root'].indexOf(v) < 0`, "That username is taken or too short. Try another."},
	{"Number of guests", "1 to 12", []string{"4", "2", "11"}, []string{"40", "0", "13"},
		`/^\d+$/.test(v) && +v >= 1 && +v <= 12`, "Enter a number from 1 to 12"},
	{"Website", "https://", []string{"https://example.org", "https://mia.design"}, []string{"example", "www example org"},
		`/^https?:\/\/[^\s.]+\.[^\s]+$/.test(v)`, "Please enter a full web address, starting with https://"},
}

type formTopic struct {
	heading string
	plain   []string // labels of a submit that only saves (a do may press it)
	sends   []string // labels of a submit that sends (only stop_before)
	doTexts []string
	stops   []string
}

var formTopics = []formTopic{
	{"Your details", []string{"Save", "Save details", "Update"}, []string{"Submit", "Submit details"},
		[]string{"save the details", "save the form"}, []string{"submitting the form", "submitting my details"}},
	{"Book a table", []string{"Continue", "Check availability"}, []string{"Send request", "Submit booking request"},
		[]string{"continue to the next step", "check availability"}, []string{"sending the booking request", "submitting the booking request"}},
	{"Create your account", []string{"Continue", "Next"}, []string{"Submit", "Send application"},
		[]string{"continue", "go to the next step"}, []string{"submitting the application", "sending the application"}},
	{"Contact preferences", []string{"Save changes", "Update preferences"}, []string{"Send", "Submit changes"},
		[]string{"save the changes", "save my preferences"}, []string{"sending the changes", "submitting the changes"}},
}

// genForm: a form with one field whose script checks the value, and a
// submit that saves (pressed by a do) or sends (only by a stop_before).
// The value is good or bad; a bad value gets an inline error, on submit or
// while typing, and nothing is sent.
func genForm(g *gen, c *Case) {
	f := fields[g.r.IntN(len(fields))]
	t := formTopics[g.r.IntN(len(formTopics))]
	brand := g.pick(brands)
	bad := g.chance(0.5)
	live := g.chance(0.3) // checked while typing, not only on submit
	sends := g.chance(0.5)
	approve := !sends || g.chance(0.8)
	value := g.pick(f.good)
	if bad {
		value = g.pick(f.bad)
	}
	when := "on submit"
	if live {
		when = "while typing"
	}
	// A flow that only types the value: a field that rejects it as it is
	// typed fails the enter itself, with no later step to notice.
	alone := live && g.chance(0.35)
	c.Variant = map[bool]string{true: "rejects " + when, false: "accepts"}[bad]
	if alone {
		c.Variant += ", enter alone"
	}
	if sends && !approve {
		c.Variant += ", stop_before without approval"
	}

	submitLabel, k, action := g.pick(t.plain), "", "save"
	if sends {
		submitLabel, k, action = g.pick(t.sends), Submitting, "send"
	}
	id := slug(f.label)
	input := fmt.Sprintf(`<input id="%s" name="%s" type="text" autocomplete="off" data-c="field"`, id, id)
	var fieldHTML string
	fieldName := strings.ToLower(f.label)
	switch g.r.IntN(4) {
	case 0:
		fieldHTML = fmt.Sprintf(`<label for="%s">%s</label>%s>`, id, esc(f.label), input)
	case 1:
		fieldHTML = fmt.Sprintf(`<label>%s %s placeholder="%s"></label>`, esc(f.label), input, esc(f.placeholder))
	case 2:
		fieldHTML = fmt.Sprintf(`<div class="lbl">%s</div>%s aria-label="%s">`, esc(f.label), input, esc(f.label))
	default:
		// Named by its placeholder alone.
		fieldHTML = fmt.Sprintf(`%s placeholder="%s">`, input, esc(f.label))
	}
	hint := ""
	if g.chance(0.5) {
		hint = fmt.Sprintf(`<small class="hint">%s</small>`, esc(f.placeholder))
	}
	errStyle := g.r.IntN(5)
	var errHTML, showErr, hideErr string
	switch errStyle {
	case 0: // the issue's own case: a div whose class is error, no role
		errHTML = `<div class="error" id="err" hidden></div>`
		showErr, hideErr = `err.textContent = m; err.hidden = false;`, `err.hidden = true; err.textContent = '';`
	case 1:
		errHTML = `<p role="alert" id="err"></p>`
		showErr, hideErr = `err.textContent = m;`, `err.textContent = '';`
	case 2:
		errHTML = fmt.Sprintf(`<span class="invalid-feedback" id="%s-error"></span>`, id)
		showErr = fmt.Sprintf(`err.textContent = m; input.setAttribute('aria-invalid', 'true'); input.setAttribute('aria-errormessage', '%s-error');`, id)
		hideErr = `err.textContent = ''; input.removeAttribute('aria-invalid'); input.removeAttribute('aria-errormessage');`
	case 3:
		errHTML = `<small id="err" style="color:#d32f2f"></small>`
		showErr, hideErr = `err.textContent = m;`, `err.textContent = '';`
	default:
		errHTML = `<div id="err" class="field-msg"></div>`
		showErr, hideErr = `err.textContent = m; err.style.color = 'red';`, `err.textContent = '';`
	}
	form := fmt.Sprintf(`<form id="f" data-g="form" novalidate>
%s
<div class="field">%s %s %s</div>
<button type="submit" data-c="submit"%s>%s</button>
<div id="done" role="status"></div>
</form>`, oneOf(g, "<h2>"+esc(t.heading)+"</h2>", "<h1>"+esc(t.heading)+"</h1>", "<p class=\"lead\">"+esc(t.heading)+"</p>"),
		fieldHTML, hint, errHTML, kAttr(k), esc(submitLabel))
	body := nav(g, brand) + "<main>\n" + form + "\n</main>"
	css := `.field{margin:12px 0;display:flex;flex-direction:column;gap:4px;max-width:320px}.error{color:#c62828}.hint{color:#666}input{padding:6px;font:inherit}`

	var script strings.Builder
	fmt.Fprintf(&script, `var form = document.getElementById('f'), input = form.querySelector('[data-c=field]');
var err = form.querySelector('#err, .invalid-feedback');
function ok(v) { v = v.trim(); return %s; }
function check() {
  var m = %s;
  if (ok(input.value)) { %s return true; }
  %s return false;
}
`, f.rule, js(f.err), hideErr, showErr)
	if live {
		script.WriteString("input.addEventListener('input', function () { if (input.value) check(); });\n")
	}
	fmt.Fprintf(&script, `form.addEventListener('submit', function (e) {
  e.preventDefault();
  if (!check()) return;
  site.api(%s, 'form').then(function (ok) { if (ok) document.getElementById('done').textContent = %s; });
});
function pageState() {
  var e = form.querySelector('#err, .invalid-feedback');
  return {value: input.value, error: shown(e) && e.textContent ? e.textContent : ''};
}
`, js(action), js(oneOf(g, "Saved.", "Thanks, we've got your details.", "All done: your changes are saved.")))

	c.HTML = page{title: t.heading + " · " + brand, css: css, body: body, script: script.String()}.html()

	enter := Step{Path: "2", Kind: "enter", Text: fieldName, Evidence: !(bad && live),
		Goals: []Goal{{State: "value", Want: value}}}
	if live {
		enter.Goals = append(enter.Goals, Goal{State: "error", Want: ""})
	}
	lines := []string{fmt.Sprintf("enter %q = %q", fieldName, value)}
	var second Step
	if sends {
		text := g.pick(t.stops)
		lines = append(lines, "stop_before \""+text+"\"")
		second = Step{Path: "3", Kind: "stop_before", Text: text, Evidence: true}
		if approve {
			second.Evidence = !bad
			second.Goals = []Goal{{Event: action, Group: "form"}}
			c.Truth.StopControl = "submit"
		}
	} else {
		text := oneOf(g, g.pick(t.doTexts), "press "+submitLabel)
		lines = append(lines, "do \""+text+"\"")
		second = Step{Path: "3", Kind: "do", Text: text, Evidence: !bad, Goals: []Goal{{Event: action, Group: "form"}}}
	}
	if alone {
		lines, second, approve = lines[:1], Step{}, true
		c.Truth.StopControl = ""
	}
	c.Approve = approve
	c.Truth.Group = "form"
	c.Truth.Steps = []Step{enter, second}
	if alone {
		c.Truth.Steps = c.Truth.Steps[:1]
	}
	c.Truth.Want = wantOf(c.Truth.Steps, approve)
	c.Flow = flowSource(c, t.heading, lines)
}

func kAttr(k string) string {
	if k == "" {
		return ""
	}
	return fmt.Sprintf(` data-k="%s"`, k)
}
