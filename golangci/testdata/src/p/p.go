// Package p is netq's Ring and Device, and a type annotated only by a hot
// file, for the plugin with settings.
package p

import "sync/atomic"

// Ring's head and tail share a line: falseshare, which the settings leave
// out.
type Ring struct {
	head  atomic.Uint64 //cachelint:hot write path=produce
	mask  uint64        //cachelint:hot path=produce,consume
	tail  atomic.Uint64 //cachelint:hot write path=consume
	slots []uintptr     //cachelint:hot path=produce,consume
}

// Device's tx fields are spread over lines, even 128-byte ones.
type Device struct {
	name [16]byte
	//cachelint:hot path=tx
	xmit    func([]byte) error // want `Device: hot fields of path tx occupy 2 lines where 1 would do \(128-byte lines\): xmit, qdisc, mtu, features`
	ifalias string
	stats   [8]uint64
	qdisc   *Ring //cachelint:hot path=tx
	//cachelint:hot path=rx
	rx       func([]byte) // want `Device: hot fields of path rx occupy 2 lines where 1 would do \(128-byte lines\): rx, mtu, ifindex`
	addr     [32]byte
	mtu      uint32 //cachelint:hot path=tx,rx
	flags    uint32
	ifindex  int //cachelint:hot path=rx
	watchdog int64
	features uint64 //cachelint:hot path=tx
}

// Conn has no annotations; the hot file makes send and ack hot on path tx.
type Conn struct {
	send  uint64 // want `Conn: hot fields of path tx occupy 2 lines where 1 would do \(128-byte lines\): send, ack`
	pad   [200]byte
	ack   uint64
	state int
}

// Meter's written counter sits between read-mostly fields, each on a line
// of its own: with falseshare left out, nothing keeps sent off the line
// of the others, and one line would do.
type Meter struct {
	limit uint64 //cachelint:hot path=tx // want `Meter: hot fields of path tx occupy 3 lines where 1 would do \(128-byte lines\): limit, sent, burst`
	name  [120]byte
	sent  uint64 //cachelint:hot write path=tx
	label [120]byte
	burst uint64 //cachelint:hot path=tx
}
