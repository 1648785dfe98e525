package reorg

import (
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// exhaustive is a branch-and-bound search for the order of a C struct's
// units that puts its paths on the fewest lines, then shares the fewest
// lines falsely, then moves the fewest members, within what a kernel
// order must keep: each cacheline group between its markers and within
// its size, the struct no bigger, pinned members (a struct-typed first
// member) where they are, trailing ones (a flexible array) last, every
// member at its alignment.
//
// The walks of patch take one move at a time and only a move that helps;
// an order that needs several moves none of which helps alone (cold
// members that push a group onto the next line) is out of their reach.
// This search tries every order of the slots that carry hot bytes (a
// group, a hot member, a pinned one), with any run of cold members of
// less than the longest line before each, and each group's members in
// every order that lays them out differently; the cold members left go
// after the last slot in s's order. It keeps an order only where
// evalIn does, so in every build the variations give.
//
// Units alike in what the count sees (size, alignment, hot bytes) are
// interchangeable: of those not placed yet, only the first in s's order
// is tried. The gap before a slot is first taken as bytes; the cold
// members that fill it are chosen once an order is complete, so where
// they cannot be (too few, or none that end where the slot must start)
// the order is dropped, and the search says it was not exhaustive.
type exhaustive struct {
	pt      *patcher
	slots   []exSlot
	fillers []int32 // cold units, in s's order
	// fillBytes is the fillers' bytes in all.
	fillBytes int64
	maxLine   int64
	cur       patchScore // s's own order's
	variants  map[[2]int64][][]int32
	// reached is, for each state a branch reached (the slots placed,
	// each path's lines and what lies on the current line), the least
	// offset and gap bytes it was reached with: from a later one, with
	// more filler spent, a branch can do nothing the other cannot.
	reached map[string][2]int64

	// The state of the branch being searched.
	placed []bool
	steps  []exStep
	count  []int   // lines of each path at each line size (hotLinesEach's order)
	last   []int64 // the last line each has counted
	remain []int64 // hot bytes of each path not placed
	rest   int64   // bytes of the slots not placed
	gaps   int64   // bytes of the cold units before the slots placed
	used   []bool  // by unit: a cold unit before a slot
	// kind numbers the cold units by size, alignment and where they may
	// start; usedKinds counts those used of each.
	kind      []int
	usedKinds []int
	firsts    []int32 // the first cold unit of each kind
	left      int     // slots not placed

	// words is linesKey's scratch, key linesKey's and stateKey's,
	// kindsOn stateKey's.
	words   []uint64
	key     []byte
	kindsOn []string
	// kinds is spanWord's kind part of each hot span, by unit and span.
	kinds [][]string
	// saved is, by depth, what place keeps of the branch's counts to
	// restore them, and the hot spans of the slot it placed.
	saved []exSaved

	nodes int
	// cut says the node limit ended the search; approx that a group's
	// members were tried in a few orders only, or the cold members to
	// fill an order's gaps were not found.
	cut, approx bool
	// inOrder says the slots are placed in their order only: the search
	// along a proposal varies the gaps before them and the groups'
	// members.
	inOrder   bool
	best      []int32
	bestScore patchScore
}

// exSlot is what the search places one after another: a plain unit with
// hot bytes or a pin, or a reorderable group, whole.
type exSlot struct {
	head, tail, pad int32 // a group's, -1 for a plain unit and for no pad
	inner           []int32
	unit            int32 // a plain unit, -1 for a group
	size            int64
	// align is the largest alignment of its units: its orders from an
	// offset are those from any other the same past a multiple of it.
	align int64
	// same is the slot before it in s's order that is interchangeable
	// with it, -1 for none: it is tried only once that one is placed.
	same int
}

// exStep is one slot placed: the gap before it, from at, and its units
// in order from to.
type exStep struct {
	fill, units []int32
	hot         []placedKind
}

// exSaved is what place keeps at one depth of the search.
type exSaved struct {
	count        []int
	last, remain []int64
	hot          []placedKind
}

// placedKind is where a placed hot span ends and what kind it is.
type placedKind struct {
	hi   int64
	kind string
}

// maxExhaustNodes bounds the nodes the search visits: 6.18's struct sock
// takes about 18,000; a struct of a hundred hot members in no group
// would take more than any run can wait for.
var maxExhaustNodes = 50000

// exhaustFrom runs the search with from, an order of pt's units whose
// score is cur, as the order it tries the units in first. It returns the
// best order that improves on cur (nil for none) and whether the search
// was exhaustive. From s's order, it is the search for any order. Where
// inOrder is set, it runs along from, a proposal the walks found: the
// slots keep from's order, its groups' members and the cold members are
// tried in from's order first, and only orders that beat it are kept, so
// the node limit is spent near it. The walks take one move at a time;
// this finds the moves that, together with the proposal's, save a line
// none saves alone.
func (pt *patcher) exhaustFrom(from []int32, cur patchScore, inOrder bool) (best []int32, sc patchScore, exhausted bool) {
	ex := pt.newExhaustive(from, cur)
	if ex == nil {
		return nil, patchScore{}, false
	}
	ex.inOrder = inOrder
	ex.search(0)
	if ex.best != nil {
		ex.best, ex.bestScore = pt.trim(ex.best, ex.bestScore)
	}
	return ex.best, ex.bestScore, !ex.cut && !ex.approx
}

// newExhaustive sorts pt's units into slots and fillers, in from's
// order; nil when some unit is none of them (one a build's variation
// anchors, which keeps its place among the groups that evalIn checks,
// is a filler).
func (pt *patcher) newExhaustive(from []int32, cur patchScore) *exhaustive {
	ex := &exhaustive{pt: pt, cur: cur, maxLine: slices.Max(pt.lines), variants: map[[2]int64][][]int32{}, reached: map[string][2]int64{}}
	type shapeKey struct {
		size, align, res int64
		spans            string
	}
	seen := map[shapeKey]int{}
	shapeOf := func(u int32) shapeKey {
		it := &pt.units[u].it
		k := shapeKey{size: it.size, align: it.align, res: it.start % max(it.align, 1)}
		for _, sp := range pt.units[u].spans {
			k.spans += spanWord(&sp)
		}
		return k
	}
	for _, u := range from {
		un := &pt.units[u]
		switch un.role {
		case headUnit:
			sl := exSlot{head: u, pad: -1, unit: -1, same: -1}
			for _, v := range from {
				w := &pt.units[v]
				if w.group != un.group {
					continue
				}
				switch w.role {
				case innerUnit:
					sl.inner = append(sl.inner, v)
				case tailUnit:
					sl.tail = v
				case padUnit:
					sl.pad = v
				}
				sl.size += w.it.size
				sl.align = max(sl.align, w.it.align, 1)
			}
			ex.slots = append(ex.slots, sl)
		case plainUnit:
			if len(un.spans) == 0 && !un.it.pinned {
				ex.fillers = append(ex.fillers, u)
				ex.fillBytes += un.it.size
				continue
			}
			sl := exSlot{head: -1, tail: -1, pad: -1, unit: u, size: un.it.size, same: -1}
			if !un.it.pinned {
				k := shapeOf(u)
				if i, ok := seen[k]; ok {
					sl.same = i
				}
				seen[k] = len(ex.slots)
			}
			ex.slots = append(ex.slots, sl)
		}
	}
	ex.used = make([]bool, len(pt.units))
	ex.kind = make([]int, len(pt.units))
	kinds := map[[3]int64]int{}
	for _, u := range ex.fillers {
		it := &pt.units[u].it
		k := [3]int64{it.size, it.align, it.start % max(it.align, 1)}
		if _, ok := kinds[k]; !ok {
			kinds[k] = len(kinds)
			ex.firsts = append(ex.firsts, u)
		}
		ex.kind[u] = kinds[k]
	}
	ex.usedKinds = make([]int, len(kinds))
	ex.placed = make([]bool, len(ex.slots))
	ex.left = len(ex.slots)
	ex.saved = make([]exSaved, len(ex.slots)+1)
	ex.kinds = make([][]string, len(pt.units))
	for u := range pt.units {
		for _, sp := range pt.units[u].spans {
			ex.kinds[u] = append(ex.kinds[u], spanWord(&sp)[4:])
		}
	}
	n := len(pt.lines) * len(pt.paths)
	ex.count, ex.last = make([]int, n), make([]int64, n)
	for i := range ex.last {
		ex.last[i] = -1
	}
	ex.remain = make([]int64, len(pt.paths))
	for i := range ex.slots {
		ex.rest += ex.slots[i].size
		for _, u := range ex.slots[i].units() {
			for _, sp := range pt.units[u].spans {
				for j := range pt.paths {
					if sp.paths&(1<<j) != 0 {
						ex.remain[j] += sp.hi - sp.lo
					}
				}
			}
		}
	}
	return ex
}

// spanWord is what the count sees of a hot span, as a key.
func spanWord(sp *hotSpan) string {
	b := []byte{byte(sp.lo), byte(sp.lo >> 8), byte(sp.hi), byte(sp.hi >> 8), byte(sp.paths), byte(sp.side)}
	if sp.hot.Write {
		b = append(b, 'w')
	}
	return string(b)
}

// units are the slot's units in s's order.
func (sl *exSlot) units() []int32 {
	if sl.unit >= 0 {
		return []int32{sl.unit}
	}
	out := append([]int32{sl.head}, sl.inner...)
	out = append(out, sl.tail)
	if sl.pad >= 0 {
		out = append(out, sl.pad)
	}
	return out
}

// search tries every slot not placed next, at every start from off
// within the longest line, and its members in every order that differs.
func (ex *exhaustive) search(off int64) {
	if ex.nodes++; ex.nodes > maxExhaustNodes {
		ex.cut = true
		return
	}
	if !ex.hopeful(off) {
		return
	}
	if ex.left == 0 {
		ex.complete(off)
		return
	}
	key := ex.stateKey(off)
	if r, ok := ex.reached[key]; ok && r[0] <= off && r[1] <= ex.gaps {
		return
	}
	ex.reached[key] = [2]int64{off, ex.gaps}
	pt := ex.pt
	ff := ex.fillsFrom(off)
	for k := range ex.slots {
		sl := &ex.slots[k]
		if ex.placed[k] || sl.same >= 0 && !ex.placed[sl.same] || ex.inOrder && k > 0 && !ex.placed[k-1] {
			continue
		}
		first := sl.unit
		if first < 0 {
			first = sl.head
		}
		it := &pt.units[first].it
		from := startAt(off, it)
		stop := from + 1
		switch {
		case it.pinned:
			if from > it.start {
				continue
			}
			from, stop = it.start, it.start+1
		case ex.gaps < ex.fillBytes:
			stop = off + 2*ex.maxLine
		}
		// Of the starts that put an order's hot bytes on the same lines,
		// the first that cold members can be found to reach: a later
		// one only ends later.
		seen := map[string]bool{}
		for at := from; at < stop; at += max(it.align, 1) {
			var fill []int32
			if !it.pinned && at > from {
				var ok bool
				if fill, ok = ex.fill(ff, at, first); !ok {
					continue
				}
			}
			for _, order := range ex.orders(k, at) {
				if key := ex.linesKey(order, at); !seen[key] {
					seen[key] = true
					ex.place(k, off, at, fill, order)
				}
				if ex.cut {
					return
				}
			}
		}
	}
}

// linesKey says which lines order's units, laid out from at, put hot
// bytes of which kind on, and the order itself.
func (ex *exhaustive) linesKey(order []int32, at int64) string {
	pt := ex.pt
	b := ex.key[:0]
	for _, u := range order {
		b = append(b, byte(u), byte(u>>8))
	}
	// A word is a line size's index, a line and what a span puts on it
	// (its paths, side and whether it is written), in the bits of one
	// number so that sorting them allocates nothing.
	words := ex.words[:0]
	off := at
	for _, u := range order {
		it := &pt.units[u].it
		pos := startAt(off, it)
		if it.pinned {
			pos = it.start
		}
		for _, sp := range pt.units[u].spans {
			if sp.hi <= sp.lo {
				continue
			}
			kind := uint64(byte(sp.paths))<<8 | uint64(byte(sp.side))
			if sp.hot.Write {
				kind |= 1 << 16
			}
			for k, line := range pt.lines {
				for l := layout.FloorDiv(pos+sp.lo, line); l <= layout.FloorDiv(pos+sp.hi-1, line); l++ {
					words = append(words, uint64(k)<<56|uint64(uint16(l))<<40|kind)
				}
			}
		}
		off = pos + it.size
	}
	slices.Sort(words)
	for _, w := range slices.Compact(words) {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	ex.words = words
	ex.key = b
	return string(b)
}

// place puts slot k's units in order from at, the cold units fill
// before it from off, searches on from its end, and takes it back.
func (ex *exhaustive) place(k int, off, at int64, fill []int32, order []int32) {
	var gap int64
	for _, u := range fill {
		ex.used[u] = true
		ex.usedKinds[ex.kind[u]]++
		gap += ex.pt.units[u].it.size
	}
	sv := &ex.saved[len(ex.steps)]
	sv.count = append(sv.count[:0], ex.count...)
	sv.last = append(sv.last[:0], ex.last...)
	sv.remain = append(sv.remain[:0], ex.remain...)
	end, hot := ex.count1(order, at, sv.hot[:0])
	sv.hot = hot
	ex.placed[k] = true
	ex.left--
	ex.rest -= ex.slots[k].size
	ex.gaps += gap
	ex.steps = append(ex.steps, exStep{fill: fill, units: order, hot: hot})
	ex.search(end)
	ex.steps = ex.steps[:len(ex.steps)-1]
	ex.gaps -= gap
	for _, u := range fill {
		ex.used[u] = false
		ex.usedKinds[ex.kind[u]]--
	}
	ex.rest += ex.slots[k].size
	ex.left++
	ex.placed[k] = false
	copy(ex.count, sv.count)
	copy(ex.last, sv.last)
	copy(ex.remain, sv.remain)
}

// count1 lays order's units out from at, counting the lines of their hot
// bytes, and returns where they end and their hot spans, appended to hot.
func (ex *exhaustive) count1(order []int32, at int64, hot []placedKind) (int64, []placedKind) {
	pt := ex.pt
	off := at
	for _, u := range order {
		it := &pt.units[u].it
		pos := startAt(off, it)
		if it.pinned {
			pos = it.start
		}
		for si, sp := range pt.units[u].spans {
			lo, hi := pos+sp.lo, pos+sp.hi
			if hi <= lo {
				continue
			}
			hot = append(hot, placedKind{hi, ex.kinds[u][si]})
			for j := range pt.paths {
				if sp.paths&(1<<j) == 0 {
					continue
				}
				ex.remain[j] -= hi - lo
				for k, line := range pt.lines {
					i := k*len(pt.paths) + j
					a, b := max(layout.FloorDiv(lo, line), ex.last[i]+1), layout.FloorDiv(hi-1, line)
					if b >= a {
						ex.count[i] += int(b - a + 1)
					}
					ex.last[i] = max(ex.last[i], b)
				}
			}
		}
		off = pos + it.size
	}
	return off, hot
}

// stateKey is what the branch at off leaves for the rest: the slots
// placed, each path's lines counted and the last, and the kinds of hot
// bytes on the line off is in, at each line size.
func (ex *exhaustive) stateKey(off int64) string {
	b := ex.key[:0]
	for k, p := range ex.placed {
		if p {
			b = append(b, byte(k), byte(k>>8))
		}
	}
	b = append(b, '|')
	for _, n := range ex.usedKinds {
		b = append(b, byte(n))
	}
	b = append(b, '|')
	for i := range ex.count {
		b = append(b, byte(ex.count[i]), byte(ex.last[i]), byte(ex.last[i]>>8), byte(ex.last[i]>>16))
	}
	for k, line := range ex.pt.lines {
		start := layout.FloorDiv(off, line) * line
		kinds := ex.kindsOn[:0]
		for i := len(ex.steps) - 1; i >= 0; i-- {
			st := &ex.steps[i]
			for _, h := range st.hot {
				if h.hi > start {
					kinds = append(kinds, h.kind)
				}
			}
			if len(st.hot) > 0 && st.hot[len(st.hot)-1].hi <= start {
				break
			}
		}
		slices.Sort(kinds)
		b = append(b, '|', byte(k))
		for _, w := range slices.Compact(kinds) {
			b = append(b, w...)
		}
		ex.kindsOn = kinds
	}
	ex.key = b
	return string(b)
}

// hopeful reports whether the branch at off may still beat the best order
// found, and s's: no pin passed, room left for what is not placed, and,
// for each path, the lines counted and those its hot bytes not placed
// need beyond the current line no more than s's and, in all, no more than
// the best's.
func (ex *exhaustive) hopeful(off int64) bool {
	pt := ex.pt
	for k := range ex.slots {
		if u := ex.slots[k].unit; !ex.placed[k] && u >= 0 && pt.units[u].it.pinned && startAt(off, &pt.units[u].it) > pt.units[u].it.start {
			return false
		}
	}
	if !pt.s.PerCPU && pt.sizeAt(off+ex.rest+ex.fillBytes-ex.gaps) > pt.s.Size+pt.s.Grow {
		return false
	}
	total := 0
	for k, line := range pt.lines {
		for j := range pt.paths {
			i := k*len(pt.paths) + j
			need := ex.remain[j]
			if room := (ex.last[i]+1)*line - off; room > 0 {
				need -= room
			}
			lb := ex.count[i]
			if need > 0 {
				lb += int((need + line - 1) / line)
			}
			if lb > pt.base[i] {
				return false
			}
			total += lb
		}
	}
	if total > ex.cur.total || ex.best != nil && total > ex.bestScore.total {
		return false
	}
	return true
}

// orders are the orders of slot k's units to try from at: a plain
// unit's one; a group's members in each order that lays them out
// differently.
func (ex *exhaustive) orders(k int, at int64) [][]int32 {
	sl := &ex.slots[k]
	if sl.unit >= 0 {
		return [][]int32{{sl.unit}}
	}
	key := [2]int64{int64(k), at % sl.align}
	if o, ok := ex.variants[key]; ok {
		return o
	}
	var out [][]int32
	for _, inner := range ex.innerOrders(sl, at) {
		o := append([]int32{sl.head}, inner...)
		o = append(o, sl.tail)
		if sl.pad >= 0 {
			o = append(o, sl.pad)
		}
		if ex.withinLimit(sl, o, at) {
			out = append(out, o)
		}
	}
	ex.variants[key] = out
	return out
}

// withinLimit reports whether group slot sl, laid out in order from at,
// keeps within what it may take.
func (ex *exhaustive) withinLimit(sl *exSlot, order []int32, at int64) bool {
	pt := ex.pt
	if !pt.limits {
		return true
	}
	var begin int64
	off := at
	for _, u := range order {
		pos := startAt(off, &pt.units[u].it)
		pt.pos[u] = pos
		switch u {
		case sl.head:
			begin = pt.markerEnd(u)
		case sl.tail:
			return pt.markerEnd(u)-begin <= pt.groups[pt.units[u].group].limit
		}
		off = pos + pt.units[u].it.size
	}
	return true
}

// maxShapeStates bounds the states innerOrders walks for one group.
const maxShapeStates = 1 << 14

// innerOrders are the orders of group slot sl's members that lay them out
// differently from at. Where all the group's hot bytes are alike (the
// same paths, written or not, on the same side) and cover its members,
// an order is what it does to the lines by where its first member starts
// and where its last ends, and each such pair is tried once, in the order
// nearest s's that gives it. Otherwise, or where the members' kinds are
// too many to walk, s's order and one by alignment only, and the search
// is not exhaustive.
func (ex *exhaustive) innerOrders(sl *exSlot, at int64) [][]int32 {
	pt := ex.pt
	head := &pt.units[sl.head].it
	start := startAt(at, head) + head.size
	shapes, uniform := ex.shapesOf(sl)
	states := 1
	for _, s := range shapes {
		states *= len(s.units) + 1
	}
	if !uniform || states > maxShapeStates {
		ex.approx = true
		declared := slices.Clone(sl.inner)
		byAlign := byAlignment(pt, sl.inner)
		if slices.Equal(declared, byAlign) {
			return [][]int32{declared}
		}
		return [][]int32{declared, byAlign}
	}
	w := newShapeWalk(shapes)
	type variant struct{ first, end int64 }
	seen := map[variant]bool{}
	var out [][]int32
	if len(shapes) == 0 {
		return [][]int32{nil}
	}
	// s's order, and the members by alignment, stand for what they lay
	// out: they move fewer members than the walk's first order would.
	for _, order := range [][]int32{slices.Clone(sl.inner), byAlignment(pt, sl.inner)} {
		off, first := start, int64(-1)
		for _, u := range order {
			p := startAt(off, &pt.units[u].it)
			if first < 0 {
				first = p
			}
			off = p + pt.units[u].it.size
		}
		if head.size > 0 {
			first = start - head.size
		}
		if v := (variant{first, off}); !seen[v] {
			seen[v] = true
			out = append(out, order)
		}
	}
	for i := range shapes {
		p := w.startOf(start, i)
		first := p
		if head.size > 0 {
			first = start - head.size
		}
		for _, e := range w.ends(w.full-w.radix[i], p+shapes[i].size) {
			v := variant{first, e.end}
			if seen[v] {
				continue
			}
			seen[v] = true
			seq := w.chain(w.full-w.radix[i], p+shapes[i].size, e.end)
			next := make([]int, len(shapes))
			var order []int32
			for _, j := range append([]int{i}, seq...) {
				order = append(order, shapes[j].units[next[j]])
				next[j]++
			}
			out = append(out, order)
		}
	}
	// s's order first where it is among them: the fewest members moved.
	slices.SortStableFunc(out, func(a, b []int32) int { return cmp.Compare(displaced(a), displaced(b)) })
	return out
}

// shapeWalk walks the orders of a group's shapes (innerOrders): ends
// lists where the members left can end from an offset, each end with the
// first shape of the order that gets there, the lowest that can; chain
// follows those first shapes into the order. The members left are counts
// per shape, mixed-radix.
type shapeWalk struct {
	shapes []shape
	radix  []int64
	full   int64
	memo   map[shapeState][]endShape
}

type shapeState struct{ left, off int64 }

type endShape struct {
	end   int64
	shape int
}

func newShapeWalk(shapes []shape) *shapeWalk {
	w := &shapeWalk{shapes: shapes, radix: make([]int64, len(shapes)), memo: map[shapeState][]endShape{}}
	r := int64(1)
	for i, s := range shapes {
		w.radix[i] = r
		w.full += int64(len(s.units)) * r
		r *= int64(len(s.units)) + 1
	}
	return w
}

// startOf is where shape i's member starts from off.
func (w *shapeWalk) startOf(off int64, i int) int64 {
	s := &w.shapes[i]
	return startAt(off, &item{align: s.align, start: s.res})
}

// ends lists, sorted, where the members left end from off.
func (w *shapeWalk) ends(left, off int64) []endShape {
	if left == 0 {
		return []endShape{{off, -1}}
	}
	st := shapeState{left, off}
	if m, ok := w.memo[st]; ok {
		return m
	}
	var m []endShape
	for i := range w.shapes {
		if left/w.radix[i]%(int64(len(w.shapes[i].units))+1) == 0 {
			continue
		}
		for _, e := range w.ends(left-w.radix[i], w.startOf(off, i)+w.shapes[i].size) {
			m = append(m, endShape{e.end, i})
		}
	}
	slices.SortStableFunc(m, func(a, b endShape) int { return cmp.Compare(a.end, b.end) })
	m = slices.CompactFunc(m, func(a, b endShape) bool { return a.end == b.end })
	w.memo[st] = m
	return m
}

// chain is the order of shapes ends gives for the members left from off
// to end, one of its ends.
func (w *shapeWalk) chain(left, off, end int64) []int {
	var seq []int
	for left > 0 {
		m := w.ends(left, off)
		k, _ := slices.BinarySearchFunc(m, end, func(e endShape, t int64) int { return cmp.Compare(e.end, t) })
		i := m[k].shape
		seq = append(seq, i)
		off = w.startOf(off, i) + w.shapes[i].size
		left -= w.radix[i]
	}
	return seq
}

// byAlignment is units by decreasing alignment, in their order among
// equals.
func byAlignment(pt *patcher, units []int32) []int32 {
	out := slices.Clone(units)
	slices.SortStableFunc(out, func(a, b int32) int { return cmp.Compare(pt.units[b].it.align, pt.units[a].it.align) })
	return out
}

// shape is a kind of a group's members: their size, alignment and where
// they may start, and the members of it in s's order.
type shape struct {
	size, align, res int64
	units            []int32
}

// shapesOf sorts group slot sl's members into shapes, and reports
// whether its hot bytes are all alike and cover its members.
func (ex *exhaustive) shapesOf(sl *exSlot) (shapes []shape, uniform bool) {
	pt := ex.pt
	uniform = true
	var word string
	for _, u := range sl.inner {
		it := &pt.units[u].it
		var covered int64
		for _, sp := range pt.units[u].spans {
			covered += sp.hi - sp.lo
			w := spanWord(&sp)[4:]
			if word == "" {
				word = w
			}
			uniform = uniform && w == word
		}
		uniform = uniform && covered == it.size
		res := it.start % max(it.align, 1)
		i := slices.IndexFunc(shapes, func(s shape) bool { return s.size == it.size && s.align == it.align && s.res == res })
		if i < 0 {
			shapes = append(shapes, shape{size: it.size, align: it.align, res: res})
			i = len(shapes) - 1
		}
		shapes[i].units = append(shapes[i].units, u)
	}
	return shapes, uniform
}

// displaced counts the units of order out of s's order.
func displaced(order []int32) int {
	n := 0
	for i := 1; i < len(order); i++ {
		if order[i] < order[i-1] {
			n++
		}
	}
	return n
}

// complete fills the gaps of the branch with cold units and puts the
// rest after it, in s's order, or else by alignment, and keeps the order
// if it is the best yet.
func (ex *exhaustive) complete(end int64) {
	pt := ex.pt
	var order []int32
	for _, st := range ex.steps {
		order = append(order, st.fill...)
		order = append(order, st.units...)
	}
	var tail []int32
	for _, u := range ex.fillers {
		if !ex.used[u] {
			tail = append(tail, u)
		}
	}
	// The first of the two tails that improves on s in every build is
	// taken. Each is scored in this build first; the builds' check, the
	// dearest part, is made only where its answer can change the best.
	var orders [2][]int32
	var scores [2]patchScore
	var oks [2]bool
	for i, t := range [][]int32{tail, byAlignment(pt, tail)} {
		orders[i] = slices.Concat(order, t)
		scores[i], oks[i] = pt.evalIn(orders[i], &ex.cur, false)
	}
	beats := func(i int) bool { return oks[i] && (ex.best == nil || scores[i].less(ex.bestScore)) }
	for i, o := range orders {
		if !oks[i] {
			continue
		}
		if !beats(i) && (i == 1 || !beats(1)) {
			return // whether o holds in every build or not, the best stays
		}
		if !pt.inAllConfigsOK(o) {
			continue
		}
		if beats(i) {
			ex.best, ex.bestScore = o, scores[i]
		}
		return
	}
}

// maxFill bounds the cold units one gap takes.
const maxFill = 6

// fillFrom is where cold units not used yet, laid out from at, may end
// up to the longest line twice past it: by offset from at, the fewest
// that end there and the kind of the last (-1 for none), the offset
// before it. Each kind's units are taken in s's order.
type fillFrom struct {
	at    int64
	left  []int
	count []int8
	kind  []int16
	from  []int64
	// all is count with every cold unit left, nil until asked for.
	all []int8
}

// fillsFrom readies fill for gaps that start at at.
func (ex *exhaustive) fillsFrom(at int64) *fillFrom {
	w := 2 * ex.maxLine
	ff := &fillFrom{at: at, left: slices.Clone(ex.usedKinds), count: make([]int8, w+1), kind: make([]int16, w+1), from: make([]int64, w+1)}
	for i := range ff.left {
		ff.left[i] = -ff.left[i]
	}
	for _, u := range ex.fillers {
		ff.left[ex.kind[u]]++
	}
	ex.reach(ff, ff.left, ff.count)
	return ff
}

// reach fills count, by offset from ff.at, with the fewest cold units
// of the kinds left that end there, -1 where none do, and ff's kinds
// and offsets before.
func (ex *exhaustive) reach(ff *fillFrom, left []int, count []int8) {
	pt := ex.pt
	for i := range count {
		count[i] = -1
	}
	count[0] = 0
	level := []int64{ff.at}
	for depth := int8(1); depth <= maxFill && len(level) > 0; depth++ {
		var next []int64
		for _, off := range level {
			for k, u := range ex.firsts {
				f := &pt.units[u].it
				e := startAt(off, f) + f.size
				if left[k] == 0 || e-ff.at >= int64(len(count)) || count[e-ff.at] >= 0 {
					continue
				}
				count[e-ff.at], ff.kind[e-ff.at], ff.from[e-ff.at] = depth, int16(k), off
				next = append(next, e)
			}
		}
		level = next
	}
}

// fillable reports whether cold units could end where unit next starts
// at to, from ff.at, had no slot before taken any.
func (ex *exhaustive) fillable(ff *fillFrom, to int64, it *item) bool {
	if ff.all == nil {
		all := make([]int, len(ex.firsts))
		for _, u := range ex.fillers {
			all[ex.kind[u]]++
		}
		kind, from := slices.Clone(ff.kind), slices.Clone(ff.from)
		ff.all = make([]int8, len(ff.count))
		ex.reach(ff, all, ff.all)
		ff.kind, ff.from = kind, from
	}
	for e := to; e > to-max(it.align, 1) && e >= ff.at; e-- {
		if ff.all[e-ff.at] > 0 && startAt(e, it) == to {
			return true
		}
	}
	return false
}

// fill picks cold units not used yet that, laid out from ff.at, end where
// unit next starts at to: the fewest, each the first of its kind in s's
// order not used.
func (ex *exhaustive) fill(ff *fillFrom, to int64, next int32) ([]int32, bool) {
	it := &ex.pt.units[next].it
	end := int64(-1)
	for e := to; e > to-max(it.align, 1) && e >= ff.at; e-- {
		if c := ff.count[e-ff.at]; c > 0 && startAt(e, it) == to && (end < 0 || c < ff.count[end-ff.at]) {
			end = e
		}
	}
	if end < 0 {
		// Cold members an earlier gap took might have filled it.
		ex.approx = ex.approx || ex.gaps > 0 && ex.fillable(ff, to, it)
		return nil, false
	}
	var kinds []int
	for e := end; e != ff.at; e = ff.from[e-ff.at] {
		kinds = append(kinds, int(ff.kind[e-ff.at]))
	}
	slices.Reverse(kinds)
	taken := make([]int, len(ex.firsts))
	var out []int32
	for _, k := range kinds {
		if taken[k]++; taken[k] > ff.left[k] {
			ex.approx = true
			return nil, false
		}
		n := 0
		for _, u := range ex.fillers {
			if ex.kind[u] == k && !ex.used[u] {
				if n++; n == taken[k] {
					out = append(out, u)
					break
				}
			}
		}
	}
	return out, true
}
