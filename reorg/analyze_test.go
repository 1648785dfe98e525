package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// field describes a member for goStruct: name, size, alignment and hot
// annotation ("", "r", "w", "r:tx", "w:rx,tx"...).
type field struct {
	name        string
	size, align int64
	hot         string
}

// goStruct lays fields out as gc does, so tests read like Go declarations.
func goStruct(name string, fs ...field) *layout.Struct {
	s := &layout.Struct{Name: name, Lang: layout.LangGo, Align: 1, PadZeroSizeTail: true}
	var off int64
	for _, f := range fs {
		off = layout.AlignUp(off, f.align)
		m := layout.Member{Name: f.name, Type: "T", Offset: off, Size: f.size, Align: f.align, BitOffset: off * 8}
		if f.name == "_" {
			m.Padding, m.Type, m.ElemSize = true, "[N]byte", 1
		}
		if f.hot != "" {
			kind, paths, _ := strings.Cut(f.hot, ":")
			m.Hot = &layout.Hot{Write: kind == "w"}
			if paths != "" {
				m.Hot.Paths = strings.Split(paths, ",")
			}
		}
		s.Members = append(s.Members, m)
		off += f.size
		s.Align = max(s.Align, f.align)
	}
	if n := len(fs); n > 0 && fs[n-1].size == 0 && off > 0 {
		off++
	}
	s.Size = layout.AlignUp(off, s.Align)
	s.ResolvePaths()
	return s
}

func u64(name, hot string) field { return field{name, 8, 8, hot} }

func u32(name, hot string) field { return field{name, 4, 4, hot} }

func pad(n int64) field { return field{"_", n, 1, ""} }

// cold returns n cold 8-byte fields.
func cold(prefix string, n int) []field {
	var fs []field
	for i := range n {
		fs = append(fs, u64(prefix+string(rune('a'+i)), ""))
	}
	return fs
}

func checks(fs []layout.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Check.Name)
	}
	return out
}

func find(t *testing.T, r Result, check *layout.Check) layout.Finding {
	t.Helper()
	for _, f := range r.Findings {
		if f.Check == check {
			return f
		}
	}
	t.Fatalf("no %s finding in %v", check.Name, r.Findings)
	return layout.Finding{}
}

func TestQuietWithoutAnnotations(t *testing.T) {
	t.Parallel()
	s := goStruct("plain", append(cold("c", 20), field{"buf", 24, 8, ""})...)
	if r := Analyze(s, []int64{64, 128}); len(r.Findings) != 0 || r.Proposal != nil {
		t.Errorf("unannotated struct got %v", r.Findings)
	}
}

// Reorganizing a proposal changes nothing: the proposal is a fixed point.
func TestProposalFixedPoint(t *testing.T) {
	t.Parallel()
	fs := []field{u64("x", "r:tx"), u32("w1", "w:tx"), u64("y", "r:rx")}
	fs = append(fs, cold("c", 3)...)
	fs = append(fs, u32("w2", "w:rx"), field{"flag", 1, 1, "r:rx"}, u64("z", "r:tx,rx"))
	s := goStruct("mixed", fs...)
	lines := []int64{64, 128}
	r := Analyze(s, lines)
	if r.Proposal == nil || r.NoFix != "" {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	again := Analyze(r.Proposal.Struct, lines)
	for _, f := range again.Findings {
		t.Errorf("proposal still has %s: %s", f.Check, f.Message)
	}
}

// Members of anonymous members count as hot members, as C lets code name
// them directly.
func TestInnerHotMembers(t *testing.T) {
	t.Parallel()
	s := &layout.Struct{Name: "dev", Size: 128, Align: 8, Members: []layout.Member{
		{Name: "ops", Size: 8, Align: 8, Hot: &layout.Hot{Paths: []string{"tx"}}},
		{Name: "pad", Offset: 8, Size: 64, Align: 1},
		{Name: "", Offset: 72, Size: 8, Align: 8, BitOffset: 72 * 8, Inner: []layout.Member{
			{Name: "ifindex", Offset: 72, Size: 4, Align: 4, BitOffset: 72 * 8, Hot: &layout.Hot{}},
			{Name: "iflink", Offset: 72, Size: 8, Align: 8, BitOffset: 72 * 8},
		}},
		{Name: "rest", Offset: 80, Size: 48, Align: 8, BitOffset: 80 * 8},
	}}
	if l := s.Members[2].Label(); l != "<anonymous at offset 72>" {
		t.Errorf("label %q", l)
	}
	s.ResolvePaths()
	if _, m := s.Lookup("ifindex"); !slices.Equal(m.Hot.Paths, []string{"tx"}) {
		t.Fatalf("ifindex paths %v", m.Hot.Paths)
	}
	if n := s.HotLines("tx", 64); n != 2 {
		t.Errorf("tx lines %d, want 2", n)
	}
	r := Analyze(s, []int64{64})
	if r.Proposal == nil || r.Proposal.Struct.HotLines("tx", 64) != 1 {
		t.Fatalf("proposal %+v (%s)", r.Proposal, r.NoFix)
	}
	// Its members move with it.
	i := slices.IndexFunc(r.Proposal.Struct.Members, func(m layout.Member) bool { return m.Name == "" })
	if got := r.Proposal.Struct.Members[i]; got.Inner[0].Offset != got.Offset || got.Inner[0].BitOffset != 8*got.Offset || got.Inner[1].Offset != got.Offset {
		t.Errorf("anonymous member moved to %+v", got)
	}
}

// A problem at several line sizes is one finding naming them all.
func TestFindingAcrossLineSizes(t *testing.T) {
	t.Parallel()
	fs := append(cold("c", 7), field{"key", 16, 8, "r"})
	fs = append(fs, cold("d", 8)...)
	fs = append(fs, field{"x", 16, 8, "r"})
	s := goStruct("t", fs...)
	r := Analyze(s, []int64{64, 32})
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Message)
	}
	// key crosses 64 at both sizes, and the path needs 3 lines where 1
	// would do at both: the same words.
	want := []string{
		"hot field key (16 bytes at offset 56) crosses the line boundary at 64 (64- and 32-byte lines)",
		"hot fields occupy 3 lines where 1 would do (64- and 32-byte lines): key, x",
	}
	if !slices.Equal(got, want) || !slices.Equal(r.Findings[0].LineSizes, []int64{64, 32}) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// At 128 key crosses nothing, and the path needs 2 lines, which the
	// message says for that size.
	r = Analyze(s, []int64{64, 128})
	got = nil
	for _, f := range r.Findings {
		got = append(got, f.Message)
	}
	want = []string{
		"hot field key (16 bytes at offset 56) crosses the line boundary at 64 (64-byte lines)",
		"hot fields occupy 3 lines where 1 would do (64-byte lines; at 128-byte lines, 2 lines where 1 would do): key, x",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// A struct with nothing the reorganizer fixes gets no proposal.
func TestNoProposalWithoutFindings(t *testing.T) {
	t.Parallel()
	s := goStruct("t", u64("a", "r"), u64("b", "r"), u64("c", ""), u64("d", "r"))
	if r := Analyze(s, []int64{64}); len(r.Findings) != 0 || r.Proposal != nil || r.NoFix != "" {
		t.Errorf("findings %v, proposal %v, no fix %q", r.Findings, r.Proposal, r.NoFix)
	}
}

// queue is xsync's MPMCQueue: read-mostly fields, then head and tail, each
// padded onto a line of its own, then the slots.
func queue() *layout.Struct {
	return goStruct("queue", u64("capMask", "r"), u64("capShift", "r"), pad(48), u64("head", "w"), pad(56),
		u64("tail", "w"), pad(56), field{"slots", 24, 8, "r"})
}

// TestAlignedDropsTailPad: a percpu C queue whose ring fields another
// core reads too (path stats) gets them a line from its writes, by an
// alignment on the first of them; the struct takes that alignment, which
// already rounds its size to the line, so no pad array follows them.
func TestAlignedDropsTailPad(t *testing.T) {
	t.Parallel()
	s := cStruct("pkt_rx_queue", c32("sockfd", ""), c64("rd", "r:rx,stats"), c64("map", ""),
		c32("framecount", "r:rx,stats"), c32("framenum", "w:rx"), c64("mb_pool", ""), c64("port", "r:rx"),
		c64("rx_pkts", "w:rx"), c64("rx_bytes", "w:rx"))
	s.PerCPU = true
	r := Analyze(s, []int64{64})
	if r.Proposal == nil {
		t.Fatalf("no proposal (%s)", r.NoFix)
	}
	p := r.Proposal
	if len(p.Aligned) == 0 || p.Struct.Size != 128 {
		t.Fatalf("proposal: %d bytes, aligned members %v; want 128 bytes, a member aligned to the line", p.Struct.Size, p.Aligned)
	}
	for i, m := range p.Struct.Members {
		if p.Inserted(i) {
			t.Errorf("inserted %s %s at %d: the alignment gives that room already", m.Name, m.Type, m.Offset)
		}
	}
}
