package amd64only

// Reg is an amd64 register.
type Reg uint8

const (
	AX Reg = iota
	CX
	DX
)
