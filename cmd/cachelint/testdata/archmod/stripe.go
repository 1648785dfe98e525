package archmod

import "sync/atomic"

// Stripe is one of a counter's stripes, padded for 64-byte lines; package
// user keeps them in a slice.
type Stripe struct {
	N atomic.Uint64
	// Keep neighbouring stripes off each other's cache line.
	_ [56]byte
}

// Striped keeps values of any type in a slice and hands out pointers to
// them: whoever instantiates it writes its type argument as elements.
type Striped[T any] struct{ stripes []T }

// Stripe is the i-th value.
func (s *Striped[T]) Stripe(i int) *T { return &s.stripes[i] }
