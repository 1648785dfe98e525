package profile

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"
)

// sampled are the functions of the load the profiles sampled, and where
// each was called from.
type sampled struct {
	funcs map[*funcInfo]*callers
}

// callers are the frames a function was called from in the samples.
type callers struct {
	lines map[*lineInfo]bool
	// outside says some call came from a frame outside the load, or
	// from a line the load does not say is in a function.
	outside bool
}

// calls notes that the function of each line of inner was called from
// each line of outer (none: from outside the load).
func (s *sampled) calls(inner, outer []*lineInfo) {
	for _, li := range inner {
		if li.fn == nil {
			continue
		}
		c := s.funcs[li.fn]
		if c == nil {
			c = &callers{lines: map[*lineInfo]bool{}}
			s.funcs[li.fn] = c
		}
		if len(outer) == 0 {
			c.outside = true
		}
		for _, o := range outer {
			if o.fn == nil {
				c.outside = true
				continue
			}
			c.lines[o] = true
		}
	}
}

// heldLock is a sync.Mutex or sync.RWMutex field of a struct, held where
// a statement runs on the object base reaches.
type heldLock struct {
	// base is the expression reaching the struct, as written (c, c.shard);
	// "" for a function's receiver, in what its callers hold.
	base  string
	field int32
	// outer says the lock is one of a struct that holds the object base
	// reaches in place (a cacheShard's lock, held around calls on its
	// entries BytesQueue).
	outer bool
}

// lockScan is what a function does under locks: each field access with
// the locks held on its object, and each method call with the locks its
// receiver holds.
type lockScan struct {
	accesses []lockedAccess
	calls    []lockedCall
}

type lockedAccess struct {
	field int32
	locks []int32 // lock fields of the same struct, held
	outer []int32 // lock fields of structs holding this one in place, held
}

type lockedCall struct {
	line int
	fn   string // the callee's full name
	held []heldLock
}

// lockGuards finds the fields that the sampled code accesses only while
// holding a lock of the same struct, on the same object: every access
// comes right after the goroutine's own Lock or RLock took the lock's line
// for writing, so a line they share with the lock costs nothing more, and
// they belong on it. It returns the lock field of each such field, and
// for a field with none, the lock of a struct holding its own in place
// (a field of it by value, or of such a field) that is held at every
// access: each access to the inner struct is a lock holder's, its lines
// moving from one holder to the next whatever their order (bigcache's
// BytesQueue, each cacheShard's entries, used only under the shard's
// lock). Readers under RLock are holders at once: docs/profile.md says
// what that leaves unseen.
//
// The code looked at is that of the functions sampled and of the
// loop-free functions they call statically, maxCallDepth deep: those
// whose accesses a call credits (calleeAccesses). A function with a loop
// that no sample is in, a constructor a benchmark calls, is not. A lock is held from
// x.mu.Lock() (or x.Lock() through an embedded mutex) to x.mu.Unlock()
// in the same function, or to its end after defer x.mu.Unlock(); a method
// called on x holds what its callers hold on x: every caller the samples
// show, for a function sampled, and every call in the code looked at for
// another. Function literals hold nothing at entry. An access that sets
// up an object no other goroutine sees yet (settingUp) needs no lock.
func (p *Program) lockGuards(seen *sampled) (own, outer map[int32]int32) {
	var funcs []*funcInfo
	depth := map[*funcInfo]int{}
	for fi := range seen.funcs {
		funcs = append(funcs, fi)
		depth[fi] = 0
	}
	slices.SortFunc(funcs, func(a, b *funcInfo) int {
		return cmp.Or(cmp.Compare(a.file.name, b.file.name), cmp.Compare(a.start, b.start))
	})
	if p.funcs == nil {
		p.indexFuncs()
	}
	for i := 0; i < len(funcs); i++ {
		fi := funcs[i]
		if depth[fi] >= maxCallDepth {
			continue
		}
		ast.Inspect(fi.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				fn := staticCallee(fi.file.pkg.TypesInfo, n)
				if fn == nil {
					return true
				}
				d, ok := p.funcs[fn.Origin().FullName()]
				if !ok || d.decl.Body == nil || p.loops(d.decl.Body) {
					return true // what calls credit of it, if sampled
				}
				if d.file.index == nil {
					d.file.index = p.indexFile(d.file)
				}
				callee := d.file.index.fns[p.line(d.decl.Type.Func)]
				if _, in := depth[callee]; callee != nil && !in {
					depth[callee] = depth[fi] + 1
					funcs = append(funcs, callee)
				}
			}
			return true
		})
	}

	// What each function's callers hold on its receiver: nothing, at
	// first, then what the scans with what they hold say, until that no
	// longer grows.
	locks := map[int32]bool{}
	entries := map[*funcInfo][]heldLock{}
	scans := map[*funcInfo]*lockScan{}
	for {
		for _, fi := range funcs {
			scans[fi] = p.scanLocks(fi, entries[fi], locks)
		}
		changed := false
		for _, fi := range funcs {
			e := entryLocks(fi, seen, funcs, scans)
			if !slices.Equal(e, entries[fi]) {
				entries[fi], changed = e, true
			}
		}
		if !changed {
			break
		}
	}

	guards, outers := map[int32][]int32{}, map[int32][]int32{}
	meet := func(m map[int32][]int32, field int32, held []int32) {
		if g, ok := m[field]; ok {
			m[field] = slices.DeleteFunc(g, func(l int32) bool { return !slices.Contains(held, l) })
		} else {
			m[field] = slices.Clone(held)
		}
	}
	for _, fi := range funcs {
		for _, a := range scans[fi].accesses {
			meet(guards, a.field, a.locks)
			meet(outers, a.field, a.outer)
		}
	}
	first := func(g []int32) int32 {
		return slices.MinFunc(g, func(a, b int32) int {
			return cmp.Or(cmp.Compare(p.fields[a].key, p.fields[b].key), cmp.Compare(p.fields[a].index, p.fields[b].index))
		})
	}
	own, outer = map[int32]int32{}, map[int32]int32{}
	for f, g := range guards {
		if len(g) > 0 && !locks[f] {
			own[f] = first(g)
		}
	}
	for f, g := range outers {
		if _, ok := own[f]; !ok && len(g) > 0 && !locks[f] {
			outer[f] = first(g)
		}
	}
	return own, outer
}

// entryLocks is what every caller of fi holds on its receiver.
func entryLocks(fi *funcInfo, seen *sampled, funcs []*funcInfo, scans map[*funcInfo]*lockScan) []heldLock {
	if fi.recv == "" || fi.obj == nil {
		return nil
	}
	name := fi.obj.FullName()
	var sites [][]heldLock
	if c := seen.funcs[fi]; c != nil {
		if c.outside {
			return nil
		}
		for li := range c.lines {
			scan := scans[li.fn]
			if scan == nil {
				return nil
			}
			found := false
			for _, call := range scan.calls {
				if call.line == li.line && call.fn == name {
					sites, found = append(sites, call.held), true
				}
			}
			if !found {
				return nil
			}
		}
	} else {
		for _, g := range funcs {
			for _, call := range scans[g].calls {
				if call.fn == name {
					sites = append(sites, call.held)
				}
			}
		}
	}
	if len(sites) == 0 {
		return nil
	}
	out := slices.Clone(sites[0])
	for _, s := range sites[1:] {
		out = slices.DeleteFunc(out, func(h heldLock) bool { return !slices.Contains(s, h) })
	}
	slices.SortFunc(out, func(a, b heldLock) int { return cmp.Compare(a.field, b.field) })
	return out
}

// scanLocks scans the body of fi, whose callers hold entry on its
// receiver, noting in locks the fields locked.
func (p *Program) scanLocks(fi *funcInfo, entry []heldLock, locks map[int32]bool) *lockScan {
	ls := &lockScanner{p: p, f: fi.file, out: &lockScan{}, locks: locks}
	var held []heldLock
	for _, h := range entry {
		h.base = fi.recv
		held = append(held, h)
	}
	ls.block(fi.body.List, held)
	return ls.out
}

type lockScanner struct {
	p     *Program
	f     *srcFile
	out   *lockScan
	locks map[int32]bool
}

// block scans list, run with held, and returns what is held after it.
func (ls *lockScanner) block(list []ast.Stmt, held []heldLock) []heldLock {
	for _, s := range list {
		held = ls.stmt(s, held)
	}
	return held
}

// stmt scans s, run with held, and returns what is held when control goes
// on after it: what every branch that completes holds.
func (ls *lockScanner) stmt(s ast.Stmt, held []heldLock) []heldLock {
	switch s := s.(type) {
	case *ast.ExprStmt:
		ls.expr(s.X, held)
		if l, op, ok := ls.lockOp(s.X); ok {
			held = slices.DeleteFunc(slices.Clone(held), func(h heldLock) bool { return h.base == l.base && h.field == l.field })
			if op == "Lock" || op == "RLock" {
				held = append(held, l)
			}
		}
		return held
	case *ast.GoStmt:
		// The call runs in another goroutine, which holds nothing.
		for _, a := range s.Call.Args {
			ls.expr(a, held)
		}
		return held
	case *ast.IfStmt:
		if s.Init != nil {
			held = ls.stmt(s.Init, held)
		}
		ls.expr(s.Cond, held)
		var ends [][]heldLock
		if b := ls.block(s.Body.List, held); !terminates(s.Body.List) {
			ends = append(ends, b)
		}
		if s.Else == nil {
			ends = append(ends, held)
		} else if e := ls.stmt(s.Else, held); completes(s.Else) {
			ends = append(ends, e)
		}
		return meetLocks(ends, held)
	case *ast.ForStmt:
		if s.Init != nil {
			held = ls.stmt(s.Init, held)
		}
		ls.expr(s.Cond, held)
		if s.Post != nil {
			ls.stmt(s.Post, held)
		}
		return meetLocks([][]heldLock{held, ls.block(s.Body.List, held)}, held)
	case *ast.RangeStmt:
		ls.expr(s.X, held)
		return meetLocks([][]heldLock{held, ls.block(s.Body.List, held)}, held)
	case *ast.SwitchStmt:
		if s.Init != nil {
			held = ls.stmt(s.Init, held)
		}
		ls.expr(s.Tag, held)
		return ls.clauses(s.Body, held, hasDefault(s.Body))
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			held = ls.stmt(s.Init, held)
		}
		ls.stmt(s.Assign, held)
		return ls.clauses(s.Body, held, hasDefault(s.Body))
	case *ast.SelectStmt:
		return ls.clauses(s.Body, held, true)
	case *ast.BlockStmt:
		return ls.block(s.List, held)
	case *ast.LabeledStmt:
		return ls.stmt(s.Stmt, held)
	}
	ls.expr(s, held)
	return held
}

// clauses scans the clauses of a switch or select, and returns what is
// held after it: what every clause that completes holds, and held too
// when no clause may run.
func (ls *lockScanner) clauses(body *ast.BlockStmt, held []heldLock, exhaustive bool) []heldLock {
	var ends [][]heldLock
	if !exhaustive {
		ends = append(ends, held)
	}
	for _, c := range body.List {
		var list []ast.Stmt
		switch c := c.(type) {
		case *ast.CaseClause:
			for _, e := range c.List {
				ls.expr(e, held)
			}
			list = c.Body
		case *ast.CommClause:
			if c.Comm != nil {
				ls.stmt(c.Comm, held)
			}
			list = c.Body
		}
		if e := ls.block(list, held); !terminates(list) {
			ends = append(ends, e)
		}
	}
	return meetLocks(ends, held)
}

// meetLocks returns the locks held at every one of ends; held when there
// are none.
func meetLocks(ends [][]heldLock, held []heldLock) []heldLock {
	if len(ends) == 0 {
		return held
	}
	out := slices.Clone(ends[0])
	for _, e := range ends[1:] {
		out = slices.DeleteFunc(out, func(h heldLock) bool { return !slices.Contains(e, h) })
	}
	return out
}

// expr notes the field accesses and method calls of n, run with held,
// outside function literals.
func (ls *lockScanner) expr(n ast.Node, held []heldLock) {
	if n == nil {
		return
	}
	info := ls.f.pkg.TypesInfo
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			if ls.f.settingUp(n.X, n.Pos()) {
				return true // no other goroutine sees the object yet
			}
			for _, st := range ls.p.selectorSteps(ls.f, n) {
				if st.field < 0 {
					continue
				}
				var locks, outer []int32
				for _, h := range held {
					switch {
					case h.base == st.base && !h.outer && ls.p.fields[h.field].key == ls.p.fields[st.field].key:
						locks = append(locks, h.field)
					case inPlaceFrom(info, n.X, h.base) && (h.outer || h.base != types.ExprString(ast.Unparen(n.X))):
						outer = append(outer, h.field)
					}
				}
				ls.out.accesses = append(ls.out.accesses, lockedAccess{st.field, locks, outer})
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			s := info.Selections[sel]
			if s == nil || s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
				return true
			}
			fn := s.Obj().(*types.Func).Origin()
			if _, ptr := fn.Signature().Recv().Type().(*types.Pointer); !ptr {
				return true // the method works on a copy
			}
			// The receiver: sel.X, or the embedded field the method is
			// promoted from (tc.set of a Cache embedding *cache is called
			// on tc.cache).
			base := types.ExprString(ast.Unparen(sel.X))
			if steps := ls.p.selectorSteps(ls.f, sel); len(steps) > 0 {
				last := steps[len(steps)-1]
				if len(steps) != len(s.Index())-1 || last.field < 0 {
					return true
				}
				base = last.base + "." + ls.p.fields[last.field].name
			}
			var on []heldLock
			for _, h := range held {
				switch {
				case h.base == base:
					h.base = ""
					on = append(on, h)
				case inPlaceFrom(info, sel.X, h.base):
					// A method of a struct the locked one holds in place.
					h.base, h.outer = "", true
					on = append(on, h)
				}
			}
			ls.out.calls = append(ls.out.calls, lockedCall{ls.p.line(n.Lparen), fn.FullName(), on})
		}
		return true
	})
}

// lockOp reads x as a call of Lock, Unlock, RLock or RUnlock of a
// sync.Mutex or sync.RWMutex field held by value (x.mu.Lock(), or
// x.Lock() through an embedded mutex), or of the L of a sync.Cond field
// (x.cond.L.Lock()), and returns the lock, on the object x reaches.
func (ls *lockScanner) lockOp(x ast.Expr) (heldLock, string, bool) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return heldLock{}, "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return heldLock{}, "", false
	}
	info := ls.f.pkg.TypesInfo
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return heldLock{}, "", false
	}
	fn := s.Obj().(*types.Func)
	op := fn.Name()
	if fn.Pkg() == nil || fn.Pkg().Path() != "sync" || op != "Lock" && op != "Unlock" && op != "RLock" && op != "RUnlock" {
		return heldLock{}, "", false
	}
	var steps []selectorStep
	if len(s.Index()) > 1 {
		steps = ls.p.selectorSteps(ls.f, sel)
	} else if inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
		if l, ok := ast.Unparen(inner.X).(*ast.SelectorExpr); ok && inner.Sel.Name == "L" && isLocker(fn) {
			inner = l // x.cond.L.Lock(): the step to x.cond
		}
		steps = ls.p.selectorSteps(ls.f, inner)
	}
	if len(steps) == 0 {
		return heldLock{}, "", false
	}
	last := steps[len(steps)-1]
	if last.field >= 0 && isCond(last.typ) && isLocker(fn) {
		// x.cond.L.Lock(): the condition variable's field is the lock.
		ls.locks[last.field] = true
		return heldLock{base: last.base, field: last.field}, op, true
	}
	if last.field < 0 || !isMutex(last.typ) {
		return heldLock{}, "", false
	}
	ls.locks[last.field] = true
	return heldLock{base: last.base, field: last.field}, op, true
}

// isLocker reports whether fn is sync.Locker's method, called through a
// sync.Cond's L.
func isLocker(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type()) && isSyncNamed(recv.Type(), "Locker")
}

// isCond reports whether t is sync.Cond or a pointer to one: a field whose
// L a goroutine locks (x.cond.L.Lock()) guards what it is held around, as
// a mutex of the struct does; Wait gives it up and takes it back.
func isCond(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return isSyncNamed(t, "Cond")
}

// isSyncNamed reports whether t is the type of package sync named name.
func isSyncNamed(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == name
}

// inPlaceFrom reports whether x selects, from the object base reaches,
// only fields held in place (x.a.b from x, a and b no pointers): x
// reaches part of that object, or the object itself.
func inPlaceFrom(info *types.Info, x ast.Expr, base string) bool {
	for {
		x = ast.Unparen(x)
		if types.ExprString(x) == base {
			return true
		}
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
			return false
		}
		if _, ptr := s.Type().Underlying().(*types.Pointer); ptr {
			return false
		}
		x = sel.X
	}
}

// isMutex reports whether t is sync.Mutex or sync.RWMutex, not a pointer
// to one.
func isMutex(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync" {
		return false
	}
	return n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex"
}

// selectorStep is one field a selector goes through: the field, the
// expression reaching the struct it is a field of, and its type.
type selectorStep struct {
	field int32
	base  string
	typ   types.Type
}

// selectorSteps are the fields sel goes through, from the struct its
// operand reaches: the field it selects, or for a method, the embedded
// fields the method is promoted through.
func (p *Program) selectorSteps(f *srcFile, sel *ast.SelectorExpr) []selectorStep {
	s := f.pkg.TypesInfo.Selections[sel]
	if s == nil {
		return nil
	}
	path := s.Index()
	switch s.Kind() {
	case types.FieldVal:
	case types.MethodVal:
		path = path[:len(path)-1]
	default:
		return nil
	}
	var out []selectorStep
	t := s.Recv()
	base := types.ExprString(ast.Unparen(sel.X))
	for _, i := range path {
		st, key, ok := p.structOf(t)
		if !ok {
			break
		}
		fld := st.Field(i)
		out = append(out, selectorStep{p.fieldID(key, st, i), base, fld.Type()})
		base += "." + fld.Name()
		t = fld.Type()
	}
	return out
}
