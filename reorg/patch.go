package reorg

import (
	"fmt"
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
	// The places next to a hot slot, as indexes into order.
	places := make([]int, len(near))
	for i, j := range near {
		places[i] = len(order)
		if j < len(slots) {
			places[i] = slots[j].lo
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
			for k, j := range near {
				if j >= lo && j <= hi {
					continue
				}
				if len(out) >= maxMoves {
					return out
				}
				out = append(out, moveRange(order, slots[lo].lo, slots[hi-1].hi, places[k]))
			}
		}
	}
	for _, set := range pt.lineSets(order) {
		for _, at := range places {
			if len(out) >= maxMoves {
				return out
			}
			if cand := moveSet(order, set, at); cand != nil {
				out = append(out, cand)
			}
		}
	}
	return out
}

// lineSets lists, as sorted indexes into order, the plain units that
// hold a path's hot bytes on one line, for each line and path where
// they are more than one, all free to move and not one run already:
// such a line frees for the path only when all of them leave it, which
// none of the moves of one run gains on its own.
func (pt *patcher) lineSets(order []int32) [][]int {
	if _, ok := pt.layOut(order); !ok {
		return nil
	}
	var out [][]int
	seen := map[string]bool{}
	for _, line := range pt.lines {
		for j := range min(len(pt.paths), 64) {
			bit := uint64(1) << j
			// The units on each line, in order; a line is blocked
			// by a unit of the path that may not move.
			on := map[int64][]int{}
			blocked := map[int64]bool{}
			var lineOrder []int64
			for i, u := range order {
				un := &pt.units[u]
				free := un.role == plainUnit && !un.it.pinned
				for _, sp := range un.spans {
					if sp.paths&bit == 0 || sp.hi <= sp.lo {
						continue
					}
					for l := layout.FloorDiv(pt.pos[u]+sp.lo, line); l <= layout.FloorDiv(pt.pos[u]+sp.hi-1, line); l++ {
						if !free {
							blocked[l] = true
							continue
						}
						if _, ok := on[l]; !ok {
							lineOrder = append(lineOrder, l)
						}
						if set := on[l]; len(set) == 0 || set[len(set)-1] != i {
							on[l] = append(set, i)
						}
					}
				}
			}
			for _, l := range lineOrder {
				set := on[l]
				if blocked[l] || len(set) < 2 || len(set) > maxRun || set[len(set)-1]-set[0] == len(set)-1 {
					continue
				}
				key := fmt.Sprint(set)
				if !seen[key] {
					seen[key] = true
					out = append(out, set)
				}
			}
		}
	}
	return out
}

// moveSet is order with the units at the sorted indexes set moved, in
// their order, to before index at; nil when at is one of them or next
// to one, where the move splits no run of them from the rest.
func moveSet(order []int32, set []int, at int) []int32 {
	for _, i := range set {
		if at == i || at == i+1 {
			return nil
		}
	}
	out := make([]int32, 0, len(order))
	k := 0
	for i := 0; i <= len(order); i++ {
		if i == at {
			for _, j := range set {
				out = append(out, order[j])
			}
		}
		if i == len(order) {
			break
		}
		if k < len(set) && set[k] == i {
			k++
			continue
		}
		out = append(out, order[i])
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
