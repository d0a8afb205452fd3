package grammar

// Walk visits n and, when fn returns true, every node below it, depth first
// in source order. Interpolations inside strings are visited as their [Expr]
// nodes. Nil children are skipped, so Walk works on partial trees.
func Walk(n Node, fn func(Node) bool) {
	if isNil(n) || !fn(n) {
		return
	}
	forChildren(n, func(c Node) { Walk(c, fn) })
}

// Inspect is [Walk] with a closing call: after the children of a node for
// which fn returned true, it calls fn(nil), as go/ast.Inspect does, so a
// visitor can keep a stack of the enclosing nodes.
func Inspect(n Node, fn func(Node) bool) {
	if isNil(n) || !fn(n) {
		return
	}
	forChildren(n, func(c Node) { Inspect(c, fn) })
	fn(nil)
}

// Stmts calls fn for every statement of b and of the blocks nested in it,
// depth first, with the statement's nesting depth (0 for b's own).
func Stmts(b *Block, fn func(s Stmt, depth int)) {
	stmts(b, 0, fn)
}

func stmts(b *Block, depth int, fn func(Stmt, int)) {
	if b == nil {
		return
	}
	for _, s := range b.Stmts {
		fn(s, depth)
		switch s := s.(type) {
		case *IfStmt:
			for _, br := range s.Branches {
				stmts(br.Body, depth+1, fn)
			}
			stmts(s.Else, depth+1, fn)
		case *RepeatStmt:
			stmts(s.Body, depth+1, fn)
		case *ForStmt:
			stmts(s.Body, depth+1, fn)
		}
	}
}

// isNil reports whether n is nil or a typed nil pointer.
func isNil(n Node) bool {
	if n == nil {
		return true
	}
	switch v := n.(type) {
	case *File:
		return v == nil
	case *Comment:
		return v == nil
	case *Import:
		return v == nil
	case *Flow:
		return v == nil
	case *Block:
		return v == nil
	case *Ident:
		return v == nil
	case *StringLit:
		return v == nil
	case *NumberLit:
		return v == nil
	case *DurationLit:
		return v == nil
	case *BoolLit:
		return v == nil
	case *Expr:
		return v == nil
	case *TypeRef:
		return v == nil
	case *Literal:
		return v == nil
	case *Value:
		return v == nil
	case *Cond:
		return v == nil
	case *Pair:
		return v == nil
	case *BudgetItem:
		return v == nil
	case *IfBranch:
		return v == nil
	case *Arg:
		return v == nil
	case *FactDecl:
		return v == nil
	case *SecretDecl:
		return v == nil
	case *AllowDecl:
		return v == nil
	case *BudgetDecl:
		return v == nil
	case *PaymentDecl:
		return v == nil
	case *BrowseStmt:
		return v == nil
	case *OpenStmt:
		return v == nil
	case *DoStmt:
		return v == nil
	case *PressStmt:
		return v == nil
	case *EnterStmt:
		return v == nil
	case *ChooseStmt:
		return v == nil
	case *ReadStmt:
		return v == nil
	case *ExtractStmt:
		return v == nil
	case *PickStmt:
		return v == nil
	case *VerifyStmt:
		return v == nil
	case *WaitForStmt:
		return v == nil
	case *CheckStmt:
		return v == nil
	case *SetStmt:
		return v == nil
	case *IfStmt:
		return v == nil
	case *RepeatStmt:
		return v == nil
	case *ForStmt:
		return v == nil
	case *StopBeforeStmt:
		return v == nil
	case *CallStmt:
		return v == nil
	}
	return false
}

// forChildren calls visit for each direct child of n, in source order.
// Typed nil children are passed on; Walk and Inspect drop them.
func forChildren(n Node, visit func(Node)) {
	switch n := n.(type) {
	case *File:
		for _, im := range n.Imports {
			visit(im)
		}
		for _, fl := range n.Flows {
			visit(fl)
		}
	case *Import:
		visit(n.Path)
		visit(n.Alias)
	case *Flow:
		visit(n.Name)
		visit(n.Description)
		visit(n.Body)
	case *Block:
		for _, s := range n.Stmts {
			visit(s)
		}
	case *StringLit:
		for _, p := range n.Parts {
			if p.Interp != nil {
				visit(p.Interp)
			}
		}
	case *Literal:
		visit(n.Str)
		visit(n.Num)
		visit(n.Bool)
		for _, l := range n.List {
			visit(l)
		}
	case *Value:
		visit(n.Str)
		visit(n.Num)
		visit(n.Bool)
		visit(n.Name)
	case *Cond:
		visit(n.Screen)
		visit(n.Expr)
	case *Pair:
		visit(n.Field)
		visit(n.Value)
	case *BudgetItem:
		visit(n.Kind)
		visit(n.Count)
		visit(n.Duration)
	case *IfBranch:
		visit(n.Cond)
		visit(n.Body)
	case *Arg:
		visit(n.Name)
		visit(n.Value)
	case *FactDecl:
		visit(n.Name)
		visit(n.Type)
		visit(n.Doc)
		visit(n.Default)
	case *SecretDecl:
		visit(n.Name)
		visit(n.Doc)
	case *AllowDecl:
		for _, o := range n.Origins {
			visit(o)
		}
	case *BudgetDecl:
		for _, it := range n.Items {
			visit(it)
		}
	case *PaymentDecl:
		visit(n.Mode)
	case *BrowseStmt:
		visit(n.URL)
	case *OpenStmt:
		visit(n.App)
	case *DoStmt:
		visit(n.Text)
	case *PressStmt:
		visit(n.Keys)
	case *EnterStmt:
		for _, p := range n.Pairs {
			visit(p)
		}
	case *ChooseStmt:
		for _, p := range n.Pairs {
			visit(p)
		}
	case *ReadStmt:
		visit(n.What)
		visit(n.Into)
		visit(n.As)
	case *ExtractStmt:
		visit(n.What)
		visit(n.Into)
	case *PickStmt:
		visit(n.List)
		visit(n.Criterion)
		visit(n.Into)
	case *VerifyStmt:
		visit(n.Text)
	case *WaitForStmt:
		visit(n.Text)
		visit(n.Within)
	case *CheckStmt:
		visit(n.Expr)
		visit(n.Message)
	case *SetStmt:
		visit(n.Name)
		visit(n.Expr)
	case *IfStmt:
		for _, br := range n.Branches {
			visit(br)
		}
		visit(n.Else)
	case *RepeatStmt:
		visit(n.Until)
		visit(n.Max)
		visit(n.Body)
	case *ForStmt:
		visit(n.Var)
		visit(n.In)
		visit(n.Max)
		visit(n.Body)
	case *StopBeforeStmt:
		visit(n.Text)
	case *CallStmt:
		visit(n.Lib)
		visit(n.Name)
		for _, a := range n.Args {
			visit(a)
		}
	}
}
