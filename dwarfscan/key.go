package dwarfscan

import (
	"debug/dwarf"
	"encoding/binary"
	"hash/maphash"
)

// Deduplicating layouts is most of the work on a vmlinux, where each of
// ~2,800 compile units repeats the structs of the headers it includes.
// Spelling every member type of every unit as pahole prints it, to compare
// the spellings, cost more than decoding the entries. A layout key is built
// instead from a fingerprint of each member's type: a 128-bit hash of
// exactly what its spelling depends on (tags, names, dimensions, the types
// it is made of), computed once per type entry.

// fingerprint identifies a type as its spelling in a member would.
type fingerprint [2]uint64

var fpSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func hashBytes(b []byte) fingerprint {
	return fingerprint{maphash.Bytes(fpSeeds[0], b), maphash.Bytes(fpSeeds[1], b)}
}

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
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType,
		dwarf.TagEnumerationType, dwarf.TagTypedef:
		// Spelled by name alone; an unnamed struct's members are keyed
		// where it is a member.
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
	name := u.f.s.name(ref)
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
// and each member's name, type fingerprint, place and size, with the
// members of unnamed struct and union members. Equal keys convert to equal
// layouts.
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
		if inner := u.innerOf(k.typ); inner != nil {
			u.nest(inner)
			b = append(b, '{')
			b = u.appendKey(b, inner)
			b = append(b, '}')
			u.unnest(inner)
		}
		b = append(b, ';')
	}
	return b
}

// innerOf returns the unnamed struct or union whose members pahole prints
// inline for a member of type off (through qualifiers and arrays), as
// declType does.
func (u *unit) innerOf(off dwarf.Offset) *node {
	for range maxDepth {
		n := u.node(off)
		if n == nil {
			return nil
		}
		switch n.tag {
		case dwarf.TagConstType, dwarf.TagAtomicType, dwarf.TagArrayType:
			off = n.typ
		case dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType:
			if !u.named(n.name) {
				return n
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}
