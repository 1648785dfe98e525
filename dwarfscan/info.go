// The structure of .debug_info, read directly from the section bytes:
// unit headers, abbreviation tables with the plans for reading entries of
// fixed-size forms, and the byte decoder that everything else reads with.
// debug/dwarf allocates an Entry and a slice of attribute values for every
// entry it reads, including the millions inside function bodies that a
// layout never needs; entry.go reads entries with these tables instead.

package dwarfscan

import (
	"bytes"
	"debug/dwarf"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// DWARF forms (DWARF 5 section 7.5.6, and the GNU extensions).
const (
	formAddr          = 0x01
	formBlock2        = 0x03
	formBlock4        = 0x04
	formData2         = 0x05
	formData4         = 0x06
	formData8         = 0x07
	formString        = 0x08
	formBlock         = 0x09
	formBlock1        = 0x0a
	formData1         = 0x0b
	formFlag          = 0x0c
	formSdata         = 0x0d
	formStrp          = 0x0e
	formUdata         = 0x0f
	formRefAddr       = 0x10
	formRef1          = 0x11
	formRef2          = 0x12
	formRef4          = 0x13
	formRef8          = 0x14
	formRefUdata      = 0x15
	formIndirect      = 0x16
	formSecOffset     = 0x17
	formExprloc       = 0x18
	formFlagPresent   = 0x19
	formStrx          = 0x1a
	formAddrx         = 0x1b
	formRefSup4       = 0x1c
	formStrpSup       = 0x1d
	formData16        = 0x1e
	formLineStrp      = 0x1f
	formRefSig8       = 0x20
	formImplicitConst = 0x21
	formLoclistx      = 0x22
	formRnglistx      = 0x23
	formRefSup8       = 0x24
	formStrx1         = 0x25
	formStrx2         = 0x26
	formStrx3         = 0x27
	formStrx4         = 0x28
	formAddrx1        = 0x29
	formAddrx2        = 0x2a
	formAddrx3        = 0x2b
	formAddrx4        = 0x2c
	formGNUAddrIndex  = 0x1f01
	formGNUStrIndex   = 0x1f02
	formGNURefAlt     = 0x1f20
	formGNUStrpAlt    = 0x1f21
)

// Attributes this reader decodes beyond those debug/dwarf names.
const (
	attrStrOffsetsBase = dwarf.Attr(0x72)
	attrDwoName        = dwarf.Attr(0x76)
	attrGNUDwoName     = dwarf.Attr(0x2130)
	tagSkeletonUnit    = dwarf.Tag(0x4a)
)

// sections holds the debug sections a layout needs, decompressed and
// relocated. str and lineStr are on the heap (see text).
type sections struct {
	info, abbrev, str, strOffsets, line, lineStr []byte
	order                                        binary.ByteOrder
	// dwo says the sections are a split DWARF .dwo file's, whose units
	// name the files of the line table at the start of .debug_line.dwo.
	dwo bool
	// typesAt is where the units of .debug_types start in info, which
	// holds them after those of .debug_info.
	typesAt uint64

	sigOnce sync.Once
	sigs    map[uint64]dwarf.Offset // type signature: the type's entry
}

// unitHeader is the header of one unit in .debug_info.
type unitHeader struct {
	off       uint64 // of the header, the base of unit-relative references
	first     uint64 // of the first entry
	end       uint64 // one past the unit
	version   int
	unitType  byte
	dwarf64   bool
	addrSize  int
	abbrevOff uint64
	signature uint64 // of a type unit
	typeOff   uint64 // of a type unit's type, from off
}

const (
	utCompile      = 0x01
	utType         = 0x02
	utPartial      = 0x03
	utSkeleton     = 0x04
	utSplitCompile = 0x05
	utSplitType    = 0x06
)

func (h *unitHeader) offSize() int {
	if h.dwarf64 {
		return 8
	}
	return 4
}

// unitList holds the headers of the units in .debug_info, read only as
// far as they are asked for: a search that ends in an early unit never
// touches the pages of the later ones. Type units (DWARF 5 DW_UT_type, and
// DWARF 4's in .debug_types) are units like the others: they define
// types, which the others reach through DW_FORM_ref_sig8.
type unitList struct {
	s     *sections
	mu    sync.Mutex
	heads []*unitHeader
	next  uint64 // the offset of the next header to read
	err   error
}

// get returns the i-th unit, nil past the last one.
func (l *unitList) get(i int) (*unitHeader, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for len(l.heads) <= i && l.more() {
	}
	if i < len(l.heads) {
		return l.heads[i], nil
	}
	return nil, l.err
}

// all returns every unit.
func (l *unitList) all() ([]*unitHeader, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.more() {
	}
	return l.heads, l.err
}

// containing returns the unit whose entries hold off, nil when none does.
func (l *unitList) containing(off uint64) *unitHeader {
	l.mu.Lock()
	defer l.mu.Unlock()
	for (len(l.heads) == 0 || l.heads[len(l.heads)-1].end <= off) && l.more() {
	}
	i, _ := slices.BinarySearchFunc(l.heads, off, func(h *unitHeader, off uint64) int {
		if h.end <= off {
			return -1
		}
		if h.first > off {
			return 1
		}
		return 0
	})
	if i < len(l.heads) && off >= l.heads[i].first && off < l.heads[i].end {
		return l.heads[i]
	}
	return nil
}

// more reads the next header, reporting whether there may be more.
func (l *unitList) more() bool {
	if l.err != nil || l.next >= uint64(len(l.s.info)) {
		return false
	}
	h, err := readUnit(l.s, l.next)
	if err != nil {
		l.err = err
		return false
	}
	l.next = h.end
	if h.unitType != utSplitType {
		l.heads = append(l.heads, h)
	}
	return true
}

// sigOffset returns the offset of the entry of the type whose type unit has
// the signature sig. The first call reads every unit header (only a file
// with type units refers to one).
func (s *sections) sigOffset(sig uint64) (dwarf.Offset, bool) {
	s.sigOnce.Do(func() {
		s.sigs = make(map[uint64]dwarf.Offset)
		for off := uint64(0); off < uint64(len(s.info)); {
			h, err := readUnit(s, off)
			if err != nil {
				return // the unit list reports it
			}
			if h.unitType == utType {
				s.sigs[h.signature] = dwarf.Offset(h.off + h.typeOff)
			}
			off = h.end
		}
	})
	off, ok := s.sigs[sig]
	return off, ok
}

// readUnit reads the header of the unit at off.
func readUnit(s *sections, off uint64) (*unitHeader, error) {
	b := s.info
	h := &unitHeader{off: off}
	d := decoder{b: b, off: off, order: s.order, big: s.order == binary.BigEndian}
	n, dwarf64, err := d.length()
	if err != nil {
		return nil, fmt.Errorf("unit at %#x: %w of .debug_info", off, err)
	}
	h.dwarf64 = dwarf64
	h.end = d.off + n
	h.version = int(d.u16())
	switch {
	case h.version >= 2 && h.version <= 4:
		h.abbrevOff = d.offset(h.dwarf64)
		h.addrSize = int(d.u8())
		if off >= s.typesAt { // a type unit of .debug_types
			h.unitType = utType
			h.signature = d.u64()
			h.typeOff = d.offset(h.dwarf64)
		}
	case h.version == 5:
		h.unitType = d.u8()
		h.addrSize = int(d.u8())
		h.abbrevOff = d.offset(h.dwarf64)
		switch h.unitType {
		case utCompile, utPartial:
		case utSkeleton, utSplitCompile:
			d.u64() // dwo_id
		case utType, utSplitType:
			h.signature = d.u64()
			h.typeOff = d.offset(h.dwarf64)
		default:
			return nil, fmt.Errorf("unit at %#x: unknown unit type %#x", off, h.unitType)
		}
	default:
		return nil, fmt.Errorf("unit at %#x: unsupported DWARF version %d", off, h.version)
	}
	if d.err != nil || d.off > h.end {
		return nil, fmt.Errorf("unit at %#x: truncated header", off)
	}
	if h.unitType == utType && (h.typeOff < d.off-off || h.typeOff >= h.end-off) {
		return nil, fmt.Errorf("unit at %#x: type offset %#x outside the unit", off, h.typeOff)
	}
	if h.addrSize != 2 && h.addrSize != 4 && h.addrSize != 8 {
		return nil, fmt.Errorf("unit at %#x: address size %d", off, h.addrSize)
	}
	h.first = d.off
	return h, nil
}

// abbrev is one abbreviation: the tag, whether entries have children, and
// the attributes with their forms.
type abbrev struct {
	tag      dwarf.Tag
	children bool
	fields   []abbrevField
	// fixed is the size of every entry's attributes when all forms have a
	// fixed size in the unit, or -1.
	fixed int
	// sibling is the index of DW_AT_sibling in fields, or -1.
	sibling int
	// shape identifies the tag, children and attributes with their
	// forms, whatever the code: see unit.placeKey. 0 until computed.
	shape uint64
	// plan is how a place key holds the attributes (see
	// unit.placePlanOf), once planned.
	plan    placePlan
	planned bool
}

type abbrevField struct {
	attr     dwarf.Attr
	form     uint16
	implicit int64 // the value of DW_FORM_implicit_const
	// at is where the value is in an entry's attributes, when every
	// value before it has a fixed size; -1 when not.
	at int32
}

// abbrevTable maps abbreviation codes to abbreviations. Codes are dense
// from 1 in what compilers emit; others go to the map.
type abbrevTable struct {
	dense  []abbrev
	sparse map[uint64]*abbrev
	fields []abbrevField // of all abbreviations
}

func (t *abbrevTable) get(code uint64) *abbrev {
	if code-1 < uint64(len(t.dense)) {
		return &t.dense[code-1]
	}
	return t.sparse[code]
}

// readAbbrevs reads the abbreviation table of unit h into t, reusing its
// memory.
func readAbbrevs(s *sections, h *unitHeader, t *abbrevTable) error {
	if h.abbrevOff >= uint64(len(s.abbrev)) {
		return fmt.Errorf("unit at %#x: abbreviation offset %#x past .debug_abbrev", h.off, h.abbrevOff)
	}
	d := decoder{b: s.abbrev, off: h.abbrevOff, order: s.order, big: s.order == binary.BigEndian}
	t.dense, t.sparse = t.dense[:0], nil
	// The fields of all abbreviations share one array; an abbreviation
	// takes its slice of it once the array has stopped growing.
	fields := t.fields[:0]
	for {
		code := d.uleb()
		if d.err != nil {
			return fmt.Errorf("unit at %#x: abbreviations at %#x: truncated", h.off, h.abbrevOff)
		}
		if code == 0 {
			break
		}
		a := abbrev{tag: dwarf.Tag(d.uleb()), children: d.u8() != 0}
		start := len(fields)
		for {
			attr, form := d.uleb(), d.uleb()
			if d.err != nil {
				return fmt.Errorf("unit at %#x: abbreviations at %#x: truncated", h.off, h.abbrevOff)
			}
			if attr == 0 && form == 0 {
				break
			}
			if form > 0xffff {
				return fmt.Errorf("unit at %#x: abbreviation %d: unknown form %#x", h.off, code, form)
			}
			f := abbrevField{attr: dwarf.Attr(attr), form: uint16(form)}
			if form == formImplicitConst {
				f.implicit = d.sleb()
			}
			fields = append(fields, f)
		}
		// Until the fields are in place, a.fixed holds where they start.
		a.fixed = start
		a.sibling = len(fields) // and sibling where they end
		if code == uint64(len(t.dense))+1 && t.sparse == nil {
			t.dense = append(t.dense, a)
			continue
		}
		if t.sparse == nil {
			t.sparse = make(map[uint64]*abbrev)
		}
		sparse := a // only these escape to the heap
		t.sparse[code] = &sparse
	}
	t.fields = fields
	for i := range t.dense {
		placeFields(h, &t.dense[i], fields)
	}
	for _, a := range t.sparse { // a code given twice keeps its last
		placeFields(h, a, fields)
	}
	return nil
}

// placeFields gives a, whose fixed and sibling hold where its fields
// start and end in fields, its fields, and what follows from them.
func placeFields(h *unitHeader, a *abbrev, fields []abbrevField) {
	start, end := a.fixed, a.sibling
	a.fields = fields[start:end:end]
	at := 0
	for i := range a.fields {
		f := &a.fields[i]
		f.at = int32(at)
		if n := formSize(h, f.form); n >= 0 && at >= 0 {
			at += n
		} else {
			at = -1
		}
	}
	a.fixed = at
	a.sibling = slices.IndexFunc(a.fields, func(f abbrevField) bool { return f.attr == dwarf.AttrSibling })
}

// formSize is the size of a value of form in unit h, or -1 when it varies.
func formSize(h *unitHeader, form uint16) int {
	switch form {
	case formFlagPresent, formImplicitConst:
		return 0
	case formData1, formRef1, formFlag, formStrx1, formAddrx1:
		return 1
	case formData2, formRef2, formStrx2, formAddrx2:
		return 2
	case formStrx3, formAddrx3:
		return 3
	case formData4, formRef4, formStrx4, formAddrx4, formRefSup4:
		return 4
	case formData8, formRef8, formRefSig8, formRefSup8:
		return 8
	case formData16:
		return 16
	case formAddr:
		return h.addrSize
	case formStrp, formLineStrp, formSecOffset, formStrpSup, formGNURefAlt, formGNUStrpAlt:
		return h.offSize()
	case formRefAddr:
		if h.version == 2 {
			return h.addrSize
		}
		return h.offSize()
	}
	return -1
}

// decoder reads little- or big-endian values and LEB128 numbers from b,
// recording the first overrun in err; reads after that return zero.
type decoder struct {
	b     []byte
	off   uint64
	order binary.ByteOrder
	big   bool // order is big-endian: fixed-size values are read without a call through order
	err   error
}

var errTruncated = errors.New("truncated")

func (d *decoder) take(n uint64) []byte {
	if d.err != nil || n > uint64(len(d.b))-d.off || d.off > uint64(len(d.b)) {
		if d.err == nil {
			d.err = errTruncated
		}
		d.off = uint64(len(d.b))
		return nil
	}
	p := d.b[d.off : d.off+n]
	d.off += n
	return p
}

func (d *decoder) skip(n uint64) { d.take(n) }

func (d *decoder) u8() byte {
	if d.off < uint64(len(d.b)) {
		c := d.b[d.off]
		d.off++
		return c
	}
	d.take(1)
	return 0
}

func (d *decoder) u16() uint16 {
	if p := d.take(2); p != nil {
		if d.big {
			return binary.BigEndian.Uint16(p)
		}
		return binary.LittleEndian.Uint16(p)
	}
	return 0
}

func (d *decoder) u24() uint32 {
	p := d.take(3)
	if p == nil {
		return 0
	}
	if d.order == binary.BigEndian {
		return uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2])
	}
	return uint32(p[2])<<16 | uint32(p[1])<<8 | uint32(p[0])
}

func (d *decoder) u32() uint32 {
	if p := d.take(4); p != nil {
		if d.big {
			return binary.BigEndian.Uint32(p)
		}
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

func (d *decoder) u64() uint64 {
	if p := d.take(8); p != nil {
		if d.big {
			return binary.BigEndian.Uint64(p)
		}
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}

func (d *decoder) offset(dwarf64 bool) uint64 {
	if dwarf64 {
		return d.u64()
	}
	return uint64(d.u32())
}

// length reads an initial length: 32 bits, or 0xffffffff and 64 bits in
// 64-bit DWARF. It fails on the reserved values and on a length that runs
// past the end of d.b.
func (d *decoder) length() (n uint64, dwarf64 bool, err error) {
	n = uint64(d.u32())
	if n == 0xffffffff {
		dwarf64 = true
		n = d.u64()
	} else if n >= 0xfffffff0 {
		return 0, false, fmt.Errorf("reserved length %#x", n)
	}
	if d.err != nil || n > uint64(len(d.b))-d.off {
		return 0, false, fmt.Errorf("length %#x runs past the end", n)
	}
	return n, dwarf64, nil
}

func (d *decoder) uleb() uint64 {
	if d.off+1 < uint64(len(d.b)) {
		b0, b1 := d.b[d.off], d.b[d.off+1]
		if b0 < 0x80 {
			d.off++
			return uint64(b0)
		}
		if b1 < 0x80 {
			d.off += 2
			return uint64(b0&0x7f) | uint64(b1)<<7
		}
	}
	var x uint64
	var shift uint
	for {
		if d.off >= uint64(len(d.b)) {
			d.take(1)
			return 0
		}
		c := d.b[d.off]
		d.off++
		if shift < 64 {
			x |= uint64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			return x
		}
	}
}

func (d *decoder) sleb() int64 {
	var x int64
	var shift uint
	for {
		if d.off >= uint64(len(d.b)) {
			d.take(1)
			return 0
		}
		c := d.b[d.off]
		d.off++
		if shift < 64 {
			x |= int64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				x |= -1 << shift
			}
			return x
		}
	}
}

// cstring returns the bytes up to the next NUL, and steps past it.
func (d *decoder) cstring() []byte {
	if d.err != nil || d.off >= uint64(len(d.b)) {
		d.take(1)
		return nil
	}
	rest := d.b[d.off:]
	i := bytes.IndexByte(rest, 0)
	if i < 0 {
		d.take(uint64(len(rest)) + 1)
		return nil
	}
	d.off += uint64(i) + 1
	return rest[:i]
}

// placePlan is how appendPlaced reads the attributes of an entry whose
// forms all have a fixed size: the steps appendPlacedAttrs would take, by
// where each value is, with the values it takes as written merged into
// runs of bytes.
type placePlan struct {
	size  int // of the attributes
	steps []placeStep
}

type placeStep struct {
	kind     placeStepKind
	at, n    int // where the value is in the attributes; a run's length
	form     uint16
	implicit int64
}

type placeStepKind uint8

const (
	stepBytes placeStepKind = iota
	stepType
	stepContaining
	stepFile
)
