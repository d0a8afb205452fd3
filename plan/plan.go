package plan

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/expr-lang/expr/vm"
)

// Program is the result of compiling one flow file: the flows it defines, in
// source order, each with every call expanded. Which one runs is chosen by the
// caller (the only flow, or the one named by `--flow`).
type Program struct {
	// Files lists every source file the program was built from, the compiled
	// file first, then its imports in the order they were loaded.
	Files []string `json:"files"`
	// Flows are the flows defined in the compiled file.
	Flows []*Flow `json:"flows"`
}

// Flow is one compiled flow.
type Flow struct {
	Name        string    `json:"name"`
	Description string    `json:"description"`
	File        string    `json:"file"`
	Range       Range     `json:"range"`
	Facts       []*Fact   `json:"facts,omitempty"`
	Secrets     []*Secret `json:"secrets,omitempty"`
	// Allow holds the origins the run may visit, each a template because
	// facts may be interpolated (`allow "${site}"`). Empty means the origin of
	// the first browse.
	Allow   []*Template `json:"allow,omitempty"`
	Budget  Budget      `json:"budget"`
	Payment Payment     `json:"payment"`
	Steps   []*Step     `json:"steps"`
}

// Fact is a declared input value.
type Fact struct {
	Name string `json:"name"`
	Type Type   `json:"type"`
	Doc  string `json:"doc,omitempty"`
	// Default is the declared default as written (a date default stays the
	// text "2026-12-24"); nil when there is none.
	Default *Literal `json:"default,omitempty"`
	// Required is true when there is no default: the facts file or the
	// caller must supply the value.
	Required bool  `json:"required"`
	Range    Range `json:"range"`
}

// Secret is a declared secret. Only its name and doc are in a plan.
type Secret struct {
	Name  string `json:"name"`
	Doc   string `json:"doc,omitempty"`
	Range Range  `json:"range"`
}

// Literal is a constant written in the source: exactly one of Str, Num and
// Bool is set, or List is (IsList distinguishes `[]` from no value).
type Literal struct {
	Str    *string  `json:"str,omitempty"`
	Num    *float64 `json:"num,omitempty"`
	Bool   *bool    `json:"bool,omitempty"`
	List   []string `json:"list,omitempty"`
	IsList bool     `json:"is_list,omitempty"`
}

// Budget holds the ceilings of a run, with the contract's defaults filled in
// for any part the flow leaves out.
type Budget struct {
	Actions   int      `json:"actions"`
	Decisions int      `json:"decisions"`
	Time      Duration `json:"time"`
}

// Default budget parts, as the language contract states them.
const (
	DefaultActions   = 60
	DefaultDecisions = 400
	DefaultTime      = Duration(10 * time.Minute)
)

// Payment is the flow's payment mode.
type Payment string

const (
	// PaymentStop stops in front of card fields and payment controls (the default).
	PaymentStop Payment = "stop"
	// PaymentFillThenApprove lets card data be typed on allowed origins; the
	// paying control is still pressed only with approval.
	PaymentFillThenApprove Payment = "fill_then_approve"
)

// Type is a flow type: the declared type of a fact, a variable or an
// expression's result.
type Type string

// The flow types. TypeAny is what an expression whose type the checker cannot
// pin down (an element of an untyped collection, say) yields.
const (
	TypeText   Type = "text"
	TypeNumber Type = "number"
	TypeBool   Type = "bool"
	TypeDate   Type = "date"
	TypeMoney  Type = "money"
	TypeEmail  Type = "email"
	TypeURL    Type = "url"
	TypeList   Type = "list"
	TypeAny    Type = "any"
)

// Types lists the type names a flow may declare, in the contract's order.
func Types() []Type {
	return []Type{TypeText, TypeNumber, TypeBool, TypeDate, TypeMoney, TypeEmail, TypeURL, TypeList}
}

// Kind is what a step does.
type Kind string

// The step kinds, one per statement of the language (a call is KindCall,
// and a do whose whole text is a pause, "wait 3 seconds", is KindPause).
const (
	KindBrowse     Kind = "browse"
	KindOpen       Kind = "open"
	KindDo         Kind = "do"
	KindPause      Kind = "pause"
	KindPress      Kind = "press"
	KindEnter      Kind = "enter"
	KindChoose     Kind = "choose"
	KindRead       Kind = "read"
	KindExtract    Kind = "extract"
	KindPick       Kind = "pick"
	KindVerify     Kind = "verify"
	KindWaitFor    Kind = "wait_for"
	KindCheck      Kind = "check"
	KindSet        Kind = "set"
	KindIf         Kind = "if"
	KindRepeat     Kind = "repeat"
	KindFor        Kind = "for"
	KindStopBefore Kind = "stop_before"
	KindCall       Kind = "call"
)

// Step is one executable statement. Which operands are set depends on Kind:
//
//	browse, open, do, press, verify, stop_before   Text
//	wait_for                                       Text, Within
//	pause                                          Text (as written), Pause
//	enter, choose                                  Pairs
//	read                                           Text (WHAT), Into, As
//	extract                                        Text (WHAT), Into, As = list
//	pick                                           Text (LIST), Criterion, Into, As = text
//	check                                          Expr, Message (may be nil)
//	set                                            Into, Expr, As = the expression's type
//	if                                             Branches, Else
//	repeat                                         Cond, Max, Body
//	for                                            Var, Expr (the list), Max, Body
//	call                                           Call, Body (the callee's steps)
type Step struct {
	Path  string `json:"path"`
	Kind  Kind   `json:"kind"`
	Range Range  `json:"range"`

	Text      *Template `json:"text,omitempty"`
	Criterion *Template `json:"criterion,omitempty"`
	Message   *Template `json:"message,omitempty"`
	Pairs     []*Pair   `json:"pairs,omitempty"`

	// Into names the variable a read, extract, pick or set stores into;
	// Assign is true when that variable was already visible and this step
	// gives it a new value (same type) instead of defining it.
	Into   string `json:"into,omitempty"`
	Assign bool   `json:"assign,omitempty"`
	As     Type   `json:"as,omitempty"`

	Expr   *Expr    `json:"expr,omitempty"`
	Cond   *Cond    `json:"cond,omitempty"`
	Max    int      `json:"max,omitempty"`
	Within Duration `json:"within,omitempty"`
	Pause  Duration `json:"pause,omitempty"` // a fixed time: a pause has no evidence to wait for
	Var    string   `json:"var,omitempty"`

	Branches []*Branch `json:"branches,omitempty"`
	Else     []*Step   `json:"else,omitempty"`
	Body     []*Step   `json:"body,omitempty"`
	Call     *Call     `json:"call,omitempty"`
}

// Default limits of steps, as the language contract states them.
const (
	DefaultRepeatMax = 5
	MaxRepeatMax     = 20
	DefaultForMax    = 100
	MaxForMax        = 1000
	DefaultWaitFor   = Duration(30 * time.Second)
	// MaxPause bounds a pause: a flow that needs longer is waiting for
	// something, and wait_for names it.
	MaxPause = Duration(10 * time.Minute)
)

// Branch is one `if` or `else if` of an if step.
type Branch struct {
	Cond  *Cond   `json:"cond"`
	Steps []*Step `json:"steps"`
}

// Cond is a condition: a screen condition (Screen, judged by the decision
// model, negated when Not) or a data expression (Expr, bool-typed).
type Cond struct {
	Screen *Template `json:"screen,omitempty"`
	Not    bool      `json:"not,omitempty"`
	Expr   *Expr     `json:"expr,omitempty"`
	Range  Range     `json:"range"`
}

// Pair is one `FIELD = VALUE` of an enter or choose step.
type Pair struct {
	Field *Template `json:"field"`
	Value *Value    `json:"value"`
	Range Range     `json:"range"`
}

// Value is what is typed, chosen or passed: a literal (Text, Number, Bool)
// or a reference by name to a fact, variable or secret visible at the step.
// A secret reference has Secret set and carries only the name.
type Value struct {
	Text   *Template `json:"text,omitempty"`
	Number *float64  `json:"number,omitempty"`
	Bool   *bool     `json:"bool,omitempty"`
	List   []string  `json:"list,omitempty"` // a list fact's default bound by a call
	Ref    string    `json:"ref,omitempty"`
	Secret bool      `json:"secret,omitempty"`
	// Type is the flow type of the value (for a reference, the declared type
	// of what it names); the runtime renders it by [Render].
	Type  Type  `json:"type"`
	Range Range `json:"range"`
}

// Call is an expanded call of another flow. The callee's steps are the Body
// of the call step.
type Call struct {
	// Flow is the callee's qualified name: `web.dismiss_cookies` for an
	// imported flow, the bare name for a flow of the same file.
	Flow string `json:"flow"`
	// File is the file that defines the callee.
	File string `json:"file"`
	// Args binds every fact and secret of the callee, in its declaration
	// order: the value passed, or the fact's default.
	Args []*Arg `json:"args"`
}

// Arg binds one parameter (fact or secret) of a called flow. Value is
// evaluated in the caller's scope; a default is a literal.
type Arg struct {
	Name    string `json:"name"`
	Value   *Value `json:"value"`
	Default bool   `json:"default,omitempty"`
}

// Template is text with interpolations: the parts are concatenated after each
// expression is evaluated and rendered by [Render].
type Template struct {
	Parts []*Part `json:"parts"`
	Range Range   `json:"range"`
}

// Part is one piece of a [Template]: literal text, or an expression.
type Part struct {
	Text string `json:"text,omitempty"`
	Expr *Expr  `json:"expr,omitempty"`
}

// Expr is a data expression in the expr language, type-checked at compile
// time. Program is the compiled form, rebuilt by the compiler's Relink after
// a plan is loaded from JSON.
type Expr struct {
	Src   string `json:"src"`
	Type  Type   `json:"type"`
	Range Range  `json:"range"`
	// Vars are the facts and variables the expression reads, with their
	// types: the environment it was checked against and must run in.
	Vars    []Var       `json:"vars,omitempty"`
	Program *vm.Program `json:"-"`
}

// Var is a name an expression reads and its flow type.
type Var struct {
	Name string `json:"name"`
	Type Type   `json:"type"`
}

// Range is a span of a source file. It mirrors the grammar's range without
// importing it: Line and Col start at 1, columns count bytes, the end is
// exclusive.
type Range struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"end_line"`
	EndCol  int    `json:"end_col"`
}

// String formats r as FILE:LINE:COL, as diagnostics do.
func (r Range) String() string {
	if r.File == "" {
		return fmt.Sprintf("%d:%d", r.Line, r.Col)
	}
	return fmt.Sprintf("%s:%d:%d", r.File, r.Line, r.Col)
}

// Duration is a time.Duration that reads and writes JSON as text ("20s").
type Duration time.Duration

// MarshalText writes d as Go's duration text.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// UnmarshalText reads Go's duration text.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// Load reads a plan written by json.Marshal. The expression programs are not
// in the JSON: call the compiler's Relink before running the plan.
func Load(data []byte) (*Program, error) {
	var p Program
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("reading plan: %w", err)
	}
	return &p, nil
}

// Flow returns the flow of p named name, or nil.
func (p *Program) Flow(name string) *Flow {
	for _, f := range p.Flows {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Exprs calls fn for every expression of f, including those inside templates,
// conditions, values and nested steps, in source order. The compiler's Relink
// uses it to rebuild programs; a tool may use it to list them.
func (f *Flow) Exprs(fn func(*Expr)) {
	for _, t := range f.Allow {
		t.exprs(fn)
	}
	walkSteps(f.Steps, func(s *Step) {
		s.Text.exprs(fn)
		s.Criterion.exprs(fn)
		s.Message.exprs(fn)
		for _, p := range s.Pairs {
			p.Field.exprs(fn)
			p.Value.exprs(fn)
		}
		if s.Expr != nil {
			fn(s.Expr)
		}
		s.Cond.exprs(fn)
		for _, b := range s.Branches {
			b.Cond.exprs(fn)
		}
		if s.Call != nil {
			for _, a := range s.Call.Args {
				a.Value.exprs(fn)
			}
		}
	})
}

// Walk calls fn for every step of f, depth first in source order (a step
// before the steps nested in it).
func (f *Flow) Walk(fn func(*Step)) { walkSteps(f.Steps, fn) }

func walkSteps(steps []*Step, fn func(*Step)) {
	for _, s := range steps {
		fn(s)
		for _, b := range s.Branches {
			walkSteps(b.Steps, fn)
		}
		walkSteps(s.Else, fn)
		walkSteps(s.Body, fn)
	}
}

func (t *Template) exprs(fn func(*Expr)) {
	if t == nil {
		return
	}
	for _, p := range t.Parts {
		if p.Expr != nil {
			fn(p.Expr)
		}
	}
}

func (c *Cond) exprs(fn func(*Expr)) {
	if c == nil {
		return
	}
	c.Screen.exprs(fn)
	if c.Expr != nil {
		fn(c.Expr)
	}
}

func (v *Value) exprs(fn func(*Expr)) {
	if v != nil {
		v.Text.exprs(fn)
	}
}
