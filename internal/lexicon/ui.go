package lexicon

import "sync"

// uiGroup is a set of tokens that mean one thing on a screen, whatever a
// dictionary says: "Updated" confirms a save as surely as "Saved" does, and
// "×" closes a dialog as "Close" does. Words are as [normalize] leaves them;
// a phrase is written as one token, without its spaces and hyphens ("sign
// in", "sign-in" and "signin" all come to "signin").
type uiGroup struct {
	name  string // the meaning, for opposites and tests
	words []string
}

// uiGroups is the curated UI lexicon. A group holds the forms it means:
// "saved" (a status) is here but "save" (a command) is not, since a "Save"
// button does not mean "Received"; inflections reach a group through their
// lemma ("bags" → "bag"). The letter "x" is left out of "close" on purpose:
// as a token it names a network as often as it closes a dialog.
var uiGroups = []uiGroup{
	{"saved", []string{"saved", "updated", "stored", "applied", "received"}},
	{"close", []string{"close", "dismiss", "×", "✕", "✖", "⨯", "╳"}},
	{"delete", []string{"delete", "remove", "bin", "trash", "wastebasket", "🗑"}},
	{"next", []string{"next", "continue", "forward", "›", "»", "→", "❯"}},
	{"previous", []string{"previous", "prev", "back", "‹", "«", "←", "❮"}},
	{"more", []string{"more", "overflow", "kebab", "meatballs", "⋯", "⋮", "…", "..."}},
	{"menu", []string{"menu", "hamburger", "☰", "≡"}},
	{"sign in", []string{"signin", "login", "logon"}},
	{"sign out", []string{"signout", "logout", "logoff"}},
	{"sign up", []string{"signup", "register", "createaccount"}},
	{"account", []string{"account", "profile", "👤"}},
	{"cart", []string{"cart", "basket", "bag", "trolley", "🛒"}},
	{"search", []string{"search", "find", "lookup", "🔍", "🔎"}},
	{"settings", []string{"settings", "preferences", "prefs", "options", "⚙"}},
	{"edit", []string{"edit", "modify", "✎", "✏", "🖉"}},
	{"add", []string{"add", "plus", "+", "＋", "➕"}},
	{"minus", []string{"minus", "−", "➖"}},
	{"ok", []string{"ok", "okay", "gotit", "✓", "✔"}},
	{"accept", []string{"accept", "agree", "allow"}},
	{"reject", []string{"reject", "decline", "deny", "refuse"}},
	{"refresh", []string{"refresh", "reload", "↻", "⟳", "🔄"}},
	{"home", []string{"home", "🏠", "⌂"}},
	{"help", []string{"help", "?", "❓"}},
}

// uiOpposites pairs groups, by name, whose words mean the opposite of each
// other on a screen; a matcher reads these as conflicts.
var uiOpposites = [][2]string{
	{"next", "previous"},
	{"sign in", "sign out"},
	{"accept", "reject"},
	{"add", "minus"},
}

// uiIndex maps the curated words to their groups, and each group to the
// groups opposite it.
type uiIndex struct {
	groups   map[string][]int
	opposite map[int][]int
}

// ui is built on first use, like the WordNet table.
var ui = sync.OnceValue(func() *uiIndex {
	x := &uiIndex{groups: map[string][]int{}, opposite: map[int][]int{}}
	byName := map[string]int{}
	for i, g := range uiGroups {
		byName[g.name] = i
		for _, w := range g.words {
			x.groups[w] = append(x.groups[w], i)
		}
	}
	for _, o := range uiOpposites {
		a, b := byName[o[0]], byName[o[1]]
		x.opposite[a] = append(x.opposite[a], b)
		x.opposite[b] = append(x.opposite[b], a)
	}
	return x
})

// uiForms returns the forms of a normalised word the UI table is asked
// about: the word, the word without spaces, hyphens and underscores, and its
// WordNet lemmas.
func uiForms(t *table, w string, ls []lemma) []string {
	forms := []string{w}
	if c := compact(w); c != w {
		forms = append(forms, c)
	}
	for _, l := range ls {
		forms = append(forms, t.word(l.id))
	}
	return forms
}

// relateUI returns how the UI table relates two words given their forms:
// Same when a group holds both, Opposite when their groups are opposites.
func relateUI(a, b []string) Relation {
	x := ui()
	var ga, gb []int
	for _, f := range a {
		ga = append(ga, x.groups[f]...)
	}
	for _, f := range b {
		gb = append(gb, x.groups[f]...)
	}
	r := None
	for _, i := range ga {
		for _, j := range gb {
			if i == j {
				return Same
			}
			for _, o := range x.opposite[i] {
				if o == j {
					r = Opposite
				}
			}
		}
	}
	return r
}

// uiOppositesOf returns the words of the groups opposite the groups of forms.
func uiOppositesOf(forms []string) []string {
	x := ui()
	var out []string
	for _, f := range forms {
		for _, g := range x.groups[f] {
			for _, o := range x.opposite[g] {
				out = append(out, uiGroups[o].words...)
			}
		}
	}
	return out
}
