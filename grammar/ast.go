package grammar

import "time"

// Node is any element of the syntax tree. Every node knows the range of
// source text it was parsed from.
type Node interface {
	Span() Range
}

// File is one parsed .flow file.
type File struct {
	Range
	Name     string     // the file name the source was read from
	Imports  []*Import  // in source order
	Flows    []*Flow    // in source order
	Comments []*Comment // every comment of the file, in source order, for the printer
}

// Comment is one `#` comment, from the `#` to the end of its line (the text
// keeps the `#`). Trailing is true when code stands before it on its line.
type Comment struct {
	Range
	Text     string
	Trailing bool
}

// Import is `import "PATH" [as NAME]`.
type Import struct {
	Range
	Path  *StringLit
	Alias *Ident // nil without `as`
}

// Flow is `flow NAME "description" { … }`.
type Flow struct {
	Range
	Name        *Ident
	Description *StringLit
	Body        *Block // declarations and steps in source order; the compiler checks that declarations come first
}

// Block is a brace-delimited list of statements. Its range runs from `{` to `}`.
type Block struct {
	Range
	Stmts []Stmt
}

// Ident is a name: a fact, secret, variable, flow or import alias.
type Ident struct {
	Range
	Name string
}

// StringLit is a string in the source: "…" or a """ multi-line text.
// Parts holds the decoded text (escapes resolved, multi-line indentation
// removed) split at `${…}` interpolations.
type StringLit struct {
	Range
	Raw       string // the exact source text, quotes included
	Parts     []StrPart
	Multiline bool
}

// StrPart is either literal text or one `${expr}` interpolation.
type StrPart struct {
	Text   string // decoded literal text; empty when Interp is set
	Interp *Expr  // the expression inside ${…}, nil for literal text
}

// Value returns the decoded text of s when it has no interpolations.
func (s *StringLit) Value() (string, bool) {
	var out string
	for _, p := range s.Parts {
		if p.Interp != nil {
			return "", false
		}
		out += p.Text
	}
	return out, true
}

// NumberLit is a number such as 12 or 3.5.
type NumberLit struct {
	Range
	Raw   string
	Value float64
}

// DurationLit is a duration such as 500ms, 20s, 5m or 1h.
type DurationLit struct {
	Range
	Raw   string
	Value time.Duration
}

// BoolLit is true or false.
type BoolLit struct {
	Range
	Value bool
}

// Expr is raw expr-lang source text, kept verbatim with its exact range so the
// compiler can map expr's own error positions back into the flow file.
type Expr struct {
	Range
	Src string
}

// TypeRef names a type: text, number, bool, date, money, email, url, list.
type TypeRef struct {
	Range
	Name string
}

// Literal is a fact default: a string, number, bool or a list of literals.
// Exactly one field is set.
type Literal struct {
	Range
	Str  *StringLit
	Num  *NumberLit
	Bool *BoolLit
	List []*Literal // set (possibly empty) when IsList
	// IsList distinguishes an empty list `[]` from no value. The grammar
	// allows only scalars inside a list, so List never holds a list.
	IsList bool
}

// Value is the right-hand side of an `enter`/`choose` pair or a call
// argument: a string, a number, a bool or a bare name. Exactly one is set.
type Value struct {
	Range
	Str  *StringLit
	Num  *NumberLit
	Bool *BoolLit
	Name *Ident
}

// Cond is the condition of `if`, `else if` and `repeat until`: either a
// screen condition (one string, optionally after `not`) or a data expression.
type Cond struct {
	Range
	Not    bool       // `not "…"`; only for screen conditions
	Screen *StringLit // set for a screen condition
	Expr   *Expr      // set for a data expression
}

// Stmt is a declaration or a step inside a flow body or block.
type Stmt interface {
	Node
	stmt()
}

// ---- declarations ----

// FactDecl is `fact NAME: TYPE ["doc"] [= DEFAULT]`.
type FactDecl struct {
	Range
	Name    *Ident
	Type    *TypeRef
	Doc     *StringLit // nil when absent
	Default *Literal   // nil when absent
}

// SecretDecl is `secret NAME ["doc"]`.
type SecretDecl struct {
	Range
	Name *Ident
	Doc  *StringLit
}

// AllowDecl is `allow "ORIGIN", …`.
type AllowDecl struct {
	Range
	Origins []*StringLit
}

// BudgetDecl is `budget actions N, decisions N, time DURATION`, any part left out.
type BudgetDecl struct {
	Range
	Items []*BudgetItem
}

// BudgetItem is one part of a budget: Kind is actions, decisions or time;
// Count is set for the first two, Duration for time.
type BudgetItem struct {
	Range
	Kind     *Ident
	Count    *NumberLit
	Duration *DurationLit
}

// PaymentDecl is `payment stop` or `payment fill_then_approve`.
type PaymentDecl struct {
	Range
	Mode *Ident
}

// ---- steps ----

// BrowseStmt is `browse URL`.
type BrowseStmt struct {
	Range
	URL *StringLit
}

// OpenStmt is `open APP`.
type OpenStmt struct {
	Range
	App *StringLit
}

// DoStmt is `do TEXT`.
type DoStmt struct {
	Range
	Text *StringLit
}

// PressStmt is `press KEYS`.
type PressStmt struct {
	Range
	Keys *StringLit
}

// Pair is one `FIELD = VALUE` of an enter or choose step.
type Pair struct {
	Range
	Field *StringLit
	Value *Value
}

// EnterStmt is `enter FIELD = VALUE` or the block form `enter { … }`.
type EnterStmt struct {
	Range
	Pairs []*Pair
	Block bool // written as a block; the printer keeps the form
}

// ChooseStmt is `choose FIELD = OPTION` or the block form.
type ChooseStmt struct {
	Range
	Pairs []*Pair
	Block bool
}

// ReadStmt is `read WHAT into NAME [as TYPE]`.
type ReadStmt struct {
	Range
	What *StringLit
	Into *Ident
	As   *TypeRef // nil means text
}

// ExtractStmt is `extract WHAT into NAME`.
type ExtractStmt struct {
	Range
	What *StringLit
	Into *Ident
}

// PickStmt is `pick LIST by CRITERION into NAME`.
type PickStmt struct {
	Range
	List      *StringLit
	Criterion *StringLit
	Into      *Ident
}

// VerifyStmt is `verify TEXT`.
type VerifyStmt struct {
	Range
	Text *StringLit
}

// WaitForStmt is `wait_for TEXT [within DURATION]`.
type WaitForStmt struct {
	Range
	Text   *StringLit
	Within *DurationLit // nil means the default
}

// CheckStmt is `check EXPR[, "message"]`.
type CheckStmt struct {
	Range
	Expr    *Expr
	Message *StringLit // nil when absent
}

// SetStmt is `set NAME = EXPR`.
type SetStmt struct {
	Range
	Name *Ident
	Expr *Expr
}

// IfStmt is `if COND { … } [else if COND { … }]… [else { … }]`.
type IfStmt struct {
	Range
	Branches []*IfBranch // the `if` and each `else if`, in order
	Else     *Block      // nil without a final `else`
}

// IfBranch is one condition and its block.
type IfBranch struct {
	Range
	Cond *Cond
	Body *Block
}

// RepeatStmt is `repeat until COND [max N] { … }`.
type RepeatStmt struct {
	Range
	Until *Cond
	Max   *NumberLit // nil means the default
	Body  *Block
}

// ForStmt is `for NAME in EXPR [max N] { … }`.
type ForStmt struct {
	Range
	Var  *Ident
	In   *Expr
	Max  *NumberLit
	Body *Block
}

// StopBeforeStmt is `stop_before TEXT`.
type StopBeforeStmt struct {
	Range
	Text *StringLit
}

// CallStmt is `NAME(ARGS)` or `LIB.NAME(ARGS)`.
type CallStmt struct {
	Range
	Lib  *Ident // nil for a flow of the same file
	Name *Ident
	Args []*Arg
}

// Arg is one `NAME = VALUE` argument of a call.
type Arg struct {
	Range
	Name  *Ident
	Value *Value
}

func (*FactDecl) stmt()       {}
func (*SecretDecl) stmt()     {}
func (*AllowDecl) stmt()      {}
func (*BudgetDecl) stmt()     {}
func (*PaymentDecl) stmt()    {}
func (*BrowseStmt) stmt()     {}
func (*OpenStmt) stmt()       {}
func (*DoStmt) stmt()         {}
func (*PressStmt) stmt()      {}
func (*EnterStmt) stmt()      {}
func (*ChooseStmt) stmt()     {}
func (*ReadStmt) stmt()       {}
func (*ExtractStmt) stmt()    {}
func (*PickStmt) stmt()       {}
func (*VerifyStmt) stmt()     {}
func (*WaitForStmt) stmt()    {}
func (*CheckStmt) stmt()      {}
func (*SetStmt) stmt()        {}
func (*IfStmt) stmt()         {}
func (*RepeatStmt) stmt()     {}
func (*ForStmt) stmt()        {}
func (*StopBeforeStmt) stmt() {}
func (*CallStmt) stmt()       {}

// IsDecl reports whether s is a declaration rather than a step.
func IsDecl(s Stmt) bool {
	switch s.(type) {
	case *FactDecl, *SecretDecl, *AllowDecl, *BudgetDecl, *PaymentDecl:
		return true
	}
	return false
}
