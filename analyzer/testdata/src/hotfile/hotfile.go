package hotfile

// device carries no annotations: its hot fields come from device.hot.
type device struct {
	xmit     func([]byte) error // want `device: hot fields occupy 3 lines where 1 would do \(64-byte lines\): xmit, mtu, features; the fix reorders the fields and pads device from 136 to 152 bytes: the 160-byte size class starts every heap object at 0 or 32 bytes past a 64-byte line, each as good for the hot fields, for 16 more bytes per object`
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
