package reorg

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// moved names the fewest members whose removal leaves the others in their
// order: a member taken from the end to the front is one move, however
// many members it passes.
func TestMoved(t *testing.T) {
	s := cStruct("m", c64("a", ""), c64("b", ""), c64("c", ""), c64("d", ""), c64("e", ""))
	p := &layout.Proposal{Struct: s, From: []int{4, 0, 1, -1, 2, 3}}
	if got := moved(s, p); !slices.Equal(got, []string{"e"}) {
		t.Errorf("moved %q, want [e]", got)
	}
	p.From = []int{1, 0, 3, 2, 4}
	if got := moved(s, p); len(got) != 2 {
		t.Errorf("moved %q, want two", got)
	}
}

// kernelLike is a struct with a read_tx group that ends a line and a hot
// tx field outside it, two lines down.
func kernelLike() *layout.Struct {
	return cStruct("k",
		marker("__cacheline_group_begin__k_read_tx"),
		c64("t1", ""), c64("t2", ""), c64("t3", ""), c64("t4", ""),
		c64("t5", ""), c64("t6", ""), c64("t7", ""),
		marker("__cacheline_group_end__k_read_tx"),
		c64("c1", ""), c64("c2", ""), c64("c3", ""), c64("c4", ""),
		c64("c5", ""), c64("c6", ""), c64("c7", ""), c64("c8", ""), c64("c9", ""),
		c64("out", "r:tx"),
		c64("c10", ""),
	)
}

// The smallest patch moves the hot field outside the group next to it,
// not into it, and nothing else; the group keeps its size.
func TestPatchMovesOne(t *testing.T) {
	s := kernelLike()
	r := Analyze(s, []int64{64})
	p := r.Proposal
	if p == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	if !slices.Equal(p.Moved, []string{"out"}) || len(p.GroupChanges) != 0 {
		t.Errorf("moved %q, group changes %+v", p.Moved, p.GroupChanges)
	}
	if g := p.Groups[0]; g.Before != 56 || g.After != 56 || g.Limit != 56 {
		t.Errorf("group %+v", g)
	}
	if n := p.Struct.HotLines("tx", 64); n != 1 {
		t.Errorf("tx on %d lines", n)
	}
}

// A group may not outgrow its limit: its size, or the size an assertion
// gives it. Where an order that outgrows it is better, the result names
// the assertion to raise.
func TestGroupLimits(t *testing.T) {
	s := kernelLike()
	s.Members[slices.IndexFunc(s.Members, func(m layout.Member) bool { return m.Name == "out" })].Join = "k_read_tx"
	s.GroupLimits = []layout.GroupLimit{{Group: "k_read_tx", Size: 56, Where: "k.c:7", Assert: "CACHELINE_ASSERT_GROUP_SIZE(struct k, k_read_tx, 56)"}}
	// The join makes the group 64 bytes: no proposal, and the result
	// names the assertion to raise.
	r := Analyze(s, []int64{64})
	if want := "an order with hot lines tx 1 at 64-byte lines (moving 1 member) needs k_read_tx of 64 bytes (raise CACHELINE_ASSERT_GROUP_SIZE(struct k, k_read_tx, 56) at k.c:7 to 64)"; r.Proposal != nil || r.Needs != want {
		t.Errorf("proposal %v, needs %q, want %q", r.Proposal != nil, r.Needs, want)
	}
	s.GroupLimits[0].Size = 64
	r = Analyze(s, []int64{64})
	if p := r.Proposal; p == nil || p.Groups[0].After != 64 || len(p.GroupChanges) != 1 || p.GroupChanges[0] != (layout.GroupChange{Member: "out", To: "k_read_tx"}) {
		t.Errorf("with room for it, out joins the group: %+v (%s)", r.Proposal, r.NoFix)
	}
}

// A C proposal grows the struct, or pads inside a group, only with Grow.
func TestOverLimits(t *testing.T) {
	s := kernelLike()
	p := &layout.Proposal{Struct: &layout.Struct{Name: "k", Size: s.Size + 8, Align: 8, Lang: layout.LangC, Members: s.Members}, From: make([]int, len(s.Members))}
	for i := range p.From {
		p.From[i] = i
	}
	if why := overLimits(s, p, true); !strings.Contains(why, "(-grow 8 allows it)") {
		t.Errorf("growth: %q", why)
	}
	s.Grow = 8
	if why := overLimits(s, p, true); why != "" {
		t.Errorf("growth within -grow: %q", why)
	}
	// A pad inserted inside the group.
	s.Grow = 0
	ms := slices.Clone(s.Members)
	ms = slices.Insert(ms, 2, layout.Member{Name: "_", Offset: 8, Size: 8, Align: 1, Padding: true})
	for i := 3; i < len(ms); i++ {
		ms[i].Offset += 8
	}
	ms = ms[:len(ms)-1] // keep the size
	q := &layout.Proposal{Struct: &layout.Struct{Name: "k", Size: s.Size, Align: 8, Lang: layout.LangC, Members: ms}}
	for i := range ms {
		q.From = append(q.From, i)
	}
	q.From[2] = -1
	if why := overLimits(s, q, false); !strings.HasPrefix(why, "reordering would pad inside cacheline group k_read_tx") {
		t.Errorf("pad inside a group: %q", why)
	}
}

// Where a patch needs cold bytes in front of or between groups, it takes
// what a maintainer would: the fewest members that fill the room without
// a hole, in their declared order, not the cold members that happen to
// lie next to the groups. Here 16 bytes in front of k_read_tx put each
// group on a line of its own.
func TestSpacers(t *testing.T) {
	for _, c := range []struct {
		name  string
		after []cMember // between the groups and the cold rest
		big   bool      // a 16-byte cold member far down
		moved []string
	}{
		// Not p, p2 and q: two members fill the room.
		{"two u32 and two u64", []cMember{c32("p", ""), c32("p2", ""), c64("q", ""), c64("r", "")}, false, []string{"q", "r"}},
		// Not p and q: p would bring its hole along.
		{"a u32 and two u64", []cMember{c32("p", ""), c64("q", ""), c64("r", "")}, false, []string{"q", "r"}},
		// One member the room's size, far as it lies.
		{"a 16-byte member", []cMember{c32("p", ""), c32("p2", ""), c64("q", ""), c64("r", "")}, true, []string{"big"}},
	} {
		ms := []cMember{marker("__cacheline_group_begin__k_read_tx")}
		for i := range 6 {
			ms = append(ms, c64(fmt.Sprintf("t%d", i), ""))
		}
		ms = append(ms, marker("__cacheline_group_end__k_read_tx"), marker("__cacheline_group_begin__k_read_rx"))
		for i := range 6 {
			ms = append(ms, c64(fmt.Sprintf("r%d", i), ""))
		}
		ms = append(ms, marker("__cacheline_group_end__k_read_rx"))
		ms = append(ms, c.after...)
		for i := range 12 {
			ms = append(ms, c64(fmt.Sprintf("c%d", i), ""))
		}
		if c.big {
			ms = append(ms, cMember{name: "big", size: 16, align: 8})
		}
		ms = append(ms, c64("z", ""))
		s := cStruct("k", ms...)
		r := Analyze(s, []int64{64})
		p := r.Proposal
		if p == nil {
			t.Fatalf("%s: no proposal: %s", c.name, r.NoFix)
		}
		if !slices.Equal(p.Moved, c.moved) {
			t.Errorf("%s: moves %v, want %v: %v", c.name, p.Moved, c.moved, order(p))
		}
		for _, path := range []string{"tx", "rx"} {
			if n := p.Struct.HotLines(path, 64); n != 1 {
				t.Errorf("%s: %s on %d lines", c.name, path, n)
			}
		}
	}
}

// The reorganizer scores an order by the findings of the checks that
// isolate, run as the reports run them: for a percpu queue, the
// neighbours' sharing that falseshare reports, which no member of one
// element shares with another.
func TestScoringReadsChecks(t *testing.T) {
	fs := []field{u64("ring", ""), u64("mb", ""), u32("port", ""), u32("qid", "")}
	fs = append(fs, u64("pkts", "w"), u64("bytes", "w"), u64("nombuf", "w"), u64("err", ""), u64("next", ""))
	s := goStruct("rxq", fs...)
	s.PerCPU = true
	var reported int
	for _, f := range Analyze(s, []int64{64}).Findings {
		if f.Check.Isolates() {
			reported += len(f.Members)
		}
	}
	if reported == 0 || len(falseShare(s, 64)) != 0 {
		t.Fatalf("want only the neighbours' sharing: %d members, %v", reported, falseShare(s, 64))
	}
	if got := falselyShared(layout.Checks, s, 64); got != reported {
		t.Errorf("scored %d members sharing, the checks report %d", got, reported)
	}
}

// Two hot members on one line, more members apart than one move takes,
// keep it for their path: moving either alone saves nothing, so the patch
// moves both, next to their group, and nothing else.
func TestPatchMovesPair(t *testing.T) {
	s := cStruct("k",
		marker("__cacheline_group_begin__k_read_tx"),
		c64("t1", ""), c64("t2", ""), c64("t3", ""), c64("t4", ""), c64("t5", ""), c64("t6", ""),
		marker("__cacheline_group_end__k_read_tx"),
		c64("c1", ""), c64("c2", ""), c64("c3", ""), c64("c4", ""), c64("c5", ""),
		c64("c6", ""), c64("c7", ""), c64("c8", ""), c64("c9", ""), c64("c10", ""),
		c64("out1", "r:tx"),
		c32("d1", ""), c32("d2", ""), c32("d3", ""), c32("d4", ""), c32("d5", ""), c32("d6", ""),
		c32("d7", ""), c32("d8", ""), c32("d9", ""), c32("d10", ""), c32("d11", ""), c32("d12", ""),
		c64("out2", "r:tx"),
		c64("c17", ""),
	)
	// The walks alone, with no builder's order to start one from.
	items, _ := itemsOf(s)
	p := patch(layout.Checks, s, items, []int64{64}, true, nil, true)
	if p == nil {
		t.Fatal("the walks find no patch")
	}
	if got := moved(s, p); !slices.Equal(got, []string{"out1", "out2"}) {
		t.Errorf("moved %q, want [out1 out2]", got)
	}
	if n := p.Struct.HotLines("tx", 64); n != 1 {
		t.Errorf("tx on %d lines", n)
	}
}
