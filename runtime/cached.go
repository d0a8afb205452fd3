package runtime

import (
	"strconv"
	"strings"

	"flow/plan"
	"flow/runtime/cache"
	"flow/runtime/decide"
	"flow/surfaces"
)

// The resolution cache (Options.Cache): a question is answered from the
// book when the answer still holds on this screen, and otherwise asked and
// written back, which heals an entry a changed page made stale. Replayed
// answers go through the same code as the decider's: a replayed press is
// still refused by the guards, banned when it changes nothing, and never
// moves to a look-alike.

// targetPurposes are the questions whose answer is a control found again
// by its signature; every other answer depends on what the page says and
// is replayed only for the same question on the same screen.
var targetPurposes = map[decide.Purpose]bool{
	decide.PurposeTarget: true, decide.PurposeField: true, decide.PurposeControl: true,
	decide.PurposeOption: true, decide.PurposeStopTarget: true,
}

// cacheKey names question id of the running step with its words; n is
// taken from the run's count of that question when counting.
func (r *runner) cacheKey(id, ask, value string, counting bool) cache.Key {
	k := cache.Key{Step: r.cur.step.Path, Question: strings.TrimPrefix(id, r.cur.step.Path+"/"), Ask: r.masker.Mask(ask), Value: r.masker.Mask(value)}
	if counting {
		r.asked[k]++
		k.N = r.asked[k]
	}
	return k
}

func (r *runner) reads() bool  { return r.book != nil && r.book.Mode().Reads() }
func (r *runner) writes() bool { return r.book != nil && r.book.Mode().Writes() }

// cacheNote records a hit or a miss on the running step and in the trace.
// A step's report names its first miss, a target's before any other: that
// the button moved says more than that the screen is new.
func (r *runner) cacheNote(id string, hit bool, why, control string, target bool) {
	st := r.cur
	if hit {
		st.cacheHits++
	} else {
		st.cacheMisses++
		if st.cacheMiss == "" || target && !st.targetMissed {
			st.cacheMiss, st.targetMissed = why, target
		}
	}
	word := "miss"
	if hit {
		word = "hit"
	}
	r.emit(Event{Kind: EventCached, Question: id, Cache: word, Reason: why, Control: control})
}

// cachedChoice answers q from the book: a stored target found again among
// q's options (before they are narrowed), or an exact answer stored for
// the narrowed question n on the same screen. ok is false on a miss.
func (r *runner) cachedChoice(q, n decide.Question, k cache.Key, digest string) (opt *decide.Option, ok bool) {
	if t, found := r.book.Target(k); found {
		cands, idx := offeredControls(q)
		i, why := t.Find(screenOf(q.Screen), cands)
		if i >= 0 {
			r.cacheNote(q.ID, true, "found "+t.Summary()+" again", withGroup(cands[i]), true)
			return &q.Options[idx[i]], true
		}
		r.cacheNote(q.ID, false, why, "", true)
		return nil, false
	}
	if a, found := r.book.Answer(k, digest); found {
		if a.Choice == 0 {
			r.cacheNote(q.ID, true, "the same question on the same screen had no answer", "", false)
			return nil, true
		}
		if a.Choice <= len(n.Options) {
			o := &n.Options[a.Choice-1]
			r.cacheNote(q.ID, true, "the same question on the same screen", optionText(n, o.Key), false)
			return o, true
		}
	}
	r.cacheNote(q.ID, false, r.missWhy(k), "", false)
	return nil, false
}

// missWhy says why a question found nothing in the book.
func (r *runner) missWhy(k cache.Key) string {
	if r.book.HasAnswers(k) {
		return "the screen is not one this question was answered on"
	}
	return "not in the cache"
}

// storeChoice writes the decider's answer to n, the question as asked
// (q before it was narrowed), back.
func (r *runner) storeChoice(q, n decide.Question, k cache.Key, digest string, c decide.Choice) {
	text := r.stepSources[r.cur.step.Path]
	if targetPurposes[n.Purpose] && c.Key != "" {
		s := screenOf(n.Screen)
		offered, _ := offeredControls(q)
		for i, cand := range s.Candidates {
			if cand.Ref == c.Key {
				r.book.PutTarget(k, text, cache.Sign(s, i, offered))
				return
			}
		}
	}
	if c.Key == "" && len(c.Ambiguous) > 1 {
		return // a tie is asked again, never replayed
	}
	a := cache.Answer{Digest: digest, Why: r.masker.Mask(c.Why)}
	for i, o := range n.Options {
		if o.Key == c.Key && c.Key != "" {
			a.Choice = i + 1
		}
	}
	if c.Key != "" && a.Choice == 0 {
		return
	}
	r.book.PutAnswer(k, text, a)
}

// offeredControls are the controls q offers, with the index of each
// one's option.
func offeredControls(q decide.Question) ([]surfaces.Candidate, []int) {
	cands := make([]surfaces.Candidate, 0, len(q.Options))
	idx := make([]int, 0, len(q.Options))
	for i, o := range q.Options {
		if o.Candidate != nil {
			cands = append(cands, *o.Candidate)
			idx = append(idx, i)
		}
	}
	return cands, idx
}

// questionDigest fingerprints what a question shows the decider.
func questionDigest(q decide.Question) string {
	parts := []string{string(q.Purpose), q.Ask, q.Value, q.Anchor}
	for _, o := range q.Options {
		parts = append(parts, o.Label)
	}
	return cache.Digest(screenOf(q.Screen), parts...)
}

// statementDigest fingerprints what a judgement shows the decider.
func statementDigest(st decide.Statement) string {
	parts := []string{st.Text, strconv.FormatBool(st.Goal), strconv.FormatBool(st.Negated)}
	parts = append(parts, st.Done...)
	return cache.Digest(screenOf(st.Screen), parts...)
}

// screenOf is the screen a brief was taken from, as far as it shows it.
func screenOf(b decide.Brief) surfaces.Screen {
	return surfaces.Screen{URL: b.URL, Title: b.Title, Layer: b.Layer, Candidates: b.Candidates, Context: b.Context}
}

// stepSources maps every step path of f to its source text, the words an
// entry of the book is kept for.
func stepSources(f *plan.Flow) map[string]string {
	out := map[string]string{}
	f.Walk(func(s *plan.Step) { out[s.Path] = cache.StepText(s) })
	return out
}

// Seed is a control a person used for a step, stored before any run
// (`flow record`): the control a do pressed, the field an enter pair
// typed into, the control a stop_before stops in front of.
type Seed struct {
	// Step is the kind of the step it belongs to: do, enter or
	// stop_before.
	Step plan.Kind
	// Suggestion marks, in an enter step, the suggestion picked after
	// typing into the field of the seed before it.
	Suggestion bool
	Target     cache.Target
}

// SeedCache stores seeds in book as the answers to the first question of
// each do step, enter pair and stop_before of flow, in source order, with
// the facts the run will have; it stops at the first seed that does not
// fit the step it falls on, and returns how many it stored. The answers
// are checked on the screen like any other before a run replays them.
func SeedCache(book *cache.Book, flow *plan.Flow, facts map[string]any, seeds []Seed) int {
	n := 0
	stop := false
	flow.Walk(func(s *plan.Step) {
		if stop {
			return
		}
		put := func(question, ask, value string) {
			if n >= len(seeds) || seeds[n].Step != s.Kind || seeds[n].Suggestion != strings.HasPrefix(question, "option") {
				stop = true
				return
			}
			book.PutTarget(cache.Key{Step: s.Path, Question: question, Ask: ask, Value: value, N: 1}, cache.StepText(s), seeds[n].Target)
			n++
		}
		switch s.Kind {
		case plan.KindDo, plan.KindStopBefore:
			ask, err := s.Text.Render(facts)
			if err != nil {
				stop = true
				return
			}
			question := "target"
			if s.Kind == plan.KindStopBefore {
				question = "stop_target"
			}
			put(question, ask, "")
		case plan.KindEnter:
			for _, p := range s.Pairs {
				field, err := p.Field.Render(facts)
				value, ok := seedValue(p.Value, facts)
				if err != nil || !ok {
					stop = true
					return
				}
				if put(slotID("field", s, field), field, value); stop {
					return
				}
				if n < len(seeds) && seeds[n].Suggestion {
					put(slotID("option", s, field), field, value)
				}
			}
		}
	})
	return n
}

// seedValue is the value an enter pair shows its question, as the run's
// value does: "" for a secret.
func seedValue(v *plan.Value, facts map[string]any) (string, bool) {
	switch {
	case v == nil, v.Secret:
		return "", true
	case v.Ref != "":
		x, ok := facts[v.Ref]
		return plan.Render(x), ok
	case v.Text != nil:
		s, err := v.Text.Render(facts)
		return s, err == nil
	case v.Number != nil:
		return plan.Render(*v.Number), true
	case v.Bool != nil:
		return plan.Render(*v.Bool), true
	}
	return plan.Render(v.List), true
}

// cacheOutcome is a step's cache use for its report: "hit" when every
// question it asked was answered from the book, "miss: why" when one was
// not, empty when it asked none or the run reads no book.
func cacheOutcome(st *stepState) string {
	switch {
	case st.cacheMisses > 0:
		return "miss: " + st.cacheMiss
	case st.cacheHits > 0:
		return "hit"
	}
	return ""
}
