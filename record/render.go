package record

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"gopkg.in/yaml.v3"

	"flow/grammar"
	"flow/guard"
	"flow/surfaces"
)

// decl is one declared fact or secret.
type decl struct {
	name   string
	typ    factType
	value  string
	secret bool
	card   bool
	env    string // FLOW_SECRET_… for a secret
}

// q quotes literal text as a flow string.
func q(s string) string { return grammar.Quote([]grammar.StrPart{{Text: s}}) }

// name gives every pair its fact or secret, declaring them in the order
// they are first used. Names never equal a word with `_` or a digit that
// step text holds (the linter would read it as a name written bare).
func (b *builder) name() []*decl {
	n := &namer{used: map[string]bool{"site": true}}
	for _, s := range b.steps {
		var texts []string
		texts = append(texts, s.text, s.cond)
		for _, p := range s.url {
			texts = append(texts, p.Text)
		}
		for _, t := range texts {
			for _, w := range identWords(t) {
				if strings.ContainsAny(w, "_0123456789") {
					n.used[w] = true
				}
			}
		}
	}
	var decls []*decl
	secrets := map[string]string{} // field key → secret name
	facts := map[string]string{}   // field key + value → fact name
	// The same text typed again into another field (a name on the
	// traveller form and on the card) is the same fact, as a person
	// writing the flow would have it. Numbers and dates are not shared:
	// "2" adults and "2" bags are different things.
	shared := map[string]string{}
	for _, s := range b.steps {
		for _, p := range s.pairs {
			switch {
			case p.secret:
				if name, ok := secrets[p.key]; ok {
					p.name = name
					continue
				}
				p.name = n.name(p.label, "secret")
				secrets[p.key] = p.name
				decls = append(decls, &decl{name: p.name, secret: true, card: p.card, env: "FLOW_SECRET_" + strings.ToUpper(p.name)})
			case p.value == "":
				p.name = "" // a cleared field: the literal ""
			default:
				id := p.key + "\x00" + p.value
				if name, ok := facts[id]; ok {
					p.name = name
					continue
				}
				typ := typeOf(p.value)
				share := (typ == typeText || typ == typeEmail || typ == typeURL) && len(p.value) >= 4
				if name, ok := shared[string(typ)+"\x00"+p.value]; ok && share {
					p.name = name
					facts[id] = name
					continue
				}
				p.name = n.name(p.label, "value")
				facts[id] = p.name
				if share {
					shared[string(typ)+"\x00"+p.value] = p.name
				}
				decls = append(decls, &decl{name: p.name, typ: typ, value: p.value})
			}
		}
	}
	return decls
}

// flowName is the flow's name from the options, made an identifier.
func (b *builder) flowName() string {
	name := strings.TrimSpace(clean(b.opts.FlowName))
	if !isIdent(name) {
		name = snake(name)
	}
	if name == "" {
		name = "recorded"
	}
	if reservedNames[name] {
		name += "_flow"
	}
	return name
}

func (b *builder) host() string {
	if u, err := url.Parse(b.site); err == nil && u.Host != "" {
		return u.Host
	}
	return "the web"
}

// render writes the flow source, formats it, and writes the facts file.
func (b *builder) render() (*Recording, error) {
	decls := b.name()
	var card bool
	var secretEnv []string
	for _, d := range decls {
		card = card || d.card
		if d.secret {
			secretEnv = append(secretEnv, d.env)
		}
	}
	name := b.flowName()
	desc := oneLine(clean(b.opts.Description))
	if desc == "" {
		desc = "Recorded on " + b.host()
	}

	var w strings.Builder
	line := func(indent int, s string) {
		w.WriteString(strings.Repeat("  ", indent))
		w.WriteString(s)
		w.WriteByte('\n')
	}
	line(0, "# Recorded with flow record on "+commentText(b.host())+": the values typed are the facts' defaults")
	line(0, "# and stand in the facts file beside this flow.")
	if len(secretEnv) > 0 {
		line(0, "#")
		line(0, "# Secrets were not recorded; set them before running:")
		for _, env := range secretEnv {
			line(0, "#   "+env)
		}
	}
	w.WriteByte('\n')
	line(0, "flow "+name+" "+q(desc)+" {")
	line(1, `fact site: url "Address the recording started from" = `+q(b.site))
	if allow := b.allow(card); len(allow) > 0 {
		line(1, "allow "+strings.Join(allow, ", "))
	}
	if budget := b.budget(); budget != "" {
		line(1, budget)
	}
	if card {
		line(1, "payment fill_then_approve  # card data was typed; paying still needs approval")
	}
	for _, d := range decls {
		switch {
		case d.secret:
			line(1, "secret "+d.name)
		case d.typ == typeNumber:
			line(1, "fact "+d.name+": "+string(d.typ)+" = "+d.value)
		default:
			line(1, "fact "+d.name+": "+string(d.typ)+" = "+q(d.value))
		}
	}
	w.WriteByte('\n')
	steps := 0
	for _, s := range b.steps {
		indent := 1
		if s.cond != "" {
			line(1, "if "+q(s.cond)+" {")
			indent = 2
			steps++
		}
		steps++
		switch s.kind {
		case kindBrowse:
			line(indent, "browse "+grammar.Quote(s.url))
		case kindEnter, kindChoose:
			kw := map[stepKind]string{kindEnter: "enter", kindChoose: "choose"}[s.kind]
			if len(s.pairs) == 1 {
				line(indent, kw+" "+pairText(s.pairs[0]))
				break
			}
			line(indent, kw+" {")
			for _, p := range s.pairs {
				line(indent+1, pairText(p))
			}
			line(indent, "}")
		case kindDo:
			text := "do " + q(s.text)
			if _, ok := guard.DescribesIrreversible(s.text); ok {
				// The recorded control passed the guard (its role and
				// label are what the runtime checks); the words around
				// its name are what the linter reads.
				text += "  # lint:ignore L004 the recorded control is not guarded"
			}
			line(indent, text)
		case kindPress:
			line(indent, "press "+q(s.text))
		case kindStop:
			line(indent, "stop_before "+q(s.text))
		case kindVerify:
			line(indent, "verify "+q(s.text))
		}
		if s.cond != "" {
			line(1, "}")
		}
	}
	line(0, "}")

	src, diags := grammar.FormatSource(name+".flow", []byte(w.String()))
	if diags.HasErrors() {
		return nil, internalError("the written flow does not parse: %v", diags.Errors())
	}
	facts, err := b.factsFile(name, decls)
	if err != nil {
		return nil, err
	}
	rec := &Recording{Name: name, Flow: src, Facts: facts, Steps: steps, FactNames: []string{"site"},
		Stopped: b.stopped, Dropped: b.dropped, Notes: b.notes, Used: b.used()}
	for _, d := range decls {
		if d.secret {
			rec.SecretNames = append(rec.SecretNames, d.name)
		} else {
			rec.FactNames = append(rec.FactNames, d.name)
		}
	}
	return rec, nil
}

// used lists the controls of the do, enter and stop_before steps in
// source order; a step with no control recorded ends the list, since what
// follows could not be told apart from it.
func (b *builder) used() []Used {
	var out []Used
	add := func(e *surfaces.UserEvent, step string, suggestion bool) bool {
		if e == nil {
			return false
		}
		c := e.Target
		c.Ref, c.Value = "", ""
		heading, _, _ := strings.Cut(e.Context, "\n")
		out = append(out, Used{Step: step, Suggestion: suggestion, Target: c, Heading: strings.TrimSpace(heading), Twins: e.Twins})
		return true
	}
	for _, s := range b.steps {
		switch s.kind {
		case kindDo:
			if !add(s.used, "do", false) {
				return out
			}
		case kindEnter:
			for _, p := range s.pairs {
				if !add(p.used, "enter", false) {
					return out
				}
				if p.option != nil {
					add(p.option, "enter", true)
				}
			}
		case kindStop:
			if !add(s.used, "stop_before", false) {
				return out
			}
		}
	}
	return out
}

// commentText keeps s safe on a comment line.
func commentText(s string) string { return oneLine(s) }

func pairText(p *pair) string {
	v := `""`
	if p.name != "" {
		v = p.name
	}
	return q(p.field) + " = " + v
}

// allow lists the flow's allow entries: the site and every other origin
// the recording visited, and the options' extras. The line is written
// when a second origin was visited, card data was typed (fill_then_approve
// needs it) or the options ask for it.
func (b *builder) allow(card bool) []string {
	if len(b.origins) < 2 && !card && len(b.opts.Allow) == 0 {
		return nil
	}
	out := []string{`"${site}"`}
	seen := map[string]bool{}
	if o, ok := webURL(b.site); ok {
		seen[o] = true
	}
	for _, o := range b.origins {
		if !seen[o] {
			seen[o] = true
			out = append(out, q(o))
		}
	}
	for _, o := range b.opts.Allow {
		if o = strings.TrimSpace(o); o != "" && !seen[o] {
			seen[o] = true
			out = append(out, q(o))
		}
	}
	return out
}

// budget raises the run's ceilings for a long recording: the defaults (60
// actions, 400 decisions) fit about 30 recorded actions.
func (b *builder) budget() string {
	actions := 0
	for _, s := range b.steps {
		switch s.kind {
		case kindEnter, kindChoose:
			actions += len(s.pairs)
		case kindDo:
			actions += 2
		case kindBrowse, kindPress:
			actions++
		}
	}
	if actions <= 30 {
		return ""
	}
	return fmt.Sprintf("budget actions %d, decisions %d", roundUp(2*actions, 10), roundUp(max(400, 10*actions), 100))
}

func roundUp(n, to int) int { return (n + to - 1) / to * to }

// factsFile writes the YAML facts file: every fact's value, in
// declaration order; secrets appear only as a comment naming their
// variables.
func (b *builder) factsFile(flow string, decls []*decl) ([]byte, error) {
	doc := &yaml.Node{Kind: yaml.MappingNode}
	add := func(name string, typ factType, value string) {
		v := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: value}
		if typ == typeNumber || typ == typeDate {
			v.Tag = "" // written plain: 2, 2026-12-24
		}
		doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name}, v)
	}
	add("site", typeURL, b.site)
	var env []string
	for _, d := range decls {
		if d.secret {
			env = append(env, d.env)
			continue
		}
		add(d.name, d.typ, d.value)
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# Facts of flow %s, as recorded.\n", flow)
	if len(env) > 0 {
		fmt.Fprintf(&buf, "# Secrets are never written here: set %s.\n", strings.Join(env, ", "))
	}
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, internalError("writing the facts file: %v", err)
	}
	if err := enc.Close(); err != nil {
		return nil, internalError("writing the facts file: %v", err)
	}
	return buf.Bytes(), nil
}
