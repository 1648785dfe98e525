package cases

// device keeps its transmit-path fields on four lines.
type device struct {
	// Transmit path.
	xmit  func()   /* want `device: hot fields of path tx occupy 4 lines where 2 would do \(64-byte lines\): xmit, qdisc, mtu, features; in 26% of heap objects, those starting 0 bytes past a 64-byte line \(the 208-byte size class starts them at 0, 16, 32 or 48\)` */ //cachelint:hot path=tx
	name  [32]byte // interface name
	stats [8]uint64
	qdisc *ring `json:"qdisc"` //cachelint:hot path=tx

	// Receive path.
	rxHandler func() /* want `device: hot fields of path rx occupy 2 lines in every heap object where a better order would in only 26% \(64-byte lines\): rxHandler, mtu` */ //cachelint:hot path=rx
	ifalias   string
	dev       [6]uint64
	//cachelint:hot path=tx,rx
	mtu      uint32
	flags    uint32
	*pool           // embedded, cold
	features uint64 //cachelint:hot path=tx
}

// buckets is used with unkeyed literals, so reordering would break them.
type buckets struct {
	lock  uint32 /* want `buckets: lock is written and shares line 0 with count \(read-mostly\) \(64-byte lines\); no fix: an unkeyed composite literal at .*device.go:\d+:22 depends on the field order` */ //cachelint:hot write
	count uint32 //cachelint:hot
}

var defaultBuckets = buckets{0, 1}
