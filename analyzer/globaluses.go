package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
)

// GlobalUses finds the package-level variables of struct types that code
// uses, and those it may copy: uses them other than to select a field or
// method (X.f) or assign to them (X = v). A copy is a value of the type
// that is not the variable, and may be a heap object; a pointer to the
// variable (&X) may be dereferenced into one. Variables are named by where their names are declared
// (declKey), the same in every package of a load.
type GlobalUses struct {
	used, copied map[string]bool
}

// Add finds the uses in files.
func (g *GlobalUses) Add(fset *token.FileSet, files []*ast.File, info *types.Info) {
	if g.used == nil {
		g.used, g.copied = map[string]bool{}, map[string]bool{}
	}
	through := map[*ast.Ident]bool{}
	mark := func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			through[e] = true
		case *ast.SelectorExpr: // pkg.X
			through[e.Sel] = true
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				mark(n.X)
			case *ast.AssignStmt:
				if n.Tok == token.ASSIGN {
					for _, l := range n.Lhs {
						mark(l)
					}
				}
			}
			return true
		})
	}
	for id, obj := range info.Uses {
		v, ok := obj.(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Struct); !ok {
			continue
		}
		key := declKey(fset, v.Pos())
		g.used[key] = true
		if !through[id] {
			g.copied[key] = true
		}
	}
}

// Merge adds to g what o found.
func (g *GlobalUses) Merge(o *GlobalUses) {
	if g.used == nil {
		g.used, g.copied = map[string]bool{}, map[string]bool{}
	}
	maps.Copy(g.used, o.used)
	maps.Copy(g.copied, o.copied)
}
