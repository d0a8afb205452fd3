package decide

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Stage 4 of the local decider: the decision.
//
// The best-rated option is chosen when it reaches [ChooseBar]. An ordinal
// in the step ("the second", "the last") picks among the options rated
// within [tieMargin] of the best, in reading order. Without one, options
// rated within [tieMargin] of the best are a tie: nothing in the step
// separates them, so the answer is none with their keys in
// Choice.Ambiguous. A tie is never broken by page order.

// ChooseBar is the score below which the local decider answers none: a
// weak word overlap is no evidence, and no answer is safer than a wrong
// press.
const ChooseBar = 0.3

// tieMargin is how close (in raw score) two options must be to count as a
// tie: closer than any one word of the step makes them.
const tieMargin = 0.02

// ordinalMargin is how far below the best an option may be rated and
// still count for an ordinal ("the second result"): results differ in
// their own words, not in what the step asks of them.
const ordinalMargin = 0.15

// Choose answers with the best-rated option (see [Rank]) when it reaches
// [ChooseBar] and no other option ties with it; it says why in
// Choice.Why and why the next three lost in Choice.Others.
func (l *Local) Choose(ctx context.Context, q Question) (Choice, error) {
	if err := q.Validate(); err != nil {
		return Choice{}, err
	}
	if err := ctx.Err(); err != nil {
		return Choice{}, err
	}
	p := run(q)
	return p.decide(), nil
}

// Scored is an option key with its local score in [0, 1].
type Scored struct {
	// Key is the option's key.
	Key string
	// Score is the local score in [0, 1]; [ChooseBar] is the bar to act.
	Score float64
}

// Rank scores every option of q with the local pipeline (frame, describe,
// score) and returns them best first; equal scores keep the options'
// order. It does not validate q, so the runtime may rank a whole screen's
// candidates.
func Rank(q Question) []Scored {
	p := run(q)
	out := make([]Scored, len(p.order))
	for i, j := range p.order {
		out[i] = Scored{Key: q.Options[j].Key, Score: clamp01(p.rs[j].raw)}
	}
	return out
}

// Narrow keeps the n best options of q by [Rank] (at most [MaxOptions]
// when n is out of range), in their original order, so a provider sees a
// small question in reading order.
func Narrow(q Question, n int) Question {
	if n <= 0 || n > MaxOptions {
		n = MaxOptions
	}
	if len(q.Options) <= n {
		return q
	}
	keep := map[string]bool{}
	for _, s := range Rank(q)[:n] {
		keep[s.Key] = true
	}
	var opts []Option
	for _, o := range q.Options {
		if keep[o.Key] {
			opts = append(opts, o)
		}
	}
	q.Options = opts
	return q
}

// pass is one question carried through the stages: each stage's result is
// computed once and read by the next.
type pass struct {
	q     Question
	f     *frame
	ds    []desc
	in    map[int]bool
	rs    []rating
	order []int // option indexes, best first
	// counted is set when the step's ordinal was counted among the
	// screen's controls of the role it names (see [byRole]); uncounted
	// says why that placed no option.
	counted   bool
	uncounted string
}

// run carries q through frame, describe and score.
func run(q Question) *pass {
	p := &pass{q: q, f: parseFrame(q)}
	p.ds = describeAll(q)
	p.in = anchoredIn(q, p.f)
	p.rs = scoreAll(p.f, p.ds, p.in)
	p.counted, p.uncounted = byRole(p.f, q, p.ds, p.rs)
	byAffix(p.f, p.ds, p.rs)
	if p.f.readKind != "" {
		byReadKind(p.f, q, p.ds, p.rs)
	}
	if p.f.limit != noLimit {
		byLimit(p.f, p.ds, p.rs)
	}
	p.order = make([]int, len(q.Options))
	for i := range p.order {
		p.order[i] = i
	}
	sort.SliceStable(p.order, func(a, b int) bool { return p.rs[p.order[a]].raw > p.rs[p.order[b]].raw })
	return p
}

// decide makes the choice from the ranked options.
func (p *pass) decide() Choice {
	if len(p.order) == 0 {
		return Choice{Why: "no options"}
	}
	if p.uncounted != "" {
		// The step's position names a control that cannot be used: no
		// other one is taken in its place.
		return Choice{Why: p.uncounted, Others: p.others(-1)}
	}
	best := p.order[0]
	top := p.rs[best].raw
	if p.f.ordinal != 0 && clamp01(top) < ChooseBar {
		if c, ok := p.byListPosition(); ok {
			return c
		}
	}
	if clamp01(top) < ChooseBar {
		return Choice{Why: p.whyNone(), Others: p.others(-1)}
	}
	if p.f.ordinal != 0 && !p.counted {
		return p.byOrdinal(best, top)
	}
	return p.byScore(best, top)
}

// byListPosition answers a step that counts the items of the one list on
// the screen when no option says its words: "open the second message".
func (p *pass) byListPosition() (Choice, bool) {
	peers := p.listPeers()
	if len(peers) < 2 {
		return Choice{}, false
	}
	k := ordinalIndex(p.f.ordinal, len(peers))
	if k < 0 {
		return Choice{}, false
	}
	j := peers[k]
	return Choice{Key: p.q.Options[j].Key, Confidence: ChooseBar,
		Why:    p.show(j) + " is item " + strconv.Itoa(k+1) + " of the " + strconv.Itoa(len(peers)) + " of the list, as the step counts",
		Others: p.others(j)}, true
}

// byOrdinal counts among the options of the best one's role rated near
// it, in reading order: "the second Edit", "the last Download link".
func (p *pass) byOrdinal(best int, top float64) Choice {
	var peers []int
	for _, j := range p.order {
		if p.ds[j].role == p.ds[best].role && p.rs[j].raw >= top-ordinalMargin && clamp01(p.rs[j].raw) >= ChooseBar {
			peers = append(peers, j)
		}
	}
	sort.Ints(peers)
	k := ordinalIndex(p.f.ordinal, len(peers))
	if k < 0 {
		return Choice{Why: p.whyOrdinalMissing(len(peers)), Others: p.others(-1)}
	}
	best = peers[k]
	return Choice{Key: p.q.Options[best].Key, Confidence: clamp01(p.rs[best].raw), Why: p.whyOrdinal(best, k, len(peers)), Others: p.others(best)}
}

// byScore takes the best option unless others tie with it: then the
// answer is none with the tied keys, except where any of them will do (a
// step over a set, a read of the same text shown twice).
func (p *pass) byScore(best int, top float64) Choice {
	var tied []int // best and the options within tieMargin of it, in reading order
	for _, j := range p.order {
		if p.rs[j].raw >= top-tieMargin && clamp01(p.rs[j].raw) >= ChooseBar || p.anchoredTwin(best, j) {
			tied = append(tied, j)
		}
	}
	sort.Ints(tied)
	switch {
	case len(tied) > 1 && p.rs[tied[0]].member:
		// "untick every topic": any box still to untick will do; the
		// first is as good as the next, as the step asks for them all.
		best = tied[0]
		return Choice{Key: p.q.Options[best].Key, Confidence: clamp01(top), Why: p.show(best) + " is one of the " + strconv.Itoa(len(tied)) + " boxes the step still has to set", Others: p.others(best)}
	case len(tied) > 1 && p.f.purpose == PurposeText && sameText(p.ds, tied):
		// "€714.00" in the summary and again in the footer: a read takes
		// the same value from either.
		best = tied[0]
		return Choice{Key: p.q.Options[best].Key, Confidence: clamp01(top), Why: p.whyChosen(best) + " (shown " + strconv.Itoa(len(tied)) + " times alike)", Others: p.others(best)}
	case len(tied) > 1 && !p.anyNamesIt(tied):
		// "open the Leeds office" among Aberdeen, Belfast… offices: they
		// tie on the kind of thing, and none is the one the step names
		// (it may be on the next page). No choice, and no ambiguity.
		return Choice{Why: "no option says " + strconv.Quote(wordsText(capitalised(p.f.ask))) + ", the name the step gives; " + p.show(tied[0]) + " and the others tied only on the rest", Others: p.others(-1)}
	case len(tied) > 1:
		c := Choice{Confidence: clamp01(top), Why: p.whyTie(tied), Others: p.others(-1)}
		for _, j := range tied {
			c.Ambiguous = append(c.Ambiguous, p.q.Options[j].Key)
		}
		return c
	}
	return Choice{Key: p.q.Options[best].Key, Confidence: clamp01(top), Why: p.whyChosen(best), Others: p.others(best)}
}

// anchoredTwin reports whether option j is a look-alike of option best
// (same role and name) in another group that names the step's anchor as
// well: "Like on the post \"@ann\"" where Ann wrote two posts. The words
// of the two groups beside the anchor then decide nothing the step said,
// so the two tie however their scores differ.
func (p *pass) anchoredTwin(best, j int) bool {
	if j == best || p.q.Anchor == "" && p.in == nil {
		return false
	}
	a, b := p.q.Options[best].Candidate, p.q.Options[j].Candidate
	if a == nil || b == nil || a.Role != b.Role || a.Name != b.Name || slices.Equal(a.Path, b.Path) {
		return false
	}
	return (p.in == nil || p.in[best] && p.in[j]) && !p.rs[j].outside
}

// others lists up to three options that lost, best first, each with why;
// chosen is left out (-1 when none was chosen).
func (p *pass) others(chosen int) []Assessment {
	var out []Assessment
	for _, j := range p.order {
		if j == chosen {
			continue
		}
		if len(out) == 3 {
			break
		}
		out = append(out, Assessment{Key: p.q.Options[j].Key, Score: clamp01(p.rs[j].raw), Why: p.whyLost(j, chosen)})
	}
	return out
}

// ordinalIndex turns an ordinal (1 first, -1 last) into an index among n,
// -1 when it counts past them.
func ordinalIndex(ord, n int) int {
	k := ord - 1
	if ord < 0 {
		k = n + ord
	}
	if k < 0 || k >= n {
		return -1
	}
	return k
}

// listPeers finds the one list whose items each hold an option of one
// role (the first of each item), and returns those options in reading
// order; nil when no list, or more than one of the same size, qualifies.
func (p *pass) listPeers() []int {
	groups := map[string][]int{}
	seen := map[string]bool{}
	for i, d := range p.ds {
		path := optionPath(d.opt)
		for at := len(path) - 1; at >= 0; at-- {
			if !isListMark(path[at]) {
				continue
			}
			item := strings.Join(path[:at+1], "\x00") + "\x00" + d.role
			if !seen[item] {
				seen[item] = true
				k := d.role + "\x00" + strings.Join(path[:at], "\x00")
				groups[k] = append(groups[k], i)
			}
			break
		}
	}
	var best []int
	tie := false
	for _, g := range groups {
		switch {
		case len(g) > len(best):
			best, tie = g, false
		case len(g) == len(best):
			tie = true
		}
	}
	if tie {
		return nil
	}
	sort.Ints(best)
	return best
}

// isListMark reports whether a path element is a list item, row, article
// or card.
func isListMark(p string) bool {
	for _, m := range listMarks {
		if strings.HasPrefix(p, m) {
			return true
		}
	}
	return false
}

// sameText reports whether the options at idx all read the same text.
func sameText(ds []desc, idx []int) bool {
	text := func(d desc) string {
		switch {
		case d.opt.Line != nil:
			return squash(d.opt.Line.Text)
		case d.opt.Candidate != nil:
			return squash(d.opt.Candidate.Name + " " + d.opt.Candidate.Value)
		}
		return squash(d.opt.Label)
	}
	first := text(ds[idx[0]])
	for _, i := range idx[1:] {
		if text(ds[i]) != first {
			return false
		}
	}
	return true
}

// anyNamesIt reports whether one of the options js says every name the
// step gives its target (capitalised words: "the Leeds office"), in its
// name, its group's or a line of its group; true when the step gives no
// name.
func (p *pass) anyNamesIt(js []int) bool {
	names := capitalised(p.f.ask)
	if len(names) == 0 {
		return true
	}
	for _, j := range js {
		o := p.q.Options[j]
		var ws []word
		switch {
		case o.Candidate != nil:
			ws = append(contentWords(o.Candidate.Name), pathWords(o.Candidate.Path)...)
			// The lines of its group say what the group is ("March
			// 2024" in a row with no name).
			if len(o.Candidate.Path) > 1 {
				for _, l := range p.q.Screen.Context {
					if slices.Equal(l.Path, o.Candidate.Path) {
						ws = append(ws, contentWords(l.Text)...)
					}
				}
			}
		case o.Line != nil:
			ws = append(contentWords(o.Line.Text), pathWords(o.Line.Path)...)
		default:
			return true
		}
		all := true
		for _, n := range names {
			all = all && matchIn(n, ws) >= 0.8
		}
		if all {
			return true
		}
	}
	return false
}
