// How the types that members have are measured and spelled: following
// typedefs and qualifiers, sizes, alignments, atomic widths and array
// dimensions, and the C declarations of members, pointers and function
// types as pahole prints them, including the spelling of type loops.

package dwarfscan

import (
	"debug/dwarf"
	"fmt"
	"strconv"
	"strings"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

// maxDepth bounds recursion through type references, which corrupt DWARF
// can make circular, and the nesting of unnamed members: valid C nests
// them as deep as a program likes (gcc and pahole take 1,500 levels), and
// each level costs a few frames of stack.
const maxDepth = 1 << 14

// isDataMember reports whether k takes space in its struct: a member that
// is not static or a C++ base class.
func isDataMember(k *kid) bool {
	return k.tag == dwarf.TagMember && !k.static || k.tag == dwarf.TagInheritance
}

func (u *unit) enter() bool {
	u.depth++
	return u.depth <= maxDepth
}

func (u *unit) leave() { u.depth-- }

// stripOff follows typedefs and qualifiers from off.
func (u *unit) stripOff(off dwarf.Offset) dwarf.Offset {
	for range maxDepth {
		n := u.node(off)
		if n == nil {
			return off
		}
		switch n.tag {
		case dwarf.TagTypedef, dwarf.TagConstType, dwarf.TagVolatileType,
			dwarf.TagRestrictType, dwarf.TagAtomicType:
			off = n.typ
		default:
			return off
		}
	}
	return off
}

func (u *unit) strip(off dwarf.Offset) *node { return u.node(u.stripOff(off)) }

// atomic is the width of one atomic access to a value of type off
// (layout.AtomicWidth), through typedefs, qualifiers and array elements; 0
// when the type is not atomic. _Atomic T is accessed whole.
func (u *unit) atomic(off dwarf.Offset) int64 {
	for range maxDepth {
		n := u.node(off)
		if n == nil {
			return 0
		}
		switch n.tag {
		case dwarf.TagAtomicType:
			return u.size(n.typ)
		case dwarf.TagStructType:
			if u.lang != langGo {
				return 0
			}
			return layout.AtomicWidth(string(u.s.name(n.name)), u.size(off), int64(u.addrSize))
		case dwarf.TagTypedef:
			if w := layout.AtomicWidth(string(u.s.name(n.name)), u.size(off), int64(u.addrSize)); w > 0 {
				return w
			}
		case dwarf.TagConstType, dwarf.TagVolatileType, dwarf.TagRestrictType, dwarf.TagArrayType:
		default:
			return 0
		}
		off = n.typ
	}
	return 0
}

// deep records, as the unit's error, that type off lies past maxDepth
// references from a member's type (typedefs of typedefs, a loop of them):
// its size and alignment are not known, and are not guessed.
func (u *unit) deep(off dwarf.Offset) {
	if u.err == nil {
		u.err = &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("type at %#x: more than %d types in a row, typedefs of typedefs or a loop of them", off, maxDepth)}
	}
}

// size is the size of type off as pahole computes it: an array's from its
// dimensions, a flexible array's 0.
func (u *unit) size(off dwarf.Offset) int64 {
	n := u.node(off)
	if n == nil {
		return 0
	}
	if n.szDone {
		return n.sz
	}
	if !u.enter() {
		u.deep(off)
		return 0
	}
	defer u.leave()
	var s int64
	switch n.tag {
	case dwarf.TagPointerType, dwarf.TagReferenceType, dwarf.TagRvalueReferenceType:
		s = u.addrSize
		if n.size >= 0 {
			s = n.size
		}
	case dwarf.TagPtrToMemberType:
		// DWARF gives no size; the Itanium C++ ABI's is an offset for a
		// data member, and a function pointer and an adjustment of this
		// for a member function (pahole 1.24 says 4 for either).
		s = u.addrSize
		if t := u.strip(n.typ); t != nil && t.tag == dwarf.TagSubroutineType {
			s = 2 * u.addrSize
		}
		if n.size >= 0 {
			s = n.size
		}
	case dwarf.TagTypedef, dwarf.TagConstType, dwarf.TagVolatileType,
		dwarf.TagRestrictType, dwarf.TagAtomicType:
		s = u.size(n.typ)
	case dwarf.TagArrayType:
		s = u.size(n.typ)
		for _, d := range u.dims(n) {
			if d != 0 && s > maxSize/d {
				if u.err == nil {
					u.err = &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("array type at %#x: %d elements of %d bytes: past the limit of 2^60 bytes", off, d, s)}
				}
				s, d = 0, 0
			}
			s *= d
		}
	default:
		// Go gives func types a byte size (8); C gives none.
		s = max(n.size, 0)
	}
	n.sz, n.szDone = s, true
	return s
}

// dims returns the entry counts of the dimensions of the array type n.
func (u *unit) dims(n *node) []int64 {
	var ds []int64
	for _, k := range u.kids(n) {
		if k.tag == dwarf.TagSubrangeType {
			ds = append(ds, k.count)
		}
	}
	return ds
}

// elemSize is the size of one element of the outermost dimension of the
// array type n.
func (u *unit) elemSize(n *node) int64 {
	s := u.size(n.typ)
	if ds := u.dims(n); len(ds) > 1 {
		for _, d := range ds[1:] {
			if d != 0 && s > maxSize/d {
				return 0 // size has said why
			}
			s *= d
		}
	}
	return s
}

// align is the natural alignment of type off: a base type's size up to 8
// (16 for long double and __int128), a complex type's half size, pointers
// the address size, arrays their element's, structs their members'
// greatest or DW_AT_alignment. DW_AT_alignment on any type overrides.
func (u *unit) align(off dwarf.Offset) int64 {
	n := u.node(off)
	if n == nil {
		return 1
	}
	if n.natDone {
		return n.nat
	}
	if !u.enter() {
		u.deep(off)
		return 1
	}
	defer u.leave()
	a := n.align
	switch {
	case a > 0:
	case n.tag == dwarf.TagBaseType:
		a = max(n.size, 1)
		if n.encoding == 0x3 { // DW_ATE_complex_float: two floats
			a = max(a/2, 1)
		}
		if a > 8 {
			a = 16
		}
	case n.tag == dwarf.TagPointerType, n.tag == dwarf.TagReferenceType,
		n.tag == dwarf.TagRvalueReferenceType,
		n.tag == dwarf.TagSubroutineType: // a Go func value is a pointer
		a = u.size(off)
	case n.tag == dwarf.TagPtrToMemberType:
		a = u.addrSize
	case n.tag == dwarf.TagEnumerationType:
		a = max(n.size, 1)
	case n.tag == dwarf.TagStructType, n.tag == dwarf.TagUnionType, n.tag == dwarf.TagClassType:
		a = u.structAlign(n).align
	case n.tag == dwarf.TagTypedef, n.tag == dwarf.TagConstType, n.tag == dwarf.TagVolatileType,
		n.tag == dwarf.TagRestrictType, n.tag == dwarf.TagAtomicType, n.tag == dwarf.TagArrayType:
		a = u.align(n.typ)
	}
	if a <= 0 || a&(a-1) != 0 {
		a = 1
	}
	n.nat, n.natDone = a, true
	return a
}

// structAlign computes a struct's alignment and infers packing as pahole
// does (class__infer_packed_attributes): a member off its natural
// alignment, or a size that is not a multiple of the greatest natural
// alignment, means __attribute__((packed)), and then the alignment is 1
// unless DW_AT_alignment gives one. In a struct without holes or padding
// (and without bit-fields, whose units this does not place) pahole takes
// a member's natural alignment as its type's own, not what packing makes
// it: tboot's packed tboot_mac_region array at offset 113 makes tboot
// packed, where a hole before it would not.
func (u *unit) structAlign(n *node) alignInfo {
	if n.aiDone {
		return n.ai
	}
	n.ai, n.aiDone = alignInfo{align: 1, natural: 1}, true // a struct cannot contain itself
	var maxA, maxNat int64 = 1, 1
	packed, offNatural := false, false
	var end int64
	tight := n.tag != dwarf.TagUnionType // no holes so far
	kids := u.kids(n)
	for i := range kids {
		k := &kids[i]
		if !isDataMember(k) {
			continue
		}
		a := max(u.align(k.typ), k.align)
		maxA = max(maxA, a)
		nat := max(u.naturalAlign(k.typ), k.align)
		maxNat = max(maxNat, nat)
		if k.bitSize == 0 && k.loc%a != 0 {
			packed = true
		}
		if k.bitSize != 0 || k.loc != end {
			tight = false
		}
		offNatural = offNatural || k.loc%nat != 0
		end = k.loc + u.size(k.typ)
	}
	if n.size > 0 && n.size%maxA != 0 {
		packed = true
	}
	if tight && end == n.size && (offNatural || n.size%maxNat != 0) {
		packed = true
	}
	// gcc gives a packed struct whose members all lie at their natural
	// alignment a DW_AT_alignment of 1 (gpt_entry); a greater one is
	// packed and aligned both, which pahole calls aligned
	// (pps_ktime_compat's 4).
	if n.align == 1 && maxNat > 1 {
		packed = true
	}
	ai := alignInfo{align: maxA, packed: packed, natural: maxNat}
	if packed {
		ai.align = 1
	}
	if n.align > 0 {
		ai.align = n.align
	}
	n.ai = ai
	return ai
}

// naturalAlign is the alignment of type off as pahole's
// tag__natural_alignment knows it: a struct's or union's is its members'
// greatest, packed or not; other types' as align.
func (u *unit) naturalAlign(off dwarf.Offset) int64 {
	n := u.node(off)
	for range maxDepth {
		if n == nil {
			return 1
		}
		switch n.tag {
		case dwarf.TagTypedef, dwarf.TagConstType, dwarf.TagVolatileType,
			dwarf.TagRestrictType, dwarf.TagAtomicType, dwarf.TagArrayType:
			if n.align > 0 {
				return u.align(off)
			}
			off = n.typ
			n = u.node(off)
		case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
			return u.structAlign(n).natural
		default:
			return u.align(off)
		}
	}
	return 1
}

// declType spells type off as pahole's type__fprintf prints a member of
// that type, without the member name; see members. For an unnamed struct or
// union it also returns the node whose members pahole prints inline.
// flexLast says that a zero-length array prints as "[]".
func (u *unit) declType(off dwarf.Offset, flexLast bool) (string, *node) {
	if flexLast {
		return u.spellDecl(off, true)
	}
	if d, ok := u.decls[off]; ok {
		return d.typ, d.inner
	}
	// A type met again while it is being spelled is a loop; marking it
	// first also keeps spelling linear where a loop branches (a function
	// type whose parameters point back at it).
	if u.decls == nil {
		u.decls = make(map[dwarf.Offset]decl)
	}
	u.decls[off] = decl{typ: typeLoop}
	s, inner := u.spellDecl(off, false)
	u.decls[off] = decl{s, inner}
	return s, inner
}

func (u *unit) spellDecl(off dwarf.Offset, flexLast bool) (string, *node) {
	n := u.node(off)
	if off == 0 {
		return "void", nil
	}
	if n == nil {
		return u.tagName(off), nil
	}
	if !u.enter() {
		return typeLoop, nil
	}
	defer u.leave()
	switch n.tag {
	case dwarf.TagPointerType:
		if p := u.node(n.typ); p != nil && p.tag == dwarf.TagSubroutineType {
			return u.ftype(p, true), nil
		}
	case dwarf.TagSubroutineType:
		return u.ftype(n, false), nil
	case dwarf.TagConstType, dwarf.TagAtomicType:
		mod := "const "
		if n.tag == dwarf.TagAtomicType {
			mod = "_Atomic "
		}
		if n.typ == 0 {
			return mod + u.tagName(off), nil
		}
		s, inner := u.declType(n.typ, flexLast)
		return mod + s, inner
	case dwarf.TagArrayType:
		ds := u.dims(n)
		elem := u.arrayElem(n, ds)
		dims := spellDims(ds, flexLast)
		// Go nests arrays ([4][2]int16 is 4 of [2]int16, where C has
		// one array of two dimensions): the outer dimension is written
		// first, as C writes it.
		for range maxDepth {
			e := u.node(elem)
			if e == nil || e.tag != dwarf.TagArrayType {
				break
			}
			eds := u.dims(e)
			dims += spellDims(eds, false)
			elem = u.arrayElem(e, eds)
		}
		s, inner := u.declType(elem, false)
		return s + dims, inner
	case dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType:
		kw := "struct"
		switch n.tag {
		case dwarf.TagClassType:
			kw = "class"
		case dwarf.TagUnionType:
			kw = "union"
		}
		if !u.named(n.name) {
			return kw, n
		}
		return kw + " " + u.name(n.name), nil
	case dwarf.TagEnumerationType:
		if !u.named(n.name) {
			return "enum", nil
		}
		return "enum " + u.name(n.name), nil
	}
	return u.tagName(off), nil
}

// arrayElem is the element type of the array n of dimensions ds as pahole
// prints it: it drops the const of a zero-length array's elements.
func (u *unit) arrayElem(n *node, ds []int64) dwarf.Offset {
	if e := u.node(n.typ); len(ds) > 0 && ds[0] == 0 && e != nil && e.tag == dwarf.TagConstType {
		return e.typ
	}
	return n.typ
}

// spellDims spells array dimensions; flexLast, see declType.
func spellDims(ds []int64, flexLast bool) string {
	var b strings.Builder
	for _, d := range ds {
		if d == 0 && flexLast {
			b.WriteString("[]")
		} else {
			b.WriteString("[" + strconv.FormatInt(d, 10) + "]")
		}
	}
	return b.String()
}

// typeLoop spells a type that contains itself other than through a named
// struct, which only corrupt DWARF has.
const typeLoop = "<ERROR: type loop>"

// tagName spells type off as pahole's tag__name does, where types appear in
// pointers and parameters; qualified types keep pahole's trailing space, so
// that a pointer to one prints "const char  *".
func (u *unit) tagName(off dwarf.Offset) string {
	if off == 0 {
		return "void"
	}
	if s, ok := u.names[off]; ok {
		return s
	}
	n := u.node(off)
	if off == sigRef {
		return "<ERROR: type unit reference>"
	}
	if n == nil {
		return fmt.Sprintf("<ERROR: %#x not found>", off)
	}
	if !u.enter() {
		return typeLoop
	}
	defer u.leave()
	if u.names == nil {
		u.names = make(map[dwarf.Offset]string)
	}
	u.names[off] = typeLoop // see declType
	var s string
	switch n.tag {
	case dwarf.TagBaseType:
		s = u.name(n.name)
		if s == "" {
			s = "nameless base type!"
		}
	case dwarf.TagPointerType:
		s = u.ptrName(n, "*")
	case dwarf.TagReferenceType:
		s = u.ptrName(n, "&")
	case dwarf.TagRvalueReferenceType:
		s = u.ptrName(n, "&&")
	case dwarf.TagPtrToMemberType:
		class := ""
		if c := u.node(n.containing); c != nil {
			class = u.name(c.name)
		}
		s = u.ptrName(n, class+"::*")
	case dwarf.TagConstType, dwarf.TagVolatileType, dwarf.TagRestrictType,
		dwarf.TagAtomicType, dwarf.TagUnspecifiedType:
		prefix, suffix := "", ""
		switch n.tag {
		case dwarf.TagConstType:
			prefix = "const "
		case dwarf.TagVolatileType:
			prefix = "volatile "
		case dwarf.TagAtomicType:
			prefix = "_Atomic "
		case dwarf.TagRestrictType:
			suffix = " restrict"
		}
		s = prefix + u.tagName(n.typ) + suffix + " "
	case dwarf.TagArrayType:
		s = u.tagName(n.typ)
	case dwarf.TagSubroutineType:
		s = u.ftype(n, false)
	case dwarf.TagStructType:
		if u.lang == langCPlusPlus {
			s = "class " + u.name(n.name)
		} else {
			s = "struct " + u.name(n.name)
		}
	case dwarf.TagClassType:
		s = "class " + u.name(n.name)
	case dwarf.TagUnionType:
		s = "union " + u.name(n.name)
	case dwarf.TagEnumerationType:
		s = "enum " + u.name(n.name)
	default:
		s = u.name(n.name)
	}
	u.names[off] = s
	return s
}

// ptrName is pahole's tag__ptr_name: the pointed-to type, a space and the
// suffix; a const pointer pointed to prints "T * const *".
func (u *unit) ptrName(n *node, suffix string) string {
	if n.typ == 0 {
		return "void " + suffix
	}
	t := n.typ
	constPtr := ""
	if c := u.node(t); c != nil && c.tag == dwarf.TagConstType {
		if p := u.node(c.typ); p != nil && p.tag == dwarf.TagPointerType {
			constPtr = "const "
			t = c.typ
		}
	}
	return u.tagName(t) + " " + constPtr + suffix
}

// ftype spells a subroutine type as pahole does with no name: "int (*)(void
// *, int)" for a pointer to one.
func (u *unit) ftype(n *node, pointer bool) string {
	p := 0
	if pointer {
		p = 1
	}
	if n.ftypeDone[p] {
		return n.ftype[p]
	}
	if !u.enter() {
		return typeLoop
	}
	defer u.leave()
	n.ftype[p], n.ftypeDone[p] = typeLoop, true // see declType
	n.ftype[p] = u.spellFunc(n, pointer)
	return n.ftype[p]
}

func (u *unit) spellFunc(n *node, pointer bool) string {
	var b strings.Builder
	b.WriteString(u.tagName(n.typ))
	if pointer {
		b.WriteString(" (*)(")
	} else {
		b.WriteString(" ()(")
	}
	first := true
	kids := u.kids(n)
	for i := range kids {
		k := &kids[i]
		if k.tag != dwarf.TagFormalParameter {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		t := u.node(k.typ)
		switch {
		case t != nil && t.tag == dwarf.TagPointerType:
			if p := u.node(t.typ); p != nil && p.tag == dwarf.TagSubroutineType {
				b.WriteString(u.ftype(p, true))
				continue
			}
		case t != nil && t.tag == dwarf.TagSubroutineType:
			b.WriteString("inline " + u.ftype(t, false))
			continue
		}
		b.WriteString(u.tagName(k.typ))
	}
	switch {
	case first:
		b.WriteString("void)")
	case n.varargs:
		b.WriteString(", ...)")
	default:
		b.WriteString(")")
	}
	return b.String()
}
