package cases128

import (
	"sync"
	"sync/atomic"
)

// ringBuffer is Workiva's queue.RingBuffer: plain uint64 counters that
// sync/atomic's functions update, each padded on both sides with 64 bytes
// that carry no comment, the first pad shifting the rest by 8.
type ringBuffer struct {
	_padding0 [8]uint64
	queue     uint64
	_padding1 [8]uint64 // want `ringBuffer: padding _padding1 \[8\]uint64 \(64 bytes\) leaves queue and dequeue on one line \(128-byte lines\): it needs 56 more bytes; in 48% of heap objects`
	dequeue   uint64
	_padding2 [8]uint64 // want `ringBuffer: padding _padding2 \[8\]uint64 \(64 bytes\) leaves dequeue and mask on one line \(128-byte lines\): it needs 48 more bytes; in 52% of heap objects`
	mask      uint64
	disposed  uint64
	_padding3 [8]uint64 // want `ringBuffer: padding _padding3 \[8\]uint64 \(64 bytes\) leaves disposed and nodes on one line \(128-byte lines\): it needs 32 more bytes; in 48% of heap objects`
	nodes     []*int
}

func (rb *ringBuffer) put() uint64 {
	if atomic.LoadUint64(&rb.disposed) == 1 {
		return 0
	}
	pos := atomic.AddUint64(&rb.queue, 1)
	return pos & rb.mask
}

func (rb *ringBuffer) get() bool {
	pos := atomic.LoadUint64(&rb.dequeue)
	return atomic.CompareAndSwapUint64(&rb.dequeue, pos, pos+1) && rb.nodes != nil
}

// group is otter's singleflight group: its pad fails at several heap
// bases, and says what the base that needs most needs (56 bytes at base
// 80), not what the first needs (8 at base 0).
type group struct {
	calls    *int
	mu       sync.Mutex
	ready    atomic.Bool
	commit   func()
	publish  func()
	executor func()
	nodeOf   func()
	// The counters change on bulk loads: keep them off the cache line of
	// the fields above, read on every call.
	_             [64]byte // want `group: padding _ \[64\]byte \(64 bytes\) leaves nodeOf and bulkLoads on one line \(128-byte lines\): it needs 56 more bytes; in 50% of heap objects, those starting 0, 80, 96 or 112 bytes past a 128-byte line \(the 144-byte size class starts them at 0, 16, 32, 48, 64, 80, 96 or 112\)`
	bulkLoads     atomic.Int64
	invalidations atomic.Uint64
}
