package layout

import (
	"fmt"
	"slices"
)

// Proposal is a reorganized layout of a struct.
type Proposal struct {
	// Struct is the struct with its members in the proposed order at their
	// new offsets. Padding the reorganizer inserted has Padding set and no
	// counterpart in the original.
	Struct *Struct
	// From gives, for each member of Struct, the index of the original
	// member it came from, or -1 for inserted padding.
	From []int
}

// Inserted reports whether the i-th proposed member is padding the
// reorganizer added.
func (p *Proposal) Inserted(i int) bool { return p.From[i] < 0 }

type class uint8

const (
	classZero  class = iota // zero-size members: markers, no-copy guards
	classRead               // read-mostly hot
	classWrite              // written hot
	classCold
)

// item is what the reorganizer moves: a top-level member, or several that
// must stay together (bit-fields of one storage unit, names declared
// together), keeping their relative offsets.
type item struct {
	members []int
	start   int64 // original offset of the first member
	size    int64
	align   int64
	class   class
	paths   []string
}

func (it *item) key(order map[string]int) (int, int) {
	lo, hi := len(order), -1
	for _, p := range it.paths {
		lo, hi = min(lo, order[p]), max(hi, order[p])
	}
	return lo + hi, hi - lo
}

// Propose reorganizes s: read-mostly hot members first, grouped by path so
// each path's members are contiguous (members hot on several paths between
// the paths that share them); written hot members on lines of their own,
// with padding sized for the largest line; cold members after, filling gaps
// and ordered to waste the least space. Members of a percpu struct keep
// written members first and get the trailing padding that keeps neighbours
// apart at any base the allocator may give. The order is stable among
// equally good ones. It returns nil and a reason when no order keeps every
// path's line count and the size within what isolation needs.
func Propose(s *Struct, lines []int64) (*Proposal, string) {
	if s.Kind != KindStruct {
		return nil, "a union's members share their storage"
	}
	items, order := itemsOf(s)
	maxLine := slices.Max(lines)
	var tries []*Proposal
	if s.PerCPU {
		tries = append(tries, placePerCPU(s, items, order, lines))
	} else {
		tries = append(tries, place(s, items, order, lines, true), place(s, items, order, lines, false))
	}
	reason := ""
	for _, p := range tries {
		if p == nil {
			reason = fmt.Sprintf("no trailing padding up to %d bytes keeps neighbouring elements apart", 2*maxLine)
			continue
		}
		if r := worse(s, p, lines); r != "" {
			reason = r
			continue
		}
		return p, ""
	}
	return nil, reason
}

// worse says how p is worse than s: a path on more lines, or a bigger struct
// where no padding was needed. Where written members must be isolated, they
// need lines of their own, so only read-mostly members' lines must not grow.
func worse(s *Struct, p *Proposal, lines []int64) string {
	isolating := s.PerCPU || slices.ContainsFunc(lines, func(line int64) bool { return len(falseShare(s, line)) > 0 })
	for _, line := range lines {
		for _, path := range s.Paths() {
			if a, b := s.hotLines(path, line, isolating), p.Struct.hotLines(path, line, isolating); b > a {
				return fmt.Sprintf("reordering would put %s on %d lines instead of %d %s", pathWords(path), b, a, atLines(line))
			}
		}
	}
	if !slices.Contains(p.From, -1) && p.Struct.Size > s.Size {
		return fmt.Sprintf("reordering would grow the struct from %d to %d bytes", s.Size, p.Struct.Size)
	}
	return ""
}

// itemsOf groups s's members into items, dropping padding (the proposal
// computes its own), and orders the paths by first appearance.
func itemsOf(s *Struct) ([]item, map[string]int) {
	order := map[string]int{}
	var items []item
	for i := 0; i < len(s.Members); {
		j := i + 1
		if u := s.Members[i].Unit; u != 0 {
			for j < len(s.Members) && s.Members[j].Unit == u {
				j++
			}
		}
		it := item{start: s.Members[i].Offset, align: 1, class: classCold}
		allPad := true
		var end int64
		for k := i; k < j; k++ {
			m := &s.Members[k]
			it.members = append(it.members, k)
			it.align = max(it.align, m.Align)
			end = max(end, m.End())
			allPad = allPad && m.Padding
			classify(&it, m)
		}
		it.size = end - it.start
		if it.size == 0 {
			it.class, it.paths = classZero, nil
		}
		if !allPad || it.size == 0 {
			for _, p := range it.paths {
				if _, ok := order[p]; !ok {
					order[p] = len(order)
				}
			}
			items = append(items, it)
		}
		i = j
	}
	return items, order
}

// classify folds member m (and what it holds) into it's class and paths: an
// item is written if anything in it is, else read-mostly if anything is hot.
func classify(it *item, m *Member) {
	if h := m.Hot; h != nil {
		switch {
		case h.Write && it.class != classWrite:
			it.class, it.paths = classWrite, slices.Clone(h.Paths)
		case h.Write == (it.class == classWrite) || it.class == classCold:
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

// groupsOf splits items of one class into groups of equal path sets, ordered
// so that each path's groups are adjacent where a line allows it.
func groupsOf(items []item, c class, order map[string]int) [][]item {
	var groups [][]item
	for _, it := range items {
		if it.class != c {
			continue
		}
		g := slices.IndexFunc(groups, func(g []item) bool { return slices.Equal(g[0].paths, it.paths) })
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
// off: the original one, or by decreasing alignment when that is shorter.
func packed(items []item, off int64) []item {
	byAlign := slices.Clone(items)
	slices.SortStableFunc(byAlign, func(a, b item) int { return int(b.align - a.align) })
	if end(byAlign, off) < end(items, off) {
		return byAlign
	}
	return items
}

func end(items []item, off int64) int64 {
	for _, it := range items {
		off = alignUp(off, it.align) + it.size
	}
	return off
}

// builder lays items out one after another.
type builder struct {
	s       *Struct
	lines   []int64
	maxLine int64
	out     *Struct
	from    []int
	off     int64
	// what the current line of the largest size holds, for isolation
	lineRead   bool
	lineWrites [][]string
	cold       []item
}

func newBuilder(s *Struct, lines []int64, cold []item) *builder {
	out := *s
	out.Members = nil
	return &builder{s: s, lines: lines, maxLine: slices.Max(lines), out: &out, cold: cold}
}

func (b *builder) put(it item) {
	maxLine := b.maxLine
	if it.class == classRead || it.class == classWrite {
		// Keep a hot item that fits in a line from crossing one.
		for _, line := range b.lines {
			at := alignUp(b.off, it.align)
			if it.size <= line && at/line != (at+it.size-1)/line {
				b.fill(alignUp(at, line))
			}
		}
	}
	at := alignUp(b.off, it.align)
	if at > b.off && it.class != classCold {
		// Cold members that fit the alignment hole cost no line.
		b.fill(at)
	}
	if at/maxLine != b.off/maxLine || b.off%maxLine == 0 {
		b.lineRead, b.lineWrites = false, nil
	}
	b.off = at
	for _, k := range it.members {
		m := b.s.Members[k]
		m.Offset = b.off + (m.Offset - it.start)
		shiftBits(&m, (b.off-it.start)*8)
		b.out.Members = append(b.out.Members, m)
		b.from = append(b.from, k)
	}
	b.off += it.size
	switch it.class {
	case classRead:
		b.lineRead = true
	case classWrite:
		b.lineWrites = append(b.lineWrites, it.paths)
	}
	if b.off%maxLine == 0 {
		b.lineRead, b.lineWrites = false, nil
	}
}

// shiftBits moves a member's bit offsets, and those of what it holds, along
// with its bytes.
func shiftBits(m *Member, d int64) {
	m.BitOffset += d
	if len(m.Inner) == 0 {
		return
	}
	m.Inner = slices.Clone(m.Inner)
	for i := range m.Inner {
		m.Inner[i].Offset += d / 8
		shiftBits(&m.Inner[i], d)
	}
}

// fill advances to offset to, placing cold items that fit in the gap and
// padding the rest.
func (b *builder) fill(to int64) {
	for {
		i := slices.IndexFunc(b.cold, func(it item) bool { return alignUp(b.off, it.align)+it.size <= to })
		if i < 0 {
			break
		}
		it := b.cold[i]
		b.cold = slices.Delete(b.cold, i, i+1)
		b.put(it)
	}
	if to > b.off {
		b.pad(to - b.off)
	}
}

func (b *builder) pad(n int64) {
	b.out.Members = append(b.out.Members, Member{
		Name: "_", Type: fmt.Sprintf("[%d]byte", n), Offset: b.off, Size: n, Align: 1,
		BitOffset: b.off * 8, ElemSize: 1, Padding: true,
	})
	b.from = append(b.from, -1)
	b.off += n
}

// isolate moves to the next line of the largest size when the current one
// holds something a write on paths must not share a line with.
func (b *builder) isolate(paths []string) {
	maxLine := b.maxLine
	if b.off%maxLine == 0 {
		return
	}
	clash := b.lineRead
	for _, w := range b.lineWrites {
		clash = clash || conflicts(&Hot{Paths: paths, Write: true}, &Hot{Paths: w, Write: true})
	}
	if clash {
		b.fill(alignUp(b.off, maxLine))
	}
}

func (b *builder) finish() *Proposal {
	for _, it := range packed(b.cold, b.off) {
		b.put(it)
	}
	b.cold = nil
	size := b.off
	if n := len(b.out.Members); b.s.PadZeroSizeTail && n > 0 && b.out.Members[n-1].Size == 0 && size > 0 {
		size++
	}
	b.out.Size = alignUp(size, b.out.Align)
	return &Proposal{Struct: b.out, From: b.from}
}

// place builds the ordinary proposal. With byPath false, read-mostly
// members keep one group in their original order, the fallback when
// grouping by path would cost a path a line.
func place(s *Struct, items []item, order map[string]int, lines []int64, byPath bool) *Proposal {
	b := newBuilder(s, lines, packed(filter(items, classCold), 0))
	for _, it := range filter(items, classZero) {
		b.put(it)
	}
	var reads [][]item
	if byPath {
		reads = groupsOf(items, classRead, order)
	} else if r := filter(items, classRead); len(r) > 0 {
		reads = [][]item{r}
	}
	for _, g := range reads {
		for _, it := range packed(g, b.off) {
			b.put(it)
		}
	}
	for _, g := range groupsOf(items, classWrite, order) {
		b.isolate(g[0].paths)
		for _, it := range packed(g, b.off) {
			b.put(it)
		}
	}
	return b.finish()
}

// placePerCPU puts written members first, then the rest, and finds the
// least trailing padding that keeps neighbouring elements off each other's
// lines at every base the struct's alignment allows.
func placePerCPU(s *Struct, items []item, order map[string]int, lines []int64) *Proposal {
	maxLine := slices.Max(lines)
	body := filter(items, classZero)
	for _, g := range groupsOf(items, classWrite, order) {
		body = append(body, g...)
	}
	for _, c := range []class{classRead, classCold} {
		body = append(body, filter(items, c)...)
	}
	for pad := int64(0); pad <= 2*maxLine; pad += s.Align {
		b := newBuilder(s, lines, nil)
		for _, it := range body {
			b.put(it)
		}
		if pad > 0 {
			b.pad(pad)
		}
		p := b.finish()
		if !slices.ContainsFunc(lines, func(line int64) bool { return neighbourConflict(p.Struct, line) != nil }) {
			return p
		}
	}
	return nil
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
