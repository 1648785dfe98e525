package profile

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// access is one read or write of a struct field by the code on a line.
type access struct {
	field int32 // index into Program.fields
	write bool
}

// lineInfo is what executing one source line implies about field accesses.
type lineInfo struct {
	// own are the accesses written on the line.
	own []access
	// calls are what the functions called on the line always access. Like
	// dom, they count only when no frame nearer the leaf is in a loop:
	// otherwise the callee runs its entry once for many samples.
	calls []access
	// dom are the accesses of the statements that must have run, in the
	// same invocation, for the line to run: earlier statements of the
	// same block and of enclosing blocks, and the headers of enclosing
	// statements, up to the innermost enclosing loop's header. They run as
	// often as the line does, whatever their own share of the samples.
	dom *chain
	// post are the accesses of the statements that must run after the
	// line in the same invocation: later statements of its block up to
	// the first that may leave it, and so on outwards, up to the
	// innermost enclosing loop's body.
	post *chain
	// inLoop says the line is in a loop body or loop header of its
	// function: the function's other statements run less often than it.
	inLoop bool
	// owned says a statement has set dom, post and inLoop: the first to reach a
	// line, the outermost on it, keeps it.
	owned bool
}

// chain is a linked list of the header accesses of statements.
type chain struct {
	accs   []access
	parent *chain
}

// fileIndex maps the lines of one file to what they access, line by line
// and, on a line shared by a function and a function literal in it, by
// the function each access is in: a sample names its function.
type fileIndex struct {
	lines map[lineKey]*lineInfo
	// funcs lists the lines' functions by line, for profiles that do not
	// give a function's start line.
	funcs map[int][]lineKey
	// lit says which function start lines are function literals'.
	lit map[int]bool
}

// lineKey is a line of a function: the line, and the line of the func
// keyword of the innermost function (declared or literal) it lies in; 0
// outside any function.
type lineKey struct{ line, fn int }

// indexFile finds every field access in f and the dominating statements of
// each line.
func (p *Program) indexFile(f *srcFile) *fileIndex {
	ix := &fileIndex{lines: map[lineKey]*lineInfo{}, funcs: map[int][]lineKey{}, lit: map[int]bool{}}
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
				li := ix.line(p.line(n.Sel.Pos()), fn())
				for _, a := range accs {
					li.own = appendAccess(li.own, a)
				}
			}
		case *ast.CallExpr:
			if accs := p.calleeAccesses(f, n, 0); len(accs) > 0 {
				li := ix.line(p.line(n.Lparen), fn())
				for _, a := range accs {
					li.calls = appendAccess(li.calls, a)
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
				w.fn = p.line(n.Type.Func)
				w.block(n.Body.List, scope{})
			}
			return false
		case *ast.FuncLit:
			// A function literal outside any function body.
			w.fn = p.line(n.Type.Func)
			w.block(n.Body.List, scope{})
			return false
		}
		return true
	})
	return ix
}

// line is the line of pos.
func (p *Program) line(pos token.Pos) int { return p.fset.Position(pos).Line }

func (ix *fileIndex) line(n, fn int) *lineInfo {
	k := lineKey{n, fn}
	li := ix.lines[k]
	if li == nil {
		li = &lineInfo{}
		ix.lines[k] = li
		ix.funcs[n] = append(ix.funcs[n], k)
	}
	return li
}

// at returns what line n executes in the function that starts at line
// start, or, when the profile does not give start lines (start 0), in the
// function literals on the line when closure is set and in the others
// when not.
func (ix *fileIndex) at(n int, start int64, closure bool) []*lineInfo {
	if start > 0 {
		if li := ix.lines[lineKey{n, int(start)}]; li != nil {
			return []*lineInfo{li}
		}
		return nil
	}
	var out []*lineInfo
	for _, k := range ix.funcs[n] {
		if ix.lit[k.fn] == closure {
			out = append(out, ix.lines[k])
		}
	}
	return out
}

// appendAccess adds a to as, merging it with an access of the same field:
// a field both read and written on a line counts as written.
func appendAccess(as []access, a access) []access {
	for i := range as {
		if as[i].field == a.field {
			as[i].write = as[i].write || a.write
			return as
		}
	}
	return append(as, a)
}

type walker struct {
	p  *Program
	f  *srcFile
	ix *fileIndex
	fn int // the start line of the function walked
}

// scope is where a statement runs: what ran before it and what must run
// after it in the same invocation (or loop iteration), and whether it is
// in a loop.
type scope struct {
	dom, post *chain
	inLoop    bool
}

// block walks a statement list whose statements run in order: each is
// dominated by the statements before it, and followed by those after it
// up to the first that may leave the block (its header included), then by
// what follows the block.
func (w *walker) block(list []ast.Stmt, sc scope) {
	after := w.following(list, sc.post)
	for i, s := range list {
		sc.dom = w.stmt(s, scope{sc.dom, after[i+1], sc.inLoop})
	}
}

// following returns, for each i, the chain of what must run from list[i]
// on: the headers of list[i:] up to the first that may leave the list,
// then post when none may.
func (w *walker) following(list []ast.Stmt, post *chain) []*chain {
	after := make([]*chain, len(list)+1)
	after[len(list)] = post
	for i := len(list) - 1; i >= 0; i-- {
		next := after[i+1]
		if mayLeave(list[i]) {
			next = nil
		}
		after[i] = link(w.p.headerAccesses(w.f, list[i]), next)
	}
	return after
}

// link returns accs in front of c.
func link(accs []access, c *chain) *chain {
	if len(accs) == 0 {
		return c
	}
	return &chain{accs: accs, parent: c}
}

// headerAccesses are the accesses of the part of s that runs whenever s
// is reached.
func (p *Program) headerAccesses(f *srcFile, s ast.Stmt) []access {
	var accs []access
	for _, n := range stmtHeader(s) {
		accs = p.accessesIn(f, n, accs, 0)
	}
	return accs
}

// stmt records the lines of s's header in scope sc, walks its nested
// blocks, and returns the dominators of the statements after s.
func (w *walker) stmt(s ast.Stmt, sc scope) *chain {
	// What follows s runs after its header only when s cannot leave: its
	// nested blocks end in what follows s when they end normally.
	hsc := sc
	if mayLeave(s) {
		hsc.post = nil
	}
	// The body of a loop runs a number of times per run of the loop's
	// scope: it has its own, with nothing before or after the iteration
	// but the loop's condition.
	switch s := s.(type) {
	case *ast.IfStmt:
		dom := w.header(hsc, s.Init, s.Cond)
		w.block(s.Body.List, scope{dom, sc.post, sc.inLoop})
		if s.Else != nil {
			w.stmt(s.Else, scope{dom, sc.post, sc.inLoop})
		}
		return dom
	case *ast.ForStmt:
		// Most samples of the for line are its iterations, and each runs
		// the body's statements up to the first that may leave it: the
		// samples of a short body often land on the loop's branch.
		w.claim(s.For, s.For, scope{post: w.following(s.Body.List, nil)[0], inLoop: true})
		body := w.header(scope{inLoop: true}, s.Cond, s.Post)
		w.block(s.Body.List, scope{body, nil, true})
		return w.header(hsc, s.Init)
	case *ast.RangeStmt:
		w.claim(s.For, s.For, scope{post: w.following(s.Body.List, nil)[0], inLoop: true})
		body := w.header(scope{inLoop: true}, s.Key, s.Value)
		w.block(s.Body.List, scope{body, nil, true})
		return w.header(hsc, s.X)
	case *ast.SwitchStmt:
		dom := w.header(hsc, s.Init, s.Tag)
		w.clauses(s.Body, scope{dom, sc.post, sc.inLoop})
		return dom
	case *ast.TypeSwitchStmt:
		dom := w.header(hsc, s.Init, s.Assign)
		w.clauses(s.Body, scope{dom, sc.post, sc.inLoop})
		return dom
	case *ast.SelectStmt:
		w.clauses(s.Body, sc)
		return sc.dom
	case *ast.BlockStmt:
		w.block(s.List, sc)
		return sc.dom
	case *ast.LabeledStmt:
		return w.stmt(s.Stmt, sc)
	}
	return w.header(hsc, s)
}

// clauses walks the case clauses of a switch or select: each clause's
// expressions and body are dominated by the statement's header.
func (w *walker) clauses(body *ast.BlockStmt, sc scope) {
	for _, c := range body.List {
		switch c := c.(type) {
		case *ast.CaseClause:
			var nodes []ast.Node
			for _, e := range c.List {
				nodes = append(nodes, e)
			}
			w.block(c.Body, scope{w.header(sc, nodes...), sc.post, sc.inLoop})
		case *ast.CommClause:
			w.block(c.Body, scope{w.header(sc, c.Comm), sc.post, sc.inLoop})
		}
	}
}

// header records the lines of nodes (parts of one statement that run
// whenever it is reached) in scope sc, and returns sc's dominators
// extended by their accesses. Function literals in them are walked as
// functions of their own.
func (w *walker) header(sc scope, nodes ...ast.Node) *chain {
	var accs []access
	for _, n := range nodes {
		if n == nil {
			continue
		}
		// Function literals are functions of their own.
		ast.Inspect(n, func(n ast.Node) bool {
			if fl, ok := n.(*ast.FuncLit); ok {
				outer := w.fn
				w.fn = w.p.line(fl.Type.Func)
				w.block(fl.Body.List, scope{})
				w.fn = outer
				return false
			}
			return true
		})
		accs = w.p.accessesIn(w.f, n, accs, 0)
		w.claim(n.Pos(), n.End(), sc)
	}
	return link(accs, sc.dom)
}

// claim gives the lines from..to of the function walked that no statement
// has claimed the scope sc.
func (w *walker) claim(from, to token.Pos, sc scope) {
	for l := w.p.line(from); l <= w.p.line(to); l++ {
		li := w.ix.line(l, w.fn)
		if !li.owned {
			li.dom, li.post, li.inLoop, li.owned = sc.dom, sc.post, sc.inLoop, true
		}
	}
}

// selectorAccesses are the field accesses sel makes: the field it selects
// and the embedded fields it goes through. A method selector accesses the
// embedded fields it goes through, written when the method modifies them.
func (p *Program) selectorAccesses(f *srcFile, sel *ast.SelectorExpr) []access {
	s := f.pkg.TypesInfo.Selections[sel]
	if s == nil {
		return nil
	}
	path := s.Index()
	write := f.writeTargets()[sel]
	switch s.Kind() {
	case types.FieldVal:
	case types.MethodVal:
		path = path[:len(path)-1]
		write = modifies(s.Obj().(*types.Func))
	default:
		return nil
	}
	// A selected field is written itself even when it is a pointer; an
	// embedded pointer a method is called through is only read.
	target := s.Kind() == types.FieldVal
	var out []access
	t := s.Recv()
	// The write reaches back through fields held by value, not through
	// pointers.
	type step struct {
		field int32
		ptr   bool
	}
	var steps []step
	for _, i := range path {
		st, key, ok := p.structOf(t)
		if !ok {
			break
		}
		fld := st.Field(i)
		id := p.fieldID(key, st, i)
		_, ptr := fld.Type().Underlying().(*types.Pointer)
		steps = append(steps, step{id, ptr})
		t = fld.Type()
	}
	for j := len(steps) - 1; j >= 0; j-- {
		if steps[j].field >= 0 {
			out = append(out, access{steps[j].field, write && (target && j == len(steps)-1 || !steps[j].ptr)})
		}
		write = write && !steps[j].ptr
	}
	return out
}

// structOf returns the struct type behind t (through one pointer) and the
// key of its named type, or ok false when t is not a struct. The key is
// empty for an unnamed struct type.
func (p *Program) structOf(t types.Type) (st *types.Struct, key string, ok bool) {
	if ptr, isPtr := types.Unalias(t).Underlying().(*types.Pointer); isPtr {
		t = ptr.Elem()
	}
	t = types.Unalias(t)
	if n, isNamed := t.(*types.Named); isNamed {
		orig := n.Origin()
		st, ok = orig.Underlying().(*types.Struct)
		return st, p.typeKey(orig.Obj()), ok
	}
	st, ok = t.Underlying().(*types.Struct)
	return st, "", ok
}

// typeKey names a named type across the packages of a load, which each
// have their own types.Object for it: its package path and name, and for a
// type declared in a function, its position.
func (p *Program) typeKey(obj *types.TypeName) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	key := obj.Pkg().Path() + "." + obj.Name()
	if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
		key += "@" + p.fset.Position(obj.Pos()).String()
	}
	return key
}

// modifying are the methods of sync and sync/atomic types that write the
// value they are called on.
var modifying = map[string]map[string]bool{
	"sync/atomic": setOf("Add", "Store", "Swap", "CompareAndSwap", "And", "Or"),
	"sync.Mutex":  setOf("Lock", "Unlock", "TryLock"),
	// RLock and RUnlock change the reader count.
	"sync.RWMutex":   setOf("Lock", "Unlock", "TryLock", "RLock", "RUnlock", "TryRLock"),
	"sync.WaitGroup": setOf("Add", "Done", "Go"),
	"sync.Cond":      setOf("Wait", "Signal", "Broadcast"),
	"sync.Map":       setOf("Store", "LoadOrStore", "LoadAndDelete", "Delete", "Swap", "CompareAndSwap", "CompareAndDelete", "Clear"),
}

func setOf(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// modifies reports whether calling method fn writes its receiver.
func modifies(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil || fn.Pkg() == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	switch path := fn.Pkg().Path(); path {
	case "sync/atomic":
		return modifying[path][fn.Name()]
	case "sync":
		return modifying["sync."+n.Obj().Name()][fn.Name()]
	}
	return false
}

// writeTargets finds the expressions f writes: assignment and op-assignment
// targets, ++ and --, the range key and value assigned with =, and the
// &x.f operand of sync/atomic's modifying functions. A write to a field
// held by value, or to an element of an array held by value, also writes
// the field holding it.
func (sf *srcFile) writeTargets() map[ast.Expr]bool {
	if sf.writes != nil {
		return sf.writes
	}
	f, info := sf.syntax, sf.pkg.TypesInfo
	out := map[ast.Expr]bool{}
	sf.writes = out
	var mark func(e ast.Expr)
	mark = func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			out[e] = true
			if s := info.Selections[e]; s != nil && s.Kind() == types.FieldVal && !s.Indirect() {
				mark(e.X)
			}
		case *ast.IndexExpr:
			if _, ok := info.TypeOf(e.X).Underlying().(*types.Array); ok {
				mark(e.X)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					mark(l)
				}
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				mark(n.Key)
				if n.Value != nil {
					mark(n.Value)
				}
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if s := info.Selections[sel]; s != nil {
				// x.f.Add(1) writes x.f.
				if s.Kind() == types.MethodVal && modifies(s.Obj().(*types.Func)) && len(s.Index()) == 1 {
					if _, isPtr := info.TypeOf(sel.X).Underlying().(*types.Pointer); !isPtr {
						mark(sel.X)
					}
				}
				return true
			}
			fn, ok := info.Uses[sel.Sel].(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" || len(n.Args) == 0 {
				return true
			}
			if atomicWriter(fn.Name()) {
				if u, ok := ast.Unparen(n.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.AND {
					mark(u.X)
				}
			}
		}
		return true
	})
	return out
}

// atomicWriter reports whether the sync/atomic function name modifies the
// word its first argument points to: AddInt64, StoreUint32 and the like.
func atomicWriter(name string) bool {
	for _, p := range []string{"Add", "Store", "Swap", "CompareAndSwap", "And", "Or"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
