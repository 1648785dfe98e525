package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
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

// Conversion is a value whose type holds struct layouts converted to an
// interface type, or given as a type argument: code that later prints
// it, encodes it or reflects on it depends on their order. cachelint
// -fix follows the Flows of every package of the load from Into to the
// Sinks.
type Conversion struct {
	// Layouts are those of the value, through its fields; Deep also
	// through pointers, slices and maps (encoding/json follows them).
	Layouts, Deep []string
	// Methods are the method names of the value's type: a String method
	// stands in for the fields in fmt's output.
	Methods []string
	// Into is the interface type it is converted to (holder).
	Into string
	// Callee is the package path of the function the value is passed to
	// as an empty interface, when that is another package's: code
	// cachelint -fix must see, or withhold the fixes.
	Callee string
	Why    string
}

// Flow is a value of one interface type converted to another (or
// asserted to it): what the first holds, the second may.
type Flow struct{ From, Into string }

// Sink is a place that looks inside a value it has as an interface:
// fmt printing it, encoding/json encoding it, reflection over its
// fields, code outside the load.
type Sink struct {
	Kind sinkKind
	// On is the interface type of the value (holder).
	On string
	// Callee is the package path of the function the value is passed to
	// as an empty interface: it is a sink only when that package is not
	// in the load (otherwise Flows follow the value into it).
	Callee string
	Why    string
}

type sinkKind uint8

const (
	sinkOrder sinkKind = iota // reflection, encoding/binary, gob, unknown code
	sinkPrint                 // fmt verbs: a String, Error or Format method stands in for the fields
	sinkJSON                  // encoding/json, xml: a Marshal method does, and pointers are followed
)

// Sees reports whether a value converted at c that reaches s has its
// fields looked at there.
func (s Sink) Sees(c Conversion) bool {
	has := func(names ...string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return slices.Contains(c.Methods, n) })
	}
	switch s.Kind {
	case sinkPrint:
		return !has("String", "Error", "Format")
	case sinkJSON:
		return !has("MarshalJSON", "MarshalText", "MarshalXML")
	}
	return true
}

// typeParams holds the values of every type parameter: cachelint does
// not tell them apart.
const typeParams = "type parameter"

// recovered holds the values recover returns: those panic is given.
const recovered = "recovered panic value"

// holderOf is the holder of the value of e: where a value recover
// returned is, recovered; otherwise its type's (holder).
func (u *uses) holderOf(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if b, ok := callee(u.pass, x).(*types.Builtin); ok && b.Name() == "recover" {
			return recovered
		}
	case *ast.Ident:
		if v, ok := u.pass.TypesInfo.ObjectOf(x).(*types.Var); ok && u.recoveredVars()[v] {
			return recovered
		}
	}
	return holder(u.pass.TypesInfo.TypeOf(e))
}

// recoveredVars are the variables of the package given only what
// recover returns.
func (u *uses) recoveredVars() map[*types.Var]bool {
	if u.recovers != nil {
		return u.recovers
	}
	u.recovers = map[*types.Var]bool{}
	other := map[*types.Var]bool{}
	bind := func(lhs, rhs ast.Expr) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		v, ok := u.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok {
			return
		}
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
			if b, ok := callee(u.pass, call).(*types.Builtin); ok && b.Name() == "recover" {
				u.recovers[v] = true
				return
			}
		}
		other[v] = true
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
	for v := range other {
		delete(u.recovers, v)
	}
	return u.recovers
}

// holder names the interface type t for Flows, or typeParams; "" when t
// is neither.
func holder(t types.Type) string {
	if t == nil {
		return ""
	}
	t = types.Unalias(t)
	if _, ok := t.(*types.TypeParam); ok {
		return typeParams
	}
	if !types.IsInterface(t) {
		return ""
	}
	return types.TypeString(t, nil)
}

// uses is what a pass finds of the layouts its code depends on.
type uses struct {
	pass *analysis.Pass
	deps []Dependence
	seen map[Dependence]bool // without Why: the first reason wins
	// conversions, flows and sinks, for the driver to follow (Result).
	conversions []Conversion
	flows       []Flow
	sinks       []Sink
	// recovers are the variables given only what recover returns
	// (recoveredVars).
	recovers map[*types.Var]bool
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
func (u *uses) keys(t types.Type, deep bool) []string {
	var out []string
	eachLayout(t, deep, func(st *types.Struct) {
		if k := layoutKey(u.pass.Fset, st); k != "" {
			out = append(out, k)
		}
	})
	return out
}

// methodNames are the names of the methods of t's method set.
func methodNames(t types.Type) []string {
	ms := types.NewMethodSet(t)
	out := make([]string, 0, ms.Len())
	for sel := range ms.Methods() {
		out = append(out, sel.Obj().Name())
	}
	return out
}

// findUses walks the package's code once for every place that depends on
// a struct layout: of its own types or of other packages'.
func findUses(pass *analysis.Pass) *uses {
	u := &uses{pass: pass, seen: map[Dependence]bool{}}
	u.at = func(n ast.Node) token.Position { return pass.Fset.Position(n.Pos()) }
	u.pools = poolMakers(pass)
	for _, f := range pass.Files {
		u.file(f)
	}
	u.typeArgs()
	asmUses(pass, u)
	return u
}

// typeArgs records the struct types given as type arguments to generic
// functions and types, whose code may look at them as interfaces or
// through reflection; those of packages that only keep values whole
// (sync/atomic's Pointer, slices) do not count.
func (u *uses) typeArgs() {
	pass := u.pass
	ids := make([]*ast.Ident, 0, len(pass.TypesInfo.Instances))
	for id := range pass.TypesInfo.Instances {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b *ast.Ident) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, id := range ids {
		obj := pass.TypesInfo.Uses[id]
		if obj == nil || obj.Pkg() == nil || keeps[obj.Pkg().Path()] || typeArgsKept[obj.Pkg().Path()] {
			continue
		}
		for t := range pass.TypesInfo.Instances[id].TypeArgs.Types() {
			if _, tp := types.Unalias(t).(*types.TypeParam); tp || types.IsInterface(t) {
				continue
			}
			c := Conversion{Layouts: u.keys(valueType(t, false), false), Deep: u.keys(t, true), Into: typeParams}
			if len(c.Deep) == 0 {
				continue
			}
			c.Methods = methodNames(t)
			c.Why = fmt.Sprintf("%s is a type argument of %s at %s", types.TypeString(t, types.RelativeTo(pass.Pkg)), obj.Name(), u.at(id))
			u.conversions = append(u.conversions, c)
		}
	}
}

// typeArgsKept are the packages whose generic code keeps values of its
// type parameters whole: moves, compares and hands them back.
var typeArgsKept = map[string]bool{"sync/atomic": true, "slices": true, "maps": true, "iter": true, "cmp": true, "unique": true, "weak": true, "runtime": true}

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

// poolMakers finds the function literals given to a sync.Pool as its
// New, p.New = func() any {...} or sync.Pool{New: func() any {...}}.
func poolMakers(pass *analysis.Pass) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
	isPool := func(t types.Type) bool {
		n, ok := types.Unalias(valueType(t, false)).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Pool"
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					sel, ok := l.(*ast.SelectorExpr)
					if lit, isLit := n.Rhs[min(i, len(n.Rhs)-1)].(*ast.FuncLit); ok && isLit && sel.Sel.Name == "New" && isPool(pass.TypesInfo.TypeOf(sel.X)) {
						out[lit] = true
					}
				}
			case *ast.CompositeLit:
				if !isPool(pass.TypesInfo.TypeOf(n)) {
					return true
				}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if lit, ok := kv.Value.(*ast.FuncLit); ok {
							out[lit] = true
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// returns records the results a return statement converts to
// interfaces, but for those a sync.Pool's New hands to the pool (which
// keeps them whole, as Put does).
func (u *uses) returns(ret *ast.ReturnStmt, stack []ast.Node) {
	var sig *types.Signature
	for i := len(stack) - 1; i >= 0 && sig == nil; i-- {
		switch fn := stack[i].(type) {
		case *ast.FuncLit:
			if u.pools[fn] {
				return
			}
			sig, _ = u.pass.TypesInfo.TypeOf(fn).(*types.Signature)
		case *ast.FuncDecl:
			if obj, ok := u.pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
				sig = obj.Signature()
			}
		}
	}
	if sig == nil || sig.Results().Len() != len(ret.Results) {
		return
	}
	for i, r := range ret.Results {
		u.assign(sig.Results().At(i).Type(), r, "returned")
	}
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
		u.convert(e, to, fmt.Sprintf("%s as %s at %s", how, types.TypeString(to, types.RelativeTo(u.pass.Pkg)), u.at(e)), "")
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
	why := fmt.Sprintf("a %s is %s as %s at %s, which takes it only while both have the same fields in the same order",
		types.TypeString(from, qual), how, types.TypeString(to, qual), u.at(e))
	u.depend(a, OnOrder, -1, why)
	u.depend(b, OnOrder, -1, why)
}

// convert records the value e converted to the interface type to: its
// layouts, or when e is an interface itself, the flow between the two.
func (u *uses) convert(e ast.Expr, to types.Type, why, callee string) {
	u.convertTo(e, holder(to), why, callee)
}

// convertInto is convert, to the holder into.
func (u *uses) convertInto(e ast.Expr, into, why string) { u.convertTo(e, into, why, "") }

func (u *uses) convertTo(e ast.Expr, into, why, callee string) {
	from := u.pass.TypesInfo.TypeOf(e)
	if from == nil {
		return
	}
	if h := u.holderOf(e); h != "" {
		if h != into {
			u.flows = append(u.flows, Flow{h, into})
		}
		if callee != "" {
			u.sinks = append(u.sinks, Sink{Kind: sinkOrder, On: h, Callee: callee, Why: why})
		}
		return
	}
	c := Conversion{Layouts: u.keys(valueType(from, false), false), Deep: u.keys(from, true), Into: into, Callee: callee}
	if len(c.Deep) == 0 {
		return
	}
	c.Methods = methodNames(from)
	c.Why = fmt.Sprintf("a %s is %s", types.TypeString(from, types.RelativeTo(u.pass.Pkg)), why)
	u.conversions = append(u.conversions, c)
}

// flow records that what the interface value x holds may be had as
// the interface type to (a type assertion to it).
func (u *uses) flow(x ast.Expr, to types.Type) {
	from, into := u.holderOf(x), holder(to)
	if from != "" && into != "" && from != into {
		u.flows = append(u.flows, Flow{from, into})
	}
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
		u.convert(arg, to, fmt.Sprintf("converted to %s at %s", types.TypeString(to, types.RelativeTo(pass.Pkg)), u.at(call)), "")
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
	out := map[*types.Var]types.Type{}
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
		u.convertInto(call.Args[0], recovered, fmt.Sprintf("given to panic at %s", u.at(call)))
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
	case pkg == "sync/atomic" && recv == "" && atomic64[name] && len(call.Args) > 0:
		u.atomic64(call, name)
	case pkg == "reflect" && recv == "" && (name == "TypeOf" || name == "ValueOf" || name == "Indirect"):
		return // a handle, judged where it is used (reflectUse)
	}
	u.args(call, fn)
}

// atomic64 are sync/atomic's functions on 64-bit words, which on 386, arm
// and mips need them 8-byte aligned.
var atomic64 = map[string]bool{}

func init() {
	for _, op := range []string{"Add", "Load", "Store", "Swap", "CompareAndSwap", "And", "Or"} {
		atomic64[op+"Int64"] = true
		atomic64[op+"Uint64"] = true
	}
}

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

// args records the arguments a call converts to interfaces: to what
// looks at the fields (fmt, encoding/json, encoding/binary), to what
// keeps or compares the value whole (sync.Pool, reflect.DeepEqual), to
// other packages' code.
func (u *uses) args(call *ast.CallExpr, fn *types.Func) {
	pass := u.pass
	sig, ok := pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return
	}
	kind, known := sinkKind(0), false
	name, pkg := "", ""
	if fn != nil {
		name = fn.FullName()
		if fn.Pkg() != nil {
			pkg = fn.Pkg().Path()
		}
		kind, known = sinks[sinkName(fn)]
		if keeps[sinkName(fn)] || keeps[pkg] {
			return
		}
	}
	params := sig.Params()
	verbs := map[int]rune{} // the verb each argument is printed with, when the format is a constant
	if kind == sinkPrint && sig.Variadic() && params.Len() >= 2 && !call.Ellipsis.IsValid() {
		at := params.Len() - 2
		if tv, ok := pass.TypesInfo.Types[call.Args[at]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if vs, ok := printfVerbs(constant.StringVal(tv.Value)); ok {
				for k, v := range vs {
					verbs[at+1+k] = v
				}
			}
		}
	}
	for i, arg := range call.Args {
		if v := verbs[i]; v == 'T' || v == 'p' || v == '*' {
			continue // its type, its address or a width: not its fields
		}
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			pt = params.At(params.Len() - 1).Type()
			if call.Ellipsis.IsValid() {
				continue // a slice passed on as it is
			}
			pt = pt.(*types.Slice).Elem()
		case i < params.Len():
			pt = params.At(i).Type()
		default:
			continue
		}
		if !types.IsInterface(pt) {
			u.assign(pt, arg, "passed to "+name)
			continue
		}
		at := pass.TypesInfo.TypeOf(arg)
		if at == nil {
			continue
		}
		if !known {
			callee := ""
			if fn != nil && pkg != pass.Pkg.Path() && isEmptyInterface(pt) {
				callee = pkg
			}
			u.convert(arg, pt, fmt.Sprintf("passed to %s at %s", name, u.at(call)), callee)
			continue
		}
		if h := u.holderOf(arg); h != "" {
			u.sinks = append(u.sinks, Sink{Kind: kind, On: h, Why: fmt.Sprintf("%s at %s looks inside what it is given", name, u.at(call))})
			continue
		}
		deep := kind == sinkJSON
		t := valueType(at, kind == sinkOrder)
		if !(Sink{Kind: kind}).Sees(Conversion{Methods: methodNames(at)}) {
			continue
		}
		why := ""
		switch kind {
		case sinkPrint:
			why = fmt.Sprintf("%s at %s prints its fields in order", name, u.at(call))
		case sinkJSON:
			why = fmt.Sprintf("%s at %s encodes its fields in order", name, u.at(call))
		default:
			why = fmt.Sprintf("%s at %s encodes it field by field, in order", name, u.at(call))
		}
		u.dependAll(t, deep, OnOrder, why)
	}
}

// printfVerbs are the verbs of a fmt format in the order they take
// arguments ('*' for a width or precision given as one); false when the
// format picks arguments by index.
func printfVerbs(format string) ([]rune, bool) {
	var out []rune
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		for i++; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '[':
				return nil, false
			case c == '*':
				out = append(out, '*')
			case strings.IndexByte("+-# 0.", c) >= 0 || '0' <= c && c <= '9':
			case c == '%':
				goto next
			default:
				r, _ := utf8.DecodeRuneInString(format[i:])
				out = append(out, r)
				goto next
			}
		}
	next:
	}
	return out, true
}

func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.NumMethods() == 0
}

// sinkName names a function as the tables below do: "pkg.F" or
// "pkg.T.M".
func sinkName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if r := fn.Signature().Recv(); r != nil {
		if n, ok := types.Unalias(valueType(r.Type(), false)).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// sinks are the functions that look at the fields of the values they are
// given as interfaces, in order.
var sinks = map[string]sinkKind{}

// keeps are the functions and packages that keep, compare or hand back a
// value given as an interface without looking at its fields in order.
var keeps = map[string]bool{}

func init() {
	for _, f := range []string{"Print", "Println", "Printf", "Sprint", "Sprintln", "Sprintf", "Fprint", "Fprintln", "Fprintf", "Errorf", "Append", "Appendf", "Appendln"} {
		sinks["fmt."+f] = sinkPrint
	}
	for _, f := range []string{"Print", "Println", "Printf", "Fatal", "Fatalln", "Fatalf", "Panic", "Panicln", "Panicf", "Output"} {
		sinks["log."+f] = sinkPrint
		sinks["log.Logger."+f] = sinkPrint
	}
	for _, t := range []string{"T", "B", "F", "TB", "common"} {
		for _, f := range []string{"Log", "Logf", "Error", "Errorf", "Fatal", "Fatalf", "Skip", "Skipf"} {
			sinks["testing."+t+"."+f] = sinkPrint
		}
	}
	for _, t := range []string{"text/template", "html/template"} {
		sinks[t+".Template.Execute"] = sinkPrint
		sinks[t+".Template.ExecuteTemplate"] = sinkPrint
	}
	for _, f := range []string{"encoding/json.Marshal", "encoding/json.MarshalIndent", "encoding/json.Encoder.Encode",
		"encoding/xml.Marshal", "encoding/xml.MarshalIndent", "encoding/xml.Encoder.Encode", "encoding/xml.Encoder.EncodeElement"} {
		sinks[f] = sinkJSON
	}
	for _, f := range []string{"Read", "Write", "Append", "Encode", "Decode", "Size"} {
		sinks["encoding/binary."+f] = sinkOrder
	}
	sinks["encoding/gob.Encoder.Encode"] = sinkOrder
	for _, f := range []string{
		// Kept whole, handed back as they were.
		"sync.Pool.Put", "sync/atomic.Value.Store", "sync/atomic.Value.Swap", "sync/atomic.Value.CompareAndSwap",
		"context.WithValue", "container/heap.Push", "runtime.SetFinalizer", "runtime.KeepAlive",
		// Compared, or decoded into, by name or whole.
		"reflect.DeepEqual", "errors.Is", "errors.As", "encoding/json.Unmarshal", "encoding/json.Decoder.Decode",
		"encoding/xml.Unmarshal", "encoding/xml.Decoder.Decode", "encoding/gob.Decoder.Decode",
		// Moved whole.
		"sort.Slice", "sort.SliceStable", "sort.SliceIsSorted", "reflect.Swapper",
	} {
		keeps[f] = true
	}
	for _, p := range []string{"sync", "container/list", "container/ring",
		// Assertions compare values whole; their messages print them only
		// when a test fails.
		"github.com/stretchr/testify/assert", "github.com/stretchr/testify/require", "github.com/google/go-cmp/cmp"} {
		keeps[p] = true
	}
}

// reflectUse judges a reflect.Type or reflect.Value handle of a value
// of type t (reflect.TypeOf(x), ValueOf(x), TypeFor[T](), Elem of one, a
// variable holding one) by what its parent does with it: a method that
// takes the struct by name, kind or whole (Name, Kind, FieldByName)
// nothing; one that makes another handle (Elem, Type) nothing here, the
// new handle is judged where it is used; Size and Align the size;
// Interface hands the value back as an interface; Field, NumField,
// FieldByIndex and anything cachelint does not follow (a handle passed
// on, stored, returned) the order. A walk over NumField gives the fields
// in order, and a blank pad a fix inserts panics in Field(i).Interface().
func (u *uses) reflectUse(e ast.Expr, t types.Type, stack []ast.Node) {
	v := valueType(t, false)
	order := func(why string) {
		if types.IsInterface(v) {
			u.sinks = append(u.sinks, Sink{Kind: sinkOrder, On: holder(v), Why: why})
		} else {
			u.dependAll(v, false, OnOrder, why)
		}
	}
	if !types.IsInterface(v) && len(u.keys(v, false)) == 0 {
		return
	}
	i := len(stack) - 1
	for i >= 0 {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			break
		}
		i--
	}
	if i < 0 {
		return
	}
	switch p := stack[i].(type) {
	case *ast.AssignStmt:
		if slices.Contains(p.Lhs, e) {
			return // given a handle: judged where it is used
		}
		if len(p.Lhs) == len(p.Rhs) {
			for j, r := range p.Rhs {
				if r == e {
					if _, ok := p.Lhs[j].(*ast.Ident); ok {
						return // held in a variable, judged where it is used
					}
				}
			}
		}
	case *ast.ValueSpec:
		if len(p.Values) > 0 {
			return
		}
	case *ast.SelectorExpr:
		if i == 0 {
			break
		}
		call, ok := stack[i-1].(*ast.CallExpr)
		if !ok || call.Fun != p {
			break
		}
		switch m := p.Sel.Name; {
		case reflectByName[m], m == "Elem", m == "Type", m == "Addr":
			return
		case m == "Size" || m == "Align" || m == "FieldAlign":
			if !types.IsInterface(v) {
				u.dependAll(v, false, OnSize, fmt.Sprintf("reflect's %s at %s depends on its size, which the fix changes", types.ExprString(call), u.at(call)))
			}
			return
		case m == "Interface":
			if !types.IsInterface(v) {
				u.conversions = append(u.conversions, Conversion{Layouts: u.keys(v, false), Deep: u.keys(v, true), Methods: methodNames(t),
					Why: fmt.Sprintf("a %s is handed back as an interface at %s", types.TypeString(t, types.RelativeTo(u.pass.Pkg)), u.at(call))})
			}
			return
		default:
			order(fmt.Sprintf("reflect's %s at %s depends on the field order", types.ExprString(call), u.at(call)))
			return
		}
	case *ast.CallExpr:
		if fn, ok := callee(u.pass, p).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "reflect" && (fn.Name() == "Indirect" || fn.Name() == "DeepEqual") {
			return
		}
	}
	order(fmt.Sprintf("a reflect handle of it at %s goes where cachelint does not follow", u.at(e)))
}

// reflectByName are the methods of reflect.Type and reflect.Value that
// take a struct by name, kind or whole, not by the order of its fields.
var reflectByName = map[string]bool{
	"Name": true, "String": true, "PkgPath": true, "Kind": true, "Implements": true, "AssignableTo": true,
	"ConvertibleTo": true, "Comparable": true, "NumMethod": true, "Method": true, "MethodByName": true,
	"FieldByName": true, "IsNil": true, "IsZero": true, "IsValid": true, "CanAddr": true, "CanSet": true,
	"CanInterface": true, "Pointer": true, "UnsafePointer": true, "Set": true, "SetZero": true, "Equal": true,
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

// reflectedVars maps the variables of file f assigned a reflect.Type or
// reflect.Value of a type to that type, through chains of them.
func reflectedVars(pass *analysis.Pass, f *ast.File) map[types.Object]types.Type {
	vars := map[types.Object]types.Type{}
	for changed := true; changed; {
		changed = false
		bind := func(lhs, rhs ast.Expr) {
			id, ok := lhs.(*ast.Ident)
			if !ok {
				return
			}
			v := pass.TypesInfo.ObjectOf(id)
			if v == nil || vars[v] != nil {
				return
			}
			if t := reflectedType(pass, rhs, vars); t != nil {
				vars[v] = t
				changed = true
			}
		}
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
	return vars
}

// reflectedType is the type whose reflect.Type or reflect.Value e is:
// reflect.TypeOf(x), reflect.ValueOf(x), reflect.TypeFor[T](),
// reflect.Indirect of one, .Elem() of one, or a variable holding one.
func reflectedType(pass *analysis.Pass, e ast.Expr, vars map[types.Object]types.Type) types.Type {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return vars[pass.TypesInfo.ObjectOf(x)]
	case *ast.CallExpr:
		fn, ok := callee(pass, x).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
			return nil
		}
		switch fn.Name() {
		case "TypeOf", "ValueOf":
			if len(x.Args) == 1 {
				return pass.TypesInfo.TypeOf(x.Args[0])
			}
		case "TypeFor":
			if ix, ok := ast.Unparen(x.Fun).(*ast.IndexExpr); ok {
				return pass.TypesInfo.TypeOf(ix.Index)
			}
		case "Indirect", "Elem", "Type", "Addr":
			if len(x.Args) == 1 {
				return reflectedType(pass, x.Args[0], vars)
			}
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
				return reflectedType(pass, sel.X, vars)
			}
		}
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
