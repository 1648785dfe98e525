package btfscan

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
	"github.com/cilium/ebpf/btf"
)

// cacheline is the line size pahole assumes when it rounds an inferred
// alignment up to a whole line.
const cacheline = 64

// maxSize bounds the size of a type: more than any address space holds,
// and room for the arithmetic of offsets and lines.
const maxSize = 1 << 60

// badBTF is the error of a conversion that aborted (input.Abort): corrupt
// BTF, or a limit, which says so itself. Any other panic is a bug of the
// reader's, which input.Recovered lets go on.
func (f *File) badBTF(r any) error {
	err := input.Recovered(r)
	if errors.Is(err, input.ErrLimit) {
		return &input.FileError{Path: f.path, Err: err}
	}
	return f.bad(err)
}

// bad is the error of a type that breaks the rules of BTF.
func (f *File) bad(err error) error {
	return &input.FileError{Path: f.path, Err: &input.Error{Kind: input.ErrCorrupt, Msg: "bad BTF", Err: err}}
}

// Structs returns every struct/union with a definition, each distinct layout
// once (the same name with different layouts appears once per layout;
// identical duplicates once); if names is non-empty only those. Names that
// are no struct or union are an error wrapping input.ErrNotFound, returned
// with the layouts of the others.
func (f *File) Structs(names ...string) (out []*layout.Struct, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, f.badBTF(r)
		}
	}()
	c := f.newConv()
	seen := make(map[string]bool)
	add := func(t btf.Type) error {
		s := c.structOf(t)
		if s == nil {
			return nil
		}
		if err := s.Validate(); err != nil {
			return f.bad(err)
		}
		if k := key(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
		return nil
	}
	if len(names) == 0 {
		for t, err := range f.spec.All() {
			if err != nil {
				return nil, f.bad(err)
			}
			if err := add(t); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	f.spec.lookUp(names)
	var missing []string
	for _, name := range names {
		ts, err := f.spec.AnyTypesByName(name)
		if err != nil && !errors.Is(err, btf.ErrNotFound) {
			return nil, f.bad(err)
		}
		n := len(out)
		for _, t := range ts {
			if err := add(t); err != nil {
				return nil, err
			}
		}
		if len(out) == n && !anyComposite(ts) && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return out, &input.FileError{Path: f.path, Err: input.NotFound(missing)}
	}
	return out, nil
}

// Find returns what Structs(names...) does, and with it the structs and
// unions their members embed (by value or in arrays, also inside unnamed
// members), and theirs in turn: the types pahole's notes on member padding
// look up, and those whose hot fields a hot struct-typed member counts
// (inet_connection_sock's icsk_inet holds inet_sock's sk, a sock), without
// converting every type of the file.
func (f *File) Find(names ...string) (found, embedded []*layout.Struct, err error) {
	found, notFound := f.Structs(names...)
	if notFound != nil && !errors.Is(notFound, input.ErrNotFound) {
		return nil, nil, notFound
	}
	defer func() {
		if r := recover(); r != nil {
			found, embedded, err = nil, nil, f.badBTF(r)
		}
	}()
	c := f.newConv()
	seen := make(map[btf.Type]bool)
	var walk func(t btf.Type)
	walk = func(t btf.Type) {
		comp, _ := asComposite(t)
		c.enter()
		defer c.leave()
		for _, m := range comp.members {
			mt := innermost(m.Type, func(t btf.Type) btf.Type { return t })
			if seen[mt] || !isComposite(mt) {
				continue
			}
			seen[mt] = true
			if s := c.structOf(mt); s != nil {
				if err := s.Validate(); err != nil {
					panic(badType(err.Error()))
				}
				embedded = append(embedded, s)
			}
			walk(mt)
		}
	}
	for _, name := range names {
		ts, err := f.spec.AnyTypesByName(name)
		if err != nil && !errors.Is(err, btf.ErrNotFound) {
			return nil, nil, f.bad(err)
		}
		for _, t := range ts {
			if isComposite(t) {
				walk(t)
			}
		}
	}
	return found, embedded, notFound
}

func anyComposite(ts []btf.Type) bool {
	for _, t := range ts {
		switch t.(type) {
		case *btf.Struct, *btf.Union:
			return true
		}
	}
	return false
}

// key identifies a layout for deduplication: where each member lies. Two
// copies of a type that differ only in how a member's type is spelled (the
// kernel's elf_note_info holds siginfo_t in one unit, the same-sized
// compat_siginfo_t in another) are one layout, as pahole prints them once.
func key(s *layout.Struct) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %d", s.Kind, s.Name, s.Size)
	writeMembers(&b, s.Members)
	return b.String()
}

func writeMembers(b *strings.Builder, ms []layout.Member) {
	for i := range ms {
		m := &ms[i]
		fmt.Fprintf(b, "|%s:%d:%d:%d:%d{", m.Name, m.Offset, m.Size, m.BitOffset, m.BitSize)
		writeMembers(b, m.Inner)
		b.WriteByte('}')
	}
}

// composite is a struct or union as BTF gives it.
type composite struct {
	name    string
	union   bool
	size    int64
	members []btf.Member
}

func asComposite(t btf.Type) (composite, bool) {
	switch t := t.(type) {
	case *btf.Struct:
		return composite{t.Name, false, int64(t.Size), t.Members}, true
	case *btf.Union:
		return composite{t.Name, true, int64(t.Size), t.Members}, true
	}
	return composite{}, false
}

// structOf converts a named struct or union; it returns nil for any other
// type.
func (c *conv) structOf(t btf.Type) *layout.Struct {
	comp, ok := asComposite(t)
	if !ok || comp.name == "" {
		return nil
	}
	in := c.info(t)
	return c.convert(t, comp, in.packed)
}

func (c *conv) convert(t btf.Type, comp composite, packed bool) *layout.Struct {
	in := c.info(t)
	s := &layout.Struct{
		Name: comp.name, Lang: layout.LangC, Size: comp.size, Align: in.align, Packed: packed,
		AlignAttr: in.forced, AlignsInferred: true,
	}
	if comp.union {
		s.Kind = layout.KindUnion
	}
	unit := 0
	s.Members = c.members(t, 0, packed, false, &unit)
	return s
}

// def converts the struct or union t for layout.Expansion.Def, once.
func (c *conv) def(t btf.Type) *layout.Struct {
	if s, ok := c.defs[t]; ok {
		if s == nil {
			panic(badType("struct contains itself"))
		}
		return s
	}
	c.enter()
	defer c.leave()
	c.defs[t] = nil
	comp, _ := asComposite(t)
	s := c.convert(t, comp, c.info(t).packed)
	if err := s.Validate(); err != nil {
		panic(badType(err.Error()))
	}
	c.defs[t] = s
	return s
}

// pointee converts the unnamed struct or union that t, a pointer, points
// to, for layout.Expansion.Pointee, once; nil for any other type.
func (c *conv) pointee(t btf.Type) *layout.Struct {
	ptr, ok := t.(*btf.Pointer)
	if !ok {
		return nil
	}
	comp, ok := asComposite(ptr.Target)
	if !ok || comp.name != "" {
		return nil
	}
	if s, ok := c.pointees[ptr.Target]; ok {
		if s == nil {
			panic(badType("struct points to itself"))
		}
		return s
	}
	if c.pointees == nil {
		c.pointees = make(map[btf.Type]*layout.Struct)
	}
	c.enter()
	defer c.leave()
	c.pointees[ptr.Target] = nil
	s := c.convert(ptr.Target, comp, c.info(ptr.Target).packed)
	if err := s.Validate(); err != nil {
		panic(badType(err.Error()))
	}
	c.pointees[ptr.Target] = s
	return s
}

// enum converts the unnamed enum t is, or is an array of, for
// layout.Expansion.Enum, once; nil for any other type.
func (c *conv) enum(t btf.Type) *layout.Enum {
	e, ok := innermost(t, func(t btf.Type) btf.Type { return t }).(*btf.Enum)
	if !ok || e.Name != "" {
		return nil
	}
	if x, ok := c.enums[e]; ok {
		return x
	}
	x := &layout.Enum{Size: int64(e.Size), Enumerators: make([]layout.Enumerator, len(e.Values)), Unsigned: true}
	for i, v := range e.Values {
		x.Enumerators[i] = layout.Enumerator{Name: v.Name, Value: int64(v.Value)}
	}
	if c.enums == nil {
		c.enums = make(map[*btf.Enum]*layout.Enum)
	}
	c.enums[e] = x
	return x
}

// expandType sets in x what pahole -E prints of a member of type t
// spelled typ: the typedefs the type (an array's element type) goes
// through, the type they resolve to, and the struct, union or unnamed enum
// it is (layout.Expansion).
func (c *conv) expandType(t btf.Type, typ string, x *layout.Expansion) {
	// The element of an array; a const on the way stops the typedefs, not
	// the struct (pahole prints "const " and goes on), but for the const
	// it drops from a zero-length array's elements.
	elem, consts := t, false
	for n := 0; ; n++ {
		if n > maxDepth {
			panic(badType("arrays nest too deep"))
		}
		if a, ok := elem.(*btf.Array); ok {
			elem = a.Type
			if q, ok := elem.(*btf.Const); ok && a.Nelems == 0 {
				elem = q.Type
			}
		} else if q, ok := elem.(*btf.Const); ok {
			elem, consts = q.Type, true
		} else {
			break
		}
	}
	if consts {
		if isComposite(elem) && elem.TypeName() != "" {
			x.Def = c.def(elem)
		}
		return
	}
	dims := ""
	if es := c.spellMember(elem, false, false, false); elem != t && strings.HasPrefix(typ, es) {
		dims = typ[len(es):]
	}
	for range maxDepth {
		q, ok := elem.(*btf.Typedef)
		if !ok {
			break
		}
		if c.typedefNames++; c.typedefNames > maxTypedefNames {
			panic(input.Abort(errTypedefNames))
		}
		x.Typedefs = append(x.Typedefs, q.Name)
		elem = q.Type
	}
	if len(x.Typedefs) > 0 {
		x.Resolved = c.spellMember(elem, false, false, false) + dims
	}
	if a, ok := elem.(*btf.Array); ok && len(x.Typedefs) > 0 {
		elem = a.Type // a typedef of an array
	}
	if isComposite(elem) && (elem.TypeName() != "" || len(x.Typedefs) > 0) {
		x.Def = c.def(elem)
	}
	if len(x.Typedefs) > 0 {
		x.Enum = c.enum(elem)
	}
}

// strip is t without typedefs and qualifiers, as cilium's UnderlyingType
// gives it.
func strip(t btf.Type) btf.Type {
	return resolved(t, btf.UnderlyingType(t))
}

// resolved is u, what cilium's UnderlyingType or QualifiedType made of t,
// unless they gave up: past 32 typedefs and qualifiers, which the kernel
// (MAX_RESOLVE_DEPTH) and libbpf refuse to load, or in a loop of them,
// cilium returns a type of its own, the only one with an ID method.
func resolved(t, u btf.Type) btf.Type {
	if _, ok := u.(interface{ ID() btf.TypeID }); !ok {
		return u
	}
	seen := make(map[btf.Type]bool)
	for n := 0; n <= maxResolveDepth; n++ {
		if seen[t] {
			panic(badType(fmt.Sprintf("typedefs and qualifiers loop through %s", t)))
		}
		seen[t] = true
		switch q := t.(type) {
		case *btf.Typedef:
			t = q.Type
		case *btf.Const:
			t = q.Type
		case *btf.Volatile:
			t = q.Type
		case *btf.Restrict:
			t = q.Type
		case *btf.TypeTag:
			t = q.Type
		}
	}
	panic(badType(fmt.Sprintf("more than %d typedefs and qualifiers in a row, which the kernel refuses (MAX_RESOLVE_DEPTH)", maxResolveDepth)))
}

// maxResolveDepth is the longest chain of typedefs and qualifiers that
// the kernel's BTF verifier and libbpf resolve, and cilium's helpers.
const maxResolveDepth = 32

// size is a type's size in bytes.
func (c *conv) size(t btf.Type) int64 {
	c.enter()
	defer c.leave()
	switch t := strip(t).(type) {
	case *btf.Int:
		return int64(t.Size)
	case *btf.Float:
		return int64(t.Size)
	case *btf.Enum:
		return enumSize(t)
	case *btf.Pointer:
		return c.ptrSize
	case *btf.Struct:
		return int64(t.Size)
	case *btf.Union:
		return int64(t.Size)
	case *btf.Array:
		n := int64(t.Nelems)
		e := c.size(t.Type)
		if e != 0 && n > maxSize/e {
			panic(badType(fmt.Sprintf("array of %d elements of %d bytes", n, e)))
		}
		return n * e
	}
	return 0
}

func enumSize(e *btf.Enum) int64 {
	if e.Size == 0 {
		return 4
	}
	return int64(e.Size)
}

// naturalAlign is pahole's natural alignment: the size of a scalar, the
// largest of the members of a struct or union, the element's of an array.
// It knows nothing of forced alignments.
func (c *conv) naturalAlign(t btf.Type) int64 {
	t = strip(t)
	if a, ok := c.natural[t]; ok {
		if a == 0 {
			panic(badType("type contains itself"))
		}
		return a
	}
	c.enter()
	defer c.leave()
	// Marked while its members are, so that a loop ends at once rather
	// than going round every branch of it.
	c.natural[t] = 0
	var a int64
	switch t := t.(type) {
	case *btf.Pointer:
		a = c.ptrSize
	case *btf.Int:
		a = int64(t.Size)
	case *btf.Float:
		a = int64(t.Size)
	case *btf.Enum:
		a = enumSize(t)
	case *btf.Array:
		a = c.naturalAlign(t.Type)
	case *btf.Struct, *btf.Union:
		comp, _ := asComposite(t)
		for _, m := range comp.members {
			a = max(a, c.naturalAlign(m.Type))
		}
	}
	a = pow2(a)
	c.natural[t] = a
	return a
}

// pow2 rounds a up to a power of two, at least 1: corrupt BTF may give an
// int of 3 bytes, and the model wants powers of two.
func pow2(a int64) int64 {
	if a <= 1 {
		return 1
	}
	if a > 1<<30 {
		panic(badType(fmt.Sprintf("alignment %d", a)))
	}
	return 1 << bits.Len64(uint64(a-1))
}

// fullAlign is the alignment a type has when laid out in another: the
// natural one raised by any alignment forced on its members or on itself,
// or 1 for a packed struct.
func (c *conv) fullAlign(t btf.Type) int64 {
	t = innermost(strip(t), strip)
	if _, ok := asComposite(t); ok {
		return c.info(t).align
	}
	return c.naturalAlign(t)
}

// inferAlign is pahole's class__infer_alignment: a member (or, with the
// size as offset, the struct's end) that lies past where the previous
// member ended by more than its natural alignment explains must have had
// its alignment forced. pahole computes the gap in uint32, so a member
// that starts before the previous one ended (a union member, a bit-field
// sharing a unit) wraps around to no alignment.
func inferAlign(offset, natural, smallest int64) int64 {
	if offset <= smallest || offset%2 != 0 {
		return 0
	}
	delta := offset - smallest
	if delta >= 1<<31 {
		return 0
	}
	a := int64(1) << bits.Len64(uint64(delta))
	if a <= natural {
		return 0
	}
	if a < cacheline && cacheline%a == 0 && offset%cacheline == 0 {
		a = cacheline
	}
	return a
}

// info works out the layout facts of a struct or union the way pahole's
// BTF loader (class__fixup_btf_bitfields) and class__infer_packed_attributes
// do.
func (c *conv) info(t btf.Type) *info {
	if in, ok := c.infos[t]; ok {
		if in == nil {
			panic(badType("struct contains itself"))
		}
		return in
	}
	c.enter()
	defer c.leave()
	c.infos[t] = nil
	comp, _ := asComposite(t)
	in := &info{members: make([]memberInfo, len(comp.members)), natural: c.naturalAlign(t)}
	var smallest int64
	for i, m := range comp.members {
		st := strip(m.Type)
		mi := memberInfo{
			typ:       st,
			byteSize:  c.size(st),
			bitOffset: int64(m.Offset),
			bitfield:  int64(m.BitfieldSize),
			natural:   c.naturalAlign(st),
		}
		mi.byteOffset = mi.bitOffset / 8
		if mi.bitfield != 0 && mi.byteSize != 0 && isScalar(st) {
			// The storage unit is the one of the bit-field's type that
			// holds its first bit: bit-fields are always aligned.
			unit := mi.byteSize * 8
			mi.byteOffset = mi.bitOffset / unit * unit / 8
		}
		// pahole skips zero-size members: they neither get an inferred
		// alignment nor move where the previous member ended.
		if mi.byteSize != 0 {
			mi.forced = inferAlign(mi.byteOffset, mi.natural, smallest)
			smallest = mi.byteOffset + mi.byteSize
		} else if !comp.union {
			mi.zeroForced = inferAlign(mi.byteOffset, mi.natural, smallest)
		}
		in.members[i] = mi
	}
	if comp.union {
		// pahole takes the end of the last member here, so a union whose
		// last member is not its largest would look forced to a larger
		// alignment; its largest member's end is what tells.
		smallest = 0
		for _, mi := range in.members {
			smallest = max(smallest, mi.byteOffset+mi.byteSize)
		}
	}
	in.forced = inferAlign(comp.size, in.natural, smallest)
	if !comp.union {
		in.holes = hasHoles(in.members, comp.size)
		in.packed = !in.holes && isPacked(in.members, comp.size)
	}
	in.align = max(1, in.forced)
	for i := range in.members {
		mi := &in.members[i]
		in.align = max(in.align, mi.forced)
		if !in.packed {
			in.align = max(in.align, c.fullAlign(mi.typ))
		}
	}
	c.infos[t] = in
	return in
}

func isScalar(t btf.Type) bool {
	switch t.(type) {
	case *btf.Int, *btf.Enum, *btf.Float:
		return true
	}
	return false
}

// hasHoles reports whether a struct has byte holes or tail padding, as
// pahole's class__find_holes counts them; bits left over in a bit-field's
// storage unit are bit holes and do not count.
func hasHoles(ms []memberInfo, size int64) bool {
	w := layout.NewHoleWalk[int64](0)
	for _, m := range ms {
		bits := m.byteSize * 8
		if m.bitfield != 0 {
			bits = m.bitfield
		}
		if byteHoles, _ := w.Member(m.byteOffset, m.bitOffset, bits, m.byteSize*8, m.bitfield != 0); byteHoles != 0 {
			return true
		}
	}
	padding, _ := w.End(size)
	return padding != 0
}

// isPacked is the rest of class__infer_packed_attributes for a struct with
// no holes and no padding: packed if a member is off its natural alignment
// or the size is not a multiple of the largest one.
func isPacked(ms []memberInfo, size int64) bool {
	maxNatural := int64(1)
	for _, m := range ms {
		if m.natural == 1 {
			continue
		}
		maxNatural = max(maxNatural, m.natural)
		if m.byteOffset%m.natural != 0 {
			return true
		}
	}
	return size%maxNatural != 0
}

// members converts the members of struct or union t whose start lies base
// bytes into the outermost struct. packed says t is laid out packed, from
// its own members or, for an anonymous one, from where it sits. inUnion
// says t is printed inside a union, where pahole never prints "[]".
func (c *conv) members(t btf.Type, base int64, packed, inUnion bool, unit *int) []layout.Member {
	c.enter()
	defer c.leave()
	comp, _ := asComposite(t)
	in := c.info(t)
	inUnion = inUnion || comp.union
	out := make([]layout.Member, len(comp.members))
	for i, bm := range comp.members {
		mi := &in.members[i]
		m := layout.Member{
			Name:      bm.Name,
			Type:      c.spellMember(bm.Type, i == len(comp.members)-1, len(comp.members) == 1, inUnion),
			Offset:    base + mi.byteOffset,
			Size:      mi.byteSize,
			BitOffset: base*8 + mi.bitOffset,
			BitSize:   mi.bitfield,
			Atomic:    c.atomic(bm.Type),
			Embedded:  bm.Name == "",
		}
		if m.BitSize != 0 && m.End() > base+comp.size && m.Offset < base+comp.size {
			// pahole prints the whole storage unit even where a packed
			// struct ends inside it (orc_entry); the model keeps members
			// inside their struct.
			m.Size = base + comp.size - m.Offset
		}
		m.AlignAttr = max(mi.forced, mi.zeroForced)
		if packed {
			m.Align = max(1, mi.forced)
		} else {
			m.Align = max(c.fullAlign(mi.typ), mi.forced)
		}
		switch mi.typ.(type) {
		case *btf.Array:
			m.ElemSize = c.elemSize(mi.typ)
		case *btf.Struct, *btf.Union:
			m.Aggregate = true
		}
		// pahole prints an unnamed struct or union in full where it is
		// used (not behind a typedef); its members go to Inner (an
		// array's: its first element's).
		var x layout.Expansion
		if inner := unqualified(bm.Type); isComposite(inner) && inner.TypeName() == "" {
			packed := c.info(inner).packed || inner == mi.typ && c.packedWhere(mi, in, comp)
			m.Inner = c.members(inner, m.Offset, packed, inUnion, unit)
			x.Packed, x.AlignAttr = packed, c.info(inner).forced
		}
		x.Enum = c.enum(bm.Type)
		x.Pointee = c.pointee(bm.Type)
		if c.defs != nil {
			c.expandType(bm.Type, m.Type, &x)
		}
		m.Expansion = x.OrNil()
		out[i] = m
	}
	layout.NumberBitFieldUnits(out, unit)
	return out
}

// packedWhere reports whether pahole takes the unnamed struct at member mi
// of the container for packed from where it sits: at an offset off its
// natural alignment in a struct with holes, or in a union whose size its
// natural alignment does not divide.
func (c *conv) packedWhere(mi *memberInfo, container *info, comp composite) bool {
	if _, ok := mi.typ.(*btf.Struct); !ok {
		return false
	}
	if comp.union {
		return comp.size%mi.natural != 0
	}
	return container.holes && mi.byteOffset%mi.natural != 0
}

// innermost follows t's array elements, each through next, to the first
// type that is no array.
func innermost(t btf.Type, next func(btf.Type) btf.Type) btf.Type {
	for n := 0; ; n++ {
		a, ok := t.(*btf.Array)
		if !ok {
			return t
		}
		if n > maxDepth {
			panic(badType("arrays nest too deep"))
		}
		t = next(a.Type)
	}
}

// elemSize is the size of the innermost element of an array.
func (c *conv) elemSize(t btf.Type) int64 {
	for range maxDepth {
		a, ok := strip(t).(*btf.Array)
		if !ok {
			return c.size(t)
		}
		t = a.Type
	}
	panic(badType("arrays nest too deep"))
}

// unqualified follows qualifiers and array elements from t, but no
// typedef.
func unqualified(t btf.Type) btf.Type {
	for range maxDepth {
		t = resolved(t, btf.QualifiedType(t))
		a, ok := t.(*btf.Array)
		if !ok {
			return t
		}
		t = a.Type
	}
	panic(badType("arrays nest too deep"))
}

func isComposite(t btf.Type) bool {
	_, ok := asComposite(t)
	return ok
}

// atomic is the width of one atomic access to a value of type t
// (layout.AtomicWidth), through typedefs, qualifiers and array elements; 0
// when the type is not atomic. BTF keeps no _Atomic qualifier.
func (c *conv) atomic(t btf.Type) int64 {
	for range maxDepth {
		switch q := t.(type) {
		case *btf.Typedef:
			// The word size matters only to Go types, which BTF never holds.
			if w := layout.AtomicWidth(q.Name, c.size(q), 8); w > 0 {
				return w
			}
			t = q.Type
		case *btf.Const:
			t = q.Type
		case *btf.Volatile:
			t = q.Type
		case *btf.TypeTag:
			t = q.Type
		case *btf.Array:
			t = q.Type
		default:
			return 0
		}
	}
	return 0
}
