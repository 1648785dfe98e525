package amd64only

import "testing"

func TestAssemble(t *testing.T) {
	var s Stats
	if p := Assemble(&s, []byte{0xc3}, AX); len(p.Regs) != 1 {
		t.Fatal(p.Regs)
	}
}
