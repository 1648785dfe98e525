package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
)

// Holders finds, over the packages of a load, what holds the values of
// each named struct type: fields of other struct types that hold it in
// place, and anything else that keeps one (a pointer in a field, an
// element or a package-level variable; an element or a package-level
// variable by value; a type argument). Local variables, parameters and
// results keep nothing for long: bigcache's NewBytesQueue returns a
// &BytesQueue{} that its caller copies into the shard that keeps it.
// Types are named by where their names are declared (declKey).
type Holders struct {
	inPlace map[string][]holderField
	// held are the types something other than a field in place holds;
	// byValue those held by value (in place, as elements, as variables),
	// whose heap bases are not their own size class's.
	held, byValue map[string]bool
	// elements are the types held by value as elements of slices and
	// arrays; notElements those held any other way (in place, through a
	// pointer, as a variable).
	elements, notElements map[string]bool
}

// holderField is field index of struct type container.
type holderField struct {
	container *types.Named
	index     int
}

// Add finds the holders in files.
func (h *Holders) Add(fset *token.FileSet, files []*ast.File, info *types.Info) {
	h.init()
	key := func(n *types.Named) string { return declKey(fset, n.Origin().Obj().Pos()) }
	for _, obj := range info.Defs {
		switch obj := obj.(type) {
		case *types.TypeName:
			n, ok := types.Unalias(obj.Type()).(*types.Named)
			if !ok || obj.IsAlias() {
				continue
			}
			st, ok := n.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i := range st.NumFields() {
				ft := st.Field(i).Type()
				if fn := structNamed(ft); fn != nil {
					h.inPlace[key(fn)] = append(h.inPlace[key(fn)], holderField{n, i})
					h.byValue[key(fn)] = true
					h.notElements[key(fn)] = true
					for arg := range fn.TypeArgs().Types() {
						h.hold(arg, false, key)
					}
					continue
				}
				h.hold(ft, false, key)
			}
		case *types.Var:
			if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				h.hold(obj.Type(), false, key)
			} else if composite(obj.Type()) {
				h.hold(obj.Type(), false, key)
			}
		}
	}
	for _, tv := range info.Types {
		if tv.Type != nil && composite(tv.Type) {
			h.hold(tv.Type, false, key)
		}
	}
}

// init makes h's maps.
func (h *Holders) init() {
	if h.inPlace == nil {
		h.inPlace, h.held, h.byValue = map[string][]holderField{}, map[string]bool{}, map[string]bool{}
		h.elements, h.notElements = map[string]bool{}, map[string]bool{}
	}
}

// hold notes that something keeps what t holds: a named struct type, by
// value unless through a pointer.
func (h *Holders) hold(t types.Type, pointer bool, key func(*types.Named) string) {
	switch t := types.Unalias(t).(type) {
	case *types.Pointer:
		h.hold(t.Elem(), true, key)
	case *types.Slice:
		h.element(t.Elem(), key)
	case *types.Array:
		h.element(t.Elem(), key)
	case *types.Chan:
		h.hold(t.Elem(), false, key)
	case *types.Map:
		h.hold(t.Key(), false, key)
		h.hold(t.Elem(), false, key)
	case *types.Named:
		if _, ok := t.Underlying().(*types.Struct); ok {
			h.held[key(t)] = true
			h.byValue[key(t)] = h.byValue[key(t)] || !pointer
			h.notElements[key(t)] = true
		}
		for arg := range t.TypeArgs().Types() {
			h.hold(arg, false, key)
		}
	case *types.Struct:
		for f := range t.Fields() {
			h.hold(f.Type(), pointer, key)
		}
	}
}

// element notes that an array or slice keeps values of t by value.
func (h *Holders) element(t types.Type, key func(*types.Named) string) {
	n := structNamed(t)
	if n == nil {
		h.hold(t, false, key)
		return
	}
	h.held[key(n)], h.byValue[key(n)], h.elements[key(n)] = true, true, true
	for arg := range n.TypeArgs().Types() {
		h.hold(arg, false, key)
	}
}

// elementsOnly reports whether the load holds the values of the struct
// type declared at key only as elements of slices and arrays, by value.
func (h *Holders) elementsOnly(key string) bool {
	return h.elements[key] && !h.notElements[key]
}

// Merge adds to h what o found.
func (h *Holders) Merge(o *Holders) {
	h.init()
	for k, fs := range o.inPlace {
		h.inPlace[k] = append(h.inPlace[k], fs...)
	}
	maps.Copy(h.held, o.held)
	maps.Copy(h.byValue, o.byValue)
	maps.Copy(h.elements, o.elements)
	maps.Copy(h.notElements, o.notElements)
}

// structNamed is t when it is a named struct type, nil otherwise.
func structNamed(t types.Type) *types.Named {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n
}

// composite reports whether t keeps values of other types: a slice,
// array, map or channel, or an instance of a generic type.
func composite(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Slice, *types.Array, *types.Map, *types.Chan:
		return true
	case *types.Named:
		return t.TypeArgs().Len() > 0
	}
	return false
}

// containers returns the fields that hold the struct type declared at key in
// place when nothing else holds its values and each container is a heap
// object of its own (held through pointers only, or by nothing the load
// shows), laid out with sizes: nil otherwise.
func (h *Holders) containers(key string, sizes types.Sizes, fset *token.FileSet) []layout.Container {
	fields := h.inPlace[key]
	if len(fields) == 0 || h.held[key] {
		return nil
	}
	var out []layout.Container
	for _, f := range fields {
		c := f.container
		if c.TypeParams().Len() > 0 || h.byValue[declKey(fset, c.Origin().Obj().Pos())] {
			return nil
		}
		st := c.Underlying().(*types.Struct)
		vars := make([]*types.Var, st.NumFields())
		for i := range vars {
			vars[i] = st.Field(i)
		}
		out = append(out, layout.Container{Field: c.Obj().Name() + "." + st.Field(f.index).Name(),
			Offset: sizes.Offsetsof(vars)[f.index], Size: sizes.Sizeof(c), Pointers: golayout.HasPointers(c)})
	}
	return out
}
