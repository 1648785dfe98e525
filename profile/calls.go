package profile

import (
	"go/ast"
	"go/types"
)

// maxCallDepth bounds how deep calls are followed for what they always
// access: accessors and small helpers are shallow.
const maxCallDepth = 3

// accessesIn adds to accs the field accesses of n, outside function
// literals: its selectors, and what the functions it calls always access.
func (p *Program) accessesIn(f *srcFile, n ast.Node, accs []access, depth int) []access {
	if n == nil {
		return accs
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			for _, a := range p.selectorAccesses(f, n) {
				accs = appendAccess(accs, a)
			}
		case *ast.CallExpr:
			for _, a := range p.calleeAccesses(f, n, depth) {
				accs = appendAccess(accs, a)
			}
		}
		return true
	})
	return accs
}

// calleeAccesses are the accesses every call of call's function makes,
// when the function is declared in the load and called statically: the
// compiler inlines accessors, so their reads show on the caller's line
// only in the instructions it keeps, and a call executes them as often as
// it executes.
func (p *Program) calleeAccesses(f *srcFile, call *ast.CallExpr, depth int) []access {
	if depth >= maxCallDepth {
		return nil
	}
	info := f.pkg.TypesInfo
	var fn *types.Func
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fn, _ = info.Uses[fun].(*types.Func)
	case *ast.SelectorExpr:
		if s := info.Selections[fun]; s != nil {
			if s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
				return nil
			}
			fn, _ = s.Obj().(*types.Func)
		} else {
			fn, _ = info.Uses[fun.Sel].(*types.Func)
		}
	case *ast.IndexExpr: // f[T](x)
		if id, ok := fun.X.(*ast.Ident); ok {
			fn, _ = info.Uses[id].(*types.Func)
		}
	}
	if fn == nil {
		return nil
	}
	return p.entry(fn.Origin(), depth+1)
}

// entry returns the accesses a call of fn always makes: those of the
// headers of its body's statements up to the first that may return.
func (p *Program) entry(fn *types.Func, depth int) []access {
	name := fn.FullName()
	if accs, ok := p.entries[name]; ok {
		return accs
	}
	if p.funcs == nil {
		p.indexFuncs()
	}
	d, ok := p.funcs[name]
	if !ok || d.decl.Body == nil {
		return nil
	}
	if p.entries == nil {
		p.entries = map[string][]access{}
	}
	p.entries[name] = nil // a recursive call adds nothing
	var accs []access
	for _, s := range d.decl.Body.List {
		for _, n := range stmtHeader(s) {
			accs = p.accessesIn(d.file, n, accs, depth)
		}
		if mayLeave(s) {
			break
		}
	}
	p.entries[name] = accs
	return accs
}

// stmtHeader is the part of s that runs whenever s is reached.
func stmtHeader(s ast.Stmt) []ast.Node {
	switch s := s.(type) {
	case *ast.IfStmt:
		return []ast.Node{s.Init, s.Cond}
	case *ast.ForStmt:
		return []ast.Node{s.Init, s.Cond}
	case *ast.RangeStmt:
		return []ast.Node{s.X}
	case *ast.SwitchStmt:
		return []ast.Node{s.Init, s.Tag}
	case *ast.TypeSwitchStmt:
		return []ast.Node{s.Init, s.Assign}
	case *ast.SelectStmt:
		return nil
	case *ast.BlockStmt:
		var out []ast.Node
		for _, s := range s.List {
			out = append(out, stmtHeader(s)...)
		}
		return out
	case *ast.LabeledStmt:
		return stmtHeader(s.Stmt)
	}
	return []ast.Node{s}
}

// mayLeave reports whether s may end the function early or jump: a return,
// a branch, or a call of panic, outside function literals.
func mayLeave(s ast.Stmt) bool {
	leaves := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			leaves = true
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "panic" {
				leaves = true
			}
		}
		return !leaves
	})
	return leaves
}

// indexFuncs maps the functions declared in the load by full name.
func (p *Program) indexFuncs() {
	p.funcs = map[string]funcDecl{}
	seen := map[*srcFile]bool{}
	for _, f := range p.files {
		if seen[f] {
			continue
		}
		seen[f] = true
		for _, d := range f.syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fn, ok := f.pkg.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				if _, dup := p.funcs[fn.FullName()]; !dup {
					p.funcs[fn.FullName()] = funcDecl{fd, f}
				}
			}
		}
	}
}
