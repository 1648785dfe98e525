package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

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

// instrKind says what an instruction is, for reasons.
func instrKind(instr ssa.Instruction) string {
	if v, ok := instr.(ssa.Value); ok {
		return fmt.Sprintf("%s (%T)", v.Name()+" = "+instr.String(), instr)
	}
	return instr.String()
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
