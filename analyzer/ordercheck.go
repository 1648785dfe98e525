package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

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
