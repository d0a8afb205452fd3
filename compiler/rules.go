package compiler

import (
	"regexp"
	"strings"
	"time"

	"flow/grammar"
	"flow/plan"
)

// walkStmts calls fn for every statement of stmts and of the blocks nested
// in them, in source order; inIf is true inside an if branch or else.
func walkStmts(stmts []grammar.Stmt, inIf bool, fn func(st grammar.Stmt, inIf bool)) {
	for _, st := range stmts {
		fn(st, inIf)
		for _, b := range blocksOf(st) {
			_, isIf := st.(*grammar.IfStmt)
			walkStmts(b.Stmts, inIf || isIf, fn)
		}
	}
}

// blocksOf returns the blocks a statement holds. Every rule walks every
// statement, and most hold none: those cost no allocation.
func blocksOf(st grammar.Stmt) []*grammar.Block {
	switch st := st.(type) {
	case *grammar.IfStmt:
		out := make([]*grammar.Block, 0, len(st.Branches)+1)
		for _, br := range st.Branches {
			if br.Body != nil {
				out = append(out, br.Body)
			}
		}
		if st.Else != nil {
			out = append(out, st.Else)
		}
		return out
	case *grammar.RepeatStmt:
		if st.Body != nil {
			return []*grammar.Block{st.Body}
		}
	case *grammar.ForStmt:
		if st.Body != nil {
			return []*grammar.Block{st.Body}
		}
	}
	return nil
}

func (p *pass) walk(fn func(st grammar.Stmt, inIf bool)) {
	if p.f.ast.Body != nil {
		walkStmts(p.f.ast.Body.Stmts, false, fn)
	}
}

// plainText returns a string's literal text, each interpolation standing as
// a space, for rules that read the words of a step.
func plainText(sl *grammar.StringLit) string {
	if sl == nil {
		return ""
	}
	var b strings.Builder
	for _, part := range sl.Parts {
		if part.Interp != nil {
			b.WriteByte(' ')
		} else {
			b.WriteString(part.Text)
		}
	}
	return b.String()
}

// L001
func lintUnused(p *pass) {
	for _, sym := range p.f.params {
		if !sym.used {
			p.report(sym.rng, "remove the declaration, or use it in a step", sym.kind.String()+" "+sym.name+" is never used")
		}
	}
}

// L002
func lintAfterStop(p *pass) {
	check := func(stmts []grammar.Stmt) {
		var stop grammar.Stmt
		for _, st := range stmts {
			if grammar.IsDecl(st) {
				continue
			}
			if stop != nil {
				p.report(st.Span(), "without --approve the run ends at the stop_before; move these steps into a flow of their own if they are meant to run after it",
					"a step after stop_before never runs without approval")
				return
			}
			if _, ok := st.(*grammar.StopBeforeStmt); ok {
				stop = st
			}
		}
	}
	if p.f.ast.Body != nil {
		check(p.f.ast.Body.Stmts)
	}
	p.walk(func(st grammar.Stmt, _ bool) {
		for _, b := range blocksOf(st) {
			check(b.Stmts)
		}
	})
}

var typingRe = regexp.MustCompile(`(?i)^\s*(please\s+)?(type|enter|fill\s+in|fill\s+out|write|input|key\s+in|put)\b`)

// L003
func lintDoTyping(p *pass) {
	p.walk(func(st grammar.Stmt, _ bool) {
		if do, ok := st.(*grammar.DoStmt); ok && typingRe.MatchString(plainText(do.Text)) {
			p.report(do.Text.Range, `enter types the value as data: enter "field" = value`, "do never types; this step asks for typing")
		}
	})
}

// L004
func lintIrreversible(p *pass) {
	p.walk(func(st grammar.Stmt, _ bool) {
		var text string
		var r grammar.Range
		switch st := st.(type) {
		case *grammar.DoStmt:
			text, r = plainText(st.Text), st.Range
		case *grammar.PickStmt:
			text, r = plainText(st.List)+" "+plainText(st.Criterion), st.Range
		default:
			return
		}
		if m, ok := describesIrreversible(text); ok {
			p.report(r, `the guard refuses such a control outside stop_before: write stop_before "`+strings.TrimSpace(text)+`"`,
				"this step names an irreversible or paying action ("+m+")")
		}
	})
}

// suspectWords returns the identifier-like words of text that hold an
// underscore or a digit (the only ones L005 looks at), without a regexp:
// the rule reads every text of every flow.
func suspectWords(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		c := text[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			i++
			continue
		}
		j, suspect := i, false
		for ; j < len(text); j++ {
			c := text[j]
			if c == '_' || c >= '0' && c <= '9' {
				suspect = true
			} else if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				break
			}
		}
		if suspect {
			out = append(out, text[i:j])
		}
		i = j
	}
	return out
}

// interpolates reports whether one of sl's interpolations names w.
func interpolates(sl *grammar.StringLit, w string) bool {
	for _, part := range sl.Parts {
		if part.Interp == nil {
			continue
		}
		for _, x := range suspectWords(part.Interp.Src) {
			if x == w {
				return true
			}
		}
	}
	return false
}

// L005
func lintBareName(p *pass) {
	names := map[string]bool{}
	for _, sym := range p.f.params {
		names[sym.name] = true
	}
	p.walk(func(st grammar.Stmt, _ bool) {
		var id *grammar.Ident
		switch st := st.(type) {
		case *grammar.SetStmt:
			id = st.Name
		case *grammar.ReadStmt:
			id = st.Into
		case *grammar.ExtractStmt:
			id = st.Into
		case *grammar.PickStmt:
			id = st.Into
		case *grammar.ForStmt:
			id = st.Var
		}
		if id != nil {
			names[id.Name] = true
		}
	})
	check := func(sl *grammar.StringLit) {
		if sl == nil {
			return
		}
		for _, part := range sl.Parts {
			if part.Interp != nil {
				continue
			}
			for _, w := range suspectWords(part.Text) {
				if names[w] && !interpolates(sl, w) {
					p.report(sl.Range, "write ${"+w+"} to use its value", w+" is written bare in step text; the model reads the name, not its value")
					return
				}
			}
		}
	}
	p.walk(func(st grammar.Stmt, _ bool) {
		for _, sl := range stepTexts(st) {
			check(sl)
		}
	})
}

// stepTexts returns the texts of a step that are shown to the model, apart
// from enter/choose field texts.
func stepTexts(st grammar.Stmt) []*grammar.StringLit {
	switch st := st.(type) {
	case *grammar.BrowseStmt:
		return []*grammar.StringLit{st.URL}
	case *grammar.OpenStmt:
		return []*grammar.StringLit{st.App}
	case *grammar.DoStmt:
		return []*grammar.StringLit{st.Text}
	case *grammar.PressStmt:
		return []*grammar.StringLit{st.Keys}
	case *grammar.VerifyStmt:
		return []*grammar.StringLit{st.Text}
	case *grammar.WaitForStmt:
		return []*grammar.StringLit{st.Text}
	case *grammar.StopBeforeStmt:
		return []*grammar.StringLit{st.Text}
	case *grammar.ReadStmt:
		return []*grammar.StringLit{st.What}
	case *grammar.ExtractStmt:
		return []*grammar.StringLit{st.What}
	case *grammar.PickStmt:
		return []*grammar.StringLit{st.List, st.Criterion}
	case *grammar.EnterStmt:
		return pairValues(st.Pairs)
	case *grammar.ChooseStmt:
		return pairValues(st.Pairs)
	case *grammar.IfStmt:
		var out []*grammar.StringLit
		for _, b := range st.Branches {
			if b.Cond != nil && b.Cond.Screen != nil {
				out = append(out, b.Cond.Screen)
			}
		}
		return out
	case *grammar.RepeatStmt:
		if st.Until != nil && st.Until.Screen != nil {
			return []*grammar.StringLit{st.Until.Screen}
		}
	}
	return nil
}

func pairValues(ps []*grammar.Pair) []*grammar.StringLit {
	var out []*grammar.StringLit
	for _, p := range ps {
		if p.Value != nil && p.Value.Str != nil {
			out = append(out, p.Value.Str)
		}
	}
	return out
}

// changeStems prefilter L006: the regexp runs only on texts holding one.
var changeStems = []string{"updat", "chang", "refresh", "reload", "increas", "decreas", "grow", "grew", "shrunk", "moved", "switch", "becom", "becam", "turned", "gone"}

// dismissStems prefilter L007 the same way.
var dismissStems = []string{"dismiss", "close", "accept", "reject", "decline", "hide", "deny", "refuse", "skip"}

// containsAny reports whether s holds one of subs.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

var changeRe = regexp.MustCompile(`(?i)\b(?:(?:has|have|had)\s+(?:been\s+|just\s+)?|(?:is|are|was|were|got|gets)\s+(?:being\s+)?)(?:updated|changed|refreshed|reloaded|increased|decreased|grown|grew|shrunk|moved|switched|become|turned|gone\s+up|gone\s+down)\b|\b(?:changes|updates|refreshes|reloads|increases|decreases|becomes|became)\b`)

// L006
func lintChange(p *pass) {
	p.walk(func(st grammar.Stmt, _ bool) {
		var sl *grammar.StringLit
		switch st := st.(type) {
		case *grammar.VerifyStmt:
			sl = st.Text
		case *grammar.WaitForStmt:
			sl = st.Text
		default:
			return
		}
		text := plainText(sl)
		if !containsAny(strings.ToLower(text), changeStems) {
			return
		}
		if m := changeRe.FindString(text); m != "" {
			p.report(sl.Range, `describe what the screen shows when it holds: "the cart shows 2 items"`,
				`"`+m+`" describes a change; a screen shows only a state`)
		}
	})
}

var dismissRe = regexp.MustCompile(`(?i)\b(dismiss|close|accept|reject|decline|hide|deny|refuse|skip)\b.*\b(pop-?ups?|banners?|dialogs?|modals?|overlays?|cookies?|consent|notices?|newsletter|prompts?|notifications?|offers?)\b`)

// L007
func lintDismiss(p *pass) {
	p.walk(func(st grammar.Stmt, inIf bool) {
		do, ok := st.(*grammar.DoStmt)
		if !ok || inIf {
			return
		}
		if text := plainText(do.Text); containsAny(strings.ToLower(text), dismissStems) && dismissRe.MatchString(text) {
			p.report(do.Range, `wrap it: if "the pop-up is shown" { … }`, "this do dismisses something that may not show, and fails when it does not")
		}
	})
}

// L008
func lintEntryEnd(p *pass) {
	if len(p.f.callers) > 0 || p.f.unit.std {
		return
	}
	if !endsChecked(p.f, map[*flowInfo]bool{}) {
		p.report(p.f.ast.Name.Range, `end it with what the screen shows when it worked: verify "…", or stop_before "…"`,
			"entry flow "+p.f.name+" ends without verify or stop_before")
	}
}

// endsChecked reports whether f's last step is a verify or stop_before, or
// a call of a flow that ends so.
func endsChecked(f *flowInfo, seen map[*flowInfo]bool) bool {
	if seen[f] || f.ast.Body == nil {
		return false
	}
	seen[f] = true
	stmts := f.ast.Body.Stmts
	for i := len(stmts) - 1; i >= 0; i-- {
		switch st := stmts[i].(type) {
		case *grammar.VerifyStmt, *grammar.StopBeforeStmt:
			return true
		case *grammar.CallStmt:
			for _, cs := range f.calls {
				if cs.stmt == st {
					return endsChecked(cs.callee, seen)
				}
			}
			return false
		default:
			if !grammar.IsDecl(st) {
				return false
			}
		}
	}
	return false
}

// L009
func lintStopSignIn(p *pass) {
	p.walk(func(st grammar.Stmt, _ bool) {
		if sb, ok := st.(*grammar.StopBeforeStmt); ok && isSignIn(plainText(sb.Text)) {
			p.report(sb.Range, `sign in with enter and do "sign in"; stop_before is for what cannot be taken back`,
				"stop_before names signing in, which is not irreversible")
		}
	})
}

// L010
func lintCalledSettings(p *pass) {
	if len(p.f.callers) == 0 {
		return
	}
	caller := p.f.callers[0].caller.name
	for _, kind := range []string{"allow", "budget", "payment"} {
		for _, r := range p.f.decls[kind] {
			p.report(r, "move it to the entry flow; only its "+kind+" applies to a run",
				kind+" in flow "+p.f.name+" is ignored: it is called by "+caller)
		}
	}
}

// L013
func lintPause(p *pass) {
	p.walk(func(st grammar.Stmt, _ bool) {
		do, ok := st.(*grammar.DoStmt)
		if !ok {
			return
		}
		// A pause out of bounds is an error (E047) already.
		if d, ok := pauseOf(do.Text); ok && d > 0 && d <= time.Duration(plan.MaxPause) {
			p.report(do.Range, `wait for the state the pause is for: wait_for "…" within `+durationLiteral(d)+` ends as soon as it holds`,
				"this do pauses "+durationLiteral(d)+" whatever the page does")
		}
	})
}
