// Package netq is a small packet-queue library with the cache-line mistakes
// cachelint exists to catch. Run `go run ./cmd/cachelint ./examples/...`
// from the repository root to see them, and add -fix to apply the
// proposed orders.
package netq

import "sync/atomic"

// Ring is a single-producer single-consumer ring. The producer writes
// head, the consumer writes tail, and both read mask and slots.
type Ring struct {
	head  atomic.Uint64 //cachelint:hot write path=produce
	mask  uint64        //cachelint:hot path=produce,consume
	tail  atomic.Uint64 //cachelint:hot write path=consume
	slots []uintptr     //cachelint:hot path=produce,consume
}

// RxQueue is one receive queue per core; the poll loop bumps its counters
// on every batch.
//
//cachelint:percpu
type RxQueue struct {
	ring    *Ring
	port    uint16
	queue   uint16
	fd      int32
	packets uint64 //cachelint:hot write
	bytes   uint64 //cachelint:hot write
	drops   uint64 //cachelint:hot write
	errors  uint64
	polls   uint64
	frames  uint64
}

// Device is a network device. Its transmit path reads xmit, qdisc, mtu and
// features on every packet; they lie on three different lines.
//
//cachelint:budget path=tx lines=1
type Device struct {
	name     [16]byte
	xmit     func([]byte) error //cachelint:hot path=tx
	ifalias  string
	stats    [8]uint64
	qdisc    *Ring        //cachelint:hot path=tx
	rx       func([]byte) //cachelint:hot path=rx
	addr     [32]byte
	mtu      uint32 //cachelint:hot path=tx,rx
	flags    uint32
	ifindex  int //cachelint:hot path=rx
	watchdog int64
	features uint64 //cachelint:hot path=tx
}

// Stats is kept one per worker in a slice, padded by hand for 64-byte
// lines: on arm64's 128-byte lines, neighbours share one.
type Stats struct {
	hits uint64
	// Keep workers' counters on separate cache lines.
	_ [56]byte
}

// Hit counts a hit on worker's own Stats.
func Hit(stats []Stats, worker int) { stats[worker].hits++ }
