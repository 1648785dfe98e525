package pahole

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// Compare sets a layout read by cachelint against pahole's print of the
// same struct. diffs are real differences; known are places where pahole
// 1.24 is known to be wrong and cachelint right.
func Compare(ps *Struct, s *layout.Struct) (diffs, known []string) {
	var c cmp
	c.structs(ps, s)
	return c.diffs, c.known
}

// cmp collects the differences between a pahole struct and ours (diffs)
// and the places where pahole is known to be wrong (known).
type cmp struct {
	diffs []string
	known []string
	goSrc bool
}

func (c *cmp) diff(format string, args ...any) {
	c.diffs = append(c.diffs, fmt.Sprintf(format, args...))
}

func (c *cmp) structs(ps *Struct, s *layout.Struct) {
	c.goSrc = s.PadZeroSizeTail
	// pahole prints no size for a union; the parser's stand-in is the
	// largest member end, which need not be the union's size.
	if (ps.HasSummary || ps.Kind == "struct") && ps.Size != s.Size {
		c.diff("size %d, pahole %d", s.Size, ps.Size)
	}
	switch {
	case ps.Packed == s.Packed:
	case s.Packed && (ps.Holes > 0 || ps.PaddingBytes != 0 || len(ps.Errors) > 0):
		// pahole infers packing only for a struct without holes and tail
		// padding (packed_aligned: packed, aligned(4), so 3 bytes of
		// padding), and not at all when a member made it fail.
		c.known = append(c.known, "packed not inferred by pahole")
	default:
		c.diff("packed %v, pahole %v", s.Packed, ps.Packed)
	}
	if ps.Aligned != 0 && ps.Aligned != s.Align {
		c.diff("align %d, pahole __aligned__(%d)", s.Align, ps.Aligned)
	}
	ms := s.Members
	// pahole 1.24 does not know DW_TAG_atomic_type: it prints an <ERROR>
	// line instead of an _Atomic member (see testdata/pahole/README.md).
	if len(ps.Errors) > 0 {
		var kept []layout.Member
		for _, m := range ms {
			if strings.HasPrefix(m.Type, "_Atomic ") {
				c.known = append(c.known, "_Atomic member "+m.Name+" printed as <ERROR>")
				continue
			}
			kept = append(kept, m)
		}
		ms = kept
	}
	c.members(s.Name, s.Size, ps.Members, ms)
}

func (c *cmp) members(where string, end int64, pms []Member, ms []layout.Member) {
	if len(pms) != len(ms) {
		c.diff("%s: %d members, pahole %d", where, len(ms), len(pms))
		return
	}
	for i := range pms {
		pm, m := &pms[i], &ms[i]
		at := where + "." + m.Name
		if pm.Name != m.Name {
			c.diff("%s: member %d named %q, pahole %q", where, i, m.Name, pm.Name)
			continue
		}
		// pahole pads its columns; its parser collapses runs of spaces,
		// ours keep pahole's own double spaces ("const struct x  *").
		switch typ := strings.Join(strings.Fields(m.Type), " "); {
		case typ == pm.Type:
		case c.goSrc && reverseDims(typ) == pm.Type:
			c.known = append(c.known, at+": Go array dimensions reversed by pahole")
		case len(pm.Type) >= 120 && strings.HasPrefix(typ, strings.TrimRight(pm.Type, "[]0123456789")):
			// pahole spells type names into 128-byte buffers: long Go
			// names come out cut.
			c.known = append(c.known, at+": type name cut by pahole")
		default:
			c.diff("%s: type %q, pahole %q", at, m.Type, pm.Type)
		}
		if pm.Offset != m.Offset {
			c.diff("%s: offset %d, pahole %d", at, m.Offset, pm.Offset)
		}
		switch {
		case pm.Size == m.Size:
		case c.goSrc && pm.Size > end:
			// pahole 1.24 prints garbage sizes for Go func values.
			c.known = append(c.known, fmt.Sprintf("%s: Go func size %d, pahole %d", at, m.Size, pm.Size))
		case m.IsBitField() && pm.Offset+pm.Size > end && m.End() == end:
			// A bit-field storage unit at the end of a packed struct
			// runs past the struct in pahole (orc_entry: a 4-byte unit
			// at 4 in 6 bytes); the model keeps members inside their
			// struct, so ours is cut at the end.
			c.known = append(c.known, fmt.Sprintf("%s: storage unit cut to %d bytes at the struct end, pahole %d", at, m.Size, pm.Size))
		default:
			c.diff("%s: size %d, pahole %d", at, m.Size, pm.Size)
		}
		if pm.BitSize != m.BitSize || pm.AbsBitOffset() != m.BitOffset && pm.BitSize > 0 {
			c.diff("%s: bits %d:%d, pahole %d:%d", at, m.BitOffset, m.BitSize, pm.AbsBitOffset(), pm.BitSize)
		}
		if pm.Aligned > m.Align {
			c.diff("%s: align %d, pahole __aligned__(%d)", at, m.Align, pm.Aligned)
		}
		switch {
		case m.Expansion != nil && m.Expansion.Pointee != nil:
			// The struct m points to, printed in place, its offsets
			// from its own start.
			c.members(at, m.Expansion.Pointee.Size, pm.Nested, m.Expansion.Pointee.Members)
		case len(pm.Nested) > 0 || len(m.Inner) > 0:
			c.members(at, m.End(), pm.Nested, m.Inner)
		}
	}
}

// reverseDims spells the array type typ with its dimensions in reverse
// order: int16[4][2] as int16[2][4].
func reverseDims(typ string) string {
	i := strings.IndexByte(typ, '[')
	if i < 0 || !strings.HasSuffix(typ, "]") {
		return typ
	}
	dims := strings.Split(typ[i+1:len(typ)-1], "][")
	slices.Reverse(dims)
	return typ[:i] + "[" + strings.Join(dims, "][") + "]"
}
