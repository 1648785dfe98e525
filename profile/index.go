package profile

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// lineOf returns what line n of f accesses in the function fn of a
// profile, indexing f on first use.
func (p *Program) lineOf(f *srcFile, n int, fn *pprofFunction) []*lineInfo {
	if f.index == nil {
		f.index = p.indexFile(f)
	}
	return f.index.at(n, fn.startLine, isClosure(fn.name))
}

// indexFile finds every field access in f and the dominating statements of
// each line.
func (p *Program) indexFile(f *srcFile) *fileIndex {
	ix := &fileIndex{lines: map[lineKey]*lineInfo{}, funcs: map[int][]lineKey{}, lit: map[int]bool{}, fns: map[int]*funcInfo{}}
	w := &walker{p: p, f: f, ix: ix}
	// Own accesses: every field selector, at the line of its field name,
	// and what the functions called on a line always access. A loop's
	// init statement and range expression run once per loop, while the
	// samples of the loop's line are its iterations: they count only as
	// dominators of what follows.
	once := map[ast.Node]bool{}
	var fns []int // the enclosing functions' start lines, innermost last
	fn := func() int {
		if len(fns) == 0 {
			return 0
		}
		return fns[len(fns)-1]
	}
	var stack []ast.Node
	operands := map[condKey]*condOperand{}
	ast.Inspect(f.syntax, func(n ast.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				fns = fns[:len(fns)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		if once[n] {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			fns = append(fns, p.line(n.Type.Func))
		case *ast.FuncLit:
			fns = append(fns, p.line(n.Type.Func))
			ix.lit[fn()] = true
		case *ast.ForStmt:
			if n.Init != nil {
				once[n.Init] = true
			}
		case *ast.RangeStmt:
			once[n.X] = true
		case *ast.SelectorExpr:
			if accs := p.selectorAccesses(f, n); len(accs) > 0 {
				l := p.line(n.Sel.Pos())
				li := ix.line(l, fn())
				if in := p.condOperands(stack, n, l, li, operands); len(in) > 0 {
					in[0].own = appendAccesses(in[0].own, accs)
				} else {
					li.own = appendAccesses(li.own, accs)
				}
			}
		case *ast.CallExpr:
			l := p.line(n.Lparen)
			li := ix.line(l, fn())
			in := p.condOperands(stack, n, l, li, operands)
			if name, iface := calleeName(f.pkg.TypesInfo, n); name != "" {
				li.callsOn = append(li.callsOn, callSite{name, iface, in})
			}
			if accs := p.calleeAccesses(f, n, 0); len(accs) > 0 {
				if len(in) > 0 {
					in[0].calls = appendAccesses(in[0].calls, accs)
				} else {
					li.calls = appendAccesses(li.calls, accs)
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	// Dominators: statement by statement through each function body.
	ast.Inspect(f.syntax, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				w.function(n.Type.Func, n.Body, n)
			}
			return false
		case *ast.FuncLit:
			// A function literal outside any function body.
			w.function(n.Type.Func, n.Body, nil)
			return false
		}
		return true
	})
	for k, li := range ix.lines {
		if len(li.cond) == 0 {
			li.callsOn = nil
		}
		li.fn = ix.fns[k.fn]
	}
	for _, sl := range ix.straights {
		for _, s := range sl.segs {
			if s.guard == nil {
				continue
			}
			from := p.line(s.guard.leave.Pos())
			if b, ok := s.guard.leave.(*ast.BlockStmt); ok {
				from = p.line(b.Lbrace) + 1 // the if's line, or an else's
			}
			for l := from; l <= p.line(s.guard.leave.End()); l++ {
				if li := ix.lines[lineKey{l, sl.fn}]; li != nil {
					li.guards = append(li.guards, s.guard)
				}
			}
		}
	}
	return ix
}

// condOperands returns the operands of && and || that n, on line l of li,
// lies in and that an operand before them on line l may leave
// unevaluated, innermost first. stack holds n's ancestors.
func (p *Program) condOperands(stack []ast.Node, n ast.Node, l int, li *lineInfo, operands map[condKey]*condOperand) []*condOperand {
	var out []*condOperand
	child := n
	for i := len(stack) - 1; i >= 0; i-- {
		switch parent := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return out
		case *ast.BinaryExpr:
			if (parent.Op == token.LAND || parent.Op == token.LOR) && parent.Y == child && p.line(parent.X.End()) == l {
				k := condKey{parent.Y, l}
				o := operands[k]
				if o == nil {
					o = &condOperand{}
					operands[k] = o
					li.cond = append(li.cond, o)
				}
				out = append(out, o)
			}
		}
		child = stack[i]
	}
	return out
}

// condKey is an operand of && or || on one line.
type condKey struct {
	operand ast.Expr
	line    int
}

type walker struct {
	p  *Program
	f  *srcFile
	ix *fileIndex
	fn int // the start line of the function walked
}

// function walks the body of the function whose func keyword is at
// funcPos (decl for a declared function, nil for a literal).
func (w *walker) function(funcPos token.Pos, body *ast.BlockStmt, decl *ast.FuncDecl) {
	outer := w.fn
	w.fn = w.p.line(funcPos)
	fi := &funcInfo{file: w.f, start: w.fn, body: body}
	if decl != nil {
		fi.obj, _ = w.f.pkg.TypesInfo.Defs[decl.Name].(*types.Func)
		if decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1 {
			fi.recv = decl.Recv.List[0].Names[0].Name
		}
	}
	w.ix.fns[w.fn] = fi
	sl := w.straight(body.List)
	end := w.block(body.List, scope{straight: sl})
	// The prologue runs once a call, before the body; the epilogue at the
	// closing brace after it.
	w.claim(funcPos, funcPos, scope{post: w.following(body.List, nil)[0], straight: sl})
	w.claim(body.Rbrace, body.Rbrace, scope{dom: end, straight: sl})
	w.fn = outer
}

// straight returns the straight line of the body list, a function's or a
// loop's, of the function walked.
func (w *walker) straight(list []ast.Stmt) *straightLine {
	sl := &straightLine{segs: w.p.straight(w.f, list, 0), fn: w.fn}
	w.ix.straights = append(w.ix.straights, sl)
	return sl
}

// block walks a statement list whose statements run in order: each is
// dominated by what the statements before it certainly did, and followed
// by those after it up to the first that may leave the block (its header
// included), then by what follows the block. It returns what dominates
// the end of the list.
func (w *walker) block(list []ast.Stmt, sc scope) *chain {
	after := w.following(list, sc.post)
	for i, s := range list {
		w.stmt(s, sc.with(sc.dom, after[i+1]))
		sc.dom = link(w.p.mustStmt(w.f, s, nil, 0), sc.dom)
	}
	return sc.dom
}

// following returns, for each i, the chain of what must run from list[i]
// on: what list[i:] certainly do up to the first that may leave the list
// (its header), then post when none may.
func (w *walker) following(list []ast.Stmt, post *chain) []*chain {
	after := make([]*chain, len(list)+1)
	after[len(list)] = post
	for i := len(list) - 1; i >= 0; i-- {
		if w.p.mayLeave(list[i]) {
			after[i] = link(w.p.headerAccesses(w.f, list[i], 0), nil)
		} else {
			after[i] = link(w.p.mustStmt(w.f, list[i], nil, 0), after[i+1])
		}
	}
	return after
}

// stmt records the lines of s's header in scope sc and walks its nested
// blocks, each dominated by what reaching it says ran.
func (w *walker) stmt(s ast.Stmt, sc scope) {
	// What follows s runs after its header only when s cannot leave: its
	// nested blocks end in what follows s when they end normally.
	hsc := sc
	if w.p.mayLeave(s) {
		hsc.post = nil
	}
	p, f := w.p, w.f
	// The body of a loop runs a number of times per run of the loop's
	// scope: it has its own, with nothing before or after the iteration
	// but the loop's condition.
	switch s := s.(type) {
	case *ast.IfStmt:
		w.claimNodes(hsc, s.Init, s.Cond)
		init := p.mustIn(f, s.Init, unknown, nil, 0)
		w.block(s.Body.List, sc.with(link(p.mustIn(f, s.Cond, isTrue, slices.Clone(init), 0), sc.dom), sc.post))
		if s.Else != nil {
			w.stmt(s.Else, sc.with(link(p.mustIn(f, s.Cond, isFalse, init, 0), sc.dom), sc.post))
		}
	case *ast.ForStmt:
		// Most samples of the for line are its iterations, and each runs
		// the body's statements up to the first that may leave it: the
		// samples of a short body often land on the loop's branch.
		sl := w.straight(s.Body.List)
		w.claim(s.For, s.For, scope{post: w.following(s.Body.List, nil)[0], inLoop: true, straight: sl})
		w.claimNodes(scope{inLoop: true, straight: sl}, s.Cond, s.Post)
		w.claimNodes(hsc, s.Init)
		body := p.mustIn(f, s.Cond, isTrue, nil, 0)
		w.block(s.Body.List, scope{dom: link(p.mustIn(f, s.Post, unknown, body, 0), nil), inLoop: true, straight: sl})
	case *ast.RangeStmt:
		sl := w.straight(s.Body.List)
		w.claim(s.For, s.For, scope{post: w.following(s.Body.List, nil)[0], inLoop: true, straight: sl})
		w.claimNodes(scope{inLoop: true, straight: sl}, s.Key, s.Value)
		w.claimNodes(hsc, s.X)
		w.block(s.Body.List, scope{dom: link(p.mustIn(f, s.Value, unknown, p.mustIn(f, s.Key, unknown, nil, 0), 0), nil), inLoop: true, straight: sl})
	case *ast.SwitchStmt:
		w.claimNodes(hsc, s.Init, s.Tag)
		head := p.mustIn(f, s.Tag, unknown, p.mustIn(f, s.Init, unknown, nil, 0), 0)
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			w.claimExprs(sc, cc.List)
			w.block(cc.Body, sc.with(link(p.caseKnown(f, s, cc, slices.Clone(head), 0), sc.dom), sc.post))
		}
	case *ast.TypeSwitchStmt:
		w.claimNodes(hsc, s.Init, s.Assign)
		dom := link(p.mustIn(f, s.Assign, unknown, p.mustIn(f, s.Init, unknown, nil, 0), 0), sc.dom)
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			w.claimExprs(sc, cc.List)
			w.block(cc.Body, sc.with(dom, sc.post))
		}
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			cc := c.(*ast.CommClause)
			w.claimNodes(sc, cc.Comm)
			w.block(cc.Body, sc.with(link(p.mustIn(f, cc.Comm, unknown, nil, 0), sc.dom), sc.post))
		}
	case *ast.BlockStmt:
		w.block(s.List, sc)
	case *ast.LabeledStmt:
		w.stmt(s.Stmt, sc)
	default:
		w.claimNodes(hsc, s)
	}
}

// claimExprs claims the lines of a case clause's expressions.
func (w *walker) claimExprs(sc scope, exprs []ast.Expr) {
	for _, e := range exprs {
		w.claimNodes(sc, e)
	}
}

// claimNodes records the lines of nodes (parts of one statement that run
// whenever it is reached) in scope sc. Function literals in them are
// walked as functions of their own.
func (w *walker) claimNodes(sc scope, nodes ...ast.Node) {
	for _, n := range nodes {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if fl, ok := n.(*ast.FuncLit); ok {
				w.function(fl.Type.Func, fl.Body, nil)
				return false
			}
			return true
		})
		w.claim(n.Pos(), n.End(), sc)
	}
}

// claim gives the lines from..to of the function walked that no statement
// has claimed the scope sc.
func (w *walker) claim(from, to token.Pos, sc scope) {
	for l := w.p.line(from); l <= w.p.line(to); l++ {
		li := w.ix.line(l, w.fn)
		if !li.owned {
			li.dom, li.post, li.inLoop, li.straight, li.owned = sc.dom, sc.post, sc.inLoop, sc.straight, true
		}
	}
}

// scope is where a statement runs: what ran before it and what must run
// after it in the same invocation (or loop iteration), whether it is in a
// loop, and the straight line of the innermost body it is in.
type scope struct {
	dom, post *chain
	inLoop    bool
	straight  *straightLine
}

// with returns sc with dom and post replaced.
func (sc scope) with(dom, post *chain) scope {
	sc.dom, sc.post = dom, post
	return sc
}

// link returns accs in front of c.
func link(accs []access, c *chain) *chain {
	if len(accs) == 0 {
		return c
	}
	return &chain{accs: accs, parent: c}
}
