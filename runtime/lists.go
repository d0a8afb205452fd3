package runtime

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"flow/guard"
	"flow/plan"
	"flow/runtime/decide"
	"flow/stdlib"
	"flow/surfaces"
)

func article(t plan.Type) string {
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + string(t)
	}
	return "a " + string(t)
}

// card is one item of a repeated list on the screen.
type card struct {
	text  string
	cands []surfaces.Candidate
}

// list is a run of sibling cards under one parent.
type list struct {
	parent string
	cards  []*card
}

// numbered matches a path element that names one of several siblings,
// by its number or by what it holds (`listitem #3`, `row "March 2025 ·
// €104.37"`, `listitem "Buy milk" #2`, `card "Dr Ana Silva"`); cardElem
// a card that is none of these (`article "Pro"`, `article`).
var (
	numbered = regexp.MustCompile(`^(?:\S+ #\d+|(?:listitem|row|card) ".*")$`)
	cardElem = regexp.MustCompile(`^(card|article)( .*)?$`)
)

// chromeWords mark lists that are page furniture, not content: a menu in
// the banner or navigation, links in the footer.
var chromeWords = regexp.MustCompile(`^(banner|navigation|contentinfo|menubar|toolbar|tablist)\b`)

// cardAt returns the index of the path element that names a card: the
// deepest numbered sibling, else the deepest unnumbered card.
func cardAt(path []string) int {
	for i := len(path) - 1; i >= 0; i-- {
		if numbered.MatchString(path[i]) {
			return i
		}
	}
	for i := len(path) - 1; i >= 0; i-- {
		if cardElem.MatchString(path[i]) {
			return i
		}
	}
	return -1
}

// lists finds the repeated lists of a screen: cards are grouped under the
// path before their card element. Content lists come first; lists of page
// furniture (navigation, banner, footer) only when there is no other, and
// a list of one card only when no list has two or more.
func lists(s surfaces.Screen) []*list {
	byParent := map[string]*list{}
	var order []*list
	cardOf := map[string]*card{}
	add := func(path []string, text string, c *surfaces.Candidate) {
		at := cardAt(path)
		if at < 0 || strings.TrimSpace(text) == "" {
			return
		}
		parent := strings.Join(path[:at], " > ")
		key := parent + "\x00" + path[at]
		l := byParent[parent]
		if l == nil {
			l = &list{parent: parent}
			byParent[parent] = l
			order = append(order, l)
		}
		cd := cardOf[key]
		if cd == nil {
			cd = &card{}
			cardOf[key] = cd
			l.cards = append(l.cards, cd)
		}
		if cd.text != "" {
			cd.text += " · "
		}
		cd.text += text
		if c != nil {
			cd.cands = append(cd.cands, *c)
		}
	}
	for i := range s.Candidates {
		c := s.Candidates[i]
		t := c.Name
		if c.Value != "" {
			t += " " + c.Value
		}
		add(c.Path, t, &c)
	}
	for _, l := range s.Context {
		add(l.Path, l.Text, nil)
	}
	furniture := func(l *list) bool {
		for _, p := range strings.Split(l.parent, " > ") {
			if chromeWords.MatchString(p) {
				return true
			}
		}
		return false
	}
	for _, pass := range []func(*list) bool{
		func(l *list) bool { return len(l.cards) >= 2 && !furniture(l) },
		func(l *list) bool { return len(l.cards) == 1 && !furniture(l) },
		func(l *list) bool { return len(l.cards) >= 2 },
	} {
		var out []*list
		for _, l := range order {
			if pass(l) {
				out = append(out, l)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// chooseList finds the list WHAT describes, asking when there are several.
func (r *runner) chooseList(ctx context.Context, scr surfaces.Screen, what string) (*list, error) {
	ls := lists(scr)
	switch len(ls) {
	case 0:
		return nil, fail("wait_for the list first, or check that the page shows a list of similar items ("+screenHint(scr)+")",
			"found no list on the screen for %q", what)
	case 1:
		return ls[0], nil
	}
	q := r.question(scr, "list", what, "", nil)
	for i, l := range ls {
		label := l.parent
		if label != "" {
			label += ": "
		}
		label += strconv.Itoa(len(l.cards)) + " items, first: " + l.cards[0].text
		q.Options = append(q.Options, decide.Option{Key: "list" + strconv.Itoa(i+1), Label: label})
	}
	opt, err := r.choose(ctx, q)
	if err != nil {
		return nil, err
	}
	if opt == nil {
		return nil, fail("describe the list with the words its items show", "found %d lists and none matches %q", len(ls), what)
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(opt.Key, "list"))
	return ls[n-1], nil
}

// listOn observes the screen and finds the list the step's text describes;
// it returns the screen, the list and the text of each of its cards.
func (r *runner) listOn(ctx context.Context, fr *frame, s *plan.Step) (what string, scr surfaces.Screen, l *list, texts []string, err error) {
	if what, err = r.text(fr, s.Text); err != nil {
		return
	}
	if scr, err = r.observe(ctx); err != nil {
		return
	}
	if l, err = r.chooseList(ctx, scr, what); err != nil {
		return
	}
	texts = make([]string, len(l.cards))
	for i, c := range l.cards {
		texts[i] = c.text
	}
	return
}

func (r *runner) extract(ctx context.Context, fr *frame, s *plan.Step) error {
	_, _, _, rows, err := r.listOn(ctx, fr, s)
	if err != nil {
		return err
	}
	fr.vars[s.Into] = rows
	r.cur.report.Note = strconv.Itoa(len(rows)) + " items"
	return nil
}

// pick ranks a list's cards by the criterion (exactly when stdlib reads
// it, else by the decider), then opens the best card by its primary
// control after the guard check.
func (r *runner) pick(ctx context.Context, fr *frame, s *plan.Step) error {
	crit, err := r.text(fr, s.Criterion)
	if err != nil {
		return err
	}
	what, scr, l, texts, err := r.listOn(ctx, fr, s)
	if err != nil {
		return err
	}
	best := -1
	how := ""
	if c, ok := stdlib.ParseCriterion(crit); ok {
		order, err := stdlib.Rank(c, texts)
		var missing *stdlib.MissingError
		switch {
		case err == nil:
			best, how = order[0], "ranked by "+c.String()
		case errors.As(err, &missing) && len(missing.Missing) < missing.Total:
			best, how = order[0], "ranked by "+c.String()+" ("+err.Error()+")"
		default:
			how = err.Error() + "; asked the decider"
		}
	}
	if best < 0 {
		q := r.question(scr, "card", crit, "", nil)
		for i, c := range l.cards {
			q.Options = append(q.Options, decide.Option{Key: "card" + strconv.Itoa(i+1), Label: c.text})
		}
		opt, err := r.choose(ctx, q)
		if err != nil {
			return err
		}
		if opt == nil {
			return fail("use a criterion the runtime ranks exactly (lowest price, earliest departure, fewest stops, first, …)",
				"no item of %q fits %q", what, crit)
		}
		best, _ = strconv.Atoi(strings.TrimPrefix(opt.Key, "card"))
		best--
		if how == "" {
			how = "chosen by the decider"
		}
	}
	cd := l.cards[best]
	primary, ok := primaryControl(cd)
	if !ok {
		return fail("the item has no link or button to open it; read or extract it instead", "item %d of %q has no control to open it", best+1, what)
	}
	fr.vars[s.Into] = cd.text
	r.cur.report.Note = "item " + strconv.Itoa(best+1) + " of " + strconv.Itoa(len(l.cards)) + ", " + how
	r.picked = map[string]bool{}
	for _, c := range cd.cands {
		r.picked[c.Ref] = true
	}
	if m := guard.ClassifyPlaced(primary.Role, primary.Name, primary.Path); m.Class != guard.None {
		// The item's only way in buys or ends something ("Book for
		// $130"): a pick chooses, it never pays. The item stays chosen,
		// and a stop_before after it acts on it (MiniWoB++ buy-ticket
		// and book-flight; the trust site's tours).
		r.cur.report.Note += "; " + withGroup(primary) + " reads as " + m.Class.String() + ": left to a stop_before"
		return nil
	}
	if err := r.click(ctx, primary, "opening", "the list changed while picking; wait_for it to settle first"); err != nil {
		return err
	}
	_, err = r.observe(ctx)
	return err
}

// itemView is s narrowed to one item: the controls whose refs are in
// refs and the lines in their places.
func itemView(s surfaces.Screen, refs map[string]bool) surfaces.Screen {
	out := s
	out.Candidates, out.Context = nil, nil
	places := map[string]bool{}
	for _, c := range s.Candidates {
		if refs[c.Ref] {
			out.Candidates = append(out.Candidates, c)
			places[strings.Join(c.Path, "\x00")] = true
		}
	}
	for _, l := range s.Context {
		if places[strings.Join(l.Path, "\x00")] {
			out.Context = append(out.Context, l)
		}
	}
	return out
}

var openWords = regexp.MustCompile(`(?i)\b(select|choose|view|book|details|open|show|see|more)\b`)

// primaryControl is the control that opens a card: its first link, else a
// select/view/book button, else its first enabled button. Controls that
// read as irreversible or paying are still returned: the guard decides.
func primaryControl(c *card) (surfaces.Candidate, bool) {
	usable := func(x surfaces.Candidate) bool { return !x.Has(surfaces.StateDisabled) }
	for _, x := range c.cands {
		if x.Role == "link" && usable(x) {
			return x, true
		}
	}
	for _, x := range c.cands {
		if x.Role == "button" && usable(x) && openWords.MatchString(x.Name) {
			return x, true
		}
	}
	for _, x := range c.cands {
		if x.Role == "button" && usable(x) && guard.ClassifyPlaced(x.Role, x.Name, x.Path).Class == guard.None {
			return x, true
		}
	}
	for _, x := range c.cands {
		if x.Role == "button" && usable(x) {
			return x, true
		}
	}
	return surfaces.Candidate{}, false
}
