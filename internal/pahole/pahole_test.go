package pahole

import (
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const goldenDir = "../../testdata/pahole"

func goldens(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.golden*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 12 {
		t.Fatalf("found %d goldens in %s, want at least 12", len(files), goldenDir)
	}
	// pahole's C++ text (constructors as members, access labels, bases
	// as comments) is beyond the parser; report's TestPaholeText
	// compares it (c-cxx.o, c-cxxtypes.o) as text.
	return slices.DeleteFunc(files, func(f string) bool { return strings.HasPrefix(filepath.Base(f), "c-cxx") })
}

// rawLines returns the lines of a golden, gunzipped if needed.
func rawLines(t *testing.T, path string) []string {
	t.Helper()
	lines, err := GoldenLines(path)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

func load(t *testing.T, name string) []Struct {
	t.Helper()
	s, err := ReadGolden(filepath.Join(goldenDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func get(t *testing.T, structs []Struct, name string) *Struct {
	t.Helper()
	s, ok := Lookup(structs, name)
	if !ok {
		t.Fatalf("no struct %q", name)
	}
	return s
}

func mem(t *testing.T, s *Struct, path string) *Member {
	t.Helper()
	m := s.Path(path)
	if m == nil {
		t.Fatalf("%s %s: no member %q", s.Kind, s.Name, path)
	}
	return m
}

var reTopOpen = regexp.MustCompile(`^(struct|union) .* \{$`)

// TestGoldensParse parses every golden and checks the result against the
// text and against pahole's own summaries.
func TestGoldensParse(t *testing.T) {
	t.Parallel()
	for _, path := range goldens(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			structs, err := ReadGolden(path)
			if err != nil {
				t.Fatal(err)
			}
			lines := rawLines(t, path)
			var opens, unions int
			for _, l := range lines {
				if reTopOpen.MatchString(l) {
					opens++
					if strings.HasPrefix(l, "union ") {
						unions++
					}
				}
			}
			if len(structs) != opens || opens == 0 {
				t.Fatalf("parsed %d structs, the text opens %d", len(structs), opens)
			}
			var gotUnions, summaries int
			for i := range structs {
				s := &structs[i]
				if s.Kind == "union" {
					gotUnions++
				}
				if lines[s.Line-1] != s.Kind+" "+s.Name+" {" {
					t.Errorf("%s: Line %d is %q", s.Name, s.Line, lines[s.Line-1])
				}
				if !s.HasSummary {
					if s.Kind != "union" {
						t.Errorf("struct %s has no summary", s.Name)
					}
					continue
				}
				summaries++
				if s.Size != s.SummarySize {
					t.Errorf("%s: Size %d != summary %d", s.Name, s.Size, s.SummarySize)
				}
				if len(s.Errors) > 0 {
					continue // pahole dropped members it could not print
				}
				if len(s.Members) != s.NumMembers {
					t.Errorf("%s: %d members, summary says %d", s.Name, len(s.Members), s.NumMembers)
				}
				var holes int
				var sumHoles, sumBytes, sumBits int64
				for _, m := range s.Members {
					if m.HoleAfter > 0 {
						holes++
						sumHoles += m.HoleAfter
					}
					if m.IsBitfield() {
						sumBits += m.BitSize
					} else {
						sumBytes += m.Size
					}
					if m.Offset+m.Size > s.Size && !s.Packed {
						t.Errorf("%s.%s ends at %d, past the size %d", s.Name, m.Name, m.Offset+m.Size, s.Size)
					}
				}
				// pahole omits the "sum members" line when every
				// member is a bit-field, and the "sum bitfield
				// members" line in some structs with bit-fields.
				if s.SumMembers != 0 && (holes != s.Holes || sumHoles != s.SumHoles) {
					t.Errorf("%s: holes %d/%d bytes after members, summary %d/%d", s.Name, holes, sumHoles, s.Holes, s.SumHoles)
				}
				if s.SumMembers != 0 && sumBytes != s.SumMembers {
					t.Errorf("%s: member bytes %d, summary %d", s.Name, sumBytes, s.SumMembers)
				}
				if s.SumBitfieldBits != 0 && sumBits != s.SumBitfieldBits {
					t.Errorf("%s: bit-field bits %d, summary %d", s.Name, sumBits, s.SumBitfieldBits)
				}
				if want := (s.Size + 63) / 64; int64(s.Cachelines) != want {
					t.Errorf("%s: %d cachelines for %d bytes", s.Name, s.Cachelines, s.Size)
				}
			}
			if gotUnions != unions {
				t.Errorf("parsed %d unions, the text has %d", gotUnions, unions)
			}
			if summaries == 0 {
				t.Error("no struct had a summary")
			}
		})
	}
}

func TestDummyNetDevice(t *testing.T) {
	t.Parallel()
	structs := load(t, "dummy.ko.debug.golden")
	if len(structs) != 479 {
		t.Errorf("%d structs, want 479", len(structs))
	}
	nd := get(t, structs, "net_device")
	if nd.Kind != "struct" || nd.Size != 2432 || nd.Cachelines != 38 || nd.NumMembers != 152 {
		t.Errorf("net_device: %s size %d cachelines %d members %d, want struct 2432 38 152",
			nd.Kind, nd.Size, nd.Cachelines, nd.NumMembers)
	}
	for _, c := range []struct {
		name, typ    string
		offset, size int64
	}{
		{"name", "char[16]", 0, 16},
		{"flags", "unsigned int", 192, 4},
		{"priv_flags", "long long unsigned int", 200, 8},
		{"netdev_ops", "const struct net_device_ops *", 208, 8},
		{"ifindex", "int", 216, 4},
		{"mtu", "unsigned int", 224, 4},
		{"dev_addr", "const unsigned char *", 768, 8},
	} {
		m := mem(t, nd, c.name)
		if m.Type != c.typ || m.Offset != c.offset || m.Size != c.size {
			t.Errorf("net_device.%s: %q at %d size %d, want %q at %d size %d",
				c.name, m.Type, m.Offset, m.Size, c.typ, c.offset, c.size)
		}
	}
	if nd.Aligned != 64 {
		t.Errorf("net_device aligned %d, want 64", nd.Aligned)
	}
}

func TestBTF618(t *testing.T) {
	t.Parallel()
	structs := load(t, "vmlinux-6.18.btf.golden.gz")
	if len(structs) != 9732 {
		t.Errorf("%d structs, want 9732", len(structs))
	}
	nd := get(t, structs, "net_device")
	if nd.Size != 2496 || nd.NumMembers != 180 {
		t.Errorf("net_device size %d members %d, want 2496 180", nd.Size, nd.NumMembers)
	}
	for name, off := range map[string]int64{
		"__cacheline_group_begin__net_device_read_tx": 0,
		"netdev_ops": 8,
		"mtu":        56,
		"__cacheline_group_end__net_device_read_tx":     160,
		"__cacheline_group_begin__net_device_read_txrx": 160,
		"__cacheline_group_end__net_device_read_rx":     280,
	} {
		m := mem(t, nd, name)
		if m.Offset != off {
			t.Errorf("net_device.%s at %d, want %d", name, m.Offset, off)
		}
	}
	if m := mem(t, nd, "__cacheline_group_begin__net_device_read_tx"); m.Size != 0 || m.Type != "__u8[0]" {
		t.Errorf("group marker: %q size %d", m.Type, m.Size)
	}
	tcp := get(t, structs, "tcp_sock")
	if tcp.Size != 2304 {
		t.Errorf("tcp_sock size %d, want 2304", tcp.Size)
	}
	if m := mem(t, tcp, "__cacheline_group_begin__tcp_sock_write_txrx"); m.Offset != 1641 {
		t.Errorf("tcp_sock write_txrx group at %d, want 1641", m.Offset)
	}
}

func TestCBitfields(t *testing.T) {
	t.Parallel()
	for _, g := range []string{"c-bitfields.o.golden", "c-bitfields-dwarf4.o.golden"} {
		structs := load(t, g)
		b := get(t, structs, "bits")
		// name: byte offset, bit offset in unit, width, unit size, type
		want := []struct {
			name            string
			off, bit, width int64
			size            int64
			typ             string
		}{
			{"a", 0, 0, 3, 4, "unsigned int"},
			{"b", 0, 3, 5, 4, "unsigned int"},
			{"c", 0, 8, 4, 4, "int"},
			{"col", 0, 12, 3, 4, "enum color"},
			{"d", 4, 0, 7, 4, "unsigned int"},
			{"e", 5, 0, 4, 1, "unsigned char"},
			{"f", 6, 0, 6, 1, "unsigned char"},
			{"g", 8, 0, 40, 8, "long long unsigned int"},
			{"h", 16, 0, 30, 8, "long long unsigned int"},
			{"i", 20, 0, 0, 4, "int"},
			{"flag", 24, 0, 1, 1, "_Bool"},
			{"sc", 24, 1, 2, 1, "signed char"},
		}
		if len(b.Members) != len(want) {
			t.Fatalf("%s: bits has %d members, want %d", g, len(b.Members), len(want))
		}
		for i, w := range want {
			m := b.Members[i]
			if m.Name != w.name || m.Offset != w.off || m.BitOffset != w.bit || m.BitSize != w.width || m.Size != w.size || m.Type != w.typ {
				t.Errorf("%s: bits member %d = %s %q %d:%d:%d size %d, want %s %q %d:%d:%d size %d", g, i,
					m.Name, m.Type, m.Offset, m.BitOffset, m.BitSize, m.Size,
					w.name, w.typ, w.off, w.bit, w.width, w.size)
			}
		}
		if b.Fillers != 5 || b.Size != 32 || b.SumBitfieldBits != 105 || b.BitHoles != 6 || b.SumBitHoles != 58 || b.PaddingBytes != 7 || b.BitPadding != 5 {
			t.Errorf("%s: bits summary %+v fillers %d", g, b.Summary, b.Fillers)
		}
		if m := mem(t, b, "col"); m.BitHoleAfter != 17 {
			t.Errorf("%s: bit hole after col %d, want 17", g, m.BitHoleAfter)
		}

		sb := get(t, structs, "straddle_bits")
		if !sb.Packed || sb.Size != 10 {
			t.Errorf("%s: straddle_bits packed %v size %d", g, sb.Packed, sb.Size)
		}
		// x is bits 8..37 from the start, y 38..67, z 68..79.
		for name, abs := range map[string]int64{"x": 8, "y": 38, "z": 68} {
			if m := mem(t, sb, name); m.AbsBitOffset() != abs {
				t.Errorf("%s: straddle_bits.%s at bit %d, want %d", g, name, m.AbsBitOffset(), abs)
			}
		}
		mu := get(t, structs, "mixed_units")
		for name, abs := range map[string]int64{"s": 0, "t": 4, "u": 24, "v": 64, "w": 97} {
			if m := mem(t, mu, name); m.AbsBitOffset() != abs {
				t.Errorf("%s: mixed_units.%s at bit %d, want %d", g, name, m.AbsBitOffset(), abs)
			}
		}
		zw := get(t, structs, "zero_width")
		if d := mem(t, zw, "d"); d.Offset != 4 || d.BitSize != 3 || d.BitHoleAfter != 5 || d.HoleAfter != 3 {
			t.Errorf("%s: zero_width.d %+v", g, *d)
		}
		if e := mem(t, zw, "e"); e.AbsBitOffset() != 64 {
			t.Errorf("%s: zero_width.e at bit %d, want 64", g, e.AbsBitOffset())
		}
	}
}

func TestCPacked(t *testing.T) {
	t.Parallel()
	structs := load(t, "c-packed.o.golden")
	pm := get(t, structs, "packed_mix")
	if !pm.Packed || pm.Size != 16 || mem(t, pm, "l").Offset != 7 {
		t.Errorf("packed_mix: packed %v size %d", pm.Packed, pm.Size)
	}
	sv := get(t, structs, "split_lock_volatile")
	c := mem(t, sv, "counter")
	if c.Offset != 60 || c.Size != 8 || c.Type != "volatile long int" || sv.Size != 72 {
		t.Errorf("split_lock_volatile.counter %q at %d size %d; struct size %d", c.Type, c.Offset, c.Size, sv.Size)
	}
	// pahole 1.24 cannot print _Atomic members.
	sl := get(t, structs, "split_lock")
	if len(sl.Errors) != 2 || !strings.HasPrefix(sl.Errors[0], "<ERROR(") || !strings.HasPrefix(sl.Errors[1], "BRAIN FART ALERT!") {
		t.Errorf("split_lock errors %q", sl.Errors)
	}
	if len(sl.Members) != 2 || sl.NumMembers != 3 || sl.Size != 72 {
		t.Errorf("split_lock: %d members, summary %d, size %d", len(sl.Members), sl.NumMembers, sl.Size)
	}
	pa := get(t, structs, "packed_aligned")
	if pa.Packed || pa.Aligned != 4 || pa.Size != 8 || pa.PaddingBytes != 3 {
		t.Errorf("packed_aligned: packed %v aligned %d size %d padding %d", pa.Packed, pa.Aligned, pa.Size, pa.PaddingBytes)
	}
	hd := get(t, structs, "packed_hdr")
	if p := mem(t, hd, "payload"); p.Type != "uint8_t[]" || p.Offset != 7 || p.Size != 0 {
		t.Errorf("packed_hdr.payload %q at %d size %d", p.Type, p.Offset, p.Size)
	}
}

func TestCQueues(t *testing.T) {
	t.Parallel()
	structs := load(t, "c-queues.o.golden")
	for _, name := range []string{"pkt_rx_queue", "pkt_rx_queue_aligned"} {
		q := get(t, structs, name)
		if q.Size != 64 || q.Cachelines != 1 || len(q.Members) != 12 {
			t.Errorf("%s: size %d, %d members", name, q.Size, len(q.Members))
		}
		for m, off := range map[string]int64{"mp": 0, "sw_ring": 8, "rx_ring": 16, "port_id": 24, "rx_free_thresh": 36, "rx_pkts": 40, "rx_bytes": 48, "rx_nombuf": 56} {
			if got := mem(t, q, m).Offset; got != off {
				t.Errorf("%s.%s at %d, want %d", name, m, got, off)
			}
		}
		if got := mem(t, q, "sw_ring").Type; got != "struct rte_mbuf * *" {
			t.Errorf("%s.sw_ring type %q", name, got)
		}
	}
	if a := get(t, structs, "pkt_rx_queue").Aligned; a != 0 {
		t.Errorf("pkt_rx_queue aligned %d", a)
	}
	if a := get(t, structs, "pkt_rx_queue_aligned").Aligned; a != 64 {
		t.Errorf("pkt_rx_queue_aligned aligned %d, want 64", a)
	}
	ma := get(t, structs, "member_al")
	if b := mem(t, ma, "b"); b.Aligned != 64 || b.Offset != 64 || ma.Size != 128 || ma.ForcedAlignments != 1 || ma.SumForcedHoles != 60 {
		t.Errorf("member_al: b aligned %d at %d; size %d; %+v", b.Aligned, b.Offset, ma.Size, ma.Summary)
	}
	nd := get(t, structs, "fake_netdev")
	for m, off := range map[string]int64{"tx_packets": 16, "tx_bytes": 88, "tx_queue_len": 168, "tx_dropped": 256} {
		if got := mem(t, nd, m).Offset; got != off {
			t.Errorf("fake_netdev.%s at %d, want %d", m, got, off)
		}
	}
	if m := mem(t, nd, "tx_timeout"); m.Type != "void (*)(struct fake_netdev *, unsigned int)" || m.Offset != 264 {
		t.Errorf("fake_netdev.tx_timeout %q at %d", m.Type, m.Offset)
	}
	r := get(t, structs, "spsc_ring")
	if mem(t, r, "head").Offset != 0 || mem(t, r, "tail").Offset != 64 || mem(t, r, "pad0").Type != "char[60]" || r.Size != 144 {
		t.Errorf("spsc_ring layout wrong: %+v", r.Members)
	}
}

func TestCTypes(t *testing.T) {
	t.Parallel()
	for _, g := range []string{"c-types.o.golden", "c-types-gz.o.golden"} {
		structs := load(t, g)
		u := get(t, structs, "value")
		if u.Kind != "union" || u.HasSummary || u.Size != 12 || len(u.Members) != 4 {
			// pahole prints no summary for unions: Size is the largest
			// member (bytes[12]), not the real 16.
			t.Errorf("%s: union value kind %s summary %v size %d members %d", g, u.Kind, u.HasSummary, u.Size, len(u.Members))
		}
		n := get(t, structs, "nested")
		if len(n.Members) != 4 || n.NumMembers != 4 {
			t.Fatalf("%s: nested has %d members", g, len(n.Members))
		}
		un := n.Members[1]
		if un.Name != "" || un.Type != "union" || un.Offset != 8 || un.Size != 8 || len(un.Nested) != 3 {
			t.Errorf("%s: nested anonymous union %+v", g, un)
		}
		if un.Nested[0].Type != "struct" || un.Nested[0].Name != "" || len(un.Nested[0].Nested) != 2 {
			t.Errorf("%s: first union member %+v", g, un.Nested[0])
		}
		for path, off := range map[string]int64{"a": 8, "b": 12, "ab": 8, "named": 8, "named.lo": 8, "named.hi": 10, "tag": 16, "f": 20, "n": 20, "bf": 24, "last": 28} {
			if m := mem(t, n, path); m.Offset != off {
				t.Errorf("%s: nested.%s at %d, want %d", g, path, m.Offset, off)
			}
		}
		if n.Member("lo") != nil {
			t.Errorf("%s: lo is inside the named struct, found without its path", g)
		}
		if m := mem(t, n, "named"); m.Type != "struct" || m.Size != 4 {
			t.Errorf("%s: nested.named %q size %d", g, m.Type, m.Size)
		}
		if m := mem(t, n, "tag"); m.HoleAfter != 3 {
			t.Errorf("%s: hole after nested.tag %d, want 3", g, m.HoleAfter)
		}
		if m := mem(t, n, "bf"); m.BitSize != 4 || m.Size != 4 {
			t.Errorf("%s: nested.bf %+v", g, *m)
		}
		a := get(t, structs, "arrays")
		for m, typ := range map[string]string{"grid": "int[3][4]", "names": "char[4][16]", "pts": "point_t[2][2][2]", "m": "double[2][3]"} {
			if got := mem(t, a, m).Type; got != typ {
				t.Errorf("%s: arrays.%s type %q, want %q", g, m, got, typ)
			}
		}
		fp := get(t, structs, "fnptrs")
		for m, typ := range map[string]string{
			"fn":       "void (*)(int)",
			"fn2":      "int (*)(const char *, ...)",
			"cmp":      "cmp_fn",
			"alloc":    "void * (*)(size_t, int)",
			"handlers": "void (*)(void)[3]",
			"fpp":      "int ()(long int) * (*)(int)",
		} {
			if got := mem(t, fp, m).Type; got != typ {
				t.Errorf("%s: fnptrs.%s type %q, want %q", g, m, got, typ)
			}
		}
		q := get(t, structs, "quals")
		for m, typ := range map[string]string{"ci": "const int", "cvc": "volatile const char", "cp": "const char *", "cpt": "const struct point *"} {
			if got := mem(t, q, m).Type; got != typ {
				t.Errorf("%s: quals.%s type %q, want %q", g, m, got, typ)
			}
		}
		h := get(t, structs, "holes")
		if h.Holes != 2 || h.SumHoles != 9 || h.PaddingBytes != 7 || mem(t, h, "c").HoleAfter != 7 || mem(t, h, "s").HoleAfter != 2 {
			t.Errorf("%s: holes %+v", g, h.Summary)
		}
	}
}

func TestGoBinary(t *testing.T) {
	t.Parallel()
	structs := load(t, "gobin.golden")
	c := get(t, structs, "main.Counters")
	for m, off := range map[string]int64{"Hits": 0, "Misses": 8, "Name": 16, "Shared": 32, "Flag": 40, "_": 41, "Tail": 48} {
		if got := mem(t, c, m).Offset; got != off {
			t.Errorf("main.Counters.%s at %d, want %d", m, got, off)
		}
	}
	if got := mem(t, c, "Shared").Type; got != "sync/atomic.Int64" {
		t.Errorf("Shared type %q", got)
	}
	h := get(t, structs, "main.Holes")
	if m := mem(t, h, "J"); m.Type != "struct struct { X int16; Y int16; Z uint8 }" || m.Offset != 88 || m.Size != 6 {
		t.Errorf("main.Holes.J %q at %d size %d", m.Type, m.Offset, m.Size)
	}
	if m := mem(t, h, "H"); m.Type != "interface { M() }" || m.Size != 16 {
		t.Errorf("main.Holes.H %q size %d", m.Type, m.Size)
	}
	// pahole 1.24 misreads the size of Go func types.
	if m := mem(t, h, "I"); m.Size == 8 || len(h.Errors) != 1 {
		t.Errorf("main.Holes.I size %d, errors %q: pahole's func-size bug gone?", m.Size, h.Errors)
	}
	o := get(t, structs, "main.Outer")
	if m := mem(t, o, "Data"); m.Type != "int16[2][4]" || reverseDims("int16[4][2]") != m.Type {
		t.Errorf("main.Outer.Data %q (pahole reverses Go array dimensions)", m.Type)
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		line int
	}{
		{"garbage\n", 1},
		{"struct a {\n\tint x; /* 0 4 */\n\tint y\n};\n", 3},
		{"struct a {\n\tint x; /* 0 4 */\n\t/* what is this */\n};\n", 3},
		{"struct a {\n\tint x; /* 0 4 */\n\t/* XXX 4 bytes hole, try to pack */\n\t/* size: 8, cachelines: 1, members: 1 */\n} junk;\n", 5},
		{"struct a {\n\tunion {\n\t\tint x; /* 0 4 */\n\t};\n};\n", 4},
		{"struct a {\n\tint x; /* 0 4 */\n", 2},
		{"struct a {\n\t/* sum members: 4 */\n};\n", 2},
		{"struct a {\n\tint x:3; /* 0 4 */\n};\n", 2},
	} {
		_, err := Parse(strings.NewReader(c.in))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want a ParseError", c.in, err)
			continue
		}
		if pe.Line != c.line {
			t.Errorf("%q: error at line %d, want %d (%v)", c.in, pe.Line, c.line, err)
		}
		if !strings.Contains(err.Error(), "line ") {
			t.Errorf("error %q names no line", err)
		}
	}
}

func TestParseSmall(t *testing.T) {
	t.Parallel()
	in := `struct s {
	int                        a;                    /*     0     4 */

	/* XXX 4 bytes hole, try to pack */

	void                       (*fn)(int);           /*     8     8 */
	struct {
		char               c;                    /*    16     1 */
	} __attribute__((__aligned__(8))) in __attribute__((__aligned__(8))); /*    16     8 */

	/* size: 24, cachelines: 1, members: 3 */
	/* sum members: 20, holes: 1, sum holes: 4 */
	/* last cacheline: 24 bytes */
} __attribute__((__aligned__(8)));
`
	got, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d structs", len(got))
	}
	s := got[0]
	if s.Name != "s" || s.Size != 24 || s.Aligned != 8 || s.Holes != 1 || s.LastCacheline != 24 || len(s.Members) != 3 {
		t.Fatalf("%+v", s)
	}
	if m := s.Members[0]; m.HoleAfter != 4 {
		t.Errorf("hole after a: %d", m.HoleAfter)
	}
	if m := s.Members[1]; m.Name != "fn" || m.Type != "void (*)(int)" || m.Offset != 8 {
		t.Errorf("fn: %+v", m)
	}
	in2 := s.Members[2]
	if in2.Name != "in" || in2.Type != "struct" || in2.Aligned != 8 || in2.Offset != 16 || in2.Size != 8 || len(in2.Nested) != 1 || in2.Nested[0].Name != "c" {
		t.Errorf("in: %+v", in2)
	}
}
