package reorg

import (
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

type class uint8

const (
	classZero  class = iota // Go's zero-size fields: no-copy guards, markers
	classRead               // read-mostly hot
	classWrite              // written hot
	classCold
)

// item is what the reorganizer moves: a top-level member, or several that
// must stay together (bit-fields of one storage unit, names declared
// together, a C zero-size member and the member after it), keeping their
// relative offsets.
type item struct {
	members []int
	start   int64 // original offset of the first member
	size    int64
	align   int64
	class   class
	paths   []string
	// side is the first member's Side: written items on different sides
	// go on different lines.
	side int
	// pinned keeps the item at start.
	pinned bool
	// last keeps the item at the end: C zero-size members that end the
	// struct (a flexible array).
	last bool
	// group is set for a kernel cacheline group whose members the
	// proposal may reorder; an item for a group it may not (a cold one,
	// one holding a pin) is a plain item of all the group's members.
	group *group
}

// group is a kernel cacheline group: its markers stay around its members.
type group struct {
	name string
	// head is the begin marker, with the member that carries the group's
	// alignment when the reader put it there (BTF shows a
	// ____cacheline_aligned begin marker's alignment on the next member).
	head item
	tail item // the end marker
	// pad is the zero-size __cacheline_group_pad__NAME an aligned group
	// ends with, nil if none; the space before it stays empty.
	pad   *item
	inner []item
	// hot is what the group's name says, nil if it says nothing.
	hot *layout.Hot
}

func (it *item) key(order map[string]int) (int, int) {
	lo, hi := len(order), -1
	for _, p := range it.paths {
		lo, hi = min(lo, order[p]), max(hi, order[p])
	}
	return lo + hi, hi - lo
}

// itemsOf groups s's members into items, dropping padding (the proposal
// computes its own), and orders the paths by first appearance. Members
// whose storage overlaps (bit-fields and the members their storage unit
// reaches over) are one item. In C it also keeps what C code relies on:
//   - a struct-typed first member stays first (code casts to it);
//   - zero-size members stay before the member that follows them, and
//     those ending the struct stay last;
//   - a kernel cacheline group stays between its markers: the proposal may
//     reorder the members of a hot group, and moves into it only the
//     members outside any group that a hot file lets join it
//     (Member.Join); it never moves a member out of one. A cold group, or
//     one holding a pinned member, moves whole; a pinned marker pins its
//     group, and a hot mark on a marker, which has no bytes, counts for
//     nothing.
func itemsOf(s *layout.Struct) ([]item, map[string]int) {
	pinFirst := castTarget(s)
	// Members whose storage overlaps move together: a bit-field's storage
	// unit reaches over the members before it (or a member lies in the
	// unit of the bit-fields before it), and where those members are
	// decides where the compiler puts its bits.
	var ranges [][2]int
	storageEnd := func(r [2]int) int64 {
		var end int64
		for k := r[0]; k < r[1]; k++ {
			end = max(end, s.Members[k].End())
		}
		return end
	}
	for i := 0; i < len(s.Members); {
		j := i + 1
		if u := s.Members[i].Unit; u != 0 {
			for j < len(s.Members) && s.Members[j].Unit == u {
				j++
			}
		}
		r := [2]int{i, j}
		for n := len(ranges); s.Members[i].Size > 0 && n > 0 && s.Members[i].Offset < storageEnd(ranges[n-1]); n-- {
			r[0] = ranges[n-1][0]
			ranges = ranges[:n-1]
		}
		ranges = append(ranges, r)
		i = j
	}
	var units []item
	for _, r := range ranges {
		i, j := r[0], r[1]
		it := item{start: s.Members[i].Offset, align: 1, class: classCold, side: s.Members[i].Side}
		allPad := true
		var end int64
		for k := i; k < j; k++ {
			it.start = min(it.start, s.Members[k].Offset)
			m := &s.Members[k]
			it.members = append(it.members, k)
			it.align = max(it.align, m.KeptAlign())
			end = max(end, m.End())
			allPad = allPad && m.Padding
			it.pinned = it.pinned || layout.AnyPinned(m) || k == pinFirst
			classify(&it, m)
		}
		it.size = end - it.start
		if it.size == 0 {
			it.class, it.paths = classZero, nil
		}
		if !allPad || it.size == 0 {
			units = append(units, it)
		}
	}
	var items []item
	if s.Lang == layout.LangGo {
		items = units
	} else {
		items = cItems(s, units)
	}
	order := map[string]int{}
	var walk func([]item)
	walk = func(its []item) {
		for _, it := range its {
			if it.group != nil {
				walk(it.group.inner)
			}
			for _, p := range it.paths {
				if _, ok := order[p]; !ok {
					order[p] = len(order)
				}
			}
		}
	}
	walk(items)
	return items, order
}

// endsStruct reports whether units are zero-size members that end s,
// markers aside.
func endsStruct(s *layout.Struct, units []item) bool {
	return !slices.ContainsFunc(units, func(u item) bool {
		return u.size != 0 || slices.ContainsFunc(u.members, func(k int) bool { return layout.IsGroupMarker(s.Members[k].Name) })
	})
}

// cItems applies C's rules (see itemsOf) to the items of s's members.
func cItems(s *layout.Struct, units []item) []item {
	type open struct {
		g   *group
		out []item
	}
	var stack []open
	var out []item
	var glue []int // zero-size members waiting for the next member
	emit := func(it item) {
		if len(glue) > 0 {
			// They go where it starts (see builder.place).
			it.members = append(slices.Clone(glue), it.members...)
			for _, k := range glue {
				it.align = max(it.align, s.Members[k].KeptAlign())
			}
			glue = nil
		}
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			top.out = append(top.out, it)
		} else {
			out = append(out, it)
		}
	}
	for ui := 0; ui < len(units); ui++ {
		u := units[ui]
		if u.size != 0 {
			emit(u)
			continue
		}
		// Markers first, pinned or not: a pinned marker pins its group.
		m := &s.Members[u.members[0]]
		if name, ok := strings.CutPrefix(m.Name, layout.GroupBeginPrefix); ok {
			u.class = classCold
			stack = append(stack, open{g: &group{name: name, hot: layout.GroupHot(name)}})
			emit(u) // the head, with any zero-size members before it
			continue
		}
		if name, ok := strings.CutPrefix(m.Name, layout.GroupEndPrefix); ok && len(stack) > 0 && stack[len(stack)-1].g.name == name {
			u.class = classCold
			emit(u)
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			g := top.g
			g.head, g.tail, g.inner = top.out[0], top.out[len(top.out)-1], top.out[1:len(top.out)-1]
			// BTF shows an aligned begin marker's alignment on the member
			// right after it, which then stays first.
			if len(g.inner) > 0 && g.inner[0].start == g.head.start && !g.inner[0].pinned &&
				slices.ContainsFunc(g.inner[0].members, func(k int) bool { return s.Members[k].AlignAttr > 0 }) {
				lead := g.inner[0]
				g.head.members = append(g.head.members, lead.members...)
				g.head.size, g.head.class, g.head.paths = lead.size, lead.class, lead.paths
				g.head.align = max(g.head.align, lead.align)
				g.inner = g.inner[1:]
			}
			if ui+1 < len(units) && units[ui+1].size == 0 && s.Members[units[ui+1].members[0]].Name == layout.GroupPadPrefix+name {
				ui++
				pad := units[ui]
				pad.class = classCold
				g.pad = &pad
			}
			emit(groupItem(s, g))
			continue
		}
		// A pinned zero-size member stands alone, unless it ends the
		// struct: a flexible array stays last.
		if u.pinned && !endsStruct(s, units[ui:]) {
			emit(u)
			continue
		}
		glue = append(glue, u.members...)
	}
	if len(glue) > 0 {
		// Nothing follows: the struct ends with them.
		last := item{members: glue, start: s.Members[glue[0]].Offset, align: 1, class: classCold, last: true}
		for _, k := range glue {
			last.align = max(last.align, s.Members[k].KeptAlign())
		}
		out = append(out, last)
	}
	// Members a hot file lets join a group go into it; the others stay
	// where the kernel put them, in or out of its groups.
	var rest []item
	for _, it := range out {
		if !it.pinned && it.group == nil {
			if g := joinGroup(s, out, &it); g != nil {
				g.inner = append(g.inner, it)
				continue
			}
		}
		rest = append(rest, it)
	}
	for i := range rest {
		if g := rest[i].group; g != nil {
			rest[i] = groupItem(s, g)
		}
	}
	return rest
}

// joinGroup returns the reorderable group that a member of it may join
// (Member.Join), nil if none.
func joinGroup(s *layout.Struct, items []item, it *item) *group {
	for _, k := range it.members {
		if j := s.Members[k].Join; j != "" {
			for _, x := range items {
				if g := x.group; g != nil && g.name == j {
					return g
				}
			}
		}
	}
	return nil
}

// groupItem makes the item that moves group g: reorderable when it holds
// hot members and no pinned one, whole otherwise. A reorderable group
// starts at its head's alignment, a whole one at the largest it holds.
func groupItem(s *layout.Struct, g *group) item {
	it := item{start: g.head.start, align: g.head.align, class: classCold}
	all := []item{g.head}
	all = append(all, g.inner...)
	all = append(all, g.tail)
	if g.pad != nil {
		all = append(all, *g.pad)
	}
	var end, align int64
	for _, x := range all {
		align = max(align, x.align)
		it.pinned = it.pinned || x.pinned
		end = max(end, x.start+x.size)
		for _, k := range x.members {
			classify(&it, &s.Members[k])
		}
	}
	it.size = end - it.start
	if it.class == classCold || it.pinned {
		// Whole, at the offsets it has now.
		for _, x := range all {
			it.members = append(it.members, x.members...)
		}
		// In the order of their bits: a bit-field's storage unit starts
		// before the members it reaches over.
		slices.SortStableFunc(it.members, func(a, b int) int { return int(bitStart(&s.Members[a]) - bitStart(&s.Members[b])) })
		it.align = align
		return it
	}
	if h := g.hot; h != nil && len(h.Paths) > 0 {
		it.paths = slices.Clone(h.Paths)
	}
	it.group = g
	// Its members laid out one after another, those moved in from
	// elsewhere included.
	it.size = 0
	for _, x := range all {
		it.size = layout.AlignUp(it.size, x.align) + x.size
	}
	return it
}

// bitStart is where m's bits start.
func bitStart(m *layout.Member) int64 {
	if m.BitSize > 0 {
		return m.BitOffset
	}
	return m.Offset * 8
}

// classify folds member m (and what it holds) into it's class and paths: an
// item is written if anything in it is, else read-mostly if anything is hot.
// A member a lock guards goes with the written ones, as the lock does.
// A member with no bytes (a group's marker) is on no line, whatever marks
// it.
func classify(it *item, m *layout.Member) {
	if m.Size == 0 {
		return
	}
	if h := m.Hot; h != nil {
		write := h.Write || h.Guard != ""
		switch {
		case write && it.class != classWrite:
			it.class, it.paths = classWrite, slices.Clone(h.Paths)
		case write == (it.class == classWrite) || it.class == classCold:
			if it.class == classCold {
				it.class = classRead
			}
			it.paths = append(it.paths, h.Paths...)
			slices.Sort(it.paths)
			it.paths = slices.Compact(it.paths)
		}
	}
	for i := range m.Inner {
		classify(it, &m.Inner[i])
	}
}

// groupsOf splits items of one class into groups of equal path sets, and
// written ones of one side, ordered so that each path's groups are
// adjacent where a line allows it.
func groupsOf(items []item, c class, order map[string]int) [][]item {
	var groups [][]item
	for _, it := range items {
		if it.class != c {
			continue
		}
		g := slices.IndexFunc(groups, func(g []item) bool {
			return slices.Equal(g[0].paths, it.paths) && (c != classWrite || g[0].side == it.side)
		})
		if g < 0 {
			groups = append(groups, nil)
			g = len(groups) - 1
		}
		groups[g] = append(groups[g], it)
	}
	slices.SortStableFunc(groups, func(a, b []item) int {
		ac, aw := a[0].key(order)
		bc, bw := b[0].key(order)
		if ac != bc {
			return ac - bc
		}
		return bw - aw
	})
	return groups
}

// packed returns items in the order that ends soonest when laid out from
// off: the original one, by decreasing alignment, or by decreasing
// alignment with the gaps alignment leaves filled by smaller items (a bool
// after a pointer, before an int) when that saves a whole alignment unit.
func packed(items []item, off int64) []item {
	byAlign := slices.Clone(items)
	slices.SortStableFunc(byAlign, func(a, b item) int { return int(b.align - a.align) })
	if end(byAlign, off) < end(items, off) {
		items = byAlign
	}
	// Filling gaps only where it saves whole alignment units: the end
	// of a struct rounds up to them.
	var align int64 = 1
	for _, it := range items {
		align = max(align, it.align)
	}
	if filled := gapsFilled(byAlign, off); layout.AlignUp(end(filled, off), align) < layout.AlignUp(end(items, off), align) {
		return filled
	}
	return items
}

// gapsFilled lays items out from off in their order, except that the gap
// an item's alignment leaves takes the first later items that fit in it.
func gapsFilled(items []item, off int64) []item {
	left := slices.Clone(items)
	var out []item
	for len(left) > 0 {
		it := left[0]
		left = left[1:]
		at := layout.AlignUp(off, it.align)
		for off < at {
			i := slices.IndexFunc(left, func(x item) bool { return layout.AlignUp(off, x.align)+x.size <= at })
			if i < 0 {
				break
			}
			off = layout.AlignUp(off, left[i].align) + left[i].size
			out = append(out, left[i])
			left = slices.Delete(left, i, i+1)
		}
		out = append(out, it)
		off = layout.AlignUp(off, it.align) + it.size
	}
	return out
}

func end(items []item, off int64) int64 {
	for _, it := range items {
		off = layout.AlignUp(off, it.align) + it.size
	}
	return off
}

// castTarget is the index of the member of C struct s that code may cast a
// pointer to s to: its first member with bytes, when that is of a struct
// or union type code can name (not an anonymous one). It is -1 otherwise.
func castTarget(s *layout.Struct) int {
	if s.Lang != layout.LangC {
		return -1
	}
	i := slices.IndexFunc(s.Members, func(m layout.Member) bool { return m.Size > 0 })
	if i < 0 {
		return -1
	}
	if m := &s.Members[i]; m.Offset == 0 && m.Aggregate && !m.Embedded && m.Type != "struct" && m.Type != "union" {
		return i
	}
	return -1
}

// reversed is order with the paths the other way round.
func reversed(order map[string]int) map[string]int {
	out := make(map[string]int, len(order))
	for p, i := range order {
		out[p] = len(order) - 1 - i
	}
	return out
}

func filter(items []item, c class) []item {
	var out []item
	for _, it := range items {
		if it.class == c {
			out = append(out, it)
		}
	}
	return out
}
