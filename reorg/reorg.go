package reorg

import (
	"fmt"
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

// replaces reports whether proposal q takes the place of p: it scores
// better (see better), and leaves neither more lines nor more fields
// shared falsely. A score counts lines, and an order that puts the
// written fields of two lines on one, with the reads of both, shares
// fewer lines and more fields: the reads moved there are the misses.
func replaces(checks []*layout.Check, q, p *layout.Proposal, lines []int64) bool {
	return better(q, hotLinesEach(q.Struct, lines), p, hotLinesEach(p.Struct, lines), lines) && sharesNoMore(checks, q.Struct, p.Struct, lines)
}

// sharesNoMore reports whether a shares falsely neither more lines nor
// more fields than b (sharesMore, moreFieldsShared).
func sharesNoMore(checks []*layout.Check, a, b *layout.Struct, lines []int64) bool {
	return !sharesMore(checks, a, b, lines) && !moreFieldsShared(checks, a, b, lines)
}

// moreFieldsShared reports whether, at some line size, a has more fields
// that share a line falsely (written ones and those they share it with,
// by the findings of apartFindings, each once) than b.
func moreFieldsShared(checks []*layout.Check, a, b *layout.Struct, lines []int64) bool {
	for _, line := range lines {
		if sharedFields(checks, a, line) > sharedFields(checks, b, line) {
			return true
		}
	}
	return false
}

// sharedFields counts the fields s's findings at line name as sharing a
// line falsely, each once.
func sharedFields(checks []*layout.Check, s *layout.Struct, line int64) int {
	seen := map[string]bool{}
	for _, f := range apartFindings(checks, s, line) {
		for _, m := range f.Members {
			seen[m] = true
		}
	}
	return len(seen)
}

// sharesMore reports whether a has more lines shared falsely than b at
// every line size in all, or as many and more members on them.
func sharesMore(checks []*layout.Check, a, b *layout.Struct, lines []int64) bool {
	var la, lb, ma, mb int
	for _, line := range lines {
		for _, f := range apartFindings(checks, a, line) {
			la, ma = la+1, ma+len(f.Members)
		}
		for _, f := range apartFindings(checks, b, line) {
			lb, mb = lb+1, mb+len(f.Members)
		}
	}
	return la > lb || la == lb && ma > mb
}

// falselyShared counts the members in s's findings at one line size of
// the checks an order fixes by isolation (apartFindings).
func falselyShared(checks []*layout.Check, s *layout.Struct, line int64) int {
	n := 0
	for _, f := range apartFindings(checks, s, line) {
		n += len(f.Members)
	}
	return n
}

// apartFindings are the findings in s at line of the checks whose
// findings an order fixes by putting members on lines apart
// (Check.Isolates): written members sharing lines with what other paths or
// cores use. The reorganizer scores an order by them as check() finds
// them, the checks it is handed run as the reports run them.
func apartFindings(checks []*layout.Check, s *layout.Struct, line int64) []layout.Finding {
	var out []layout.Finding
	for _, c := range checks {
		if c.Isolates() {
			out = append(out, c.Run(&layout.Pass{Struct: s, Line: line, MaxLine: line})...)
		}
	}
	return out
}

// isolating reports whether written members of s need lines of their own
// by the rules of checks: s is percpu, or, outside the kernel's fast paths
// (KernelPaths), the checks that Isolates find members sharing lines.
func isolating(checks []*layout.Check, s *layout.Struct, lines []int64) bool {
	return isolates(checks) && (s.PerCPU || !s.KernelPaths && slices.ContainsFunc(lines, func(line int64) bool {
		return len(apartFindings(checks, s, line)) > 0
	}))
}

// plural is n things, the word made plural where n is not 1.
func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// reversed is order with the paths the other way round.
func reversed(order map[string]int) map[string]int {
	out := make(map[string]int, len(order))
	for p, i := range order {
		out[p] = len(order) - 1 - i
	}
	return out
}

// hotLinesEach is the lines each path of s takes at each line size, in
// the order of lines and s.Paths.
func hotLinesEach(s *layout.Struct, lines []int64) []int {
	var out []int
	paths := s.Paths()
	for _, line := range lines {
		out = append(out, s.WorstLinesEach(paths, line, false)...)
	}
	return out
}

// better reports whether proposal p, whose paths take n lines (see
// hotLinesEach), beats q, whose take m: no path on more lines and some
// fewer in all, as many fewer at each line size as the lines it adds to
// the struct there, for no more than movesPerLine more members moved per
// line saved; or the same lines with fewer members moved; or as many
// moved and fewer members started on a line by padding or alignment; or
// with as many of those, fewer bytes.
func better(p *layout.Proposal, n []int, q *layout.Proposal, m []int, lines []int64) bool {
	total := 0
	per := len(n) / len(lines)
	for k, line := range lines {
		saved := 0
		for i := k * per; i < (k+1)*per; i++ {
			if n[i] > m[i] {
				return false
			}
			saved += m[i] - n[i]
		}
		if saved > 0 && int64(saved) < p.Struct.Lines(line)-q.Struct.Lines(line) {
			return false
		}
		total += saved
	}
	if total > 0 {
		return len(p.Moved)-len(q.Moved) <= movesPerLine*total
	}
	if !slices.Equal(n, m) {
		return false
	}
	if mp, mq := len(p.Moved), len(q.Moved); mp != mq {
		return mp < mq
	}
	if bp, bq := breaks(p), breaks(q); bp != bq {
		return bp < bq
	}
	return p.Struct.Size < q.Struct.Size
}

// movesPerLine is the most members a patch may move for each line it
// saves a path over another patch. A reviewer reads a diff: a few members
// moved next to their path's are a patch, a struct laid out afresh for one
// line is a rewrite nobody merges (6.18's tcp_sock at 128-byte lines
// loses a line by moving 75 of its 171 members).
const movesPerLine = 16

// breaks counts the members p starts on a line by padding or alignment.
func breaks(p *layout.Proposal) int {
	n := len(p.Aligned)
	for _, k := range p.From {
		if k < 0 {
			n++
		}
	}
	return n
}

// worse says how p is worse than s: a path on more lines, or a bigger struct
// where no padding was needed. Where written members must be isolated, they
// need lines of their own, so only read-mostly members' lines must not
// grow; on the kernel's paths (KernelPaths), where a path's own fields
// share lines freely, no isolation needs a line of a path, and no path
// may take one more.
func worse(checks []*layout.Check, s *layout.Struct, p *layout.Proposal, lines []int64) string {
	isolating := isolating(checks, s, lines)
	paths := s.Paths()
	for _, line := range lines {
		was, now := s.WorstLinesEach(paths, line, isolating), p.Struct.WorstLinesEach(paths, line, isolating)
		for i, path := range paths {
			if a, b := was[i], now[i]; b > a {
				words := layout.PathWords(path)
				if isolating {
					// Written ones get lines of their own.
					words = "read-mostly " + words
				}
				return fmt.Sprintf("reordering would put %s on %d lines instead of %d %s", words, b, a, atLines(line))
			}
		}
	}
	if !p.Isolates() && p.Align == 0 && p.Struct.Size > s.Size {
		return fmt.Sprintf("reordering would grow the struct from %d to %d bytes", s.Size, p.Struct.Size)
	}
	return ""
}

// invalid says how p breaks what it must keep: a member left out or placed
// twice, members that overlap or lie off their alignment, a pinned member
// moved, a group's member outside its markers. It is the reorganizer's own
// check: pins and groups can leave no room for what must go between them,
// and no proposal that loses a member or breaks a group may leave propose,
// whatever the reason.
func invalid(s *layout.Struct, p *layout.Proposal) string {
	ps := p.Struct
	placed := make([]int, len(s.Members))
	for _, k := range p.From {
		if k >= 0 {
			placed[k]++
		}
	}
	for k, n := range placed {
		// Padding alone is dropped: the proposal computes its own.
		switch {
		case n == 0 && !s.Members[k].Padding:
			return fmt.Sprintf("the reorganizer lost %s (a defect in cachelint)", s.Members[k].Label())
		case n > 1:
			return fmt.Sprintf("the reorganizer placed %s %d times (a defect in cachelint)", s.Members[k].Label(), n)
		}
	}
	if r := outsideGroup(s, p); r != "" {
		return r
	}
	var end int64
	for i := range ps.Members {
		m := &ps.Members[i]
		if k := p.From[i]; k >= 0 && layout.AnyPinned(&s.Members[k]) && m.Offset != s.Members[k].Offset {
			return fmt.Sprintf("pinned %s cannot stay at %d", m.Label(), s.Members[k].Offset)
		}
		if i > 0 && m.Unit != 0 && m.Unit == ps.Members[i-1].Unit {
			continue
		}
		// A bit-field takes only the bytes of its bits: pahole's storage
		// unit may reach over the members before it.
		lo, hi := m.ByteSpan()
		if k := p.From[i]; lo < end && k >= 0 && layout.AnyPinned(&s.Members[k]) && !overlapsAny(ps.Members, i) {
			// A C++ class lists its bases before its vtable pointer,
			// which lies before them; both are pinned.
			continue
		}
		if lo < end {
			return fmt.Sprintf("no room for %s at %d: pinned members and groups leave none", m.Label(), end)
		}
		if k := p.From[i]; k >= 0 && !s.Packed && m.Offset%s.Members[k].KeptAlign() != 0 {
			return fmt.Sprintf("no place for %s at its %d-byte alignment", m.Label(), s.Members[k].KeptAlign())
		}
		end = max(end, hi)
	}
	if end > ps.Size {
		return fmt.Sprintf("members end at %d, past the %d-byte struct", end, ps.Size)
	}
	return ""
}

// outsideGroup names a member p puts outside the markers of its kernel
// cacheline group ("" if none): a member of the group, or a hot member the
// proposal moved into it.
func outsideGroup(s *layout.Struct, p *layout.Proposal) string {
	ps := p.Struct
	index := map[string]int{}
	for i := range ps.Members {
		if layout.IsGroupMarker(ps.Members[i].Name) {
			index[ps.Members[i].Name] = i
		}
	}
	for i := range ps.Members {
		m := &ps.Members[i]
		// Zero-size members glued before a begin marker take its group
		// but lie before it.
		if m.Group == "" || p.From[i] >= 0 && s.Members[p.From[i]].Group == "" && m.Size == 0 {
			continue
		}
		begin, okb := index[layout.GroupBeginPrefix+m.Group]
		stop, oke := index[layout.GroupEndPrefix+m.Group]
		if !okb || !oke || i < begin || i > stop || m.Offset < ps.Members[begin].Offset || m.End() > ps.Members[stop].Offset {
			return fmt.Sprintf("the reorganizer put %s outside the markers of its group %s (a defect in cachelint)", m.Label(), m.Group)
		}
	}
	return ""
}

// overlapsAny reports whether the bytes of ms[i] overlap those of
// another member of ms.
func overlapsAny(ms []layout.Member, i int) bool {
	lo, hi := ms[i].ByteSpan()
	for j := range ms {
		if olo, ohi := ms[j].ByteSpan(); j != i && ohi > olo && hi > lo && olo < hi && lo < ohi {
			return true
		}
	}
	return false
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
		it.size = alignUp(it.size, x.align) + x.size
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
	if filled := gapsFilled(byAlign, off); alignUp(end(filled, off), align) < alignUp(end(items, off), align) {
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
		at := alignUp(off, it.align)
		for off < at {
			i := slices.IndexFunc(left, func(x item) bool { return alignUp(off, x.align)+x.size <= at })
			if i < 0 {
				break
			}
			off = alignUp(off, left[i].align) + left[i].size
			out = append(out, left[i])
			left = slices.Delete(left, i, i+1)
		}
		out = append(out, it)
		off = alignUp(off, it.align) + it.size
	}
	return out
}

func end(items []item, off int64) int64 {
	for _, it := range items {
		off = alignUp(off, it.align) + it.size
	}
	return off
}

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
func (b *builder) lineUp(x, line int64) int64 { return alignUp(x+b.origin, line) - b.origin }

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
	for len(b.pins) > 0 && b.pins[0].start < alignUp(b.off, align)+size {
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
	b.out.Size = alignUp(size, b.out.Align)
	p := &layout.Proposal{Struct: b.out, From: b.from}
	if b.s.Lang == layout.LangC {
		if a := aligned(b.s, p, b.lines); a.Struct.Size <= p.Struct.Size {
			return a
		}
	}
	return p
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
			shift = alignUp(end, max(m.Align, m.AlignAttr, 1)) - m.Offset
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
	ps.Size = alignUp(max(end, 1), ps.Align)
	q := *p
	q.Struct = ps
	q.Aligned = slices.Delete(slices.Clone(p.Aligned), k, k+1)
	return &q
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
			at := alignUp(lo, max(z.Align, z.AlignAttr, 1))
			layout.ShiftBits(z, (at-z.Offset)*8)
			z.Offset, lo = at, at
		}
		own := max(next.Align, next.AlignAttr, 1)
		var align int64
		if alignUp(lo, own) != hi {
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
	if n := len(members); n > 0 && len(q.Aligned) > 0 && from[n-1] < 0 && alignUp(members[n-1].Offset, ps.Align) >= alignUp(ps.Size, ps.Align) {
		members, from = members[:n-1], from[:n-1]
	}
	ps.Members, q.From = members, from
	ps.Size = alignUp(ps.Size, ps.Align)
	return q
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

// asGood reports whether percpu proposal p is as good as q: no path on
// more lines at any size, no more members sharing lines falsely, and no
// more bytes.
func asGood(checks []*layout.Check, p, q *layout.Proposal, lines []int64) bool {
	n, m := hotLinesEach(p.Struct, lines), hotLinesEach(q.Struct, lines)
	for i := range n {
		if n[i] > m[i] {
			return false
		}
	}
	return !sharesMore(checks, p.Struct, q.Struct, lines) && p.Struct.Size <= q.Struct.Size
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

// improves reports whether proposal p, which leaves findings left, is
// worth making: it puts some path on fewer lines, or the findings that
// cost by themselves (Check.CostsAlone: members sharing lines falsely,
// split locks) involve fewer members than s's now. A finding that costs a
// path a line is no gain when it goes and the line stays: a hot field
// moved off a boundary while another hot field takes a line.
func improves(s *layout.Struct, p *layout.Proposal, now, left []layout.Finding, lines []int64) bool {
	if fewerLines(s, p, lines) {
		return true
	}
	involved := func(fs []layout.Finding) int {
		n := 0
		for _, f := range fs {
			if f.Check.CostsAlone(f.Kind) {
				n += max(len(f.Members), 1)
			}
		}
		return n
	}
	return involved(left) < involved(now)
}

// fewerLines reports whether p puts some path of s on fewer lines at some
// line size, not counting the parts that are guesses (HotPart.Guess): a
// saving does not rest on one, such as fields moved onto the first line
// of a struct-typed member whose hot fields nothing marks.
func fewerLines(s *layout.Struct, p *layout.Proposal, lines []int64) bool {
	for _, line := range lines {
		for _, path := range s.Paths() {
			if p.Struct.MeanLines(path, line, true) < s.MeanLines(path, line, true) {
				return true
			}
		}
	}
	return false
}

// sameLines says, for a proposal that puts no path on fewer lines, the
// lines its paths take at the first line size: "rx 5, tx 11 (64-byte
// lines)".
func sameLines(s *layout.Struct, lines []int64) string {
	var parts []string
	for _, path := range s.Paths() {
		n, _ := s.HotLinesAtBases(path, lines[0], false)
		parts = append(parts, fmt.Sprintf("%s %d", path, n))
	}
	return strings.Join(parts, ", ") + " " + atLines(lines[0])
}

// remains says what the findings a proposal leaves are, and why no order
// fixes them where the layout tells, once per reason.
func remains(p *layout.Proposal, left []layout.Finding) string {
	const most = 3
	var parts, whys []string
	who, check := map[string][]string{}, map[string]string{}
	for _, f := range left {
		why := whyLeft(p.Struct, f)
		if why == "" {
			if !slices.Contains(parts, f.Message) {
				parts = append(parts, f.Message)
			}
			continue
		}
		if _, ok := who[why]; !ok {
			whys = append(whys, why)
			check[why] = f.Check.Name
		}
		if len(f.Members) > 0 && !slices.Contains(who[why], f.Members[0]) {
			who[why] = append(who[why], f.Members[0])
		}
	}
	var fixes []string
	for _, why := range whys {
		fixes = append(fixes, fmt.Sprintf("%s of %s, since %s", check[why], layout.NameList(who[why]), why))
	}
	var out []string
	if len(fixes) > 0 {
		out = append(out, "no order fixes "+strings.Join(fixes, "; "))
	}
	// What the layout does not explain is said plainly: a search that
	// is not exhaustive proves nothing about the orders it missed.
	if len(parts) > most {
		parts = append(parts[:most], fmt.Sprintf("and %d more", len(parts)-most))
	}
	out = append(out, parts...)
	return strings.Join(out, "; ")
}

// whyLeft explains a finding a proposal leaves, "" when the members alone
// do not tell.
func whyLeft(s *layout.Struct, f layout.Finding) string {
	var ms []*layout.Member
	for _, name := range f.Members {
		if _, m := s.Lookup(name); m != nil {
			ms = append(ms, m)
		}
	}
	if f.Check.Isolates() {
		// A read-mostly bit-field goes where the written one sharing its
		// storage unit goes.
		for _, m := range ms {
			if !m.IsBitField() || m.Unit == 0 || m.Hot == nil || m.Hot.Write {
				continue
			}
			for i := range s.Members {
				if y := &s.Members[i]; y.Unit == m.Unit && y.Hot != nil && y.Hot.Write {
					return fmt.Sprintf("read-mostly %s shares a storage unit with written %s", m.Label(), y.Label())
				}
			}
		}
	}
	for _, m := range ms {
		// A group's members stay in it, whatever the hot file says.
		if h := layout.GroupHot(m.Group); h != nil && m.Hot != nil && h.Write != m.Hot.Write {
			kind := "read-mostly"
			if m.Hot.Write {
				kind = "written"
			}
			return fmt.Sprintf("%s %s stays in its group %s", kind, m.Label(), m.Group)
		}
	}
	for _, m := range ms {
		if m.Pinned {
			return m.Label() + " is pinned"
		}
	}
	return ""
}

// apartIn reports whether written hot member w of s and hot member x, on
// sides ws and xs, may not share a line by the rule of one of checks
// (Check.Apart): with none that Isolates, they may.
func apartIn(checks []*layout.Check, s *layout.Struct, w, x *layout.Member, ws, xs int) bool {
	return slices.ContainsFunc(checks, func(c *layout.Check) bool { return c.Isolates() && c.Apart(s, w, x, ws, xs) })
}

// neighboursIn reports whether elements of an array of percpu struct s
// share a line at line by the rule of one of checks (Check.Neighbours).
func neighboursIn(checks []*layout.Check, s *layout.Struct, line int64) bool {
	return slices.ContainsFunc(checks, func(c *layout.Check) bool { return c.Isolates() && c.Neighbours != nil && c.Neighbours(s, line) })
}

// isolates reports whether one of checks Isolates: the reorganizer then
// keeps members apart as the checks' rules say.
func isolates(checks []*layout.Check) bool {
	return slices.ContainsFunc(checks, (*layout.Check).Isolates)
}
