package reorg

import (
	"cmp"
	"math"
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// unitRole says what a unit is in the order.
type unitRole uint8

const (
	plainUnit unitRole = iota // an item outside any reorderable group
	headUnit                  // a group's begin marker, and what comes with it
	innerUnit                 // a member of a group
	tailUnit                  // a group's end marker
	padUnit                   // the pad that ends an aligned group
)

// unit is one item the patch places.
type unit struct {
	it    item
	role  unitRole
	group int // the group's index in patcher.groups, -1 for a plain unit
	// hot is whether the slot the unit starts (a plain unit, or a
	// group's head) is hot.
	hot bool
	// spans are the hot bytes of its members, from its start.
	spans []hotSpan
}

// hotSpan is the bytes of one hot member, relative to its unit's start.
type hotSpan struct {
	lo, hi int64
	hot    *layout.Hot
	side   int
	member int // a number for the member, for counting members
	m      *layout.Member
	// paths is hot.Paths as bits, by index in patcher.paths.
	paths uint64
}

// patchGroup is a reorderable group: its name and what it may take.
type patchGroup struct {
	name  string
	limit int64
}

// patcher holds what every order of one struct shares.
type patcher struct {
	s      *layout.Struct
	lines  []int64
	paths  []string
	groups []patchGroup
	limits bool // keep the groups within their limits
	units  []unit
	last   []item
	base   []int // the lines of s, as hotLinesEach counts them
	align  int64 // the struct's alignment in the orders laid out
	// cfgs are the other builds an order must hold in (config);
	// anchored the units that keep their place relative to the group
	// markers, home the marker each lies after in s (region).
	cfgs     []config
	anchored map[int32]bool
	home     []int32
	// alignedHead is the head unit alignHead aligned, -1 for none.
	alignedHead int32
	// declared is the units in s's order: a member a hot file lets join
	// a group is a unit of the group, outside it in s.
	declared []int32
	// scratch, reused by eval
	pos   []int64
	gaps  int   // holes between units in the last layOut
	holes int64 // and their bytes
	spans []placedSpan
	on    []int
	tails []int
	prev  []int
	seq   []int
	keep  []bool

	// checks are those whose rules keep members apart (Check.Apart);
	// apart remembers their answer for each pair of the hot members, by
	// hotSpan.member, members of them: 0 not asked yet, 1 may share, 2
	// apart.
	checks  []*layout.Check
	apart   []uint8
	members int
	// cold says, by member of s, that nothing in it is hot (HotWithin).
	cold []bool
}

// patchScore is what patch minimizes, in order: the lines of every path
// at every line size in all, then the lines shared falsely, then
// the members moved, then the cold ones among them (a hot member moved
// next to the others reads as the point of a patch, a cold one moved to
// make room as its price), then the holes between members, then their
// bytes. Where the struct keeps its size its holes keep their bytes in
// all but the tail, so a patch that makes a hole is one that splits the
// bytes into more holes: a reviewer sees each.
type patchScore struct {
	total, shared, moved, cold, gaps int
	holes                            int64
}

func (a patchScore) less(b patchScore) bool {
	return cmp.Or(cmp.Compare(a.total, b.total), cmp.Compare(a.shared, b.shared), cmp.Compare(a.moved, b.moved),
		cmp.Compare(a.cold, b.cold), cmp.Compare(a.gaps, b.gaps), cmp.Compare(a.holes, b.holes)) < 0
}

// preferred reports whether a beats b as a patch: fewer lines for no
// more than movesPerLine more members moved per line, or as many lines
// and less.
func (a patchScore) preferred(b patchScore) bool {
	switch {
	case a.total < b.total:
		return a.moved-b.moved <= movesPerLine*(b.total-a.total)
	case a.total > b.total:
		return b.moved-a.moved > movesPerLine*(a.total-b.total)
	}
	return a.less(b)
}

// cheaper reports whether a moves fewer members than b, or as many and
// fewer cold ones, or as many of both and is better.
func (a patchScore) cheaper(b patchScore) bool {
	return cmp.Or(cmp.Compare(a.moved, b.moved), cmp.Compare(a.cold, b.cold), cmp.Compare(a.total, b.total),
		cmp.Compare(a.shared, b.shared), cmp.Compare(a.gaps, b.gaps), cmp.Compare(a.holes, b.holes)) < 0
}

// improves reports whether a has fewer lines than b, or as many and
// fewer members sharing lines falsely.
func (a patchScore) improves(b patchScore) bool {
	return a.total < b.total || a.total == b.total && a.shared < b.shared
}

// addUnits makes the units of items, each with its hot spans, and returns
// the number it gave each hot member.
func (pt *patcher) addUnits(items []item) map[*layout.Member]int {
	s := pt.s
	ids := map[*layout.Member]int{}
	spansOf := func(it *item) []hotSpan {
		var out []hotSpan
		for _, k := range it.members {
			top := &s.Members[k]
			var walk func(m *layout.Member)
			walk = func(m *layout.Member) {
				// A struct-typed member counts by its parts, as the
				// checks count it (hotMembers), not over its extent.
				for k, h := range layout.TouchedParts(m) {
					if h.Hot == nil {
						break
					}
					if len(m.Parts) > 0 && m.Parts[k].Guess {
						// A member's first line is a guess at what
						// the paths read: no saving rests on it.
						continue
					}
					if _, ok := ids[h]; !ok {
						ids[h] = len(ids)
					}
					lo, hi := h.ByteSpan()
					out = append(out, hotSpan{lo: lo - it.start, hi: hi - it.start, hot: h.Hot, side: top.Side, member: ids[h], m: h})
				}
				for i := range m.Inner {
					walk(&m.Inner[i])
				}
			}
			walk(top)
		}
		return out
	}
	add := func(it item, role unitRole, group int, hot bool) {
		spans := spansOf(&it)
		slices.SortStableFunc(spans, func(a, b hotSpan) int { return cmp.Compare(a.lo, b.lo) })
		pt.units = append(pt.units, unit{it: it, role: role, group: group, hot: hot, spans: spans})
	}
	for _, it := range items {
		switch {
		case it.last:
			pt.last = append(pt.last, it)
		case it.group != nil:
			g := it.group
			limit, _ := groupLimit(s, g.name)
			gi := len(pt.groups)
			pt.groups = append(pt.groups, patchGroup{name: g.name, limit: limit})
			head := g.head
			head.align = max(head.align, it.align)
			add(head, headUnit, gi, it.class == classRead || it.class == classWrite)
			for _, x := range g.inner {
				add(x, innerUnit, gi, false)
			}
			add(g.tail, tailUnit, gi, false)
			if g.pad != nil {
				add(*g.pad, padUnit, gi, false)
			}
		default:
			add(it, plainUnit, -1, it.class == classRead || it.class == classWrite)
		}
	}
	return ids
}

// markSpans sets each hot span's path bits; ids are the hot members.
func (pt *patcher) markSpans(ids map[*layout.Member]int) {
	// The bits of the first 64 paths, found by name: a search of
	// pt.paths for each path of each span cost paths squared.
	bit := map[string]uint64{}
	for j, p := range pt.paths[:min(len(pt.paths), 64)] {
		bit[p] = 1 << j
	}
	for u := range pt.units {
		for i := range pt.units[u].spans {
			h := &pt.units[u].spans[i]
			for _, p := range h.hot.Paths {
				h.paths |= bit[p]
			}
		}
	}
}

// conflicts is apartIn on the members of spans w and x, remembered.
func (pt *patcher) conflicts(w, x *hotSpan) bool {
	k := w.member*pt.members + x.member
	if pt.apart[k] == 0 {
		pt.apart[k] = 1
		if apartIn(pt.checks, pt.s, w.m, x.m, w.side, x.side) {
			pt.apart[k] = 2
		}
	}
	return pt.apart[k] == 2
}

// alignments are the alignments a group's begin marker may be given:
// each line size, and those the struct's members have by an attribute
// already (the binary's ____cacheline_aligned), smallest first.
func alignments(s *layout.Struct, lines []int64) []int64 {
	out := slices.Clone(lines)
	for _, m := range s.Members {
		if m.AlignAttr > 1 {
			out = append(out, m.AlignAttr)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// alignHead has the orders start group's begin marker on a line of the
// given size, by an alignment attribute; false where it starts on one
// by its own alignment, or carries a member.
func (pt *patcher) alignHead(group string, line int64) bool {
	for u := range pt.units {
		un := &pt.units[u]
		if un.role != headUnit || pt.groups[un.group].name != group || un.it.size != 0 || un.it.align >= line {
			continue
		}
		un.it.align = line
		un.it.start = layout.AlignUp(un.it.start, line)
		pt.align = max(pt.align, line)
		pt.alignedHead = int32(u)
		return true
	}
	return false
}

// proposal lays order out as a Proposal.
func (pt *patcher) proposal(order []int32) *layout.Proposal {
	b := newBuilder(pt.s, pt.lines, nil, nil)
	for _, u := range order {
		un := &pt.units[u]
		switch un.role {
		case headUnit:
			b.place(un.it)
			b.group = pt.groups[un.group].name
		case tailUnit:
			b.group = ""
			b.place(un.it)
		default:
			b.place(un.it)
		}
	}
	p := b.finish(pt.last)
	if pt.alignedHead >= 0 {
		un := &pt.units[pt.alignedHead]
		for i, k := range p.From {
			if m := &p.Struct.Members[i]; slices.Contains(un.it.members, k) && layout.IsGroupMarker(m.Name) {
				m.AlignAttr = un.it.align
				m.Align = max(m.Align, un.it.align)
				p.Aligned = append(p.Aligned, i)
				p.Struct.Align = max(p.Struct.Align, un.it.align)
				p.Struct.Size = layout.AlignUp(p.Struct.Size, p.Struct.Align)
			}
		}
	}
	return p
}

// layOut places order's units, into pt.pos, and returns where the last
// ends; false when a pinned unit cannot stay where it is.
func (pt *patcher) layOut(order []int32) (int64, bool) {
	var off int64
	pt.gaps, pt.holes = 0, 0
	for _, u := range order {
		it := &pt.units[u].it
		at := startAt(off, it)
		if it.pinned {
			if at > it.start {
				return 0, false
			}
			at = it.start
		}
		pt.pos[u] = at
		if at > off {
			pt.gaps++
			pt.holes += at - off
		}
		off = at + it.size
	}
	return off, true
}

// lineCounts is hotLinesEach of the spans collected, and their total.
// Given a base, it stops with false at the first path on more lines than
// there, and counts only the total.
func (pt *patcher) lineCounts(base []int) ([]int, int, bool) {
	var out []int
	if base == nil {
		out = make([]int, 0, len(pt.lines)*len(pt.paths))
	}
	total, i := 0, 0
	for _, line := range pt.lines {
		for j := range pt.paths {
			// The spans are sorted by offset: their lines merge in
			// one pass.
			bit := uint64(1) << j
			n, end := int64(0), int64(math.MinInt64)
			for _, sp := range pt.spans {
				if sp.hi <= sp.lo || sp.h.paths&bit == 0 {
					continue
				}
				lo, hi := max(layout.FloorDiv(sp.lo, line), end), layout.FloorDiv(sp.hi-1, line)+1
				if hi > lo {
					n += hi - lo
				}
				end = max(end, hi)
			}
			if base != nil && int(n) > base[i] {
				return nil, 0, false
			}
			if base == nil {
				out = append(out, int(n))
			}
			total += int(n)
			i++
		}
	}
	return out, total, true
}

// collect gathers the hot spans of order at their offsets in the last
// layOut: sorted by offset, since units lie in order and each unit's
// spans are sorted.
func (pt *patcher) collect(order []int32) {
	pt.spans = pt.spans[:0]
	for _, u := range order {
		for i := range pt.units[u].spans {
			h := &pt.units[u].spans[i]
			pt.spans = append(pt.spans, placedSpan{pt.pos[u] + h.lo, pt.pos[u] + h.hi, h})
		}
	}
}

// placedSpan is a hot span at its offset in a layout.
type placedSpan struct {
	lo, hi int64
	h      *hotSpan
}

// markerEnd is where the group marker of unit u ends in the last layOut:
// for a begin marker, where the group's bytes start; for an end marker,
// where they end (it has no bytes).
func (pt *patcher) markerEnd(u int32) int64 {
	un := &pt.units[u]
	for _, k := range un.it.members {
		if m := &pt.s.Members[k]; layout.IsGroupMarker(m.Name) {
			return pt.pos[u] + max(m.Offset-un.it.start, 0) + m.Size
		}
	}
	return pt.pos[u]
}

// conflictOn reports whether the spans on are a line layout's falseShare reports.
func (pt *patcher) conflictOn(on []int) bool {
	for _, a := range on {
		wa := pt.spans[a].h
		if !wa.hot.Write {
			continue
		}
		for _, b := range on {
			xb := pt.spans[b].h
			if pt.conflicts(wa, xb) {
				return true
			}
		}
	}
	return false
}

// falselyShared counts the lines layout's falseShare reports in the last layOut,
// from its hot spans.
func (pt *patcher) falselyShared(line int64) int {
	n := 0
	on := pt.on
	defer func() { pt.on = on }()
	last := int64(math.MinInt64)
	for _, w := range pt.spans {
		if !w.h.hot.Write || w.hi <= w.lo {
			continue
		}
		for l := max(layout.FloorDiv(w.lo, line), last+1); l <= layout.FloorDiv(w.hi-1, line) && l != math.MinInt64; l++ {
			last = l
			lo, hi := l*line, (l+1)*line
			on = on[:0]
			for i, x := range pt.spans {
				if x.lo >= hi {
					break
				}
				if x.hi > lo && x.hi > x.lo {
					on = append(on, i)
				}
			}
			if pt.conflictOn(on) {
				n++
			}
		}
	}
	return n
}

// moved counts the members order moves (see moved), and the cold ones
// among them.
func (pt *patcher) moved(order []int32) (n, cold int) {
	seq, keep := pt.kept(order)
	for i, k := range seq {
		if !keep[i] {
			n++
			if pt.cold[k] {
				cold++
			}
		}
	}
	return n, cold
}

// laysOutAs reports whether p puts every member of s where s has it.
func laysOutAs(s *layout.Struct, p *layout.Proposal) bool {
	if p.Struct.Size != s.Size || len(p.From) != len(s.Members) {
		return false
	}
	for i, k := range p.From {
		if k != i || p.Struct.Members[i].Offset != s.Members[k].Offset || p.Struct.Members[i].BitOffset != s.Members[k].BitOffset {
			return false
		}
	}
	return true
}

// declaredOrder is the units in the order s has their members: by where
// each starts, a group's end marker before what starts where it ends, and
// its begin marker before its first member.
func (pt *patcher) declaredOrder() []int32 {
	order := make([]int32, len(pt.units))
	for i := range order {
		order[i] = int32(i)
	}
	rank := func(r unitRole) int {
		switch r {
		case tailUnit:
			return 0
		case padUnit:
			return 1
		case headUnit:
			return 2
		}
		return 3
	}
	slices.SortStableFunc(order, func(a, b int32) int {
		x, y := &pt.units[a], &pt.units[b]
		return cmp.Or(cmp.Compare(x.it.start, y.it.start), cmp.Compare(rank(x.role), rank(y.role)))
	})
	return order
}

// orderOf is the order of units that p lays out, nil when p is none, or
// pads or aligns what no unit order can.
func (pt *patcher) orderOf(p *layout.Proposal) []int32 {
	if p == nil || p.Isolates() || p.Align != 0 {
		return nil
	}
	unitOf := map[int]int32{}
	for u := range pt.units {
		for _, k := range pt.units[u].it.members {
			unitOf[k] = int32(u)
		}
	}
	var order []int32
	seen := make([]bool, len(pt.units))
	for _, k := range p.From {
		u, ok := unitOf[k]
		if !ok {
			return nil
		}
		if !seen[u] {
			seen[u] = true
			order = append(order, u)
		}
	}
	if len(order) != len(pt.units) {
		return nil
	}
	return order
}

// config is one build's layout other than the binary's: bytes added
// inside units.
type config struct {
	what string
	// grow is, per unit, the bytes added, and at where in the unit
	// (relative to its start): the unit's hot spans from there on move.
	grow, at []int64
	// base are s's line counts in this build (hotLinesEach's order),
	// size its size.
	base []int
	size int64
}

// kept lists the members of order's units in order, and which of them
// lie on the longest run that order keeps in s's order (moved): the
// others are the members it moves. Both are scratch, until the next call.
func (pt *patcher) kept(order []int32) (seq []int, keep []bool) {
	seq = pt.seq[:0]
	for _, u := range order {
		seq = append(seq, pt.units[u].it.members...)
	}
	pt.seq = seq
	keep = pt.keep[:0]
	for range seq {
		keep = append(keep, false)
	}
	pt.keep = keep
	longestRun(seq, keep, &pt.tails, &pt.prev)
	return seq, keep
}
