package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// cMember describes a member for cStruct: name, size, alignment, hot
// annotation as for field, and what C says of it.
type cMember struct {
	name        string
	size, align int64
	hot         string
	typ         string // "struct X" for an aggregate, "" otherwise
	attr        int64  // aligned(N) on the member
}

// cStruct lays members out as a C compiler does.
func cStruct(name string, ms ...cMember) *layout.Struct {
	s := &layout.Struct{Name: name, Lang: layout.LangC, Align: 1}
	var off int64
	for _, c := range ms {
		a := max(c.align, c.attr, 1)
		off = layout.AlignUp(off, a)
		m := layout.Member{Name: c.name, Type: "int", Offset: off, Size: c.size, Align: max(c.align, 1), AlignAttr: c.attr, BitOffset: off * 8}
		if c.typ != "" {
			m.Type, m.Aggregate = c.typ, true
		}
		if c.hot != "" {
			kind, paths, _ := strings.Cut(c.hot, ":")
			m.Hot = &layout.Hot{Write: kind == "w"}
			if paths != "" {
				m.Hot.Paths = strings.Split(paths, ",")
			}
		}
		s.Members = append(s.Members, m)
		off += c.size
		s.Align = max(s.Align, a)
	}
	s.Size = layout.AlignUp(off, s.Align)
	if err := layout.Annotate(s); err != nil {
		panic(err)
	}
	return s
}

func c64(name, hot string) cMember { return cMember{name: name, size: 8, align: 8, hot: hot} }

func c32(name, hot string) cMember { return cMember{name: name, size: 4, align: 4, hot: hot} }

func marker(name string) cMember { return cMember{name: name, align: 1} }

// order lists the proposal's member names, inserted padding left out.
func order(p *layout.Proposal) []string {
	var out []string
	for i, m := range p.Struct.Members {
		if !p.Inserted(i) {
			out = append(out, m.Name)
		}
	}
	return out
}

func mustPropose(t *testing.T, s *layout.Struct) *layout.Proposal {
	t.Helper()
	p, why := propose(layout.Checks, s, []int64{64})
	if p == nil {
		t.Fatalf("%s: no proposal: %s", s.Name, why)
	}
	if r := invalid(s, p); r != "" {
		t.Fatalf("%s: invalid proposal: %s", s.Name, r)
	}
	return p
}

func member(t *testing.T, p *layout.Proposal, name string) *layout.Member {
	t.Helper()
	_, m := p.Struct.Lookup(name)
	if m == nil {
		t.Fatalf("proposal lacks %s", name)
	}
	return m
}

// TestCKeepsWhatCodeReliesOn: a struct-typed first member stays at 0, a
// flexible array stays last at its alignment, a zero-size member stays
// before the member after it; Go puts zero-size fields first.
func TestCKeepsWhatCodeReliesOn(t *testing.T) {
	t.Parallel()
	ms := []cMember{
		{name: "base", size: 40, align: 8, typ: "struct sock"},
	}
	ms = append(ms, c64("cold1", ""), c64("cold2", ""))
	ms = append(ms, cMember{name: "mark", align: 1}, c64("after_mark", ""))
	ms = append(ms, c64("cold3", ""), c64("rx1", "r:rx"))
	for i := range 8 {
		ms = append(ms, c64("gap"+string(rune('a'+i)), ""))
	}
	ms = append(ms, c64("rx2", "r:rx"))
	ms = append(ms, cMember{name: "priv", align: 1, attr: 64})
	s := cStruct("cs", ms...)
	p := mustPropose(t, s)
	got := order(p)
	if got[0] != "base" || member(t, p, "base").Offset != 0 {
		t.Errorf("first member moved: %v", got)
	}
	if last := p.Struct.Members[len(p.Struct.Members)-1]; last.Name != "priv" || last.Offset%64 != 0 || last.Offset > p.Struct.Size {
		t.Errorf("flexible array %+v, want last and 64-aligned; order %v", last, got)
	}
	if i := slices.Index(got, "mark"); i < 0 || got[i+1] != "after_mark" || member(t, p, "mark").Offset != member(t, p, "after_mark").Offset {
		t.Errorf("zero-size member left its neighbour: %v", got)
	}
	if s.HotLines("rx", 64) != 2 || p.Struct.HotLines("rx", 64) != 1 {
		t.Errorf("rx lines %d -> %d, want 2 -> 1", s.HotLines("rx", 64), p.Struct.HotLines("rx", 64))
	}

	// The same members in Go: zero-size fields first, nothing pinned.
	g := *s
	g.Lang, g.PadZeroSizeTail = layout.LangGo, true
	gp := mustPropose(t, &g)
	if got := order(gp); got[0] != "mark" || got[1] != "priv" {
		t.Errorf("Go order %v, want zero-size fields first", got)
	}
}

// TestPin: a pinned member stays at its offset, in C and in Go, and a
// hot member inside a pinned anonymous member pins its holder.
func TestPin(t *testing.T) {
	t.Parallel()
	for _, lang := range []layout.Lang{layout.LangC, layout.LangGo} {
		s := cStruct("pinned", append(append([]cMember{c64("rx1", "r:rx")}, cMember{name: "fixed", size: 8, align: 8}), c64("a", ""), c64("b", ""), c64("c", ""), c64("d", ""), c64("e", ""), c64("f", ""), c64("g", ""), c64("rx2", "r:rx"))...)
		s.Lang = lang
		s.Members[1].Pinned = true
		p := mustPropose(t, s)
		if m := member(t, p, "fixed"); m.Offset != 8 {
			t.Errorf("%s: pinned member moved to %d", lang, m.Offset)
		}
		if p.Struct.HotLines("rx", 64) != 1 {
			t.Errorf("%s: rx on %d lines", lang, p.Struct.HotLines("rx", 64))
		}
	}
}

// A written member pinned first (a 64-bit atomic 32-bit GOARCHes need
// first) keeps its line in Go: the read-mostly members start on the next
// line of the largest size, cold ones filling the gap.
func TestPinnedWriteKeepsItsLine(t *testing.T) {
	t.Parallel()
	for _, lines := range [][]int64{{64}, {64, 128}} {
		s := goStruct("hits", u64("n", "w"), u64("p", "r"), u32("flag", "r"), u64("spare", ""))
		s.Members[0].Pinned = true
		p, why := propose(layout.Checks, s, lines)
		if p == nil {
			t.Fatalf("%v: no proposal: %s", lines, why)
		}
		line := slices.Max(lines)
		if n, r, c := member(t, p, "n"), member(t, p, "p"), member(t, p, "spare"); n.Offset != 0 || r.Offset != line || c.Offset != 8 {
			t.Errorf("%v: n at %d, p at %d, spare at %d; want 0, %d, 8", lines, n.Offset, r.Offset, c.Offset, line)
		}
		for _, l := range lines {
			if fs := apartFindings(layout.Checks, p.Struct, l); len(fs) > 0 {
				t.Errorf("%v: %s", lines, fs[0].Message)
			}
		}
	}
}

// TestGroupsStayBetweenMarkers: members of a kernel cacheline group stay
// between its markers; a hot member outside stays outside, next to the
// group, unless a hot file lets it join; a cold one never enters; an
// aligned group keeps its alignment and a cold group moves whole.
func TestGroupsStayBetweenMarkers(t *testing.T) {
	t.Parallel()
	for _, join := range []string{"", "x_read_tx"} {
		t.Run("join="+join, func(t *testing.T) { groupsStayBetweenMarkers(t, join) })
	}
}

func groupsStayBetweenMarkers(t *testing.T, join string) {
	s := cStruct("grouped",
		c64("cold1", ""),
		marker("__cacheline_group_begin__x_read_tx"),
		c64("tx1", ""), c64("tx2", ""),
		marker("__cacheline_group_end__x_read_tx"),
		c64("cold2", ""), c64("cold3", ""), c64("cold4", ""), c64("cold5", ""), c64("cold6", ""), c64("cold7", ""),
		c64("tx_outside", "r:tx"),
		c64("cold8", ""),
		cMember{name: "__cacheline_group_begin__x_write_rx", align: 1, attr: 64},
		c64("rxw1", ""), c64("rxw2", ""),
		marker("__cacheline_group_end__x_write_rx"),
		cMember{name: "__cacheline_group_begin__icmp", align: 1, attr: 64},
		cMember{name: "credit", size: 4, align: 4},
		cMember{name: "stamp", size: 4, align: 4},
		marker("__cacheline_group_end__icmp"),
		cMember{name: "__cacheline_group_pad__icmp", align: 1, attr: 64},
		c64("cold9", ""),
	)
	_, out := s.Lookup("tx_outside")
	out.Join = join
	p := mustPropose(t, s)
	groups := map[string][2]int{}
	for i, m := range p.Struct.Members {
		if name, ok := strings.CutPrefix(m.Name, layout.GroupBeginPrefix); ok {
			groups[name] = [2]int{i, -1}
		}
		if name, ok := strings.CutPrefix(m.Name, layout.GroupEndPrefix); ok {
			groups[name] = [2]int{groups[name][0], i}
		}
	}
	want := map[string][]string{
		"x_read_tx":  {"tx1", "tx2"},
		"x_write_rx": {"rxw1", "rxw2"},
		"icmp":       {"credit", "stamp"},
	}
	if join != "" {
		want[join] = append(want[join], "tx_outside")
	}
	for g, names := range want {
		be := groups[g]
		var in []string
		for _, m := range p.Struct.Members[be[0]+1 : be[1]] {
			if !m.Padding {
				in = append(in, m.Name)
			}
		}
		slices.Sort(in)
		if !slices.Equal(in, names) {
			t.Errorf("group %s holds %v, want %v (order %v)", g, in, names, order(p))
		}
	}
	for _, name := range []string{"__cacheline_group_begin__x_write_rx", "__cacheline_group_begin__icmp", "__cacheline_group_pad__icmp"} {
		if m := member(t, p, name); m.Offset%64 != 0 {
			t.Errorf("%s at %d, not 64-aligned", name, m.Offset)
		}
	}
	if c, st := member(t, p, "credit"), member(t, p, "stamp"); st.Offset != c.Offset+4 {
		t.Errorf("cold group split: credit at %d, stamp at %d", c.Offset, st.Offset)
	}
	if s.HotLines("tx", 64) != 2 || p.Struct.HotLines("tx", 64) != 1 {
		t.Errorf("tx lines %d -> %d, want 2 -> 1", s.HotLines("tx", 64), p.Struct.HotLines("tx", 64))
	}
}

// TestPartialProposal: a read bit sharing a storage unit with a written
// one leaves a finding no order fixes; the proposal is made anyway and
// says what it leaves and why.
func TestPartialProposal(t *testing.T) {
	t.Parallel()
	var ms []cMember
	ms = append(ms, c64("r1", "r:rx"))
	for i := range 8 {
		ms = append(ms, c64("cold"+string(rune('a'+i)), ""))
	}
	ms = append(ms, c64("r2", "r:rx"), c64("w1", "w:rx"))
	s := cStruct("bits", ms...)
	// Two bit-fields of one byte: one written, one read.
	off := s.Size
	s.Members = append(s.Members,
		layout.Member{Name: "wbit", Type: "u8", Offset: off, Size: 1, Align: 1, BitOffset: off * 8, BitSize: 1, Unit: 1, Hot: &layout.Hot{Paths: []string{"rx"}, Write: true}},
		layout.Member{Name: "rbit", Type: "u8", Offset: off, Size: 1, Align: 1, BitOffset: off*8 + 1, BitSize: 1, Unit: 1, Hot: &layout.Hot{Paths: []string{"rx"}}})
	s.Size = layout.AlignUp(off+1, 8)
	r := Analyze(s, []int64{64})
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	if !strings.Contains(r.Remains, "read-mostly rbit shares a storage unit with written wbit") {
		t.Errorf("Remains = %q", r.Remains)
	}
	// A finding about the bit-fields says what is left; any other, which
	// the proposal fixes, says nothing.
	nLeft := 0
	for _, f := range r.Findings {
		left := slices.Contains(f.Members, "rbit") || slices.Contains(f.Members, "wbit")
		if left {
			nLeft++
		}
		if left != (f.Left != "") || left && !strings.Contains(f.Left, "read-mostly rbit shares a storage unit with written wbit") {
			t.Errorf("finding %q: Left = %q", f.Message, f.Left)
		}
	}
	if nLeft == 0 {
		t.Errorf("no finding about the bit-fields: %v", r.Findings)
	}
	// w1 no longer shares a line with r2.
	for _, f := range r.Findings {
		if f.Check == layout.CheckFalseShare && f.Members[0] == "w1" && !slices.Contains(f.Members, "r2") {
			t.Errorf("finding before the proposal: %s", f.Message)
		}
	}
	if w, r2 := member(t, r.Proposal, "w1"), member(t, r.Proposal, "r2"); w.Offset/64 == r2.Offset/64 {
		t.Errorf("proposal leaves w1 at %d with r2 at %d", w.Offset, r2.Offset)
	}
}

// TestPerCPUAlign: a C percpu struct of 64 bytes at 8-byte alignment gets
// aligned(64) rather than 56 bytes of padding; Go, which cannot align a
// type, gets the padding.
func TestPerCPUAlign(t *testing.T) {
	t.Parallel()
	ms := []cMember{c64("head", "w"), c64("tail", "w")}
	for i := range 6 {
		ms = append(ms, c64("cfg"+string(rune('a'+i)), ""))
	}
	s := cStruct("queue", ms...)
	s.PerCPU = true
	p := mustPropose(t, s)
	if p.Align != 64 || p.Struct.Size != 64 {
		t.Errorf("C: align %d size %d, want aligned(64) and 64 bytes", p.Align, p.Struct.Size)
	}
	g := *s
	g.Lang = layout.LangGo
	gp := mustPropose(t, &g)
	if gp.Align != 0 || gp.Struct.Size <= 64 {
		t.Errorf("Go: align %d size %d, want padding", gp.Align, gp.Struct.Size)
	}
}

// TestMarkerMarks: a pinned marker keeps its group whole where it is,
// begin, end or pad marker alike; a hot mark on a marker, which has no
// bytes, makes no cold group hot, so the group still moves whole. (A
// pinned end marker once closed no group, and every member after it was
// lost; a pinned begin marker opened none, and the group's members moved
// out of it.)
func TestMarkerMarks(t *testing.T) {
	t.Parallel()
	group := []string{"__cacheline_group_begin__frag", "frag_offset", "frag_page", "frag_users", "__cacheline_group_end__frag", "__cacheline_group_pad__frag"}
	for _, pin := range []string{"", group[0], group[4], group[5]} {
		ms := []cMember{
			{name: "p", size: 48, align: 8},
			c64("cpuid", "r:tx"),
			{name: group[0], align: 1, attr: 64},
			// Reorderable, these would go by decreasing alignment.
			{name: "frag_offset", size: 4, align: 4}, c64("frag_page", ""), {name: "frag_users", size: 4, align: 4},
			marker(group[4]),
			{name: group[5], align: 1, attr: 64},
			c64("release", ""), c64("defer_start", "r:tx"),
		}
		for i := range 6 {
			ms = append(ms, c64("cold"+string(rune('a'+i)), ""))
		}
		ms = append(ms, c64("user", "w:tx"))
		s := cStruct("pool", ms...)
		begin, _ := s.Lookup(group[0])
		s.Members[begin].Hot = &layout.Hot{Paths: []string{"rx", "tx"}}
		if pin != "" {
			k, _ := s.Lookup(pin)
			s.Members[k].Pinned = true
		}
		p := mustPropose(t, s)
		if msg := broken(s, p, []int64{64}); msg != "" {
			t.Errorf("%q pinned: %s\n%s", pin, msg, describe(p.Struct))
			continue
		}
		_, was0 := s.Lookup(group[0])
		at0 := member(t, p, group[0]).Offset
		for _, name := range group {
			_, was := s.Lookup(name)
			m := member(t, p, name)
			if m.Offset-at0 != was.Offset-was0.Offset || pin != "" && m.Offset != was.Offset {
				t.Errorf("%q pinned: %s moved from %d to %d, group from %d to %d", pin, name, was.Offset, m.Offset, was0.Offset, at0)
			}
		}
	}
}

// TestPinnedBeginMarkerKeepsMembers: the members of a group whose begin
// marker is pinned stay between its markers, even where a path would want
// them elsewhere.
func TestPinnedBeginMarkerKeepsMembers(t *testing.T) {
	t.Parallel()
	s := cStruct("sk",
		c64("common", "w:tx"),
		c64("cold1", ""),
		marker("__cacheline_group_begin__sk_read_rxtx"),
		cMember{name: "sk_err", size: 4, align: 4},
		c64("sk_socket", ""),
		marker("__cacheline_group_end__sk_read_rxtx"),
		c64("cold2", ""), c64("cold3", ""), c64("cold4", ""), c64("cold5", ""), c64("cold6", ""),
		c64("stamp", "r:rx,tx"),
	)
	k, _ := s.Lookup("__cacheline_group_begin__sk_read_rxtx")
	s.Members[k].Pinned = true
	p := mustPropose(t, s)
	if msg := broken(s, p, []int64{64}); msg != "" {
		t.Errorf("%s\n%s", msg, describe(p.Struct))
	}
}

// TestInvalidCatchesBrokenProposals: the reorganizer's own check rejects a
// proposal that loses a member, places one twice or moves one out of its
// group, so that propose returns a reason instead.
func TestInvalidCatchesBrokenProposals(t *testing.T) {
	t.Parallel()
	s := cStruct("grouped",
		c64("cold1", ""),
		marker("__cacheline_group_begin__x_read_tx"),
		c64("tx1", ""), c64("tx2", ""),
		marker("__cacheline_group_end__x_read_tx"),
		c64("cold2", ""), c64("tx3", "r:tx"),
	)
	p := mustPropose(t, s)
	at := func(name string) int {
		return slices.IndexFunc(p.Struct.Members, func(m layout.Member) bool { return m.Name == name })
	}
	tests := []struct {
		name   string
		change func(q *layout.Proposal)
		want   string
	}{
		{"lost", func(q *layout.Proposal) {
			i := at("cold2")
			q.Struct.Members = slices.Delete(q.Struct.Members, i, i+1)
			q.From = slices.Delete(q.From, i, i+1)
		}, "lost cold2"},
		{"twice", func(q *layout.Proposal) { q.From[at("cold2")] = q.From[at("cold1")] }, "placed cold1 2 times"},
		{"out of group", func(q *layout.Proposal) {
			// tx1 and cold1 swap places.
			i, j := at("tx1"), at("cold1")
			mi, mj := q.Struct.Members[i], q.Struct.Members[j]
			mi.Offset, mj.Offset = mj.Offset, mi.Offset
			q.Struct.Members[i], q.Struct.Members[j] = mj, mi
			q.From[i], q.From[j] = q.From[j], q.From[i]
		}, "tx1 outside the markers of its group x_read_tx"},
	}
	for _, tt := range tests {
		q := *p
		ps := *p.Struct
		ps.Members = slices.Clone(p.Struct.Members)
		q.Struct, q.From = &ps, slices.Clone(p.From)
		tt.change(&q)
		if r := invalid(s, &q); !strings.Contains(r, tt.want) {
			t.Errorf("%s: invalid = %q, want %q", tt.name, r, tt.want)
		}
	}
}

// TestBitFieldsKeepTheirStorage: bit-fields whose storage unit reaches
// over the members before them (pahole's "bitfield combined with previous
// fields") move with those members, so that the compiler puts their bits
// where the proposal says, and pinned ones can stay where they are.
func TestBitFieldsKeepTheirStorage(t *testing.T) {
	t.Parallel()
	for _, pin := range []bool{false, true} {
		ms := []cMember{c64("rx1", "r:rx")}
		for i := range 8 {
			ms = append(ms, c64("cold"+string(rune('a'+i)), ""))
		}
		ms = append(ms, c64("rx2", "r:rx"), cMember{name: "a", size: 1, align: 1}, cMember{name: "b", size: 1, align: 1})
		s := cStruct("pmu", ms...)
		// unsigned int x:1, y:1 after two bools: bits 16 and 17 of a
		// storage unit at a's offset.
		at := s.Members[len(s.Members)-2].Offset
		for i, name := range []string{"x", "y"} {
			s.Members = append(s.Members, layout.Member{Name: name, Type: "unsigned int", Offset: at, Size: 4, Align: 4,
				BitOffset: at*8 + 16 + int64(i), BitSize: 1, Unit: 1})
		}
		s.Size = layout.AlignUp(at+4, s.Align)
		if pin {
			for _, name := range []string{"a", "y"} {
				k, _ := s.Lookup(name)
				s.Members[k].Pinned = true
			}
		}
		p := mustPropose(t, s)
		if msg := broken(s, p, []int64{64}); msg != "" {
			t.Fatalf("pinned %v: %s\n%s", pin, msg, describe(p.Struct))
		}
		a := member(t, p, "a")
		for _, name := range []string{"b", "x", "y"} {
			_, was := s.Lookup(name)
			m := member(t, p, name)
			if m.Offset-a.Offset != was.Offset-at || m.BitOffset-a.Offset*8 != was.BitOffset-at*8 {
				t.Errorf("pinned %v: %s at %d (bit %d), a at %d; was %d (bit %d), a at %d", pin, name, m.Offset, m.BitOffset, a.Offset, was.Offset, was.BitOffset, at)
			}
		}
		if got := p.Struct.HotLines("rx", 64); got != 1 {
			t.Errorf("pinned %v: rx on %d lines\n%s", pin, got, describe(p.Struct))
		}
		if pin {
			// The reorganizer's own check sees a pinned bit-field that
			// is not the first of its storage unit move.
			q := *p
			ps := *p.Struct
			ps.Members = slices.Clone(p.Struct.Members)
			q.Struct = &ps
			i := slices.IndexFunc(ps.Members, func(m layout.Member) bool { return m.Name == "y" })
			ps.Members[i].Offset += 4
			if r := invalid(s, &q); !strings.Contains(r, "pinned y") {
				t.Errorf("invalid = %q for a moved pinned y", r)
			}
		}
	}
}

// xsync's Map reads table and intKey on every operation, 121 bytes apart
// in a 128-byte struct. Hot first leaves the next offset at 9; the cold
// fields must fill the gap before the int with the bool, or the struct
// grows to 136 bytes and no order is proposed.
func TestColdFillsAlignmentGap(t *testing.T) {
	t.Parallel()
	s := goStruct("Map", u64("table", "r"), field{"x", 104, 1, ""}, u64("minTableLen", ""),
		field{"growOnly", 1, 1, ""}, field{"intKey", 1, 1, "r"})
	r := Analyze(s, []int64{64})
	if len(r.Findings) != 1 || r.Findings[0].Check != layout.CheckSpread {
		t.Fatalf("findings %v, want one spread", r.Findings)
	}
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	if p := r.Proposal.Struct; p.Size != 128 {
		t.Errorf("proposal is %d bytes, want 128", p.Size)
	}
}

// A proposal is kept for what it gains: a path on fewer lines, or fewer
// members in findings that cost by themselves (Check.CostsAlone). A hot
// field moved off a boundary while another hot field takes a line gains
// nothing; a split lock fixed is a gain though no path saves a line.
func TestProposalGains(t *testing.T) {
	t.Parallel()
	lines := []int64{64}
	fs := append([]field{u64("a", "r:tx")}, cold("c", 6)...)
	fs = append(fs, field{"b", 16, 8, "r:tx"})
	fs = append(fs, cold("t", 7)...)
	s := goStruct("s", fs...)
	s.Lang = layout.LangC
	now := Analyze(s, lines).Findings
	if got := checks(now); !slices.Contains(got, "straddle") {
		t.Fatalf("findings %v, want b's straddle", got)
	}
	// b off the boundary, a onto line 0's end: tx on 2 lines either way.
	ps := goStruct("s", append(append(cold("c", 7), u64("a", "r:tx"), field{"b", 16, 8, "r:tx"}), cold("t", 7)...)...)
	ps.Lang = layout.LangC
	if n := len(straddles(ps, 64)); n != 0 || ps.HotLines("tx", 64) != s.HotLines("tx", 64) {
		t.Fatalf("the moved order: %d straddles, tx on %d lines, want none and %d", n, ps.HotLines("tx", 64), s.HotLines("tx", 64))
	}
	if improves(s, &layout.Proposal{Struct: ps}, now, nil, lines) {
		t.Error("a straddle fixed for no line counts as a gain")
	}

	// A uint64 that 386 aligns to 4, used atomically, across 64.
	lock := goStruct("lock", field{"buf", 60, 1, ""}, field{"refs", 8, 4, ""}, field{"h", 8, 4, "r"})
	lock.Members[1].Atomic = 8
	lock.ResolvePaths()
	r := Analyze(lock, lines)
	if r.Proposal == nil {
		t.Fatalf("split lock: no proposal: %s", r.NoFix)
	}
	if n := len(straddles(r.Proposal.Struct, 64)); n != 0 {
		t.Errorf("split lock: the proposal leaves %d straddles", n)
	}
	for _, path := range lock.Paths() {
		if a, b := lock.HotLines(path, 64), r.Proposal.Struct.HotLines(path, 64); a != b {
			t.Errorf("split lock: path %s on %d lines, proposed %d: the test wants a fix that saves none", path, a, b)
		}
	}
}

// A saving does not rest on a guess: a big struct-typed member whose
// type marks no field hot counts by its first byte's line (EmbedHot), and
// an order that moves a hot field onto that line saves nothing known.
func TestNoSavingOnAGuess(t *testing.T) {
	t.Parallel()
	tx := &layout.Hot{Paths: []string{"tx"}}
	s := &layout.Struct{Name: "outer", Lang: layout.LangC, Size: 256, Align: 8, Members: []layout.Member{
		{Name: "c", Type: "long", Size: 8, Align: 8},
		{Name: "big", Type: "struct inner", Offset: 8, Size: 72, Align: 8, BitOffset: 64, Aggregate: true, Hot: tx,
			Parts: []layout.HotPart{{Size: 1, Hot: tx, Guess: true}}, Pinned: true},
		{Name: "pad", Type: "char[120]", Offset: 80, Size: 120, Align: 1, BitOffset: 640},
		{Name: "h", Type: "long", Offset: 200, Size: 8, Align: 8, BitOffset: 1600, Hot: tx},
		{Name: "tail", Type: "char[48]", Offset: 208, Size: 48, Align: 1, BitOffset: 1664},
	}}
	s.ResolvePaths()
	r := Analyze(s, []int64{64})
	if r.Proposal != nil {
		t.Errorf("proposal moving %v for a line saved only by big's guessed first line", r.Proposal.Moved)
	}
}
