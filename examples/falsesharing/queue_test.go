package falsesharing

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// poll is what one core's poll loop does to its own queue per batch.
func poll(packets, bytes, drops *uint64, i uint64) {
	*packets += 32
	*bytes += 32 * 1500
	if i%64 == 0 {
		*drops++
	}
}

// pollAtomic is poll for counters that readers on other cores load while
// the queue runs, as statistics are read.
func pollAtomic(packets, bytes, drops *uint64, i uint64) {
	atomic.AddUint64(packets, 32)
	atomic.AddUint64(bytes, 32*1500)
	if i%64 == 0 {
		atomic.AddUint64(drops, 1)
	}
}

// runQueues runs one goroutine per core, each polling its own element of
// qs with update, as a driver's per-queue NAPI loops do.
func runQueues[Q any](b *testing.B, qs []Q, update func(packets, bytes, drops *uint64, i uint64), counters func(*Q) (packets, bytes, drops *uint64)) {
	var next atomic.Int32
	b.RunParallel(func(pb *testing.PB) {
		q := &qs[int(next.Add(1)-1)%len(qs)]
		p, by, d := counters(q)
		var i uint64
		for pb.Next() {
			update(p, by, d, i)
			i++
		}
	})
}

func BenchmarkRxQueues(b *testing.B) { benchmarkQueues(b, poll) }

func BenchmarkRxQueuesAtomic(b *testing.B) { benchmarkQueues(b, pollAtomic) }

func benchmarkQueues(b *testing.B, update func(packets, bytes, drops *uint64, i uint64)) {
	n := runtime.GOMAXPROCS(0)
	b.Run("layout=before", func(b *testing.B) {
		runQueues(b, make([]RxQueue, n), update, func(q *RxQueue) (*uint64, *uint64, *uint64) {
			return &q.packets, &q.bytes, &q.drops
		})
	})
	b.Run("layout=after", func(b *testing.B) {
		runQueues(b, make([]RxQueuePadded, n), update, func(q *RxQueuePadded) (*uint64, *uint64, *uint64) {
			return &q.packets, &q.bytes, &q.drops
		})
	})
}
