package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// unseenHolders heads the note on the findings of a struct type that the
// package holds only in place or only as elements, judged as a heap
// object all the same because other packages may hold it.
const unseenHolders = "judged as a heap object of its own: this package holds it only in place or as elements, but the driver shows cachelint one package at a time, and other packages' holders are not seen: "

// anyLayout stands, among onePackage's layouts, for every layout.
const anyLayout = "any layout"

// onePackage says, by layout (layoutKey), why code of other packages may
// hold values of the package's own struct types, for a driver that shows
// one package at a time. The package sees every holder of an unexported
// type when nothing lets another package name it or keep one of its
// values: no exported object reaches it through its type (a function's
// signature, a variable, a field of an exported type, an exported
// method, an alias: exposure; a main package has no importers), no
// value whose type reaches it (through fields, elements, pointers,
// exported methods) is converted to an interface, which reflection and
// any code may copy into an object of its own, or to unsafe.Pointer, and
// it is no type argument of generic code (type arguments are inferred:
// another package's generic function may hold it without naming it).
// Facts, which flow from a package to its importers, would not serve:
// the holders sought are in the importers.
func onePackage(pass *analysis.Pass, passSSA func() (*ssa.Package, []*ssa.Function, error)) map[string]string {
	out := map[string]string{}
	if pass.Pkg.Name() != "main" {
		out = exposure(pass)
	}
	mark := func(t types.Type, why func() string) {
		for _, k := range reachedLayouts(pass.Fset, pass.Pkg, t) {
			if out[k] == "" {
				out[k] = why()
			}
		}
	}
	// By position, for the first reason found to be the same every run.
	ids := slices.SortedFunc(maps.Keys(pass.TypesInfo.Instances), func(a, b *ast.Ident) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, id := range ids {
		for a := range pass.TypesInfo.Instances[id].TypeArgs.Types() {
			mark(a, func() string {
				return fmt.Sprintf("it is a type argument of %s at %s", id.Name, pass.Fset.Position(id.Pos()))
			})
		}
	}
	_, funcs, err := passSSA()
	if err != nil {
		// Without the SSA form no conversion is seen: any type may
		// reach another package.
		out[anyLayout] = err.Error()
		return out
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var from, to types.Type
				switch x := instr.(type) {
				case *ssa.MakeInterface:
					from, to = x.X.Type(), x.Type()
				case *ssa.Convert:
					if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Kind() == types.UnsafePointer {
						from, to = x.X.Type(), x.Type()
					}
				}
				if from != nil {
					mark(from, func() string {
						return fmt.Sprintf("a value of type %s is converted to %s at %s", types.TypeString(from, types.RelativeTo(pass.Pkg)),
							types.TypeString(to, types.RelativeTo(pass.Pkg)), pass.Fset.Position(instrPos(instr)))
					})
				}
			}
		}
	}
	return out
}

// reachedLayouts are the layouts of pkg's struct types that a value of
// type t holds or leads to: through fields, elements, pointers, map keys
// and values, channels, signatures, type arguments and the exported
// methods of pkg's named types.
func reachedLayouts(fset *token.FileSet, pkg *types.Package, t types.Type) []string {
	var out []string
	seen := map[types.Type]bool{}
	var visit func(t types.Type)
	visit = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch x := types.Unalias(t).(type) {
		case *types.Named:
			for a := range x.TypeArgs().Types() {
				visit(a)
			}
			if x.Obj().Pkg() != pkg {
				return
			}
			visit(x.Underlying())
			for m := range x.Methods() {
				if m.Exported() {
					visit(m.Type())
				}
			}
		case *types.Struct:
			if k := layoutKey(fset, x); k != "" {
				out = append(out, k)
			}
			for f := range x.Fields() {
				visit(f.Type())
			}
		case *types.Pointer:
			visit(x.Elem())
		case *types.Slice:
			visit(x.Elem())
		case *types.Array:
			visit(x.Elem())
		case *types.Map:
			visit(x.Key())
			visit(x.Elem())
		case *types.Chan:
			visit(x.Elem())
		case *types.Tuple:
			for v := range x.Variables() {
				visit(v.Type())
			}
		case *types.Signature:
			visit(x.Params())
			visit(x.Results())
		case *types.Interface:
			for m := range x.Methods() {
				visit(m.Type())
			}
		}
	}
	visit(t)
	return out
}

// instrPos is where instr is in the source: an implicit conversion has no
// position of its own, and takes its first user's, or its function's.
func instrPos(instr ssa.Instruction) token.Pos {
	if instr.Pos().IsValid() {
		return instr.Pos()
	}
	if v, ok := instr.(ssa.Value); ok && v.Referrers() != nil {
		for _, r := range *v.Referrers() {
			if r.Pos().IsValid() {
				return r.Pos()
			}
		}
	}
	return instr.Parent().Pos()
}
