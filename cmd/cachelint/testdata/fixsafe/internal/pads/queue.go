// Package pads has pads written from a constant of another package.
package pads

import "fixsafe/internal/xr"

// queue keeps head and tail half a line apart: the fix grows the pad
// between them to a line, written with the constant they are written
// with. Fixed, it takes 128 bytes, a size class whose objects all start
// on a line, where the pad does what it is for.
type queue struct {
	head  uint64 //cachelint:hot write path=producer
	_     [xr.CacheLineSize/2 - 8]byte
	tail  uint64 //cachelint:hot write path=consumer
	_     [xr.CacheLineSize/2 - 8]byte
	items []int
	stats [7]uint64
}

// RoundTrip pushes vs into a queue and pops them back.
func RoundTrip(vs ...int) []int {
	q := &queue{items: make([]int, len(vs))}
	for _, v := range vs {
		q.items[q.head] = v
		q.head++
	}
	var out []int
	for q.tail < q.head {
		out = append(out, q.items[q.tail])
		q.tail++
	}
	return out
}
