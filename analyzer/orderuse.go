package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
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
	// (OnOffset, OnAlign8).
	Field int
	// Via names an interface type of the load that values of the layout
	// are converted to (carrierKey): the place depends on the order only
	// if some place depends on what values of that type hold.
	Via string
	Why string
}

// DependenceKind says what of a layout a place depends on.
type DependenceKind uint8

const (
	// OnOrder: the fields, in order: any use the analysis cannot prove
	// blind to the order.
	OnOrder DependenceKind = iota
	// OnOffset: where Field is (unsafe.Offsetof), on every GOARCH.
	OnOffset
	// OnSize: the size and alignment (unsafe.Sizeof, Alignof), on every
	// GOARCH.
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

// carrierKey names a named interface type of the load with methods,
// among the layouts of a type: the layouts of the values converted to it
// are safe exactly as far as every value of the interface type is, and
// the allowlist checks those by type, as it checks structs.
func carrierKey(fset *token.FileSet, n *types.Named) string {
	return "interface " + n.Obj().Name() + " at " + fset.Position(n.Obj().Pos()).String()
}

// typeParamKey stands, among the layouts of a type, for a type
// parameter: generic code whose uses of its type parameters' values
// fail the allowlist may not be given a layout as a type argument.
const typeParamKey = "type parameter"

// CallSite is an address derived from a layout's value or field that a
// package hands to a function of another package: it is contained only
// when the callee is in the load and its parameter's uses pass
// (LayoutUses.Params).
type CallSite struct {
	Layouts []string
	// Callee names the function (funcKey); Pkg is its package's path.
	Callee, Pkg string
	Param       int
	Why         string
}

// ParamUse is what a function does with an address handed to one of its
// parameters: Why says the first use not proven blind to the order ("" if
// none); Calls are the functions of other packages it hands it on to.
type ParamUse struct {
	Why   string
	Calls []CallSite
}

// funcKey names a function the same in every package of a load.
func funcKey(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return obj.FullName()
	}
	return fn.String()
}

// orderUses is the allowlist: it proves, instruction by instruction over
// a package's SSA form, that no use of a value holding a struct layout,
// a pointer to one or an address derived from one of its fields can see
// the order of the fields. Every instruction whose operand's type holds
// a layout must be of a kind that selects fields by name, copies or
// compares whole values, or hands the value to code whose parameter has
// the layout in its type (that code is checked where it is; a package
// cachelint does not see can name the type only if it is exported, which
// exposure covers). Addresses of fields, and interfaces holding layouts,
// lose the layout from their type: each such value is followed through
// its uses (root, walker), into the functions of the package it is
// handed to; a named interface type of the load instead carries the
// layouts converted to it, its values checked by type (carrierKey).
type orderUses struct {
	fset *token.FileSet
	pkg  *ssa.Package
	// onePackage: code of other packages is out of sight (go vet);
	// otherwise calls into them are CallSites for the driver.
	onePackage bool
	// mine says whether a layout's package is one whose code the
	// driver checks.
	mine    func(*types.Package) bool
	layouts typeutil.Map
	byType  map[types.Type][]string
	deps    []Dependence
	seen    map[Dependence]bool
	calls   []CallSite
	// params are the uses of each parameter (and free variable), found
	// once; pending while being found.
	params map[*ssa.Parameter]*paramUse
	frees  map[*ssa.FreeVar]*paramUse
	// generic says why a generic function of the package may not take a
	// layout as a type argument ("" when it may).
	generic map[*ssa.Function]string
	// pending counts the parameters whose uses are being found.
	pending int
	// rets are the layouts whose fields' addresses a function returns.
	rets map[*ssa.Function][]string
	// poolNews are the functions the package gives sync.Pools as New.
	poolNews map[*ssa.Function]bool
	fn       *ssa.Function // the function being checked
	funcs    []*ssa.Function
}

// paramUse is what a walker found of a parameter's uses.
type paramUse struct {
	pending  bool
	why      string
	atomic64 bool
	returned bool
	invoked  []string
	calls    []CallSite
	// tentative: found while some parameter it reaches was pending, so
	// found again next time.
	tentative bool
}

// layoutsOf returns the layouts the bytes or addresses of a value of
// type t hold: its struct types, through fields, array and slice
// elements, pointers, maps, channels and type arguments; a named
// interface type of the load as its carrierKey; a type parameter as
// typeParamKey; not through other interfaces or functions, whose values
// are followed where they are made.
func (u *orderUses) layoutsOf(t types.Type) []string {
	// By identity first: hashing a type costs more than most lookups.
	if ls, ok := u.byType[t]; ok {
		return ls
	}
	if v := u.layouts.At(t); v != nil {
		u.byType[t] = v.([]string)
		return v.([]string)
	}
	defer func() { u.byType[t] = u.layouts.At(t).([]string) }()
	var out []string
	seen := map[types.Type]bool{}
	var walk func(types.Type)
	walk = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if _, ok := types.Unalias(t).(*types.TypeParam); ok {
			if !slices.Contains(out, typeParamKey) {
				out = append(out, typeParamKey)
			}
			return
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			if it, ok := n.Underlying().(*types.Interface); ok {
				if k := carrierKey(u.fset, n); it.NumMethods() > 0 && n.Obj().Pkg() != nil && u.mine(n.Obj().Pkg()) && !slices.Contains(out, k) {
					out = append(out, k)
				}
				return
			}
			for a := range n.TypeArgs().Types() {
				walk(a)
			}
		}
		switch x := t.Underlying().(type) {
		case *types.Struct:
			if k := layoutKey(u.fset, x); k != "" && u.declaredMine(x) && !slices.Contains(out, k) {
				out = append(out, k)
			}
			for f := range x.Fields() {
				walk(f.Type())
			}
		case *types.Pointer:
			walk(x.Elem())
		case *types.Slice:
			walk(x.Elem())
		case *types.Array:
			walk(x.Elem())
		case *types.Map:
			walk(x.Key())
			walk(x.Elem())
		case *types.Chan:
			walk(x.Elem())
		}
	}
	walk(t)
	u.layouts.Set(t, out)
	return out
}

// declaredMine reports whether struct literal st is declared in a
// package whose layouts are judged.
func (u *orderUses) declaredMine(st *types.Struct) bool {
	f := st.Field(0)
	return f.Pkg() != nil && u.mine(f.Pkg())
}

// at is where an instruction is, for a reason.
func (u *orderUses) at(instr ssa.Instruction) string {
	pos := instr.Pos()
	if v, ok := instr.(ssa.Value); ok && !pos.IsValid() {
		for _, r := range *v.Referrers() {
			if r.Pos().IsValid() {
				pos = r.Pos()
				break
			}
		}
	}
	if !pos.IsValid() {
		pos = instr.Parent().Pos()
	}
	return u.fset.Position(pos).String()
}

// refuse records that the uses of the layouts depend on their order.
func (u *orderUses) refuse(layouts []string, why string) {
	for _, k := range layouts {
		if k == typeParamKey {
			top := u.fn
			for top.Parent() != nil {
				top = top.Parent()
			}
			if u.generic[top] == "" {
				u.generic[top] = why
			}
			continue
		}
		u.depend(Dependence{Layout: k, Kind: OnOrder, Field: -1, Why: why})
	}
}

func (u *orderUses) depend(d Dependence) {
	if d.Layout == typeParamKey {
		return
	}
	why := d.Why
	d.Why = ""
	if u.seen[d] {
		return
	}
	u.seen[d] = true
	d.Why = why
	u.deps = append(u.deps, d)
}

// typeName is t as messages write it.
func (u *orderUses) typeName(t types.Type) string {
	return types.TypeString(t, types.RelativeTo(u.pkg.Pkg))
}

// calleeName names a call's callee for messages.
func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return "method " + c.Method.Name()
	}
	if fn := c.StaticCallee(); fn != nil {
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj.FullName()
		}
		return fn.String()
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		return b.Name()
	}
	return "a function value"
}

// keptPackages are the packages whose functions and methods may take an
// address inside a layout: they operate on the word or lock they are
// given. genericKept are those that may take a layout as a type
// argument: they move, compare and hand back whole values of their type
// parameters, without reflection or unsafe on them (weak's Make keeps
// the pointer, not what it points at; runtime.AddCleanup, the pointer
// and its cleanup's argument).
var keptPackages = map[string]bool{"sync": true, "sync/atomic": true}

// keptReceivers are the types outside the load whose methods, given a
// field's address as their receiver, touch that field's own bytes only
// (and what it points to): a buffer kept in a struct.
var keptReceivers = map[string]bool{"*bytes.Buffer": true, "*strings.Builder": true}

// keptFuncs are functions outside the load that take a value whole and
// never look inside it.
var keptFuncs = map[string]bool{"runtime.KeepAlive": true}

var genericKept = map[string]bool{"sync": true, "sync/atomic": true, "slices": true, "maps": true, "iter": true, "cmp": true, "weak": true, "runtime": true}

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

// check runs the allowlist over the package's functions.
func (u *orderUses) check(funcs []*ssa.Function) {
	u.poolNews = map[*ssa.Function]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				p, _ := fa.X.Type().Underlying().(*types.Pointer)
				if n, ok := types.Unalias(p.Elem()).(*types.Named); !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync" || n.Obj().Name() != "Pool" || n.Underlying().(*types.Struct).Field(fa.Field).Name() != "New" {
					continue
				}
				switch f := st.Val.(type) {
				case *ssa.Function:
					u.poolNews[f] = true
				case *ssa.MakeClosure:
					u.poolNews[f.Fn.(*ssa.Function)] = true
				}
			}
		}
	}
	// Generic functions first: calls giving them layouts as type
	// arguments ask whether their code passes.
	for _, fn := range funcs {
		if top := topOf(fn); top.TypeParams().Len() > 0 || recvTypeParams(top) {
			u.fn = fn
			u.function(fn)
		}
	}
	// Returns of field addresses make roots at the call sites: found to
	// a fixed point.
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			n := len(u.rets[fn])
			u.fn = fn
			u.function(fn)
			if len(u.rets[fn]) != n {
				changed = true
			}
		}
	}
}

func topOf(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

func recvTypeParams(fn *ssa.Function) bool {
	sig := fn.Signature
	return sig.RecvTypeParams().Len() > 0
}

// function checks every instruction of fn.
func (u *orderUses) function(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			u.instr(instr)
		}
	}
}

// instr checks one instruction: its operands that hold layouts by type,
// and the values it makes that hold them out of sight of types.
func (u *orderUses) instr(instr ssa.Instruction) {
	var ops []*ssa.Value
	for _, p := range instr.Operands(ops) {
		if p == nil || *p == nil {
			continue
		}
		v := *p
		if fn, ok := v.(*ssa.Function); ok && len(fn.TypeArgs()) > 0 {
			// A generic function's instance as a value, called
			// later out of sight of the call's check.
			if c, ok := instr.(ssa.CallInstruction); !ok || c.Common().Value != v {
				u.typeArgs(instr, fn)
			}
		}
		ls := u.layoutsOf(v.Type())
		if len(ls) == 0 {
			continue
		}
		if why := u.operand(instr, v); why != "" {
			u.refuse(ls, why)
		}
	}
	switch x := instr.(type) {
	case *ssa.Convert, *ssa.MultiConvert:
		// Memory of another type read as one holding layouts.
		v := x.(ssa.Value)
		operand := x.Operands(nil)[0]
		if ls := u.layoutsOf(v.Type()); len(ls) > 0 && len(u.layoutsOf((*operand).Type())) == 0 {
			u.refuse(ls, fmt.Sprintf("a value of type %s is converted to %s at %s, reading other memory as it", u.typeName((*operand).Type()), u.typeName(v.Type()), u.at(x)))
		}
	case *ssa.FieldAddr:
		if st, ok := x.X.Type().Underlying().(*types.Pointer); ok {
			if s, ok := st.Elem().Underlying().(*types.Struct); ok {
				if k := layoutKey(u.fset, s); k != "" && u.declaredMine(s) {
					u.root(x, []string{k}, nil, x.Field, fmt.Sprintf("the address of field %s at %s", s.Field(x.Field).Name(), u.at(x)))
				}
			}
		}
	case *ssa.MakeInterface:
		if ls := u.layoutsOf(x.X.Type()); len(ls) > 0 && !u.carried(x, ls) {
			u.root(x, ls, x.X.Type(), -1, fmt.Sprintf("a value of type %s converted to %s at %s", u.typeName(x.X.Type()), u.typeName(x.Type()), u.at(x)))
		}
	case *ssa.ChangeInterface:
		if ls := u.layoutsOf(x.X.Type()); len(ls) > 0 {
			u.root(x, ls, nil, -1, fmt.Sprintf("a value of type %s converted to %s at %s", u.typeName(x.X.Type()), u.typeName(x.Type()), u.at(x)))
		}
	case ssa.CallInstruction:
		c := x.Common()
		if fn := c.StaticCallee(); fn != nil {
			if ls := u.rets[fn]; len(ls) > 0 {
				if v := x.Value(); v != nil {
					u.root(v, ls, nil, -1, fmt.Sprintf("the field address %s returns, at %s", calleeName(c), u.at(x)))
				}
			}
			u.typeArgs(x, fn)
			if v := x.Value(); v != nil && isPoolMethod(fn, "Get") {
				u.pooled(v)
			}
		}
	}
}

// carried records, for a conversion of a value holding layouts ls to a
// named interface type of the load, that they depend on what values of
// that type do (Dependence.Via), when every method of the interface is
// the value's own, in the load; it reports whether it did.
func (u *orderUses) carried(x *ssa.MakeInterface, ls []string) bool {
	n, ok := types.Unalias(x.Type()).(*types.Named)
	if !ok {
		return false
	}
	keys := u.layoutsOf(n)
	if len(keys) != 1 {
		return false
	}
	// Every method of the value, not only the interface's: a value of
	// the interface asserted to another interface of the load has
	// those called.
	ms := u.pkg.Prog.MethodSets.MethodSet(x.X.Type())
	for sel := range ms.Methods() {
		if u.methodOf(x.X.Type(), sel.Obj().Name()) != "" {
			return false
		}
	}
	why := fmt.Sprintf("a value of type %s is converted to %s at %s", u.typeName(x.X.Type()), u.typeName(x.Type()), u.at(x))
	for _, k := range ls {
		if k == typeParamKey {
			// What the type arguments hold is out of the
			// interface type's sight: the generic code may not be
			// given layouts.
			u.refuse([]string{k}, why)
			continue
		}
		u.depend(Dependence{Layout: k, Kind: OnOrder, Field: -1, Via: keys[0], Why: why})
	}
	return true
}

// isPoolMethod reports whether fn is sync.Pool's method name.
func isPoolMethod(fn *ssa.Function, name string) bool {
	if fn == nil || fn.Name() != name || fn.Signature.Recv() == nil {
		return false
	}
	p, ok := fn.Signature.Recv().Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Pool"
}

// poolKey stands for what sync.Pools keep: the values put there (or
// returned by their New functions) are safe as far as what every Get in
// the load hands out is (pooled), whichever package's pool it is.
func (u *orderUses) poolKey() string { return "what sync.Pools keep" }

// pooled checks what a sync.Pool's Get hands out: asserted to a concrete
// type, it is checked by type; to an interface type of the load, the
// pools hold what that type does (Dependence.Via).
func (u *orderUses) pooled(get ssa.Value) {
	for _, r := range *get.Referrers() {
		switch x := r.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.BinOp:
			if x.Op == token.EQL || x.Op == token.NEQ {
				continue
			}
		case *ssa.TypeAssert:
			if !types.IsInterface(x.AssertedType) {
				continue
			}
			if ks := u.layoutsOf(x.AssertedType); len(ks) == 1 && strings.HasPrefix(ks[0], "interface ") {
				u.depend(Dependence{Layout: u.poolKey(), Kind: OnOrder, Field: -1, Via: ks[0],
					Why: fmt.Sprintf("what a sync.Pool hands out is asserted to %s at %s", u.typeName(x.AssertedType), u.at(x))})
				continue
			}
		}
		u.depend(Dependence{Layout: u.poolKey(), Kind: OnOrder, Field: -1,
			Why: fmt.Sprintf("what a sync.Pool hands out at %s is used at %s, where the allowlist does not follow it", u.at(get.(ssa.Instruction)), u.at(r))})
		return
	}
}

// typeArgs refuses the layouts given as type arguments to generic code
// that is not proven to treat its type parameters' values whole.
func (u *orderUses) typeArgs(instr ssa.Instruction, fn *ssa.Function) {
	var ls []string
	for _, t := range fn.TypeArgs() {
		ls = append(ls, u.layoutsOf(t)...)
	}
	if len(ls) == 0 {
		return
	}
	origin := fn.Origin()
	if origin == nil {
		origin = fn
	}
	var pkg *types.Package
	if obj := origin.Object(); obj != nil {
		pkg = obj.Pkg()
	}
	name := fn.String()
	if obj, ok := origin.Object().(*types.Func); ok {
		name = obj.FullName()
	}
	what := fmt.Sprintf("a type argument of %s at %s", name, u.at(instr))
	switch {
	case pkg != nil && genericKept[pkg.Path()]:
	case origin.Pkg == u.pkg:
		if why := u.generic[origin]; why != "" {
			u.refuse(ls, fmt.Sprintf("it is %s, whose code, given a value of its type parameter, may see the order: %s", what, why))
		}
	default:
		u.refuse(ls, fmt.Sprintf("it is %s, generic code outside the package whose uses of it cachelint does not check", what))
	}
}

// operand says why instr's use of v, whose type holds a layout, may see
// the order; "" when it cannot.
func (u *orderUses) operand(instr ssa.Instruction, v ssa.Value) string {
	switch x := instr.(type) {
	case *ssa.Alloc, *ssa.Field, *ssa.FieldAddr, *ssa.Index, *ssa.IndexAddr, *ssa.Lookup, *ssa.MapUpdate,
		*ssa.Store, *ssa.Phi, *ssa.Extract, *ssa.Slice, *ssa.SliceToArrayPointer, *ssa.Return, *ssa.Send,
		*ssa.Select, *ssa.Range, *ssa.Next, *ssa.DebugRef, *ssa.MakeClosure, *ssa.MakeInterface,
		*ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan, *ssa.If, *ssa.Jump, *ssa.RunDefers:
		// Field selection by name, whole values moved, stored, sent,
		// compared; MakeInterface's value is followed (root).
		return ""
	case *ssa.UnOp:
		if x.Op == token.MUL || x.Op == token.ARROW {
			return ""
		}
	case *ssa.BinOp:
		if x.Op == token.EQL || x.Op == token.NEQ {
			return ""
		}
	case *ssa.TypeAssert:
		if !types.IsInterface(x.AssertedType) || slices.Equal(u.layoutsOf(x.AssertedType), u.layoutsOf(v.Type())) {
			return ""
		}
		from, to := u.layoutsOf(v.Type()), u.layoutsOf(x.AssertedType)
		if len(from) == 1 && len(to) == 1 && strings.HasPrefix(from[0], "interface ") && strings.HasPrefix(to[0], "interface ") {
			// What one interface type of the load holds, asserted to
			// another: the first holds what the second does.
			u.depend(Dependence{Layout: from[0], Kind: OnOrder, Field: -1, Via: to[0],
				Why: fmt.Sprintf("a value of type %s is asserted to %s at %s", u.typeName(v.Type()), u.typeName(x.AssertedType), u.at(x))})
			return ""
		}
		return fmt.Sprintf("a value of type %s is asserted to %s at %s", u.typeName(v.Type()), u.typeName(x.AssertedType), u.at(x))
	case *ssa.ChangeInterface:
		return "" // followed (root): the methods of its type are the layouts' own
	case *ssa.ChangeType:
		if slices.Equal(u.layoutsOf(x.X.Type()), u.layoutsOf(x.Type())) {
			return ""
		}
		return fmt.Sprintf("the conversion of a value of type %s to %s at %s needs both to keep the same fields in the same order", u.typeName(x.X.Type()), u.typeName(x.Type()), u.at(x))
	case *ssa.Convert:
		return fmt.Sprintf("a value of type %s is converted to %s at %s", u.typeName(x.X.Type()), u.typeName(x.Type()), u.at(x))
	case ssa.CallInstruction:
		c := x.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "append", "copy", "delete", "clear", "ssa:wrapnilchk", "min", "max":
				return ""
			}
			return fmt.Sprintf("%s at %s takes a %s", builtinName(b), u.at(x), u.typeName(v.Type()))
		}
		// The callee's parameter has the layout in its type: its
		// code is checked where it is (type arguments aside:
		// typeArgs).
		return ""
	}
	return fmt.Sprintf("%s at %s uses a %s", strings.TrimSpace(instrKind(instr)), u.at(instr), u.typeName(v.Type()))
}

// instrKind says what an instruction is, for reasons.
func instrKind(instr ssa.Instruction) string {
	if v, ok := instr.(ssa.Value); ok {
		return fmt.Sprintf("%s (%T)", v.Name()+" = "+instr.String(), instr)
	}
	return instr.String()
}

// root follows v, a value holding layouts ls that its type does not show
// (an interface of dynamic type concrete, or an address inside a struct
// of field field), through its uses, and refuses ls when one may see the
// order.
func (u *orderUses) root(v ssa.Value, ls []string, concrete types.Type, field int, what string) {
	w := &walker{u: u, seen: map[walkKey]bool{}}
	why := w.value(v, nil)
	if w.returned && concrete != nil && u.poolNews[u.fn] {
		// What a sync.Pool's New returns, the pool hands out.
		w.returned, w.pooled = false, true
	}
	if why == "" && w.pooled && len(w.invoked) == 0 {
		for _, k := range ls {
			u.depend(Dependence{Layout: k, Kind: OnOrder, Field: -1, Via: u.poolKey(), Why: what + ", kept in a sync.Pool"})
		}
		w.pooled = false
	}
	if why == "" && w.pooled {
		why = "it is kept in a sync.Pool after its methods are called"
	}
	if why == "" && len(w.invoked) > 0 && concrete != nil {
		for _, name := range w.invoked {
			if why = u.methodOf(concrete, name); why != "" {
				break
			}
		}
	}
	if why != "" {
		u.refuse(ls, what+": "+why)
		return
	}
	if w.returned && field >= 0 {
		// Handed back to callers, which follow it (rets).
		if !slices.Equal(u.rets[u.fn], ls) {
			for _, k := range ls {
				if !slices.Contains(u.rets[u.fn], k) {
					u.rets[u.fn] = append(u.rets[u.fn], k)
				}
			}
		}
	} else if w.returned {
		u.refuse(ls, what+": it is returned, and callers are not followed")
		return
	}
	if w.atomic64 && field >= 0 && len(ls) == 1 {
		u.depend(Dependence{Layout: ls[0], Kind: OnAlign8, Field: field,
			Why: fmt.Sprintf("%s goes to a 64-bit sync/atomic operation, which needs it 8-byte aligned on 386, arm and mips, and the fix moves it off an 8-byte boundary there", what)})
	}
	for _, c := range w.calls {
		c.Layouts = ls
		c.Why = what + ", " + c.Why
		u.calls = append(u.calls, c)
	}
}

// methodOf says why calling method name on a value of type t may see the
// order: the method is not code the driver checks.
func (u *orderUses) methodOf(t types.Type, name string) string {
	ms := u.pkg.Prog.MethodSets.MethodSet(t)
	for sel := range ms.Methods() {
		if sel.Obj().Name() != name {
			continue
		}
		// A method promoted from an embedded field gets the field,
		// typed: its code is checked as any other.
		m := sel.Obj()
		if m.Pkg() == nil || !u.mine(m.Pkg()) || (u.onePackage && m.Pkg() != u.pkg.Pkg) {
			return fmt.Sprintf("its method %s is code cachelint does not check", name)
		}
		return ""
	}
	return ""
}

// walker follows one value through its uses.
type walker struct {
	u        *orderUses
	seen     map[walkKey]bool
	invoked  []string
	atomic64 bool
	returned bool
	// pooled: it is given to a sync.Pool's Put.
	pooled bool
	calls  []CallSite
	// tentative: a parameter it reached was pending.
	tentative bool
}

// walkKey is a value reached from a call site (nil at the root).
type walkKey struct {
	v    ssa.Value
	site ssa.CallInstruction
}

// value says why a use of v may see the order, "" if none can. site is
// the call through which v was reached, where a return goes back to.
func (w *walker) value(v ssa.Value, site ssa.CallInstruction) string {
	k := walkKey{v, site}
	if w.seen[k] {
		return ""
	}
	w.seen[k] = true
	refs := v.Referrers()
	if refs == nil {
		return ""
	}
	for _, r := range *refs {
		if why := w.use(v, r, site); why != "" {
			return why
		}
	}
	return ""
}

// use says why instruction r's use of v may see the order.
func (w *walker) use(v ssa.Value, r ssa.Instruction, site ssa.CallInstruction) string {
	u := w.u
	switch x := r.(type) {
	case *ssa.DebugRef:
		return ""
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return "" // a load
		}
	case *ssa.Store:
		if x.Addr == v && x.Val != v {
			return ""
		}
		if call := varargsCall(x); call != nil {
			return fmt.Sprintf("it is given to %s at %s", calleeName(call.Common()), u.at(call))
		}
		return fmt.Sprintf("it is stored at %s, out of sight", u.at(x))
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice, *ssa.Phi, *ssa.ChangeInterface, *ssa.SliceToArrayPointer:
		return w.value(x.(ssa.Value), site)
	case *ssa.ChangeType:
		return w.value(x, site)
	case *ssa.TypeAssert:
		if types.IsInterface(x.AssertedType) {
			if x.CommaOk {
				for _, e := range *x.Referrers() {
					if ex, ok := e.(*ssa.Extract); ok && ex.Index == 0 {
						if why := w.value(ex, site); why != "" {
							return why
						}
					}
				}
				return ""
			}
			return w.value(x, site)
		}
		return "" // the value itself, typed
	case *ssa.Index, *ssa.Field, *ssa.Lookup:
		return "" // a copy of an element
	case *ssa.BinOp:
		if x.Op == token.EQL || x.Op == token.NEQ {
			return ""
		}
	case *ssa.Convert:
		if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return "" // string(field[:]) copies the bytes
		}
		return fmt.Sprintf("it is converted to %s at %s", u.typeName(x.Type()), u.at(x))
	case *ssa.Return:
		if site != nil {
			// Back to the caller, at the call's value.
			cv := site.Value()
			if cv == nil {
				return ""
			}
			if x.Parent().Signature.Results().Len() == 1 {
				return w.value(cv, nil)
			}
			for i, res := range x.Results {
				if res != v {
					continue
				}
				for _, e := range *cv.Referrers() {
					if ex, ok := e.(*ssa.Extract); ok && ex.Index == i {
						if why := w.value(ex, nil); why != "" {
							return why
						}
					}
				}
			}
			return ""
		}
		w.returned = true
		return ""
	case *ssa.Send:
		return fmt.Sprintf("it is sent on a channel at %s, out of sight", u.at(x))
	case *ssa.MapUpdate:
		return fmt.Sprintf("it is put in a map at %s, out of sight", u.at(x))
	case *ssa.MakeClosure:
		for i, b := range x.Bindings {
			if b == v {
				fn := x.Fn.(*ssa.Function)
				if why := w.free(fn.FreeVars[i]); why != "" {
					return why
				}
			}
		}
		return ""
	case ssa.CallInstruction:
		return w.call(v, x)
	}
	return fmt.Sprintf("%s at %s may see the order", strings.TrimSpace(instrKind(r)), u.at(r))
}

// call says why handing v to a call may see the order.
func (w *walker) call(v ssa.Value, x ssa.CallInstruction) string {
	u := w.u
	c := x.Common()
	if c.Value == v && !c.IsInvoke() {
		return fmt.Sprintf("it is called at %s", u.at(x))
	}
	if c.IsInvoke() {
		if c.Value != v {
			return fmt.Sprintf("it is given to the interface method %s at %s, whose code is unknown", c.Method.Name(), u.at(x))
		}
		if !slices.Contains(w.invoked, c.Method.Name()) {
			w.invoked = append(w.invoked, c.Method.Name())
		}
		for _, a := range c.Args {
			if a == v {
				return fmt.Sprintf("it is given to the interface method %s at %s, whose code is unknown", c.Method.Name(), u.at(x))
			}
		}
		return ""
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len", "cap", "copy", "clear":
			return ""
		case "append", "ssa:wrapnilchk":
			return w.value(x.Value(), nil)
		}
		return fmt.Sprintf("it is given to %s at %s", builtinName(b), u.at(x))
	}
	fn := c.StaticCallee()
	if fn == nil {
		return fmt.Sprintf("it is given to a function value at %s, whose code is unknown", u.at(x))
	}
	origin := fn
	if o := fn.Origin(); o != nil {
		origin = o
	}
	var pkg *types.Package
	if obj := origin.Object(); obj != nil {
		pkg = obj.Pkg()
	} else if origin.Pkg != nil {
		pkg = origin.Pkg.Pkg
	}
	if obj, ok := origin.Object().(*types.Func); ok && keptFuncs[obj.FullName()] {
		return ""
	}
	if recv := fn.Signature.Recv(); recv != nil && len(c.Args) > 0 && c.Args[0] == v && keptReceivers[types.TypeString(recv.Type(), nil)] {
		return ""
	}
	if isPoolMethod(fn, "Put") && len(c.Args) == 2 && c.Args[1] == v && c.Args[0] != v {
		w.pooled = true
		return ""
	}
	if pkg != nil && keptPackages[pkg.Path()] && !types.IsInterface(v.Type()) {
		if pkg.Path() == "sync/atomic" && atomic64Funcs[fn.Name()] && fn.Signature.Recv() == nil {
			w.atomic64 = true
		}
		return ""
	}
	for i, a := range c.Args {
		if a != v {
			continue
		}
		if origin.Pkg == u.pkg && len(origin.Blocks) > 0 && fn == origin {
			pu := u.param(origin.Params[i])
			if pu.pending || pu.tentative {
				w.tentative = true
			}
			if pu.why != "" {
				return fmt.Sprintf("it is given to %s at %s, where %s", calleeName(c), u.at(x), pu.why)
			}
			w.atomic64 = w.atomic64 || pu.atomic64
			w.calls = append(w.calls, pu.calls...)
			w.invoked = append(w.invoked, pu.invoked...)
			if pu.returned {
				if why := w.value(x.Value(), nil); why != "" {
					return why
				}
			}
			continue
		}
		if origin.Pkg == u.pkg && len(origin.Blocks) > 0 {
			// An instance of the package's generic function: its
			// code's parameters are type parameters.
			pu := u.param(origin.Params[i])
			if pu.why != "" {
				return fmt.Sprintf("it is given to %s at %s, where %s", calleeName(c), u.at(x), pu.why)
			}
			continue
		}
		if u.onePackage || pkg == nil || types.IsInterface(v.Type()) {
			return fmt.Sprintf("it is given to %s at %s, code of another package that cachelint does not follow it into", calleeName(c), u.at(x))
		}
		w.calls = append(w.calls, CallSite{Callee: funcKey(origin), Pkg: pkg.Path(), Param: i,
			Why: fmt.Sprintf("given to %s at %s", calleeName(c), u.at(x))})
	}
	return ""
}

// builtinName is a builtin as code writes it.
func builtinName(b *ssa.Builtin) string {
	switch b.Name() {
	case "Add", "Slice", "SliceData", "String", "StringData":
		return "unsafe." + b.Name()
	}
	return b.Name()
}

// varargsCall is the call whose variadic arguments store writes, nil if
// it writes none: the elements of the array a ...T parameter slices.
func varargsCall(store *ssa.Store) ssa.CallInstruction {
	ia, ok := store.Addr.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	alloc, ok := ia.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	for _, r := range *alloc.Referrers() {
		if sl, ok := r.(*ssa.Slice); ok {
			for _, rr := range *sl.Referrers() {
				if c, ok := rr.(ssa.CallInstruction); ok {
					return c
				}
			}
		}
	}
	return nil
}

// param finds the uses of a parameter once.
func (u *orderUses) param(p *ssa.Parameter) *paramUse {
	if pu := u.params[p]; pu != nil {
		return pu
	}
	pu := &paramUse{pending: true}
	u.params[p] = pu
	u.pending++
	w := &walker{u: u, seen: map[walkKey]bool{}}
	pu.why = w.value(p, nil)
	pu.atomic64, pu.returned, pu.invoked, pu.calls, pu.tentative = w.atomic64, w.returned, w.invoked, w.calls, w.tentative
	pu.pending = false
	u.donePending()
	return pu
}

// donePending ends the finding of one parameter's uses. Those found
// while another was pending assumed it passed: a cycle of calls passes
// unless some use in it fails, which the first of the cycle sees. When
// none is pending any more, those that passed on that assumption are
// dropped, to be found again from what is now known.
func (u *orderUses) donePending() {
	u.pending--
	if u.pending > 0 {
		return
	}
	for p, pu := range u.params {
		if pu.tentative && pu.why == "" {
			delete(u.params, p)
		}
	}
	for fv, pu := range u.frees {
		if pu.tentative && pu.why == "" {
			delete(u.frees, fv)
		}
	}
}

// free follows a value captured by a closure into it.
func (w *walker) free(fv *ssa.FreeVar) string {
	u := w.u
	pu := u.frees[fv]
	if pu == nil {
		pu = &paramUse{pending: true}
		u.frees[fv] = pu
		u.pending++
		defer u.donePending()
		sub := &walker{u: u, seen: map[walkKey]bool{}}
		pu.why = sub.value(fv, nil)
		if sub.returned {
			pu.why = fmt.Sprintf("the closure at %s returns it", u.fset.Position(fv.Parent().Pos()))
		}
		pu.atomic64, pu.invoked, pu.calls, pu.tentative = sub.atomic64, sub.invoked, sub.calls, sub.tentative
		pu.pending = false
	}
	if pu.pending || pu.tentative {
		w.tentative = true
	}
	w.atomic64 = w.atomic64 || pu.atomic64
	w.calls = append(w.calls, pu.calls...)
	w.invoked = append(w.invoked, pu.invoked...)
	return pu.why
}

// syntaxUses adds what SSA does not show: unkeyed composite literals,
// which compile to stores by field, and unsafe.Offsetof, Sizeof and
// Alignof, which compile to constants.
func (u *orderUses) syntaxUses(fset *token.FileSet, files []*ast.File, info *types.Info) {
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if t == nil {
					return true
				}
				if p, ok := t.Underlying().(*types.Pointer); ok {
					t = p.Elem()
				}
				st, ok := t.Underlying().(*types.Struct)
				if !ok || !unkeyed(n) {
					return true
				}
				if k := layoutKey(u.fset, st); k != "" && u.declaredMine(st) {
					u.depend(Dependence{Layout: k, Kind: OnOrder, Field: -1, Why: orderReason(fset.Position(n.Pos()))})
				}
			case *ast.CallExpr:
				id, _ := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				if id == nil || len(n.Args) != 1 {
					return true
				}
				b, ok := info.Uses[id.Sel].(*types.Builtin)
				if !ok {
					return true
				}
				at := fset.Position(n.Pos())
				switch b.Name() {
				case "Offsetof":
					sel, ok := ast.Unparen(n.Args[0]).(*ast.SelectorExpr)
					if !ok {
						return true
					}
					s := info.Selections[sel]
					if s == nil {
						return true
					}
					// Every struct on the path to the field.
					t := s.Recv()
					for _, i := range s.Index() {
						if p, ok := t.Underlying().(*types.Pointer); ok {
							t = p.Elem()
						}
						st, ok := t.Underlying().(*types.Struct)
						if !ok {
							break
						}
						if k := layoutKey(u.fset, st); k != "" && u.declaredMine(st) {
							u.depend(Dependence{Layout: k, Kind: OnOffset, Field: i,
								Why: fmt.Sprintf("unsafe.Offsetof(%s) at %s depends on where %s is, which the fix moves (mark it //cachelint:pin to keep it there)", types.ExprString(sel), at, st.Field(i).Name())})
						}
						t = st.Field(i).Type()
					}
				case "Sizeof", "Alignof":
					for _, k := range u.layoutsOf(info.TypeOf(n.Args[0])) {
						if k != typeParamKey {
							u.depend(Dependence{Layout: k, Kind: OnSize, Field: -1,
								Why: fmt.Sprintf("unsafe.%s(%s) at %s depends on its size and alignment, which the fix changes", b.Name(), types.ExprString(n.Args[0]), at)})
						}
					}
				}
			}
			return true
		})
	}
}

func orderReason(pos token.Position) string {
	return fmt.Sprintf("an unkeyed composite literal at %s depends on the field order", pos)
}

// unkeyed reports whether a composite literal lists values by position.
func unkeyed(lit *ast.CompositeLit) bool {
	if len(lit.Elts) == 0 {
		return false
	}
	_, keyed := lit.Elts[0].(*ast.KeyValueExpr)
	return !keyed
}
