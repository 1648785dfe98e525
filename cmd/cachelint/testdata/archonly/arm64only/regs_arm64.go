package arm64only

// Reg is an arm64 register.
type Reg uint8
