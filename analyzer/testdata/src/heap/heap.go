// Package heap holds structs whose findings depend on where the Go
// allocator starts their objects.
package heap

// session is 80 bytes: the 80-byte size class starts a quarter of its
// objects 32 bytes past a line, where key and seq cross one.
//
//cachelint:budget lines=1
type session /* want `session: hot fields occupy 2 lines, over the budget of 1 \(64-byte lines\); in 25% of heap objects, those starting 32 bytes past a 64-byte line \(the 80-byte size class starts them at 0, 16, 32 or 48\)` */ struct {
	id, created, owner uint64
	key                uint64 /* want `session: hot fields occupy 2 lines where 1 would do \(64-byte lines\): key, seq; in 25% of heap objects, those starting 32 bytes past a 64-byte line \(the 80-byte size class starts them at 0, 16, 32 or 48\)` */ //cachelint:hot
	seq                uint64 //cachelint:hot
	a, b, c, d, e      uint64
}

// conn fills its first line with read-mostly fields and counts on the
// next. It holds pointers and is over 512 bytes, so the allocator puts an
// 8-byte header in front of it: in every object the counters share a line
// with timeout.
type conn struct {
	cfg      *config //cachelint:hot
	name     string  //cachelint:hot
	peers    []*conn //cachelint:hot
	id       uint64  //cachelint:hot
	timeout  int64   //cachelint:hot
	bytesIn  uint64  /* want `conn: bytesIn and bytesOut are written and share line 1 with timeout \(read-mostly\) \(64-byte lines\); in every heap object: the 8-byte malloc header in the 640-byte size class starts each 8 bytes past a 64-byte line` */ //cachelint:hot write
	bytesOut uint64  //cachelint:hot write
	buf      [512]byte
}

type config struct{ limit int }

// timer is 48 bytes: its objects start at 0, 16, 32 or 48 past a line, and
// no order keeps 24 hot bytes on one line at all four.
//
//cachelint:budget lines=1
type timer /* want `timer: hot fields occupy 2 lines, over the budget of 1 \(64-byte lines\); in 25% of heap objects, those starting 32 bytes past a 64-byte line \(the 48-byte size class starts them at 0, 16, 32 or 48\); the fix reorders the fields and pads timer from 48 to 56 bytes: the 64-byte size class starts every heap object on a line, for 16 more bytes per object` */ struct {
	f      func()
	arg    any
	when   int64  /* want `timer: hot fields occupy 2 lines where 1 would do \(64-byte lines\): when, period, seq; in 25% of heap objects, those starting 32 bytes past a 64-byte line \(the 48-byte size class starts them at 0, 16, 32 or 48\); the fix reorders the fields and pads timer from 48 to 56 bytes: the 64-byte size class starts every heap object on a line, for 16 more bytes per object` */ //cachelint:hot
	period int64  //cachelint:hot
	seq    uint64 //cachelint:hot
}

// big is a large object: it starts on a page, so base-0 arithmetic holds.
//
//cachelint:budget lines=1
type big /* want `big: hot fields occupy 2 lines, over the budget of 1 \(64-byte lines\)` */ struct {
	head uint64 /* want `big: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	data [40000]byte
	tail uint64 //cachelint:hot
}

const cacheLineSize = 64

// bucket is padded to a line, to give each bucket of a table a line of its
// own (xsync's bucketPadded, whose fields fill the line and whose pad is
// empty on 64-bit targets). It holds a pointer, so a table of more than 8
// buckets gets a malloc header and every bucket starts 8 bytes past a
// line: lock moves onto the line of the next bucket's next and keys.
type bucket struct {
	_    [cacheLineSize - 64]byte // want `bucket: bucket is padded to 64 bytes, whole lines, but make\(\[\]bucket, n\) for n from 9 to 511 starts elements off a line \(8 bytes past one, after the 8-byte malloc header\), so the fields of each span 2 lines, not 1, one of them with the next element's \(64-byte lines\)`
	next *bucket
	keys [6]uint64
	lock uint64
}

func lockIn(table []bucket, i int) { table[i].lock++ }

// slot is padded to a line so that neighbouring slots' turns are not on
// one line (xsync v3's slotPadded). Behind the malloc header its 24 bytes
// of fields start 8 bytes past a line, still on a line of their own.
type slot struct {
	turn uint64
	item any
	_    [cacheLineSize - 24]byte
}

func take(slots []slot, i int) { slots[i].turn++ }

// counters are padded the same way, but hold no pointers: every slice of
// them starts on a line.
type counters struct {
	n [7]uint64
	_ [cacheLineSize - 56]byte
}

// shard is one per core in a slice, so its elements start where the
// element size steps them, not where its own 48-byte size class would put
// a lone object: the finding counts the elements of an array. The order
// that keeps neighbours apart puts the counters first, limit, which other
// cores read too (path check), on a line apart from them, and pads each
// element to 128 bytes.
//
//cachelint:percpu
type shard struct {
	hits  uint64 /* want `shard: hits and miss are written on path count and share line 0 with limit \(read-mostly\) \(64-byte lines\); in 75% of elements of an array of them, those starting 0, 16 or 32 bytes past a 64-byte line \(48-byte elements start them at 0, 16, 32 or 48\)$` `shard: percpu elements are 48 bytes and only 8-byte aligned: at base offset 0, written hits of one element shares a line with hits of the next element \(64-byte lines\)$` */ //cachelint:hot write path=count
	miss  uint64 //cachelint:hot write path=count
	limit uint64 //cachelint:hot path=count,check
	a     uint64
	b     uint64
	c     uint64
}

// traceMap is the runtime's, with a line of padding between each pair of
// fields. The 176-byte size class starts a quarter of its objects 48 bytes
// past a line, where seq and mem would be a pair of lines apart without
// the second pad; at the other bases they would not, and one declaration
// serves every object, so neither pad is a line too long.
type traceMap struct {
	root uintptr
	_    [cacheLineSize]byte
	seq  uint64
	_    [cacheLineSize]byte
	mem  [3]uint64
}

// poolLocal is sync.Pool's per-P shard: 64 bytes of fields padded to 128.
// Behind the malloc header they span 2 lines, but a whole 64-byte pad
// still lies between one element's fields and the next's: no line is
// shared.
type poolLocal struct {
	private *int
	shared  [7]uint64
	// Prevents false sharing on widespread platforms with
	// 128 mod (cache line size) = 0 .
	pad [128 - 64]byte
}

func pinLocal(locals []poolLocal, p int) { locals[p].shared[0]++ }

// dedupAggr is VictoriaMetrics lib/streamaggr's, reduced: every push reads
// shards and droppedSamples, nothing writes them after construction. The
// 48-byte size class starts objects at 0, 16, 32 or 48 past a line, and a
// 24-byte slice header crosses a line at one of those wherever it sits:
// only padding every object to 64 bytes would keep it on one line, for
// one read-only line in a quarter of the objects. No finding.
type dedupAggr struct {
	shards         []dedupAggrShard //cachelint:hot
	flushDuration  *histogram
	flushTimeouts  *counter
	droppedSamples *counter //cachelint:hot
}

type (
	dedupAggrShard struct{ n uint64 }
	histogram      struct{ n uint64 }
	counter        struct{ n uint64 }
)

// entry is 48 bytes too, but its 16-byte hot key sits 8 bytes in, so it
// crosses a line in the objects that start 48 bytes past one; put first,
// at a multiple of 16, it stays on one line in every object.
type entry struct {
	gen  uint64
	key  uuid /* want `entry: hot field key \(16 bytes at offset 8\) crosses the line boundary at 16 \(64-byte lines\); in 25% of heap objects, those starting 48 bytes past a 64-byte line \(the 48-byte size class starts them at 0, 16, 32 or 48\); putting key first \(offset 0\) fixes it in every heap object` */ //cachelint:hot
	a, b uint64
	c    uint64
}

// uuid is compared whole.
type uuid struct{ hi, lo uint64 }
