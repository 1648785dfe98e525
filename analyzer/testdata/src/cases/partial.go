package cases

// wireStats is read from a wire format that fixes where flags and seq
// lie, so seq's line stays shared with flags whatever the order; the fix
// still brings limit and mask onto that line, and says what it leaves.
type wireStats struct {
	//cachelint:pin
	flags uint64 /* want `wireStats: hot fields occupy 2 lines where 1 would do \(64-byte lines\): flags, seq, limit, mask` */ //cachelint:hot
	//cachelint:pin
	seq   uint64 /* want `wireStats: seq is written and shares line 0 with flags \(read-mostly\) \(64-byte lines\); the fix leaves this: no order fixes falseshare of seq, since seq is pinned; nor does padding wireStats from 96 to 120 bytes: the 128-byte size class starts every heap object on a line, for 32 more bytes per object` */ //cachelint:hot write
	cold  [64]byte
	limit uint64 //cachelint:hot
	mask  uint64 //cachelint:hot
}
