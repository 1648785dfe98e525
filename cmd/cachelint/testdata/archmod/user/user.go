// Package user writes archmod's stripes as elements of a slice: only a
// check of the whole load sees that they have neighbours.
package user

import "example.com/archmod"

// Bump adds to stripe i.
func Bump(stripes []archmod.Stripe, i int) { stripes[i].N.Add(1) }

// Cell is one of the cells of a Striped counter, padded for 64-byte lines.
type Cell struct {
	n uint64
	// Keep neighbouring cells off each other's cache line.
	_ [56]byte
}

// Cells are a Striped counter's cells.
var Cells archmod.Striped[Cell]
