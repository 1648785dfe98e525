package report

import "github.com/cachelint/cachelint/layout"

// gaps are the holes pahole's class__find_holes finds after each member of
// one struct body, and what is left at the end.
type gaps struct {
	hole    []int64 // bytes after member i
	bitHole []int64 // bits after member i
	// preHole and preBitHole come before the first member.
	preHole, preBitHole int64
	padding             int64 // bytes after the last member
	bitPadding          int64 // bits after the last bit-field, within its unit
}

// findHoles walks the members of one struct body (top level or an inline
// block at base) as pahole 1.24's class__find_holes does
// (layout.HoleWalk).
func findHoles(ms []layout.Member, base, size int64) gaps {
	g := gaps{hole: make([]int64, len(ms)), bitHole: make([]int64, len(ms))}
	w := layout.NewHoleWalk(base * 8)
	for i := range ms {
		m := &ms[i]
		bitOffset, bits := m.Offset*8, m.Size*8
		if m.BitSize > 0 {
			bitOffset, bits = m.BitOffset, m.BitSize
		}
		byteHoles, bitHoles := w.Member(m.Offset, bitOffset, bits, m.Size*8, m.BitSize > 0)
		if i > 0 {
			g.hole[i-1], g.bitHole[i-1] = byteHoles, bitHoles
		} else {
			g.preHole, g.preBitHole = byteHoles, bitHoles
		}
	}
	g.padding, g.bitPadding = w.End(base + size)
	return g
}

// Holes lists the byte holes between the top-level members of s, as
// pahole reports them (bit holes within bit-field units are not listed).
func Holes(s *layout.Struct) []Hole {
	if s.Kind != layout.KindStruct {
		return nil
	}
	g := findHoles(s.Members, 0, s.Size)
	var out []Hole
	if g.preHole > 0 {
		out = append(out, Hole{0, g.preHole})
	}
	for i, h := range g.hole {
		if h > 0 {
			out = append(out, Hole{s.Members[i+1].Offset - h, h})
		}
	}
	return out
}

// Hole is a run of bytes no member uses.
type Hole struct {
	Offset int64 `json:"offset"`
	Size   int64 `json:"size"`
}
