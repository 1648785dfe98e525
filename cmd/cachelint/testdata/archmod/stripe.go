package archmod

import "sync/atomic"

// Stripe is one of a counter's stripes, padded for 64-byte lines; package
// user keeps them in a slice.
type Stripe struct {
	N atomic.Uint64
	// Keep neighbouring stripes off each other's cache line.
	_ [56]byte
}
