// Package arm64only assembles code for arm64: it builds for arm64 alone.
package arm64only

// Program is an assembled function.
type Program struct {
	Code []uint32
	Regs []Reg
}
