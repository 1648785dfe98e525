package cg

// struct ring { unsigned long head; char cold[64]; unsigned long tail; };
import "C"

// Ring mirrors struct ring of the C side.
type Ring struct {
	head uint64 //cachelint:hot
	cold [64]byte
	tail uint64 //cachelint:hot
}

var _ C.struct_ring
