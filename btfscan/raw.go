package btfscan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/cachelint/cachelint/input"
	"github.com/cilium/ebpf/btf"
)

// btfHeaderLen is the size of the header's fixed part.
const btfHeaderLen = 24

// BTF kinds (include/uapi/linux/btf.h).
const (
	kindInt       = 1
	kindPointer   = 2
	kindArray     = 3
	kindStruct    = 4
	kindUnion     = 5
	kindEnum      = 6
	kindFwd       = 7
	kindTypedef   = 8
	kindVolatile  = 9
	kindConst     = 10
	kindRestrict  = 11
	kindFunc      = 12
	kindFuncProto = 13
	kindVar       = 14
	kindDatasec   = 15
	kindFloat     = 16
	kindDeclTag   = 17
	kindTypeTag   = 18
	kindEnum64    = 19
)

// typeLen is the size of struct btf_type, the part every record starts
// with: name_off, info, size or type.
const typeLen = 12

// extraLen is the size of what follows struct btf_type in a record of the
// given kind and vlen, or -1 for an unknown kind.
func extraLen(kind, vlen uint32) int {
	switch kind {
	case kindInt, kindVar, kindDeclTag:
		return 4
	case kindArray:
		return 12
	case kindStruct, kindUnion, kindDatasec, kindEnum64:
		return 12 * int(vlen)
	case kindEnum, kindFuncProto:
		return 8 * int(vlen)
	case kindPointer, kindFwd, kindTypedef, kindVolatile, kindConst, kindRestrict,
		kindFunc, kindFloat, kindTypeTag:
		return 0
	}
	return -1
}

// named reports whether a type of the kind carries its name as cilium's
// TypeName gives it, so that looking it up by name can find it.
func named(kind uint32) bool {
	switch kind {
	case kindInt, kindStruct, kindUnion, kindEnum, kindFwd, kindTypedef,
		kindFunc, kindVar, kindDatasec, kindFloat, kindEnum64:
		return true
	}
	return false
}

// decoder reads BTF where it lies, building cilium's btf.Type values only
// for the types asked for and those they refer to, the way cilium's own
// decoder does (btf/unmarshal.go) but without its copy of the blob and its
// indexes of every name: for one struct of vmlinux those cost more than
// the rest of the work.
//
// The names of the types it builds point into the blob, which must not
// change afterwards.
type decoder struct {
	big   bool   // big-endian
	types []byte // the type section
	strs  []byte // the string section
	// offsets holds where each type's record starts in types, by ID;
	// offsets[0] stands for void, which has none.
	offsets []uint32
	// declTags holds target<<32 | tag ID for every BTF_KIND_DECL_TAG,
	// sorted: the tags are applied to their targets as cilium does.
	declTags []uint64

	mu sync.Mutex
	// inflated holds the types built so far, by ID.
	inflated []btf.Type
	// named holds the IDs of the types looked up by name so far.
	named map[string][]uint32
	// work lists the types built by the current inflate, in order: their
	// references are resolved in that order.
	work []uint32
}

// newDecoder checks raw's header and type records and indexes where each
// record starts, looking up the types of the given names on the way.
// checkHeader has checked that the sections lie within raw.
func newDecoder(raw []byte, names ...string) (*decoder, error) {
	var bo binary.ByteOrder = binary.LittleEndian
	if bo.Uint16(raw) != 0xeb9f {
		bo = binary.BigEndian
	}
	if v := raw[2]; v != 1 {
		return nil, fmt.Errorf("bad BTF: version %d", v)
	}
	if f := raw[3]; f != 0 {
		return nil, fmt.Errorf("bad BTF: flags %#x", f)
	}
	hdrLen := bo.Uint32(raw[4:])
	// What the header has past its 24 bytes must be zero, except for a
	// layout section's offset and length (as cilium reads it).
	rest := raw[btfHeaderLen:hdrLen]
	if len(rest) >= 8 {
		rest = rest[8:]
	}
	for _, b := range rest {
		if b != 0 {
			return nil, errors.New("bad BTF: header has a non-zero trailer")
		}
	}
	body := raw[hdrLen:]
	typeOff, typeLen := bo.Uint32(raw[8:]), bo.Uint32(raw[12:])
	strOff, strLen := bo.Uint32(raw[16:]), bo.Uint32(raw[20:])
	d := &decoder{
		big:   bo == binary.BigEndian,
		types: body[typeOff : uint64(typeOff)+uint64(typeLen)],
		strs:  body[strOff : uint64(strOff)+uint64(strLen)],
	}
	if n := len(d.strs); n > 0 {
		if d.strs[n-1] != 0 {
			return nil, errors.New("bad BTF: string section is not NUL-terminated")
		}
		if d.strs[0] != 0 {
			return nil, errors.New("bad BTF: string section does not start with the empty string")
		}
	}
	if err := d.index(names); err != nil {
		return nil, err
	}
	d.inflated = make([]btf.Type, len(d.offsets))
	return d, nil
}

// index finds where each type's record starts, from the sizes of those
// before it, and the types that carry names.
func (d *decoder) index(names []string) error {
	types := d.types
	// The offsets of the strings equal to names, each with its index.
	var want []uint32
	var wantName []int
	for i, name := range names {
		for _, off := range d.stringsEqual(name) {
			want, wantName = append(want, off), append(wantName, i)
		}
	}
	found := make([][]uint32, len(names))
	// A record takes at least typeLen bytes: room for all, with void.
	offsets := make([]uint32, 1, len(types)/typeLen+1)
	for off := 0; off < len(types); {
		id := len(offsets)
		if len(types)-off < typeLen {
			return fmt.Errorf("bad BTF: type %d at %d: record cut off by the end of the type section", id, off)
		}
		info := d.at(types, off+4)
		kind, vlen := info>>24&0x1f, info&0xffff
		n := extraLen(kind, vlen)
		if n < 0 {
			return fmt.Errorf("bad BTF: type %d at %d: unknown kind %d", id, off, kind)
		}
		if n > len(types)-off-typeLen {
			return fmt.Errorf("bad BTF: type %d at %d: record cut off by the end of the type section", id, off)
		}
		if kind == kindDeclTag {
			d.declTags = append(d.declTags, uint64(d.at(types, off+8))<<32|uint64(id))
		}
		if len(want) > 0 && named(kind) {
			if i := slices.Index(want, d.at(types, off)); i >= 0 {
				found[wantName[i]] = append(found[wantName[i]], uint32(id))
			}
		}
		offsets = append(offsets, uint32(off))
		off += typeLen + n
	}
	d.offsets = offsets
	slices.Sort(d.declTags)
	d.named = make(map[string][]uint32, len(names))
	for i, name := range names {
		d.named[name] = found[i]
	}
	return nil
}

// record is one type's record: its struct btf_type and what follows.
type record struct {
	nameOff  uint32
	kind     uint32
	vlen     uint32
	kindFlag bool
	sizeType uint32 // size or type
	extra    []byte // what follows struct btf_type
}

func (d *decoder) record(id uint32) record {
	off := d.offsets[id]
	b := d.types[off:]
	info := d.at(b, 4)
	r := record{
		nameOff:  d.at(b, 0),
		kind:     info >> 24 & 0x1f,
		vlen:     info & 0xffff,
		kindFlag: info>>31 == 1,
		sizeType: d.at(b, 8),
	}
	// index has checked that the record lies within the section.
	r.extra = b[typeLen : typeLen+extraLen(r.kind, r.vlen)]
	return r
}

// at reads the 32-bit word at b[off:].
func (d *decoder) at(b []byte, off int) uint32 {
	if d.big {
		return binary.BigEndian.Uint32(b[off:])
	}
	return binary.LittleEndian.Uint32(b[off:])
}

// u32 reads the i'th 32-bit word of b.
func (d *decoder) u32(b []byte, i int) uint32 { return d.at(b, 4*i) }

// name returns the string at off in the string section, checked as cilium
// checks it. It points into the section rather than copying it.
func (d *decoder) name(off uint32) (string, error) {
	if off == 0 {
		return "", nil
	}
	if uint64(off) >= uint64(len(d.strs)) {
		return "", fmt.Errorf("string offset %d past the string section (%d bytes)", off, len(d.strs))
	}
	if d.strs[off-1] != 0 {
		return "", fmt.Errorf("string offset %d is not the start of a string", off)
	}
	// The section ends in a NUL: newDecoder checked.
	n := bytes.IndexByte(d.strs[off:], 0)
	if n == 0 {
		return "", nil
	}
	s := unsafe.String(&d.strs[off], n)
	if bad := input.BadName(s); bad != "" {
		return "", fmt.Errorf("string at offset %d holds %s: %q", off, bad, s)
	}
	return s, nil
}

// All yields every type in ID order from void on, as cilium's Spec.All
// does: all but the decl tags, which become the Tags of their targets.
func (d *decoder) All() iter.Seq2[btf.Type, error] {
	return func(yield func(btf.Type, error) bool) {
		for id := range uint32(len(d.offsets)) {
			if id > 0 && d.record(id).kind == kindDeclTag {
				continue
			}
			t, err := d.TypeByID(id)
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(t, nil) {
				return
			}
		}
	}
}

// AnyTypesByName returns the types named name in ID order, as cilium's
// Spec.AnyTypesByName does, or btf.ErrNotFound. The name is looked for in
// the string section, and only the types that carry one of its offsets are
// built.
func (d *decoder) AnyTypesByName(name string) ([]btf.Type, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var types []btf.Type
	for _, id := range d.idsNamed(name) {
		t, err := d.inflate(id)
		if err != nil {
			return nil, err
		}
		types = append(types, t)
	}
	if len(types) == 0 {
		return nil, btf.ErrNotFound
	}
	return types, nil
}

// idsNamed returns the IDs of the types that carry name, in order.
func (d *decoder) idsNamed(name string) []uint32 {
	if ids, ok := d.named[name]; ok {
		return ids
	}
	var ids []uint32
	if offs := d.stringsEqual(name); len(offs) > 0 {
		for id := 1; id < len(d.offsets); id++ {
			off := int(d.offsets[id])
			if slices.Contains(offs, d.at(d.types, off)) && named(d.at(d.types, off+4)>>24&0x1f) {
				ids = append(ids, uint32(id))
			}
		}
	}
	d.named[name] = ids
	return ids
}

// manyNames is the number of names from which looking them up together,
// in one pass over the strings and one over the types, costs less than a
// search of the strings for each.
const manyNames = 8

// lookUp finds the types named by each of names not looked up yet, in one
// pass over the string section and one over the type records when there
// are many: each search of idsNamed reads both whole.
func (d *decoder) lookUp(names []string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	byName := make(map[string][]uint32)
	for _, n := range names {
		if _, ok := d.named[n]; !ok && n != "" {
			byName[n] = nil
		}
	}
	if len(byName) < manyNames {
		return
	}
	// The offsets of the strings that are one of the names.
	offs := make(map[uint32]string, len(byName))
	for at := 1; at < len(d.strs); {
		n := bytes.IndexByte(d.strs[at:], 0)
		if n < 0 {
			break
		}
		if _, ok := byName[string(d.strs[at:at+n])]; ok {
			offs[uint32(at)] = string(d.strs[at : at+n])
		}
		at += n + 1
	}
	if len(offs) > 0 {
		for id := 1; id < len(d.offsets); id++ {
			off := int(d.offsets[id])
			if name, ok := offs[d.at(d.types, off)]; ok && named(d.at(d.types, off+4)>>24&0x1f) {
				byName[name] = append(byName[name], uint32(id))
			}
		}
	}
	for n, ids := range byName {
		d.named[n] = ids
	}
}

// commonBytes lists the bytes of type and member names from the most
// frequent on, as counted in the string section of Linux 6.18; any other
// byte is rarer still.
const commonBytes = "_etrasicopnldfmubgETkvhxARSyIPONwCLDFMqUBGHV4X2"

// stringsEqual returns the offsets of the strings in the string section
// that equal name: where its rarest byte occurs with the rest of name
// around it and a NUL at either end.
func (d *decoder) stringsEqual(name string) []uint32 {
	if name == "" || strings.IndexByte(name, 0) >= 0 {
		return nil
	}
	k, rank := 0, -1
	for i := range len(name) {
		r := strings.IndexByte(commonBytes, name[i])
		if r < 0 {
			k = i
			break
		}
		if r > rank {
			k, rank = i, r
		}
	}
	strs, c := d.strs, name[k]
	var offs []uint32
	for at := k; at < len(strs); {
		i := bytes.IndexByte(strs[at:], c)
		if i < 0 {
			break
		}
		start, end := at+i-k, at+i-k+len(name)
		at += i + 1
		// The section starts with a NUL, and ends in one.
		if start > 0 && end < len(strs) && strs[start-1] == 0 && strs[end] == 0 && string(strs[start:end]) == name {
			offs = append(offs, uint32(start))
		}
	}
	return offs
}

var void btf.Type = (*btf.Void)(nil)

// TypeByID returns the type with the given ID, built with all it refers to.
func (d *decoder) TypeByID(id uint32) (btf.Type, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.inflate(id)
}

// inflate builds the type id and every type it refers to, directly or
// not. Each is allocated before its references are resolved, so a struct
// may point to itself. If one fails, none built here is kept.
func (d *decoder) inflate(id uint32) (t btf.Type, err error) {
	if id == 0 {
		return void, nil
	}
	if int(uint(id)) < len(d.inflated) && d.inflated[id] != nil {
		return d.inflated[id], nil
	}
	d.work = d.work[:0]
	defer func() {
		if err != nil {
			t = nil
			for _, id := range d.work {
				d.inflated[id] = nil
			}
		}
		d.work = d.work[:0]
	}()
	if t, err = d.alloc(id); err != nil {
		return nil, err
	}
	for i := 0; i < len(d.work); i++ {
		if err := d.resolve(d.work[i]); err != nil {
			return nil, err
		}
	}
	if len(d.declTags) > 0 {
		for _, id := range d.work {
			if err := d.applyDeclTags(id); err != nil {
				return nil, err
			}
		}
	}
	return t, nil
}

// ref returns the type id as the reference of another: built already, or
// allocated now and resolved later.
func (d *decoder) ref(id uint32) (btf.Type, error) {
	if id == 0 {
		return void, nil
	}
	if int(uint(id)) < len(d.inflated) && d.inflated[id] != nil {
		return d.inflated[id], nil
	}
	return d.alloc(id)
}

// alloc allocates type id with what it holds of its own (name, size,
// values), leaving its references to resolve.
func (d *decoder) alloc(id uint32) (btf.Type, error) {
	if int(uint(id)) >= len(d.offsets) {
		return nil, fmt.Errorf("type id %d: not found (%d types)", id, len(d.offsets)-1)
	}
	r := d.record(id)
	name, err := d.name(r.nameOff)
	if err != nil {
		return nil, fmt.Errorf("type id %d: name: %w", id, err)
	}
	var t btf.Type
	switch r.kind {
	case kindInt:
		enc := btf.IntEncoding(d.u32(r.extra, 0) >> 24 & 0xf)
		t = &btf.Int{Name: name, Size: r.sizeType, Encoding: enc}
	case kindPointer:
		t = &btf.Pointer{}
	case kindArray:
		t = &btf.Array{Nelems: d.u32(r.extra, 2)}
	case kindStruct:
		t = &btf.Struct{Name: name, Size: r.sizeType, Members: make([]btf.Member, r.vlen)}
	case kindUnion:
		t = &btf.Union{Name: name, Size: r.sizeType, Members: make([]btf.Member, r.vlen)}
	case kindEnum:
		e := &btf.Enum{Name: name, Size: r.sizeType, Signed: r.kindFlag, Values: make([]btf.EnumValue, r.vlen)}
		for i := range e.Values {
			v := &e.Values[i]
			if v.Name, err = d.name(d.u32(r.extra, 2*i)); err != nil {
				return nil, fmt.Errorf("type id %d: enum value %d: %w", id, i, err)
			}
			val := d.u32(r.extra, 2*i+1)
			v.Value = uint64(val)
			if e.Signed {
				v.Value = uint64(int32(val))
			}
		}
		t = e
	case kindEnum64:
		e := &btf.Enum{Name: name, Size: r.sizeType, Signed: r.kindFlag, Values: make([]btf.EnumValue, r.vlen)}
		for i := range e.Values {
			v := &e.Values[i]
			if v.Name, err = d.name(d.u32(r.extra, 3*i)); err != nil {
				return nil, fmt.Errorf("type id %d: enum value %d: %w", id, i, err)
			}
			v.Value = uint64(d.u32(r.extra, 3*i+2))<<32 | uint64(d.u32(r.extra, 3*i+1))
		}
		t = e
	case kindFwd:
		kind := btf.FwdStruct
		if r.kindFlag {
			kind = btf.FwdUnion
		}
		t = &btf.Fwd{Name: name, Kind: kind}
	case kindTypedef:
		t = &btf.Typedef{Name: name}
	case kindVolatile:
		t = &btf.Volatile{}
	case kindConst:
		t = &btf.Const{}
	case kindRestrict:
		t = &btf.Restrict{}
	case kindFunc:
		t = &btf.Func{Name: name, Linkage: btf.FuncLinkage(r.vlen)}
	case kindFuncProto:
		fp := &btf.FuncProto{Params: make([]btf.FuncParam, r.vlen)}
		for i := range fp.Params {
			if fp.Params[i].Name, err = d.name(d.u32(r.extra, 2*i)); err != nil {
				return nil, fmt.Errorf("type id %d: parameter %d: %w", id, i, err)
			}
		}
		t = fp
	case kindVar:
		t = &btf.Var{Name: name, Linkage: btf.VarLinkage(d.u32(r.extra, 0))}
	case kindDatasec:
		ds := &btf.Datasec{Name: name, Size: r.sizeType, Vars: make([]btf.VarSecinfo, r.vlen)}
		for i := range ds.Vars {
			ds.Vars[i].Offset = d.u32(r.extra, 3*i+1)
			ds.Vars[i].Size = d.u32(r.extra, 3*i+2)
		}
		t = ds
	case kindFloat:
		t = &btf.Float{Name: name, Size: r.sizeType}
	case kindTypeTag:
		t = &btf.TypeTag{Value: name}
	case kindDeclTag:
		// cilium keeps decl tags as types of their own, which it does not
		// export; nothing valid refers to one.
		return nil, fmt.Errorf("type id %d: a decl tag is no type", id)
	default:
		// index has rejected every other kind.
		return nil, fmt.Errorf("type id %d: unknown kind %d", id, r.kind)
	}
	d.inflated[id] = t
	d.work = append(d.work, id)
	return t, nil
}

// resolve fills in the references of type id, which alloc allocated.
func (d *decoder) resolve(id uint32) (err error) {
	r := d.record(id)
	t := d.inflated[id]
	fail := func(what string, err error) error {
		return fmt.Errorf("type id %d: %s: %w", id, what, err)
	}
	switch t := t.(type) {
	case *btf.Pointer:
		if t.Target, err = d.ref(r.sizeType); err != nil {
			return fail("pointer target", err)
		}
	case *btf.Array:
		if t.Type, err = d.ref(d.u32(r.extra, 0)); err != nil {
			return fail("array element", err)
		}
		if t.Index, err = d.ref(d.u32(r.extra, 1)); err != nil {
			return fail("array index", err)
		}
	case *btf.Struct:
		return d.members(id, r, t.Members)
	case *btf.Union:
		return d.members(id, r, t.Members)
	case *btf.Typedef:
		if t.Type, err = d.ref(r.sizeType); err != nil {
			return fail("typedef", err)
		}
	case *btf.Volatile:
		if t.Type, err = d.ref(r.sizeType); err != nil {
			return fail("volatile", err)
		}
	case *btf.Const:
		if t.Type, err = d.ref(r.sizeType); err != nil {
			return fail("const", err)
		}
	case *btf.Restrict:
		if t.Type, err = d.ref(r.sizeType); err != nil {
			return fail("restrict", err)
		}
	case *btf.TypeTag:
		if t.Type, err = d.ref(r.sizeType); err != nil {
			return fail("type tag", err)
		}
	case *btf.Func:
		if t.Type, err = d.ref(r.sizeType); err != nil {
			return fail("function type", err)
		}
	case *btf.FuncProto:
		for i := range t.Params {
			if t.Params[i].Type, err = d.ref(d.u32(r.extra, 2*i+1)); err != nil {
				return fail(fmt.Sprintf("parameter %d", i), err)
			}
		}
		if t.Return, err = d.ref(r.sizeType); err != nil {
			return fail("return type", err)
		}
	case *btf.Var:
		if t.Type, err = d.ref(r.sizeType); err != nil {
			return fail("variable type", err)
		}
	case *btf.Datasec:
		for i := range t.Vars {
			if t.Vars[i].Type, err = d.ref(d.u32(r.extra, 3*i)); err != nil {
				return fail(fmt.Sprintf("variable %d", i), err)
			}
		}
	}
	return nil
}

// members fills in the members of struct or union id as cilium does: with
// kind_flag set, the offset word holds the bit-field size in its top 8
// bits; without, a member whose type is an int of fewer bits than its size,
// or at a bit offset, is a bit-field of the old kind.
func (d *decoder) members(id uint32, r record, ms []btf.Member) (err error) {
	for i := range ms {
		m := &ms[i]
		if m.Name, err = d.name(d.u32(r.extra, 3*i)); err != nil {
			return fmt.Errorf("type id %d: member %d: name: %w", id, i, err)
		}
		typ := d.u32(r.extra, 3*i+1)
		if m.Type, err = d.ref(typ); err != nil {
			return fmt.Errorf("type id %d: member %d: %w", id, i, err)
		}
		off := d.u32(r.extra, 3*i+2)
		m.Offset = btf.Bits(off)
		if r.kindFlag {
			m.BitfieldSize = btf.Bits(off >> 24)
			m.Offset &= 0xffffff
			continue
		}
		if _, ok := m.Type.(*btf.Int); ok {
			it := d.record(typ)
			data := d.u32(it.extra, 0)
			bitOff, bits := btf.Bits(data>>16&0xff), btf.Bits(data&0xff)
			if bitOff > 0 || bits.Bytes() != it.sizeType {
				m.Offset += bitOff
				m.BitfieldSize = bits
			}
		}
	}
	return nil
}

// applyDeclTags adds the values of the decl tags on type id to its Tags, or
// its members' or parameters', as cilium does.
func (d *decoder) applyDeclTags(id uint32) error {
	i, _ := slices.BinarySearch(d.declTags, uint64(id)<<32)
	for ; i < len(d.declTags) && uint32(d.declTags[i]>>32) == id; i++ {
		tagID := uint32(d.declTags[i])
		r := d.record(tagID)
		value, err := d.name(r.nameOff)
		if err != nil {
			return fmt.Errorf("type id %d: name: %w", tagID, err)
		}
		index := int(int32(d.u32(r.extra, 0)))
		bad := func() error {
			return fmt.Errorf("type id %d: decl tag %q with component index %d on type id %d", tagID, value, index, id)
		}
		switch t := d.inflated[id].(type) {
		case *btf.Var:
			if index != -1 {
				return bad()
			}
			t.Tags = append(t.Tags, value)
		case *btf.Typedef:
			if index != -1 {
				return bad()
			}
			t.Tags = append(t.Tags, value)
		case *btf.Struct:
			if t.Tags, err = tagComposite(t.Tags, t.Members, index, value); err != nil {
				return bad()
			}
		case *btf.Union:
			if t.Tags, err = tagComposite(t.Tags, t.Members, index, value); err != nil {
				return bad()
			}
		case *btf.Func:
			fp, ok := t.Type.(*btf.FuncProto)
			if !ok {
				return bad()
			}
			if len(t.ParamTags) == 0 {
				t.ParamTags = make([][]string, len(fp.Params))
			}
			switch {
			case index >= 0 && index < len(fp.Params):
				t.ParamTags[index] = append(t.ParamTags[index], value)
			case index == -1:
				t.Tags = append(t.Tags, value)
			default:
				return bad()
			}
		default:
			return bad()
		}
	}
	return nil
}

var errTagIndex = errors.New("decl tag index out of range")

func tagComposite(tags []string, ms []btf.Member, index int, value string) ([]string, error) {
	switch {
	case index >= 0 && index < len(ms):
		ms[index].Tags = append(ms[index].Tags, value)
	case index == -1:
		tags = append(tags, value)
	default:
		return tags, errTagIndex
	}
	return tags, nil
}
