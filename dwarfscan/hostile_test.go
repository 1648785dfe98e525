package dwarfscan

import (
	"bytes"
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/cachelint/cachelint/input"

	"github.com/cachelint/cachelint/layout"
)

// checkDeep checks the layouts of testdata/c/deep.c, read from DWARF or
// BTF: unnamed structs 1,500 deep, the int at the bottom, and the struct
// beside them.
func checkDeep(t *testing.T, ss []*layout.Struct) {
	t.Helper()
	var deep, other *layout.Struct
	for _, s := range ss {
		switch s.Name {
		case "deep":
			deep = s
		case "other":
			other = s
		}
	}
	if deep == nil || other == nil {
		t.Fatalf("deep %v, other %v", deep, other)
	}
	if other.Size != 16 || len(other.Members) != 2 {
		t.Errorf("other: size %d, %d members", other.Size, len(other.Members))
	}
	if deep.Size != 12 || len(deep.Members) != 3 {
		t.Fatalf("deep: size %d, %d members", deep.Size, len(deep.Members))
	}
	depth, m := 0, &deep.Members[1]
	for len(m.Inner) == 1 {
		depth++
		if m.Offset != 4 || m.Size != 4 {
			t.Fatalf("level %d: offset %d size %d", depth, m.Offset, m.Size)
		}
		m = &m.Inner[0]
	}
	if depth != 1500 || m.Name != "leaf" || m.Offset != 4 {
		t.Errorf("%d levels down to %s at %d, want 1500 down to leaf at 4", depth, m.Name, m.Offset)
	}
}

func TestDeepNesting(t *testing.T) {
	t.Parallel()
	checkDeep(t, structsOf(t, testdata("c/deep.o")))
	checkDeep(t, structsOf(t, testdata("c/deep.o"), "deep", "other"))
}

// TestHugeArrays checks arrays past 32 bits of elements and of bytes:
// sizes, types and the offsets after them.
func TestHugeArrays(t *testing.T) {
	t.Parallel()
	ss := structsOf(t, testdata("c/huge.o"), "huge_array", "huge_matrix")
	a, m := ss[0], ss[1]
	if a.Size != 1<<40+16 || a.Members[1].Size != 1<<40 || a.Members[1].Type != "char[1099511627776]" || a.Members[2].Offset != 1<<40+8 {
		t.Errorf("huge_array: size %d, big %d %q, x at %d", a.Size, a.Members[1].Size, a.Members[1].Type, a.Members[2].Offset)
	}
	cells := m.Members[1]
	if cells.Size != 1<<43 || cells.ElemSize != 1<<23 || cells.Type != "long int[1048576][1048576]" || m.Members[2].Offset != 1<<43+8 {
		t.Errorf("huge_matrix: cells %d (elements %d) %q, tail at %d", cells.Size, cells.ElemSize, cells.Type, m.Members[2].Offset)
	}
}

// TestTypeUnits reads the structs that -fdebug-types-section moves into
// type units (DWARF 4 .debug_types, DWARF 5 DW_UT_type; linked, and in an
// object, where each type unit has a section of its own): the layouts of
// the same sources built without them, whatever the order.
func TestTypeUnits(t *testing.T) {
	t.Parallel()
	byName := func(ss []*layout.Struct) map[string]*layout.Struct {
		m := make(map[string]*layout.Struct)
		for _, s := range ss {
			m[s.Name] = s
		}
		return m
	}
	for _, c := range []struct{ tu, plain string }{
		{"c/fixture-tu4", "c/fixture-dwarf4"},
		{"c/fixture-tu5", "c/fixture"},
		{"c/queues-tu.o", "c/queues.o"},
	} {
		got, want := byName(structsOf(t, testdata(c.tu))), byName(structsOf(t, testdata(c.plain)))
		if len(got) != len(want) || len(want) < 5 {
			t.Errorf("%s: %d structs, %s has %d", c.tu, len(got), c.plain, len(want))
		}
		for name, w := range want {
			if diff := cmp.Diff(w, got[name], cmpopts.IgnoreUnexported(layout.Struct{}, layout.Member{})); diff != "" {
				t.Errorf("%s: struct %s differs (-%s +%s):\n%s", c.tu, name, c.plain, c.tu, diff)
			}
		}
		// -C finds them too.
		if ss := structsOf(t, testdata(c.tu), "pkt_rx_queue"); len(ss) != 1 {
			t.Errorf("%s: -C pkt_rx_queue: %d structs", c.tu, len(ss))
		}
	}
}

// mangle returns a copy of the ELF file at path with fn applied to it,
// written to a temporary file.
func mangle(t *testing.T, path string, fn func(ef *elf.File, b []byte)) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ef, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	fn(ef, b)
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSilentLoss checks DWARF whose defects once lost structs without a
// word: a unit of an unknown type, and names in an emptied .debug_str.
func TestSilentLoss(t *testing.T) {
	t.Parallel()
	src := testdata("c/queues.o") // DWARF 5, 64-bit ELF
	unitType := mangle(t, src, func(ef *elf.File, b []byte) {
		// length (4), version (2), then unit_type.
		b[ef.Section(".debug_info").Offset+6] = 0x7f
	})
	emptyStr := mangle(t, src, func(ef *elf.File, b []byte) {
		for i, s := range ef.Sections {
			if s.Name == ".debug_str" {
				hdr := binary.LittleEndian.Uint64(b[0x28:]) + uint64(i)*64
				binary.LittleEndian.PutUint64(b[hdr+32:], 0) // sh_size
			}
		}
	})
	for _, c := range []struct{ path, want string }{
		{unitType, ": corrupt DWARF: unit at 0x0: unknown unit type 0x7f"},
		{emptyStr, "past .debug_str (0 bytes)"},
	} {
		f, err := Open(c.path)
		if err == nil {
			_, err = f.Structs()
			f.Close()
		}
		if !errors.Is(err, input.ErrCorrupt) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want ...%s...", err, c.want)
		}
	}
}

// TestBaseClasses checks C++ base classes where g++ puts them (see
// testdata/c/cxx.cc): an empty base takes no room, a virtual base comes
// after the vtable pointer and the members, not on top of them, also when
// it is a base's (Indirect), and a base with virtual bases takes only its
// non-virtual part. The bases are listed as the declaration has them.
func TestBaseClasses(t *testing.T) {
	t.Parallel()
	type at struct {
		name         string
		offset, size int64
	}
	want := map[string][]at{
		"WithEmpty": {{"<ancestor>", 0, 0}, {"x", 0, 8}},
		"Derived":   {{"_vptr.Derived", 0, 8}, {"d", 8, 4}, {"<ancestor>", 16, 8}},
		"Both":      {{"<ancestor>", 0, 0}, {"_vptr.Both", 0, 8}, {"c", 8, 1}, {"<ancestor>", 16, 8}},
		"Indirect":  {{"<ancestor>", 0, 12}, {"i", 12, 4}, {"<ancestor>", 16, 8}},
		"Hidden":    {{"<ancestor>", 0, 8}, {"h", 8, 4}},
	}
	sizes := map[string]int64{"WithEmpty": 8, "Derived": 24, "Both": 24, "Indirect": 24, "Hidden": 16}
	bases := map[string][]string{
		"WithEmpty": {"Empty"}, "Derived": {"virtual Base"}, "Both": {"Empty", "virtual Base"},
		"Indirect": {"Derived"}, "Hidden": {"private Base"},
	}
	got := structsOf(t, testdata("c/cxx.o"), "WithEmpty", "Derived", "Both", "Indirect", "Hidden")
	if len(got) != len(want) {
		t.Fatalf("%d structs, want %d", len(got), len(want))
	}
	for _, s := range got {
		var ms []at
		for _, m := range s.Members {
			ms = append(ms, at{m.Name, m.Offset, m.Size})
		}
		if diff := cmp.Diff(want[s.Name], ms, cmp.AllowUnexported(at{})); diff != "" || s.Size != sizes[s.Name] {
			t.Errorf("%s (size %d): (-want +got)\n%s", s.Name, s.Size, diff)
		}
		if !slices.Equal(s.BaseClasses, bases[s.Name]) {
			t.Errorf("%s: bases %q, want %q", s.Name, s.BaseClasses, bases[s.Name])
		}
	}
}

// TestCompressedBomb checks a compressed section that says it inflates
// past the limits: refused before it is inflated.
func TestCompressedBomb(t *testing.T) {
	t.Parallel()
	path := mangle(t, testdata("c/types-gz.o"), func(ef *elf.File, b []byte) {
		// Elf64_Chdr: ch_type, ch_reserved, then ch_size.
		binary.LittleEndian.PutUint64(b[ef.Section(".debug_info").Offset+8:], 1<<40)
	})
	_, err := Open(path)
	if !errors.Is(err, input.ErrLimit) || !strings.Contains(err.Error(), "section .debug_info: expands past 16777216 bytes") {
		t.Errorf("err = %v, want the limit", err)
	}
}

// TestCXXMembers checks what C++ adds to members, on testdata/c/cxxtypes.cc
// and cxx.cc: the class keyword, each member's access (the default of its
// kind where DWARF gives none), and the sizes of references and pointers
// to members, which g++ asserts in the source.
func TestCXXMembers(t *testing.T) {
	t.Parallel()
	type mem struct {
		name, typ, access string
		offset, size      int64
	}
	want := map[string][]mem{
		"Account": {{"_vptr.Account", "int ()(void) * *", "public", 0, 8}, {"balance", "long int", "private", 8, 8},
			{"flags", "int", "protected", 16, 4}, {"tag", "char", "public", 20, 1}},
		"Mixed": {{"a", "int", "public", 0, 4}, {"b", "int", "private", 4, 4}, {"c", "int", "protected", 8, 4},
			{"d", "int", "public", 12, 4}},
		"Guarded": {{"secret", "long int", "private", 0, 8}, {"open", "char", "public", 8, 1},
			{"next", "struct Incomplete *", "public", 16, 8}, {"m", "const class Mixed  *", "public", 24, 8}},
		"PM": {{"field", "int Point::*", "public", 0, 8}, {"method", "int ()(const class Point  *) Point::*", "public", 8, 16},
			{"c", "char", "public", 24, 1}},
		"Derived2": {{"<ancestor>", "class Point", "public", 0, 8}, {"z", "int", "private", 8, 4}},
		"U":        {{"i", "int", "", 0, 4}, {"f", "float", "", 0, 4}},
	}
	class := map[string]bool{"Account": true, "Mixed": true, "Derived2": true}
	got := structsOf(t, testdata("c/cxxtypes.o"), "Account", "Mixed", "Guarded", "PM", "Derived2", "U", "RRef")
	got = append(got, structsOf(t, testdata("c/cxx.o"), "Hidden")...)
	want["Hidden"] = []mem{{"<ancestor>", "struct Base", "private", 0, 8}, {"h", "int", "public", 8, 4}}
	// DWARF 4 gives the static member count as a DW_TAG_member: no room
	// in the layout either.
	a4 := structsOf(t, testdata("c/cxxtypes-dwarf4.o"), "Account")
	a4[0].Name = "Account (DWARF 4)"
	want[a4[0].Name], class[a4[0].Name] = want["Account"], true
	got = append(got, a4...)
	for _, s := range got {
		if s.Name == "RRef" {
			if m := s.Members[0]; m.Type != "int &&" || m.Size != 8 || s.Members[1].Offset != 8 {
				t.Errorf("RRef: rr is %q of %d bytes, then %q at %d; want int && of 8, then flag at 8", m.Type, m.Size, s.Members[1].Name, s.Members[1].Offset)
			}
			continue
		}
		var ms []mem
		for _, m := range s.Members {
			ms = append(ms, mem{m.Name, m.Type, m.Access, m.Offset, m.Size})
		}
		if diff := cmp.Diff(want[s.Name], ms, cmp.AllowUnexported(mem{})); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", s.Name, diff)
		}
		if s.Class != class[s.Name] {
			t.Errorf("%s: Class %v, want %v", s.Name, s.Class, class[s.Name])
		}
		delete(want, s.Name)
	}
	if len(want) > 0 {
		t.Errorf("not found: %v", want)
	}
}

// TestNoTypesSaysWhy checks the objects that hold DWARF but no types, which
// once read as files without a struct (exit 0, no output): the skeleton of
// split DWARF names its .dwo, whose types read as the plain object's; -g1
// says it has no types; a Go binary without DWARF gets Go's advice.
func TestNoTypesSaysWhy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ path, want string }{
		{"c/queues-split.o", "split DWARF (-gsplit-dwarf): the types are in queues-split.dwo (DW_AT_dwo_name); read that file"},
		{"c/queues-split4.o", "split DWARF (-gsplit-dwarf): the types are in queues-split4.dwo (DW_AT_dwo_name); read that file"},
		{"c/queues-g1.o", "DWARF without types (built with -g1 or -gline-tables-only?); build with -g"},
	} {
		for _, names := range [][]string{nil, {"pkt_rx_queue"}} {
			f, err := Open(testdata(c.path))
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.Structs(names...)
			f.Close()
			if !errors.Is(err, input.ErrNoTypes) || err.Error() != testdata(c.path)+": "+c.want {
				t.Errorf("%s %v: %v, want %s", c.path, names, err, c.want)
			}
		}
	}
	for _, c := range []struct{ dwo, plain string }{{"c/queues-split.dwo", "c/queues.o"}, {"c/queues-split4.dwo", "c/queues-dwarf4.o"}} {
		got, want := structsOf(t, testdata(c.dwo)), structsOf(t, testdata(c.plain))
		if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(layout.Struct{}, layout.Member{})); diff != "" {
			t.Errorf("%s differs from %s:\n%s", c.dwo, c.plain, diff)
		}
	}

	// The Go binary with its debug sections renamed, as if linked with
	// -ldflags=-w.
	goW := mangle(t, testdata("gobin/gobin"), func(ef *elf.File, b []byte) {
		sec := ef.Section(".shstrtab")
		names := b[sec.Offset : sec.Offset+sec.Size]
		copy(names, bytes.ReplaceAll(names, []byte("debug_"), []byte("xebug_")))
	})
	_, err := Open(goW)
	if want := goW + ": no DWARF: a Go binary linked with -ldflags=-w or -s; build it without them"; !errors.Is(err, input.ErrNoTypes) || err.Error() != want {
		t.Errorf("Go binary without DWARF: %v, want %s", err, want)
	}
}

// TestSizeLimit checks that the 2^60-byte limit holds for a struct as for
// an array: a struct of two arrays of 2^60 bytes, which once went on to
// allocate by its size, is refused with the limit named.
func TestSizeLimit(t *testing.T) {
	t.Parallel()
	path := testdata("c/big.o")
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = f.Structs()
	if want := path + ": compile unit at 0x0: type big at 0x1e: 2305843009213693952 bytes, past the limit of 2^60"; !errors.Is(err, input.ErrLimit) || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestTypedefChains checks what pahole -E prints of typedef chains:
// testdata/c/typedefs.o's 1,500 chained typedefs, each the type of a
// member, would name 1.1 million typedefs (pahole prints them, and 280 MB
// for 8,000); the chain made a loop, which the typedefs were once
// followed round 16,384 times for each member.
func TestTypedefChains(t *testing.T) {
	t.Parallel()
	path := testdata("c/typedefs.o")
	read := func(path string) error {
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		f.ExpandTypes = true
		_, err = f.Structs()
		return err
	}
	if err := read(path); !errors.Is(err, input.ErrLimit) || !strings.HasSuffix(err.Error(), ": -E: more than 1048576 typedef names to print") {
		t.Errorf("1,500 chained typedefs: %v", err)
	}
	if ss := structsOf(t, path); len(ss) != 1 || len(ss[0].Members) != 1500 {
		t.Errorf("without -E: %d structs", len(ss))
	}

	// t1's type made t1 itself.
	loop := mangle(t, path, func(ef *elf.File, b []byte) {
		d, err := ef.DWARF()
		if err != nil {
			t.Fatal(err)
		}
		r := d.Reader()
		for e, _ := r.Next(); e != nil; e, _ = r.Next() {
			if e.Tag != dwarf.TagTypedef || e.Val(dwarf.AttrName) != "t1" {
				continue
			}
			info := ef.Section(".debug_info")
			sec := b[info.Offset : info.Offset+info.Size]
			// The only unit starts at 0: DW_FORM_ref4 holds the offset.
			old := binary.LittleEndian.AppendUint32(nil, uint32(e.Val(dwarf.AttrType).(dwarf.Offset)))
			i := bytes.Index(sec[e.Offset:], old)
			if i < 0 || i > 16 {
				t.Fatalf("no DW_AT_type in t1 at %#x", e.Offset)
			}
			binary.LittleEndian.PutUint32(sec[int(e.Offset)+i:], uint32(e.Offset))
			return
		}
		t.Fatal("no typedef t1")
	})
	if err := read(loop); !errors.Is(err, input.ErrCorrupt) || !strings.Contains(err.Error(), ": typedef t1 at ") || !strings.HasSuffix(err.Error(), ": a loop of typedefs") {
		t.Errorf("a loop of typedefs: %v", err)
	}
}

// TestVirtualBases checks testdata/c/vbases.cc, built by g++ and clang++,
// whose virtual bases lie where its comment says the compilers put them:
// a nearly empty primary base at 0 (which once failed the whole file as
// a member outside its struct), an empty one at 0 (once at 12), the others
// after the rest, sized as bases.
func TestVirtualBases(t *testing.T) {
	t.Parallel()
	want := map[string]struct {
		size  int64
		bases map[string]int64
	}{
		"D1":      {16, map[string]int64{"VB": 0}},
		"D2":      {16, map[string]int64{"E": 0}},
		"D3":      {32, map[string]int64{"VB2": 16}},
		"Diamond": {48, map[string]int64{"M1": 0, "M2": 16, "VB2": 32}},
		"NE":      {8, map[string]int64{"VB": 0}},
		"D4":      {32, map[string]int64{"VB": 0, "VB2": 16}},
	}
	for _, obj := range []string{"c/vbases.o", "c/vbases-clang.o"} {
		ss := structsOf(t, testdata(obj))
		for name, w := range want {
			s := lookup(t, ss, name)
			got := map[string]int64{}
			for _, m := range s.Members {
				if m.Name == "<ancestor>" {
					got[strings.TrimPrefix(m.Type, "struct ")] = m.Offset
				}
			}
			if s.Size != w.size || !maps.Equal(got, w.bases) {
				t.Errorf("%s: %s size %d, bases at %v; want %d, %v", obj, name, s.Size, got, w.size, w.bases)
			}
		}
	}
}

// TestHostileNames gives a struct of testdata/c/types.o a name with a
// terminal escape, which text output once passed through to the
// terminal: an error naming it instead.
func TestHostileNames(t *testing.T) {
	t.Parallel()
	path := mangle(t, testdata("c/types.o"), func(ef *elf.File, b []byte) {
		sec := ef.Section(".debug_str")
		str := b[sec.Offset : sec.Offset+sec.Size]
		i := bytes.Index(str, []byte("\x00nested\x00"))
		if i < 0 {
			t.Fatal("no name nested in .debug_str")
		}
		copy(str[i+1:], "n\x1b[3md")
	})
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = f.Structs()
	if !errors.Is(err, input.ErrCorrupt) || !strings.HasSuffix(err.Error(), `: name "n\x1b[3md" holds a control character`) {
		t.Errorf("got %v", err)
	}
}

// TestLongTypedefChain reads testdata/c/longchain.o.gz, a member whose
// type is the last of 17,000 typedefs in a row: past the types in a row
// the reader follows, an error naming the limit, where once the member
// silently had size 0.
func TestLongTypedefChain(t *testing.T) {
	t.Parallel()
	path := testdata("c/longchain.o.gz")
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = f.Structs()
	if !errors.Is(err, input.ErrLimit) || !strings.HasSuffix(err.Error(), ": more than 16384 types in a row, typedefs of typedefs or a loop of them") {
		t.Errorf("got %v", err)
	}
}

// TestELFHeaderOutOfRange checks section headers whose offset or size
// reads as negative to debug/elf, or lies past the end of the file: the
// error names the file, the section and the field, in hex, against the
// file's size.
func TestELFHeaderOutOfRange(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		field int // in the section header of .debug_info
		value uint64
		want  string
	}{
		{24, 0xa000000000000000, "section 4 (.debug_info): the offset (sh_offset) 0xa000000000000000 lies past the end of the 6448-byte file"},
		{32, 0xa000000000000000, "section 4 (.debug_info): the size (sh_size) 0xa000000000000000 runs past the end of the 6448-byte file"},
		// Within what debug/elf takes, past what the file holds.
		{32, 1 << 20, "section 4 (.debug_info): its 1048576 bytes at 0x40 run past the end of the 6448-byte file"},
	} {
		path := mangle(t, testdata("c/queues.o"), func(ef *elf.File, b []byte) {
			hdr := binary.LittleEndian.Uint64(b[0x28:]) + 4*64
			binary.LittleEndian.PutUint64(b[hdr+uint64(c.field):], c.value)
		})
		_, err := Open(path)
		if want := path + ": corrupt ELF: " + c.want; !errors.Is(err, input.ErrCorrupt) || err == nil || err.Error() != want {
			t.Errorf("err = %v, want %s", err, want)
		}
	}
}
