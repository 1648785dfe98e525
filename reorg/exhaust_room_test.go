package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// roomStruct is a small grouped struct at 64-byte lines like 6.18's
// struct sock at 128: k_write_tx starts 44 bytes in, on the line of
// k_read_rx. Two of the cold members after the groups in front of it
// put it on the next line, and its 4-byte member moved last (else the
// hole before its first 8-byte member grows the group past its size):
// either move alone helps nothing.
func roomStruct(cold ...cMember) *layout.Struct {
	return cStruct("room", slices.Concat([]cMember{
		cMember{name: "base", size: 8, align: 8, typ: "struct base"},
		marker("__cacheline_group_begin__k_write_rx"), c64("wr1", ""), c64("wr2", ""), marker("__cacheline_group_end__k_write_rx"),
		marker("__cacheline_group_begin__k_read_rx"), c64("rr1", ""), c64("rr2", ""), c32("rr3", ""), marker("__cacheline_group_end__k_read_rx"),
		marker("__cacheline_group_begin__k_write_tx"), c32("wt0", ""), c64("wt1", ""), c64("wt2", ""), c64("wt3", ""), marker("__cacheline_group_end__k_write_tx"),
		marker("__cacheline_group_begin__k_read_tx"), c32("rt0", ""), c64("rt1", ""), marker("__cacheline_group_end__k_read_tx"),
	}, cold)...)
}

// The walks of patch, one helping move at a time, find nothing for
// roomStruct; the exhaustive search finds an order that keeps the size
// and the groups', takes k_write_tx off rx's line and tx onto one line.
func TestExhaustFindsRoom(t *testing.T) {
	s := roomStruct(c64("c1", ""), c64("c2", ""), c64("c3", ""), c64("c4", ""))
	lines := []int64{64}
	items, _ := itemsOf(s)
	if p := patch(layout.Checks, s, items, lines, true, nil, true); p != nil {
		t.Fatalf("the walks find %v: this test needs a struct they miss", moved(s, p))
	}
	if q, _ := exhaustC(layout.Checks, s, items, lines, true, nil); q == nil {
		t.Fatal("the exhaustive search finds nothing")
	}
	r := Analyze(s, lines)
	p := r.Proposal
	if p == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	if p.Struct.Size != s.Size {
		t.Errorf("size %d -> %d", s.Size, p.Struct.Size)
	}
	for _, g := range p.Groups {
		if g.After > g.Limit {
			t.Errorf("group %s: %d bytes, at most %d", g.Group, g.After, g.Limit)
		}
	}
	if rx, tx := p.Struct.HotLines("rx", 64), p.Struct.HotLines("tx", 64); rx != 1 || tx != 1 {
		t.Errorf("rx on %d lines, tx on %d; want 1 and 1\n%s", rx, tx, describe(p.Struct))
	}
	if msg := broken(s, p, lines); msg != "" {
		t.Error(msg)
	}
}

// Where the node limit stops the search, the reason says the search was
// not exhaustive; where it runs to the end, that it was.
func TestExhaustHonest(t *testing.T) {
	// Without cold members, no order helps.
	s := roomStruct()
	lines := []int64{64}
	r := Analyze(s, lines)
	if r.Proposal != nil || !strings.Contains(r.NoFix, "the search was exhaustive") {
		t.Errorf("exhaustive search: proposal %v, reason %q", r.Proposal, r.NoFix)
	}
	defer func(n int) { maxExhaustNodes = n }(maxExhaustNodes)
	maxExhaustNodes = 2
	r = Analyze(s, lines)
	if r.Proposal != nil || !strings.Contains(r.NoFix, "the search is not exhaustive") {
		t.Errorf("cut search: proposal %v, reason %q", r.Proposal, r.NoFix)
	}
}
