// Package amd64only assembles code for amd64, as a JIT does: its
// registers are declared in a file for amd64 alone (regs_amd64.go), and
// its other files carry no build constraint, so it builds for amd64 and
// for no other GOARCH.
package amd64only

import "sync/atomic"

// Program is an assembled function.
type Program struct {
	Code []byte
	Regs []Reg
}

// Stats counts what is assembled. Its pad is too short for 64-byte lines.
type Stats struct {
	programs atomic.Uint64
	_        [48]byte
	bytes    atomic.Uint64
}

// Assemble assembles code using regs.
func Assemble(s *Stats, code []byte, regs ...Reg) *Program {
	s.programs.Add(1)
	s.bytes.Add(uint64(len(code)))
	return &Program{Code: code, Regs: regs}
}
