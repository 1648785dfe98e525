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
// block at base) as pahole 1.24's class__find_holes does, bit by bit, so
// that bit-field storage units and the bytes around them come out as pahole
// counts them.
func findHoles(ms []layout.Member, base, size int64) gaps {
	g := gaps{hole: make([]int64, len(ms)), bitHole: make([]int64, len(ms))}
	lastSeen := base * 8
	var curEnd, curSize int64
	inBitfield := false
	for i := range ms {
		m := &ms[i]
		bitStart := m.BitOffset
		var bitEnd int64
		if m.BitSize > 0 {
			bitEnd = bitStart + m.BitSize
		} else {
			bitStart = m.Offset * 8
			bitEnd = bitStart + m.Size*8
		}
		var bitHoles, byteHoles int64
		if inBitfield {
			end := min(bitStart, curEnd)
			bitHoles = end - lastSeen
			lastSeen = end
		}
		if m.BitSize > 0 {
			aligned := m.Offset * 8
			if lastSeen < aligned && aligned <= bitStart {
				byteHoles = m.Offset - lastSeen/8
				lastSeen = aligned
			}
			bitHoles += bitStart - lastSeen
		} else {
			byteHoles = bitStart/8 - lastSeen/8
		}
		if i > 0 {
			g.hole[i-1], g.bitHole[i-1] = byteHoles, bitHoles
		} else {
			g.preHole, g.preBitHole = byteHoles, bitHoles
		}
		if bitEnd > lastSeen {
			lastSeen = bitEnd
		}
		if m.BitSize > 0 {
			inBitfield = true
			if bitEnd > curEnd || m.Size*8 > curSize {
				curSize = m.Size * 8
				curEnd = m.Offset*8 + curSize
				if curEnd < bitEnd {
					// The bit-field borrowed bytes of the previous unit:
					// its unit ends a unit later.
					curEnd += curSize
				}
			}
		} else {
			inBitfield = false
			curSize = 0
			curEnd = bitEnd
		}
	}
	end := (base + size) * 8
	if inBitfield {
		e := min(end, curEnd)
		g.bitPadding = e - lastSeen
		lastSeen = e
	}
	g.padding = (end - lastSeen) / 8
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
