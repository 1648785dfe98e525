package txpath

import "testing"

// BenchmarkTransmit sends packets out of four devices in turn.
func BenchmarkTransmit(b *testing.B) {
	devs := []*Device{NewDevice("eth0"), NewDevice("eth1"), NewDevice("eth2"), NewDevice("eth3")}
	p := make([]byte, 64)
	i := 0
	for b.Loop() {
		if err := devs[i&3].Transmit(p); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
