package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
)

// ElementWrites finds the struct types whose values code writes as
// elements of an array or slice: it assigns to an element or to a field
// of one (s[i] = v, s[i].n++), takes its address (&s[i],
// atomic.AddInt64(&s[i].n, 1)) or calls a pointer method on it
// (s[i].mu.Lock()). Only those types have neighbours in memory that a pad
// at their end keeps apart; a slice made and only read, or filled by
// append, has none written. Generic code that writes elements of a slice
// of its type parameter counts for the type arguments it is instantiated
// with, in any package added. Types are named by where their names are
// declared (declKey), the same in every package of a load.
type ElementWrites struct {
	types map[string]bool
	// generic are the type parameters whose slices generic code writes
	// elements of, as "DECL #k": the generic function or type declared at
	// DECL, its k-th type parameter.
	generic map[string]bool
	// instances are the instantiations seen, to match against generic.
	instances []instance
}

// instance is one instantiation of a generic function or type.
type instance struct {
	decl string
	args []*types.TypeName
}

// Add finds the element writes and instantiations in files.
func (w *ElementWrites) Add(fset *token.FileSet, files []*ast.File, info *types.Info) {
	if w.types == nil {
		w.types, w.generic = map[string]bool{}, map[string]bool{}
	}
	// owner is the generic function or type whose type parameter tp is,
	// within the function declaration fd: a method's receiver's type.
	owner := func(fd *ast.FuncDecl, tp *types.TypeParam) string {
		if fd == nil {
			return ""
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil {
			return ""
		}
		sig := fn.Type().(*types.Signature)
		if r := sig.RecvTypeParams(); r != nil && tp.Index() < r.Len() && r.At(tp.Index()) == tp {
			recv := sig.Recv().Type()
			if p, ok := recv.(*types.Pointer); ok {
				recv = p.Elem()
			}
			if n, ok := types.Unalias(recv).(*types.Named); ok {
				return declKey(fset, n.Origin().Obj().Pos())
			}
		}
		if t := sig.TypeParams(); t != nil && tp.Index() < t.Len() && t.At(tp.Index()) == tp {
			return declKey(fset, fn.Pos())
		}
		return ""
	}
	var fd *ast.FuncDecl
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
			switch elem := element(info.TypeOf(e.X)).(type) {
			case *types.Named:
				if _, ok := elem.Underlying().(*types.Struct); ok {
					w.types[declKey(fset, elem.Origin().Obj().Pos())] = true
				}
			case *types.TypeParam:
				if o := owner(fd, elem); o != "" {
					w.generic[fmt.Sprintf("%s #%d", o, elem.Index())] = true
				}
			}
			mark(e.X)
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, _ = d.(*ast.FuncDecl)
			ast.Inspect(d, func(n ast.Node) bool {
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
	}
	for id, in := range info.Instances {
		var decl string
		switch obj := info.Uses[id].(type) {
		case *types.Func:
			decl = declKey(fset, obj.Origin().Pos())
		case *types.TypeName:
			if n, ok := types.Unalias(obj.Type()).(*types.Named); ok {
				decl = declKey(fset, n.Origin().Obj().Pos())
			}
		}
		if decl == "" {
			continue
		}
		args := make([]*types.TypeName, in.TypeArgs.Len())
		for k := range args {
			if n, ok := types.Unalias(in.TypeArgs.At(k)).(*types.Named); ok {
				if _, ok := n.Underlying().(*types.Struct); ok {
					args[k] = n.Origin().Obj()
				}
			}
		}
		w.instances = append(w.instances, instance{decl, args})
	}
}

// Merge adds to w what o found, so that packages may be searched at once,
// each with an ElementWrites of its own.
func (w *ElementWrites) Merge(o *ElementWrites) {
	if w.types == nil {
		w.types, w.generic = map[string]bool{}, map[string]bool{}
	}
	maps.Copy(w.types, o.types)
	maps.Copy(w.generic, o.generic)
	w.instances = append(w.instances, o.instances...)
}

// Types are the struct types found written as elements, by declKey; fset
// names the declarations of the instances' type arguments.
func (w *ElementWrites) Types(fset *token.FileSet) map[string]bool {
	out := maps.Clone(w.types)
	if out == nil {
		out = map[string]bool{}
	}
	for _, in := range w.instances {
		for k, arg := range in.args {
			if arg != nil && w.generic[fmt.Sprintf("%s #%d", in.decl, k)] {
				out[declKey(fset, arg.Pos())] = true
			}
		}
	}
	return out
}

// element is the element type of the array, pointer to array or slice
// t, looking through arrays of arrays; nil for other types.
func element(t types.Type) types.Type {
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
	return types.Unalias(elem)
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
