package reorg

import (
	"fmt"
	"slices"

	"github.com/cachelint/cachelint/layout"
)

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

// falselyShared counts the members in s's findings at one line size of
// the checks an order fixes by isolation (apartFindings).
func falselyShared(checks []*layout.Check, s *layout.Struct, line int64) int {
	n := 0
	for _, f := range apartFindings(checks, s, line) {
		n += len(f.Members)
	}
	return n
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

// sharesNoMore reports whether a shares falsely neither more lines nor
// more fields than b (sharesMore, moreFieldsShared).
func sharesNoMore(checks []*layout.Check, a, b *layout.Struct, lines []int64) bool {
	return !sharesMore(checks, a, b, lines) && !moreFieldsShared(checks, a, b, lines)
}

// replaces reports whether proposal q takes the place of p: it scores
// better (see better), and leaves neither more lines nor more fields
// shared falsely. A score counts lines, and an order that puts the
// written fields of two lines on one, with the reads of both, shares
// fewer lines and more fields: the reads moved there are the misses.
func replaces(checks []*layout.Check, q, p *layout.Proposal, lines []int64) bool {
	return better(q, hotLinesEach(q.Struct, lines), p, hotLinesEach(p.Struct, lines), lines) && sharesNoMore(checks, q.Struct, p.Struct, lines)
}

// plural is n things, the word made plural where n is not 1.
func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
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
				return fmt.Sprintf("reordering would put %s on %d lines instead of %d %s", words, b, a, layout.AtLines(line))
			}
		}
	}
	if !p.Isolates() && p.Align == 0 && p.Struct.Size > s.Size {
		return fmt.Sprintf("reordering would grow the struct from %d to %d bytes", s.Size, p.Struct.Size)
	}
	return ""
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
