package dwarfscan

import (
	"debug/dwarf"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
)

// Deduplicating layouts is most of the work on a vmlinux, where each of
// ~2,800 compile units repeats the structs of the headers it includes.
// Spelling every member type of every unit as pahole prints it, to compare
// the spellings, cost more than decoding the entries. A layout key is built
// instead from a fingerprint of each member's type: a 128-bit hash of
// exactly what its spelling depends on (tags, names, dimensions, the types
// it is made of), computed once per type entry.

// Fingerprints of what has no node.
var (
	fpVoid    = hashBytes([]byte("void"))
	fpSigRef  = hashBytes([]byte("type unit"))
	fpLoop    = hashBytes([]byte("loop"))
	fpMissing = hashBytes([]byte("missing"))
)

// fingerprint returns the fingerprint of type off.
func (u *unit) fingerprint(off dwarf.Offset) fingerprint {
	if off == 0 {
		return fpVoid
	}
	if off == sigRef {
		return fpSigRef
	}
	n := u.node(off)
	if n == nil {
		// pahole spells the offset itself ("<ERROR: 0x1234 not found>").
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], uint64(off))
		fp := hashBytes(b[:])
		return fingerprint{fp[0] ^ fpMissing[0], fp[1] ^ fpMissing[1]}
	}
	if n.fpDone {
		return n.fp
	}
	if !u.enter() {
		return fpLoop
	}
	defer u.leave()
	// Met again while being computed, n is part of a loop; marking it
	// first also keeps the work linear where a loop branches.
	n.fp, n.fpDone = fpLoop, true
	b := make([]byte, 0, 64)
	b = binary.AppendUvarint(b, uint64(n.tag))
	b = u.appendName(b, n.name)
	switch n.tag {
	case dwarf.TagBaseType:
		b = binary.AppendVarint(b, n.size)
		b = binary.AppendVarint(b, n.encoding)
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		// Spelled by name alone; pahole prints an unnamed one's members
		// inline, as a member and behind a pointer.
		if !u.named(n.name) {
			u.nest(n)
			b = u.appendKey(b, n)
			u.unnest(n)
		}
	case dwarf.TagEnumerationType:
		if !u.named(n.name) { // its enumerators are printed
			for _, k := range u.kids(n) {
				if k.tag == dwarf.TagEnumerator {
					b = u.appendName(b, k.name)
					b = binary.AppendVarint(b, k.loc)
				}
			}
		}
	case dwarf.TagTypedef:
	case dwarf.TagArrayType:
		for _, d := range u.dims(n) {
			b = binary.AppendVarint(b, d)
		}
		b = u.appendFP(b, n.typ)
	case dwarf.TagSubroutineType:
		b = u.appendFP(b, n.typ)
		for _, k := range u.kids(n) { // sets varargs
			if k.tag == dwarf.TagFormalParameter {
				b = u.appendFP(b, k.typ)
			}
		}
		if n.varargs {
			b = append(b, '.')
		}
	default: // pointers, references, qualifiers
		b = u.appendFP(b, n.typ)
	}
	n.fp, n.fpDone = hashBytes(b), true
	return n.fp
}

// appendName appends the name at ref. (Its offset would do only where
// the linker merged equal strings, which ld -r does not do for a kernel
// module's units.)
func (u *unit) appendName(b []byte, ref nameRef) []byte {
	name := u.s.name(ref)
	b = binary.AppendUvarint(b, uint64(len(name)))
	return append(b, name...)
}

func (u *unit) appendFP(b []byte, off dwarf.Offset) []byte {
	fp := u.fingerprint(off)
	b = binary.LittleEndian.AppendUint64(b, fp[0])
	return binary.LittleEndian.AppendUint64(b, fp[1])
}

// key appends to b what identifies the layout of the struct n: the unit's
// language (which spells some types), its kind, name, size and alignment,
// and each member's name, type fingerprint, place and size; the
// fingerprint of an unnamed struct or union holds its members' in turn.
// Equal keys convert to equal layouts.
func (u *unit) key(b []byte, n *node) []byte {
	b = binary.AppendVarint(b, u.lang)
	return u.appendKey(b, n)
}

func (u *unit) appendKey(b []byte, n *node) []byte {
	b = binary.AppendUvarint(b, uint64(n.tag))
	b = u.appendName(b, n.name)
	b = binary.AppendVarint(b, n.size)
	b = binary.AppendVarint(b, n.align)
	kids := u.kids(n)
	for i := range kids {
		k := &kids[i]
		if !isDataMember(k) {
			continue
		}
		b = binary.AppendUvarint(b, uint64(k.tag))
		b = u.appendName(b, k.name)
		b = u.appendFP(b, k.typ)
		for _, v := range [...]int64{k.loc, k.dataBit, k.bitOff, k.bitSize, k.byteSize, k.align, u.size(k.typ), u.align(k.typ)} {
			b = binary.AppendVarint(b, v)
		}
		b = append(b, ';')
	}
	return b
}

// A vmlinux defines each struct of its headers in every unit that includes
// them: 609,000 definitions of 7,465 layouts. Keying each by its members'
// sizes and alignments, which means laying out the structs its members
// are, cost most of a run. A definition's place key (placeKey) is read
// from its own entries: the struct's name, size and declaration, and each
// member's name, place, bit field and declaration, with its type's
// fingerprint and what the member's layout takes from its type
// (typeLayout): the size and alignment of a base type or pointer, and of
// a struct or union its own place key, computed once per unit rather than
// laid out. The members of an unnamed struct or union member are in the
// key inline; an unnamed enum, or an unnamed struct or union behind a
// pointer, is in its type's hash by its place key, as pahole prints its
// enumerators or members. Two definitions with the same place key are the
// same layout, printed the same. Only the first definition of each place key is given
// a layout key, to tell it from the other place keys' (one layout
// declared in two places is one layout).
//
// The types are what the declaration alone cannot leave out: in a 6.1
// vmlinux, fs/compat_binfmt_elf.c includes fs/binfmt_elf.c with siginfo_t
// defined as compat_siginfo_t, so struct elf_note_info has one member of
// another type at the same line, column and offset; and a type of one
// name can have another size or alignment in another unit (a union or
// typedef defined under other macros).

// placeKey returns the place key of the struct n, hashed, and reports
// whether it has one: a struct with no declaration (Go's have none) is
// keyed by its layout key alone.
func (u *unit) placeKey(n *node) (fingerprint, bool) {
	if n.declFile <= 0 || n.declLine <= 0 {
		return fingerprint{}, false
	}
	if err := u.loadFiles(); err != nil || u.files.empty(n.declFile) {
		return fingerprint{}, false
	}
	// A place key is read while another is: that of a member's type.
	depth := u.ws.placeDepth
	if depth == len(u.ws.placeKeys) {
		u.ws.placeKeys = append(u.ws.placeKeys, nil)
	}
	u.ws.placeDepth++
	defer func() { u.ws.placeDepth-- }()
	b := u.ws.placeKeys[depth][:0]
	b = binary.AppendVarint(b, u.lang)
	b = binary.AppendUvarint(b, uint64(n.tag))
	b = u.appendPlacedName(b, n.name)
	b = binary.AppendVarint(b, n.size)
	b = binary.AppendVarint(b, n.align)
	b = u.appendFile(b, n.declFile)
	b = binary.AppendVarint(b, n.declLine)
	b, ok := u.appendPlaced(b, n)
	u.ws.placeKeys[depth] = b
	if !ok {
		return fingerprint{}, false
	}
	return hashBytes(b), true
}

// appendPlaced appends what a place key holds of the children of n.
func (u *unit) appendPlaced(b []byte, n *node) ([]byte, bool) {
	if n.kidsAt == 0 {
		return b, true
	}
	shared := u.readerAt(n.kidsAt)
	if shared == nil {
		return b, false
	}
	r := new(entryReader) // shared is moved by the nodes that types reach
	*r = *shared
	for depth := 1; depth > 0; {
		a, err := r.next()
		if err != nil {
			return b, false
		}
		if a == nil {
			depth--
			b = append(b, ')')
			continue
		}
		b = binary.LittleEndian.AppendUint64(b, shapeOf(a))
		var ok bool
		member := a.tag == dwarf.TagMember || a.tag == dwarf.TagInheritance
		if plan := u.placePlanOf(a); plan != nil {
			b, ok = u.appendPlannedAttrs(b, r, plan, member)
		} else {
			b, ok = u.appendPlacedAttrs(b, r, a, member)
		}
		if !ok {
			return b, false
		}
		if a.children {
			depth++
			b = append(b, '(')
		}
	}
	return b, true
}

// appendPlacedAttrs appends what a place key holds of the attributes of
// an entry of abbreviation a, read from r; of a member's type, its layout
// too.
func (u *unit) appendPlacedAttrs(b []byte, r *entryReader, a *abbrev, member bool) ([]byte, bool) {
	ok := true
	for i := range a.fields {
		f := &a.fields[i]
		switch {
		case f.form == formIndirect:
			return b, false
		case f.attr == dwarf.AttrSibling:
			r.skipForm(f.form)
		case f.attr == dwarf.AttrType:
			if b, ok = u.appendTypePlace(b, r.ref(f.form), member); !ok {
				return b, false
			}
		case f.attr == dwarf.AttrContainingType:
			b = binary.LittleEndian.AppendUint64(b, u.placeType(r.ref(f.form)).hash)
		case f.attr == dwarf.AttrDeclFile:
			v, ok := r.constant(f.form, f.implicit)
			if !ok {
				return b, false
			}
			b = u.appendFile(b, v)
		case isStrx(f.form):
			// An index into the unit's own string offsets.
			b = u.appendPlacedName(b, r.nameRef(f.form))
		default:
			// The value as it is written: a string section's offset
			// stands for its string, as a constant's form (in the
			// shape) and bytes for its value. A reference other than a
			// type's is to an entry of this unit, which only makes two
			// keys where one would do.
			start := r.off
			r.skipForm(f.form)
			if r.err == nil {
				b = append(b, r.b[start:r.off]...)
			}
		}
	}
	return b, r.err == nil
}

// appendTypePlace appends what a place key holds of the type at off: its
// typePlace's hash, the members of the unnamed struct or union it is (as
// appendKey, so that one nested in itself, which only corrupt DWARF has,
// is an error), and of a member's type (member) what its layout takes
// from it (typeLayout).
func (u *unit) appendTypePlace(b []byte, off dwarf.Offset, member bool) ([]byte, bool) {
	p := u.placeType(off)
	b = binary.LittleEndian.AppendUint64(b, p.hash)
	if p.lost {
		return b, false
	}
	if member && !p.fixed {
		b = binary.LittleEndian.AppendUint64(b, u.typeLayout(off))
	}
	inner := u.node(p.inner)
	if inner == nil {
		return b, true
	}
	u.nest(inner)
	b = append(b, '{')
	b, ok := u.appendPlaced(b, inner)
	b = append(b, '}')
	u.unnest(inner)
	return b, ok
}

// placePlanOf returns the plan of a, computed on first use; nil when a
// has a form of no fixed size, a string index or a file that is not a
// constant of fixed size, which appendPlacedAttrs reads.
func (u *unit) placePlanOf(a *abbrev) *placePlan {
	if !a.planned {
		a.planned = true
		a.plan = placePlan{size: -1}
		if steps, ok := u.placeSteps(a); ok {
			a.plan = placePlan{size: a.fixed, steps: u.ws.steps.take(len(steps))}
			copy(a.plan.steps, steps)
		}
	}
	if a.plan.size < 0 {
		return nil
	}
	return &a.plan
}

// placeSteps returns the steps of a's plan, in scratch memory of u's.
func (u *unit) placeSteps(a *abbrev) ([]placeStep, bool) {
	if a.fixed < 0 {
		return nil, false
	}
	steps := u.ws.scratchSteps[:0]
	defer func() { u.ws.scratchSteps = steps[:0] }()
	at := 0
	for _, f := range a.fields {
		n := formSize(u.h, f.form)
		step := placeStep{at: at, n: n, form: f.form, implicit: f.implicit}
		at += n
		switch {
		case f.attr == dwarf.AttrSibling:
			continue
		case f.attr == dwarf.AttrType:
			step.kind = stepType
		case f.attr == dwarf.AttrContainingType:
			step.kind = stepContaining
		case f.attr == dwarf.AttrDeclFile:
			switch f.form {
			case formData1, formData2, formData4, formData8, formImplicitConst, formSecOffset, formFlag:
			default:
				return nil, false
			}
			step.kind = stepFile
		case isStrx(f.form):
			return nil, false
		default:
			if last := len(steps) - 1; last >= 0 && steps[last].kind == stepBytes && steps[last].at+steps[last].n == step.at {
				steps[last].n += n
				continue
			}
		}
		steps = append(steps, step)
	}
	return steps, true
}

// appendPlannedAttrs is appendPlacedAttrs by a's plan.
func (u *unit) appendPlannedAttrs(b []byte, r *entryReader, plan *placePlan, member bool) ([]byte, bool) {
	base := r.off
	end := base + uint64(plan.size)
	if end > uint64(len(r.b)) {
		return b, false
	}
	ok := true
	for i := range plan.steps {
		st := &plan.steps[i]
		r.off = base + uint64(st.at)
		switch st.kind {
		case stepBytes:
			b = append(b, r.b[r.off:r.off+uint64(st.n)]...)
		case stepType:
			if b, ok = u.appendTypePlace(b, r.ref(st.form), member); !ok {
				return b, false
			}
		case stepContaining:
			b = binary.LittleEndian.AppendUint64(b, u.placeType(r.ref(st.form)).hash)
		case stepFile:
			v, _ := r.constant(st.form, st.implicit)
			b = u.appendFile(b, v)
		}
	}
	r.off = end
	return b, r.err == nil
}

// placeType returns the typePlace of the type at off, computed once per
// entry. Most types are read from their entries without a node: a unit
// reaches about 1,400, of which a layout needs few.
func (u *unit) placeType(off dwarf.Offset) typePlace {
	if off == 0 || off == sigRef {
		return typePlace{hash: uint64(off)}
	}
	if p, ok := u.ws.places.get(off); ok {
		return p
	}
	// Met again while being computed, the entry is part of a loop. The
	// entries being computed are on a stack, and past its first few in
	// the table, with what a loop gives.
	inLoop := typePlace{hash: 3, lost: true}
	if slices.Contains(u.ws.placing, off) {
		return inLoop
	}
	if !u.enter() {
		return typePlace{hash: 2, lost: true}
	}
	defer u.leave()
	if len(u.ws.placing) < cap(u.ws.placing) {
		u.ws.placing = append(u.ws.placing, off)
		defer func() { u.ws.placing = u.ws.placing[:len(u.ws.placing)-1] }()
	} else {
		u.ws.places.put(off, inLoop)
	}
	p, ok := u.placeEntry(off)
	if !ok {
		p = u.placeNode(off, u.node(off))
	}
	u.ws.places.put(off, p)
	return p
}

// placeEntry reads the typePlace of a type entry of the unit's own from
// the entry and its children, without a node; false for an entry of
// another unit, or one the node would report as an error.
func (u *unit) placeEntry(off dwarf.Offset) (typePlace, bool) {
	if uint64(off) < u.h.first || uint64(off) >= u.h.end {
		return typePlace{}, false
	}
	r := u.readerAt(uint64(off))
	if r == nil {
		return typePlace{}, false
	}
	a, err := r.next()
	if err != nil || a == nil || !isType(a.tag) {
		return typePlace{}, false
	}
	var name nameRef
	var typ dwarf.Offset
	size, encoding, align := int64(-1), int64(0), int64(0)
	base := r.off
	for i := range a.fields {
		f := &a.fields[i]
		if a.fixed >= 0 {
			// Only the values read are gone to; r is put past them all
			// below.
			switch f.attr {
			case dwarf.AttrName, dwarf.AttrType, dwarf.AttrByteSize, dwarf.AttrEncoding, dwarf.AttrAlignment:
				r.off = base + uint64(f.at)
			default:
				continue
			}
		}
		switch {
		case f.form == formIndirect:
			return typePlace{}, false
		case f.attr == dwarf.AttrName:
			name = r.nameRef(f.form)
		case f.attr == dwarf.AttrType:
			typ = r.ref(f.form)
		case f.attr == dwarf.AttrByteSize:
			if v, ok := r.constant(f.form, f.implicit); ok {
				size = v
			}
		case f.attr == dwarf.AttrEncoding:
			encoding, _ = r.constant(f.form, f.implicit)
		case f.attr == dwarf.AttrAlignment:
			align, _ = r.constant(f.form, f.implicit)
		default:
			r.skipForm(f.form)
		}
	}
	if a.fixed >= 0 {
		r.off = base
		r.skip(uint64(a.fixed))
	}
	if r.err != nil || size < -1 || size > maxSize {
		return typePlace{}, false
	}
	p := typePlace{hash: mix(uint64(a.tag), u.placedName(name))}
	if align != 0 {
		p.hash = mix(p.hash, uint64(align))
	}
	switch a.tag {
	case dwarf.TagBaseType:
		p.hash = mix(mix(p.hash, uint64(size)), uint64(encoding))
		p.fixed = true
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		p.tag = uint16(a.tag)
		if !u.named(name) {
			p.hash = mix(p.hash, uint64(size))
			p.inner, p.fixed = off, true
		}
	case dwarf.TagEnumerationType:
		p.hash = mix(p.hash, uint64(size))
		if !u.named(name) { // its enumerators are printed
			p.hash = mix(p.hash, u.typeKey(off))
		}
		p.fixed = true
	case dwarf.TagTypedef:
		// Spelled by name alone; most name a base type or a pointer,
		// whose layout the hash can then hold (not an unnamed struct's,
		// whose members are not inline behind a typedef).
		if t := u.placeType(typ); t.fixed && t.inner == 0 {
			p.hash = mix(p.hash, t.hash)
			p.fixed = true
		}
	case dwarf.TagArrayType, dwarf.TagSubroutineType:
		return u.placeComposite(p, r, a, typ, size)
	default: // pointers, references, qualifiers
		t := u.placeType(typ)
		p.hash = mix(p.hash, t.hash)
		switch a.tag {
		case dwarf.TagPointerType, dwarf.TagReferenceType, dwarf.TagRvalueReferenceType:
			// Of the unit's address size where the entry gives none.
			p.hash = mix(p.hash, uint64(size))
			p.fixed = true
			if t.inner != 0 { // pahole prints its members inline
				p.hash = mix(p.hash, u.typeKey(t.inner))
			}
		case dwarf.TagConstType, dwarf.TagAtomicType:
			p.inner, p.lost, p.fixed = t.inner, t.lost, t.fixed
		case dwarf.TagVolatileType, dwarf.TagRestrictType:
			p.fixed = t.fixed && t.inner == 0
		}
	}
	return p, true
}

// placeComposite is placeEntry of an array or subroutine type of
// abbreviation a, p holding its tag and name, r at its children: the
// dimensions or parameters are read first, as the types they reach move
// r.
func (u *unit) placeComposite(p typePlace, r *entryReader, a *abbrev, typ dwarf.Offset, size int64) (typePlace, bool) {
	var params []dwarf.Offset
	varargs := false
	for a.children {
		k, err := r.next()
		if err != nil {
			return typePlace{}, false
		}
		if k == nil {
			break
		}
		if k.tag == dwarf.TagSubrangeType && a.tag == dwarf.TagArrayType ||
			k.tag == dwarf.TagFormalParameter && a.tag == dwarf.TagSubroutineType {
			if r.attrs(k, &u.at) != nil {
				return typePlace{}, false
			}
			if k.tag == dwarf.TagSubrangeType {
				p.hash = mix(p.hash, uint64(subrangeCount(&u.at)))
			} else {
				params = append(params, u.at.typ)
			}
			if k.children && r.skipChildren(u.at.sibling) != nil {
				return typePlace{}, false
			}
			continue
		}
		varargs = varargs || k.tag == dwarf.TagUnspecifiedParameters
		if u.skip(r, k) != nil {
			return typePlace{}, false
		}
	}
	t := u.placeType(typ)
	p.hash = mix(p.hash, t.hash)
	if a.tag == dwarf.TagArrayType {
		p.inner, p.lost, p.fixed = t.inner, t.lost, t.fixed
		return p, true
	}
	p.hash = mix(p.hash, uint64(size)) // Go's func values have one
	p.fixed = true
	for _, param := range params {
		p.hash = mix(p.hash, u.placeType(param).hash)
	}
	if varargs {
		p.hash = mix(p.hash, '.')
	}
	return p, true
}

// placeNode is the typePlace of n, the node at off: what placeEntry reads
// from an entry, for every type.
func (u *unit) placeNode(off dwarf.Offset, n *node) typePlace {
	if n == nil {
		return typePlace{hash: mix(uint64(off), 1)}
	}
	p := typePlace{hash: mix(uint64(n.tag), u.placedName(n.name))}
	switch n.tag {
	case dwarf.TagBaseType:
		p.hash = mix(mix(p.hash, uint64(n.size)), uint64(n.encoding))
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		// By name alone, as a fingerprint; an unnamed one's members are
		// in the key of the member.
		if !u.named(n.name) {
			p.inner = off
		}
	case dwarf.TagEnumerationType:
		if !u.named(n.name) { // its enumerators are printed
			p.hash = mix(p.hash, u.typeKey(off))
		}
	case dwarf.TagTypedef:
	case dwarf.TagArrayType:
		for _, k := range u.kids(n) {
			if k.tag == dwarf.TagSubrangeType {
				p.hash = mix(p.hash, uint64(k.count))
			}
		}
		t := u.placeType(n.typ)
		p.hash = mix(p.hash, t.hash)
		p.inner, p.lost = t.inner, t.lost
	case dwarf.TagSubroutineType:
		p.hash = mix(p.hash, u.placeType(n.typ).hash)
		for _, k := range u.kids(n) { // sets varargs
			if k.tag == dwarf.TagFormalParameter {
				p.hash = mix(p.hash, u.placeType(k.typ).hash)
			}
		}
		if n.varargs {
			p.hash = mix(p.hash, '.')
		}
	default: // pointers, references, qualifiers
		t := u.placeType(n.typ)
		p.hash = mix(p.hash, t.hash)
		switch n.tag {
		case dwarf.TagPointerType, dwarf.TagReferenceType, dwarf.TagRvalueReferenceType:
			if t.inner != 0 { // pahole prints its members inline
				p.hash = mix(p.hash, u.typeKey(t.inner))
			}
		case dwarf.TagConstType, dwarf.TagAtomicType:
			p.inner, p.lost = t.inner, t.lost
		}
	}
	return p
}

// typeLayout returns a hash of what the layout of a member of type off
// takes from the type: its size and alignment, and the tags it goes
// through (a struct member is an aggregate, an _Atomic one atomic). A
// struct, union or class is hashed by its typeKey rather than laid out,
// computed once per entry of the unit; in a loop, which only corrupt
// DWARF has, the type is hashed by its offset, which no other unit's has.
func (u *unit) typeLayout(off dwarf.Offset) uint64 {
	if off == 0 || off == sigRef {
		return uint64(off)
	}
	return u.memoized(&u.ws.layouts, off, 4, func(uint64) uint64 { return u.layoutOf(off) })
}

// memoized returns t's hash of the type at off, computing it with hash
// once per entry of the unit. Met again while it is computed (a loop,
// which only corrupt DWARF has), or past the depth bound, the type is
// hashed by its offset and kind; hash is given that hash.
func (u *unit) memoized(t *offTable[uint64], off dwarf.Offset, kind uint64, hash func(own uint64) uint64) uint64 {
	if h, ok := t.get(off); ok {
		return h
	}
	own := mix(uint64(off), kind)
	t.put(off, own)
	if !u.enter() {
		return own
	}
	defer u.leave()
	h := hash(own)
	t.put(off, h)
	return h
}

// layoutOf is typeLayout of the type at off, not memoized.
func (u *unit) layoutOf(off dwarf.Offset) uint64 {
	p := u.placeType(off)
	if p.fixed && p.inner == 0 {
		return p.hash
	}
	if p.tag != 0 { // its place key holds its alignment
		return mix(uint64(p.tag), u.typeKey(off))
	}
	var head node
	n := u.defHead(off, &head)
	if n == nil {
		return mix(uint64(off), 1)
	}
	h := mix(uint64(n.tag), uint64(n.align))
	switch n.tag {
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		return mix(h, u.typeKey(off))
	case dwarf.TagTypedef, dwarf.TagConstType, dwarf.TagVolatileType,
		dwarf.TagRestrictType, dwarf.TagAtomicType:
		return mix(h, u.typeLayout(n.typ))
	case dwarf.TagArrayType: // p.hash holds the dimensions
		return mix(mix(h, p.hash), u.typeLayout(n.typ))
	case dwarf.TagEnumerationType:
		return mix(h, uint64(n.size))
	default:
		return mix(mix(h, uint64(u.size(off))), uint64(u.align(off)))
	}
}

// typeKey returns a hash of the struct, union, class or enum type at off
// that only types of one layout and one spelling share: of its place key,
// or where it has none of its layout key. It is computed once per entry
// of the unit; in a loop, the type is hashed by its offset.
func (u *unit) typeKey(off dwarf.Offset) uint64 {
	return u.memoized(&u.ws.typeKeys, off, 5, func(own uint64) uint64 {
		if fp, ok := u.placeKeyAt(off); ok {
			return fp[0]
		}
		if n := u.node(off); n != nil {
			return hashBytes(u.key(nil, n))[0]
		}
		return own
	})
}

// placeKeyAt is placeKey of the type at off, computed once per entry of
// the unit: a struct's definition and the types of the members of others.
// (A struct that contains itself, which only corrupt DWARF has, meets
// itself again in typeLayout, which stops the loop.)
func (u *unit) placeKeyAt(off dwarf.Offset) (fingerprint, bool) {
	if p, ok := u.ws.placed.get(off); ok {
		return p.fp, p.ok
	}
	var head node
	n := u.defHead(off, &head)
	if n == nil {
		return fingerprint{}, false
	}
	fp, ok := u.placeKey(n)
	u.ws.placed.put(off, placed{fp, ok})
	return fp, ok
}

// placedName is the name at ref as appendPlacedName has it, in 64 bits.
func (u *unit) placedName(ref nameRef) uint64 {
	if ref&^refOff == inInfo {
		return maphash.Bytes(fpSeeds[0], u.s.name(ref))
	}
	return uint64(ref)
}

// mix combines h and v (the finalizer of MurmurHash3 over their sum
// with h rotated, so that the order of values counts).
func mix(h, v uint64) uint64 {
	h = bits.RotateLeft64(h, 23) ^ v
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// shapeOf returns a's shape, computing it on first use.
func shapeOf(a *abbrev) uint64 {
	if a.shape == 0 {
		b := binary.AppendUvarint(nil, uint64(a.tag))
		if a.children {
			b = append(b, 1)
		}
		for _, f := range a.fields {
			b = binary.AppendUvarint(b, uint64(f.attr))
			b = binary.AppendUvarint(b, uint64(f.form))
			if f.attr != dwarf.AttrDeclFile { // a unit's own file number
				b = binary.AppendVarint(b, f.implicit)
			}
		}
		a.shape = maphash.Bytes(fpSeeds[0], b) | 1
	}
	return a.shape
}

func isStrx(form uint16) bool {
	switch form {
	case formStrx, formStrx1, formStrx2, formStrx3, formStrx4, formGNUStrIndex:
		return true
	}
	return false
}

// appendPlacedName appends the name at ref for a place key: where it is
// in a string section, which is what it is there (the same name at two
// places only makes two keys where one would do), else its bytes.
func (u *unit) appendPlacedName(b []byte, ref nameRef) []byte {
	if ref&^refOff == inInfo {
		return u.appendName(append(b, 0), ref)
	}
	return binary.LittleEndian.AppendUint64(b, uint64(ref))
}

// appendFile appends what identifies the path of file i of the unit's
// line table (lineFiles.key), computed once per file.
func (u *unit) appendFile(b []byte, i int64) []byte {
	if u.files == nil || i < 0 || i >= int64(len(u.files.files)) {
		return append(b, 0)
	}
	if u.fileHashes == nil {
		u.fileHashes = slices.Grow(u.ws.fileHashes[:0], len(u.files.files))[:len(u.files.files)]
		clear(u.fileHashes)
		u.ws.fileHashes = u.fileHashes
	}
	fh := &u.fileHashes[i]
	if *fh == 0 {
		*fh = u.files.key(i)[0] | 1
	}
	return binary.LittleEndian.AppendUint64(b, *fh)
}
