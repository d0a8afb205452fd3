package decide

import (
	"regexp"
	"strings"

	"flow/surfaces"
)

// structural nouns and what satisfies them.
var structural = map[string]string{
	"dialog": "dialog", "popup": "dialog", "modal": "dialog", "overlay": "dialog", "banner": "banner", "lightbox": "dialog", "prompt": "dialog",
	"window": "dialog", "option": "choice", "choice": "choice",
	"message": "notice", "notice": "notice", "notification": "notice", "alert": "notice", "toast": "notice", "confirmation": "notice", "feedback": "notice",
	"form": "form", "field": "field", "input": "field", "textbox": "field", "box": "field",
	"button": "button", "link": "link", "checkbox": "toggle", "switch": "toggle", "toggle": "toggle",
	"list": "list", "menu": "menu", "tab": "tab", "tabl": "list", "result": "list",
}

// stateWords map to the state a control must show.
var stateWords = map[string]string{
	"on": "on", "checked": "on", "ticked": "on", "selected": "on", "enabled": "enabled", "active": "on", "chosen": "on",
	"off": "off", "unchecked": "off", "unticked": "off", "unselected": "off", "deselected": "off", "cleared": "off",
	"disabled": "disabled", "expanded": "expanded", "collapsed": "collapsed", "empty": "empty", "filled": "filled",
}

// item is one thing on the screen.
type item struct {
	words    []word
	ctx      []word // words of the ancestor path: what the item is in
	text     string // squashed text, for value lookups
	path     []string
	cand     *surfaces.Candidate
	pressish bool   // a button or link: its name offers an act
	role     string // a context line's role: heading, alert, status
	negated  bool   // the text denies what it names
	// raw is the text as written, for why phrases.
	raw string
	// stateName marks a button or box whose name starts with a past
	// participle ("Applied", "Added to cart"): it names its state, not an
	// offer. A link "Archived" names a place to go, never a state.
	stateName bool
	// next is a context line's place among the candidates (see
	// [surfaces.ContextLine.Next]); candIdx a candidate's index.
	next, candIdx int
	// clauses are the item's sentences and clauses, each judged on its
	// own: "Refund requested on 7 March: we will reply …" states in its
	// first clause what its second only promises.
	clauses []clause
}

// clause is one sentence or clause of an item's text.
type clause struct {
	text  string // squashed
	words []word
	// negated: the clause denies what it names ("No refund requested
	// yet").
	negated bool
	// generic marks a clause about what happens in general or under a
	// condition ("Loans can be renewed twice", "when the report is
	// ready", "To have no saved addresses, …"): it asserts nothing about
	// the screen's state now.
	generic bool
}

// clauseEnd splits a text into clauses.
var clauseEnd = regexp.MustCompile(`[.!?;:]+(\s+|$)`)

// clausesOf splits a text into its clauses; a control's name is one
// clause that is never generic.
func clausesOf(text string, control bool) []clause {
	parts := []string{text}
	if !control {
		parts = clauseEnd.Split(text, -1)
	}
	var out []clause
	for _, p := range parts {
		if strings.TrimSpace(p) == "" {
			continue
		}
		c := clause{text: squash(p), words: contentWords(p)}
		ws := rawWords(p)
		for i, w := range ws {
			c.negated = c.negated || screenNegations[w]
			// "Renewed until 24 April": an "until" before a date bounds a
			// fact; before a clause it makes one conditional.
			dated := (w == "until" || w == "till") && i+1 < len(ws) && (hasDigit(ws[i+1]) || monthWords[ws[i+1]])
			c.generic = c.generic || !control && genericMarks[w] && !dated
		}
		c.generic = c.generic || !control && len(ws) > 2 && ws[0] == "to"
		out = append(out, c)
	}
	return out
}

// genericMarks make a sentence conditional, modal or instructive.
var genericMarks = set("when if once will would can could unless until whenever should", nil)

func matchIn(t word, ws []word) float64 {
	best := 0.0
	for _, w := range ws {
		if s := match(t, w); s > best {
			best = s
		}
	}
	return best
}

func hasNumber(ws []word, n string) bool {
	for _, w := range ws {
		if w.raw == n || numberWords[w.raw] == n {
			return true
		}
	}
	return false
}

// containsWords reports whether squashed text holds squashed v as whole
// words.
func containsWords(text, v string) bool {
	if v == "" {
		return false
	}
	return strings.Contains(" "+text+" ", " "+v+" ")
}

// conceptIn reads the signed-in state: a sign-out control or a "signed in"
// text is evidence of signed in; a password field or a sign-in control is
// evidence of signed out.
func conceptIn(concept string, it item) float64 {
	in := false
	out := false
	for _, w := range it.words {
		switch w.raw {
		case "signout":
			in = true
		case "signedin":
			// "Keep me signed in" is a checkbox on the sign-in form.
			if it.cand == nil || !(it.cand.Role == "checkbox" || it.cand.Role == "switch") {
				in = true
			}
		case "signin":
			if it.pressish {
				out = true
			}
		}
	}
	if it.cand != nil && it.cand.InputType == "password" {
		out = true
	}
	if concept == "signedin" && in && !out {
		return 1
	}
	if concept == "signedout" && out && !in {
		return 1
	}
	return 0
}

// structureIn says whether the members show a structure: a dialog, a form,
// a field, a button, a list, …. A list counts only as repeated items right
// under the group (depth is the length of the group's path), so the words
// that name the list sit around it, not anywhere on the page.
func structureIn(kind string, members []int, items []item, b Brief, depth int) float64 {
	if depth == 0 && (kind == "dialog" || kind == "banner") && (b.Layer == surfaces.LayerDialog || b.Layer == surfaces.LayerPopover) {
		return 1
	}
	if kind == "notice" {
		best := 0.0
		for _, ii := range members {
			it := items[ii]
			switch {
			case it.role == "alert" || it.role == "status":
				return 1
			case it.cand == nil && it.role != "heading" && len(it.path) > 0 && it.path[0] == "title":
			case it.cand == nil:
				best = 0.6 // any text can be a message
			}
		}
		return best
	}
	lists := map[string]int{}
	for _, ii := range members {
		it := items[ii]
		for pi, p := range it.path {
			lp := strings.ToLower(p)
			switch kind {
			case "dialog":
				if strings.HasPrefix(lp, "dialog") || strings.HasPrefix(lp, "alertdialog") {
					return 1
				}
			case "banner":
				for _, r := range []string{"dialog", "alertdialog", "region", "alert", "status", "complementary"} {
					if strings.HasPrefix(lp, r) {
						return 1
					}
				}
			case "form":
				if strings.HasPrefix(lp, "form") || strings.HasPrefix(lp, "search") {
					return 1
				}
			case "list":
				if pi != depth {
					continue
				}
				if strings.HasPrefix(lp, "listitem") || strings.HasPrefix(lp, "row") || strings.HasPrefix(lp, "article") || strings.HasPrefix(lp, "card") {
					lists[lp]++
				}
			case "menu":
				if strings.HasPrefix(lp, "menu") {
					return 1
				}
			case "choice":
				if strings.HasPrefix(lp, "radiogroup") || strings.HasPrefix(lp, "listbox") {
					return 1
				}
			}
		}
		c := it.cand
		if c == nil {
			continue
		}
		switch kind {
		case "field", "form":
			if editable(c) || c.Role == "combobox" {
				return 1
			}
		case "login":
			if c.InputType == "password" || editable(c) && (c.InputType == "email" || hasAccountWord(it.words)) {
				return 1
			}
		case "button":
			if c.Role == "button" {
				return 1
			}
		case "link":
			if c.Role == "link" {
				return 1
			}
		case "toggle":
			if c.Role == "checkbox" || c.Role == "switch" {
				return 1
			}
		case "choice":
			if c.Role == "radio" || c.Role == "option" || c.Role == "menuitemradio" || len(c.Options) > 1 {
				return 1
			}
		case "tab":
			if c.Role == "tab" {
				return 1
			}
		case "menu":
			if strings.HasPrefix(c.Role, "menu") {
				return 1
			}
		}
	}
	if len(lists) >= 2 {
		return 1
	}
	return 0
}

// screenItems lists the title, the candidates and the context lines of a
// brief as items in reading order (candidates first, then text: a Brief
// does not interleave them).
func screenItems(b Brief) []item {
	var items []item
	if b.Title != "" {
		items = append(items, item{words: contentWords(b.Title), text: squash(b.Title), path: []string{"title"}, raw: b.Title})
	}
	for i := range b.Candidates {
		c := &b.Candidates[i]
		text := strings.Join([]string{c.Name, c.Label, c.Value, c.Description}, " ")
		if c.Placeholder != "" && c.Value == "" && c.Name == "" {
			text += " " + c.Placeholder
		}
		first := ""
		if ws := rawWords(c.Name); len(ws) > 0 {
			first = ws[0]
		}
		items = append(items, item{
			words: contentWords(text), ctx: pathWords(c.Path), text: squash(text), path: c.Path, cand: c,
			pressish: c.Role == "button" || c.Role == "link" || c.Role == "menuitem" || c.Role == "tab",
			raw:      c.Name, stateName: len(first) > 4 && strings.HasSuffix(first, "ed") && c.Role != "link" && c.Role != "tab" && c.Role != "menuitem", candIdx: i,
		})
	}
	for _, l := range b.Context {
		items = append(items, item{words: contentWords(l.Text), ctx: pathWords(l.Path), text: squash(l.Text), path: l.Path, role: l.Role, raw: l.Text, next: l.Next})
	}
	for i := range items {
		items[i].clauses = clausesOf(items[i].raw, items[i].cand != nil)
		if items[i].cand != nil {
			// A control's clause is its whole text (name, label, value).
			items[i].clauses = []clause{{text: items[i].text, words: items[i].words}}
		}
		for j := range items[i].clauses {
			c := &items[i].clauses[j]
			for _, w := range strings.Fields(c.text) {
				c.negated = c.negated || screenNegations[w]
			}
			items[i].negated = items[i].negated || c.negated
		}
	}
	return items
}

func hasDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}

func hasLetter(s string) bool {
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			return true
		}
	}
	return false
}

// pathWords are the words of an ancestor path's labels ("Choose your
// fare" of `radiogroup "Choose your fare"`), without the role names.
func pathWords(path []string) []word {
	var out []word
	for _, p := range path {
		if i := strings.IndexByte(p, '"'); i >= 0 {
			out = append(out, contentWords(p[i:])...)
		}
	}
	return out
}

var accountWords = []word{newWord("user", 1), newWord("email", 1), newWord("password", 1)}

// hasAccountWord reports whether a field's words name an account: a user
// name, an email address, a password.
func hasAccountWord(ws []word) bool {
	for _, a := range accountWords {
		if matchIn(a, ws) >= 0.8 {
			return true
		}
	}
	return false
}

// monthWords are the months' names and their short forms.
var monthWords = set("january february march april may june july august september october november december "+
	"jan feb mar apr jun jul aug sep sept oct nov dec", nil)
