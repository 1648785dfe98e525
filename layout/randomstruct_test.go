// The random structs TestNeighbourConflictAgrees judges. reorg's fuzz
// tests build theirs the same way, in a copy of their own: a test of
// package layout cannot import a package that imports layout.

package layout

import (
	"fmt"
	"slices"
	"strings"
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
func randomStruct(b *bytesIn) (*Struct, []int64) {
	s := &Struct{Name: "s", Kind: KindStruct, Align: 1}
	if b.next(2) == 1 {
		s.Lang, s.PadZeroSizeTail = LangGo, true
	}
	s.PerCPU = b.next(6) == 0
	lines := fuzzLines[b.next(len(fuzzLines))]
	n := 1 + b.next(12)
	type spec struct {
		name        string
		size, align int64
		hot         *Hot
		pin, agg    bool
		attr        int64
		// bits makes the member two bools followed by two bit-fields
		// whose 4-byte storage unit starts at the first bool, as C lays
		// out bool a, b; unsigned x:1, y:1.
		bits bool
	}
	var specs []spec
	groupAt, groupLen := -1, 0
	if s.Lang == LangC && b.next(3) == 0 {
		groupAt, groupLen = b.next(n), 1+b.next(4)
	}
	group := fuzzGroups[b.next(len(fuzzGroups))]
	// A hot file can mark or pin a marker, though it should not.
	marker := func(name string) spec {
		sp := spec{name: name, align: 1, pin: b.next(8) == 0}
		if b.next(8) == 0 {
			sp.hot = &Hot{Paths: slices.Clone(fuzzPaths[b.next(len(fuzzPaths))]), Write: b.next(2) == 0}
		}
		return sp
	}
	for i := range n {
		if i == groupAt {
			specs = append(specs, marker(GroupBeginPrefix+group))
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
			if s.Lang == LangC {
				sp.attr = 64 // ____cacheline_aligned
			}
		case 2:
			if s.Lang == LangC {
				sp.size, sp.align, sp.bits = 4, 4, true
			}
		}
		switch b.next(4) {
		case 1:
			sp.hot = &Hot{Paths: slices.Clone(fuzzPaths[b.next(len(fuzzPaths))])}
		case 2:
			sp.hot = &Hot{Paths: slices.Clone(fuzzPaths[b.next(len(fuzzPaths))]), Write: true}
		}
		sp.pin = b.next(10) == 0
		sp.agg = i == 0 && s.Lang == LangC && b.next(3) == 0
		specs = append(specs, sp)
		if groupAt >= 0 && i == min(groupAt+groupLen, n)-1 {
			specs = append(specs, marker(GroupEndPrefix+group))
		}
	}
	if s.Lang == LangC && b.next(3) == 0 {
		specs = append(specs, spec{name: "flex", align: 8}) // long flex[]
	}
	var off int64
	unit := 0
	for _, sp := range specs {
		a := max(sp.align, sp.attr)
		off = AlignUp(off, a)
		if sp.bits {
			// The bools take the spec's hot mark, the bit-fields its
			// pin, so that they pull different ways.
			unit++
			s.Members = append(s.Members,
				Member{Name: sp.name + "a", Type: "bool", Offset: off, Size: 1, Align: 1, AlignAttr: sp.attr, BitOffset: off * 8, Hot: sp.hot},
				Member{Name: sp.name + "b", Type: "bool", Offset: off + 1, Size: 1, Align: 1, BitOffset: off*8 + 8},
				Member{Name: sp.name + "x", Type: "unsigned int", Offset: off, Size: 4, Align: 4, BitOffset: off*8 + 16, BitSize: 1, Unit: unit},
				Member{Name: sp.name + "y", Type: "unsigned int", Offset: off, Size: 4, Align: 4, BitOffset: off*8 + 17, BitSize: 1, Unit: unit, Pinned: sp.pin})
			off += 4
			s.Align = max(s.Align, a)
			continue
		}
		m := Member{Name: sp.name, Type: "T", Offset: off, Size: sp.size, Align: sp.align, AlignAttr: sp.attr,
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
	s.Size = AlignUp(off, s.Align)
	if err := Annotate(s); err != nil {
		return nil, nil
	}
	if s.Validate() != nil {
		return nil, nil
	}
	return s, lines
}

func describe(s *Struct) string {
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
