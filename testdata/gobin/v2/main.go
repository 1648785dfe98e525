// Command gobin, version 2, is the next build of ../main.go for cachelint
// diff: Counters.Name grew, pushing Shared and Flag to the next line, and
// Holes keeps its bools together.
//
// Rebuild from the repository root with (only the debug sections are kept):
//
//	go build -trimpath -o /tmp/gobin-v2 ./testdata/gobin/v2
//	objcopy --only-keep-debug /tmp/gobin-v2 testdata/gobin/v2/gobin.debug
package main

import (
	"os"
	"sync/atomic"
)

// Counters is a per-core statistics block; hits and misses are written on
// every request.
type Counters struct {
	Hits   uint64
	Misses uint64
	Name   [53]byte
	Shared atomic.Int64
	Flag   bool
	_      [7]byte
	Tail   *Counters
}

// Padded keeps two hot words on separate cache lines.
type Padded struct {
	A uint64
	_ [56]byte
	B uint64
	_ [56]byte
}

// Holes wastes space between its fields.
type Holes struct {
	A bool
	C bool
	E bool
	D int32
	B int64
	F []string
	G map[string]int
	H interface{ M() }
	I func(int) error
	J struct {
		X, Y int16
		Z    byte
	}
}

// ZeroTail ends in a zero-size field, so gc pads it.
type ZeroTail struct {
	N int32
	Z struct{}
}

type embedded struct {
	ID   uint32
	Kind uint16
}

// Outer embeds a struct.
type Outer struct {
	embedded
	Data [4][2]int16
	Next *Outer
}

var sink []any

func main() {
	c := &Counters{Hits: 1}
	c.Shared.Add(1)
	p := &Padded{A: 1, B: 2}
	h := &Holes{A: true, F: os.Args}
	z := &ZeroTail{N: 3}
	o := &Outer{embedded: embedded{ID: 7}}
	sink = append(sink, c, p, h, z, o)
	println(len(sink), c.Hits+p.B+uint64(z.N)+uint64(o.ID))
}
