package profile

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
)

// Layout lays out the struct type key as the analyzer does once
// -annotate has written the profiles' marks at share min: the marks of the
// source's annotations and directives where it has them, the profiles' on
// the other fields (joined over names declared together, as one comment
// marks them all), prepared for reorg.Analyze. A struct that is usable
// comes with the errors of its annotations.
func (p *Program) Layout(r *Result, key string, min float64) (*layout.Struct, error) {
	_, s, err := p.layout(r, key, min)
	return s, err
}

// layout is Layout, with the declaration it reads; the declaration
// without the struct when the type has no layout of its own.
func (p *Program) layout(r *Result, key string, min float64) (*golayout.Decl, *layout.Struct, error) {
	obj, spec, pkg := p.declaredStruct(key)
	if obj == nil {
		return nil, nil, fmt.Errorf("%s is not declared in the packages loaded", key)
	}
	file, gd := enclosing(pkg, spec)
	gp := &golayout.Package{Fset: p.fset, Types: pkg.Types, Info: pkg.TypesInfo, Sizes: pkg.TypesSizes, Checks: layout.Checks}
	d, err := gp.Decl(golayout.ReadDirectives(p.fset, file), gd, spec, true)
	if err != nil {
		return nil, nil, err
	}
	if d == nil {
		return nil, nil, fmt.Errorf("%s is not a struct type", key)
	}
	if d.Generic != "" || len(d.Targets) == 0 {
		return d, nil, fmt.Errorf("%s is generic: its layout depends on its type arguments", key)
	}
	t := d.Targets[0]
	s := t.Struct
	if rs := r.Struct(key); rs != nil {
		for i, field := range d.FieldOf {
			if d.Annotated[field] != nil || i >= len(rs.Fields) {
				continue
			}
			var h *layout.Hot
			for j, f := range d.FieldOf {
				if f == field && j < len(rs.Fields) {
					h = joinHot(h, p.hot(r, key, &rs.Fields[j], min))
				}
			}
			if h != nil {
				c := *h
				c.Paths = slices.Clone(h.Paths)
				s.Members[i].Hot = &c
				st := obj.Type().Underlying().(*types.Struct)
				s.Members[i].Parts = golayout.HotParts(st.Field(i).Type(), p.partMarks(r, key, &rs.Fields[i], min), pkg.TypesSizes)
			}
		}
	}
	var errs []error
	for _, pr := range d.Problems {
		errs = append(errs, fmt.Errorf("%s: %s", p.fset.Position(pr.Pos), pr.Msg))
	}
	if err := t.Prepare(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %v", p.fset.Position(spec.Name.Pos()), err))
	}
	return d, s, errors.Join(errs...)
}

// enclosing finds the file of pkg that holds spec, and the declaration
// in it that holds spec.
func enclosing(pkg *packages.Package, spec *ast.TypeSpec) (*ast.File, *ast.GenDecl) {
	for _, f := range pkg.Syntax {
		if f.FileStart > spec.Pos() || spec.Pos() >= f.FileEnd {
			continue
		}
		var gd *ast.GenDecl
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GenDecl); ok && g.Tok == token.TYPE && slices.Contains(g.Specs, ast.Spec(spec)) {
				gd = g
			}
			return gd == nil
		})
		return f, gd
	}
	return nil, nil
}
