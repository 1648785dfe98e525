// Package reorg proposes better orders for a struct's members: the
// reorganizer of Go and C structs, the C patch planner that moves as few
// members as it can within kernel cacheline groups, pahole's packing, and
// Analyze, which runs layout's checks and judges the struct against the
// best order.
//
// It is handed the checks a run is configured with and reads no table of
// them: a check that keeps members apart gives its rule as predicates
// (layout.Check.Apart, Neighbours), which orders are laid out and scored
// by, so a check left out steers no proposal.
package reorg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// propose reorganizes s: read-mostly hot members first, grouped by path so
// each path's members are contiguous (members hot on several paths between
// the paths that share them); written hot members on lines of their own,
// with padding sized for the largest line; cold members after, filling gaps
// and ordered to waste the least space. Members of a percpu struct keep
// written members first and get the trailing padding, or in C the
// alignment, that keeps neighbours apart at any base the allocator may
// give. The order is stable among equally good ones.
//
// What a reorganization may not move stays: a pinned member at its offset;
// in C, a struct-typed first member first, trailing zero-size members (a
// flexible array) last, other zero-size members before the member after
// them, and kernel cacheline groups between their markers (see itemsOf).
// In Go, zero-size fields go first, where gc adds no padding for them.
//
// It returns nil and a reason when no order keeps every path's line count
// and the size within what isolation needs.
func propose(checks []*layout.Check, s *layout.Struct, lines []int64) (*layout.Proposal, string) {
	if s.Kind != layout.KindStruct {
		return nil, "a union's members share their storage"
	}
	items, order := itemsOf(s)
	maxLine := slices.Max(lines)
	var tries []*layout.Proposal
	switch {
	case s.PerCPU:
		tries = append(tries, placePerCPU(checks, s, items, order, lines))
	case s.Lang == layout.LangC:
		return proposeC(checks, s, items, order, lines, true)
	default:
		tries = append(tries, place(checks, s, items, order, lines, plan{byPath: true}), place(checks, s, items, order, lines, plan{}))
	}
	reason := ""
	for _, p := range tries {
		if p == nil {
			reason = fmt.Sprintf("no trailing padding up to %d bytes keeps neighbouring elements apart", 2*maxLine)
			continue
		}
		if r := invalid(s, p); r != "" {
			reason = r
			continue
		}
		if r := worse(checks, s, p, lines); r != "" {
			reason = r
			continue
		}
		if r := overLimits(s, p, true); s.Lang == layout.LangC && r != "" {
			reason = r
			continue
		}
		return p, ""
	}
	return nil, reason
}

// proposeC is propose for a C struct that is not percpu. C maintainers
// start a member on a line only where it buys a line, so the orders that
// let hot members cross lines compete, and so do those that take the
// paths the other way round (rx's group before tx's), which moves where
// the lines fall, and those that keep the cold members in their order
// rather than sort them to waste the least space. Of the orders that keep
// what the kernel and the user allow (overLimits, with the groups' limits
// when groups is set), the best puts the paths on the fewest lines and,
// among equals, moves the fewest members (see better): a reviewer reads a
// diff, and a patch that moves every cold field for a few bytes is not
// merged.
func proposeC(checks []*layout.Check, s *layout.Struct, items []item, order map[string]int, lines []int64, groups bool) (*layout.Proposal, string) {
	reason := ""
	var best *layout.Proposal
	var bestLines []int
	consider := func(pl plan) {
		p := place(checks, s, items, pl.order, lines, pl)
		if r := invalid(s, p); r != "" {
			reason = r
			return
		}
		if r := worse(checks, s, p, lines); r != "" {
			reason = r
			return
		}
		if r := overLimits(s, p, groups); r != "" {
			reason = r
			return
		}
		if why, _ := growth(checks, s, p, lines); why != "" {
			reason = why
			return
		}
		p = pruned(checks, s, p, lines, groups)
		p.Moved = moved(s, p)
		n := hotLinesEach(p.Struct, lines)
		if best == nil || better(p, n, best, bestLines, lines) {
			best, bestLines = p, n
		}
	}
	for _, o := range []map[string]int{order, reversed(order)} {
		for _, byPath := range []bool{true, false} {
			for _, c := range []crossRule{crossNever, crossFree, crossAlways} {
				for _, keepCold := range []bool{false, true} {
					consider(plan{order: o, byPath: byPath, cross: c, keepCold: keepCold})
				}
			}
		}
	}
	// An order holds in every build the variations give, or it is no
	// proposal: the builder's is checked here, the patch's as it is
	// searched.
	if best != nil {
		if why := inAllConfigs(checks, s, items, lines, groups, best); why != "" {
			best, reason = nil, why
		}
	}
	// The smallest patch, unless the builder's order is better by more
	// than its moves cost, or leaves fewer members sharing lines falsely
	// (the builder isolates written members; a patch only moves them).
	if p := patch(checks, s, items, lines, groups, best, true); p != nil {
		p.Moved = moved(s, p)
		if best == nil || !better(best, bestLines, p, hotLinesEach(p.Struct, lines), lines) && sharesNoMore(checks, p.Struct, best.Struct, lines) {
			best = p
		}
	}
	best = alongBetter(checks, s, items, lines, groups, best)
	// Where other builds leave no proposal, the one for this build alone
	// and the build that defeats it.
	defeated := func(why string) string {
		if len(s.Variations) == 0 {
			return why
		}
		q := patch(checks, s, items, lines, groups, nil, false)
		if q == nil {
			return why
		}
		if why == "" {
			why = "no order that holds in every build puts a path on fewer lines"
		}
		q.Moved = moved(s, q)
		what := "no member moved"
		if len(q.Moved) > 0 {
			what = "moving " + layout.NameList(q.Moved)
		}
		if len(q.Aligned) > 0 {
			what += ", " + q.Struct.Members[q.Aligned[0]].Name + " aligned"
		}
		fails := inAllConfigs(checks, s, items, lines, groups, q)
		if fails == "" {
			return why
		}
		return fmt.Sprintf("the proposal for this build alone (%s) does not hold in others: %s", what, fails)
	}
	// Where the walks find nothing worth proposing, the exhaustive
	// search: an order none of whose moves helps alone is out of their
	// reach.
	searched := notExhaustive
	if groups && (best == nil || notWorthMoving(checks, s, best, lines) != "") {
		q, exhausted := exhaustC(checks, s, items, lines, groups, nil)
		switch {
		case q != nil && notWorthMoving(checks, s, q, lines) == "":
			best = q
		case exhausted:
			searched = isExhaustive
		}
	}
	if best == nil {
		return nil, defeated(reason) + searched
	}
	if why := notWorthMoving(checks, s, best, lines); why != "" {
		return nil, defeated(why) + searched
	}
	if len(s.Variations) > 0 && !fewerLines(s, best, lines) {
		// Where this build alone gets fewer lines, the builds that
		// keep it from them are the point, not an order as good as s.
		if why := defeated(""); why != "" {
			return nil, why + notExhaustive
		}
	}
	_, best.Grown = growth(checks, s, best, lines)
	if len(best.Moved) > 0 {
		best.MovedAtLeast = movesAtLeast(s, best, lines)
	}
	if len(s.Variations) > 0 || len(groupNames(s)) > 0 {
		// A kernel struct is built in many configurations.
		best.Configs = configsWords(s, len(newPatcher(checks, s, items, lines, groups, true).cfgs))
	}
	return best, ""
}

// notExhaustive says, after why a C struct gets no proposal, that the
// search that found no better order does not try them all.
const notExhaustive = "; the search is not exhaustive (the builder's orders, moves from the declaration one at a time, a group's begin marker aligned, and a branch and bound that stopped at its node limit or tried a group's members in a few orders only): an order it does not try may do better"

// isExhaustive says, after why a C struct gets no proposal, that no order
// does better.
const isExhaustive = "; the search was exhaustive (branch and bound over every order of the groups, of each group's members and of the hot members, with cold members of less than two lines before each): none puts a path on fewer lines, or on as many and shares fewer falsely, within the groups' sizes and the struct's"

// exhaustC is the exhaustive search's proposal for s (see exhaustive),
// nil for none, and whether the search was exhaustive. With along, a
// proposal for s, the search runs along it (see exhaustFrom) and keeps
// only an order that beats it.
func exhaustC(checks []*layout.Check, s *layout.Struct, items []item, lines []int64, groups bool, along *layout.Proposal) (*layout.Proposal, bool) {
	pt := newPatcher(checks, s, items, lines, groups, true)
	from := pt.declared
	if along != nil {
		from = pt.orderOf(along)
	}
	if from == nil || !laysOutAs(s, pt.proposal(pt.declared)) {
		return nil, false
	}
	cur, ok := pt.eval(from, nil)
	if !ok {
		return nil, false
	}
	order, _, exhausted := pt.exhaustFrom(from, cur, along != nil)
	if order == nil {
		return nil, exhausted
	}
	p := pt.proposal(order)
	if invalid(s, p) != "" || overLimits(s, p, groups) != "" || worse(checks, s, p, lines) != "" {
		return nil, false
	}
	p.Moved = moved(s, p)
	return p, exhausted
}

// alongBetter is p, the proposal of the walks or the builder for s, or
// the exhaustive search's along it where that replaces it: moves that
// save a line together with p's, where none saves one alone.
func alongBetter(checks []*layout.Check, s *layout.Struct, items []item, lines []int64, groups bool, p *layout.Proposal) *layout.Proposal {
	if !groups || p == nil {
		return p
	}
	if q, _ := exhaustC(checks, s, items, lines, groups, p); q != nil && replaces(checks, q, p, lines) {
		return q
	}
	return p
}

// inAllConfigs says in which build p, a proposal for s, puts a path on
// more lines than s or grows it, or moves a member that a block this
// build lacks stays beside to another place among the groups; "" when
// in none.
func inAllConfigs(checks []*layout.Check, s *layout.Struct, items []item, lines []int64, groups bool, p *layout.Proposal) string {
	if len(s.Variations) == 0 {
		return ""
	}
	pt := newPatcher(checks, s, items, lines, groups, true)
	if len(pt.cfgs) == 0 && len(pt.anchored) == 0 {
		return ""
	}
	if p.Isolates() && len(p.Aligned) == 1 && layout.IsGroupMarker(p.Struct.Members[p.Aligned[0]].Name) && !slices.Contains(p.From, -1) {
		// A patch's aligned begin marker.
		if !pt.alignHead(strings.TrimPrefix(p.Struct.Members[p.Aligned[0]].Name, layout.GroupBeginPrefix), p.Struct.Members[p.Aligned[0]].AlignAttr) {
			return "it aligns a member, which is not scored in other builds"
		}
		p = &layout.Proposal{Struct: p.Struct, From: p.From}
	}
	o := pt.orderOf(p)
	if o == nil {
		return "it pads or aligns members, which is not scored in other builds"
	}
	return pt.inAllConfigs(o)
}

// notWorthMoving says why proposal p for s moves too many members for what
// it gains ("" if it does not): more than movesPerLine for each line it
// saves a path and each line it no longer shares falsely, and more than
// movesPerLine in all.
func notWorthMoving(checks []*layout.Check, s *layout.Struct, p *layout.Proposal, lines []int64) string {
	gain := 0
	for _, line := range lines {
		for _, path := range s.Paths() {
			a, _ := s.HotLinesAtBases(path, line, false)
			b, _ := p.Struct.HotLinesAtBases(path, line, false)
			gain += a - b
		}
		gain += len(apartFindings(checks, s, line)) - len(apartFindings(checks, p.Struct, line))
	}
	if n := len(p.Moved); n > movesPerLine*max(gain, 1) {
		return fmt.Sprintf("the best order moves %d members for %d fewer hot and falsely shared lines, more than %d a line; no order that moves fewer helps", n, gain, movesPerLine)
	}
	return ""
}

// growth judges a C proposal p that makes s a line or more bigger at some
// line size: there it must put s's paths on as many fewer lines in all,
// or leave fewer members sharing lines falsely. It says why not, or else what the
// growth buys ("" when s does not grow by a line).
func growth(checks []*layout.Check, s *layout.Struct, p *layout.Proposal, lines []int64) (why, buys string) {
	ps := p.Struct
	var gains []string
	for _, line := range lines {
		more := ps.Lines(line) - s.Lines(line)
		if more <= 0 {
			continue
		}
		var saved int64
		var paths []string
		for _, path := range s.Paths() {
			a, _ := s.HotLinesAtBases(path, line, false)
			b, _ := ps.HotLinesAtBases(path, line, false)
			saved += int64(a - b)
			if a != b {
				paths = append(paths, fmt.Sprintf("%s %d -> %d", path, a, b))
			}
		}
		shared := []int{falselyShared(checks, s, line), falselyShared(checks, ps, line)}
		if saved < more && shared[1] >= shared[0] {
			return fmt.Sprintf("reordering would grow the struct from %d to %d bytes, %d more %s, for %d fewer hot lines", s.Size, ps.Size, more, plural(more, fmt.Sprintf("%d-byte line", line)), saved), ""
		}
		gain := fmt.Sprintf("%d more %s for hot lines %s", more, plural(more, fmt.Sprintf("%d-byte line", line)), strings.Join(paths, ", "))
		if len(paths) == 0 {
			gain = fmt.Sprintf("%d more %s for hot lines unchanged", more, plural(more, fmt.Sprintf("%d-byte line", line)))
		}
		if shared[1] < shared[0] {
			gain += fmt.Sprintf(" and %d members sharing lines falsely, %d now", shared[1], shared[0])
		}
		gains = append(gains, gain)
	}
	if len(gains) == 0 {
		return "", ""
	}
	return "", fmt.Sprintf("grows %s from %d to %d bytes: %s", s.Name, s.Size, ps.Size, strings.Join(gains, "; "))
}

// pruned is p without the alignments it gives members that buy nothing:
// dropped, as the compiler would lay the rest out, no path takes more
// lines, no more members share lines falsely, and the proposal still
// keeps what it must.
func pruned(checks []*layout.Check, s *layout.Struct, p *layout.Proposal, lines []int64, groups bool) *layout.Proposal {
	for k := 0; k < len(p.Aligned); {
		q := withoutAlign(s, p, k)
		keep := invalid(s, q) != "" || worse(checks, s, q, lines) != "" || overLimits(s, q, groups) != ""
		if why, _ := growth(checks, s, q, lines); why != "" {
			keep = true
		}
		for _, line := range lines {
			for _, path := range s.Paths() {
				a, _ := p.Struct.HotLinesAtBases(path, line, false)
				b, _ := q.Struct.HotLinesAtBases(path, line, false)
				keep = keep || b > a
			}
			keep = keep || falselyShared(checks, q.Struct, line) > falselyShared(checks, p.Struct, line)
		}
		if keep {
			k++
			continue
		}
		p = q
	}
	return p
}

// plan is how place lays a struct out.
type plan struct {
	// order numbers the paths (C tries them the other way round too).
	order map[string]int
	// byPath groups read-mostly members by path; without it they keep
	// one group in their original order, the fallback when grouping by
	// path would cost a path a line.
	byPath bool
	// cross says when hot members may cross lines.
	cross crossRule
	// keepCold keeps cold members in their original order, save those
	// that fill gaps, rather than in the order that wastes least space.
	keepCold bool
}

// place builds the ordinary proposal, as pl says.
func place(checks []*layout.Check, s *layout.Struct, items []item, order map[string]int, lines []int64, pl plan) *layout.Proposal {
	byPath := pl.byPath
	b := newBuilder(s, lines, order, items)
	b.cross, b.keepCold, b.checks = pl.cross, pl.keepCold, checks
	// Read-mostly members go before the written ones, which get lines of
	// their own; only a written member pinned ahead of them can hold
	// their line. In Go that is one that must stay first, and a fix that
	// leaves the reads on its line leaves the finding it is for.
	b.readsApart = s.Lang == layout.LangGo
	var cold, last []item
	for _, it := range items {
		switch {
		case it.pinned:
		case it.last:
			last = append(last, it)
		case it.class == classCold:
			cold = append(cold, it)
		}
	}
	b.cold = cold
	if !pl.keepCold {
		b.cold = packed(cold, 0)
	}
	free := slices.DeleteFunc(slices.Clone(items), func(it item) bool { return it.pinned || it.last })
	for _, it := range filter(free, classZero) {
		b.put(it)
	}
	if byPath {
		b.sequence(free)
	} else {
		for _, it := range filter(free, classRead) {
			b.put(it)
		}
		b.writes(free)
	}
	return b.finish(last)
}

// placePerCPU puts written members first, then the read-mostly ones on
// lines apart from the writes they conflict with (cold members filling the
// gap), then the rest, or keeps the declared order where that does as
// well, and finds the least trailing padding that keeps neighbouring elements off each other's
// lines at every base the struct's alignment allows. For C it also tries
// aligning the struct, which the allocator then honours, and takes that
// when it costs fewer bytes; Go cannot align a type.
func placePerCPU(checks []*layout.Check, s *layout.Struct, items []item, order map[string]int, lines []int64) *layout.Proposal {
	maxLine := slices.Max(lines)
	var last []item
	free := slices.DeleteFunc(slices.Clone(items), func(it item) bool {
		if it.last {
			last = append(last, it)
		}
		return it.pinned || it.last
	})
	// reordered lays the members out afresh; declared keeps their order,
	// for when tail padding or alignment alone keeps the neighbours
	// apart: a patch moves as few members as it can.
	reordered := func(b *builder) {
		// Cold members fill the gaps that keep written members off the
		// lines of what other paths, or other cores, read: the element
		// is one core's, but its read-mostly members are read by others
		// (a transmit queue's device and qdisc, by every core that
		// enqueues), which the checks hold against the writes too.
		b.cold = filter(free, classCold)
		b.keepCold = true
		for _, it := range filter(free, classZero) {
			b.put(it)
		}
		for _, g := range groupsOf(free, classWrite, order) {
			b.isolate(g[0].paths, g[0].side)
			for _, it := range g {
				b.put(it)
			}
		}
		for _, it := range filter(free, classRead) {
			b.apartFromWrites(it)
			b.put(it)
		}
		for len(b.cold) > 0 {
			it := b.cold[0]
			b.cold = b.cold[1:]
			b.put(it)
		}
	}
	declared := func(b *builder) {
		for _, it := range free {
			b.put(it)
		}
	}
	build := func(lay func(*builder), pad, align int64) *layout.Proposal {
		b := newBuilder(s, lines, order, items)
		b.checks = checks
		if align > 0 {
			b.out.Align = max(b.out.Align, align)
		}
		lay(b)
		if pad > 0 {
			b.pinsBefore(s.Size+1, 1)
			b.pad(pad)
		}
		p := b.finish(last)
		if align > 0 {
			p.Align = b.out.Align
		}
		return p
	}
	separated := func(p *layout.Proposal) bool {
		return !slices.ContainsFunc(lines, func(line int64) bool {
			return neighboursIn(checks, p.Struct, line)
		})
	}
	// C allows nothing after a flexible array, and padding cannot go
	// before a pinned one: only the alignment is left.
	n := len(s.Members)
	padOK := s.Lang != layout.LangC || n == 0 || s.Members[n-1].Size != 0 || layout.IsGroupMarker(s.Members[n-1].Name) || !layout.AnyPinned(&s.Members[n-1])
	search := func(lay func(*builder)) *layout.Proposal {
		var best *layout.Proposal
		for pad := int64(0); pad <= 2*maxLine && (pad == 0 || padOK); pad += s.Align {
			if p := build(lay, pad, 0); separated(p) {
				best = p
				break
			}
		}
		if s.Lang == layout.LangC {
			for align := s.Align * 2; align <= maxLine; align *= 2 {
				if p := build(lay, 0, align); separated(p) {
					if best == nil || p.Struct.Size < best.Struct.Size {
						best = p
					}
					break
				}
			}
		}
		return best
	}
	best := search(reordered)
	if d := search(declared); d != nil && (best == nil || asGood(checks, d, best, lines)) {
		best = d
	}
	return best
}
