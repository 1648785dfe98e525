// Package work is a workload for the profile tests: each type stands for a
// case the mapping must get right, and Run exercises them while a CPU
// profile is taken.
package work

import (
	"sync"
	"sync/atomic"
)

// Counter is bumped by every worker at once: hits must come out written.
type Counter struct {
	name  string
	hits  atomic.Int64
	limit int64
}

// Device is read on every transmit; xmit, mtu and features lie on three
// different lines, so once annotated the layout check reports a spread.
// txPackets is the one field the path writes.
type Device struct {
	name      [16]byte
	xmit      func([]byte) int
	alias     string
	stats     [8]uint64
	mtu       uint32
	flags     uint32
	addr      [32]byte
	ifindex   int
	watchdog  int64
	features  uint64
	txPackets uint64
}

// MTU is an accessor the compiler inlines into the loop.
func (d *Device) MTU() uint32 { return d.mtu }

// Transmit is the hot path: three reads and one increment per packet.
func (d *Device) Transmit(p []byte) int {
	if len(p) > int(d.MTU()) {
		return 0
	}
	if d.features&1 != 0 {
		p[0] ^= 1
	}
	d.txPackets++
	return d.xmit(p)
}

// Ring is generic: its fields are reached through instantiations.
type Ring[T any] struct {
	head, tail uint64
	mask       uint64
	slots      []T
	dropped    uint64
}

// Push stores v at the head.
func (r *Ring[T]) Push(v T) {
	r.slots[r.head&r.mask] = v
	r.head++
}

// Stats is embedded in Queue, whose code increments its fields through the
// embedding.
type Stats struct {
	packets uint64
	bytes   uint64
	errors  uint64
}

// Queue embeds Stats.
type Queue struct {
	Stats
	id    int
	ring  *Ring[int]
	owner string
}

// Config is read once at startup and never on a hot path: it must stay
// unannotated.
type Config struct {
	Workers int
	Rounds  int
	Burst   int
}

// Sink keeps results alive so the compiler drops no work.
var Sink uint64

// Run runs every case for rounds rounds of a thousand operations, in
// order, and returns what they computed. A fixed amount of work, not a
// time, gives a profile the same number of samples however busy the
// machine is.
func Run(rounds int) uint64 {
	cfg := Config{Workers: 2, Rounds: rounds, Burst: 64}
	var sum uint64
	sum += count(cfg)
	sum += transmit(cfg)
	sum += ring(cfg)
	sum += queue(cfg)
	Sink = sum
	return sum
}

func count(cfg Config) uint64 {
	c := &Counter{name: "hits", limit: 1 << 62}
	var wg sync.WaitGroup
	// Contended increments cost more: fewer rounds for the same time.
	rounds := cfg.Rounds / cfg.Workers / 8
	for range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				for range 1000 {
					if c.hits.Add(1) > c.limit {
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	return uint64(c.hits.Load())
}

func transmit(cfg Config) uint64 {
	var sent uint64
	d := &Device{mtu: 1500, features: 1, xmit: func(p []byte) int { return len(p) }}
	pkt := make([]byte, 512)
	rounds := cfg.Rounds
	for range rounds {
		for range 1000 {
			sent += uint64(d.Transmit(pkt))
		}
	}
	return sent + d.txPackets
}

func ring(cfg Config) uint64 {
	r := &Ring[uint64]{mask: 1023, slots: make([]uint64, 1024)}
	// A push costs less than a transmit.
	rounds := cfg.Rounds * 2
	for range rounds {
		for i := range 1000 {
			r.Push(uint64(i))
		}
	}
	return r.head
}

func queue(cfg Config) uint64 {
	q := &Queue{id: 1, ring: &Ring[int]{mask: 63, slots: make([]int, 64)}}
	rounds := cfg.Rounds * 3
	for range rounds {
		for i := range 1000 {
			q.packets++
			q.bytes += uint64(i & 1023)
		}
	}
	return q.packets + q.bytes
}
