package reorg

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// bytesIn hands out the fuzzer's bytes as small choices; past the end every
// choice is 0.
type bytesIn []byte

func (b *bytesIn) next(n int) int {
	if len(*b) == 0 {
		return 0
	}
	v := int((*b)[0]) % n
	*b = (*b)[1:]
	return v
}

var (
	fuzzSizes  = []int64{1, 2, 4, 8, 8, 8, 16, 24, 40, 64, 100, 128}
	fuzzAligns = []int64{1, 2, 4, 8, 8, 16, 64}
	fuzzPaths  = [][]string{{"a"}, {"b"}, {"a", "b"}, {"c"}, nil}
	fuzzGroups = []string{"g_read_tx", "g_write_rx", "g_read_txrx", "g_cold", "g_write"}
	fuzzLines  = [][]int64{{64}, {128}, {64, 128}, {32}, {32, 64, 128}}
)

// randomStruct builds a laid-out struct from b: members of assorted sizes
// and alignments, hot marks on paths, pins, in C a struct-typed first
// member, kernel cacheline groups and a flexible array, in Go zero-size
// fields and the trailing byte gc adds after one. It returns nil when the
// choices make no valid struct.
func randomStruct(b *bytesIn) (*layout.Struct, []int64) {
	s := &layout.Struct{Name: "s", Kind: layout.KindStruct, Align: 1}
	if b.next(2) == 1 {
		s.Lang, s.PadZeroSizeTail = layout.LangGo, true
	}
	s.PerCPU = b.next(6) == 0
	lines := fuzzLines[b.next(len(fuzzLines))]
	n := 1 + b.next(12)
	type spec struct {
		name        string
		size, align int64
		hot         *layout.Hot
		pin, agg    bool
		attr        int64
		// bits makes the member two bools followed by two bit-fields
		// whose 4-byte storage unit starts at the first bool, as C lays
		// out bool a, b; unsigned x:1, y:1.
		bits bool
	}
	var specs []spec
	groupAt, groupLen := -1, 0
	if s.Lang == layout.LangC && b.next(3) == 0 {
		groupAt, groupLen = b.next(n), 1+b.next(4)
	}
	group := fuzzGroups[b.next(len(fuzzGroups))]
	// A hot file can mark or pin a marker, though it should not.
	marker := func(name string) spec {
		sp := spec{name: name, align: 1, pin: b.next(8) == 0}
		if b.next(8) == 0 {
			sp.hot = &layout.Hot{Paths: slices.Clone(fuzzPaths[b.next(len(fuzzPaths))]), Write: b.next(2) == 0}
		}
		return sp
	}
	for i := range n {
		if i == groupAt {
			specs = append(specs, marker(layout.GroupBeginPrefix+group))
		}
		sp := spec{name: fmt.Sprintf("m%d", i)}
		sp.size = fuzzSizes[b.next(len(fuzzSizes))]
		sp.align = min(fuzzAligns[b.next(len(fuzzAligns))], 8)
		for sp.size%sp.align != 0 {
			sp.align /= 2
		}
		switch b.next(16) {
		case 0:
			sp.size = 0 // a marker, a no-copy guard
		case 1:
			if s.Lang == layout.LangC {
				sp.attr = 64 // ____cacheline_aligned
			}
		case 2:
			if s.Lang == layout.LangC {
				sp.size, sp.align, sp.bits = 4, 4, true
			}
		}
		switch b.next(4) {
		case 1:
			sp.hot = &layout.Hot{Paths: slices.Clone(fuzzPaths[b.next(len(fuzzPaths))])}
		case 2:
			sp.hot = &layout.Hot{Paths: slices.Clone(fuzzPaths[b.next(len(fuzzPaths))]), Write: true}
		}
		sp.pin = b.next(10) == 0
		sp.agg = i == 0 && s.Lang == layout.LangC && b.next(3) == 0
		specs = append(specs, sp)
		if groupAt >= 0 && i == min(groupAt+groupLen, n)-1 {
			specs = append(specs, marker(layout.GroupEndPrefix+group))
		}
	}
	if s.Lang == layout.LangC && b.next(3) == 0 {
		specs = append(specs, spec{name: "flex", align: 8}) // long flex[]
	}
	var off int64
	unit := 0
	for _, sp := range specs {
		a := max(sp.align, sp.attr)
		off = layout.AlignUp(off, a)
		if sp.bits {
			// The bools take the spec's hot mark, the bit-fields its
			// pin, so that they pull different ways.
			unit++
			s.Members = append(s.Members,
				layout.Member{Name: sp.name + "a", Type: "bool", Offset: off, Size: 1, Align: 1, AlignAttr: sp.attr, BitOffset: off * 8, Hot: sp.hot},
				layout.Member{Name: sp.name + "b", Type: "bool", Offset: off + 1, Size: 1, Align: 1, BitOffset: off*8 + 8},
				layout.Member{Name: sp.name + "x", Type: "unsigned int", Offset: off, Size: 4, Align: 4, BitOffset: off*8 + 16, BitSize: 1, Unit: unit},
				layout.Member{Name: sp.name + "y", Type: "unsigned int", Offset: off, Size: 4, Align: 4, BitOffset: off*8 + 17, BitSize: 1, Unit: unit, Pinned: sp.pin})
			off += 4
			s.Align = max(s.Align, a)
			continue
		}
		m := layout.Member{Name: sp.name, Type: "T", Offset: off, Size: sp.size, Align: sp.align, AlignAttr: sp.attr,
			BitOffset: off * 8, Hot: sp.hot, Pinned: sp.pin, Aggregate: sp.agg}
		if sp.name == "flex" {
			m.Type, m.ElemSize = "long[]", 8
		}
		s.Members = append(s.Members, m)
		off += sp.size
		s.Align = max(s.Align, a)
	}
	if s.PadZeroSizeTail && len(specs) > 0 && specs[len(specs)-1].size == 0 && off > 0 {
		off++
	}
	s.Size = layout.AlignUp(off, s.Align)
	if err := layout.Annotate(s); err != nil {
		return nil, nil
	}
	if s.Validate() != nil {
		return nil, nil
	}
	return s, lines
}

// addStructSeeds seeds f with bytes for randomStruct: none, small
// structs, and a longer one with groups and pins.
func addStructSeeds(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 5, 3, 3, 0, 1, 0, 0, 0, 3, 3, 0, 2, 1, 0, 9, 2, 0, 1, 2, 0})
	f.Add([]byte{1, 1, 2, 7, 3, 6, 0, 2, 0, 1, 9, 5, 1, 0, 0, 4, 4, 0, 1, 3, 2})
	f.Add([]byte{0, 1, 4, 9, 0, 1, 2, 3, 4, 5, 1, 7, 6, 5, 4, 3, 2, 1, 0, 0, 2, 2, 7, 3, 1, 1, 5, 9, 8, 7, 6, 5, 4, 3, 0})
	f.Add([]byte("the seed bytes of a longer struct with groups and pins to start from"))
}

// FuzzPropose checks the reorganizer's promises on random structs: each
// proposal is a permutation of the original members (padding aside), keeps
// every member at its alignment, overlaps nothing, puts no path on more
// lines at any base the allocator gives (read-mostly members, when written
// ones must be isolated), keeps
// pinned members at their offsets, group members between their markers, a
// C flexible array last and a C struct-typed first member first, and is
// the same each time.
func FuzzPropose(f *testing.F) {
	addStructSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		in := bytesIn(data)
		s, lines := randomStruct(&in)
		if s == nil {
			return
		}
		orig := cloneStruct(s)
		p, why := propose(layout.Checks, s, lines)
		if !reflect.DeepEqual(s, orig) {
			t.Fatalf("propose changed its input")
		}
		if p == nil {
			if why == "" {
				t.Errorf("no proposal and no reason for\n%s", describe(s))
			}
			return
		}
		if again, _ := propose(layout.Checks, s, lines); !reflect.DeepEqual(again, p) {
			t.Errorf("two proposals for\n%s", describe(s))
		}
		if msg := broken(s, p, lines); msg != "" {
			t.Errorf("%s\nstruct:\n%s\nproposal:\n%s", msg, describe(s), describe(p.Struct))
		}
	})
}

// broken says which promise proposal p of s breaks, "" if none.
func broken(s *layout.Struct, p *layout.Proposal, lines []int64) string {
	ps := p.Struct
	if len(p.From) != len(ps.Members) {
		return fmt.Sprintf("From has %d entries for %d members", len(p.From), len(ps.Members))
	}
	seen := map[int]bool{}
	for i, k := range p.From {
		m := &ps.Members[i]
		if k < 0 {
			if !m.Padding {
				return fmt.Sprintf("inserted member %s is not padding", m.Label())
			}
			continue
		}
		if seen[k] {
			return fmt.Sprintf("member %s twice", s.Members[k].Label())
		}
		seen[k] = true
		o := &s.Members[k]
		// A member the proposal aligns to start a line gets a line size.
		align, attr := o.Align, o.AlignAttr
		if slices.Contains(p.Aligned, i) {
			if s.Lang != layout.LangC || !slices.Contains(lines, m.AlignAttr) || m.Offset%m.AlignAttr != 0 || ps.Align < m.AlignAttr {
				return fmt.Sprintf("%s aligned to %d at %d in a struct aligned to %d", m.Label(), m.AlignAttr, m.Offset, ps.Align)
			}
			align, attr = max(align, m.AlignAttr), max(attr, m.AlignAttr)
		}
		if m.Name != o.Name || m.Size != o.Size || m.Align != align || m.AlignAttr != attr || !reflect.DeepEqual(m.Hot, o.Hot) {
			return fmt.Sprintf("member %s changed: %+v, was %+v", m.Label(), *m, *o)
		}
		if m.Offset%m.KeptAlign() != 0 {
			return fmt.Sprintf("%s at %d, off its %d-byte alignment", m.Label(), m.Offset, m.KeptAlign())
		}
		if o.Pinned && m.Offset != o.Offset {
			return fmt.Sprintf("pinned %s moved from %d to %d", m.Label(), o.Offset, m.Offset)
		}
	}
	for k := range s.Members {
		if !seen[k] && !s.Members[k].Padding {
			return fmt.Sprintf("member %s lost", s.Members[k].Label())
		}
	}
	if msg := overlap(ps); msg != "" {
		return msg
	}
	if !p.Isolates() && p.Align == 0 && ps.Size > s.Size {
		return fmt.Sprintf("grew from %d to %d bytes with no padding to isolate", s.Size, ps.Size)
	}
	// Never worse on a path, at the worst base the allocator may give
	// (a Go heap object starts where its size class puts it).
	// On the kernel's paths no path gets more lines, written members
	// counted too.
	isolating := s.PerCPU || !s.KernelPaths && slices.ContainsFunc(lines, func(line int64) bool {
		return len(layout.CheckFalseShare.Run(&layout.Pass{Struct: s, Line: line})) > 0
	})
	for _, line := range lines {
		for _, path := range s.Paths() {
			a, _ := s.HotLinesAtBases(path, line, isolating)
			if b, _ := ps.HotLinesAtBases(path, line, isolating); b > a {
				return fmt.Sprintf("path %s on %d lines instead of %d at %d-byte lines (read-mostly members only: %v)", path, b, a, line, isolating)
			}
		}
	}
	if msg := outsideGroup(s, p); msg != "" {
		return msg
	}
	if s.Lang == layout.LangC {
		// A flexible array ends the struct: C allows nothing after it.
		// (A group of zero-size members is a group, not a flexible
		// array.)
		if n := len(s.Members); n > 0 && s.Members[n-1].Size == 0 && !layout.IsGroupMarker(s.Members[n-1].Name) && s.Members[n-1].Group == "" {
			if p.From[len(p.From)-1] != n-1 {
				return fmt.Sprintf("flexible array %s is no longer last", s.Members[n-1].Label())
			}
		}
		if k := castTarget(s); k >= 0 {
			if i := slices.Index(p.From, k); i < 0 || ps.Members[i].Offset != 0 {
				return fmt.Sprintf("struct-typed first member %s no longer first", s.Members[k].Label())
			}
		}
	}
	return ""
}

// overlap says where members of ps overlap or reach past its end, ""
// if nowhere. Members in the order of their bits each start at or after
// the end of the one before. Bit-fields share the bytes of their
// storage unit with each other and with the members it reaches over:
// their bits do not overlap.
func overlap(ps *layout.Struct) string {
	bits := func(m *layout.Member) (int64, int64) {
		if m.BitSize > 0 {
			return m.BitOffset, m.BitOffset + m.BitSize
		}
		return m.Offset * 8, m.End() * 8
	}
	order := make([]int, len(ps.Members))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		la, _ := bits(&ps.Members[a])
		lb, _ := bits(&ps.Members[b])
		return int(la - lb)
	})
	var end, endBit int64
	for _, i := range order {
		m := &ps.Members[i]
		lo, hi := bits(m)
		if lo < endBit {
			return fmt.Sprintf("%s at bit %d overlaps what ends at bit %d", m.Label(), lo, endBit)
		}
		end, endBit = max(end, m.End()), max(endBit, hi)
	}
	if end > ps.Size || ps.Size%ps.Align != 0 {
		return fmt.Sprintf("members end at %d in a %d-byte struct aligned to %d", end, ps.Size, ps.Align)
	}
	return ""
}

func cloneStruct(s *layout.Struct) *layout.Struct {
	c := *s
	c.Members = slices.Clone(s.Members)
	for i := range c.Members {
		if h := c.Members[i].Hot; h != nil {
			hc := *h
			hc.Paths = slices.Clone(h.Paths)
			c.Members[i].Hot = &hc
		}
	}
	return &c
}

func describe(s *layout.Struct) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s size %d align %d percpu %v\n", s.Lang, s.Name, s.Size, s.Align, s.PerCPU)
	for _, m := range s.Members {
		fmt.Fprintf(&b, "\t%-40s off %4d size %4d align %2d attr %2d", m.Name, m.Offset, m.Size, m.Align, m.AlignAttr)
		if m.Hot != nil {
			fmt.Fprintf(&b, " %s", m.Hot)
		}
		if m.Pinned {
			b.WriteString(" pinned")
		}
		if m.Group != "" {
			b.WriteString(" group " + m.Group)
		}
		if m.Padding {
			b.WriteString(" padding")
		}
		b.WriteString("\n")
	}
	return b.String()
}
