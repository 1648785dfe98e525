package reorg

import (
	"fmt"
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// builder lays items out one after another.
type builder struct {
	s       *layout.Struct
	lines   []int64
	maxLine int64
	order   map[string]int
	out     *layout.Struct
	from    []int
	off     int64
	// origin is how far past a line of the largest size the struct
	// starts, when every object of it starts at the same place.
	origin int64
	// the hot items on the current line of the largest size, for
	// isolation
	lineHot []lineItem
	// cold is what fills gaps: the cold items outside groups, or inside a
	// group the group's own.
	cold []item
	// pins are the pinned items not placed yet, by offset.
	pins []item
	// group is the group being laid out, "" outside any.
	group string
	// cross says when a hot item that fits in a line may cross one
	// rather than start the next.
	cross crossRule
	// runLeft is the bytes of the run of hot items being laid out, from
	// the item being placed on; 0 outside a run.
	runLeft int64
	// keepCold lays the cold items left at the end out in their order.
	keepCold bool
	// readsApart starts a read-mostly item on the next line when the
	// current one holds a written item it conflicts with: one pinned
	// before it (a 64-bit atomic that must stay first in Go).
	readsApart bool
	// checks are those whose rules keep members apart (Check.Apart).
	checks []*layout.Check
}

// crossRule says when a hot item may cross a line. Starting it on the next
// line keeps it on one line but moves everything after it; which is
// better shows only in the whole layout, so the reorganizer tries each.
type crossRule uint8

const (
	crossNever crossRule = iota
	// crossFree lets it cross where that costs its paths no line: the
	// line it starts on holds members hot on each of its paths already,
	// and its run reaches past the boundary anyway.
	crossFree
	crossAlways
)

func newBuilder(s *layout.Struct, lines []int64, order map[string]int, items []item) *builder {
	out := *s
	out.Members = nil
	maxLine := slices.Max(lines)
	b := &builder{s: s, lines: lines, maxLine: maxLine, origin: lineOrigin(s, maxLine), order: order, out: &out}
	for _, it := range items {
		if it.pinned {
			b.pins = append(b.pins, it)
		}
	}
	slices.SortStableFunc(b.pins, func(a, b item) int { return int(a.start - b.start) })
	return b
}

// lineOf numbers the line of the given size that offset x lies on.
func (b *builder) lineOf(x, line int64) int64 { return (x + b.origin) / line }

// lineUp is the first offset from x that starts a line of the given size.
func (b *builder) lineUp(x, line int64) int64 { return layout.AlignUp(x+b.origin, line) - b.origin }

// lineStart reports whether x starts the struct or a line of the largest
// size.
func (b *builder) lineStart(x int64) bool { return x == 0 || b.lineUp(x, b.maxLine) == x }

// put lays it out at the next place that suits it.
func (b *builder) put(it item) {
	if b.group == "" {
		b.pinsBefore(it.size, it.align)
		if b.readsApart && it.class == classRead {
			b.apartFromWrites(it)
			b.pinsBefore(it.size, it.align)
		}
	}
	if g := it.group; g != nil {
		b.putGroup(it)
		return
	}
	b.prepare(it)
	b.place(it)
}

// pinsBefore lays out the pinned items that an item of size and align
// placed next would overlap, filling the space before each with cold
// items.
func (b *builder) pinsBefore(size, align int64) {
	for len(b.pins) > 0 && b.pins[0].start < layout.AlignUp(b.off, align)+size {
		p := b.pins[0]
		b.pins = b.pins[1:]
		if p.start >= b.off {
			b.fill(p.start)
		}
		// Else something overran the pin, which invalid reports.
		b.place(p)
	}
}

// prepare moves to where it may start: a hot item that fits in a line
// does not cross one, and the alignment gap before a hot item is filled
// with cold items, which cost no line there.
func (b *builder) prepare(it item) {
	if (it.class == classRead || it.class == classWrite) && b.cross != crossAlways {
		for _, line := range b.lines {
			at := startAt(b.off, &it)
			if it.size <= line && b.lineOf(at, line) != b.lineOf(at+it.size-1, line) && !b.crossesFree(&it, at, line) {
				b.fill(b.lineUp(at, line))
			}
		}
	}
	if at := startAt(b.off, &it); at > b.off && it.class != classCold {
		b.fillOnly(at)
	}
}

// crossesFree reports whether it, placed at at, may cross a line of the
// given size under crossFree.
func (b *builder) crossesFree(it *item, at, line int64) bool {
	boundary := b.lineUp(at, line)
	if b.cross != crossFree || b.runLeft <= boundary-at {
		return false
	}
	var on []string
	for i := len(b.out.Members) - 1; i >= 0; i-- {
		m := &b.out.Members[i]
		if m.Size > 0 && m.End() <= boundary-line {
			break
		}
		if h := m.HotWithin(); h != nil && m.End() > boundary-line {
			on = append(on, h.Paths...)
		}
	}
	return !slices.ContainsFunc(it.paths, func(p string) bool { return !slices.Contains(on, p) })
}

// startAt is the first offset from off where it may start: one its
// alignment allows for where its members lie relative to its start (a
// group laid out whole may start off its own alignment).
func startAt(off int64, it *item) int64 {
	if it.align <= 1 {
		return off
	}
	r := (it.start - off) % it.align
	if r < 0 {
		r += it.align
	}
	return off + r
}

// place lays it out at the first offset its alignment allows.
func (b *builder) place(it item) {
	maxLine := b.maxLine
	at := startAt(b.off, &it)
	if it.pinned {
		at = max(at, it.start)
	}
	if b.lineOf(at, maxLine) != b.lineOf(b.off, maxLine) || b.lineStart(b.off) {
		b.lineHot = nil
	}
	b.off = at + it.size
	for _, k := range it.members {
		m := b.s.Members[k]
		// Zero-size members glued before the item's start go where it
		// starts.
		off := at + max(m.Offset-it.start, 0)
		layout.ShiftBits(&m, (off-m.Offset)*8)
		m.Offset = off
		if b.group != "" && m.Group == "" && !layout.IsGroupMarker(m.Name) {
			m.Group = b.group
		}
		b.out.Members = append(b.out.Members, m)
		b.from = append(b.from, k)
		b.off = max(b.off, m.End())
	}
	if it.class == classRead || it.class == classWrite {
		b.lineHot = append(b.lineHot, lineItem{it.paths, it.side, it.class == classWrite})
	}
	if b.lineStart(b.off) {
		b.lineHot = nil
	}
}

// putGroup lays out a group's begin marker, its hot members in the order
// the rest of the struct gets, its cold members, its end marker and pad.
func (b *builder) putGroup(it item) {
	g := it.group
	// A group that fits in a line starts where it need not cross one;
	// else its marker goes where the first member after it may start.
	first := it
	if it.size > slices.Min(b.lines) {
		first = g.head
		first.align = it.align
		if hot := b.hotOrder(g.inner); first.size == 0 && len(hot) > 0 {
			first.class, first.size = hot[0].class, hot[0].size
		}
	}
	b.prepare(first)
	head := g.head
	head.align = it.align
	outer, outerGroup := b.cold, b.group
	b.cold, b.group = nil, g.name
	for _, x := range g.inner {
		if x.class == classCold {
			b.cold = append(b.cold, x)
		}
	}
	b.cold = packed(b.cold, 0)
	b.place(head)
	b.sequence(g.inner)
	for _, x := range packed(b.cold, b.off) {
		b.put(x)
	}
	b.cold = nil
	b.place(g.tail)
	b.cold, b.group = outer, outerGroup
	if g.pad != nil {
		// The pad keeps the rest of its line empty.
		b.place(*g.pad)
	}
}

// hotOrder is the order sequence lays out the hot items of items in.
func (b *builder) hotOrder(items []item) []item {
	var out []item
	for _, g := range groupsOf(items, classRead, b.order) {
		out = append(out, g...)
	}
	for _, g := range groupsOf(items, classWrite, b.order) {
		out = append(out, g...)
	}
	return out
}

// sequence lays out the hot items of items: read-mostly ones grouped by
// path, then written ones, each path's on lines no other path writes.
func (b *builder) sequence(items []item) {
	for _, g := range groupsOf(items, classRead, b.order) {
		b.run(packed(g, b.off))
	}
	b.writes(items)
}

func (b *builder) writes(items []item) {
	for _, g := range groupsOf(items, classWrite, b.order) {
		b.isolate(g[0].paths, g[0].side)
		b.run(packed(g, b.off))
	}
}

// run lays out a run of hot items of the same paths.
func (b *builder) run(items []item) {
	for i, it := range items {
		b.runLeft = 0
		for _, x := range items[i:] {
			b.runLeft += x.size
		}
		b.put(it)
	}
	b.runLeft = 0
}

// fill advances to offset to, placing cold items that fit in the gap and
// padding the rest, and the pinned items that start in it.
func (b *builder) fill(to int64) {
	for b.group == "" && len(b.pins) > 0 && b.off <= b.pins[0].start && b.pins[0].start < to {
		p := b.pins[0]
		b.pins = b.pins[1:]
		b.fillOnly(p.start)
		if p.start > b.off {
			b.pad(p.start - b.off)
		}
		b.place(p)
	}
	b.fillOnly(to)
	if to > b.off {
		b.pad(to - b.off)
	}
}

// fillOnly places cold items that fit before offset to, leaving the rest
// of the gap to alignment.
func (b *builder) fillOnly(to int64) {
	for {
		i := slices.IndexFunc(b.cold, func(it item) bool { return startAt(b.off, &it)+it.size <= to })
		if i < 0 {
			break
		}
		it := b.cold[i]
		b.cold = slices.Delete(b.cold, i, i+1)
		b.put(it)
	}
}

func (b *builder) pad(n int64) {
	b.out.Members = append(b.out.Members, layout.Member{
		Name: "_", Type: fmt.Sprintf("[%d]byte", n), Offset: b.off, Size: n, Align: 1,
		BitOffset: b.off * 8, ElemSize: 1, Padding: true,
	})
	b.from = append(b.from, -1)
	b.off += n
}

// lineItem is what a hot item placed on the current line is hot on.
type lineItem struct {
	paths []string
	side  int
	write bool
}

// isolate moves to the next line of the largest size when the current one
// holds something a write on paths, from side, must not share a line with.
func (b *builder) isolate(paths []string, side int) {
	if b.lineStart(b.off) {
		return
	}
	w := &layout.Member{Hot: &layout.Hot{Paths: paths, Write: true}}
	if slices.ContainsFunc(b.lineHot, func(x lineItem) bool {
		h := &layout.Member{Hot: &layout.Hot{Paths: x.paths, Write: x.write}}
		return apartIn(b.checks, b.s, w, h, side, x.side) || apartIn(b.checks, b.s, h, w, x.side, side)
	}) {
		b.fill(b.lineUp(b.off, b.maxLine))
	}
}

// apartFromWrites moves to the next line of the largest size when the
// current one holds a written item that a read of it, on its paths, must
// not share a line with.
func (b *builder) apartFromWrites(it item) {
	if b.lineStart(b.off) {
		return
	}
	r := &layout.Member{Hot: &layout.Hot{Paths: it.paths}}
	if slices.ContainsFunc(b.lineHot, func(x lineItem) bool {
		return apartIn(b.checks, b.s, &layout.Member{Hot: &layout.Hot{Paths: x.paths, Write: x.write}}, r, x.side, it.side)
	}) {
		b.fill(b.lineUp(b.off, b.maxLine))
	}
}

// finish lays out what is left: cold items, pins, the items that end the
// struct; and sizes it.
func (b *builder) finish(last []item) *layout.Proposal {
	rest := b.cold
	if !b.keepCold {
		rest = packed(b.cold, b.off)
	}
	for _, it := range slices.Clone(rest) {
		// A pin placed before it may have filled its gap with it.
		i := slices.IndexFunc(b.cold, func(c item) bool {
			return c.start == it.start && c.group == it.group && slices.Equal(c.members, it.members)
		})
		if i < 0 {
			continue
		}
		b.cold = slices.Delete(b.cold, i, i+1)
		b.put(it)
	}
	b.cold = nil
	b.pinsBefore(b.s.Size+1, 1)
	for _, it := range last {
		b.place(it)
	}
	if b.s.PadTo > b.off {
		b.pad(b.s.PadTo - b.off)
	}
	size := b.off
	if n := len(b.out.Members); b.s.PadZeroSizeTail && n > 0 && b.out.Members[n-1].Size == 0 && size > 0 {
		size++
	}
	b.out.Size = layout.AlignUp(size, b.out.Align)
	p := &layout.Proposal{Struct: b.out, From: b.from}
	if b.s.Lang == layout.LangC {
		if a := aligned(b.s, p, b.lines); a.Struct.Size <= p.Struct.Size {
			return a
		}
	}
	return p
}

// lineOrigin is how far past a line boundary s starts when every heap
// object of it starts at the same place, 0 otherwise.
func lineOrigin(s *layout.Struct, line int64) int64 {
	if bases := s.Bases(line); len(bases) == 1 {
		return bases[0].Offset
	}
	return 0
}

// aligned is p with each pad array the builder put before a member to
// start it on a line replaced by an alignment attribute on that member, the
// smallest line size that puts it where the pad did: C maintainers write
// ____cacheline_aligned_in_smp, not pad arrays. Zero-size members between
// the pad and the member go where the compiler then puts them, right after
// what precedes the pad. A pad stays before a pinned member, a bit-field
// (no attribute spells it there), and at the end unless the alignment
// gives it anyway. The struct takes the alignment, which may round its
// size up: finish keeps the pads where that costs bytes.
func aligned(s *layout.Struct, p *layout.Proposal, lines []int64) *layout.Proposal {
	out := *p.Struct
	ps := &out
	ps.Members = slices.Clone(ps.Members)
	q := &layout.Proposal{Struct: ps, Align: p.Align, Grown: p.Grown}
	sizes := slices.Sorted(slices.Values(lines))
	var members []layout.Member
	var from []int
	for i := 0; i < len(ps.Members); i++ {
		m := ps.Members[i]
		j := i + 1
		for j < len(ps.Members) && ps.Members[j].Size == 0 {
			j++
		}
		if p.From[i] >= 0 || j == len(ps.Members) || p.From[j] < 0 {
			members, from = append(members, m), append(from, p.From[i])
			continue
		}
		next := &ps.Members[j]
		// Where the compiler puts the zero-size members after the pad,
		// and so where the member after them may start.
		lo, hi := m.Offset, m.End()
		zeros := slices.Clone(ps.Members[i+1 : j])
		for k := range zeros {
			z := &zeros[k]
			at := layout.AlignUp(lo, max(z.Align, z.AlignAttr, 1))
			layout.ShiftBits(z, (at-z.Offset)*8)
			z.Offset, lo = at, at
		}
		own := max(next.Align, next.AlignAttr, 1)
		var align int64
		if layout.AlignUp(lo, own) != hi {
			for _, line := range sizes {
				if hi%line == 0 && hi-lo < line && line > own {
					align = line
					break
				}
			}
			if align == 0 || lo > hi || next.IsBitField() || next.Unit != 0 || layout.AnyPinned(&s.Members[p.From[j]]) {
				members, from = append(members, m), append(from, p.From[i])
				continue
			}
		}
		// Else the member's own alignment puts it there: the pad goes.
		members = append(members, zeros...)
		from = append(from, p.From[i+1:j]...)
		if align > 0 {
			next.AlignAttr, next.Align = max(next.AlignAttr, align), max(next.Align, align)
			ps.Align = max(ps.Align, align)
			q.Aligned = append(q.Aligned, len(members))
		}
		i = j - 1
	}
	// A pad at the end that the struct's new alignment gives anyway goes.
	if n := len(members); n > 0 && len(q.Aligned) > 0 && from[n-1] < 0 && layout.AlignUp(members[n-1].Offset, ps.Align) >= layout.AlignUp(ps.Size, ps.Align) {
		members, from = members[:n-1], from[:n-1]
	}
	ps.Members, q.From = members, from
	ps.Size = layout.AlignUp(ps.Size, ps.Align)
	return q
}

// withoutAlign is p without the alignment it gives its member
// p.Aligned[k], the members after it where the compiler then puts them:
// each at the first offset its alignment allows after those before it,
// members whose storage overlaps (bit-fields) moving together.
func withoutAlign(s *layout.Struct, p *layout.Proposal, k int) *layout.Proposal {
	i := p.Aligned[k]
	out := *p.Struct
	ps := &out
	ps.Members = slices.Clone(ps.Members)
	o := &s.Members[p.From[i]]
	ps.Members[i].Align, ps.Members[i].AlignAttr = o.Align, o.AlignAttr
	var end int64
	for _, m := range ps.Members[:i] {
		end = max(end, m.End())
	}
	oldEnd, shift := end, int64(0)
	for j := i; j < len(ps.Members); j++ {
		m := &ps.Members[j]
		if j == i || m.Offset >= oldEnd {
			shift = layout.AlignUp(end, max(m.Align, m.AlignAttr, 1)) - m.Offset
		}
		oldEnd = max(oldEnd, m.End())
		layout.ShiftBits(m, shift*8)
		m.Offset += shift
		end = max(end, m.End())
	}
	ps.Align = max(s.Align, p.Align, 1)
	for _, m := range ps.Members {
		ps.Align = max(ps.Align, m.AlignAttr)
	}
	ps.Size = layout.AlignUp(max(end, 1), ps.Align)
	q := *p
	q.Struct = ps
	q.Aligned = slices.Delete(slices.Clone(p.Aligned), k, k+1)
	return &q
}
