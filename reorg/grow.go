package reorg

import (
	"fmt"
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// worthGrowing reports whether padding p into the size class of g saves
// s's heap objects, on average over their bases and summed over the paths,
// at least as many bytes of hot lines as it adds to each object.
func worthGrowing(s *layout.Struct, p, g *layout.Proposal, line int64) bool {
	var saved float64
	for _, path := range s.Paths() {
		saved += (p.Struct.MeanLines(path, line, false) - g.Struct.MeanLines(path, line, false)) * float64(line)
	}
	return saved >= float64(slot(s, g.Struct.Size)-slot(s, p.Struct.Size))
}

// maxGrowth bounds the slot a proposal may pad a heap object into, as a
// multiple of the slot the reordered struct takes: beyond half as much
// again the memory costs more than the lines it saves.
const maxGrowth = 1.5

// slot is the memory a heap object of n bytes of s's kind takes.
func slot(s *layout.Struct, n int64) int64 {
	if p := s.Heap.Place(n, s.Pointers); p.Kind == layout.PlaceSmall || p.Kind == layout.PlaceTiny {
		return p.Class.Size
	}
	return layout.AlignUp(n, s.Heap.PageSize)
}

// classStarts lists, in increasing order, the sizes from n at which a heap
// object of s's kind moves into another size class: n itself, and the
// smallest size of each bigger class.
func classStarts(s *layout.Struct, n int64) []int64 {
	// Sizes just past a class are where the next class starts.
	candidates := []int64{n, s.Heap.MaxSmallSize - s.Heap.MallocHeaderSize + 1}
	for _, c := range s.Heap.Classes {
		candidates = append(candidates, c.Size+1, c.Size-s.Heap.MallocHeaderSize+1)
	}
	var out []int64
	for _, c := range candidates {
		if c = layout.AlignUp(c, s.Align); c >= n {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// lineClass finds the smallest size, from n, that takes a heap object of
// s's kind into a size class starting every object at the same place past
// a line of the given size, -1 when there is none.
func lineClass(s *layout.Struct, n, line int64) int64 {
	for _, c := range classStarts(s, n) {
		if len(s.Heap.Bases(c, s.Pointers, line)) == 1 {
			return c
		}
	}
	return -1
}

// growToLine proposes s padded into a size class that starts every heap
// object at the same place past a line of the largest size, for when the
// best order p at its own size leaves findings at some of the bases the
// allocator gives. When that does not fix them, or costs too much, it
// says so in a clause to add to the reason there is no full fix; it says
// nothing for a proposal whose objects all start at one place already
// (s's own size class may, where the proposal's bigger one does not).
func growToLine(checks []*layout.Check, s *layout.Struct, p *layout.Proposal, lines []int64) (*layout.Proposal, string) {
	maxLine := slices.Max(lines)
	// A percpu struct is no object of its own: its size class is not
	// where its elements start.
	// Nor does a variable the linker places: growing it does not change
	// its alignment; nor a struct held in place, which moves with its
	// container.
	if s.Heap == nil || s.InArrays() || s.GlobalAlign > 0 || len(s.InPlace) > 0 || len(p.Struct.Bases(maxLine)) == 1 {
		return nil, ""
	}
	// Padding that isolates may take the reordered struct to a bigger
	// class; the proposal grows from there.
	reordered := p.Struct.Size
	if g := growAtBases(s, checks, p, lines); g != nil {
		return g, ""
	}
	for n := reordered; ; {
		size := lineClass(s, n, maxLine)
		grown := *s
		grown.Size, grown.PadTo = size, size
		cost := growthCost(s, size, maxLine)
		if float64(slot(s, size)) > maxGrowth*float64(slot(s, reordered)) {
			return nil, "; padding " + cost + ", would cost too much"
		}
		g, why := propose(checks, &grown, lines)
		if g == nil {
			return nil, "; padding " + cost + ", does not help: " + why
		}
		if g.Struct.Size > size {
			n = g.Struct.Size
			continue
		}
		g.Struct.PadTo = 0
		if leftover(checks, s, g, lines) != "" {
			return nil, "; nor does padding " + cost
		}
		g.Grown = "pads " + cost
		return g, ""
	}
}

// growAtBases pads the best order p into the smallest size class, below
// the one growToLine would take, whose objects start at several places
// past a line that are all as good: at each, the hot members take the
// lines they take at the best, and no finding the fixes address is left.
// A 296-byte object in the 320-byte class starts at 0 or 64 past a
// 128-byte line; 38 hot bytes at its start fit one line at either.
func growAtBases(s *layout.Struct, checks []*layout.Check, p *layout.Proposal, lines []int64) *layout.Proposal {
	maxLine := slices.Max(lines)
	reordered := p.Struct.Size
	limit := lineClass(s, reordered, maxLine)
	for _, size := range classStarts(s, reordered) {
		if limit >= 0 && size >= limit || float64(slot(s, size)) > maxGrowth*float64(slot(s, reordered)) {
			return nil
		}
		if slot(s, size) == slot(s, reordered) {
			continue
		}
		grown := *s
		grown.Size, grown.PadTo = size, size
		g, _ := propose(checks, &grown, lines)
		if g == nil || g.Struct.Size > size {
			continue
		}
		g.Struct.PadTo = 0
		if g.Struct.BaseDependent(lines) || leftover(checks, s, g, lines) != "" {
			continue
		}
		g.Grown = "pads " + growthCost(s, size, maxLine)
		return g
	}
	return nil
}

// growthCost says what padding s to size costs and gives: the size class
// and where it starts heap objects past a line of the given size.
func growthCost(s *layout.Struct, size, line int64) string {
	grown := *s
	grown.Size = size
	where := "on a line"
	if bases := grown.Bases(line); len(bases) > 1 {
		offsets := make([]int64, len(bases))
		for i, b := range bases {
			offsets[i] = b.Offset
		}
		where = fmt.Sprintf("at %s bytes past a %d-byte line, each as good for the hot fields", layout.OrList(offsets), line)
	} else if o := bases[0].Offset; o != 0 {
		where = fmt.Sprintf("%d bytes past a line", o)
	}
	// The declaration's own pads, which the order drops, may have made it
	// bigger than the padded proposal.
	sizes, per := fmt.Sprintf("from %d to %d bytes", s.Size, size), "more"
	if size < s.Size {
		sizes = fmt.Sprintf("to %d bytes, %d now", size, s.Size)
	}
	delta := slot(s, size) - slot(s, s.Size)
	if delta < 0 {
		delta, per = -delta, "fewer"
	}
	return fmt.Sprintf("%s %s: the %d-byte size class starts every heap object %s, for %d %s bytes per object",
		s.Name, sizes, slot(s, size), where, delta, per)
}

// leftover is the first finding the fixes address that p still has, ""
// when it has none.
func leftover(checks []*layout.Check, s *layout.Struct, p *layout.Proposal, lines []int64) string {
	again, _ := propose(checks, p.Struct, lines)
	for _, line := range lines {
		for _, f := range layout.RunChecks(checks, p.Struct, again, line, slices.Max(lines)) {
			if f.Check.Reorders() && !s.Silenced(&f) {
				return f.Message
			}
		}
	}
	return ""
}
