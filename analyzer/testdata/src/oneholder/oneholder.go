// Package oneholder holds structs in place in heap objects of other
// types; go vet shows cachelint this package alone.
package oneholder

// bytesQueue is bigcache's queue.BytesQueue. No exported object reaches
// it and no value of it becomes an interface: the package sees every
// holder, cacheShard.entries, at offset 8 of 280-byte shards that only
// pointers keep.
type bytesQueue struct {
	full         bool   //cachelint:hot
	array        []byte //cachelint:hot
	capacity     uint64
	maxCapacity  uint64
	head         uint64 //cachelint:hot
	tail         uint64 /* want `bytesQueue: tail and count are written and share line 1 with headerBuffer \(read-mostly\) \(64-byte lines\); in every object holding it \(bytesQueue is no heap object of its own: it lies in cacheShard\.entries at offset 8 of a 280-byte object, which starts it 8 or 40 bytes past a line\)` */ //cachelint:hot write
	count        uint64 //cachelint:hot write
	rightMargin  uint64
	headerBuffer []byte //cachelint:hot
	verbose      bool
}

type cacheShard struct {
	hashmap map[uint64]uint32
	entries bytesQueue
	rest    [20]uint64
}

var shards []*cacheShard

func newShard() *cacheShard { return &cacheShard{entries: bytesQueue{}} }

// Queue is the same queue, exported: a package importing this one may
// hold its values anywhere, so it is judged as a heap object.
type Queue struct {
	full         bool   //cachelint:hot
	array        []byte //cachelint:hot
	capacity     uint64
	maxCapacity  uint64
	head         uint64 //cachelint:hot
	tail         uint64 /* want `Queue: tail is written and shares line 0 with full` */                                                                                                                                                                                                                                                                                  //cachelint:hot write
	count        uint64 /* want `Queue: count is written and shares line 1 with headerBuffer \(read-mostly\) \(64-byte lines\); in 26% of heap objects.*; judged as a heap object of its own: this package holds it only in place or as elements, but the driver shows cachelint one package at a time, and other packages' holders are not seen: Queue is exported;` */ //cachelint:hot write
	rightMargin  uint64
	headerBuffer []byte /* want `Queue: hot field headerBuffer \(24 bytes at offset 80\) crosses the line boundary at 96 \(64-byte lines\); in 25% of heap objects.*; judged as a heap object of its own: this package holds it only in place or as elements, but the driver shows cachelint one package at a time, and other packages' holders are not seen: Queue is exported;` */ //cachelint:hot
	verbose      bool
}

type queueShard struct {
	hashmap map[uint64]uint32
	entries Queue
	rest    [20]uint64
}

var queueShards []*queueShard

// boxedQueue is the same again, unexported, but a value of its shard
// becomes an interface, which any code may copy.
type boxedQueue struct {
	full         bool   //cachelint:hot
	array        []byte //cachelint:hot
	capacity     uint64
	maxCapacity  uint64
	head         uint64 //cachelint:hot
	tail         uint64 /* want `boxedQueue: tail is written and shares line 0 with full` */                                                                                                                                                                                                                                                                                                       //cachelint:hot write
	count        uint64 /* want `boxedQueue: count is written and shares line 1 with headerBuffer .*in 26% of heap objects.*; judged as a heap object of its own: this package holds it only in place or as elements, but the driver shows cachelint one package at a time, and other packages' holders are not seen: a value of type boxedShard is converted to any at .*oneholder\.go:78:36;` */ //cachelint:hot write
	rightMargin  uint64
	headerBuffer []byte /* want `boxedQueue: hot field headerBuffer .*in 25% of heap objects.*; judged as a heap object of its own: this package holds it only in place or as elements, but the driver shows cachelint one package at a time, and other packages' holders are not seen: a value of type boxedShard is converted to any at .*oneholder\.go:78:36;` */ //cachelint:hot
	verbose      bool
}

type boxedShard struct {
	hashmap map[uint64]uint32
	entries boxedQueue
	rest    [20]uint64
}

var boxedShards []*boxedShard

func describe(s *boxedShard) any { return *s }
