// Package counters has counters updated with sync/atomic's 64-bit
// functions, which on 386, arm and mips need them 8-byte aligned: first
// in a struct, as sync/atomic's documentation asks, or where the layout
// puts them on an 8-byte boundary on those GOARCHes too.
package counters

import "sync/atomic"

// hits has n written on every hit and p and flag read. The order that
// separates them puts p and flag first and n behind a pad sized for
// amd64, 4 bytes off an 8-byte boundary on 386; with n kept first, the
// fix pads p and flag onto the next line.
type hits struct {
	n    uint64 //cachelint:hot write
	p    *int   //cachelint:hot
	flag uint32 //cachelint:hot
}

// Count adds k hits to a new counter and returns the total.
func Count(k int) uint64 {
	h := &hits{flag: 1}
	for range k {
		atomic.AddUint64(&h.n, 1)
	}
	return atomic.LoadUint64(&h.n) + uint64(h.flag)
}

// tally is updated with sync/atomic too; the fix moves valBits and valInt
// behind the fields read with them, where they stay 8-byte aligned on
// 386.
type tally struct {
	valBits uint64 //cachelint:hot write
	valInt  uint64 //cachelint:hot write

	desc   *int
	labels []string     //cachelint:hot
	ex     [2]any       //cachelint:hot
	now    func() int64 //cachelint:hot
}

// Tally adds 1 k times to a new tally's counts.
func Tally(k int) uint64 {
	t := &tally{now: func() int64 { return 0 }}
	for range k {
		atomic.AddUint64(&t.valBits, 1)
		atomic.AddUint64(&t.valInt, 2)
	}
	return atomic.LoadUint64(&t.valBits) + atomic.LoadUint64(&t.valInt) + uint64(len(t.labels)+len(t.ex)) + uint64(t.now())
}

// counter is client_golang's: its comment says valBits and valInt stay
// first, whatever the code that uses them.
type counter struct {
	// valBits contains the bits of the represented float64 value, while
	// valInt stores values that are exact integers. Both have to go first
	// in the struct to guarantee alignment for atomic operations.
	valBits uint64 //cachelint:hot write
	valInt  uint64 //cachelint:hot write

	desc   *int
	labels []string     //cachelint:hot
	ex     [2]any       //cachelint:hot
	now    func() int64 //cachelint:hot
}

// Set stores v in a new counter and reads it back.
func Set(v uint64) uint64 {
	c := &counter{now: func() int64 { return 1 }}
	c.valBits = v
	c.valInt = v
	return c.valBits + c.valInt + uint64(len(c.labels)+len(c.ex)) + uint64(c.now())
}
