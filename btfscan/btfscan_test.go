package btfscan

import (
	"bytes"
	"compress/gzip"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
	"github.com/cilium/ebpf/btf"
)

// rawVmlinux is the 6.18 BTF, gunzipped.
func rawVmlinux(t testing.TB) []byte {
	t.Helper()
	fh, err := os.Open(vmlinux)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func write(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func gz(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestNetDevice(t *testing.T) {
	t.Parallel()
	f, err := Open(vmlinux)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := f.Structs("net_device")
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 1 {
		t.Fatalf("%d net_device layouts, want 1", len(ss))
	}
	s := ss[0]
	if s.Kind != layout.KindStruct || s.Size != 2496 || s.Align != 64 || s.Packed {
		t.Errorf("net_device: %s size %d align %d packed %t, want struct 2496 64 false", s.Kind, s.Size, s.Align, s.Packed)
	}
	if len(s.Members) != 180 {
		t.Errorf("%d members, want 180 (pahole's count)", len(s.Members))
	}
	// The zero-size markers stay, for the cacheline groups.
	if m := s.Members[0]; m.Name != "__cacheline_group_begin__net_device_read_tx" || m.Size != 0 || m.Type != "__u8[0]" || m.Group != "" {
		t.Errorf("first member %+v", m)
	}
	for _, c := range []struct {
		name, typ           string
		offset, size, align int64
		bitOffset, bitSize  int64
		elemSize, atomic    int64
		embedded            bool
		unitWithNext, inner bool
	}{
		{name: "netdev_ops", typ: "const struct net_device_ops  *", offset: 8, size: 8, align: 8, bitOffset: 64},
		{name: "tc_to_txq", typ: "struct netdev_tc_txq[16]", offset: 62, size: 64, align: 2, bitOffset: 496, elemSize: 4},
		{name: "name", typ: "char[16]", offset: 280, size: 16, align: 1, bitOffset: 2240, elemSize: 1},
		{name: "carrier_up_count", typ: "atomic_t", offset: 736, size: 4, align: 4, bitOffset: 5888, atomic: 4},
		{name: "priv_destructor", typ: "void (*)(struct net_device *)", offset: 1320, size: 8, align: 8, bitOffset: 10560},
		{name: "pcpu_stat_type", typ: "enum netdev_stat_type", offset: 1340, size: 4, align: 4, bitOffset: 10720, bitSize: 8},
		{name: "see_all_hwtstamp_requests", typ: "long unsigned int", offset: 2184, size: 8, align: 8, bitOffset: 2184*8 + 24, bitSize: 1, unitWithNext: true},
		{name: "adj_list", typ: "struct", offset: 416, size: 32, align: 8, bitOffset: 3328, inner: true},
		{name: "priv", typ: "u8[]", offset: 2496, size: 0, align: 1, bitOffset: 19968, elemSize: 1},
	} {
		i, m := s.Lookup(c.name)
		if m == nil {
			t.Errorf("no member %s", c.name)
			continue
		}
		if m.Type != c.typ || m.Offset != c.offset || m.Size != c.size || m.Align != c.align ||
			m.BitOffset != c.bitOffset || m.BitSize != c.bitSize || m.ElemSize != c.elemSize ||
			m.Atomic != c.atomic || m.Embedded != c.embedded || (len(m.Inner) > 0) != c.inner {
			t.Errorf("%s: %+v", c.name, *m)
		}
		if c.unitWithNext {
			next := &s.Members[i+1]
			if m.Unit == 0 || next.Unit != m.Unit {
				t.Errorf("%s unit %d, %s unit %d: want the same non-zero unit", m.Name, m.Unit, next.Name, next.Unit)
			}
		}
	}
	// The anonymous union first holds an anonymous struct of bit-fields
	// and a named one; offsets in Inner count from net_device's start.
	u := &s.Members[1]
	if u.Name != "" || u.Type != "union" || !u.Embedded || len(u.Inner) != 2 || len(u.Inner[0].Inner) != 3 {
		t.Fatalf("member 1: %+v", *u)
	}
	lltx := u.Inner[0].Inner[1]
	if lltx.Name != "lltx" || lltx.Offset != 0 || lltx.Size != 8 || lltx.BitOffset != 32 || lltx.BitSize != 1 || lltx.Unit == 0 {
		t.Errorf("lltx: %+v", lltx)
	}
	if i, m := s.Lookup("lltx"); i != 1 || m.Name != "lltx" {
		t.Errorf("Lookup(lltx) = %d, %+v", i, m)
	}
	// u8 priv[] ____cacheline_aligned: a 40-byte hole before it says so,
	// though pahole infers no alignment for a zero-size member.
	if _, m := s.Lookup("priv"); m.AlignAttr != 64 || m.Align != 1 || s.Lang != layout.LangC {
		t.Errorf("priv aligned by attribute to %d, align %d; language %s", m.AlignAttr, m.Align, s.Lang)
	}
}

// TestAlignAttr checks the alignments BTF implies: tcp_sock's write_tx
// group begins ____cacheline_aligned, which pahole shows on the first
// member after the marker.
func TestAlignAttr(t *testing.T) {
	t.Parallel()
	f, err := Open(vmlinux)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := f.Structs("tcp_sock", "netns_ipv4")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int64{
		"tcp_sock": {
			"__cacheline_group_begin__tcp_sock_write_tx": 64, "segs_out": 64,
			"__cacheline_group_end__tcp_sock_read_rx": 0, "data_segs_out": 0, "inet_conn": 0,
		},
		"netns_ipv4": {
			"icmp_global_credit": 64, "__cacheline_group_pad__icmp": 64,
			"__cacheline_group_end__icmp": 0, "icmp_global_stamp": 0,
		},
	}
	if len(ss) != 2 {
		t.Fatalf("%d structs, want 2", len(ss))
	}
	for _, s := range ss {
		for name, a := range want[s.Name] {
			if _, m := s.Lookup(name); m == nil || m.AlignAttr != a {
				t.Errorf("%s.%s: %+v, want AlignAttr %d", s.Name, name, m, a)
			}
		}
	}
}

func TestStructsNames(t *testing.T) {
	t.Parallel()
	f, err := Open(vmlinux)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := f.Structs("sk_buff", "tcp_sock", "irq_info")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range ss {
		names = append(names, s.Name)
	}
	// irq_info has two different layouts in vmlinux.
	if got := strings.Join(names, " "); got != "sk_buff tcp_sock irq_info irq_info" {
		t.Errorf("got %s", got)
	}
	if _, err := f.Structs("no_such_struct"); err == nil || err.Error() != vmlinux+": struct no_such_struct not found" || !errors.Is(err, input.ErrNotFound) {
		t.Errorf("err = %v", err)
	}
	if _, err := f.Structs("u32"); err == nil || err.Error() != vmlinux+": struct u32 not found" {
		t.Errorf("err = %v", err)
	}
}

func TestELF(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(tinyBTF)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{tinyBTF, write(t, "tiny-btf.o.gz", gz(t, data))} {
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		ss, err := f.Structs("tiny", "tiny_packed")
		if err != nil {
			t.Fatal(err)
		}
		tiny, packed := ss[0], ss[1]
		if tiny.Size != 64 || tiny.Align != 64 || tiny.Packed {
			t.Errorf("%s: tiny %+v", path, *tiny)
		}
		if packed.Size != 7 || packed.Align != 1 || !packed.Packed || packed.Members[1].Align != 1 {
			t.Errorf("%s: tiny_packed %+v", path, *packed)
		}
	}
}

func TestOpenErrors(t *testing.T) {
	t.Parallel()
	raw := rawVmlinux(t)
	tooShortHeader := append([]byte(nil), raw[:btfHeaderLen]...)
	binary.LittleEndian.PutUint32(tooShortHeader[4:], 8)
	for _, c := range []struct {
		name string
		data []byte
		want string // after "PATH: "
	}{
		{"empty", nil, "not an ELF file or BTF"},
		{"text", []byte("struct net_device {\n"), "not an ELF file or BTF"},
		{"elf-no-btf", nil, "no DWARF or BTF type information; build with -g"},
		{"cut-magic", raw[:1], "not an ELF file or BTF"},
		{"cut-header", raw[:4], "truncated BTF: 4 bytes, header needs 24"},
		{"cut-in-header", raw[:20], "truncated BTF: 20 bytes, header needs 24"},
		{"header-only", raw[:btfHeaderLen], "truncated BTF: type section ends at 3190532, data has 24 bytes"},
		{"cut-types", raw[:1<<20], "truncated BTF: type section ends at 3190532, data has 1048576 bytes"},
		{"cut-strings", raw[:len(raw)-1], "truncated BTF: string section ends at 5515852, data has 5515851 bytes"},
		{"short-header-len", tooShortHeader, "bad BTF: header length 8"},
		{"cut-gzip", gz(t, raw)[:1000], "corrupt gzip: unexpected EOF"},
		{"gzip-of-text", gz(t, []byte("hello")), "not an ELF file or BTF, once gunzipped"},
	} {
		path := write(t, c.name, c.data)
		if c.name == "elf-no-btf" {
			path = "testdata/tiny.o"
		}
		_, err := Open(path)
		if err == nil || err.Error() != path+": "+c.want {
			t.Errorf("%s: err = %v, want %s: %s", c.name, err, path, c.want)
		}
	}
	missing := filepath.Join(t.TempDir(), "missing.btf")
	if _, err := Open(missing); err == nil || err.Error() != missing+": no such file or directory" {
		t.Errorf("missing: err = %v", err)
	}
}

// TestELFBadSection checks an ELF file whose .BTF is declared but
// holds no data: the file cut inside it, and a size past the end of the
// file, which says where.
func TestELFBadSection(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(tinyBTF)
	if err != nil {
		t.Fatal(err)
	}
	ef, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	sec := ef.Section(".BTF")
	// Cut the file inside the .BTF section.
	cut := write(t, "cut.o", data[:sec.Offset+sec.Size/2])
	if _, err := Open(cut); err == nil || !strings.HasPrefix(err.Error(), cut+": ") {
		t.Errorf("cut ELF: err = %v", err)
	}
	// sh_size of .BTF (a 64-bit little-endian object).
	long := bytes.Clone(data)
	binary.LittleEndian.PutUint64(long[binary.LittleEndian.Uint64(data[0x28:])+uint64(slices.Index(ef.Sections, sec))*64+32:], 1<<20)
	path := write(t, "long.o", long)
	want := fmt.Sprintf("%s: corrupt ELF: section 18 (.BTF): its 1048576 bytes at %#x run past the end of the %d-byte file", path, sec.Offset, len(data))
	if _, err := Open(path); err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// TestCorrupt feeds truncated and byte-flipped BTF to Open and Structs:
// each must return a result or an error naming the file, never panic or
// hang (go test's -timeout stops a hang; no clock here, which a loaded
// machine would fail).
func TestCorrupt(t *testing.T) {
	t.Parallel()
	tiny := tinyRaw(t)
	raw := rawVmlinux(t)
	try := func(name string, data []byte, names ...string) {
		t.Helper()
		path := write(t, "corrupt.btf", data)
		f, err := Open(path)
		if err == nil {
			_, err = f.Structs(names...)
		}
		if err != nil && !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: error does not name the file: %v", name, err)
		}
	}
	// Every prefix of a small BTF, every byte of it flipped.
	for n := range len(tiny) {
		try("tiny cut", tiny[:n])
	}
	for i := range tiny {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			b := append([]byte(nil), tiny...)
			b[i] ^= x
			try("tiny flip", b)
		}
	}
	// vmlinux cut at a few points and flipped at random ones; only a few
	// structs are converted each time, to keep the test quick.
	for _, n := range []int{100, 1000, 1 << 16, 3 << 20, len(raw) - 100} {
		try("vmlinux cut", raw[:n], "net_device")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		b := append([]byte(nil), raw...)
		for range 20 {
			b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
		}
		try("vmlinux flip", b, "net_device", "sk_buff", "tcp_sock", "task_struct")
	}
}

// tinyRaw is the .BTF section of the ELF fixture.
func tinyRaw(t testing.TB) []byte {
	t.Helper()
	ef, err := elf.Open(tinyBTF)
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	raw, err := ef.Section(".BTF").Data()
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// BenchmarkNetDevice opens the gzipped 6.18 BTF and converts net_device.
func BenchmarkNetDevice(b *testing.B) {
	for b.Loop() {
		f, err := Open(vmlinux)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.Structs("net_device"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAllStructs converts every struct and union of the 6.18 BTF.
func BenchmarkAllStructs(b *testing.B) {
	f, err := Open(vmlinux)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := f.Structs(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDeepNesting reads unnamed structs nested 1,500 deep
// (testdata/c/deep.c, as pahole -J encodes it).
func TestDeepNesting(t *testing.T) {
	t.Parallel()
	f, err := Open("testdata/deep.btf")
	if err != nil {
		t.Fatal(err)
	}
	ss, err := f.Structs()
	if err != nil {
		t.Fatal(err)
	}
	var deep *layout.Struct
	for _, s := range ss {
		if s.Name == "deep" {
			deep = s
		}
	}
	if deep == nil || len(ss) != 2 {
		t.Fatalf("%d structs, deep %v", len(ss), deep)
	}
	depth, m := 0, &deep.Members[1]
	for len(m.Inner) == 1 {
		depth++
		m = &m.Inner[0]
	}
	if depth != 1500 || m.Name != "leaf" || m.Offset != 4 {
		t.Errorf("%d levels down to %s at %d, want 1500 down to leaf at 4", depth, m.Name, m.Offset)
	}
}

// TestTypedefChains builds BTF with cilium: a chain of typedefs as long as
// the kernel resolves (32) reads; a longer one, and a typedef of itself,
// are errors that say which they are, not both "a qualifiers loop".
func TestTypedefChains(t *testing.T) {
	t.Parallel()
	build := func(member btf.Type) string {
		t.Helper()
		s := &btf.Struct{Name: "s", Size: 4, Members: []btf.Member{{Name: "m", Type: member}}}
		b, err := btf.NewBuilder([]btf.Type{s}, nil)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := b.Marshal(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return write(t, "chain.btf", raw)
	}
	chain := func(n int) btf.Type {
		var typ btf.Type = &btf.Int{Name: "int", Size: 4, Encoding: btf.Signed}
		for i := range n {
			typ = &btf.Typedef{Name: fmt.Sprintf("t%d", i), Type: typ}
		}
		return typ
	}
	loop := &btf.Typedef{Name: "loop"}
	loop.Type = &btf.Const{Type: loop}
	for _, c := range []struct {
		member btf.Type
		want   string // "" for no error
	}{
		{chain(31), ""},
		{chain(100_000), "bad BTF: more than 32 typedefs and qualifiers in a row, which the kernel refuses (MAX_RESOLVE_DEPTH)"},
		{loop, "bad BTF: typedefs and qualifiers loop through"},
	} {
		path := build(c.member)
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		ss, err := f.Structs()
		switch {
		case c.want == "" && (err != nil || len(ss) != 1 || ss[0].Members[0].Size != 4):
			t.Errorf("%v, %v", ss, err)
		case c.want != "" && (!errors.Is(err, input.ErrCorrupt) || !strings.HasPrefix(err.Error(), path+": "+c.want)):
			t.Errorf("got %v, want %s...", err, c.want)
		}
	}
}

// TestHostileNames builds BTF whose names hold a newline and a terminal
// escape, which text output once passed through: an error naming the
// place instead.
func TestHostileNames(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"x\n/* evil", "red\x1b[31m", "bad\xff"} {
		s := &btf.Struct{Name: name, Size: 4, Members: []btf.Member{{Name: "m", Type: &btf.Int{Name: "int", Size: 4}}}}
		b, err := btf.NewBuilder([]btf.Type{s}, nil)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := b.Marshal(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := write(t, "hostile.btf", raw)
		f, err := Open(path)
		if err == nil {
			_, err = f.Structs()
		}
		if !errors.Is(err, input.ErrCorrupt) || !strings.Contains(err.Error(), fmt.Sprintf("%q", name)) {
			t.Errorf("%q: %v", name, err)
		}
	}
}
