package dwarfscan

import (
	"debug/dwarf"
	"fmt"
	"slices"
)

// node is the part of a type entry that layouts need. Nodes are kept per
// compile unit in a map keyed by entry offset, so that each entry is decoded
// once and debug/dwarf's unbounded Type cache is never used.
type node struct {
	tag      dwarf.Tag
	name     string
	typ      dwarf.Offset // 0 when there is none (void)
	size     int64        // DW_AT_byte_size, -1 when absent
	align    int64        // DW_AT_alignment, 0 when absent
	encoding int64
	decl     bool
	varargs  bool // a subroutine type with DW_TAG_unspecified_parameters
	declFile int64
	declLine int64
	kids     []kid // members, array dimensions or parameters
}

// kid is a member of a struct, a dimension of an array or a parameter of a
// subroutine type.
type kid struct {
	tag      dwarf.Tag
	name     string
	typ      dwarf.Offset
	loc      int64 // DW_AT_data_member_location, 0 when absent
	dataBit  int64 // DW_AT_data_bit_offset, -1 when absent
	bitOff   int64 // DW_AT_bit_offset (DWARF 2-4), negative in packed structs; 0 when absent
	bitSize  int64
	byteSize int64 // DW_AT_byte_size of an old-style bit-field, -1 when absent
	align    int64
	count    int64 // entries of a dimension, 0 for a flexible array
	static   bool
	declFile int64
	declLine int64
}

// unit is one compile unit being decoded.
type unit struct {
	f        *File
	h        *unitHeader
	r        *entryReader
	aux      map[*unitHeader]*entryReader // readers of entries outside the unit's own walk
	at       attrs                        // the attributes of the entry being read
	nodes    map[dwarf.Offset]*node
	defs     []dwarf.Offset // named struct, union and class definitions in order
	lang     int64
	addrSize int64

	// The line table's file names, read only when a layout is converted.
	compDir  string
	stmtList int64 // -1 when the unit has no line table
	files    []string

	names   map[dwarf.Offset]string
	decls   map[dwarf.Offset]decl
	sizes   map[dwarf.Offset]int64
	natural map[dwarf.Offset]int64 // alignments
	aligns  map[dwarf.Offset]alignInfo
	depth   int

	scratch []kid
	inAux   bool // reading entries of another unit: they are not this unit's definitions
}

const (
	langCPlusPlus = 0x4
	langGo        = 0x16
)

// newUnit prepares to decode the unit h of f.
func newUnit(f *File, h *unitHeader) *unit {
	return &unit{f: f, h: h, addrSize: int64(h.addrSize), stmtList: -1}
}

// open reads the unit's top entry and leaves u.r at its first child;
// children reports whether there are any. A unit that is not a compile or
// partial unit (a skeleton of split DWARF) has none to read.
func (u *unit) open() (children bool, err error) {
	abbrs, err := readAbbrevs(u.f.s, u.h)
	if err != nil {
		return false, err
	}
	u.r = newEntryReader(u.f.s, u.h, abbrs)
	a, err := u.r.next()
	if err != nil {
		return false, err
	}
	if a == nil {
		return false, fmt.Errorf("no compile unit at %#x", u.h.first)
	}
	if a.tag != dwarf.TagCompileUnit && a.tag != dwarf.TagPartialUnit {
		return false, nil
	}
	// DW_AT_str_offsets_base can follow the strx strings it is the base
	// of: the entry is read again once it is known.
	if err := u.r.attrs(a, &u.at); err != nil {
		return false, err
	}
	if u.at.has&hasStrBase != 0 {
		u.r.strBase = uint64(u.at.strBase)
		u.r.off = u.h.first
		u.r.uleb()
		if err := u.r.attrs(a, &u.at); err != nil {
			return false, err
		}
	}
	u.lang = u.at.language
	u.compDir = string(u.at.compDir)
	if u.at.has&hasStmtList != 0 {
		u.stmtList = u.at.stmtList
	}
	return a.children, nil
}

// read decodes the unit's type entries, of which C gives about one per 20
// to 50 bytes.
func (u *unit) read() error {
	u.nodes = make(map[dwarf.Offset]*node, (u.h.end-u.h.first)/32)
	u.names = make(map[dwarf.Offset]string)
	u.decls = make(map[dwarf.Offset]decl)
	u.sizes = make(map[dwarf.Offset]int64)
	u.natural = make(map[dwarf.Offset]int64)
	u.aligns = make(map[dwarf.Offset]alignInfo)
	children, err := u.open()
	if err != nil || !children {
		return err
	}
	return u.children(u.r, nil)
}

// defines reports whether the unit has a definition of a struct, union or
// class named in want. It reads only the names of the unit's top entries
// (and, in C++, of nested ones), skipping everything else, so that a
// search by name costs a fraction of decoding.
func (u *unit) defines(want map[string]bool) (bool, error) {
	children, err := u.open()
	if err != nil || !children {
		return false, err
	}
	return u.findDef(want)
}

func (u *unit) findDef(want map[string]bool) (bool, error) {
	r := u.r
	for {
		a, err := r.next()
		if err != nil {
			return false, err
		}
		if a == nil {
			return false, nil
		}
		switch a.tag {
		case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType, dwarf.TagNamespace:
			name, decl, sibling, err := r.header(a)
			if err != nil {
				return false, err
			}
			if a.tag != dwarf.TagNamespace && !decl && want[string(name)] {
				return true, nil
			}
			if !a.children {
				continue
			}
			if a.tag == dwarf.TagNamespace || u.lang == langCPlusPlus {
				if ok, err := u.findDef(want); ok || err != nil {
					return ok, err
				}
				continue
			}
			if err := r.skipChildren(sibling); err != nil {
				return false, err
			}
		default:
			if err := u.skip(r, a); err != nil {
				return false, err
			}
		}
	}
}

// skip steps over an entry whose abbreviation has been read, with its
// children.
func (u *unit) skip(r *entryReader, a *abbrev) error {
	if !a.children {
		return r.skipAttrs(a)
	}
	sib, err := r.sibling(a)
	if err != nil {
		return err
	}
	return r.skipChildren(sib)
}

// loadFiles reads the file names of the unit's line table.
func (u *unit) loadFiles() error {
	if u.files != nil || u.stmtList < 0 {
		return nil
	}
	files, err := lineFiles(u.f.s, uint64(u.stmtList), u.compDir)
	if err != nil {
		return err
	}
	u.files = files
	return nil
}

// children reads the children of the entry just read from r up to their
// terminating null entry. Type entries become nodes; those of parent, when
// it is a type, become its kids. Functions are skipped whole: pahole does
// not show types local to them either.
//
// Kids collect on the unit's scratch stack (nested types push above their
// parent's) and are copied out at the exact length.
func (u *unit) children(r *entryReader, parent *node) error {
	start := len(u.scratch)
	defer func() {
		if parent != nil && len(u.scratch) > start {
			parent.kids = slices.Clone(u.scratch[start:])
		}
		u.scratch = u.scratch[:start]
	}()
	for {
		off := dwarf.Offset(r.off)
		a, err := r.next()
		if err != nil {
			return err
		}
		if a == nil {
			return nil
		}
		switch a.tag {
		case dwarf.TagMember, dwarf.TagInheritance, dwarf.TagSubrangeType,
			dwarf.TagFormalParameter, dwarf.TagVariable:
			if parent == nil {
				err = u.skip(r, a)
				break
			}
			if err = r.attrs(a, &u.at); err != nil {
				return err
			}
			u.scratch = append(u.scratch, newKid(a.tag, &u.at))
			if a.children {
				err = r.skipChildren(u.at.sibling)
			}
		case dwarf.TagUnspecifiedParameters:
			if parent != nil {
				parent.varargs = true
			}
			err = u.skip(r, a)
		case dwarf.TagNamespace:
			if err = r.skipAttrs(a); err == nil && a.children {
				err = u.children(r, nil)
			}
		default:
			if !isType(a.tag) {
				err = u.skip(r, a)
				break
			}
			err = u.typeEntry(r, off, a)
		}
		if err != nil {
			return err
		}
	}
}

func isType(t dwarf.Tag) bool {
	switch t {
	case dwarf.TagBaseType, dwarf.TagPointerType, dwarf.TagReferenceType,
		dwarf.TagRvalueReferenceType, dwarf.TagConstType, dwarf.TagVolatileType,
		dwarf.TagRestrictType, dwarf.TagAtomicType, dwarf.TagTypedef,
		dwarf.TagArrayType, dwarf.TagStructType, dwarf.TagUnionType,
		dwarf.TagClassType, dwarf.TagEnumerationType, dwarf.TagSubroutineType,
		dwarf.TagUnspecifiedType, dwarf.TagPtrToMemberType:
		return true
	}
	return false
}

// typeEntry records the type entry at off, whose abbreviation a has just
// been read from r, with its children.
func (u *unit) typeEntry(r *entryReader, off dwarf.Offset, a *abbrev) error {
	if err := r.attrs(a, &u.at); err != nil {
		return err
	}
	n := newNode(a.tag, &u.at)
	u.nodes[off] = n
	switch n.tag {
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		if n.name != "" && !n.decl && !u.inAux {
			u.defs = append(u.defs, off)
		}
	}
	if !a.children {
		return nil
	}
	if n.tag == dwarf.TagEnumerationType {
		return r.skipChildren(u.at.sibling)
	}
	return u.children(r, n)
}

func newNode(tag dwarf.Tag, at *attrs) *node {
	n := &node{
		tag:      tag,
		name:     text(at.name, at.shared),
		typ:      at.typ,
		size:     -1,
		align:    at.align,
		encoding: at.encoding,
		decl:     at.decl,
		declFile: at.declFile,
		declLine: at.declLine,
	}
	if at.has&hasByteSize != 0 {
		n.size = at.byteSize
	}
	return n
}

func newKid(tag dwarf.Tag, at *attrs) kid {
	k := kid{
		tag:      tag,
		name:     text(at.name, at.shared),
		typ:      at.typ,
		loc:      at.memberLoc,
		dataBit:  -1,
		bitOff:   at.bitOff,
		bitSize:  at.bitSize,
		byteSize: -1,
		align:    at.align,
		count:    at.count,
		// C++ static data members (DWARF 4) are declarations.
		static:   tag == dwarf.TagVariable || tag == dwarf.TagMember && (at.external || at.decl),
		declFile: at.declFile,
		declLine: at.declLine,
	}
	if at.has&hasDataBit != 0 {
		k.dataBit = at.dataBit
	}
	if at.has&hasByteSize != 0 {
		k.byteSize = at.byteSize
	}
	if tag == dwarf.TagSubrangeType && at.has&hasCount == 0 {
		// pahole keeps the entry count in 32 bits, so that an upper bound
		// of -1 in any width (gcc's zero-length arrays) counts 0.
		upper := int64(-1)
		if at.has&hasUpper != 0 {
			upper = at.upper
		}
		k.count = int64(uint32(upper + 1))
	}
	return k
}

// sigRef stands for a reference into a type unit (DW_FORM_ref_sig8,
// -fdebug-types-section), which debug/dwarf does not resolve for readers;
// such types are spelled as an error, like pahole's "not found", rather
// than as void.
const sigRef = ^dwarf.Offset(0)

// node returns the node at off, reading it when it lies outside the unit's
// walk (in another unit, or local to a function). It returns nil for void
// (off 0) and for an offset that holds no type.
func (u *unit) node(off dwarf.Offset) *node {
	if off == 0 {
		return nil
	}
	if n, ok := u.nodes[off]; ok || off == sigRef {
		return n
	}
	u.nodes[off] = nil // a miss stays a miss, and a loop ends here
	r := u.readerAt(uint64(off))
	if r == nil {
		return nil
	}
	a, err := r.next()
	if err != nil || a == nil || !isType(a.tag) || r.attrs(a, &u.at) != nil {
		return nil
	}
	n := newNode(a.tag, &u.at)
	u.nodes[off] = n
	if a.children && n.tag != dwarf.TagEnumerationType {
		u.inAux = true
		if err := u.children(r, n); err != nil {
			n.kids = nil
		}
		u.inAux = false
	}
	return n
}

// readerAt returns a reader positioned at off, in whichever unit holds
// it, nil when none does.
func (u *unit) readerAt(off uint64) *entryReader {
	h := u.f.units.containing(off)
	if h == nil {
		return nil
	}
	r := u.aux[h]
	if r == nil {
		abbrs, err := readAbbrevs(u.f.s, h)
		if err != nil {
			return nil
		}
		r = newEntryReader(u.f.s, h, abbrs)
		// The unit's top entry may set the base of its strx strings.
		var top attrs
		if a, err := r.next(); err == nil && a != nil && r.attrs(a, &top) == nil && top.has&hasStrBase != 0 {
			r.strBase = uint64(top.strBase)
		}
		if u.aux == nil {
			u.aux = make(map[*unitHeader]*entryReader)
		}
		u.aux[h] = r
	}
	r.off, r.err = off, nil
	return r
}
