package grammar

import (
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// Collapsing flat statements.
//
// Participle costs a few allocations per token and per grammar node, and
// most lines of a flow are flat statements of a handful of shapes (`do
// "…"`, `enter "…" = name`, `verify "…"`). Before a flow goes to the parser,
// every flat statement at the start of a line is checked on its own by its
// participle production and, when it parses, replaced by one Stmt token
// that stands for the whole line. The flow parser then sees the block
// structure (flows, blocks, if/repeat/for headers) and one token per flat
// statement. A statement that does not parse is left as it is, so the flow
// parser meets the same error in context and reports it as usual.
//
// A flat statement's parse depends only on its shape: the kinds of its
// tokens and the words the grammar matches literally. Shapes participle
// accepted are remembered, so a repeated shape costs a lookup instead of a
// parser run. The set is bounded; correctness never depends on it, since an
// unknown shape is simply checked again.

// collapse marks, for the flow unit toks[lo:hi], the flat statements that
// parse: n[i] is the number of tokens the Stmt token at i stands for.
func (s *scanner) collapse(lo, hi int) {
	if len(s.coll) != len(s.toks) {
		if cap(s.coll) >= len(s.toks) {
			s.coll = s.coll[:len(s.toks)]
		} else {
			s.coll = make([]int32, len(s.toks))
		}
	}
	toks := s.toks
	var buf [160]byte
	for i := lo + 1; i < hi; i++ {
		if toks[i-1].kind != kNL {
			continue
		}
		t := &toks[i]
		var p *stmtProd
		switch t.kind {
		case kKeyword:
			p = stmtProds[t.text]
		case kIdent:
			p = callProd
		}
		if p == nil || !p.flat {
			continue
		}
		key, n := shapeOf(toks[i:hi], buf[:0])
		if n == 0 {
			continue
		}
		if !shapes.known(key) {
			peek, err := lexer.Upgrade(&tokLexer{toks: toks[i : i+n], file: s.file, eof: toks[i+n-1].end()})
			if err != nil {
				continue
			}
			if _, err := p.parse(peek); err != nil || !peek.Peek().EOF() {
				continue
			}
			shapes.add(key)
		}
		s.coll[i] = int32(n)
		i += n - 1
	}
}

// literalWord reports whether the grammar matches the identifier w by its
// text, so that it belongs in a shape.
func literalWord(w string) bool {
	switch w {
	case "as", "into", "by", "within", "max", "in", "until", "not":
		return true
	}
	return false
}

// shapeOf returns the shape of the flat statement at the start of toks and
// its token count through its NL (an enter or choose block runs to the NL
// after its `}`). n is 0 when the statement has no shape worth keeping: it
// reaches the end of the unit, holds a nested `{`, or is long.
func shapeOf(toks []lexToken, buf []byte) (key []byte, n int) {
	block := false
	for i := range toks {
		t := &toks[i]
		if len(buf) > 150 {
			return buf, 0
		}
		buf = append(buf, byte(t.kind))
		switch t.kind {
		case kKeyword, kPunct:
			buf = append(buf, t.text...)
			buf = append(buf, 0)
			switch t.text {
			case "{":
				if i != 1 || block {
					return buf, 0
				}
				block = true
			case "}":
				block = false
			}
		case kIdent:
			if literalWord(t.text) {
				buf = append(buf, t.text...)
				buf = append(buf, 0)
			}
		case kNL:
			if !block {
				return buf, i + 1
			}
		case kEOF:
			return buf, 0
		}
	}
	return buf, 0
}

// shapeSet is the set of statement shapes participle has accepted. It is
// shared by all parses and bounded, so hostile input cannot grow it.
type shapeSet struct {
	mu sync.RWMutex
	m  map[string]struct{}
}

var shapes = &shapeSet{m: make(map[string]struct{})}

const maxShapes = 4096

func (s *shapeSet) known(key []byte) bool {
	s.mu.RLock()
	_, ok := s.m[string(key)]
	s.mu.RUnlock()
	return ok
}

func (s *shapeSet) add(key []byte) {
	s.mu.Lock()
	if len(s.m) < maxShapes {
		s.m[string(key)] = struct{}{}
	}
	s.mu.Unlock()
}
