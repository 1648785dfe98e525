package reorg

import (
	"cmp"
	"math"
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// A patch is what a maintainer reviews: the struct's own order with a few
// members moved. patch searches for the smallest one that puts the paths
// on fewer lines, one move at a time from the declaration, where the
// builder (place) lays the struct out afresh and moves most members to get
// there. It keeps the kernel's groups packed as their authors packed them:
// a group's members move only within it, and the bytes an order of them
// would waste at its start count against its CACHELINE_ASSERT_GROUP_SIZE.
//
// Each step tries every move of a few kinds and keeps the one that helps
// at the least cost in members moved, so the search lays a struct out
// thousands of times: it does so over units, the items in the flat order
// the compiler lays them out in, with their hot bytes relative to their
// start, and builds a Proposal only for the order it ends with.

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

// maxPatchSteps bounds the moves of a patch: the kernel's own cacheline
// reorganizations moved a few dozen members.
const maxPatchSteps = 24

// maxRun is the most slots one move takes: hot members that belong
// together, cold ones that make room.
const maxRun = 8

// patch returns the smallest patch of s that gets its paths on fewer
// lines, or fewer members sharing lines falsely, without putting any path
// on more lines or breaking what overLimits checks (with the groups'
// limits when limits is set); nil when no move helps, or when s's own
// order, laid out again, is not s (a member where nothing the model
// holds explains it).
func patch(checks []*layout.Check, s *layout.Struct, items []item, lines []int64, limits bool, seed *layout.Proposal, robust bool) *layout.Proposal {
	pt := newPatcher(checks, s, items, lines, limits, robust)
	if !laysOutAs(s, pt.proposal(pt.declared)) {
		return nil
	}
	cur, _ := pt.eval(pt.declared, nil)
	// The walks start from the units' order: s's, but for the members a
	// hot file lets join a group, which that order moves into it.
	order := make([]int32, len(pt.units))
	for i := range order {
		order[i] = int32(i)
	}
	// Two walks from the declaration: the one that takes the cheapest
	// move that helps at each step, and the one that takes the move that
	// helps most. The first moves few members; the second finds what
	// needs a big move first. And one from the builder's order, whose
	// needless moves trim then undoes.
	var best []int32
	var bestScore patchScore
	bestPt := pt
	consider := func(pt *patcher, o []int32, sc patchScore) {
		if o == nil {
			return
		}
		o, sc = pt.trim(o, sc)
		o, sc = pt.restore(o, sc)
		o, sc = pt.respace(o, sc)
		if best == nil || sc.preferred(bestScore) {
			best, bestScore, bestPt = o, sc, pt
		}
	}
	if !slices.Equal(order, pt.declared) {
		sc, ok := pt.eval(order, nil)
		if !ok || !sc.improves(cur) {
			return nil
		}
		consider(pt, slices.Clone(order), sc)
		cur = sc
	}
	for _, cheapest := range []bool{true, false} {
		o, sc := pt.walk(order, cur, cheapest)
		consider(pt, o, sc)
	}
	if o := pt.orderOf(seed); o != nil {
		sc, ok := pt.eval(o, nil)
		if ok {
			if w, wsc := pt.walk(o, sc, true); w != nil {
				o, sc = w, wsc
			}
			consider(pt, o, sc)
		}
	}
	// Where no order the walks reach holds in every build, the order for
	// this build alone with other cold members making its room: the
	// walks move one run at a time, and the run they chose may be one a
	// build moves or a block this build lacks stays beside.
	if best == nil && (len(pt.cfgs) > 0 || len(pt.anchored) > 0) {
		alone := newPatcher(checks, s, items, lines, limits, false)
		for _, cheapest := range []bool{true, false} {
			o, sc := alone.walk(order, cur, cheapest)
			if o == nil {
				continue
			}
			o, sc = alone.trim(o, sc)
			// Any other room that holds beats this one, which does not.
			sc.moved, sc.cold, sc.gaps, sc.holes = math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MaxInt64
			if o, sc = pt.respace(o, sc); pt.holds(o) {
				consider(pt, o, sc)
			}
		}
	}
	// Aligning a group's begin marker on a line is a move too, of no
	// member: the kernel's own way to start a group on a line whatever
	// the configuration puts before it. It costs the bytes of the hole
	// it opens, which eval bounds in every build as it does any order's.
	for _, g := range pt.groups {
		for _, n := range alignments(s, lines) {
			pa := newPatcher(checks, s, items, lines, limits, robust)
			if !pa.alignHead(g.name, n) {
				continue
			}
			sc, ok := pa.eval(order, nil)
			if !ok || !sc.improves(cur) {
				continue
			}
			o := slices.Clone(order)
			if w, wsc := pa.walk(o, sc, true); w != nil {
				o, sc = w, wsc
			}
			o, sc = pa.trim(o, sc)
			// A move of a cold member's worth: a hole, as a spacer
			// would leave one.
			sc.moved++
			sc.cold++
			if best == nil || sc.preferred(bestScore) {
				best, bestScore, bestPt = o, sc, pa
			}
		}
	}
	if best == nil {
		return nil
	}
	p := bestPt.proposal(best)
	// The quick count agrees with the checks, or no patch.
	if invalid(s, p) != "" || overLimits(s, p, limits) != "" || worse(checks, s, p, lines) != "" {
		return nil
	}
	return p
}

// holds reports whether order is one eval takes.
func (pt *patcher) holds(order []int32) bool {
	_, ok := pt.eval(order, nil)
	return ok
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
		un.it.start = alignUp(un.it.start, line)
		pt.align = max(pt.align, line)
		pt.alignedHead = int32(u)
		return true
	}
	return false
}

// walk moves one step at a time from order, whose score is cur, while a
// move helps; it returns the order it ends with, nil if none helped.
func (pt *patcher) walk(order []int32, cur patchScore, cheapest bool) ([]int32, patchScore) {
	var best []int32
	for range maxPatchSteps {
		// Scored in the binary's build first; the other builds judge
		// the candidates best first, until one holds in all.
		type scored struct {
			o  []int32
			sc patchScore
		}
		var cands []scored
		for _, cand := range pt.moves(order) {
			if sc, ok := pt.evalIn(cand, &cur, false); ok {
				cands = append(cands, scored{cand, sc})
			}
		}
		slices.SortStableFunc(cands, func(a, b scored) int {
			switch {
			case cheapest && a.sc.cheaper(b.sc) || !cheapest && a.sc.less(b.sc):
				return -1
			case cheapest && b.sc.cheaper(a.sc) || !cheapest && b.sc.less(a.sc):
				return 1
			}
			return 0
		})
		var next []int32
		var nextScore patchScore
		for _, c := range cands {
			if pt.inAllConfigsOK(c.o) {
				next, nextScore = c.o, c.sc
				break
			}
		}
		if next == nil {
			break
		}
		order, best, cur = next, next, nextScore
	}
	return best, cur
}

// trim undoes the moves of order that buy nothing: it puts a unit back
// right after the unit it follows in s, or right before the one it
// precedes, wherever that keeps the lines and the members sharing them
// falsely and moves fewer members.
func (pt *patcher) trim(order []int32, sc patchScore) ([]int32, patchScore) {
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(order) && !changed; i++ {
			u := order[i]
			if r := pt.units[u].role; r == headUnit || r == tailUnit || r == padUnit || pt.units[u].it.pinned {
				continue
			}
			var places []int
			if u > 0 && pt.fits(u, u-1) {
				places = append(places, slices.Index(order, u-1)+1)
			}
			if int(u)+1 < len(order) && pt.fits(u, u+1) {
				places = append(places, slices.Index(order, u+1))
			}
			for _, j := range places {
				if j == i || j == i+1 {
					continue
				}
				cand := moveRange(order, i, i+1, j)
				if c, ok := pt.eval(cand, nil); ok && !sc.improves(c) && c.moved < sc.moved {
					order, sc, changed = cand, c, true
					break
				}
			}
		}
	}
	return order, sc
}

// restore puts members order moves back among those it keeps: each unit
// order moves, in turn, anywhere between the kept units around its place
// in s, where that moves fewer members and leaves each path on no more
// lines than order, and no more lines shared falsely. trim tries only the
// places next to a unit's neighbours in s; a struct laid out afresh (the
// builder's order) has most of its members moved, and many of them fit
// back elsewhere among the kept ones.
func (pt *patcher) restore(order []int32, sc patchScore) ([]int32, patchScore) {
	pt.layOut(order)
	pt.collect(order)
	target, _, _ := pt.lineCounts(nil)
	for changed := true; changed; {
		changed = false
		moved := pt.movedUnits(order)
		for i := 0; i < len(order); i++ {
			u := order[i]
			if r := pt.units[u].role; !moved[u] || r == headUnit || r == tailUnit || r == padUnit || pt.units[u].it.pinned {
				continue
			}
			rest := slices.Delete(slices.Clone(order), i, i+1)
			// Between the last kept unit before u in s and the first
			// after it.
			lo, hi := 0, len(rest)
			for j, v := range rest {
				switch {
				case moved[v]:
				case v < u:
					lo = j + 1
				case hi == len(rest):
					hi = j
				}
			}
			for j := lo; j <= hi && j >= 0; j++ {
				cand := slices.Insert(slices.Clone(rest), j, u)
				c, ok := pt.eval(cand, nil)
				if !ok || c.moved >= sc.moved || c.total > sc.total || c.shared > sc.shared {
					continue
				}
				if _, _, ok := pt.lineCounts(target); !ok {
					continue
				}
				order, sc, changed = cand, c, true
				break
			}
		}
	}
	return order, sc
}

// respace chooses again the cold members that order moves to make room
// (a spacer: a run of cold units moved together, in front of a group or
// between two): among the runs of cold members that lie together in s,
// it takes the one that makes room as well for the fewest members moved
// and the fewest holes, nearest in s to where it goes, as a maintainer
// would: a field of the room's size, or neighbours in their declared
// order, rather than one that leaves a hole beside it. The walks try only
// cold members next to hot ones.
func (pt *patcher) respace(order []int32, sc patchScore) ([]int32, patchScore) {
	moved := pt.movedUnits(order)
	var runs [][]int32
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && pt.spacer(order[j]) && moved[order[j]] {
			j++
		}
		if j == i {
			i++
			continue
		}
		runs = append(runs, slices.Clone(order[i:j]))
		i = j
	}
	for _, run := range runs {
		// An earlier choice may have taken some of it.
		lo := slices.Index(order, run[0])
		if lo < 0 || lo+len(run) > len(order) || !slices.Equal(order[lo:lo+len(run)], run) {
			continue
		}
		order, sc = pt.replaceSpacer(order, sc, lo, lo+len(run))
	}
	return order, sc
}

// spacer reports whether unit u may make room: outside any group, cold
// and free to move.
func (pt *patcher) spacer(u int32) bool {
	un := &pt.units[u]
	return un.role == plainUnit && !un.hot && len(un.spans) == 0 && !un.it.pinned && un.it.size > 0
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

// movedUnits says, by unit, whether order moves some member of it.
func (pt *patcher) movedUnits(order []int32) []bool {
	_, keep := pt.kept(order)
	out := make([]bool, len(pt.units))
	k := 0
	for _, u := range order {
		for range pt.units[u].it.members {
			out[u] = out[u] || !keep[k]
			k++
		}
	}
	return out
}

// replaceSpacer puts the spacer order[lo:hi] back where s has it and
// tries in its place every run of units that lie together in s and in
// order and may make room, anywhere among the moved members around the
// spacer. It returns the best order, order itself if none is better: by
// score, then by the holes next to moved members (a run that brings a hole
// along, or leaves one beside it), then by how far in s the run lies from
// the members it goes next to.
func (pt *patcher) replaceSpacer(order []int32, sc patchScore, lo, hi int) ([]int32, patchScore) {
	run := slices.Clone(order[lo:hi])
	moved := pt.movedUnits(order)
	plainMoved := func(u int32) bool { return pt.units[u].role == plainUnit && moved[u] }
	// The places to try: before each member of the block of moved
	// members the spacer lies in, and after the block (-1: at the end).
	var anchors []int32
	from, to := lo, hi
	for from > 0 && plainMoved(order[from-1]) {
		from--
	}
	for to < len(order) && plainMoved(order[to]) {
		to++
	}
	for k := from; k <= to; k++ {
		switch {
		case k >= lo && k < hi:
		case k == len(order):
			anchors = append(anchors, -1)
		default:
			anchors = append(anchors, order[k])
		}
	}
	base := slices.Concat(order[:lo], order[hi:])
	home := slices.Clone(run)
	slices.Sort(home)
	for _, u := range home {
		if base = pt.putBack(base, u); base == nil {
			return order, sc
		}
	}
	// How far c lies in s from being the neighbour of what is around it.
	distance := func(c, o []int32, at int) int {
		d := math.MaxInt
		if at > 0 {
			d = abs32(c[0] - o[at-1] - 1)
		}
		if at < len(o) {
			d = min(d, abs32(o[at]-c[len(c)-1]-1))
		}
		return d
	}
	best, bestScore := order, sc
	bestTie := [2]int{pt.movedGaps(order), distance(run, order, hi)}
	for a := 0; a < len(base); a++ {
		for b := a + 1; b <= len(base) && b-a <= maxRun; b++ {
			if !pt.spacer(base[b-1]) || b-a > 1 && base[b-1] != base[b-2]+1 {
				break
			}
			c := base[a:b]
			if slices.Equal(c, run) {
				continue
			}
			rest := slices.Concat(base[:a], base[b:])
			for _, anchor := range anchors {
				at := len(rest)
				if anchor >= 0 {
					if at = slices.Index(rest, anchor); at < 0 {
						continue
					}
				}
				cand := slices.Concat(rest[:at], c, rest[at:])
				csc, ok := pt.evalIn(cand, nil, false)
				if !ok {
					continue
				}
				if bestScore.less(csc) {
					continue
				}
				tie := [2]int{pt.movedGaps(cand), distance(c, rest, at)}
				if (csc.less(bestScore) || slices.Compare(tie[:], bestTie[:]) < 0) && pt.inAllConfigsOK(cand) {
					best, bestScore, bestTie = cand, csc, tie
				}
			}
		}
	}
	return best, bestScore
}

// movedGaps counts the holes of order, which must lay out, next to a unit
// it moves.
func (pt *patcher) movedGaps(order []int32) int {
	moved := pt.movedUnits(order)
	pt.layOut(order)
	n := 0
	for i := 1; i < len(order); i++ {
		u, prev := order[i], order[i-1]
		if pt.pos[u] > pt.pos[prev]+pt.units[prev].it.size && (moved[u] || moved[prev]) {
			n++
		}
	}
	return n
}

// putBack is order, which lacks unit u, with u back next to the unit
// before it in s, or before the one after it, where it may go; nil when
// it may go next to neither.
func (pt *patcher) putBack(order []int32, u int32) []int32 {
	at := -1
	if u > 0 && pt.fits(u, u-1) {
		if j := slices.Index(order, u-1); j >= 0 {
			at = j + 1
		}
	}
	if at < 0 && int(u)+1 < len(pt.units) && pt.fits(u, u+1) {
		at = slices.Index(order, u+1)
	}
	if at < 0 {
		return nil
	}
	return slices.Insert(slices.Clone(order), at, u)
}

func abs32(n int32) int {
	if n < 0 {
		return int(-n)
	}
	return int(n)
}

// fits reports whether unit u may go next to unit v: both in the same
// group, or both outside any, unless v is a marker, which u may not pass.
func (pt *patcher) fits(u, v int32) bool {
	a, b := &pt.units[u], &pt.units[v]
	if a.role == innerUnit {
		return b.group == a.group && (b.role == innerUnit || b.role == headUnit && v < u || b.role == tailUnit && v > u)
	}
	return b.role == plainUnit || b.role == tailUnit && v < u || b.role == padUnit && v < u || b.role == headUnit && v > u
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

// newPatcher readies the search for s's orders; robust has it score
// each at every build s.Variations give as well.
func newPatcher(checks []*layout.Check, s *layout.Struct, items []item, lines []int64, limits, robust bool) *patcher {
	pt := &patcher{checks: checks, s: s, lines: lines, paths: s.Paths(), limits: limits, alignedHead: -1}
	ids := pt.addUnits(items)
	pt.members = len(ids)
	pt.apart = make([]uint8, pt.members*pt.members)
	pt.pos = make([]int64, len(pt.units))
	pt.markSpans(ids)
	pt.cold = make([]bool, len(s.Members))
	for k := range s.Members {
		pt.cold[k] = s.Members[k].HotWithin() == nil
	}
	pt.align = max(s.Align, 1)
	for _, it := range pt.last {
		pt.align = max(pt.align, it.align)
	}
	order := pt.declaredOrder()
	pt.declared = order
	pt.layOut(order)
	pt.collect(order)
	pt.base, _, _ = pt.lineCounts(nil)
	if robust {
		pt.readyBuilds(order)
	}
	return pt
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

// readyBuilds scores order, the declared one, at every build the
// struct's variations give, marks the units a block the binary lacks
// anchors, and lays order out again for this build.
func (pt *patcher) readyBuilds(order []int32) {
	pt.cfgs = pt.configs()
	for i := range pt.cfgs {
		c := &pt.cfgs[i]
		c.size = pt.sizeAt(pt.layOutIn(order, c))
		pt.collectIn(order, c)
		c.base, _, _ = pt.lineCounts(nil)
	}
	for _, v := range pt.s.Variations {
		k := slices.IndexFunc(pt.s.Members, func(m layout.Member) bool { return m.Name == v.Member })
		for u := range pt.units {
			if v.Anchored && slices.Contains(pt.units[u].it.members, k) {
				if pt.anchored == nil {
					pt.anchored = map[int32]bool{}
				}
				pt.anchored[int32(u)] = true
			}
		}
	}
	pt.home = pt.region(order)
	pt.layOut(order)
	pt.collect(order)
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
				p.Struct.Size = alignUp(p.Struct.Size, p.Struct.Align)
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
				lo, hi := max(floorDiv(sp.lo, line), end), floorDiv(sp.hi-1, line)+1
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

// eval scores order; false when it breaks what a proposal must keep or
// puts a path on more lines than s, or, given cur, when it does not
// improve on cur.
func (pt *patcher) eval(order []int32, cur *patchScore) (patchScore, bool) {
	return pt.evalIn(order, cur, true)
}

// inAllConfigsOK reports whether order holds in every build (see
// inAllConfigs).
func (pt *patcher) inAllConfigsOK(order []int32) bool {
	return len(pt.cfgs) == 0 && len(pt.anchored) == 0 || pt.inAllConfigs(order) == ""
}

// evalIn is eval, in the other builds too when builds is set.
func (pt *patcher) evalIn(order []int32, cur *patchScore, builds bool) (patchScore, bool) {
	end, ok := pt.layOut(order)
	if !ok {
		return patchScore{}, false
	}
	s := pt.s
	if size := pt.sizeAt(end); size > s.Size+s.Grow && !s.PerCPU {
		return patchScore{}, false
	}
	if pt.limits {
		begin := make([]int64, len(pt.groups))
		for _, u := range order {
			un := &pt.units[u]
			switch un.role {
			case headUnit:
				begin[un.group] = pt.markerEnd(u)
			case tailUnit:
				if pt.markerEnd(u)-begin[un.group] > pt.groups[un.group].limit {
					return patchScore{}, false
				}
			}
		}
	}
	pt.collect(order)
	_, total, ok := pt.lineCounts(pt.base)
	if !ok {
		return patchScore{}, false
	}
	sc := patchScore{total: total, gaps: pt.gaps, holes: pt.holes}
	if cur != nil && sc.total > cur.total {
		return patchScore{}, false
	}
	for _, line := range pt.lines {
		sc.shared += pt.falselyShared(line)
	}
	if cur != nil && !sc.improves(*cur) {
		return patchScore{}, false
	}
	sc.moved, sc.cold = pt.moved(order)
	if builds && !pt.inAllConfigsOK(order) {
		return patchScore{}, false
	}
	return sc, true
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

// conflictOn reports whether the spans on are a line falseShare reports.
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

// falselyShared counts the lines falseShare reports in the last layOut,
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
		for l := max(floorDiv(w.lo, line), last+1); l <= floorDiv(w.hi-1, line) && l != math.MinInt64; l++ {
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

// moves lists the orders one move away from order: a run of up to maxRun
// top-level slots (a plain unit, or a group from its head to its end) that
// starts or ends with a hot one, or lies next to one, to a place next to a
// hot slot; a group's member to another place in its group.
func (pt *patcher) moves(order []int32) [][]int32 {
	// The slots: [start, end) ranges of order.
	type slotRange struct {
		lo, hi  int
		hot     bool
		movable bool
	}
	var slots []slotRange
	for i := 0; i < len(order); {
		un := &pt.units[order[i]]
		sl := slotRange{lo: i, hi: i + 1, hot: un.hot, movable: !un.it.pinned}
		if un.role == headUnit {
			for sl.hi < len(order) {
				r := pt.units[order[sl.hi]].role
				if r != innerUnit && r != tailUnit && r != padUnit {
					break
				}
				sl.hi++
				if r == tailUnit && (sl.hi == len(order) || pt.units[order[sl.hi]].role != padUnit) {
					break
				}
			}
		}
		slots = append(slots, sl)
		i = sl.hi
	}
	var out [][]int32
	// The places next to a hot slot, as indexes into slots.
	var near []int
	for i := range slots {
		if slots[i].hot {
			near = append(near, i, i+1)
		}
	}
	slices.Sort(near)
	near = slices.Compact(near)
	movable := func(i int) bool { return i >= 0 && i < len(slots) && slots[i].movable }
	hot := func(i int) bool { return i >= 0 && i < len(slots) && slots[i].hot }
	// A group's members within the group.
	for _, sl := range slots {
		if pt.units[order[sl.lo]].role != headUnit {
			continue
		}
		first, end := sl.lo+1, sl.lo+1
		for end < sl.hi && pt.units[order[end]].role == innerUnit {
			end++
		}
		for a := first; a < end; a++ {
			if pt.units[order[a]].it.pinned {
				continue
			}
			for c := first; c <= end; c++ {
				if c != a && c != a+1 {
					out = append(out, moveRange(order, a, a+1, c))
				}
			}
		}
	}
	// Shorter runs first: where a struct has too many hot slots for every
	// move to be tried, the ones that move the fewest members are.
	for n := 1; n <= maxRun; n++ {
		for lo := 0; lo+n <= len(slots); lo++ {
			hi := lo + n
			if !movable(lo) || !movable(hi-1) || !hot(lo) && !hot(hi-1) && !hot(lo-1) && !hot(hi) {
				continue
			}
			if slices.ContainsFunc(slots[lo:hi], func(sl slotRange) bool { return !sl.movable }) {
				continue
			}
			for _, j := range near {
				if j >= lo && j <= hi {
					continue
				}
				if len(out) >= maxMoves {
					return out
				}
				at := len(order)
				if j < len(slots) {
					at = slots[j].lo
				}
				out = append(out, moveRange(order, slots[lo].lo, slots[hi-1].hi, at))
			}
		}
	}
	return out
}

// maxMoves bounds the moves a step tries. A struct with a few hot
// members, or the kernel's groups, has far fewer; one hot all over has
// too many to try each, and the builder's orders serve it better.
const maxMoves = 4000

// moveRange is order with order[lo:hi] moved to before index at.
func moveRange(order []int32, lo, hi, at int) []int32 {
	out := make([]int32, 0, len(order))
	for i := 0; i <= len(order); i++ {
		if i == at {
			out = append(out, order[lo:hi]...)
		}
		if i < len(order) && (i < lo || i >= hi) {
			out = append(out, order[i])
		}
	}
	return out
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
