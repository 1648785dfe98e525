// Package golayout is the Go source of cachelint's layout model, as
// dwarfscan and btfscan are binaries': it lays out struct types as the gc
// compiler does for the target, from go/types, reads their //cachelint:
// annotations and the hot file's directives for them, and rewrites their
// field lists keeping every comment. The analyzer and cachelint profile
// both build their models with it.
package golayout

import (
	"go/types"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// structLayout lays st out as the gc compiler does, with sizes from the pass
// (types.SizesFor("gc", GOARCH)).
//
// The gc sizes of go/types (Go 1.22 and later) already give a struct whose
// last field has zero size the extra byte gc adds after it, so Size is
// sizes.Sizeof as is; sizes must therefore be gc's, not a types.StdSizes.
// st must not depend on type parameters: lay out instantiations instead.
// Unit, Hot and the declaration position are left to the caller.
func structLayout(name string, st *types.Struct, sizes types.Sizes, qual types.Qualifier) *layout.Struct {
	n := st.NumFields()
	fields := make([]*types.Var, n)
	for i := range n {
		fields[i] = st.Field(i)
	}
	offsets := sizes.Offsetsof(fields)

	s := &layout.Struct{
		Name:            name,
		Kind:            layout.KindStruct,
		Lang:            layout.LangGo,
		Size:            sizes.Sizeof(st),
		Align:           sizes.Alignof(st),
		PadZeroSizeTail: true,
		Members:         make([]layout.Member, n),
	}
	for i, f := range fields {
		m := &s.Members[i]
		m.Name = f.Name()
		m.Type = types.TypeString(f.Type(), qual)
		m.Offset = offsets[i]
		m.Size = sizes.Sizeof(f.Type())
		m.Align = sizes.Alignof(f.Type())
		m.BitOffset = m.Offset * 8
		if a, ok := f.Type().Underlying().(*types.Array); ok {
			m.ElemSize = sizes.Sizeof(a.Elem())
		}
		m.Atomic = atomicWidth(f.Type(), sizes)
		m.Padding = isPadding(f)
		m.Embedded = f.Embedded()
	}
	return s
}

// atomicWidth is the width of one atomic access to a value of type t
// (layout.AtomicWidth), looking through array elements; 0 when t is not
// atomic.
func atomicWidth(t types.Type, sizes types.Sizes) int64 {
	for {
		a, ok := t.Underlying().(*types.Array)
		if !ok {
			break
		}
		t = a.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return 0
	}
	obj := named.Obj() // Pointer[T] instances share the origin's name
	if obj.Pkg() == nil || !strings.HasSuffix(obj.Pkg().Path(), "atomic") {
		return 0
	}
	return layout.AtomicWidth(obj.Pkg().Path()+"."+obj.Name(), sizes.Sizeof(t), sizes.Sizeof(types.Typ[types.Uintptr]))
}

func isPadding(f *types.Var) bool {
	if named, ok := types.Unalias(f.Type()).(*types.Named); ok && strings.Contains(named.Obj().Name(), "Pad") {
		return true // cpu.CacheLinePad and the like
	}
	if _, ok := f.Type().Underlying().(*types.Array); !ok {
		return false
	}
	return layout.IsPadName(f.Name())
}

// dependsOnTypeParams reports whether t's layout depends on type
// parameters, as a struct declared inside a generic function may: gc sizes
// cannot lay those out.
func dependsOnTypeParams(t types.Type) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t := types.Unalias(t).(type) {
		case *types.TypeParam:
			return true
		case *types.Named:
			// An instance's underlying type has its arguments substituted:
			// atomic.Pointer[T] holds only a pointer to T.
			return walk(t.Underlying())
		case *types.Struct:
			for f := range t.Fields() {
				if walk(f.Type()) {
					return true
				}
			}
		case *types.Array:
			return walk(t.Elem())
		}
		return false // pointers, slices, maps and the like have a fixed size
	}
	return walk(t)
}
