// Package cases holds structs shaped like real fast-path structs, checked
// at 64-byte lines.
package cases

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

type ring struct{ head, tail uint32 }
type pool struct{ free []int }

// rxQueue is one receive queue per core, polled in a tight loop, like
// DPDK's af_packet rx queue: 64 bytes but only 8-byte aligned.
//
//cachelint:percpu
type rxQueue struct {
	ring   *ring
	mp     *pool
	port   uint16
	qid    uint16
	sockfd int32
	// Counters, bumped on every poll.
	rxPkts   uint64 /* want `rxQueue: percpu elements are 64 bytes and only 8-byte aligned: at base offset 8, written rxPkts of one element shares a line with frames of the previous element \(64-byte lines\)` */ //cachelint:hot write
	rxBytes  uint64 //cachelint:hot write
	rxNombuf uint64 //cachelint:hot write
	errs     uint64
	frames   uint64
}

// server is shared by every request goroutine. The first order that takes
// hits off cfg's line pads it as if objects started on a line; its size
// class starts them 16 bytes apart, and at one of those bases the pad
// leaves name on hits's line, as a run after the fix would say. The fix
// is the next order tried: name behind the pad, which keeps cfg from
// name and hits at every base.
type server struct {
	cfg  *config      //cachelint:hot
	hits atomic.Int64 /* want `server: hits is written and shares line 0 with cfg \(read-mostly\) \(64-byte lines\); the fix reorders the fields and pads server from 32 to 72 bytes: the 80-byte size class starts heap objects at 0, 16, 32 or 48 bytes past a 64-byte line, for 48 more bytes per object` */ //cachelint:hot write
	name string
}

type config struct{ n int }

// mpmcQueue is xsync's MPMCQueue: producers write head and consumers
// tail, each padded onto a line of its own, and slots sits alone on a
// fourth line. One profile of both marks head and tail written on one
// path; the pads say they stay apart, and the fix only moves slots up.
type mpmcQueue struct {
	capMask  uint64 /* want `mpmcQueue: hot fields occupy 4 lines where 3 would do` */ //cachelint:hot
	capShift uint64 //cachelint:hot
	_        [cacheLineSize - 16]byte
	head     uint64 //cachelint:hot write
	_        [cacheLineSize - 8]byte
	tail     uint64 //cachelint:hot write
	_        [cacheLineSize - 8]byte
	slots    []int //cachelint:hot
}

const cacheLineSize = 64

// bucket is xsync's map bucket, which bucketPadded pads to a line from its
// size: a fix that moved next off the written line would grow it past the
// line and make the pad's length negative.
type bucket struct {
	meta    uint64            /* want `bucket: meta, entries and mu are written and share line 0 with next \(read-mostly\) \(64-byte lines\); no fix: unsafe.Sizeof\(bucket\{\}\) at .*queue.go:74:21 depends on its size and alignment, which the fix changes` */ //cachelint:hot write
	entries [5]unsafe.Pointer //cachelint:hot write
	next    unsafe.Pointer    //cachelint:hot
	mu      sync.Mutex        //cachelint:hot write
}

type bucketPadded struct {
	_ [cacheLineSize - unsafe.Sizeof(bucket{})]byte // want `bucketPadded: bucketPadded is padded to 64 bytes, whole lines, but make`
	bucket
}

func lockBucket(table []bucketPadded, i int) { table[i].mu.Lock() }
