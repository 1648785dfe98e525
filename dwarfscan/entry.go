// The entries of .debug_info and their attributes: the attributes a layout
// uses are decoded into a reused struct, everything else is skipped by
// form, or over whole subtrees by DW_AT_sibling; string attributes are
// kept as references into their section and read only when needed.

package dwarfscan

import (
	"bytes"
	"debug/dwarf"
	"encoding/binary"
	"fmt"
)

// attrs holds the attributes of one entry that layouts use. has records
// which were present.
type attrs struct {
	name       nameRef
	typ        dwarf.Offset
	byteSize   int64
	align      int64
	encoding   int64
	declFile   int64
	declLine   int64
	memberLoc  int64
	constVal   int64 // DW_AT_const_value of a constant class
	dataBit    int64
	bitOff     int64
	bitSize    int64
	count      int64
	upper      int64
	sibling    uint64 // 0 when absent
	language   int64
	stmtList   int64
	strBase    int64
	compDir    []byte
	dwoName    []byte // DW_AT_dwo_name of a split DWARF skeleton
	decl       bool
	external   bool
	virtual    bool  // DW_AT_virtuality not DW_VIRTUALITY_none
	access     int64 // DW_AT_accessibility, 0 when absent
	containing dwarf.Offset
	artificial bool
	has        uint32
}

// Bits of attrs.has.
const (
	hasByteSize = 1 << iota
	hasDataBit
	hasCount
	hasUpper
	hasStmtList
	hasStrBase
)

// entryReader reads the entries of one unit.
type entryReader struct {
	decoder
	s     *sections
	h     *unitHeader
	abbrs *abbrevTable
	// strBase is the unit's DW_AT_str_offsets_base, for DW_FORM_strx.
	strBase uint64
}

func newEntryReader(s *sections, h *unitHeader, abbrs *abbrevTable) *entryReader {
	r := &entryReader{
		decoder: decoder{b: s.info[:h.end], off: h.first, order: s.order, big: s.order == binary.BigEndian},
		s:       s,
		h:       h,
		abbrs:   abbrs,
		// Past the header of .debug_str_offsets when the unit does not
		// say (a DWARF 5 split unit); DWARF 4's .dwo sections have none.
		strBase: 8,
	}
	switch {
	case h.version < 5:
		r.strBase = 0
	case h.dwarf64:
		r.strBase = 16
	}
	return r
}

// top reads the unit's top entry into at, and takes from it the base of
// the unit's strx strings. DW_AT_str_offsets_base can follow strings it
// is the base of, so the entry is read again once it is known.
func (r *entryReader) top(at *attrs) (*abbrev, error) {
	r.off = r.h.first
	a, err := r.next()
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, fmt.Errorf("no compile unit at %#x", r.h.first)
	}
	if err := r.attrs(a, at); err != nil || at.has&hasStrBase == 0 {
		return a, err
	}
	r.strBase = uint64(at.strBase)
	r.off = r.h.first
	r.uleb()
	return a, r.attrs(a, at)
}

// next reads the abbreviation of the next entry: nil for a null entry
// (the end of a list of children). The attributes follow, to be read by
// attrs or skipped by skipAttrs.
func (r *entryReader) next() (*abbrev, error) {
	if r.off >= r.h.end {
		return nil, fmt.Errorf("unexpected end of entries in the unit at %#x", r.h.off)
	}
	at := r.off
	code := r.uleb()
	if code == 0 {
		return nil, r.err
	}
	a := r.abbrs.get(code)
	if a == nil {
		return nil, fmt.Errorf("entry at %#x: unknown abbreviation %d", at, code)
	}
	return a, nil
}

// skipAttrs steps over the attributes of an entry of abbreviation a.
func (r *entryReader) skipAttrs(a *abbrev) error {
	if a.fixed >= 0 {
		r.skip(uint64(a.fixed))
		return r.err
	}
	for i := range a.fields {
		r.skipForm(a.fields[i].form)
	}
	return r.err
}

func (r *entryReader) skipForm(form uint16) {
	if n := formSize(r.h, form); n >= 0 {
		r.skip(uint64(n))
		return
	}
	switch form {
	case formString:
		r.cstring()
	case formBlock1:
		r.skip(uint64(r.u8()))
	case formBlock2:
		r.skip(uint64(r.u16()))
	case formBlock4:
		r.skip(uint64(r.u32()))
	case formBlock, formExprloc:
		r.skip(r.uleb())
	case formSdata:
		r.sleb()
	case formUdata, formRefUdata, formStrx, formAddrx, formLoclistx, formRnglistx,
		formGNUAddrIndex, formGNUStrIndex:
		r.uleb()
	case formIndirect:
		f := r.uleb()
		if f == formIndirect || f > 0xffff {
			r.err = fmt.Errorf("bad indirect form %#x", f)
			return
		}
		r.skipForm(uint16(f))
	default:
		r.err = fmt.Errorf("unknown form %#x", form)
	}
}

// sibling reads the attributes of an entry of abbreviation a for its
// DW_AT_sibling alone, for skipChildren; 0 when it has none.
func (r *entryReader) sibling(a *abbrev) (uint64, error) {
	if a.fixed >= 0 {
		var sib uint64
		base := r.off
		if a.sibling >= 0 {
			f := &a.fields[a.sibling]
			r.off = base + uint64(f.at)
			if off := r.ref(f.form); off != sigRef {
				sib = uint64(off)
			}
			r.off = base
		}
		r.skip(uint64(a.fixed))
		return sib, r.err
	}
	var sib uint64
	for i := range a.fields {
		f := &a.fields[i]
		if f.attr != dwarf.AttrSibling {
			r.skipForm(f.form)
			continue
		}
		if off := r.ref(f.form); off != sigRef {
			sib = uint64(off)
		}
	}
	return sib, r.err
}

// header reads, of an entry of abbreviation a, only what says whether it
// is a definition and of what name, and where its next sibling is.
func (r *entryReader) header(a *abbrev) (name nameRef, decl bool, sibling uint64, err error) {
	if a.fixed >= 0 {
		base := r.off
		for i := range a.fields {
			f := &a.fields[i]
			r.off = base + uint64(f.at)
			switch f.attr {
			case dwarf.AttrName:
				name = r.nameRef(f.form)
			case dwarf.AttrDeclaration:
				decl = r.flag(f.form)
			case dwarf.AttrSibling:
				if off := r.ref(f.form); off != sigRef {
					sibling = uint64(off)
				}
			}
		}
		r.off = base
		r.skip(uint64(a.fixed))
		return name, decl, sibling, r.err
	}
	for i := range a.fields {
		f := &a.fields[i]
		switch f.attr {
		case dwarf.AttrName:
			name = r.nameRef(f.form)
		case dwarf.AttrDeclaration:
			decl = r.flag(f.form)
		case dwarf.AttrSibling:
			if off := r.ref(f.form); off != sigRef {
				sibling = uint64(off)
			}
		default:
			r.skipForm(f.form)
		}
	}
	return name, decl, sibling, r.err
}

// skipChildren steps over the children of an entry whose attributes have
// been read, to its next sibling: to sibling, its DW_AT_sibling, when
// that is past them (0 is not), else entry by entry.
func (r *entryReader) skipChildren(sibling uint64) error {
	if sibling > r.off && sibling <= r.h.end {
		r.off = sibling
		return nil
	}
	for depth := 1; depth > 0; {
		a, err := r.next()
		if err != nil {
			return err
		}
		if a == nil {
			depth--
			continue
		}
		if !a.children {
			if err := r.skipAttrs(a); err != nil {
				return err
			}
			continue
		}
		sib, err := r.sibling(a)
		if err != nil {
			return err
		}
		if sib > r.off && sib <= r.h.end {
			r.off = sib
			continue
		}
		depth++
	}
	return nil
}

// attrs decodes the attributes of an entry of abbreviation a into at.
func (r *entryReader) attrs(a *abbrev, at *attrs) error {
	*at = attrs{}
	for i := range a.fields {
		f := &a.fields[i]
		form := f.form
		if form == formIndirect {
			v := r.uleb()
			if v == formIndirect || v > 0xffff {
				return fmt.Errorf("bad indirect form %#x", v)
			}
			form = uint16(v)
		}
		switch f.attr {
		case dwarf.AttrName:
			at.name = r.nameRef(form)
		case dwarf.AttrType:
			at.typ = r.ref(form)
		case dwarf.AttrContainingType:
			at.containing = r.ref(form)
		case dwarf.AttrSibling:
			if off := r.ref(form); off != sigRef {
				at.sibling = uint64(off)
			}
		case dwarf.AttrDataMemberLoc:
			if v, ok := r.memberLoc(form, f.implicit); ok {
				at.memberLoc = v
			}
		case dwarf.AttrCompDir:
			at.compDir = r.str(form)
		case attrDwoName, attrGNUDwoName:
			at.dwoName = r.str(form)
		case dwarf.AttrDeclaration:
			at.decl = r.flag(form)
		case dwarf.AttrExternal:
			at.external = r.flag(form)
		case dwarf.AttrArtificial:
			at.artificial = r.flag(form)
		default:
			v, ok := r.constant(form, f.implicit)
			if !ok {
				continue
			}
			switch f.attr {
			case dwarf.AttrByteSize:
				at.byteSize = v
				at.has |= hasByteSize
			case dwarf.AttrAlignment:
				at.align = v
			case dwarf.AttrConstValue:
				at.constVal = v
			case dwarf.AttrEncoding:
				at.encoding = v
			case dwarf.AttrDeclFile:
				at.declFile = v
			case dwarf.AttrDeclLine:
				at.declLine = v
			case dwarf.AttrDataBitOffset:
				at.dataBit = v
				at.has |= hasDataBit
			case dwarf.AttrBitOffset:
				at.bitOff = v
			case dwarf.AttrBitSize:
				at.bitSize = v
			case dwarf.AttrCount:
				at.count = v
				at.has |= hasCount
			case dwarf.AttrUpperBound:
				at.upper = v
				at.has |= hasUpper
			case dwarf.AttrVirtuality:
				at.virtual = v != 0
			case dwarf.AttrAccessibility:
				at.access = v
			case dwarf.AttrLanguage:
				at.language = v
			case dwarf.AttrStmtList:
				at.stmtList = v
				at.has |= hasStmtList
			case attrStrOffsetsBase:
				at.strBase = v
				at.has |= hasStrBase
			}
		}
	}
	return r.err
}

// constant reads a value of a constant class (DW_FORM_data* unsigned, as
// debug/dwarf reads them); ok is false, with the value skipped, for other
// classes.
func (r *entryReader) constant(form uint16, implicit int64) (int64, bool) {
	switch form {
	case formData1:
		return int64(r.u8()), true
	case formData2:
		return int64(r.u16()), true
	case formData4:
		return int64(r.u32()), true
	case formData8:
		return int64(r.u64()), true
	case formSdata:
		return r.sleb(), true
	case formUdata:
		return int64(r.uleb()), true
	case formImplicitConst:
		return implicit, true
	case formSecOffset:
		return int64(r.offset(r.h.dwarf64)), true
	case formFlag:
		return int64(r.u8()), true
	}
	r.skipForm(form)
	return 0, false
}

func (r *entryReader) flag(form uint16) bool {
	switch form {
	case formFlagPresent:
		return true
	case formFlag:
		return r.u8() != 0
	}
	r.skipForm(form)
	return false
}

// memberLoc reads DW_AT_data_member_location: a constant or, before DWARF
// 4, a location expression DW_OP_plus_uconst N.
func (r *entryReader) memberLoc(form uint16, implicit int64) (int64, bool) {
	var expr []byte
	switch form {
	case formBlock1:
		expr = r.take(uint64(r.u8()))
	case formBlock2:
		expr = r.take(uint64(r.u16()))
	case formBlock4:
		expr = r.take(uint64(r.u32()))
	case formBlock, formExprloc:
		expr = r.take(r.uleb())
	default:
		return r.constant(form, implicit)
	}
	if len(expr) > 1 && (expr[0] == 0x23 || expr[0] == 0x10) { // DW_OP_plus_uconst, DW_OP_constu
		d := decoder{b: expr, off: 1}
		return int64(d.uleb()), true
	}
	return 0, true
}

// ref reads a reference to an entry as an absolute .debug_info offset (a
// type signature as the offset of its type in its type unit); sigRef for
// a signature no type unit has, and for a reference into a supplementary
// (dwz) file, which this reader does not open.
func (r *entryReader) ref(form uint16) dwarf.Offset {
	var off uint64
	switch form {
	case formRef1:
		off = uint64(r.u8()) + r.h.off
	case formRef2:
		off = uint64(r.u16()) + r.h.off
	case formRef4:
		off = uint64(r.u32()) + r.h.off
	case formRef8:
		off = r.u64() + r.h.off
	case formRefUdata:
		off = r.uleb() + r.h.off
	case formRefAddr:
		if r.h.version == 2 {
			if r.h.addrSize == 8 {
				off = r.u64()
			} else {
				off = uint64(r.u32())
			}
		} else {
			off = r.offset(r.h.dwarf64)
		}
	case formRefSig8:
		if to, ok := r.s.sigOffset(r.u64()); ok {
			return to
		}
		return sigRef
	default:
		r.skipForm(form)
		return sigRef
	}
	return dwarf.Offset(off)
}

// str reads a string attribute.
func (r *entryReader) str(form uint16) []byte {
	return r.s.name(r.nameRef(form))
}

// nameRef is where a string attribute's bytes are, to be read only if
// they are needed: the section in the top two bits, the offset in the
// rest; 0 for none.
type nameRef uint64

const (
	inStr     nameRef = 1 << 62
	inLineStr nameRef = 2 << 62
	inInfo    nameRef = 3 << 62 // DW_FORM_string, in the entry itself
	refOff            = 1<<62 - 1
)

func newRef(sec nameRef, off uint64) nameRef {
	if off > refOff {
		return 0
	}
	return sec | nameRef(off)
}

// nameRef reads a string attribute's place, stepping over an inline
// string.
func (r *entryReader) nameRef(form uint16) nameRef {
	switch form {
	case formString:
		at := r.off
		r.cstring()
		return newRef(inInfo, at)
	case formStrp:
		return r.strRef(inStr, r.offset(r.h.dwarf64))
	case formLineStrp:
		return r.strRef(inLineStr, r.offset(r.h.dwarf64))
	case formStrx, formGNUStrIndex:
		return r.strx(r.uleb())
	case formStrx1:
		return r.strx(uint64(r.u8()))
	case formStrx2:
		return r.strx(uint64(r.u16()))
	case formStrx3:
		return r.strx(uint64(r.u24()))
	case formStrx4:
		return r.strx(uint64(r.u32()))
	}
	r.skipForm(form)
	return 0
}

func (r *entryReader) strx(i uint64) nameRef {
	size := uint64(r.h.offSize())
	d := decoder{b: r.s.strOffsets, off: r.strBase + i*size, order: r.s.order, big: r.s.order == binary.BigEndian}
	if i > uint64(len(r.s.strOffsets))/size {
		d.err = errTruncated
	}
	off := d.offset(r.h.dwarf64)
	if d.err != nil {
		if r.err == nil {
			r.err = fmt.Errorf("string index %d past .debug_str_offsets (%d bytes)", i, len(r.s.strOffsets))
		}
		return 0
	}
	return r.strRef(inStr, off)
}

// strRef is the place of a string at off in a string section, which must
// lie in it: a name that points nowhere (an emptied .debug_str) is an
// error, not a nameless type.
func (r *entryReader) strRef(sec nameRef, off uint64) nameRef {
	ref := newRef(sec, off)
	if s, _ := r.s.at(ref); off >= uint64(len(s)) {
		if r.err == nil {
			name := ".debug_str"
			if sec == inLineStr {
				name = ".debug_line_str"
			}
			r.err = fmt.Errorf("string offset %#x past %s (%d bytes)", off, name, len(s))
		}
		return 0
	}
	return ref
}

// nameIn reports whether the name at ref is one of want. For a few names
// it compares each in place, which costs less than finding the name's end.
func (s *sections) nameIn(ref nameRef, want *wantNames) bool {
	if len(want.list) > 4 {
		return want.set[string(s.name(ref))]
	}
	sec, off := s.at(ref)
	if off >= uint64(len(sec)) {
		return false
	}
	rest := sec[off:]
	for _, w := range want.list {
		if len(rest) > len(w) && rest[len(w)] == 0 && string(rest[:len(w)]) == w {
			return true
		}
	}
	return false
}

// wantNames is the set of names a search looks for, also as a list.
type wantNames struct {
	set  map[string]bool
	list []string
}

func newWantNames(set map[string]bool) *wantNames {
	w := &wantNames{set: set}
	for name := range set {
		w.list = append(w.list, name)
	}
	return w
}

// named reports whether ref is a name that is not empty.
func (s *sections) named(ref nameRef) bool {
	sec, off := s.at(ref)
	return off < uint64(len(sec)) && sec[off] != 0
}

// name returns the bytes of the string at ref, nil for none.
func (s *sections) name(ref nameRef) []byte {
	return cstringAt(s.at(ref))
}

// at returns the section ref points into and the offset in it; no
// section for none.
func (s *sections) at(ref nameRef) (sec []byte, off uint64) {
	switch ref &^ refOff {
	case inStr:
		sec = s.str
	case inLineStr:
		sec = s.lineStr
	case inInfo:
		sec = s.info
	}
	return sec, uint64(ref & refOff)
}

// cstringAt returns the NUL-terminated string at off in sec, nil when off
// is out of range.
func cstringAt(sec []byte, off uint64) []byte {
	if off >= uint64(len(sec)) {
		return nil
	}
	rest := sec[off:]
	if i := bytes.IndexByte(rest, 0); i >= 0 {
		return rest[:i]
	}
	return rest
}

// sigRef stands for a type signature (DW_FORM_ref_sig8) that no type unit
// of the file has; such types are spelled as an error, like pahole's "not
// found", rather than as void.
const sigRef = ^dwarf.Offset(0)
