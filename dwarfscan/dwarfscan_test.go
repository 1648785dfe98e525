package dwarfscan

import (
	"bytes"
	"compress/gzip"
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/cachelint/cachelint/internal/pahole"
	"github.com/cachelint/cachelint/layout"
)

func lookup(t *testing.T, ss []*layout.Struct, name string) *layout.Struct {
	t.Helper()
	for _, s := range ss {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no struct %s", name)
	return nil
}

func member(t *testing.T, s *layout.Struct, name string) *layout.Member {
	t.Helper()
	_, m := s.Lookup(name)
	if m == nil {
		t.Fatalf("%s has no member %s", s.Name, name)
	}
	return m
}

func TestNetDevice(t *testing.T) {
	t.Parallel()
	path := testdata("kernel/linux-6.1/veth.ko.debug")
	golden, err := pahole.ReadGolden(testdata("pahole/veth.ko.debug.golden"))
	if err != nil {
		t.Fatal(err)
	}
	ps, ok := pahole.Lookup(golden, "net_device")
	if !ok {
		t.Fatal("no net_device in the golden")
	}
	ss := structsOf(t, path, "net_device")
	if len(ss) != 1 {
		t.Fatalf("got %d net_device layouts, want 1", len(ss))
	}
	s := ss[0]
	if s.Size != ps.Size || s.Size != 2432 {
		t.Errorf("size %d, pahole %d", s.Size, ps.Size)
	}
	// ____cacheline_aligned: DW_AT_alignment 64.
	if s.Align != 64 || s.Packed || s.Kind != layout.KindStruct {
		t.Errorf("align %d packed %v kind %v, want 64, false, struct", s.Align, s.Packed, s.Kind)
	}
	if !strings.HasSuffix(s.DeclFile, "include/linux/netdevice.h") || s.DeclLine == 0 {
		t.Errorf("declared at %s:%d", s.DeclFile, s.DeclLine)
	}
	for _, c := range []struct {
		name, typ            string
		off, size, elem, aln int64
		atomic               int64
	}{
		{"name", "char[16]", 0, 16, 1, 1, 0},
		{"netdev_ops", "const struct net_device_ops  *", 208, 8, 0, 8, 0},
		{"features", "netdev_features_t", 232, 8, 0, 8, 0},
		{"carrier_up_count", "atomic_t", 496, 4, 0, 4, 4},
		{"perm_addr", "unsigned char[32]", 556, 32, 1, 1, 0},
		{"adj_list", "struct", 160, 32, 0, 8, 0},
	} {
		m := member(t, s, c.name)
		if m.Type != c.typ || m.Offset != c.off || m.Size != c.size || m.ElemSize != c.elem || m.Align != c.aln || m.Atomic != c.atomic {
			t.Errorf("%s: got %q at %d size %d elem %d align %d atomic %v, want %q at %d size %d elem %d align %d atomic %v",
				c.name, m.Type, m.Offset, m.Size, m.ElemSize, m.Align, m.Atomic, c.typ, c.off, c.size, c.elem, c.aln, c.atomic)
		}
	}
	adj := member(t, s, "adj_list")
	if len(adj.Inner) != 2 || adj.Inner[1].Name != "lower" || adj.Inner[1].Offset != 176 || adj.Embedded {
		t.Errorf("adj_list inner %+v", adj.Inner)
	}
	if err := s.Validate(); err != nil {
		t.Error(err)
	}
}

func TestSkBuffBitfields(t *testing.T) {
	t.Parallel()
	s := structsOf(t, testdata("kernel/linux-6.1/veth.ko.debug"), "sk_buff")[0]
	// __u8 pkt_type:3 at byte 128, bit 0, inside an anonymous struct in
	// an anonymous union (struct_group headers).
	pt := member(t, s, "pkt_type")
	if pt.Offset != 128 || pt.Size != 1 || pt.BitOffset != 128*8 || pt.BitSize != 3 || pt.Type != "__u8" {
		t.Errorf("pkt_type %+v", *pt)
	}
	ignoreDF := member(t, s, "ignore_df")
	if ignoreDF.BitOffset != 128*8+3 || ignoreDF.Unit == 0 || ignoreDF.Unit != pt.Unit {
		t.Errorf("ignore_df at bit %d unit %d, pkt_type unit %d", ignoreDF.BitOffset, ignoreDF.Unit, pt.Unit)
	}
	if l4 := member(t, s, "l4_hash"); l4.Unit == pt.Unit || l4.Offset != 129 {
		t.Errorf("l4_hash at %d shares unit %d with pkt_type", l4.Offset, l4.Unit)
	}
	marker := member(t, s, "__pkt_type_offset")
	if marker.Type != "__u8[0]" || marker.Size != 0 || marker.Offset != 128 {
		t.Errorf("__pkt_type_offset %q at %d size %d", marker.Type, marker.Offset, marker.Size)
	}
}

func TestBitfields(t *testing.T) {
	t.Parallel()
	dw5 := structsOf(t, testdata("c/bitfields.o"))
	dw4 := structsOf(t, testdata("c/bitfields-dwarf4.o"))
	// DW_AT_bit_offset (DWARF 4) and DW_AT_data_bit_offset (DWARF 5)
	// must give the same layouts.
	if !reflect.DeepEqual(dw5, dw4) {
		for i := range dw5 {
			if i < len(dw4) && !reflect.DeepEqual(dw5[i], dw4[i]) {
				t.Errorf("DWARF 5 %+v\nDWARF 4 %+v", *dw5[i], *dw4[i])
			}
		}
		if len(dw5) != len(dw4) {
			t.Errorf("%d structs in DWARF 5, %d in DWARF 4", len(dw5), len(dw4))
		}
	}
	for _, ss := range [][]*layout.Struct{dw5, dw4} {
		bits := lookup(t, ss, "bits")
		if bits.DeclFile != "bitfields.c" || bits.DeclLine != 5 {
			t.Errorf("bits declared at %s:%d", bits.DeclFile, bits.DeclLine)
		}
		if sc := member(t, bits, "sc"); sc.DeclFile != "bitfields.c" || sc.DeclLine != 18 {
			t.Errorf("bits.sc declared at %s:%d", sc.DeclFile, sc.DeclLine)
		}
		// Bit offsets and storage units from the comments in bitfields.c.
		for _, c := range []struct {
			name              string
			bit, width, off   int64
			size              int64
			sharesWithPrevius bool
		}{
			{"a", 0, 3, 0, 4, false},
			{"b", 3, 5, 0, 4, true},
			{"c", 8, 4, 0, 4, true},
			{"col", 12, 3, 0, 4, true},
			{"d", 32, 7, 4, 4, false},
			{"e", 40, 4, 5, 1, false},
			{"f", 48, 6, 6, 1, false},
			{"g", 64, 40, 8, 8, false},
			{"h", 128, 30, 16, 8, false},
			{"i", 160, 0, 20, 4, false},
			{"flag", 192, 1, 24, 1, false},
			{"sc", 193, 2, 24, 1, true},
		} {
			i, m := bits.Lookup(c.name)
			if m.BitOffset != c.bit || m.BitSize != c.width || m.Offset != c.off || m.Size != c.size {
				t.Errorf("bits.%s: bit %d width %d in %d+%d, want bit %d width %d in %d+%d",
					c.name, m.BitOffset, m.BitSize, m.Offset, m.Size, c.bit, c.width, c.off, c.size)
			}
			shares := i > 0 && m.Unit != 0 && bits.Members[i-1].Unit == m.Unit
			if shares != c.sharesWithPrevius {
				t.Errorf("bits.%s: unit %d, previous %d", c.name, m.Unit, bits.Members[max(i-1, 0)].Unit)
			}
		}
		st := lookup(t, ss, "straddle_bits")
		if !st.Packed || st.Align != 1 || st.Size != 10 {
			t.Errorf("straddle_bits packed %v align %d size %d", st.Packed, st.Align, st.Size)
		}
		for name, bit := range map[string]int64{"x": 8, "y": 38, "z": 68} {
			if m := member(t, st, name); m.BitOffset != bit {
				t.Errorf("straddle_bits.%s at bit %d, want %d", name, m.BitOffset, bit)
			}
		}
	}
}

func TestTypes(t *testing.T) {
	t.Parallel()
	ss := structsOf(t, testdata("c/types.o"))
	for _, c := range []struct {
		st, m, typ string
		size, elem int64
	}{
		{"flex", "data", "char[]", 0, 1},
		{"arrays", "grid", "int[3][4]", 48, 16},
		{"arrays", "pts", "point_t[2][2][2]", 64, 32},
		{"quals", "str", "const char  *", 8, 0},
		{"quals", "cp", "const char *", 8, 0},
		{"fnptrs", "fn", "void (*)(int)", 8, 0},
		{"fnptrs", "fn2", "int (*)(const char  *, ...)", 8, 0},
		{"fnptrs", "alloc", "void * (*)(size_t, int)", 8, 0},
		// pahole's spelling of an array of function pointers.
		{"fnptrs", "handlers", "void (*)(void)[3]", 24, 8},
		{"nested", "named", "struct", 4, 0},
		{"nested", "bf", "unsigned int", 4, 0},
	} {
		m := member(t, lookup(t, ss, c.st), c.m)
		if m.Type != c.typ || m.Size != c.size || m.ElemSize != c.elem {
			t.Errorf("%s.%s: %q size %d elem %d, want %q size %d elem %d", c.st, c.m, m.Type, m.Size, m.ElemSize, c.typ, c.size, c.elem)
		}
	}
	// Anonymous members nest, with offsets from the outer struct.
	n := lookup(t, ss, "nested")
	if u := &n.Members[1]; u.Name != "" || !u.Embedded || u.Type != "union" || u.Offset != 8 || len(u.Inner) != 3 {
		t.Fatalf("nested's anonymous union: %+v", *u)
	}
	if hi := member(t, n, "named").Inner[1]; hi.Name != "hi" || hi.Offset != 10 {
		t.Errorf("nested.named.hi at %d", hi.Offset)
	}
	if f := member(t, n, "f"); f.Offset != 20 {
		t.Errorf("nested.f at %d", f.Offset)
	}
	if v := lookup(t, ss, "value"); v.Kind != layout.KindUnion || v.Size != 16 || v.Align != 8 {
		t.Errorf("union value: kind %v size %d align %d", v.Kind, v.Size, v.Align)
	}
}

func TestAlignment(t *testing.T) {
	t.Parallel()
	q := structsOf(t, testdata("c/queues.o"))
	if s := lookup(t, q, "al64"); s.Align != 64 || s.Size != 64 {
		t.Errorf("al64 align %d size %d", s.Align, s.Size)
	}
	ma := lookup(t, q, "member_al")
	if b := member(t, ma, "b"); b.Align != 64 || b.AlignAttr != 64 || b.Offset != 64 || ma.Align != 64 {
		t.Errorf("member_al.b align %d (attribute %d) at %d, struct align %d", b.Align, b.AlignAttr, b.Offset, ma.Align)
	}
	if a := member(t, ma, "a"); a.AlignAttr != 0 || ma.Lang != layout.LangC {
		t.Errorf("member_al.a aligned by attribute to %d; language %s", a.AlignAttr, ma.Lang)
	}

	p := structsOf(t, testdata("c/packed.o"))
	for name, want := range map[string]struct {
		packed bool
		align  int64
	}{
		"packed_mix":     {true, 1},
		"packed_hdr":     {true, 1},
		"holds_packed":   {false, 8},
		"packed_aligned": {true, 4},
		"split_lock":     {true, 1},
	} {
		if s := lookup(t, p, name); s.Packed != want.packed || s.Align != want.align {
			t.Errorf("%s packed %v align %d, want %v %d", name, s.Packed, s.Align, want.packed, want.align)
		}
	}
	if pm := member(t, lookup(t, p, "holds_packed"), "pm"); pm.Align != 1 {
		t.Errorf("a packed struct member aligns to %d", pm.Align)
	}
	sl := lookup(t, p, "split_lock")
	if c := member(t, sl, "counter"); c.Atomic != 8 || c.Type != "_Atomic long int" || c.Offset != 60 || c.Align != 8 {
		t.Errorf("split_lock.counter %+v", *c)
	}
	if c := member(t, lookup(t, p, "split_lock_volatile"), "counter"); c.Atomic != 0 {
		t.Error("a volatile long is not atomic")
	}
}

func TestGo(t *testing.T) {
	t.Parallel()
	ss := structsOf(t, testdata("gobin/gobin"), "main.ZeroTail", "main.Outer", "main.Holes", "main.Counters")
	if len(ss) != 4 {
		t.Fatalf("got %d structs, want 4", len(ss))
	}
	c := lookup(t, ss, "main.Counters")
	if sh := member(t, c, "Shared"); sh.Atomic != 8 || sh.Type != "sync/atomic.Int64" || sh.Offset != 32 {
		t.Errorf("main.Counters.Shared %q at %d atomic %v", sh.Type, sh.Offset, sh.Atomic)
	}
	if h := member(t, c, "Hits"); h.Atomic != 0 {
		t.Error("main.Counters.Hits is atomic")
	}
	z := lookup(t, ss, "main.ZeroTail")
	if !z.PadZeroSizeTail || z.Size != 8 || z.Lang != layout.LangGo {
		t.Errorf("main.ZeroTail: PadZeroSizeTail %v size %d language %s", z.PadZeroSizeTail, z.Size, z.Lang)
	}
	// C's spelling of Go's [4][2]int16 (pahole 1.24 reverses it).
	if d := member(t, lookup(t, ss, "main.Outer"), "Data"); d.Type != "int16[4][2]" || d.Size != 16 || d.ElemSize != 4 {
		t.Errorf("main.Outer.Data %q size %d elem %d", d.Type, d.Size, d.ElemSize)
	}
	if i := member(t, lookup(t, ss, "main.Holes"), "I"); i.Size != 8 || i.Align != 8 {
		t.Errorf("main.Holes.I (a func) size %d align %d", i.Size, i.Align)
	}
}

// TestDuplicates checks that one name with two layouts in two compile
// units is reported twice and identical layouts once.
func TestDuplicates(t *testing.T) {
	t.Parallel()
	ss := structsOf(t, testdata("c/fixture"))
	names := map[string]int{}
	for _, s := range ss {
		names[s.Name]++
	}
	for name, n := range names {
		if n != 1 {
			t.Errorf("%s reported %d times", name, n)
		}
	}
	// veth.ko.debug has two compile units that both define orc_entry.
	if n := len(structsOf(t, testdata("kernel/linux-6.1/veth.ko.debug"), "orc_entry")); n != 1 {
		t.Errorf("orc_entry reported %d times", n)
	}
}

// TestSamePlace reads structs declared at one place of a header that two
// compile units include, one with macros that make a member's type
// another struct of the same size, an array of another dimension, a
// function taking other arguments, or an unnamed enum or struct of other
// members, and each with its own definitions of a union, typedefs and a
// struct of one name and another size or alignment
// (testdata/c/samespot.h): the place keys of each pair are read from the
// same entries but for their types, and the layouts whose member types
// differ are reported twice, even where only a parameter of a function
// pointer's type differs, only the size or alignment of a type of one
// name, or only what pahole prints inline of an unnamed enum or of an
// unnamed struct behind a pointer; the one that does not differ, once.
// The members' types, sizes and inline text are those pahole prints of
// each unit's object.
func TestSamePlace(t *testing.T) {
	t.Parallel()
	ss := structsOf(t, testdata("c/samespot"))
	layouts := map[string][]string{}
	for _, s := range ss {
		ms := []string{fmt.Sprintf("align %d", s.Align)}
		for _, m := range s.Members {
			ms = append(ms, fmt.Sprintf("%s %s %d", m.Type, m.Name, m.Size))
			if x := m.Expansion; x != nil && x.Enum != nil {
				for _, e := range x.Enum.Enumerators {
					ms = append(ms, fmt.Sprintf("%s=%d", e.Name, e.Value))
				}
			}
			if x := m.Expansion; x != nil && x.Pointee != nil {
				for _, pm := range x.Pointee.Members {
					ms = append(ms, fmt.Sprintf("-> %s %s %d", pm.Type, pm.Name, pm.Size))
				}
			}
		}
		layouts[s.Name] = append(layouts[s.Name], strings.Join(ms, "; "))
	}
	want := map[string][]string{
		"info":         {"align 8; long int a 8; long int b 8"},
		"compat_info":  {"align 8; int a 4; int b 4; long int c 8"},
		"note":         {"align 8; int kind 4; struct info data 16", "align 8; int kind 4; struct compat_info data 16"},
		"hook":         {"align 8; int (*)(struct info *) fn 8", "align 8; int (*)(struct compat_info *) fn 8"},
		"dims":         {"align 8; long int a 8; char[4] v 4", "align 8; long int a 8; char[8] v 8"},
		"logger":       {"align 8; int (*)(const char  *, ...) log 8", "align 8; int (*)(const char  *, int) log 8"},
		"payload":      {"align 4; int v 4", "align 1; char[8] bytes 8"},
		"pair":         {"align 4; int x 4; int y 4", "align 8; long int x 8"},
		"union_holder": {"align 8; long int a 8; union payload u 4", "align 8; long int a 8; union payload u 8"},
		"word_holder":  {"align 8; long int a 8; word_t w 4", "align 8; long int a 8; word_t w 8"},
		"pair_holder":  {"align 4; struct pair p 8; char[8] tail 8", "align 8; struct pair p 8; char[8] tail 8"},
		"cell_holder":  {"align 4; cell_t c 8; char[8] tail 8", "align 8; cell_t c 8; char[8] tail 8"},
		"tagged": {
			"align 8; enum state 4; LOW=0; HIGH=1; struct  * inner 8; -> int x 4",
			"align 8; enum state 4; OFF=0; ON=1; struct  * inner 8; -> long int y 8",
		},
		"same": {"align 8; int x 4; long int * p 8; char[3] tail 3"},
	}
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			if got := layouts[name]; !reflect.DeepEqual(got, w) {
				t.Errorf("got %q\nwant %q", got, w)
			}
		})
	}
	for name := range layouts {
		if want[name] == nil {
			t.Errorf("%s: not expected", name)
		}
	}
}

// TestSamePlaceKeys reads the place keys of testdata/c/samespot's two
// units directly: which unit claims a place key first depends on
// scheduling, so TestSamePlace alone can pass where two layouts share one.
// Each struct declared at one place with two layouts or two spellings has
// two place keys; the one that does not differ, and the structs each unit
// defines alike, one.
func TestSamePlaceKeys(t *testing.T) {
	t.Parallel()
	f, err := Open(testdata("c/samespot"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	units, err := f.units.all()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	keys := map[string]map[fingerprint]bool{}
	err = f.eachUnit(len(units), func(u *unit, i int) (bool, error) {
		if err := u.read(); err != nil {
			return false, err
		}
		for _, off := range u.defs {
			name := u.name(u.node(off).name)
			fp, ok := u.placeKeyAt(off)
			if !ok {
				return false, fmt.Errorf("%s: no place key", name)
			}
			mu.Lock()
			if keys[name] == nil {
				keys[name] = map[fingerprint]bool{}
			}
			keys[name][fp] = true
			mu.Unlock()
		}
		return false, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"info": 1, "compat_info": 1, "same": 1,
		"note": 2, "hook": 2, "dims": 2, "logger": 2, "tagged": 2,
		"union_holder": 2, "word_holder": 2, "pair_holder": 2, "cell_holder": 2,
		// Defined in each unit's own file.
		"payload": 2, "pair": 2,
	}
	got := map[string]int{}
	for name, fps := range keys {
		got[name] = len(fps)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("place keys per struct: got %v, want %v", got, want)
	}
}

// TestCompressed reads types.c from SHF_COMPRESSED sections (types-gz.o)
// and from GNU .zdebug_* sections with .rela.zdebug_* relocations.
func TestCompressed(t *testing.T) {
	t.Parallel()
	plain := structsOf(t, testdata("c/types.o"))
	for _, path := range []string{testdata("c/types-gz.o"), filepath.Join("testdata", "types-zdebug.o")} {
		if got := structsOf(t, path); !reflect.DeepEqual(got, plain) {
			t.Errorf("%s reads differently from types.o", path)
		}
	}
}

func TestGzip(t *testing.T) {
	t.Parallel()
	plain := testdata("kernel/linux-6.1/dummy.ko.debug")
	b, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	gz := filepath.Join(t.TempDir(), "dummy.ko.debug.gz")
	if err := os.WriteFile(gz, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if a, b := structsOf(t, plain), structsOf(t, gz); !reflect.DeepEqual(a, b) {
		t.Error("the gzipped file reads differently")
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := filepath.Join(dir, "text")
	os.WriteFile(text, []byte("not an ELF file at all\n"), 0o644)
	badGz := filepath.Join(dir, "bad.gz")
	os.WriteFile(badGz, []byte("this is not gzip data"), 0o644)
	nodebug := filepath.Join("testdata", "nodebug.o")
	for _, c := range []struct{ path, want string }{
		{text, text + ": not an ELF file or BTF"},
		{nodebug, nodebug + ": no DWARF or BTF type information; build with -g"},
		{badGz, badGz + ": not an ELF file or BTF"},
	} {
		f, err := Open(c.path)
		if err == nil {
			f.Close()
			t.Errorf("%s: no error", c.path)
		} else if err.Error() != c.want {
			t.Errorf("got %q, want %q", err, c.want)
		}
	}
	if _, err := Open(filepath.Join(dir, "missing")); err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	src := testdata("c/types.o")
	f, err := Open(src)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := f.Structs(); err == nil || err.Error() != src+": file closed" {
		t.Errorf("Structs after Close: %v", err)
	}
}

// TestCorrupt truncates and scribbles over a kernel module: every outcome
// must be an error naming the file, or a result, never a panic or a hang.
func TestCorrupt(t *testing.T) {
	t.Parallel()
	src := testdata("kernel/linux-6.1/dummy.ko.debug")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	ef, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	info, abbrev := ef.Section(".debug_info"), ef.Section(".debug_abbrev")
	dir := t.TempDir()
	try := func(name string, data []byte) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// go test's -timeout stops a hang.
		f, err := Open(path)
		if err == nil {
			_, err = f.Structs()
			f.Close()
		}
		if err != nil && !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: error does not name the file: %v", name, err)
		}
	}

	// Cut inside the ELF header, the DWARF sections and the section
	// headers at the end.
	for _, n := range []int64{0, 10, 63, 64, 1000, int64(info.Offset) + int64(info.Size)/2, int64(len(b)) - 100} {
		cut := b[:n]
		try("truncated", cut)
	}
	if _, err := Open(filepath.Join(dir, "truncated")); err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "truncated")+": corrupt ELF: ") {
		t.Errorf("a file cut before its section headers: %v", err)
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 40 {
		c := bytes.Clone(b)
		sec := info
		if i%4 == 0 {
			sec = abbrev
		}
		for range 1 + i%8 {
			c[int64(sec.Offset)+rng.Int64N(int64(sec.Size))] = byte(rng.Uint32())
		}
		try("scribbled", c)
	}
	// A CU length that runs past the section.
	c := bytes.Clone(b)
	copy(c[info.Offset:], []byte{0xf0, 0xff, 0xff, 0x0f})
	try("longunit", c)
}

// TestTypeLoop points the type of a member of an anonymous union at the
// union itself: the reader must report it, not recurse forever.
func TestTypeLoop(t *testing.T) {
	t.Parallel()
	src := testdata("c/types.o")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	ef, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ef.DWARF()
	if err != nil {
		t.Fatal(err)
	}
	// nested's second member is the anonymous union; its first member,
	// an anonymous struct, gets the union as its type.
	r := d.Reader()
	var union, member dwarf.Offset
	for e, _ := r.Next(); e != nil && union == 0; e, _ = r.Next() {
		if e.Tag == dwarf.TagStructType && e.Val(dwarf.AttrName) == "nested" {
			r.Next()
			m, _ := r.Next()
			union = m.Val(dwarf.AttrType).(dwarf.Offset)
		}
	}
	r.Seek(union)
	r.Next()
	m, _ := r.Next()
	member = m.Offset
	anon := m.Val(dwarf.AttrType).(dwarf.Offset)

	info := ef.Section(".debug_info")
	sec := b[info.Offset : info.Offset+info.Size]
	// The only unit starts at 0, so DW_FORM_ref4 holds the offset itself.
	old := binary.LittleEndian.AppendUint32(nil, uint32(anon))
	i := bytes.Index(sec[member:], old)
	if i < 0 || i > 16 {
		t.Fatalf("no DW_AT_type %#x in the member at %#x", anon, member)
	}
	binary.LittleEndian.PutUint32(sec[int(member)+i:], uint32(union))

	path := filepath.Join(t.TempDir(), "loop.o")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = f.Structs()
	if want := path + ": corrupt DWARF: "; err == nil || !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), "type loop through unnamed members") {
		t.Errorf("got %v, want %s...type loop through unnamed members", err, want)
	}
	// Other structs can still be read.
	if ss, err := f.Structs("flex"); err != nil || len(ss) != 1 {
		t.Errorf("flex: %v", err)
	}
}

func BenchmarkStructs(b *testing.B) {
	path := testdata("kernel/linux-6.1/veth.ko.debug")
	b.ReportAllocs()
	for b.Loop() {
		f, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		ss, err := f.Structs()
		if err != nil {
			b.Fatal(err)
		}
		f.Close()
		if len(ss) == 0 {
			b.Fatal("no structs")
		}
	}
}

// BenchmarkVmlinux reads every struct of the file named by
// $CACHELINT_VMLINUX (bench/run fetches a 590 MB Linux 6.1 vmlinux), and
// BenchmarkVmlinuxFind looks up one late and one early struct.
func BenchmarkVmlinux(b *testing.B) {
	path := vmlinux(b)
	b.ReportAllocs()
	for b.Loop() {
		f, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		ss, err := f.Structs()
		if err != nil {
			b.Fatal(err)
		}
		f.Close()
		b.ReportMetric(float64(len(ss)), "structs")
	}
}

func BenchmarkVmlinuxFind(b *testing.B) {
	path := vmlinux(b)
	for _, name := range []string{"tcp_sock", "net_device"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				ss, err := f.Structs(name)
				if err != nil || len(ss) != 1 {
					b.Fatal(len(ss), err)
				}
				f.Close()
			}
		})
	}
}

func vmlinux(b *testing.B) string {
	path := os.Getenv("CACHELINT_VMLINUX")
	if path == "" {
		b.Skip("CACHELINT_VMLINUX is not set")
	}
	return path
}

// TestBranchingLoop points both parameters of fnptrs.alloc's function type
// at the pointer to that same type: spelling and keying the member must
// end quickly (with pahole's loop marker), not recurse without end or
// branch exponentially.
func TestBranchingLoop(t *testing.T) {
	t.Parallel()
	src := testdata("c/types.o")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	ef, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ef.DWARF()
	if err != nil {
		t.Fatal(err)
	}
	// fnptrs.alloc: member -> pointer P -> subroutine S (size_t, int).
	r := d.Reader()
	var ptr dwarf.Offset
	for e, _ := r.Next(); e != nil && ptr == 0; e, _ = r.Next() {
		if e.Tag == dwarf.TagMember && e.Val(dwarf.AttrName) == "alloc" {
			ptr = e.Val(dwarf.AttrType).(dwarf.Offset)
		}
	}
	r.Seek(ptr)
	p, _ := r.Next()
	r.Seek(p.Val(dwarf.AttrType).(dwarf.Offset))
	if s, _ := r.Next(); s.Tag != dwarf.TagSubroutineType || !s.Children {
		t.Fatalf("alloc's pointer leads to %v", s.Tag)
	}
	info := ef.Section(".debug_info")
	sec := b[info.Offset : info.Offset+info.Size]
	params := 0
	for e, _ := r.Next(); e != nil && e.Tag == dwarf.TagFormalParameter; e, _ = r.Next() {
		// The only unit starts at 0: DW_FORM_ref4 holds the offset itself.
		old := binary.LittleEndian.AppendUint32(nil, uint32(e.Val(dwarf.AttrType).(dwarf.Offset)))
		i := bytes.Index(sec[e.Offset:], old)
		if i < 0 || i > 8 {
			t.Fatalf("no DW_AT_type in the parameter at %#x", e.Offset)
		}
		binary.LittleEndian.PutUint32(sec[int(e.Offset)+i:], uint32(ptr))
		params++
	}
	if params != 2 {
		t.Fatalf("%d parameters patched, want 2", params)
	}
	path := filepath.Join(t.TempDir(), "loop.o")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// go test's -timeout stops a hang.
	ss := structsOf(t, path, "fnptrs")
	if len(ss) != 1 {
		t.Fatalf("%d fnptrs", len(ss))
	}
	for _, m := range ss[0].Members {
		if m.Name == "alloc" && !strings.Contains(m.Type, "<ERROR: type loop>") {
			t.Errorf("alloc spelled %q, want the loop marked", m.Type)
		}
	}
}
