package pads

import "fixsafe/internal/xr"

// pair is read on one path: a fix would put a and b on one line and drop
// the pad, the only use of xr in this file.
type pair struct {
	a uint64                     //cachelint:hot
	_ [xr.CacheLineSize - 8]byte // keeps a and b on separate cache lines
	b uint64                     //cachelint:hot
}

// Sum is a and b of a pair added.
func Sum() uint64 {
	p := pair{a: 1, b: 2}
	return p.a + p.b
}
