package readmostly

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// devices is how many devices a walk visits: their tx fields fit the
// 1 MiB L2 cache when they take one line a device, and do not when they
// take five, as the hot fields of many flows' devices and sockets compete
// for a server's caches.
const devices = 1 << 13

// newDevices allocates n devices one by one, as a kernel or a service
// allocates them, so that each starts where the allocator puts it, and
// returns them in random order, so that no prefetcher guesses the next.
func newDevices[T any](n int) []*T {
	out := make([]*T, n)
	for i := range out {
		out[i] = new(T)
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// walk reads the tx fields of every device per op, as a transmit path does.
func walk[T any](b *testing.B, tx func(*T) uintptr) {
	devs := newDevices[T](devices)
	b.ResetTimer()
	var sum uintptr
	for i := 0; i < b.N; i++ {
		sum += tx(devs[i&(devices-1)])
	}
	sink = sum
}

var sink uintptr

func BenchmarkHotWalk(b *testing.B) {
	b.Run("layout=before", func(b *testing.B) {
		walk(b, func(d *Device) uintptr {
			return uintptr(unsafe.Pointer(d.ops)) + uintptr(d.mtu) + uintptr(d.txQueues) + uintptr(d.features) +
				uintptr(d.headroom) + uintptr(d.flags) + d.qdisc
		})
	})
	b.Run("layout=proposed", func(b *testing.B) {
		walk(b, func(d *DeviceProposed) uintptr {
			return uintptr(unsafe.Pointer(d.ops)) + uintptr(d.mtu) + uintptr(d.txQueues) + uintptr(d.features) +
				uintptr(d.headroom) + uintptr(d.flags) + d.qdisc
		})
	})
	b.Run("layout=compact", func(b *testing.B) {
		walk(b, func(d *DeviceCompact) uintptr {
			return uintptr(unsafe.Pointer(d.ops)) + uintptr(d.mtu) + uintptr(d.txQueues) + uintptr(d.features) +
				uintptr(d.headroom) + uintptr(d.flags) + d.qdisc
		})
	})
	b.Run("layout=compact-padded", func(b *testing.B) {
		walk(b, func(d *DeviceCompactPadded) uintptr {
			return uintptr(unsafe.Pointer(d.ops)) + uintptr(d.mtu) + uintptr(d.txQueues) + uintptr(d.features) +
				uintptr(d.headroom) + uintptr(d.flags) + d.qdisc
		})
	})
}
