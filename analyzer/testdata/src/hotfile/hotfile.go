package hotfile

// device carries no annotations: its hot fields come from device.hot.
type device struct {
	xmit     func([]byte) error // want `device: hot fields occupy 3 lines where 2 would do \(64-byte lines\): xmit, mtu, features`
	name     [56]byte
	mtu      uint32
	flags    uint32
	addr     [56]byte
	features uint64
}

// queue is named with a field it lacks.
type queue struct { // want `hotfile.hot:5: struct hotfile.queue has no field depth`
	head uint64
}

// cold is not in the file.
type cold struct {
	a, b uint64
}
