package orderuse

// frame is read by sum in assembly at offsets written by hand.
type frame struct {
	head uint64 /* want `frame: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: sum, in assembly \(.*asm.go:\d+:\d+\), takes it without go_asm.h's offsets \(frame_field\)` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

func sum(f *frame) uint64

// counted is read by count at go_asm.h's offsets, which follow the order.
type counted struct {
	head uint64 /* want `counted: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

func count(c *counted) uint64
