package btfscan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/btf"
)

// ciliumTypes loads raw with cilium's decoder: all its types, as Spec.All
// yields them.
func ciliumTypes(t *testing.T, raw []byte) (*btf.Spec, []btf.Type) {
	t.Helper()
	spec, err := btf.LoadSpecFromReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var all []btf.Type
	for typ, err := range spec.All() {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, typ)
	}
	return spec, all
}

func ourTypes(t *testing.T, d *decoder) []btf.Type {
	t.Helper()
	var all []btf.Type
	for typ, err := range d.All() {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, typ)
	}
	return all
}

// sameTypes checks that two lists of types are the same graph: each type
// has the fields of its counterpart, and refers to the counterparts of the
// types that one refers to.
func sameTypes(t *testing.T, want, got []btf.Type) {
	t.Helper()
	if len(want) != len(got) {
		t.Fatalf("%d types, cilium %d", len(got), len(want))
	}
	wantIdx, gotIdx := make(map[btf.Type]int), make(map[btf.Type]int)
	for i := range want {
		wantIdx[want[i]], gotIdx[got[i]] = i, i
	}
	typeType := reflect.TypeFor[btf.Type]()
	var eq func(w, g reflect.Value) bool
	eq = func(w, g reflect.Value) bool {
		if w.Type() != g.Type() {
			return false
		}
		switch w.Kind() {
		case reflect.Interface:
			if w.Type() == typeType {
				wi, wok := wantIdx[w.Interface().(btf.Type)]
				gi, gok := gotIdx[g.Interface().(btf.Type)]
				return wok && gok && wi == gi
			}
			return w.IsNil() && g.IsNil() || !w.IsNil() && !g.IsNil() && eq(w.Elem(), g.Elem())
		case reflect.Slice:
			if w.IsNil() != g.IsNil() || w.Len() != g.Len() {
				return false
			}
			for i := range w.Len() {
				if !eq(w.Index(i), g.Index(i)) {
					return false
				}
			}
			return true
		case reflect.Struct:
			for i := range w.NumField() {
				if !eq(w.Field(i), g.Field(i)) {
					return false
				}
			}
			return true
		case reflect.Pointer:
			return w.IsNil() && g.IsNil() || !w.IsNil() && !g.IsNil() && eq(w.Elem(), g.Elem())
		}
		return w.Interface() == g.Interface()
	}
	for i := range want {
		if !eq(reflect.ValueOf(want[i]), reflect.ValueOf(got[i])) {
			t.Fatalf("type %d: %v, cilium %v", i, got[i], want[i])
		}
	}
}

// TestDecoderMatchesCilium checks that the decoder builds the types
// cilium's does, every one of them, and in any order it is asked for them.
func TestDecoderMatchesCilium(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		raw  []byte
	}{{"vmlinux", rawVmlinux(t)}, {"tiny", tinyRaw(t)}} {
		t.Run(c.name, func(t *testing.T) {
			spec, want := ciliumTypes(t, c.raw)
			d, err := newDecoder(c.raw)
			if err != nil {
				t.Fatal(err)
			}
			// Some types first, the rest after.
			for _, name := range []string{"net_device", "tiny"} {
				d.AnyTypesByName(name)
			}
			sameTypes(t, want, ourTypes(t, d))

			d, err = newDecoder(c.raw)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{
				"long int", "net_device", "irq_info", "u32", "task_struct", "tiny", "tiny_packed",
				"bpf_kfunc", "rcu", "__percpu", "no_such_type", "", "long", "net_devic", "et_device",
				"schedule", "jiffies", ".data..percpu", "int", "char",
			} {
				sameLookup(t, name, spec, d)
			}
		})
	}
}

// sameLookup checks that looking name up finds the types cilium finds.
// Where cilium finds names only of types that have none as TypeName gives
// it (decl and type tags), it returns none and no error.
func sameLookup(t *testing.T, name string, spec *btf.Spec, d *decoder) {
	t.Helper()
	ws, werr := spec.AnyTypesByName(name)
	gs, gerr := d.AnyTypesByName(name)
	if errors.Is(werr, btf.ErrNotFound) || werr == nil && len(ws) == 0 {
		ws, werr = nil, btf.ErrNotFound
	}
	if werr != gerr || !reflect.DeepEqual(ws, gs) {
		t.Errorf("%q: %v, %v; cilium %v, %v", name, gs, gerr, ws, werr)
	}
}

// TestBigEndian checks that a big-endian blob reads as its little-endian
// original.
func TestBigEndian(t *testing.T) {
	t.Parallel()
	raw := tinyRaw(t)
	d, err := newDecoder(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := ourTypes(t, d)
	d, err = newDecoder(swapEndian(t, raw))
	if err != nil {
		t.Fatal(err)
	}
	sameTypes(t, want, ourTypes(t, d))
}

// swapEndian turns little-endian BTF into big-endian BTF: every word of
// the header and the type section.
func swapEndian(t testing.TB, raw []byte) []byte {
	t.Helper()
	le, be := binary.LittleEndian, binary.BigEndian
	out := append([]byte(nil), raw...)
	be.PutUint16(out, le.Uint16(raw))
	hdrLen := le.Uint32(raw[4:])
	for i := 4; i < int(hdrLen); i += 4 {
		be.PutUint32(out[i:], le.Uint32(raw[i:]))
	}
	typeOff, typeLen := le.Uint32(raw[8:]), le.Uint32(raw[12:])
	for i := hdrLen + typeOff; i < hdrLen+typeOff+typeLen; i += 4 {
		be.PutUint32(out[i:], le.Uint32(raw[i:]))
	}
	return out
}

// blob builds BTF: types are the words of the type section, strs the
// strings after the empty one.
type blob struct {
	hdr   []byte // words past the 24 bytes of the header
	types []uint32
	strs  []string
}

// str returns the offset of the i'th string.
func (b *blob) str(i int) uint32 {
	off := 1
	for _, s := range b.strs[:i] {
		off += len(s) + 1
	}
	return uint32(off)
}

func (b *blob) bytes() []byte {
	var types, strs []byte
	for _, w := range b.types {
		types = binary.LittleEndian.AppendUint32(types, w)
	}
	strs = append(strs, 0)
	for _, s := range b.strs {
		strs = append(append(strs, s...), 0)
	}
	hdrLen := btfHeaderLen + len(b.hdr)
	out := binary.LittleEndian.AppendUint16(nil, 0xeb9f)
	out = append(out, 1, 0)
	for _, w := range []int{hdrLen, 0, len(types), len(types), len(strs)} {
		out = binary.LittleEndian.AppendUint32(out, uint32(w))
	}
	out = append(out, b.hdr...)
	return append(append(out, types...), strs...)
}

func tinfo(kind, vlen uint32, kindFlag bool) uint32 {
	i := kind<<24 | vlen
	if kindFlag {
		i |= 1 << 31
	}
	return i
}

// base is: 1 int "int"; 2 struct "s" {int a; struct s *next}; 3 pointer
// to 2. The tests append types from ID 4 on.
func base() *blob {
	b := &blob{strs: []string{"int", "s", "a", "next", "t", "loop", "tag"}}
	b.types = []uint32{
		b.str(0), tinfo(kindInt, 0, false), 4, 1<<24 | 32,
		b.str(1), tinfo(kindStruct, 2, false), 16,
		b.str(2), 1, 0,
		b.str(3), 3, 64,
		0, tinfo(kindPointer, 0, false), 2,
	}
	return b
}

// struct t (ID 4) with the given members: name, type, offset.
func withStruct(b *blob, members ...uint32) *blob {
	b.types = append(b.types, b.str(4), tinfo(kindStruct, uint32(len(members)/3), false), 16)
	b.types = append(b.types, members...)
	return b
}

func TestDecoderErrors(t *testing.T) {
	t.Parallel()
	mod := func(f func(b *blob)) []byte {
		b := base()
		f(b)
		return b.bytes()
	}
	for _, c := range []struct {
		name  string
		raw   []byte
		want  string // what Open's or Structs' error contains
		names []string
	}{
		{"ok", base().bytes(), "", nil},
		{"unknown-kind", mod(func(b *blob) { b.types = append(b.types, 0, tinfo(25, 0, false), 0) }), "unknown kind 25", nil},
		{"kind-0", mod(func(b *blob) { b.types = append(b.types, 0, 0, 0) }), "unknown kind 0", nil},
		{"cut-record", mod(func(b *blob) { b.types = append(b.types, 0, tinfo(kindStruct, 3, false), 0, 0) }), "type 4 at 64: record cut off", nil},
		{"cut-header", mod(func(b *blob) { b.types = append(b.types, 0, tinfo(kindPointer, 0, false)) }), "type 4 at 64: record cut off", nil},
		{"member-id", mod(func(b *blob) { withStruct(b, b.str(2), 99, 0) }), "type id 4: member 0: type id 99: not found (4 types)", nil},
		{"member-id-named", mod(func(b *blob) { withStruct(b, b.str(2), 99, 0) }), "type id 99: not found", []string{"t"}},
		{"pointer-id", mod(func(b *blob) { b.types = append(b.types, 0, tinfo(kindPointer, 0, false), 1<<31) }), "type id 2147483648: not found", nil},
		{"name-past-end", mod(func(b *blob) { withStruct(b, 1000, 1, 0) }), "string offset 1000 past the string section", nil},
		{"name-mid-string", mod(func(b *blob) { withStruct(b, b.str(2)+1, 1, 0) }), "not the start of a string", nil},
		{"type-name", mod(func(b *blob) { b.types[0] = 2 }), "type id 1: name: string offset 2 is not the start of a string", nil},
		{"decl-tag-as-type", mod(func(b *blob) {
			withStruct(b, b.str(2), 5, 0)
			b.types = append(b.types, b.str(6), tinfo(kindDeclTag, 0, false), 2, 0)
		}), "type id 5: a decl tag is no type", nil},
		{"decl-tag-index", mod(func(b *blob) {
			b.types = append(b.types, b.str(6), tinfo(kindDeclTag, 0, false), 2, 2)
		}), `decl tag "tag" with component index 2 on type id 2`, nil},
		{"decl-tag-on-int", mod(func(b *blob) {
			b.types = append(b.types, b.str(6), tinfo(kindDeclTag, 0, false), 1, 0xffffffff)
		}), `decl tag "tag" with component index -1 on type id 1`, nil},
		{"typedef-loop", mod(func(b *blob) {
			withStruct(b, b.str(2), 5, 0)
			b.types = append(b.types, b.str(5), tinfo(kindTypedef, 0, false), 5)
		}), "qualifiers loop", nil},
		{"const-loop", mod(func(b *blob) {
			withStruct(b, b.str(2), 5, 0)
			b.types = append(b.types, 0, tinfo(kindConst, 0, false), 6, 0, tinfo(kindVolatile, 0, false), 5)
		}), "qualifiers loop", nil},
		{"array-loop", mod(func(b *blob) {
			withStruct(b, b.str(2), 5, 0)
			b.types = append(b.types, 0, tinfo(kindArray, 0, false), 0, 5, 1, 2)
		}), "type contains itself", nil},
		{"contains-itself", mod(func(b *blob) { withStruct(b, b.str(2), 4, 0) }), "type contains itself", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := write(t, c.name+".btf", c.raw)
			f, err := Open(path)
			if err == nil {
				_, err = f.Structs(c.names...)
				if err == nil {
					// A second time: a failure leaves nothing half built.
					_, err = f.Structs(c.names...)
				}
			}
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("err = %v", err)
			case c.want == "":
			case err == nil:
				t.Fatalf("no error, want %s", c.want)
			case !strings.HasPrefix(err.Error(), path+": bad BTF: ") || !strings.Contains(err.Error(), c.want):
				t.Fatalf("err = %v, want %s: bad BTF: ...%s...", err, path, c.want)
			}
		})
	}
}

// TestDecoderHeader checks what the header must hold beyond what
// checkHeader checks.
func TestDecoderHeader(t *testing.T) {
	t.Parallel()
	good := base().bytes()
	for _, c := range []struct {
		name string
		edit func(raw []byte) []byte
		want string
	}{
		{"version", func(raw []byte) []byte { raw[2] = 2; return raw }, "bad BTF: version 2"},
		{"flags", func(raw []byte) []byte { raw[3] = 1; return raw }, "bad BTF: flags 0x1"},
		{"strings-unterminated", func(raw []byte) []byte { raw[len(raw)-1] = 'x'; return raw }, "bad BTF: string section is not NUL-terminated"},
		{"strings-start", func(raw []byte) []byte {
			binary.LittleEndian.PutUint32(raw[16:], binary.LittleEndian.Uint32(raw[16:])+1)
			binary.LittleEndian.PutUint32(raw[20:], binary.LittleEndian.Uint32(raw[20:])-1)
			return raw
		}, "bad BTF: string section does not start with the empty string"},
	} {
		raw := c.edit(append([]byte(nil), good...))
		if _, err := newDecoder(raw); err == nil || err.Error() != c.want {
			t.Errorf("%s: err = %v, want %s", c.name, err, c.want)
		}
	}
	// Past the 24 bytes, the header may hold a layout section's offset and
	// length; the rest must be zero.
	for _, c := range []struct {
		hdr []byte
		ok  bool
	}{
		{[]byte{0, 0, 0, 0}, true},
		{[]byte{0, 0, 1, 0}, false},
		{[]byte{1, 2, 3, 4, 5, 6, 7, 8}, true},
		{[]byte{1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0}, true},
		{[]byte{1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 1}, false},
	} {
		b := base()
		b.hdr = c.hdr
		raw := b.bytes()
		if err := checkHeader(raw); err != nil {
			t.Fatal(err)
		}
		_, err := newDecoder(raw)
		if ok := err == nil; ok != c.ok {
			t.Errorf("header trailer %v: err = %v", c.hdr, err)
		}
	}
}

// TestDecoderBitfields checks both encodings of bit-fields: kind_flag's,
// and the old one of an int type with fewer bits than its size.
func TestDecoderBitfields(t *testing.T) {
	t.Parallel()
	b := base()
	b.types = append(b.types,
		// 4: int "int" of 3 bits at bit 2 of its 4 bytes (the old kind).
		b.str(0), tinfo(kindInt, 0, false), 4, 1<<24|2<<16|3,
		// 5: struct t {int a:5 at bit 9; int next at 32} with kind_flag.
		b.str(4), tinfo(kindStruct, 2, true), 8,
		b.str(2), 1, 5<<24|9,
		b.str(3), 1, 32,
		// 6: struct t {legacy a at bit 7}.
		b.str(4), tinfo(kindStruct, 1, false), 4,
		b.str(2), 4, 7,
	)
	d, err := newDecoder(b.bytes())
	if err != nil {
		t.Fatal(err)
	}
	_, want := ciliumTypes(t, b.bytes())
	got := ourTypes(t, d)
	sameTypes(t, want, got)
	s5, s6 := got[5].(*btf.Struct), got[6].(*btf.Struct)
	if m := s5.Members[0]; m.Offset != 9 || m.BitfieldSize != 5 {
		t.Errorf("kind_flag member: %+v", m)
	}
	if m := s5.Members[1]; m.Offset != 32 || m.BitfieldSize != 0 {
		t.Errorf("kind_flag member: %+v", m)
	}
	if m := s6.Members[0]; m.Offset != 9 || m.BitfieldSize != 3 {
		t.Errorf("legacy member: %+v", m)
	}
	// The pointer cycle: s.next points to s.
	s := got[2].(*btf.Struct)
	if s.Members[1].Type.(*btf.Pointer).Target != s {
		t.Errorf("s.next does not point to s")
	}
}

// TestDecoderKinds builds a blob with a type of every kind and compares
// the result with cilium's.
func TestDecoderKinds(t *testing.T) {
	t.Parallel()
	b := base()
	b.strs = append(b.strs, "e", "A", "B", "f", "x", ".data", "float", "u")
	e, va, vb, f, x, data, float, u := b.str(7), b.str(8), b.str(9), b.str(10), b.str(11), b.str(12), b.str(13), b.str(14)
	b.types = append(b.types,
		// 4: signed enum e {A = -1, B = 2}
		e, tinfo(kindEnum, 2, true), 4, va, 0xffffffff, vb, 2,
		// 5: enum64 e {A = 1<<40, B = 3}, unsigned
		e, tinfo(kindEnum64, 2, false), 8, va, 0, 1<<8, vb, 3, 0,
		// 6: fwd union u
		u, tinfo(kindFwd, 0, true), 0,
		// 7: typedef x -> 8, 8: volatile -> 9, 9: const -> 10, 10: restrict -> 3
		x, tinfo(kindTypedef, 0, false), 8,
		0, tinfo(kindVolatile, 0, false), 9,
		0, tinfo(kindConst, 0, false), 10,
		0, tinfo(kindRestrict, 0, false), 3,
		// 11: func proto int (int a, ...)
		0, tinfo(kindFuncProto, 2, false), 1, va, 1, 0, 0,
		// 12: global func f -> 11
		f, tinfo(kindFunc, 1, false), 11,
		// 13: var x int, global
		x, tinfo(kindVar, 0, false), 1, 1,
		// 14: datasec .data {13 at 8, 4 bytes}
		data, tinfo(kindDatasec, 1, false), 16, 13, 8, 4,
		// 15: float
		float, tinfo(kindFloat, 0, false), 8,
		// 16: type tag "rcu" -> 3
		b.str(6), tinfo(kindTypeTag, 0, false), 3,
		// 17: array [5] of 16, index int
		0, tinfo(kindArray, 0, false), 0, 16, 1, 5,
		// 18: union u {x; array} with decl tags 19..22
		u, tinfo(kindUnion, 2, false), 40, x, 7, 0, x, 17, 0,
		b.str(6), tinfo(kindDeclTag, 0, false), 18, 1,
		b.str(6), tinfo(kindDeclTag, 0, false), 18, 0xffffffff,
		b.str(6), tinfo(kindDeclTag, 0, false), 12, 0,
		b.str(6), tinfo(kindDeclTag, 0, false), 13, 0xffffffff,
		b.str(6), tinfo(kindDeclTag, 0, false), 7, 0xffffffff,
		b.str(6), tinfo(kindDeclTag, 0, false), 12, 0xffffffff,
	)
	raw := b.bytes()
	d, err := newDecoder(raw)
	if err != nil {
		t.Fatal(err)
	}
	spec, want := ciliumTypes(t, raw)
	got := ourTypes(t, d)
	sameTypes(t, want, got)
	if len(got) != 19 {
		t.Errorf("%d types, want 19 (decl tags left out)", len(got))
	}
	fn := got[12].(*btf.Func)
	if len(fn.ParamTags) != 2 || fn.ParamTags[0][0] != "tag" || len(fn.Tags) != 1 {
		t.Errorf("func %+v", fn)
	}
	// Name lookups, also a struct's, an enum value's and a parameter's.
	for _, name := range []string{"e", "A", "u", "x", "f", ".data", "float", "int", "s", "a", "tag", "nothing"} {
		sameLookup(t, name, spec, d)
	}
}

// TestLookUpMany checks that looking many names up together finds the
// same types as looking each up alone.
func TestLookUpMany(t *testing.T) {
	t.Parallel()
	raw := rawVmlinux(t)
	names := []string{"net_device", "sk_buff", "u32", "list_head", "task_struct", "no_such_type",
		"tcp_sock", "page", "inode", "file", "dentry", "sock", "net_device", "x", "int", "long int"}
	alone, together := mustDecoder(t, raw), mustDecoder(t, raw)
	together.lookUp(names)
	for _, n := range names {
		if a, b := alone.idsNamed(n), together.idsNamed(n); !slices.Equal(a, b) {
			t.Errorf("%s: alone %v, together %v", n, a, b)
		}
	}
}

// BenchmarkManyNames converts 200 structs named at once.
func BenchmarkManyNames(b *testing.B) {
	raw := rawVmlinux(b)
	d, err := newDecoder(raw)
	if err != nil {
		b.Fatal(err)
	}
	var names []string
	for t, err := range d.All() {
		if err != nil {
			b.Fatal(err)
		}
		if s, ok := t.(*btf.Struct); ok && s.Name != "" && len(names) < 200 {
			names = append(names, s.Name)
		}
	}
	for b.Loop() {
		f := &File{path: "vmlinux", spec: mustDecoder(b, raw), ptrSize: 8}
		if _, err := f.Structs(names...); err != nil {
			b.Fatal(err)
		}
	}
}
