package dwarfscan

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

// node is the part of a type entry that layouts need. Nodes are kept per
// compile unit in a map keyed by entry offset. A node is decoded only when
// a layout reaches it, and its children (members, dimensions, parameters)
// only when a layout needs more than its name: a struct seen only through
// pointers costs one entry.
type node struct {
	tag  dwarf.Tag
	name nameRef
	typ  dwarf.Offset // 0 when there is none (void)
	// containing is the DW_AT_containing_type of a pointer to member: the
	// class whose member it points to.
	containing dwarf.Offset
	size       int64 // DW_AT_byte_size, -1 when absent
	align      int64 // DW_AT_alignment, 0 when absent
	encoding   int64
	decl       bool
	declFile   int64
	declLine   int64

	// Read by unit.kids: the offset of the first child (0 when there are
	// none), the kids and whether they have been read.
	kidsAt   uint64
	kidList  []kid
	kidsRead bool
	varargs  bool // a subroutine type with DW_TAG_unspecified_parameters
	nested   bool // an unnamed struct being expanded inline (see unit.nest)

	// Computed once: see unit.fingerprint, unit.size, unit.align and
	// unit.structAlign.
	fp                              fingerprint
	sz, nat                         int64
	ai                              alignInfo
	fpDone, szDone, natDone, aiDone bool
	ftype                           [2]string // spelled by unit.ftype, without and with pointer
	ftypeDone                       [2]bool
}

// kid is a member of a struct, a dimension of an array or a parameter of a
// subroutine type.
type kid struct {
	tag      dwarf.Tag
	name     nameRef
	typ      dwarf.Offset
	loc      int64 // DW_AT_data_member_location, 0 when absent; an enumerator's DW_AT_const_value
	dataBit  int64 // DW_AT_data_bit_offset, -1 when absent
	bitOff   int64 // DW_AT_bit_offset (DWARF 2-4), negative in packed structs; 0 when absent
	bitSize  int64
	byteSize int64 // DW_AT_byte_size of an old-style bit-field, -1 when absent
	align    int64
	count    int64 // entries of a dimension, 0 for a flexible array
	static   bool
	virtual  bool // a virtual base class
	// artificial is a member the compiler adds (DW_AT_artificial): a C++
	// vtable pointer.
	artificial bool
	access     int64 // DW_AT_accessibility, 0 when absent
	declFile   int64
	declLine   int64
}

// unit is one compile unit being decoded.
type unit struct {
	s     *sections
	units *unitList
	// expandTypes is File.ExpandTypes.
	expandTypes bool
	h           *unitHeader
	r           *entryReader
	readers     map[*unitHeader]*entryReader // for nodes and kids, by the unit they are in
	own         *entryReader                 // readers[h], the unit's own
	at          attrs                        // the attributes of the entry being read
	ws          *workspace
	defs        []dwarf.Offset // named struct, union and class definitions in order
	lang        int64
	addrSize    int64

	// The line table's file names, read only when a layout is converted.
	compDir    string
	stmtList   int64 // -1 when the unit has no line table
	files      *lineFiles
	fileHashes []uint64 // see appendFile

	names      map[dwarf.Offset]string
	decls      map[dwarf.Offset]decl
	defined    map[*node]*layout.Struct // see unit.def
	enums      map[*node]*layout.Enum   // see unit.enum
	depth      int
	expansions int // see nest
	// typedefNames counts the typedef names of expansions (expandType).
	typedefNames int

	err error // the first entry that could not be read while converting
}

// Languages (DW_AT_language) the reader tells apart.
const (
	langC89       = 0x1
	langC         = 0x2
	langCPlusPlus = 0x4
	langC99       = 0xc
	langGo        = 0x16
	langC11       = 0x1d
	langC17       = 0x2c
	// C++ past 98, as g++ and clang name the -std they compile.
	langCPlusPlus03 = 0x19
	langCPlusPlus11 = 0x1a
	langCPlusPlus14 = 0x21
)

// cplusplus reports whether the unit is C++, of any standard.
func (u *unit) cplusplus() bool {
	switch u.lang {
	case langCPlusPlus, langCPlusPlus03, langCPlusPlus11, langCPlusPlus14:
		return true
	}
	return false
}

// workspace is what decoding a unit needs that can be reused for the next
// one on the same goroutine. Nothing in it outlives its unit: layouts copy
// what they keep, and names point into the string section.
type workspace struct {
	// nodeAt holds the node of each entry offset read: noNode when it
	// is not a type.
	nodeAt  offTable[*node]
	nodes   chunks[node]
	kids    chunks[kid]
	abbrevs abbrevTable         // of the unit's own entries
	places  offTable[typePlace] // see unit.placeType
	steps   chunks[placeStep]   // of the abbreviations' place plans
	// placing holds the first entries whose places are being computed
	// (unit.placeType); its capacity bounds how many.
	placing []dwarf.Offset
	// scratchSteps is where a place plan is made.
	scratchSteps []placeStep
	// placeKeys hold the place keys being read (see unit.placeKey), the
	// first placeDepth of them.
	placeKeys  [][]byte
	placeDepth int
	// Per unit, kept for their memory: its definitions (unit.defs),
	// their place keys and which are to be given layout keys
	// (unit.claimPlaces), its files' hashes (unit.appendFile), the kids
	// being read (unit.readKids) and its line table's file names.
	defs       []dwarf.Offset
	defPlaces  []fingerprint
	claimed    []bool
	fileHashes []uint64
	scratch    []kid
	lineFiles  lineFiles // the unit's file names (unit.loadFiles)
	// layouts, typeKeys and placed are of unit.typeLayout,
	// unit.typeKey and unit.placeKeyAt.
	layouts  offTable[uint64]
	typeKeys offTable[uint64]
	placed   offTable[placed]
}

var noNode = new(node)

func newWorkspace() *workspace {
	return &workspace{placing: make([]dwarf.Offset, 0, 32)}
}

// reset makes ws ready for another unit.
func (ws *workspace) reset() {
	ws.nodeAt.reset()
	ws.nodes.reset()
	ws.kids.reset()
	ws.places.reset()
	ws.layouts.reset()
	ws.typeKeys.reset()
	ws.placed.reset()
	ws.steps.reset()
}

// offTable maps entry offsets to Vs by open addressing: a unit reaches a
// few thousand entries, whose table stays in cache where an array with a
// place for each byte of the unit would not. A slot's key is its offset
// and the generation of the table that put it there: those of earlier
// units count as empty.
type offTable[V any] struct {
	slots []offSlot[V] // a power of two long
	gen   uint64
	used  int
}

type offSlot[V any] struct {
	key uint64 // off<<genBits | gen; 0 for a slot never used
	v   V
}

const genBits = 32 // dwarf.Offset has the other 32

func (t *offTable[V]) reset() {
	t.used = 0
	if t.gen++; t.gen == 1<<genBits {
		clear(t.slots)
		t.gen = 1
	}
}

// index returns where key is in the table, or where it would go.
func (t *offTable[V]) index(key uint64) int {
	mask := len(t.slots) - 1
	i := int((key*0x9e3779b97f4a7c15)>>32) & mask
	for {
		k := t.slots[i].key
		if k == key || k&(1<<genBits-1) != t.gen {
			return i
		}
		i = (i + 1) & mask
	}
}

func (t *offTable[V]) get(off dwarf.Offset) (V, bool) {
	var zero V
	if len(t.slots) == 0 || t.gen == 0 {
		return zero, false
	}
	key := uint64(off)<<genBits | t.gen
	s := &t.slots[t.index(key)]
	if s.key != key {
		return zero, false
	}
	return s.v, true
}

func (t *offTable[V]) put(off dwarf.Offset, v V) {
	if t.gen == 0 { // a table never reset: no slot is in use
		t.gen = 1
	}
	if 2*(t.used+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]offSlot[V], max(1024, 2*len(old)))
		t.used = 0
		for _, s := range old {
			if s.key&(1<<genBits-1) == t.gen {
				t.slots[t.index(s.key)] = s
				t.used++
			}
		}
	}
	key := uint64(off)<<genBits | t.gen
	s := &t.slots[t.index(key)]
	if s.key != key {
		t.used++
	}
	*s = offSlot[V]{key: key, v: v}
}

// chunks hands out slices of Ts from chunks that are kept from one unit
// to the next: a vmlinux unit reaches tens of thousands of nodes and kids,
// and allocating each anew for each of 2,800 units was most of the
// collector's work.
type chunks[T any] struct {
	all  [][]T
	cur  int // the chunk in use
	used int // of it
}

const chunkSize = 4096

func (c *chunks[T]) reset() { c.cur, c.used = 0, 0 }

// take returns n elements, not zeroed.
func (c *chunks[T]) take(n int) []T {
	for {
		if c.cur < len(c.all) && c.used+n <= len(c.all[c.cur]) {
			s := c.all[c.cur][c.used : c.used+n : c.used+n]
			c.used += n
			return s
		}
		if c.cur < len(c.all) && c.used > 0 {
			c.cur, c.used = c.cur+1, 0
			continue
		}
		if c.cur == len(c.all) || len(c.all[c.cur]) < n {
			c.all = slices.Insert(c.all, c.cur, make([]T, max(chunkSize, n)))
		}
	}
}

func (ws *workspace) newNode() *node { return &ws.nodes.take(1)[0] }

// keep returns a copy of ks.
func (ws *workspace) keep(ks []kid) []kid {
	if len(ks) == 0 {
		return nil
	}
	s := ws.kids.take(len(ks))
	copy(s, ks)
	return s
}

// open reads the unit's top entry and leaves u.r at its first child;
// children reports whether there are any. A unit that is not a compile,
// partial or type unit (a skeleton of split DWARF) has none to read.
func (u *unit) open() (children bool, err error) {
	if err := readAbbrevs(u.s, u.h, &u.ws.abbrevs); err != nil {
		return false, err
	}
	u.r = newEntryReader(u.s, u.h, &u.ws.abbrevs)
	a, err := u.r.top(&u.at)
	if err != nil {
		return false, err
	}
	if a.tag != dwarf.TagCompileUnit && a.tag != dwarf.TagPartialUnit && a.tag != dwarf.TagTypeUnit {
		return false, nil
	}
	u.lang = u.at.language
	u.compDir = string(u.at.compDir)
	if u.at.has&hasStmtList != 0 {
		u.stmtList = u.at.stmtList
	} else if u.s.dwo && len(u.s.line) > 0 {
		u.stmtList = 0
	}
	return a.children, nil
}

// types reports the .dwo file that holds the types of a split DWARF
// skeleton unit, and whether the unit has any type entry among its
// children.
func (u *unit) types() (dwo string, typed bool, err error) {
	if err := readAbbrevs(u.s, u.h, &u.ws.abbrevs); err != nil {
		return "", false, err
	}
	r := newEntryReader(u.s, u.h, &u.ws.abbrevs)
	a, err := r.top(&u.at)
	if err != nil {
		return "", false, err
	}
	if a.tag == tagSkeletonUnit || len(u.at.dwoName) > 0 {
		return string(u.at.dwoName), false, nil
	}
	if a.tag == dwarf.TagTypeUnit || !a.children {
		return "", a.tag == dwarf.TagTypeUnit, nil
	}
	for {
		a, err := r.next()
		if a == nil || err != nil {
			return "", false, err
		}
		switch a.tag {
		case dwarf.TagBaseType, dwarf.TagPointerType, dwarf.TagStructType, dwarf.TagUnionType,
			dwarf.TagClassType, dwarf.TagTypedef, dwarf.TagArrayType, dwarf.TagEnumerationType,
			dwarf.TagConstType, dwarf.TagVolatileType, dwarf.TagSubroutineType, dwarf.TagNamespace:
			return "", true, nil
		}
		if err := u.skip(r, a); err != nil {
			return "", false, err
		}
	}
}

// read finds the unit's named struct, union and class definitions. Only
// their names are read here; nodes are decoded as layouts reach them.
func (u *unit) read() error {
	u.ws.reset()
	u.defs = u.ws.defs[:0]
	children, err := u.open()
	if err != nil || !children {
		return err
	}
	_, err = u.walk(nil)
	u.ws.defs = u.defs
	return err
}

// defines reports whether the unit has a definition of a struct, union or
// class named in want, reading no more than the names of its definitions.
func (u *unit) defines(want *wantNames) (bool, error) {
	children, err := u.open()
	if err != nil || !children {
		return false, err
	}
	return u.walk(want)
}

// walk reads the children of the entry just read from u.r, and, for want
// nil, records the named definitions of structs, unions and classes in
// u.defs; for want not nil, it stops at the first definition of a name in
// want. It enters namespaces and, where the language nests types in types
// (not C or Go), structs; it skips functions, whose local types pahole does
// not show either, and everything else, by DW_AT_sibling where it can.
func (u *unit) walk(want *wantNames) (bool, error) {
	r := u.r
	for {
		off := dwarf.Offset(r.off)
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
			if a.tag != dwarf.TagNamespace && name != 0 && !decl {
				if want == nil {
					u.defs = append(u.defs, off)
				} else if u.s.nameIn(name, want) {
					return true, nil
				}
			}
			if !a.children {
				continue
			}
			if a.tag == dwarf.TagNamespace || u.nests() {
				if found, err := u.walk(want); found || err != nil {
					return found, err
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

// nests reports whether the unit's language can define types inside
// types: C and Go cannot (gcc puts a struct declared inside another at
// the top level).
func (u *unit) nests() bool {
	switch u.lang {
	case langC89, langC, langC99, langC11, langC17, langGo:
		return false
	}
	return true
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
	files, err := readLineFiles(u.s, uint64(u.stmtList), u.compDir, &u.ws.lineFiles)
	if err != nil {
		return err
	}
	u.files = files
	return nil
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

func (ws *workspace) node(tag dwarf.Tag, at *attrs) *node {
	n := ws.newNode()
	*n = nodeOf(tag, at)
	return n
}

// nodeOf is the node of an entry of tag with attributes at.
func nodeOf(tag dwarf.Tag, at *attrs) node {
	n := node{
		tag:        tag,
		name:       at.name,
		typ:        at.typ,
		size:       -1,
		containing: at.containing,
		align:      at.align,
		encoding:   at.encoding,
		decl:       at.decl,
		declFile:   at.declFile,
		declLine:   at.declLine,
	}
	if at.has&hasByteSize != 0 {
		n.size = at.byteSize
	}
	return n
}

func newKid(tag dwarf.Tag, at *attrs) kid {
	k := kid{
		tag:      tag,
		name:     at.name,
		typ:      at.typ,
		loc:      at.memberLoc,
		dataBit:  -1,
		bitOff:   at.bitOff,
		bitSize:  at.bitSize,
		byteSize: -1,
		align:    at.align,
		count:    at.count,
		// C++ static data members (DWARF 4) are declarations.
		static:     tag == dwarf.TagVariable || tag == dwarf.TagMember && (at.external || at.decl),
		virtual:    tag == dwarf.TagInheritance && at.virtual,
		artificial: at.artificial,
		access:     at.access,
		declFile:   at.declFile,
		declLine:   at.declLine,
	}
	if tag == dwarf.TagEnumerator {
		k.loc = at.constVal
	}
	if at.has&hasDataBit != 0 {
		k.dataBit = at.dataBit
	}
	if at.has&hasByteSize != 0 {
		k.byteSize = at.byteSize
	}
	if tag == dwarf.TagSubrangeType {
		k.count = subrangeCount(at)
	}
	return k
}

// subrangeCount is the number of entries of the dimension at.
func subrangeCount(at *attrs) int64 {
	if at.has&hasCount != 0 {
		return at.count
	}
	// An upper bound of -1, in 64 bits or 32 (old gcc's zero-length
	// arrays; pahole keeps counts in 32 bits for them, and so cuts char
	// big[1UL << 40] to big[0]), counts 0.
	upper := int64(-1)
	if at.has&hasUpper != 0 {
		upper = at.upper
	}
	if upper == math.MaxUint32 || upper < 0 {
		return 0
	}
	return upper + 1
}

// defHead returns in head the node of the struct definition at off, as
// node would, without keeping it: of the unit's 280 definitions (in a
// vmlinux), a layout is made of few. It returns node's where that reports
// an error.
func (u *unit) defHead(off dwarf.Offset, head *node) *node {
	if _, ok := u.ws.nodeAt.get(off); ok || uint64(off) < u.h.first || uint64(off) >= u.h.end {
		return u.node(off)
	}
	r := u.readerAt(uint64(off))
	if r == nil {
		return u.node(off)
	}
	a, err := r.next()
	if err != nil || a == nil || !isType(a.tag) || r.attrs(a, &u.at) != nil {
		return u.node(off)
	}
	*head = nodeOf(a.tag, &u.at)
	if head.size < -1 || head.size > maxSize {
		return u.node(off)
	}
	if a.children && head.tag != dwarf.TagTypedef {
		head.kidsAt = r.off
	}
	return head
}

// name returns the name at ref as a string of its own.
// A name no language spells, which would reach a terminal as control
// (a newline, an escape), aborts the unit as corrupt.
func (u *unit) name(ref nameRef) string {
	s := string(u.s.name(ref))
	if bad := input.BadName(s); bad != "" {
		panic(input.Abort(fmt.Errorf("name %q holds %s", s, bad)))
	}
	return s
}

// named reports whether ref is a name that is not empty.
func (u *unit) named(ref nameRef) bool { return u.s.named(ref) }

// node returns the node at off, decoding it on first use. It returns nil
// for void (off 0) and for an offset that holds no type.
func (u *unit) node(off dwarf.Offset) *node {
	if off == 0 {
		return nil
	}
	if off == sigRef {
		return nil
	}
	if n, ok := u.ws.nodeAt.get(off); ok {
		if n == noNode {
			return nil
		}
		return n
	}
	u.ws.nodeAt.put(off, noNode) // a miss stays a miss
	r := u.readerAt(uint64(off))
	if r == nil {
		return nil
	}
	a, err := r.next() // its errors say where
	if err == nil && a != nil && isType(a.tag) {
		if err = r.attrs(a, &u.at); err != nil {
			err = fmt.Errorf("entry at %#x: %w", off, err)
		}
	}
	if err != nil && u.err == nil {
		u.err = err
	}
	if err != nil || a == nil || !isType(a.tag) {
		return nil
	}
	n := u.ws.node(a.tag, &u.at)
	if n.size < -1 || n.size > maxSize {
		if u.err == nil {
			u.err = sizeError(off, u.name(n.name), n.size)
		}
		n.size = 0
	}
	if a.children && n.tag != dwarf.TagTypedef {
		n.kidsAt = r.off
	}
	u.ws.nodeAt.put(off, n)
	return n
}

// kids returns the members, dimensions or parameters of n, reading them on
// first use. Other children (nested types, member functions) are skipped.
func (u *unit) kids(n *node) []kid {
	if !n.kidsRead && n.kidsAt != 0 {
		n.kidsRead = true
		var err error
		if n.kidList, err = u.readKids(n); err != nil && u.err == nil {
			u.err = fmt.Errorf("children of the entry before %#x: %w", n.kidsAt, err)
		}
	}
	return n.kidList
}

func (u *unit) readKids(n *node) ([]kid, error) {
	r := u.readerAt(n.kidsAt)
	if r == nil {
		return nil, errors.New("outside every unit")
	}
	u.ws.scratch = u.ws.scratch[:0]
	for {
		a, err := r.next()
		if err != nil {
			return u.ws.keep(u.ws.scratch), err
		}
		if a == nil {
			return u.ws.keep(u.ws.scratch), nil
		}
		switch a.tag {
		case dwarf.TagMember, dwarf.TagInheritance, dwarf.TagSubrangeType,
			dwarf.TagFormalParameter, dwarf.TagVariable, dwarf.TagEnumerator:
			if err := r.attrs(a, &u.at); err != nil {
				return u.ws.keep(u.ws.scratch), err
			}
			u.ws.scratch = append(u.ws.scratch, newKid(a.tag, &u.at))
			if a.children {
				err = r.skipChildren(u.at.sibling)
			}
		case dwarf.TagUnspecifiedParameters:
			n.varargs = true
			err = u.skip(r, a)
		default:
			err = u.skip(r, a)
		}
		if err != nil {
			return u.ws.keep(u.ws.scratch), err
		}
	}
}

// readerAt returns a reader positioned at off, in whichever unit holds
// it, nil when none does.
func (u *unit) readerAt(off uint64) *entryReader {
	h := u.h
	if off < h.first || off >= h.end {
		if h = u.units.containing(off); h == nil {
			return nil
		}
	} else if u.own != nil {
		u.own.off, u.own.err = off, nil
		return u.own
	}
	r := u.readers[h]
	if r == nil {
		if r = u.newReader(h); r == nil {
			return nil
		}
		if u.readers == nil {
			u.readers = make(map[*unitHeader]*entryReader)
		}
		u.readers[h] = r
		if h == u.h {
			u.own = r
		}
	}
	r.off, r.err = off, nil
	return r
}

// newReader returns a reader of unit h, nil when its abbreviations cannot
// be read.
func (u *unit) newReader(h *unitHeader) *entryReader {
	if h == u.h {
		r := newEntryReader(u.s, h, u.r.abbrs)
		r.strBase = u.r.strBase
		return r
	}
	abbrs := new(abbrevTable)
	if readAbbrevs(u.s, h, abbrs) != nil {
		return nil
	}
	r := newEntryReader(u.s, h, abbrs)
	// Only for the base of its strx strings: a top entry that cannot be
	// read is reported by the unit's own walk.
	var top attrs
	_, _ = r.top(&top)
	return r
}

// typePlace is what a place key holds of a type entry.
type typePlace struct {
	// hash is of what the type's fingerprint holds, with names by where
	// they are (see appendPlacedName).
	hash uint64
	// inner is the unnamed struct or union whose members pahole prints
	// inline for a member of this type (through const and arrays, as
	// declType goes), 0 for none.
	inner dwarf.Offset
	// lost is set where a loop or the depth bound hides part of the type
	// (through qualifiers and arrays), which then gives no place key.
	lost bool
	// fixed is set where hash, with the members of inner, holds all that
	// a member's layout takes from the type (typeLayout): a base type's,
	// an enum's or a pointer's size, an array's dimensions and element of
	// such a type, an unnamed struct's size.
	fixed bool
	tag   uint16 // of a struct, union or class, for typeLayout; 0 for others
}

// placed is a type's place key and whether it has one (unit.placeKeyAt).
type placed struct {
	fp fingerprint
	ok bool
}

// maxSize bounds the size of a type: more than any address space holds,
// and room for the arithmetic of offsets and lines.
const maxSize = 1 << 60

// sizeError is the error of the type name (maybe "") at off whose
// DW_AT_byte_size is negative as a signed number, or past maxSize.
func sizeError(off dwarf.Offset, name string, size int64) error {
	what := fmt.Sprintf("type %s at %#x", name, off)
	if name == "" {
		what = fmt.Sprintf("type at %#x", off)
	}
	if size < 0 {
		return fmt.Errorf("%s: size %d", what, uint64(size))
	}
	return &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("%s: %d bytes, past the limit of 2^60", what, size)}
}

// alignInfo is a struct's alignment as unit.structAlign finds it.
type alignInfo struct {
	align  int64
	packed bool
	// natural is pahole's natural alignment of the struct: its data
	// members' greatest, whether or not the struct is packed.
	natural int64
}

// decl is a type spelled as a declaration (unit.declType), with the
// unnamed struct or union whose members are printed inline.
type decl struct {
	typ   string
	inner *node
}
