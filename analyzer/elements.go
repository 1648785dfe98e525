package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
)

// WrittenElements finds the struct types whose values code in files
// writes as elements of an array or slice: it assigns to an element or to
// a field of one (s[i] = v, s[i].n++), takes its address (&s[i],
// atomic.AddInt64(&s[i].n, 1)) or calls a pointer method on it
// (s[i].mu.Lock()). Only those types have neighbours in memory that a pad
// at their end keeps apart; a slice made and only read, or filled by
// append, has none written. Types are named by where their names are
// declared (declKey), the same in every package of a load.
func WrittenElements(fset *token.FileSet, files []*ast.File, info *types.Info) map[string]bool {
	out := map[string]bool{}
	// mark notes the element types of the arrays and slices indexed along
	// the path of an addressed operand: x.rows[i].cells[j].n.
	var mark func(e ast.Expr)
	mark = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.ParenExpr:
			mark(e.X)
		case *ast.SelectorExpr:
			if sel := info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
				mark(e.X)
			}
		case *ast.IndexExpr:
			if elem := elementType(info.TypeOf(e.X)); elem != nil {
				out[declKey(fset, elem.Pos())] = true
			}
			mark(e.X)
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok != token.DEFINE {
					for _, l := range n.Lhs {
						mark(l)
					}
				}
			case *ast.IncDecStmt:
				mark(n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					mark(n.X)
				}
			case *ast.SelectorExpr:
				// A pointer method called on an addressable value takes
				// its address.
				if sel := info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal {
					if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
						if _, ptr := sig.Recv().Type().Underlying().(*types.Pointer); ptr && !isPointer(info.TypeOf(n.X)) {
							mark(n.X)
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// elementType is the struct type named as the element of the array,
// pointer to array or slice t, looking through arrays of arrays; nil for
// others, and for elements that are pointers (each a separate object).
func elementType(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return nil
	}
	for {
		a, ok := elem.Underlying().(*types.Array)
		if !ok {
			break
		}
		elem = a.Elem()
	}
	n, ok := types.Unalias(elem).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Origin().Obj()
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
