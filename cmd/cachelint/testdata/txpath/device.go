// Package txpath is a network device's transmit path, for the end-to-end
// test of cachelint profile: a benchmark profiles it, cachelint annotates
// it, and the analyzer then finds its hot fields spread over three lines.
package txpath

import "errors"

var errTooBig = errors.New("packet larger than the MTU")

// Queue is a transmit queue.
type Queue struct {
	slots [256][]byte
	head  uint32
}

func (q *Queue) enqueue(p []byte) {
	q.slots[q.head&255] = p
	q.head++
}

// Device is a network device.
type Device struct {
	name     [16]byte
	xmit     func([]byte) error
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

// NewDevice sets a device up.
func NewDevice(name string) *Device {
	d := &Device{mtu: 1500, features: 3, qdisc: &Queue{}, ifindex: 2}
	copy(d.name[:], name)
	d.xmit = func(p []byte) error { return nil }
	d.rx = func(p []byte) {}
	return d
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
	return d.xmit(p)
}

// Receive hands a packet up; no benchmark runs it.
func (d *Device) Receive(p []byte) {
	d.stats[0]++
	d.rx(p)
}
