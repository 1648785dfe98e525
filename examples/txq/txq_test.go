package txq

import (
	"math/rand/v2"
	"testing"
)

func send(*Device, []byte) error { return nil }

// BenchmarkTransmit sends packets through many devices in a random order,
// so that each transmit finds its device's lines out of cache, as a busy
// host with many queues does.
func BenchmarkTransmit(b *testing.B) {
	const n = 1 << 17
	q := &Queue{}
	devs := make([]Device, n)
	for i := range devs {
		devs[i] = Device{xmit: send, qdisc: q, mtu: 1500, features: 1, ifindex: i}
	}
	order := rand.New(rand.NewPCG(1, 2)).Perm(n)
	p := make([]byte, 64)
	i := 0
	for b.Loop() {
		if err := devs[order[i]].Transmit(p); err != nil {
			b.Fatal(err)
		}
		i = (i + 1) & (n - 1)
	}
}

func TestTransmit(t *testing.T) {
	d := &Device{xmit: send, qdisc: &Queue{}, mtu: 1500}
	if err := d.Transmit(make([]byte, 1501)); err != errTooBig {
		t.Errorf("a packet over the MTU: got %v", err)
	}
	if err := d.Transmit(make([]byte, 64)); err != nil || d.txCount != 1 || d.qdisc.head != 1 {
		t.Errorf("got %v, txCount %d, head %d", err, d.txCount, d.qdisc.head)
	}
}
