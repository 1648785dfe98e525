// How a struct entry becomes a layout.Struct: its members, with C++ base
// classes and virtual bases where the ABI places them, bit-fields, unnamed
// members expanded inline, pointees and enums, and the limits that bound
// unnamed members and their expansions.

package dwarfscan

import (
	"debug/dwarf"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

// embedded appends to out the named structs and unions that n's members
// are, or are arrays of, also inside unnamed members, and theirs in turn,
// each once: a hot member whose type is a struct counts the lines of its
// type's hot fields, which may be in a struct of their own (inet_sock's sk,
// inside inet_connection_sock's icsk_inet), so -C reads what the whole
// file would give it.
func (u *unit) embedded(n *node, seen map[*node]bool, out []*layout.Struct) []*layout.Struct {
	for _, k := range u.kids(n) {
		if !isDataMember(&k) {
			continue
		}
		t := u.node(k.typ)
		for t != nil && t.tag == dwarf.TagArrayType {
			t = u.node(t.typ)
		}
		if t == nil || seen[t] {
			continue
		}
		switch t.tag {
		case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
			seen[t] = true
			if !u.named(t.name) {
				u.nest(t)
				out = u.embedded(t, seen, out)
				u.unnest(t)
			} else if !t.decl {
				out = append(out, u.convert(t))
				if !u.enter() {
					panic(input.Abort(errDepth))
				}
				expansions := u.expansions
				u.expansions = 0 // its unnamed members count on their own
				out = u.embedded(t, seen, out)
				u.expansions = expansions
				u.leave()
			}
		}
	}
	return out
}

func (u *unit) convert(n *node) *layout.Struct {
	ai := u.structAlign(n)
	s := &layout.Struct{
		Name:            u.name(n.name),
		Size:            max(n.size, 0),
		Align:           ai.align,
		AlignAttr:       n.align,
		Packed:          ai.packed,
		PadZeroSizeTail: u.lang == langGo,
		Lang:            u.modelLang(),
		DeclFile:        u.file(n.declFile),
		DeclLine:        int(n.declLine),
	}
	switch n.tag {
	case dwarf.TagUnionType:
		s.Kind = layout.KindUnion
	case dwarf.TagClassType:
		s.Class = true
	}
	unitNo := 0
	s.Members = u.members(n, 0, false, &unitNo)
	s.BaseClasses = u.bases(n)
	return s
}

// bases lists the direct base classes of n as a declaration does, with
// the access only where it is not the default (private in a class,
// public in a struct), as pahole prints them.
func (u *unit) bases(n *node) []string {
	var out []string
	def := int64(dwAccessPublic)
	if n.tag == dwarf.TagClassType {
		def = dwAccessPrivate
	}
	for _, k := range u.kids(n) {
		if k.tag != dwarf.TagInheritance {
			continue
		}
		name := ""
		if t := u.strip(k.typ); t != nil {
			name = u.name(t.name)
		}
		var b strings.Builder
		if k.virtual {
			b.WriteString("virtual ")
		}
		if a := accessWords[k.access]; k.access != 0 && k.access != def && a != "" {
			b.WriteString(a + " ")
		}
		b.WriteString(name)
		out = append(out, b.String())
	}
	return out
}

// access is the access of member or base class k of the C++ struct or
// class n: its DW_AT_accessibility, which compilers give only where it is
// not the default of the kind (DWARF 5, 5.7.6), or that default. It is ""
// outside C++ and in unions, whose members are all public.
func (u *unit) access(k *kid, n *node) string {
	if !u.cplusplus() || n.tag == dwarf.TagUnionType {
		return ""
	}
	if a := accessWords[k.access]; a != "" {
		return a
	}
	if n.tag == dwarf.TagClassType {
		return "private"
	}
	return "public"
}

// DW_AT_accessibility values.
const (
	dwAccessPublic    = 1
	dwAccessProtected = 2
	dwAccessPrivate   = 3
)

var accessWords = map[int64]string{dwAccessPublic: "public", dwAccessProtected: "protected", dwAccessPrivate: "private"}

func (u *unit) file(i int64) string { return u.files.path(i) }

// members converts the data members of the struct or union n that starts
// base bytes into the outermost struct. Members of unnamed struct and union
// types go, recursively, into Inner with offsets from the outermost struct.
//
// Member.Type is the type as pahole prints it with the member name taken
// out, so that a printer puts the name back where pahole has it:
//   - after "(*" in a function pointer: "void (*)(struct sk_buff *)" for
//     pahole's "void (*name)(struct sk_buff *)", "void (*)(void)[3]" for
//     its array of them;
//   - before the trailing array dimensions: "char[16]" for "char name[16]",
//     "int16[2][4]" for a Go [4][2]int16 (pahole reverses Go's nested
//     arrays); brackets inside Go names ("atomic.Pointer[T] *") are not
//     dimensions;
//   - after the type otherwise, pahole's double spaces kept: "const struct
//     net_device_ops  *".
//
// An unnamed struct or union is "struct" or "union" (pahole prints its body
// inline; its members are in Inner), "struct[4]" for an array of them
// (Inner holds the first element's). A flexible array ends in "[]" where
// pahole prints it so: as the last of two or more members of a struct that
// is not inside a union (inUnion); elsewhere "[0]".
func (u *unit) members(n *node, base int64, inUnion bool, unitNo *int) []layout.Member {
	kids := u.kids(n)
	nkids := 0
	for i := range kids {
		if isDataMember(&kids[i]) {
			nkids++
		}
	}
	ms := make([]layout.Member, 0, nkids)
	inUnion = inUnion || n.tag == dwarf.TagUnionType
	seen := 0
	for i := range kids {
		k := &kids[i]
		if !isDataMember(k) || k.virtual {
			continue
		}
		seen++
		flexLast := !inUnion && seen == nkids && nkids > 1
		m := u.member(k, base, flexLast, inUnion, unitNo)
		m.Access = u.access(k, n)
		if t := u.strip(k.typ); k.tag == dwarf.TagInheritance && u.hasVirtualBases(t, 0) {
			// A base class subobject leaves out the base's virtual
			// bases, which the complete object holds at its end.
			m.Size = u.nvsize(t, 0)
		}
		// The storage unit of a bit-field at the end of a packed struct
		// can reach past its end (pahole shows orc_entry's last 2 bytes
		// as a 4-byte unit); the model keeps members inside.
		if end := base + n.size; m.BitSize > 0 && m.End() > end {
			m.Size = max(end-m.Offset, 0)
		}
		ms = append(ms, m)
	}
	ms = u.virtualBases(u.allVirtualBases(n, map[*node]bool{}, nil, 0), ms, n, base, unitNo)
	layout.NumberBitFieldUnits(ms, unitNo)
	return ms
}

// allVirtualBases lists the virtual base classes of class n, direct and
// through its bases, each once, in the order the Itanium C++ ABI lays
// them out: a depth-first, left-to-right, pre-order walk of the
// inheritance graph.
func (u *unit) allVirtualBases(n *node, seen map[*node]bool, out []*kid, depth int) []*kid {
	if n == nil || depth > maxDepth {
		return out
	}
	kids := u.kids(n)
	for i := range kids {
		k := &kids[i]
		if k.tag != dwarf.TagInheritance {
			continue
		}
		t := u.strip(k.typ)
		if k.virtual {
			if seen[t] {
				continue
			}
			seen[t] = true
			out = append(out, k)
		}
		out = u.allVirtualBases(t, seen, out, depth+1)
	}
	return out
}

// hasVirtualBases reports whether class n has a virtual base class,
// directly or through its bases.
func (u *unit) hasVirtualBases(n *node, depth int) bool {
	if n == nil || depth > maxDepth {
		return false
	}
	for _, k := range u.kids(n) {
		if k.tag == dwarf.TagInheritance && (k.virtual || u.hasVirtualBases(u.strip(k.typ), depth+1)) {
			return true
		}
	}
	return false
}

// nvsize is the size of class n as a base class subobject: up to the end
// of its data members and non-virtual bases, without its virtual bases
// or the tail padding after them.
func (u *unit) nvsize(n *node, depth int) int64 {
	var end int64
	if depth > maxDepth {
		return max(n.size, 0)
	}
	for _, k := range u.kids(n) {
		if !isDataMember(&k) || k.virtual {
			continue
		}
		size := u.size(k.typ)
		if t := u.strip(k.typ); k.tag == dwarf.TagInheritance && u.empty(k.typ, 0) {
			size = 0
		} else if k.tag == dwarf.TagInheritance && u.hasVirtualBases(t, depth+1) {
			size = u.nvsize(t, depth+1)
		}
		at := k.loc
		if k.bitSize > 0 && k.dataBit >= 0 {
			at, size = k.dataBit/8, (k.dataBit%8+k.bitSize+7)/8
		}
		end = max(end, at+size)
	}
	return end
}

// virtualBases appends the virtual base classes vs to the members ms of a
// class that starts base bytes into the outermost struct. DWARF locates a
// virtual base by an expression that reads its offset from the vtable at
// run time; they are shown where the Itanium C++ ABI puts them in the
// complete object (pahole 1.24 shows them at -1, where it cannot evaluate
// the expression): a nearly empty first one (a vtable pointer and no
// data) is the primary base of a class with nothing at its start, and
// shares its vtable pointer at 0; an empty one lies at 0; each other
// after the rest, in order, at its alignment, taking its size as a base
// (nvsize: its own virtual bases are among vs).
func (u *unit) virtualBases(vs []*kid, ms []layout.Member, n *node, base int64, unitNo *int) []layout.Member {
	if len(vs) == 0 {
		return ms
	}
	end := base
	startFree := true // nothing of the class's own at its offset 0
	for i := range ms {
		end = max(end, ms[i].End())
		if ms[i].Offset == base && ms[i].Size > 0 {
			startFree = false
		}
	}
	for i, k := range vs {
		v := *k
		t := u.strip(k.typ)
		switch {
		case i == 0 && startFree && u.nearlyEmpty(t):
			v.loc = 0
		case u.empty(k.typ, 0):
			v.loc = 0
		default:
			a := max(u.align(k.typ), 1)
			v.loc = (end - base + a - 1) / a * a
		}
		m := u.member(&v, base, false, false, unitNo)
		m.Access = u.access(&v, n)
		if t != nil && u.hasVirtualBases(t, 0) {
			m.Size = u.nvsize(t, 0)
		}
		if v.loc == 0 {
			// Before the members, as the bases come in DWARF.
			ms = slices.Insert(ms, 0, m)
			continue
		}
		ms = append(ms, m)
		end = max(end, m.End())
	}
	return ms
}

// nearlyEmpty reports whether class n is what the Itanium C++ ABI calls
// nearly empty: dynamic, with nothing but its vtable pointer as a base.
func (u *unit) nearlyEmpty(n *node) bool {
	if n == nil || u.nvsize(n, 0) != u.addrSize {
		return false
	}
	for _, k := range u.kids(n) {
		if k.artificial && k.tag == dwarf.TagMember && k.loc == 0 {
			return true
		}
	}
	return u.hasVirtualBases(n, 0)
}

// empty reports whether type off is a class with no data: no data
// members, no vtable pointer, and only empty base classes.
func (u *unit) empty(off dwarf.Offset, depth int) bool {
	n := u.strip(off)
	if n == nil || depth > maxDepth || n.tag != dwarf.TagStructType && n.tag != dwarf.TagClassType {
		return false
	}
	kids := u.kids(n)
	for i := range kids {
		k := &kids[i]
		switch {
		case !isDataMember(k):
		case k.tag == dwarf.TagInheritance && !k.virtual && u.empty(k.typ, depth+1):
		default:
			return false
		}
	}
	return true
}

// modelLang is the unit's language as the model tells languages apart.
func (u *unit) modelLang() layout.Lang {
	if u.lang == langGo {
		return layout.LangGo
	}
	return layout.LangC
}

func (u *unit) member(k *kid, base int64, flexLast, inUnion bool, unitNo *int) layout.Member {
	name := u.name(k.name)
	if k.tag == dwarf.TagInheritance {
		name = "<ancestor>" // as pahole shows a C++ base class
	}
	m := layout.Member{
		Name:     name,
		Offset:   base + k.loc,
		Size:     u.size(k.typ),
		Align:    u.align(k.typ),
		Atomic:   u.atomic(k.typ),
		Embedded: name == "" || k.tag == dwarf.TagInheritance,
		DeclFile: u.file(k.declFile),
		DeclLine: int(k.declLine),
	}
	m.Align = max(m.Align, k.align)
	m.AlignAttr = k.align
	// A C++ base class and the vtable pointer are where the compiler
	// puts them, before the data members whatever their order: no
	// order of the declaration moves them.
	m.Pinned = k.tag == dwarf.TagInheritance || k.artificial
	if k.tag == dwarf.TagInheritance && u.empty(k.typ, 0) {
		// An empty base class takes no room in the class derived from
		// it (its 1 byte of size is for objects of its own), as pahole
		// shows it.
		m.Size = 0
	}
	typ, inner := u.declType(k.typ, flexLast)
	m.Type = strings.TrimRight(typ, " ")
	if k.bitSize > 0 {
		u.bitField(k, base, &m)
	} else {
		m.BitOffset = m.Offset * 8
	}
	if t := u.strip(k.typ); t != nil {
		switch t.tag {
		case dwarf.TagArrayType:
			m.ElemSize = u.elemSize(t)
		case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
			m.Aggregate = true
		}
	}
	var x layout.Expansion
	if inner != nil {
		u.nest(inner)
		m.Inner = u.members(inner, m.Offset, inUnion, unitNo)
		u.unnest(inner)
		x.Packed, x.AlignAttr = u.structAlign(inner).packed, inner.align
	}
	x.Enum = u.enum(k.typ)
	x.Pointee = u.pointee(k.typ)
	if u.expandTypes {
		u.expandType(k.typ, m.Type, &x)
	}
	m.Expansion = x.OrNil()
	return m
}

// pointee converts the unnamed struct or union that type off, a pointer,
// points to, for layout.Expansion.Pointee, once per unit; nil for any
// other type.
func (u *unit) pointee(off dwarf.Offset) *layout.Struct {
	n := u.node(off)
	if n == nil || n.tag != dwarf.TagPointerType {
		return nil
	}
	t := u.node(n.typ)
	if t == nil || u.named(t.name) || t.decl {
		return nil
	}
	switch t.tag {
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		return u.def(t)
	}
	return nil
}

// enum converts the unnamed enum off is, or is an array of, for
// layout.Expansion.Enum, once per unit; nil for any other type.
func (u *unit) enum(off dwarf.Offset) *layout.Enum {
	n := u.node(off)
	for range maxDepth {
		if n == nil || n.tag != dwarf.TagArrayType {
			break
		}
		n = u.node(n.typ)
	}
	if n == nil || n.tag != dwarf.TagEnumerationType || u.named(n.name) {
		return nil
	}
	if e, ok := u.enums[n]; ok {
		return e
	}
	e := &layout.Enum{Size: max(n.size, 0)}
	for _, k := range u.kids(n) {
		if k.tag == dwarf.TagEnumerator {
			e.Enumerators = append(e.Enumerators, layout.Enumerator{Name: u.name(k.name), Value: k.loc})
		}
	}
	if u.enums == nil {
		u.enums = make(map[*node]*layout.Enum)
	}
	u.enums[n] = e
	return e
}

// expandType sets in x what pahole -E prints of a member of type off: the
// typedefs the type (an array's element type) goes through, the type they
// resolve to, and the struct, union or unnamed enum it is
// (layout.Expansion).
func (u *unit) expandType(off dwarf.Offset, typ string, x *layout.Expansion) {
	// The element of an array, of an array of arrays (Go's); a const on
	// the way stops the typedefs, not the struct (pahole prints "const "
	// and goes on).
	elem, consts := off, false
	for range maxDepth {
		n := u.node(elem)
		if n != nil && n.tag == dwarf.TagArrayType {
			elem = u.arrayElem(n, u.dims(n))
		} else if n != nil && n.tag == dwarf.TagConstType {
			elem, consts = n.typ, true
		} else {
			break
		}
	}
	if consts {
		if n := u.node(elem); n != nil && u.named(n.name) && !n.decl {
			switch n.tag {
			case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
				x.Def = u.def(n)
			}
		}
		return
	}
	dims := ""
	if es, _ := u.declType(elem, false); elem != off && strings.HasPrefix(typ, strings.TrimRight(es, " ")) {
		dims = typ[len(strings.TrimRight(es, " ")):]
	}
	t, slow := elem, elem // slow follows at half speed: t meets it in a loop
	for i := range maxDepth {
		n := u.node(t)
		if n == nil || n.tag != dwarf.TagTypedef {
			break
		}
		if u.typedefNames++; u.typedefNames > maxTypedefNames {
			panic(input.Abort(errTypedefNames))
		}
		x.Typedefs = append(x.Typedefs, u.name(n.name))
		t = n.typ
		if i%2 == 1 {
			slow = u.node(slow).typ
		}
		if t == slow {
			panic(input.Abort(fmt.Errorf("typedef %s at %#x: a loop of typedefs", u.name(n.name), t)))
		}
	}
	if n := u.node(t); n != nil && n.tag == dwarf.TagTypedef {
		u.deep(t)
	}
	if len(x.Typedefs) > 0 {
		s, _ := u.declType(t, false)
		x.Resolved = strings.TrimRight(s, " ") + dims
	}
	n := u.node(t)
	if n != nil && n.tag == dwarf.TagArrayType && len(x.Typedefs) > 0 {
		n = u.node(u.arrayElem(n, u.dims(n))) // a typedef of an array
	}
	if n == nil || n.decl || !u.named(n.name) && len(x.Typedefs) == 0 {
		return
	}
	switch n.tag {
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		x.Def = u.def(n)
	case dwarf.TagEnumerationType:
		x.Enum = u.enum(t)
	}
}

// def converts the struct or union n for layout.Expansion.Def, once per
// unit.
func (u *unit) def(n *node) *layout.Struct {
	if s, ok := u.defined[n]; ok {
		if s == nil {
			panic(input.Abort(errContains))
		}
		return s
	}
	if !u.enter() {
		panic(input.Abort(errDepth))
	}
	defer u.leave()
	if u.defined == nil {
		u.defined = make(map[*node]*layout.Struct)
	}
	u.defined[n] = nil // being converted
	expansions := u.expansions
	u.expansions = 0 // its unnamed members count on their own
	s := u.convert(n)
	u.expansions = expansions
	if err := s.Validate(); err != nil {
		panic(input.Abort(err))
	}
	u.defined[n] = s
	return s
}

// bitField places a bit-field as pahole does: Size is the size of its
// storage unit (DW_AT_byte_size, else of its type), Offset the start of that
// unit at its natural alignment, and BitOffset the bit-field's own first bit
// counted from the outermost struct. DW_AT_bit_offset (DWARF 2-4) counts
// from the storage unit's most significant bit; it is converted to the
// numbering of DW_AT_data_bit_offset, which counts bits in the order of
// the target's bytes: on a little-endian target from the unit's least
// significant bit, on a big-endian one (s390x, ppc64, aarch64_be) from its
// most significant, as DW_AT_bit_offset does.
func (u *unit) bitField(k *kid, base int64, m *layout.Member) {
	m.BitSize = k.bitSize
	byteSize := k.byteSize
	if byteSize < 0 {
		byteSize = u.size(u.stripOff(k.typ))
	}
	var byteOff, bitfOff, bitOff int64
	if k.dataBit >= 0 {
		bitOff = k.dataBit
		byteOff = bitOff / 8
		bitfOff = bitOff - byteOff*8
	} else {
		byteOff = k.loc
		bitfOff = byteSize*8 - k.bitOff - k.bitSize
		if u.s.order == binary.BigEndian {
			bitfOff = k.bitOff
		}
		bitOff = byteOff*8 + bitfOff
	}
	m.BitOffset = base*8 + bitOff
	if byteSize <= 0 {
		m.Offset = base + byteOff
		m.Size = 0
		return
	}
	bits := byteSize * 8
	if bitfOff < 0 {
		bitfOff += bits
		byteOff -= byteSize
		bitOff = byteOff*8 + bitfOff
		m.BitOffset = base*8 + bitOff
	}
	bitfOff += byteOff % byteSize * 8
	byteOff = bitOff / bits * bits / 8
	if bitfOff >= bits {
		byteOff += byteSize
	}
	m.Offset = base + byteOff
	m.Size = byteSize
}

// errLoop is the panic of a struct that contains itself through unnamed
// members, errContains through a member expanded for pahole -E, errDepth of unnamed members nested past maxDepth, and
// errExpansion of a struct whose unnamed members, each printed inline,
// would expand past maxExpansions (unnamed types shared like a binary
// tree); inUnit recovers them (input.Abort) as errors.
var (
	errLoop      = errors.New("type loop through unnamed members")
	errContains  = errors.New("struct contains itself")
	errDepth     = &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("unnamed members nest more than %d deep", maxDepth)}
	errExpansion = &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("more than %d unnamed members inline", maxExpansions)}
)

// maxTypedefNames bounds the typedef names that the expansions of a
// unit's members hold, counted in u.typedefNames: each member names its
// whole chain of typedefs, so that 8,000 chained typedefs used by 8,000
// members would name 32 million. The 6.1 modules name a few thousand.
const maxTypedefNames = 1 << 20

var errTypedefNames = &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("-E: more than %d typedef names to print", maxTypedefNames)}

// maxExpansions bounds the unnamed members expanded for one named struct,
// counted in u.expansions; the kernel's largest have a few hundred.
const maxExpansions = 1 << 16

// nest enters the unnamed struct or union n of a member; unnest leaves it.
// Entering one already entered is a loop, which only corrupt DWARF has.
func (u *unit) nest(n *node) {
	if n.nested {
		panic(input.Abort(errLoop))
	}
	if !u.enter() {
		panic(input.Abort(errDepth))
	}
	if u.expansions++; u.expansions > maxExpansions {
		panic(input.Abort(errExpansion))
	}
	n.nested = true
}

func (u *unit) unnest(n *node) {
	n.nested = false
	u.leave()
}
