package layout

// NumberBitFieldUnits gives consecutive bit-fields of ms that share a
// storage unit the same Unit, counting from *unit, so the reorganizer keeps
// them together. Readers of binaries call it on each member list.
func NumberBitFieldUnits(ms []Member, unit *int) {
	for i := 0; i < len(ms); {
		j := i + 1
		if ms[i].BitSize > 0 {
			for j < len(ms) && ms[j].BitSize > 0 && ms[j].Offset == ms[i].Offset && ms[j].Size == ms[i].Size {
				j++
			}
		}
		if j-i > 1 {
			*unit++
			for k := i; k < j; k++ {
				ms[k].Unit = *unit
			}
		}
		i = j
	}
}
