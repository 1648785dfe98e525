package csource

import (
	"fmt"

	"github.com/cachelint/cachelint/layout"
)

// cLayout lays p's members out in p's order as GCC does on x86-64 (the
// System V rules), with the unnamed bit-fields the source keeps before
// members (unnamed, by original member), and returns the size of each
// pad p inserts (by proposed index), measured from where C puts the pad:
// after a bit-field, that is the byte after its last bit, not the end of
// its storage unit. A member C would put elsewhere than p says is an
// error: the patch would not give the proposed layout.
func (d *def) cLayout(s *layout.Struct, p *layout.Proposal, unnamed map[int][]*unnamedBits) (map[int]int64, error) {
	fail := func(m *layout.Member, format string, args ...any) error {
		line := d.line
		if m.DeclLine > 0 {
			line = m.DeclLine - 1
		}
		return &Error{File: d.f.path, Line: line + 1, Struct: d.name, Member: m.Label(), Msg: fmt.Sprintf(format, args...)}
	}
	pads := map[int]int64{}
	var bit int64 // the first bit not yet taken
	byteEnd := func() int64 { return (bit + 7) / 8 }
	for i := range p.Struct.Members {
		m := &p.Struct.Members[i]
		if p.Inserted(i) {
			start := byteEnd()
			if m.End() <= start {
				return nil, fail(m, "a pad to offset %d, where C has already reached %d", m.End(), start)
			}
			pads[i] = m.End() - start
			bit = m.End() * 8
			continue
		}
		for _, u := range unnamed[p.From[i]] {
			unit := u.size * 8
			switch {
			case u.width == 0:
				bit = layout.AlignUp(bit, unit)
			case !s.Packed && bit/unit != (bit+u.width-1)/unit:
				bit = layout.AlignUp(bit, unit) + u.width
			default:
				bit += u.width
			}
		}
		if m.IsBitField() {
			unit := m.Size * 8
			at := bit
			if m.AlignAttr > 0 {
				at = layout.AlignUp(at, m.AlignAttr*8)
			}
			if !s.Packed && unit > 0 && at/unit != (at+m.BitSize-1)/unit {
				at = layout.AlignUp(at, unit)
			}
			if at != m.BitOffset {
				return nil, fail(m, "the proposal puts it at bit %d, where C puts it in that order at bit %d: no patch", m.BitOffset, at)
			}
			bit = at + m.BitSize
			continue
		}
		align := max(m.AlignAttr, 1)
		if !s.Packed {
			align = max(align, m.Align)
		}
		at := layout.AlignUp(byteEnd(), align)
		if at != m.Offset {
			return nil, fail(m, "the proposal puts it at offset %d, where C puts it in that order at %d: no patch", m.Offset, at)
		}
		bit = (at + m.Size) * 8
	}
	if size := layout.AlignUp(byteEnd(), p.Struct.Align); size != p.Struct.Size && (len(p.Struct.Members) > 0) {
		return nil, &Error{File: d.f.path, Line: d.close + 1, Struct: d.name,
			Msg: fmt.Sprintf("the proposal makes it %d bytes, where C makes it %d in that order: no patch", p.Struct.Size, size)}
	}
	return pads, nil
}
