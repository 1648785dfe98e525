// Package user assembles with amd64only.
package user

import "example.com/archonly/amd64only"

// Ret is a return instruction.
func Ret(s *amd64only.Stats) *amd64only.Program {
	return amd64only.Assemble(s, []byte{0xc3})
}
