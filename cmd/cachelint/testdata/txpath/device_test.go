package txpath

import "testing"

func BenchmarkTransmit(b *testing.B) {
	d := NewDevice("eth0")
	p := make([]byte, 64)
	for b.Loop() {
		if err := d.Transmit(p); err != nil {
			b.Fatal(err)
		}
	}
}
