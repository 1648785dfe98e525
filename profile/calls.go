package profile

import (
	"go/ast"
	"go/token"
	"go/types"
)

// maxCallDepth bounds how deep calls are followed for what they always
// access: accessors and small helpers are shallow.
const maxCallDepth = 3

// outcome is what is known of the value of a boolean expression where a
// statement runs: an if's body runs when its condition was true.
type outcome int8

const (
	unknown outcome = iota
	isTrue
	isFalse
)

func (o outcome) not() outcome {
	switch o {
	case isTrue:
		return isFalse
	case isFalse:
		return isTrue
	}
	return unknown
}

// mustIn adds to accs the field accesses that evaluating n certainly
// makes when n's value turns out as o (unknown for any node that is not
// a condition): its selectors, and what the functions it calls always
// access, but not those of function literals, nor those of an operand of
// && or || that the first operands decide whether to evaluate. Those are
// certain only when o says how they turned out: an if's body runs when
// every operand of its && condition was evaluated and true.
func (p *Program) mustIn(f *srcFile, n ast.Node, o outcome, accs []access, depth int) []access {
	switch e := n.(type) {
	case nil:
		return accs
	case *ast.ParenExpr:
		return p.mustIn(f, e.X, o, accs, depth)
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.mustIn(f, e.X, o.not(), accs, depth)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND: // X false leaves Y unevaluated
			if o == isTrue {
				return p.mustIn(f, e.Y, isTrue, p.mustIn(f, e.X, isTrue, accs, depth), depth)
			}
			return p.mustIn(f, e.X, unknown, accs, depth)
		case token.LOR: // X true leaves Y unevaluated
			if o == isFalse {
				return p.mustIn(f, e.Y, isFalse, p.mustIn(f, e.X, isFalse, accs, depth), depth)
			}
			return p.mustIn(f, e.X, unknown, accs, depth)
		}
	}
	ast.Inspect(n, func(c ast.Node) bool {
		switch c := c.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if c != n && (c.Op == token.LAND || c.Op == token.LOR) {
				accs = p.mustIn(f, c, unknown, accs, depth)
				return false
			}
		case *ast.SelectorExpr:
			for _, a := range p.selectorAccesses(f, c) {
				accs = appendAccess(accs, a)
			}
		case *ast.CallExpr:
			for _, a := range p.calleeAccesses(f, c, depth) {
				accs = appendAccess(accs, a)
			}
		}
		return true
	})
	return accs
}

// mustStmt is mustStmtOf, remembered for calls at depth 0.
func (p *Program) mustStmt(f *srcFile, s ast.Stmt, accs []access, depth int) []access {
	if depth != 0 {
		return p.mustStmtOf(f, s, accs, depth)
	}
	m, ok := p.musts[s]
	if !ok {
		if p.musts == nil {
			p.musts = map[ast.Stmt][]access{}
		}
		m = p.mustStmtOf(f, s, nil, 0)
		p.musts[s] = m
	}
	return appendAccesses(accs, m)
}

// mustStmtOf adds to accs the accesses that certainly ran once s completes
// and control goes on to the statement after it: its header, and of its
// branches those all the branches that can complete make. An if whose
// body returns contributes, to what follows it, its else and its
// condition as false.
func (p *Program) mustStmtOf(f *srcFile, s ast.Stmt, accs []access, depth int) []access {
	switch s := s.(type) {
	case *ast.IfStmt:
		accs = p.mustIn(f, s.Init, unknown, accs, depth)
		accs = p.mustIn(f, s.Cond, unknown, accs, depth)
		var arms [][]access
		if !terminates(s.Body.List) {
			arms = append(arms, p.mustBlock(f, s.Body.List, p.mustIn(f, s.Cond, isTrue, nil, depth), depth))
		}
		switch e := s.Else.(type) {
		case nil:
			arms = append(arms, p.mustIn(f, s.Cond, isFalse, nil, depth))
		case *ast.BlockStmt:
			if completes(e) {
				arms = append(arms, p.mustBlock(f, e.List, p.mustIn(f, s.Cond, isFalse, nil, depth), depth))
			}
		default:
			if completes(e) {
				arms = append(arms, p.mustStmt(f, e, p.mustIn(f, s.Cond, isFalse, nil, depth), depth))
			}
		}
		return appendAccesses(accs, intersect(arms))
	case *ast.SwitchStmt:
		accs = p.mustIn(f, s.Init, unknown, accs, depth)
		accs = p.mustIn(f, s.Tag, unknown, accs, depth)
		if !hasDefault(s.Body) {
			return accs
		}
		var arms [][]access
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			if terminates(cc.Body) {
				continue
			}
			arms = append(arms, p.mustBlock(f, untilBreak(cc.Body), p.caseKnown(f, s, cc, nil, depth), depth))
		}
		return appendAccesses(accs, intersect(arms))
	case *ast.TypeSwitchStmt:
		accs = p.mustIn(f, s.Init, unknown, accs, depth)
		return p.mustIn(f, s.Assign, unknown, accs, depth)
	case *ast.ForStmt:
		// The body may not run at all.
		accs = p.mustIn(f, s.Init, unknown, accs, depth)
		return p.mustIn(f, s.Cond, unknown, accs, depth)
	case *ast.RangeStmt:
		return p.mustIn(f, s.X, unknown, accs, depth)
	case *ast.SelectStmt:
		return accs
	case *ast.BlockStmt:
		return p.mustBlock(f, s.List, accs, depth)
	case *ast.LabeledStmt:
		return p.mustStmt(f, s.Stmt, accs, depth)
	case *ast.GoStmt:
		// The call's operands are evaluated here; the call runs in the
		// new goroutine.
		accs = p.mustIn(f, s.Call.Fun, unknown, accs, depth)
		for _, a := range s.Call.Args {
			accs = p.mustIn(f, a, unknown, accs, depth)
		}
		return accs
	}
	return p.mustIn(f, s, unknown, accs, depth)
}

// mustBlock adds to accs the accesses that certainly ran when control
// leaves list by its end: every statement's, as any statement that
// leaves otherwise does not get there, but for a goto or a label, after
// which what ran is not known.
func (p *Program) mustBlock(f *srcFile, list []ast.Stmt, accs []access, depth int) []access {
	for _, s := range list {
		if jumps(s) {
			return appendAccesses(accs, p.headerAccesses(f, s, depth))
		}
		accs = p.mustStmt(f, s, accs, depth)
	}
	return accs
}

// caseKnown adds to accs what reaching clause c of switch s says was
// evaluated: the expressions of the clauses before it, which did not
// match, and its first expression; in a switch with no tag, the
// expressions before it were false and c's single one true.
func (p *Program) caseKnown(f *srcFile, s *ast.SwitchStmt, c *ast.CaseClause, accs []access, depth int) []access {
	for _, x := range s.Body.List {
		xc := x.(*ast.CaseClause)
		if xc == c || xc.List == nil {
			continue
		}
		if c.List != nil && xc.Pos() > c.Pos() {
			break // clauses after c, but for default, which comes last
		}
		for _, e := range xc.List {
			o := unknown
			if s.Tag == nil {
				o = isFalse
			}
			accs = p.mustIn(f, e, o, accs, depth)
		}
	}
	if len(c.List) > 0 {
		o := unknown
		if s.Tag == nil && len(c.List) == 1 {
			o = isTrue
		}
		accs = p.mustIn(f, c.List[0], o, accs, depth)
	}
	return accs
}

func hasDefault(body *ast.BlockStmt) bool {
	for _, c := range body.List {
		if c.(*ast.CaseClause).List == nil {
			return true
		}
	}
	return false
}

// untilBreak cuts a switch clause's statements before the first that
// may break out of the switch: what follows it may not run.
func untilBreak(list []ast.Stmt) []ast.Stmt {
	for i, s := range list {
		broken := false
		walkBranches(s, func(b *ast.BranchStmt, loops, switches int, labels map[string]bool) {
			if b.Tok == token.BREAK && (b.Label == nil && loops == 0 && switches == 0 || b.Label != nil && !labels[b.Label.Name]) {
				broken = true
			}
		})
		if broken {
			return list[:i]
		}
	}
	return list
}

// headerAccesses are the certain accesses of the part of s that runs
// whenever s is reached.
func (p *Program) headerAccesses(f *srcFile, s ast.Stmt, depth int) []access {
	var accs []access
	for _, n := range stmtHeader(s) {
		accs = p.mustIn(f, n, unknown, accs, depth)
	}
	return accs
}

// intersect returns the accesses every list makes, written where every
// list writes; nil for no lists.
func intersect(lists [][]access) []access {
	if len(lists) == 0 {
		return nil
	}
	var out []access
	for _, a := range lists[0] {
		in := true
		for _, l := range lists[1:] {
			found := false
			for _, b := range l {
				if b.field == a.field {
					found, a.write = true, a.write && b.write
					break
				}
			}
			in = in && found
		}
		if in {
			out = append(out, a)
		}
	}
	return out
}

// calleeAccesses are the accesses every call of call's function makes,
// when the function is declared in the load, called statically, and has
// no loop: a call runs them as often as it runs, and the compiler inlines
// accessors, whose reads then show on the caller's line only in the
// instructions it keeps. A function that loops does its work in the loop,
// and what every call of it runs is the set-up before: a sample misplaced
// on the line of a call that runs a benchmark's loop would credit it.
func (p *Program) calleeAccesses(f *srcFile, call *ast.CallExpr, depth int) []access {
	if depth >= maxCallDepth {
		return nil
	}
	fn := staticCallee(f.pkg.TypesInfo, call)
	if fn == nil {
		return nil
	}
	return p.entry(fn.Origin(), depth+1)
}

// staticCallee is the function or concrete method call calls, or nil for
// a call of a function value or an interface method.
func staticCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	var fn *types.Func
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fn, _ = info.Uses[fun].(*types.Func)
	case *ast.SelectorExpr:
		if s := info.Selections[fun]; s != nil {
			if s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
				return nil
			}
			fn, _ = s.Obj().(*types.Func)
		} else {
			fn, _ = info.Uses[fun.Sel].(*types.Func)
		}
	case *ast.IndexExpr: // f[T](x)
		if id, ok := fun.X.(*ast.Ident); ok {
			fn, _ = info.Uses[id].(*types.Func)
		}
	}
	return fn
}

// calleeName is how a profile names the function call calls, generic
// type arguments left out: "pkg.F", "pkg.(*T).M", "pkg.T.M"; for an
// interface method call, ".M" with iface set, any method M matching.
// "" when the callee is a function value.
func calleeName(info *types.Info, call *ast.CallExpr) (name string, iface bool) {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal && types.IsInterface(s.Recv()) {
			return "." + sel.Sel.Name, true
		}
	}
	fn := staticCallee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return "", false
	}
	fn = fn.Origin()
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Pkg().Path() + "." + fn.Name(), false
	}
	t, ptr := recv.Type(), false
	if pt, ok := t.(*types.Pointer); ok {
		t, ptr = pt.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", false
	}
	if ptr {
		return fn.Pkg().Path() + ".(*" + n.Obj().Name() + ")." + fn.Name(), false
	}
	return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name(), false
}

// entry returns the accesses a call of fn always makes: those of its
// body's statements up to the first that may return.
func (p *Program) entry(fn *types.Func, depth int) []access {
	name := fn.FullName()
	if accs, ok := p.entries[name]; ok {
		return accs
	}
	if p.funcs == nil {
		p.indexFuncs()
	}
	d, ok := p.funcs[name]
	if !ok || d.decl.Body == nil || p.loops(d.decl.Body) {
		return nil
	}
	if p.entries == nil {
		p.entries = map[string][]access{}
	}
	p.entries[name] = nil // a recursive call adds nothing
	accs := p.straight(d.file, d.decl.Body.List, depth)[0].accs
	p.entries[name] = accs
	return accs
}

// loops reports, once per body, whether body has a loop, outside
// function literals.
func (p *Program) loops(body *ast.BlockStmt) bool {
	l, ok := p.loopy[body]
	if !ok {
		if p.loopy == nil {
			p.loopy = map[*ast.BlockStmt]bool{}
		}
		l = loops(body)
		p.loopy[body] = l
	}
	return l
}

// loops reports whether body has a loop, outside function literals.
func loops(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(c ast.Node) bool {
		switch c.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

// stmtHeader is the part of s that runs whenever s is reached.
func stmtHeader(s ast.Stmt) []ast.Node {
	switch s := s.(type) {
	case *ast.IfStmt:
		return []ast.Node{s.Init, s.Cond}
	case *ast.ForStmt:
		return []ast.Node{s.Init, s.Cond}
	case *ast.RangeStmt:
		return []ast.Node{s.X}
	case *ast.SwitchStmt:
		return []ast.Node{s.Init, s.Tag}
	case *ast.TypeSwitchStmt:
		return []ast.Node{s.Init, s.Assign}
	case *ast.SelectStmt:
		return nil
	case *ast.BlockStmt:
		var out []ast.Node
		for _, s := range s.List {
			out = append(out, stmtHeader(s)...)
		}
		return out
	case *ast.LabeledStmt:
		return stmtHeader(s.Stmt)
	}
	return []ast.Node{s}
}

// mayLeave is mayLeaveStmt, once per statement.
func (p *Program) mayLeave(s ast.Stmt) bool {
	l, ok := p.leaves[s]
	if !ok {
		if p.leaves == nil {
			p.leaves = map[ast.Stmt]bool{}
		}
		l = mayLeaveStmt(s)
		p.leaves[s] = l
	}
	return l
}

// mayLeaveStmt reports whether s may end the function early or jump out of
// s: a return, a call of panic, a goto, or a break or continue to a
// statement around s; not one to a loop, switch or select in s. Function
// literals are functions of their own.
func mayLeaveStmt(s ast.Stmt) bool {
	leaves := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			leaves = true
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "panic" {
				leaves = true
			}
		}
		return !leaves
	})
	if leaves {
		return true
	}
	walkBranches(s, func(b *ast.BranchStmt, loops, switches int, labels map[string]bool) {
		switch {
		case b.Tok == token.GOTO || b.Tok == token.FALLTHROUGH:
			leaves = leaves || b.Tok == token.GOTO
		case b.Label != nil:
			leaves = leaves || !labels[b.Label.Name]
		case b.Tok == token.BREAK:
			leaves = leaves || loops+switches == 0
		case b.Tok == token.CONTINUE:
			leaves = leaves || loops == 0
		}
	})
	return leaves
}

// jumps reports whether s holds a goto or a label: control may arrive
// after it without running it, or run parts of it out of order.
func jumps(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			found = true
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}

// walkBranches calls visit with every branch statement in s, outside
// function literals, with the loops and the switches or selects around it
// within s, and the labels of the statements around it within s.
func walkBranches(s ast.Stmt, visit func(b *ast.BranchStmt, loops, switches int, labels map[string]bool)) {
	labels := map[string]bool{}
	var walk func(n ast.Node, loops, switches int)
	walk = func(n ast.Node, loops, switches int) {
		ast.Inspect(n, func(c ast.Node) bool {
			if c == n {
				return true
			}
			switch c := c.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				visit(c, loops, switches, labels)
			case *ast.LabeledStmt:
				labels[c.Label.Name] = true
				walk(c, loops, switches)
				delete(labels, c.Label.Name)
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				walk(c, loops+1, switches)
				return false
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				walk(c, loops, switches+1)
				return false
			}
			return true
		})
	}
	// s itself counts as a statement around its branches.
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		walk(s, 1, 0)
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		walk(s, 0, 1)
	case *ast.LabeledStmt:
		walk(&ast.BlockStmt{List: []ast.Stmt{s}}, 0, 0)
	default:
		walk(s, 0, 0)
	}
}

// terminates reports whether list never completes normally: it ends in a
// statement that does not.
func terminates(list []ast.Stmt) bool {
	return len(list) > 0 && !completes(list[len(list)-1])
}

// completes reports whether control may go on after s: s is not a
// return, a panic, a branch, nor an if whose branches all end in one.
func completes(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return false
	case *ast.BranchStmt:
		return s.Tok == token.FALLTHROUGH
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		if !ok {
			return true
		}
		id, ok := call.Fun.(*ast.Ident)
		return !ok || id.Name != "panic"
	case *ast.BlockStmt:
		return !terminates(s.List)
	case *ast.LabeledStmt:
		return completes(s.Stmt)
	case *ast.IfStmt:
		return !terminates(s.Body.List) || s.Else == nil || completes(s.Else)
	}
	return true
}

// indexFuncs maps the functions declared in the load by full name.
func (p *Program) indexFuncs() {
	p.funcs = map[string]funcDecl{}
	p.eachFuncDecl(func(fd *ast.FuncDecl, f *srcFile, fn *types.Func) {
		if _, dup := p.funcs[fn.FullName()]; !dup {
			p.funcs[fn.FullName()] = funcDecl{fd, f}
		}
	})
}

// eachFuncDecl calls do for each function declared in the files of the
// load, each file once: p.files holds a file under several names.
func (p *Program) eachFuncDecl(do func(fd *ast.FuncDecl, f *srcFile, fn *types.Func)) {
	seen := map[*srcFile]bool{}
	for _, f := range p.files {
		if seen[f] {
			continue
		}
		seen[f] = true
		for _, d := range f.syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := f.pkg.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					do(fd, f, fn)
				}
			}
		}
	}
}

// straight splits the statements of a body into the segments of its
// straight line: each statement that cannot leave the body adds what it
// certainly accesses (mustStmt), a guard ends a segment, and any other
// statement that may leave ends the line after its header.
func (p *Program) straight(f *srcFile, list []ast.Stmt, depth int) []segment {
	var segs []segment
	var cur []access
	for _, s := range list {
		switch {
		case jumps(s):
			return append(segs, segment{accs: appendAccesses(cur, p.headerAccesses(f, s, depth))})
		case !p.mayLeave(s):
			cur = p.mustStmt(f, s, cur, depth)
		default:
			cur = appendAccesses(cur, p.headerAccesses(f, s, depth))
			g := p.guardOf(f, s, depth)
			if g == nil {
				return append(segs, segment{accs: cur})
			}
			segs = append(segs, segment{accs: cur, guard: g})
			cur = nil
		}
	}
	return append(segs, segment{accs: cur})
}

// guardOf returns s as a guard: an if one of whose branches always
// leaves while the other cannot leave, nil when s is none.
func (p *Program) guardOf(f *srcFile, s ast.Stmt, depth int) *guard {
	is, ok := s.(*ast.IfStmt)
	if !ok {
		return nil
	}
	switch {
	case terminates(is.Body.List) && (is.Else == nil || !p.mayLeave(is.Else)):
		pass := p.mustIn(f, is.Cond, isFalse, nil, depth)
		if is.Else != nil {
			pass = p.mustStmt(f, is.Else, pass, depth)
		}
		return &guard{pass: pass, leave: is.Body}
	case is.Else != nil && !completes(is.Else) && !p.mayLeave(is.Body):
		pass := p.mustBlock(f, is.Body.List, p.mustIn(f, is.Cond, isTrue, nil, depth), depth)
		return &guard{pass: pass, leave: is.Else}
	}
	return nil
}
