// Package falsesharing measures what cachelint's falseshare finding is
// worth: per-core receive queues, each updated only by its own core, kept
// side by side in a slice as drivers keep them.
//
// RxQueue is the layout as first written; RxQueuePadded is the layout
// cachelint's fix gives it (go run ./cmd/cachelint -fix on RxQueue).
// BenchmarkRxQueues runs one goroutine per core over each.
package falsesharing

// Ring is what a queue polls; its contents do not matter here.
type Ring struct {
	slots []uintptr
	mask  uint64
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
}

// RxQueuePadded is RxQueue in the order cachelint's fix proposes: the
// written counters first, and trailing padding that keeps them off every
// line of the neighbouring queues at any base the allocator gives.
//
//cachelint:percpu
type RxQueuePadded struct {
	packets uint64 //cachelint:hot write
	bytes   uint64 //cachelint:hot write
	drops   uint64 //cachelint:hot write
	ring    *Ring
	port    uint16
	queue   uint16
	fd      int32
	_       [56]byte
}
