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
	_, s, _, err := p.layout(r, key, min)
	return s, err
}

// layout is Layout, with the declaration it reads and the profiles'
// marks by member (marked); the declaration without the struct when the
// type has no layout of its own.
func (p *Program) layout(r *Result, key string, min float64) (*golayout.Decl, *layout.Struct, []*golayout.Profiled, error) {
	obj, spec, pkg := p.declaredStruct(key)
	if obj == nil {
		return nil, nil, nil, fmt.Errorf("%s is not declared in the packages loaded", key)
	}
	file, gd := enclosing(pkg, spec)
	gp := &golayout.Package{Fset: p.fset, Types: pkg.Types, Info: pkg.TypesInfo, Sizes: pkg.TypesSizes, Checks: layout.Checks}
	d, err := gp.Decl(golayout.ReadDirectives(p.fset, file), gd, spec, true)
	if err != nil {
		return nil, nil, nil, err
	}
	if d == nil {
		return nil, nil, nil, fmt.Errorf("%s is not a struct type", key)
	}
	if d.Generic != "" || len(d.Targets) == 0 {
		return d, nil, nil, fmt.Errorf("%s is generic: its layout depends on its type arguments", key)
	}
	t := d.Targets[0]
	s := t.Struct
	st := obj.Type().Underlying().(*types.Struct)
	marked := p.marked(r, key, d, min)
	for i, pr := range marked {
		if pr != nil {
			h := pr.Hot
			h.Paths = slices.Clone(pr.Hot.Paths)
			s.Members[i].Hot = &h
			s.Members[i].Parts = golayout.HotParts(st.Field(i).Type(), pr.Parts, pkg.TypesSizes)
		}
	}
	var errs []error
	for _, pr := range d.Problems {
		errs = append(errs, fmt.Errorf("%s: %s", p.fset.Position(pr.Pos), pr.Msg))
	}
	if err := t.Prepare(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %v", p.fset.Position(spec.Name.Pos()), err))
	}
	return d, s, marked, errors.Join(errs...)
}

// marked are the marks the profiles of r give the members of declaration
// d of the struct type key at share min, as -annotate writes them: nil
// for a member annotated or cold; names declared together share one
// mark, as one comment marks them all.
func (p *Program) marked(r *Result, key string, d *golayout.Decl, min float64) []*golayout.Profiled {
	rs := r.Struct(key)
	if rs == nil {
		return nil
	}
	out := make([]*golayout.Profiled, len(d.FieldOf))
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
			out[i] = &golayout.Profiled{Hot: *h, Parts: p.partMarks(r, key, &rs.Fields[i], min)}
		}
	}
	return out
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

// joinHot merges the marks of names declared together: hot on the union
// of their paths and goroutines, written when one is, guarded by a lock
// that guards each (one comment marks them all: head, tail int both under
// mu), with the fields the users of each write.
func joinHot(a, b *layout.Hot) *layout.Hot {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	paths := slices.Concat(a.Paths, b.Paths)
	slices.Sort(paths)
	h := &layout.Hot{Paths: slices.Compact(paths), Write: a.Write || b.Write, Profiled: a.Profiled && b.Profiled, Few: a.Few && b.Few}
	if a.Guard == b.Guard {
		h.Guard = a.Guard
	}
	if a.OuterGuard == b.OuterGuard {
		h.OuterGuard = a.OuterGuard
	}
	if h.Profiled {
		h.Goroutines, h.Writers = union(a.Goroutines, b.Goroutines), union(a.Writers, b.Writers)
		h.Wrote = slices.DeleteFunc(slices.Clone(a.Wrote), func(n string) bool { return !slices.Contains(b.Wrote, n) })
		h.Unsampled = slices.Concat(a.Unsampled, b.Unsampled)
	}
	return h
}

// union is the sorted union of sorted lists a and b.
func union(a, b []layout.Goroutine) []layout.Goroutine {
	out := slices.Concat([]layout.Goroutine{}, a, b)
	slices.SortFunc(out, compareGoroutines)
	return slices.Compact(out)
}

// partMarks are the marks of the parts of field f of the struct type key
// that the profiles of r make hot at share min: nil when they use the
// field whole, or mark no part of it.
func (p *Program) partMarks(r *Result, key string, f *Field, min float64) []golayout.ProfiledPart {
	var out []golayout.ProfiledPart
	for i := range f.Parts {
		h := p.hot(r, key, &f.Parts[i], min)
		switch {
		case h == nil:
		case f.Parts[i].Name == "":
			return nil
		default:
			out = append(out, golayout.ProfiledPart{Path: f.Parts[i].Name, Hot: *h})
		}
	}
	return out
}
