package reorg

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// Packing is what --packable says of a struct: its size and the size
// once packed.
type Packing struct {
	Size, Packed int64
	// Pahole says the packed size is the one pahole 1.24's reorganizer
	// finds. When pahole's packed layout breaks what the struct must keep
	// (see paholePacking.Breaks), Packed is packSize's instead and Why
	// says what pahole's layout breaks.
	Pahole bool
	Why    string
	// PaholeSize is the size pahole's reorganizer packs the struct to,
	// whether Packed is it or not.
	PaholeSize int64
}

// Packable says whether s can be packed smaller, as pahole --packable
// lists it: only structs with holes, and only when pahole's reorganizer
// saves bytes. The figure is pahole's where its packed layout keeps every
// member at its alignment, the struct's size a multiple of its
// alignment, what C code relies on and what line alignments separate
// (Breaks). Where it does not, the figure is the smaller of packSize and,
// when only the size breaks the alignment, pahole's size rounded up to
// it, as the compiler would; s is not packable when that saves nothing.
// word is the target's pointer size (pahole's cu->addr_size). When pahole
// lists s and cachelint does not, the Packing says what pahole does.
func Packable(s *layout.Struct, word int64) (Packing, bool) {
	p, ok := paholePack(s, word)
	if !ok {
		return Packing{}, false
	}
	why := p.Breaks(s)
	if why == "" {
		return Packing{Size: s.Size, Packed: p.Size, Pahole: true, PaholeSize: p.Size}, true
	}
	n, ok := packSize(s)
	if !ok {
		n = s.Size
	}
	if p.breaksMembers(s) == "" {
		n = min(n, layout.AlignUp(p.Size, s.Align))
	}
	if n >= s.Size {
		return Packing{Size: s.Size, Why: why, PaholeSize: p.Size}, false
	}
	return Packing{Size: s.Size, Packed: n, Why: why, PaholeSize: p.Size}, true
}

// paholePacking is the layout pahole 1.24's class__reorganize gives a
// struct: the members in their new order at their new offsets.
type paholePacking struct {
	Size    int64
	Members []layout.Member
	// From gives, for each of Members, the index of the original member.
	From []int
}

// pmember is one member as pahole's reorganizer sees it, in the widths of
// dwarves 1.24's struct class_member: offsets wrap as pahole's do.
type pmember struct {
	from          int
	byteOffset    uint32
	bitOffset     uint32
	byteSize      uint64
	bitSize       uint32 // of the type: a bit-field's storage unit
	bitfieldSize  uint8
	bitfieldShift uint32 // bitOffset - byteOffset*8
	hole          uint16
}

// pclass is a struct as pahole's reorganizer sees it (struct class).
type pclass struct {
	m                   []*pmember
	size                uint32
	padding             uint16
	nrHoles, nrBitHoles uint8
	addr                uint64
	// work counts the members visited, against reorganizeBudget.
	work int
}

// reorganizeBudget bounds the members pahole's reorganizer may visit in
// one struct, so that a corrupt or absurd one (its passes are quadratic in
// the members, one pass per move) cannot hold cachelint for minutes: no
// struct of the 6.18 BTF, the 6.1 modules or the Go binary in testdata
// needs more than 7,580.
const reorganizeBudget = 1 << 22

// paholePack runs pahole 1.24's reorganizer (dwarves_reorganize.c,
// class__reorganize, built without its bit-field algorithms) on s: it
// moves members into the holes after earlier ones, first those that have
// a hole after them themselves, then the last member into a hole when
// that removes padding, then members from the end; each move that leaves
// a hole of a word or more shifts what follows back by a word, whatever
// alignment it had. It reports false when pahole would not list s: s is
// not a struct, has no holes, or packing saves nothing.
func paholePack(s *layout.Struct, word int64) (paholePacking, bool) {
	if s.Kind != layout.KindStruct || len(s.Members) == 0 {
		return paholePacking{}, false
	}
	c := &pclass{size: uint32(s.Size), addr: uint64(word)}
	for i := range s.Members {
		m := &s.Members[i]
		pm := &pmember{from: i, byteOffset: uint32(m.Offset), byteSize: uint64(m.Size), bitSize: uint32(m.Size * 8)}
		if m.BitSize > 0 {
			pm.bitOffset = uint32(m.BitOffset)
			pm.bitfieldSize = uint8(m.BitSize)
			pm.bitfieldShift = uint32(m.BitOffset - m.Offset*8)
		} else {
			pm.bitOffset = pm.byteOffset * 8
		}
		c.m = append(c.m, pm)
	}
	c.findHoles()
	if c.nrHoles == 0 && c.nrBitHoles == 0 {
		return paholePacking{}, false
	}
	if !c.reorganize() {
		return paholePacking{}, false
	}
	if c.size >= uint32(s.Size) {
		return paholePacking{}, false
	}
	p := paholePacking{Size: int64(c.size)}
	for _, pm := range c.m {
		m := s.Members[pm.from]
		d := int64(pm.byteOffset) - m.Offset
		m.Offset += d
		layout.ShiftBits(&m, d*8)
		p.Members = append(p.Members, m)
		p.From = append(p.From, pm.from)
	}
	return p, true
}

// findHoles is pahole 1.24's class__find_holes (HoleWalk), in its integer
// widths: a hole is stored in 16 bits, counted as a signed 32-bit number.
func (c *pclass) findHoles() {
	w := layout.NewHoleWalk[uint32](0)
	c.nrHoles, c.nrBitHoles = 0, 0
	var last *pmember
	c.work += len(c.m)
	for _, pos := range c.m {
		pos.hole = 0
		bits := uint32(pos.byteSize * 8)
		if pos.bitfieldSize != 0 {
			bits = uint32(pos.bitfieldSize)
		}
		byteHoles, bitHoles := w.Member(pos.byteOffset, pos.bitOffset, bits, pos.bitSize, pos.bitfieldSize != 0)
		if last != nil {
			last.hole = uint16(int32(byteHoles))
		}
		if int32(bitHoles) != 0 {
			c.nrBitHoles++
		}
		if int32(byteHoles) != 0 {
			c.nrHoles++
		}
		last = pos
	}
	padding, _ := w.End(c.size)
	c.padding = uint16(padding)
}

// reorganize is class__reorganize; it reports false when it has not
// settled within the budget.
func (c *pclass) reorganize() bool {
	for c.step() {
		if c.work > reorganizeBudget {
			return false
		}
	}
	return true
}

// step is one pass of class__reorganize up to its first move (its "goto
// restart"); it reports whether it moved a member.
func (c *pclass) step() bool {
	last := len(c.m) - 1
	lm := c.m[last]
	var alignment uint64
	for _, m := range c.m {
		if a := m.byteSize + uint64(m.hole); a <= c.addr && a > alignment {
			alignment = a
		}
	}
	if alignment != 0 {
		if alignment > 1 {
			alignment = (alignment + 1) / 2 * 2
		}
		var padding uint16
		if mod := (uint64(lm.byteOffset) + lm.byteSize) % alignment; mod != 0 {
			padding = uint16(c.addr - mod)
		}
		if padding != c.padding {
			c.padding = padding
			c.size = uint32(uint64(lm.byteOffset) + lm.byteSize + uint64(padding))
		}
	}
	for i := 0; i < len(c.m); i++ {
		m := c.m[i]
		if m.hole == 0 {
			continue
		}
		// Not the next member: its distance may be an explicit
		// alignment (the kernel's ____cacheline_aligned_in_smp).
		if b := c.nextHoleOfSize(i, uint64(m.hole)); b >= 0 && b-1 != i && c.move(i, b, false) {
			return true
		}
		if c.padding > 0 && i != last && lm.byteSize != 0 && lm.byteSize <= uint64(m.hole) && c.move(i, last, true) {
			return true
		}
	}
	if c.nrHoles == 0 {
		return false
	}
	for i := 0; i < len(c.m); i++ {
		m := c.m[i]
		if m.hole == 0 {
			continue
		}
		if b := c.lastOfSize(i, uint64(m.hole)); b >= 0 && b-1 != i && c.move(i, b, false) {
			return true
		}
	}
	return false
}

// nextHoleOfSize is class__find_next_hole_of_size: the first member after
// i with a hole after it and no larger than size (a bit-field: the first
// of its run of bit-fields), or -1.
func (c *pclass) nextHoleOfSize(i int, size uint64) int {
	head := -1
	for j := i + 1; j < len(c.m); j++ {
		c.work++
		m := c.m[j]
		if m.bitfieldSize != 0 {
			if head < 0 {
				head = j
			}
		} else {
			head = -1
		}
		if m.hole != 0 && m.byteSize != 0 && m.byteSize <= size {
			if head >= 0 {
				return head
			}
			return j
		}
	}
	return -1
}

// lastOfSize is class__find_last_member_of_size: the last member after i
// no larger than size, skipping bit-fields but the first of a run, or -1.
func (c *pclass) lastOfSize(i int, size uint64) int {
	for j := len(c.m) - 1; j > i; j-- {
		c.work++
		m := c.m[j]
		if m.bitfieldSize != 0 && m.byteOffset != 0 && c.m[j-1].bitfieldSize != 0 {
			continue
		}
		if m.byteSize != 0 && m.byteSize <= size {
			return j
		}
	}
	return -1
}

// move is class__move_member: it moves member from to after dest, at
// dest's end plus what of dest's hole from's size (up to a word) does not
// divide, and shrinks the struct by what it guesses was saved. It refuses
// bit-fields, as pahole 1.24 does.
func (c *pclass) move(dest, from int, fromPadding bool) bool {
	f, d := c.m[from], c.m[dest]
	if f.bitfieldSize != 0 {
		return false
	}
	fromWasLast := from == len(c.m)-1
	prev := c.m[from-1]
	tailHole := f.hole
	origOffset := uint16(f.byteOffset)
	div := min(f.byteSize, c.addr)
	offset := uint16(uint64(d.hole) % div)
	newOffset := uint16(uint64(d.byteOffset) + d.byteSize + uint64(offset))

	c.m = slices.Delete(c.m, from, from+1)
	c.m = slices.Insert(c.m, dest+1, f)
	f.byteOffset = uint32(newOffset)
	f.bitOffset = uint32(newOffset)*8 + f.bitfieldShift

	switch {
	case fromPadding:
		if uint64(origOffset)%c.addr == 0 {
			c.size -= uint32(f.byteSize + uint64(c.padding))
		}
	case fromWasLast:
		c.size -= uint32(f.byteSize + uint64(c.padding))
	case uint64(tailHole)+f.byteSize >= c.addr:
		c.size -= uint32(c.addr)
		c.subtractFrom(prev, uint16(c.addr))
	}
	c.findHoles()
	return true
}

// subtractFrom is class__subtract_offsets_from: the members after m move
// back by n bytes.
func (c *pclass) subtractFrom(m *pmember, n uint16) {
	after := false
	for _, x := range c.m {
		if after {
			x.byteOffset -= uint32(n)
			x.bitOffset -= uint32(n) * 8
		}
		after = after || x == m
	}
	if c.padding != 0 {
		lm := c.m[len(c.m)-1]
		c.padding = 0
		if p := int64(uint64(c.size) - (uint64(lm.byteOffset) + lm.byteSize)); p > 0 {
			c.padding = uint16(p)
		}
	}
}

// Breaks says what pahole's packed layout p of s breaks, "" if nothing:
// what breaksMembers finds, or a size that is not a multiple of the
// struct's alignment.
func (p *paholePacking) Breaks(s *layout.Struct) string {
	if why := p.breaksMembers(s); why != "" {
		return why
	}
	if p.Size%s.Align != 0 {
		return fmt.Sprintf("%d bytes is not a multiple of the struct's %d-byte alignment", p.Size, s.Align)
	}
	return ""
}

// breaksMembers says how the members of p break what they must keep: a
// member off its alignment (explicit ones included), members overlapping
// or past the end, a pinned member moved; in C, a struct-typed first
// member no longer first, a member moved into or out of a kernel
// cacheline group or across a member aligned to start a line.
func (p *paholePacking) breaksMembers(s *layout.Struct) string {
	var end int64 // in bits: bit-fields of different units share bytes
	for i := range p.Members {
		m := &p.Members[i]
		orig := &s.Members[p.From[i]]
		if !s.Packed && m.Offset%orig.KeptAlign() != 0 {
			return fmt.Sprintf("%s at %d is off its %d-byte alignment", m.Label(), m.Offset, orig.KeptAlign())
		}
		lo, hi := m.Offset*8, m.End()*8
		if m.BitSize > 0 {
			lo, hi = m.BitOffset, m.BitOffset+m.BitSize
		}
		if lo < end || hi > p.Size*8 {
			return fmt.Sprintf("%s at %d overlaps the members before it or the end", m.Label(), m.Offset)
		}
		end = max(end, hi)
		if layout.AnyPinned(orig) && m.Offset != orig.Offset {
			return fmt.Sprintf("pinned %s moves from %d to %d", m.Label(), orig.Offset, m.Offset)
		}
	}
	if s.Lang != layout.LangC {
		return ""
	}
	if i := castTarget(s); i >= 0 && p.From[slices.IndexFunc(p.Members, func(m layout.Member) bool { return m.Size > 0 })] != i {
		return fmt.Sprintf("%s, the struct-typed first member, is no longer first", s.Members[i].Label())
	}
	was := groupsAlong(s.Members, func(k int) int { return k })
	now := groupsAlong(p.Members, func(k int) int { return p.From[k] })
	for k, g := range was {
		switch {
		case now[k] == g:
		case g == "":
			return fmt.Sprintf("%s moves into cacheline group %s", s.Members[k].Label(), now[k])
		default:
			return fmt.Sprintf("%s moves out of cacheline group %s", s.Members[k].Label(), g)
		}
	}
	return crossesLine(s, p.From)
}

// lineAligned is the alignment from which an attribute on a member says
// it starts a cache line of its own (the kernel's
// ____cacheline_aligned_in_smp): what is declared before the member must
// not share its line.
const lineAligned = 64

// lineRuns numbers, for each member of s, the run it lies in: in C, a
// member aligned by an attribute to a line starts a run, outside kernel
// cacheline groups (whose markers say where they start and end). The
// second result marks the members that start runs.
func lineRuns(s *layout.Struct) (run []int, starts map[int]bool) {
	run = make([]int, len(s.Members))
	starts = map[int]bool{}
	if s.Lang != layout.LangC {
		return run, starts
	}
	group := groupsAlong(s.Members, func(k int) int { return k })
	n := 0
	for k := range s.Members {
		m := &s.Members[k]
		if m.AlignAttr >= lineAligned && group[k] == "" && !layout.IsGroupMarker(m.Name) {
			n++
			starts[k] = true
		}
		run[k] = n
	}
	return run, starts
}

// crossesLine says which member of s a layout (the original index of
// each member in its order, -1 for padding) moves across a member aligned
// to start a line, "" if none: members stay in their runs (lineRuns), and
// the aligned member first in its run.
func crossesLine(s *layout.Struct, from []int) string {
	run, starts := lineRuns(s)
	last := 0
	first := map[int]int{} // run -> the first member laid out in it
	for _, k := range from {
		if k < 0 {
			continue
		}
		r := run[k]
		if r < last {
			return fmt.Sprintf("%s moves past %s, aligned to start a line", s.Members[k].Label(), s.Members[first[last]].Label())
		}
		if f, ok := first[r]; ok && starts[k] {
			return fmt.Sprintf("%s moves before %s, aligned to start a line", s.Members[f].Label(), s.Members[k].Label())
		}
		if _, ok := first[r]; !ok {
			first[r] = k
		}
		last = r
	}
	return ""
}

// groupsAlong maps each original member index (from(k) of the k-th
// member of ms) to the kernel cacheline group whose markers enclose it in
// ms, "" for none.
func groupsAlong(ms []layout.Member, from func(k int) int) map[int]string {
	out := make(map[int]string, len(ms))
	var open []string
	for k := range ms {
		name := ms[k].Name
		if g, ok := strings.CutPrefix(name, layout.GroupEndPrefix); ok && len(open) > 0 && open[len(open)-1] == g {
			open = open[:len(open)-1]
			continue
		}
		if g, ok := strings.CutPrefix(name, layout.GroupBeginPrefix); ok {
			open = append(open, g)
			continue
		}
		if len(open) > 0 {
			out[from(k)] = open[len(open)-1]
		} else {
			out[from(k)] = ""
		}
	}
	return out
}

// packSize is the size of the smallest layout of s it finds that keeps
// what propose keeps (see packLayout). It reports false when it finds
// none.
func packSize(s *layout.Struct) (int64, bool) {
	if p := packLayout(s); p != nil {
		return p.Struct.Size, true
	}
	return 0, false
}

// packLayout is the smallest layout of s it finds that keeps what propose
// keeps: every alignment, pins; in C, a struct-typed first member first,
// a flexible array last, kernel cacheline groups whole between their
// markers, and a member aligned to start a line ahead of what follows it
// and after what precedes it (crossesLine); in Go, zero-size fields
// first. It tries the reorganizer's
// order with every member cold and a greedy one that fills the gap
// before each strongly aligned item or pin with smaller items. It returns
// nil when neither is valid.
func packLayout(s *layout.Struct) *layout.Proposal {
	if s.Kind != layout.KindStruct {
		return nil
	}
	cold := *s
	cold.Members = coldMembers(s.Members)
	items, order := itemsOf(&cold)
	lines := []int64{64}
	var best *layout.Proposal
	try := func(p *layout.Proposal) {
		if p != nil && invalid(&cold, p) == "" && crossesLine(s, p.From) == "" && (best == nil || p.Struct.Size < best.Struct.Size) {
			best = p
		}
	}
	try(place(nil, &cold, items, order, lines, plan{byPath: true}))
	// Each run between members aligned to start a line is packed on
	// its own, the aligned member first.
	run, starts := lineRuns(&cold)
	type span struct{ head, rest, pins []item }
	runs := make([]span, run[len(run)-1]+1)
	var zero, last []item
	for _, it := range items {
		r, head := 0, false
		for _, k := range it.members {
			r, head = max(r, run[k]), head || starts[k]
		}
		sp := &runs[r]
		switch {
		case it.last:
			last = append(last, it)
		case it.pinned:
			sp.pins = append(sp.pins, it)
		case it.class == classZero:
			zero = append(zero, it)
		case head:
			sp.head = append(sp.head, it)
		default:
			sp.rest = append(sp.rest, it)
		}
	}
	b := newBuilder(&cold, lines, order, nil)
	for _, it := range zero {
		b.place(it)
	}
	for _, sp := range runs {
		for _, it := range sp.head {
			b.place(it)
		}
		slices.SortStableFunc(sp.pins, func(a, b item) int { return int(a.start - b.start) })
		for _, it := range fillOrder(sp.rest, sp.pins, b.off) {
			b.place(it)
		}
	}
	try(b.finish(last))
	return best
}

// fillOrder orders items and pins (by offset) to leave the least space
// unused from off: at each step the most aligned item that starts where
// the last one ended, else the gap before the most aligned item or the
// next pin filled with the largest items that fit in it, else the most
// aligned item that fits before the next pin, else the pin.
func fillOrder(items, pins []item, off int64) []item {
	left := slices.Clone(items)
	slices.SortStableFunc(left, func(a, b item) int {
		if a.align != b.align {
			return int(b.align - a.align)
		}
		return int(b.size - a.size)
	})
	var out []item
	take := func(i int) {
		it := left[i]
		left = slices.Delete(left, i, i+1)
		out = append(out, it)
		off = startAt(off, &it) + it.size
	}
	for len(left) > 0 || len(pins) > 0 {
		limit := int64(math.MaxInt64)
		if len(pins) > 0 {
			limit = pins[0].start
		}
		fits := func(to int64) func(it item) bool {
			return func(it item) bool { return startAt(off, &it)+it.size <= to }
		}
		if i := slices.IndexFunc(left, func(it item) bool { return startAt(off, &it) == off && fits(limit)(it) }); i >= 0 {
			take(i)
			continue
		}
		to := limit
		if len(left) > 0 {
			to = min(to, startAt(off, &left[0]))
		}
		if i := slices.IndexFunc(left, fits(to)); i >= 0 {
			take(i)
			continue
		}
		if i := slices.IndexFunc(left, fits(limit)); i >= 0 {
			take(i)
			continue
		}
		// Where the builder puts a pin: at its offset.
		out = append(out, pins[0])
		off = max(startAt(off, &pins[0]), pins[0].start) + pins[0].size
		pins = pins[1:]
	}
	return out
}

// coldMembers copies ms without their hot marks.
func coldMembers(ms []layout.Member) []layout.Member {
	out := slices.Clone(ms)
	for i := range out {
		out[i].Hot = nil
		out[i].Inner = coldMembers(out[i].Inner)
	}
	return out
}
