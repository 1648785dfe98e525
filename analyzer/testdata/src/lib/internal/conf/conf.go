package conf

// Conf is exported with exported fields, in an internal package: only the
// tree above internal/ may import it, and lib/user builds it unkeyed. The
// pass offers the fix: cachelint -fix withholds it unless lib/user is in
// the load, whose pass refuses it.
type Conf struct {
	Head uint64 /* want `Conf: hot fields occupy 2 lines where 1 would do \(64-byte lines\): Head, Tail` */ //cachelint:hot
	Body [64]byte
	Tail uint64 //cachelint:hot
}

// Free is built unkeyed nowhere in that tree.
type Free struct {
	Head uint64 /* want `Free: hot fields occupy 2 lines where 1 would do \(64-byte lines\): Head, Tail` */ //cachelint:hot
	Body [64]byte
	Tail uint64 //cachelint:hot
}
