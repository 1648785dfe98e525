package golayout

import (
	"go/ast"
	"go/types"
)

// atomicFields finds the struct fields that code in files updates through
// sync/atomic's functions (atomic.AddUint64(&q.head, 1), LoadInt32,
// CompareAndSwapPointer...): written atomics as much as fields of the
// atomic types, with the width of one access, the field's size.
func atomicFields(files []*ast.File, info *types.Info, sizes types.Sizes) map[*types.Var]int64 {
	out := map[*types.Var]int64{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			var id *ast.Ident
			switch fun := ast.Unparen(call.Fun).(type) {
			case *ast.SelectorExpr:
				id = fun.Sel
			case *ast.Ident:
				id = fun
			}
			fn, ok := info.Uses[id].(*types.Func)
			if id == nil || !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
				return true
			}
			addr, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(addr.X).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
				v := s.Obj().(*types.Var)
				out[v] = sizes.Sizeof(v.Type())
			}
			return true
		})
	}
	return out
}
