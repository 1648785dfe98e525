// Package txq is a network device's transmit path with no annotations:
// docs/profile.md profiles its benchmark, lets cachelint profile annotate
// the fields the path touches, and fixes the layout go vet then reports.
package txq

import "errors"

var errTooBig = errors.New("packet larger than the MTU")

// Queue is a transmit queue, shared here by every device.
type Queue struct {
	slots [64][]byte
	head  uint32
}

func (q *Queue) enqueue(p []byte) {
	q.slots[q.head&63] = p
	q.head++
}

// Device is a network device. Transmit reads xmit, qdisc, mtu and
// features and counts packets in txCount.
type Device struct {
	name     [16]byte
	xmit     func(*Device, []byte) error
	ifalias  string
	stats    [8]uint64
	qdisc    *Queue
	rx       func([]byte)
	addr     [32]byte
	mtu      uint32
	flags    uint32
	ifindex  int
	watchdog int64
	features uint64
	txDrops  uint64
	txCount  uint64
}

// Transmit sends one packet.
func (d *Device) Transmit(p []byte) error {
	if len(p) > int(d.mtu) {
		d.txDrops++
		return errTooBig
	}
	if d.features&1 != 0 {
		p[0] |= 1
	}
	d.qdisc.enqueue(p)
	d.txCount++
	return d.xmit(d, p)
}

// Receive hands a packet up; the benchmark never runs it.
func (d *Device) Receive(p []byte) {
	d.stats[0]++
	d.rx(p)
}
