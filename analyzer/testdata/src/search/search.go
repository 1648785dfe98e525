// Package search holds structs whose fix is judged as a run after it
// would judge the struct: a pad the fix adds is a separator only where
// the source will show it is one. Where the first order fails its own
// checks (a pad it adds leaves a cold field on the written field's line
// at some base the allocator gives), the fix is the cheapest other order
// that passes, or none, saying what was tried.
package search

import (
	"fmt"
	"sync/atomic"
	"time"
)

type peer struct{ addr string }

// conn is a written atomic counter beside two read-mostly pointers and a
// cold field. The first order pads name and bytesSent from the reads, and
// at one base of four of the 80-byte size class the pad leaves name on
// bytesSent's line. The fix moves name behind the pad, which then keeps
// the reads from name and bytesSent at every base.
type conn struct {
	created   *time.Time    //cachelint:hot
	bytesSent atomic.Uint64 /* want `conn: bytesSent is written and shares line 0 with created \(read-mostly\), peer \(read-mostly\) \(64-byte lines\); the fix reorders the fields and pads conn from 40 to 72 bytes: the 80-byte size class starts heap objects at 0, 16, 32 or 48 bytes past a 64-byte line, for 32 more bytes per object` */ //cachelint:hot write
	peer      *peer         //cachelint:hot
	name      string
}

// meter counts on two paths and reads a limit on both. The first order's
// pad leaves id on reqs's line at one base; the fix is another.
type meter struct {
	label string
	reqs  atomic.Uint64 /* want `meter: reqs is written on path in and shares line 0 with limit \(read-mostly\), errs \(written on path out\) \(64-byte lines\); the fix reorders the fields and pads meter from 48 to 136 bytes: the 144-byte size class starts heap objects at 0, 16, 32 or 48 bytes past a 64-byte line, for 96 more bytes per object` */ //cachelint:hot write path=in
	limit uint64        //cachelint:hot path=in,out
	errs  atomic.Uint64 //cachelint:hot write path=out
	id    int
}

// pool writes a 4-byte counter beside two read-mostly pointers. The
// first order's pad is 24 bytes between spare and live: no separator in
// the source, which a run after the fix reads as a blank field.
type pool struct {
	newFn func() any   //cachelint:hot
	live  atomic.Int32 /* want `^pool: live is written and shares line 0 with newFn \(read-mostly\), cfg \(read-mostly\) \(64-byte lines\)$` */ //cachelint:hot write
	cfg   *peer        //cachelint:hot
	spare [3]int64
}

// guarded has a no-copy marker first and names declared together, which
// move as one.
type guarded struct {
	_            noCopy
	hits, misses atomic.Uint64 /* want `^guarded: hits and misses are written and share line 0 with a \(read-mostly\), b \(read-mostly\) \(64-byte lines\)$` */ //cachelint:hot write
	a, b         *int          //cachelint:hot
	x, y         string
}

type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// window writes a 16-byte pair. Its fix pads it with 8 bytes, too few
// to be a separator in the source a run after the fix reads: a blank
// field that puts last on the next line at every base.
type window struct {
	start *time.Time //cachelint:hot
	last  [2]uint64  /* want `^window: last is written and shares line 0 with start \(read-mostly\), size \(read-mostly\) \(64-byte lines\)$` */ //cachelint:hot write
	size  int        //cachelint:hot
	name  string
	tags  []string
}

// ticket writes sold beside 33 bytes of read-mostly fields, in the
// 48-byte size class. Every order that keeps sold apart at every base
// costs more than half as much again as the first, which would grow
// ticket for nothing: no fix, and the reason says what was tried.
type ticket struct {
	id    uint64 //cachelint:hot
	sold  uint64 /* want `ticket: sold is written and shares line 0 with id \(read-mostly\), open \(read-mostly\), seats \(read-mostly\) \(64-byte lines\); no fix: the fix would grow ticket from 48 to 72 bytes and remove none of the findings it is for \(.*\); nor would any of 18 other orders up to 120 bytes: its pads at other lengths, the struct in bigger size classes, each cold field moved, each written field alone on its line` */ //cachelint:hot write
	open  bool   //cachelint:hot
	vip   bool
	seats [3]int64 //cachelint:hot
}

func use() int {
	var c conn
	var m meter
	var p pool
	var w window
	var g guarded
	var k ticket
	c.bytesSent.Add(1)
	m.reqs.Add(1)
	m.errs.Add(1)
	p.live.Add(1)
	g.hits.Add(1)
	g.misses.Add(1)
	w.last[0]++
	k.sold++
	return len(c.name) + len(m.label) + int(m.limit) + m.id + len(p.spare) + len(w.name) + len(w.tags) + w.size + len(g.x+g.y) + int(k.id)+int(k.seats[0]) + len(fmt.Sprint(k.open, k.vip))
}

var _ = use
