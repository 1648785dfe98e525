// Package readmostly measures what grouping read-mostly fields is worth: a
// transmit path that reads a few fields of many devices touches as many
// cache lines per device as those fields are spread over.
//
// Device is laid out as such structs grow, a field at a time; cachelint
// reports its tx fields spread over five lines where one would do, and
// DeviceProposed is the order its fix gives. DeviceCompact and
// DeviceCompactPadded show the allocator's part: the same order, at a size
// whose objects start off a line half the time, and padded as the fix
// pads it. BenchmarkHotWalk reads the tx fields of many devices of each
// layout.
package readmostly

// Ops is a device's method table.
type Ops struct {
	xmit func([]byte) error
}

// Device is a network device as such structs grow, a field at a time.
type Device struct {
	name      [16]byte
	ops       *Ops //cachelint:hot path=tx
	ifalias   string
	addr      [32]byte
	broadcast [32]byte
	mtu       uint32 //cachelint:hot path=tx
	minMTU    uint32
	maxMTU    uint32
	ifindex   int32
	stats     [8]uint64
	txQueues  uint32 //cachelint:hot path=tx
	rxQueues  uint32
	created   int64
	features  uint64 //cachelint:hot path=tx
	hwFeat    uint64
	wanted    uint64
	vlanFeat  uint64
	watchdog  int64
	headroom  uint16 //cachelint:hot path=tx
	tailroom  uint16
	group     int32
	priv      uintptr
	flags     uint32 //cachelint:hot path=tx
	operstate uint32
	linkMode  uint8
	dormant   bool
	upper     *Device
	lower     *Device
	qdisc     uintptr //cachelint:hot path=tx
}

// DeviceProposed is Device in the order cachelint's fix gives it: the tx
// fields first, on one line.
type DeviceProposed struct {
	ops       *Ops    //cachelint:hot path=tx
	features  uint64  //cachelint:hot path=tx
	qdisc     uintptr //cachelint:hot path=tx
	mtu       uint32  //cachelint:hot path=tx
	txQueues  uint32  //cachelint:hot path=tx
	flags     uint32  //cachelint:hot path=tx
	headroom  uint16  //cachelint:hot path=tx
	ifalias   string
	stats     [8]uint64
	created   int64
	hwFeat    uint64
	wanted    uint64
	vlanFeat  uint64
	watchdog  int64
	priv      uintptr
	upper     *Device
	lower     *Device
	minMTU    uint32
	maxMTU    uint32
	ifindex   int32
	rxQueues  uint32
	group     int32
	operstate uint32
	tailroom  uint16
	name      [16]byte
	addr      [32]byte
	broadcast [32]byte
	linkMode  uint8
	dormant   bool
}

// DeviceCompact is DeviceProposed without the broadcast address: 264
// bytes, which the allocator serves from its 288-byte size class, so half
// of the objects start 32 bytes past a line and their tx fields cross it.
type DeviceCompact struct {
	ops       *Ops    //cachelint:hot path=tx
	features  uint64  //cachelint:hot path=tx
	qdisc     uintptr //cachelint:hot path=tx
	mtu       uint32  //cachelint:hot path=tx
	txQueues  uint32  //cachelint:hot path=tx
	flags     uint32  //cachelint:hot path=tx
	headroom  uint16  //cachelint:hot path=tx
	ifalias   string
	stats     [8]uint64
	created   int64
	hwFeat    uint64
	wanted    uint64
	vlanFeat  uint64
	watchdog  int64
	priv      uintptr
	upper     *Device
	lower     *Device
	minMTU    uint32
	maxMTU    uint32
	ifindex   int32
	rxQueues  uint32
	group     int32
	operstate uint32
	tailroom  uint16
	name      [16]byte
	addr      [32]byte
	linkMode  uint8
	dormant   bool
}

// DeviceCompactPadded is DeviceCompact as cachelint's fix gives it: no
// field moves, and the padding takes it into the 320-byte size class,
// which starts every object on a line.
type DeviceCompactPadded struct {
	ops       *Ops    //cachelint:hot path=tx
	features  uint64  //cachelint:hot path=tx
	qdisc     uintptr //cachelint:hot path=tx
	mtu       uint32  //cachelint:hot path=tx
	txQueues  uint32  //cachelint:hot path=tx
	flags     uint32  //cachelint:hot path=tx
	headroom  uint16  //cachelint:hot path=tx
	ifalias   string
	stats     [8]uint64
	created   int64
	hwFeat    uint64
	wanted    uint64
	vlanFeat  uint64
	watchdog  int64
	priv      uintptr
	upper     *Device
	lower     *Device
	minMTU    uint32
	maxMTU    uint32
	ifindex   int32
	rxQueues  uint32
	group     int32
	operstate uint32
	tailroom  uint16
	name      [16]byte
	addr      [32]byte
	linkMode  uint8
	dormant   bool
	_         [36]byte
}
