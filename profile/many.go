package profile

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
)

// A profile says which code runs, not how many objects it runs on. A
// spread costs a line per object visited in turn; on one long-lived
// object, or a wrapper whose every call ends in a system call, the line
// stays in cache or is noise. So a profile's marks count for spread only
// on struct types the load holds many heap objects of (heldMany), and
// only through code the profile samples: a slice of pools that only an
// unsampled function makes or walks says nothing of the objects the
// sampled code visits.

// hot is the mark the profiles of r give field f of the struct type key
// at share min (Result.Hot), few when the load does not hold many of the
// type, with the fields written wherever f is used (wrote).
func (p *Program) hot(r *Result, key string, f *Field, min float64) *layout.Hot {
	h := r.Hot(f, min)
	if h != nil {
		h.Few = !p.heldMany(r, key)
		h.Wrote = p.wrote(r, key, f, min)
		h.Unsampled = p.unsampledWith(r, key, f.Name)
	}
	return h
}

// heldMany reports whether the code the profiles of r sample holds many
// heap objects of the struct type key: elements of a slice or array (by value, in its backing array,
// or through pointers), pointed to by the elements or keys of a map or
// channel, made in a loop (&T{...}, new(T)), or held in place or pointed
// to by a field of a type held many. A value of a map or channel is no
// object of its own: it lies in the map's slots, or is copied through the
// channel, wherever those put it. An exported type of a load of one
// package (a go vet pass) may be held many by code out of sight, and
// counts as held many.
func (p *Program) heldMany(r *Result, key string) bool {
	if r.many == nil {
		r.many = p.findMany(r.sampled)
	}
	if r.many[key] {
		return true
	}
	obj, _, _ := p.declaredStruct(key)
	return p.onePackage && obj != nil && obj.Exported()
}

// findMany finds the struct types the functions whose bodies are in
// sampled hold many of (heldMany): through the types of their expressions
// and variables and their allocations in loops, and what those types hold.
func (p *Program) findMany(sampled map[*ast.BlockStmt]bool) map[string]bool {
	many := map[string]bool{}
	var queue []*types.Named
	hold := func(t types.Type) {
		if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
			t = ptr.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return
		}
		n = n.Origin()
		if _, ok := n.Underlying().(*types.Struct); !ok {
			return
		}
		if key := golayout.TypeKey(p.fset, n.Obj()); !many[key] {
			many[key] = true
			queue = append(queue, n)
		}
	}
	pointee := func(t types.Type) {
		if _, ok := types.Unalias(t).(*types.Pointer); ok {
			hold(t)
		}
	}
	elements := func(t types.Type) {
		switch t := types.Unalias(t).(type) {
		case *types.Slice:
			hold(t.Elem())
		case *types.Array:
			hold(t.Elem())
		case *types.Chan:
			pointee(t.Elem())
		case *types.Map:
			pointee(t.Key())
			pointee(t.Elem())
		}
	}
	seen := map[*ast.File]bool{}
	for _, f := range p.files {
		if seen[f.syntax] {
			continue
		}
		seen[f.syntax] = true
		info := f.pkg.TypesInfo
		var stack []ast.Node
		ast.Inspect(f.syntax, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if !sampled[innermostBody(stack)] {
				stack = append(stack, n)
				return true
			}
			if e, ok := n.(ast.Expr); ok {
				elements(info.TypeOf(e))
			}
			if id, ok := n.(*ast.Ident); ok && info.Defs[id] != nil {
				elements(info.Defs[id].Type())
			}
			if outermostLoop(stack) != nil {
				switch n := n.(type) {
				case *ast.CompositeLit:
					if u, ok := stack[len(stack)-1].(*ast.UnaryExpr); ok && u.Op == token.AND {
						hold(info.TypeOf(n))
					}
				case *ast.CallExpr:
					if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 1 {
						if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "new" {
							hold(info.TypeOf(n.Args[0]))
						}
					}
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	// What a type held many holds, by value or through a pointer.
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		st := n.Underlying().(*types.Struct)
		for f := range st.Fields() {
			hold(f.Type())
			elements(f.Type())
		}
	}
	return many
}

// innermostBody is the body of the function, declared or literal,
// innermost in stack; nil outside any function or in its signature.
func innermostBody(stack []ast.Node) *ast.BlockStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		var body *ast.BlockStmt
		switch n := stack[i].(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.FuncLit:
			body = n.Body
		default:
			continue
		}
		if i+1 < len(stack) && stack[i+1] == body {
			return body
		}
		return nil
	}
	return nil
}
