package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Dependence is a place whose meaning depends on a struct layout: the
// order of its fields, where one of them is, or its size. A fix that
// changes what the place depends on is withheld, with Why as the reason.
type Dependence struct {
	// Layout names the struct type literal by where its first field is
	// declared (layoutKey). Every type whose underlying type is that
	// literal has its layout: the type it declares, types defined from it
	// (type S2 S), instances of a generic one.
	Layout string
	Kind   DependenceKind
	// Field is the index of the field whose offset the place takes
	// (OffsetOf, Aligned8).
	Field int
	Why   string
}

// DependenceKind says what of a layout a place depends on.
type DependenceKind uint8

const (
	// OnOrder: the fields, in order. Any change to the field list
	// changes what the place computes, or stops it compiling: an unkeyed
	// literal, encoding/binary, reflection over the fields, a conversion
	// to another struct type with the same fields, memory read as
	// another type, fmt and encoding/json output.
	OnOrder DependenceKind = iota
	// OnOffset: where Field is (unsafe.Offsetof), on every GOARCH.
	OnOffset
	// OnSize: the size and alignment (unsafe.Sizeof, Alignof), on every
	// GOARCH; also what a struct holding this one depends on.
	OnSize
	// OnAlign8: Field starts 8-byte aligned on the 32-bit GOARCHes if it
	// did (a 64-bit sync/atomic function's operand).
	OnAlign8
)

// layoutKey names a struct type literal by where its first field is
// declared, the same in every package of a load and in every type that
// shares the literal; "" for a struct with no fields (no order to
// change) or no position.
func layoutKey(fset *token.FileSet, st *types.Struct) string {
	if st == nil || st.NumFields() == 0 || !st.Field(0).Pos().IsValid() {
		return ""
	}
	return fset.Position(st.Field(0).Pos()).String()
}

// structOf is the struct type t is, or points to once, nil for others.
func structOf(t types.Type) *types.Struct {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// eachLayout calls fn for every struct type whose bytes are part of a
// value of type t: t itself, its fields', array elements', recursively;
// with deep, also what pointers, slices and maps lead to (as
// encoding/json follows them).
func eachLayout(t types.Type, deep bool, fn func(*types.Struct)) {
	seen := map[types.Type]bool{}
	var walk func(types.Type)
	walk = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch u := t.Underlying().(type) {
		case *types.Struct:
			fn(u)
			for f := range u.Fields() {
				walk(f.Type())
			}
		case *types.Array:
			walk(u.Elem())
		case *types.Pointer:
			if deep {
				walk(u.Elem())
			}
		case *types.Slice:
			if deep {
				walk(u.Elem())
			}
		case *types.Map:
			if deep {
				walk(u.Key())
				walk(u.Elem())
			}
		}
	}
	walk(t)
}

// valueType is the type of what t holds, as encoding/binary and fmt take
// it: through one pointer, and (encoding/binary) a slice or array.
func valueType(t types.Type, elems bool) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if elems {
		switch u := t.Underlying().(type) {
		case *types.Slice:
			return u.Elem()
		case *types.Array:
			return u.Elem()
		}
	}
	return t
}

// uses is what a pass finds of the layouts its code depends on.
type uses struct {
	pass *analysis.Pass
	deps []Dependence
	seen map[Dependence]bool // without Why: the first reason wins
	// conversions, flows and sinks, for the driver to follow (LayoutUses).
	conversions []Conversion
	flows       []Flow
	sinks       []Sink
	// recovers are the variables given only what recover returns
	// (recoveredVars); origins, the unsafe.Pointer variables given only
	// one type of pointer (unsafeOrigins).
	recovers map[*types.Var]bool
	origins  map[*types.Var]types.Type
	keysOf   map[keysOf][]string
	holders  map[types.Type]string
	msets    typeutil.MethodSetCache
	flowSeen map[Flow]bool
	sinkSeen map[Sink]bool
	// pools are the function literals that make values for a
	// sync.Pool (its New field): they hand them to it whole.
	pools map[*ast.FuncLit]bool
	at    func(n ast.Node) token.Position
}

func (u *uses) depend(st *types.Struct, kind DependenceKind, field int, why string) {
	key := layoutKey(u.pass.Fset, st)
	if key == "" {
		return
	}
	d := Dependence{Layout: key, Kind: kind, Field: field}
	if u.seen[d] {
		return
	}
	u.seen[d] = true
	d.Why = why
	u.deps = append(u.deps, d)
}

// dependAll records that the place depends on every layout in a value of
// type t.
func (u *uses) dependAll(t types.Type, deep bool, kind DependenceKind, why string) {
	eachLayout(t, deep, func(st *types.Struct) { u.depend(st, kind, -1, why) })
}

// keys are the keys of the layouts in a value of type t.
// Most values converted to interfaces are of a few types (errors,
// strings, the package's own, pointers to them), so the keys are kept by
// type.
func (u *uses) keys(t types.Type, deep bool) []string {
	switch x := types.Unalias(t).(type) {
	case *types.Basic, *types.Interface, *types.Signature, *types.Chan:
		return nil
	case *types.Pointer:
		if !deep {
			return nil
		}
		return u.keys(x.Elem(), deep)
	}
	q := keysOf{t, deep}
	if out, ok := u.keysOf[q]; ok {
		return out
	}
	var out []string
	eachLayout(t, deep, func(st *types.Struct) {
		if k := layoutKey(u.pass.Fset, st); k != "" {
			out = append(out, k)
		}
	})
	u.keysOf[q] = out
	return out
}

// keysOf asks for the keys of the layouts of a type.
type keysOf struct {
	t    types.Type
	deep bool
}

// findUses walks the package's code once for every place that depends on
// a struct layout: of its own types or of other packages'.
func findUses(pass *analysis.Pass) *uses {
	u := &uses{pass: pass, seen: map[Dependence]bool{}, keysOf: map[keysOf][]string{}, holders: map[types.Type]string{},
		flowSeen: map[Flow]bool{}, sinkSeen: map[Sink]bool{}}
	u.at = func(n ast.Node) token.Position { return pass.Fset.Position(n.Pos()) }
	u.pools = poolMakers(pass)
	for _, f := range pass.Files {
		u.file(f)
	}
	u.typeArgs()
	asmUses(pass, u)
	return u
}

func (u *uses) file(f *ast.File) {
	pass := u.pass
	var reflected map[types.Object]types.Type
	for _, imp := range f.Imports {
		if imp.Path.Value == `"reflect"` {
			reflected = reflectedVars(pass, f)
		}
	}
	ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			u.compositeLit(n)
		case *ast.CallExpr:
			u.call(n, stack)
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, r := range n.Rhs {
					u.assign(pass.TypesInfo.TypeOf(n.Lhs[i]), r, "assigned")
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Names) == len(n.Values) {
				for i, v := range n.Values {
					u.assign(pass.TypesInfo.TypeOf(n.Names[i]), v, "assigned")
				}
			}
		case *ast.ReturnStmt:
			u.returns(n, stack)
		case *ast.SendStmt:
			if ch, ok := pass.TypesInfo.TypeOf(n.Chan).Underlying().(*types.Chan); ok {
				u.assign(ch.Elem(), n.Value, "sent")
			}
		case *ast.BinaryExpr:
			u.arithmetic(n)
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				u.flow(n.X, pass.TypesInfo.TypeOf(n.Type))
			}
		case *ast.TypeSwitchStmt:
			var x ast.Expr
			switch a := n.Assign.(type) {
			case *ast.AssignStmt:
				x = a.Rhs[0].(*ast.TypeAssertExpr).X
			case *ast.ExprStmt:
				x = a.X.(*ast.TypeAssertExpr).X
			}
			for _, c := range n.Body.List {
				for _, t := range c.(*ast.CaseClause).List {
					u.flow(x, pass.TypesInfo.TypeOf(t))
				}
			}
		}
		if e, ok := n.(ast.Expr); ok && reflected != nil {
			if t := reflectedType(pass, e, reflected); t != nil {
				u.reflectUse(e, t, stack)
			}
		}
		return true
	})
}

// compositeLit records an unkeyed literal of a struct type, and the
// values its elements convert to interfaces.
func (u *uses) compositeLit(lit *ast.CompositeLit) {
	pass := u.pass
	t := pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	switch under := t.Underlying().(type) {
	case *types.Struct:
		if unkeyed(lit) {
			u.depend(under, OnOrder, -1, orderReason(u.at(lit)))
		}
		for i, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if v, ok := pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
						u.assign(v.Type(), kv.Value, "stored")
					}
				}
			} else if i < under.NumFields() {
				u.assign(under.Field(i).Type(), e, "stored")
			}
		}
	case *types.Slice, *types.Array, *types.Map:
		var elem types.Type
		switch c := under.(type) {
		case *types.Slice:
			elem = c.Elem()
		case *types.Array:
			elem = c.Elem()
		case *types.Map:
			elem = c.Elem()
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			u.assign(elem, e, "stored")
		}
	}
}

func orderReason(pos token.Position) string {
	return fmt.Sprintf("an unkeyed composite literal at %s depends on the field order", pos)
}

func unkeyed(lit *ast.CompositeLit) bool {
	if len(lit.Elts) == 0 {
		return false
	}
	_, keyed := lit.Elts[0].(*ast.KeyValueExpr)
	return !keyed
}

// assign records a value e of one type assigned, stored, sent, passed
// or returned as another, to: converted to an interface, it leaves what
// the types show; a struct given as an unnamed struct type with the same
// fields, or the reverse, converts only while both keep them.
func (u *uses) assign(to types.Type, e ast.Expr, how string) {
	if to == nil {
		return
	}
	if types.IsInterface(to) {
		u.convert(e, to, func() string {
			return fmt.Sprintf("%s as %s at %s", how, types.TypeString(to, types.RelativeTo(u.pass.Pkg)), u.at(e))
		}, "")
		return
	}
	from := u.pass.TypesInfo.TypeOf(e)
	if from == nil {
		return
	}
	a, ok := from.Underlying().(*types.Struct)
	b, ok2 := to.Underlying().(*types.Struct)
	if !ok || !ok2 || layoutKey(u.pass.Fset, a) == layoutKey(u.pass.Fset, b) {
		return
	}
	qual := types.RelativeTo(u.pass.Pkg)
	why := fmt.Sprintf("a value of type %s is %s as %s at %s, which takes it only while both have the same fields in the same order",
		types.TypeString(from, qual), how, types.TypeString(to, qual), u.at(e))
	u.depend(a, OnOrder, -1, why)
	u.depend(b, OnOrder, -1, why)
}

// arithmetic records pointer arithmetic on a struct's address,
// uintptr(unsafe.Pointer(&s)) + n: it reaches a field by its offset.
func (u *uses) arithmetic(b *ast.BinaryExpr) {
	if b.Op != token.ADD && b.Op != token.SUB {
		return
	}
	for _, x := range []ast.Expr{b.X, b.Y} {
		if t := u.uintptrOf(x); t != nil {
			u.dependAll(t, false, OnOrder, fmt.Sprintf("pointer arithmetic at %s reaches into a %s by offset", u.at(b), types.TypeString(t, types.RelativeTo(u.pass.Pkg))))
		}
	}
}

// uintptrOf is the struct type whose address e is as a uintptr,
// uintptr(unsafe.Pointer(p)); nil for others.
func (u *uses) uintptrOf(e ast.Expr) types.Type {
	conv, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 || !u.isType(conv.Fun, types.Typ[types.Uintptr]) {
		return nil
	}
	return u.pointee(conv.Args[0])
}

// pointee is the type p points to when p is unsafe.Pointer(x) for a
// pointer x, nil for others.
func (u *uses) pointee(p ast.Expr) types.Type {
	inner, ok := ast.Unparen(p).(*ast.CallExpr)
	if !ok || len(inner.Args) != 1 || !u.isType(inner.Fun, types.Typ[types.UnsafePointer]) {
		return nil
	}
	ptr, ok := types.Unalias(u.pass.TypesInfo.TypeOf(inner.Args[0])).(*types.Pointer)
	if !ok {
		return nil
	}
	return ptr.Elem()
}

// isType reports whether e is a type expression for t.
func (u *uses) isType(e ast.Expr, t types.Type) bool {
	tv, ok := u.pass.TypesInfo.Types[e]
	return ok && tv.IsType() && types.Identical(tv.Type, t)
}

func (u *uses) call(call *ast.CallExpr, stack []ast.Node) {
	pass := u.pass
	if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			u.conversion(call, tv.Type)
		}
		return
	}
	switch fn := callee(pass, call).(type) {
	case *types.Builtin:
		u.builtin(call, fn)
	case *types.Func:
		u.funcCall(call, fn)
	default:
		u.args(call, nil)
	}
}

// conversion records T(x): to an interface; between struct types with
// the same fields that are not the same literal; memory of one type read
// as another through unsafe.Pointer.
func (u *uses) conversion(call *ast.CallExpr, to types.Type) {
	pass := u.pass
	arg := call.Args[0]
	if types.IsInterface(to) {
		u.convert(arg, to, func() string {
			return fmt.Sprintf("converted to %s at %s", types.TypeString(to, types.RelativeTo(pass.Pkg)), u.at(call))
		}, "")
		return
	}
	from := pass.TypesInfo.TypeOf(arg)
	if from == nil {
		return
	}
	qual := types.RelativeTo(pass.Pkg)
	// Struct to struct, or pointer to pointer: both must keep the same
	// fields.
	fs, ts := from.Underlying(), to.Underlying()
	if fp, ok := fs.(*types.Pointer); ok {
		if tp, ok := ts.(*types.Pointer); ok {
			fs, ts = fp.Elem().Underlying(), tp.Elem().Underlying()
		}
	}
	if a, ok := fs.(*types.Struct); ok {
		if b, ok := ts.(*types.Struct); ok && layoutKey(pass.Fset, a) != layoutKey(pass.Fset, b) {
			why := fmt.Sprintf("the conversion %s at %s from %s needs both to keep the same fields in the same order",
				types.ExprString(call), u.at(call), types.TypeString(from, qual))
			u.depend(a, OnOrder, -1, why)
			u.depend(b, OnOrder, -1, why)
		}
		return
	}
	// (*T)(unsafe.Pointer(&u)), (*[8]byte)(unsafe.Pointer(&t)): the
	// memory of one is read as the other. A pointer that goes through
	// unsafe.Pointer and comes back as itself (atomic.LoadPointer's
	// callers) is not.
	toPtr, ok := types.Unalias(to).(*types.Pointer)
	if !ok {
		return
	}
	src := u.pointee(arg)
	if src == nil {
		if p, ok := types.Unalias(u.originOf(arg)).(*types.Pointer); ok {
			src = p.Elem()
		}
	}
	if src == nil || types.Identical(src, toPtr.Elem()) {
		return
	}
	why := fmt.Sprintf("%s at %s reads the memory of a %s as a %s", types.ExprString(call), u.at(call),
		types.TypeString(src, qual), types.TypeString(toPtr.Elem(), qual))
	u.dependAll(src, false, OnOrder, why)
	u.dependAll(toPtr.Elem(), false, OnOrder, why)
}

// originOf is the pointer type an unsafe.Pointer came from when e is
// unsafe.Pointer(p) or a variable given only such values in the
// function; nil when unknown.
func (u *uses) originOf(e ast.Expr) types.Type {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := u.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || !types.Identical(v.Type(), types.Typ[types.UnsafePointer]) {
		return nil
	}
	return u.unsafeOrigins()[v]
}

// unsafeOrigins maps the unsafe.Pointer variables of the package that
// are only ever given unsafe.Pointer(p) for pointers p of one type to
// that type.
func (u *uses) unsafeOrigins() map[*types.Var]types.Type {
	if u.origins != nil {
		return u.origins
	}
	out := map[*types.Var]types.Type{}
	u.origins = out
	mixed := map[*types.Var]bool{}
	bind := func(lhs, rhs ast.Expr) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		v, ok := u.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok || !types.Identical(v.Type(), types.Typ[types.UnsafePointer]) {
			return
		}
		var t types.Type
		if inner, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && len(inner.Args) == 1 && u.isType(inner.Fun, types.Typ[types.UnsafePointer]) {
			if p, ok := types.Unalias(u.pass.TypesInfo.TypeOf(inner.Args[0])).(*types.Pointer); ok {
				t = p
			}
		}
		switch prev := out[v]; {
		case t == nil || prev != nil && !types.Identical(prev, t):
			mixed[v] = true
		default:
			out[v] = t
		}
	}
	for _, f := range u.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						bind(n.Lhs[i], n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i := range n.Names {
						bind(n.Names[i], n.Values[i])
					}
				}
			}
			return true
		})
	}
	for v := range mixed {
		delete(out, v)
	}
	return out
}

// builtin records unsafe.Offsetof, Sizeof, Alignof and Add.
func (u *uses) builtin(call *ast.CallExpr, fn *types.Builtin) {
	pass := u.pass
	if len(call.Args) == 0 {
		return
	}
	switch fn.Name() {
	case "Offsetof":
		sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
		if !ok {
			return
		}
		s := pass.TypesInfo.Selections[sel]
		if s == nil {
			return
		}
		// Offsetof counts from x through every embedded field on the
		// way to f: each of those stays where it is, and what lies
		// before it keeps its size.
		t := s.Recv()
		for _, i := range s.Index() {
			st := structOf(t)
			if st == nil {
				return
			}
			f := st.Field(i)
			why := fmt.Sprintf("unsafe.Offsetof(%s) at %s depends on where %s is, which the fix moves (mark it //cachelint:pin to keep it there)",
				types.ExprString(sel), u.at(call), f.Name())
			u.depend(st, OnOffset, i, why)
			for j := range i {
				u.dependAll(st.Field(j).Type(), false, OnSize, why)
			}
			t = f.Type()
		}
	case "Sizeof", "Alignof":
		t := pass.TypesInfo.TypeOf(call.Args[0])
		u.dependAll(t, false, OnSize, fmt.Sprintf("unsafe.%s(%s) at %s depends on its size and alignment, which the fix changes",
			fn.Name(), types.ExprString(call.Args[0]), u.at(call)))
	case "panic":
		u.convertTo(call.Args[0], recovered, func() string { return fmt.Sprintf("given to panic at %s", u.at(call)) }, "")
	case "Add":
		if t := u.pointee(call.Args[0]); t != nil {
			u.dependAll(t, false, OnOrder, fmt.Sprintf("unsafe.Add at %s reaches into a %s by offset", u.at(call), types.TypeString(t, types.RelativeTo(pass.Pkg))))
		}
	}
}

// funcCall records the calls that look at a struct's fields, 64-bit
// sync/atomic operations on a field, and values passed as interfaces.
func (u *uses) funcCall(call *ast.CallExpr, fn *types.Func) {
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Path()
	}
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		if n, ok := types.Unalias(valueType(r.Type(), false)).(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	name := fn.Name()
	switch {
	case pkg == "sync/atomic" && recv == "" && atomic64Funcs[name] && len(call.Args) > 0:
		u.atomic64(call, name)
	case pkg == "reflect" && recv == "" && (name == "TypeOf" || name == "ValueOf" || name == "Indirect"):
		return // a handle, judged where it is used (reflectUse)
	}
	u.args(call, fn)
}

// atomic64Funcs are sync/atomic's functions on 64-bit words, which on
// 386, arm and mips need them 8-byte aligned.
var atomic64Funcs = func() map[string]bool {
	out := map[string]bool{}
	for _, op := range []string{"Add", "Load", "Store", "Swap", "CompareAndSwap", "And", "Or"} {
		out[op+"Int64"] = true
		out[op+"Uint64"] = true
	}
	return out
}()

// atomic64 records the field a 64-bit sync/atomic operation takes the
// address of: every struct on the way to it, from the last pointer
// followed, must keep it 8-byte aligned on 32-bit GOARCHes.
func (u *uses) atomic64(call *ast.CallExpr, name string) {
	un, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
	if !ok || un.Op != token.AND {
		return
	}
	why := fmt.Sprintf("atomic.%s(%s) at %s needs %s 8-byte aligned on 386, arm and mips, and the fix moves it off an 8-byte boundary there",
		name, types.ExprString(call.Args[0]), u.at(call), types.ExprString(un.X))
	for _, l := range u.fieldPath(un.X) {
		u.depend(l.st, OnAlign8, l.field, why)
		for j := range l.field {
			u.dependAll(l.st.Field(j).Type(), false, OnSize, why)
		}
	}
}

// level is one struct field on the way to another.
type level struct {
	st    *types.Struct
	field int
}

// fieldPath lists the struct fields on the way to the one e names (x.a.b,
// x.a[i].b, through embedded fields), from the last pointer followed:
// the structs before it are not where the field is.
func (u *uses) fieldPath(e ast.Expr) []level {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		s := u.pass.TypesInfo.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			return nil
		}
		t := s.Recv()
		var out []level
		if _, ptr := t.Underlying().(*types.Pointer); !ptr {
			out = u.fieldPath(x.X)
		}
		for _, i := range s.Index() {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t, out = p.Elem(), nil
			}
			st, ok := t.Underlying().(*types.Struct)
			if !ok {
				return nil
			}
			out = append(out, level{st, i})
			t = st.Field(i).Type()
		}
		return out
	case *ast.IndexExpr:
		if _, ok := u.pass.TypesInfo.TypeOf(x.X).Underlying().(*types.Array); ok {
			return u.fieldPath(x.X)
		}
	}
	return nil
}

// callee is the function or builtin a call calls, nil for others.
func callee(pass *analysis.Pass, call *ast.CallExpr) types.Object {
	fun := ast.Unparen(call.Fun)
	switch ix := fun.(type) { // explicit instantiation
	case *ast.IndexExpr:
		fun = ix.X
	case *ast.IndexListExpr:
		fun = ix.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return pass.TypesInfo.Uses[f]
	case *ast.SelectorExpr:
		if s := pass.TypesInfo.Selections[f]; s != nil {
			return s.Obj()
		}
		return pass.TypesInfo.Uses[f.Sel]
	}
	return nil
}

// asmUses records the struct types that functions implemented in
// assembly take or return, unless the package's assembly uses go_asm.h's
// offsets for the type (TYPE_field), which follow the declaration.
func asmUses(pass *analysis.Pass, u *uses) {
	var asm []string
	for _, name := range pass.OtherFiles {
		if strings.HasSuffix(name, ".s") {
			if src, err := os.ReadFile(name); err == nil {
				asm = append(asm, string(src))
			}
		}
	}
	if len(asm) == 0 {
		return
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body != nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
				for v := range tuple.Variables() {
					t := types.Unalias(valueType(v.Type(), true))
					n, ok := t.(*types.Named)
					if !ok || structOf(n) == nil || n.Obj().Pkg() != pass.Pkg || usesAsmOffsets(asm, n.Obj().Name()) {
						continue
					}
					u.dependAll(n, false, OnOrder, fmt.Sprintf("%s, in assembly (%s), takes it without go_asm.h's offsets (%s_field)",
						fd.Name.Name, pass.Fset.Position(fd.Pos()), n.Obj().Name()))
				}
			}
		}
	}
}

func usesAsmOffsets(asm []string, typ string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(typ) + `_[A-Za-z]`)
	for _, src := range asm {
		if re.MatchString(src) {
			return true
		}
	}
	return false
}
