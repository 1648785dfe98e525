package profile

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/golayout"
)

// access is one read or write of a struct field by the code on a line.
type access struct {
	field int32 // index into Program.fields
	write bool
}

// lineInfo is what executing one source line implies about field accesses.
type lineInfo struct {
	line int
	// own are the accesses written on the line, but for cond's.
	own []access
	// calls are what the functions called on the line always access. Like
	// dom, they count only when no frame nearer the leaf is in a loop or
	// in the runtime's waiting or allocating (shared): otherwise the
	// callee runs its entry once for many samples.
	calls []access
	// cond are the operands of && and || on the line that an operand
	// before them on the same line decides whether to evaluate: a sample
	// of the line does not show that they ran, unless it was taken in a
	// function that only such an operand calls (callsOn).
	cond    []*condOperand
	callsOn []callSite
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
	// fn is the function the line is in; nil outside any.
	fn *funcInfo
	// straight is the straight line of the innermost body, a function's or
	// a loop's, the line is in: every run of the body runs it.
	straight *straightLine
	// guards are the guards whose leaving branch the line is in.
	guards []*guard
}

// condOperand is an operand of && or || that an earlier operand on its
// line may leave unevaluated: its selectors and what its calls always
// access, on that line.
type condOperand struct {
	own, calls []access
}

// callSite is a call on a line: the name a profile gives its callee
// (calleeName), and the conditional operands of the line it lies in.
type callSite struct {
	name  string
	iface bool
	in    []*condOperand
}

// proven returns the conditional operands of li that a sample taken in
// the function callee (a profile's name) shows ran: those every call of
// the line that may have called callee lies in.
func (li *lineInfo) proven(callee string) []*condOperand {
	callee = frameName(callee)
	var out []*condOperand
	first := true
	for _, c := range li.callsOn {
		if c.iface && !strings.HasSuffix(callee, c.name) || !c.iface && callee != c.name {
			continue
		}
		if first {
			out, first = slices.Clone(c.in), false
			continue
		}
		out = slices.DeleteFunc(out, func(o *condOperand) bool { return !slices.Contains(c.in, o) })
	}
	return out
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
	// fns are the functions of the file by start line.
	fns map[int]*funcInfo
	// straights are the straight lines of the bodies of the file.
	straights []*straightLine
}

// lineKey is a line of a function: the line, and the line of the func
// keyword of the innermost function (declared or literal) it lies in; 0
// outside any function.
type lineKey struct{ line, fn int }

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

// condKey is an operand of && or || on one line.
type condKey struct {
	operand ast.Expr
	line    int
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

// line is the line of pos.
func (p *Program) line(pos token.Pos) int { return p.fset.Position(pos).Line }

func (ix *fileIndex) line(n, fn int) *lineInfo {
	k := lineKey{n, fn}
	li := ix.lines[k]
	if li == nil {
		li = &lineInfo{line: n}
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

// link returns accs in front of c.
func link(accs []access, c *chain) *chain {
	if len(accs) == 0 {
		return c
	}
	return &chain{accs: accs, parent: c}
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

// selectorAccesses are the field accesses sel makes: the field it selects
// and the embedded fields it goes through. A method selector accesses the
// embedded fields it goes through, written when the method modifies them.
// A local copy (private) is not the object it was copied from: writing
// it writes nothing shared, and storing into it accesses nothing; reading
// it reads the fields of its type, as the copy did.
func (p *Program) selectorAccesses(f *srcFile, sel *ast.SelectorExpr) []access {
	s := f.pkg.TypesInfo.Selections[sel]
	if s == nil {
		return nil
	}
	path := s.Index()
	kind := f.writeTargets()[sel]
	write := kind != 0
	switch s.Kind() {
	case types.FieldVal:
	case types.MethodVal:
		path = path[:len(path)-1]
		write = modifies(s.Obj().(*types.Func))
	default:
		return nil
	}
	if write && (!s.Indirect() && f.private(sel.X) || s.Indirect() && s.Kind() == types.FieldVal && f.unpublished(sel)) {
		if kind == stored {
			return nil
		}
		write = false
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
		name  string
		ptr   bool
		// inline: the field is a struct held by value, whose fields the
		// next steps select in place (parts).
		inline bool
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
		_, inline := fld.Type().Underlying().(*types.Struct)
		steps = append(steps, step{id, fld.Name(), ptr, inline})
		t = fld.Type()
	}
	n := len(steps)
	writes := make([]bool, n)
	for j := n - 1; j >= 0; j-- {
		writes[j] = write && (target && j == n-1 || !steps[j].ptr)
		write = write && !steps[j].ptr
	}
	for j := n - 1; j >= 0; j-- {
		if steps[j].field < 0 {
			continue
		}
		out = append(out, access{steps[j].field, writes[j]})
		if !steps[j].inline {
			continue
		}
		// The part of a struct held by value that the selector reaches:
		// the fields it selects in place, up to a pointer; the whole
		// field when it selects nothing in it (a copy, an assignment, its
		// address, a method of sync that writes it). A method of the
		// field's own type reached through it accesses, on its own lines,
		// the fields it uses.
		k := j
		var names []string
		for k+1 < n {
			k++
			names = append(names, steps[k].name)
			if !steps[k].inline {
				break
			}
		}
		if len(names) > 0 || target || writes[j] {
			out = append(out, access{p.partID(steps[j].field, strings.Join(names, ".")), writes[k]})
		}
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
		return st, golayout.TypeKey(p.fset, orig.Obj()), ok
	}
	st, ok = t.Underlying().(*types.Struct)
	return st, "", ok
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

// writeKind says how a statement writes an expression.
type writeKind int8

const (
	// modified: the old value is read or kept in part (x.f += 1,
	// x.f.g = 1 for x.f, atomic adds, x.mu.Lock()).
	modified writeKind = iota + 1
	// stored: the value is replaced whole (x.f = v).
	stored
)

// writeTargets finds the expressions f writes: assignment and op-assignment
// targets, ++ and --, the range key and value assigned with =, and the
// &x.f operand of sync/atomic's modifying functions. A write to a field
// held by value, or to an element of an array held by value, also
// modifies the field holding it.
func (sf *srcFile) writeTargets() map[ast.Expr]writeKind {
	if sf.writes != nil {
		return sf.writes
	}
	f, info := sf.syntax, sf.pkg.TypesInfo
	out := map[ast.Expr]writeKind{}
	sf.writes = out
	var mark func(e ast.Expr, k writeKind)
	mark = func(e ast.Expr, k writeKind) {
		switch e := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if out[e] != modified {
				out[e] = k
			}
			if s := info.Selections[e]; s != nil && s.Kind() == types.FieldVal && !s.Indirect() {
				mark(e.X, modified)
			}
		case *ast.IndexExpr:
			if _, ok := info.TypeOf(e.X).Underlying().(*types.Array); ok {
				mark(e.X, modified)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			switch n.Tok {
			case token.DEFINE:
			case token.ASSIGN:
				for _, l := range n.Lhs {
					mark(l, stored)
				}
			default:
				for _, l := range n.Lhs {
					mark(l, modified)
				}
			}
		case *ast.IncDecStmt:
			mark(n.X, modified)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				mark(n.Key, stored)
				if n.Value != nil {
					mark(n.Value, stored)
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
						mark(sel.X, modified)
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
					mark(u.X, modified)
				}
			}
		}
		return true
	})
	return out
}

// private reports whether e, the operand of a field selector, is held in
// a local variable of the function that uses it, through fields and
// array elements held by value: a copy that variable holds (newState :=
// *old), not shared memory. A variable a function literal uses, declared
// outside it, is shared by the two: not private. The address of a
// private variable may be published (a CompareAndSwapPointer of
// &newState), but a program writes it before it does, or races.
func (sf *srcFile) private(e ast.Expr) bool {
	info := sf.pkg.TypesInfo
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			s := info.Selections[x]
			if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return false
			}
			e = x.X
		case *ast.IndexExpr:
			if _, ok := info.TypeOf(x.X).Underlying().(*types.Array); !ok {
				return false
			}
			e = x.X
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
				return false
			}
			return !sf.capturedVars()[v]
		default:
			return false
		}
	}
}

// freshVar is a local variable holding an object its function allocates.
type freshVar struct {
	decl token.Pos
	// fresh, for a struct value v := T{...}, are the fields the literal
	// sets to an object it allocates; nil for v := &T{...} or new(T).
	fresh []string
	// uses are its identifiers past the declaration, in source order,
	// each with whether it is the operand of a field selector (v.f).
	uses []freshUse
}

type freshUse struct {
	pos   token.Pos
	field bool
}

// unpublished reports whether sel, a field selector through a pointer,
// sets up an object no other goroutine can see yet: sel.X is a local
// variable, no function literal's, declared as v := &T{...} or v :=
// new(T), and every use of v before sel selects a field of it (v.f,
// &v.f), so v was neither passed, stored, returned nor had a method
// called; and sel is in no loop inside v's scope, which would write it
// again and again (a benchmark's q := &Queue{}; for ... { q.n++ } writes
// n as the code it stands for does). A constructor's writes initialize:
// mtg's newConnRewind's
// rv.active = io.TeeReader(conn, &rv.buf) writes nothing that shares a
// line with another core.
func (sf *srcFile) unpublished(sel *ast.SelectorExpr) bool {
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := sf.pkg.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	fv := sf.freshVars()[v]
	if fv == nil || fv.fresh != nil || sf.capturedVars()[v] {
		return false
	}
	for _, l := range sf.loops {
		if fv.decl < l.Pos() && l.Pos() <= sel.Pos() && sel.Pos() < l.End() {
			return false // written again and again: not its set-up
		}
	}
	for _, u := range fv.uses {
		if u.pos >= id.Pos() {
			return true
		}
		if !u.field {
			return false
		}
	}
	return true
}

// settingUp reports whether x, the operand of a field selector at pos,
// reaches an object its function is setting up, that no other goroutine
// can see yet: a variable v := &T{...} or new(T), or a field f of a
// variable v := T{..., f: &U{...}, ...}, or a field held in place in such
// an object; each use of v before pos selects a field of it, and pos is
// in no loop inside v's scope. A constructor's accesses before it returns
// the object are no concurrent accesses, with a lock held or not (mtg's
// doppel.NewConn grows rv.p.writeStream, which the connection's
// goroutines use only under writtenCond.L).
func (sf *srcFile) settingUp(x ast.Expr, pos token.Pos) bool {
	info := sf.pkg.TypesInfo
	var path []string
	for {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			break
		}
		if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
			return false
		}
		path = append(path, sel.Sel.Name)
		x = sel.X
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	fv := sf.freshVars()[v]
	if fv == nil {
		return false
	}
	// path is innermost first; past the fresh object, only fields held
	// in place.
	slices.Reverse(path)
	if _, ptr := v.Type().Underlying().(*types.Pointer); !ptr {
		if len(path) == 0 || !slices.Contains(fv.fresh, path[0]) {
			return false
		}
		path = path[1:]
	}
	t := v.Type()
	for _, name := range path {
		obj, _, _ := types.LookupFieldOrMethod(t, true, sf.pkg.Types, name)
		fld, ok := obj.(*types.Var)
		if !ok {
			return false
		}
		if _, ptr := fld.Type().Underlying().(*types.Pointer); ptr {
			return false
		}
		t = fld.Type()
	}
	for _, l := range sf.loops {
		if fv.decl < l.Pos() && l.Pos() <= pos && pos < l.End() {
			return false
		}
	}
	// A function literal runs when it is called, maybe on another
	// goroutine: a use in one publishes v, and an access in one is no
	// set-up.
	lit := sf.literalAt(fv.decl)
	if sf.literalAt(pos) != lit {
		return false
	}
	for _, u := range fv.uses {
		if u.pos >= pos {
			return true
		}
		if !u.field || sf.literalAt(u.pos) != lit {
			return false
		}
	}
	return true
}

// literalAt is the innermost function literal of the file around pos;
// nil for none.
func (sf *srcFile) literalAt(pos token.Pos) *ast.FuncLit {
	var in *ast.FuncLit
	for _, l := range sf.literals {
		if l.Pos() <= pos && pos < l.End() {
			in = l // literals are in source order, inner after outer
		}
	}
	return in
}

// freshVars finds the variables of f declared as v := &T{...} or
// v := new(T), or as v := T{...} with fields set to &U{...} or new(U),
// and their uses.
func (sf *srcFile) freshVars() map[*types.Var]*freshVar {
	if sf.fresh != nil {
		return sf.fresh
	}
	info := sf.pkg.TypesInfo
	sf.fresh = map[*types.Var]*freshVar{}
	ast.Inspect(sf.syntax, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := info.Defs[id].(*types.Var)
			switch {
			case !ok:
			case allocates(info, as.Rhs[i]):
				sf.fresh[v] = &freshVar{decl: id.Pos()}
			case freshFields(info, as.Rhs[i]) != nil:
				sf.fresh[v] = &freshVar{decl: id.Pos(), fresh: freshFields(info, as.Rhs[i])}
			}
		}
		return true
	})
	if len(sf.fresh) == 0 {
		return sf.fresh
	}
	selected := map[*ast.Ident]bool{}
	ast.Inspect(sf.syntax, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			sf.loops = append(sf.loops, n)
		case *ast.FuncLit:
			sf.literals = append(sf.literals, n)
		case *ast.SelectorExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if s := info.Selections[n]; s != nil && s.Kind() == types.FieldVal {
					selected[id] = true
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && sf.fresh[v] != nil {
				sf.fresh[v].uses = append(sf.fresh[v].uses, freshUse{n.Pos(), selected[n]})
			}
		}
		return true
	})
	return sf.fresh
}

// freshFields are the fields that e, a struct literal T{...} with keys,
// sets to an object it allocates (&U{...}, new(U)).
func freshFields(info *types.Info, e ast.Expr) []string {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if _, ok := info.TypeOf(lit).Underlying().(*types.Struct); !ok {
		return nil
	}
	var out []string
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		if k, ok := kv.Key.(*ast.Ident); ok && allocates(info, kv.Value) {
			out = append(out, k.Name)
		}
	}
	return out
}

// allocates reports whether e is &T{...} or new(T).
func allocates(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && lit
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		b, ok := info.Uses[id].(*types.Builtin)
		return ok && b.Name() == "new"
	}
	return false
}

// capturedVars are the local variables of f that a function literal uses
// and does not declare.
func (sf *srcFile) capturedVars() map[*types.Var]bool {
	if sf.captured != nil {
		return sf.captured
	}
	info := sf.pkg.TypesInfo
	sf.captured = map[*types.Var]bool{}
	ast.Inspect(sf.syntax, func(n ast.Node) bool {
		fl, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		ast.Inspect(fl.Body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := info.Uses[id].(*types.Var)
			if ok && !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && (v.Pos() < fl.Pos() || v.Pos() >= fl.End()) {
				sf.captured[v] = true
			}
			return true
		})
		return true
	})
	return sf.captured
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
