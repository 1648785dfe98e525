package reorg

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// What a C proposal must keep for the patch to be merged, beyond what C
// itself needs (invalid): the kernel fails to build when a cacheline group
// outgrows its CACHELINE_ASSERT_GROUP_SIZE, a struct that grows costs
// memory in every object, and a reviewer reads a diff, so the fewer
// members a patch moves the better.

// groupLimit is the most group may take in a proposal for s: its assert,
// else its size in s and the bytes of the members a hot file lets join
// it.
func groupLimit(s *layout.Struct, group string) (limit int64, where string) {
	for _, l := range s.GroupLimits {
		if l.Group == group {
			return l.Size, l.Where
		}
	}
	size, _ := layout.GroupSizeOf(s, group)
	for i := range s.Members {
		if m := &s.Members[i]; m.Join == group && m.Group == "" {
			size += m.Size
		}
	}
	return size, ""
}

// groupNames lists s's cacheline groups in the order of their begin
// markers.
func groupNames(s *layout.Struct) []string {
	var out []string
	for i := range s.Members {
		if name, ok := strings.CutPrefix(s.Members[i].Name, layout.GroupBeginPrefix); ok {
			out = append(out, name)
		}
	}
	return out
}

// groupSizes is what p does to the size of each of s's cacheline groups.
func groupSizes(s *layout.Struct, p *layout.Proposal) []layout.GroupSize {
	var out []layout.GroupSize
	for _, g := range groupNames(s) {
		before, _ := layout.GroupSizeOf(s, g)
		after, ok := layout.GroupSizeOf(p.Struct, g)
		if !ok {
			continue
		}
		limit, where := groupLimit(s, g)
		out = append(out, layout.GroupSize{Group: g, Before: before, After: after, Limit: limit, Where: where})
	}
	return out
}

// overLimits says how p, a C proposal for s, breaks what the kernel or
// the user allows ("" if it keeps it): a cacheline group grown past its
// limit (when groups is set), a struct grown by more than s.Grow, padding
// or a new alignment inside a group where s.Grow allows no growth. A
// percpu struct may grow: the padding that keeps its elements apart is
// what the annotation asks for.
func overLimits(s *layout.Struct, p *layout.Proposal, groups bool) string {
	if groups {
		for _, g := range groupSizes(s, p) {
			if g.After > g.Limit {
				return fmt.Sprintf("reordering would grow cacheline group %s from %d to %d bytes, %s", g.Group, g.Before, g.After, limitWords(g))
			}
		}
	}
	if s.PerCPU {
		return ""
	}
	ps := p.Struct
	if ps.Size > s.Size+s.Grow {
		more := ps.Size - s.Size
		if s.Grow == 0 {
			return fmt.Sprintf("reordering would grow the struct from %d to %d bytes (-grow %d allows it)", s.Size, ps.Size, more)
		}
		return fmt.Sprintf("reordering would grow the struct from %d to %d bytes, %d more than -grow %d allows", s.Size, ps.Size, more-s.Grow, s.Grow)
	}
	if s.Grow > 0 {
		return ""
	}
	for _, g := range groupNames(s) {
		_, b := ps.Lookup(layout.GroupBeginPrefix + g)
		_, e := ps.Lookup(layout.GroupEndPrefix + g)
		if b == nil || e == nil {
			continue
		}
		for i := range ps.Members {
			m := &ps.Members[i]
			inside := m.Offset >= b.Offset && m.Offset < e.Offset && m.Size > 0
			if inside && (p.Inserted(i) || slices.Contains(p.Aligned, i) && m.Offset > b.Offset) {
				return fmt.Sprintf("reordering would pad inside cacheline group %s, before %s (-grow allows it)", g, ps.Members[min(i+1, len(ps.Members)-1)].Label())
			}
		}
	}
	return ""
}

// limitWords says what limits a group: "past its assert at FILE:LINE (N)"
// or "past its size".
func limitWords(g layout.GroupSize) string {
	if g.Where != "" {
		return fmt.Sprintf("past the %d its assert allows (%s)", g.Limit, g.Where)
	}
	return "past its size"
}

// moved names the members of s that p moves: the fewest whose removal
// leaves the rest in the same order in both, which a reviewer reads as the
// lines a patch moves. Padding s has and p drops, or p inserts, is no
// member. Since every member appears once in each order, that is the
// members off a longest increasing run of p's order numbered as in s.
func moved(s *layout.Struct, p *layout.Proposal) []string {
	var seq []int
	for _, k := range p.From {
		if k >= 0 {
			seq = append(seq, k)
		}
	}
	keep := make([]bool, len(seq))
	var tails, prev []int
	longestRun(seq, keep, &tails, &prev)
	var out []string
	for i, k := range seq {
		if !keep[i] {
			out = append(out, s.Members[k].Label())
		}
	}
	return out
}

// longestRun sets keep on the elements of one longest increasing run of
// seq, whose elements are distinct, by patience sorting: tails[j] is the
// index in seq of the smallest last element of an increasing run of
// length j+1, and prev links each element to the one before it in its
// run. tails and prev are scratch space.
func longestRun(seq []int, keep []bool, tails, prev *[]int) {
	t := (*tails)[:0]
	pv := (*prev)[:0]
	for i, k := range seq {
		j := sort.Search(len(t), func(j int) bool { return seq[t[j]] >= k })
		back := -1
		if j > 0 {
			back = t[j-1]
		}
		pv = append(pv, back)
		if j == len(t) {
			t = append(t, i)
		} else {
			t[j] = i
		}
	}
	if n := len(t); n > 0 {
		for i := t[n-1]; i >= 0; i = pv[i] {
			keep[i] = true
		}
	}
	*tails, *prev = t, pv
}

// groupChanges lists the members p moves between cacheline groups.
func groupChanges(s *layout.Struct, p *layout.Proposal) []layout.GroupChange {
	var out []layout.GroupChange
	for i, k := range p.From {
		if k < 0 {
			continue
		}
		o, m := &s.Members[k], &p.Struct.Members[i]
		if o.Group != m.Group && !layout.IsGroupMarker(o.Name) && o.Size > 0 {
			out = append(out, layout.GroupChange{Member: m.Label(), From: o.Group, To: m.Group})
		}
	}
	return out
}

// describeProposal fills in what p, a proposal for s, moves and does to
// the groups, and says it grows a C struct wherever it does. (A Go
// proposal that pads written fields apart says so in its padding.)
func describeProposal(s *layout.Struct, p *layout.Proposal) {
	p.Moved = moved(s, p)
	p.Groups = groupSizes(s, p)
	p.GroupChanges = groupChanges(s, p)
	if p.Grown == "" && p.Struct.Size > s.Size && s.Lang == layout.LangC {
		p.Grown = fmt.Sprintf("grows %s from %d to %d bytes, %d more", s.Name, s.Size, p.Struct.Size, p.Struct.Size-s.Size)
	}
}
