package dwarfscan

import (
	"debug/dwarf"
	"errors"
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
	d        *dwarf.Data
	r        *dwarf.Reader
	aux      *dwarf.Reader // for entries outside the unit (DW_FORM_ref_addr)
	nodes    map[dwarf.Offset]*node
	defs     []dwarf.Offset // named struct, union and class definitions in order
	lang     int64
	addrSize int64
	files    []*dwarf.LineFile

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

// newUnit prepares to decode a unit of about size bytes of entries, of
// which C gives about one type node per 20 to 50 bytes.
func newUnit(d *dwarf.Data, size int) *unit {
	return &unit{
		d:       d,
		r:       d.Reader(),
		nodes:   make(map[dwarf.Offset]*node, size/32),
		names:   make(map[dwarf.Offset]string),
		decls:   make(map[dwarf.Offset]decl),
		sizes:   make(map[dwarf.Offset]int64),
		natural: make(map[dwarf.Offset]int64),
		aligns:  make(map[dwarf.Offset]alignInfo),
	}
}

// read decodes the type entries of the compile unit whose top entry is at
// off.
func (u *unit) read(off dwarf.Offset) error {
	u.r.Seek(off)
	e, err := u.r.Next()
	if err != nil {
		return err
	}
	if e == nil {
		return fmt.Errorf("no compile unit at %#x", off)
	}
	u.addrSize = int64(u.r.AddressSize())
	if l, ok := e.Val(dwarf.AttrLanguage).(int64); ok {
		u.lang = l
	}
	lr, err := u.d.LineReader(e)
	if err != nil {
		return err
	}
	if lr != nil {
		u.files = lr.Files()
	}
	if !e.Children {
		return nil
	}
	return u.children(u.r, nil)
}

// children reads the children of the entry just read from r up to their
// terminating null entry. Type entries become nodes; those of parent, when
// it is a type, become its kids. Functions are skipped whole: pahole does
// not show types local to them either.
//
// Kids collect on the unit's scratch stack (nested types push above their
// parent's) and are copied out at the exact length.
func (u *unit) children(r *dwarf.Reader, parent *node) error {
	start := len(u.scratch)
	defer func() {
		if parent != nil && len(u.scratch) > start {
			parent.kids = slices.Clone(u.scratch[start:])
		}
		u.scratch = u.scratch[:start]
	}()
	for {
		e, err := r.Next()
		if err != nil {
			return err
		}
		if e == nil {
			return errors.New("unexpected end of entries")
		}
		if e.Tag == 0 {
			return nil
		}
		switch e.Tag {
		case dwarf.TagMember, dwarf.TagInheritance, dwarf.TagSubrangeType,
			dwarf.TagFormalParameter, dwarf.TagVariable:
			if parent != nil {
				u.scratch = append(u.scratch, newKid(e))
			}
			if e.Children {
				r.SkipChildren()
			}
		case dwarf.TagUnspecifiedParameters:
			if parent != nil {
				parent.varargs = true
			}
			if e.Children {
				r.SkipChildren()
			}
		case dwarf.TagNamespace:
			if e.Children {
				if err := u.children(r, nil); err != nil {
					return err
				}
			}
		default:
			if !isType(e.Tag) {
				if e.Children {
					r.SkipChildren()
				}
				continue
			}
			if err := u.typeEntry(r, e); err != nil {
				return err
			}
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

// typeEntry records the type entry e just read from r, with its children.
func (u *unit) typeEntry(r *dwarf.Reader, e *dwarf.Entry) error {
	n := newNode(e)
	u.nodes[e.Offset] = n
	switch n.tag {
	case dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagClassType:
		if n.name != "" && !n.decl && !u.inAux {
			u.defs = append(u.defs, e.Offset)
		}
	}
	if !e.Children {
		return nil
	}
	if n.tag == dwarf.TagEnumerationType {
		r.SkipChildren()
		return nil
	}
	return u.children(r, n)
}

func newNode(e *dwarf.Entry) *node {
	n := &node{tag: e.Tag, size: -1}
	for _, f := range e.Field {
		switch f.Attr {
		case dwarf.AttrName:
			n.name, _ = f.Val.(string)
		case dwarf.AttrType:
			n.typ = typeRef(f)
		case dwarf.AttrByteSize:
			if v, ok := f.Val.(int64); ok {
				n.size = v
			}
		case dwarf.AttrAlignment:
			n.align, _ = f.Val.(int64)
		case dwarf.AttrEncoding:
			n.encoding, _ = f.Val.(int64)
		case dwarf.AttrDeclaration:
			n.decl, _ = f.Val.(bool)
		case dwarf.AttrDeclFile:
			n.declFile, _ = f.Val.(int64)
		case dwarf.AttrDeclLine:
			n.declLine, _ = f.Val.(int64)
		}
	}
	return n
}

func newKid(e *dwarf.Entry) kid {
	k := kid{tag: e.Tag, dataBit: -1, byteSize: -1, static: e.Tag == dwarf.TagVariable}
	var upper int64 = -1
	hasCount := false
	for _, f := range e.Field {
		switch f.Attr {
		case dwarf.AttrName:
			k.name, _ = f.Val.(string)
		case dwarf.AttrType:
			k.typ = typeRef(f)
		case dwarf.AttrDataMemberLoc:
			k.loc = memberLocation(f.Val)
		case dwarf.AttrDataBitOffset:
			if v, ok := f.Val.(int64); ok {
				k.dataBit = v
			}
		case dwarf.AttrBitOffset:
			k.bitOff, _ = f.Val.(int64)
		case dwarf.AttrBitSize:
			k.bitSize, _ = f.Val.(int64)
		case dwarf.AttrByteSize:
			if v, ok := f.Val.(int64); ok {
				k.byteSize = v
			}
		case dwarf.AttrAlignment:
			k.align, _ = f.Val.(int64)
		case dwarf.AttrExternal, dwarf.AttrDeclaration:
			// C++ static data members (DWARF 4) are declarations.
			if v, _ := f.Val.(bool); v && e.Tag == dwarf.TagMember {
				k.static = true
			}
		case dwarf.AttrCount:
			if v, ok := f.Val.(int64); ok {
				k.count, hasCount = v, true
			}
		case dwarf.AttrUpperBound:
			if v, ok := f.Val.(int64); ok {
				upper = v
			}
		case dwarf.AttrDeclFile:
			k.declFile, _ = f.Val.(int64)
		case dwarf.AttrDeclLine:
			k.declLine, _ = f.Val.(int64)
		}
	}
	if e.Tag == dwarf.TagSubrangeType && !hasCount {
		// pahole keeps the entry count in 32 bits, so that an upper bound
		// of -1 in any width (gcc's zero-length arrays) counts 0.
		k.count = int64(uint32(upper + 1))
	}
	return k
}

// sigRef stands for a reference into a type unit (DW_FORM_ref_sig8,
// -fdebug-types-section), which debug/dwarf does not resolve for readers;
// such types are spelled as an error, like pahole's "not found", rather
// than as void.
const sigRef = ^dwarf.Offset(0)

func typeRef(f dwarf.Field) dwarf.Offset {
	if f.Class == dwarf.ClassReferenceSig {
		return sigRef
	}
	off, _ := f.Val.(dwarf.Offset)
	return off
}

// memberLocation reads DW_AT_data_member_location, a constant or, before
// DWARF 4, a location expression DW_OP_plus_uconst N.
func memberLocation(v any) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case []byte:
		if len(v) > 1 && (v[0] == 0x23 || v[0] == 0x10) { // DW_OP_plus_uconst, DW_OP_constu
			var x uint64
			for i, c := range v[1:] {
				x |= uint64(c&0x7f) << (7 * uint(i))
				if c&0x80 == 0 || i == 9 {
					break
				}
			}
			return int64(x)
		}
	}
	return 0
}

// node returns the node at off, reading it when it lies outside the unit.
// It returns nil for void (off 0) and for an offset that holds no type.
func (u *unit) node(off dwarf.Offset) *node {
	if off == 0 {
		return nil
	}
	if n, ok := u.nodes[off]; ok || off == sigRef {
		return n
	}
	u.nodes[off] = nil // a miss stays a miss, and a loop ends here
	if u.aux == nil {
		u.aux = u.d.Reader()
	}
	u.aux.Seek(off)
	e, err := u.aux.Next()
	if err != nil || e == nil || e.Offset != off || !isType(e.Tag) {
		return nil
	}
	n := newNode(e)
	u.nodes[off] = n
	if e.Children && n.tag != dwarf.TagEnumerationType {
		u.inAux = true
		if err := u.children(u.aux, n); err != nil {
			n.kids = nil
		}
		u.inAux = false
	}
	return n
}
