package profile

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/golayout"
)

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
