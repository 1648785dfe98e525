package reorg

import "github.com/cachelint/cachelint/layout"

// holds reports whether order is one eval takes.
func (pt *patcher) holds(order []int32) bool {
	_, ok := pt.eval(order, nil)
	return ok
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
