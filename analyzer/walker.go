package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

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
