package layout

// HoleWalk is pahole 1.24's class__find_holes (dwarves.c): it walks the
// members of one struct body in order, bit by bit, and says how many
// bytes and bits lie unused before each and after the last, so that
// bit-field storage units and the bytes around them come out as pahole
// counts them. T is the caller's integer: int64, or uint32 where pahole's
// own widths matter (its reorganizer's offsets wrap as pahole's do).
type HoleWalk[T int64 | uint32] struct {
	lastSeen   T // the bit after the last one used
	curEnd     T // the end of the current bit-field storage unit
	curSize    T // its size in bits
	inBitfield bool
}

// NewHoleWalk starts a walk of a body that starts at bit start (an inline
// struct at its offset in the outer one, 0 for a struct of its own).
func NewHoleWalk[T int64 | uint32](start T) *HoleWalk[T] {
	return &HoleWalk[T]{lastSeen: start}
}

// Member takes the next member: the byte offset of its storage unit, its
// bit offset from the start of the outermost struct, its width in bits
// (a bit-field's, or its size's), the bits of its type (a bit-field's
// storage unit) and whether it is a bit-field. It returns the bytes and
// bits unused before it.
func (w *HoleWalk[T]) Member(byteOffset, bitOffset, bits, unitBits T, bitfield bool) (byteHoles, bitHoles T) {
	bitEnd := bitOffset + bits
	if w.inBitfield {
		// Bits left in the current storage unit.
		end := min(bitOffset, w.curEnd)
		bitHoles = end - w.lastSeen
		w.lastSeen = end
	}
	if bitfield {
		// Alignment bytes may be left, and a bit-field may span more
		// than one aligned boundary.
		if aligned := byteOffset * 8; w.lastSeen < aligned && aligned <= bitOffset {
			byteHoles = byteOffset - w.lastSeen/8
			w.lastSeen = aligned
		}
		bitHoles += bitOffset - w.lastSeen
	} else {
		byteHoles = bitOffset/8 - w.lastSeen/8
	}
	w.lastSeen = bitEnd
	if !bitfield {
		w.inBitfield, w.curSize, w.curEnd = false, 0, bitEnd
		return byteHoles, bitHoles
	}
	w.inBitfield = true
	// A new storage unit, or the same with a bigger type.
	if bitEnd > w.curEnd || unitBits > w.curSize {
		w.curSize = unitBits
		w.curEnd = byteOffset*8 + unitBits
		if bitEnd > w.curEnd {
			// The bit-field borrowed bits of the previous unit: its
			// unit ends a unit later.
			w.curEnd += unitBits
		}
	}
	return byteHoles, bitHoles
}

// End returns the bytes and bits unused after the last member, in a body
// that ends before byte end: bits left in a bit-field's storage unit, then
// whole bytes.
func (w *HoleWalk[T]) End(end T) (padding, bitPadding T) {
	if w.inBitfield {
		e := min(end*8, w.curEnd)
		bitPadding = e - w.lastSeen
		w.lastSeen = e
	}
	return end - w.lastSeen/8, bitPadding
}
