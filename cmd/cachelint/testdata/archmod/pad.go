// Package archmod pads with a cache line of its GOARCH's size, as
// golang.org/x/sys/cpu.CacheLinePad does, and with a literal size.
package archmod

import "sync/atomic"

// CacheLinePad is a line of the GOARCH built for.
type CacheLinePad struct{ _ [cacheLineSize]byte }

// Shard keeps its two counters apart on every GOARCH: its pad is that
// GOARCH's line.
type Shard struct {
	head atomic.Uint64
	_    CacheLinePad
	tail atomic.Uint64
}

// Fixed keeps them apart where lines are 64 bytes only.
type Fixed struct {
	head atomic.Uint64
	_    [56]byte
	tail atomic.Uint64
}
