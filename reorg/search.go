package reorg

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// Alternative is another proposal for a struct than the one its result
// makes, for when that one fails a check of its own: a pad it adds that a
// run after the fix would report, say.
type Alternative struct {
	// Proposal is the alternative order.
	Proposal *layout.Proposal

	s      *layout.Struct
	lines  []int64
	checks []*layout.Check
	r      Result
}

// Result is the struct's result with the alternative as its proposal:
// what it leaves of the findings, and why, as AnalyzeWith says it of the
// proposal it makes. ok is false when the alternative leaves a finding
// the first proposal fixes, or fixes nothing AnalyzeWith would make a
// proposal for.
func (a Alternative) Result() (r Result, ok bool) {
	return withProposal(a.s, a.lines, a.checks, a.r, a.Proposal)
}

// Alternatives lists other orders of the Go struct of builds than r's
// proposal, for a caller that judges a proposal as a run after the fix
// would judge the struct and finds r's wanting. From the proposal, it
// tries each pad it adds at other lengths, the struct padded into each
// bigger size class, each cold member moved elsewhere (the hot members
// kept at their offsets where they can be), and each written member
// isolated: first, or in its place, with a line's worth of pad either
// side, less its size or less the struct's alignment.
// Orders that keep what the struct must keep and put no path on more
// lines than the struct come cheapest first (the heap slot, or the size,
// then the members moved), at most maxAlternatives; none costs more than
// half as much again as the proposal. tried says what was tried, "" when
// nothing is: a C struct, one without a proposal, builds laid out
// differently.
func Alternatives(builds []Build, checks []*layout.Check, r Result) (alts iter.Seq[Alternative], tried string) {
	s := builds[0].Struct
	if r.Proposal == nil || s.Lang != layout.LangGo || s.Kind != layout.KindStruct || slices.ContainsFunc(builds, func(b Build) bool { return !sameLayout(s, b.Struct) }) {
		return func(func(Alternative) bool) {}, ""
	}
	var lines []int64
	for _, b := range builds {
		lines = append(lines, b.Lines...)
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	maxLine := slices.Max(lines)
	items, order := itemsOf(s)
	p := r.Proposal
	first := steps(s, items, p)
	// A heap object costs its slot; a percpu struct, an element of an
	// array, its size.
	heap := ownObjects(s)
	limit := int64(maxGrowth * float64(p.Struct.Size))
	if heap {
		limit = int64(maxGrowth * float64(slot(s, p.Struct.Size)))
	}
	step := max(s.Align, 1)

	orders := otherPadLengths(first, maxLine, step)
	if heap {
		orders = append(orders, biggerClasses(s, lines, order, items, first, limit)...)
	}
	orders = append(orders, coldMoves(first)...)
	orders = append(orders, writesAlone(first, maxLine, step)...)

	type candidate struct {
		p     *layout.Proposal
		cost  int64
		moved int
	}
	var cands []candidate
	worse := worseThan(checks, s, lines)
	seen := map[string]bool{layoutKey(p.Struct): true}
	for _, o := range orders {
		q := laidOut(s, lines, order, items, o.seq, o.keepHot)
		key := layoutKey(q.Struct)
		if seen[key] {
			continue
		}
		seen[key] = true
		cost := q.Struct.Size
		if heap {
			cost = slot(s, cost)
		}
		if cost > limit || invalid(s, q) != "" || worse(q) {
			continue
		}
		cands = append(cands, candidate{q, cost, len(moved(s, q))})
	}
	slices.SortStableFunc(cands, func(a, b candidate) int {
		return cmp.Or(cmp.Compare(a.cost, b.cost), cmp.Compare(a.moved, b.moved))
	})
	tried = fmt.Sprintf("%d other orders up to %d bytes", len(cands), limit)
	if len(cands) > maxAlternatives {
		tried = fmt.Sprintf("the %d cheapest of %d other orders up to %d bytes", maxAlternatives, len(cands), limit)
		cands = cands[:maxAlternatives]
	}
	if heap {
		tried += ": its pads at other lengths, the struct in bigger size classes, each cold field moved, each written field alone on its line"
	} else {
		tried += ": its pads at other lengths, each cold field moved, each written field alone on its line"
	}
	return func(yield func(Alternative) bool) {
		for _, c := range cands {
			if !yield(Alternative{c.p, s, lines, checks, r}) {
				return
			}
		}
	}, tried
}

// altPlan is an order Alternatives tries: its steps, and whether its hot
// items keep the proposal's offsets where they would start before them.
type altPlan struct {
	seq     []seqStep
	keepHot bool
}

// otherPadLengths is the proposal's steps first with each pad at every
// other length, from none to a line more.
func otherPadLengths(first []seqStep, maxLine, step int64) []altPlan {
	var orders []altPlan
	for k, st := range first {
		if st.it != nil {
			continue
		}
		for n := int64(0); n <= st.pad+maxLine; n += step {
			if n != st.pad {
				seq := slices.Clone(first)
				seq[k].pad = n
				orders = append(orders, altPlan{seq, false})
			}
		}
	}
	return orders
}

// biggerClasses is first, without its end pad, padded into each bigger
// size class whose slot is within limit.
func biggerClasses(s *layout.Struct, lines []int64, order map[string]int, items []item, first []seqStep, limit int64) []altPlan {
	bare := first
	if n := len(bare); n > 0 && bare[n-1].it == nil {
		bare = bare[:n-1]
	}
	var orders []altPlan
	for _, size := range classStarts(s, laidOut(s, lines, order, items, bare, false).Struct.Size+1) {
		if slot(s, size) > limit {
			break
		}
		orders = append(orders, altPlan{append(slices.Clone(bare), seqStep{pad: -size}), false})
	}
	return orders
}

// coldMoves is first with each cold member moved, the hot ones kept where
// they were: to the front, either side of each pad, or to the end, where
// it changes what shares a line with what.
func coldMoves(first []seqStep) []altPlan {
	var orders []altPlan
	for i, st := range first {
		if st.it == nil || st.it.class != classCold || st.it.size == 0 || st.it.pinned {
			continue
		}
		rest := slices.Delete(slices.Clone(first), i, i+1)
		at := []int{0, len(rest)}
		for j, r := range rest {
			if r.it == nil {
				at = append(at, j, j+1)
			}
		}
		slices.Sort(at)
		for _, j := range slices.Compact(at) {
			if j != i {
				orders = append(orders, altPlan{slices.Insert(slices.Clone(rest), j, st), true})
			}
		}
	}
	return orders
}

// writesAlone is the proposal's items, without its pads, with each
// written member alone on its line: first, or in its place.
func writesAlone(first []seqStep, maxLine, step int64) []altPlan {
	var plain []seqStep
	for _, st := range first {
		if st.it != nil {
			plain = append(plain, seqStep{it: st.it})
		}
	}
	var orders []altPlan
	for i, st := range plain {
		if st.it.class != classWrite || st.it.pinned {
			continue
		}
		rest := slices.Delete(slices.Clone(plain), i, i+1)
		zeros := 0
		for zeros < len(rest) && rest[zeros].it.class == classZero {
			zeros++
		}
		// A line less its size keeps it alone where it does not cross
		// a line; a line less the struct's alignment, wherever it
		// starts.
		for _, n := range []int64{maxLine - st.it.size%maxLine, maxLine - step} {
			apart := seqStep{pad: n}
			orders = append(orders, altPlan{slices.Concat(rest[:zeros], []seqStep{st, apart}, rest[zeros:]), false},
				altPlan{slices.Concat(plain[:i], []seqStep{apart, st, apart}, plain[i+1:]), false})
		}
	}
	return orders
}

// maxAlternatives bounds the orders Alternatives offers, each of which
// its caller judges with the checks: the first that passes is among the
// cheapest few on the structs tried (docs/performance.md), and a struct
// with many cold fields has hundreds.
const maxAlternatives = 64

// seqStep is one step of an order laid out by laidOut: an item, or a pad
// of pad bytes (up to -pad bytes from the start, when negative).
type seqStep struct {
	it  *item
	pad int64
	// at is where the item starts in the proposal the order comes from.
	at int64
}

// steps is proposal p of s as the steps that lay it out over s's items.
func steps(s *layout.Struct, items []item, p *layout.Proposal) []seqStep {
	itemOf := map[int]int{}
	for i, it := range items {
		for _, k := range it.members {
			itemOf[k] = i
		}
	}
	var out []seqStep
	last := -1
	for j, from := range p.From {
		if from < 0 {
			out = append(out, seqStep{pad: p.Struct.Members[j].Size})
			last = -1
			continue
		}
		i := itemOf[from]
		if i == last {
			continue
		}
		last = i
		it := &items[i]
		out = append(out, seqStep{it: it, at: p.Struct.Members[j].Offset - max(s.Members[from].Offset-it.start, 0)})
	}
	return out
}

// laidOut lays out the steps of seq as Go does, one after another at the
// alignment each needs. With keepHot, a hot item that would start before
// where the proposal had it is padded there. A pad a step asks for is a
// member of its own, as in the proposal the steps come from; one laidOut
// adds (for keepHot, or to a size) joins a pad before it.
func laidOut(s *layout.Struct, lines []int64, order map[string]int, items []item, seq []seqStep, keepHot bool) *layout.Proposal {
	b := newBuilder(s, lines, order, items)
	pad := func(n int64) {
		if n <= 0 {
			return
		}
		if k := len(b.out.Members) - 1; k >= 0 && b.from[k] < 0 {
			m := &b.out.Members[k]
			m.Size += n
			m.Type = fmt.Sprintf("[%d]byte", m.Size)
			b.off += n
			return
		}
		b.pad(n)
	}
	for _, st := range seq {
		switch {
		case st.it == nil && st.pad < 0:
			pad(-st.pad - b.off)
		case st.it == nil && st.pad > 0:
			b.pad(st.pad)
		case st.it == nil:
		default:
			if keepHot && st.it.class != classCold && st.it.class != classZero && startAt(b.off, st.it) < st.at {
				pad(st.at - b.off)
			}
			b.place(*st.it)
		}
	}
	size := b.off
	if n := len(b.out.Members); s.PadZeroSizeTail && n > 0 && b.out.Members[n-1].Size == 0 && size > 0 {
		size++
	}
	b.out.Size = layout.AlignUp(size, b.out.Align)
	return &layout.Proposal{Struct: b.out, From: b.from}
}

// worseThan reports whether a proposal is worse than s, as worse says,
// with what worse weighs of s computed once for the many Alternatives
// tries.
func worseThan(checks []*layout.Check, s *layout.Struct, lines []int64) func(*layout.Proposal) bool {
	isolating := isolating(checks, s, lines)
	type at struct {
		path string
		line int64
	}
	was := map[at]int{}
	for _, line := range lines {
		for _, path := range s.Paths() {
			was[at{path, line}], _ = s.HotLinesAtBases(path, line, isolating)
		}
	}
	return func(p *layout.Proposal) bool {
		for k, n := range was {
			if m, _ := p.Struct.HotLinesAtBases(k.path, k.line, isolating); m > n {
				return true
			}
		}
		return !p.Isolates() && p.Align == 0 && p.Struct.Size > s.Size
	}
}

// layoutKey names a layout by where its members lie.
func layoutKey(s *layout.Struct) string {
	var b strings.Builder
	for _, m := range s.Members {
		fmt.Fprintf(&b, "%s@%d+%d;", m.Name, m.Offset, m.Size)
	}
	fmt.Fprintf(&b, "%d", s.Size)
	return b.String()
}

// withProposal is r, of s, with q as its proposal: what q leaves of r's
// findings and why, as AnalyzeWith says it of the proposal it makes, and
// what q costs when it pads s into a bigger heap slot. ok is false when
// q leaves a finding r's proposal fixes, or fixes nothing AnalyzeWith
// would make a proposal for.
func withProposal(s *layout.Struct, lines []int64, checks []*layout.Check, r Result, q *layout.Proposal) (out Result, ok bool) {
	maxLine := slices.Max(lines)
	again, _ := propose(checks, q.Struct, lines)
	var left []layout.Finding
	for _, line := range lines {
		for _, f := range layout.RunChecks(checks, q.Struct, again, line, maxLine) {
			if f.Check.Reorders() && !s.Silenced(&f) {
				left = append(left, f)
			}
		}
	}
	left = layout.MergeLineSizes(left)
	if !improves(s, q, r.Findings, left, lines) {
		return r, false
	}
	out = r
	out.Proposal, out.Remains = q, ""
	out.Findings = slices.Clone(r.Findings)
	if len(left) > 0 {
		out.Remains = remains(q, left)
	}
	for i := range out.Findings {
		f := &out.Findings[i]
		same := sameFindings(left, f)
		if len(same) > 0 {
			if f.Left == "" {
				// The proposal fixes it: an alternative must too, or a
				// run after it would offer another fix.
				return r, false
			}
			f.Left = remains(q, same)
		}
	}
	if ownObjects(s) && slot(s, q.Struct.Size) > slot(s, s.Size) {
		q.Grown = "pads " + slotCost(s, q.Struct.Size, maxLine)
	}
	describeProposal(s, q)
	return out, true
}

// slotCost says what a heap object of s padded to size costs: its size
// class, where that starts objects past a line of the given size, and
// the bytes it adds to each.
func slotCost(s *layout.Struct, size, line int64) string {
	grown := *s
	grown.Size = size
	var offsets []int64
	for _, b := range grown.Bases(line) {
		offsets = append(offsets, b.Offset)
	}
	return fmt.Sprintf("%s from %d to %d bytes: the %d-byte size class starts heap objects at %s bytes past a %d-byte line, for %d more bytes per object",
		s.Name, s.Size, size, slot(s, size), layout.OrList(offsets), line, slot(s, size)-slot(s, s.Size))
}

// ownObjects reports whether the struct's values are heap objects of
// their own, whose size class is their cost: not elements of an array
// (percpu, Elements), nor held in place in other structs.
func ownObjects(s *layout.Struct) bool {
	return s.Heap != nil && !s.PerCPU && !s.Elements && len(s.InPlace) == 0
}
