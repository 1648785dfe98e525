package cases

// wireStats is read from a wire format that fixes where flags and seq
// lie, so seq's line stays shared with flags whatever the order. A fix
// may not bring limit and mask onto that line, which seq's writes would
// then take from their readers too; kept off it, they save no line: no
// fix.
type wireStats struct {
	//cachelint:pin
	flags uint64 //cachelint:hot
	//cachelint:pin
	seq   uint64 /* want `wireStats: seq is written and shares line 0 with flags \(read-mostly\) \(64-byte lines\); no fix: no order of the fields fixes it: the best one still has seq is written and shares line 0 with flags \(read-mostly\) \(64-byte lines\)` */ //cachelint:hot write
	cold  [64]byte
	limit uint64 //cachelint:hot
	mask  uint64 //cachelint:hot
}

// tallies keeps hits and limit where a C reader of its memory expects
// them, so hits's line stays shared with limit; the fix brings a and j
// together on the next line, off hits's, at no cost, and says what it
// leaves.
type tallies struct {
	//cachelint:hot write path=count
	hits uint64 /* want `tallies: hits is written on path count and shares line 0 with limit \(read-mostly\) \(64-byte lines\); the fix leaves this: no order fixes falseshare of hits, since hits is pinned` */ //cachelint:pin
	//cachelint:hot path=count
	limit uint64 //cachelint:pin
	spare [6]uint64
	a     uint64 /* want `tallies: hot fields of path read occupy 2 lines where 1 would do \(64-byte lines\): a, j` */ //cachelint:hot path=read
	b     [7]uint64
	j     uint64 //cachelint:hot path=read
}
